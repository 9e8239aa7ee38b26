// sw_regs: register file, address decode and read mux (docs/switch.md 2.9).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_regs #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // queues per port
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ),
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,

    input  wire                          cfg_wr_en,
    input  wire                          cfg_rd_en,
    input  wire [sw_pkg::ADDR_W-1:0]     cfg_addr,
    input  wire [sw_pkg::DATA_W-1:0]     cfg_wr_data,
    output logic [sw_pkg::DATA_W-1:0]    cfg_rd_data,

    // global registers (block 0)
    output logic                         pfc_dynamic,
    output logic                         mark_at_dequeue,
    output logic                         pfc_enable,
    output logic [7:0]                   lossless_mask,
    output logic [31:0]                  pool_cells,
    output logic [31:0]                  reserve_cells,
    output logic [31:0]                  pfc_static_thr_cells,
    output logic [3:0]                   pfc_beta_log2,
    output logic [3:0]                   lossy_beta_log2,
    output logic [31:0]                  resume_offset_cells,
    output logic [15:0]                  pause_quanta,
    output logic [7:0]                   dwrr_group_mask,
    output logic                         lfsr_seed_wr,

    // per-port registers (block 1)
    output logic [NPORTS*32-1:0]         headroom_cells,
    output logic [NPORTS*32-1:0]         quantum_cycles,
    output logic [NPORTS*32-1:0]         refresh_cycles,

    // per-queue registers (block 2): two datapath read ports, 7 words each
    input  wire [QID_W-1:0]              qa_qid,
    output logic [7*32-1:0]              qa_cfg,
    input  wire [QID_W-1:0]              qb_qid,
    output logic [7*32-1:0]              qb_cfg,

    // decoded read address for the state holders
    output logic [QID_W-1:0]             rd_qid,
    output logic [PID_W-1:0]             rd_port,
    output logic [2:0]                   rd_c,
    output logic [3:0]                   rd_k,
    output logic                         rd_hi,
    output logic                         rd_stats_q,   // read of block 8 k = 0..9
    output logic                         rd_stats_p,   // read of block 9 k = 0..3
    output logic                         rd_paused,    // read of block 9 k = 4 + c

    // read data of the state holders
    input  wire [31:0]                   fwd_rd_word,
    input  wire [31:0]                   stats_rd_data,
    input  wire [31:0]                   paused_rd_data,
    input  wire [sw_pkg::QB_W-1:0]       rd_qbytes,
    input  wire [sw_pkg::CNT_W-1:0]      rd_qframes,
    input  wire [sw_pkg::CNT_W-1:0]      rd_u,
    input  wire [sw_pkg::CNT_W-1:0]      rd_h,
    input  wire [sw_pkg::CNT_W:0]        rd_peak,
    input  wire [NQ-1:0]                 xoff,
    input  wire [sw_pkg::CNT_W-1:0]      shared_cells,
    input  wire [sw_pkg::CNT_W-1:0]      total_cells,
    input  wire [sw_pkg::CNT_W-1:0]      free_slots,
    input  wire [31:0]                   lfsr
);
    localparam logic [1:0] SRC_REGS   = 2'd0;
    localparam logic [1:0] SRC_STATS  = 2'd1;
    localparam logic [1:0] SRC_PAUSED = 2'd2;
    localparam int QCFG_W = 7*32;

    logic [3:0]  blk;
    logic [15:0] idx;
    logic [5:0]  p6;
    logic [2:0]  c3;
    logic        idx_ok;
    logic        p_ok;
    logic        pc_ok;

    // global registers
    logic [2:0]  ctrl_q;
    logic [7:0]  lossless_q;
    logic [31:0] pool_q;
    logic [31:0] reserve_q;
    logic [31:0] static_thr_q;
    logic [3:0]  pfc_beta_q;
    logic [3:0]  lossy_beta_q;
    logic [31:0] resume_q;
    logic [15:0] pause_quanta_q;
    logic [7:0]  dwrr_mask_q;
    logic [31:0] lfsr_seed_q;
    // per-port registers
    logic [NPORTS*32-1:0] headroom_q;
    logic [NPORTS*32-1:0] qcycles_q;
    logic [NPORTS*32-1:0] refresh_q;

    logic [31:0] rd_q;
    logic [1:0]  src_q;

    assign pfc_dynamic          = ctrl_q[0];
    assign mark_at_dequeue      = ctrl_q[1];
    assign pfc_enable           = ctrl_q[2];
    assign lossless_mask        = lossless_q;
    assign pool_cells           = pool_q;
    assign reserve_cells        = reserve_q;
    assign pfc_static_thr_cells = static_thr_q;
    assign pfc_beta_log2        = pfc_beta_q;
    assign lossy_beta_log2      = lossy_beta_q;
    assign resume_offset_cells  = resume_q;
    assign pause_quanta         = pause_quanta_q;
    assign dwrr_group_mask      = dwrr_mask_q;
    assign headroom_cells       = headroom_q;
    assign quantum_cycles       = qcycles_q;
    assign refresh_cycles       = refresh_q;

    // address decode: {block[19:16], index[15:0]} (2.9)
    always_comb begin
        blk    = cfg_addr[19:16];
        idx    = cfg_addr[15:0];
        p6     = '0;
        c3     = '0;
        rd_k   = '0;
        rd_hi  = 1'b0;
        idx_ok = 1'b0;
        rd_stats_q = 1'b0;
        rd_stats_p = 1'b0;
        rd_paused  = 1'b0;
        p_ok       = 1'b0;
        pc_ok      = 1'b0;
        // decoded only in a cycle with a register access: the address is an input, so its
        // decode runs at every evaluation (docs/switch.md 3.5)
        if (cfg_rd_en || cfg_wr_en) begin
            case (blk)
                sw_pkg::BLK_PORT: begin      // p*4 + k
                    rd_k   = {2'd0, idx[1:0]};
                    p6     = idx[7:2];
                    idx_ok = idx[15:8] == '0;
                end
                sw_pkg::BLK_QUEUE: begin     // (p*8+c)*8 + k
                    rd_k   = {1'b0, idx[2:0]};
                    c3     = idx[5:3];
                    p6     = idx[11:6];
                    idx_ok = idx[15:12] == '0;
                end
                sw_pkg::BLK_QCNT: begin      // ((p*8+c)*16 + k)*2 + hi
                    rd_hi  = idx[0];
                    rd_k   = idx[4:1];
                    c3     = idx[7:5];
                    p6     = idx[13:8];
                    idx_ok = idx[15:14] == '0;
                end
                sw_pkg::BLK_PCNT: begin      // (p*16 + k)*2 + hi
                    rd_hi  = idx[0];
                    rd_k   = idx[4:1];
                    c3     = idx[3:1] - 3'd4;
                    p6     = idx[10:5];
                    idx_ok = idx[15:11] == '0;
                end
                sw_pkg::BLK_INGRESS: begin   // (p*8+c)*4 + k
                    rd_k   = {2'd0, idx[1:0]};
                    c3     = idx[4:2];
                    p6     = idx[10:5];
                    idx_ok = idx[15:11] == '0;
                end
                default: begin
                    idx_ok = 1'b0;
                end
            endcase
            p_ok    = 32'(p6) < NPORTS;
            pc_ok   = p_ok && 32'(c3) < NPRIO;

            rd_stats_q = cfg_rd_en && blk == sw_pkg::BLK_QCNT && idx_ok && pc_ok && rd_k <= 4'd9;
            rd_stats_p = cfg_rd_en && blk == sw_pkg::BLK_PCNT && idx_ok && p_ok && rd_k <= 4'd3;
            rd_paused  = cfg_rd_en && blk == sw_pkg::BLK_PCNT && idx_ok && pc_ok && rd_k >= 4'd4 &&
                         32'(rd_k) < 4 + NPRIO;
        end
        rd_port = PID_W'(p6);
        rd_c    = c3;
        rd_qid  = QID_W'(32'(p6) * NPRIO + 32'(c3));
    end

    // per-queue registers, cleared by rst
    logic [3*QID_W-1:0]  qc_rd_addr;
    logic [3*QCFG_W-1:0] qc_rd_data;
    logic [QCFG_W-1:0]   qc_cfg;
    logic [QCFG_W-1:0]   qc_wr_data;
    logic                qc_wr;

    assign qc_rd_addr = {rd_qid, qb_qid, qa_qid};
    assign qa_cfg     = qc_rd_data[0*QCFG_W +: QCFG_W];
    assign qb_cfg     = qc_rd_data[1*QCFG_W +: QCFG_W];
    assign qc_cfg     = qc_rd_data[2*QCFG_W +: QCFG_W];
    assign qc_wr      = cfg_wr_en && blk == sw_pkg::BLK_QUEUE && idx_ok && pc_ok && rd_k <= 4'd6;

    always_comb begin
        qc_wr_data = qc_cfg;
        // QCTRL keeps bits [1:0]
        qc_wr_data[32'(rd_k)*32 +: 32] = (rd_k == 4'd5) ? {30'd0, cfg_wr_data[1:0]} : cfg_wr_data;
    end

    sw_clr_ram #(.W(QCFG_W), .DEPTH(NQ), .NRD(3)) u_qcfg (
        .clk(clk), .rst(rst),
        .rd_addr(qc_rd_addr), .rd_data(qc_rd_data),
        .wr0_en(1'b0), .wr0_addr('0), .wr0_data('0),
        .wr1_en(qc_wr), .wr1_addr(rd_qid), .wr1_data(qc_wr_data)
    );

    assign lfsr_seed_wr = cfg_wr_en && blk == sw_pkg::BLK_GLOBAL && idx == 16'd10;

    // register writes (2.9 blocks 0, 1)
    always_ff @(posedge clk) begin
        if (rst) begin
            ctrl_q         <= '0;
            lossless_q     <= '0;
            pool_q         <= '0;
            reserve_q      <= '0;
            static_thr_q   <= '0;
            pfc_beta_q     <= '0;
            lossy_beta_q   <= '0;
            resume_q       <= '0;
            pause_quanta_q <= '0;
            dwrr_mask_q    <= '0;
            lfsr_seed_q    <= '0;
            headroom_q     <= '0;
            qcycles_q      <= '0;
            refresh_q      <= '0;
        end else if (cfg_wr_en) begin
            if (blk == sw_pkg::BLK_GLOBAL) begin
                case (idx)
                    16'd0:  ctrl_q         <= cfg_wr_data[2:0];
                    16'd1:  lossless_q     <= cfg_wr_data[7:0];
                    16'd2:  pool_q         <= cfg_wr_data;
                    16'd3:  reserve_q      <= cfg_wr_data;
                    16'd4:  static_thr_q   <= cfg_wr_data;
                    16'd5:  pfc_beta_q     <= cfg_wr_data[3:0];
                    16'd6:  lossy_beta_q   <= cfg_wr_data[3:0];
                    16'd7:  resume_q       <= cfg_wr_data;
                    16'd8:  pause_quanta_q <= cfg_wr_data[15:0];
                    16'd9:  dwrr_mask_q    <= cfg_wr_data[7:0];
                    16'd10: lfsr_seed_q    <= cfg_wr_data;
                    default: ;
                endcase
            end
            if (blk == sw_pkg::BLK_PORT && idx_ok && p_ok) begin
                case (rd_k)
                    4'd0: headroom_q[rd_port*32 +: 32] <= cfg_wr_data;
                    4'd1: qcycles_q[rd_port*32 +: 32]  <= cfg_wr_data;
                    4'd2: refresh_q[rd_port*32 +: 32]  <= cfg_wr_data;
                    default: ;
                endcase
            end
        end
    end

    // register reads: latched at the edge of the cycle with cfg_rd_en (2.9)
    always_ff @(posedge clk) begin
        logic [63:0] v;
        if (rst) begin
            rd_q  <= '0;
            src_q <= SRC_REGS;
        end else if (cfg_rd_en) begin
            v     = '0;
            src_q <= SRC_REGS;
            case (blk)
                sw_pkg::BLK_GLOBAL: begin
                    case (idx)
                        16'd0:  v = 64'(ctrl_q);
                        16'd1:  v = 64'(lossless_q);
                        16'd2:  v = 64'(pool_q);
                        16'd3:  v = 64'(reserve_q);
                        16'd4:  v = 64'(static_thr_q);
                        16'd5:  v = 64'(pfc_beta_q);
                        16'd6:  v = 64'(lossy_beta_q);
                        16'd7:  v = 64'(resume_q);
                        16'd8:  v = 64'(pause_quanta_q);
                        16'd9:  v = 64'(dwrr_mask_q);
                        16'd10: v = 64'(lfsr_seed_q);
                        default: v = '0;
                    endcase
                end
                sw_pkg::BLK_PORT: begin
                    if (idx_ok && p_ok) begin
                        case (rd_k)
                            4'd0: v = 64'(headroom_q[rd_port*32 +: 32]);
                            4'd1: v = 64'(qcycles_q[rd_port*32 +: 32]);
                            4'd2: v = 64'(refresh_q[rd_port*32 +: 32]);
                            default: v = '0;
                        endcase
                    end
                end
                sw_pkg::BLK_QUEUE: begin
                    if (idx_ok && pc_ok && rd_k <= 4'd6) begin
                        v = 64'(qc_cfg[32'(rd_k)*32 +: 32]);
                    end
                end
                sw_pkg::BLK_FWD, sw_pkg::BLK_ECMP_M, sw_pkg::BLK_ECMP_N: begin
                    v = 64'(fwd_rd_word);
                end
                sw_pkg::BLK_QCNT: begin
                    if (rd_stats_q) begin
                        src_q <= SRC_STATS;
                    end else if (idx_ok && pc_ok && rd_k == 4'd10) begin
                        v = 64'(rd_qbytes);
                    end else if (idx_ok && pc_ok && rd_k == 4'd11) begin
                        v = 64'(rd_qframes);
                    end
                end
                sw_pkg::BLK_PCNT: begin
                    if (rd_stats_p) begin
                        src_q <= SRC_STATS;
                    end else if (rd_paused) begin
                        src_q <= SRC_PAUSED;
                    end
                end
                sw_pkg::BLK_INGRESS: begin
                    if (idx_ok && pc_ok) begin
                        case (rd_k)
                            4'd0: v = 64'(rd_u);
                            4'd1: v = 64'(rd_h);
                            4'd2: v = 64'(xoff[rd_qid]);
                            4'd3: v = 64'(rd_peak);
                            default: v = '0;
                        endcase
                    end
                end
                sw_pkg::BLK_GSTATE: begin
                    case (idx)
                        16'd0: v = 64'(shared_cells);
                        16'd1: v = 64'(total_cells);
                        16'd2: v = 64'(free_slots);
                        16'd3: v = 64'(lfsr);
                        default: v = '0;
                    endcase
                end
                default: v = '0;
            endcase
            rd_q <= rd_hi ? v[63:32] : v[31:0];
        end
    end

    always_comb begin
        case (src_q)
            SRC_STATS:  cfg_rd_data = stats_rd_data;
            SRC_PAUSED: cfg_rd_data = paused_rd_data;
            default:    cfg_rd_data = rd_q;
        endcase
    end
endmodule
`resetall
