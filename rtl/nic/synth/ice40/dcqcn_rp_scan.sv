// dcqcn_rp_scan.sv: a timing harness of dcqcn_rp for FPGA place and route (ice40_timing.sh). Every
// input of the unit comes from a register of a scan chain loaded through scan_in, every output is
// registered and shifted out through scan_out: the unit's paths run register to register, no logic
// is optimised away, and the design needs four pins. Not a production block.
`default_nettype none
module dcqcn_rp_scan #(
    parameter int VARIANT = 0,  // as dcqcn_rp
    parameter int FLOW_W  = 8   // as dcqcn_rp
) (
    input  wire  clk,
    input  wire  rst,
    input  wire  scan_in,
    input  wire  scan_load,  // 1: capture the unit's outputs, 0: shift them out
    output wire  scan_out
);
    localparam int IN_W = 1 + 3 + FLOW_W + 16 + 4 * 24 + 16 + 20 + 5 + 24 + 3 * 32 + 2 + 17 + 24;
    localparam int OUT_W = 1 + FLOW_W + dcqcn_rp_pkg::STATE_W + 3 + 3 * 32 + 2 + 8 + 1;

    logic [IN_W-1:0] in_q;
    logic [OUT_W-1:0] out_d, out_q;

    wire ev_valid, cfg_clamp, cfg_clamp_ati;
    wire [2:0] ev_kind;
    wire [FLOW_W-1:0] ev_flow;
    wire [15:0] ev_len, cfg_g;
    wire [23:0] cfg_line_rate, cfg_min_rate, cfg_r_ai, cfg_r_hai, cfg_byte_counter, cfg_rate_on_first_cnp;
    wire [19:0] cfg_initial_alpha;
    wire [4:0] cfg_f;
    wire [31:0] cfg_alpha_timer_ns, cfg_increase_timer_ns, cfg_rate_decrease_ns;
    wire [16:0] cfg_min_dec_fac;
    logic out_valid, out_byte_counter_expired, out_target_divided, out_rate_changed;
    logic [FLOW_W-1:0] out_flow;
    logic [dcqcn_rp_pkg::STATE_W-1:0] out_state;
    logic [2:0] out_action;
    logic [31:0] out_arm_alpha_ns, out_arm_increase_ns, out_arm_decrease_ns;
    logic [7:0] out_hyper_i;
    assign {ev_valid, ev_kind, ev_flow, ev_len, cfg_line_rate, cfg_min_rate, cfg_r_ai, cfg_r_hai, cfg_g,
            cfg_initial_alpha, cfg_f, cfg_byte_counter, cfg_alpha_timer_ns, cfg_increase_timer_ns,
            cfg_rate_decrease_ns, cfg_clamp, cfg_clamp_ati, cfg_min_dec_fac, cfg_rate_on_first_cnp} = in_q;

    always_ff @(posedge clk) begin
        in_q  <= {in_q[IN_W-2:0], scan_in};
        out_q <= scan_load ? out_d : {out_q[OUT_W-2:0], 1'b0};
    end
    assign scan_out = out_q[OUT_W-1];

    dcqcn_rp #(.VARIANT(VARIANT), .FLOW_W(FLOW_W)) unit (
        .clk, .rst, .ev_valid, .ev_kind, .ev_flow, .ev_len, .cfg_line_rate, .cfg_min_rate, .cfg_r_ai,
        .cfg_r_hai, .cfg_g, .cfg_initial_alpha, .cfg_f, .cfg_byte_counter, .cfg_alpha_timer_ns,
        .cfg_increase_timer_ns, .cfg_rate_decrease_ns, .cfg_clamp, .cfg_clamp_ati, .cfg_min_dec_fac,
        .cfg_rate_on_first_cnp,
        .out_valid, .out_flow, .out_state, .out_action, .out_arm_alpha_ns, .out_arm_increase_ns,
        .out_arm_decrease_ns, .out_byte_counter_expired, .out_target_divided, .out_hyper_i, .out_rate_changed
    );
    assign out_d = {out_valid, out_flow, out_state, out_action, out_arm_alpha_ns, out_arm_increase_ns,
                    out_arm_decrease_ns, out_byte_counter_expired, out_target_divided, out_hyper_i, out_rate_changed};
endmodule
`default_nettype wire
