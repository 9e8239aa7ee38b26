// wait_for_graph.cpp: see wait_for_graph.hpp.
#include "sc/fabric/wait_for_graph.hpp"

#include <algorithm>
#include <limits>

namespace ccf::fabric {
namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

// Successor lists sorted and without duplicates, so that every search below visits them in one order.
WaitForGraph normalised(const WaitForGraph& succ) {
  WaitForGraph g = succ;
  for (auto& s : g) {
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
  }
  return g;
}

// Tarjan's strongly connected components, without recursion: comp[v] is v's component number.
std::vector<size_t> components(const WaitForGraph& g) {
  const size_t n = g.size();
  std::vector<size_t> index(n, kNone), low(n, 0), comp(n, kNone), stack;
  std::vector<bool> on_stack(n, false);
  struct Frame {
    size_t v, next;  // node, position in its successor list
  };
  std::vector<Frame> calls;
  size_t counter = 0, comps = 0;
  for (size_t root = 0; root < n; ++root) {
    if (index[root] != kNone) continue;
    calls.push_back({root, 0});
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!calls.empty()) {
      Frame& f = calls.back();
      if (f.next < g[f.v].size()) {
        const size_t w = g[f.v][f.next++];
        if (index[w] == kNone) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = true;
          calls.push_back({w, 0});
        } else if (on_stack[w]) {
          low[f.v] = std::min(low[f.v], index[w]);
        }
        continue;
      }
      const size_t v = f.v;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().v] = std::min(low[calls.back().v], low[v]);
      if (low[v] != index[v]) continue;
      size_t w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        comp[w] = comps;
      } while (w != v);
      ++comps;
    }
  }
  return comp;
}

// The shortest cycle through r within r's component (breadth-first from r), or empty if none.
std::vector<size_t> shortest_cycle_through(const WaitForGraph& g, const std::vector<size_t>& comp, size_t r) {
  std::vector<size_t> parent(g.size(), kNone);
  std::vector<size_t> frontier{r};
  parent[r] = r;
  for (size_t head = 0; head < frontier.size(); ++head) {
    const size_t v = frontier[head];
    for (size_t w : g[v]) {
      if (w == r) {  // v closes the cycle: r -> ... -> v -> r
        std::vector<size_t> cycle;
        for (size_t u = v; u != r; u = parent[u]) cycle.push_back(u);
        cycle.push_back(r);
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      if (comp[w] != comp[r] || parent[w] != kNone) continue;
      parent[w] = v;
      frontier.push_back(w);
    }
  }
  return {};
}

}  // namespace

std::vector<std::vector<size_t>> wait_for_cycles(const WaitForGraph& succ) {
  const WaitForGraph g = normalised(succ);
  const std::vector<size_t> comp = components(g);
  std::vector<bool> done(g.size(), false);  // by component number
  std::vector<std::vector<size_t>> cycles;
  for (size_t v = 0; v < g.size(); ++v) {  // v is its component's lowest node when first met
    if (done[comp[v]]) continue;
    done[comp[v]] = true;
    std::vector<size_t> cycle = shortest_cycle_through(g, comp, v);
    if (!cycle.empty()) cycles.push_back(std::move(cycle));
  }
  return cycles;
}

}  // namespace ccf::fabric
