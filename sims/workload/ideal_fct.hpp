// ideal_fct.hpp: the ideal flow completion time of a flow alone on an idle fabric, the denominator
// of its slowdown (docs/workloads.md 4). It is what the NIC (sc/nic/nic.cpp) measures as fct_ps
// (from the flow's start to the arrival of the ACK that covers its last frame) when nothing else
// uses the fabric and the sender transmits at line rate:
//
//   - the sender starts frame j at (j-1) x gap, gap = a full frame's wire time at min(first link
//     rate, the flow's own rate limit); every frame carries mtu_bytes of payload except the last;
//   - each link serializes a frame's wire bytes (RoCEv2 headers of sc/fabric/roce_format.hpp, padding
//     to 64 B, 20 B preamble, SFD and inter-frame gap) at its rate, then propagates it for its delay;
//   - each switch stores the whole frame and forwards it after switch_latency_ps (store-and-forward),
//     and starts frames on its clock edges: a frame queued behind another on a switch's egress link
//     starts at the earliest ceil(wire time / switch_cycle_ps) cycles after the one before it;
//   - the receiver ACKs the last frame when it arrives (or, with ack_every > 1, when its coalescing
//     group fills or the coalescing timer fires, as the NIC does), and the ACK crosses the reverse
//     path the same way.
//
// Frame starts follow the tandem-queue recursion start(k, j) = max(start(k, j-1) + spacing(k, j-1),
// end(k-1, j) + delay(k-1) + switch_latency), end(k, j) = start(k, j) + wire(j) / rate(k), with
// spacing the sender's gap on the first link and the frame time in whole switch cycles after a
// switch; for the equal full-size frames it has the closed form first-frame latency + (j-1) x the
// largest spacing, so the cost is O(links) per flow (O(frames) only with ack_every > 1). The path is an input (links in order), so
// the same function serves a star, two switches or a multi-tier route.
#pragma once

#include <cstdint>
#include <vector>

namespace ccf::sims {

struct PathLink {
  double gbps = 100.0;
  double delay_ns = 0.0;
};

struct IdealFctParams {
  std::vector<PathLink> forward;   // sender to receiver, in order; at least one link
  std::vector<PathLink> reverse;   // receiver to sender (the ACK's path); at least one link
  double switch_latency_ps = 0.0;  // from a frame's last bit in to its first bit out, per switch
  double switch_cycle_ps = 0.0;    // switches start frames on edges of this clock; 0 = any time
  uint32_t mtu_bytes = 1024;       // payload bytes per data frame
  bool vlan = false;               // 802.1Q tag on data and ACK frames
  double sender_max_gbps = 0.0;    // the flow's own rate limit; 0 = none
  unsigned ack_every = 1;          // the receiver's ACK coalescing
  double ack_coalesce_timeout_ps = 2e6;
};

// The ideal FCT in ps of a flow of `bytes` (>= 1) payload bytes. Throws std::invalid_argument on an
// empty path, a rate <= 0 or a negative delay.
double ideal_fct_ps(uint64_t bytes, const IdealFctParams& p);

}  // namespace ccf::sims
