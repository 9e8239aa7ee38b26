// sw_ingress_arb: per-port ingress skid FIFOs with bypass and the round-robin arbiter (docs/switch.md 2.2).
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

    // the descriptor processed this cycle: a FIFO head (popped) or an offer to an empty FIFO (bypass)
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
    localparam int CN_W  = FA_W + 1;   // occupancy 0..IN_FIFO_DEPTH

    // Per-port pointers and occupancies as bit planes: bit p of plane k ([k*NPORTS + p]) is bit k of
    // port p's value, so the state of every port moves with a few word-wide operations per cycle
    // (one per plane) instead of per-port logic (docs/switch.md 3.5).
    logic [FA_W*NPORTS-1:0] wr_pl_q;    // write pointers
    logic [FA_W*NPORTS-1:0] rd_pl_q;    // read pointers
    logic [CN_W*NPORTS-1:0] cnt_pl_q;   // descriptors held
    logic [NPORTS-1:0]      rr_mask_q;  // ports at or after the round-robin pointer rr_in

    logic [NPORTS-1:0] full;
    logic [NPORTS-1:0] nonempty;
    logic [NPORTS-1:0] push;            // offers accepted this cycle
    logic [NPORTS-1:0] avail;           // ports with a descriptor to process: FIFO head or bypass
    logic [NPORTS-1:0] cand;
    logic [NPORTS-1:0] win;             // the processed port, one-hot (0: none)
    logic [NPORTS-1:0] pop;             // win from a FIFO head
    logic [NPORTS-1:0] wr;              // push stored in the FIFO (not processed by bypass)
    logic [FA_W-1:0]   rd_idx;
    logic [REC_W-1:0]  head;

    // FIFO storage of all ports, port p in row p (written only by port p's process): only the
    // processed port's head is read, not every port's
    logic [REC_W-1:0] fifo_mem [NPORTS][IN_FIFO_DEPTH];

    // skid FIFOs (2.2): ready = not full at the start of the cycle; the top occupancy bit is set
    // only at IN_FIFO_DEPTH
    always_comb begin
        full     = cnt_pl_q[FA_W*NPORTS +: NPORTS];
        nonempty = '0;
        for (int k = 0; k < CN_W; k++) begin
            nonempty = nonempty | cnt_pl_q[k*NPORTS +: NPORTS];
        end
    end
    assign in_desc_ready = ~full;
    assign push          = in_desc_valid & ~full;
    assign avail         = nonempty | push;
    assign pop           = win & nonempty;
    assign wr            = push & ~(win & ~nonempty);

    // round robin (2.2): the first port with a descriptor at or after rr_in is the lowest set bit of
    // those ports at or after it, else (wrapping) of all of them. A port's descriptor is its FIFO
    // head, or, with the FIFO empty, the one offered in this cycle (bypass: processed in its arrival
    // cycle, not stored).
    always_comb begin
        cand = avail & rr_mask_q;
        if (cand == '0) begin
            cand = avail;
        end
        win      = cand & (~cand + 1'b1);
        pr_valid = avail != '0;
        pr_port  = PID_W'(sw_pkg::onehot_index(64'(win)));
        if ((nonempty & win) != '0) begin
            for (int k = 0; k < FA_W; k++) begin
                rd_idx[k] = rd_pl_q[k*NPORTS + 32'(pr_port)];
            end
            head = fifo_mem[pr_port][rd_idx];
        end else begin
            rd_idx = '0;
            head   = {in_desc_tag[32'(pr_port)*TAG_W +: TAG_W],
                      in_desc_len[32'(pr_port)*sw_pkg::LEN_W +: sw_pkg::LEN_W],
                      in_desc_prio[32'(pr_port)*sw_pkg::PRIO_W +: sw_pkg::PRIO_W],
                      in_desc_ecn[32'(pr_port)*sw_pkg::ECN_W +: sw_pkg::ECN_W],
                      in_desc_dst[32'(pr_port)*DST_W +: DST_W],
                      in_desc_hash[32'(pr_port)*sw_pkg::HASH_W +: sw_pkg::HASH_W]};
        end
        {pr_tag, pr_len, pr_prio, pr_ecn, pr_dst, pr_hash} = head;
        busy    = avail != '0;
        pending = nonempty != '0;
    end

`ifdef COVERAGE
    // functional coverage (docs/verification.md "Coverage"; Verilator --coverage only), 2.2: a
    // descriptor processed in its arrival cycle (bypass), one stored while another port wins, a full
    // FIFO holding its port's offers back
    c_bypass:          cover property (@(posedge clk) disable iff (rst) (win & ~nonempty) != '0);
    c_stored_offer:    cover property (@(posedge clk) disable iff (rst) wr != '0);
    c_in_fifo_full:    cover property (@(posedge clk) disable iff (rst) (in_desc_valid & full) != '0);
`endif

    // a port's process writes its stored descriptor at its write pointer
    for (genvar p = 0; p < NPORTS; p++) begin : g_fifo
        always_ff @(posedge clk) begin
            logic [FA_W-1:0] wp;
            if (wr[p]) begin
                for (int k = 0; k < FA_W; k++) begin
                    wp[k] = wr_pl_q[k*NPORTS + p];
                end
                fifo_mem[p][wp] <= {in_desc_tag[p*TAG_W +: TAG_W],
                                    in_desc_len[p*sw_pkg::LEN_W +: sw_pkg::LEN_W],
                                    in_desc_prio[p*sw_pkg::PRIO_W +: sw_pkg::PRIO_W],
                                    in_desc_ecn[p*sw_pkg::ECN_W +: sw_pkg::ECN_W],
                                    in_desc_dst[p*DST_W +: DST_W],
                                    in_desc_hash[p*sw_pkg::HASH_W +: sw_pkg::HASH_W]};
            end
        end
    end

    // pointers and occupancies of all ports, plane by plane: write pointers step where a port
    // stores, the read pointer where it pops, occupancy +1 on a store alone, -1 on a pop alone
    always_ff @(posedge clk) begin
        logic [NPORTS-1:0] t;
        logic [NPORTS-1:0] up;
        if (rst) begin
            wr_pl_q   <= '0;
            rd_pl_q   <= '0;
            cnt_pl_q  <= '0;
            rr_mask_q <= '1;
        end else if (busy) begin
            t = wr;
            for (int k = 0; k < FA_W; k++) begin
                wr_pl_q[k*NPORTS +: NPORTS] <= wr_pl_q[k*NPORTS +: NPORTS] ^ t;
                t = t & wr_pl_q[k*NPORTS +: NPORTS];
            end
            t = pop;
            for (int k = 0; k < FA_W; k++) begin
                rd_pl_q[k*NPORTS +: NPORTS] <= rd_pl_q[k*NPORTS +: NPORTS] ^ t;
                t = t & rd_pl_q[k*NPORTS +: NPORTS];
            end
            // the carry of an increment goes on through ones, the borrow of a decrement through zeros
            up = wr & ~pop;
            t  = wr ^ pop;
            for (int k = 0; k < CN_W; k++) begin
                cnt_pl_q[k*NPORTS +: NPORTS] <= cnt_pl_q[k*NPORTS +: NPORTS] ^ t;
                t = t & ~(cnt_pl_q[k*NPORTS +: NPORTS] ^ up);
            end
            // rr_in = winner + 1 (mod NPORTS): the ports above the winner (none above the last
            // port: the same as all ports)
            if (pr_valid) begin
                rr_mask_q <= ~(win | (win - 1'b1));
            end
        end
    end
endmodule
`resetall
