// ldcp_pcc_reference.cpp: see ldcp_pcc_reference.hpp.
#include "models/ldcp/ldcp_pcc_reference.hpp"

#include <algorithm>

namespace ccf::models::ldcp {

LdcpPccReference::LdcpPccReference(const LdcpPccReferenceParams& p) : cw(p.IW), RTT_ns(p.RTT0_ns), p_(p) {}

PccStep LdcpPccReference::on_cnp() {
  cw = std::max(p_.gamma, cw - p_.beta);  // "window is decreased by beta upon *every* CNP" (3.2)
  return PccStep::kCnpDecrease;
}

PccStep LdcpPccReference::on_probe_sent(double now_ns) {
  probe_in_flight = true;
  probe_sent_ns = now_ns;
  return PccStep::kProbeSent;
}

PccStep LdcpPccReference::on_rtt_response(double echo_sent_ns, double now_ns) {
  if (!probe_in_flight || echo_sent_ns != probe_sent_ns) return PccStep::kStaleResponse;
  RTT_ns = std::max(1.0, now_ns - probe_sent_ns);
  cw = cw + p_.alpha;  // "it is for sure that one RTT has elapsed and the window should increase by alpha" (3.2)
  if (p_.cw_clamp) cw = std::min(cw, std::max(p_.gamma, RTT_ns / p_.T_ns));
  probe_in_flight = false;  // the next request is sent after this response (3.2)
  return PccStep::kResponseIncrease;
}

PccStep LdcpPccReference::on_probe_timeout(double now_ns) {
  if (!probe_in_flight || now_ns - probe_sent_ns < p_.probe_timeout_ns) return PccStep::kStaleTimeout;
  probe_in_flight = false;  // "(or a timeout is experienced)" (3.2)
  return PccStep::kProbeTimeout;
}

double LdcpPccReference::rate_fraction() const { return std::min(1.0, cw * p_.T_ns / RTT_ns); }

}  // namespace ccf::models::ldcp
