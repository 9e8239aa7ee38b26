// timely_kernel.cpp: TIMELY kernel. State, widths and variants: timely_kernel.hpp; arithmetic per
// event and error bound: docs/units/timely.md. No per-event division by a constant: 1/minRTT is a
// configuration register (mantissa and shift). The one division by a variable, T_high/new_rtt in the
// T_high region, is a 24-step restoring divider (frac_div), truncation error < 2^-24.
#include "timely/timely_kernel.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace ccf::hls::timely {
namespace {

// x / 2^sh rounded to nearest (ties up), arithmetic shift for negative x. sh >= 1.
constexpr int64_t round_shift(int64_t x, unsigned sh) { return (x + (int64_t{1} << (sh - 1))) >> sh; }
constexpr uint64_t round_shift_u(uint64_t x, unsigned sh) { return (x + (uint64_t{1} << (sh - 1))) >> sh; }

constexpr int64_t kGSat = int64_t{1} << 31;  // |g| saturates at 128 (2^31 in 2^-24 units)

// The rate after the update, before the min/max clamps, from the region's arithmetic.
uint64_t region_rate(const State& s, const Config& c, UpdateOut& out, uint32_t rtt) {
  const uint64_t rate = s.rate;
  const uint64_t df = out.delta_factor;
  if (rtt < c.t_low_ns) {
    out.region = Region::kLow;
    return rate + round_shift_u(uint64_t{c.delta} * df, FRAC_BITS);  // rate + delta df
  }
  if (rtt > c.t_high_ns) {
    out.region = Region::kHigh;
    // 1 - T_high/new_rtt = (new_rtt - T_high)/new_rtt, 0 < q < 1 (2^-24 units)
    const uint64_t q = frac_div(rtt - c.t_high_ns, rtt);
    uint64_t m = round_shift_u(uint64_t{c.beta} * q, PARAM_FRAC_BITS);  // beta q, 2^-24
    m = round_shift_u(m * df, FRAC_BITS);                                // delta_factor beta q
    return rate - round_shift_u(rate * m, FRAC_BITS);                   // m <= 1: no underflow
  }
  if (s.avg_rtt_diff <= 0) {  // g <= 0 exactly when avg_rtt_diff <= 0 (minRTT > 0)
    out.region = Region::kGradientInc;
    out.hai = s.neg_count >= c.hai_thresh;
    const uint64_t n = out.hai ? c.hai_n : 1;
    return rate + round_shift_u(n * c.delta * df, FRAC_BITS);  // rate + N delta df
  }
  out.region = Region::kGradientDec;
  // beta g, saturated at 1 (the rate cannot go below 0; the clamps below act on the result)
  int64_t bg = round_shift(int64_t{c.beta} * out.g, PARAM_FRAC_BITS);
  if (bg > kFracOne) bg = kFracOne;
  return rate - round_shift_u(rate * static_cast<uint64_t>(bg), FRAC_BITS);
}

// sum mod den for sum < 2^32, den > 0: restoring remainder, 32 steps.
uint32_t mod_u32(uint32_t sum, uint32_t den) {
  uint64_t r = 0;
  for (int i = 31; i >= 0; --i) {
    r = (r << 1) | ((sum >> i) & 1u);
    if (r >= den) r -= den;
  }
  return static_cast<uint32_t>(r);
}

std::string fmt_num(double v) {
  std::ostringstream os;
  os.precision(10);  // integers up to 10 digits in full (16777216, not 1.67772e+07)
  os << v;
  return os.str();
}

std::string bad(const char* key, double v, const char* rule) {
  return std::string("cc.timely.") + key + " = " + fmt_num(v) + " must be " + rule;
}

}  // namespace

uint32_t frac_div(uint32_t num, uint32_t den) {
  uint64_t r = num;
  uint32_t q = 0;
  for (unsigned i = 0; i < FRAC_BITS; ++i) {
    r <<= 1;
    q <<= 1;
    if (r >= den) {
      r -= den;
      q |= 1u;
    }
  }
  return q;
}

std::string timely_params_error(const Params& p) {
  constexpr double kRateMaxMbps = double(kRateMax) / (1u << RATE_FRAC_BITS);  // 524,287.97
  constexpr double kLsbMbps = 1.0 / (1u << RATE_FRAC_BITS);
  if (!(p.alpha >= 1.0 / kParamOne && p.alpha <= 1))
    return bad("alpha", p.alpha, "in [2^-16, 1] (EWMA gain, 16 fraction bits)");
  if (!(p.beta >= 1.0 / kParamOne && p.beta <= 1))
    return bad("beta", p.beta, "in [2^-16, 1] (decrease factor, 16 fraction bits)");
  if (!(p.delta_mbps >= kLsbMbps && p.delta_mbps <= kRateMaxMbps))
    return bad("delta_mbps", p.delta_mbps, "in [1/32, 524287] Mb/s");
  if (p.t_high_ns < 1 || p.t_high_ns > kRttMax)
    return bad("t_high_ns", p.t_high_ns, "in [1, 16777215] ns (24 bits)");
  if (p.t_low_ns > p.t_high_ns)
    return bad("t_low_ns", p.t_low_ns, ("<= cc.timely.t_high_ns = " + fmt_num(p.t_high_ns)).c_str());
  if (p.min_rtt_ns < kMinRttMinNs || p.min_rtt_ns > kRttMax)
    return bad("min_rtt_ns", p.min_rtt_ns, "in [1000, 16777215] ns (1 us to 16.8 ms)");
  if (p.hai_thresh < 1 || p.hai_thresh > kCountMax)
    return bad("hai_thresh", p.hai_thresh, "in [1, 15] completions (4-bit counter)");
  if (p.hai_n < 1 || p.hai_n > 16) return bad("hai_n", p.hai_n, "in [1, 16]");
  if (p.hai_n * p.delta_mbps > kRateMaxMbps)
    return bad("delta_mbps", p.delta_mbps, "<= 524287 / cc.timely.hai_n Mb/s (hai_n delta fits the rate)");
  if (p.segment_bytes < 256 || p.segment_bytes > kSegMax)
    return bad("segment_bytes", p.segment_bytes, "in [256, 1048575] bytes (20 bits)");
  if (!(p.min_rate_mbps >= kLsbMbps && p.min_rate_mbps <= kRateMaxMbps))
    return bad("min_rate_mbps", p.min_rate_mbps, "in [1/32, 524287] Mb/s (the NIC needs a rate > 0)");
  if (!(p.max_rate_mbps == 0 || (p.max_rate_mbps >= p.min_rate_mbps && p.max_rate_mbps <= kRateMaxMbps)))
    return bad("max_rate_mbps", p.max_rate_mbps,
               ("0 (line rate) or in [cc.timely.min_rate_mbps = " + fmt_num(p.min_rate_mbps) + ", 524287] Mb/s")
                   .c_str());
  if (!(p.initial_rate_mbps == 0 ||
        (p.initial_rate_mbps >= p.min_rate_mbps && (p.max_rate_mbps == 0 || p.initial_rate_mbps <= p.max_rate_mbps))))
    return bad("initial_rate_mbps", p.initial_rate_mbps,
               "0 (max rate) or in [cc.timely.min_rate_mbps, cc.timely.max_rate_mbps] Mb/s");
  const Widths& w = p.widths;
  const unsigned values[] = {w.rate_int, w.rate_frac, w.rtt, w.diff_frac, w.count, w.time, w.seg, w.seg_wire};
  for (size_t i = 0; i < kWidthKnobs.size(); ++i)
    if (values[i] < kWidthKnobs[i].min || values[i] > kWidthKnobs[i].shipped)
      return bad((std::string("widths.") + kWidthKnobs[i].name).c_str(), values[i],
                 (std::to_string(kWidthKnobs[i].min) + ".." + std::to_string(kWidthKnobs[i].shipped) + " (bits)").c_str());
  if (p.t_high_ns > ones(w.rtt))
    return bad("widths.rtt", w.rtt, ("large enough that cc.timely.t_high_ns = " + fmt_num(p.t_high_ns) +
                                     " < 2^rtt ns (an RTT saturates there)").c_str());
  if (p.hai_thresh > ones(w.count))
    return bad("widths.count", w.count, ("large enough to count to cc.timely.hai_thresh = " + fmt_num(p.hai_thresh)).c_str());
  if (p.segment_bytes > ones(w.seg))
    return bad("widths.seg", w.seg, ("large enough that cc.timely.segment_bytes = " + fmt_num(p.segment_bytes) + " < 2^seg").c_str());
  if (w.time < w.rtt)
    return bad("widths.time", w.time, (">= cc.timely.widths.rtt = " + std::to_string(w.rtt) + " (an RTT must fit the timestamp range)").c_str());
  if (p.max_outstanding_bytes != 0 && p.max_outstanding_bytes < p.segment_bytes)
    return bad("max_outstanding_bytes", p.max_outstanding_bytes,
               ("0 (no limit) or >= cc.timely.segment_bytes = " + fmt_num(p.segment_bytes)).c_str());
  return "";
}

Config timely_config(const Params& p, double line_mbps, uint32_t segment_wire_bytes) {
  auto rate_of = [](double mbps) {
    const double r = std::round(mbps * (1u << RATE_FRAC_BITS));
    return static_cast<uint32_t>(r < 1 ? 1 : (r > kRateMax ? kRateMax : r));
  };
  Config c;
  c.variant = p.variant;
  c.alpha = static_cast<uint32_t>(std::lround(p.alpha * kParamOne));
  c.beta = static_cast<uint32_t>(std::lround(p.beta * kParamOne));
  c.delta = rate_of(p.delta_mbps);
  c.t_low_ns = p.t_low_ns;
  c.t_high_ns = p.t_high_ns;
  c.hai_thresh = p.hai_thresh;
  c.hai_n = p.hai_n;
  c.min_rate = rate_of(p.min_rate_mbps);
  c.max_rate = rate_of(p.max_rate_mbps > 0 ? p.max_rate_mbps : line_mbps);
  if (c.max_rate < c.min_rate) c.max_rate = c.min_rate;
  c.initial_rate = p.initial_rate_mbps > 0 ? rate_of(p.initial_rate_mbps) : c.max_rate;
  if (c.initial_rate > c.max_rate) c.initial_rate = c.max_rate;
  c.segment_bytes = p.segment_bytes;
  c.widths = p.widths;
  c.seg_serialization_ns = static_cast<uint32_t>(std::llround(segment_wire_bytes * 8.0 * 1000.0 / line_mbps));
  // Smallest shift with round(2^sh / minRTT) >= 2^23: the mantissa then lies in [2^23, 2^24].
  const uint64_t d = p.min_rtt_ns;
  for (unsigned sh = 23; sh < 63; ++sh) {
    const uint64_t m = ((uint64_t{1} << sh) + d / 2) / d;
    if (m >= (uint64_t{1} << 23)) {
      c.inv_min_rtt_m = static_cast<uint32_t>(m);
      c.inv_min_rtt_sh = sh;
      break;
    }
  }
  return c;
}

State timely_initial_state(const Config& c) {
  State s;
  const unsigned drop = RATE_FRAC_BITS - c.widths.rate_frac;
  s.rate = static_cast<uint32_t>(store_value(c.initial_rate, drop, field_max(c.widths.rate_int + RATE_FRAC_BITS, drop)));
  return s;
}

UpdateOut on_completion(State& s, const Config& c, uint32_t new_rtt_ns, uint32_t now_ns) {
  UpdateOut out;
  const Widths& w = c.widths;
  const uint32_t rtt_max = static_cast<uint32_t>(ones(w.rtt));
  const uint32_t time_mask = static_cast<uint32_t>(ones(w.time));
  const uint32_t rtt = new_rtt_ns < rtt_max ? new_rtt_ns : rtt_max;
  out.rtt_ns = rtt;
  const bool first = s.prev_rtt == 0;  // seed: "if(prevRTT_ == 0) prevRTT_ = rtt;"
  if (first) s.prev_rtt = rtt;
  const int64_t new_rtt_diff = int64_t{rtt} - s.prev_rtt.to_int64();
  // avg <- (1 - alpha) avg + alpha new_rtt_diff, as avg + alpha (new_rtt_diff - avg): one subtract,
  // one multiply, a rounding shift and an add (on 64-bit operands; the field keeps AVG_W bits).
  const int64_t target = new_rtt_diff * (int64_t{1} << DIFF_FRAC_BITS);
  int64_t avg = s.avg_rtt_diff.to_int64();
  avg += round_shift(int64_t{c.alpha} * (target - avg), PARAM_FRAC_BITS);
  if (w.diff_frac != DIFF_FRAC_BITS) avg = round_lsbs_signed(avg, DIFF_FRAC_BITS - w.diff_frac);
  s.avg_rtt_diff = avg;
  // g = avg_rtt_diff / minRTT = avg (2^-8 ns) x inv_m 2^-sh (per ns), to 2^-24 units.
  int64_t g = round_shift(avg * int64_t{c.inv_min_rtt_m}, c.inv_min_rtt_sh + DIFF_FRAC_BITS - FRAC_BITS);
  if (g > kGSat) g = kGSat;
  if (g < -kGSat) g = -kGSat;
  out.g = g;
  // HAI counter: author counts raw new_rtt_diff < 0, spec 3.2 counts g < 0 (sign of avg_rtt_diff).
  const bool negative = c.variant == Variant::kAuthor ? new_rtt_diff < 0 : avg < 0;
  const uint32_t count_max = static_cast<uint32_t>(ones(w.count));
  const uint32_t count = s.neg_count.to_uint();
  s.neg_count = negative ? (count < count_max ? count + 1 : count_max) : 0;
  // delta_factor = min((now - last_update)/minRTT, 1) (author); 1 on the first completion and in
  // the paper variant.
  uint64_t df = kFracOne;
  if (c.variant == Variant::kAuthor && !first) {
    const uint64_t elapsed = (now_ns - s.last_update.to_uint()) & time_mask;  // modulo 2^time
    const uint64_t f = round_shift_u(elapsed * c.inv_min_rtt_m, c.inv_min_rtt_sh - FRAC_BITS);
    df = f < static_cast<uint64_t>(kFracOne) ? f : static_cast<uint64_t>(kFracOne);
  }
  out.delta_factor = static_cast<uint32_t>(df);
  s.prev_rtt = rtt;
  s.last_update = now_ns & time_mask;

  uint64_t r = region_rate(s, c, out, rtt);
  if (c.variant == Variant::kAuthor) {
    const uint64_t half = (uint64_t{s.rate} + 1) >> 1;  // new >= rate/2 for an integer new
    if (r < half) {
      r = half;
      out.capped_half = true;
    }
  }
  if (r > c.max_rate) r = c.max_rate;
  if (r < c.min_rate) r = c.min_rate;
  if (w.rate_frac != RATE_FRAC_BITS || w.rate_int != RATE_W - RATE_FRAC_BITS) {  // write-back at the kept widths
    const unsigned drop = RATE_FRAC_BITS - w.rate_frac;
    r = store_value(r, drop, field_max(w.rate_int + RATE_FRAC_BITS, drop));
  }
  out.rate_changed = r != s.rate;
  s.rate = static_cast<uint32_t>(r);
  return out;
}

AckOut on_ack(State& s, const Config& c, uint32_t acked_bytes, uint32_t echo_ns, uint32_t now_ns) {
  AckOut out;
  if (acked_bytes == 0) return out;  // duplicate ACK: no progress
  if (acked_bytes > (1u << 31)) acked_bytes = 1u << 31;
  const uint32_t time_mask = static_cast<uint32_t>(ones(c.widths.time));
  if (s.seg_acked == 0) s.seg_send = echo_ns & time_mask;  // the first ACK into this segment: its t_send
  const uint32_t sum = s.seg_acked.to_uint() + acked_bytes;  // < 2^20 + 2^31
  if (sum < c.segment_bytes) {
    s.seg_acked = sum;
    return out;
  }
  // Completion: RTT = t_completion - t_send - Seg/NLR (spec 3.1), at least 0.
  const uint32_t elapsed = (now_ns - s.seg_send.to_uint()) & time_mask;  // modulo 2^time
  const uint32_t rtt = elapsed > c.seg_serialization_ns ? elapsed - c.seg_serialization_ns : 0;
  out.completion = true;
  out.update = on_completion(s, c, rtt, now_ns);
  const uint32_t rest = sum - c.segment_bytes;
  s.seg_acked = rest < c.segment_bytes ? rest : mod_u32(rest, c.segment_bytes);
  if (s.seg_acked != 0) s.seg_send = echo_ns & time_mask;  // this ACK also went into the next segment
  return out;
}

TxOut on_tx(State& s, const Config& c, uint32_t payload_bytes, uint32_t wire_bytes, uint32_t now_ns) {
  TxOut out;
  const uint32_t time_mask = static_cast<uint32_t>(ones(c.widths.time));
  if (s.tx_seg_bytes == 0) {
    s.tx_seg_start = now_ns & time_mask;
    s.tx_seg_wire = 0;
  }
  const uint32_t kWireMax = static_cast<uint32_t>(ones(c.widths.seg_wire));
  const uint32_t wire = s.tx_seg_wire.to_uint() + wire_bytes;
  s.tx_seg_wire = wire < kWireMax ? wire : kWireMax;
  // the sum on 32 bits: it may pass 2^SEG_W on the frame that completes the segment
  const uint32_t bytes = s.tx_seg_bytes.to_uint() + payload_bytes;
  s.tx_seg_bytes = bytes;
  if (bytes >= c.segment_bytes) {
    out.segment_sent = true;
    out.seg_elapsed_ns = (now_ns - s.tx_seg_start.to_uint()) & time_mask;
    out.seg_wire_bytes = s.tx_seg_wire.to_uint();
    s.tx_seg_bytes = 0;
  }
  return out;
}

void restart_tx_segment(State& s) { s.tx_seg_bytes = 0; }

}  // namespace ccf::hls::timely
