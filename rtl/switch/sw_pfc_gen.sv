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
    // Requests use the layout of the PFC frame outputs (class c of port p at p*8 + c), so that
    // the frame outputs are word-wide operations (docs/switch.md 3.5).
    logic [NPORTS*8-1:0] req_v_q;       // a request for (p,c)
    logic [NPORTS*8-1:0] req_pause_q;   // ... and it is a pause
    logic [NPORTS-1:0]   req_port_q;    // ports with a request
    logic [8*CYW-1:0] refresh_mem [NPORTS];
    logic [CYW-1:0]   min_mem     [NPORTS];

    logic             any_slow;
    logic             gen_wr;
    logic             nd_dirty_q;
    logic [CYW-1:0]   nd_q;
    logic             ev_a;
    logic             ev_b;
    logic [NQ-1:0]    due;          // refresh due in this cycle
    logic [NPORTS*8-1:0] due8;      // the same in the layout of the frame outputs
    logic [NPORTS-1:0]   due_port;  // ports with a refresh due
    logic [QW-1:0]    a_idx;
    logic [QW-1:0]    b_idx;
    logic [PID_W+2:0] a_idx8;
    logic [PID_W+2:0] b_idx8;

    assign a_idx    = QW'(32'(ev_a_port) * NPRIO + 32'(ev_a_c));
    assign b_idx    = QW'(32'(ev_b_port) * NPRIO + 32'(ev_b_c));
    assign ev_a     = ev_a_xoff || ev_a_xon;
    assign ev_b     = ev_b_xoff || ev_b_xon;
    assign a_idx8   = {ev_a_port, ev_a_c};
    assign b_idx8   = {ev_b_port, ev_b_c};
    assign pending  = (req_port_q != '0) || (next_deadline <= cycle + 1'b1);
    assign any_slow = cycle >= next_deadline;
    assign gen_wr   = rst || ev_a || ev_b || any_slow;   // some port's entries may be written

    // the earliest deadline over ports (state only): searched over the ports only after an edge
    // that may have written one (nd_dirty_q), else the value kept from the last search (3.4)
    always_comb begin
        if (nd_dirty_q) begin
            next_deadline = '1;
            for (int p = 0; p < NPORTS; p++) begin
                if (min_mem[p] < next_deadline) begin
                    next_deadline = min_mem[p];
                end
            end
        end else begin
            next_deadline = nd_q;
        end
    end

    always_ff @(posedge clk) begin
        nd_dirty_q <= gen_wr;
        nd_q       <= next_deadline;
    end

    // a pause is sent again at refresh_at while xoff holds (2.6); PFC_REFRESH_CYCLES = 0 disables it
    always_comb begin
        due      = '0;
        due8     = '0;
        due_port = '0;
        if (any_slow) begin
            for (int p = 0; p < NPORTS; p++) begin
                if (cycle >= min_mem[p] && (|refresh_cycles[p*32 +: 32])) begin
                    for (int c = 0; c < NPRIO; c++) begin
                        due[p*NPRIO + c] = xoff[p*NPRIO + c] && cycle >= refresh_mem[p][c*CYW +: CYW];
                        due8[p*8 + c]    = due[p*NPRIO + c];
                    end
                    due_port[p] = |due[p*NPRIO +: NPRIO];
                end
            end
        end
    end

`ifdef COVERAGE
    // functional coverage (docs/verification.md "Coverage"; Verilator --coverage only): a held
    // pause sent again at its refresh deadline (2.6)
    c_pfc_refresh: cover property (@(posedge clk) disable iff (rst) due_port != '0);
`endif

    // one frame per port carries every class with a request or a refresh (2.6)
    assign pfc_out_valid    = req_port_q | due_port;
    assign pfc_out_class_en = req_v_q | due8;
    assign pfc_out_pause_en = (req_v_q & req_pause_q) | due8;

    // this cycle's XOFF/XON decisions become next cycle's requests; a class with both kinds in one
    // cycle requests a pause
    always_ff @(posedge clk) begin
        logic [NPORTS*8-1:0] v;
        logic [NPORTS*8-1:0] pz;
        logic [NPORTS-1:0]   vp;
        if (rst) begin
            req_v_q     <= '0;
            req_pause_q <= '0;
            req_port_q  <= '0;
        end else if (ev_a || ev_b || (req_port_q != '0)) begin
            v  = '0;
            pz = req_pause_q;
            vp = '0;
            if (ev_a) begin
                v[a_idx8]     = 1'b1;
                pz[a_idx8]    = 1'b0;
                vp[ev_a_port] = 1'b1;
            end
            if (ev_b) begin
                v[b_idx8]     = 1'b1;
                pz[b_idx8]    = 1'b0;
                vp[ev_b_port] = 1'b1;
            end
            if (ev_a_xoff) begin
                pz[a_idx8] = 1'b1;
            end
            if (ev_b_xoff) begin
                pz[b_idx8] = 1'b1;
            end
            req_v_q     <= v;
            req_pause_q <= pz;
            req_port_q  <= vp;
        end
    end

    // refresh deadlines of a port touched by a decision or whose deadline is reached (2.6); the
    // port's entries are written once per edge at most, reset included (docs/switch.md 3.5)
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
            if (gen_wr) begin
                // reset, a decision touched this port or its deadline is reached (the first test is cheap)
                if (rst || (ev_a && ev_a_port == PID_W'(p)) || (ev_b && ev_b_port == PID_W'(p)) ||
                    (any_slow && cycle >= min_mem[p])) begin
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
                    min_mem[p]     <= rst ? '1 : soon ? cycle + 1'b1 : m;
                end
            end
        end
    end
endmodule
`resetall
