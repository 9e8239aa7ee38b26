// sw_admission: buffer accounting, admission and PFC XOFF/XON decisions (docs/switch.md 2.4, 2.6, 2.8).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_admission #(
    parameter int NPORTS = 16,     // switch ports
    parameter int NPRIO  = 8,      // priorities
    parameter int NCELLS = 46875,  // buffer cells
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ),
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                                clk,
    input  wire                                rst,

    // configuration (2.9)
    input  wire                                pfc_enable,
    input  wire                                pfc_dynamic,
    input  wire [7:0]                          lossless_mask,
    input  wire [31:0]                         pool_cells,
    input  wire [31:0]                         reserve_cells,
    input  wire [31:0]                         pfc_static_thr_cells,
    input  wire [3:0]                          pfc_beta_log2,
    input  wire [3:0]                          lossy_beta_log2,
    input  wire [31:0]                         resume_offset_cells,
    input  wire [NPORTS*32-1:0]                headroom_cells,

    // the processed frame (2.2-2.4); c is the clipped priority
    input  wire                                pr_valid,
    input  wire [PID_W-1:0]                    pr_port,
    input  wire [2:0]                          pr_c,
    input  wire [QID_W-1:0]                    pr_pc,          // pr_port*NPRIO + pr_c
    input  wire [sw_pkg::CNT_W-1:0]            pr_cells,
    input  wire                                route_ok,
    input  wire                                wred_drop,
    input  wire [sw_pkg::CNT_W-1:0]            qcells,         // qc(e,c)
    input  wire                                slot_avail,

    output logic                               admit,
    output logic [sw_pkg::REASON_W-1:0]        drop_reason,    // DROP_NONE when admitted
    output logic [sw_pkg::CNT_W-1:0]           pr_uh,          // u + h of (p,c) at the start of the cycle (RCM)

    // the dequeued frame (2.8): its cells return to ingress (p,c)
    input  wire                                dq_valid,
    input  wire [2:0]                          dq_c,
    input  wire [QID_W-1:0]                    dq_pc,          // ingress port*NPRIO + c
    input  wire [sw_pkg::CNT_W-1:0]            dq_cells,

    // PFC decisions (2.6): applied at this edge, sent next cycle
    output logic                               ev_a_xoff,      // for the processed frame's (p,c)
    output logic                               ev_a_xon,
    output logic                               ev_b_xoff,      // for the dequeued frame's (p,c)
    output logic                               ev_b_xon,
    output logic [NQ-1:0]                      xoff,

    // register reads (2.9 block 10 k = 0, 1, 3: registered at the edge of rd_en; block 11)
    input  wire                                rd_en,
    input  wire [QID_W-1:0]                    rd_pc,
    input  wire [1:0]                          rd_k,
    output logic [31:0]                        rd_data,
    output logic [sw_pkg::CNT_W-1:0]           shared_cells,   // S
    output logic [sw_pkg::CNT_W-1:0]           total_cells     // T
);
    localparam int CW    = sw_pkg::CNT_W;
    localparam int SW    = sw_pkg::SC_W;
    localparam int REC_W = CW + CW + CW + 1;   // {peak u+h, h, u}

    // ---- per ingress (p,c): u, h, peak u+h; cleared by rst
    logic [REC_W-1:0]   ir_a_data;
    logic [REC_W-1:0]   ir_b_data;
    logic [REC_W-1:0]   ir_r_data;
    logic [1:0]         rd_k_q;
`ifdef FORMAL
    logic [NQ*REC_W-1:0] f_ing;   // every ingress record (formal proofs only)
`endif
    logic               ir_wr0_en;
    logic [REC_W-1:0]   ir_wr0_data;
    logic               ir_wr1_en;
    logic [REC_W-1:0]   ir_wr1_data;

    sw_clr_ram #(.W(REC_W), .DEPTH(NQ)) u_ing (
        .clk(clk), .rst(rst),
        .ra_addr(pr_pc), .ra_data(ir_a_data), .rb_addr(dq_pc), .rb_data(ir_b_data),
        .rq_en(rd_en), .rq_addr(rd_pc), .rq_data(ir_r_data),
        .wr0_en(ir_wr0_en), .wr0_addr(dq_pc), .wr0_data(ir_wr0_data),
        .wr1_en(ir_wr1_en), .wr1_addr(pr_pc), .wr1_data(ir_wr1_data)
`ifdef FORMAL
        , .f_all(f_ing)
`endif
    );

    logic [CW-1:0] s_q;
    logic [CW-1:0] t_q;
    logic [NQ-1:0] xoff_q;

    logic [CW:0]   a_peak, b_peak, r_peak;
    logic [CW-1:0] a_h, b_h, r_h;
    logic [CW-1:0] a_u, b_u, r_u;

    // signed cell arithmetic (2.4): every operand below is a signed SW-bit variable
    logic signed [SW-1:0] R, POOL, S, T, NC, cells_a, cells_b, qc, hr_lim, resume, static_thr;
    logic signed [SW-1:0] ua, ha, ub, hb, pk_a, sh_a, sh_delta, lossy_lim;
    logic                 lossless_a, lossless_b, same_pc;
    logic                 to_shared, to_headroom;
    // values after the edge (primes of 2.6)
    logic signed [SW-1:0] ua1, ha1, s1, ub1, hb1;
    logic signed [SW-1:0] from_h, ret_u, sh_b1, s_ret;
    logic signed [SW-1:0] ua_n, ha_n, ub_n, hb_n, s_n, thr, sh_an, sh_bn, uh_a;
    logic [CW-1:0]        s_next, t_next;

    assign {a_peak, a_h, a_u} = ir_a_data;
    assign pr_uh = a_u + a_h;
    assign {b_peak, b_h, b_u} = ir_b_data;
    assign {r_peak, r_h, r_u} = ir_r_data;
    assign rd_data = (rd_k_q == 2'(sw_pkg::ING_U)) ? 32'(r_u) :
                     (rd_k_q == 2'(sw_pkg::ING_H)) ? 32'(r_h) : 32'(r_peak);   // ING_PEAK (2.9)

    always_ff @(posedge clk) begin
        if (rd_en) begin
            rd_k_q <= rd_k;
        end
    end
    assign shared_cells = s_q;
    assign total_cells  = t_q;
    assign xoff         = xoff_q;

    always_comb begin
        R          = SW'(reserve_cells);
        POOL       = SW'(pool_cells);
        S          = SW'(s_q);
        T          = SW'(t_q);
        NC         = SW'(NCELLS);
        cells_a    = SW'(pr_cells);
        qc         = SW'(qcells);
        hr_lim     = SW'(headroom_cells[pr_port*32 +: 32]);
        ua         = SW'(a_u);
        ha         = SW'(a_h);
        pk_a       = SW'(a_peak);

        lossless_a = pfc_enable && lossless_mask[pr_c];

        // shared(p,c) = max(0, u - R); sh_delta (2.4)
        sh_a      = (ua > R) ? ua - R : 0;
        sh_delta  = ((ua + cells_a > R) ? ua + cells_a - R : 0) - sh_a;
        lossy_lim = sw_pkg::scale(POOL - S, lossy_beta_log2);

        // admission rules in order (2.4)
        to_shared   = 1'b0;
        to_headroom = 1'b0;
        drop_reason = sw_pkg::DROP_NONE;
        if (!route_ok) begin
            drop_reason = sw_pkg::DROP_NO_ROUTE;
        end else if (wred_drop) begin
            drop_reason = sw_pkg::DROP_WRED;
        end else if (T + cells_a > NC || !slot_avail) begin
            drop_reason = sw_pkg::DROP_BUFFER_FULL;
        end else if (lossless_a) begin
            if (!xoff_q[pr_pc] && S + sh_delta <= POOL) begin
                to_shared = 1'b1;
            end else if (ha + cells_a <= hr_lim) begin
                to_headroom = 1'b1;
            end else begin
                drop_reason = sw_pkg::DROP_HEADROOM_OVERFLOW;
            end
        end else begin
            if (sh_delta == 0 || (S + sh_delta <= POOL && qc + cells_a <= lossy_lim)) begin
                to_shared = 1'b1;
            end else begin
                drop_reason = sw_pkg::DROP_LOSSY_TAIL;
            end
        end
        if (!pr_valid) begin
            to_shared   = 1'b0;
            to_headroom = 1'b0;
            drop_reason = sw_pkg::DROP_NONE;
        end
        admit = to_shared || to_headroom;

        // admission effect
        ua1 = to_shared ? ua + cells_a : ua;
        ha1 = to_headroom ? ha + cells_a : ha;
        s1  = to_shared ? S + sh_delta : S;
    end

    // The dequeue's return and the PFC decisions: they depend on the dequeue, which depends on the
    // transmitters' ready inputs. Kept apart from the admission above, which depends on state only
    // and is so evaluated once per edge (docs/switch.md 3.5).
    always_comb begin
        cells_b    = SW'(dq_cells);
        resume     = SW'(resume_offset_cells);
        static_thr = SW'(pfc_static_thr_cells);
        ub         = SW'(b_u);
        hb         = SW'(b_h);
        lossless_b = pfc_enable && lossless_mask[dq_c];
        same_pc    = pr_valid && dq_valid && pr_pc == dq_pc;

        // dequeue return (2.8), applied after the admission effect
        ub1    = same_pc ? ua1 : ub;
        hb1    = same_pc ? ha1 : hb;
        from_h = (hb1 < cells_b) ? hb1 : cells_b;
        ret_u  = cells_b - from_h;
        sh_b1  = (ub1 > R) ? ub1 - R : 0;
        s_ret  = (ret_u < sh_b1) ? ret_u : sh_b1;
        ub_n   = dq_valid ? ub1 - ret_u : ub1;
        hb_n   = dq_valid ? hb1 - from_h : hb1;
        s_n    = dq_valid ? s1 - s_ret : s1;
        ua_n   = same_pc ? ub_n : ua1;
        ha_n   = same_pc ? hb_n : ha1;
        uh_a   = ua_n + ha_n;
        s_next = s_n[CW-1:0];
        t_next = t_q + (admit ? pr_cells : '0) - (dq_valid ? dq_cells : '0);

        // state write-back: the dequeue's (p,c) on port 0, the admission's on port 1
        ir_wr0_en   = dq_valid && !same_pc;
        ir_wr0_data = {b_peak, hb_n[CW-1:0], ub_n[CW-1:0]};
        ir_wr1_en   = admit || same_pc;
        ir_wr1_data = {(admit && uh_a > pk_a) ? uh_a[CW:0] : a_peak, ha_n[CW-1:0], ua_n[CW-1:0]};

        // PFC threshold on the values after this edge (2.6)
        thr   = pfc_dynamic ? sw_pkg::scale(POOL - s_n, pfc_beta_log2) : static_thr;
        sh_an = (ua_n > R) ? ua_n - R : 0;
        sh_bn = (ub_n > R) ? ub_n - R : 0;

        ev_a_xoff = pr_valid && lossless_a && !xoff_q[pr_pc] && (ha_n > 0 || sh_an >= thr);
        ev_a_xon  = pr_valid && lossless_a && xoff_q[pr_pc] && ha_n == 0 &&
                    (sh_an == 0 || sh_an + resume <= thr);
        ev_b_xoff = dq_valid && !same_pc && lossless_b && !xoff_q[dq_pc] && (hb_n > 0 || sh_bn >= thr);
        ev_b_xon  = dq_valid && !same_pc && lossless_b && xoff_q[dq_pc] && hb_n == 0 &&
                    (sh_bn == 0 || sh_bn + resume <= thr);
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            s_q    <= '0;
            t_q    <= '0;
            xoff_q <= '0;
        end else begin
            s_q <= s_next;
            t_q <= t_next;
            if (ev_b_xoff) begin
                xoff_q[dq_pc] <= 1'b1;
            end
            if (ev_b_xon) begin
                xoff_q[dq_pc] <= 1'b0;
            end
            if (ev_a_xoff) begin
                xoff_q[pr_pc] <= 1'b1;
            end
            if (ev_a_xon) begin
                xoff_q[pr_pc] <= 1'b0;
            end
        end
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only): every PFC state
    // transition per class and where it is decided (2.6), every drop reason and the admission to
    // headroom (2.4), an admission and a dequeue of the same (p,c) in one cycle (2.8)
    logic [7:0] cov_xoff, cov_xon;   // bit c: a (p,c) of class c turns XOFF / XON at this edge
    for (genvar c = 0; c < 8; c++) begin : g_cov_class
        assign cov_xoff[c] = (ev_a_xoff && pr_c == 3'(c)) || (ev_b_xoff && dq_c == 3'(c));
        assign cov_xon[c]  = (ev_a_xon && pr_c == 3'(c)) || (ev_b_xon && dq_c == 3'(c));
    end
    c_xoff_class0: cover property (@(posedge clk) disable iff (rst) cov_xoff[0]);
    c_xoff_class1: cover property (@(posedge clk) disable iff (rst) cov_xoff[1]);
    c_xoff_class2: cover property (@(posedge clk) disable iff (rst) cov_xoff[2]);
    c_xoff_class3: cover property (@(posedge clk) disable iff (rst) cov_xoff[3]);
    c_xoff_class4: cover property (@(posedge clk) disable iff (rst) cov_xoff[4]);
    c_xoff_class5: cover property (@(posedge clk) disable iff (rst) cov_xoff[5]);
    c_xoff_class6: cover property (@(posedge clk) disable iff (rst) cov_xoff[6]);
    c_xoff_class7: cover property (@(posedge clk) disable iff (rst) cov_xoff[7]);
    c_xon_class0:  cover property (@(posedge clk) disable iff (rst) cov_xon[0]);
    c_xon_class1:  cover property (@(posedge clk) disable iff (rst) cov_xon[1]);
    c_xon_class2:  cover property (@(posedge clk) disable iff (rst) cov_xon[2]);
    c_xon_class3:  cover property (@(posedge clk) disable iff (rst) cov_xon[3]);
    c_xon_class4:  cover property (@(posedge clk) disable iff (rst) cov_xon[4]);
    c_xon_class5:  cover property (@(posedge clk) disable iff (rst) cov_xon[5]);
    c_xon_class6:  cover property (@(posedge clk) disable iff (rst) cov_xon[6]);
    c_xon_class7:  cover property (@(posedge clk) disable iff (rst) cov_xon[7]);
    c_xoff_at_admission: cover property (@(posedge clk) disable iff (rst) ev_a_xoff);
    c_xoff_at_dequeue:   cover property (@(posedge clk) disable iff (rst) ev_b_xoff);
    c_xon_at_admission:  cover property (@(posedge clk) disable iff (rst) ev_a_xon);
    c_xon_at_dequeue:    cover property (@(posedge clk) disable iff (rst) ev_b_xon);
    c_drop_no_route:          cover property (@(posedge clk) disable iff (rst) drop_reason == sw_pkg::DROP_NO_ROUTE);
    c_drop_wred:              cover property (@(posedge clk) disable iff (rst) drop_reason == sw_pkg::DROP_WRED);
    c_drop_lossy_tail:        cover property (@(posedge clk) disable iff (rst) drop_reason == sw_pkg::DROP_LOSSY_TAIL);
    c_drop_headroom_overflow: cover property (@(posedge clk) disable iff (rst) drop_reason == sw_pkg::DROP_HEADROOM_OVERFLOW);
    c_drop_buffer_full:       cover property (@(posedge clk) disable iff (rst) drop_reason == sw_pkg::DROP_BUFFER_FULL);
    c_admit_to_headroom:      cover property (@(posedge clk) disable iff (rst) to_headroom);
    c_admit_within_reserve:   cover property (@(posedge clk) disable iff (rst) to_shared && !lossless_a && sh_delta == 0);
    c_same_pc_in_and_out:     cover property (@(posedge clk) disable iff (rst) same_pc);
`endif

`ifdef FORMAL
    // ---------------------------------------------------------------- formal proofs
    // The module is the top of the proof (rtl/switch/formal/prove.sh; docs/verification.md "Formal
    // proofs"): its inputs are constrained by the assumptions below, each one a rule the rest of the
    // switch or software keeps. FORMAL_CONSERVATION, FORMAL_OVERCOMMIT, FORMAL_LOSSLESS and
    // FORMAL_XOFF select the property proved; the accounting invariants they need come with them.
    localparam int F_MAXF = 4;   // largest frame of the proof, in cells

    logic f_past;
    initial f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;

    // every ingress record, the sums over them, and the configuration of 2.9 as the proof reads it
    logic [NQ*SW-1:0]     f_u, f_h;   // u and h of (p,c) i at [i*SW +: SW]
    logic signed [SW-1:0] f_ui, f_hi, f_sum_uh, f_sum_sh, f_hr_sum;
    logic [NQ-1:0]        f_lossless;
    always @* begin
        f_sum_uh = 0;
        f_sum_sh = 0;
        f_hr_sum = 0;
        for (int i = 0; i < NQ; i++) begin
            f_ui          = SW'(f_ing[i*REC_W +: CW]);
            f_hi          = SW'(f_ing[i*REC_W + CW +: CW]);
            f_u[i*SW +: SW] = f_ui;
            f_h[i*SW +: SW] = f_hi;
            f_sum_uh      = f_sum_uh + f_ui + f_hi;
            f_sum_sh      = f_sum_sh + ((f_ui > R) ? f_ui - R : 0);
            f_lossless[i] = pfc_enable && lossless_mask[i % NPRIO];
            f_hr_sum      = f_hr_sum + SW'(headroom_cells[(i / NPRIO)*32 +: 32]);
        end
    end

    // cells of (p,c) processed while its XOFF stood, since the XOFF was raised (the upstream model
    // of the lossless proof: what is still sent after a pause, 2.6)
    logic [NQ*8-1:0] f_after_xoff;   // (p,c) i at [i*8 +: 8]
    always @(posedge clk) begin
        for (int i = 0; i < NQ; i++) begin
            if (rst || !xoff_q[i]) begin
                f_after_xoff[i*8 +: 8] <= '0;
            end else if (pr_valid && pr_pc == QID_W'(i)) begin
                f_after_xoff[i*8 +: 8] <= f_after_xoff[i*8 +: 8] + 8'(pr_cells);
            end
        end
    end

    always @* begin
        // reset in the first cycle of the proof only
        assume(rst == !f_past);
        // legal inputs: (p,c) indices as sw_top forms them, frames of 1..F_MAXF cells (2.2)
        assume(32'(pr_c) < NPRIO && 32'(pr_port) < NPORTS && 32'(pr_pc) == 32'(pr_port) * NPRIO + 32'(pr_c));
        assume(32'(dq_c) < NPRIO && 32'(dq_pc) % NPRIO == 32'(dq_c));
        assume(pr_cells >= 1 && pr_cells <= F_MAXF);
        assume(dq_cells >= 1 && dq_cells <= F_MAXF);
        // a dequeued frame's cells were admitted to its (p,c) in an earlier cycle (2.8)
        assume(!dq_valid || SW'(dq_cells) <= ub + hb);
        // legal configuration (2.4, 2.9), small enough for the solver
        assume(pool_cells <= 32'(NCELLS) && reserve_cells <= 32'(NCELLS));
        assume(pfc_static_thr_cells <= 32'(2*NCELLS) && resume_offset_cells <= 32'(2*NCELLS));
        assume($signed(pfc_beta_log2) >= -6 && $signed(pfc_beta_log2) <= 6);
        assume($signed(lossy_beta_log2) >= -6 && $signed(lossy_beta_log2) <= 6);
        for (int p = 0; p < NPORTS; p++) begin
            assume(headroom_cells[p*32 +: 32] <= 32'(NCELLS));
        end
    end
    // software writes the configuration before traffic: it does not change during the proof
    // (compared with its value a cycle earlier: yosys allows $stable in clocked blocks only, where an
    // assumption would act a cycle late)
    localparam int F_CFG_W = 2 + 8 + 4*32 + 2*4 + NPORTS*32;
    logic [F_CFG_W-1:0] f_cfg, f_cfg_q;
    assign f_cfg = {pfc_enable, pfc_dynamic, lossless_mask, pool_cells, reserve_cells, pfc_static_thr_cells,
                    pfc_beta_log2, lossy_beta_log2, resume_offset_cells, headroom_cells};
    always @(posedge clk) f_cfg_q <= f_cfg;
    always @* begin
        if (f_past) begin
            assume(f_cfg == f_cfg_q);
        end
    end

`ifdef FORMAL_LOSSLESS
    // the planner's configuration (docs/buffer-plan.md 2.1): pool = cells - every (p,c)'s headroom
    // and reserve, PFC on; the upstream of a lossless (p,c) sends at most HEADROOM_CELLS - F_MAXF
    // cells after XOFF (its t_flight); the frame that meets a full pool before XOFF takes the rest
    always @* begin
        assume(pfc_enable);
        assume(POOL + NPRIO * f_hr_sum + NQ * R <= NC);
        for (int p = 0; p < NPORTS; p++) begin
            assume(headroom_cells[p*32 +: 32] >= 32'(F_MAXF));
        end
        if (pr_valid && lossless_a) begin
            // routed, no WRED on a lossless class, a descriptor slot free (sw_queue_mgr proves that
            // slots do not run out before cells)
            assume(route_ok && !wred_drop && slot_avail);
            if (xoff_q[pr_pc]) begin
                assume(SW'(f_after_xoff[32'(pr_pc)*8 +: 8]) + cells_a + F_MAXF <= hr_lim);
            end
        end
    end
`endif

    always @* begin
        if (f_past && !rst) begin
`ifdef FORMAL_CONSERVATION
            // 1. cell conservation: every cell in use (T) is charged to exactly one ingress (p,c), to
            // its reserve, shared or headroom part, and S is the sum of the shared parts (2.4, 2.8)
            assert(T == f_sum_uh);
            assert(S == f_sum_sh);
            assert(T <= NC);   // free cells NCELLS - T >= 0
`endif
`ifdef FORMAL_OVERCOMMIT
            // 2. no over-commit: shared <= pool, headroom of (p,c) <= HEADROOM_CELLS(p), total <= cells
            assert(T == f_sum_uh && S == f_sum_sh);   // the invariants this needs
            assert(S <= POOL);
            assert(T <= NC);
            for (int i = 0; i < NQ; i++) begin
                assert($signed(f_h[i*SW +: SW]) <= SW'(headroom_cells[(i / NPRIO)*32 +: 32]));
            end
`endif
`ifdef FORMAL_LOSSLESS
            // 3. a lossless (p,c) under the planner's configuration is never dropped
            assert(!(pr_valid && lossless_a) || admit);
            // the invariants this needs: the sums, no headroom without XOFF, headroom in use at most
            // one frame more than was sent after XOFF, none for a lossy class
            assert(T == f_sum_uh && S == f_sum_sh && S <= POOL);
            for (int i = 0; i < NQ; i++) begin
                if (f_lossless[i]) begin
                    assert(xoff_q[i] ? $signed(f_h[i*SW +: SW]) <= F_MAXF + SW'(f_after_xoff[i*8 +: 8]) : $signed(f_h[i*SW +: SW]) == 0);
                    assert(SW'(f_after_xoff[i*8 +: 8]) + F_MAXF <= SW'(headroom_cells[(i / NPRIO)*32 +: 32]));
                end else begin
                    assert($signed(f_h[i*SW +: SW]) == 0);
                end
            end
`endif
`ifdef FORMAL_XOFF
            // 4. XOFF precedes overflow: a lossless (p,c) uses no headroom while its XOFF is off, and
            // when XOFF is raised at most the frame processed in that cycle sits in headroom, so at
            // least HEADROOM_CELLS - that frame remains for what arrives after the pause (2.6)
            for (int i = 0; i < NQ; i++) begin
                if (f_lossless[i] && !xoff_q[i]) begin
                    assert($signed(f_h[i*SW +: SW]) == 0);
                end
            end
            assert(!ev_a_xoff || ha_n <= cells_a);
            assert(!ev_b_xoff || hb_n == 0);
`endif
        end
    end

`ifdef FORMAL_XOFF
    // 4. the (p,c) of a processed lossless frame that reached headroom, or the threshold with cells
    // in shared and above the resume point, is XOFF after the edge (with shared' = 0, or shared' +
    // RESUME_OFFSET_CELLS <= thr, 2.6 resumes it: thr can be 0 with the pool full)
    logic           f_over_q;
    logic [QID_W-1:0] f_over_pc_q;
    always @(posedge clk) begin
        f_over_q    <= !rst && pr_valid && lossless_a &&
                       (ha_n > 0 || (sh_an > 0 && sh_an >= thr && sh_an + resume > thr));
        f_over_pc_q <= pr_pc;
    end
    always @* begin
        if (f_past && !rst && f_over_q) begin
            assert(xoff_q[f_over_pc_q]);
        end
    end
`endif
`endif
endmodule
`resetall
