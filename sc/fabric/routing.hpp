// routing.hpp: shortest-path routes with every equal-cost next hop (ECMP) of a topology, and the
// path a flow takes through them (docs/fabric.md 6).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sc/fabric/topology.hpp"

namespace ccf::fabric {

class Routing {
 public:
  static constexpr unsigned kUnreachable = ~0u;
  static constexpr size_t kNoLink = ~size_t{0};

  // Validates `t` (TopologyError) and computes, for every destination host, a breadth-first search
  // over the switches (hosts never forward). `t` must outlive this object.
  explicit Routing(const Topology& t);

  // The ports of switch s on a shortest path towards host h, ascending: every port whose neighbour
  // is one switch hop closer to h (or is h). Empty when h cannot be reached from s.
  const std::vector<unsigned>& next_hops(unsigned s, unsigned h) const;
  // The distinct next-hop sets of switch s (what an ECMP group table holds), and which set serves
  // host h (-1: unreachable). next_hops(s, h) == next_hop_sets(s)[next_hop_set(s, h)].
  const std::vector<std::vector<unsigned>>& next_hop_sets(unsigned s) const { return sets_[s]; }
  int next_hop_set(unsigned s, unsigned h) const { return set_of_[s][h]; }
  // Switches on a shortest path from host src to host dst (1 when they share a switch), or
  // kUnreachable. 0 for src == dst.
  unsigned switch_hops(unsigned src, unsigned dst) const;
  // Number of distinct shortest paths from host src to host dst (the product of the choices is not
  // enough: paths are counted over the whole DAG of shortest paths). 0 when unreachable.
  uint64_t path_count(unsigned src, unsigned dst) const;

  // The links (indices into t.links, from src to dst) of the frames of flow `flow_id` from host src
  // to host dst: at each switch the ECMP member the switch RTL picks for the frame's hash
  // (flow_hash.hpp) with that switch's seed, seeds[s] (or seed 0 when seeds is shorter). Throws
  // TopologyError when dst cannot be reached or src == dst.
  std::vector<size_t> path(unsigned src, unsigned dst, uint32_t flow_id, const std::vector<uint64_t>& seeds) const;

  // The index of the link at node n's port, or kNoLink.
  size_t link_index(NodeRef n, unsigned port) const;
  // The node at the other end of link `link` from node n.
  NodeRef peer(size_t link, NodeRef n) const;

 private:
  const Topology& t_;
  std::vector<size_t> host_link_;                         // [h]: the host's link
  std::vector<std::vector<size_t>> switch_link_;          // [s][port]: link or kNoLink
  std::vector<std::vector<unsigned>> dist_;               // [h][s]: switch hops from s to host h
  std::vector<std::vector<std::vector<unsigned>>> sets_;  // [s]: distinct next-hop port sets
  std::vector<std::vector<int>> set_of_;                  // [s][h]: index into sets_[s], -1 = none
};

}  // namespace ccf::fabric
