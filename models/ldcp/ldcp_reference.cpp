// ldcp_reference.cpp: double-precision LDCP sender (see ldcp_reference.hpp).
#include "models/ldcp/ldcp_reference.hpp"

#include <algorithm>
#include <cmath>

namespace ccf::models::ldcp {

LdcpReference::LdcpReference(const LdcpReferenceParams& params) : p_(params) {
  IW = std::ceil(p_.BDP_bytes / p_.mtu_bytes);
  cw = IW;
  fast_start_stage = p_.fast_start;
  first_rtt_packets_left = p_.fast_start ? IW : 0;
  RTT_ns = p_.RTT0_ns;
}

void LdcpReference::set_message_bytes(double bytes) {
  if (!fast_start_stage) return;
  // "the IW-th packet if the message is larger than BDP, or the last packet of a message if its size
  // is below BDP" (3.1)
  first_rtt_packets_left = bytes > 0 ? std::min(IW, std::ceil(bytes / p_.mtu_bytes)) : IW;
}

Step LdcpReference::on_ack(double acked_bytes, double cum_bytes_acked, bool ece, bool fast_start_echo, double rtt_ns) {
  if (rtt_ns > 0) RTT_ns = rtt_ns;
  if (fast_start_stage) {
    acked_packets = std::ceil(cum_bytes_acked / p_.mtu_bytes);
    // 3.1 condition 2: a full IW acknowledged -> stable stage with cw = BDP.
    if (acked_packets >= IW) {
      fast_start_stage = false;
      first_rtt_packets_left = 0;
      cw = IW;
      return Step::kFullWindowAcked;
    }
    return Step::kFastStartAck;
  }
  const double n = std::ceil(acked_bytes / p_.mtu_bytes);  // eq. 2: packets this ACK confirms
  if (n == 0 || fast_start_echo) return Step::kNone;
  if (cw >= 1) {
    if (!ece) {
      cw = cw + n * p_.alpha / cw;  // eq. 1 (n = 1) and eq. 2
      return Step::kIncrease;
    }
    cw = std::max(p_.gamma, cw - n * p_.beta);
    return Step::kDecrease;
  }
  if (!ece) {
    cw = cw + p_.gamma;  // sub-one rule, ECE = 0
    return Step::kSubOneIncrease;
  }
  cw = std::max(p_.gamma, p_.eta * cw);  // sub-one rule, ECE = 1
  return Step::kSubOneDecrease;
}

Step LdcpReference::on_loss() {
  if (!fast_start_stage) return Step::kNone;
  // 3.1 condition 1: cw = packets acknowledged before the loss (at least the minimum window).
  fast_start_stage = false;
  first_rtt_packets_left = 0;
  cw = std::max(p_.gamma, acked_packets);
  return Step::kLossExit;
}

void LdcpReference::on_tx() {
  if (fast_start_stage && first_rtt_packets_left > 0) first_rtt_packets_left -= 1;
}

double LdcpReference::window_bytes() const {
  if (fast_start_stage) return IW * p_.mtu_bytes;
  return std::max(1.0, cw) * p_.mtu_bytes;  // cw < 1: one packet per RTT/cw
}

double LdcpReference::send_interval_ns() const {
  if (fast_start_stage || cw >= 1) return 0;
  return RTT_ns / cw;
}

}  // namespace ccf::models::ldcp
