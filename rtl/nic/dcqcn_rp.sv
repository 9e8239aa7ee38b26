// dcqcn_rp: the DCQCN reaction point unit (docs/units/dcqcn.md 10): per-flow state in one RAM word
// per flow, one event per cycle, result 3 cycles after the event, as the SystemC unit declares.
//
//   cycle 0  event on ev_*                         edge 0: event register
//   cycle 1  RAM read of the flow's word           edge 1: read data register
//   cycle 2  dcqcn_rp_pass on the word             edge 2: RAM write, out_* registers
//   cycle 3  out_valid with the new state and the timers to arm
//
// A flow's events may follow each other on consecutive cycles: the word written at edge 2 is
// forwarded to the next pass when its read (at the same edge) still saw the old word. The timers
// stay in the unit as deadlines (docs/README.md principle 2) and arrive here as events.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module dcqcn_rp #(
    parameter int VARIANT = 0,  // 0 paper, 1 ns3-rdma, 2 mlx (dcqcn_rp_pass)
    parameter int FLOW_W  = 10  // flow index bits: 2^FLOW_W state words, 1..16
) (
    input  wire                  clk,
    input  wire                  rst,

    // events (dcqcn_rp_pkg::RP_EV_*)
    input  wire                  ev_valid,
    input  wire [2:0]            ev_kind,
    input  wire [FLOW_W-1:0]     ev_flow,
    input  wire [15:0]           ev_len,

    // configuration registers (dcqcn_rp_pass)
    input  wire [23:0]           cfg_line_rate,
    input  wire [23:0]           cfg_min_rate,
    input  wire [23:0]           cfg_r_ai,
    input  wire [23:0]           cfg_r_hai,
    input  wire [15:0]           cfg_g,
    input  wire [19:0]           cfg_initial_alpha,
    input  wire [4:0]            cfg_f,
    input  wire [23:0]           cfg_byte_counter,
    input  wire [31:0]           cfg_alpha_timer_ns,
    input  wire [31:0]           cfg_increase_timer_ns,
    input  wire [31:0]           cfg_rate_decrease_ns,
    input  wire                  cfg_clamp,
    input  wire                  cfg_clamp_ati,
    input  wire [16:0]           cfg_min_dec_fac,
    input  wire [23:0]           cfg_rate_on_first_cnp,

    // results, 3 cycles after the event
    output logic                 out_valid,
    output logic [FLOW_W-1:0]    out_flow,
    output logic [dcqcn_rp_pkg::STATE_W-1:0] out_state, // the word written back (dcqcn_rp_pass)
    output logic [2:0]           out_action,
    output logic [31:0]          out_arm_alpha_ns,
    output logic [31:0]          out_arm_increase_ns,
    output logic [31:0]          out_arm_decrease_ns,
    output logic                 out_byte_counter_expired,
    output logic                 out_target_divided,
    output logic [7:0]           out_hyper_i,
    output logic                 out_rate_changed
);
    // parameter legality, at elaboration (lint and synthesis stop too)
    if (VARIANT < 0 || VARIANT > 2) begin : g_bad_variant
        $error("dcqcn_rp: VARIANT = %0d must be 0 (paper), 1 (ns3-rdma) or 2 (mlx)", VARIANT);
    end
    if (FLOW_W < 1 || FLOW_W > 16) begin : g_bad_flow_w
        $error("dcqcn_rp: FLOW_W = %0d must be 1..16", FLOW_W);
    end

    logic [dcqcn_rp_pkg::STATE_W-1:0] state_mem [0:(1 << FLOW_W) - 1];

    // edge 0: event register
    logic              s0_valid;
    logic [2:0]        s0_kind;
    logic [FLOW_W-1:0] s0_flow;
    logic [15:0]       s0_len;
    // edge 1: read data register
    logic              s1_valid;
    logic [2:0]        s1_kind;
    logic [FLOW_W-1:0] s1_flow;
    logic [15:0]       s1_len;
    logic [dcqcn_rp_pkg::STATE_W-1:0]      s1_rd_state;

    always_ff @(posedge clk) begin
        s0_kind <= ev_kind;
        s0_flow <= ev_flow;
        s0_len  <= ev_len;
        s1_kind <= s0_kind;
        s1_flow <= s0_flow;
        s1_len  <= s0_len;
        s1_rd_state <= state_mem[s0_flow];
        if (rst) begin
            s0_valid <= 1'b0;
            s1_valid <= 1'b0;
        end else begin
            s0_valid <= ev_valid;
            s1_valid <= s0_valid;
        end
    end

    // cycle 2: the pass, on the word just written when the previous event was the same flow
    logic [dcqcn_rp_pkg::STATE_W-1:0] pass_in, pass_out;
    logic [2:0]   pass_action;
    logic [31:0]  pass_arm_alpha_ns, pass_arm_increase_ns, pass_arm_decrease_ns;
    logic         pass_byte_counter_expired, pass_target_divided, pass_rate_changed;
    logic [7:0]   pass_hyper_i;

    assign pass_in = (out_valid && out_flow == s1_flow) ? out_state : s1_rd_state;

    dcqcn_rp_pass #(.VARIANT(VARIANT)) pass (
        .ev_kind(s1_kind), .ev_len(s1_len), .st_in(pass_in),
        .cfg_line_rate, .cfg_min_rate, .cfg_r_ai, .cfg_r_hai, .cfg_g, .cfg_initial_alpha, .cfg_f,
        .cfg_byte_counter, .cfg_alpha_timer_ns, .cfg_increase_timer_ns, .cfg_rate_decrease_ns, .cfg_clamp,
        .cfg_clamp_ati, .cfg_min_dec_fac, .cfg_rate_on_first_cnp,
        .st_out(pass_out), .out_action(pass_action), .out_arm_alpha_ns(pass_arm_alpha_ns),
        .out_arm_increase_ns(pass_arm_increase_ns), .out_arm_decrease_ns(pass_arm_decrease_ns),
        .out_byte_counter_expired(pass_byte_counter_expired), .out_target_divided(pass_target_divided),
        .out_hyper_i(pass_hyper_i), .out_rate_changed(pass_rate_changed)
    );

    // edge 2: write back and publish
    always_ff @(posedge clk) begin
        if (s1_valid) state_mem[s1_flow] <= pass_out;
        out_flow <= s1_flow;
        out_state <= pass_out;
        out_action <= pass_action;
        out_arm_alpha_ns <= pass_arm_alpha_ns;
        out_arm_increase_ns <= pass_arm_increase_ns;
        out_arm_decrease_ns <= pass_arm_decrease_ns;
        out_byte_counter_expired <= pass_byte_counter_expired;
        out_target_divided <= pass_target_divided;
        out_hyper_i <= pass_hyper_i;
        out_rate_changed <= pass_rate_changed;
        out_valid <= rst ? 1'b0 : s1_valid;
    end
endmodule
`resetall
