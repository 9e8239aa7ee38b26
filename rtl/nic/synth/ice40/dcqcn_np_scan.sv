// dcqcn_np_scan.sv: a timing harness of dcqcn_np for FPGA place and route (ice40_timing.sh), as
// dcqcn_rp_scan.sv: inputs from a scan chain, outputs registered and shifted out. Not a production
// block.
`default_nettype none
module dcqcn_np_scan #(
    parameter int FLOW_W   = 8,   // as dcqcn_np
    parameter int TIME_W   = 17,  // as dcqcn_np
    parameter int TIME_LSB = 0    // as dcqcn_np
) (
    input  wire  clk,
    input  wire  rst,
    input  wire  scan_in,
    input  wire  scan_load,  // 1: capture the unit's outputs, 0: shift them out
    output wire  scan_out
);
    localparam int IN_W = 1 + 2 + FLOW_W + 64 + 1 + 17;
    localparam int OUT_W = 1 + FLOW_W + TIME_W + 2 + 1 + 1 + 64;

    logic [IN_W-1:0] in_q;
    logic [OUT_W-1:0] out_d, out_q;

    wire ev_valid, cfg_min_time;
    wire [1:0] ev_kind;
    wire [FLOW_W-1:0] ev_flow;
    wire [63:0] ev_now_ns;
    wire [16:0] cfg_interval_ns;
    assign {ev_valid, ev_kind, ev_flow, ev_now_ns, cfg_min_time, cfg_interval_ns} = in_q;
    logic out_valid, out_send_cnp, out_arm_window;
    logic [FLOW_W-1:0] out_flow;
    logic [TIME_W+1:0] out_state;
    logic [63:0] out_window_end_ns;

    always_ff @(posedge clk) begin
        in_q  <= {in_q[IN_W-2:0], scan_in};
        out_q <= scan_load ? out_d : {out_q[OUT_W-2:0], 1'b0};
    end
    assign scan_out = out_q[OUT_W-1];

    dcqcn_np #(.FLOW_W(FLOW_W), .TIME_W(TIME_W), .TIME_LSB(TIME_LSB)) unit (
        .clk, .rst, .ev_valid, .ev_kind, .ev_flow, .ev_now_ns, .cfg_min_time, .cfg_interval_ns,
        .out_valid, .out_flow, .out_state, .out_send_cnp, .out_arm_window, .out_window_end_ns
    );
    assign out_d = {out_valid, out_flow, out_state, out_send_cnp, out_arm_window, out_window_end_ns};
endmodule
`default_nettype wire
