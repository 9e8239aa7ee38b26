// partition.hpp: which rank simulates which switch and host in a run split over several processes
// (docs/fabric.md 10), and the lookahead that the split allows.
//
// A host goes with the switch it is cabled to, so only switch-to-switch links cross between ranks.
// The lookahead is the least propagation delay of those links: a frame that starts on one of them
// at time t arrives after t + lookahead, so the ranks may run a window of that length each before
// they exchange the frames sent across (conservative synchronisation as in Chandy-Misra, listed in
// docs/references.md; as ns-3's and OMNeT++'s distributed simulators do).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc/fabric/topology.hpp"

namespace ccf::parallel {

// How switches are shared out:
//  - "pods": the switches below the top tier in groups cabled to one another (the pods of a fat
//    tree: its edge and aggregation switches; each leaf of a leaf-spine), groups in contiguous blocks
//    over the ranks; the top tier (core, spine) in contiguous blocks too. The default ("auto").
//  - "tiers": tier t on rank t mod ranks (a leaf-spine on 2 ranks: leaves on one, spines on the other).
//  - "blocks": switch k on rank k * ranks / switches.
inline constexpr const char* kPartitionSchemes = "auto, pods, tiers, blocks";

struct Partition {
  unsigned ranks = 1;
  std::vector<unsigned> switch_rank, host_rank;
  uint64_t lookahead_ps = UINT64_MAX;  // UINT64_MAX: no link crosses between ranks
  // The topology links whose ends are on different ranks, in link order.
  std::vector<size_t> cut_links;

  bool owns_switch(unsigned rank, unsigned k) const { return switch_rank[k] == rank; }
  bool owns_host(unsigned rank, unsigned h) const { return host_rank[h] == rank; }
  unsigned rank_of(const fabric::NodeRef& n) const {
    return n.kind == fabric::NodeKind::kHost ? host_rank[n.index] : switch_rank[n.index];
  }
};

// Throws std::invalid_argument naming the scheme and the choices, or a cut link without delay (it
// gives no lookahead: name another scheme or give the link a delay).
Partition make_partition(const fabric::Topology& topo, unsigned ranks, const std::string& scheme);

}  // namespace ccf::parallel
