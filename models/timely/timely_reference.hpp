// timely_reference.hpp: double-precision reference of TIMELY with the names of the authors' code
// (getNewRate: prevRTT_, negGradientCount_, avgRTTDiff_, minRTT_, last_update_time_,
// ewma_alpha, t_low, t_high, HAI_thresh, additiveIncrement, decreaseFactor, minRate, maxRate) and
// the paper's RTT definition (the TIMELY paper, section 3.1). Written from that code and the paper's
// Algorithm 1, not from
// hls/timely: the tests replay the same events through both and bound the difference
// (docs/units/timely.md).
#pragma once

#include <cstdint>

namespace ccf::models::timely {

enum class Variant { kAuthor, kPaper };  // the authors' code / the paper's Algorithm 1
enum class Region { kLow, kHigh, kGradientInc, kGradientDec };

struct TimelyReferenceParams {
  Variant variant = Variant::kAuthor;
  double ewma_alpha = 0.02;
  double decreaseFactor = 0.8;        // beta
  double additiveIncrement_mbps = 10; // delta
  double t_low_us = 50;
  double t_high_us = 1000;
  double minRTT_us = 20;
  int HAI_thresh = 5;
  int HAI_N = 5;
  double minRate_mbps = 10;
  double maxRate_mbps = 10000;
};

struct TimelyReferenceResult {
  Region region = Region::kLow;
  bool hai = false;
  double normalized_gradient = 0;
  double delta_factor = 1;
};

class TimelyReference {
 public:
  TimelyReference(const TimelyReferenceParams& params, double initial_rate_mbps)
      : rate_mbps(initial_rate_mbps), p_(params) {}

  // RTT of a segment (the TIMELY paper, section 3.1): t_completion - t_send - Seg/NLR.
  static double segment_rtt_us(double t_completion_us, double t_send_us, double seg_bits, double nlr_gbps) {
    return t_completion_us - t_send_us - seg_bits / (nlr_gbps * 1000.0);
  }

  // One completion event (the authors' getNewRate, with curTime() = now_us); updates rate_mbps.
  TimelyReferenceResult on_completion(double rtt_us, double now_us);

  const TimelyReferenceParams& params() const { return p_; }

  // State, with the code's names.
  double rate_mbps;
  double prevRTT_us = 0;
  int negGradientCount = 0;
  double avgRTTDiff_us = 0;
  double last_update_time_us = 0;

 private:
  TimelyReferenceParams p_;
};

}  // namespace ccf::models::timely
