// sw_rcm: regional congestion mitigation (docs/switch.md 2.11; the RCM paper, section 3): congestion
// degree (CRD, eq. 1) of egress and ingress classes, congestion flow recognition (CFR) CAMs,
// congestion notifications (CN, eq. 2) out and in, regional congestion control (RCC, eq. 3-6) by
// queue choice and DWRR shares, switch-level adaptive routing (SAR), registers (block 6) and
// counters (block 7). Decisions read start-of-cycle state; state changes at the edge (2.1).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_rcm #(
    parameter int NPORTS     = 16,   // switch ports
    parameter int NPRIO      = 8,    // priorities
    parameter int CELL_BYTES = 256,  // accounting cell
    parameter int CFR_DEPTH  = 16,   // CAM and remote-list entries: 8, 16 or 32
    parameter int SAR_TBL_LG = 10,   // log2 entries of the SAR flow table, 4..12
    parameter int NQ         = NPORTS*NPRIO,
    parameter int QID_W      = $clog2(NQ),
    parameter int PID_W      = $clog2(NPORTS)
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [47:0]                       cycle,

    // registers (block 6 written, blocks 6 and 7 read; 2.11.6)
    input  wire                              cfg_wr_en,
    input  wire                              cfg_rd_en,
    input  wire [sw_pkg::ADDR_W-1:0]         cfg_addr,
    input  wire [31:0]                       cfg_wr_data,
    output logic                             rd_sel,        // the last read addressed block 6 or 7
    output logic [31:0]                      rd_data,
    output logic                             rcc_on,
    output logic [2:0]                       rcc_class,
    output logic [2:0]                       rcc_queue,

    // the processed frame (2.2, 2.3): forwarding's choice e0 and its ECMP group
    input  wire                              pr_valid,
    input  wire                              route_ok,
    input  wire                              pr_is_ecmp,
    input  wire [4:0]                        pr_grp_size,
    input  wire [16*PID_W-1:0]               pr_grp_members,
    input  wire [PID_W-1:0]                  e0,
    input  wire [PID_W-1:0]                  pr_port,
    input  wire [2:0]                        pr_c,
    input  wire [sw_pkg::LEN_W-1:0]          pr_len,
    input  wire [sw_pkg::CNT_W-1:0]          pr_cells,
    input  wire [sw_pkg::HASH_W-1:0]         pr_hash,
    input  wire [sw_pkg::CNT_W-1:0]          pr_uh,         // u + h of (p, c) at the start of the cycle
    output logic [PID_W-1:0]                 eg_port,       // 2.11.5
    output logic [2:0]                       eg_q,          // the queue it joins (2.11.4)
    output logic [3:0]                       bucket,
    input  wire [sw_pkg::QB_W-1:0]           adm_qbytes,    // q(e, eg_q) at the start of the cycle
    input  wire                              admit,

    // the dequeued frame (2.8)
    input  wire                              deq_valid,
    input  wire [PID_W-1:0]                  deq_port,
    input  wire [2:0]                        deq_c,         // its queue's class
    input  wire [sw_pkg::LEN_W-1:0]          deq_len,
    input  wire [2:0]                        deq_in_c,      // its ingress class
    input  wire [3:0]                        deq_bucket,
    input  wire [31:0]                       deq_qc,        // QUANTUM_CYCLES of deq_port (2.11.4)
    output logic                             quantum_over,  // use `quantum` for (deq_port, deq_c)
    output logic [31:0]                      quantum,
    // the RCC window (2.11.4): RCC_QUEUE of port e may not send in this cycle (gate) or, for the
    // stepping prediction read after the edge, in the next one (gate_next); the earliest cycle a
    // closed gate opens (all ones if none); some port's gate may open with time alone (any_spent)
    output logic [NPORTS-1:0]                rcc_gate,
    output logic [NPORTS-1:0]                rcc_gate_next,
    output logic [47:0]                      rcc_deadline,
    output logic                             rcc_any_spent,

    // CNs (2.11.3, 2.11.7)
    input  wire                              cn_in_valid,
    input  wire [PID_W-1:0]                  cn_in_port,
    input  wire [2:0]                        cn_in_class,
    input  wire [5:0]                        cn_in_fb,
    input  wire [5:0]                        cn_in_count,
    input  wire [CFR_DEPTH*16-1:0]           cn_in_ids,
    output logic                             cn_out_valid,
    output logic [PID_W-1:0]                 cn_out_port,
    output logic [2:0]                       cn_out_class,
    output logic [5:0]                       cn_out_fb,
    output logic [CFR_DEPTH-1:0]             cn_out_id_valid,
    output logic [CFR_DEPTH*16-1:0]          cn_out_ids,
    output logic                             crd_valid,
    output logic [PID_W-1:0]                 crd_port,
    output logic [2:0]                       crd_prio,
    output logic [5:0]                       crd_fb
);
    localparam int CW      = sw_pkg::CNT_W;
    localparam int CAM_E   = 1 + 16 + PID_W;              // {valid, hash, ingress port}
    localparam int PTR_W   = $clog2(CFR_DEPTH);
    localparam int NSAR    = 1 << SAR_TBL_LG;
    localparam int SAR_E   = 1 + PID_W + 48;              // {valid, port, last}
    localparam int CELL_LG = $clog2(CELL_BYTES);
    // block 7 (2.11.6): counter k of port p is ctr[p*CTR_N + k], read at index {p, k, hi}
    localparam int CTR_N   = 1 << sw_pkg::RCMCNT_K_W;
    localparam int CTR_K   = sw_pkg::CNT_HI_W;             // lowest bit of k in the index
    localparam int CTR_P   = CTR_K + sw_pkg::RCMCNT_K_W;   // lowest bit of p
    localparam int K_CN_SENT        = 32'(sw_pkg::RCMCNT_CN_SENT);
    localparam int K_CN_RECEIVED    = 32'(sw_pkg::RCMCNT_CN_RECEIVED);
    localparam int K_CFR_SAMPLES    = 32'(sw_pkg::RCMCNT_CFR_SAMPLES);
    localparam int K_RCC_HELD_BYTES = 32'(sw_pkg::RCMCNT_RCC_HELD_BYTES);
    localparam int K_SAR_REROUTES   = 32'(sw_pkg::RCMCNT_SAR_REROUTES);
    localparam int K_REORDERED      = 32'(sw_pkg::RCMCNT_REORDERED);

    initial begin
        if (CFR_DEPTH != 8 && CFR_DEPTH != 16 && CFR_DEPTH != 32)
            $error("sw_rcm: CFR_DEPTH = %0d must be 8, 16 or 32", CFR_DEPTH);
        if (SAR_TBL_LG < 4 || SAR_TBL_LG > 12) $error("sw_rcm: SAR_TBL_LG = %0d must be 4..12", SAR_TBL_LG);
    end
    if (CFR_DEPTH != 8 && CFR_DEPTH != 16 && CFR_DEPTH != 32) begin : g_bad_cfr_depth
        $error("sw_rcm: CFR_DEPTH = %0d must be 8, 16 or 32", CFR_DEPTH);
    end
    if (SAR_TBL_LG < 4 || SAR_TBL_LG > 12) begin : g_bad_sar_tbl_lg
        $error("sw_rcm: SAR_TBL_LG = %0d must be 4..12", SAR_TBL_LG);
    end

    // ---------------------------------------------------------------- registers (block 6)
    logic [3:0]  ctrl_q;            // {sar_en, rcc_en, cn_en, crd_en}
    logic [31:0] qeq_q, qeq_ing_q, sample_q, hold_q, cn_int_q, cfr_sample_q, win_q, min_q, gap_q;
    logic [3:0]  wq_q;
    logic [4:0]  fb_shift_q;
    logic [2:0]  cn_w_q;
    logic [2:0]  rcc_class_q, rcc_queue_q;
    logic [5:0]  sar_level_q;
    logic [63:0] cn_mask_q;
    logic        crd_en, cn_en, sar_en;

    assign crd_en    = ctrl_q[0];
    assign cn_en     = ctrl_q[1];
    assign rcc_on    = ctrl_q[0] && ctrl_q[2];
    assign sar_en    = ctrl_q[3];
    assign rcc_class = rcc_class_q;
    assign rcc_queue = rcc_queue_q;

    logic                         blk6, blk7;
    logic [sw_pkg::RCM_IDX_W-1:0] widx;
    logic                         widx_ok;   // index bits above widx are 0
    assign blk6    = cfg_addr[sw_pkg::IDX_W +: 4] == sw_pkg::BLK_RCM;
    assign blk7    = cfg_addr[sw_pkg::IDX_W +: 4] == sw_pkg::BLK_RCM_CNT;
    assign widx    = cfg_addr[sw_pkg::RCM_IDX_W-1:0];
    assign widx_ok = cfg_addr[sw_pkg::IDX_W-1:sw_pkg::RCM_IDX_W] == '0;

    always_ff @(posedge clk) begin
        if (rst) begin
            ctrl_q <= '0;
        end else if (cfg_wr_en && blk6 && widx_ok) begin
            case (widx)
                sw_pkg::RCM_CTRL:               ctrl_q       <= cfg_wr_data[3:0];
                sw_pkg::RCM_CRD_QEQ_BYTES:      qeq_q        <= cfg_wr_data;
                sw_pkg::RCM_CRD_QEQ_ING_BYTES:  qeq_ing_q    <= cfg_wr_data;
                sw_pkg::RCM_CRD_WQ_LOG2:        wq_q         <= cfg_wr_data[3:0];
                sw_pkg::RCM_CRD_SAMPLE_BYTES:   sample_q     <= cfg_wr_data;
                sw_pkg::RCM_CRD_FB_SHIFT:       fb_shift_q   <= cfg_wr_data[4:0];
                sw_pkg::RCM_FLAG_HOLD_CYCLES:   hold_q       <= cfg_wr_data;
                sw_pkg::RCM_CN_INTERVAL_CYCLES: cn_int_q     <= cfg_wr_data;
                sw_pkg::RCM_CN_W_SHIFT:         cn_w_q       <= cfg_wr_data[2:0];
                sw_pkg::RCM_CFR_SAMPLE_BYTES:   cfr_sample_q <= cfg_wr_data;
                sw_pkg::RCM_RCC_CLASS_QUEUE:    begin
                    rcc_class_q <= cfg_wr_data[2:0];
                    rcc_queue_q <= cfg_wr_data[6:4];
                end
                sw_pkg::RCM_RCC_WINDOW_BYTES:   win_q        <= cfg_wr_data;
                sw_pkg::RCM_RCC_MIN_BYTES:      min_q        <= cfg_wr_data;
                sw_pkg::RCM_SAR_LEVEL:          sar_level_q  <= cfg_wr_data[5:0];
                sw_pkg::RCM_SAR_GAP_CYCLES:     gap_q        <= cfg_wr_data;
                sw_pkg::RCM_CN_PORT_MASK_LO:    cn_mask_q[31:0]  <= cfg_wr_data;
                sw_pkg::RCM_CN_PORT_MASK_HI:    cn_mask_q[63:32] <= cfg_wr_data;
                default: ;
            endcase
        end
    end

    // ---------------------------------------------------------------- state
    // Egress CRD per (e, c) and ingress CRD per (p, c) (2.11.1): {acc, qlast, fb, until}; the
    // ingress class also holds cn_next (2.11.3). An entry reads 0 until written after reset.
    logic [31:0] eg_acc [NQ];
    logic [31:0] eg_qlast [NQ];
    logic [5:0]  eg_fb [NQ];
    logic [47:0] eg_until [NQ];
    logic [NQ-1:0] eg_v;
    logic [31:0] in_acc [NQ];
    logic [31:0] in_qlast [NQ];
    logic [47:0] in_cn_next [NQ];
    logic [NQ-1:0] in_v;
    // CFR CAM per (e, c) (2.11.2) and the remote state per (e, c) (2.11.3)
    logic [CFR_DEPTH*CAM_E-1:0] cam [NQ];
    logic [PTR_W-1:0]  cam_ptr [NQ];
    logic [31:0]       cam_acc [NQ];
    logic [NQ-1:0]     cam_v;
    logic [47:0]       rem_until [NQ];
    logic [5:0]        rem_fb [NQ];
    logic [5:0]        rem_cnt [NQ];
    logic [CFR_DEPTH*16-1:0] rem_ids [NQ];
    logic [NQ-1:0]     rem_v;
    // RCC per port (2.11.4): Wc, the bytes of class RCC_CLASS in its two queues, the order buckets
    logic [31:0]       wc [NPORTS];
    logic [31:0]       cls_bytes [NPORTS];
    logic [NPORTS-1:0] rcc_v;
    logic [47:0]       win_end [NPORTS];       // the RCC window's end and what RCC_QUEUE sent in it
    logic [31:0]       wc_sent [NPORTS];
    logic [NPORTS-1:0] win_v;
    logic [CW-1:0]     bkt_cnt [NPORTS*16];   // per (port, bucket); bkt_v = written since reset
    logic [NPORTS*16-1:0] bkt_sd;             // the bucket's frames are in RCC_QUEUE
    logic [NPORTS*16-1:0] bkt_v;
    // SAR flow table (2.11.5)
    logic [SAR_E-1:0]  sar_tbl [NSAR];
    logic [NSAR-1:0]   sar_v;
    // counters (block 7): per port k = 0..5
    logic [63:0]       ctr [NPORTS*CTR_N];

    // ---------------------------------------------------------------- helpers
    function automatic logic signed [63:0] crd_fb_raw(input logic [31:0] q, input logic [31:0] qeq,
                                                      input logic [31:0] qlast);
        logic signed [63:0] off, delta;
        logic signed [3:0]  k;
        off   = $signed(64'(q)) - $signed(64'(qeq));
        delta = $signed(64'(q)) - $signed(64'(qlast));
        k     = $signed(wq_q);
        if (k >= 0) begin
            crd_fb_raw = off + (delta <<< k[2:0]);
        end else begin
            crd_fb_raw = off + (delta >>> 3'(-k));
        end
    endfunction

    function automatic logic [5:0] quantise(input logic signed [63:0] fb);
        logic signed [63:0] s;
        if (fb <= 0) begin
            quantise = '0;
        end else begin
            s = fb >>> fb_shift_q;
            if (s < 1) quantise = 6'd1;
            else if (s > 63) quantise = 6'd63;
            else quantise = s[5:0];
        end
    endfunction

    function automatic logic [5:0] combine(input logic [5:0] fb, input logic [5:0] fbr);
        combine = fb - (fb >> cn_w_q) + (fbr >> cn_w_q);
    endfunction

    // a class's flags and degrees as read at the start of the cycle
    function automatic logic loc_active(input logic [QID_W-1:0] i);
        loc_active = eg_v[i] && cycle < eg_until[i];
    endfunction
    function automatic logic rem_active(input logic [QID_W-1:0] i);
        rem_active = rem_v[i] && cycle < rem_until[i];
    endfunction
    function automatic logic [5:0] degree(input logic [QID_W-1:0] i);
        logic l, r;
        logic [5:0] fb, fbr;
        l   = loc_active(i);
        r   = rem_active(i);
        fb  = eg_v[i] ? eg_fb[i] : '0;
        fbr = rem_v[i] ? rem_fb[i] : '0;
        if (l && r) degree = combine(fb, fbr);
        else if (l) degree = fb;
        else if (r) degree = fbr;
        else degree = '0;
    endfunction
    // 2.11.3: a congestion flow of class i
    function automatic logic congestion(input logic [QID_W-1:0] i, input logic [15:0] h);
        logic hit;
        hit = 1'b0;
        if (loc_active(i) && cam_v[i]) begin
            for (int k = 0; k < CFR_DEPTH; k++) begin
                hit = hit || (cam[i][k*CAM_E + 16 + PID_W] && cam[i][k*CAM_E + PID_W +: 16] == h);
            end
        end
        if (rem_active(i)) begin
            for (int k = 0; k < CFR_DEPTH; k++) begin
                hit = hit || (6'(k) < rem_cnt[i] && rem_ids[i][k*16 +: 16] == h);
            end
        end
        congestion = hit;
    endfunction
    function automatic logic [CW-1:0] bkt_count(input logic [PID_W-1:0] e, input logic [3:0] b);
        bkt_count = bkt_v[32'(e) * 16 + 32'(b)] ? bkt_cnt[32'(e) * 16 + 32'(b)] : '0;
    endfunction
    function automatic logic [31:0] wc_of(input logic [PID_W-1:0] e);
        wc_of = rcc_v[e] ? wc[e] : '0;
    endfunction
    function automatic logic rcc_act(input logic [PID_W-1:0] e);
        logic [QID_W-1:0] i;
        i = QID_W'(32'(e) * NPRIO + 32'(rcc_class_q));
        rcc_act = loc_active(i) || rem_active(i);
    endfunction

    // ---------------------------------------------------------------- decisions (start-of-cycle state)
    logic             rcm_frame;    // a routed frame with RCM on
    logic [QID_W-1:0] eg_i;         // (e, c)
    logic [QID_W-1:0] in_i;         // (p, c)
    logic             sar, reroute, reorder;
    logic             cong;
    logic             rcc_cls;

    // 2.11.5 and 2.11.4: the egress port and the queue (no input from the queue memories: they are
    // read at the result)
    always_comb begin
        logic [SAR_TBL_LG-1:0] ti;
        logic [SAR_E-1:0]      te;
        logic                  tv, member;
        logic [PID_W-1:0]      tport, m;
        logic [QID_W-1:0]      i0;
        logic [5:0]            best, d;
        logic                  to_rcc;
        member    = 1'b0;
        i0        = '0;
        best      = 6'h3F;
        d         = '0;
        m         = '0;
        to_rcc    = 1'b0;
        rcm_frame = pr_valid && route_ok && crd_en;
        sar       = 1'b0;
        reroute   = 1'b0;
        reorder   = 1'b0;
        eg_port   = e0;
        ti        = pr_hash[SAR_TBL_LG-1:0];
        te        = sar_tbl[ti];
        tv        = sar_v[ti] && te[SAR_E-1];
        tport     = te[48 +: PID_W];
        if (rcm_frame && sar_en && pr_is_ecmp) begin
            sar    = 1'b1;
            member = 1'b0;
            for (int k = 0; k < 16; k++) begin
                member = member || (5'(k) < pr_grp_size && pr_grp_members[k*PID_W +: PID_W] == tport);
            end
            if (tv && member && (cycle - te[47:0]) < 48'(gap_q)) begin
                eg_port = tport;
            end else begin
                i0 = QID_W'(32'(e0) * NPRIO + 32'(pr_c));
                if (degree(i0) >= sar_level_q && !congestion(i0, pr_hash)) begin
                    best = 6'h3F;
                    for (int k = 15; k >= 0; k--) begin  // the first member with the least degree
                        if (5'(k) < pr_grp_size) begin
                            m = pr_grp_members[k*PID_W +: PID_W];
                            d = degree(QID_W'(32'(m) * NPRIO + 32'(pr_c)));
                            if (d <= best) begin
                                best    = d;
                                eg_port = m;
                            end
                        end
                    end
                end
                reroute = eg_port != e0;
                reorder = tv && tport != eg_port && rcc_on && pr_c == rcc_class_q &&
                          bkt_count(tport, pr_hash[3:0]) != '0;
            end
        end
        eg_i    = QID_W'(32'(eg_port) * NPRIO + 32'(pr_c));
        in_i    = QID_W'(32'(pr_port) * NPRIO + 32'(pr_c));
        bucket  = pr_hash[3:0];
        cong    = 1'b0;
        if (rcm_frame) begin  // a branch, not a mask: the CAM search runs only for a frame
            cong = congestion(eg_i, pr_hash);
        end
        rcc_cls = rcm_frame && rcc_on && pr_c == rcc_class_q;
        eg_q    = pr_c;
        if (rcc_cls) begin
            if (bkt_count(eg_port, bucket) != '0) begin
                to_rcc = bkt_sd[32'(eg_port) * 16 + 32'(bucket)];
            end else begin
                to_rcc = rcc_act(eg_port) && cong;
            end
            if (to_rcc) eg_q = rcc_queue_q;
        end
    end

    // 2.11.1-2.11.3: samples, CAM write, CN (the queue length is read at the result above)
    logic               eg_sample, in_sample, cam_write, cn_fire;
    logic [31:0]        eg_q_len, in_q_len;
    logic signed [63:0] eg_raw, in_raw;
    logic [5:0]         eg_fbq, in_fbq;

    always_comb begin
        logic [31:0] acc, qlast;
        acc       = '0;
        qlast     = '0;
        eg_sample = 1'b0;
        in_sample = 1'b0;
        cam_write = 1'b0;
        eg_q_len  = '0;
        in_q_len  = '0;
        eg_raw    = '0;
        in_raw    = '0;
        if (rcm_frame && sample_q != '0) begin
            acc       = eg_v[eg_i] ? eg_acc[eg_i] : '0;
            qlast     = eg_v[eg_i] ? eg_qlast[eg_i] : '0;
            eg_sample = acc + 32'(pr_len) >= sample_q;
            eg_q_len  = (rcc_cls ? (rcc_v[eg_port] ? cls_bytes[eg_port] : '0) : adm_qbytes) + 32'(pr_len);
            eg_raw    = crd_fb_raw(eg_q_len, qeq_q, qlast);
            acc       = in_v[in_i] ? in_acc[in_i] : '0;
            qlast     = in_v[in_i] ? in_qlast[in_i] : '0;
            in_sample = acc + 32'(pr_len) >= sample_q;
            in_q_len  = (32'(pr_uh) + 32'(pr_cells)) << CELL_LG;
            in_raw    = crd_fb_raw(in_q_len, qeq_ing_q, qlast);
        end
        if (rcm_frame && cfr_sample_q != '0) begin
            cam_write = (cam_v[eg_i] ? cam_acc[eg_i] : '0) + 32'(pr_len) >= cfr_sample_q;
        end
        eg_fbq  = quantise(eg_raw);
        in_fbq  = quantise(in_raw);
        cn_fire = in_sample && in_raw > 0 && cn_en && cn_mask_q[6'(pr_port)] &&
                  cycle >= (in_v[in_i] ? in_cn_next[in_i] : 48'd0);
    end

    // the CN of this cycle (2.11.3)
    always_comb begin
        cn_out_valid    = admit && cn_fire;
        cn_out_port     = pr_port;
        cn_out_class    = pr_c;
        cn_out_fb       = in_fbq;
        cn_out_id_valid = '0;
        cn_out_ids      = '0;
        if (cn_out_valid) begin  // the ID lists are gathered only for a CN sent
            if (rem_active(eg_i)) begin
                cn_out_fb = combine(in_fbq, rem_fb[eg_i]);
                cn_out_ids = rem_ids[eg_i];
                for (int k = 0; k < CFR_DEPTH; k++) begin
                    cn_out_id_valid[k] = 6'(k) < rem_cnt[eg_i];
                end
            end else if (cam_v[eg_i]) begin
                for (int k = 0; k < CFR_DEPTH; k++) begin
                    cn_out_ids[k*16 +: 16] = cam[eg_i][k*CAM_E + PID_W +: 16];
                    cn_out_id_valid[k]     = cam[eg_i][k*CAM_E + 16 + PID_W] &&
                                             cam[eg_i][k*CAM_E +: PID_W] == pr_port;
                end
            end
        end
        crd_valid = admit && eg_sample;
        crd_port  = eg_port;
        crd_prio  = pr_c;
        crd_fb    = eg_fbq;
    end

    // 2.11.4: the RCC window's gate of each port: RCC is active and Wc of the running window is spent;
    // it opens when the window ends or RCC stops being active (both flags of (e, RCC_CLASS) expire)
    function automatic logic [47:0] act_end(input logic [PID_W-1:0] e);
        logic [QID_W-1:0] i;
        logic [47:0] a, b;
        i = QID_W'(32'(e) * NPRIO + 32'(rcc_class_q));
        a = eg_v[i] ? eg_until[i] : '0;
        b = rem_v[i] ? rem_until[i] : '0;
        act_end = (a > b) ? a : b;
    endfunction
    always_comb begin
        logic [47:0] open_at;
        open_at       = '0;
        rcc_gate      = '0;
        rcc_gate_next = '0;
        rcc_deadline  = '1;
        rcc_any_spent = 1'b0;
        if (rcc_on) begin
            for (int e = 0; e < NPORTS; e++) begin
                if (win_v[e] && wc_sent[e] >= wc_of(PID_W'(e))) begin
                    rcc_any_spent = 1'b1;
                    open_at = (win_end[e] < act_end(PID_W'(e))) ? win_end[e] : act_end(PID_W'(e));
                    if (cycle < open_at) begin
                        rcc_gate[e] = 1'b1;
                        if (open_at < rcc_deadline) rcc_deadline = open_at;
                    end
                    rcc_gate_next[e] = cycle + 48'd1 < open_at;
                end
            end
        end
    end

    // 2.11.4: the DWRR quantum of the served queue while RCC is active at its port
    always_comb begin
        quantum_over = 1'b0;
        quantum      = '0;
        if (rcc_on && rcc_act(deq_port) && (deq_c == rcc_class_q || deq_c == rcc_queue_q)) begin
            quantum_over = 1'b1;
            quantum      = (deq_c == rcc_queue_q) ? wc_of(deq_port) : win_q - wc_of(deq_port);
        end
    end

    // ---------------------------------------------------------------- edge
    // 2.11.4, eq. 4-5: Wc <- Wc (1 - f / 128) within [min, W - min], from W when RCC was not active
    function automatic logic [31:0] cut(input logic [31:0] w, input logic [5:0] f);
        logic [63:0] x, lo, hi;
        x  = 64'(w) - ((64'(w) * 64'(f)) >> 7);
        lo = 64'(min_q);
        hi = 64'(win_q) - 64'(min_q);
        if (x < lo) x = lo;
        if (x > hi) x = hi;
        cut = x[31:0];
    endfunction

    logic [PID_W-1:0] cn_e;
    logic [QID_W-1:0] cn_i;
    assign cn_e = cn_in_port;
    assign cn_i = QID_W'(32'(cn_in_port) * NPRIO + 32'(cn_in_class));

    logic             adm_rcc, deq_rcc, cn_rcc, adm_ev;
    assign adm_rcc = admit && rcc_cls;
    assign deq_rcc = deq_valid && rcc_on && deq_in_c == rcc_class_q;
    assign adm_ev  = adm_rcc && eg_sample && eg_raw > 0;
    assign cn_rcc  = cn_in_valid && rcc_on && cn_in_class == rcc_class_q;

    // the new Wc and class bytes of port x after this cycle's events (2.11.4)
    function automatic logic [31:0] rcc_new_wc(input logic [PID_W-1:0] x);
        logic [31:0] w;
        logic        a, c;
        w = wc_of(x);
        a = adm_ev && eg_port == x;
        c = cn_rcc && cn_e == x;
        if (a) w = cut(rcc_act(x) ? w : win_q, eg_fbq);
        if (c) w = cut((rcc_act(x) || a) ? w : win_q, cn_in_fb);
        rcc_new_wc = w;
    endfunction
    function automatic logic [31:0] rcc_new_cls(input logic [PID_W-1:0] x);
        rcc_new_cls = (rcc_v[x] ? cls_bytes[x] : '0) + ((adm_rcc && eg_port == x) ? 32'(pr_len) : '0) -
                      ((deq_rcc && deq_port == x) ? 32'(deq_len) : '0);
    endfunction


    always_ff @(posedge clk) begin
        logic [CW-1:0] cnt;
        logic [PTR_W-1:0] ptr;
        if (rst) begin
            eg_v  <= '0;
            in_v  <= '0;
            cam_v <= '0;
            rem_v <= '0;
            rcc_v <= '0;
            win_v <= '0;
            bkt_v <= '0;
            sar_v <= '0;
        end else begin
            // the admitted frame (2.11.1-2.11.5)
            if (admit && rcm_frame) begin
                if (eg_sample) begin
                    eg_acc[eg_i]   <= '0;
                    eg_qlast[eg_i] <= eg_q_len;
                    eg_fb[eg_i]    <= eg_fbq;
                    if (eg_raw > 0) begin
                        eg_until[eg_i] <= cycle + 48'd1 + 48'(hold_q);
                    end else if (!eg_v[eg_i]) begin
                        eg_until[eg_i] <= '0;
                    end
                    eg_v[eg_i] <= 1'b1;
                end else if (sample_q != '0) begin
                    eg_acc[eg_i]   <= (eg_v[eg_i] ? eg_acc[eg_i] : '0) + 32'(pr_len);
                    if (!eg_v[eg_i]) begin
                        eg_qlast[eg_i] <= '0;
                        eg_fb[eg_i]    <= '0;
                        eg_until[eg_i] <= '0;
                    end
                    eg_v[eg_i] <= 1'b1;
                end
                if (in_sample) begin
                    in_acc[in_i]   <= '0;
                    in_qlast[in_i] <= in_q_len;
                    in_cn_next[in_i] <= cn_fire ? cycle + 48'(cn_int_q) : (in_v[in_i] ? in_cn_next[in_i] : '0);
                    in_v[in_i] <= 1'b1;
                end else if (sample_q != '0) begin
                    in_acc[in_i] <= (in_v[in_i] ? in_acc[in_i] : '0) + 32'(pr_len);
                    if (!in_v[in_i]) begin
                        in_qlast[in_i]   <= '0;
                        in_cn_next[in_i] <= '0;
                    end
                    in_v[in_i] <= 1'b1;
                end
                if (cam_write) begin
                    ptr = cam_v[eg_i] ? cam_ptr[eg_i] : '0;
                    if (cam_v[eg_i]) begin
                        cam[eg_i][32'(ptr) * CAM_E +: CAM_E] <= {1'b1, pr_hash, pr_port};
                    end else begin  // the first write after reset: the other entries invalid
                        cam[eg_i] <= (CFR_DEPTH*CAM_E)'({1'b1, pr_hash, pr_port});
                    end
                    cam_ptr[eg_i] <= ptr + 1'b1;
                    cam_acc[eg_i] <= '0;
                    cam_v[eg_i]   <= 1'b1;
                end else if (cfr_sample_q != '0) begin
                    if (!cam_v[eg_i]) begin
                        cam[eg_i]     <= '0;
                        cam_ptr[eg_i] <= '0;
                    end
                    cam_acc[eg_i] <= (cam_v[eg_i] ? cam_acc[eg_i] : '0) + 32'(pr_len);
                    cam_v[eg_i]   <= 1'b1;
                end
                if (sar) begin
                    sar_tbl[pr_hash[SAR_TBL_LG-1:0]] <= {1'b1, eg_port, cycle};
                    sar_v[pr_hash[SAR_TBL_LG-1:0]]   <= 1'b1;
                end
            end
            // RCC per port (2.11.4): Wc (the admission's event, then the CN's) and the class bytes of
            // the ports touched (the admission's, the dequeue's, the CN's; the same values when two
            // are one port)
            if (adm_rcc) begin
                wc[eg_port]        <= rcc_new_wc(eg_port);
                cls_bytes[eg_port] <= rcc_new_cls(eg_port);
                rcc_v[eg_port]     <= 1'b1;
            end
            if (deq_rcc) begin
                wc[deq_port]        <= rcc_new_wc(deq_port);
                cls_bytes[deq_port] <= rcc_new_cls(deq_port);
                rcc_v[deq_port]     <= 1'b1;
            end
            // the window: a frame from RCC_QUEUE opens one of W bytes of line time (W x QUANTUM_CYCLES
            // / 64 cycles) when none runs, else counts in it
            if (deq_valid && rcc_on && deq_c == rcc_queue_q) begin
                win_v[deq_port] <= 1'b1;
                if (!win_v[deq_port] || cycle >= win_end[deq_port]) begin
                    win_end[deq_port] <= cycle + 48'((64'(win_q) * 64'(deq_qc)) >> 6);
                    wc_sent[deq_port] <= 32'(deq_len);
                end else begin
                    wc_sent[deq_port] <= wc_sent[deq_port] + 32'(deq_len);
                end
            end
            if (cn_rcc) begin
                wc[cn_e]        <= rcc_new_wc(cn_e);
                cls_bytes[cn_e] <= rcc_new_cls(cn_e);
                rcc_v[cn_e]     <= 1'b1;
            end
            // order buckets: the admission's and the dequeue's (the same bucket: unchanged)
            if (adm_rcc) begin
                cnt = bkt_count(eg_port, bucket) + 1'b1;
                if (deq_rcc && deq_port == eg_port && deq_bucket == bucket) cnt = cnt - 1'b1;
                bkt_cnt[32'(eg_port) * 16 + 32'(bucket)] <= cnt;
                bkt_sd[32'(eg_port) * 16 + 32'(bucket)]  <= eg_q == rcc_queue_q;
                bkt_v[32'(eg_port) * 16 + 32'(bucket)]   <= 1'b1;
            end
            if (deq_rcc && !(adm_rcc && deq_port == eg_port && deq_bucket == bucket)) begin
                bkt_cnt[32'(deq_port) * 16 + 32'(deq_bucket)] <= bkt_count(deq_port, deq_bucket) - 1'b1;
                bkt_v[32'(deq_port) * 16 + 32'(deq_bucket)]   <= 1'b1;
            end
            // a CN received (2.11.3)
            if (cn_in_valid && crd_en && 32'(cn_in_class) < NPRIO) begin
                rem_until[cn_i] <= cycle + 48'd1 + 48'(hold_q);
                rem_fb[cn_i]    <= cn_in_fb;
                rem_cnt[cn_i]   <= (32'(cn_in_count) > CFR_DEPTH) ? 6'(CFR_DEPTH) : cn_in_count;
                rem_ids[cn_i]   <= cn_in_ids;
                rem_v[cn_i]     <= 1'b1;
            end
        end
    end

    // counters (block 7, 2.11.6): CN sent, CN received, CFR samples, rcc_held_bytes, SAR reroutes,
    // reordered frames; one write per port per edge
    logic [NPORTS*CTR_N-1:0] ctr_v;
    always_ff @(posedge clk) begin
        if (rst) begin
            ctr_v <= '0;
        end else begin
            if (cn_out_valid) begin
                ctr[32'(pr_port) * CTR_N + K_CN_SENT] <= (ctr_v[32'(pr_port) * CTR_N + K_CN_SENT] ?
                    ctr[32'(pr_port) * CTR_N + K_CN_SENT] : '0) + 64'd1;
                ctr_v[32'(pr_port) * CTR_N + K_CN_SENT] <= 1'b1;
            end
            if (cn_in_valid) begin
                ctr[32'(cn_e) * CTR_N + K_CN_RECEIVED] <= (ctr_v[32'(cn_e) * CTR_N + K_CN_RECEIVED] ?
                    ctr[32'(cn_e) * CTR_N + K_CN_RECEIVED] : '0) + 64'd1;
                ctr_v[32'(cn_e) * CTR_N + K_CN_RECEIVED] <= 1'b1;
            end
            if (admit && cam_write) begin
                ctr[32'(eg_port) * CTR_N + K_CFR_SAMPLES] <= (ctr_v[32'(eg_port) * CTR_N + K_CFR_SAMPLES] ?
                    ctr[32'(eg_port) * CTR_N + K_CFR_SAMPLES] : '0) + 64'd1;
                ctr_v[32'(eg_port) * CTR_N + K_CFR_SAMPLES] <= 1'b1;
            end
            if (admit && rcc_cls && eg_q == rcc_queue_q) begin
                ctr[32'(eg_port) * CTR_N + K_RCC_HELD_BYTES] <= (ctr_v[32'(eg_port) * CTR_N + K_RCC_HELD_BYTES] ?
                    ctr[32'(eg_port) * CTR_N + K_RCC_HELD_BYTES] : '0) + 64'(pr_len);
                ctr_v[32'(eg_port) * CTR_N + K_RCC_HELD_BYTES] <= 1'b1;
            end
            if (admit && sar && reroute) begin
                ctr[32'(eg_port) * CTR_N + K_SAR_REROUTES] <= (ctr_v[32'(eg_port) * CTR_N + K_SAR_REROUTES] ?
                    ctr[32'(eg_port) * CTR_N + K_SAR_REROUTES] : '0) + 64'd1;
                ctr_v[32'(eg_port) * CTR_N + K_SAR_REROUTES] <= 1'b1;
            end
            if (admit && sar && reorder) begin
                ctr[32'(eg_port) * CTR_N + K_REORDERED] <= (ctr_v[32'(eg_port) * CTR_N + K_REORDERED] ?
                    ctr[32'(eg_port) * CTR_N + K_REORDERED] : '0) + 64'd1;
                ctr_v[32'(eg_port) * CTR_N + K_REORDERED] <= 1'b1;
            end
        end
    end

    // register reads of blocks 6 and 7, latched at the edge of cfg_rd_en (2.11.6)
    always_ff @(posedge clk) begin
        logic [31:0] v;
        logic [15:0] i;
        if (cfg_rd_en) begin
            rd_sel <= blk6 || blk7;
            i = cfg_addr[sw_pkg::IDX_W-1:0];
            v = '0;
            if (blk6) begin
                case (i[sw_pkg::RCM_IDX_W-1:0])
                    sw_pkg::RCM_CTRL:               v = 32'(ctrl_q);
                    sw_pkg::RCM_CRD_QEQ_BYTES:      v = qeq_q;
                    sw_pkg::RCM_CRD_QEQ_ING_BYTES:  v = qeq_ing_q;
                    sw_pkg::RCM_CRD_WQ_LOG2:        v = 32'(wq_q);
                    sw_pkg::RCM_CRD_SAMPLE_BYTES:   v = sample_q;
                    sw_pkg::RCM_CRD_FB_SHIFT:       v = 32'(fb_shift_q);
                    sw_pkg::RCM_FLAG_HOLD_CYCLES:   v = hold_q;
                    sw_pkg::RCM_CN_INTERVAL_CYCLES: v = cn_int_q;
                    sw_pkg::RCM_CN_W_SHIFT:         v = 32'(cn_w_q);
                    sw_pkg::RCM_CFR_SAMPLE_BYTES:   v = cfr_sample_q;
                    sw_pkg::RCM_RCC_CLASS_QUEUE:    v = {25'd0, rcc_queue_q, 1'b0, rcc_class_q};
                    sw_pkg::RCM_RCC_WINDOW_BYTES:   v = win_q;
                    sw_pkg::RCM_RCC_MIN_BYTES:      v = min_q;
                    sw_pkg::RCM_SAR_LEVEL:          v = 32'(sar_level_q);
                    sw_pkg::RCM_SAR_GAP_CYCLES:     v = gap_q;
                    sw_pkg::RCM_CN_PORT_MASK_LO:    v = cn_mask_q[31:0];
                    sw_pkg::RCM_CN_PORT_MASK_HI:    v = cn_mask_q[63:32];
                    default: v = '0;
                endcase
                if (!widx_ok) v = '0;
            end else if (blk7 && 32'(i[15:CTR_P]) < NPORTS &&
                         i[CTR_K +: sw_pkg::RCMCNT_K_W] <= sw_pkg::RCMCNT_REORDERED) begin
                if (ctr_v[32'(i[15:CTR_P]) * CTR_N + 32'(i[CTR_K +: sw_pkg::RCMCNT_K_W])]) begin
                    v = i[0] ? ctr[32'(i[15:CTR_P]) * CTR_N + 32'(i[CTR_K +: sw_pkg::RCMCNT_K_W])][63:32] :
                               ctr[32'(i[15:CTR_P]) * CTR_N + 32'(i[CTR_K +: sw_pkg::RCMCNT_K_W])][31:0];
                end
            end else if (blk7 && 32'(i[15:CTR_P]) < NPORTS &&
                         i[CTR_K +: sw_pkg::RCMCNT_K_W] == sw_pkg::RCMCNT_RCC_WC && !i[0]) begin
                v = wc_of(PID_W'(i[15:CTR_P]));  // low word: the RCC share Wc
            end
            rd_data <= v;
        end
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only): every register of
    // block 6 written and read and every counter of block 7 read (2.11.6; a port's counter is one
    // point for all ports); a CN sent, one relaying a remote list, one received (2.11.3); a CFR sample
    // (2.11.2); a cut of Wc, a frame joining RCC_QUEUE, a closed RCC gate (2.11.4); a SAR reroute and a
    // reordered frame (2.11.5)
    logic        cov_rd_ctr;          // a read of a port's block 7 word
    logic [16:0] cov_wr6, cov_rd6;    // block 6, by index
    logic [6:0]  cov_rd7;             // block 7, by k (6: Wc)
    assign cov_rd_ctr = cfg_rd_en && blk7 && 32'(cfg_addr[sw_pkg::IDX_W-1:CTR_P]) < NPORTS;
    for (genvar i = 0; i < 17; i++) begin : g_cov_reg
        assign cov_wr6[i] = cfg_wr_en && blk6 && widx_ok && widx == sw_pkg::RCM_IDX_W'(i);
        assign cov_rd6[i] = cfg_rd_en && blk6 && widx_ok && widx == sw_pkg::RCM_IDX_W'(i);
        if (i < 6) begin : g_ctr
            assign cov_rd7[i] = cov_rd_ctr && cfg_addr[CTR_K +: sw_pkg::RCMCNT_K_W] == sw_pkg::RCMCNT_K_W'(i);
        end
    end
    assign cov_rd7[6] = cov_rd_ctr && cfg_addr[CTR_K +: sw_pkg::RCMCNT_K_W] == sw_pkg::RCMCNT_RCC_WC && !cfg_addr[0];
    c_wr_rcm_ctrl          : cover property (@(posedge clk) disable iff (rst) cov_wr6[0]);
    c_wr_crd_qeq_bytes     : cover property (@(posedge clk) disable iff (rst) cov_wr6[1]);
    c_wr_crd_qeq_ing_bytes : cover property (@(posedge clk) disable iff (rst) cov_wr6[2]);
    c_wr_crd_wq_log2       : cover property (@(posedge clk) disable iff (rst) cov_wr6[3]);
    c_wr_crd_sample_bytes  : cover property (@(posedge clk) disable iff (rst) cov_wr6[4]);
    c_wr_crd_fb_shift      : cover property (@(posedge clk) disable iff (rst) cov_wr6[5]);
    c_wr_flag_hold_cycles  : cover property (@(posedge clk) disable iff (rst) cov_wr6[6]);
    c_wr_cn_interval_cycles: cover property (@(posedge clk) disable iff (rst) cov_wr6[7]);
    c_wr_cn_w_shift        : cover property (@(posedge clk) disable iff (rst) cov_wr6[8]);
    c_wr_cfr_sample_bytes  : cover property (@(posedge clk) disable iff (rst) cov_wr6[9]);
    c_wr_rcc_class_queue   : cover property (@(posedge clk) disable iff (rst) cov_wr6[10]);
    c_wr_rcc_window_bytes  : cover property (@(posedge clk) disable iff (rst) cov_wr6[11]);
    c_wr_rcc_min_bytes     : cover property (@(posedge clk) disable iff (rst) cov_wr6[12]);
    c_wr_sar_level         : cover property (@(posedge clk) disable iff (rst) cov_wr6[13]);
    c_wr_sar_gap_cycles    : cover property (@(posedge clk) disable iff (rst) cov_wr6[14]);
    c_wr_cn_port_mask_lo   : cover property (@(posedge clk) disable iff (rst) cov_wr6[15]);
    c_wr_cn_port_mask_hi   : cover property (@(posedge clk) disable iff (rst) cov_wr6[16]);
    c_rd_rcm_ctrl          : cover property (@(posedge clk) disable iff (rst) cov_rd6[0]);
    c_rd_crd_qeq_bytes     : cover property (@(posedge clk) disable iff (rst) cov_rd6[1]);
    c_rd_crd_qeq_ing_bytes : cover property (@(posedge clk) disable iff (rst) cov_rd6[2]);
    c_rd_crd_wq_log2       : cover property (@(posedge clk) disable iff (rst) cov_rd6[3]);
    c_rd_crd_sample_bytes  : cover property (@(posedge clk) disable iff (rst) cov_rd6[4]);
    c_rd_crd_fb_shift      : cover property (@(posedge clk) disable iff (rst) cov_rd6[5]);
    c_rd_flag_hold_cycles  : cover property (@(posedge clk) disable iff (rst) cov_rd6[6]);
    c_rd_cn_interval_cycles: cover property (@(posedge clk) disable iff (rst) cov_rd6[7]);
    c_rd_cn_w_shift        : cover property (@(posedge clk) disable iff (rst) cov_rd6[8]);
    c_rd_cfr_sample_bytes  : cover property (@(posedge clk) disable iff (rst) cov_rd6[9]);
    c_rd_rcc_class_queue   : cover property (@(posedge clk) disable iff (rst) cov_rd6[10]);
    c_rd_rcc_window_bytes  : cover property (@(posedge clk) disable iff (rst) cov_rd6[11]);
    c_rd_rcc_min_bytes     : cover property (@(posedge clk) disable iff (rst) cov_rd6[12]);
    c_rd_sar_level         : cover property (@(posedge clk) disable iff (rst) cov_rd6[13]);
    c_rd_sar_gap_cycles    : cover property (@(posedge clk) disable iff (rst) cov_rd6[14]);
    c_rd_cn_port_mask_lo   : cover property (@(posedge clk) disable iff (rst) cov_rd6[15]);
    c_rd_cn_port_mask_hi   : cover property (@(posedge clk) disable iff (rst) cov_rd6[16]);
    c_rd_cn_sent           : cover property (@(posedge clk) disable iff (rst) cov_rd7[0]);
    c_rd_cn_received       : cover property (@(posedge clk) disable iff (rst) cov_rd7[1]);
    c_rd_cfr_samples       : cover property (@(posedge clk) disable iff (rst) cov_rd7[2]);
    c_rd_rcc_held_bytes    : cover property (@(posedge clk) disable iff (rst) cov_rd7[3]);
    c_rd_sar_reroutes      : cover property (@(posedge clk) disable iff (rst) cov_rd7[4]);
    c_rd_reordered         : cover property (@(posedge clk) disable iff (rst) cov_rd7[5]);
    c_rd_rcc_wc            : cover property (@(posedge clk) disable iff (rst) cov_rd7[6]);
    c_cn_sent              : cover property (@(posedge clk) disable iff (rst) cn_out_valid);
    c_cn_relays_remote_ids : cover property (@(posedge clk) disable iff (rst) cn_out_valid && rem_active(eg_i));
    c_cn_received          : cover property (@(posedge clk) disable iff (rst) cn_in_valid && crd_en);
    c_cfr_sample           : cover property (@(posedge clk) disable iff (rst) admit && cam_write);
    c_rcc_window_cut       : cover property (@(posedge clk) disable iff (rst) adm_ev || cn_rcc);
    c_rcc_queue_joined     : cover property (@(posedge clk) disable iff (rst) admit && rcc_cls && eg_q == rcc_queue_q);
    c_rcc_gate_closed      : cover property (@(posedge clk) disable iff (rst) rcc_gate != '0);
    c_sar_reroute          : cover property (@(posedge clk) disable iff (rst) admit && sar && reroute);
    c_sar_reorder          : cover property (@(posedge clk) disable iff (rst) admit && sar && reorder);
`endif
endmodule
`resetall
