// switch_reference.cpp: the reference model of the MMU (models/switch/mmu_model.hpp) as a SwitchCore
// (switch_core.hpp), for `switch.impl = "reference"`. The scoreboard holds it equal to the RTL in every
// output of every cycle; here it also answers the register reads of a run's end (counters and state,
// docs/switch.md 2.9 blocks 7 to 11) with the values the RTL's registers hold.
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "models/switch/mmu_model.hpp"
#include "rtl/driver/switch_regs.hpp"
#include "sc/switch/switch_core.hpp"

namespace ccf::swc {

// Not in an anonymous namespace: a function of local linkage gets no profile (sc/CMakeLists.txt).
namespace detail {

class SwitchReference final : public SwitchCore {
 public:
  explicit SwitchReference(const sw::SwitchParams& params) : params_(params) {
    in_.in_desc.resize(params.nports);
    in_.pfc_in.resize(params.nports);
    pfc_sent_.resize(params.nports);
  }

  // The RTL's reset cycles and one cycle per configuration write (driver::SwitchDut): the model starts
  // configured, in the same cycle as the RTL.
  uint64_t reset_and_configure(const sw::SwitchConfig& cfg) override {
    model_.emplace(params_, cfg);
    return sw::kResetCycles + sw::regs::config_writes(params_, cfg).size();
  }
  void set_trace_time(uint64_t, uint64_t, uint64_t, uint64_t) override {}
  void offer(unsigned port, const sw::Descriptor& desc) override { in_.in_desc[port] = desc; }
  void offer_pfc(unsigned port, const sw::PfcFrame& frame) override { in_.pfc_in[port] = frame; }
  void offer_cn(const sw::CnOnPort& cn) override { in_.cn_in = cn; }
  void step(uint64_t cycle, const sw::CycleInputMasks& set, sw::CycleReport& out, const driver::CfgOp* cfg) override;
  const sw::PfcFrame& pfc_out(unsigned port) const override { return pfc_sent_[port]; }
  uint32_t cfg_rd_data() const override { return rd_data_; }

 private:
  // The register word at `addr` as the RTL latches it in a read cycle: the state at the cycle's start.
  uint32_t read_word(uint32_t addr, uint64_t cycle) const;
  uint64_t counter(unsigned block, unsigned slot, unsigned k, uint64_t cycle) const;
  void report(sw::CycleReport& r);

  sw::SwitchParams params_;
  std::optional<sw::MmuModel> model_;
  sw::CycleInputs in_;      // the offers; the model reads those of the ports set in the cycle's masks
  sw::CycleOutputs out_;    // the model's outputs, storage kept from cycle to cycle
  std::vector<sw::PfcFrame> pfc_sent_;
  uint32_t rd_data_ = 0;
};

void SwitchReference::step(uint64_t cycle, const sw::CycleInputMasks& set, sw::CycleReport& out,
                           const driver::CfgOp* cfg) {
  if (cfg && cfg->write)
    throw std::logic_error(fmt::format("switch.impl = \"reference\": register write to {:#x} in cycle {}; the "
                                       "reference model is configured once, at reset",
                                       cfg->addr, cycle));
  if (cfg) rd_data_ = read_word(cfg->addr, cycle);
  model_->step(cycle, in_, set, out_);
  report(out);
}

void SwitchReference::report(sw::CycleReport& r) {
  const sw::CycleOutputs& o = out_;
  r.in_ready_mask = o.in_ready_mask;
  r.pfc_out_mask = o.pfc_out_mask;
  for (uint64_t m = o.pfc_out_mask; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    pfc_sent_[p] = *o.pfc_out[p];
  }
  r.egress_mask = o.egress ? uint64_t{1} << o.egress->port : 0;
  if (o.egress) r.egress = *o.egress;
  r.enqueue_valid = o.enqueue.has_value();
  if (o.enqueue) r.enqueue = *o.enqueue;
  r.drop_valid = o.drop.has_value();
  if (o.drop) r.drop = *o.drop;
  r.cn_out_valid = o.cn_out.has_value();
  if (o.cn_out) r.cn_out = *o.cn_out;
  r.crd_valid = o.crd.has_value();
  if (o.crd) r.crd = *o.crd;
  r.idle = o.idle;
  r.next_busy = o.next_busy;
  r.eg_pending = o.eg_pending;
  r.next_deadline_post = o.next_deadline_post;
  r.next_deadline = o.next_deadline;
}

// 2.9: a counter's word index is (slot * 2^K_W + k) * 2 + hi, slot = p or (p, c) = p * 8 + c.
uint32_t SwitchReference::read_word(uint32_t addr, uint64_t cycle) const {
  namespace m = sw::reg_map;
  const unsigned block = addr >> m::IDX_W;
  const uint32_t idx = addr & ((1u << m::IDX_W) - 1);
  const auto field = [](uint32_t v, unsigned width) { return v & ((1u << width) - 1); };
  const unsigned hi = field(idx, m::CNT_HI_W);
  const uint32_t word = idx >> m::CNT_HI_W;
  uint64_t v = 0;
  switch (block) {
    case m::BLK_RCM_CNT:
      v = counter(block, word >> m::RCMCNT_K_W, field(word, m::RCMCNT_K_W), cycle);
      break;
    case m::BLK_QCNT:
      v = counter(block, word >> m::QCNT_K_W, field(word, m::QCNT_K_W), cycle);
      break;
    case m::BLK_PCNT:
      v = counter(block, word >> m::PCNT_K_W, field(word, m::PCNT_K_W), cycle);
      break;
    case m::BLK_INGRESS: {  // 32-bit registers: no hi bit
      const unsigned slot = idx >> m::ING_K_W, p = slot >> m::IDX_C_W, c = field(slot, m::IDX_C_W);
      if (p >= params_.nports || c >= params_.nprio) return 0;
      const sw::IngressState& s = model_->ingress(p, c);
      switch (field(idx, m::ING_K_W)) {
        case m::ING_U: return static_cast<uint32_t>(s.u_cells);
        case m::ING_H: return static_cast<uint32_t>(s.h_cells);
        case m::ING_XOFF: return s.xoff ? 1 : 0;
        case m::ING_PEAK: return static_cast<uint32_t>(s.peak_cells);
        default: return 0;
      }
    }
    case m::BLK_GSTATE:
      switch (idx) {
        case m::GST_SHARED_USED: return static_cast<uint32_t>(model_->shared_used_cells());
        case m::GST_TOTAL_USED: return static_cast<uint32_t>(model_->total_used_cells());
        case m::GST_FREE_SLOTS: return static_cast<uint32_t>(model_->free_slots());
        case m::GST_LFSR: return model_->lfsr();
        default: return 0;
      }
    default:
      throw std::logic_error(fmt::format("switch.impl = \"reference\": read of {:#x} (block {}); the reference model "
                                         "answers the counters and state of blocks {} to {} (docs/switch.md 2.9)",
                                         addr, block, m::BLK_RCM_CNT, m::BLK_GSTATE));
  }
  return static_cast<uint32_t>(hi ? v >> 32 : v);
}

uint64_t SwitchReference::counter(unsigned block, unsigned slot, unsigned k, uint64_t cycle) const {
  namespace m = sw::reg_map;
  using sw::DropReason;
  if (block == m::BLK_QCNT) {
    const unsigned p = slot >> m::IDX_C_W, c = slot & ((1u << m::IDX_C_W) - 1);
    if (p >= params_.nports || c >= params_.nprio) return 0;
    const sw::QueueCounters& q = model_->queue(p, c);
    switch (k) {
      case m::QCNT_ENQ_FRAMES: return q.enq_frames;
      case m::QCNT_ENQ_BYTES: return q.enq_bytes;
      case m::QCNT_DEQ_FRAMES: return q.deq_frames;
      case m::QCNT_DEQ_BYTES: return q.deq_bytes;
      case m::QCNT_ECN_MARKS: return q.ecn_marks;
      case m::QCNT_DROP_LOSSY_TAIL: return q.drops[size_t(DropReason::kLossyTail)];
      case m::QCNT_DROP_WRED: return q.drops[size_t(DropReason::kWred)];
      case m::QCNT_DROP_HEADROOM: return q.drops[size_t(DropReason::kHeadroomOverflow)];
      case m::QCNT_DROP_BUFFER_FULL: return q.drops[size_t(DropReason::kBufferFull)];
      case m::QCNT_PEAK_BYTES: return q.peak_bytes;
      case m::QCNT_LEN_BYTES: return q.len_bytes;
      case m::QCNT_LEN_FRAMES: return q.len_frames;
      default: return 0;
    }
  }
  if (slot >= params_.nports) return 0;
  if (block == m::BLK_PCNT) {
    const sw::PortCounters& pc = model_->port(slot);
    if (k >= m::PCNT_PAUSED_CYCLES0)
      return k - m::PCNT_PAUSED_CYCLES0 < params_.nprio ? model_->paused_cycles(slot, k - m::PCNT_PAUSED_CYCLES0, cycle) : 0;
    switch (k) {
      case m::PCNT_PFC_PAUSE_TX: return pc.pfc_pause_tx;
      case m::PCNT_PFC_RESUME_TX: return pc.pfc_resume_tx;
      case m::PCNT_PFC_RX: return pc.pfc_rx;
      case m::PCNT_DROP_NO_ROUTE: return pc.drops_no_route;
      default: return 0;
    }
  }
  if (!params_.rcm) return 0;
  const sw::RcmCounters& r = model_->rcm(slot);  // block 7 (2.11.6)
  switch (k) {
    case m::RCMCNT_CN_SENT: return r.cn_sent;
    case m::RCMCNT_CN_RECEIVED: return r.cn_received;
    case m::RCMCNT_CFR_SAMPLES: return r.cfr_samples;
    case m::RCMCNT_RCC_HELD_BYTES: return r.rcc_held_bytes;
    case m::RCMCNT_SAR_REROUTES: return r.sar_reroutes;
    case m::RCMCNT_REORDERED: return r.reordered;
    case m::RCMCNT_RCC_WC: return model_->rcm_wc(slot);
    default: return 0;
  }
}

}  // namespace detail

std::unique_ptr<SwitchCore> make_reference_core(const sw::SwitchParams& params) {
  return std::make_unique<detail::SwitchReference>(params);
}

}  // namespace ccf::swc
