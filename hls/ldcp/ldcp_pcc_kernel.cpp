// ldcp_pcc_kernel.cpp: LDCP's CX6-DX PCC variant (see ldcp_pcc_kernel.hpp; docs/units/ldcp.md 11).
// No divider: rate = cw T / RTT uses the PAWA kernel's reciprocal unit for 1/RTT and T as a
// configured mantissa; the line-rate window RTT / T multiplies by a configured 1/T. beta and alpha
// are shifts of exact 2^-16 constants into cw's LSBs.
#include "hls/ldcp/ldcp_pcc_kernel.hpp"

#include "hls/rounding.hpp"

namespace ccf::hls::ldcp {
namespace {

constexpr unsigned kShiftGainToCw = CW_FRAC_BITS - GAIN_FRAC_BITS;
using Cw = ac_int<CW_W, false>;                                      // 2^-20 packet
using CwGain = ac_int<GAIN_FRAC_BITS + 1 + kShiftGainToCw, false>;  // a gain in cw LSBs, <= 1 packet
using ProbeTime = ac_int<PROBE_TIME_W, false>;                       // ns modulo 2^24
CwGain gain_to_cw(uint32_t g) { return CwGain(g) << kShiftGainToCw; }

// x >> sh rounded to nearest; sh = 0 passes x.
template <int W>
ac_int<W + 1, false> shift_round(ac_int<W, false> x, unsigned sh) { return sh == 0 ? ac_int<W + 1, false>(x) : round_shift(x, sh); }

// (now - then) modulo 2^24.
ProbeTime probe_elapsed(uint64_t now_ns, ProbeTime then_ns) { return ProbeTime(now_ns) - then_ns; }

PccOut with_rate(PccOut out, const PccState& s, const Config& c) {
  out.rate = ldcp_pcc_rate(s, c, c.divider);
  return out;
}

}  // namespace

PccState ldcp_pcc_initial_state(const Config& c) {
  PccState s;
  s.cw = Cw(c.iw_packets) << CW_FRAC_BITS;
  s.rtt_ns = c.base_rtt_ns;
  s.probe_in_flight = false;  // owed: the first request goes with the flow's first frame
  s.probe_sent_ns = 0;
  return s;
}

uint64_t ldcp_pcc_line_window(uint32_t rtt_ns, const Config& c) {
  // RTT / T = rtt line_win_mant 2^-line_win_shift packets = rtt line_win_mant 2^(20 - line_win_shift) LSB.
  const ac_int<RTT_W + 24, false> prod = ac_int<RTT_W, false>(rtt_ns) * ac_int<24, false>(c.line_win_mant);
  const ac_int<RTT_W + 24 + 3, false> w = c.line_win_shift >= CW_FRAC_BITS
                                              ? ac_int<RTT_W + 24 + 3, false>(shift_round(prod, c.line_win_shift - CW_FRAC_BITS))
                                              : ac_int<RTT_W + 24 + 3, false>(prod) << (CW_FRAC_BITS - c.line_win_shift);  // <= 3 bits
  return w < kCwMax ? w.to_uint64() : kCwMax;
}

uint32_t ldcp_pcc_rate(const PccState& s, const Config& c, Divider form) {
  // rate 2^20 = cw_lsb 2^-20 x T x (1/RTT) x 2^20, with T = pkt_ns_mant 2^-pkt_ns_shift and
  // 1/RTT = r 2^-(p + 24):  rate = cw_lsb x (pkt_ns_mant r 2^-24) >> (pkt_ns_shift + p).
  const ac_int<RTT_W, false> rtt = s.rtt_ns != 0 ? s.rtt_ns : ac_int<RTT_W, false>(1);
  const Recip r = ldcp_reciprocal(rtt.to_uint64(), form);                                // 2^23 < r <= 2^24
  const ac_int<RECIP_FRAC_BITS + 1, false> tr =
      round_shift(ac_int<24, false>(c.pkt_ns_mant) * ac_int<RECIP_FRAC_BITS + 1, false>(r.r), RECIP_FRAC_BITS);  // <= 2^24
  const ac_int<CW_W + RECIP_FRAC_BITS + 1, false> prod = s.cw * tr;                       // < 2^36 x 2^25 = 2^61
  const unsigned sh = c.pkt_ns_shift + r.p;
  const ac_int<CW_W + RECIP_FRAC_BITS + 2, false> rate = sh >= 63 ? ac_int<CW_W + RECIP_FRAC_BITS + 2, false>(0) : shift_round(prod, sh);
  if (rate >= kRateOne) return kRateOne;
  return rate == 0 ? 1 : rate.to_uint();  // never 0: the TX pipeline needs a rate > 0
}

PccOut ldcp_pcc_on_cnp(PccState& s, const Config& c) {
  PccOut out;
  out.action = PccAction::kCnpDecrease;
  const Cw before = s.cw;
  const CwGain beta = gain_to_cw(c.beta), gamma = gain_to_cw(c.gamma);
  s.cw = ldcp_store_cw((s.cw > beta && s.cw - beta > gamma ? Cw(s.cw - beta) : Cw(gamma)).to_uint64(), c);
  out.window_changed = s.cw != before;
  out.request_probe = ldcp_pcc_probe_wanted(s);
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_probe_sent(PccState& s, const Config& c, uint64_t now_ns) {
  PccOut out;
  out.action = PccAction::kProbeSent;
  s.probe_in_flight = true;
  s.probe_sent_ns = ProbeTime(now_ns);  // modulo 2^24
  out.arm_timeout_ns = c.probe_timeout_ns;
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_rtt_response(PccState& s, const Config& c, uint64_t echo_sent_ns, uint64_t now_ns) {
  PccOut out;
  if (!s.probe_in_flight || ProbeTime(echo_sent_ns) != s.probe_sent_ns) {
    out.action = PccAction::kStaleResponse;
    out.request_probe = ldcp_pcc_probe_wanted(s);
    return with_rate(out, s, c);
  }
  out.action = PccAction::kResponseIncrease;
  // RTT = now - sent, modulo 2^24 (exact: a request lives less than the timeout < 2^24 ns).
  const ProbeTime rtt = probe_elapsed(now_ns, s.probe_sent_ns);
  const uint64_t rtt_max = ones(c.widths.rtt);
  s.rtt_ns = rtt == 0 ? ProbeTime(1) : rtt < rtt_max ? rtt : ProbeTime(rtt_max);
  // AI: one RTT has elapsed (the LDCP draft, section 3.2), cw + alpha; with cw_clamp at most the line-rate window.
  const Cw before = s.cw;
  const CwGain gamma = gain_to_cw(c.gamma);
  const ac_int<CW_W + 1, false> sum = s.cw + gain_to_cw(c.alpha);
  Cw cw = sum > kCwMax ? Cw(kCwMax) : Cw(sum);
  if (c.cw_clamp) {
    Cw w = ldcp_pcc_line_window(s.rtt_ns.to_uint(), c);
    if (w < gamma) w = gamma;
    if (cw > w) cw = w;
  }
  s.cw = ldcp_store_cw(cw.to_uint64(), c);
  s.probe_in_flight = false;  // the next request follows the response (the LDCP draft, section 3.2)
  out.request_probe = true;
  out.window_changed = s.cw != before;
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_probe_timeout(PccState& s, const Config& c, uint64_t now_ns) {
  PccOut out;
  const ProbeTime elapsed = probe_elapsed(now_ns, s.probe_sent_ns);
  if (!s.probe_in_flight || elapsed < c.probe_timeout_ns) {
    out.action = PccAction::kStaleTimeout;
    out.request_probe = ldcp_pcc_probe_wanted(s);
    return with_rate(out, s, c);
  }
  out.action = PccAction::kProbeTimeout;
  s.probe_in_flight = false;  // "or a timeout is experienced" (the LDCP draft, section 3.2): send another request
  out.request_probe = true;
  return with_rate(out, s, c);
}

}  // namespace ccf::hls::ldcp
