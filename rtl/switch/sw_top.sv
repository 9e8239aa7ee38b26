// sw_top: shared-buffer switch with PFC, RED/ECN and WRED (docs/switch.md 1, 2).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_top #(
    parameter int NPORTS        = 16,          // switch ports, 2..64
    parameter int NPRIO         = 8,           // priorities (queues per egress port, PFC classes), 1..8
    parameter int CELL_BYTES    = 256,         // accounting cell, power of two 64..1024
    parameter int BUFFER_BYTES  = 12000000,    // shared buffer; BUFFER_BYTES/CELL_BYTES in NPORTS*NPRIO..2^20
    parameter int IN_FIFO_DEPTH = 4,           // per-port ingress skid FIFO, power of two 2..16
    parameter int TAG_W         = 32,          // frame tag, 8..32
    parameter int DST_W         = 12,          // destination index, 1..16
    parameter int NGROUPS       = 64,          // ECMP groups, 1..256
    parameter int RCM           = 0,           // regional congestion mitigation (2.11) built in: 0, 1
    parameter int CFR_DEPTH     = 16,          // RCM CAM and remote-list entries: 8, 16, 32
    parameter int SAR_TBL_LG    = 10           // RCM adaptive-routing flow table: 2^SAR_TBL_LG entries, 4..12
) (
    input  wire                         clk,
    input  wire                         rst,
    input  wire [47:0]                  cycle,

    // ingress descriptors (2.2)
    input  wire [NPORTS-1:0]            in_desc_valid,
    output logic [NPORTS-1:0]           in_desc_ready,
    input  wire [NPORTS*TAG_W-1:0]      in_desc_tag,
    input  wire [NPORTS*14-1:0]         in_desc_len,
    input  wire [NPORTS*3-1:0]          in_desc_prio,
    input  wire [NPORTS*2-1:0]          in_desc_ecn,
    input  wire [NPORTS*DST_W-1:0]      in_desc_dst,
    input  wire [NPORTS*16-1:0]         in_desc_hash,

    // egress descriptors (2.8)
    input  wire [NPORTS-1:0]            out_desc_ready,
    // one frame leaves per cycle at most: out_desc_valid has the bit of its port set, the other
    // fields describe it (all 0 when none leaves)
    output logic [NPORTS-1:0]           out_desc_valid,
    output logic [TAG_W-1:0]            out_desc_tag,
    output logic [1:0]                  out_desc_ecn,
    output logic [2:0]                  out_desc_prio,
    output logic [13:0]                 out_desc_len,

    // enqueue report (2.4): the processed frame joined egress queue (enq_port, enq_prio)
    output logic                        enq_valid,
    output logic [TAG_W-1:0]            enq_tag,
    output logic [sw_pkg::PORT_W-1:0]   enq_port,
    output logic [2:0]                  enq_prio,

    // drop report (2.4)
    output logic                        drop_valid,
    output logic [TAG_W-1:0]            drop_tag,
    output logic [2:0]                  drop_reason,
    output logic [sw_pkg::PORT_W-1:0]   drop_port,
    output logic [2:0]                  drop_prio,

    // PFC frames sent (2.6) and received (2.7)
    output logic [NPORTS-1:0]           pfc_out_valid,
    output logic [NPORTS*8-1:0]         pfc_out_class_en,
    output logic [NPORTS*8-1:0]         pfc_out_pause_en,
    output logic [15:0]                 pfc_out_quanta,
    input  wire [NPORTS-1:0]            pfc_in_valid,
    input  wire [NPORTS*8-1:0]          pfc_in_class_en,
    input  wire [NPORTS*128-1:0]        pfc_in_time,

    // RCM congestion notifications received (one per cycle) and sent, and the egress degree
    // samples (2.11.3, 2.11.7); tied to 0 and ignored with RCM = 0
    input  wire                         cn_in_valid,
    input  wire [sw_pkg::PORT_W-1:0]    cn_in_port,
    input  wire [2:0]                   cn_in_class,
    input  wire [5:0]                   cn_in_fb,
    input  wire [5:0]                   cn_in_count,
    input  wire [CFR_DEPTH*16-1:0]      cn_in_ids,
    output logic                        cn_out_valid,
    output logic [sw_pkg::PORT_W-1:0]   cn_out_port,
    output logic [2:0]                  cn_out_class,
    output logic [5:0]                  cn_out_fb,
    output logic [CFR_DEPTH-1:0]        cn_out_id_valid,
    output logic [CFR_DEPTH*16-1:0]     cn_out_ids,
    output logic                        crd_valid,
    output logic [sw_pkg::PORT_W-1:0]   crd_port,
    output logic [2:0]                  crd_prio,
    output logic [5:0]                  crd_fb,

    // registers (2.9)
    input  wire                         cfg_wr_en,
    input  wire                         cfg_rd_en,
    input  wire [19:0]                  cfg_addr,
    input  wire [31:0]                  cfg_wr_data,
    output logic [31:0]                 cfg_rd_data,

    // stepping (2.1)
    output logic                        stat_idle,
    output logic [47:0]                 tmr_next_cycle,
    // after the edge, from state only: cycle + 1 must be stepped whatever the inputs, and the ports
    // with a queue that is non-empty and not paused (2.1)
    output logic                        stat_next_busy,
    output logic [NPORTS-1:0]           stat_eg_pending
);
    localparam int NCELLS  = BUFFER_BYTES / CELL_BYTES;
    localparam int NQ      = NPORTS*NPRIO;
    localparam int QID_W   = $clog2(NQ);
    localparam int PID_W   = $clog2(NPORTS);
    localparam int CELL_LG = $clog2(CELL_BYTES);
    localparam int CW      = sw_pkg::CNT_W;
    // word k of a queue's entry of sw_regs holds its register k of block 2 (2.9)
    localparam int Q_KMIN   = 32'(sw_pkg::REG_Q_KMIN_BYTES);
    localparam int Q_KMAX   = 32'(sw_pkg::REG_Q_KMAX_BYTES);
    localparam int Q_SLOPE  = 32'(sw_pkg::REG_Q_ECN_SLOPE);
    localparam int Q_WRED_K = 32'(sw_pkg::REG_Q_WRED_K_BYTES);
    localparam int Q_QCTRL  = 32'(sw_pkg::REG_Q_QCTRL);
    localparam int Q_DWRR   = 32'(sw_pkg::REG_Q_DWRR_QUANTUM_BYTES);

    // parameter legality (1)
    initial begin
        if (NPORTS < 2 || NPORTS > 64) $error("sw_top: NPORTS = %0d must be 2..64", NPORTS);
        if (NPRIO < 1 || NPRIO > 8) $error("sw_top: NPRIO = %0d must be 1..8", NPRIO);
        if (CELL_BYTES < 64 || CELL_BYTES > 1024 || (CELL_BYTES & (CELL_BYTES - 1)) != 0)
            $error("sw_top: CELL_BYTES = %0d must be a power of two 64..1024", CELL_BYTES);
        if (NCELLS < NPORTS*NPRIO || NCELLS > (1 << 20))
            $error("sw_top: BUFFER_BYTES = %0d must give BUFFER_BYTES/CELL_BYTES in NPORTS*NPRIO..2^20",
                   BUFFER_BYTES);
        if (IN_FIFO_DEPTH < 2 || IN_FIFO_DEPTH > 16 || (IN_FIFO_DEPTH & (IN_FIFO_DEPTH - 1)) != 0)
            $error("sw_top: IN_FIFO_DEPTH = %0d must be a power of two 2..16", IN_FIFO_DEPTH);
        if (TAG_W < 8 || TAG_W > 32) $error("sw_top: TAG_W = %0d must be 8..32", TAG_W);
        if (DST_W < 1 || DST_W > 16) $error("sw_top: DST_W = %0d must be 1..16", DST_W);
        if (NGROUPS < 1 || NGROUPS > 256) $error("sw_top: NGROUPS = %0d must be 1..256", NGROUPS);
        if (RCM != 0 && RCM != 1) $error("sw_top: RCM = %0d must be 0 or 1", RCM);
    end

    // the same checks at elaboration, so that lint and synthesis stop too (1)
    if (NPORTS < 2 || NPORTS > 64) begin : g_bad_nports
        $error("sw_top: NPORTS = %0d must be 2..64", NPORTS);
    end
    if (NPRIO < 1 || NPRIO > 8) begin : g_bad_nprio
        $error("sw_top: NPRIO = %0d must be 1..8", NPRIO);
    end
    if (CELL_BYTES < 64 || CELL_BYTES > 1024 || (CELL_BYTES & (CELL_BYTES - 1)) != 0) begin : g_bad_cell_bytes
        $error("sw_top: CELL_BYTES = %0d must be a power of two 64..1024", CELL_BYTES);
    end
    if (NCELLS < NPORTS*NPRIO || NCELLS > (1 << 20)) begin : g_bad_buffer_bytes
        $error("sw_top: BUFFER_BYTES = %0d must give BUFFER_BYTES/CELL_BYTES in NPORTS*NPRIO..2^20",
               BUFFER_BYTES);
    end
    if (IN_FIFO_DEPTH < 2 || IN_FIFO_DEPTH > 16 || (IN_FIFO_DEPTH & (IN_FIFO_DEPTH - 1)) != 0) begin : g_bad_in_fifo_depth
        $error("sw_top: IN_FIFO_DEPTH = %0d must be a power of two 2..16", IN_FIFO_DEPTH);
    end
    if (TAG_W < 8 || TAG_W > 32) begin : g_bad_tag_w
        $error("sw_top: TAG_W = %0d must be 8..32", TAG_W);
    end
    if (DST_W < 1 || DST_W > 16) begin : g_bad_dst_w
        $error("sw_top: DST_W = %0d must be 1..16", DST_W);
    end
    if (NGROUPS < 1 || NGROUPS > 256) begin : g_bad_ngroups
        $error("sw_top: NGROUPS = %0d must be 1..256", NGROUPS);
    end
    if (RCM != 0 && RCM != 1) begin : g_bad_rcm
        $error("sw_top: RCM = %0d must be 0 or 1", RCM);
    end

    // ---------------------------------------------------------------- registers (2.9)
    logic                 pfc_dynamic, mark_at_dequeue, pfc_enable;
    logic [7:0]           lossless_mask, dwrr_group_mask;
    logic [31:0]          pool_cells, reserve_cells, pfc_static_thr_cells, resume_offset_cells;
    logic [3:0]           pfc_beta_log2, lossy_beta_log2;
    logic [15:0]          pause_quanta;
    logic                 lfsr_seed_wr;
    logic [NPORTS*32-1:0] headroom_cells, quantum_cycles, refresh_cycles;
    logic [7*32-1:0]      qa_cfg, qb_cfg;
    logic [QID_W-1:0]     rd_qid;
    logic [PID_W-1:0]     rd_port;
    logic [2:0]           rd_c;
    logic [3:0]           rd_k;
    logic                 rd_hi, rd_stats_q, rd_stats_p, rd_paused;
    logic [31:0]          fwd_rd_word, stats_rd_data, paused_rd_data, qlen_rd_data, ing_rd_data;
    logic [31:0]          lfsr;
    logic [15:0]          lfsr_rnd;

    // ---------------------------------------------------------------- datapath signals
    logic                  pr_valid;
    logic [PID_W-1:0]      pr_port;
    logic [TAG_W-1:0]      pr_tag;
    logic [13:0]           pr_len;
    logic [2:0]            pr_prio;
    logic [1:0]            pr_ecn;
    logic [DST_W-1:0]      pr_dst;
    logic [15:0]           pr_hash;
    logic                  arb_busy, arb_pending;
    logic [2:0]            pr_c;
    logic [CW-1:0]         pr_cells;
    logic [QID_W-1:0]      pr_pc;
    logic                  route_ok;
    logic [PID_W-1:0]      fwd_port;
    logic [PID_W-1:0]      eg_port;
    logic [QID_W-1:0]      adm_qid;

    logic [31:0]           adm_qbytes, adm_qbytes_next;
    logic [CW-1:0]         adm_qcells;
    logic                  slot_avail;
    logic [NQ-1:0]         nonempty, paused;
    logic [NPORTS-1:0]     port_elig;
    logic                  rx_slow;
    logic [QID_W-1:0]      hlen_qid;
    logic [13:0]           hlen;

    logic                  deq_valid;
    logic [NPORTS-1:0]     deq_onehot;
    logic [PID_W-1:0]      deq_port;
    logic [2:0]            deq_c;
    logic [QID_W-1:0]      deq_qid;
    logic [TAG_W-1:0]      deq_tag;
    logic [13:0]           deq_len;
    logic [CW-1:0]         deq_cells;
    logic [1:0]            deq_ecn;
    logic [PID_W-1:0]      deq_inport;
    logic [31:0]           deq_qbytes;
    logic                  deq_last;
    logic [QID_W-1:0]      deq_pc;

    logic                  admit;
    logic [2:0]            reason;
    logic                  ev_a_xoff, ev_a_xon, ev_b_xoff, ev_b_xon;
    logic [NQ-1:0]         xoff;
    logic [CW-1:0]         shared_cells, total_cells, free_slots;

    logic                  wred_drop, ecn_mark, ecn_step;
    logic [31:0]           mark_q_bytes, mark_kmin, mark_kmax, mark_slope;
    logic                  mark_ecn_en;
    logic [1:0]            mark_ecn_in;
    logic [1:0]            out_ecn;
    logic                  mark_adm, mark_deq, lfsr_step;
    logic [1:0]            enq_ecn;

    logic                  pfc_pending;
    logic [NQ-1:0]         paused_reg;
    // RCM (2.11): the queue the frame joins, the dequeued frame's ingress class, pauses of RCC_QUEUE
    logic [31:0]           regs_rd_data;
    logic [2:0]            q_class;
    logic [2:0]            deq_ic;
    logic [NQ-1:0]         paused_eff, paused_reg_eff;
    logic                  fwd_is_ecmp;
    logic [4:0]            fwd_grp_size;
    logic [16*PID_W-1:0]   fwd_grp_members;
    logic [7:0]            enq_extra, deq_extra;
    logic [31:0]           deq_quantum;
    logic [sw_pkg::CNT_W-1:0] pr_uh;
    logic [47:0]           rx_deadline, gen_deadline;
    logic                  rcm_recheck;       // RCM: a gate may open with time alone (every port rechecked)
    logic [47:0]           tmr_pfc;

    sw_regs #(.NPORTS(NPORTS), .NPRIO(NPRIO)) u_regs (
        .clk(clk), .rst(rst),
        .cfg_wr_en(cfg_wr_en), .cfg_rd_en(cfg_rd_en), .cfg_addr(cfg_addr),
        .cfg_wr_data(cfg_wr_data), .cfg_rd_data(regs_rd_data),
        .pfc_dynamic(pfc_dynamic), .mark_at_dequeue(mark_at_dequeue), .pfc_enable(pfc_enable),
        .lossless_mask(lossless_mask), .pool_cells(pool_cells), .reserve_cells(reserve_cells),
        .pfc_static_thr_cells(pfc_static_thr_cells), .pfc_beta_log2(pfc_beta_log2),
        .lossy_beta_log2(lossy_beta_log2), .resume_offset_cells(resume_offset_cells),
        .pause_quanta(pause_quanta), .dwrr_group_mask(dwrr_group_mask),
        .lfsr_seed_wr(lfsr_seed_wr),
        .headroom_cells(headroom_cells), .quantum_cycles(quantum_cycles), .refresh_cycles(refresh_cycles),
        .qa_qid(adm_qid), .qa_cfg(qa_cfg), .qb_qid(deq_qid), .qb_cfg(qb_cfg),
        .rd_qid(rd_qid), .rd_port(rd_port), .rd_c(rd_c), .rd_k(rd_k), .rd_hi(rd_hi),
        .rd_stats_q(rd_stats_q), .rd_stats_p(rd_stats_p), .rd_paused(rd_paused),
        .fwd_rd_word(fwd_rd_word), .stats_rd_data(stats_rd_data), .paused_rd_data(paused_rd_data),
        .qlen_rd_data(qlen_rd_data), .ing_rd_data(ing_rd_data),
        .xoff(xoff), .shared_cells(shared_cells), .total_cells(total_cells), .free_slots(free_slots),
        .lfsr(lfsr)
    );

    // ---------------------------------------------------------------- ingress (2.2)
    sw_ingress_arb #(.NPORTS(NPORTS), .IN_FIFO_DEPTH(IN_FIFO_DEPTH), .TAG_W(TAG_W), .DST_W(DST_W)) u_arb (
        .clk(clk), .rst(rst),
        .in_desc_valid(in_desc_valid), .in_desc_ready(in_desc_ready), .in_desc_tag(in_desc_tag),
        .in_desc_len(in_desc_len), .in_desc_prio(in_desc_prio), .in_desc_ecn(in_desc_ecn),
        .in_desc_dst(in_desc_dst), .in_desc_hash(in_desc_hash),
        .pr_valid(pr_valid), .pr_port(pr_port), .pr_tag(pr_tag), .pr_len(pr_len), .pr_prio(pr_prio),
        .pr_ecn(pr_ecn), .pr_dst(pr_dst), .pr_hash(pr_hash), .busy(arb_busy),
        .pending(arb_pending)
    );

    // priority >= NPRIO uses NPRIO-1; cells = ceil(len / CELL_BYTES) (2.2)
    assign pr_c     = (32'(pr_prio) >= NPRIO) ? 3'(NPRIO - 1) : pr_prio;
    assign pr_cells = CW'((32'(pr_len) + CELL_BYTES - 1) >> CELL_LG);
    assign pr_pc    = QID_W'(32'(pr_port) * NPRIO + 32'(pr_c));

    // ---------------------------------------------------------------- forwarding (2.3)
    sw_fwd #(.NPORTS(NPORTS), .DST_W(DST_W), .NGROUPS(NGROUPS), .GRP_OUT(RCM)) u_fwd (
        .clk(clk),
        .dst(pr_dst), .hash(pr_hash), .route_ok(route_ok), .egress_port(fwd_port),
        .is_ecmp(fwd_is_ecmp), .grp_size(fwd_grp_size), .grp_members(fwd_grp_members),
        .cfg_wr_en(cfg_wr_en), .cfg_rd_en(cfg_rd_en), .cfg_addr(cfg_addr),
        .cfg_wr_bits({cfg_wr_data[31:30], cfg_wr_data[7:0]}), .cfg_rd_word(fwd_rd_word)
    );

    assign adm_qid = QID_W'(32'(eg_port) * NPRIO + 32'(q_class));

    // ---------------------------------------------------------------- queues (2.4, 2.8)
    sw_queue_mgr #(.NPORTS(NPORTS), .NPRIO(NPRIO), .NCELLS(NCELLS), .CELL_BYTES(CELL_BYTES), .TAG_W(TAG_W),
                   .XW(RCM != 0 ? 7 : 0)) u_qm (
        .clk(clk), .rst(rst),
        .adm_qid(adm_qid), .adm_qbytes(adm_qbytes), .adm_qcells(adm_qcells),
        .adm_qbytes_next(adm_qbytes_next), .slot_avail(slot_avail),
        .enq_valid(admit), .enq_tag(pr_tag), .enq_len(pr_len), .enq_cells(pr_cells), .enq_ecn(enq_ecn),
        .enq_port(pr_port), .enq_extra(enq_extra),
        .nonempty(nonempty), .hlen_qid(hlen_qid), .hlen(hlen),
        .deq_valid(deq_valid), .deq_qid(deq_qid), .deq_tag(deq_tag), .deq_len(deq_len),
        .deq_cells(deq_cells), .deq_ecn(deq_ecn), .deq_port(deq_inport), .deq_extra(deq_extra),
        .deq_qbytes(deq_qbytes),
        .deq_last(deq_last),
        .rd_en(cfg_rd_en), .rd_qid(rd_qid), .rd_data(qlen_rd_data),
        .rd_frames(rd_k[0] == sw_pkg::QCNT_LEN_FRAMES[0]),   // LEN_FRAMES, else LEN_BYTES (2.9)
        .free_slots(free_slots)
    );

    // ---------------------------------------------------------------- dequeue (2.8)
    // ports with an eligible queue: the registered status (stat_eg_pending), reduced per queue only
    // in a cycle where a pause may have ended or an RCC gate may open (3.4, 3.5; 2.11.4)
    always_comb begin
        if (rx_slow || rcm_recheck) begin
            for (int e = 0; e < NPORTS; e++) begin
                port_elig[e] = |(nonempty[e*NPRIO +: NPRIO] & ~paused_eff[e*NPRIO +: NPRIO]);
            end
        end else begin
            port_elig = stat_eg_pending;
        end
    end

    sw_egress_sched #(.NPORTS(NPORTS), .NPRIO(NPRIO)) u_sched (
        .clk(clk), .rst(rst),
        .out_desc_ready(out_desc_ready), .nonempty(nonempty), .paused(paused_eff), .port_elig(port_elig),
        .dwrr_group_mask(dwrr_group_mask), .hlen_qid(hlen_qid), .hlen(hlen),
        .deq_valid(deq_valid), .deq_onehot(deq_onehot), .deq_port(deq_port), .deq_c(deq_c),
        .deq_qid(deq_qid), .deq_len(deq_len), .deq_last(deq_last), .deq_quantum(deq_quantum)
    );

    // the dequeued frame's cells return to its ingress class (2.8; 2.11.4: a frame in RCC_QUEUE
    // keeps its class)
    assign deq_pc = QID_W'(32'(deq_inport) * NPRIO + 32'(deq_ic));

    // ---------------------------------------------------------------- admission and PFC decisions (2.4, 2.6)
    sw_admission #(.NPORTS(NPORTS), .NPRIO(NPRIO), .NCELLS(NCELLS)) u_adm (
        .clk(clk), .rst(rst),
        .pfc_enable(pfc_enable), .pfc_dynamic(pfc_dynamic), .lossless_mask(lossless_mask),
        .pool_cells(pool_cells), .reserve_cells(reserve_cells), .pfc_static_thr_cells(pfc_static_thr_cells),
        .pfc_beta_log2(pfc_beta_log2), .lossy_beta_log2(lossy_beta_log2),
        .resume_offset_cells(resume_offset_cells), .headroom_cells(headroom_cells),
        .pr_valid(pr_valid), .pr_port(pr_port), .pr_c(pr_c), .pr_pc(pr_pc), .pr_cells(pr_cells),
        .route_ok(route_ok), .wred_drop(wred_drop), .qcells(adm_qcells), .slot_avail(slot_avail),
        .admit(admit), .drop_reason(reason), .pr_uh(pr_uh),
        .dq_valid(deq_valid), .dq_c(deq_ic), .dq_pc(deq_pc), .dq_cells(deq_cells),
        .ev_a_xoff(ev_a_xoff), .ev_a_xon(ev_a_xon),
        .ev_b_xoff(ev_b_xoff), .ev_b_xon(ev_b_xon), .xoff(xoff),
        .rd_en(cfg_rd_en), .rd_pc(rd_qid), .rd_k(rd_k[1:0]), .rd_data(ing_rd_data),
        .shared_cells(shared_cells), .total_cells(total_cells)
    );

    // ---------------------------------------------------------------- ECN marking and WRED (2.4, 2.5)
    always_comb begin
        if (mark_at_dequeue) begin
            mark_q_bytes = deq_qbytes - 32'(deq_len);
            mark_kmin    = qb_cfg[Q_KMIN*32 +: 32];
            mark_kmax    = qb_cfg[Q_KMAX*32 +: 32];
            mark_slope   = qb_cfg[Q_SLOPE*32 +: 32];
            mark_ecn_en  = qb_cfg[Q_QCTRL*32];
            mark_ecn_in  = deq_ecn;
        end else begin
            mark_q_bytes = adm_qbytes;
            mark_kmin    = qa_cfg[Q_KMIN*32 +: 32];
            mark_kmax    = qa_cfg[Q_KMAX*32 +: 32];
            mark_slope   = qa_cfg[Q_SLOPE*32 +: 32];
            mark_ecn_en  = qa_cfg[Q_QCTRL*32];
            mark_ecn_in  = pr_ecn;
        end
    end

    sw_ecn_marker u_ecn (
        .mark_q_bytes(mark_q_bytes), .kmin_bytes(mark_kmin), .kmax_bytes(mark_kmax),
        .ecn_slope(mark_slope), .ecn_en(mark_ecn_en), .mark_ecn_in(mark_ecn_in),
        .lfsr_low(lfsr_rnd), .mark(ecn_mark), .step(ecn_step),
        .wred_q_bytes(adm_qbytes), .wred_k_bytes(qa_cfg[Q_WRED_K*32 +: 32]), .wred_en(qa_cfg[Q_QCTRL*32 + 1]),
        .wred_ecn_in(pr_ecn), .wred_drop(wred_drop)
    );

    // PMAX is a software value (ECN_SLOPE carries it); words and QCTRL bits each port leaves unused
    logic unused_qcfg;
    assign unused_qcfg = ^{qa_cfg, qb_cfg};

    assign mark_adm  = !mark_at_dequeue && admit && ecn_mark;
    assign mark_deq  = mark_at_dequeue && deq_valid && ecn_mark;
    assign lfsr_step = ecn_step && (mark_at_dequeue ? deq_valid : admit);
    assign enq_ecn   = mark_adm ? sw_pkg::ECN_CE : pr_ecn;
    assign out_ecn   = mark_deq ? sw_pkg::ECN_CE : deq_ecn;

    sw_lfsr u_lfsr (
        .clk(clk), .rst(rst),
        .seed_wr(lfsr_seed_wr), .seed(cfg_wr_data), .step(lfsr_step),
        .lfsr(lfsr), .rnd(lfsr_rnd)
    );

    // ---------------------------------------------------------------- PFC (2.6, 2.7)
    sw_pfc_gen #(.NPORTS(NPORTS), .NPRIO(NPRIO)) u_pfc_gen (
        .clk(clk), .rst(rst), .cycle(cycle),
        .refresh_cycles(refresh_cycles),
        .xoff(xoff), .ev_a_xoff(ev_a_xoff), .ev_a_xon(ev_a_xon), .ev_a_port(pr_port), .ev_a_c(pr_c),
        .ev_b_xoff(ev_b_xoff), .ev_b_xon(ev_b_xon), .ev_b_port(deq_inport), .ev_b_c(deq_ic),
        .pfc_out_valid(pfc_out_valid), .pfc_out_class_en(pfc_out_class_en),
        .pfc_out_pause_en(pfc_out_pause_en), .next_deadline(gen_deadline),
        .pending(pfc_pending)
    );

    assign pfc_out_quanta = pause_quanta;

    sw_pfc_rx #(.NPORTS(NPORTS), .NPRIO(NPRIO)) u_pfc_rx (
        .clk(clk), .rst(rst), .cycle(cycle),
        .pfc_in_valid(pfc_in_valid), .pfc_in_class_en(pfc_in_class_en), .pfc_in_time(pfc_in_time),
        .quantum_cycles(quantum_cycles), .paused(paused), .paused_reg(paused_reg),
        .next_deadline(rx_deadline), .slow(rx_slow),
        .rd_en(rd_paused), .rd_port(rd_port), .rd_c(rd_c), .rd_hi(rd_hi), .rd_data(paused_rd_data)
    );

    // ---------------------------------------------------------------- counters (2.9)
    sw_stats #(.NPORTS(NPORTS), .NPRIO(NPRIO)) u_stats (
        .clk(clk), .rst(rst),
        .adm_ev(pr_valid && route_ok), .adm_qid(adm_qid), .adm_admit(admit), .adm_len(pr_len),
        .adm_reason(reason), .adm_mark(mark_adm), .adm_qbytes_next(adm_qbytes_next),
        .noroute_ev(pr_valid && !route_ok), .noroute_port(pr_port),
        .deq_ev(deq_valid), .deq_qid(deq_qid), .deq_len(deq_len), .deq_mark(mark_deq),
        .pfc_out_valid(pfc_out_valid), .pfc_out_pause_en(pfc_out_pause_en),
        .pause_quanta_nz(pause_quanta != 16'd0), .pfc_in_valid(pfc_in_valid),
        .rd_en_q(rd_stats_q), .rd_en_p(rd_stats_p), .rd_qid(rd_qid), .rd_port(rd_port), .rd_k(rd_k),
        .rd_hi(rd_hi), .rd_data(stats_rd_data)
    );

    // ---------------------------------------------------------------- RCM (2.11)
    if (RCM != 0) begin : g_rcm
        logic             rcm_rd_sel, rcc_on;
        logic [31:0]      rcm_rd_data;
        logic [2:0]       rcc_class, rcc_queue;
        logic [PID_W-1:0] rcm_eg_port;
        logic [3:0]       rcm_bucket;
        logic             q_over;
        logic [31:0]      q_over_val;
        logic [PID_W-1:0] cn_out_p, crd_p;
        logic [NPORTS-1:0] rcc_gate, rcc_gate_next;
        logic [47:0]       rcm_deadline;  // the earliest cycle a closed RCC gate opens (2.11.4)
        assign tmr_next_cycle = (rcm_deadline < tmr_pfc) ? rcm_deadline : tmr_pfc;

        sw_rcm #(.NPORTS(NPORTS), .NPRIO(NPRIO), .CELL_BYTES(CELL_BYTES), .CFR_DEPTH(CFR_DEPTH),
                 .SAR_TBL_LG(SAR_TBL_LG)) u_rcm (
            .clk(clk), .rst(rst), .cycle(cycle),
            .cfg_wr_en(cfg_wr_en), .cfg_rd_en(cfg_rd_en), .cfg_addr(cfg_addr), .cfg_wr_data(cfg_wr_data),
            .rd_sel(rcm_rd_sel), .rd_data(rcm_rd_data), .rcc_on(rcc_on), .rcc_class(rcc_class),
            .rcc_queue(rcc_queue),
            .pr_valid(pr_valid), .route_ok(route_ok), .pr_is_ecmp(fwd_is_ecmp), .pr_grp_size(fwd_grp_size),
            .pr_grp_members(fwd_grp_members), .e0(route_ok ? fwd_port : '0), .pr_port(pr_port), .pr_c(pr_c),
            .pr_len(pr_len), .pr_cells(pr_cells), .pr_hash(pr_hash), .pr_uh(pr_uh),
            .eg_port(rcm_eg_port), .eg_q(q_class), .bucket(rcm_bucket), .adm_qbytes(adm_qbytes), .admit(admit),
            .deq_valid(deq_valid), .deq_port(deq_port), .deq_c(deq_c), .deq_len(deq_len),
            .deq_in_c(deq_extra[2:0]), .deq_bucket(deq_extra[6:3]), .deq_qc(quantum_cycles[32'(deq_port)*32 +: 32]),
            .quantum_over(q_over), .quantum(q_over_val), .rcc_gate(rcc_gate), .rcc_gate_next(rcc_gate_next),
            .rcc_deadline(rcm_deadline), .rcc_any_spent(rcm_recheck),
            .cn_in_valid(cn_in_valid), .cn_in_port(cn_in_port[PID_W-1:0]), .cn_in_class(cn_in_class),
            .cn_in_fb(cn_in_fb), .cn_in_count(cn_in_count), .cn_in_ids(cn_in_ids),
            .cn_out_valid(cn_out_valid), .cn_out_port(cn_out_p), .cn_out_class(cn_out_class),
            .cn_out_fb(cn_out_fb), .cn_out_id_valid(cn_out_id_valid), .cn_out_ids(cn_out_ids),
            .crd_valid(crd_valid), .crd_port(crd_p), .crd_prio(crd_prio), .crd_fb(crd_fb)
        );

        assign eg_port     = route_ok ? rcm_eg_port : '0;
        assign enq_extra   = {1'b0, rcm_bucket, pr_c};
        assign deq_ic      = deq_extra[2:0];
        assign deq_quantum = q_over ? q_over_val : qb_cfg[Q_DWRR*32 +: 32];
        assign cfg_rd_data = rcm_rd_sel ? rcm_rd_data : regs_rd_data;
        assign cn_out_port = sw_pkg::PORT_W'(cn_out_p);
        assign crd_port    = sw_pkg::PORT_W'(crd_p);
        logic unused_rcm_bits;
        assign unused_rcm_bits = ^{deq_extra[7], cn_in_port};

        // RCC_QUEUE holds frames of RCC_CLASS: a pause of RCC_CLASS stops it too, and so does the RCC
        // window's gate (2.11.4); the prediction after the edge uses the gate of the next cycle
        always_comb begin
            paused_eff     = paused;
            paused_reg_eff = paused_reg;
            if (rcc_on) begin
                for (int e = 0; e < NPORTS; e++) begin
                    paused_eff[e*NPRIO + 32'(rcc_queue)]     = paused[e*NPRIO + 32'(rcc_queue)] |
                                                               paused[e*NPRIO + 32'(rcc_class)] | rcc_gate[e];
                    paused_reg_eff[e*NPRIO + 32'(rcc_queue)] = paused_reg[e*NPRIO + 32'(rcc_queue)] |
                                                               paused_reg[e*NPRIO + 32'(rcc_class)] |
                                                               rcc_gate_next[e];
                end
            end
        end
    end else begin : g_no_rcm
        assign eg_port         = route_ok ? fwd_port : '0;
        assign q_class         = pr_c;
        assign enq_extra       = '0;
        assign deq_ic          = deq_c;
        assign deq_quantum     = qb_cfg[Q_DWRR*32 +: 32];
        assign cfg_rd_data     = regs_rd_data;
        assign paused_eff      = paused;
        assign paused_reg_eff  = paused_reg;
        assign tmr_next_cycle  = tmr_pfc;
        assign rcm_recheck     = 1'b0;
        assign cn_out_valid    = 1'b0;
        assign cn_out_port     = '0;
        assign cn_out_class    = '0;
        assign cn_out_fb       = '0;
        assign cn_out_id_valid = '0;
        assign cn_out_ids      = '0;
        assign crd_valid       = 1'b0;
        assign crd_port        = '0;
        assign crd_prio        = '0;
        assign crd_fb          = '0;
        logic unused_rcm_inputs;
        assign unused_rcm_inputs = ^{cn_in_valid, cn_in_port, cn_in_class, cn_in_fb, cn_in_count, cn_in_ids,
                                     fwd_is_ecmp, fwd_grp_size, fwd_grp_members, deq_extra, pr_uh};
    end

    // ---------------------------------------------------------------- outputs
    // the dequeued frame (2.8): its port's valid bit and one set of fields, not a slice per port
    // (docs/switch.md 3.5)
    assign out_desc_valid = deq_onehot;
    assign out_desc_tag   = deq_valid ? deq_tag : '0;
    assign out_desc_ecn   = deq_valid ? out_ecn : '0;
    assign out_desc_prio  = deq_valid ? deq_c : '0;
    assign out_desc_len   = deq_valid ? deq_len : '0;

    // the reports of the processed frame depend on state only (separate processes: evaluated once
    // per edge, docs/switch.md 3.5)
    always_comb begin
        // enqueue report (2.4)
        enq_valid = admit;
        enq_tag   = admit ? pr_tag : '0;
        enq_port  = admit ? sw_pkg::PORT_W'(eg_port) : '0;
        enq_prio  = admit ? q_class : '0;

        // drop report (2.4)
        drop_valid  = pr_valid && !admit;
        drop_tag    = drop_valid ? pr_tag : '0;
        drop_reason = drop_valid ? reason : '0;
        drop_port   = drop_valid ? sw_pkg::PORT_W'(pr_port) : '0;
        drop_prio   = drop_valid ? pr_c : '0;
    end

    // stepping (2.1)
    assign tmr_pfc        = (rx_deadline < gen_deadline) ? rx_deadline : gen_deadline;
    assign stat_idle      = !rst && !arb_busy && !deq_valid && !(|pfc_out_valid) && !(|pfc_in_valid) &&
                            !cn_in_valid && !cfg_wr_en && !cfg_rd_en && (tmr_next_cycle > cycle);

    // stepping prediction (2.1): read after the edge of `cycle`, about cycle + 1
    assign stat_next_busy = rst || arb_pending || pfc_pending || (tmr_next_cycle <= cycle + 48'd1);

    // stepping prediction (2.1): ports with a queue that is non-empty and not paused, from state
    // only. Kept from the last edge and recomputed only for the ports whose queues or pause status
    // that edge could change: the admission's and the dequeue's egress port, every port after
    // reset or a PFC reception update (3.4, 3.5)
    logic [NPORTS-1:0] eg_pend_q;
    logic              eg_all_q;
    logic              eg_a_q;
    logic              eg_b_q;
    logic [PID_W-1:0]  eg_a_port_q;
    logic [PID_W-1:0]  eg_b_port_q;

    always_comb begin
        stat_eg_pending = eg_pend_q;
        if (eg_all_q) begin
            for (int e = 0; e < NPORTS; e++) begin
                stat_eg_pending[e] = |(nonempty[e*NPRIO +: NPRIO] & ~paused_reg_eff[e*NPRIO +: NPRIO]);
            end
        end else begin
            if (eg_a_q) begin
                stat_eg_pending[eg_a_port_q] = |(nonempty[eg_a_port_q*NPRIO +: NPRIO] &
                                                 ~paused_reg_eff[eg_a_port_q*NPRIO +: NPRIO]);
            end
            if (eg_b_q) begin
                stat_eg_pending[eg_b_port_q] = |(nonempty[eg_b_port_q*NPRIO +: NPRIO] &
                                                 ~paused_reg_eff[eg_b_port_q*NPRIO +: NPRIO]);
            end
        end
    end

    always_ff @(posedge clk) begin
        eg_pend_q   <= stat_eg_pending;
        eg_all_q    <= rst || (pfc_in_valid != '0) || rx_slow || rcm_recheck || cn_in_valid;
        eg_a_q      <= admit;
        eg_a_port_q <= eg_port;
        eg_b_q      <= deq_valid;
        eg_b_port_q <= deq_port;
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only): RED marks and WRED
    // drops per class of the queue that decides (2.4 rule 2, 2.5), each region of the RED curve and
    // each place of the decision (2.5), and each member an ECMP lookup can choose (2.3)
    logic [7:0]  cov_mark, cov_wred;   // bit c: a frame of a class-c queue is marked CE / dropped WRED
    logic [15:0] cov_ecmp;             // bit k: a processed frame takes member k of its ECMP group
    for (genvar c = 0; c < 8; c++) begin : g_cov_class
        assign cov_mark[c] = (mark_adm && q_class == 3'(c)) || (mark_deq && deq_c == 3'(c));
        assign cov_wred[c] = drop_valid && reason == sw_pkg::DROP_WRED && q_class == 3'(c);
    end
    for (genvar k = 0; k < 16; k++) begin : g_cov_member
        assign cov_ecmp[k] = pr_valid && route_ok && u_fwd.ent[9] && u_fwd.ent[8] && u_fwd.sel == 4'(k);
    end
    c_red_mark_class0:  cover property (@(posedge clk) disable iff (rst) cov_mark[0]);
    c_red_mark_class1:  cover property (@(posedge clk) disable iff (rst) cov_mark[1]);
    c_red_mark_class2:  cover property (@(posedge clk) disable iff (rst) cov_mark[2]);
    c_red_mark_class3:  cover property (@(posedge clk) disable iff (rst) cov_mark[3]);
    c_red_mark_class4:  cover property (@(posedge clk) disable iff (rst) cov_mark[4]);
    c_red_mark_class5:  cover property (@(posedge clk) disable iff (rst) cov_mark[5]);
    c_red_mark_class6:  cover property (@(posedge clk) disable iff (rst) cov_mark[6]);
    c_red_mark_class7:  cover property (@(posedge clk) disable iff (rst) cov_mark[7]);
    c_wred_drop_class0: cover property (@(posedge clk) disable iff (rst) cov_wred[0]);
    c_wred_drop_class1: cover property (@(posedge clk) disable iff (rst) cov_wred[1]);
    c_wred_drop_class2: cover property (@(posedge clk) disable iff (rst) cov_wred[2]);
    c_wred_drop_class3: cover property (@(posedge clk) disable iff (rst) cov_wred[3]);
    c_wred_drop_class4: cover property (@(posedge clk) disable iff (rst) cov_wred[4]);
    c_wred_drop_class5: cover property (@(posedge clk) disable iff (rst) cov_wred[5]);
    c_wred_drop_class6: cover property (@(posedge clk) disable iff (rst) cov_wred[6]);
    c_wred_drop_class7: cover property (@(posedge clk) disable iff (rst) cov_wred[7]);
    c_red_mark_at_admission: cover property (@(posedge clk) disable iff (rst) mark_adm);
    c_red_mark_at_dequeue:   cover property (@(posedge clk) disable iff (rst) mark_deq);
    c_red_random_mark:       cover property (@(posedge clk) disable iff (rst) lfsr_step && ecn_mark);
    c_red_random_pass:       cover property (@(posedge clk) disable iff (rst) lfsr_step && !ecn_mark);
    c_red_above_kmax:        cover property (@(posedge clk) disable iff (rst) (mark_adm || mark_deq) && !ecn_step);
    c_ecmp_member0:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[0]);
    c_ecmp_member1:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[1]);
    c_ecmp_member2:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[2]);
    c_ecmp_member3:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[3]);
    c_ecmp_member4:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[4]);
    c_ecmp_member5:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[5]);
    c_ecmp_member6:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[6]);
    c_ecmp_member7:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[7]);
    c_ecmp_member8:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[8]);
    c_ecmp_member9:  cover property (@(posedge clk) disable iff (rst) cov_ecmp[9]);
    c_ecmp_member10: cover property (@(posedge clk) disable iff (rst) cov_ecmp[10]);
    c_ecmp_member11: cover property (@(posedge clk) disable iff (rst) cov_ecmp[11]);
    c_ecmp_member12: cover property (@(posedge clk) disable iff (rst) cov_ecmp[12]);
    c_ecmp_member13: cover property (@(posedge clk) disable iff (rst) cov_ecmp[13]);
    c_ecmp_member14: cover property (@(posedge clk) disable iff (rst) cov_ecmp[14]);
    c_ecmp_member15: cover property (@(posedge clk) disable iff (rst) cov_ecmp[15]);
`endif
endmodule
`resetall
