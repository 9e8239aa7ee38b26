// sw_pfc_rx: received PFC frames, pause deadlines and paused-cycle accounting (docs/switch.md 2.7).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_pfc_rx #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // PFC classes in use
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ)
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [sw_pkg::CYC_W-1:0]          cycle,

    input  wire [NPORTS-1:0]                 pfc_in_valid,
    input  wire [NPORTS*8-1:0]               pfc_in_class_en,
    input  wire [NPORTS*128-1:0]             pfc_in_time,
    input  wire [NPORTS*32-1:0]              quantum_cycles,

    output logic [NQ-1:0]                    paused,        // queue (e,c) paused in this cycle
    output logic [sw_pkg::CYC_W-1:0]         next_deadline, // earliest pause_until after the last edge

    // register read (2.9 block 9, k = 4 + c): registered
    input  wire                              rd_en,
    input  wire [QID_W-1:0]                  rd_qid,
    input  wire                              rd_hi,
    output logic [31:0]                      rd_data
);
    localparam int CYW = sw_pkg::CYC_W;

    logic [NQ*CYW-1:0] until_q;   // pause_until(e,c)
    logic [NQ*CYW-1:0] from_q;    // first cycle governed by the current pause_until
    logic [NQ*64-1:0]  acc_q;     // paused cycles before from_q
    logic [NQ-1:0]     paused_q;  // paused in the cycle after the last recomputation
    logic [CYW-1:0]    min_q;
    logic [31:0]       rd_q;

    assign next_deadline = min_q;
    assign rd_data       = rd_q;

    // paused iff cycle < pause_until (2.7); exact compare only once a deadline has passed
    always_comb begin
        if (cycle >= min_q) begin
            for (int i = 0; i < NQ; i++) begin
                paused[i] = cycle < until_q[i*CYW +: CYW];
            end
        end else begin
            paused = paused_q;
        end
    end

    always_ff @(posedge clk) begin
        logic [CYW-1:0] m;
        logic [CYW-1:0] u;
        logic [CYW-1:0] seg_end;
        logic [CYW-1:0] nxt;
        if (rst) begin
            until_q  <= '0;
            from_q   <= '0;
            acc_q    <= '0;
            paused_q <= '0;
            min_q    <= '1;
        end else if ((|pfc_in_valid) || cycle >= min_q) begin
            m   = '1;
            nxt = cycle + 1'b1;
            for (int e = 0; e < NPORTS; e++) begin
                for (int c = 0; c < NPRIO; c++) begin
                    u = until_q[(e*NPRIO + c)*CYW +: CYW];
                    if (pfc_in_valid[e] && pfc_in_class_en[e*8 + c]) begin
                        // close the running pause: cycles from_q .. cycle under the old deadline
                        seg_end = (u < nxt) ? u : nxt;
                        if (seg_end > from_q[(e*NPRIO + c)*CYW +: CYW]) begin
                            acc_q[(e*NPRIO + c)*64 +: 64] <= acc_q[(e*NPRIO + c)*64 +: 64] + 64'(CYW'(seg_end - from_q[(e*NPRIO + c)*CYW +: CYW]));
                        end
                        from_q[(e*NPRIO + c)*CYW +: CYW] <= nxt;
                        u = cycle + CYW'(pfc_in_time[e*128 + c*16 +: 16]) * CYW'(quantum_cycles[e*32 +: 32]);
                        until_q[(e*NPRIO + c)*CYW +: CYW] <= u;
                    end
                    paused_q[e*NPRIO + c] <= nxt < u;
                    if (u > cycle && u < m) begin
                        m = u;
                    end
                end
            end
            min_q <= m;
        end
    end

    // paused cycles of (e,c) before this cycle, including the running pause (2.9)
    always_ff @(posedge clk) begin
        logic [CYW-1:0] lim;
        logic [63:0]    v;
        if (rst) begin
            rd_q <= '0;
        end else if (rd_en) begin
            lim = (cycle < until_q[rd_qid*CYW +: CYW]) ? cycle : until_q[rd_qid*CYW +: CYW];
            v   = acc_q[rd_qid*64 +: 64];
            if (lim > from_q[rd_qid*CYW +: CYW]) begin
                v = v + 64'(CYW'(lim - from_q[rd_qid*CYW +: CYW]));
            end
            rd_q <= rd_hi ? v[63:32] : v[31:0];
        end
    end
endmodule
`resetall
