// sw_ecn_marker: RED/ECN marking and WRED drop decision (docs/switch.md 2.4 rule 2, 2.5).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_ecn_marker (
    // RED marking (2.5): queue length q in bytes as the decision sees it
    input  wire [31:0]  mark_q_bytes,
    input  wire [31:0]  kmin_bytes,
    input  wire [31:0]  kmax_bytes,
    input  wire [31:0]  ecn_slope,
    input  wire         ecn_en,
    input  wire [1:0]   mark_ecn_in,
    input  wire [15:0]  lfsr_low,       // LFSR bits [15:0] at the start of the cycle (2.5)

    output logic        mark,           // frame becomes CE (if the decision is taken)
    output logic        step,           // the LFSR steps (if the decision is taken)

    // WRED (2.4 rule 2)
    input  wire [31:0]  wred_q_bytes,
    input  wire [31:0]  wred_k_bytes,
    input  wire         wred_en,
    input  wire [1:0]   wred_ecn_in,

    output logic        wred_drop
);
    logic        ect;
    logic [31:0] excess;
    logic [63:0] prod;
    logic [16:0] p16;

    always_comb begin
        ect    = (mark_ecn_in == 2'd1) || (mark_ecn_in == 2'd2);
        excess = mark_q_bytes - kmin_bytes;
        prod   = (64'(excess) * 64'(ecn_slope)) >> 16;
        p16    = (prod >= 64'd65536) ? 17'd65536 : prod[16:0];
        mark   = 1'b0;
        step   = 1'b0;
        if (ecn_en && ect && mark_q_bytes > kmin_bytes) begin
            if (mark_q_bytes > kmax_bytes) begin
                mark = 1'b1;
            end else begin
                step = 1'b1;
                mark = 17'(lfsr_low) < p16;
            end
        end
        wred_drop = wred_en && (wred_ecn_in == sw_pkg::ECN_NOT_ECT) && (wred_q_bytes >= wred_k_bytes);
    end
endmodule
`resetall
