// sw_pkg: fixed widths and drop reason codes of the shared-buffer switch (docs/switch.md 1, 2.4).
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

    // Register blocks (docs/switch.md 2.9)
    localparam logic [3:0] BLK_GLOBAL  = 4'd0;
    localparam logic [3:0] BLK_PORT    = 4'd1;
    localparam logic [3:0] BLK_QUEUE   = 4'd2;
    localparam logic [3:0] BLK_FWD     = 4'd3;
    localparam logic [3:0] BLK_ECMP_M  = 4'd4;
    localparam logic [3:0] BLK_ECMP_N  = 4'd5;
    localparam logic [3:0] BLK_QCNT    = 4'd8;
    localparam logic [3:0] BLK_PCNT    = 4'd9;
    localparam logic [3:0] BLK_INGRESS = 4'd10;
    localparam logic [3:0] BLK_GSTATE  = 4'd11;

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
