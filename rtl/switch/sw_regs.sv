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

    // read data of the state holders, latched by them at the edge of cfg_rd_en: forwarding
    // (blocks 3-5), counters (8, 9), queue lengths (8 k = 10, 11), ingress state (10 k = 0, 1, 3)
    input  wire [31:0]                   fwd_rd_word,
    input  wire [31:0]                   stats_rd_data,
    input  wire [31:0]                   paused_rd_data,
    input  wire [31:0]                   qlen_rd_data,
    input  wire [31:0]                   ing_rd_data,
    input  wire [NQ-1:0]                 xoff,
    input  wire [sw_pkg::CNT_W-1:0]      shared_cells,
    input  wire [sw_pkg::CNT_W-1:0]      total_cells,
    input  wire [sw_pkg::CNT_W-1:0]      free_slots,
    input  wire [31:0]                   lfsr
);
    localparam logic [2:0] SRC_REGS   = 3'd0;
    localparam logic [2:0] SRC_STATS  = 3'd1;
    localparam logic [2:0] SRC_PAUSED = 3'd2;
    localparam logic [2:0] SRC_FWD    = 3'd3;
    localparam logic [2:0] SRC_QLEN   = 3'd4;
    localparam logic [2:0] SRC_ING    = 3'd5;
    localparam int QCFG_W = 7*32;
    // the lowest bit of each field of an index (2.9): *_K of k (above a counter's high-word bit),
    // *_C of c, *_P of p
    localparam int P_W    = 6;
    localparam int PORT_P = sw_pkg::REG_P_K_W;
    localparam int QUE_C  = sw_pkg::REG_Q_K_W;
    localparam int QUE_P  = QUE_C + sw_pkg::IDX_C_W;
    localparam int QCNT_K = sw_pkg::CNT_HI_W;
    localparam int QCNT_C = QCNT_K + sw_pkg::QCNT_K_W;
    localparam int QCNT_P = QCNT_C + sw_pkg::IDX_C_W;
    localparam int PCNT_K = sw_pkg::CNT_HI_W;
    localparam int PCNT_P = PCNT_K + sw_pkg::PCNT_K_W;
    localparam int ING_C  = sw_pkg::ING_K_W;
    localparam int ING_P  = ING_C + sw_pkg::IDX_C_W;

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
    logic [2:0]  src_q;

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
        blk    = cfg_addr[sw_pkg::IDX_W +: 4];
        idx    = cfg_addr[sw_pkg::IDX_W-1:0];
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
                    rd_k   = 4'(idx[PORT_P-1:0]);
                    p6     = idx[PORT_P +: P_W];
                    idx_ok = idx[15:PORT_P+P_W] == '0;
                end
                sw_pkg::BLK_QUEUE: begin     // (p*8+c)*8 + k
                    rd_k   = 4'(idx[QUE_C-1:0]);
                    c3     = 3'(idx[QUE_C +: sw_pkg::IDX_C_W]);
                    p6     = idx[QUE_P +: P_W];
                    idx_ok = idx[15:QUE_P+P_W] == '0;
                end
                sw_pkg::BLK_QCNT: begin      // ((p*8+c)*16 + k)*2 + hi
                    rd_hi  = idx[0];
                    rd_k   = 4'(idx[QCNT_K +: sw_pkg::QCNT_K_W]);
                    c3     = 3'(idx[QCNT_C +: sw_pkg::IDX_C_W]);
                    p6     = idx[QCNT_P +: P_W];
                    idx_ok = idx[15:QCNT_P+P_W] == '0;
                end
                sw_pkg::BLK_PCNT: begin      // (p*16 + k)*2 + hi
                    rd_hi  = idx[0];
                    rd_k   = 4'(idx[PCNT_K +: sw_pkg::PCNT_K_W]);
                    c3     = 3'(rd_k - sw_pkg::PCNT_PAUSED_CYCLES0);
                    p6     = idx[PCNT_P +: P_W];
                    idx_ok = idx[15:PCNT_P+P_W] == '0;
                end
                sw_pkg::BLK_INGRESS: begin   // (p*8+c)*4 + k
                    rd_k   = 4'(idx[ING_C-1:0]);
                    c3     = 3'(idx[ING_C +: sw_pkg::IDX_C_W]);
                    p6     = idx[ING_P +: P_W];
                    idx_ok = idx[15:ING_P+P_W] == '0;
                end
                default: begin
                    idx_ok = 1'b0;
                end
            endcase
            p_ok    = 32'(p6) < NPORTS;
            pc_ok   = p_ok && 32'(c3) < NPRIO;

            rd_stats_q = cfg_rd_en && blk == sw_pkg::BLK_QCNT && idx_ok && pc_ok &&
                         rd_k <= sw_pkg::QCNT_PEAK_BYTES;
            rd_stats_p = cfg_rd_en && blk == sw_pkg::BLK_PCNT && idx_ok && p_ok &&
                         rd_k <= sw_pkg::PCNT_DROP_NO_ROUTE;
            rd_paused  = cfg_rd_en && blk == sw_pkg::BLK_PCNT && idx_ok && pc_ok &&
                         rd_k >= sw_pkg::PCNT_PAUSED_CYCLES0 &&
                         32'(rd_k) < 32'(sw_pkg::PCNT_PAUSED_CYCLES0) + NPRIO;
        end
        rd_port = PID_W'(p6);
        rd_c    = c3;
        rd_qid  = QID_W'(32'(p6) * NPRIO + 32'(c3));
    end

    // per-queue registers, read 0 after rst (a valid bit per entry, as sw_clr_ram): read at the
    // admission's and the dequeue's queue; a register write replaces one word of an entry inside
    // the write's process and a register read reads it inside the read's, so that neither is
    // evaluated outside register-access cycles (docs/switch.md 3.5)
    logic [QCFG_W-1:0] qcfg_mem [NQ];
    logic [NQ-1:0]     qcfg_vld_q;
    logic              qc_wr;

    assign qa_cfg = qcfg_vld_q[qa_qid] ? qcfg_mem[qa_qid] : '0;
    assign qb_cfg = qcfg_vld_q[qb_qid] ? qcfg_mem[qb_qid] : '0;
    assign qc_wr  = cfg_wr_en && blk == sw_pkg::BLK_QUEUE && idx_ok && pc_ok &&
                    rd_k <= sw_pkg::REG_Q_DWRR_QUANTUM_BYTES;

    always_ff @(posedge clk) begin
        logic [QCFG_W-1:0] e;
        if (qc_wr) begin
            e = qcfg_vld_q[rd_qid] ? qcfg_mem[rd_qid] : '0;
            // QCTRL keeps bits [1:0]
            e[32'(rd_k)*32 +: 32] = (rd_k == sw_pkg::REG_Q_QCTRL) ? {30'd0, cfg_wr_data[1:0]} : cfg_wr_data;
            qcfg_mem[rd_qid] <= e;
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            qcfg_vld_q <= '0;
        end else if (qc_wr) begin
            qcfg_vld_q[rd_qid] <= 1'b1;
        end
    end

    assign lfsr_seed_wr = cfg_wr_en && blk == sw_pkg::BLK_GLOBAL && idx == sw_pkg::REG_G_LFSR_SEED;

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
                    sw_pkg::REG_G_CTRL:                 ctrl_q         <= cfg_wr_data[2:0];
                    sw_pkg::REG_G_LOSSLESS_MASK:        lossless_q     <= cfg_wr_data[7:0];
                    sw_pkg::REG_G_SHARED_POOL_CELLS:    pool_q         <= cfg_wr_data;
                    sw_pkg::REG_G_RESERVE_CELLS:        reserve_q      <= cfg_wr_data;
                    sw_pkg::REG_G_PFC_STATIC_THR_CELLS: static_thr_q   <= cfg_wr_data;
                    sw_pkg::REG_G_PFC_BETA_LOG2:        pfc_beta_q     <= cfg_wr_data[3:0];
                    sw_pkg::REG_G_LOSSY_BETA_LOG2:      lossy_beta_q   <= cfg_wr_data[3:0];
                    sw_pkg::REG_G_RESUME_OFFSET_CELLS:  resume_q       <= cfg_wr_data;
                    sw_pkg::REG_G_PAUSE_QUANTA:         pause_quanta_q <= cfg_wr_data[15:0];
                    sw_pkg::REG_G_DWRR_GROUP_MASK:      dwrr_mask_q    <= cfg_wr_data[7:0];
                    sw_pkg::REG_G_LFSR_SEED:            lfsr_seed_q    <= cfg_wr_data;
                    default: ;
                endcase
            end
            if (blk == sw_pkg::BLK_PORT && idx_ok && p_ok) begin
                case (rd_k)
                    sw_pkg::REG_P_HEADROOM_CELLS:     headroom_q[rd_port*32 +: 32] <= cfg_wr_data;
                    sw_pkg::REG_P_QUANTUM_CYCLES:     qcycles_q[rd_port*32 +: 32]  <= cfg_wr_data;
                    sw_pkg::REG_P_PFC_REFRESH_CYCLES: refresh_q[rd_port*32 +: 32]  <= cfg_wr_data;
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
                        sw_pkg::REG_G_CTRL:                 v = 64'(ctrl_q);
                        sw_pkg::REG_G_LOSSLESS_MASK:        v = 64'(lossless_q);
                        sw_pkg::REG_G_SHARED_POOL_CELLS:    v = 64'(pool_q);
                        sw_pkg::REG_G_RESERVE_CELLS:        v = 64'(reserve_q);
                        sw_pkg::REG_G_PFC_STATIC_THR_CELLS: v = 64'(static_thr_q);
                        sw_pkg::REG_G_PFC_BETA_LOG2:        v = 64'(pfc_beta_q);
                        sw_pkg::REG_G_LOSSY_BETA_LOG2:      v = 64'(lossy_beta_q);
                        sw_pkg::REG_G_RESUME_OFFSET_CELLS:  v = 64'(resume_q);
                        sw_pkg::REG_G_PAUSE_QUANTA:         v = 64'(pause_quanta_q);
                        sw_pkg::REG_G_DWRR_GROUP_MASK:      v = 64'(dwrr_mask_q);
                        sw_pkg::REG_G_LFSR_SEED:            v = 64'(lfsr_seed_q);
                        default: v = '0;
                    endcase
                end
                sw_pkg::BLK_PORT: begin
                    if (idx_ok && p_ok) begin
                        case (rd_k)
                            sw_pkg::REG_P_HEADROOM_CELLS:     v = 64'(headroom_q[rd_port*32 +: 32]);
                            sw_pkg::REG_P_QUANTUM_CYCLES:     v = 64'(qcycles_q[rd_port*32 +: 32]);
                            sw_pkg::REG_P_PFC_REFRESH_CYCLES: v = 64'(refresh_q[rd_port*32 +: 32]);
                            default: v = '0;
                        endcase
                    end
                end
                sw_pkg::BLK_QUEUE: begin
                    if (idx_ok && pc_ok && rd_k <= sw_pkg::REG_Q_DWRR_QUANTUM_BYTES && qcfg_vld_q[rd_qid]) begin
                        v = 64'(qcfg_mem[rd_qid][32'(rd_k)*32 +: 32]);
                    end
                end
                sw_pkg::BLK_FWD, sw_pkg::BLK_ECMP_M, sw_pkg::BLK_ECMP_N: begin
                    src_q <= SRC_FWD;
                end
                sw_pkg::BLK_QCNT: begin
                    if (rd_stats_q) begin
                        src_q <= SRC_STATS;
                    end else if (idx_ok && pc_ok && (rd_k == sw_pkg::QCNT_LEN_BYTES ||
                                                    rd_k == sw_pkg::QCNT_LEN_FRAMES) && !rd_hi) begin
                        src_q <= SRC_QLEN;   // 32 bits at most: the high word reads 0
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
                            sw_pkg::ING_U, sw_pkg::ING_H, sw_pkg::ING_PEAK: src_q <= SRC_ING;
                            sw_pkg::ING_XOFF: v = 64'(xoff[rd_qid]);
                            default: v = '0;
                        endcase
                    end
                end
                sw_pkg::BLK_GSTATE: begin
                    case (idx)
                        sw_pkg::GST_SHARED_USED: v = 64'(shared_cells);
                        sw_pkg::GST_TOTAL_USED:  v = 64'(total_cells);
                        sw_pkg::GST_FREE_SLOTS:  v = 64'(free_slots);
                        sw_pkg::GST_LFSR:        v = 64'(lfsr);
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
            SRC_FWD:    cfg_rd_data = fwd_rd_word;
            SRC_QLEN:   cfg_rd_data = qlen_rd_data;
            SRC_ING:    cfg_rd_data = ing_rd_data;
            default:    cfg_rd_data = rd_q;
        endcase
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only): every register of
    // 2.9 written and read, blocks 0-2 (blocks 3-5 in sw_fwd), 8-11; a register of a (p,c) or a
    // port is one point for all of them
    logic        cov_acc;                      // an access of a mapped (p,c) or port
    logic [10:0] cov_wr_g, cov_rd_g;           // block 0, by index
    logic [2:0]  cov_wr_p, cov_rd_p;           // block 1, by k
    logic [6:0]  cov_wr_q, cov_rd_q;           // block 2, by k
    logic [11:0] cov_rd_qcnt;                  // block 8, by k
    logic [4:0]  cov_rd_pcnt;                  // block 9, k = 0..3, then 4 + c for any c
    logic [3:0]  cov_rd_ing, cov_rd_gstate;    // blocks 10 and 11, by k
    assign cov_acc = idx_ok && p_ok;
    for (genvar i = 0; i < 12; i++) begin : g_cov_index
        if (i < 11) begin : g_global
            assign cov_wr_g[i] = cfg_wr_en && blk == sw_pkg::BLK_GLOBAL && idx == 16'(i);
            assign cov_rd_g[i] = cfg_rd_en && blk == sw_pkg::BLK_GLOBAL && idx == 16'(i);
        end
        if (i < 3) begin : g_port
            assign cov_wr_p[i] = cfg_wr_en && blk == sw_pkg::BLK_PORT && cov_acc && rd_k == 4'(i);
            assign cov_rd_p[i] = cfg_rd_en && blk == sw_pkg::BLK_PORT && cov_acc && rd_k == 4'(i);
        end
        if (i < 7) begin : g_queue
            assign cov_wr_q[i] = qc_wr && rd_k == 4'(i);
            assign cov_rd_q[i] = cfg_rd_en && blk == sw_pkg::BLK_QUEUE && cov_acc && pc_ok && rd_k == 4'(i);
        end
        assign cov_rd_qcnt[i] = cfg_rd_en && blk == sw_pkg::BLK_QCNT && cov_acc && pc_ok && rd_k == 4'(i);
        if (i < 4) begin : g_state
            assign cov_rd_pcnt[i]   = rd_stats_p && rd_k == 4'(i);
            assign cov_rd_ing[i]    = cfg_rd_en && blk == sw_pkg::BLK_INGRESS && cov_acc && pc_ok && rd_k == 4'(i);
            assign cov_rd_gstate[i] = cfg_rd_en && blk == sw_pkg::BLK_GSTATE && idx == 16'(i);
        end
    end
    assign cov_rd_pcnt[4] = rd_paused;
    c_wr_ctrl                : cover property (@(posedge clk) disable iff (rst) cov_wr_g[0]);
    c_wr_lossless_mask       : cover property (@(posedge clk) disable iff (rst) cov_wr_g[1]);
    c_wr_shared_pool_cells   : cover property (@(posedge clk) disable iff (rst) cov_wr_g[2]);
    c_wr_reserve_cells       : cover property (@(posedge clk) disable iff (rst) cov_wr_g[3]);
    c_wr_pfc_static_thr_cells: cover property (@(posedge clk) disable iff (rst) cov_wr_g[4]);
    c_wr_pfc_beta_log2       : cover property (@(posedge clk) disable iff (rst) cov_wr_g[5]);
    c_wr_lossy_beta_log2     : cover property (@(posedge clk) disable iff (rst) cov_wr_g[6]);
    c_wr_resume_offset_cells : cover property (@(posedge clk) disable iff (rst) cov_wr_g[7]);
    c_wr_pause_quanta        : cover property (@(posedge clk) disable iff (rst) cov_wr_g[8]);
    c_wr_dwrr_group_mask     : cover property (@(posedge clk) disable iff (rst) cov_wr_g[9]);
    c_wr_lfsr_seed           : cover property (@(posedge clk) disable iff (rst) cov_wr_g[10]);
    c_rd_ctrl                : cover property (@(posedge clk) disable iff (rst) cov_rd_g[0]);
    c_rd_lossless_mask       : cover property (@(posedge clk) disable iff (rst) cov_rd_g[1]);
    c_rd_shared_pool_cells   : cover property (@(posedge clk) disable iff (rst) cov_rd_g[2]);
    c_rd_reserve_cells       : cover property (@(posedge clk) disable iff (rst) cov_rd_g[3]);
    c_rd_pfc_static_thr_cells: cover property (@(posedge clk) disable iff (rst) cov_rd_g[4]);
    c_rd_pfc_beta_log2       : cover property (@(posedge clk) disable iff (rst) cov_rd_g[5]);
    c_rd_lossy_beta_log2     : cover property (@(posedge clk) disable iff (rst) cov_rd_g[6]);
    c_rd_resume_offset_cells : cover property (@(posedge clk) disable iff (rst) cov_rd_g[7]);
    c_rd_pause_quanta        : cover property (@(posedge clk) disable iff (rst) cov_rd_g[8]);
    c_rd_dwrr_group_mask     : cover property (@(posedge clk) disable iff (rst) cov_rd_g[9]);
    c_rd_lfsr_seed           : cover property (@(posedge clk) disable iff (rst) cov_rd_g[10]);
    c_wr_headroom_cells      : cover property (@(posedge clk) disable iff (rst) cov_wr_p[0]);
    c_wr_quantum_cycles      : cover property (@(posedge clk) disable iff (rst) cov_wr_p[1]);
    c_wr_pfc_refresh_cycles  : cover property (@(posedge clk) disable iff (rst) cov_wr_p[2]);
    c_rd_headroom_cells      : cover property (@(posedge clk) disable iff (rst) cov_rd_p[0]);
    c_rd_quantum_cycles      : cover property (@(posedge clk) disable iff (rst) cov_rd_p[1]);
    c_rd_pfc_refresh_cycles  : cover property (@(posedge clk) disable iff (rst) cov_rd_p[2]);
    c_wr_kmin_bytes          : cover property (@(posedge clk) disable iff (rst) cov_wr_q[0]);
    c_wr_kmax_bytes          : cover property (@(posedge clk) disable iff (rst) cov_wr_q[1]);
    c_wr_pmax                : cover property (@(posedge clk) disable iff (rst) cov_wr_q[2]);
    c_wr_ecn_slope           : cover property (@(posedge clk) disable iff (rst) cov_wr_q[3]);
    c_wr_wred_k_bytes        : cover property (@(posedge clk) disable iff (rst) cov_wr_q[4]);
    c_wr_qctrl               : cover property (@(posedge clk) disable iff (rst) cov_wr_q[5]);
    c_wr_dwrr_quantum_bytes  : cover property (@(posedge clk) disable iff (rst) cov_wr_q[6]);
    c_rd_kmin_bytes          : cover property (@(posedge clk) disable iff (rst) cov_rd_q[0]);
    c_rd_kmax_bytes          : cover property (@(posedge clk) disable iff (rst) cov_rd_q[1]);
    c_rd_pmax                : cover property (@(posedge clk) disable iff (rst) cov_rd_q[2]);
    c_rd_ecn_slope           : cover property (@(posedge clk) disable iff (rst) cov_rd_q[3]);
    c_rd_wred_k_bytes        : cover property (@(posedge clk) disable iff (rst) cov_rd_q[4]);
    c_rd_qctrl               : cover property (@(posedge clk) disable iff (rst) cov_rd_q[5]);
    c_rd_dwrr_quantum_bytes  : cover property (@(posedge clk) disable iff (rst) cov_rd_q[6]);
    c_rd_q_enq_frames        : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[0]);
    c_rd_q_enq_bytes         : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[1]);
    c_rd_q_deq_frames        : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[2]);
    c_rd_q_deq_bytes         : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[3]);
    c_rd_q_ecn_marks         : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[4]);
    c_rd_q_drops_lossy_tail  : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[5]);
    c_rd_q_drops_wred        : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[6]);
    c_rd_q_drops_headroom    : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[7]);
    c_rd_q_drops_buffer_full : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[8]);
    c_rd_q_peak_bytes        : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[9]);
    c_rd_q_length_bytes      : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[10]);
    c_rd_q_length_frames     : cover property (@(posedge clk) disable iff (rst) cov_rd_qcnt[11]);
    c_rd_p_pause_tx          : cover property (@(posedge clk) disable iff (rst) cov_rd_pcnt[0]);
    c_rd_p_resume_tx         : cover property (@(posedge clk) disable iff (rst) cov_rd_pcnt[1]);
    c_rd_p_pfc_rx            : cover property (@(posedge clk) disable iff (rst) cov_rd_pcnt[2]);
    c_rd_p_drops_no_route    : cover property (@(posedge clk) disable iff (rst) cov_rd_pcnt[3]);
    c_rd_p_paused_cycles     : cover property (@(posedge clk) disable iff (rst) cov_rd_pcnt[4]);
    c_rd_ingress_u           : cover property (@(posedge clk) disable iff (rst) cov_rd_ing[0]);
    c_rd_ingress_h           : cover property (@(posedge clk) disable iff (rst) cov_rd_ing[1]);
    c_rd_ingress_xoff        : cover property (@(posedge clk) disable iff (rst) cov_rd_ing[2]);
    c_rd_ingress_peak        : cover property (@(posedge clk) disable iff (rst) cov_rd_ing[3]);
    c_rd_shared_used         : cover property (@(posedge clk) disable iff (rst) cov_rd_gstate[0]);
    c_rd_total_used          : cover property (@(posedge clk) disable iff (rst) cov_rd_gstate[1]);
    c_rd_free_slots          : cover property (@(posedge clk) disable iff (rst) cov_rd_gstate[2]);
    c_rd_lfsr                : cover property (@(posedge clk) disable iff (rst) cov_rd_gstate[3]);
`endif

`ifdef FORMAL
    // ---------------------------------------------------------------- formal proofs
    // 7. reset values (FORMAL_REGS; rtl/switch/formal/prove.sh, docs/verification.md "Formal proofs"):
    // after rst every register of blocks 0, 1 and 2 is 0, the documented default (2.9), and a read
    // of one of them in the first cycle after reset returns 0
    logic f_past, f_rst_q, f_rd_q;
    initial f_past = 1'b0;
    always @(posedge clk) begin
        f_past  <= 1'b1;
        f_rst_q <= rst;
        // a read of blocks 0-2 right after reset, with no write in that cycle
        f_rd_q  <= f_rst_q && !rst && cfg_rd_en && !cfg_wr_en && blk <= sw_pkg::BLK_QUEUE;
    end
    always @* begin
        assume(rst == !f_past);   // reset in the first cycle of the proof only
`ifdef FORMAL_REGS
        if (f_past && f_rst_q) begin
            assert(ctrl_q == '0 && lossless_q == '0 && pool_q == '0 && reserve_q == '0);
            assert(static_thr_q == '0 && pfc_beta_q == '0 && lossy_beta_q == '0 && resume_q == '0);
            assert(pause_quanta_q == '0 && dwrr_mask_q == '0 && lfsr_seed_q == '0);
            assert(headroom_q == '0 && qcycles_q == '0 && refresh_q == '0);
            assert(qcfg_vld_q == '0 && qa_cfg == '0 && qb_cfg == '0);   // every queue's 7 words
            assert(cfg_rd_data == '0);
        end
        if (f_past && f_rd_q) begin
            assert(cfg_rd_data == '0);
        end
`endif
    end
`endif
endmodule
`resetall
