// dcqcn_rp_pkg: event and action codes and the state word width of the DCQCN reaction point unit
// (the encodings of hls/dcqcn/rp_top.hpp RpEventKind and rp_kernel.hpp RpAction, which the
// Verilated unit is driven with).
`resetall
`timescale 1ns / 1ps
`default_nettype none
package dcqcn_rp_pkg;
    // reaction point events
    localparam logic [2:0] RP_EV_INIT                 = 3'd0;  // a new flow
    localparam logic [2:0] RP_EV_CNP                  = 3'd1;
    localparam logic [2:0] RP_EV_ALPHA_TIMER          = 3'd2;  // K expired
    localparam logic [2:0] RP_EV_INCREASE_TIMER       = 3'd3;  // T expired
    localparam logic [2:0] RP_EV_RATE_DECREASE_TIMER  = 3'd4;  // mlx decrease period
    localparam logic [2:0] RP_EV_TX                   = 3'd5;  // bytes left the flow
    localparam logic [2:0] RP_EV_ALPHA_INCREASE_TIMER = 3'd6;  // K and T at one instant: one pass

    // reaction point actions
    localparam logic [2:0] RP_ACT_NONE              = 3'd0;
    localparam logic [2:0] RP_ACT_RATE_CUT          = 3'd1;  // eq. 1
    localparam logic [2:0] RP_ACT_CNP_LATCHED       = 3'd2;  // mlx
    localparam logic [2:0] RP_ACT_ALPHA_UPDATE      = 3'd3;  // eq. 2
    localparam logic [2:0] RP_ACT_FAST_RECOVERY     = 3'd4;  // eq. 3
    localparam logic [2:0] RP_ACT_ADDITIVE_INCREASE = 3'd5;  // eq. 4
    localparam logic [2:0] RP_ACT_HYPER_INCREASE    = 3'd6;

    localparam int STATE_W = 109;  // RpState::kStateBits
endpackage
`resetall
