// sw_stats: per-queue and per-port statistics counters (docs/switch.md 2.4, 2.5, 2.6, 2.8, 2.9 blocks 8, 9).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_stats #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // queues per port
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ),
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,

    // processed frame that reached a queue decision (admitted or dropped with reason 2..5)
    input  wire                          adm_ev,
    input  wire [QID_W-1:0]              adm_qid,
    input  wire                          adm_admit,
    input  wire [sw_pkg::LEN_W-1:0]      adm_len,
    input  wire [sw_pkg::REASON_W-1:0]   adm_reason,
    input  wire                          adm_mark,
    input  wire [sw_pkg::QB_W-1:0]       adm_qbytes_next,

    // drop NO_ROUTE, counted at the ingress port
    input  wire                          noroute_ev,
    input  wire [PID_W-1:0]              noroute_port,

    // dequeued frame
    input  wire                          deq_ev,
    input  wire [QID_W-1:0]              deq_qid,
    input  wire [sw_pkg::LEN_W-1:0]      deq_len,
    input  wire                          deq_mark,

    // PFC frames sent and received
    input  wire [NPORTS-1:0]             pfc_out_valid,
    input  wire [NPORTS*8-1:0]           pfc_out_pause_en,   // classes sent with time PAUSE_QUANTA
    input  wire                          pause_quanta_nz,    // PAUSE_QUANTA > 0
    input  wire [NPORTS-1:0]             pfc_in_valid,

    // register read (registered): block 8 k = 0..9 (queue), block 9 k = 0..3 (port)
    input  wire                          rd_en_q,
    input  wire                          rd_en_p,
    input  wire [QID_W-1:0]              rd_qid,
    input  wire [PID_W-1:0]              rd_port,
    input  wire [3:0]                    rd_k,
    input  wire                          rd_hi,
    output logic [31:0]                  rd_data
);
    localparam int CTW = sw_pkg::CTR_W;
    // a port's entry holds its counters at their k of block 9 (2.9)
    localparam int K_PAUSE   = 32'(sw_pkg::PCNT_PFC_PAUSE_TX);
    localparam int K_RESUME  = 32'(sw_pkg::PCNT_PFC_RESUME_TX);
    localparam int K_RX      = 32'(sw_pkg::PCNT_PFC_RX);
    localparam int K_NOROUTE = 32'(sw_pkg::PCNT_DROP_NO_ROUTE);

    // per queue, updated by the admission side
    logic [CTW-1:0] enq_frames   [NQ];
    logic [CTW-1:0] enq_bytes    [NQ];
    logic [CTW-1:0] marks_adm    [NQ];
    logic [CTW-1:0] drop_lossy   [NQ];
    logic [CTW-1:0] drop_wred    [NQ];
    logic [CTW-1:0] drop_hdrm    [NQ];
    logic [CTW-1:0] drop_full    [NQ];
    logic [31:0]    peak_bytes   [NQ];
    logic [NQ-1:0]  vld_in_q;
    // per queue, updated by the dequeue side
    logic [CTW-1:0] deq_frames   [NQ];
    logic [CTW-1:0] deq_bytes    [NQ];
    logic [CTW-1:0] marks_deq    [NQ];
    logic [NQ-1:0]  vld_out_q;
    logic [31:0]           rd_q;
    logic [31:0]           prd_q;
    logic                  sel_port_q;
    logic                  port_wr;   // some port's entry may be written

    assign rd_data = sel_port_q ? prd_q : rd_q;

    // per port: PFC frames sent (pause, resume) and received, drops NO_ROUTE; one entry per port
    // {noroute, received, resume, pause}, written only by its port's process, as a whole, once
    // per edge at most, reset included, in cycles with a PFC frame or a NO_ROUTE drop (docs/switch.md 3.5)
    logic [4*CTW-1:0] port_cnt [NPORTS];

    assign port_wr = rst || (pfc_out_valid != '0) || (pfc_in_valid != '0) || noroute_ev;

    for (genvar p = 0; p < NPORTS; p++) begin : g_port
        always_ff @(posedge clk) begin
            logic [4*CTW-1:0] n;
            logic             nr;
            logic             pause;
            if (port_wr) begin
                nr = noroute_ev && noroute_port == PID_W'(p);
                if (rst || pfc_out_valid[p] || pfc_in_valid[p] || nr) begin
                    // a PFC frame with a class at PAUSE_QUANTA > 0 is a pause frame, else a resume frame (2.6)
                    pause = (|pfc_out_pause_en[p*8 +: 8]) && pause_quanta_nz;
                    n = port_cnt[p];
                    n[K_PAUSE*CTW +: CTW]   = n[K_PAUSE*CTW +: CTW]   + CTW'(pfc_out_valid[p] && pause);
                    n[K_RESUME*CTW +: CTW]  = n[K_RESUME*CTW +: CTW]  + CTW'(pfc_out_valid[p] && !pause);
                    n[K_RX*CTW +: CTW]      = n[K_RX*CTW +: CTW]      + CTW'(pfc_in_valid[p]);
                    n[K_NOROUTE*CTW +: CTW] = n[K_NOROUTE*CTW +: CTW] + CTW'(nr);
                    port_cnt[p] <= rst ? '0 : n;
                end
            end
        end
    end

    // port counter read (2.9): only in cycles with a register read
    always_ff @(posedge clk) begin
        logic [CTW-1:0] v;
        if (rst) begin
            prd_q <= '0;
        end else if (rd_en_p) begin
            v = port_cnt[rd_port][32'(rd_k[1:0])*CTW +: CTW];   // k = 0..3 (sw_regs)
            prd_q <= rd_hi ? v[63:32] : v[31:0];
        end
    end

    // admission side
    always_ff @(posedge clk) begin
        logic            v;
        logic [31:0]     pk;
        if (adm_ev) begin
            v  = vld_in_q[adm_qid];
            pk = v ? peak_bytes[adm_qid] : 32'd0;
            enq_frames[adm_qid] <= (v ? enq_frames[adm_qid] : '0) + CTW'(adm_admit);
            enq_bytes[adm_qid]  <= (v ? enq_bytes[adm_qid]  : '0) + (adm_admit ? CTW'(adm_len) : '0);
            marks_adm[adm_qid]  <= (v ? marks_adm[adm_qid]  : '0) + CTW'(adm_admit && adm_mark);
            drop_lossy[adm_qid] <= (v ? drop_lossy[adm_qid] : '0) + CTW'(adm_reason == sw_pkg::DROP_LOSSY_TAIL);
            drop_wred[adm_qid]  <= (v ? drop_wred[adm_qid]  : '0) + CTW'(adm_reason == sw_pkg::DROP_WRED);
            drop_hdrm[adm_qid]  <= (v ? drop_hdrm[adm_qid]  : '0) + CTW'(adm_reason == sw_pkg::DROP_HEADROOM_OVERFLOW);
            drop_full[adm_qid]  <= (v ? drop_full[adm_qid]  : '0) + CTW'(adm_reason == sw_pkg::DROP_BUFFER_FULL);
            peak_bytes[adm_qid] <= (adm_admit && adm_qbytes_next > pk) ? adm_qbytes_next : pk;
        end
    end

    // dequeue side
    always_ff @(posedge clk) begin
        logic v;
        if (deq_ev) begin
            v = vld_out_q[deq_qid];
            deq_frames[deq_qid] <= (v ? deq_frames[deq_qid] : '0) + 1'b1;
            deq_bytes[deq_qid]  <= (v ? deq_bytes[deq_qid]  : '0) + CTW'(deq_len);
            marks_deq[deq_qid]  <= (v ? marks_deq[deq_qid]  : '0) + CTW'(deq_mark);
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            vld_in_q  <= '0;
            vld_out_q <= '0;
        end else begin
            if (adm_ev) begin
                vld_in_q[adm_qid] <= 1'b1;
            end
            if (deq_ev) begin
                vld_out_q[deq_qid] <= 1'b1;
            end
        end
    end

    // counter read (2.9): only in cycles with a register read
    always_ff @(posedge clk) begin
        logic [CTW-1:0] v;
        logic           vi;
        logic           vo;
        if (rst) begin
            rd_q <= '0;
        end else if (rd_en_q) begin
            vi = vld_in_q[rd_qid];
            vo = vld_out_q[rd_qid];
            case (rd_k)
                sw_pkg::QCNT_ENQ_FRAMES:       v = vi ? enq_frames[rd_qid] : '0;
                sw_pkg::QCNT_ENQ_BYTES:        v = vi ? enq_bytes[rd_qid]  : '0;
                sw_pkg::QCNT_DEQ_FRAMES:       v = vo ? deq_frames[rd_qid] : '0;
                sw_pkg::QCNT_DEQ_BYTES:        v = vo ? deq_bytes[rd_qid]  : '0;
                sw_pkg::QCNT_ECN_MARKS:        v = (vi ? marks_adm[rd_qid] : '0) + (vo ? marks_deq[rd_qid] : '0);
                sw_pkg::QCNT_DROP_LOSSY_TAIL:  v = vi ? drop_lossy[rd_qid] : '0;
                sw_pkg::QCNT_DROP_WRED:        v = vi ? drop_wred[rd_qid]  : '0;
                sw_pkg::QCNT_DROP_HEADROOM:    v = vi ? drop_hdrm[rd_qid]  : '0;
                sw_pkg::QCNT_DROP_BUFFER_FULL: v = vi ? drop_full[rd_qid]  : '0;
                sw_pkg::QCNT_PEAK_BYTES:       v = vi ? CTW'(peak_bytes[rd_qid]) : '0;
                default: v = '0;
            endcase
            rd_q <= rd_hi ? v[63:32] : v[31:0];
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            sel_port_q <= 1'b0;
        end else if (rd_en_q || rd_en_p) begin
            sel_port_q <= rd_en_p;
        end
    end
endmodule
`resetall
