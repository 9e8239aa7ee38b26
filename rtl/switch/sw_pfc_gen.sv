// sw_pfc_gen: PFC requests, refresh deadlines and PFC frame emission (docs/switch.md 2.6).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_pfc_gen #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // PFC classes in use
    parameter int NQ     = NPORTS*NPRIO,
    parameter int PID_W  = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,
    input  wire [sw_pkg::CYC_W-1:0]      cycle,

    input  wire [15:0]                   pause_quanta,
    input  wire [NPORTS*32-1:0]          refresh_cycles,

    // XOFF/XON decisions of this cycle (from sw_admission) and the xoff state before them
    input  wire [NQ-1:0]                 xoff,
    input  wire                          ev_a_xoff,
    input  wire                          ev_a_xon,
    input  wire [PID_W-1:0]              ev_a_port,
    input  wire [2:0]                    ev_a_c,
    input  wire                          ev_b_xoff,
    input  wire                          ev_b_xon,
    input  wire [PID_W-1:0]              ev_b_port,
    input  wire [2:0]                    ev_b_c,

    // PFC frames sent in this cycle
    output logic [NPORTS-1:0]            pfc_out_valid,
    output logic [NPORTS*8-1:0]          pfc_out_class_en,
    output logic [NPORTS*128-1:0]        pfc_out_time,
    output logic [NPORTS-1:0]            pfc_out_pause,   // frame has a non-zero time

    output logic [sw_pkg::CYC_W-1:0]     next_deadline,   // earliest refresh_at after the last edge
    output logic                         pending          // a request is registered or a refresh is overdue
);
    localparam int CYW = sw_pkg::CYC_W;

    logic [NPORTS*CYW-1:0] port_min;
    logic [NPORTS-1:0]     port_soon;
    logic [NQ-1:0]         req_v;        // requests registered last cycle, sent now
    logic [NQ-1:0]         req_pause;    // 1: pause, 0: resume
    logic [NQ-1:0]         due;          // refresh due in this cycle
    logic [NQ-1:0]         set_xoff;
    logic [NQ-1:0]         set_xon;
    logic [$clog2(NQ)-1:0] a_idx;
    logic [$clog2(NQ)-1:0] b_idx;
    logic                  any_slow;

    // this cycle's XOFF/XON decisions as per-(p,c) vectors
    assign a_idx = $clog2(NQ)'(32'(ev_a_port) * NPRIO + 32'(ev_a_c));
    assign b_idx = $clog2(NQ)'(32'(ev_b_port) * NPRIO + 32'(ev_b_c));

    always_comb begin
        set_xoff = '0;
        set_xon  = '0;
        if (ev_a_xoff) begin
            set_xoff[a_idx] = 1'b1;
        end
        if (ev_b_xoff) begin
            set_xoff[b_idx] = 1'b1;
        end
        if (ev_a_xon) begin
            set_xon[a_idx] = 1'b1;
        end
        if (ev_b_xon) begin
            set_xon[b_idx] = 1'b1;
        end
    end

    // one frame per port carries every class with a request or a refresh (2.6)
    always_comb begin
        pfc_out_valid    = '0;
        pfc_out_class_en = '0;
        pfc_out_time     = '0;
        pfc_out_pause    = '0;
        if ((|req_v) || (|due)) begin
            for (int p = 0; p < NPORTS; p++) begin
                for (int c = 0; c < NPRIO; c++) begin
                    if (req_v[p*NPRIO + c] || due[p*NPRIO + c]) begin
                        pfc_out_valid[p]          = 1'b1;
                        pfc_out_class_en[p*8 + c] = 1'b1;
                        if ((req_v[p*NPRIO + c] && req_pause[p*NPRIO + c]) || due[p*NPRIO + c]) begin
                            pfc_out_time[p*128 + c*16 +: 16] = pause_quanta;
                            if (pause_quanta != 16'd0) begin
                                pfc_out_pause[p] = 1'b1;
                            end
                        end
                    end
                end
            end
        end
    end

    // refresh_at(p,c), armed while xoff(p,c): one entry per port with class c at [c*CYW +: CYW],
    // written as a whole once per edge at most (one write per port, not per class, keeps the
    // Verilated model fast)
    logic [8*CYW-1:0] refresh_mem [NPORTS];

    for (genvar p = 0; p < NPORTS; p++) begin : g_port
        logic [NPRIO-1:0] req_v_q;
        logic [NPRIO-1:0] req_pause_q;
        logic [CYW-1:0]   min_q;             // earliest armed refresh_at of this port after the last edge
        logic             soon_q;            // an armed refresh_at is not after the last edge
        logic             slow;
        logic [NPRIO-1:0] x_now;
        logic [NPRIO-1:0] due_p;
        logic [NPRIO-1:0] sx;
        logic [NPRIO-1:0] sn;
        logic             refresh_on;        // PFC_REFRESH_CYCLES = 0 disables refresh (2.6)

        assign refresh_on = |refresh_cycles[p*32 +: 32];
        assign x_now = xoff[p*NPRIO +: NPRIO];
        assign sx    = set_xoff[p*NPRIO +: NPRIO];
        assign sn    = set_xon[p*NPRIO +: NPRIO];
        assign slow  = any_slow && ((cycle >= min_q) || soon_q);
        assign port_min[p*CYW +: CYW]  = min_q;
        assign port_soon[p]            = soon_q;
        assign req_v[p*NPRIO +: NPRIO]     = req_v_q;
        assign req_pause[p*NPRIO +: NPRIO] = req_pause_q;
        assign due[p*NPRIO +: NPRIO]       = due_p;

        // a pause is sent again at refresh_at while xoff holds (2.6)
        always_comb begin
            due_p = '0;
            if (slow) begin
                for (int c = 0; c < NPRIO; c++) begin
                    due_p[c] = refresh_on && x_now[c] && cycle >= refresh_mem[p][c*CYW +: CYW];
                end
            end
        end

        always_ff @(posedge clk) begin
            if (rst) begin
                req_v_q     <= '0;
                req_pause_q <= '0;
            end else begin
                req_v_q <= sx | sn;
                if (|(sx | sn)) begin
                    req_pause_q <= sx;
                end
            end
        end

        // refresh deadlines and the earliest one (2.6)
        always_ff @(posedge clk) begin
            logic [CYW-1:0] m;
            logic [CYW-1:0] ra;
            logic [CYW-1:0] rc;
            logic           x;
            logic           soon;
            logic [8*CYW-1:0] ra_n;
            if (rst) begin
                min_q  <= '1;
                soon_q <= 1'b0;
            end else if ((|(sx | sn)) || slow) begin
                m    = '1;
                soon = 1'b0;
                rc   = CYW'(refresh_cycles[p*32 +: 32]);
                ra_n = refresh_mem[p];
                for (int c = 0; c < NPRIO; c++) begin
                    x  = x_now[c];
                    ra = refresh_mem[p][c*CYW +: CYW];
                    if (sx[c]) begin
                        // pause sent next cycle: refresh PFC_REFRESH_CYCLES after that
                        x  = 1'b1;
                        ra = cycle + 1'b1 + rc;
                        ra_n[c*CYW +: CYW] = ra;
                    end else if (sn[c]) begin
                        x  = 1'b0;
                    end else if (due_p[c]) begin
                        ra = cycle + rc;
                        ra_n[c*CYW +: CYW] = ra;
                    end
                    if (x && refresh_on) begin
                        if (ra > cycle) begin
                            if (ra < m) begin
                                m = ra;
                            end
                        end else begin
                            soon = 1'b1;
                        end
                    end
                end
                refresh_mem[p] <= ra_n;
                min_q  <= m;
                soon_q <= soon;
            end
        end
    end

    always_comb begin
        next_deadline = '1;
        for (int p = 0; p < NPORTS; p++) begin
            if (port_min[p*CYW +: CYW] < next_deadline) begin
                next_deadline = port_min[p*CYW +: CYW];
            end
        end
    end

    // some port has a deadline at or before this cycle
    assign any_slow = (cycle >= next_deadline) || (|port_soon);
    assign pending  = (|req_v) || (|port_soon);
endmodule
`resetall
