// ldcp_pcc_kernel.hpp: LDCP for NICs without per-packet ACK, as implemented on the Mellanox CX6-DX
// programmable congestion control (PCC) platform (the LDCP draft, section
// 3.2). The RoCE protocol stays the ASIC's: the receiver NIC's standard notification point sends
// CNPs for CE-marked packets, and ACKs carry no congestion signal. The sender
//   - sends an RTT request at the start of the flow, and the next one when the response to the previous
//     one arrives, or when a timeout expires (3.2 "or a timeout is experienced");
//   - on every RTT response (one RTT has elapsed): cw <- cw + alpha          (AI, 3.2)
//   - on every CNP:                                cw <- max(gamma, cw - beta) (MD, 3.2; floor [INF])
//   - feeds the TX pipeline rate = cw / RTT          (3.2 "Divided by RTT, the window is converted to rate")
// One pure function per event on a fixed-width per-flow state, sharing Params/Config, the widths and
// the reciprocal unit with the PAWA kernel (ldcp_kernel.hpp). Reference: models/ldcp/ldcp_pcc_reference.*;
// state table, arithmetic, pipeline and readings: docs/units/ldcp.md 11.
//
// Per-flow state (PccState::kStateBits = 85):
//
//   field            bits  unit                        meaning
//   cw                 36  2^-20 packet (16.20)        congestion window in packets (>= gamma)
//   rtt_ns             24  ns, saturating (16.7 ms)    latest probe RTT (the base RTT until the first response)
//   probe_in_flight     1  flag                        1: an RTT request is on the wire since probe_sent_ns;
//                                                      0: the TX pipeline owes one (flow start, response, timeout)
//   probe_sent_ns      24  ns, modulo 2^24             when the outstanding request started on the wire
//
// Not in the state: the probe-timeout deadline (the NIC's one calendar holds it, docs/README.md principle 2;
// the unit re-arms it from PccOut::arm_timeout_ns), and the rate, which the pass writes into the TX
// pipeline's per-flow rate limiter (every CC algorithm's rate register, not this unit's memory).
//
// Rate: a fraction of the line rate in 2^-20 (the DOCA PCC rate limiter format, DOCA_PCC_DEV_LOG_MAX_RATE
// = 20), rate = min(1, cw T / RTT) with T the wire time of one full frame at line rate: cw frames per RTT.
#pragma once

#include <cstdint>

#include "hls/ldcp/ldcp_kernel.hpp"

namespace ccf::hls::ldcp {

inline constexpr unsigned PROBE_TIME_W = 24;    // probe_sent_ns: ns modulo 2^24; timeout < 2^24 ns
inline constexpr uint32_t kProbeTimeMask = (1u << PROBE_TIME_W) - 1;
inline constexpr unsigned RATE_FRAC_BITS = 20;  // rate: fraction of line rate, 2^-20 (DOCA PCC)
inline constexpr uint32_t kRateOne = 1u << RATE_FRAC_BITS;

struct PccState {
  ac_int<CW_W, false> cw = 0;                 // 2^-20 packet
  ac_int<RTT_W, false> rtt_ns = 0;
  bool probe_in_flight = false;
  ac_int<PROBE_TIME_W, false> probe_sent_ns = 0;

  static constexpr unsigned kStateBits = CW_W + RTT_W + 1 + PROBE_TIME_W;
};
static_assert(PccState::kStateBits == 85, "update the tables in ldcp_pcc_kernel.hpp and docs/units/ldcp.md 11");

enum class PccAction : uint8_t {
  kNone,
  kCnpDecrease,       // cw <- max(gamma, cw - beta)
  kResponseIncrease,  // rtt <- sample; cw <- cw + alpha (at most the line-rate window with cw_clamp)
  kStaleResponse,     // a response to no outstanding request (late after a timeout): ignored
  kProbeSent,         // the request started on the wire: probe_in_flight, probe_sent_ns <- now
  kProbeTimeout,      // no response within the timeout: the TX pipeline sends another request
  kStaleTimeout,      // a timeout for a request that has been answered or replaced: ignored
};

struct PccOut {
  PccAction action = PccAction::kNone;
  uint32_t rate = 0;            // 2^-20 of line rate, 1..2^20: what the pass writes to the TX rate limiter
  bool request_probe = false;   // the TX pipeline must send an RTT request (probe_in_flight = 0)
  uint32_t arm_timeout_ns = 0;  // (re)start the probe-timeout deadline now + this; 0 = leave it
  bool window_changed = false;  // cw changed
};

// A new flow: cw = IW (BDP / mtu: line rate over the base RTT, all frames ECT; docs/units/ldcp.md 11
// "Readings", fast start), rtt = base RTT, and a request owed for the flow's start.
PccState ldcp_pcc_initial_state(const Config& c);
// A CNP of this flow arrived (the LDCP draft, section 3.2: "window is decreased by beta upon *every* CNP").
PccOut ldcp_pcc_on_cnp(PccState& s, const Config& c);
// The TX pipeline put the flow's RTT request on the wire at now_ns.
PccOut ldcp_pcc_on_probe_sent(PccState& s, const Config& c, uint64_t now_ns);
// An RTT response arrived at now_ns, echoing its request's send time echo_sent_ns (both full ns; the
// kernel compares and subtracts modulo 2^24). Matched when a request is in flight with that send time.
PccOut ldcp_pcc_on_rtt_response(PccState& s, const Config& c, uint64_t echo_sent_ns, uint64_t now_ns);
// The probe-timeout deadline armed by the last kProbeSent was reached at now_ns.
PccOut ldcp_pcc_on_probe_timeout(PccState& s, const Config& c, uint64_t now_ns);

// Outputs (combinational on the state).
inline bool ldcp_pcc_probe_wanted(const PccState& s) { return !s.probe_in_flight; }
// rate = min(1, cw T / RTT) in 2^-20, at least one LSB: 1/RTT from the reciprocal unit, times T's
// mantissa, times cw, one shift. Relative error <= 2^-16, plus half an LSB.
uint32_t ldcp_pcc_rate(const PccState& s, const Config& c, Divider form = Divider::kRecipTable);
// The line-rate window RTT / T in cw LSBs (one 24x24 multiply and a shift), saturated at the cw width.
uint64_t ldcp_pcc_line_window(uint32_t rtt_ns, const Config& c);

}  // namespace ccf::hls::ldcp
