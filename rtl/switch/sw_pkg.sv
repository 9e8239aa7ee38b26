// sw_pkg: fixed widths, drop reason codes and the register map of the shared-buffer switch
// (docs/switch.md 1, 2.4, 2.9).
`resetall
`timescale 1ns / 1ps
`default_nettype none
package sw_pkg;
    // Fixed widths (docs/switch.md 1)
    localparam int LEN_W    = 14;   // frame length in bytes
    localparam int PRIO_W   = 3;    // priority
    localparam int ECN_W    = 2;    // ECN codepoint
    localparam int HASH_W   = 16;   // flow hash
`ifndef FORMAL
    localparam int CYC_W    = 48;   // cycle count
`else
    localparam int CYC_W    = 24;   // the pause-timer proof's cycle < 2^23 plus a pause <= 65535 x 80 cycles
                                    // stays below 2^24 (docs/verification.md "Formal proofs")
`endif
    localparam int DATA_W   = 32;   // register data
    localparam int ADDR_W   = 20;   // register address
    localparam int PORT_W   = 6;    // drop_port
    localparam int REASON_W = 3;    // drop_reason
    localparam int CNT_W    = 21;   // cell and frame counts, 0..2^20
    localparam int QB_W     = 32;   // queue length in bytes
    localparam int CTR_W    = 64;   // statistics counters
    localparam int DEF_W    = 32;   // DWRR deficit in bytes
`ifndef FORMAL
    localparam int SC_W     = 64;   // signed width for cell arithmetic (2.4, 2.6): 40 bits never overflow;
                                    // 64 is the host word, so a Verilated signed compare is one instruction
`else
    localparam int SC_W     = 24;   // the formal proofs' small pools and bounded registers never reach
                                    // 2^23 (docs/verification.md "Formal proofs"); 64 bits are slow to solve
`endif

    // Drop reasons (docs/switch.md 2.4)
    localparam logic [REASON_W-1:0] DROP_NONE              = 3'd0;
    localparam logic [REASON_W-1:0] DROP_NO_ROUTE          = 3'd1;
    localparam logic [REASON_W-1:0] DROP_WRED              = 3'd2;
    localparam logic [REASON_W-1:0] DROP_LOSSY_TAIL        = 3'd3;
    localparam logic [REASON_W-1:0] DROP_HEADROOM_OVERFLOW = 3'd4;
    localparam logic [REASON_W-1:0] DROP_BUFFER_FULL       = 3'd5;

    // ECN codepoints (docs/switch.md 2.5)
    localparam logic [ECN_W-1:0] ECN_NOT_ECT = 2'd0;
    localparam logic [ECN_W-1:0] ECN_CE      = 2'd3;

    // Register map (docs/switch.md 2.9, 2.11.6). Address = {block, index}; an index is {slot, k}
    // or, for a counter, {slot, k, hi}; slot is p or {p, c}.
    localparam int IDX_W      = 16;  // index[15:0]; the block above it
    localparam int IDX_C_W    = 3;   // class field of blocks 2, 8, 10
    localparam int CNT_HI_W   = 1;   // index bit 0 of a counter: the high word
    localparam int REG_P_K_W  = 2;   // block 1: p*4 + k
    localparam int REG_Q_K_W  = 3;   // block 2: (p*8+c)*8 + k
    localparam int ECMP_M_K_W = 4;   // block 4: g*16 + k
    localparam int RCM_IDX_W  = 5;   // block 6: index
    localparam int RCMCNT_K_W = 3;   // block 7: (p*8 + k)*2 + hi
    localparam int QCNT_K_W   = 4;   // block 8: ((p*8+c)*16 + k)*2 + hi
    localparam int PCNT_K_W   = 4;   // block 9: (p*16 + k)*2 + hi
    localparam int ING_K_W    = 2;   // block 10: (p*8+c)*4 + k

    // Blocks
    localparam logic [3:0] BLK_GLOBAL  = 4'd0;
    localparam logic [3:0] BLK_PORT    = 4'd1;
    localparam logic [3:0] BLK_QUEUE   = 4'd2;
    localparam logic [3:0] BLK_FWD     = 4'd3;
    localparam logic [3:0] BLK_ECMP_M  = 4'd4;
    localparam logic [3:0] BLK_ECMP_N  = 4'd5;
    localparam logic [3:0] BLK_RCM     = 4'd6;
    localparam logic [3:0] BLK_RCM_CNT = 4'd7;
    localparam logic [3:0] BLK_QCNT    = 4'd8;
    localparam logic [3:0] BLK_PCNT    = 4'd9;
    localparam logic [3:0] BLK_INGRESS = 4'd10;
    localparam logic [3:0] BLK_GSTATE  = 4'd11;

    // Block 0, global registers: index
    localparam logic [15:0] REG_G_CTRL                 = 16'd0;
    localparam logic [15:0] REG_G_LOSSLESS_MASK        = 16'd1;
    localparam logic [15:0] REG_G_SHARED_POOL_CELLS    = 16'd2;
    localparam logic [15:0] REG_G_RESERVE_CELLS        = 16'd3;
    localparam logic [15:0] REG_G_PFC_STATIC_THR_CELLS = 16'd4;
    localparam logic [15:0] REG_G_PFC_BETA_LOG2        = 16'd5;
    localparam logic [15:0] REG_G_LOSSY_BETA_LOG2      = 16'd6;
    localparam logic [15:0] REG_G_RESUME_OFFSET_CELLS  = 16'd7;
    localparam logic [15:0] REG_G_PAUSE_QUANTA         = 16'd8;
    localparam logic [15:0] REG_G_DWRR_GROUP_MASK      = 16'd9;
    localparam logic [15:0] REG_G_LFSR_SEED            = 16'd10;

    // Block 1, per-port registers: k
    localparam logic [3:0] REG_P_HEADROOM_CELLS     = 4'd0;
    localparam logic [3:0] REG_P_QUANTUM_CYCLES     = 4'd1;
    localparam logic [3:0] REG_P_PFC_REFRESH_CYCLES = 4'd2;

    // Block 2, per-queue registers: k (also the word of the queue's entry in sw_regs)
    localparam logic [3:0] REG_Q_KMIN_BYTES         = 4'd0;
    localparam logic [3:0] REG_Q_KMAX_BYTES         = 4'd1;
    /* verilator lint_off UNUSEDPARAM */   // PMAX is held for software: ECN_SLOPE carries it (2.5)
    localparam logic [3:0] REG_Q_PMAX               = 4'd2;
    /* verilator lint_on UNUSEDPARAM */
    localparam logic [3:0] REG_Q_ECN_SLOPE          = 4'd3;
    localparam logic [3:0] REG_Q_WRED_K_BYTES       = 4'd4;
    localparam logic [3:0] REG_Q_QCTRL              = 4'd5;
    localparam logic [3:0] REG_Q_DWRR_QUANTUM_BYTES = 4'd6;

    // Block 6, RCM registers: index
    localparam logic [4:0] RCM_CTRL               = 5'd0;
    localparam logic [4:0] RCM_CRD_QEQ_BYTES      = 5'd1;
    localparam logic [4:0] RCM_CRD_QEQ_ING_BYTES  = 5'd2;
    localparam logic [4:0] RCM_CRD_WQ_LOG2        = 5'd3;
    localparam logic [4:0] RCM_CRD_SAMPLE_BYTES   = 5'd4;
    localparam logic [4:0] RCM_CRD_FB_SHIFT       = 5'd5;
    localparam logic [4:0] RCM_FLAG_HOLD_CYCLES   = 5'd6;
    localparam logic [4:0] RCM_CN_INTERVAL_CYCLES = 5'd7;
    localparam logic [4:0] RCM_CN_W_SHIFT         = 5'd8;
    localparam logic [4:0] RCM_CFR_SAMPLE_BYTES   = 5'd9;
    localparam logic [4:0] RCM_RCC_CLASS_QUEUE    = 5'd10;
    localparam logic [4:0] RCM_RCC_WINDOW_BYTES   = 5'd11;
    localparam logic [4:0] RCM_RCC_MIN_BYTES      = 5'd12;
    localparam logic [4:0] RCM_SAR_LEVEL          = 5'd13;
    localparam logic [4:0] RCM_SAR_GAP_CYCLES     = 5'd14;
    localparam logic [4:0] RCM_CN_PORT_MASK_LO    = 5'd15;
    localparam logic [4:0] RCM_CN_PORT_MASK_HI    = 5'd16;

    // Block 7, RCM counters (read): k; RCC_WC (low word) is the RCC share Wc
    localparam logic [2:0] RCMCNT_CN_SENT        = 3'd0;
    localparam logic [2:0] RCMCNT_CN_RECEIVED    = 3'd1;
    localparam logic [2:0] RCMCNT_CFR_SAMPLES    = 3'd2;
    localparam logic [2:0] RCMCNT_RCC_HELD_BYTES = 3'd3;
    localparam logic [2:0] RCMCNT_SAR_REROUTES   = 3'd4;
    localparam logic [2:0] RCMCNT_REORDERED      = 3'd5;
    localparam logic [2:0] RCMCNT_RCC_WC         = 3'd6;

    // Block 8, queue counters (read): k; LEN_BYTES and LEN_FRAMES are the queue's length
    localparam logic [3:0] QCNT_ENQ_FRAMES       = 4'd0;
    localparam logic [3:0] QCNT_ENQ_BYTES        = 4'd1;
    localparam logic [3:0] QCNT_DEQ_FRAMES       = 4'd2;
    localparam logic [3:0] QCNT_DEQ_BYTES        = 4'd3;
    localparam logic [3:0] QCNT_ECN_MARKS        = 4'd4;
    localparam logic [3:0] QCNT_DROP_LOSSY_TAIL  = 4'd5;
    localparam logic [3:0] QCNT_DROP_WRED        = 4'd6;
    localparam logic [3:0] QCNT_DROP_HEADROOM    = 4'd7;
    localparam logic [3:0] QCNT_DROP_BUFFER_FULL = 4'd8;
    localparam logic [3:0] QCNT_PEAK_BYTES       = 4'd9;
    localparam logic [3:0] QCNT_LEN_BYTES        = 4'd10;
    localparam logic [3:0] QCNT_LEN_FRAMES       = 4'd11;

    // Block 9, port counters (read): k; PAUSED_CYCLES0 + c the paused cycles of class c
    localparam logic [3:0] PCNT_PFC_PAUSE_TX     = 4'd0;
    localparam logic [3:0] PCNT_PFC_RESUME_TX    = 4'd1;
    localparam logic [3:0] PCNT_PFC_RX           = 4'd2;
    localparam logic [3:0] PCNT_DROP_NO_ROUTE    = 4'd3;
    localparam logic [3:0] PCNT_PAUSED_CYCLES0   = 4'd4;

    // Block 10, ingress state (read): k
    localparam logic [3:0] ING_U    = 4'd0;
    localparam logic [3:0] ING_H    = 4'd1;
    localparam logic [3:0] ING_XOFF = 4'd2;
    localparam logic [3:0] ING_PEAK = 4'd3;

    // Block 11, global state (read): index
    localparam logic [15:0] GST_SHARED_USED = 16'd0;
    localparam logic [15:0] GST_TOTAL_USED  = 16'd1;
    localparam logic [15:0] GST_FREE_SLOTS  = 16'd2;
    localparam logic [15:0] GST_LFSR        = 16'd3;

    // LFSR taps (docs/switch.md 2.5)
    localparam logic [31:0] LFSR_TAPS = 32'h8020_0003;

    // Index of the set bit of a one-hot vector (0 when none) by six word-wide masked ORs, not a
    // per-bit loop: the round robins pick their winner as a one-hot word (docs/switch.md 3.5)
    function automatic logic [5:0] onehot_index(input logic [63:0] oh);
        onehot_index = {|(oh & 64'hFFFF_FFFF_0000_0000), |(oh & 64'hFFFF_0000_FFFF_0000),
                        |(oh & 64'hFF00_FF00_FF00_FF00), |(oh & 64'hF0F0_F0F0_F0F0_F0F0),
                        |(oh & 64'hCCCC_CCCC_CCCC_CCCC), |(oh & 64'hAAAA_AAAA_AAAA_AAAA)};
    endfunction

    // Index of the lowest and of the highest set bit of an 8-bit vector (0 when none): the lowest
    // bit alone is x & -x, the highest alone is the top bit of x smeared downwards, minus its shift
    function automatic logic [2:0] onehot_index8(input logic [7:0] oh);
        onehot_index8 = {|(oh & 8'hF0), |(oh & 8'hCC), |(oh & 8'hAA)};
    endfunction

    function automatic logic [2:0] lsb_index8(input logic [7:0] x);
        logic [7:0] b;
        b = x & (~x + 8'd1);
        lsb_index8 = onehot_index8(b);
    endfunction

    function automatic logic [2:0] msb_index8(input logic [7:0] x);
        logic [7:0] m;
        m = x | (x >> 1);
        m = m | (m >> 2);
        m = m | (m >> 4);
        msb_index8 = onehot_index8(m ^ (m >> 1));
    endfunction

    // scale(x, b) = x << (b-3) if b >= 3, else x >> (3-b) (docs/switch.md 2.4)
    function automatic logic signed [SC_W-1:0] scale(input logic signed [SC_W-1:0] x,
                                                     input logic signed [3:0] b);
        logic signed [4:0] sh;
        sh = 5'(b) - 5'sd3;
        if (sh >= 0) begin
            scale = x <<< sh[2:0];
        end else begin
            scale = x >>> 4'(-sh);
        end
    endfunction
endpackage
`resetall
