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
endmodule
`resetall
