// The cycles of a wait-for graph (sc/fabric/wait_for_graph.hpp), the test of a PFC deadlock
// (docs/fabric.md 9): one cycle per strongly connected component, the shortest through its lowest
// node, checked against graphs whose cycles are known by construction and against a brute-force
// search on random graphs.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "sc/fabric/wait_for_graph.hpp"

namespace ccf::fabric {
namespace {

using Cycles = std::vector<std::vector<size_t>>;

TEST(WaitForGraph, ARingIsOneCycleFromItsLowestNode) {
  // 3 -> 4 -> 0 -> 1 -> 2 -> 3, numbered out of ring order.
  const WaitForGraph g = {{1}, {2}, {3}, {4}, {0}};
  EXPECT_EQ(wait_for_cycles(g), (Cycles{{0, 1, 2, 3, 4}}));
  const WaitForGraph shuffled = {{3}, {4}, {1}, {2}, {0}};  // 0 -> 3 -> 2 -> 1 -> 4 -> 0
  EXPECT_EQ(wait_for_cycles(shuffled), (Cycles{{0, 3, 2, 1, 4}}));
}

TEST(WaitForGraph, ChainsAndTreesHaveNoCycle) {
  EXPECT_TRUE(wait_for_cycles({}).empty());
  EXPECT_TRUE(wait_for_cycles({{}, {}, {}}).empty());
  EXPECT_TRUE(wait_for_cycles({{1, 2}, {3}, {3}, {}}).empty());  // a diamond: two paths, no cycle
}

TEST(WaitForGraph, ASelfLoopIsACycleOfOne) {
  EXPECT_EQ(wait_for_cycles({{1}, {1}}), (Cycles{{1}}));
}

// Nodes that wait for a cycle without being on it are not part of it; each component is reported once.
TEST(WaitForGraph, TailsAreLeftOutAndEachComponentGivesOneCycle) {
  // 0 -> 1 -> 2 -> 1 (tail 0); 3 -> 4 -> 3; 5 -> 3 (another tail).
  const WaitForGraph g = {{1}, {2}, {1}, {4}, {3}, {3}};
  EXPECT_EQ(wait_for_cycles(g), (Cycles{{1, 2}, {3, 4}}));
}

TEST(WaitForGraph, TheShortestCycleThroughTheLowestNodeWithDuplicateSuccessors) {
  // 0 -> 1 -> 2 -> 3 -> 0 and the chord 1 -> 3; successors in any order, some twice.
  const WaitForGraph g = {{1, 1}, {3, 2, 3}, {3}, {0, 0}};
  EXPECT_EQ(wait_for_cycles(g), (Cycles{{0, 1, 3}}));
}

// Random graphs: every reported cycle is a cycle of the graph, starts at its lowest node and is the
// shortest through it (brute force); there is one per component with a cycle, i.e. the graph has a
// cycle exactly when one is reported.
TEST(WaitForGraph, RandomGraphsAgreeWithBruteForce) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 300; ++round) {
    const size_t n = 1 + rng() % 9;
    WaitForGraph g(n);
    for (size_t v = 0; v < n; ++v)
      for (size_t w = 0; w < n; ++w)
        if (rng() % 5 == 0) g[v].push_back(w);
    // dist[v][w]: the fewest edges from v to w (Floyd-Warshall), SIZE_MAX / 4 if none.
    const size_t inf = SIZE_MAX / 4;
    std::vector<std::vector<size_t>> dist(n, std::vector<size_t>(n, inf));
    for (size_t v = 0; v < n; ++v)
      for (size_t w : g[v]) dist[v][w] = 1;
    for (size_t k = 0; k < n; ++k)
      for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) dist[i][j] = std::min(dist[i][j], dist[i][k] + dist[k][j]);
    const Cycles cycles = wait_for_cycles(g);
    std::set<size_t> on_reported;
    for (const auto& c : cycles) {
      ASSERT_FALSE(c.empty());
      for (size_t i = 0; i < c.size(); ++i) {
        const auto& s = g[c[i]];
        EXPECT_NE(std::find(s.begin(), s.end(), c[(i + 1) % c.size()]), s.end()) << "round " << round;
        EXPECT_LE(c[0], c[i]);
        EXPECT_TRUE(on_reported.insert(c[i]).second) << "a node in two reported cycles, round " << round;
      }
      EXPECT_EQ(c.size(), dist[c[0]][c[0]]) << "round " << round;
    }
    // Every node on some cycle shares a component (mutual reachability) with exactly one reported first node.
    for (size_t v = 0; v < n; ++v) {
      if (dist[v][v] >= inf) continue;
      size_t heads = 0;
      for (const auto& c : cycles) heads += (c[0] == v || (dist[v][c[0]] < inf && dist[c[0]][v] < inf));
      EXPECT_EQ(heads, 1u) << "node " << v << ", round " << round;
    }
  }
}

}  // namespace
}  // namespace ccf::fabric
