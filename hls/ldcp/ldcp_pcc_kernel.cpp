// ldcp_pcc_kernel.cpp: LDCP's CX6-DX PCC variant (see ldcp_pcc_kernel.hpp; docs/units/ldcp.md 11).
// No divider: rate = cw T / RTT uses the PAWA kernel's reciprocal unit for 1/RTT and T as a
// configured mantissa; the line-rate window RTT / T multiplies by a configured 1/T. beta and alpha
// are shifts of exact 2^-16 constants into cw's LSBs.
#include "ldcp/ldcp_pcc_kernel.hpp"

namespace ccf::hls::ldcp {
namespace {

constexpr unsigned kShiftGainToCw = CW_FRAC_BITS - GAIN_FRAC_BITS;
constexpr uint64_t gain_to_cw(uint32_t g) { return uint64_t{g} << kShiftGainToCw; }

// x >> sh rounded to nearest (sh < 64).
constexpr uint64_t shift_round(uint64_t x, unsigned sh) { return sh == 0 ? x : (x + (uint64_t{1} << (sh - 1))) >> sh; }

PccOut with_rate(PccOut out, const PccState& s, const Config& c) {
  out.rate = ldcp_pcc_rate(s, c, c.divider);
  return out;
}

}  // namespace

PccState ldcp_pcc_initial_state(const Config& c) {
  PccState s;
  s.cw = uint64_t{c.iw_packets} << CW_FRAC_BITS;
  s.rtt_ns = c.base_rtt_ns;
  s.probe_in_flight = false;  // owed: the first request goes with the flow's first frame
  s.probe_sent_ns = 0;
  return s;
}

uint64_t ldcp_pcc_line_window(uint32_t rtt_ns, const Config& c) {
  // RTT / T = rtt line_win_mant 2^-line_win_shift packets = rtt line_win_mant 2^(20 - line_win_shift) LSB.
  const uint64_t prod = uint64_t{rtt_ns} * c.line_win_mant;  // < 2^48
  const uint64_t w = c.line_win_shift >= CW_FRAC_BITS ? shift_round(prod, c.line_win_shift - CW_FRAC_BITS)
                                                      : prod << (CW_FRAC_BITS - c.line_win_shift);  // <= 3 bits
  return w < kCwMax ? w : kCwMax;
}

uint32_t ldcp_pcc_rate(const PccState& s, const Config& c, Divider form) {
  // rate 2^20 = cw_lsb 2^-20 x T x (1/RTT) x 2^20, with T = pkt_ns_mant 2^-pkt_ns_shift and
  // 1/RTT = r 2^-(p + 24):  rate = cw_lsb x (pkt_ns_mant r 2^-24) >> (pkt_ns_shift + p).
  const uint64_t rtt = s.rtt_ns != 0 ? uint64_t{s.rtt_ns} : 1;
  const Recip r = ldcp_reciprocal(rtt, form);                                   // 2^23 < r <= 2^24
  const uint64_t tr = shift_round(uint64_t{c.pkt_ns_mant} * r.r, RECIP_FRAC_BITS);  // <= 2^24: 25 bits
  const uint64_t prod = uint64_t{s.cw} * tr;                                               // < 2^36 x 2^25 = 2^61
  const unsigned sh = c.pkt_ns_shift + r.p;
  const uint64_t rate = sh >= 63 ? 0 : shift_round(prod, sh);
  if (rate >= kRateOne) return kRateOne;
  return rate == 0 ? 1 : static_cast<uint32_t>(rate);  // never 0: the TX pipeline needs a rate > 0
}

PccOut ldcp_pcc_on_cnp(PccState& s, const Config& c) {
  PccOut out;
  out.action = PccAction::kCnpDecrease;
  const uint64_t before = s.cw, beta = gain_to_cw(c.beta), gamma = gain_to_cw(c.gamma);
  const uint64_t cw = s.cw;
  s.cw = ldcp_store_cw(cw > beta && cw - beta > gamma ? cw - beta : gamma, c);
  out.window_changed = s.cw != before;
  out.request_probe = ldcp_pcc_probe_wanted(s);
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_probe_sent(PccState& s, const Config& c, uint64_t now_ns) {
  PccOut out;
  out.action = PccAction::kProbeSent;
  s.probe_in_flight = true;
  s.probe_sent_ns = static_cast<uint32_t>(now_ns & kProbeTimeMask);
  out.arm_timeout_ns = c.probe_timeout_ns;
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_rtt_response(PccState& s, const Config& c, uint64_t echo_sent_ns, uint64_t now_ns) {
  PccOut out;
  if (!s.probe_in_flight || static_cast<uint32_t>(echo_sent_ns & kProbeTimeMask) != s.probe_sent_ns.to_uint()) {
    out.action = PccAction::kStaleResponse;
    out.request_probe = ldcp_pcc_probe_wanted(s);
    return with_rate(out, s, c);
  }
  out.action = PccAction::kResponseIncrease;
  // RTT = now - sent, modulo 2^24 (exact: a request lives less than the timeout < 2^24 ns).
  uint64_t rtt = (now_ns - uint64_t{s.probe_sent_ns}) & kProbeTimeMask;
  const uint64_t rtt_max = ones(c.widths.rtt);
  rtt = rtt == 0 ? 1 : rtt < rtt_max ? rtt : rtt_max;
  s.rtt_ns = static_cast<uint32_t>(rtt);
  // AI: one RTT has elapsed (seed 3.2), cw + alpha; with cw_clamp at most the line-rate window.
  const uint64_t before = s.cw, gamma = gain_to_cw(c.gamma);
  uint64_t cw = uint64_t{s.cw} + gain_to_cw(c.alpha);
  if (cw > kCwMax) cw = kCwMax;
  if (c.cw_clamp) {
    uint64_t w = ldcp_pcc_line_window(s.rtt_ns, c);
    if (w < gamma) w = gamma;
    if (cw > w) cw = w;
  }
  s.cw = ldcp_store_cw(cw, c);
  s.probe_in_flight = false;  // the next request follows the response (seed 3.2)
  out.request_probe = true;
  out.window_changed = s.cw != before;
  return with_rate(out, s, c);
}

PccOut ldcp_pcc_on_probe_timeout(PccState& s, const Config& c, uint64_t now_ns) {
  PccOut out;
  const uint32_t elapsed = static_cast<uint32_t>((now_ns - uint64_t{s.probe_sent_ns}) & kProbeTimeMask);
  if (!s.probe_in_flight || elapsed < c.probe_timeout_ns) {
    out.action = PccAction::kStaleTimeout;
    out.request_probe = ldcp_pcc_probe_wanted(s);
    return with_rate(out, s, c);
  }
  out.action = PccAction::kProbeTimeout;
  s.probe_in_flight = false;  // "or a timeout is experienced" (seed 3.2): send another request
  out.request_probe = true;
  return with_rate(out, s, c);
}

}  // namespace ccf::hls::ldcp
