// fluid_model.cpp: see fluid_model.hpp.
#include "models/dcqcn/fluid_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ccf::models::dcqcn {
namespace {

// (1 - p)^x for x >= 0 from lp = log(1 - p) (-inf at p = 1).
double survive(double lp, double x) {
  if (x <= 0.0) return 1.0;
  if (std::isinf(lp)) return 0.0;
  return std::exp(x * lp);
}

// R p / ((1 - p)^(-n R) - 1): increase events per us of a counter that fires every n R packets
// without a mark (eq. 8, 9); R p / ((1 - p)^-n - 1) when `per_packet` (the byte counter, n packets).
double event_rate(double p, double lp, double R, double n, bool per_packet) {
  if (R <= 0.0) return 0.0;
  if (p >= 1.0) return 0.0;
  const double x = -(per_packet ? n : n * R) * lp;  // >= 0
  if (x < 1e-12) return per_packet ? R / n : 1.0 / n;  // p -> 0: R / B and 1 / T
  return R * p / std::expm1(x);
}

}  // namespace

double red_probability(const FluidParams& p, double q_bytes) {
  if (q_bytes <= p.Kmin_bytes) return 0.0;
  if (q_bytes > p.Kmax_bytes) return 1.0;
  return (q_bytes - p.Kmin_bytes) / (p.Kmax_bytes - p.Kmin_bytes) * p.Pmax;
}

std::vector<FluidSample> solve_fluid(const FluidParams& p, double duration_us, double step_us, double sample_us) {
  const size_t n = p.start_us.size();
  const double per_gbps = 125.0 / p.packet_bytes;  // packets per us at 1 Gb/s
  const double C = p.C_gbps * per_gbps, R_ai = p.R_AI_gbps * per_gbps, R_min = p.min_rate_gbps * per_gbps;
  const double B = p.B_bytes / p.packet_bytes;  // packets
  struct Flow {
    double rc = 0.0, rt = 0.0, alpha = 1.0;  // packets per us; alpha
    bool started = false;
  };
  std::vector<Flow> fl(n);
  for (Flow& f : fl) f.alpha = p.alpha_init;
  double q = 0.0;  // packets
  // History, one entry per step: p(t) and RC_i(t), read at t - tau* with linear interpolation.
  std::vector<float> hist_p;
  std::vector<double> departure;  // on arrival marking: when the packet arriving at each step leaves
  size_t arrival = 0;
  std::vector<std::vector<float>> hist_rc(n);
  const auto steps = static_cast<size_t>(std::ceil(duration_us / step_us));
  hist_p.reserve(steps + 1);
  departure.reserve(steps + 1);
  for (auto& h : hist_rc) h.reserve(steps + 1);
  const auto at = [&](const std::vector<float>& h, double t_us) {
    if (t_us <= 0.0) return double(h.front());
    const double x = t_us / step_us;
    const auto k = std::min(static_cast<size_t>(x), h.size() - 1);
    const double f = std::min(1.0, x - double(k));
    return k + 1 < h.size() ? (1.0 - f) * h[k] + f * h[k + 1] : double(h[k]);
  };
  std::vector<FluidSample> out;
  double next_sample = 0.0;
  for (size_t s = 0; s <= steps; ++s) {
    const double t = double(s) * step_us;
    for (size_t i = 0; i < n; ++i)
      if (!fl[i].started && t >= p.start_us[i]) {
        fl[i].started = true;
        fl[i].rc = fl[i].rt = C;
      }
    const double p_now = red_probability(p, q * p.packet_bytes);
    hist_p.push_back(float(p_now));
    departure.push_back(t + q / C);
    for (size_t i = 0; i < n; ++i) hist_rc[i].push_back(float(fl[i].rc));
    if (t + 1e-9 >= next_sample) {
      FluidSample smp;
      smp.t_us = t;
      smp.q_bytes = q * p.packet_bytes;
      for (const Flow& f : fl) {
        smp.rc_gbps.push_back(f.rc / per_gbps);
        smp.rt_gbps.push_back(f.rt / per_gbps);
        smp.alpha.push_back(f.alpha);
      }
      out.push_back(std::move(smp));
      next_sample += sample_us;
    }
    if (s == steps) break;
    // The marks and rates the senders see now. Marked at dequeue: those of t - loop. Marked on
    // arrival: those of the packet that arrived at t_a and left at t_a + q(t_a)/C = t - loop (the
    // latest such; departures are in arrival order, so the index only moves forward).
    double seen_t = t - p.loop_us;
    if (p.mark_on_arrival) {
      while (arrival + 1 < departure.size() && departure[arrival + 1] <= t - p.loop_us) ++arrival;
      seen_t = departure[arrival] <= t - p.loop_us ? double(arrival) * step_us : -1.0;
    }
    const double pd = at(hist_p, seen_t), lp = std::log1p(-pd);
    double sum_rc = 0.0;
    for (size_t i = 0; i < n; ++i) {
      Flow& f = fl[i];
      if (!f.started) continue;
      const double Rd = at(hist_rc[i], seen_t);
      const double cut = 1.0 - survive(lp, p.tau_us * Rd);                              // a CNP in tau
      const double byte_events = event_rate(pd, lp, Rd, B, true);                       // eq. 8, 9
      const double timer_events = event_rate(pd, lp, Rd, p.T_us, false);
      const double d_alpha = p.g / p.tau_prime_us * ((1.0 - survive(lp, p.tau_prime_us * Rd)) - f.alpha);  // (7)
      const double d_rt = -(f.rt - f.rc) / p.tau_us * cut + R_ai * byte_events * survive(lp, p.F * B) +
                          R_ai * timer_events * survive(lp, p.F * p.T_us * Rd);          // (8)
      const double d_rc = -f.rc * f.alpha / (2.0 * p.tau_us) * cut + (f.rt - f.rc) / 2.0 * byte_events +
                          (f.rt - f.rc) / 2.0 * timer_events;                            // (9)
      f.alpha = std::clamp(f.alpha + d_alpha * step_us, 0.0, 1.0);
      f.rt = std::clamp(f.rt + d_rt * step_us, R_min, C);
      f.rc = std::clamp(f.rc + d_rc * step_us, R_min, C);
      sum_rc += f.rc;
    }
    q = std::max(0.0, q + (sum_rc - C) * step_us);  // (6)
  }
  return out;
}

}  // namespace ccf::models::dcqcn
