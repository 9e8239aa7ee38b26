// timely_kernel.cpp: TIMELY kernel. State, widths and variants: timely_kernel.hpp; arithmetic per
// event and error bound: docs/units/timely.md. No per-event division by a constant: 1/minRTT is a
// configuration register (mantissa and shift). The one division by a variable, T_high/new_rtt in the
// T_high region, is a 24-step restoring divider (frac_div), truncation error < 2^-24.
#include "hls/timely/timely_kernel.hpp"

#include "hls/rounding.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace ccf::hls::timely {
namespace {

// The datapath's operands at their widths (ac_int); every intermediate is as wide as its operator's
// result needs, and each narrowing assignment is bounded in its comment.
using Rate = ac_int<RATE_W, false>;             // rate LSB
using NextRate = ac_int<RATE_W + 1, false>;     // a rate before the clamps (<= rate + hai_n delta < 2^25)
using Frac = ac_int<FRAC_BITS + 1, false>;      // 2^-24, <= 1: delta_factor, T_high quotient, beta g
using Param = ac_int<PARAM_FRAC_BITS + 1, false>;  // alpha, beta: 2^-16, <= 1
using Rtt = ac_int<RTT_W, false>;               // ns
using Avg = ac_int<AVG_W, true>;                // avg_rtt_diff, 2^-8 ns
using Grad = ac_int<33, true>;                  // g in 2^-24, saturated to +-2^31
using Time = ac_int<TIME_W, false>;             // ns modulo 2^32
using InvMinRtt = ac_int<FRAC_BITS + 1, false>; // 1/minRTT mantissa, [2^23, 2^24]

constexpr int64_t kGSat = int64_t{1} << 31;  // |g| saturates at 128 (2^31 in 2^-24 units)

// A timestamp as the state keeps it: ns modulo 2^time.
Time stamp_of(uint32_t ns, const Widths& w) { return Time(ns) & Time(ones(w.time)); }

// (now - then) modulo 2^time.
Time elapsed_ns(uint32_t now_ns, Time then_ns, const Widths& w) {
  const Time d = Time(now_ns) - then_ns;  // modulo 2^32
  return stamp_of(d.to_uint(), w);
}

// The rate after the update, before the min/max clamps, from the region's arithmetic.
NextRate region_rate(const State& s, const Config& c, UpdateOut& out, Rtt rtt, Frac df) {
  const Rate rate = s.rate;
  if (rtt < c.t_low_ns) {
    out.region = Region::kLow;
    return rate + round_shift(Rate(c.delta) * df, FRAC_BITS);  // rate + delta df
  }
  if (rtt > c.t_high_ns) {
    out.region = Region::kHigh;
    // 1 - T_high/new_rtt = (new_rtt - T_high)/new_rtt, 0 < q < 1 (2^-24 units)
    const ac_int<FRAC_BITS, false> q = frac_div((rtt - c.t_high_ns).to_uint(), rtt.to_uint());
    const Frac bq = round_shift(Param(c.beta) * q, PARAM_FRAC_BITS);  // beta q, 2^-24
    const Frac m = round_shift(bq * df, FRAC_BITS);                   // delta_factor beta q
    return rate - round_shift(rate * m, FRAC_BITS);                   // m <= 1: no underflow
  }
  if (s.avg_rtt_diff <= 0) {  // g <= 0 exactly when avg_rtt_diff <= 0 (minRTT > 0)
    out.region = Region::kGradientInc;
    out.hai = s.neg_count >= c.hai_thresh;
    const ac_int<5, false> n = out.hai ? c.hai_n : 1;                  // hai_n <= 16
    const ac_int<RATE_W + 5, false> step = n * Rate(c.delta);
    return rate + round_shift(step * df, FRAC_BITS);                   // rate + N delta df
  }
  out.region = Region::kGradientDec;
  // beta g, saturated at 1 (g > 0 here; the rate cannot go below 0; the clamps below act on the result)
  const ac_int<Grad::width + PARAM_FRAC_BITS + 2, true> bg_full = round_shift(Param(c.beta) * Grad(out.g), PARAM_FRAC_BITS);
  const Frac bg = bg_full > kFracOne ? Frac(kFracOne) : Frac(bg_full);
  return rate - round_shift(rate * bg, FRAC_BITS);
}

// sum mod den for den > 0: restoring remainder, 32 steps.
ac_int<SEG_W, false> mod_seg(ac_int<32, false> sum, ac_int<SEG_W, false> den) {
  ac_int<SEG_W + 1, false> r = 0;
  for (int i = 31; i >= 0; --i) {
    r = (r << 1) | ac_int<1, false>(sum[i] ? 1 : 0);
    if (r >= den) r -= den;
  }
  return r;
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
  ac_int<RTT_W + 1, false> r = num;  // num < den < 2^24: 2r < 2^25
  ac_int<FRAC_BITS, false> q = 0;
  for (unsigned i = 0; i < FRAC_BITS; ++i) {
    r <<= 1;
    q <<= 1;
    if (r >= den) {
      r -= den;
      q[0] = 1;
    }
  }
  return q.to_uint();
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
  const Rtt rtt = new_rtt_ns < rtt_max ? new_rtt_ns : rtt_max;
  out.rtt_ns = rtt.to_uint();
  const bool first = s.prev_rtt == 0;  // authors' code: "if(prevRTT_ == 0) prevRTT_ = rtt;"
  if (first) s.prev_rtt = rtt;
  const ac_int<RTT_W + 1, true> new_rtt_diff = rtt - s.prev_rtt;
  // avg <- (1 - alpha) avg + alpha new_rtt_diff, as avg + alpha (new_rtt_diff - avg): one subtract,
  // one multiply, a rounding shift and an add; the sum lies between avg and new_rtt_diff.
  const Avg target = Avg(new_rtt_diff) << DIFF_FRAC_BITS;
  const ac_int<AVG_W + 1, true> gap = target - s.avg_rtt_diff;
  Avg avg = s.avg_rtt_diff + round_shift(Param(c.alpha) * gap, PARAM_FRAC_BITS);
  if (w.diff_frac != DIFF_FRAC_BITS) avg = round_lsbs_signed(avg.to_int64(), DIFF_FRAC_BITS - w.diff_frac);
  s.avg_rtt_diff = avg;
  // g = avg_rtt_diff / minRTT = avg (2^-8 ns) x inv_m 2^-sh (per ns), to 2^-24 units; sh >= 33.
  const ac_int<AVG_W + FRAC_BITS + 2, true> g_full =
      round_shift(avg * InvMinRtt(c.inv_min_rtt_m), c.inv_min_rtt_sh + DIFF_FRAC_BITS - FRAC_BITS);
  const Grad g = g_full > kGSat ? Grad(kGSat) : g_full < -kGSat ? Grad(-kGSat) : Grad(g_full);
  out.g = g.to_int64();
  // HAI counter: author counts raw new_rtt_diff < 0, the paper's Algorithm 1 counts g < 0 (sign of avg_rtt_diff).
  const bool negative = c.variant == Variant::kAuthor ? new_rtt_diff < 0 : avg < 0;
  using Count = decltype(s.neg_count);
  s.neg_count = !negative ? Count(0) : s.neg_count < ones(w.count) ? Count(s.neg_count + 1) : s.neg_count;
  // delta_factor = min((now - last_update)/minRTT, 1) (author); 1 on the first completion and in
  // the paper variant.
  Frac df = kFracOne;
  if (c.variant == Variant::kAuthor && !first) {
    const Time elapsed = elapsed_ns(now_ns, s.last_update, w);
    const ac_int<TIME_W + FRAC_BITS + 2, false> f = round_shift(elapsed * InvMinRtt(c.inv_min_rtt_m), c.inv_min_rtt_sh - FRAC_BITS);
    if (f < kFracOne) df = f;
  }
  out.delta_factor = df.to_uint();
  s.prev_rtt = rtt;
  s.last_update = stamp_of(now_ns, w);

  NextRate r = region_rate(s, c, out, rtt, df);
  if (c.variant == Variant::kAuthor) {
    const Rate half = (NextRate(s.rate) + 1) >> 1;  // new >= rate/2 for an integer new
    if (r < half) {
      r = half;
      out.capped_half = true;
    }
  }
  if (r > c.max_rate) r = c.max_rate;
  if (r < c.min_rate) r = c.min_rate;
  if (w.rate_frac != RATE_FRAC_BITS || w.rate_int != RATE_W - RATE_FRAC_BITS) {  // write-back at the kept widths
    const unsigned drop = RATE_FRAC_BITS - w.rate_frac;
    r = store_value(r.to_uint64(), drop, field_max(w.rate_int + RATE_FRAC_BITS, drop));
  }
  out.rate_changed = r != s.rate;
  s.rate = r;  // <= max_rate < 2^24
  return out;
}

AckOut on_ack(State& s, const Config& c, uint32_t acked_bytes, uint32_t echo_ns, uint32_t now_ns) {
  AckOut out;
  if (acked_bytes == 0) return out;  // duplicate ACK: no progress
  const ac_int<32, false> acked = acked_bytes > (1u << 31) ? 1u << 31 : acked_bytes;
  if (s.seg_acked == 0) s.seg_send = stamp_of(echo_ns, c.widths);  // the first ACK into this segment: its t_send
  const ac_int<32, false> sum = s.seg_acked + acked;  // < 2^20 + 2^31
  if (sum < c.segment_bytes) {
    s.seg_acked = sum;
    return out;
  }
  // Completion: RTT = t_completion - t_send - Seg/NLR (the TIMELY paper, section 3.1), at least 0.
  const Time elapsed = elapsed_ns(now_ns, s.seg_send, c.widths);
  const uint32_t rtt = elapsed > c.seg_serialization_ns ? (elapsed - c.seg_serialization_ns).to_uint() : 0;
  out.completion = true;
  out.update = on_completion(s, c, rtt, now_ns);
  const ac_int<32, false> rest = sum - c.segment_bytes;
  s.seg_acked = rest < c.segment_bytes ? ac_int<SEG_W, false>(rest) : mod_seg(rest, c.segment_bytes);
  if (s.seg_acked != 0) s.seg_send = stamp_of(echo_ns, c.widths);  // this ACK also went into the next segment
  return out;
}

TxOut on_tx(State& s, const Config& c, uint32_t payload_bytes, uint32_t wire_bytes, uint32_t now_ns) {
  TxOut out;
  if (s.tx_seg_bytes == 0) {
    s.tx_seg_start = stamp_of(now_ns, c.widths);
    s.tx_seg_wire = 0;
  }
  const uint32_t wire_max = static_cast<uint32_t>(ones(c.widths.seg_wire));
  const ac_int<33, false> wire = s.tx_seg_wire + ac_int<32, false>(wire_bytes);
  s.tx_seg_wire = wire < wire_max ? ac_int<SEG_WIRE_W, false>(wire) : ac_int<SEG_WIRE_W, false>(wire_max);
  // the sum on 32 bits: it may pass 2^SEG_W on the frame that completes the segment
  const ac_int<32, false> bytes = s.tx_seg_bytes + ac_int<32, false>(payload_bytes);
  s.tx_seg_bytes = bytes;
  if (bytes >= c.segment_bytes) {
    out.segment_sent = true;
    out.seg_elapsed_ns = elapsed_ns(now_ns, s.tx_seg_start, c.widths).to_uint();
    out.seg_wire_bytes = s.tx_seg_wire.to_uint();
    s.tx_seg_bytes = 0;
  }
  return out;
}

void restart_tx_segment(State& s) { s.tx_seg_bytes = 0; }

}  // namespace ccf::hls::timely
