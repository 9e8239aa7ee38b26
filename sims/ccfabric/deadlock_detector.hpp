// deadlock_detector.hpp: PFC deadlock detection in `ccfabric run` (docs/fabric.md 9).
//
// PFC makes a class lossless by pausing the upstream port before the buffer overflows; when the
// buffers of several switches wait for one another in a ring (a cyclic buffer dependency), none of
// them can drain and the pauses never end: a PFC deadlock (Guo et al., RDMA over Commodity Ethernet
// at Scale, SIGCOMM 2016, section 4). The detector builds the wait-for graph of the egress queues of
// every switch-to-switch link at coarse intervals of simulated time:
//
//   egress queue (S, p, c) -> egress queue (P, p', c)
//
// when (S, p, c) holds frames, is paused by its link peer P's PFC frames, and P holds frames that
// arrived from S (on the port p leads to) in its queue (P, p', c). P asserts XOFF towards S because
// of the frames from S it holds; (S, p, c) can move only when some of them leave P. A cycle of such
// queues, each of which has sent no frame for sim.deadlock_after_us while every check found it
// holding frames and paused, is a deadlock. It reads the switches' wrappers only (no register
// cycle, nothing stepped): the run is the same with and without it.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include <string>

#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"
#include "sc/switch/switch_model.hpp"
#include "sims/output/run_results.hpp"
#include "sims/parallel/rank_comm.hpp"

namespace ccf::cli {

// One egress queue: switch index, port, priority (class).
struct QueueId {
  unsigned sw = 0, port = 0, prio = 0;
  auto operator<=>(const QueueId&) const = default;
};

struct DeadlockFound {
  uint64_t detected_ps = 0;
  // The last time a frame left one of the cycle's queues (0: none ever did).
  uint64_t since_ps = 0;
  // In wait-for order: each queue waits for the next, the last for the first.
  std::vector<QueueId> cycle;
  uint64_t frames = 0, bytes = 0;  // held in the cycle's queues at detection
};

class DeadlockDetector {
 public:
  // switches[k] is switch k of `topo`; lossless_mask: the PFC classes (bit c = priority c; 0 without
  // PFC); after_ps: how long each queue of a cycle must have been stuck; sample_ps: the run's sample
  // period (check_period_ps).
  // In a run split over ranks (docs/fabric.md 10), `comm` names them and switch_rank[k] is the
  // rank that simulates switch k: each rank reads its own switches and the ranks share what they
  // found, so every rank finds the same deadlocks. nullptr and empty: one process.
  DeadlockDetector(const fabric::Topology& topo, const fabric::Routing& routing,
                   std::vector<const swc::SwitchModel*> switches, uint8_t lossless_mask, uint64_t after_ps,
                   uint64_t sample_ps, parallel::RankComm* comm = nullptr, std::vector<unsigned> switch_rank = {});

  // The period of the checks: the sample period when it is at most half of after_ps (the run ends
  // an sc_start at each sample anyway, so checking costs no more of them), else a quarter of
  // after_ps. A deadlock is found between after_ps and after_ps + 2 periods after its last frame moved.
  static uint64_t check_period_ps(uint64_t after_ps, uint64_t sample_ps);
  // check_period_ps, or 0 when nothing can deadlock and nothing is checked: no lossless class, or no
  // switch-to-switch link (hosts do not forward, so no cycle can form).
  uint64_t period_ps() const { return hops_.empty() || prios_.empty() ? 0 : period_ps_; }
  // Checks the switches' state at `now_ps` (their state is that of this time: between two sc_start
  // calls); returns the deadlocks not reported before, each cycle once.
  std::vector<DeadlockFound> check(uint64_t now_ps);

 private:
  // One direction of a switch-to-switch link: the egress port of `sw` and the port of `peer` its
  // frames arrive on.
  struct Hop {
    unsigned sw, port, peer, peer_port;
  };
  // A queue stuck for after_ps, as its switch's rank read it.
  struct StuckQueue {
    uint64_t node, last_sent_ps, bytes, frames;
  };
  // Node `from` waits for node `to`: to's switch holds frames from `from` in `to`'s queue.
  struct WaitEdge {
    uint64_t from, to;
  };
  // What one rank found: its stuck queues, and the edges into them from any queue.
  struct Found {
    std::vector<StuckQueue> stuck;
    std::vector<WaitEdge> edges;
  };
  size_t node_of(size_t hop, unsigned prio) const { return hop * sw::kMaxPrio + prio; }
  bool owns(unsigned sw) const { return switch_rank_.empty() || switch_rank_[sw] == comm_->rank(); }
  // Whether the queue of `node` holds frames, is paused by its peer and has sent nothing since it
  // was last seen otherwise; updates stuck_since_ps_.
  bool stuck(size_t node, uint64_t now_ps);
  const std::vector<uint32_t>& queued_by_ingress(unsigned sw, unsigned prio);
  Found find_local(uint64_t now_ps);
  std::vector<Found> share(Found mine);

  std::vector<Hop> hops_;
  std::vector<std::vector<size_t>> hop_at_;  // [sw][port]: the hop leaving there, or kNoHop
  std::vector<std::vector<size_t>> hop_into_;  // [sw][port]: the hop arriving there, or kNoHop
  static constexpr size_t kNoHop = SIZE_MAX;
  std::vector<const swc::SwitchModel*> switches_;
  parallel::RankComm* comm_;
  std::vector<unsigned> switch_rank_;
  std::vector<unsigned> prios_;  // the lossless classes: only they are paused
  uint64_t after_ps_, period_ps_;
  static constexpr uint64_t kNotStuck = UINT64_MAX;
  std::vector<uint64_t> stuck_since_ps_;  // per node: the first check of an unbroken run finding it stuck
  std::vector<std::vector<uint32_t>> scan_;  // per (sw, prio), for the check under way
  std::vector<bool> scanned_;
  std::set<std::vector<QueueId>> reported_;  // cycles reported, as sorted queue lists
};

// The deadlock as summary.json reports it (pfc.deadlocks), switches by name.
sims::PfcDeadlock deadlock_result(const DeadlockFound& d, const std::vector<std::string>& switch_names);
// The console line: "DEADLOCK at 520.0 us: PFC cycle of 5 paused queues, ...: S0 port 1 prio 3 ->
// S1 port 1 prio 3 -> ... -> S0 port 1 prio 3; none has sent a frame since 401.7 us; 1234 frames
// (1340.2 KB) stuck in them".
std::string deadlock_line(const sims::PfcDeadlock& d);

}  // namespace ccf::cli
