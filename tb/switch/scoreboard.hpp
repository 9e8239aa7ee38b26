// scoreboard.hpp: runs the RTL and the reference model in lock step on the same inputs and checks
// that they agree on every output of every cycle (ingress ready, drops and reasons, egress order
// and ECN, PFC frames, idleness), that every frame is accounted for, and that counters are equal.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/switch/mmu_model.hpp"
#include "rtl/driver/switch_dut.hpp"
#include "rtl/driver/switch_regs.hpp"

namespace ccf::tb {

using driver::CfgOp;
using driver::SwitchDut;

struct FrameLedger {
  uint64_t injected = 0, delivered = 0, dropped = 0;
  std::array<uint64_t, sw::kNumDropReasons> drops_by_reason{};
  std::map<uint32_t, sw::Descriptor> in_switch;  // tag -> descriptor, accepted and not yet out
};

std::string describe(const sw::CycleOutputs& o);

template <class V>
class Scoreboard {
 public:
  Scoreboard(const sw::SwitchParams& params, const sw::SwitchConfig& cfg, const char* trace = nullptr)
      : params_(params), cfg_(cfg), dut_(params, trace), model_(params, cfg) {
    cycle_ = dut_.reset(0);
    cycle_ = dut_.configure(cycle_, cfg);
    start_cycle_ = cycle_;
  }

  uint64_t cycle() const { return cycle_; }
  bool ok() const { return errors_.empty(); }
  const std::vector<std::string>& errors() const { return errors_; }
  const FrameLedger& ledger() const { return ledger_; }
  sw::MmuModel& model() { return model_; }
  SwitchDut<V>& dut() { return dut_; }

  // One cycle of both; returns the RTL's outputs (after checking them against the model).
  sw::CycleOutputs step(const sw::CycleInputs& in) { return step_at(cycle_, in); }

  // One cycle at an explicit cycle number >= cycle(): cycles in between are skipped (idle skip).
  sw::CycleOutputs step_at(uint64_t cycle, const sw::CycleInputs& in) {
    cycle_ = cycle;
    sw::CycleOutputs r = dut_.step(cycle_, in);
    sw::CycleOutputs m = model_.step(cycle_, in);
    compare(in, r, m);
    account(in, r);
    ++cycle_;
    return r;
  }

  // A register of the RTL read through the register interface (the model sees an idle cycle).
  uint32_t read_reg(uint32_t addr) {
    const uint32_t v = dut_.read_reg(cycle_, addr);
    model_step_idle(1);
    return v;
  }
  // A register write through the register interface (the model sees an idle cycle, so the write must
  // not change what the switch does: the same value again, or an address that holds no register).
  void write_reg(uint32_t addr, uint32_t data) {
    dut_.cfg_cycle(cycle_, CfgOp{true, addr, data});
    model_step_idle(1);
  }

  // Reads every counter of the RTL through the register interface and compares with the model.
  // Takes register cycles: call when the traffic has stopped.
  void check_counters() {
    auto rd64 = [&](uint32_t a) { const uint64_t v = dut_.read_counter(cycle_, a); model_step_idle(2); return v; };
    auto rd32 = [&](uint32_t a) { return uint64_t{read_reg(a)}; };
    using namespace sw::regs;
    for (unsigned p = 0; p < params_.nports; ++p) {
      for (unsigned c = 0; c < params_.nprio; ++c) {
        const sw::QueueCounters& q = model_.queue(p, c);
        const std::pair<QueueCounter, uint64_t> want[] = {
            {kEnqFrames, q.enq_frames}, {kEnqBytes, q.enq_bytes}, {kDeqFrames, q.deq_frames},
            {kDeqBytes, q.deq_bytes}, {kEcnMarks, q.ecn_marks},
            {kDropLossyTail, q.drops[size_t(sw::DropReason::kLossyTail)]},
            {kDropWred, q.drops[size_t(sw::DropReason::kWred)]},
            {kDropHeadroom, q.drops[size_t(sw::DropReason::kHeadroomOverflow)]},
            {kDropBufferFull, q.drops[size_t(sw::DropReason::kBufferFull)]},
            {kPeakBytes, q.peak_bytes}, {kLenBytes, q.len_bytes}, {kLenFrames, q.len_frames}};
        for (const auto& [k, v] : want) expect_eq(fmt::format("queue({},{}) counter {}", p, c, int(k)), rd64(queue_counter(p, c, k, false)), v);
        const sw::IngressState& ing = model_.ingress(p, c);
        expect_eq(fmt::format("ingress({},{}).u", p, c), rd32(ingress_reg(p, c, kIngU)), ing.u_cells);
        expect_eq(fmt::format("ingress({},{}).h", p, c), rd32(ingress_reg(p, c, kIngH)), ing.h_cells);
        expect_eq(fmt::format("ingress({},{}).xoff", p, c), rd32(ingress_reg(p, c, kIngXoff)), ing.xoff ? 1 : 0);
        expect_eq(fmt::format("ingress({},{}).peak", p, c), rd32(ingress_reg(p, c, kIngPeak)), ing.peak_cells);
      }
      const sw::PortCounters& pc = model_.port(p);
      expect_eq(fmt::format("port {} pause tx", p), rd64(port_counter(p, kPfcPauseTx, false)), pc.pfc_pause_tx);
      expect_eq(fmt::format("port {} resume tx", p), rd64(port_counter(p, kPfcResumeTx, false)), pc.pfc_resume_tx);
      expect_eq(fmt::format("port {} pfc rx", p), rd64(port_counter(p, kPfcRx, false)), pc.pfc_rx);
      expect_eq(fmt::format("port {} no-route drops", p), rd64(port_counter(p, kDropNoRoute, false)), pc.drops_no_route);
      for (unsigned c = 0; c < params_.nprio; ++c) {
        // Both read at the same cycle: the low word's cycle.
        const uint64_t at = cycle_;
        expect_eq(fmt::format("port {} paused cycles class {}", p, c), rd64(port_counter(p, kPausedCycles0 + c, false)),
                  model_.paused_cycles(p, c, at));
      }
    }
    if (params_.rcm) {  // 2.11.6, block 7
      for (unsigned p = 0; p < params_.nports; ++p) {
        const sw::RcmCounters& k = model_.rcm(p);
        const std::pair<RcmCounter, uint64_t> want[] = {{kCnSent, k.cn_sent},           {kCnReceived, k.cn_received},
                                                        {kCfrSamples, k.cfr_samples},   {kRccHeldBytes, k.rcc_held_bytes},
                                                        {kSarReroutes, k.sar_reroutes}, {kReordered, k.reordered}};
        for (const auto& [id, v] : want)
          expect_eq(fmt::format("port {} rcm counter {}", p, int(id)), rd64(rcm_counter(p, id, false)), v);
        expect_eq(fmt::format("port {} rcc Wc", p), rd32(rcm_counter(p, kRccWc, false)), model_.rcm_wc(p));
      }
    }
    expect_eq("shared used cells", rd32(addr(kGlobalState, kSharedUsed)), model_.shared_used_cells());
    expect_eq("total used cells", rd32(addr(kGlobalState, kTotalUsed)), model_.total_used_cells());
    expect_eq("free descriptor slots", rd32(addr(kGlobalState, kFreeSlots)), model_.free_slots());
    expect_eq("lfsr", rd32(addr(kGlobalState, kLfsr)), model_.lfsr());
  }

  // Frame conservation: injected = delivered + dropped + held, and held equals the queues' content.
  void check_conservation() {
    uint64_t held = 0;
    for (unsigned p = 0; p < params_.nports; ++p)
      for (unsigned c = 0; c < params_.nprio; ++c) held += model_.queue(p, c).len_frames;
    // Frames still in ingress FIFOs are accepted but not yet in a queue.
    const uint64_t in_switch = ledger_.in_switch.size();
    if (ledger_.injected != ledger_.delivered + ledger_.dropped + in_switch)
      error(fmt::format("ledger: injected {} != delivered {} + dropped {} + in switch {}", ledger_.injected,
                        ledger_.delivered, ledger_.dropped, in_switch));
    if (held > in_switch) error(fmt::format("queues hold {} frames but only {} are in the switch", held, in_switch));
  }

 private:
  void model_step_idle(unsigned cycles) {
    // Register cycles: the model sees the same cycles with every traffic input idle.
    sw::CycleInputs idle;
    idle.in_desc.resize(params_.nports);
    idle.out_ready.assign(params_.nports, false);
    idle.pfc_in.resize(params_.nports);
    for (unsigned i = 0; i < cycles; ++i) model_.step(cycle_++, idle);
  }

  void expect_eq(const std::string& what, uint64_t rtl, uint64_t model) {
    if (rtl != model) error(fmt::format("{}: rtl {} model {}", what, rtl, model));
  }

  void error(std::string msg) {
    if (errors_.size() < 20) errors_.push_back(fmt::format("cycle {}: {}", cycle_, msg));
  }

  void compare(const sw::CycleInputs& in, const sw::CycleOutputs& r, const sw::CycleOutputs& m) {
    if (r.extra_egress) error("rtl dequeued on more than one port in one cycle");
    if (r.in_ready_mask != m.in_ready_mask || r.enqueue != m.enqueue || r.drop != m.drop || r.egress != m.egress ||
        r.pfc_out != m.pfc_out || r.cn_out != m.cn_out || r.crd != m.crd || r.idle != m.idle) {
      error(fmt::format("outputs differ\n  rtl:   {}\n  model: {}", describe(r), describe(m)));
    }
    // tmr_next_cycle may be earlier than the true next deadline (an extra step costs nothing) but
    // never later when the RTL says it is idle (a skipped timer would be missed).
    (void)in;
    constexpr uint64_t kNone48 = (uint64_t{1} << 48) - 1;
    const uint64_t truth = model_.next_deadline_after(cycle_);
    const uint64_t rtl_next = r.next_deadline >= kNone48 ? UINT64_MAX : r.next_deadline;
    if (r.idle && rtl_next > truth) error(fmt::format("idle with tmr_next_cycle {} after the next deadline {}", rtl_next, truth));
    // The stepping prediction (2.1) may ask for more steps than needed, never fewer: the RTL may say
    // busy when the model does not, may add ports to eg_pending, and may give an earlier deadline.
    if (r.next_busy) return;
    if (m.next_busy) error(fmt::format("cycle {}: stat_next_busy = 0 but the model needs cycle {}", cycle_, cycle_ + 1));
    if (m.eg_pending & ~r.eg_pending)
      error(fmt::format("cycle {}: stat_eg_pending {:#x} misses ports of the model's {:#x}", cycle_, r.eg_pending, m.eg_pending));
    if (r.next_deadline_post > m.next_deadline_post)
      error(fmt::format("cycle {}: tmr_next_cycle after the edge {} is after the model's next deadline {}", cycle_,
                        r.next_deadline_post, m.next_deadline_post));
  }

  void account(const sw::CycleInputs& in, const sw::CycleOutputs& r) {
    for (unsigned p = 0; p < params_.nports; ++p) {
      if (in.in_desc[p] && r.in_ready(p)) {
        ++ledger_.injected;
        ledger_.in_switch[in.in_desc[p]->tag] = *in.in_desc[p];
      }
    }
    if (r.drop) {
      if (ledger_.in_switch.erase(r.drop->tag) != 1) error(fmt::format("drop of unknown tag {}", r.drop->tag));
      ++ledger_.dropped;
      ++ledger_.drops_by_reason[size_t(r.drop->reason)];
    }
    if (r.egress) {
      auto it = ledger_.in_switch.find(r.egress->tag);
      if (it == ledger_.in_switch.end()) {
        error(fmt::format("egress of unknown tag {}", r.egress->tag));
      } else {
        if (it->second.len_bytes != r.egress->len_bytes) error(fmt::format("tag {} left with another length", r.egress->tag));
        ledger_.in_switch.erase(it);
      }
      ++ledger_.delivered;
    }
  }

  sw::SwitchParams params_;
  sw::SwitchConfig cfg_;
  SwitchDut<V> dut_;
  sw::MmuModel model_;
  uint64_t cycle_ = 0, start_cycle_ = 0;
  FrameLedger ledger_;
  std::vector<std::string> errors_;
};

}  // namespace ccf::tb
