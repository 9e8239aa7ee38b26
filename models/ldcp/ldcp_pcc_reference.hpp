// ldcp_pcc_reference.hpp: double-precision reference of LDCP's variant for NICs without per-packet ACK
// (Mellanox CX6-DX PCC), written from the LDCP draft (section 3.2), with the draft's names,
// not from hls/ldcp: the tests replay the same events through both and bound the difference
// (docs/units/ldcp.md 11).
//
//   RTT request at the start of the flow, the next one after the response to the previous one arrives
//   or a timeout expires; on a response (one RTT has elapsed): cw = cw + alpha; on every CNP:
//   cw = cw - beta; rate = cw / RTT, fed to the TX pipeline.
//
// Readings ([INF], docs/units/ldcp.md 11 "Readings"): cw never goes below gamma (the draft's minimum
// window, 2.2); with cw_clamp, cw is at most the line-rate window RTT / T after a response (T: one full
// frame's wire time at line rate); the rate is cw frames of T per RTT, at most the line rate; a
// response that does not match the outstanding request (a late one after a timeout) is ignored.
#pragma once

#include <cstdint>

namespace ccf::models::ldcp {

struct LdcpPccReferenceParams {
  double alpha = 1.0;             // packets per RTT probe response
  double beta = 0.5;              // packets per CNP
  double gamma = 0.125;           // minimum window, packets
  double IW = 52;                 // initial window, packets (BDP / mtu)
  double RTT0_ns = 4190;          // RTT until the first response (the base RTT)
  double T_ns = 1106 * 8 / 100.0; // one full frame on the wire at line rate
  double probe_timeout_ns = 300'000;
  bool cw_clamp = true;
};

enum class PccStep { kCnpDecrease, kResponseIncrease, kStaleResponse, kProbeSent, kProbeTimeout, kStaleTimeout };

class LdcpPccReference {
 public:
  explicit LdcpPccReference(const LdcpPccReferenceParams& p);

  PccStep on_cnp();
  PccStep on_probe_sent(double now_ns);
  PccStep on_rtt_response(double echo_sent_ns, double now_ns);
  PccStep on_probe_timeout(double now_ns);

  // Fraction of the line rate: min(1, cw T / RTT).
  double rate_fraction() const;
  bool probe_wanted() const { return !probe_in_flight; }
  const LdcpPccReferenceParams& params() const { return p_; }

  // State, with the draft's names.
  double cw;                   // packets
  double RTT_ns;               // latest RTT sample
  bool probe_in_flight = false;
  double probe_sent_ns = 0;    // exact send time of the outstanding request

 private:
  LdcpPccReferenceParams p_;
};

}  // namespace ccf::models::ldcp
