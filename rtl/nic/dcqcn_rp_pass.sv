// dcqcn_rp_pass: one pass of the DCQCN reaction point on one flow's state word (DCQCN paper
// section 3.1, eq. 1-4 and Figure 7; docs/units/dcqcn.md 3 and 10). Combinational, bit-exact with
// hls/dcqcn/rp_kernel.cpp at the shipped widths (tests/nic/test_dcqcn_rtl.cpp holds them equal).
//
// State word (109 bits, the kernel's RpState::kStateBits), most significant field first:
//   [108:85] rc  [84:61] rt  [60:41] alpha  [40:34] time_stage  [33:27] byte_stage
//   [26:3] bytes_left  [2] limited  [1:0] variant bits
// Variant bits: ns3-rdma bit 0 = hyper; mlx bit 0 = alpha_cnp, bit 1 = decrease_cnp; paper: unused.
`resetall
`timescale 1ns / 1ps
`default_nettype none
module dcqcn_rp_pass #(
    parameter int VARIANT = 0   // 0 paper (Figure 7), 1 ns3-rdma, 2 mlx (HPCC ns-3 CC_MODE 1, ConnectX)
) (
    // the event (kinds: dcqcn_rp_pkg::RP_EV_*) and the flow's state before it
    input  wire [2:0]    ev_kind,
    input  wire [15:0]   ev_len,            // dcqcn_rp_pkg::RP_EV_TX: bytes that left the flow
    input  wire [dcqcn_rp_pkg::STATE_W-1:0]  st_in,

    // configuration registers (RpParams; rates in 1/32 Mb/s, fractions of 2^16 or 2^20)
    input  wire [23:0]   cfg_line_rate,
    input  wire [23:0]   cfg_min_rate,
    input  wire [23:0]   cfg_r_ai,
    input  wire [23:0]   cfg_r_hai,
    input  wire [15:0]   cfg_g,
    input  wire [19:0]   cfg_initial_alpha,
    input  wire [4:0]    cfg_f,             // fast_recovery_steps F
    input  wire [23:0]   cfg_byte_counter,  // B, 0 = off
    input  wire [31:0]   cfg_alpha_timer_ns,
    input  wire [31:0]   cfg_increase_timer_ns,
    input  wire [31:0]   cfg_rate_decrease_ns,
    input  wire          cfg_clamp,
    input  wire          cfg_clamp_ati,
    input  wire [16:0]   cfg_min_dec_fac,   // 0 = off, else 1..65536 (2^-16)
    input  wire [23:0]   cfg_rate_on_first_cnp,

    // the state after the pass and what the unit acts on (RpOut)
    output logic [dcqcn_rp_pkg::STATE_W-1:0] st_out,
    output logic [2:0]   out_action,
    output logic [31:0]  out_arm_alpha_ns,
    output logic [31:0]  out_arm_increase_ns,
    output logic [31:0]  out_arm_decrease_ns,
    output logic         out_byte_counter_expired,
    output logic         out_target_divided,
    output logic [7:0]   out_hyper_i,
    output logic         out_rate_changed
);
    localparam bit PAPER = VARIANT == 0;
    localparam bit NS3 = VARIANT == 1;
    localparam bit MLX = VARIANT == 2;

    // parameter legality, at elaboration (lint and synthesis stop too)
    if (VARIANT < 0 || VARIANT > 2) begin : g_bad_variant
        $error("dcqcn_rp_pass: VARIANT = %0d must be 0 (paper), 1 (ns3-rdma) or 2 (mlx)", VARIANT);
    end

    // ---- arithmetic helpers (rp_kernel.cpp) ----
    function automatic logic [6:0] stage_inc(input logic [6:0] c);  // saturating at 127
        stage_inc = c == 7'd127 ? c : c + 7'd1;
    endfunction
    function automatic logic [23:0] max24(input logic [23:0] a, input logic [23:0] b);
        max24 = a > b ? a : b;
    endfunction
    function automatic logic [23:0] min24(input logic [23:0] a, input logic [23:0] b);
        min24 = a < b ? a : b;
    endfunction
    // alpha <- alpha + g (1 - alpha), rounded, saturated at 1 - 2^-20 (eq. 1's alpha update)
    function automatic logic [19:0] alpha_raise(input logic [19:0] a, input logic [15:0] g);
        logic [20:0] one_minus_a;
        logic [36:0] prod;
        logic [20:0] sum;
        one_minus_a = 21'h100000 - {1'b0, a};
        prod = 37'(one_minus_a) * 37'(g) + 37'h8000;
        sum  = 21'(a) + 21'(prod >> 16);
        alpha_raise = sum > 21'hFFFFF ? 20'hFFFFF : sum[19:0];
    endfunction
    // alpha <- alpha - g alpha, rounded (eq. 2)
    function automatic logic [19:0] alpha_decay(input logic [19:0] a, input logic [15:0] g);
        logic [36:0] prod;
        prod = 37'(a) * 37'(g) + 37'h8000;
        alpha_decay = a - 20'(prod >> 16);
    endfunction
    // RC (1 - alpha/2) rounded, the optional floor RC x min_dec_fac, then the minimum rate (eq. 1)
    function automatic logic [23:0] decreased_rate(input logic [23:0] rc, input logic [19:0] a,
                                                   input logic [16:0] mdf, input logic [23:0] min_rate);
        logic [44:0] dec_prod;
        logic [41:0] floor_prod;
        logic [23:0] r;
        dec_prod = 45'(rc) * 45'(a) + 45'h100000;
        r = rc - 24'(dec_prod >> 21);
        floor_prod = 42'(rc) * 42'(mdf) + 42'h8000;
        if (mdf != 17'd0) r = max24(r, 24'(floor_prod >> 16));
        decreased_rate = max24(r, min_rate);
    endfunction
    // (RT + RC)/2 rounded to nearest, ties to even (eq. 3)
    function automatic logic [23:0] half_sum(input logic [23:0] a, input logic [23:0] b);
        logic [24:0] sum;
        sum = 25'(a) + 25'(b);
        half_sum = 24'(sum >> 1) + {23'd0, sum[0] & sum[1]};
    endfunction
    // RT <- min(RT + step, line rate)
    function automatic logic [23:0] raise_target(input logic [23:0] rt, input logic [31:0] step,
                                                 input logic [23:0] line_rate);
        logic [32:0] sum;
        sum = 33'(rt) + 33'(step);
        raise_target = sum > 33'(line_rate) ? line_rate : sum[23:0];
    endfunction

    // ---- the state fields ----
    logic [23:0] rc, rt;
    logic [19:0] alpha;
    logic [6:0]  ts, bs;
    logic [23:0] bytes_left;
    logic        limited;
    logic [1:0]  vbits;
    assign {rc, rt, alpha, ts, bs, bytes_left, limited, vbits} = st_in;

    // ---- the increase datapath (Figure 7; ns3-rdma and mlx rules): timer or byte-counter event ----
    logic        inc_src_byte;
    logic [6:0]  inc_ts, inc_bs, inc_hi, inc_lo, inc_lo_ns3, inc_fired;
    logic [23:0] inc_rt, inc_rc, inc_bytes_left;
    logic [1:0]  inc_vbits;
    logic [2:0]  inc_action;
    logic [31:0] inc_arm_increase_ns, inc_step;
    logic [7:0]  inc_hyper_i;
    logic        inc_divided, inc_active, inc_was_fast;
    logic [27:0] ten_rc;

    always_comb begin
        inc_src_byte = ev_kind == dcqcn_rp_pkg::RP_EV_TX;
        inc_ts = ts;
        inc_bs = bs;
        inc_rt = rt;
        inc_bytes_left = bytes_left;
        inc_vbits = vbits;
        inc_action = dcqcn_rp_pkg::RP_ACT_NONE;
        inc_arm_increase_ns = 32'd0;
        inc_step = 32'd0;
        inc_hyper_i = 8'd0;
        inc_divided = 1'b0;
        inc_was_fast = 1'b0;
        inc_fired = 7'd0;
        inc_hi = 7'd0;
        inc_lo = 7'd0;
        inc_lo_ns3 = 7'd0;
        ten_rc = (28'(rc) << 3) + (28'(rc) << 1);
        // counters run only for rate-limited flows (paper section 3.3); a byte event comes from
        // RP_EV_TX, which runs this datapath only with a byte counter (B, mlx rp_byte_reset, != 0)
        inc_active = limited;
        if (inc_active) begin
            if (PAPER || (MLX && cfg_byte_counter != 24'd0)) begin
                // count the event, then max(T, BC) <= F fast, min(T, BC) > F hyper, else additive
                // (Figure 7); paper: i = min - F; mlx with the ConnectX byte counter: i = 1 (R_HAI)
                if (inc_src_byte) begin
                    inc_bs = stage_inc(bs);
                    inc_bytes_left = cfg_byte_counter;
                end else begin
                    inc_ts = stage_inc(ts);
                    inc_arm_increase_ns = cfg_increase_timer_ns;
                end
                inc_hi = inc_ts > inc_bs ? inc_ts : inc_bs;
                inc_lo = inc_ts < inc_bs ? inc_ts : inc_bs;
                if (inc_hi <= 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_FAST_RECOVERY;
                end else if (inc_lo > 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_HYPER_INCREASE;
                    inc_hyper_i = MLX ? 8'd1 : 8'(inc_lo) - 8'(cfg_f);
                    inc_step = 32'(inc_hyper_i) * 32'(cfg_r_hai);
                    inc_rt = raise_target(rt, inc_step, cfg_line_rate);
                end else begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_ADDITIVE_INCREASE;
                    inc_rt = raise_target(rt, 32'(cfg_r_ai), cfg_line_rate);
                end
            end else if (NS3) begin
                // sticky stages: fast while both counters < F, hyper iff both >= F (then T/2, B/2)
                inc_was_fast = (ts > bs ? ts : bs) < 7'(cfg_f);
                if (inc_src_byte) begin
                    inc_bs = stage_inc(bs);
                    inc_bytes_left = vbits[0] ? cfg_byte_counter >> 1 : cfg_byte_counter;
                    inc_fired = inc_bs;
                end else begin
                    inc_ts = stage_inc(ts);
                    inc_arm_increase_ns = vbits[0] ? cfg_increase_timer_ns >> 1 : cfg_increase_timer_ns;
                    inc_fired = inc_ts;
                end
                if (vbits[0]) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_HYPER_INCREASE;
                end else if (inc_was_fast && inc_fired < 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_FAST_RECOVERY;
                end else if (!inc_was_fast && inc_src_byte) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_ADDITIVE_INCREASE;  // rpr_active_byte does not re-select
                end else if (inc_ts < 7'(cfg_f) || inc_bs < 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_ADDITIVE_INCREASE;  // rpr_active_select
                end else begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_HYPER_INCREASE;
                    inc_vbits[0] = 1'b1;
                end
                inc_lo_ns3 = inc_ts < inc_bs ? inc_ts : inc_bs;
                if (inc_action == dcqcn_rp_pkg::RP_ACT_ADDITIVE_INCREASE) inc_step = 32'(cfg_r_ai);
                if (inc_action == dcqcn_rp_pkg::RP_ACT_HYPER_INCREASE) begin
                    inc_hyper_i = {1'b0, inc_lo_ns3} - {3'd0, cfg_f} + 8'd1;
                    inc_step = 32'(inc_hyper_i) * 32'(cfg_r_hai);
                end
                // AdjustRates: on the first event of either source a target above 10 RC is cut to 1/8
                if ((inc_ts == 7'd1 || inc_bs == 7'd1) && 28'(rt) > ten_rc) begin
                    inc_rt = rt >> 3;
                    inc_divided = 1'b1;
                end else begin
                    inc_rt = raise_target(rt, inc_step, cfg_line_rate);
                end
            end else begin
                // mlx with B = 0, RateIncEventTimerMlx: decide on the stage before counting; hyper step is R_HAI
                inc_arm_increase_ns = cfg_increase_timer_ns;
                if (ts < 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_FAST_RECOVERY;
                end else if (ts == 7'(cfg_f)) begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_ADDITIVE_INCREASE;
                    inc_rt = raise_target(rt, 32'(cfg_r_ai), cfg_line_rate);
                end else begin
                    inc_action = dcqcn_rp_pkg::RP_ACT_HYPER_INCREASE;
                    inc_hyper_i = 8'd1;
                    inc_rt = raise_target(rt, 32'(cfg_r_hai), cfg_line_rate);
                end
                inc_ts = stage_inc(ts);
            end
        end
        inc_rc = inc_active ? half_sum(inc_rt, rc) : rc;
    end

    // ---- the alpha update (eq. 2; mlx: +g when a CNP arrived in the period) ----
    logic [19:0] alpha_raised, alpha_decayed, alpha_timer_next;
    assign alpha_raised = alpha_raise(alpha, cfg_g);
    assign alpha_decayed = alpha_decay(alpha, cfg_g);
    assign alpha_timer_next = (MLX && vbits[0]) ? alpha_raised : alpha_decayed;

    // ---- the cut (eq. 1) ----
    logic        follow;       // RT <- RC first (clamp_tgt_rate, clamp_tgt_rate_after_time_inc)
    logic [23:0] cut_rc;
    always_comb begin
        if (cfg_clamp) follow = 1'b1;
        else if (cfg_clamp_ati) follow = ts != 7'd0 || bs != 7'd0;
        else follow = bs != 7'd0;
        // paper: cut with alpha before its update; ns3-rdma with the updated alpha; mlx with alpha
        cut_rc = decreased_rate(rc, NS3 ? alpha_raised : alpha, cfg_min_dec_fac, cfg_min_rate);
    end

    // ---- one pass per event kind ----
    logic [23:0] n_rc, n_rt, n_bytes_left;
    logic [19:0] n_alpha;
    logic [6:0]  n_ts, n_bs;
    logic        n_limited;
    logic [1:0]  n_vbits;

    always_comb begin
        {n_rc, n_rt, n_alpha, n_ts, n_bs, n_bytes_left, n_limited, n_vbits} = st_in;
        out_action = dcqcn_rp_pkg::RP_ACT_NONE;
        out_arm_alpha_ns = 32'd0;
        out_arm_increase_ns = 32'd0;
        out_arm_decrease_ns = 32'd0;
        out_byte_counter_expired = 1'b0;
        out_target_divided = 1'b0;
        out_hyper_i = 8'd0;
        case (ev_kind)
            dcqcn_rp_pkg::RP_EV_INIT: begin  // RC = RT = line rate, alpha = initial, counters cleared
                n_rc = cfg_line_rate;
                n_rt = cfg_line_rate;
                n_alpha = cfg_initial_alpha;
                n_ts = 7'd0;
                n_bs = 7'd0;
                n_bytes_left = cfg_byte_counter;
                n_limited = 1'b0;
                n_vbits = 2'b00;
            end
            dcqcn_rp_pkg::RP_EV_CNP: begin
                if (MLX) begin  // cnp_received_mlx: latch for the alpha and decrease periods
                    out_action = dcqcn_rp_pkg::RP_ACT_CNP_LATCHED;
                    n_vbits = 2'b11;
                    if (!limited) begin
                        n_limited = 1'b1;
                        n_alpha = cfg_initial_alpha;
                        n_vbits[0] = 1'b0;
                        if (cfg_rate_on_first_cnp != 24'd0) n_rc = min24(cfg_rate_on_first_cnp, cfg_line_rate);
                        n_rt = n_rc;
                        out_arm_alpha_ns = cfg_alpha_timer_ns;
                        out_arm_decrease_ns = cfg_rate_decrease_ns + 32'd1;
                    end
                end else begin  // eq. 1 and Figure 7's Reset(Timer, ByteCounter, T, BC, AlphaTimer)
                    if (follow) n_rt = rc;
                    n_rc = cut_rc;
                    n_alpha = alpha_raised;
                    if (PAPER || follow) n_bytes_left = cfg_byte_counter;
                    n_ts = 7'd0;
                    n_bs = 7'd0;
                    n_vbits = 2'b00;
                    n_limited = 1'b1;
                    out_action = dcqcn_rp_pkg::RP_ACT_RATE_CUT;
                    out_arm_alpha_ns = cfg_alpha_timer_ns;
                    out_arm_increase_ns = cfg_increase_timer_ns;
                end
            end
            dcqcn_rp_pkg::RP_EV_ALPHA_TIMER: begin
                out_action = dcqcn_rp_pkg::RP_ACT_ALPHA_UPDATE;
                out_arm_alpha_ns = cfg_alpha_timer_ns;
                n_alpha = alpha_timer_next;
                if (MLX) n_vbits[0] = 1'b0;
            end
            dcqcn_rp_pkg::RP_EV_RATE_DECREASE_TIMER: begin  // mlx CheckRateDecreaseMlx
                if (MLX) begin
                    out_arm_decrease_ns = cfg_rate_decrease_ns;
                    if (vbits[1]) begin
                        if (follow) n_rt = rc;
                        n_rc = cut_rc;
                        n_ts = 7'd0;  // Figure 7's Reset(Timer, ByteCounter, T, BC); B = 0 keeps BC = 0
                        n_bs = 7'd0;
                        n_bytes_left = cfg_byte_counter;
                        n_vbits[1] = 1'b0;
                        out_action = dcqcn_rp_pkg::RP_ACT_RATE_CUT;
                        out_arm_increase_ns = cfg_increase_timer_ns;
                    end
                end
            end
            dcqcn_rp_pkg::RP_EV_INCREASE_TIMER, dcqcn_rp_pkg::RP_EV_ALPHA_INCREASE_TIMER: begin
                {n_rc, n_rt, n_ts, n_bs, n_bytes_left, n_vbits} = {inc_rc, inc_rt, inc_ts, inc_bs, inc_bytes_left, inc_vbits};
                out_action = inc_action;
                out_arm_increase_ns = inc_arm_increase_ns;
                out_target_divided = inc_divided;
                out_hyper_i = inc_hyper_i;
                if (ev_kind == dcqcn_rp_pkg::RP_EV_ALPHA_INCREASE_TIMER) begin  // K = T: both datapaths in one pass
                    n_alpha = alpha_timer_next;
                    if (MLX) n_vbits[0] = 1'b0;
                    out_arm_alpha_ns = cfg_alpha_timer_ns;
                    if (inc_action == dcqcn_rp_pkg::RP_ACT_NONE) out_action = dcqcn_rp_pkg::RP_ACT_ALPHA_UPDATE;
                end
            end
            dcqcn_rp_pkg::RP_EV_TX: begin
                if (limited && cfg_byte_counter != 24'd0) begin
                    if (24'(ev_len) < bytes_left) begin
                        n_bytes_left = bytes_left - 24'(ev_len);
                    end else begin  // B bytes reached: one byte-counter event (excess not carried)
                        {n_rc, n_rt, n_ts, n_bs, n_bytes_left, n_vbits} =
                            {inc_rc, inc_rt, inc_ts, inc_bs, inc_bytes_left, inc_vbits};
                        out_action = inc_action;
                        out_target_divided = inc_divided;
                        out_hyper_i = inc_hyper_i;
                        out_byte_counter_expired = 1'b1;
                    end
                end
            end
            default: ;
        endcase
        out_rate_changed = ev_kind != dcqcn_rp_pkg::RP_EV_INIT && n_rc != rc;  // a new flow's start is not a change
        st_out = {n_rc, n_rt, n_alpha, n_ts, n_bs, n_bytes_left, n_limited, n_vbits};
    end
endmodule
`resetall
