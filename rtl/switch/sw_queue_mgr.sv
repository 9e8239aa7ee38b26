// sw_queue_mgr: descriptor slots, free list and per-queue linked lists (docs/switch.md 2.4, 2.8).
`resetall
`timescale 1ns / 1ps
`default_nettype none
module sw_queue_mgr #(
    parameter int NPORTS     = 16,     // switch ports
    parameter int NPRIO      = 8,      // queues per egress port
    parameter int NCELLS     = 46875,  // descriptor slots (one per frame) and accounting cells
    parameter int CELL_BYTES = 256,    // accounting cell
    parameter int TAG_W      = 32,     // frame tag
    parameter int XW         = 0,      // extra bits kept per frame (RCM: ingress class and hash bucket), 0..8
    parameter int NQ         = NPORTS*NPRIO,
    parameter int QID_W      = $clog2(NQ),
    parameter int PID_W      = $clog2(NPORTS)
) (
    input  wire                          clk,
    input  wire                          rst,

    // length of the queue the processed frame goes to (start of cycle)
    input  wire [QID_W-1:0]              adm_qid,
    output logic [sw_pkg::QB_W-1:0]      adm_qbytes,
    output logic [sw_pkg::CNT_W-1:0]     adm_qcells,
    output logic [sw_pkg::QB_W-1:0]      adm_qbytes_next,  // q(e,c) after this edge (peak bytes)
    output logic                         slot_avail,

    // enqueue (2.4): appended at this edge
    input  wire                          enq_valid,
    input  wire [TAG_W-1:0]              enq_tag,
    input  wire [sw_pkg::LEN_W-1:0]      enq_len,
    input  wire [sw_pkg::CNT_W-1:0]      enq_cells,
    input  wire [sw_pkg::ECN_W-1:0]      enq_ecn,
    input  wire [PID_W-1:0]              enq_port,
    input  wire [7:0]                    enq_extra,        // XW bits kept with the frame

    // queue state for the scheduler
    output logic [NQ-1:0]                nonempty,
    input  wire [QID_W-1:0]              hlen_qid,
    output logic [sw_pkg::LEN_W-1:0]     hlen,             // length of the head frame of hlen_qid

    // dequeue (2.8): head of deq_qid leaves at this edge
    input  wire                          deq_valid,
    input  wire [QID_W-1:0]              deq_qid,
    output logic [TAG_W-1:0]             deq_tag,
    output logic [sw_pkg::LEN_W-1:0]     deq_len,
    output logic [sw_pkg::CNT_W-1:0]     deq_cells,
    output logic [sw_pkg::ECN_W-1:0]     deq_ecn,
    output logic [PID_W-1:0]             deq_port,         // ingress port of the frame
    output logic [7:0]                   deq_extra,        // its enq_extra (0 when XW = 0)
    output logic [sw_pkg::QB_W-1:0]      deq_qbytes,       // q(e,c) at the start of the cycle
    output logic                         deq_last,         // the frame is the only one in its queue

    // register reads (2.9 block 8 k = 10, 11: registered at the edge of rd_en; block 11 k = 2)
    input  wire                          rd_en,
    input  wire [QID_W-1:0]              rd_qid,
    input  wire                          rd_frames,        // k = 11 (else 10)
    output logic [31:0]                  rd_data,
    output logic [sw_pkg::CNT_W-1:0]     free_slots
);
    localparam int SLOT_W  = $clog2(NCELLS);
    localparam int CELL_LG = $clog2(CELL_BYTES);
    localparam int CW      = sw_pkg::CNT_W;
    localparam int QBW     = sw_pkg::QB_W;
    localparam int REC_W   = CW + QBW + CW;   // {frames, bytes, cells}

    // ---- descriptor slot memory, NCELLS entries
    logic [TAG_W-1:0]         d_tag  [NCELLS];
    logic [sw_pkg::LEN_W-1:0] d_len  [NCELLS];
    logic [sw_pkg::ECN_W-1:0] d_ecn  [NCELLS];
    logic [PID_W-1:0]         d_port [NCELLS];
    logic [SLOT_W-1:0]        d_next [NCELLS];

    // ---- per-queue list pointers and head length cache (valid while the queue is non-empty)
    logic [SLOT_W-1:0]        q_head [NQ];
    logic [SLOT_W-1:0]        q_tail [NQ];
    logic [sw_pkg::LEN_W-1:0] q_hlen [NQ];

    // ---- free list: never-used slots from alloc_ptr, then a stack linked through d_next
    logic [SLOT_W:0]   alloc_ptr_q;
    logic [SLOT_W-1:0] stk_top_q;
    logic [SLOT_W:0]   stk_cnt_q;
    logic [CW-1:0]     free_q;

    // ---- per-queue lengths, cleared by rst
    logic [REC_W-1:0]   qr_a_data;
    logic [REC_W-1:0]   qr_b_data;
    logic [REC_W-1:0]   qr_r_data;
    logic               rd_frames_q;
    logic               qr_wr0_en;
    logic [REC_W-1:0]   qr_wr0_data;
    logic               qr_wr1_en;
    logic [REC_W-1:0]   qr_wr1_data;
    logic [NQ-1:0]      nonempty_q;
`ifdef FORMAL
    logic [NQ*REC_W-1:0] f_qlen;   // every queue's length record (formal proofs only)
`endif

    sw_clr_ram #(.W(REC_W), .DEPTH(NQ)) u_qlen (
        .clk(clk), .rst(rst),
        .ra_addr(adm_qid), .ra_data(qr_a_data), .rb_addr(deq_qid), .rb_data(qr_b_data),
        .rq_en(rd_en), .rq_addr(rd_qid), .rq_data(qr_r_data),
        .wr0_en(qr_wr0_en), .wr0_addr(deq_qid), .wr0_data(qr_wr0_data),
        .wr1_en(qr_wr1_en), .wr1_addr(adm_qid), .wr1_data(qr_wr1_data)
`ifdef FORMAL
        , .f_all(f_qlen)
`endif
    );

    logic [CW-1:0]     a_frames, b_frames, r_frames;
    logic [QBW-1:0]    a_bytes, b_bytes, r_bytes;
    logic [CW-1:0]     r_cells;
    logic [CW-1:0]     a_cells, b_cells;
    logic              same_q;
    logic              enq_to_empty;
    logic [SLOT_W-1:0] deq_slot;
    logic [SLOT_W-1:0] enq_tail;
    logic [SLOT_W-1:0] deq_next;
    logic [SLOT_W-1:0] new_slot;
    logic              use_stack;

    assign {a_frames, a_bytes, a_cells} = qr_a_data;
    assign {b_frames, b_bytes, b_cells} = qr_b_data;
    assign {r_frames, r_bytes, r_cells} = qr_r_data;
    logic unused_rd_cells;
    assign unused_rd_cells = ^r_cells;

    assign adm_qbytes = a_bytes;
    assign adm_qcells = a_cells;
    assign rd_data    = rd_frames_q ? 32'(r_frames) : r_bytes;
    assign free_slots = free_q;
    assign slot_avail = free_q != '0;
    assign nonempty   = nonempty_q;

    assign hlen       = q_hlen[hlen_qid];
    assign enq_tail   = q_tail[adm_qid];

    // head of the dequeued queue
    assign deq_slot   = q_head[deq_qid];
    assign deq_next   = d_next[deq_slot];
    assign deq_tag    = d_tag[deq_slot];
    assign deq_len    = q_hlen[deq_qid];
    assign deq_cells  = CW'((32'(deq_len) + CELL_BYTES - 1) >> CELL_LG);
    assign deq_ecn    = d_ecn[deq_slot];
    assign deq_port   = d_port[deq_slot];

    // extra bits per slot (RCM): kept only when XW > 0
    if (XW > 0) begin : g_extra
        logic [XW-1:0] d_extra [NCELLS];
        if (XW < 8) begin : g_unused_top
            logic unused_extra_top;
            assign unused_extra_top = ^enq_extra[7:XW];
        end
        assign deq_extra = 8'(d_extra[deq_slot]);
        always_ff @(posedge clk) begin
            if (enq_valid) begin
                d_extra[new_slot] <= enq_extra[XW-1:0];
            end
        end
    end else begin : g_no_extra
        logic unused_extra;
        assign unused_extra = ^enq_extra;
        assign deq_extra    = '0;
    end
    assign deq_qbytes = b_bytes;
    assign deq_last   = b_frames == CW'(1);

    always_comb begin
        same_q       = deq_valid && enq_valid && deq_qid == adm_qid;
        // the enqueued frame becomes the head: the queue is empty, or its last frame leaves now
        enq_to_empty = (a_frames == '0) || (same_q && a_frames == CW'(1));

        // slot for the enqueued frame: the slot freed this cycle, else the stack, else a new one
        use_stack = !deq_valid && stk_cnt_q != '0;
        if (deq_valid) begin
            new_slot = deq_slot;
        end else if (use_stack) begin
            new_slot = stk_top_q;
        end else begin
            new_slot = alloc_ptr_q[SLOT_W-1:0];
        end

        // q, qc and frame counts: dequeue (port 0) and enqueue (port 1, includes a same-queue dequeue)
        qr_wr0_en   = deq_valid && !same_q;
        qr_wr0_data = {b_frames - CW'(1), b_bytes - QBW'(deq_len), b_cells - deq_cells};
        qr_wr1_en   = enq_valid;
        qr_wr1_data = {a_frames + CW'(1) - (same_q ? CW'(1) : CW'(0)),
                       a_bytes + QBW'(enq_len) - (same_q ? QBW'(deq_len) : QBW'(0)),
                       a_cells + enq_cells - (same_q ? deq_cells : CW'(0))};
        adm_qbytes_next = qr_wr1_data[CW +: QBW];
    end

    always_ff @(posedge clk) begin
        if (rd_en) begin
            rd_frames_q <= rd_frames;
        end
    end

    // descriptor memory and list pointers
    always_ff @(posedge clk) begin
        if (enq_valid) begin
            d_tag[new_slot]  <= enq_tag;
            d_len[new_slot]  <= enq_len;
            d_ecn[new_slot]  <= enq_ecn;
            d_port[new_slot] <= enq_port;
        end
        // dequeue: the next frame becomes the head
        if (deq_valid && !deq_last) begin
            q_head[deq_qid] <= deq_next;
            q_hlen[deq_qid] <= d_len[deq_next];
        end
        // enqueue: new head and tail, or append behind the tail
        if (enq_valid) begin
            q_tail[adm_qid] <= new_slot;
            if (enq_to_empty) begin
                q_head[adm_qid] <= new_slot;
                q_hlen[adm_qid] <= enq_len;
            end
        end
        // d_next writes: append, and push of a freed slot on the free stack
        if (enq_valid && !enq_to_empty) begin
            d_next[enq_tail] <= new_slot;
        end
        if (deq_valid && !enq_valid) begin
            d_next[deq_slot] <= stk_top_q;
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            alloc_ptr_q <= '0;
            stk_top_q   <= '0;
            stk_cnt_q   <= '0;
            free_q      <= CW'(NCELLS);
            nonempty_q  <= '0;
        end else begin
            if (enq_valid && !deq_valid) begin
                if (use_stack) begin
                    stk_top_q <= d_next[stk_top_q];
                    stk_cnt_q <= stk_cnt_q - 1'b1;
                end else begin
                    alloc_ptr_q <= alloc_ptr_q + 1'b1;
                end
                free_q <= free_q - 1'b1;
            end else if (deq_valid && !enq_valid) begin
                stk_top_q <= deq_slot;
                stk_cnt_q <= stk_cnt_q + 1'b1;
                free_q    <= free_q + 1'b1;
            end
            if (deq_valid && deq_last) begin
                nonempty_q[deq_qid] <= 1'b0;
            end
            if (enq_valid) begin
                nonempty_q[adm_qid] <= 1'b1;
            end
        end
    end
`ifdef FORMAL
    // ---------------------------------------------------------------- formal proofs
    // The module is the top of the proof (rtl/switch/formal/prove.sh; docs/verification.md "Formal
    // proofs"); its inputs are free except for the rules sw_top keeps, assumed below.
    logic f_past;
    initial f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;

    always @* begin
        assume(rst == !f_past);                      // reset in the first cycle of the proof only
        assume(!enq_valid || slot_avail);            // admission needs a free slot (2.4)
        assume(!deq_valid || nonempty_q[deq_qid]);   // the scheduler dequeues non-empty queues (2.8)
        assume(32'(adm_qid) < NQ && 32'(deq_qid) < NQ);
    end

`ifdef FORMAL_LINKLIST
    // 5. linked-list integrity (3.2 "Free list"): every slot is in exactly one of the lists (a queue,
    // the free stack, or the never-used slots from alloc_ptr_q on); each queue's walk from its head
    // reaches its tail in exactly its frame count of steps without visiting a slot twice; the free
    // stack's walk from its top takes stk_cnt_q steps; free_slots + the sum of the queues' frame
    // counts = NCELLS; nonempty = frame count != 0; the head length cache is the head slot's length.
    // A queue's head and tail are not defined while it is empty, nor the next field of a tail or of
    // the stack's bottom (no null pointer: a count says where a walk ends), so none is asserted.
    // The walks are unrolled over the slots: built for a proof's small NCELLS only (read_verilog
    // elaborates the default parameters before chparam sets the proof's).
    if (NCELLS <= 16) begin : g_f_linklist
        logic [NCELLS*SLOT_W-1:0] f_lk_next;   // d_next of slot j at [j*SLOT_W +: SLOT_W]
        logic [NCELLS*sw_pkg::LEN_W-1:0] f_lk_len;   // d_len of slot j
        for (genvar j = 0; j < NCELLS; j++) begin : g_slot
            assign f_lk_next[j*SLOT_W +: SLOT_W] = d_next[j];
            assign f_lk_len[j*sw_pkg::LEN_W +: sw_pkg::LEN_W] = d_len[j];
        end
        logic [NQ*SLOT_W-1:0] f_lk_head, f_lk_tailp;
        logic [NQ*sw_pkg::LEN_W-1:0] f_lk_qhlen;
        for (genvar q = 0; q < NQ; q++) begin : g_q
            assign f_lk_head[q*SLOT_W +: SLOT_W]  = q_head[q];
            assign f_lk_tailp[q*SLOT_W +: SLOT_W] = q_tail[q];
            assign f_lk_qhlen[q*sw_pkg::LEN_W +: sw_pkg::LEN_W] = q_hlen[q];
        end

        logic [NCELLS*8-1:0] f_lk_mark;   // slot j at [j*8 +: 8]: lists whose walk visits it
        logic [NQ-1:0]       f_lk_tail;   // queue q's walk ends at q_tail
        logic [NQ-1:0]       f_lk_hlen;   // queue q's head length cache
        logic [31:0]         f_lk_sum, f_lk_n;
        logic [SLOT_W-1:0]   f_lk_s, f_lk_t;
        logic [sw_pkg::LEN_W-1:0] f_lk_l;
        always @* begin
            f_lk_mark = '0;
            f_lk_sum  = 0;
            f_lk_tail = '1;
            f_lk_hlen = '1;
            f_lk_l    = '0;
            for (int q = 0; q < NQ; q++) begin
                f_lk_n   = 32'(f_qlen[q*REC_W + CW + QBW +: CW]);
                f_lk_s   = f_lk_head[q*SLOT_W +: SLOT_W];
                f_lk_sum = f_lk_sum + f_lk_n;
                for (int j = 0; j < NCELLS; j++) begin
                    if (32'(f_lk_s) == j) begin
                        f_lk_l = f_lk_len[j*sw_pkg::LEN_W +: sw_pkg::LEN_W];
                    end
                end
                f_lk_hlen[q] = f_lk_n == 0 || f_lk_qhlen[q*sw_pkg::LEN_W +: sw_pkg::LEN_W] == f_lk_l;
                // walk of the queue: frames steps from its head, the last one at its tail
                for (int i = 0; i < NCELLS; i++) begin
                    if (i < f_lk_n) begin
                        f_lk_t = f_lk_s;
                        for (int j = 0; j < NCELLS; j++) begin
                            if (32'(f_lk_s) == j) begin
                                f_lk_mark[j*8 +: 8] = f_lk_mark[j*8 +: 8] + 8'd1;
                                f_lk_t = f_lk_next[j*SLOT_W +: SLOT_W];
                            end
                        end
                        if (i == f_lk_n - 1) begin
                            f_lk_tail[q] = f_lk_s == f_lk_tailp[q*SLOT_W +: SLOT_W];
                        end
                        f_lk_s = f_lk_t;
                    end
                end
            end
            // walk of the free stack: stk_cnt_q steps from its top
            f_lk_n = 32'(stk_cnt_q);
            f_lk_s = stk_top_q;
            for (int i = 0; i < NCELLS; i++) begin
                if (i < f_lk_n) begin
                    f_lk_t = f_lk_s;
                    for (int j = 0; j < NCELLS; j++) begin
                        if (32'(f_lk_s) == j) begin
                            f_lk_mark[j*8 +: 8] = f_lk_mark[j*8 +: 8] + 8'd1;
                            f_lk_t = f_lk_next[j*SLOT_W +: SLOT_W];
                        end
                    end
                    f_lk_s = f_lk_t;
                end
            end
        end

        always @* begin
            if (f_past && !rst) begin
                assert(32'(alloc_ptr_q) <= NCELLS && stk_cnt_q <= alloc_ptr_q);
                assert(32'(free_q) == NCELLS - 32'(alloc_ptr_q) + 32'(stk_cnt_q));
                assert(f_lk_sum + 32'(free_q) == NCELLS);   // no slot lost or counted twice
                for (int j = 0; j < NCELLS; j++) begin
                    // every used slot in exactly one list (no cycle, no sharing), never-used ones in none
                    assert(f_lk_mark[j*8 +: 8] == ((j < 32'(alloc_ptr_q)) ? 8'd1 : 8'd0));
                end
                assert(f_lk_tail == '1);
                assert(f_lk_hlen == '1);
                for (int q = 0; q < NQ; q++) begin
                    assert(nonempty_q[q] == (f_qlen[q*REC_W + CW + QBW +: CW] != '0));
                end
            end
        end
    end else begin : g_f_linklist_too_large
        always @* assert(1'b0);   // the proof runs at NCELLS <= 16 only
    end
`endif
`endif
endmodule
`resetall
