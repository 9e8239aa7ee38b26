// swift_kernel.cpp: Swift kernel. State, widths and parameters: swift_kernel.hpp; arithmetic per event
// and error bounds: docs/units/swift.md. No division in the datapath: every quotient (ai/cwnd,
// (delay - target)/delay, rtt/cwnd, num_acked = bytes/mtu) is a multiply by a reciprocal, and
// 1/sqrt(fcwnd) of the target is a ROM plus one Newton-Raphson step. The ROMs are built at compile
// time (constexpr); Regs are built once per configuration in software (swift_regs).
#include "hls/swift/swift_kernel.hpp"

#include "hls/priority_encoder.hpp"

#include <cmath>
#include <cstdio>

namespace ccf::hls::swift {
namespace {

// ---------------------------------------------------------------- ROMs (compile time)

constexpr uint64_t isqrt(uint64_t v) {  // floor(sqrt(v)); used only to build the ROM
  if (v < 2) return v;
  uint64_t x = v, y = (x + 1) / 2;
  while (y < x) {
    x = y;
    y = (x + v / x) / 2;
  }
  return x;
}

// 1/sqrt(m) at the midpoint of the cell, in 2^-24. Entries 0..127 cover m in [1, 2) in steps of
// 1/128, entries 128..255 cover [2, 4) in steps of 1/64. mid = num/den; value = sqrt(2^48 den/num).
constexpr std::array<uint32_t, 256> make_rsqrt_rom() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    const uint64_t j = i & 127;
    const uint64_t num = 256 + 2 * j + 1;
    const uint64_t den = i < 128 ? 256 : 128;
    const uint64_t four_v = (uint64_t{1} << 50) / num * den;  // 4 * 2^48 den / num (den is 2^k)
    t[i] = static_cast<uint32_t>((isqrt(four_v) + 1) / 2);     // rounded
  }
  return t;
}

// 1/m at the midpoint of [1 + i/256, 1 + (i+1)/256), in 2^-24 (shared with hls/divider.hpp).
constexpr const std::array<uint32_t, 256>& kRecipRom = divider::kRecipRom;
constexpr std::array<uint32_t, 256> kRsqrtRom = make_rsqrt_rom();
static_assert(kRecipRom[0] < kRecipOne && kRecipRom[255] > kRecipOne / 2);
static_assert(kRsqrtRom[0] < kRecipOne && kRsqrtRom[255] > kRecipOne / 2);

// ---------------------------------------------------------------- operand widths
// Every intermediate below is an ac_int as wide as its operator's result needs; a narrowing
// assignment is where the hardware drops bits, and each one is bounded in its comment.
using DelayNs = ac_int<DELAY_W, false>;       // ns
using DelayQ8 = ac_int<EWMA_W, false>;        // 2^-8 ns: delays and the endpoint EWMA
using TargetQ8 = ac_int<EWMA_W + 1, false>;   // 2^-8 ns: a target (base + hops h + fs term)
using Mant = ac_int<32, false>;               // a normalised mantissa, Q2.30
using Recip = ac_int<RECIP_FRAC_BITS + 1, false>;  // 2^-24, <= 1
using RsqrtQ24 = ac_int<RECIP_FRAC_BITS + 11, false>;  // 1/sqrt(cwnd) in 2^-24 / sqrt(packet), <= 2^10
using Next = ac_int<CWND_W + 2, false>;       // a window before the clamp
using Acked = ac_int<CWND_W - 4, false>;      // num_acked, Q8.20
using Gain = ac_int<GAIN_FRAC_BITS + 1, false>;  // 2^-16, <= 1
using Pacing = ac_int<PACING_W, false>;       // ns

// x saturated to the largest value of a W-bit field (the unsigned source may be wider).
template <int W>
ac_int<W, false> saturate(uint64_t x, uint64_t max) { return ac_int<W, false>(x < max ? x : max); }

// The forms other than the shipped ROM + Newton (hls/divider.hpp), out of line: the shipped path
// stays as small as before.
[[gnu::noinline]] Recip recip_other(Mant m30, Divider form) {
  return form == Divider::kRecipRom ? divider::recip_rom(m30)
         : form == Divider::kShift  ? divider::recip_shift(m30)
                                    : divider::recip_exact(m30);
}
[[gnu::noinline]] Recip rsqrt_other(Mant m30, Recip rom, Divider form) {
  return form == Divider::kRecipRom ? rom : form == Divider::kShift ? divider::rsqrt_shift(m30) : divider::rsqrt_exact(m30);
}

// ---------------------------------------------------------------- datapath blocks (inlined into the events)
// Inlined for the speed of the optimised build. The coverage build (CCF_COVERAGE, -O0) keeps one copy
// of each block, so that gcov counts a block's branches once and not once per caller
// (docs/verification.md "Coverage").
#ifdef CCF_COVERAGE
#define CCF_BLOCK inline
#else
#define CCF_BLOCK [[gnu::always_inline]] inline
#endif

// 1/x = r 2^-(24 + e): normalise x to m = x / 2^e in [1, 2) as Q1.30 (truncated when x is wider than
// 31 bits), look up r0, one Newton-Raphson step r0 (2 - m r0).
template <int W>
CCF_BLOCK Recip recip_block(ac_int<W, false> x, unsigned& e, Divider form) {
  e = msb_index(x);
  Mant m;
  if (e <= 30) m = Mant(x) << (30 - e);  // x < 2^31 here: the conversion keeps every bit
  else m = Mant(x >> (e - 30));
  if (form != Divider::kRecipTable) [[unlikely]]
    return recip_other(m, form);
  const ac_int<RECIP_FRAC_BITS, false> r0 = kRecipRom[m.slc<ROM_INDEX_BITS>(22).to_uint()];
  const ac_int<RECIP_FRAC_BITS + 1, false> mr = (m * r0) >> 30;                        // m r0 in 2^-24, about 1
  const ac_int<RECIP_FRAC_BITS + 2, false> two_minus = ac_int<RECIP_FRAC_BITS + 2, false>(2u << RECIP_FRAC_BITS) - mr;
  return (r0 * two_minus) >> RECIP_FRAC_BITS;                                           // r0 (2 - m r0) < 2^24
}

// 1/sqrt(cwnd) in 2^-24 / sqrt(packet): normalise to m = cwnd / 2^s in [1, 4) (s even) as Q2.30,
// look up y0, one Newton-Raphson step y (3 - m y^2) / 2, and scale by 2^(10 - s/2).
CCF_BLOCK RsqrtQ24 rsqrt_block(Cwnd cwnd_q20, Divider form) {
  const unsigned s = msb_index(cwnd_q20) & ~1u;       // even exponent
  const Mant m = Mant(cwnd_q20) << (30 - s);           // cwnd < 2^(s + 2): Q2.30 in [1, 4)
  const unsigned idx = m[31] ? 128 + m.slc<7>(24).to_uint() : m.slc<7>(23).to_uint();
  const ac_int<RECIP_FRAC_BITS, false> y = kRsqrtRom[idx];
  Recip r1;
  if (form != Divider::kRecipTable) [[unlikely]] {
    r1 = rsqrt_other(m, y, form);
  } else {
    const ac_int<RECIP_FRAC_BITS, false> y2 = (y * y) >> RECIP_FRAC_BITS;
    const ac_int<RECIP_FRAC_BITS + 2, false> my2 = (m * y2) >> 30;                           // m y^2, about 1
    const ac_int<RECIP_FRAC_BITS + 2, false> three_minus = ac_int<RECIP_FRAC_BITS + 2, false>(3u << RECIP_FRAC_BITS) - my2;
    r1 = (y * three_minus) >> (RECIP_FRAC_BITS + 1);                                         // y (3 - m y^2) / 2
  }
  // 1/sqrt(cwnd) = 2^10 / sqrt(x) = r1 2^-24 * 2^(10 - s/2).
  const int sh = 10 - static_cast<int>(s / 2);
  return sh >= 0 ? RsqrtQ24(RsqrtQ24(r1) << sh) : RsqrtQ24(r1 >> -sh);
}

// base + hops h + clamp(alpha/sqrt(fcwnd) + beta, 0, fs_range) (section 3.5). The parameter rules
// keep base + 255 h + fs_range below 2^26 ns.
CCF_BLOCK TargetQ8 fabric_target_block(const Regs& r, Cwnd fcwnd, uint32_t hops) {
  const ac_int<HOPS_W, false> h = hops < 255 ? hops : 255;
  const TargetQ8 topo = DelayQ8(r.base_target_q8) + h * ac_int<EWMA_W - HOPS_W, false>(r.per_hop_q8);
  const RsqrtQ24 rs = rsqrt_block(fcwnd, r.divider);
  TargetQ8 fs;
  if (rs >= r.fs_sat_rs) {
    fs = r.fs_range_q8;  // alpha/sqrt(fcwnd) + beta >= fs_range (fcwnd <= fs_min_cwnd)
  } else {               // rs < fs_sat_rs: alpha rs < (fs_range + |beta|) 2^24
    const ac_int<FS_TERM_W, false> a = (ac_int<FS_ALPHA_W, false>(r.fs_alpha_q8) * rs) >> RECIP_FRAC_BITS;
    const ac_int<FS_TERM_W, false> above_beta = a - r.fs_beta_q8;  // when a > |beta|
    fs = a <= r.fs_beta_q8 ? TargetQ8(0) : above_beta < r.fs_range_q8 ? TargetQ8(above_beta) : TargetQ8(r.fs_range_q8);
  }
  return topo + fs;
}

// ---------------------------------------------------------------- small blocks


constexpr bool shipped_cwnd(const Widths& w) { return w.cwnd_int == CWND_W - CWND_FRAC_BITS && w.cwnd_frac == CWND_FRAC_BITS; }

// A window written back to the state memory at the kept widths (docs/explore.md 2).
[[gnu::noinline]] Cwnd store_cwnd_narrow(Cwnd w, const Widths& wd) {
  const unsigned drop = CWND_FRAC_BITS - wd.cwnd_frac;
  return store_value(w.to_uint64(), drop, field_max(wd.cwnd_int + CWND_FRAC_BITS, drop));
}
CCF_BLOCK Cwnd store_cwnd(Cwnd w, const Regs& r) {
  if (shipped_cwnd(r.widths)) [[likely]] return w;
  return store_cwnd_narrow(w, r.widths);
}

CCF_BLOCK Cwnd clamp_cwnd(Next w, const Regs& r) {
  if (w < r.min_cwnd) return store_cwnd(r.min_cwnd, r);
  if (w > r.max_cwnd) return store_cwnd(r.max_cwnd, r);
  return store_cwnd(Cwnd(w), r);
}

// now modulo 2^time.
Stamp stamp_of(uint32_t now_ns, const Regs& r) { return now_ns & static_cast<uint32_t>(ones(r.widths.time)); }

// (now - t_last_decrease) mod 2^time >= rtt (Algorithm 1 line 3). One subtractor and a comparator.
CCF_BLOCK bool can_decrease(uint32_t now_ns, Stamp t_last_ns, DelayNs rtt_ns, const Regs& r) {
  const Stamp elapsed = Stamp(now_ns) - t_last_ns;  // modulo 2^32
  return stamp_of(elapsed.to_uint(), r) >= rtt_ns;
}

// cwnd * f / 2^24, rounded; f <= 2^24.
Next scale(Cwnd cwnd, Recip f) {
  const ac_int<CWND_W + RECIP_FRAC_BITS + 1, false> p = cwnd * f + (kRecipOne >> 1);
  return p >> RECIP_FRAC_BITS;
}

// 1 - max_mdf in 2^-24.
Recip one_minus_max_mdf(const Regs& r) { return Recip(kRecipOne) - (Recip(r.max_mdf) << (RECIP_FRAC_BITS - GAIN_FRAC_BITS)); }

// Lines 26-28: clamp, then stamp t_last_decrease when the window did not grow.
CCF_BLOCK WindowAction finish_window(Cwnd& cwnd, Stamp& t_last, Next next, Cwnd prev, uint32_t now_ns, WindowAction a,
                                     const Regs& r) {
  cwnd = clamp_cwnd(next, r);
  if (cwnd < prev || (r.stamp_on_equal && cwnd == prev)) t_last = stamp_of(now_ns, r);
  return a;
}

// Algorithm 1 lines 4-14 for one window (fcwnd against the fabric target, ecwnd against the endpoint
// target). delay and target in 2^-8 ns, num_acked in Q8.20 packets.
CCF_BLOCK WindowAction ack_window(Cwnd& cwnd, Stamp& t_last, DelayQ8 delay_q8, TargetQ8 target_q8, Acked num_acked_q20,
                                  DelayNs rtt_ns, uint32_t now_ns, const Regs& r) {
  const Cwnd prev = cwnd;
  if (delay_q8 < target_q8) {
    // ai * num_acked: Q4.20 x Q8.20 -> Q12.20 (ai <= 16, num_acked <= 255: < 2^32).
    const ac_int<CWND_W, false> step = (ac_int<CWND_W - 7, false>(r.ai) * num_acked_q20) >> CWND_FRAC_BITS;
    ac_int<CWND_W + 1, false> inc = step;
    if (cwnd >= kCwndOne) {  // ai / cwnd * num_acked: times 1/cwnd = rc * 2^(20 - 24 - e), e >= 20
      unsigned e = 0;
      const Recip rc = recip_block(cwnd, e, r.divider);
      inc = (step * rc) >> (e + RECIP_FRAC_BITS - CWND_FRAC_BITS);
    }
    return finish_window(cwnd, t_last, cwnd + inc, prev, now_ns, WindowAction::kAdditiveIncrease, r);
  }
  if (!can_decrease(now_ns, t_last, rtt_ns, r)) return finish_window(cwnd, t_last, cwnd, prev, now_ns, WindowAction::kNone, r);
  // q = (delay - target) / delay in 2^-24 (delay >= target > 0), via 1/delay = rd * 2^-(24 + e).
  unsigned e = 0;
  const Recip rd = recip_block(delay_q8, e, r.divider);
  const ac_int<EWMA_W + RECIP_FRAC_BITS + 1, false> excess = (delay_q8 - target_q8) * rd;
  const ac_int<EWMA_W + RECIP_FRAC_BITS + 1, false> q_full = excess >> e;
  const Recip q = q_full < kRecipOne ? Recip(q_full) : Recip(kRecipOne);
  const ac_int<RECIP_FRAC_BITS + 2, false> cut = (Gain(r.beta) * q) >> GAIN_FRAC_BITS;  // beta q in 2^-24, <= 2^24
  Recip f = cut >= kRecipOne ? Recip(0) : Recip(kRecipOne - cut);
  const Recip floor_f = one_minus_max_mdf(r);
  if (f < floor_f) f = floor_f;
  return finish_window(cwnd, t_last, scale(cwnd, f), prev, now_ns, WindowAction::kMultiplicativeDecrease, r);
}

// Lines 20-21 and 24-25: cwnd <- (1 - max_mdf) cwnd if an RTT has passed since the last decrease.
CCF_BLOCK WindowAction md_window(Cwnd& cwnd, Stamp& t_last, DelayNs rtt_ns, uint32_t now_ns, const Regs& r) {
  const Cwnd prev = cwnd;
  if (!can_decrease(now_ns, t_last, rtt_ns, r)) return finish_window(cwnd, t_last, cwnd, prev, now_ns, WindowAction::kNone, r);
  return finish_window(cwnd, t_last, scale(cwnd, one_minus_max_mdf(r)), prev, now_ns,
                       WindowAction::kMultiplicativeDecrease, r);
}

// Lines 29-32: pacing_delay = rtt / cwnd if cwnd < 1, else 0. rtt * 2^20 / cwnd = rtt * rc >> (e + 4),
// e < 20.
CCF_BLOCK Pacing pacing_of(Cwnd cwnd, DelayNs rtt_ns, const Regs& r) {
  if (cwnd >= kCwndOne) return 0;
  unsigned e = 0;
  const Recip rc = recip_block(cwnd, e, r.divider);
  const ac_int<DELAY_W + RECIP_FRAC_BITS + 1, false> p = (rtt_ns * rc) >> (e + RECIP_FRAC_BITS - CWND_FRAC_BITS);
  return saturate<PACING_W>(p.to_uint64(), ones(r.widths.pacing));
}

CCF_BLOCK Out finish(State& s, const Regs& r, Out out) {
  const Cwnd cwnd = s.fcwnd < s.ecwnd ? s.fcwnd : s.ecwnd;
  s.pacing_ns = pacing_of(cwnd, s.rtt_ns, r);
  out.cwnd = cwnd.to_uint();
  out.pacing_ns = s.pacing_ns.to_uint();
  return out;
}

std::string fmt_double(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

// ---------------------------------------------------------------- datapath blocks, exposed for the tests

uint32_t recip_mant(uint64_t x, unsigned& e, Divider form) { return recip_block(ac_int<64, false>(x), e, form).to_uint(); }
uint64_t rsqrt_q24(uint32_t cwnd_q20, Divider form) { return rsqrt_block(cwnd_q20, form).to_uint64(); }
uint64_t fabric_target_q8(const Regs& r, uint32_t fcwnd, uint32_t hops) { return fabric_target_block(r, fcwnd, hops).to_uint64(); }

// ---------------------------------------------------------------- events

State swift_initial_state(const Regs& r, uint32_t now_ns) {
  State s;
  s.fcwnd = s.ecwnd = store_cwnd(r.init_cwnd, r);
  s.t_last_decrease_f_ns = s.t_last_decrease_e_ns = stamp_of(now_ns, r);
  s.pacing_ns = 0;  // no RTT sample yet: the unit's one-packet window holds a sub-packet flow
  return s;
}

Out on_ack(State& s, const Regs& r, const AckIn& in) {
  Out out;
  s.retransmit_cnt = 0;                                                     // line 4
  const DelayNs rtt = saturate<DELAY_W>(in.rtt_ns, ones(r.widths.rtt));
  s.rtt_ns = rtt;
  // Section 3.3: endpoint delay = remote queuing + local NIC Rx delay (t6 - t5 = 0: this unit is the
  // sender NIC and acts at t5); fabric delay = RTT - endpoint delay (>= 0 after saturation).
  const DelayNs endpoint = saturate<DELAY_W>(in.remote_queuing_ns, rtt.to_uint64());
  const DelayNs fabric = rtt - endpoint;
  out.endpoint_delay_ns = endpoint.to_uint();
  out.fabric_delay_ns = fabric.to_uint();
  // EWMA of the endpoint delay: d <- d + g (sample - d), rounded (section 3.3).
  const DelayQ8 sample_q8 = DelayQ8(endpoint) << Q8;
  if (!s.endpoint_valid) {
    s.endpoint_delay_q8 = sample_q8;
    s.endpoint_valid = true;
  } else {
    const ac_int<EWMA_W + 1, true> diff = sample_q8 - s.endpoint_delay_q8;
    const ac_int<EWMA_W + GAIN_FRAC_BITS + 2, true> step =
        (diff * Gain(r.ewma_gain) + (1 << (GAIN_FRAC_BITS - 1))) >> GAIN_FRAC_BITS;  // arithmetic shift: floor
    s.endpoint_delay_q8 = s.endpoint_delay_q8 + step;  // between the old value and the sample
    if (r.widths.ewma_frac != Q8) s.endpoint_delay_q8 = round_lsbs(s.endpoint_delay_q8.to_uint64(), Q8 - r.widths.ewma_frac);
  }
  // num_acked = acked_bytes / mtu = acked_bytes * (2^32 / mtu) >> 12, in Q8.20, saturating.
  const ac_int<24, false> bytes = saturate<24>(in.acked_bytes, kMaxAckedBytes);
  const ac_int<24 + 27 - (32 - CWND_FRAC_BITS), false> acked = (bytes * ac_int<27, false>(r.inv_mtu)) >> (32 - CWND_FRAC_BITS);
  const Acked num_acked = saturate<CWND_W - 4>(acked.to_uint64(), uint64_t{kMaxNumAckedPackets} << CWND_FRAC_BITS);
  // Line 5, section 3.5: the fabric target from fcwnd before this ACK's update.
  const TargetQ8 fabric_target = fabric_target_block(r, s.fcwnd, in.hops);
  out.fabric_target_q8 = fabric_target.to_uint64();
  out.fabric = ack_window(s.fcwnd, s.t_last_decrease_f_ns, DelayQ8(fabric) << Q8, fabric_target, num_acked, rtt, in.now_ns, r);
  out.endpoint = ack_window(s.ecwnd, s.t_last_decrease_e_ns, s.endpoint_delay_q8, r.endpoint_target_q8, num_acked, rtt,
                            in.now_ns, r);
  return finish(s, r, out);
}

Out on_retransmit_timeout(State& s, const Regs& r, uint32_t now_ns) {
  Out out;
  if (s.retransmit_cnt < ones(r.widths.retx)) ++s.retransmit_cnt;  // line 16, saturating
  if (s.retransmit_cnt >= r.retx_reset_threshold) {      // lines 17-18
    const Cwnd pf = s.fcwnd, pe = s.ecwnd;
    out.fabric = finish_window(s.fcwnd, s.t_last_decrease_f_ns, r.min_cwnd, pf, now_ns, WindowAction::kReset, r);
    out.endpoint = finish_window(s.ecwnd, s.t_last_decrease_e_ns, r.min_cwnd, pe, now_ns, WindowAction::kReset, r);
  } else {                                               // lines 20-21
    out.fabric = md_window(s.fcwnd, s.t_last_decrease_f_ns, s.rtt_ns, now_ns, r);
    out.endpoint = md_window(s.ecwnd, s.t_last_decrease_e_ns, s.rtt_ns, now_ns, r);
  }
  return finish(s, r, out);
}

Out on_fast_recovery(State& s, const Regs& r, uint32_t now_ns) {
  Out out;
  s.retransmit_cnt = 0;  // line 23
  out.fabric = md_window(s.fcwnd, s.t_last_decrease_f_ns, s.rtt_ns, now_ns, r);
  out.endpoint = md_window(s.ecwnd, s.t_last_decrease_e_ns, s.rtt_ns, now_ns, r);
  return finish(s, r, out);
}

// ---------------------------------------------------------------- configuration (software)

std::string swift_params_error(const Params& p) {
  auto bad = [](const char* key, double v, const char* rule) {
    return std::string("cc.swift.") + key + " = " + fmt_double(v) + " must be " + rule;
  };
  auto finite = [](double v) { return std::isfinite(v); };
  constexpr double kMaxDelayUs = kDelayMaxNs / 1000.0;  // 67108.863 us
  // Targets of at least 1 ns keep every delay that reaches the decrease path > 0 (1/delay is defined).
  if (!finite(p.base_target_us) || p.base_target_us < 0.001 || p.base_target_us > kMaxDelayUs)
    return bad("base_target_us", p.base_target_us, ">= 0.001 and <= 67108 (us, 26-bit ns delays)");
  if (!finite(p.per_hop_us) || p.per_hop_us < 0 || p.per_hop_us > 100)
    return bad("per_hop_us", p.per_hop_us, ">= 0 and <= 100 (us)");
  if (!finite(p.fs_range_us) || p.fs_range_us < 0 || p.fs_range_us > 10000)
    return bad("fs_range_us", p.fs_range_us, ">= 0 and <= 10000 (us)");
  if (p.base_target_us + 255 * p.per_hop_us + p.fs_range_us > kMaxDelayUs)
    return bad("fs_range_us", p.fs_range_us,
               "small enough that base_target_us + 255 * per_hop_us + fs_range_us <= 67108 (us)");
  if (!finite(p.min_cwnd) || p.min_cwnd < 0.001 || p.min_cwnd > 4095)
    return bad("min_cwnd", p.min_cwnd, ">= 0.001 and <= 4095 (packets)");
  if (!finite(p.max_cwnd) || p.max_cwnd < p.min_cwnd || p.max_cwnd > 4095)
    return bad("max_cwnd", p.max_cwnd, ">= cc.swift.min_cwnd and <= 4095 (packets, Q12.20 window)");
  if (!finite(p.init_cwnd) || p.init_cwnd < p.min_cwnd || p.init_cwnd > p.max_cwnd)
    return bad("init_cwnd", p.init_cwnd, ">= cc.swift.min_cwnd and <= cc.swift.max_cwnd (packets)");
  if (!finite(p.fs_min_cwnd) || p.fs_min_cwnd < 0.001 || p.fs_min_cwnd > 4095)
    return bad("fs_min_cwnd", p.fs_min_cwnd, ">= 0.001 and <= 4095 (packets)");
  if (!finite(p.fs_max_cwnd) || p.fs_max_cwnd > 4095 || p.fs_max_cwnd < p.fs_min_cwnd * 1.01)
    return bad("fs_max_cwnd", p.fs_max_cwnd, ">= 1.01 * cc.swift.fs_min_cwnd and <= 4095 (packets)");
  if (!finite(p.endpoint_target_us) || p.endpoint_target_us < 0.001 || p.endpoint_target_us > kMaxDelayUs)
    return bad("endpoint_target_us", p.endpoint_target_us, ">= 0.001 and <= 67108 (us)");
  if (!finite(p.endpoint_ewma_gain) || p.endpoint_ewma_gain < 1.0 / kGainOne || p.endpoint_ewma_gain > 1)
    return bad("endpoint_ewma_gain", p.endpoint_ewma_gain, ">= 2^-16 and <= 1 (weight of the new sample)");
  // ai is held in 2^-20 packets, beta and max_mdf in 2^-16 (swift_regs, rounded to the nearest): a value
  // that rounds to 0 would switch the increase or the decrease off, so it is below the smallest one.
  if (!finite(p.ai) || p.ai <= 0 || p.ai > kMaxAi || std::llround(p.ai * kCwndOne) == 0)
    return bad("ai", p.ai,
               "> 0 and <= 16 (packets; the smallest is 2^-20 = 9.5367431640625e-07, the LSB of the window)");
  if (!finite(p.beta) || p.beta <= 0 || p.beta > 1 || std::llround(p.beta * kGainOne) == 0)
    return bad("beta", p.beta, "> 0 and <= 1 (the smallest is 2^-16 = 1.52587890625e-05)");
  if (!finite(p.max_mdf) || p.max_mdf <= 0 || p.max_mdf >= 1 || std::llround(p.max_mdf * kGainOne) == 0 ||
      std::llround(p.max_mdf * kGainOne) >= kGainOne)
    return bad("max_mdf", p.max_mdf, "> 0 and < 1 (from 2^-16 = 1.52587890625e-05 to 1 - 2^-16)");
  if (p.retx_reset_threshold < 1 || p.retx_reset_threshold > kRetxMax)
    return bad("retx_reset_threshold", p.retx_reset_threshold, ">= 1 and <= 31 (5-bit counter)");
  // Widths (docs/explore.md 2): each in its range, and the parameters must fit them.
  const Widths& w = p.widths;
  const unsigned values[] = {w.cwnd_int, w.cwnd_frac, w.time, w.rtt, w.ewma_frac, w.retx, w.pacing};
  for (size_t i = 0; i < kWidthKnobs.size(); ++i)
    if (values[i] < kWidthKnobs[i].min || values[i] > kWidthKnobs[i].shipped)
      return bad((std::string("widths.") + kWidthKnobs[i].name).c_str(), values[i],
                 (std::to_string(kWidthKnobs[i].min) + ".." + std::to_string(kWidthKnobs[i].shipped) + " (bits)").c_str());
  if (p.max_cwnd >= std::ldexp(1.0, static_cast<int>(w.cwnd_int)))
    return bad("max_cwnd", p.max_cwnd, ("< 2^widths.cwnd_int = " + fmt_double(std::ldexp(1.0, static_cast<int>(w.cwnd_int))) +
                                        " packets").c_str());
  if (p.min_cwnd < std::ldexp(1.0, -static_cast<int>(w.cwnd_frac)))
    return bad("min_cwnd", p.min_cwnd, (">= 2^-widths.cwnd_frac = " + fmt_double(std::ldexp(1.0, -static_cast<int>(w.cwnd_frac))) +
                                        " packets").c_str());
  if (p.retx_reset_threshold > ones(w.retx))
    return bad("retx_reset_threshold", p.retx_reset_threshold, ("<= 2^widths.retx - 1 = " + std::to_string(ones(w.retx))).c_str());
  if (w.time < w.rtt)
    return bad("widths.time", w.time, (">= widths.rtt = " + std::to_string(w.rtt) + " (an RTT must fit the timestamp range)").c_str());
  const double rtt_max_us = double(ones(w.rtt)) / 1000.0;
  if (p.base_target_us + p.fs_range_us >= rtt_max_us || p.endpoint_target_us >= rtt_max_us)
    return bad("widths.rtt", w.rtt, ("large enough that base_target_us + fs_range_us and endpoint_target_us are < 2^rtt ns = " +
                                     fmt_double(rtt_max_us) + " us (a delay saturates there)").c_str());
  return "";
}

Regs swift_regs(const Params& p, uint32_t mtu_bytes) {
  auto q8 = [](double us) { return std::llround(us * 1000.0 * (1 << Q8)); };
  auto q20 = [](double pkts) { return static_cast<uint32_t>(std::llround(pkts * kCwndOne)); };
  auto g16 = [](double g) { return static_cast<uint32_t>(std::llround(g * kGainOne)); };
  Regs r;
  r.base_target_q8 = static_cast<uint64_t>(q8(p.base_target_us));
  r.per_hop_q8 = static_cast<uint32_t>(q8(p.per_hop_us));
  // Target-delay scaling (the Swift paper, section 3.5; square roots as in htsim and INET): alpha = fs_range / (1/sqrt(fs_min) - 1/sqrt(fs_max)), beta = -alpha / sqrt(fs_max).
  const double alpha_ns = p.fs_range_us * 1000.0 / (1.0 / std::sqrt(p.fs_min_cwnd) - 1.0 / std::sqrt(p.fs_max_cwnd));
  r.fs_alpha_q8 = static_cast<uint64_t>(std::llround(alpha_ns * (1 << Q8)));
  r.fs_beta_q8 = static_cast<uint64_t>(std::llround(alpha_ns / std::sqrt(p.fs_max_cwnd) * (1 << Q8)));
  r.fs_range_q8 = static_cast<uint64_t>(q8(p.fs_range_us));
  // alpha rs / 2^24 - beta >= fs_range  <=>  rs >= (fs_range + beta) 2^24 / alpha.
  r.fs_sat_rs = r.fs_alpha_q8 == 0 ? ~uint64_t{0}
                                   : ((r.fs_range_q8 + r.fs_beta_q8) << RECIP_FRAC_BITS) / r.fs_alpha_q8;
  r.endpoint_target_q8 = static_cast<uint64_t>(q8(p.endpoint_target_us));
  r.ewma_gain = g16(p.endpoint_ewma_gain);
  r.ai = q20(p.ai);
  r.beta = g16(p.beta);
  r.max_mdf = g16(p.max_mdf);
  r.min_cwnd = q20(p.min_cwnd);
  r.max_cwnd = q20(p.max_cwnd);
  r.init_cwnd = q20(p.init_cwnd);
  r.inv_mtu = static_cast<uint32_t>(((uint64_t{1} << 32) + mtu_bytes / 2) / mtu_bytes);
  r.retx_reset_threshold = p.retx_reset_threshold;
  r.stamp_on_equal = p.decrease_stamp_on_equal;
  r.widths = p.widths;
  r.divider = p.divider;
  return r;
}

}  // namespace ccf::hls::swift
