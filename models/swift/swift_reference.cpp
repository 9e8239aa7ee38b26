// swift_reference.cpp: see swift_reference.hpp. Line numbers refer to Algorithm 1 of the Swift paper.
#include "models/swift/swift_reference.hpp"

#include <algorithm>
#include <cmath>

namespace ccf::models::swift {

SwiftReference::SwiftReference(const ReferenceParams& p, double now)
    : fcwnd(p.init_cwnd), ecwnd(p.init_cwnd), t_last_decrease_f(now), t_last_decrease_e(now), p_(p) {}

double SwiftReference::TargetDelay(double fcwnd_packets, int hops) const {
  const double alpha = p_.fs_range / (1 / std::sqrt(p_.fs_min_cwnd) - 1 / std::sqrt(p_.fs_max_cwnd));
  const double beta = -alpha / std::sqrt(p_.fs_max_cwnd);
  const double flow = std::max(0.0, std::min(alpha / std::sqrt(fcwnd_packets) + beta, p_.fs_range));
  return p_.base_target + hops * p_.h + flow;
}

// Lines 26-28 for one window.
void SwiftReference::finish_one(double& cwnd, double& t_last_decrease, double cwnd_prev, double now) const {
  cwnd = std::clamp(cwnd, p_.min_cwnd, p_.max_cwnd);
  if (p_.stamp_on_equal ? cwnd <= cwnd_prev : cwnd < cwnd_prev) t_last_decrease = now;
}

// Lines 2-3 and 5-14 for one window.
Step SwiftReference::ack_one(double& cwnd, double& t_last_decrease, double delay, double target_delay,
                             double num_acked, double now) const {
  const double cwnd_prev = cwnd;
  const bool can_decrease = now - t_last_decrease >= rtt;
  Step step = Step::kNone;
  if (delay < target_delay) {
    if (cwnd >= 1)
      cwnd = cwnd + p_.ai / cwnd * num_acked;
    else
      cwnd = cwnd + p_.ai * num_acked;
    step = Step::kAdditiveIncrease;
  } else if (can_decrease) {
    cwnd = std::max(1 - p_.beta * (delay - target_delay) / delay, 1 - p_.max_mdf) * cwnd;
    step = Step::kMultiplicativeDecrease;
  }
  finish_one(cwnd, t_last_decrease, cwnd_prev, now);
  return step;
}

// Lines 20-21 and 24-25 for one window.
Step SwiftReference::md_one(double& cwnd, double& t_last_decrease, double now) const {
  const double cwnd_prev = cwnd;
  Step step = Step::kNone;
  if (now - t_last_decrease >= rtt) {
    cwnd = (1 - p_.max_mdf) * cwnd;
    step = Step::kMultiplicativeDecrease;
  }
  finish_one(cwnd, t_last_decrease, cwnd_prev, now);
  return step;
}

// Lines 29-32.
void SwiftReference::finish(double) {
  const double w = cwnd();
  pacing_delay = w < 1 ? rtt / w : 0;
}

void SwiftReference::on_ack(double now, double rtt_sample, double remote_queuing, int hops, double acked_bytes,
                            double local_nic_rx) {
  retransmit_cnt = 0;
  rtt = rtt_sample;
  // Section 3.3: endpoint-delay = remote-queuing + local NIC Rx delay; fabric-delay = RTT - endpoint.
  const double endpoint = remote_queuing + local_nic_rx;
  const double fabric = rtt - endpoint;
  if (!endpoint_delay_valid) {
    endpoint_delay = endpoint;
    endpoint_delay_valid = true;
  } else {
    endpoint_delay = (1 - p_.ewma_gain) * endpoint_delay + p_.ewma_gain * endpoint;
  }
  const double num_acked = acked_bytes / p_.mtu;
  last_fabric_delay = fabric;
  last_endpoint_delay = endpoint;
  last_target = TargetDelay(fcwnd, hops);
  fabric_step = ack_one(fcwnd, t_last_decrease_f, fabric, last_target, num_acked, now);
  endpoint_step = ack_one(ecwnd, t_last_decrease_e, endpoint_delay, p_.endpoint_target, num_acked, now);
  finish(now);
}

void SwiftReference::on_retransmit_timeout(double now) {
  ++retransmit_cnt;
  if (retransmit_cnt >= p_.RETX_RESET_THRESHOLD) {
    const double pf = fcwnd, pe = ecwnd;
    fcwnd = ecwnd = p_.min_cwnd;
    finish_one(fcwnd, t_last_decrease_f, pf, now);
    finish_one(ecwnd, t_last_decrease_e, pe, now);
    fabric_step = endpoint_step = Step::kReset;
  } else {
    fabric_step = md_one(fcwnd, t_last_decrease_f, now);
    endpoint_step = md_one(ecwnd, t_last_decrease_e, now);
  }
  finish(now);
}

void SwiftReference::on_fast_recovery(double now) {
  retransmit_cnt = 0;
  fabric_step = md_one(fcwnd, t_last_decrease_f, now);
  endpoint_step = md_one(ecwnd, t_last_decrease_e, now);
  finish(now);
}

}  // namespace ccf::models::swift
