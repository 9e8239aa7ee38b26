// retransmit_timer.hpp: a sending flow's retransmission timeout, as the NIC keeps it per queue pair
// (docs/nic.md 4.2). Two kinds of timer:
//  - fixed: a RoCE queue pair's Local ACK Timeout, 4.096 us x 2^exp set per QP at connection set-up
//    (InfiniBand Architecture Specification vol. 1, 9.7.6.1.3 and the QP attribute "timeout"), or
//    any fixed value;
//  - RTT estimate: RFC 6298 section 2 on the flow's RTT samples (SRTT and RTTVAR with gains 1/8
//    and 1/4, RTO = SRTT + 4 RTTVAR), floored and capped (2.4, 2.5), with an initial value before
//    the first sample (2.1).
// Either backs off by a factor per timeout in a row (RFC 6298 5.5: doubling; a RoCE QP: none), and
// a limit of timeouts in a row without progress fails the flow (the QP's retry count, IBTA
// 9.7.6.1.3: the requester reports "transport retry counter exceeded").
//
// The state is what hardware keeps: integers in ps, SRTT x 8 and RTTVAR x 4 so that the gains are
// shifts; nothing here depends on floating point, so runs are bit-identical.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

namespace ccf::nic {

enum class RtoMode : uint8_t {
  kFixed,        // `fixed` every time (times the backoff)
  kRttEstimate,  // RFC 6298 section 2
};
const char* to_string(RtoMode m);

struct RetransmitConfig {
  RtoMode mode = RtoMode::kFixed;
  // kFixed: the timeout; SC_ZERO_TIME = no timer (a Local ACK Timeout of 0 is "infinite")
  sc_core::sc_time fixed = sc_core::sc_time(100, sc_core::SC_US);
  sc_core::sc_time initial = sc_core::sc_time(1, sc_core::SC_MS);  // kRttEstimate: before the first sample
  sc_core::sc_time min = sc_core::sc_time(100, sc_core::SC_US);    // kRttEstimate: floor
  // Ceiling of the estimate and of a backed-off timeout; a fixed timeout above it is kept as it is.
  sc_core::sc_time max = sc_core::sc_time(1, sc_core::SC_SEC);
  unsigned backoff = 1;  // the timeout is multiplied by this per timeout in a row (1 = none, 2 = RFC 6298 5.5)
  unsigned retry_limit =
      0;  // timeouts in a row without progress that the flow survives; the next fails it (0 = no limit)

  // Empty when valid, else "nic.<key> = <value> must ..." (scenario key names).
  std::string validate() const;
};

// InfiniBand's Local ACK Timeout of a queue pair: 4.096 us x 2^exp for exp = 1..31 (exp = 0 is
// "infinite": no timer; this returns SC_ZERO_TIME then).
sc_core::sc_time ib_local_ack_timeout(unsigned exp);

// Per flow.
struct RtoState {
  uint64_t srtt_x8_ps = 0;    // 8 x SRTT; 0 = no sample yet
  uint64_t rttvar_x4_ps = 0;  // 4 x RTTVAR
  uint64_t base_ps = 0;       // the timeout before backoff: fixed, initial, or SRTT + 4 RTTVAR within [min, max]
  unsigned in_a_row = 0;      // timeouts since the last progress (the QP's retry counter)
};

class RetransmitTimer {
 public:
  explicit RetransmitTimer(const RetransmitConfig& cfg) : cfg_(cfg) {}
  const RetransmitConfig& config() const { return cfg_; }

  RtoState initial_state() const;
  // An RTT sample (an ACK's arrival minus the echoed send time of the frame it acknowledges; each
  // transmission carries its own send time, so retransmissions give valid samples: RFC 7323 3.1).
  // kFixed ignores it.
  void on_rtt_sample(RtoState& s, uint64_t rtt_ps) const;
  // The flow's acknowledged data advanced: the retry counter restarts (and the backoff with it).
  void on_progress(RtoState& s) const { s.in_a_row = 0; }
  // The timer expired. Returns false when the flow has used its retry limit (it fails), else
  // counts the timeout; timeout_ps then gives the backed-off value for the restarted timer.
  bool on_timeout(RtoState& s) const;
  // The timeout to arm now: base x backoff^(timeouts in a row), at most max(base, max); 0 = no timer.
  uint64_t timeout_ps(const RtoState& s) const;

 private:
  RetransmitConfig cfg_;
};

}  // namespace ccf::nic
