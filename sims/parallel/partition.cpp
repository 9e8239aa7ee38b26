// partition.cpp: see partition.hpp.
#include "sims/parallel/partition.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

namespace ccf::parallel {
namespace {

using fabric::NodeKind;

// Item i of n on rank i * ranks / n: contiguous blocks of near-equal size.
unsigned block_rank(size_t i, size_t n, unsigned ranks) { return static_cast<unsigned>(i * ranks / n); }

std::vector<unsigned> by_pods(const fabric::Topology& topo, unsigned ranks) {
  const unsigned n = topo.switches();
  unsigned top = 0;
  for (unsigned k = 0; k < n; ++k) top = std::max(top, topo.switch_tier(k));
  // Groups: the switches below the top tier joined by links between them (union-find).
  std::vector<unsigned> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](unsigned k) {
    while (parent[k] != k) k = parent[k] = parent[parent[k]];
    return k;
  };
  const bool one_tier = top == 0;
  for (const fabric::LinkSpec& l : topo.links) {  // one tier: every switch is a group of its own
    if (one_tier || l.a.kind != NodeKind::kSwitch || l.b.kind != NodeKind::kSwitch) continue;
    if (topo.switch_tier(l.a.index) == top || topo.switch_tier(l.b.index) == top) continue;
    parent[find(l.a.index)] = find(l.b.index);
  }
  std::vector<unsigned> group_of(n, UINT32_MAX), group_first;  // groups numbered by their first switch
  std::vector<unsigned> top_switches;
  for (unsigned k = 0; k < n; ++k) {
    if (!one_tier && topo.switch_tier(k) == top) {
      top_switches.push_back(k);
      continue;
    }
    const unsigned root = find(k);
    if (group_of[root] == UINT32_MAX) {
      group_of[root] = static_cast<unsigned>(group_first.size());
      group_first.push_back(k);
    }
  }
  std::vector<unsigned> rank(n, 0);
  for (unsigned k = 0; k < n; ++k)
    if (one_tier || topo.switch_tier(k) != top) rank[k] = block_rank(group_of[find(k)], group_first.size(), ranks);
  for (size_t i = 0; i < top_switches.size(); ++i) rank[top_switches[i]] = block_rank(i, top_switches.size(), ranks);
  return rank;
}

}  // namespace

Partition make_partition(const fabric::Topology& topo, unsigned ranks, const std::string& scheme) {
  if (ranks == 0) throw std::invalid_argument("--ranks = 0 must be at least 1");
  Partition p;
  p.ranks = ranks;
  const unsigned n = topo.switches();
  if (scheme == "auto" || scheme == "pods") {
    p.switch_rank = by_pods(topo, ranks);
  } else if (scheme == "tiers") {
    for (unsigned k = 0; k < n; ++k) p.switch_rank.push_back(topo.switch_tier(k) % ranks);
  } else if (scheme == "blocks") {
    for (unsigned k = 0; k < n; ++k) p.switch_rank.push_back(block_rank(k, n, ranks));
  } else {
    throw std::invalid_argument(
        fmt::format("--partition = {} is not a partition scheme (one of {})", scheme, kPartitionSchemes));
  }
  p.host_rank.assign(topo.hosts, 0);
  for (const fabric::LinkSpec& l : topo.links) {
    if (l.a.kind == NodeKind::kHost && l.b.kind == NodeKind::kSwitch) p.host_rank[l.a.index] = p.switch_rank[l.b.index];
    if (l.b.kind == NodeKind::kHost && l.a.kind == NodeKind::kSwitch) p.host_rank[l.b.index] = p.switch_rank[l.a.index];
  }
  for (size_t li = 0; li < topo.links.size(); ++li) {
    const fabric::LinkSpec& l = topo.links[li];
    if (p.rank_of(l.a) == p.rank_of(l.b)) continue;
    // The Link's propagation delay in whole ps, rounded as SystemC rounds sc_time(delay_ns, SC_NS).
    const auto delay_ps = static_cast<uint64_t>(l.delay_ns * 1e6 / 1e3 + 0.5);
    if (delay_ps == 0)
      throw std::invalid_argument(fmt::format(
          "--partition = {} cuts the link {} port {} - {} port {}, whose delay is 0 ns: a link between ranks must "
          "have a delay > 0 (it is the lookahead of the ranks' synchronisation); choose another of {} or give "
          "the link a delay",
          scheme, topo.describe(l.a), l.port_a, topo.describe(l.b), l.port_b, kPartitionSchemes));
    p.lookahead_ps = std::min(p.lookahead_ps, delay_ps);
    p.cut_links.push_back(li);
  }
  return p;
}

}  // namespace ccf::parallel
