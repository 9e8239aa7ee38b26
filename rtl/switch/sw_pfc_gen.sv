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

    // PFC frames sent in this cycle: per port the classes carried and those with time PAUSE_QUANTA
    // (the others resume, time 0)
    output logic [NPORTS-1:0]            pfc_out_valid,
    output logic [NPORTS*8-1:0]          pfc_out_class_en,
    output logic [NPORTS*8-1:0]          pfc_out_pause_en,

    output logic [sw_pkg::CYC_W-1:0]     next_deadline,   // earliest refresh_at after the last edge
    output logic                         pending          // a request is registered or a refresh is overdue
);
    localparam int CYW = sw_pkg::CYC_W;
    localparam int QW  = $clog2(NQ);

    // Requests registered at the last edge (sent in this cycle). Per port: refresh_at(p,c), armed
    // while xoff(p,c), with class c at [c*CYW +: CYW], and the earliest cycle at which the port must
    // be looked at again (min): its earliest armed refresh_at after the last edge, or the next cycle
    // when one is overdue. Idle cycles compare the cycle with the minimum over ports only.
    logic [NQ-1:0]    req_v_q;
    logic [NQ-1:0]    req_pause_q;
    logic [8*CYW-1:0] refresh_mem [NPORTS];
    logic [CYW-1:0]   min_mem     [NPORTS];

    logic             any_slow;
    logic             ev_a;
    logic             ev_b;
    logic [NQ-1:0]    due;          // refresh due in this cycle
    logic [QW-1:0]    a_idx;
    logic [QW-1:0]    b_idx;

    assign a_idx    = QW'(32'(ev_a_port) * NPRIO + 32'(ev_a_c));
    assign b_idx    = QW'(32'(ev_b_port) * NPRIO + 32'(ev_b_c));
    assign ev_a     = ev_a_xoff || ev_a_xon;
    assign ev_b     = ev_b_xoff || ev_b_xon;
    assign pending  = (|req_v_q) || (next_deadline <= cycle + 1'b1);
    assign any_slow = cycle >= next_deadline;

    // the earliest deadline over ports (state only: evaluated once per edge)
    always_comb begin
        next_deadline = '1;
        for (int p = 0; p < NPORTS; p++) begin
            if (min_mem[p] < next_deadline) begin
                next_deadline = min_mem[p];
            end
        end
    end

    // a pause is sent again at refresh_at while xoff holds (2.6); PFC_REFRESH_CYCLES = 0 disables it
    always_comb begin
        due = '0;
        if (any_slow) begin
            for (int p = 0; p < NPORTS; p++) begin
                if (cycle >= min_mem[p] && (|refresh_cycles[p*32 +: 32])) begin
                    for (int c = 0; c < NPRIO; c++) begin
                        due[p*NPRIO + c] = xoff[p*NPRIO + c] && cycle >= refresh_mem[p][c*CYW +: CYW];
                    end
                end
            end
        end
    end

    // one frame per port carries every class with a request or a refresh (2.6)
    always_comb begin
        pfc_out_valid    = '0;
        pfc_out_class_en = '0;
        pfc_out_pause_en = '0;
        if ((|req_v_q) || (|due)) begin
            for (int p = 0; p < NPORTS; p++) begin
                for (int c = 0; c < NPRIO; c++) begin
                    if (req_v_q[p*NPRIO + c] || due[p*NPRIO + c]) begin
                        pfc_out_valid[p]          = 1'b1;
                        pfc_out_class_en[p*8 + c] = 1'b1;
                        pfc_out_pause_en[p*8 + c] = (req_v_q[p*NPRIO + c] && req_pause_q[p*NPRIO + c]) ||
                                                    due[p*NPRIO + c];
                    end
                end
            end
        end
    end

    // this cycle's XOFF/XON decisions become next cycle's requests; a class with both kinds in one
    // cycle requests a pause
    always_ff @(posedge clk) begin
        logic [NQ-1:0] v;
        logic [NQ-1:0] pz;
        if (rst) begin
            req_v_q     <= '0;
            req_pause_q <= '0;
        end else if (ev_a || ev_b || (|req_v_q)) begin
            v  = '0;
            pz = req_pause_q;
            if (ev_a) begin
                v[a_idx]  = 1'b1;
                pz[a_idx] = 1'b0;
            end
            if (ev_b) begin
                v[b_idx]  = 1'b1;
                pz[b_idx] = 1'b0;
            end
            if (ev_a_xoff) begin
                pz[a_idx] = 1'b1;
            end
            if (ev_b_xoff) begin
                pz[b_idx] = 1'b1;
            end
            req_v_q     <= v;
            req_pause_q <= pz;
        end
    end

    // refresh deadlines of a port touched by a decision or whose deadline is reached (2.6)
    for (genvar p = 0; p < NPORTS; p++) begin : g_port
        always_ff @(posedge clk) begin
            logic [CYW-1:0]   m;
            logic [CYW-1:0]   ra;
            logic [CYW-1:0]   rc;
            logic             x;
            logic             sx;
            logic             sn;
            logic             soon;
            logic [8*CYW-1:0] ra_n;
            if (rst) begin
                min_mem[p] <= '1;
            end else if ((ev_a || ev_b || any_slow) &&
                         ((ev_a && ev_a_port == PID_W'(p)) || (ev_b && ev_b_port == PID_W'(p)) ||
                          (any_slow && cycle >= min_mem[p]))) begin
                // a decision touched this port or its deadline is reached (the first test is cheap)
                m    = '1;
                soon = 1'b0;
                rc   = CYW'(refresh_cycles[p*32 +: 32]);
                ra_n = refresh_mem[p];
                for (int c = 0; c < NPRIO; c++) begin
                    sx = (ev_a_xoff && a_idx == QW'(p*NPRIO + c)) || (ev_b_xoff && b_idx == QW'(p*NPRIO + c));
                    sn = (ev_a_xon && a_idx == QW'(p*NPRIO + c)) || (ev_b_xon && b_idx == QW'(p*NPRIO + c));
                    x  = xoff[p*NPRIO + c];
                    ra = refresh_mem[p][c*CYW +: CYW];
                    if (sx) begin
                        // pause sent next cycle: refresh PFC_REFRESH_CYCLES after that
                        x  = 1'b1;
                        ra = cycle + 1'b1 + rc;
                        ra_n[c*CYW +: CYW] = ra;
                    end else if (sn) begin
                        x  = 1'b0;
                    end else if (due[p*NPRIO + c]) begin
                        ra = cycle + rc;
                        ra_n[c*CYW +: CYW] = ra;
                    end
                    if (x && rc != '0) begin
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
                min_mem[p]     <= soon ? cycle + 1'b1 : m;
            end
        end
    end
endmodule
`resetall
