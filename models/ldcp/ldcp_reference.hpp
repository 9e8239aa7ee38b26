// ldcp_reference.hpp: double-precision reference of the LDCP sender, with the draft's names (cw,
// alpha, beta, gamma, eta, n, IW, BDP, RTT). Written from the LDCP
// draft (sections 2.2, 2.3, 3.1), not from hls/ldcp: the tests replay the same events
// through both and bound the difference (docs/units/ldcp.md section 5).
//
// Readings of the draft made here (marked [INF] in docs/units/ldcp.md 6): cw never goes below gamma
// (the draft's minimum window), also when eq. 1/2 would cross it; the sub-one rule applies once per
// ACK; PAWA ignores ACKs of Not-ECT fast-start frames and duplicate ACKs (n = 0); a loss in the
// stable stage leaves cw alone (go-back-N is the NIC's); a loss before any ACK gives cw = gamma.
#pragma once

#include <cstdint>

namespace ccf::models::ldcp {

struct LdcpReferenceParams {
  double alpha = 1.0;
  double beta = 0.5;
  double gamma = 0.125;
  double eta = 0.5;
  double mtu_bytes = 1024;
  double BDP_bytes = 10'000 * 100.0 / 8;  // IW = BDP
  double RTT0_ns = 10'000;                // RTT until the first sample
  bool fast_start = true;
};

enum class Step { kNone, kIncrease, kDecrease, kSubOneIncrease, kSubOneDecrease, kFullWindowAcked, kLossExit, kFastStartAck };

class LdcpReference {
 public:
  explicit LdcpReference(const LdcpReferenceParams& params);

  // The message length in bytes, 0 = unlimited (before the first frame).
  void set_message_bytes(double bytes);
  // One ACK: newly acknowledged bytes, LSN (cumulative bytes), ECN-Echo, fast-start echo, RTT sample.
  Step on_ack(double acked_bytes, double cum_bytes_acked, bool ece, bool fast_start_echo, double rtt_ns);
  Step on_loss();
  void on_tx();

  bool next_frame_not_ect() const { return fast_start_stage && first_rtt_packets_left > 1; }
  double window_bytes() const;
  double send_interval_ns() const;  // RTT/cw when cw < 1 in the stable stage, else 0

  const LdcpReferenceParams& params() const { return p_; }

  // State, with the draft's names.
  double cw;                      // packets
  bool fast_start_stage;          // first RTT (2.3) until loss or a full IW acknowledged (3.1)
  double IW;                      // packets: ceil(BDP / mtu)
  double first_rtt_packets_left;  // fast-start packets still to send; the last is ECN-capable
  double acked_packets = 0;       // in-order packets acknowledged (LSN / mtu, rounded up)
  double RTT_ns;

 private:
  LdcpReferenceParams p_;
};

}  // namespace ccf::models::ldcp
