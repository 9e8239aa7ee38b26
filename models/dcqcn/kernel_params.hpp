// kernel_params.hpp: the double-precision reaction point's parameters for a kernel parameter set
// (hls/dcqcn/rp_kernel.hpp), so that tests and `ccfabric explore` run the reference on exactly the
// values the kernel holds: rates from their 1/32-Mb/s LSB, g and alpha from their fixed-point ones.
#pragma once

#include "hls/dcqcn/rp_kernel.hpp"
#include "models/dcqcn/rp_reference.hpp"

namespace ccf::models::dcqcn {

inline RpReferenceParams reference_params(const hls::dcqcn::RpParams& p) {
  namespace dk = hls::dcqcn;
  const auto mbps = [](uint32_t rate) { return double(rate) / (1u << hls::dcqcn::RATE_FRAC_BITS); };
  RpReferenceParams r;
  r.variant = p.variant == dk::RpVariant::kPaper     ? Variant::kPaper
              : p.variant == dk::RpVariant::kNs3Rdma ? Variant::kNs3Rdma
                                                     : Variant::kMlx;
  r.C_mbps = mbps(p.line_rate);
  r.min_rate_mbps = mbps(p.min_rate);
  r.R_AI_mbps = mbps(p.r_ai);
  r.R_HAI_mbps = mbps(p.r_hai);
  r.g = double(p.g) / dk::kGainOne;
  r.alpha_init = double(p.initial_alpha) / dk::kAlphaOne;
  r.F = static_cast<int>(p.fast_recovery_steps);
  r.B_bytes = p.byte_counter_bytes;
  r.K_us = p.alpha_timer_ns / 1000.0;
  r.T_us = p.increase_timer_ns / 1000.0;
  r.decrease_period_us = p.rate_decrease_period_ns / 1000.0;
  r.clamp_tgt_rate = p.clamp_tgt_rate;
  r.clamp_tgt_rate_after_time_inc = p.clamp_tgt_rate_after_time_inc;
  r.min_dec_fac = double(p.min_dec_fac) / dk::kGainOne;
  r.rate_on_first_cnp_mbps = mbps(p.rate_on_first_cnp);
  return r;
}

}  // namespace ccf::models::dcqcn
