// deadlock_detector.cpp: see deadlock_detector.hpp.
#include "sims/ccfabric/deadlock_detector.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "sc/fabric/wait_for_graph.hpp"

namespace ccf::cli {

uint64_t DeadlockDetector::check_period_ps(uint64_t after_ps, uint64_t sample_ps) {
  return sample_ps <= after_ps / 2 ? sample_ps : std::max<uint64_t>(after_ps / 4, 1);
}

DeadlockDetector::DeadlockDetector(const fabric::Topology& topo, const fabric::Routing& routing,
                                   std::vector<const swc::SwitchModel*> switches, uint8_t lossless_mask,
                                   uint64_t after_ps, uint64_t sample_ps, parallel::RankComm* comm,
                                   std::vector<unsigned> switch_rank)
    : switches_(std::move(switches)),
      comm_(comm),
      switch_rank_(comm ? std::move(switch_rank) : std::vector<unsigned>{}),
      after_ps_(after_ps),
      period_ps_(check_period_ps(after_ps, sample_ps)) {
  for (unsigned c = 0; c < sw::kMaxPrio; ++c)
    if ((lossless_mask >> c) & 1u) prios_.push_back(c);
  hop_at_.resize(topo.switches());
  hop_into_.resize(topo.switches());
  for (unsigned k = 0; k < topo.switches(); ++k) {
    hop_at_[k].assign(topo.switch_ports[k], kNoHop);
    hop_into_[k].assign(topo.switch_ports[k], kNoHop);
    for (unsigned p = 0; p < topo.switch_ports[k]; ++p) {
      const size_t li = routing.link_index({fabric::NodeKind::kSwitch, k}, p);
      if (li == fabric::Routing::kNoLink) continue;
      const fabric::NodeRef peer = routing.peer(li, {fabric::NodeKind::kSwitch, k});
      if (peer.kind != fabric::NodeKind::kSwitch) continue;
      const fabric::LinkSpec& l = topo.links[li];
      const bool from_a = l.a == fabric::NodeRef{fabric::NodeKind::kSwitch, k} && l.port_a == p;
      const unsigned peer_port = from_a ? l.port_b : l.port_a;
      hop_at_[k][p] = hops_.size();
      hops_.push_back({k, p, peer.index, peer_port});
    }
  }
  for (size_t hop = 0; hop < hops_.size(); ++hop) hop_into_[hops_[hop].peer][hops_[hop].peer_port] = hop;
  stuck_since_ps_.assign(hops_.size() * sw::kMaxPrio, kNotStuck);
  scan_.resize(switches_.size() * sw::kMaxPrio);
  scanned_.assign(switches_.size() * sw::kMaxPrio, false);
}

bool DeadlockDetector::stuck(size_t node, uint64_t now_ps) {
  const Hop& h = hops_[node / sw::kMaxPrio];
  const unsigned c = static_cast<unsigned>(node % sw::kMaxPrio);
  const swc::SwitchModel& s = *switches_[h.sw];
  uint64_t& since = stuck_since_ps_[node];
  if (s.queue_bytes(h.port, c) == 0 || !s.paused_by_peer(h.port, c, now_ps)) {
    since = kNotStuck;
    return false;
  }
  // Stuck since the first check of an unbroken run of checks that found it so, or the last frame
  // that left it, whichever is later.
  if (since == kNotStuck) since = now_ps;
  since = std::max(since, s.last_sent_ps(h.port, c));
  return now_ps - since >= after_ps_;
}

const std::vector<uint32_t>& DeadlockDetector::queued_by_ingress(unsigned sw, unsigned prio) {
  const size_t i = size_t{sw} * sw::kMaxPrio + prio;
  if (!scanned_[i]) {
    scan_[i] = switches_[sw]->queued_by_ingress(prio);
    scanned_[i] = true;
  }
  return scan_[i];
}

DeadlockDetector::Found DeadlockDetector::find_local(uint64_t now_ps) {
  Found f;
  // Nodes: the queues stuck for after_ps. Most checks end here, having read two words per queue.
  for (size_t hop = 0; hop < hops_.size(); ++hop) {
    if (!owns(hops_[hop].sw)) continue;
    for (unsigned c : prios_)
      if (stuck(node_of(hop, c), now_ps)) f.stuck.push_back({node_of(hop, c), 0, 0, 0});
  }
  if (!f.stuck.empty()) std::fill(scanned_.begin(), scanned_.end(), false);
  for (StuckQueue& q : f.stuck) {
    const Hop& h = hops_[q.node / sw::kMaxPrio];
    const unsigned c = static_cast<unsigned>(q.node % sw::kMaxPrio);
    const swc::SwitchModel& s = *switches_[h.sw];
    const unsigned np = s.nports();
    const std::vector<uint32_t>& by_in = queued_by_ingress(h.sw, c);
    q.last_sent_ps = s.last_sent_ps(h.port, c);
    q.bytes = s.queue_bytes(h.port, c);
    for (unsigned in = 0; in < np; ++in) q.frames += by_in[size_t{in} * np + h.port];
    // Edges into it: (S, p, c) -> (P, p', c) when P holds frames from S in (p', c); S's queue may be
    // on another rank, and is kept if some rank found it stuck.
    for (unsigned in = 0; in < hop_into_[h.sw].size(); ++in)
      if (const size_t from = hop_into_[h.sw][in]; from != kNoHop && by_in[size_t{in} * np + h.port] > 0)
        f.edges.push_back({node_of(from, c), q.node});
  }
  return f;
}

std::vector<DeadlockDetector::Found> DeadlockDetector::share(Found mine) {
  if (!comm_ || comm_->size() == 1) return {std::move(mine)};
  const auto visit = [](auto& a, auto& f) {
    a.list(f.stuck, [&](auto& q) { a(q); });
    a.list(f.edges, [&](auto& e) { a(e); });
  };
  parallel::Packer p;
  visit(p, std::as_const(mine));
  std::vector<Found> all;
  for (const parallel::Bytes& b : comm_->allgather(p.take())) {
    parallel::Unpacker u(b);
    visit(u, all.emplace_back());
  }
  return all;
}

std::vector<DeadlockFound> DeadlockDetector::check(uint64_t now_ps) {
  std::vector<DeadlockFound> found;
  if (hops_.empty()) return found;
  std::vector<StuckQueue> nodes;
  std::vector<WaitEdge> edges;
  for (Found& f : share(find_local(now_ps))) {
    nodes.insert(nodes.end(), f.stuck.begin(), f.stuck.end());
    edges.insert(edges.end(), f.edges.begin(), f.edges.end());
  }
  if (nodes.empty()) return found;
  std::sort(nodes.begin(), nodes.end(), [](const StuckQueue& a, const StuckQueue& b) { return a.node < b.node; });
  std::vector<size_t> index_of(stuck_since_ps_.size(), SIZE_MAX);
  for (size_t i = 0; i < nodes.size(); ++i) index_of[nodes[i].node] = i;
  fabric::WaitForGraph g(nodes.size());
  for (const WaitEdge& e : edges)
    if (index_of[e.from] != SIZE_MAX) g[index_of[e.from]].push_back(index_of[e.to]);
  // Each queue's successors in the order of their ports (the graph's search order).
  for (std::vector<size_t>& next : g) std::sort(next.begin(), next.end());
  for (const std::vector<size_t>& cycle : fabric::wait_for_cycles(g)) {
    DeadlockFound d;
    d.detected_ps = now_ps;
    for (size_t i : cycle) {
      const StuckQueue& q = nodes[i];
      const Hop& h = hops_[q.node / sw::kMaxPrio];
      d.cycle.push_back({h.sw, h.port, static_cast<unsigned>(q.node % sw::kMaxPrio)});
      d.since_ps = std::max(d.since_ps, q.last_sent_ps);
      d.bytes += q.bytes;
      d.frames += q.frames;
    }
    std::vector<QueueId> key = d.cycle;
    std::sort(key.begin(), key.end());
    if (reported_.insert(key).second) found.push_back(std::move(d));
  }
  return found;
}

sims::PfcDeadlock deadlock_result(const DeadlockFound& d, const std::vector<std::string>& switch_names) {
  sims::PfcDeadlock r;
  r.detected_at_us = double(d.detected_ps) / 1e6;
  r.since_us = double(d.since_ps) / 1e6;
  for (const QueueId& q : d.cycle) r.cycle.push_back({switch_names.at(q.sw), q.port, q.prio});
  r.frames_stuck = d.frames;
  r.bytes_stuck = d.bytes;
  return r;
}

std::string deadlock_line(const sims::PfcDeadlock& d) {
  std::string cycle;
  for (const auto& q : d.cycle) cycle += fmt::format("{} port {} prio {} -> ", q.sw, q.port, q.prio);
  cycle += fmt::format("{} port {} prio {}", d.cycle.front().sw, d.cycle.front().port, d.cycle.front().prio);
  return fmt::format(
      "DEADLOCK at {:.1f} us: PFC cycle of {} paused queues, each holding frames that wait for the next: {}; "
      "none has sent a frame since {:.1f} us; {} frames ({:.1f} KB) stuck in them",
      d.detected_at_us, d.cycle.size(), cycle, d.since_us, d.frames_stuck, d.bytes_stuck / 1e3);
}

}  // namespace ccf::cli
