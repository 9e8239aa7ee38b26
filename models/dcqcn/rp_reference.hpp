// rp_reference.hpp: double-precision reference of the DCQCN reaction point, with the paper's names
// (RC, RT, alpha, g, T, BC, F, B, R_AI, R_HAI). Written from the simulators' code (ns3-rdma, HPCC) and
// the DCQCN paper (section 3.1, eq. 1-4, Figure 7), not from hls/dcqcn: the tests replay
// the same events through both and bound the difference (docs/units/dcqcn.md).
//
// Variants: kPaper follows Figure 7; kNs3Rdma mirrors the rpr_* stage machine of ns3-rdma
// (qbb-net-device.cc); kMlx mirrors the HPCC ns-3 CC_MODE 1 handlers (rdma-hw.cc), and with B > 0 adds
// the ConnectX byte counter (rp_byte_reset) with Figure 7's max/min(T, BC) stages. One deliberate
// difference from ns3-rdma: RT is capped at the line rate (ns3-rdma caps only RC).
// Counters here are unbounded; the kernel's 7-bit saturating counters are equivalent under the
// parameter rule in hls/dcqcn/rp_kernel.cpp (rp_params_error).
#pragma once

#include <cstdint>

namespace ccf::models::dcqcn {

enum class Variant { kPaper, kNs3Rdma, kMlx };
enum class Source { kTimer, kByteCounter };
enum class Step { kNone, kCut, kCnpLatched, kAlphaUpdate, kFastRecovery, kAdditiveIncrease, kHyperIncrease };

struct RpReferenceParams {
  Variant variant = Variant::kPaper;
  double C_mbps = 40000;          // line rate: start rate and cap
  double min_rate_mbps = 100;     // floor of a cut
  double R_AI_mbps = 40;
  double R_HAI_mbps = 200;
  double g = 1.0 / 256;
  double alpha_init = 1.0;        // mlx: alpha set on the first CNP
  int F = 5;
  int64_t B_bytes = 10'000'000;   // 0 = no byte counter
  double K_us = 55;               // alpha timer
  double T_us = 55;               // rate-increase timer
  double decrease_period_us = 4;  // mlx rate_reduce_monitor_period
  bool clamp_tgt_rate = true;
  bool clamp_tgt_rate_after_time_inc = false;
  double min_dec_fac = 0;         // 0 = off; one cut keeps at least RC * min_dec_fac
  double rate_on_first_cnp_mbps = 0;  // mlx; 0 = keep the current rate
};

// What one event did, and which timers it (re)starts (period > 0) for the caller to schedule.
struct RpResult {
  Step step = Step::kNone;
  double alpha_timer_us = 0;
  double increase_timer_us = 0;
  double decrease_timer_us = 0;
  bool byte_counter_fired = false;
  bool target_divided = false;  // ns3-rdma AdjustRates: RT /= 8
  int64_t i = 0;                // hyper increase: RT += i * R_HAI
};

class RpReference {
 public:
  explicit RpReference(const RpReferenceParams& params);

  RpResult on_cnp();
  RpResult on_alpha_timer();
  RpResult on_rate_decrease_timer();  // mlx only
  RpResult on_increase_event(Source src);
  RpResult on_tx(int64_t bytes);

  const RpReferenceParams& params() const { return p_; }

  // State, with the paper's names.
  double RC;     // current rate, Mb/s
  double RT;     // target rate, Mb/s
  double alpha;
  int64_t T = 0;             // timer increase events since the last cut
  int64_t BC = 0;            // byte-counter increase events since the last cut
  int64_t byte_counter = 0;  // bytes left until the next byte-counter event
  bool rate_limited = false;             // a CNP has been received
  int ns3_stage = 0;                     // ns3-rdma m_rpStage: 1 fast, 2 active, 3 hyper
  bool alpha_cnp_arrived = false;        // mlx
  bool decrease_cnp_arrived = false;     // mlx

 private:
  double cut(double rate) const;
  bool clamp_target() const;
  // Paper
  void count_increase_event(Source src, RpResult& r);  // T++ or BC++, and its timer or counter reset
  void paper_increase(RpResult& r);
  // ns3-rdma
  void ns3_adjust_rates(double increase, RpResult& r);
  void ns3_active_increase(RpResult& r);
  void ns3_hyper_increase(RpResult& r);
  void ns3_active_select(RpResult& r);
  void ns3_timer(RpResult& r);
  void ns3_byte(RpResult& r);
  // mlx
  void mlx_rate_increase(RpResult& r);          // B = 0: timer only
  void mlx_byte_counter_increase(RpResult& r);  // B > 0: Figure 7 with the ConnectX byte counter

  RpReferenceParams p_;
};

}  // namespace ccf::models::dcqcn
