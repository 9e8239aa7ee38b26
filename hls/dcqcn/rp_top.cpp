// rp_top.cpp: see rp_top.hpp.
#include "hls/dcqcn/rp_top.hpp"

namespace ccf::hls::dcqcn {

RpOut rp_step(RpState& s, const RpParams& p, const RpEvent& ev) {
  switch (ev.kind) {
    case RpEventKind::kInit:
      s = rp_initial_state(p);
      return RpOut{};
    case RpEventKind::kCnp:
      return on_cnp(s, p);
    case RpEventKind::kAlphaTimer:
      return on_alpha_timer(s, p);
    case RpEventKind::kIncreaseTimer:
      return on_increase_event(s, p, IncreaseSource::kTimer);
    case RpEventKind::kRateDecreaseTimer:
      return on_rate_decrease_timer(s, p);
    case RpEventKind::kTx:
      return on_tx(s, p, ev.len_bytes);
    case RpEventKind::kAlphaIncreaseTimer: {
      const RpOut alpha = on_alpha_timer(s, p);
      RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);
      out.arm_alpha_ns = alpha.arm_alpha_ns;
      if (out.action == RpAction::kNone) out.action = alpha.action;
      return out;
    }
  }
  return RpOut{};
}
}  // namespace ccf::hls::dcqcn

void ccf_dcqcn_rp_top(const ccf::hls::dcqcn::RpEvent& ev,
                      const ccf::hls::dcqcn::RpParams& p,
                      ccf::hls::dcqcn::RpTopWord state_mem[ccf::hls::dcqcn::kRpTopFlows],
                      ccf::hls::dcqcn::RpOut& out) {
  using namespace ccf::hls::dcqcn;
  const uint32_t addr = ev.flow & (kRpTopFlows - 1);
  RpState s = rp_unpack<kRpTopWidths>(state_mem[addr], p.variant);
  RpParams q = p;
  q.widths = kRpTopWidths;  // compile-time widths (rp_top.hpp)
  out = rp_step(s, q, ev);
  state_mem[addr] = rp_pack<kRpTopWidths>(s, p.variant);
}
