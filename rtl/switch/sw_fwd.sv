// sw_fwd: forwarding table and ECMP member selection (docs/switch.md 2.3, registers 2.9 blocks 3-5).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_fwd #(
    parameter int NPORTS  = 16,   // switch ports
    parameter int DST_W   = 12,   // destination index (2^DST_W forwarding entries)
    parameter int NGROUPS = 64,   // ECMP groups
    parameter int GRP_OUT = 0,    // 1: also give the ECMP group's members (SAR, 2.11.5)
    parameter int PID_W   = $clog2(NPORTS)
) (
    input  wire                          clk,

    // lookup of the processed descriptor
    input  wire [DST_W-1:0]              dst,
    input  wire [sw_pkg::HASH_W-1:0]     hash,
    output logic                         route_ok,   // 0: drop NO_ROUTE
    output logic [PID_W-1:0]             egress_port,
    output logic                         is_ecmp,      // GRP_OUT: the entry is an ECMP group
    output logic [4:0]                   grp_size,     // GRP_OUT: its members
    output logic [16*PID_W-1:0]          grp_members,

    // register writes and reads of blocks 3, 4, 5
    input  wire                          cfg_wr_en,
    input  wire                          cfg_rd_en,
    input  wire [sw_pkg::ADDR_W-1:0]     cfg_addr,
    input  wire [9:0]                    cfg_wr_bits,  // cfg_wr_data bits {31, 30, 7:0}
    output logic [sw_pkg::DATA_W-1:0]    cfg_rd_word   // register at cfg_addr (0: none), latched at cfg_rd_en
);
    localparam int GRP_W = (NGROUPS > 1) ? $clog2(NGROUPS) : 1;
    localparam int MEM_W = GRP_W + sw_pkg::ECMP_M_K_W;   // {g, k} (2.9 block 4)

    // forwarding table {valid, is_ecmp, port_or_group[7:0]}, ECMP members and group sizes
    logic [9:0] fwd_mem  [2**DST_W];
    logic [7:0] memb_mem [2**MEM_W];
    logic [4:0] size_mem [2**GRP_W];

    logic [3:0]  blk;
    logic [15:0] idx;
    logic        fwd_sel, memb_sel, size_sel;

    // the address is an input: decoded only in a cycle with a register access (docs/switch.md 3.5)
    always_comb begin
        blk      = cfg_addr[sw_pkg::IDX_W +: 4];
        idx      = cfg_addr[sw_pkg::IDX_W-1:0];
        fwd_sel  = 1'b0;
        memb_sel = 1'b0;
        size_sel = 1'b0;
        if (cfg_wr_en || cfg_rd_en) begin
            fwd_sel  = blk == sw_pkg::BLK_FWD && (32'(idx) >> DST_W) == 0;
            memb_sel = blk == sw_pkg::BLK_ECMP_M && 32'(idx) < (NGROUPS << sw_pkg::ECMP_M_K_W);
            size_sel = blk == sw_pkg::BLK_ECMP_N && 32'(idx) < NGROUPS;
        end
    end

    always_ff @(posedge clk) begin
        if (cfg_wr_en) begin
            if (fwd_sel) begin
                fwd_mem[idx[DST_W-1:0]] <= cfg_wr_bits;
            end
            if (memb_sel) begin
                memb_mem[idx[MEM_W-1:0]] <= cfg_wr_bits[7:0];
            end
            if (size_sel) begin
                size_mem[idx[GRP_W-1:0]] <= cfg_wr_bits[4:0];
            end
        end
    end

    // lookup (2.3): e = ecmp_member[g][(hash * n) >> 16]
    logic [9:0] ent;
    logic [7:0] grp;
    logic       grp_ok;
    logic [4:0] n;
    logic [3:0] sel;
    logic [7:0] member;

    assign ent    = fwd_mem[dst];
    assign grp    = ent[7:0];
    assign grp_ok = 32'(grp) < NGROUPS;
    assign n      = size_mem[grp[GRP_W-1:0]];
    assign sel    = 4'((32'(hash) * 32'(n)) >> 16);
    assign member = memb_mem[{grp[GRP_W-1:0], sel}];

    always_comb begin
        route_ok    = 1'b0;
        egress_port = '0;
        if (ent[9]) begin
            if (!ent[8]) begin
                route_ok    = 32'(ent[7:0]) < NPORTS;
                egress_port = ent[PID_W-1:0];
            end else begin
                route_ok    = grp_ok && 32'(member) < NPORTS;
                egress_port = member[PID_W-1:0];
            end
        end
    end

    // the group's members for SAR (2.11.5)
    if (GRP_OUT != 0) begin : g_grp
        always_comb begin
            is_ecmp  = ent[9] && ent[8] && grp_ok;
            grp_size = n;
            for (int k = 0; k < 16; k++) begin
                grp_members[k*PID_W +: PID_W] = memb_mem[{grp[GRP_W-1:0], 4'(k)}][PID_W-1:0];
            end
        end
    end else begin : g_no_grp
        assign is_ecmp     = 1'b0;
        assign grp_size    = '0;
        assign grp_members = '0;
    end

    // register read-back (2.9 blocks 3, 4, 5): in a register-read cycle only
    always_ff @(posedge clk) begin
        logic [9:0] fwd_rd;
        if (cfg_rd_en) begin
            fwd_rd = fwd_mem[idx[DST_W-1:0]];
            if (fwd_sel) begin
                cfg_rd_word <= {fwd_rd[9], fwd_rd[8], 22'd0, fwd_rd[7:0]};
            end else if (memb_sel) begin
                cfg_rd_word <= {24'd0, memb_mem[idx[MEM_W-1:0]]};
            end else if (size_sel) begin
                cfg_rd_word <= {27'd0, size_mem[idx[GRP_W-1:0]]};
            end else begin
                cfg_rd_word <= '0;
            end
        end
    end

`ifdef COVERAGE
    // ---------------------------------------------------------------- functional coverage
    // (docs/verification.md "Coverage"; read by Verilator with --coverage only): the registers of
    // blocks 3, 4 and 5 (2.9) written and read
    c_wr_fwd:         cover property (@(posedge clk) cfg_wr_en && fwd_sel);
    c_wr_ecmp_member: cover property (@(posedge clk) cfg_wr_en && memb_sel);
    c_wr_ecmp_size:   cover property (@(posedge clk) cfg_wr_en && size_sel);
    c_rd_fwd:         cover property (@(posedge clk) cfg_rd_en && fwd_sel);
    c_rd_ecmp_member: cover property (@(posedge clk) cfg_rd_en && memb_sel);
    c_rd_ecmp_size:   cover property (@(posedge clk) cfg_rd_en && size_sel);
`endif
endmodule
`resetall
