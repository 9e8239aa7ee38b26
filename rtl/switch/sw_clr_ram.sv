// sw_clr_ram: state memory whose every entry reads 0 after rst (docs/switch.md 3.2).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_clr_ram #(
    parameter int W     = 32,   // entry width in bits
    parameter int DEPTH = 16,   // entries (>= 2)
    parameter int AW    = $clog2(DEPTH)
) (
    input  wire              clk,
    input  wire              rst,

    // two asynchronous read ports, each its own signals and process, so that a port whose address
    // depends on state only is evaluated once per edge (docs/switch.md 3.5)
    input  wire [AW-1:0]     ra_addr,
    output logic [W-1:0]     ra_data,
    input  wire [AW-1:0]     rb_addr,
    output logic [W-1:0]     rb_data,

    // registered read port: entry rq_addr at an edge with rq_en (register reads, 2.9)
    input  wire              rq_en,
    input  wire [AW-1:0]     rq_addr,
    output logic [W-1:0]     rq_data,

    // write port 0
    input  wire              wr0_en,
    input  wire [AW-1:0]     wr0_addr,
    input  wire [W-1:0]      wr0_data,

    // write port 1 (wins over port 0 on the same address)
    input  wire              wr1_en,
    input  wire [AW-1:0]     wr1_addr,
    input  wire [W-1:0]      wr1_data
`ifdef FORMAL
    ,
    // every entry as the read ports see it, for the invariants of the formal proofs
    // (docs/verification.md "Formal proofs"); not built without FORMAL
    output logic [DEPTH*W-1:0] f_all
`endif
);
    initial begin
        if (DEPTH < 2) $error("sw_clr_ram: DEPTH must be >= 2");
        if (AW != $clog2(DEPTH)) $error("sw_clr_ram: AW must be $clog2(DEPTH)");
    end

    logic [W-1:0]     mem [DEPTH];
    logic [DEPTH-1:0] vld_q;

    assign ra_data = vld_q[ra_addr] ? mem[ra_addr] : '0;
    assign rb_data = vld_q[rb_addr] ? mem[rb_addr] : '0;

`ifdef FORMAL
    for (genvar i = 0; i < DEPTH; i++) begin : g_f_all
        assign f_all[i*W +: W] = vld_q[i] ? mem[i] : '0;
    end
`endif

    // read in a register-read cycle only, not at every evaluation (docs/switch.md 3.5)
    always_ff @(posedge clk) begin
        if (rq_en) begin
            rq_data <= vld_q[rq_addr] ? mem[rq_addr] : '0;
        end
    end

    always_ff @(posedge clk) begin
        if (wr0_en && !(wr1_en && wr1_addr == wr0_addr)) begin
            mem[wr0_addr] <= wr0_data;
        end
        if (wr1_en) begin
            mem[wr1_addr] <= wr1_data;
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            vld_q <= '0;
        end else begin
            if (wr0_en) begin
                vld_q[wr0_addr] <= 1'b1;
            end
            if (wr1_en) begin
                vld_q[wr1_addr] <= 1'b1;
            end
        end
    end
endmodule
`resetall
