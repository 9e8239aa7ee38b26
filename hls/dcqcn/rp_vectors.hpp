// rp_vectors.hpp: DCQCN RP records of the C simulation vector files (hls/csim/csim_vectors.hpp),
// written by the SystemC unit and read by rp_top_csim.cpp. Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/dcqcn/rp_top.hpp"

namespace ccf::hls::dcqcn {

inline constexpr std::array<const char*, kRpEventKinds> kRpEventNames{
    "init", "cnp", "alpha_timer", "increase_timer", "rate_decrease_timer", "tx", "alpha_increase_timer"};

// "params rp" and every register of p.
inline std::string rp_params_line(const RpParams& p) {
  return csim::event_line("params rp", {uint64_t(p.variant), p.line_rate, p.min_rate, p.r_ai, p.r_hai, p.g,
                                         p.initial_alpha, p.fast_recovery_steps, p.byte_counter_bytes,
                                         p.alpha_timer_ns, p.increase_timer_ns, p.rate_decrease_period_ns,
                                         p.clamp_tgt_rate, p.clamp_tgt_rate_after_time_inc, p.min_dec_fac,
                                         p.rate_on_first_cnp, p.widths.rate_int, p.widths.rate_frac, p.widths.alpha,
                                         p.widths.stage, p.widths.bytes},
                          {});
}

// 16 registers, then the 5 widths (rate_int, rate_frac, alpha, stage, bytes; absent: shipped).
inline bool rp_params_from(const std::vector<uint64_t>& v, RpParams& p) {
  if ((v.size() != 16 && v.size() != 21) || v[0] > 2) return false;
  auto u = [&](size_t i) { return static_cast<uint32_t>(v[i]); };
  p.variant = static_cast<RpVariant>(v[0]);
  p.line_rate = u(1), p.min_rate = u(2), p.r_ai = u(3), p.r_hai = u(4), p.g = u(5), p.initial_alpha = u(6);
  p.fast_recovery_steps = u(7), p.byte_counter_bytes = u(8), p.alpha_timer_ns = u(9), p.increase_timer_ns = u(10);
  p.rate_decrease_period_ns = u(11), p.clamp_tgt_rate = v[12] != 0, p.clamp_tgt_rate_after_time_inc = v[13] != 0;
  p.min_dec_fac = u(14), p.rate_on_first_cnp = u(15);
  p.widths = RpWidths{};
  if (v.size() == 21) p.widths = RpWidths{u(16), u(17), u(18), u(19), u(20)};
  return rp_params_error(p) == nullptr;
}

// The state after the pass (table order of rp_kernel.hpp) and the outputs the unit acts on.
inline std::vector<uint64_t> rp_words(const RpState& s, const RpOut& o) {
  return {s.rc, s.rt, s.alpha, s.time_stage, s.byte_stage, s.bytes_left, s.limited, s.hyper, s.alpha_cnp,
          s.decrease_cnp, uint64_t(o.action), o.arm_alpha_ns, o.arm_increase_ns, o.arm_decrease_ns,
          o.byte_counter_expired, o.target_divided, o.hyper_i, o.rate_changed};
}

inline std::string rp_event_line(const RpEvent& ev, const RpState& s, const RpOut& o) {
  return csim::event_line(kRpEventNames[unsigned(ev.kind)], {ev.flow, ev.len_bytes}, rp_words(s, o));
}

}  // namespace ccf::hls::dcqcn
