// ldcp_kernel.cpp: LDCP sender kernel. State, widths and parameters: ldcp_kernel.hpp; arithmetic per
// event and error bound: docs/units/ldcp.md. No divider: packets = bytes >> log2(mtu) (RoCE MTUs are
// powers of two), n beta and gamma are shifts of exact 2^-16 constants, eta cw is one multiply, and
// both divisions of the draft (alpha/cw, RTT/cw) go through one reciprocal unit: leading-one detect,
// a 256-entry seed table and one Newton-Raphson step.
#include "hls/ldcp/ldcp_kernel.hpp"

#include "hls/priority_encoder.hpp"
#include "hls/rounding.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ccf::hls::ldcp {
namespace {

constexpr unsigned kShiftGainToCw = CW_FRAC_BITS - GAIN_FRAC_BITS;

// Seed table: 1/m at the middle of each of the 256 intervals of m in [1, 2), rounded, in 2^-24
// units. Integer-only, so the ROM contents are exact: round(2^33 / (512 + 2i + 1)).
constexpr std::array<uint32_t, 1u << RECIP_IDX_BITS> make_seed_table() {
  std::array<uint32_t, 1u << RECIP_IDX_BITS> t{};
  for (unsigned i = 0; i < t.size(); ++i) {
    const uint64_t den = 2 * (uint64_t{1} << RECIP_IDX_BITS) + 2 * i + 1;
    t[i] = static_cast<uint32_t>(((uint64_t{1} << (RECIP_FRAC_BITS + RECIP_IDX_BITS + 1)) + den / 2) / den);
  }
  return t;
}
constexpr auto kSeed = make_seed_table();
static_assert(kSeed[0] < (1u << RECIP_FRAC_BITS) && kSeed[255] > (1u << (RECIP_FRAC_BITS - 1)));

// The datapath's operands at their widths (ac_int); every intermediate is as wide as its operator's
// result needs, and each narrowing assignment is bounded in its comment.
using Cw = ac_int<CW_W, false>;                     // 2^-20 packet
using CwGain = ac_int<GAIN_FRAC_BITS + 1 + kShiftGainToCw, false>;  // a gain in cw LSBs, <= 1 packet
using Gain = ac_int<GAIN_FRAC_BITS + 1, false>;     // 2^-16, <= 1
using Mant = ac_int<RECIP_FRAC_BITS + 1, false>;    // a normalised mantissa, Q1.24 in [1, 2)
using RecipQ24 = ac_int<RECIP_FRAC_BITS + 1, false>;  // 2^-24, (2^23, 2^24]

// ceil(bytes / mtu) as a shift and an OR-reduce of the low bits, saturated to `max`.
template <int W>
ac_int<W, false> packets_ceil(uint64_t bytes, uint32_t shift, uint64_t max) {
  const ac_int<64, false> b = bytes;
  const ac_int<64, false> low = b & ((ac_int<64, false>(1) << shift) - 1);
  const ac_int<65, false> pk = (b >> shift) + ac_int<1, false>(low != 0 ? 1 : 0);
  return pk < max ? ac_int<W, false>(pk) : ac_int<W, false>(max);
}

CwGain gain_to_cw(uint32_t g) { return CwGain(g) << kShiftGainToCw; }

// cw written back to the state memory at the kept widths (docs/explore.md 2).
Cw store_cw(Cw cw, const Config& c) {
  if (c.widths.cw_int == CW_INT_BITS && c.widths.cw_frac == CW_FRAC_BITS) return cw;
  const unsigned drop = CW_FRAC_BITS - c.widths.cw_frac;
  return store_value(cw.to_uint64(), drop, field_max(c.widths.cw_int + CW_FRAC_BITS, drop));
}

// 1/x = r 2^-p for x > 0 of W bits: leading-one detect, normalise to m = x / 2^e in [1, 2) as Q1.24
// (truncated when x is wider than 25 bits), a seed and one Newton-Raphson step r0 (2 - m r0), both
// products rounded; p = e + 24.
struct RecipAc {
  RecipQ24 r;
  unsigned p = 0;
};
template <int W>
RecipAc reciprocal(ac_int<W, false> x, Divider form) {
  RecipAc out;
  if (x == 0) return out;  // callers never pass 0 (cw >= gamma > 0)
  out.p = msb_index(x);
  const Mant m = out.p <= RECIP_FRAC_BITS ? Mant(ac_int<W + RECIP_FRAC_BITS, false>(x) << (RECIP_FRAC_BITS - out.p))
                                          : Mant(x >> (out.p - RECIP_FRAC_BITS));
  if (form != Divider::kRecipTable) {  // hls/divider.hpp, on m as Q1.30
    const divider::Mant30 m30 = divider::Mant30(m) << (30 - RECIP_FRAC_BITS);
    out.r = form == Divider::kRecipRom ? divider::recip_rom(m30)
            : form == Divider::kShift  ? divider::recip_shift(m30)
                                       : divider::recip_exact(m30);
    return out;
  }
  const ac_int<RECIP_FRAC_BITS, false> r0 = kSeed[m.slc<RECIP_IDX_BITS>(RECIP_FRAC_BITS - RECIP_IDX_BITS).to_uint()];
  // Newton-Raphson: r1 = r0 (2 - m r0). m r0 < 2^49, r0 (2 - m r0) < 2^49.
  const RecipQ24 mr = round_shift(m * r0, RECIP_FRAC_BITS);                               // ~2^24 (1 - e0)
  const ac_int<RECIP_FRAC_BITS + 2, false> two_minus = ac_int<RECIP_FRAC_BITS + 2, false>(2u << RECIP_FRAC_BITS) - mr;
  out.r = round_shift(r0 * two_minus, RECIP_FRAC_BITS);                                    // <= 2^24
  return out;
}

// Shortest decimal that reads back as v (for error messages).
std::string show(double v) {
  char buf[40];
  if (v == std::floor(v) && std::abs(v) < 1e15) {  // whole numbers as written: 20000, not 2e+04
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

bool multiple_of_gain_lsb(double v) {
  const double scaled = v * kGainOne;
  return std::isfinite(scaled) && scaled == std::floor(scaled);
}

std::string fraction_error(const char* key, double v, bool ok, const char* range) {
  if (ok && multiple_of_gain_lsb(v)) return "";
  return std::string("cc.ldcp.") + key + " = " + show(v) + " must be in " + range +
         " and a multiple of 2^-16 (e.g. 0.25, 0.125, 0.0625)";
}

}  // namespace

uint64_t ldcp_store_cw(uint64_t cw, const Config& c) { return store_cw(cw, c).to_uint64(); }

uint32_t ldcp_recip_seed(unsigned i) { return kSeed[i & ((1u << RECIP_IDX_BITS) - 1)]; }

Recip ldcp_reciprocal(uint64_t x, Divider form) {
  const RecipAc r = reciprocal(ac_int<64, false>(x), form);
  Recip out;
  out.r = r.r.to_uint();
  out.p = r.p;
  return out;
}

std::string ldcp_params_error(const Params& p) {
  std::string e;
  if (!(e = fraction_error("alpha", p.alpha, p.alpha > 0 && p.alpha <= 1, "(0, 1]")).empty()) return e;
  if (!(e = fraction_error("beta", p.beta, p.beta > 0 && p.beta <= 1, "(0, 1]")).empty()) return e;
  if (!(e = fraction_error("gamma", p.gamma, p.gamma >= 1.0 / kMinGammaInv && p.gamma < 1, "[1/256, 1)")).empty())
    return e;
  if (!(e = fraction_error("eta", p.eta, p.eta > 0 && p.eta < 1, "(0, 1)")).empty()) return e;
  if (p.base_rtt_ns == 0 || p.base_rtt_ns > kRttMax)
    return "cc.ldcp.base_rtt_ns = " + std::to_string(p.base_rtt_ns) + " must be 1..16777215 (24 bits of ns)";
  if (static_cast<unsigned>(p.variant) >= kVariants)
    return "cc.ldcp.variant = " + std::to_string(unsigned(p.variant)) + " must be \"pawa\" or \"cx6dx_pcc\"";
  // The probe timestamp keeps 24 bits of ns (ldcp_pcc_kernel.hpp): a timeout must be below 2^24 ns.
  const double timeout_ns = std::round(p.probe_timeout_us * 1000.0);
  if (!(timeout_ns >= 1 && timeout_ns < double(uint64_t{1} << 24)))
    return "cc.ldcp.probe_timeout_us = " + show(p.probe_timeout_us) +
           " must be from 0.001 to 16777.215 (us; the probe timestamp keeps 24 bits of ns)";
  if (p.wire_overhead_bytes > 1000)
    return "cc.ldcp.wire_overhead_bytes = " + std::to_string(p.wire_overhead_bytes) + " must be 0..1000 (bytes)";
  return "";
}

uint64_t ldcp_bdp_bytes(const Params& p, double line_gbps) {
  if (p.bdp_bytes != 0) return p.bdp_bytes;
  return static_cast<uint64_t>(std::ceil(p.base_rtt_ns * line_gbps / 8.0));  // ns x Gb/s = bits
}

std::string ldcp_config_error(const Params& p, uint32_t mtu_bytes, double line_gbps) {
  if (std::string e = ldcp_params_error(p); !e.empty()) return e;
  if (mtu_bytes < 256 || mtu_bytes > 4096 || !std::has_single_bit(mtu_bytes))
    return "nic.mtu_bytes = " + std::to_string(mtu_bytes) +
           " must be a power of two in 256..4096 for LDCP (packets = bytes >> log2(mtu))";
  if (!(line_gbps > 0) || !std::isfinite(line_gbps) || line_gbps > 1e5)
    return "nic.link_gbps = " + show(line_gbps) + " must be in (0, 100000] for LDCP (BDP = base RTT x line rate)";
  const uint64_t bdp = ldcp_bdp_bytes(p, line_gbps);
  const uint64_t iw = (bdp + mtu_bytes - 1) / mtu_bytes;  // configuration time, not the datapath
  if (iw < 1 || iw > kPktMax) {
    const std::string rule = " must give IW = ceil(BDP / mtu) in 1..65535 packets (BDP = " + std::to_string(bdp) +
                             " B, mtu = " + std::to_string(mtu_bytes) + " B)";
    if (p.bdp_bytes != 0) return "cc.ldcp.bdp_bytes = " + std::to_string(p.bdp_bytes) + rule;
    return "cc.ldcp.base_rtt_ns = " + std::to_string(p.base_rtt_ns) + rule + " at " + show(line_gbps) + " Gb/s";
  }
  // Widths (docs/explore.md 2): each in its range, and IW, gamma and the base RTT must fit them.
  const Widths& w = p.widths;
  const unsigned values[] = {w.cw_int, w.cw_frac, w.pkt, w.rtt};
  for (size_t i = 0; i < kWidthKnobs.size(); ++i)
    if (values[i] < kWidthKnobs[i].min || values[i] > kWidthKnobs[i].shipped)
      return std::string("cc.ldcp.widths.") + kWidthKnobs[i].name + " = " + std::to_string(values[i]) + " must be " +
             std::to_string(kWidthKnobs[i].min) + ".." + std::to_string(kWidthKnobs[i].shipped) + " (bits)";
  if (iw >= (uint64_t{1} << w.cw_int) || iw > ones(w.pkt)) {
    const bool cw = iw >= (uint64_t{1} << w.cw_int);
    return std::string("cc.ldcp.widths.") + (cw ? "cw_int = " + std::to_string(w.cw_int) : "pkt = " + std::to_string(w.pkt)) +
           " must hold IW = " + std::to_string(iw) + " packets (IW < 2^" + (cw ? "cw_int" : "pkt") + ")";
  }
  if (p.gamma < std::ldexp(1.0, -static_cast<int>(w.cw_frac)))
    return "cc.ldcp.widths.cw_frac = " + std::to_string(w.cw_frac) + " must give an LSB <= gamma = " + show(p.gamma) +
           " (2^-cw_frac <= gamma)";
  if (p.base_rtt_ns > ones(w.rtt))
    return "cc.ldcp.widths.rtt = " + std::to_string(w.rtt) + " must hold base_rtt_ns = " + std::to_string(p.base_rtt_ns) +
           " (< 2^rtt)";
  if (p.variant == Variant::kCx6dxPcc) {
    // T (a full frame at line rate) as mantissa and shift: 2^-6 ns <= T < 2^23 ns keeps every shift of
    // the rate datapath in range (ldcp_pcc_kernel.cpp).
    const double t_ns = (double(mtu_bytes) + p.wire_overhead_bytes) * 8.0 / line_gbps;
    if (!(t_ns >= std::ldexp(1.0, -6) && t_ns < std::ldexp(1.0, 23)))
      return "nic.link_gbps = " + show(line_gbps) + " gives a full frame " + show(t_ns) +
             " ns on the wire; cc.ldcp.variant = \"cx6dx_pcc\" needs 2^-6 ns to 2^23 ns";
  }
  return "";
}

namespace {
// x > 0 as a 24-bit mantissa in [2^23, 2^24) and a shift: x ~= mant / 2^shift (configuration time).
void to_mant_shift(double x, uint32_t& mant, uint32_t& shift) {
  int e = 0;
  const double f = std::frexp(x, &e);  // x = f 2^e, f in [0.5, 1)
  auto m = static_cast<uint64_t>(std::llround(std::ldexp(f, 24)));
  if (m == (uint64_t{1} << 24)) m >>= 1, ++e;
  mant = static_cast<uint32_t>(m);
  shift = static_cast<uint32_t>(24 - e);
}
}  // namespace

Config ldcp_config(const Params& p, uint32_t mtu_bytes, double line_gbps) {
  Config c;
  c.alpha = static_cast<uint32_t>(std::lround(p.alpha * kGainOne));
  c.beta = static_cast<uint32_t>(std::lround(p.beta * kGainOne));
  c.gamma = static_cast<uint32_t>(std::lround(p.gamma * kGainOne));
  c.eta = static_cast<uint32_t>(std::lround(p.eta * kGainOne));
  c.mtu_shift = static_cast<uint32_t>(std::countr_zero(mtu_bytes));
  c.iw_packets = static_cast<uint32_t>((ldcp_bdp_bytes(p, line_gbps) + mtu_bytes - 1) / mtu_bytes);
  c.base_rtt_ns = p.base_rtt_ns;
  c.fast_start = p.fast_start;
  c.widths = p.widths;
  c.divider = p.divider;
  c.variant = p.variant;
  c.probe_timeout_ns = static_cast<uint32_t>(std::llround(p.probe_timeout_us * 1000.0));
  c.cw_clamp = p.cw_clamp;
  const double t_ns = (double(mtu_bytes) + p.wire_overhead_bytes) * 8.0 / line_gbps;
  to_mant_shift(t_ns, c.pkt_ns_mant, c.pkt_ns_shift);
  to_mant_shift(1.0 / t_ns, c.line_win_mant, c.line_win_shift);
  return c;
}

LdcpState ldcp_initial_state(const Config& c) {
  LdcpState s;
  s.cw = Cw(c.iw_packets) << CW_FRAC_BITS;
  s.stable = !c.fast_start;
  s.fs_left = c.fast_start ? c.iw_packets : 0;
  s.fs_acked = 0;
  s.rtt_ns = c.base_rtt_ns;
  return s;
}

void ldcp_set_message_bytes(LdcpState& s, const Config& c, uint64_t message_bytes) {
  if (s.stable) return;
  s.fs_left = message_bytes == 0 ? decltype(s.fs_left)(c.iw_packets) : packets_ceil<PKT_W>(message_bytes, c.mtu_shift, c.iw_packets);
}

LdcpOut ldcp_on_ack(LdcpState& s, const Config& c, const AckIn& a) {
  LdcpOut out;
  const uint64_t rtt_max = ones(c.widths.rtt);
  if (a.rtt_ns != 0) s.rtt_ns = a.rtt_ns < rtt_max ? a.rtt_ns : rtt_max;
  const ac_int<N_W, false> n = packets_ceil<N_W>(a.acked_bytes, c.mtu_shift, kNMax);
  out.n = n.to_uint();
  if (!s.stable) {
    // Fast start: count the packets acknowledged (LSN in packets); a full IW ends it with cw = BDP.
    s.fs_acked = packets_ceil<PKT_W>(a.cum_bytes_acked, c.mtu_shift, ones(c.widths.pkt));
    if (s.fs_acked >= c.iw_packets) {
      s.stable = true;
      s.fs_left = 0;
      s.cw = Cw(c.iw_packets) << CW_FRAC_BITS;
      out.action = Action::kFullWindowAcked;
      out.window_changed = true;
    } else {
      out.action = Action::kFastStartAck;
    }
    return out;
  }
  // PAWA acts on ACKs of ECT frames that confirm new data.
  if (n == 0 || a.fast_start_echo) return out;
  const CwGain gamma = gain_to_cw(c.gamma);
  const Cw before = s.cw;
  Cw cw = before;
  if (cw >= kCwOne) {
    if (!a.ece) {
      // eq. 1/2: cw + n alpha / cw = cw + (alpha n r) >> p, rounded (p >= CW_FRAC_BITS here).
      const RecipAc r = reciprocal(cw, c.divider);
      const ac_int<GAIN_FRAC_BITS + 1 + N_W + RECIP_FRAC_BITS + 1, false> num = Gain(c.alpha) * n * r.r;
      const ac_int<CW_W + 1, false> sum = cw + round_shift(num, r.p);  // the increase is <= 255 alpha < 2^28
      cw = sum < kCwMax ? Cw(sum) : Cw(kCwMax);
      out.action = Action::kIncrease;
    } else {
      // eq. 1/2: cw - n beta, floored at the minimum window gamma.
      const ac_int<GAIN_FRAC_BITS + 1 + kShiftGainToCw + N_W, false> dec = gain_to_cw(c.beta) * n;
      cw = cw > dec && cw - dec > gamma ? Cw(cw - dec) : Cw(gamma);
      out.action = Action::kDecrease;
    }
  } else {
    if (!a.ece) {
      cw += gamma;  // < 2 packets: no saturation
      out.action = Action::kSubOneIncrease;
    } else {
      const Cw scaled = round_shift(cw * Gain(c.eta), GAIN_FRAC_BITS);  // eta < 1: < 1 packet
      cw = scaled > gamma ? scaled : Cw(gamma);
      out.action = Action::kSubOneDecrease;
    }
  }
  s.cw = store_cw(cw, c);
  out.window_changed = s.cw != before;
  return out;
}

LdcpOut ldcp_on_loss(LdcpState& s, const Config& c) {
  LdcpOut out;
  if (s.stable) return out;  // the draft defines no window reaction to loss in the stable stage
  const Cw acked = Cw(s.fs_acked) << CW_FRAC_BITS;
  const CwGain gamma = gain_to_cw(c.gamma);
  s.stable = true;
  s.fs_left = 0;
  s.cw = store_cw(acked > gamma ? acked : Cw(gamma), c);
  out.action = Action::kLossExit;
  out.window_changed = true;
  return out;
}

LdcpOut ldcp_on_tx(LdcpState& s, const Config&) {
  if (!s.stable && s.fs_left > 0) --s.fs_left;
  return LdcpOut{};
}

bool ldcp_frame_not_ect(const LdcpState& s) { return !s.stable && s.fs_left > 1; }

uint64_t ldcp_window_bytes_fx(const LdcpState& s, const Config& c) {
  using WindowBytes = ac_int<CW_W + 12, false>;  // mtu <= 4096 = 2^12
  if (!s.stable) return (WindowBytes(c.iw_packets) << (c.mtu_shift + CW_FRAC_BITS)).to_uint64();
  if (s.cw < kCwOne) return (WindowBytes(kCwOne) << c.mtu_shift).to_uint64();
  return (WindowBytes(s.cw) << c.mtu_shift).to_uint64();  // widened first: ac_int's << keeps its width
}

uint64_t ldcp_send_interval_ns(const LdcpState& s, Divider form) {
  if (!s.stable || s.cw >= kCwOne || s.cw == 0) return 0;
  // RTT / cw = rtt_ns r 2^(CW_FRAC_BITS - p - RECIP_FRAC_BITS), rounded; p < CW_FRAC_BITS here, and
  // cw >= gamma >= 2^-8 keeps the result below 2^32 ns.
  const RecipAc r = reciprocal(s.cw, form);
  return round_shift(s.rtt_ns * r.r, r.p + RECIP_FRAC_BITS - CW_FRAC_BITS).to_uint64();
}

}  // namespace ccf::hls::ldcp
