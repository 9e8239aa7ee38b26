// timely_reference.cpp: double-precision TIMELY (see timely_reference.hpp).
#include "models/timely/timely_reference.hpp"

#include <algorithm>

namespace ccf::models::timely {

TimelyReferenceResult TimelyReference::on_completion(double rtt, double now) {
  TimelyReferenceResult r;
  const bool first = prevRTT_us == 0;
  if (first) prevRTT_us = rtt;
  const double rtt_diff = rtt - prevRTT_us;
  avgRTTDiff_us = (1 - p_.ewma_alpha) * avgRTTDiff_us + p_.ewma_alpha * rtt_diff;
  const double normalized_gradient = avgRTTDiff_us / p_.minRTT_us;
  r.normalized_gradient = normalized_gradient;
  // HAI: the code counts rtt_diff < 0; the paper's Algorithm 1 counts consecutive completions with g < 0.
  const bool negative = p_.variant == Variant::kAuthor ? rtt_diff < 0 : normalized_gradient < 0;
  negGradientCount = negative ? negGradientCount + 1 : 0;
  // The code's delta_factor; its first call sees last_update_time_ = 0, i.e. a factor of 1 for any
  // first completion later than minRTT after time 0 (here: 1 on the first completion).
  double delta_factor = 1.0;
  if (p_.variant == Variant::kAuthor && !first)
    delta_factor = std::min((now - last_update_time_us) / p_.minRTT_us, 1.0);
  r.delta_factor = delta_factor;
  prevRTT_us = rtt;
  last_update_time_us = now;

  const double rate = rate_mbps;
  const double beta = p_.decreaseFactor;
  double new_rate;
  if (rtt < p_.t_low_us) {
    r.region = Region::kLow;
    new_rate = rate + p_.additiveIncrement_mbps * delta_factor;
  } else if (rtt > p_.t_high_us) {
    r.region = Region::kHigh;
    new_rate = rate * (1 - delta_factor * beta * (1 - p_.t_high_us / rtt));
  } else if (normalized_gradient <= 0) {
    r.region = Region::kGradientInc;
    r.hai = negGradientCount >= p_.HAI_thresh;
    const int N = r.hai ? p_.HAI_N : 1;
    new_rate = rate + N * p_.additiveIncrement_mbps * delta_factor;
  } else {
    r.region = Region::kGradientDec;
    new_rate = rate * (1.0 - beta * normalized_gradient);
  }
  if (p_.variant == Variant::kAuthor) new_rate = std::max(new_rate, rate * 0.5);  // the code's cap
  new_rate = std::min(new_rate, p_.maxRate_mbps);
  new_rate = std::max(new_rate, p_.minRate_mbps);
  rate_mbps = new_rate;
  return r;
}

}  // namespace ccf::models::timely
