// sw_lfsr: 32-bit Galois LFSR, taps 0x80200003, shift right, advanced 16 steps per decision
// (docs/switch.md 2.5).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_lfsr (
    input  wire         clk,
    input  wire         rst,

    input  wire         seed_wr,    // load LFSR_SEED (0 is replaced by 1)
    input  wire [31:0]  seed,
    input  wire         step,       // one decision: advance 16 steps at this edge

    output logic [31:0] lfsr,       // current state
    output logic [15:0] rnd         // bits [15:0] of the current state (2.5: compared before the step)
);
    logic [31:0] lfsr_q;

    assign lfsr = lfsr_q;
    assign rnd  = lfsr_q[15:0];

    // 16 single steps unrolled into one XOR network, evaluated only in a cycle that steps
    // (docs/switch.md 3.5)
    always_ff @(posedge clk) begin
        logic [31:0] n;
        if (rst) begin
            lfsr_q <= 32'd1;
        end else if (seed_wr) begin
            lfsr_q <= (seed == 32'd0) ? 32'd1 : seed;
        end else if (step) begin
            n = lfsr_q;
            for (int i = 0; i < 16; i++) begin
                n = (n >> 1) ^ (n[0] ? sw_pkg::LFSR_TAPS : 32'd0);
            end
            lfsr_q <= n;
        end
    end
endmodule
`resetall
