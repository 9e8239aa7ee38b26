// dcqcn_np: the DCQCN notification point unit (DCQCN paper section 3.1 and Figure 6;
// docs/units/dcqcn.md 7 and 10): per flow the time of the last CNP and two flags in one RAM word,
// one event per cycle, result 2 cycles after the event; bit-exact with hls/dcqcn/np_kernel.hpp.
//
//   cycle 0  event on ev_*, RAM read of the flow's word    edge 0: event and read data registers
//   cycle 1  the pass                                      edge 1: RAM write, out_* registers
//   cycle 2  out_valid
//
// A window deadline stays in the unit (docs/README.md principle 2) and arrives as
// EV_WINDOW_END; a new flow's word is cleared by EV_CLEAR (a RAM is not reset).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module dcqcn_np #(
    parameter int FLOW_W   = 10,  // flow index bits: 2^FLOW_W state words, 1..16
    parameter int TIME_W   = 17,  // bits of the last-CNP time (ticks, modulo 2^TIME_W), 1..17
    parameter int TIME_LSB = 0    // one tick = 2^TIME_LSB ns, 0..16
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  ev_valid,
    input  wire [1:0]            ev_kind,        // EV_MARKED, EV_WINDOW_END, EV_CLEAR
    input  wire [FLOW_W-1:0]     ev_flow,
    input  wire [63:0]           ev_now_ns,

    input  wire                  cfg_min_time,   // 0: paper window (Figure 6), 1: min time between CNPs
    input  wire [16:0]           cfg_interval_ns,// N

    output logic                 out_valid,
    output logic [FLOW_W-1:0]    out_flow,
    output logic [TIME_W+1:0]    out_state,      // {last_cnp, open, pending} as written back
    output logic                 out_send_cnp,   // send one CNP for this flow now
    output logic                 out_arm_window, // (re)start the window deadline at out_window_end_ns
    output logic [63:0]          out_window_end_ns
);
    // parameter legality, at elaboration (lint and synthesis stop too)
    if (FLOW_W < 1 || FLOW_W > 16) begin : g_bad_flow_w
        $error("dcqcn_np: FLOW_W = %0d must be 1..16", FLOW_W);
    end
    if (TIME_W < 1 || TIME_W > 17) begin : g_bad_time_w
        $error("dcqcn_np: TIME_W = %0d must be 1..17", TIME_W);
    end
    if (TIME_LSB < 0 || TIME_LSB > 16) begin : g_bad_time_lsb
        $error("dcqcn_np: TIME_LSB = %0d must be 0..16", TIME_LSB);
    end

    localparam logic [1:0] EV_MARKED     = 2'd0;  // a CE-marked data packet arrived
    localparam logic [1:0] EV_WINDOW_END = 2'd1;  // the window deadline of the last CNP was reached
    localparam logic [1:0] EV_CLEAR      = 2'd2;  // a new flow: its word cleared (no window open)

    logic [TIME_W+1:0] state_mem [0:(1 << FLOW_W) - 1];

    logic              s0_valid;
    logic [1:0]        s0_kind;
    logic [FLOW_W-1:0] s0_flow;
    logic [63:0]       s0_now_ns;
    logic [TIME_W+1:0] s0_rd_state;

    always_ff @(posedge clk) begin
        s0_kind <= ev_kind;
        s0_flow <= ev_flow;
        s0_now_ns <= ev_now_ns;
        s0_rd_state <= state_mem[ev_flow];
        s0_valid <= rst ? 1'b0 : ev_valid;
    end

    // the pass (np_kernel.hpp on_marked_packet, on_window_end)
    logic [TIME_W-1:0] last, ticks, elapsed;
    logic              open, pending, over;
    logic [TIME_W-1:0] n_last;
    logic              n_open, n_pending, send, arm;
    logic [63:0]       window_end_ns;

    always_comb begin
        {last, open, pending} = (out_valid && out_flow == s0_flow) ? out_state : s0_rd_state;
        ticks = TIME_W'(s0_now_ns >> TIME_LSB);
        elapsed = ticks - last;  // modulo 2^TIME_W
        over = 17'(elapsed) >= (cfg_interval_ns >> TIME_LSB);
        {n_last, n_open, n_pending} = {last, open, pending};
        send = 1'b0;
        if (s0_kind == EV_MARKED) begin
            if (!open || over) send = 1'b1;
            else if (!cfg_min_time) n_pending = 1'b1;
        end else if (s0_kind == EV_WINDOW_END) begin
            if (open && over) begin
                if (pending) send = 1'b1;
                else n_open = 1'b0;
            end
        end else if (s0_kind == EV_CLEAR) begin
            {n_last, n_open, n_pending} = '0;
        end
        arm = 1'b0;
        window_end_ns = 64'd0;
        if (send) begin
            n_last = ticks;
            n_pending = 1'b0;
            n_open = cfg_interval_ns != 17'd0;
            arm = n_open;
            if (arm) window_end_ns = s0_now_ns + 64'(cfg_interval_ns);
        end
    end

    always_ff @(posedge clk) begin
        if (s0_valid) state_mem[s0_flow] <= {n_last, n_open, n_pending};
        out_flow <= s0_flow;
        out_state <= {n_last, n_open, n_pending};
        out_send_cnp <= send;
        out_arm_window <= arm;
        out_window_end_ns <= window_end_ns;
        out_valid <= rst ? 1'b0 : s0_valid;
    end
endmodule
`resetall
