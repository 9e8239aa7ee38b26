// sw_ingress_arb: per-port ingress skid FIFOs and the round-robin arbiter (docs/switch.md 2.2).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_ingress_arb #(
    parameter int NPORTS        = 16,   // switch ports
    parameter int IN_FIFO_DEPTH = 4,    // descriptors per port FIFO (power of two)
    parameter int TAG_W         = 32,   // frame tag
    parameter int DST_W         = 12,   // destination index
    parameter int PID_W         = $clog2(NPORTS)
) (
    input  wire                             clk,
    input  wire                             rst,

    // ingress descriptors, port 0 in the least significant bits
    input  wire [NPORTS-1:0]                in_desc_valid,
    output logic [NPORTS-1:0]               in_desc_ready,
    input  wire [NPORTS*TAG_W-1:0]          in_desc_tag,
    input  wire [NPORTS*sw_pkg::LEN_W-1:0]  in_desc_len,
    input  wire [NPORTS*sw_pkg::PRIO_W-1:0] in_desc_prio,
    input  wire [NPORTS*sw_pkg::ECN_W-1:0]  in_desc_ecn,
    input  wire [NPORTS*DST_W-1:0]          in_desc_dst,
    input  wire [NPORTS*sw_pkg::HASH_W-1:0] in_desc_hash,

    // the descriptor processed (and popped) this cycle
    output logic                            pr_valid,
    output logic [PID_W-1:0]                pr_port,
    output logic [TAG_W-1:0]                pr_tag,
    output logic [sw_pkg::LEN_W-1:0]        pr_len,
    output logic [sw_pkg::PRIO_W-1:0]       pr_prio,
    output logic [sw_pkg::ECN_W-1:0]        pr_ecn,
    output logic [DST_W-1:0]                pr_dst,
    output logic [sw_pkg::HASH_W-1:0]       pr_hash,

    // a handshake happens or a FIFO holds a descriptor (2.1 stat_idle)
    output logic                            busy,
    // a FIFO holds a descriptor: state only, valid after the edge (2.1 stat_next_busy)
    output logic                            pending
);
    localparam int REC_W = TAG_W + sw_pkg::LEN_W + sw_pkg::PRIO_W + sw_pkg::ECN_W + DST_W + sw_pkg::HASH_W;
    localparam int FA_W  = $clog2(IN_FIFO_DEPTH);

    logic [NPORTS-1:0]       nonempty;
    logic [NPORTS*FA_W-1:0]  rd_ptr;
    logic [PID_W-1:0]        rr_in_q;
    logic [REC_W-1:0]        head;

    // FIFO storage of all ports, port p in row p (written only by port p's process): only the
    // processed port's head is read, not every port's
    logic [REC_W-1:0] fifo_mem [NPORTS][IN_FIFO_DEPTH];

    // per-port skid FIFO (2.2): ready = not full at the start of the cycle
    for (genvar p = 0; p < NPORTS; p++) begin : g_fifo
        logic [FA_W-1:0]  wr_ptr_q;
        logic [FA_W-1:0]  rd_ptr_q;
        logic [FA_W:0]    count_q;
        logic             push;
        logic             pop;

        assign in_desc_ready[p] = count_q != (FA_W+1)'(IN_FIFO_DEPTH);
        assign nonempty[p]      = count_q != '0;
        assign push             = in_desc_valid[p] && in_desc_ready[p];
        assign pop              = pr_valid && (pr_port == PID_W'(p));
        assign rd_ptr[p*FA_W +: FA_W] = rd_ptr_q;

        always_ff @(posedge clk) begin
            if (push) begin
                fifo_mem[p][wr_ptr_q] <= {in_desc_tag[p*TAG_W +: TAG_W],
                                  in_desc_len[p*sw_pkg::LEN_W +: sw_pkg::LEN_W],
                                  in_desc_prio[p*sw_pkg::PRIO_W +: sw_pkg::PRIO_W],
                                  in_desc_ecn[p*sw_pkg::ECN_W +: sw_pkg::ECN_W],
                                  in_desc_dst[p*DST_W +: DST_W],
                                  in_desc_hash[p*sw_pkg::HASH_W +: sw_pkg::HASH_W]};
            end
        end

        always_ff @(posedge clk) begin
            if (rst) begin
                wr_ptr_q <= '0;
                rd_ptr_q <= '0;
                count_q  <= '0;
            end else begin
                if (push) begin
                    wr_ptr_q <= wr_ptr_q + 1'b1;
                end
                if (pop) begin
                    rd_ptr_q <= rd_ptr_q + 1'b1;
                end
                if (push && !pop) begin
                    count_q <= count_q + 1'b1;
                end else if (pop && !push) begin
                    count_q <= count_q - 1'b1;
                end
            end
        end
    end

    // round robin: first non-empty port at or after rr_in (2.2)
    always_comb begin
        logic [PID_W:0] idx;
        pr_valid = 1'b0;
        pr_port  = '0;
        for (int k = 0; k < NPORTS; k++) begin
            idx = (PID_W+1)'(rr_in_q) + (PID_W+1)'(k);
            if (idx >= (PID_W+1)'(NPORTS)) begin
                idx = idx - (PID_W+1)'(NPORTS);
            end
            if (!pr_valid && nonempty[idx[PID_W-1:0]]) begin
                pr_valid = 1'b1;
                pr_port  = idx[PID_W-1:0];
            end
        end
        head = fifo_mem[pr_port][rd_ptr[pr_port*FA_W +: FA_W]];
        {pr_tag, pr_len, pr_prio, pr_ecn, pr_dst, pr_hash} = head;
        busy = (|nonempty) || (|(in_desc_valid & in_desc_ready));
        pending = |nonempty;
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            rr_in_q <= '0;
        end else if (pr_valid) begin
            rr_in_q <= (pr_port == PID_W'(NPORTS-1)) ? '0 : pr_port + 1'b1;
        end
    end
endmodule
`resetall
