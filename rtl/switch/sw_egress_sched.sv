// sw_egress_sched: port round robin, strict priority and DWRR dequeue selection (docs/switch.md 2.8).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_egress_sched #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // queues per port
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ),
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,

    input  wire [NPORTS-1:0]             out_desc_ready,   // transmitter idle
    input  wire [NQ-1:0]                 nonempty,         // queues with a frame
    input  wire [NQ-1:0]                 paused,           // queues paused in this cycle
    input  wire [NPORTS-1:0]             port_elig,        // ports with an eligible queue
    input  wire [7:0]                    dwrr_group_mask,

    // head length of the DWRR pointer's queue
    output logic [QID_W-1:0]             hlen_qid,
    input  wire [sw_pkg::LEN_W-1:0]      hlen,

    // the dequeue decision of this cycle
    output logic                         deq_valid,
    output logic [NPORTS-1:0]            deq_onehot,       // the port, one-hot (0: none)
    output logic [PID_W-1:0]             deq_port,
    output logic [2:0]                   deq_c,
    output logic [QID_W-1:0]             deq_qid,

    // the served queue (deq_qid): frame length, last frame, DWRR quantum
    input  wire [sw_pkg::LEN_W-1:0]      deq_len,
    input  wire                          deq_last,
    input  wire [31:0]                   deq_quantum
);
    localparam int DW = sw_pkg::DEF_W;

    logic [NPORTS-1:0]     rr_mask_q;   // ports at or after the round-robin pointer rr_out
    logic [NPORTS*3-1:0]   dptr_q;

    // deficits per queue (port*NPRIO + c), DW bits, cleared by rst: read at the DWRR pointer's
    // queue and at the served queue, one word each (docs/switch.md 3.5)
    logic [DW-1:0]         d_dp_rd;     // at the DWRR pointer's queue
    logic [DW-1:0]         d_srv_rd;    // at the served queue
    logic                  def_wr;
    logic [DW-1:0]         def_rq_unused;   // no register reads of deficits

    sw_clr_ram #(.W(DW), .DEPTH(NQ)) u_def (
        .clk(clk), .rst(rst),
        .ra_addr(hlen_qid), .ra_data(d_dp_rd), .rb_addr(deq_qid), .rb_data(d_srv_rd),
        .rq_en(1'b0), .rq_addr('0), .rq_data(def_rq_unused),
        .wr0_en(1'b0), .wr0_addr('0), .wr0_data('0),
        .wr1_en(def_wr), .wr1_addr(deq_qid), .wr1_data(d_new)
    );

    logic [NPORTS-1:0] has;
    logic [NPORTS-1:0] cand_port;
    logic [NPORTS-1:0] win;            // the chosen port, one-hot (0: none)
    logic [7:0]        elig;
    logic [7:0]        grp;
    logic [2:0]        gtop;
    logic [2:0]        sp_c;
    logic              use_dwrr;
    logic              add_quantum;
    logic [2:0]        dp;
    logic [2:0]        cand;
    logic [DW-1:0]     d_dp;
    logic [DW-1:0]     d_srv;
    logic [DW-1:0]     d_new;

    // ports with a ready transmitter and an eligible queue; round robin from rr_out: the lowest
    // such port at or after it, else (wrapping) the lowest of all (word-wide, docs/switch.md 3.5)
    always_comb begin
        has       = out_desc_ready & port_elig;
        cand_port = has & rr_mask_q;
        if (cand_port == '0) begin
            cand_port = has;
        end
        win       = cand_port & (~cand_port + 1'b1);
        deq_valid = has != '0;
        deq_port  = PID_W'(sw_pkg::onehot_index(64'(win)));
    end

    // the group's highest member (state only)
    always_comb begin
        grp  = dwrr_group_mask & 8'((9'd1 << NPRIO) - 9'd1);
        gtop = sw_pkg::msb_index8(grp);
    end

    // the chosen port: strict priority, DWRR group placed at its highest member; by word-wide
    // operations on the port's eligible classes, not per-class loops (docs/switch.md 3.5)
    always_comb begin
        logic [7:0] sp_mask;    // eligible classes outside the group
        logic [7:0] gm;         // eligible group members
        logic [7:0] after;      // eligible group members after dptr
        logic [NPRIO-1:0] ep;
        // eligible (2.8)
        ep       = nonempty[deq_port*NPRIO +: NPRIO] & ~paused[deq_port*NPRIO +: NPRIO];
        elig     = 8'(ep);
        sp_mask  = elig & ~grp;
        gm       = elig & grp;
        // the group is served when it has an eligible member and no class above its top does
        use_dwrr = (gm != '0) && ((sp_mask & (8'hFE << gtop)) == '0);
        sp_c     = sw_pkg::msb_index8(sp_mask);

        // next eligible group member after dptr in cyclic order, dptr itself last (searched only
        // when the group has an eligible member)
        dp    = dptr_q[deq_port*3 +: 3];
        cand  = dp;
        after = '0;
        if (gm != '0) begin
            after = gm & (8'hFE << dp);
            if (after == '0) begin
                after = gm;
            end
            cand = sw_pkg::lsb_index8(after);
        end
    end

    assign deq_onehot = win;

    assign hlen_qid = QID_W'(32'(deq_port) * NPRIO + 32'(dp));
    assign d_dp     = d_dp_rd;

    // DWRR: serve dptr if eligible with enough deficit, else the next eligible member
    always_comb begin
        add_quantum = 1'b0;
        deq_c       = sp_c;
        if (use_dwrr) begin
            if (grp[dp] && elig[dp] && d_dp >= DW'(hlen)) begin
                deq_c = dp;
            end else begin
                deq_c       = cand;
                add_quantum = 1'b1;
            end
        end
    end

    assign deq_qid = QID_W'(32'(deq_port) * NPRIO + 32'(deq_c));

    // new deficit of the served queue: D (+ quantum) - len, 0 when left empty
    always_comb begin
        d_srv = d_srv_rd;
        d_new = d_srv + (add_quantum ? deq_quantum : '0) - DW'(deq_len);
        if (deq_last) begin
            d_new = '0;
        end
        def_wr = deq_valid && use_dwrr;
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            rr_mask_q <= '1;
            dptr_q    <= '0;
        end else if (deq_valid) begin
            // rr_out = winner + 1 (mod NPORTS): the ports above the winner (none above the last
            // port: the same as all ports)
            rr_mask_q <= ~(win | (win - 1'b1));
            if (use_dwrr) begin
                dptr_q[deq_port*3 +: 3] <= deq_c;
            end
        end
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only), DWRR of 2.8: dptr
    // served on its deficit; dptr eligible but its deficit short of the head frame, so the next member
    // gets a quantum; the search for the next member wrapping past the group's top to its lowest member
    // (or dptr itself); a queue left empty, its deficit cleared; a strict priority above the group
    // served while a group member waits
    c_dwrr_serve_on_deficit: cover property (@(posedge clk) disable iff (rst) deq_valid && use_dwrr && !add_quantum);
    c_dwrr_deficit_short:    cover property (@(posedge clk) disable iff (rst)
                                              deq_valid && use_dwrr && grp[dp] && elig[dp] && d_dp < DW'(hlen));
    c_dwrr_pointer_wrap:     cover property (@(posedge clk) disable iff (rst) deq_valid && use_dwrr && add_quantum && cand <= dp);
    c_dwrr_empty_clears:     cover property (@(posedge clk) disable iff (rst) deq_valid && use_dwrr && deq_last);
    c_sp_above_group:        cover property (@(posedge clk) disable iff (rst) deq_valid && !use_dwrr && (elig & grp) != '0);
`endif
endmodule
`resetall
