// sw_pfc_rx: received PFC frames, pause deadlines and paused-cycle accounting (docs/switch.md 2.7).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_pfc_rx #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // PFC classes in use
    parameter int NQ     = NPORTS*NPRIO,
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [sw_pkg::CYC_W-1:0]          cycle,

    input  wire [NPORTS-1:0]                 pfc_in_valid,
    input  wire [NPORTS*8-1:0]               pfc_in_class_en,
    input  wire [NPORTS*128-1:0]             pfc_in_time,
    input  wire [NPORTS*32-1:0]              quantum_cycles,

    output logic [NQ-1:0]                    paused,        // queue (e,c) paused in this cycle
    output logic [NQ-1:0]                    paused_reg,    // paused as registered at the last recomputation
    output logic [sw_pkg::CYC_W-1:0]         next_deadline, // earliest pause_until after the last edge
    output logic                             slow,          // cycle >= next_deadline (paused may differ from paused_reg)

    // register read (2.9 block 9, k = 4 + c): registered
    input  wire                              rd_en,
    input  wire [PID_W-1:0]                  rd_port,
    input  wire [2:0]                        rd_c,
    input  wire                              rd_hi,
    output logic [31:0]                      rd_data
);
    localparam int CYW = sw_pkg::CYC_W;

    logic [CYW-1:0]  min_mem [NPORTS];   // per port: earliest pause_until after its last recomputation
    logic             any_slow;
    logic             rx_wr;
    logic             nd_dirty_q;
    logic [CYW-1:0]   nd_q;

    // per-(e,c) state, one entry per port with class c at [c*W +: W]; each entry is written as a
    // whole, once per edge at most (one write per port, not per class, keeps the Verilated model fast)
    logic [8*CYW-1:0] until_mem [NPORTS];   // pause_until(e,c)
    logic [8*CYW-1:0] from_mem  [NPORTS];   // first cycle governed by the current pause_until
    logic [8*64-1:0]  acc_mem   [NPORTS];   // paused cycles before from

    // the earliest deadline over ports (state only): searched over the ports only after an edge
    // that may have written one (nd_dirty_q), else the value kept from the last search (3.4)
    always_comb begin
        if (nd_dirty_q) begin
            next_deadline = '1;
            for (int e = 0; e < NPORTS; e++) begin
                if (min_mem[e] < next_deadline) begin
                    next_deadline = min_mem[e];
                end
            end
        end else begin
            next_deadline = nd_q;
        end
    end

    always_ff @(posedge clk) begin
        nd_dirty_q <= rx_wr;
        nd_q       <= next_deadline;
    end

    assign any_slow = cycle >= next_deadline;
    assign slow     = any_slow;
    assign rx_wr    = rst || (pfc_in_valid != '0) || any_slow;   // some port's entries may be written

    // paused iff cycle < pause_until (2.7): the registered status, with the exact comparison only
    // on the ports whose deadline has passed
    always_comb begin
        paused = paused_reg;
        if (any_slow) begin
            for (int e = 0; e < NPORTS; e++) begin
                if (cycle >= min_mem[e]) begin
                    for (int c = 0; c < NPRIO; c++) begin
                        paused[e*NPRIO + c] = cycle < until_mem[e][c*CYW +: CYW];
                    end
                end
            end
        end
    end

    for (genvar e = 0; e < NPORTS; e++) begin : g_port
        logic [NPRIO-1:0] paused_q;      // paused in the cycle after the last recomputation

        assign paused_reg[e*NPRIO +: NPRIO] = paused_q;

        // the port's entries are written once per edge at most, reset included (docs/switch.md 3.5)
        always_ff @(posedge clk) begin
            logic [CYW-1:0]   m;
            logic [CYW-1:0]   u;
            logic [CYW-1:0]   seg_end;
            logic [CYW-1:0]   nxt;
            logic [8*CYW-1:0] until_n;
            logic [8*CYW-1:0] from_n;
            logic [8*64-1:0]  acc_n;
            logic [NPRIO-1:0] pz;
            if (rx_wr) begin
                // reset, a PFC frame arrived or this port's deadline is reached (the first test is cheap)
                if (rst || pfc_in_valid[e] || cycle >= min_mem[e]) begin
                    m       = '1;
                    nxt     = cycle + 1'b1;
                    until_n = until_mem[e];
                    from_n  = from_mem[e];
                    acc_n   = acc_mem[e];
                    for (int c = 0; c < NPRIO; c++) begin
                        u = until_n[c*CYW +: CYW];
                        if (pfc_in_valid[e] && pfc_in_class_en[e*8 + c]) begin
                            // close the running pause: cycles from .. cycle under the old deadline
                            seg_end = (u < nxt) ? u : nxt;
                            if (seg_end > from_n[c*CYW +: CYW]) begin
                                acc_n[c*64 +: 64] = acc_n[c*64 +: 64] + 64'(CYW'(seg_end - from_n[c*CYW +: CYW]));
                            end
                            from_n[c*CYW +: CYW] = nxt;
                            // pause_until = t + 1 + time * QUANTUM_CYCLES (2.7)
                            u = nxt + CYW'(pfc_in_time[e*128 + c*16 +: 16]) * CYW'(quantum_cycles[e*32 +: 32]);
                            until_n[c*CYW +: CYW] = u;
                        end
                        pz[c] = nxt < u;
                        if (u > cycle && u < m) begin
                            m = u;
                        end
                    end
                    if (rst) begin
                        until_n = '0;
                        from_n  = '0;
                        acc_n   = '0;
                        pz      = '0;
                        m       = '1;
                    end
                    until_mem[e] <= until_n;
                    from_mem[e]  <= from_n;
                    acc_mem[e]   <= acc_n;
                    min_mem[e]   <= m;
                    paused_q     <= pz;
                end
            end
        end
    end

    // paused cycles of (e,c) before this cycle, including the running pause (2.9)
    always_ff @(posedge clk) begin
        logic [CYW-1:0] lim;
        logic [CYW-1:0] u;
        logic [CYW-1:0] f;
        logic [63:0]    v;
        if (rst) begin
            rd_data <= '0;
        end else if (rd_en) begin
            u   = until_mem[rd_port][rd_c*CYW +: CYW];
            f   = from_mem[rd_port][rd_c*CYW +: CYW];
            lim = (cycle < u) ? cycle : u;
            v   = acc_mem[rd_port][rd_c*64 +: 64];
            if (lim > f) begin
                v = v + 64'(CYW'(lim - f));
            end
            rd_data <= rd_hi ? v[63:32] : v[31:0];
        end
    end
`ifdef FORMAL
    // ---------------------------------------------------------------- formal proofs
    // The module is the top of the proof (rtl/switch/formal/prove.sh; docs/verification.md "Formal
    // proofs"); its inputs are free except for the assumptions below.
    logic f_past;
    initial f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;

    logic [CYW-1:0]         f_cycle_q;
    logic [NPORTS*32-1:0]   f_qc_q;
    always @(posedge clk) begin
        f_cycle_q <= cycle;
        f_qc_q    <= quantum_cycles;
    end

    always @* begin
        assume(rst == !f_past);   // reset in the first cycle of the proof only
        // cycle advances at every edge; the stepper may skip idle cycles (2.1), so by 1 or more. Far
        // from the wrap of CYC_W bits (24 under FORMAL), and QUANTUM_CYCLES <= 80 (2.1: 10 Gb/s), so
        // pause_until = cycle + 1 + 65535 x 80 never wraps
        assume(cycle < CYW'(1) << (CYW - 1));
        if (f_past) begin
            assume(cycle > f_cycle_q);
            assume(quantum_cycles == f_qc_q);   // software configures before traffic
        end
        for (int e = 0; e < NPORTS; e++) begin
            assume(quantum_cycles[e*32 +: 32] <= 32'd80);
        end
    end

`ifdef FORMAL_PAUSE_BOUND
    // 6b. the load and the bound (2.7, IEEE 802.1Qbb), at one constant QUANTUM_CYCLES on every port,
    // FORMAL_PAUSE_QC (default 8: 100 Gb/s at 1.5625 GHz; prove.sh proves each rate's value, as a free
    // QUANTUM_CYCLES makes the multiply too hard for the solver): a frame with quanta N received at
    // cycle t sets the timer of each class it enables to N x QUANTUM_CYCLES + 1 - (t' - t) at the next
    // cycle t' (pause_until = t + 1 + N x QUANTUM_CYCLES), and the timer of (e,c) never exceeds the
    // quanta of the last frame that paused it x QUANTUM_CYCLES.
`ifndef FORMAL_PAUSE_QC
`define FORMAL_PAUSE_QC 8
`endif
    localparam logic [CYW-1:0] F_QC = CYW'(`FORMAL_PAUSE_QC);
    logic [NQ-1:0]      fb_rx_q;       // (e,c) received a frame at the last edge
    logic [NQ*16-1:0]   fb_n_q;        // ... its quanta
    logic [NQ*CYW-1:0]  fb_bound_q;    // the last frame's quanta x QUANTUM_CYCLES
    logic [CYW-1:0]     fb_tmr, fb_u, fb_dt, fb_load;
    always @(posedge clk) begin
        for (int i = 0; i < NQ; i++) begin
            fb_rx_q[i] <= !rst && pfc_in_valid[i / NPRIO] && pfc_in_class_en[(i / NPRIO)*8 + (i % NPRIO)];
            fb_n_q[i*16 +: 16] <= pfc_in_time[(i / NPRIO)*128 + (i % NPRIO)*16 +: 16];
            if (rst) begin
                fb_bound_q[i*CYW +: CYW] <= '0;
            end else if (pfc_in_valid[i / NPRIO] && pfc_in_class_en[(i / NPRIO)*8 + (i % NPRIO)]) begin
                fb_bound_q[i*CYW +: CYW] <= CYW'(pfc_in_time[(i / NPRIO)*128 + (i % NPRIO)*16 +: 16]) * F_QC;
            end
        end
    end
    always @* begin
        for (int e = 0; e < NPORTS; e++) begin
            assume(quantum_cycles[e*32 +: 32] == 32'(`FORMAL_PAUSE_QC));
        end
        if (f_past && !rst) begin
            fb_dt = cycle - f_cycle_q;
            for (int i = 0; i < NQ; i++) begin
                fb_u   = until_mem[i / NPRIO][(i % NPRIO)*CYW +: CYW];
                fb_tmr = (fb_u > cycle) ? fb_u - cycle : '0;
                assert(fb_tmr <= fb_bound_q[i*CYW +: CYW]);
                if (fb_rx_q[i]) begin
                    fb_load = CYW'(fb_n_q[i*16 +: 16]) * F_QC + CYW'(1);
                    assert(fb_tmr == ((fb_load > fb_dt) ? fb_load - fb_dt : '0));
                end
            end
        end
    end
`endif

`ifdef FORMAL_PAUSE_TIMER
    // 6. pause timers (2.7, IEEE 802.1Qbb): the block keeps a deadline pause_until(e,c), not a
    // counter; the timer of (e,c) in cycle t is what remains of its pause, pause_until - t, or 0 once
    // passed. Asserted: paused(e,c) == (timer != 0) in every cycle, also between the block's
    // recomputations (3.4: the registered status and the per-port earliest deadlines); without a
    // frame for (e,c) the timer only counts down, by the cycles that passed, to 0; it is 0 after
    // reset; a frame with quanta 0 received at t resumes the class at t + 1 (timer 0, not paused).
    // Not asserted: that a frame with quanta N loads N x QUANTUM_CYCLES(e), and the bound by the
    // last quanta x QUANTUM_CYCLES(e): z3 does not return from them at depth 2 (docs/verification.md).
    logic [NQ*CYW-1:0] f_pt_tmr;     // timer of (e,c) i at [i*CYW +: CYW]
    logic [NQ*CYW-1:0] f_pt_tmr_q;   // the timer in the cycle before
    logic [NQ-1:0]     f_pt_rx_q;    // (e,c) received a frame at the last edge
    logic [NQ-1:0]     f_pt_zero_q;  // ... with quanta 0
    logic              f_pt_rst_q;
    logic [CYW-1:0]    f_pt_u, f_pt_dt;
    always @* begin
        for (int i = 0; i < NQ; i++) begin
            f_pt_u = until_mem[i / NPRIO][(i % NPRIO)*CYW +: CYW];
            f_pt_tmr[i*CYW +: CYW] = (f_pt_u > cycle) ? f_pt_u - cycle : '0;
        end
    end
    always @(posedge clk) begin
        f_pt_rst_q <= rst;
        f_pt_tmr_q <= f_pt_tmr;
        for (int i = 0; i < NQ; i++) begin
            f_pt_rx_q[i]   <= !rst && pfc_in_valid[i / NPRIO] && pfc_in_class_en[(i / NPRIO)*8 + (i % NPRIO)];
            f_pt_zero_q[i] <= pfc_in_time[(i / NPRIO)*128 + (i % NPRIO)*16 +: 16] == '0;
        end
    end
    always @* begin
        if (f_past && !rst) begin
            f_pt_dt = cycle - f_cycle_q;   // cycles since the last edge's cycle (>= 1)
            for (int i = 0; i < NQ; i++) begin
                assert(paused[i] == (f_pt_tmr[i*CYW +: CYW] != '0));
                if (f_pt_rst_q) begin
                    assert(f_pt_tmr[i*CYW +: CYW] == '0);
                end else if (f_pt_rx_q[i]) begin
                    if (f_pt_zero_q[i]) begin
                        assert(!paused[i] && f_pt_tmr[i*CYW +: CYW] == '0);   // quanta 0: resumed
                    end
                end else begin
                    // counts down by the cycles passed, to 0
                    assert(f_pt_tmr[i*CYW +: CYW] == ((f_pt_tmr_q[i*CYW +: CYW] > f_pt_dt) ?
                                                      f_pt_tmr_q[i*CYW +: CYW] - f_pt_dt : '0));
                end
            end
        end
    end
`endif
`endif
endmodule
`resetall
