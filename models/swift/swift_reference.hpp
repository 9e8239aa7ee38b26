// swift_reference.hpp: double-precision reference of Swift (Kumar et al., SIGCOMM 2020) with the
// paper's names: Algorithm 1, the delay decomposition of sections 3.1 and 3.3 (Figure 2) and the
// target delay of section 3.5 (the Swift paper). Written from the paper, not from
// hls/swift: the tests replay the same events through both and bound the difference
// (docs/units/swift.md). Times are ns in double, never wrapped; windows are packets in double.
#pragma once

namespace ccf::models::swift {

struct ReferenceParams {
  double base_target = 20'000;         // ns
  double h = 20'000 / 6.55;            // ns per hop
  double fs_range = 100'000;           // ns
  double fs_min_cwnd = 0.1;            // packets
  double fs_max_cwnd = 100;            // packets
  double endpoint_target = 20'000;     // ns
  double ewma_gain = 0.3;              // weight of the new endpoint-delay sample
  double ai = 1.0;                     // packets
  double beta = 0.8;
  double max_mdf = 0.5;
  double min_cwnd = 0.001;             // packets
  double max_cwnd = 1000;              // packets
  double init_cwnd = 10;               // packets
  int RETX_RESET_THRESHOLD = 5;
  bool stamp_on_equal = true;          // Algorithm 1 line 27: cwnd <= cwnd_prev (false: <)
  double mtu = 1000;                   // bytes per packet: num_acked = acked_bytes / mtu
};

// What Algorithm 1 did to one window on one event.
enum class Step { kNone, kAdditiveIncrease, kMultiplicativeDecrease, kReset };

class SwiftReference {
 public:
  SwiftReference(const ReferenceParams& p, double now);

  // The Swift paper, section 3.5 (square roots as in htsim and INET): base + hops h + max(0, min(alpha / sqrt(fcwnd) + beta, fs_range)).
  double TargetDelay(double fcwnd_packets, int hops) const;

  // An ACK: rtt = t6 - t1, remote_queuing = t4 - t2 (echoed), local_nic_rx = t6 - t5.
  void on_ack(double now, double rtt_sample, double remote_queuing, int hops, double acked_bytes,
              double local_nic_rx = 0);
  void on_retransmit_timeout(double now);
  void on_fast_recovery(double now);

  double cwnd() const { return fcwnd < ecwnd ? fcwnd : ecwnd; }

  const ReferenceParams& params() const { return p_; }

  // State, with the paper's names.
  double fcwnd, ecwnd;
  double t_last_decrease_f, t_last_decrease_e;
  double rtt = 0;              // last RTT sample, ns (0: none yet)
  double endpoint_delay = 0;   // EWMA of the endpoint delay, ns
  bool endpoint_delay_valid = false;
  int retransmit_cnt = 0;
  double pacing_delay = 0;     // ns; 0 = no pacing

  // The last event, for the tests.
  Step fabric_step = Step::kNone, endpoint_step = Step::kNone;
  double last_fabric_delay = 0, last_endpoint_delay = 0, last_target = 0;

 private:
  Step ack_one(double& cwnd, double& t_last_decrease, double delay, double target_delay, double num_acked,
               double now) const;
  Step md_one(double& cwnd, double& t_last_decrease, double now) const;
  void finish_one(double& cwnd, double& t_last_decrease, double cwnd_prev, double now) const;
  void finish(double now);

  ReferenceParams p_;
};

}  // namespace ccf::models::swift
