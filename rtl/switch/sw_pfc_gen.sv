// sw_pfc_gen: PFC requests, refresh deadlines and PFC frame emission (docs/switch.md 2.6).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_pfc_gen #(
    parameter int NPORTS = 16,   // switch ports
    parameter int NPRIO  = 8,    // PFC classes in use
    parameter int NQ     = NPORTS*NPRIO,
    parameter int QID_W  = $clog2(NQ)
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
    input  wire [QID_W-1:0]              ev_a_pc,
    input  wire                          ev_b_xoff,
    input  wire                          ev_b_xon,
    input  wire [QID_W-1:0]              ev_b_pc,

    // PFC frames sent in this cycle
    output logic [NPORTS-1:0]            pfc_out_valid,
    output logic [NPORTS*8-1:0]          pfc_out_class_en,
    output logic [NPORTS*128-1:0]        pfc_out_time,
    output logic [NPORTS-1:0]            pfc_out_pause,   // frame has a non-zero time

    output logic [sw_pkg::CYC_W-1:0]     next_deadline    // earliest refresh_at after the last edge
);
    localparam int CYW = sw_pkg::CYC_W;

    logic [NQ-1:0]     req_v_q;       // request registered last cycle, sent now
    logic [NQ-1:0]     req_pause_q;   // 1: pause, 0: resume
    logic [NQ*CYW-1:0] refresh_at_q;  // refresh_at(p,c), armed while xoff(p,c)
    logic [CYW-1:0]    min_q;
    logic              soon_q;        // an armed refresh_at is not after the last edge
    logic              slow;
    logic [NQ-1:0]     refresh_due;
    logic              ev_any;

    assign next_deadline = min_q;
    assign ev_any        = ev_a_xoff || ev_a_xon || ev_b_xoff || ev_b_xon;

    always_comb begin
        slow        = (cycle >= min_q) || soon_q;
        refresh_due = '0;
        if (slow) begin
            for (int n = 0; n < NQ; n++) begin
                refresh_due[n] = xoff[n] && cycle >= refresh_at_q[n*CYW +: CYW];
            end
        end

        // one frame per port carries every class with a request or a refresh
        pfc_out_valid    = '0;
        pfc_out_class_en = '0;
        pfc_out_time     = '0;
        pfc_out_pause    = '0;
        if ((|req_v_q) || (|refresh_due)) begin
            for (int p = 0; p < NPORTS; p++) begin
                for (int c = 0; c < NPRIO; c++) begin
                    if (req_v_q[p*NPRIO + c] || refresh_due[p*NPRIO + c]) begin
                        pfc_out_valid[p]          = 1'b1;
                        pfc_out_class_en[p*8 + c] = 1'b1;
                        if ((req_v_q[p*NPRIO + c] && req_pause_q[p*NPRIO + c]) || refresh_due[p*NPRIO + c]) begin
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

    always_ff @(posedge clk) begin
        if (rst) begin
            req_v_q     <= '0;
            req_pause_q <= '0;
        end else begin
            req_v_q <= '0;
            if (ev_a_xoff || ev_a_xon) begin
                req_v_q[ev_a_pc]     <= 1'b1;
                req_pause_q[ev_a_pc] <= ev_a_xoff;
            end
            if (ev_b_xoff || ev_b_xon) begin
                req_v_q[ev_b_pc]     <= 1'b1;
                req_pause_q[ev_b_pc] <= ev_b_xoff;
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
        if (rst) begin
            min_q  <= '1;
            soon_q <= 1'b0;
        end else if (ev_any || slow) begin
            m    = '1;
            soon = 1'b0;
            for (int p = 0; p < NPORTS; p++) begin
                rc = CYW'(refresh_cycles[p*32 +: 32]);
                for (int c = 0; c < NPRIO; c++) begin
                    x  = xoff[p*NPRIO + c];
                    ra = refresh_at_q[(p*NPRIO + c)*CYW +: CYW];
                    if ((ev_a_xoff && ev_a_pc == QID_W'(p*NPRIO + c)) || (ev_b_xoff && ev_b_pc == QID_W'(p*NPRIO + c))) begin
                        // pause sent next cycle: refresh PFC_REFRESH_CYCLES after that
                        x  = 1'b1;
                        ra = cycle + 1'b1 + rc;
                    end else if ((ev_a_xon && ev_a_pc == QID_W'(p*NPRIO + c)) || (ev_b_xon && ev_b_pc == QID_W'(p*NPRIO + c))) begin
                        x  = 1'b0;
                    end else if (refresh_due[p*NPRIO + c]) begin
                        ra = cycle + rc;
                    end
                    refresh_at_q[(p*NPRIO + c)*CYW +: CYW] <= ra;
                    if (x) begin
                        if (ra > cycle) begin
                            if (ra < m) begin
                                m = ra;
                            end
                        end else begin
                            soon = 1'b1;
                        end
                    end
                end
            end
            min_q  <= m;
            soon_q <= soon;
        end
    end
endmodule
`resetall
