// sw_fwd: forwarding table and ECMP member selection (docs/switch.md 2.3, registers 2.9 blocks 3-5).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_fwd #(
    parameter int NPORTS  = 16,   // switch ports
    parameter int DST_W   = 12,   // destination index (2^DST_W forwarding entries)
    parameter int NGROUPS = 64,   // ECMP groups
    parameter int PID_W   = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,

    // lookup of the processed descriptor
    input  wire [DST_W-1:0]              dst,
    input  wire [sw_pkg::HASH_W-1:0]     hash,
    output logic                         route_ok,   // 0: drop NO_ROUTE
    output logic [PID_W-1:0]             egress_port,

    // register writes and reads of blocks 3, 4, 5
    input  wire                          cfg_wr_en,
    input  wire [sw_pkg::ADDR_W-1:0]     cfg_addr,
    input  wire [9:0]                    cfg_wr_bits,  // cfg_wr_data bits {31, 30, 7:0}
    output logic [sw_pkg::DATA_W-1:0]    cfg_rd_word  // value of the register at cfg_addr (0 if none)
);
    localparam int GRP_W  = (NGROUPS > 1) ? $clog2(NGROUPS) : 1;
    localparam int MEM_W  = GRP_W + 4;
    localparam int FWD_EW = 10;   // {valid, is_ecmp, port_or_group[7:0]}

    logic [3:0]  blk;
    logic [15:0] idx;
    assign blk = cfg_addr[19:16];
    assign idx = cfg_addr[15:0];

    // ---- forwarding table, 2^DST_W entries (2.3)
    logic [2*DST_W-1:0]  fwd_rd_addr;
    logic [2*FWD_EW-1:0] fwd_rd_data;
    logic                fwd_wr;
    logic [FWD_EW-1:0]   fwd_ent;
    logic [FWD_EW-1:0]   fwd_cfg;

    assign fwd_wr      = cfg_wr_en && blk == sw_pkg::BLK_FWD && (32'(idx) >> DST_W) == 0;
    assign fwd_rd_addr = {idx[DST_W-1:0], dst};
    assign fwd_ent     = fwd_rd_data[0 +: FWD_EW];
    assign fwd_cfg     = fwd_rd_data[FWD_EW +: FWD_EW];

    sw_clr_ram #(.W(FWD_EW), .DEPTH(2**DST_W), .NRD(2)) u_fwd (
        .clk(clk), .rst(rst),
        .rd_addr(fwd_rd_addr), .rd_data(fwd_rd_data),
        .wr0_en(1'b0), .wr0_addr('0), .wr0_data('0),
        .wr1_en(fwd_wr), .wr1_addr(idx[DST_W-1:0]),
        .wr1_data(cfg_wr_bits)
    );

    // ---- ECMP members, 16 per group, and group sizes (2.3)
    logic [2*MEM_W-1:0] mem_rd_addr;
    logic [15:0]        mem_rd_data;
    logic               mem_wr;
    logic [2*GRP_W-1:0] size_rd_addr;
    logic [9:0]         size_rd_data;
    logic               size_wr;

    logic [7:0]         grp;
    logic               grp_ok;
    logic [4:0]         n;
    logic [3:0]         sel;
    logic [7:0]         member;

    assign mem_wr  = cfg_wr_en && blk == sw_pkg::BLK_ECMP_M && 32'(idx) < NGROUPS*16;
    assign size_wr = cfg_wr_en && blk == sw_pkg::BLK_ECMP_N && 32'(idx) < NGROUPS;

    sw_clr_ram #(.W(8), .DEPTH(2**MEM_W), .NRD(2)) u_member (
        .clk(clk), .rst(rst),
        .rd_addr(mem_rd_addr), .rd_data(mem_rd_data),
        .wr0_en(1'b0), .wr0_addr('0), .wr0_data('0),
        .wr1_en(mem_wr), .wr1_addr(idx[MEM_W-1:0]), .wr1_data(cfg_wr_bits[7:0])
    );

    sw_clr_ram #(.W(5), .DEPTH(2**GRP_W), .NRD(2)) u_size (
        .clk(clk), .rst(rst),
        .rd_addr(size_rd_addr), .rd_data(size_rd_data),
        .wr0_en(1'b0), .wr0_addr('0), .wr0_data('0),
        .wr1_en(size_wr), .wr1_addr(idx[GRP_W-1:0]), .wr1_data(cfg_wr_bits[4:0])
    );

    assign grp          = fwd_ent[7:0];
    assign grp_ok       = 32'(grp) < NGROUPS;
    assign size_rd_addr = {idx[GRP_W-1:0], grp[GRP_W-1:0]};
    assign n            = size_rd_data[4:0];
    // member index (hash * n) >> 16 (2.3)
    assign sel          = 4'((32'(hash) * 32'(n)) >> 16);
    assign mem_rd_addr  = {idx[MEM_W-1:0], grp[GRP_W-1:0], sel};
    assign member       = mem_rd_data[7:0];

    always_comb begin
        route_ok    = 1'b0;
        egress_port = '0;
        if (fwd_ent[9]) begin
            if (!fwd_ent[8]) begin
                route_ok    = 32'(fwd_ent[7:0]) < NPORTS;
                egress_port = fwd_ent[PID_W-1:0];
            end else begin
                route_ok    = grp_ok && 32'(member) < NPORTS;
                egress_port = member[PID_W-1:0];
            end
        end
    end

    // register read-back (2.9 blocks 3, 4, 5)
    always_comb begin
        cfg_rd_word = '0;
        case (blk)
            sw_pkg::BLK_FWD: begin
                if ((32'(idx) >> DST_W) == 0) begin
                    cfg_rd_word = {fwd_cfg[9], fwd_cfg[8], 22'd0, fwd_cfg[7:0]};
                end
            end
            sw_pkg::BLK_ECMP_M: begin
                if (32'(idx) < NGROUPS*16) begin
                    cfg_rd_word = {24'd0, mem_rd_data[15:8]};
                end
            end
            sw_pkg::BLK_ECMP_N: begin
                if (32'(idx) < NGROUPS) begin
                    cfg_rd_word = {27'd0, size_rd_data[9:5]};
                end
            end
            default: cfg_rd_word = '0;
        endcase
    end
endmodule
`resetall
