// rp_kernel.cpp: DCQCN reaction point kernel. State, widths and variants: rp_kernel.hpp; arithmetic
// per event and error bound: docs/units/dcqcn.md. Every division is a shift: alpha/2 and the gain g
// are multiplies followed by a rounding right shift, (RT + RC)/2 is an add and a shift, T/2, B/2 and
// RT/8 are shifts, 10 RC is (RC << 3) + (RC << 1).
#include "hls/dcqcn/rp_kernel.hpp"

namespace ccf::hls::dcqcn {
namespace {

constexpr uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
constexpr uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

// The datapath's operands at their widths; every intermediate below is as wide as its operator's
// result needs, as the RTL (rtl/nic/dcqcn_rp_pass.sv) builds it.
using Rate = ac_int<RATE_W, false>;
using Alpha = ac_int<ALPHA_W, false>;
using Stage = ac_int<STAGE_W, false>;
using Gain = ac_int<GAIN_FRAC_BITS, false>;         // g < 1/2
using DecFac = ac_int<GAIN_FRAC_BITS + 1, false>;   // min_dec_fac <= 1
const ac_int<GAIN_FRAC_BITS, false> kGainHalf = 1u << (GAIN_FRAC_BITS - 1);

// The stage counters saturate at 2^stage - 1 (p.widths.stage; 127 shipped).
Stage stage_inc(Stage c, const RpParams& p) { return c < ones(p.widths.stage) ? Stage(c + 1) : c; }

// (RT + RC)/2 rounded to nearest, ties to even: one adder, a shift and a carry-in of
// (bit 0 AND bit 1) of the sum. Ties-up would add +1/4 LSB on average per increase, a bias that
// accumulates between cuts; ties-to-even is unbiased. Never exceeds max(a, b).
Rate half_sum(Rate a, Rate b) {
  const ac_int<RATE_W + 1, false> sum = a + b;
  return sum.slc<RATE_W>(1) + ac_int<1, false>(sum[0] & sum[1]);
}

// alpha <- (1 - g) alpha + g, computed as alpha + g (1 - alpha): subtract, multiply, rounding shift.
Alpha alpha_raise(Alpha alpha, Gain g) {
  const ac_int<ALPHA_W + 1, false> one_minus_alpha = ac_int<ALPHA_W + 1, false>(kAlphaOne) - alpha;
  const ac_int<ALPHA_W + 1 + GAIN_FRAC_BITS, false> step = one_minus_alpha * g + kGainHalf;
  const ac_int<ALPHA_W + 1, false> sum = alpha + step.slc<ALPHA_W + 1>(GAIN_FRAC_BITS);
  return sum > kAlphaMax ? Alpha(kAlphaMax) : Alpha(sum);
}

// alpha <- (1 - g) alpha, computed as alpha - g alpha (g < 1/2 keeps the result >= 0).
Alpha alpha_decay(Alpha alpha, Gain g) {
  const ac_int<ALPHA_W + GAIN_FRAC_BITS, false> step = alpha * g + kGainHalf;
  return alpha - step.slc<ALPHA_W>(GAIN_FRAC_BITS);
}

// RC (1 - alpha/2) = RC - (RC alpha) >> (ALPHA_W + 1), rounded to nearest; then the optional mlx
// floor of one decrease (RC * min_dec_fac, rounded to nearest) and the minimum rate.
Rate decreased_rate(Rate rc, Alpha alpha, const RpParams& p) {
  const ac_int<RATE_W + ALPHA_W + 1, false> dec = rc * alpha + ac_int<ALPHA_W + 1, false>(kAlphaOne);
  Rate r = rc - dec.slc<RATE_W>(ALPHA_W + 1);
  if (p.min_dec_fac != 0) {  // rounded: a truncated floor drifts down over consecutive floored cuts
    const ac_int<RATE_W + GAIN_FRAC_BITS + 2, false> floor_rate = rc * DecFac(p.min_dec_fac) + kGainHalf;
    const Rate f = floor_rate.slc<RATE_W>(GAIN_FRAC_BITS);
    if (f > r) r = f;
  }
  return r > p.min_rate ? r : Rate(p.min_rate);
}

// Whether a cut first sets RT <- RC (clamp_tgt_rate, clamp_tgt_rate_after_time_inc; HPCC rdma-hw.cc, ns3-rdma, mlx5).
// Without either, RT follows only after a byte-counter increase (ns3-rdma); in the mlx variant with
// rp_byte_reset = 0 BC stays 0, so there clamp_tgt_rate = 0 with ati = 0 never moves RT.
bool target_follows_rate(const RpState& s, const RpParams& p) {
  if (p.clamp_tgt_rate) return true;
  if (p.clamp_tgt_rate_after_time_inc) return s.time_stage != 0 || s.byte_stage != 0;
  return s.byte_stage != 0;
}

// RT <- min(RT + step, line rate). step <= 255 * (2^24 - 1), so the sum fits 33 bits.
void raise_target(RpState& s, const RpParams& p, ac_int<32, false> step) {
  const ac_int<33, false> sum = s.rt + step;
  s.rt = sum > p.line_rate ? Rate(p.line_rate) : Rate(sum);
}

// i x R_HAI: the hyper step (8 x 24 bits).
ac_int<32, false> hyper_step(uint8_t i, const RpParams& p) { return ac_int<8, false>(i) * Rate(p.r_hai); }

void finish_increase(RpState& s, RpOut& out, Rate rc_before) {
  s.rc = half_sum(s.rt, s.rc);  // RC <- (RT + RC)/2; RT <= line rate, so RC <= line rate too
  out.rate_changed = s.rc != rc_before;
}

// Figure 7: "Timer expires: Reset(Timer); T++" and "ByteCounter expires: Reset(ByteCounter); BC++".
void count_increase_event(RpState& s, const RpParams& p, IncreaseSource src, RpOut& out) {
  if (src == IncreaseSource::kTimer) {
    s.time_stage = stage_inc(s.time_stage, p);
    out.arm_increase_ns = p.increase_timer_ns;
  } else {
    s.byte_stage = stage_inc(s.byte_stage, p);
    s.bytes_left = p.byte_counter_bytes;
  }
}

// Paper (DCQCN paper section 3.1, Figure 7): count the event, then max(T, BC) <= F -> fast recovery,
// min(T, BC) > F -> hyper with i = min - F, otherwise additive.
RpOut increase_paper(RpState& s, const RpParams& p, IncreaseSource src) {
  RpOut out;
  const Rate rc_before = s.rc;
  count_increase_event(s, p, src, out);
  const uint32_t hi = max_u32(s.time_stage, s.byte_stage);
  const uint32_t lo = min_u32(s.time_stage, s.byte_stage);
  const uint32_t f = p.fast_recovery_steps;
  if (hi <= f) {
    out.action = RpAction::kFastRecovery;
  } else if (lo > f) {
    out.action = RpAction::kHyperIncrease;
    out.hyper_i = static_cast<uint8_t>(lo - f);
    raise_target(s, p, hyper_step(out.hyper_i, p));
  } else {
    out.action = RpAction::kAdditiveIncrease;
    raise_target(s, p, p.r_ai);
  }
  finish_increase(s, out, rc_before);
  return out;
}

// ns3-rdma (qbb-net-device.cc rpr_*): stage 1 (fast) while both counters are below F;
// a counter reaching F selects active or hyper (hyper iff both >= F); in the active stage a timer
// event re-selects but a byte event stays active; hyper is sticky. Hyper step (min - F + 1) R_HAI,
// and after an event that entered in hyper the timer is T/2 and the byte counter B/2.
RpOut increase_ns3(RpState& s, const RpParams& p, IncreaseSource src) {
  RpOut out;
  const Rate rc_before = s.rc;
  const uint32_t f = p.fast_recovery_steps;
  const bool was_hyper = s.hyper;
  const bool was_fast = max_u32(s.time_stage, s.byte_stage) < f;
  uint32_t fired;
  if (src == IncreaseSource::kTimer) {
    s.time_stage = stage_inc(s.time_stage, p);
    out.arm_increase_ns = was_hyper ? p.increase_timer_ns >> 1 : p.increase_timer_ns;
    fired = s.time_stage;
  } else {
    s.byte_stage = stage_inc(s.byte_stage, p);
    s.bytes_left = was_hyper ? p.byte_counter_bytes >> 1 : p.byte_counter_bytes;
    fired = s.byte_stage;
  }
  if (was_hyper) {
    out.action = RpAction::kHyperIncrease;
  } else if (was_fast && fired < f) {
    out.action = RpAction::kFastRecovery;
  } else if (!was_fast && src == IncreaseSource::kByteCounter) {
    out.action = RpAction::kAdditiveIncrease;  // rpr_active_byte does not re-select
  } else if (s.time_stage < f || s.byte_stage < f) {
    out.action = RpAction::kAdditiveIncrease;  // rpr_active_select
  } else {
    out.action = RpAction::kHyperIncrease;
    s.hyper = true;
  }
  ac_int<32, false> step = 0;
  if (out.action == RpAction::kAdditiveIncrease) step = p.r_ai;
  if (out.action == RpAction::kHyperIncrease) {
    out.hyper_i = static_cast<uint8_t>(min_u32(s.time_stage, s.byte_stage) - f + 1);
    step = hyper_step(out.hyper_i, p);
  }
  // AdjustRates: on the first event of either source, a target far above the rate is cut to 1/8.
  // 28 bits: ac_int's << keeps its operand's width, so the shifts take RC widened to 28 bits
  const ac_int<RATE_W + 4, false> rc28 = s.rc;
  const ac_int<RATE_W + 4, false> ten_rc = (rc28 << 3) + (rc28 << 1);
  if ((s.time_stage == 1 || s.byte_stage == 1) && s.rt > ten_rc) {
    s.rt >>= 3;
    out.target_divided = true;
  } else {
    raise_target(s, p, step);
  }
  finish_increase(s, out, rc_before);
  return out;
}

// HPCC ns-3 RateIncEventTimerMlx (rdma-hw.cc), B = 0: timer only; decide on the stage before counting
// this event: stage < F fast, == F additive, > F hyper with the constant step R_HAI.
// ConnectX with its byte counter (rp_byte_reset = B > 0): the timer (rp_time_reset) and the byte
// counter each count their event, then Figure 7's rule as in the paper variant: max(T, BC) <= F
// fast recovery, min(T, BC) > F hyper, else additive; the hyper step stays the constant R_HAI.
RpOut increase_mlx(RpState& s, const RpParams& p, IncreaseSource src) {
  RpOut out;
  const bool bytes_on = p.byte_counter_bytes != 0;
  if (src != IncreaseSource::kTimer && !bytes_on) return out;  // rp_byte_reset = 0: no byte counter
  const Rate rc_before = s.rc;
  const uint32_t f = p.fast_recovery_steps;
  if (bytes_on) {
    count_increase_event(s, p, src, out);
    const uint32_t hi = max_u32(s.time_stage, s.byte_stage);
    const uint32_t lo = min_u32(s.time_stage, s.byte_stage);
    if (hi <= f) {
      out.action = RpAction::kFastRecovery;
    } else if (lo > f) {
      out.action = RpAction::kHyperIncrease;
      out.hyper_i = 1;
      raise_target(s, p, p.r_hai);
    } else {
      out.action = RpAction::kAdditiveIncrease;
      raise_target(s, p, p.r_ai);
    }
    finish_increase(s, out, rc_before);
    return out;
  }
  out.arm_increase_ns = p.increase_timer_ns;
  if (s.time_stage < f) {
    out.action = RpAction::kFastRecovery;
  } else if (s.time_stage == f) {
    out.action = RpAction::kAdditiveIncrease;
    raise_target(s, p, p.r_ai);
  } else {
    out.action = RpAction::kHyperIncrease;
    out.hyper_i = 1;
    raise_target(s, p, p.r_hai);
  }
  s.time_stage = stage_inc(s.time_stage, p);
  finish_increase(s, out, rc_before);
  return out;
}

// The write-back of a pass into the state memory at p.widths (docs/explore.md 2): rc, rt and alpha
// rounded to the kept fraction bits (to nearest, ties to even) and saturated at the kept range. The
// stage counters saturate in their increment (stage_inc); bytes_left never exceeds B, which fits.
void write_back(RpState& s, const RpParams& p) {
  const RpWidths& w = p.widths;
  if (w.rate_frac != RATE_FRAC_BITS || w.rate_int != RATE_W - RATE_FRAC_BITS) {
    const unsigned drop = RATE_FRAC_BITS - w.rate_frac;
    const uint64_t max = field_max(w.rate_int + RATE_FRAC_BITS, drop);
    s.rc = static_cast<uint32_t>(store_value(s.rc, drop, max));
    s.rt = static_cast<uint32_t>(store_value(s.rt, drop, max));
  }
  if (w.alpha != ALPHA_W) {
    const unsigned drop = ALPHA_W - w.alpha;
    s.alpha = static_cast<uint32_t>(store_value(s.alpha, drop, field_max(ALPHA_W, drop)));
  }
}

// One pass and its write-back; rate_changed compares the stored rates.
template <class Pass>
RpOut pass_and_write_back(RpState& s, const RpParams& p, Pass&& pass) {
  const RpWidths& w = p.widths;
  if (w.rate_frac == RATE_FRAC_BITS && w.alpha == ALPHA_W && w.rate_int == RATE_W - RATE_FRAC_BITS) [[likely]]
    return pass();  // shipped widths of the value fields: nothing to round
  const Rate rc_before = s.rc;
  RpOut out = pass();
  write_back(s, p);
  out.rate_changed = s.rc != rc_before;
  return out;
}

RpState initial_state(const RpParams& p) {
  RpState s;
  s.rc = p.line_rate;
  s.rt = p.line_rate;
  s.alpha = p.initial_alpha;
  s.bytes_left = p.byte_counter_bytes;
  return s;
}

RpOut on_cnp_pass(RpState& s, const RpParams& p) {
  RpOut out;
  if (p.variant == RpVariant::kMlx) {
    // cnp_received_mlx: latch; UpdateAlphaMlx and CheckRateDecreaseMlx act at their periods.
    out.action = RpAction::kCnpLatched;
    s.alpha_cnp = true;
    s.decrease_cnp = true;
    if (!s.limited) {
      s.limited = true;
      s.alpha = p.initial_alpha;
      s.alpha_cnp = false;
      const Rate rc_before = s.rc;
      if (p.rate_on_first_cnp != 0) s.rc = min_u32(p.rate_on_first_cnp, p.line_rate);
      s.rt = s.rc;
      out.rate_changed = s.rc != rc_before;
      out.arm_alpha_ns = p.alpha_timer_ns;
      // HPCC adds 1 ns so that a decrease lands after the alpha update of the same instant.
      out.arm_decrease_ns = p.rate_decrease_period_ns + 1;
    }
    return out;
  }
  // Paper eq. 1 (RT <- RC; RC <- RC (1 - alpha/2); alpha <- (1 - g) alpha + g), cut with alpha
  // before its update; ns3-rdma updates alpha first and cuts with the new alpha.
  const Rate rc_before = s.rc;
  const Alpha alpha_next = alpha_raise(s.alpha, Gain(p.g));
  const Alpha alpha_cut = p.variant == RpVariant::kNs3Rdma ? alpha_next : s.alpha;
  const bool follow = target_follows_rate(s, p);
  if (follow) s.rt = s.rc;
  s.rc = decreased_rate(s.rc, alpha_cut, p);
  s.alpha = alpha_next;
  // Figure 7: Reset(Timer, ByteCounter, T, BC, AlphaTimer). ns3-rdma reloads the byte counter only
  // when it moves RT.
  if (p.variant == RpVariant::kPaper || follow) s.bytes_left = p.byte_counter_bytes;
  s.time_stage = 0;
  s.byte_stage = 0;
  s.hyper = false;
  s.limited = true;
  out.action = RpAction::kRateCut;
  out.arm_alpha_ns = p.alpha_timer_ns;
  out.arm_increase_ns = p.increase_timer_ns;
  out.rate_changed = s.rc != rc_before;
  return out;
}

RpOut on_alpha_timer_pass(RpState& s, const RpParams& p) {
  RpOut out;
  out.action = RpAction::kAlphaUpdate;
  out.arm_alpha_ns = p.alpha_timer_ns;
  if (p.variant == RpVariant::kMlx && s.alpha_cnp) {
    s.alpha = alpha_raise(s.alpha, Gain(p.g));  // UpdateAlphaMlx with a CNP in the period
  } else {
    s.alpha = alpha_decay(s.alpha, Gain(p.g));  // eq. 2
  }
  s.alpha_cnp = false;
  return out;
}

RpOut on_rate_decrease_timer_pass(RpState& s, const RpParams& p) {
  RpOut out;
  if (p.variant != RpVariant::kMlx) return out;
  out.arm_decrease_ns = p.rate_decrease_period_ns;  // periodic: CheckRateDecreaseMlx reschedules first
  if (!s.decrease_cnp) return out;
  const Rate rc_before = s.rc;
  if (target_follows_rate(s, p)) s.rt = s.rc;
  s.rc = decreased_rate(s.rc, s.alpha, p);
  // Figure 7's Reset(Timer, ByteCounter, T, BC) on a cut; with B = 0, BC and bytes_left stay 0.
  s.time_stage = 0;
  s.byte_stage = 0;
  s.bytes_left = p.byte_counter_bytes;
  s.decrease_cnp = false;
  out.action = RpAction::kRateCut;
  out.arm_increase_ns = p.increase_timer_ns;
  out.rate_changed = s.rc != rc_before;
  return out;
}

RpOut on_increase_event_pass(RpState& s, const RpParams& p, IncreaseSource src) {
  if (!s.limited) return RpOut{};  // counters run only for rate-limited flows (paper section 3.3)
  switch (p.variant) {
    case RpVariant::kPaper: return increase_paper(s, p, src);
    case RpVariant::kNs3Rdma: return increase_ns3(s, p, src);
    case RpVariant::kMlx: return increase_mlx(s, p, src);
  }
  return RpOut{};
}

RpOut on_tx_pass(RpState& s, const RpParams& p, uint32_t len_bytes) {
  if (!s.limited || p.byte_counter_bytes == 0) return RpOut{};
  if (len_bytes < s.bytes_left) {
    s.bytes_left -= len_bytes;
    return RpOut{};
  }
  // B bytes reached: one byte-counter event (excess bytes are not carried, as in ns3-rdma).
  RpOut out = on_increase_event(s, p, IncreaseSource::kByteCounter);
  out.byte_counter_expired = true;
  return out;
}

}  // namespace

RpState rp_initial_state(const RpParams& p) {
  RpState s = initial_state(p);
  write_back(s, p);
  return s;
}
RpOut on_cnp(RpState& s, const RpParams& p) {
  return pass_and_write_back(s, p, [&] { return on_cnp_pass(s, p); });
}
RpOut on_alpha_timer(RpState& s, const RpParams& p) {
  return pass_and_write_back(s, p, [&] { return on_alpha_timer_pass(s, p); });
}
RpOut on_rate_decrease_timer(RpState& s, const RpParams& p) {
  return pass_and_write_back(s, p, [&] { return on_rate_decrease_timer_pass(s, p); });
}
RpOut on_increase_event(RpState& s, const RpParams& p, IncreaseSource src) {
  return pass_and_write_back(s, p, [&] { return on_increase_event_pass(s, p, src); });
}
RpOut on_tx(RpState& s, const RpParams& p, uint32_t len_bytes) {
  // Only the byte-counter event changes a rate; it writes back through on_increase_event.
  return on_tx_pass(s, p, len_bytes);
}

const char* rp_params_error(const RpParams& p) {
  const RpWidths& w = p.widths;
  if (w.rate_int < 1 || w.rate_int > RATE_W - RATE_FRAC_BITS) return "widths.rate_int must be 1..19 (bits)";
  if (w.rate_frac > RATE_FRAC_BITS) return "widths.rate_frac must be 0..5 (bits)";
  if (w.alpha < 1 || w.alpha > ALPHA_W) return "widths.alpha must be 1..20 (bits)";
  if (w.stage < 2 || w.stage > STAGE_W) return "widths.stage must be 2..7 (bits)";
  if (w.bytes < 1 || w.bytes > BYTES_W) return "widths.bytes must be 1..24 (bits)";
  const unsigned rate_drop = RATE_FRAC_BITS - w.rate_frac;
  const uint64_t stage_max = ones(w.stage);
  if (p.line_rate == 0 || p.line_rate > kRateMax)
    return "line_rate must be 1..2^24-1 rate LSB (1/32 Mb/s), i.e. at most 524287 Mb/s";
  if (p.line_rate > field_max(w.rate_int + RATE_FRAC_BITS, rate_drop))
    return "line_rate must fit widths.rate_int: line rate < 2^rate_int Mb/s";
  if (p.min_rate > p.line_rate) return "min_rate must be <= line_rate";
  if (p.r_ai > p.line_rate) return "r_ai must be <= line_rate";
  if (p.r_hai > p.line_rate) return "r_hai must be <= line_rate";
  if (p.g == 0 || p.g >= kGainOne / 2) return "g must be 1..32767 (units of 2^-16, so 0 < g < 1/2)";
  if (p.initial_alpha > kAlphaMax) return "initial_alpha must be <= 2^20-1 (units of 2^-20)";
  if (p.fast_recovery_steps > kMaxFastRecoverySteps) return "fast_recovery_steps (F) must be <= 31";
  if (p.fast_recovery_steps + 2 > stage_max)
    return "fast_recovery_steps (F) must be <= 2^widths.stage - 3 (the stage counters must count past F)";
  if (p.variant == RpVariant::kNs3Rdma && p.fast_recovery_steps == 0)
    return "fast_recovery_steps (F) must be >= 1 in the ns3-rdma variant";
  if (p.byte_counter_bytes > kBytesMax) return "byte_counter_bytes (B) must be <= 16777215 (24 bits)";
  if (p.byte_counter_bytes > ones(w.bytes)) return "byte_counter_bytes (B) must be < 2^widths.bytes";
  if (p.byte_counter_bytes == 1) return "byte_counter_bytes (B) must be 0 (off) or >= 2 (B/2 is used)";
  if (p.alpha_timer_ns == 0) return "alpha_timer_ns (K) must be > 0";
  if (p.increase_timer_ns < 2) return "increase_timer_ns (T) must be >= 2";
  if (p.variant == RpVariant::kMlx && p.rate_decrease_period_ns == 0)
    return "rate_decrease_period_ns must be > 0 in the mlx variant";
  if (p.min_dec_fac > kGainOne) return "min_dec_fac must be <= 65536 (units of 2^-16, 100 %)";
  // A floored cut moves RC by (1 - min_dec_fac) RC, which rounds to 0 below 0.5 LSB: keep that
  // dead zone under the minimum rate, or RC would stall above the floor.
  if (p.min_dec_fac != 0 && uint64_t{kGainOne - p.min_dec_fac} * p.min_rate < (uint64_t{kGainOne} / 2) << rate_drop)
    return "min_dec_fac too close to 100 % for min_rate: need (1 - min_dec_fac) * min_rate >= "
           "0.5 rate LSB (1/64 Mb/s at the shipped widths)";
  if (p.rate_on_first_cnp > p.line_rate) return "rate_on_first_cnp must be <= line_rate";
  if (p.variant != RpVariant::kMlx && p.r_hai != 0) {
    // The stage counters saturate at 2^stage - 1 (127). Before both can saturate, the smaller one
    // has counted through every hyper step i = 1..n (n = 2^stage - 2 - F), so RT has reached the
    // line rate if R_HAI n (n + 1) / 2 >= line rate; saturation then never changes a rate.
    const uint64_t n = stage_max - 1 - p.fast_recovery_steps;
    if (uint64_t{p.r_hai} * (n * (n + 1) / 2) < p.line_rate)
      return "r_hai too small for the stage counters: need r_hai * n(n+1)/2 >= line_rate, "
             "n = 2^widths.stage - 2 - F (126 - F at the shipped 7 bits)";
  }
  return nullptr;
}

}  // namespace ccf::hls::dcqcn
