// switch_dut.hpp: drives one Verilated sw_top (any parameterisation) a cycle at a time with the
// same CycleInputs/CycleOutputs as the reference model (docs/switch.md 2.10).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>
#ifdef CCF_RTL_COVERAGE_DIR
#include <unistd.h>

#include <atomic>

#include <verilated_cov.h>
#endif

#include "models/switch/switch_config.hpp"
#include "models/switch/switch_ports.hpp"
#include "rtl/driver/switch_regs.hpp"
#include "rtl/driver/vbits.hpp"

namespace ccf::driver {

template <class V>
class SwitchDut {
 public:
  explicit SwitchDut(const sw::SwitchParams& params, const char* trace_path = nullptr)
      : params_(params), ctx_(std::make_unique<VerilatedContext>()), m_(std::make_unique<V>(ctx_.get())) {
    if (trace_path) {
      ctx_->traceEverOn(true);
      trace_ = std::make_unique<VerilatedFstC>();
      m_->trace(trace_.get(), 99);
      trace_->open(trace_path);
    }
  }
  ~SwitchDut() {
    if (trace_) trace_->close();
    m_->final();
#ifdef CCF_RTL_COVERAGE_DIR
    // The coverage build's switch tests (tests/CMakeLists.txt): this model's line, toggle and user
    // coverage counts, one file per model, merged by tests/coverage/run.sh.
    static std::atomic<unsigned> models{0};
    ctx_->coveragep()->write((std::string(CCF_RTL_COVERAGE_DIR) + "/" + std::to_string(::getpid()) + "-" +
                              std::to_string(models++) + ".dat").c_str());
#endif
  }
  SwitchDut(const SwitchDut&) = delete;
  SwitchDut& operator=(const SwitchDut&) = delete;

  const sw::SwitchParams& params() const { return params_; }
  V& rtl() { return *m_; }

  // Synchronous reset for `cycles` cycles starting at `cycle`; returns the next cycle.
  uint64_t reset(uint64_t cycle, unsigned cycles = sw::kResetCycles) {
    m_->rst = 1;
    for (unsigned i = 0; i < cycles; ++i) clock(cycle++);
    m_->rst = 0;
    return cycle;
  }

  // Programs `cfg`, one register write per cycle; returns the next free cycle.
  uint64_t configure(uint64_t cycle, const sw::SwitchConfig& cfg) {
    for (const auto& [a, d] : sw::regs::config_writes(params_, cfg)) cfg_cycle(cycle++, CfgOp{true, a, d});
    return cycle;
  }

  // A cycle with only a register access and every traffic input idle.
  void cfg_cycle(uint64_t cycle, const CfgOp& op) {
    clear_inputs();
    m_->cfg_wr_en = op.write;
    m_->cfg_rd_en = !op.write;
    m_->cfg_addr = op.addr;
    m_->cfg_wr_data = op.data;
    clock(cycle);
    m_->cfg_wr_en = 0;
    m_->cfg_rd_en = 0;
  }
  uint32_t read_reg(uint64_t cycle, uint32_t addr) {
    cfg_cycle(cycle, CfgOp{false, addr, 0});
    return m_->cfg_rd_data;
  }
  // A 64-bit counter takes two read cycles (cycle and cycle + 1).
  uint64_t read_counter(uint64_t cycle, uint32_t lo_addr) {
    const uint64_t lo = read_reg(cycle, lo_addr);
    return lo | (uint64_t{read_reg(cycle + 1, lo_addr + 1)} << 32);
  }

  // One clock cycle with traffic inputs; outputs are those of this cycle, before its edge.
  sw::CycleOutputs step(uint64_t cycle, const sw::CycleInputs& in) {
    sw::CycleOutputs out;
    step(cycle, in, out);
    return out;
  }
  // The same into `out` (its vectors are assigned every cycle; their storage is reused).
  // `cfg`: a register access in the same cycle (its read data is in cfg_rd_data() afterwards).
  void step(uint64_t cycle, const sw::CycleInputs& in, sw::CycleOutputs& out, const CfgOp* cfg = nullptr) {
    step(cycle, in, sw::CycleInputMasks::of(in), out, cfg);
  }
  // The same with the set entries of `in` given as bits: only those ports' fields are written, and
  // only ports below nports.
  void step(uint64_t cycle, const sw::CycleInputs& in, const sw::CycleInputMasks& set, sw::CycleOutputs& out,
            const CfgOp* cfg = nullptr) {
    for (uint64_t m = set.in_desc & ports_; m; m &= m - 1) {
      const unsigned p = static_cast<unsigned>(std::countr_zero(m));
      offer(p, *in.in_desc[p]);
    }
    for (uint64_t m = set.pfc_in & ports_; m; m &= m - 1) {
      const unsigned p = static_cast<unsigned>(std::countr_zero(m));
      offer_pfc(p, *in.pfc_in[p]);
    }
    if (set.cn_in) offer_cn(*in.cn_in);
    sw::CycleReport r;
    step(cycle, set, r, cfg);
    report_to_outputs(r, out);
  }

  // The co-simulation's cycle (sc/switch/switch_model.cpp), without per-port containers of optional
  // values: the descriptors and PFC frames of the ports set in `set` (p < nports) are written
  // before, with offer() and offer_pfc(); the PFC frames sent are read after, with pfc_out().
  void offer(unsigned p, const sw::Descriptor& d) {
    set_bits(m_->in_desc_tag, p * params_.tag_w, params_.tag_w, d.tag);
    set_bits(m_->in_desc_len, p * 14, 14, d.len_bytes);
    set_bits(m_->in_desc_prio, p * 3, 3, d.prio);
    set_bits(m_->in_desc_ecn, p * 2, 2, d.ecn);
    set_bits(m_->in_desc_dst, p * params_.dst_w, params_.dst_w, d.dst);
    set_bits(m_->in_desc_hash, p * 16, 16, d.hash);
  }
  void offer_pfc(unsigned p, const sw::PfcFrame& f) {
    set_bits(m_->pfc_in_class_en, p * 8, 8, f.class_en);
    for (unsigned c = 0; c < 8; ++c) set_bits(m_->pfc_in_time, p * 128 + c * 16, 16, f.time_quanta[c]);
  }
  // RCM (docs/switch.md 2.11.7): the CN received in the cycle (CycleInputMasks::cn_in set); its first
  // `count` flow IDs, at most CFR_DEPTH.
  void offer_cn(const sw::CnOnPort& cn) {
    m_->cn_in_port = cn.port;
    m_->cn_in_class = cn.frame.cls & 7u;
    m_->cn_in_fb = cn.frame.fb & 63u;
    const unsigned n = std::min<unsigned>(cn.frame.count, params_.cfr_depth);
    m_->cn_in_count = n;
    for (unsigned i = 0; i < n; ++i) set_bits(m_->cn_in_ids, i * 16, 16, cn.frame.ids[i]);
  }
  void step(uint64_t cycle, const sw::CycleInputMasks& set, sw::CycleReport& out, const CfgOp* cfg = nullptr) {
    if (cfg) {
      m_->cfg_wr_en = cfg->write;
      m_->cfg_rd_en = !cfg->write;
      m_->cfg_addr = cfg->addr;
      m_->cfg_wr_data = cfg->data;
    }
    write_port_bits(m_->in_desc_valid, set.in_desc);
    write_port_bits(m_->out_desc_ready, set.out_ready);
    write_port_bits(m_->pfc_in_valid, set.pfc_in);
    m_->cn_in_valid = set.cn_in;
    m_->cycle = cycle;
    m_->clk = 0;
    m_->eval();
    read_outputs(out);
    edge(cycle);
    read_prediction(out);
    if (cfg) {
      m_->cfg_wr_en = 0;
      m_->cfg_rd_en = 0;
    }
  }
  // The PFC frame port p sends in the cycle just stepped (its bit is set in CycleReport::pfc_out_mask;
  // for a port whose bit is clear it is an earlier cycle's frame).
  const sw::PfcFrame& pfc_out(unsigned p) const { return pfc_sent_[p]; }
  uint32_t cfg_rd_data() const { return m_->cfg_rd_data; }

  // The waveform's time axis (FST, 1 ps). Cycle c >= first_cycle spans [T, T + period_ps) with
  // T = (c - first_cycle) x period_ps: its outputs (registered by the rising edge that starts it) show
  // at T, its inputs with the clock low at T + period_ps/2, and its rising edge at T + period_ps.
  // Cycles before first_cycle (reset, configuration) are not dumped. Default: a cycle every 2 ps from
  // cycle 0. A co-simulated switch sets its period and the cycle of simulated time 0, so that an event
  // of cycle c in pfc.csv (at T) shows at T in the waveform.
  // Only times in [from_ps, to_ps) are dumped (`run --trace-window`).
  void set_trace_time(uint64_t first_cycle, uint64_t period_ps, uint64_t from_ps = 0, uint64_t to_ps = UINT64_MAX) {
    trace_first_cycle_ = first_cycle;
    trace_period_ps_ = period_ps;
    trace_from_ps_ = from_ps;
    trace_to_ps_ = to_ps;
  }

 private:
  // A per-port bit vector (port p = bit p) as a whole port, ports below nports only. sw_top has at
  // most 64 ports (NPORTS 2..64), so Verilator holds each of these in an integer: one store or load.
  template <class T>
  void write_port_bits(T& sig, uint64_t bits) {
    static_assert(std::is_integral_v<T>, "a per-port bit vector of at most 64 ports");
    sig = static_cast<T>(bits & ports_);
  }
  template <class T>
  uint64_t read_port_bits(const T& sig) const {
    static_assert(std::is_integral_v<T>, "a per-port bit vector of at most 64 ports");
    return static_cast<uint64_t>(sig) & ports_;
  }
  void clear_inputs() {
    write_port_bits(m_->in_desc_valid, 0);
    write_port_bits(m_->out_desc_ready, 0);
    write_port_bits(m_->pfc_in_valid, 0);
    m_->cn_in_valid = 0;
  }

  void clock(uint64_t cycle) {
    m_->cycle = cycle;
    m_->clk = 0;
    m_->eval();
    edge(cycle);
  }
  // The rising edge, with the inputs the clock-low eval() saw: the model skips its input pass while
  // the clock is high (cmake/verilator_edge_ico.cmake), so inputs change only while it is low.
  void edge(uint64_t cycle) {
    if (trace_) [[unlikely]] dump_trace(cycle, trace_period_ps_ / 2);
    m_->clk = 1;
    m_->eval();
    if (trace_) [[unlikely]] dump_trace(cycle, trace_period_ps_);
  }


  // Every field is read whatever its valid bit: plain loads, no branches.
  void read_outputs(sw::CycleReport& out) {
    out.in_ready_mask = read_port_bits(m_->in_desc_ready);
    out.pfc_out_mask = read_port_bits(m_->pfc_out_valid);
    out.egress_mask = read_port_bits(m_->out_desc_valid);
    // one frame leaves per cycle at most (2.8): one set of fields, the port from out_desc_valid
    out.egress = sw::EgressReport{static_cast<unsigned>(std::countr_zero(out.egress_mask | (uint64_t{1} << 63))),
                                  static_cast<uint32_t>(m_->out_desc_tag), static_cast<uint8_t>(m_->out_desc_ecn),
                                  static_cast<uint8_t>(m_->out_desc_prio), static_cast<uint16_t>(m_->out_desc_len)};
    out.enqueue_valid = m_->enq_valid;
    out.enqueue = sw::EnqueueReport{static_cast<uint32_t>(m_->enq_tag), static_cast<uint8_t>(m_->enq_port),
                                    static_cast<uint8_t>(m_->enq_prio)};
    out.drop_valid = m_->drop_valid;
    out.drop = sw::DropReport{static_cast<uint32_t>(m_->drop_tag), static_cast<sw::DropReason>(m_->drop_reason),
                              static_cast<uint8_t>(m_->drop_port), static_cast<uint8_t>(m_->drop_prio)};
    out.idle = m_->stat_idle;
    out.next_deadline = m_->tmr_next_cycle;
    out.cn_out_valid = m_->cn_out_valid;
    if (out.cn_out_valid) read_cn_out(out.cn_out);  // RCM only, rare
    out.crd_valid = m_->crd_valid;
    if (out.crd_valid)
      out.crd = sw::CrdReport{static_cast<uint8_t>(m_->crd_port), static_cast<uint8_t>(m_->crd_prio),
                              static_cast<uint8_t>(m_->crd_fb)};
    for (uint64_t m = out.pfc_out_mask; m; m &= m - 1) {  // rare: read only then
      const unsigned p = static_cast<unsigned>(std::countr_zero(m));
      sw::PfcFrame& f = pfc_sent_[p];
      f.class_en = static_cast<uint8_t>(get_bits(m_->pfc_out_class_en, p * 8, 8));
      const auto pause_en = get_bits(m_->pfc_out_pause_en, p * 8, 8);
      for (unsigned c = 0; c < 8; ++c)
        f.time_quanta[c] = ((pause_en >> c) & 1u) ? static_cast<uint16_t>(m_->pfc_out_quanta) : uint16_t{0};
    }
  }
  // The CN sent (2.11.7): its valid flow IDs in entry order.
  void read_cn_out(sw::CnOnPort& cn) const {
    cn.port = m_->cn_out_port;
    cn.frame = sw::CnFrame{};
    cn.frame.cls = static_cast<uint8_t>(m_->cn_out_class);
    cn.frame.fb = static_cast<uint8_t>(m_->cn_out_fb);
    const uint64_t id_valid = get_bits(m_->cn_out_id_valid, 0, params_.cfr_depth);
    for (unsigned i = 0; i < params_.cfr_depth; ++i)
      if ((id_valid >> i) & 1u) cn.frame.ids[cn.frame.count++] = static_cast<uint16_t>(get_bits(m_->cn_out_ids, i * 16, 16));
  }
  // The stepping prediction (docs/switch.md 2.1): state-only outputs, read after the edge.
  void read_prediction(sw::CycleReport& out) const {
    constexpr uint64_t kNone48 = (uint64_t{1} << 48) - 1;
    out.next_busy = m_->stat_next_busy;
    out.eg_pending = read_port_bits(m_->stat_eg_pending);
    out.next_deadline_post = m_->tmr_next_cycle >= kNone48 ? UINT64_MAX : uint64_t{m_->tmr_next_cycle};
  }
  // The report as the reference model's outputs (the scoreboard compares those).
  void report_to_outputs(const sw::CycleReport& r, sw::CycleOutputs& out) const {
    const unsigned n = params_.nports;
    out.in_ready_mask = r.in_ready_mask;
    out.pfc_out.assign(n, std::nullopt);
    for (uint64_t m = r.pfc_out_mask; m; m &= m - 1) {
      const unsigned p = static_cast<unsigned>(std::countr_zero(m));
      out.pfc_out[p] = pfc_out(p);
    }
    out.pfc_out_mask = r.pfc_out_mask;
    out.extra_egress = (r.egress_mask & (r.egress_mask - 1)) != 0;  // more than one per cycle breaks 2.8
    out.egress = r.egress_mask ? std::optional(r.egress) : std::nullopt;
    out.enqueue = r.enqueue_valid ? std::optional(r.enqueue) : std::nullopt;
    out.drop = r.drop_valid ? std::optional(r.drop) : std::nullopt;
    out.cn_out = r.cn_out_valid ? std::optional(r.cn_out) : std::nullopt;
    out.crd = r.crd_valid ? std::optional(r.crd) : std::nullopt;
    out.idle = r.idle;
    out.next_deadline = r.next_deadline;
    out.next_busy = r.next_busy;
    out.eg_pending = r.eg_pending;
    out.next_deadline_post = r.next_deadline_post;
  }

  sw::SwitchParams params_;
  uint64_t ports_ = params_.nports >= 64 ? ~uint64_t{0} : (uint64_t{1} << params_.nports) - 1;  // bit p: port p
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> m_;
  void dump_trace(uint64_t cycle, uint64_t offset_ps) {
    if (cycle < trace_first_cycle_) return;
    const uint64_t t = (cycle - trace_first_cycle_) * trace_period_ps_ + offset_ps;
    if (t >= trace_from_ps_ && t < trace_to_ps_) trace_->dump(t);
  }

  std::unique_ptr<VerilatedFstC> trace_;
  uint64_t trace_first_cycle_ = 0, trace_period_ps_ = 2, trace_from_ps_ = 0, trace_to_ps_ = UINT64_MAX;
  std::vector<sw::PfcFrame> pfc_sent_ = std::vector<sw::PfcFrame>(params_.nports);  // read before the edge
};

}  // namespace ccf::driver
