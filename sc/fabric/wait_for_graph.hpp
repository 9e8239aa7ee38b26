// wait_for_graph.hpp: cycles of a wait-for graph, the test of a PFC deadlock (docs/fabric.md 9).
//
// A node waits for each of its successors; a set of nodes that wait for one another in a ring can
// never make progress by itself: a cyclic buffer dependency (Guo et al., RDMA over Commodity
// Ethernet at Scale, SIGCOMM 2016, section 4). Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <vector>

namespace ccf::fabric {

// Directed graph on nodes 0..n-1: succ[v] lists the nodes v waits for.
using WaitForGraph = std::vector<std::vector<size_t>>;

// One cycle per strongly connected component that holds one (a self-loop counts): the shortest cycle
// through the component's lowest-numbered node, starting at that node, each node waiting for the
// next and the last for the first. The cycles are ordered by their first node. Successor lists may
// hold duplicates and be in any order; the result depends only on the graph. Linear in its size
// (Tarjan's components, then one breadth-first search per component).
std::vector<std::vector<size_t>> wait_for_cycles(const WaitForGraph& succ);

}  // namespace ccf::fabric
