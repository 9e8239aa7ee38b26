// kernel_params.hpp: the double-precision TIMELY reference's parameters for a kernel configuration
// (hls/timely/timely_kernel.hpp): the kernel's quantised registers (alpha, beta, delta, rates), so
// that a comparison bounds the arithmetic, not the parameter quantisation (docs/units/timely.md 5).
#pragma once

#include "hls/timely/timely_kernel.hpp"
#include "models/timely/timely_reference.hpp"

namespace ccf::models::timely {

inline TimelyReferenceParams reference_params(const hls::timely::Config& c, const hls::timely::Params& p) {
  namespace tk = hls::timely;
  const auto mbps = [](uint32_t rate) { return double(rate) / (1u << tk::RATE_FRAC_BITS); };
  TimelyReferenceParams r;
  r.variant = c.variant == tk::Variant::kAuthor ? Variant::kAuthor : Variant::kPaper;
  r.ewma_alpha = double(c.alpha) / tk::kParamOne;
  r.decreaseFactor = double(c.beta) / tk::kParamOne;
  r.additiveIncrement_mbps = mbps(c.delta);
  r.t_low_us = c.t_low_ns / 1000.0;
  r.t_high_us = c.t_high_ns / 1000.0;
  r.minRTT_us = p.min_rtt_ns / 1000.0;
  r.HAI_thresh = static_cast<int>(c.hai_thresh);
  r.HAI_N = static_cast<int>(c.hai_n);
  r.minRate_mbps = mbps(c.min_rate);
  r.maxRate_mbps = mbps(c.max_rate);
  return r;
}

}  // namespace ccf::models::timely
