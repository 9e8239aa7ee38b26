// routing.cpp: see routing.hpp.
#include "sc/fabric/routing.hpp"

#include <algorithm>
#include <deque>
#include <map>

#include <fmt/format.h>

#include "sc/fabric/flow_hash.hpp"

namespace ccf::fabric {

Routing::Routing(const Topology& t) : t_(t) {
  t.validate();
  const unsigned S = t.switches(), H = t.hosts;
  host_link_.assign(H, kNoLink);
  switch_link_.resize(S);
  for (unsigned s = 0; s < S; ++s) switch_link_[s].assign(t.switch_ports[s], kNoLink);
  for (size_t i = 0; i < t.links.size(); ++i) {
    const LinkSpec& l = t.links[i];
    for (auto [n, port] : {std::pair{l.a, l.port_a}, std::pair{l.b, l.port_b}}) {
      if (n.kind == NodeKind::kHost) host_link_[n.index] = i;
      else switch_link_[n.index][port] = i;
    }
  }
  // Distances: BFS from each destination's switch over switch-to-switch links.
  dist_.assign(H, std::vector<unsigned>(S, kUnreachable));
  for (unsigned h = 0; h < H; ++h) {
    const NodeRef first = peer(host_link_[h], {NodeKind::kHost, h});
    std::vector<unsigned>& d = dist_[h];
    std::deque<unsigned> q;
    d[first.index] = 1;
    q.push_back(first.index);
    while (!q.empty()) {
      const unsigned s = q.front();
      q.pop_front();
      for (unsigned p = 0; p < switch_link_[s].size(); ++p) {
        if (switch_link_[s][p] == kNoLink) continue;
        const NodeRef n = peer(switch_link_[s][p], {NodeKind::kSwitch, s});
        if (n.kind == NodeKind::kSwitch && d[n.index] == kUnreachable) {
          d[n.index] = d[s] + 1;
          q.push_back(n.index);
        }
      }
    }
  }
  // Next hops: ports to a neighbour one hop closer (or to the host itself), grouped into sets.
  sets_.resize(S);
  set_of_.assign(S, std::vector<int>(H, -1));
  for (unsigned s = 0; s < S; ++s) {
    std::map<std::vector<unsigned>, int> index;
    for (unsigned h = 0; h < H; ++h) {
      const unsigned ds = dist_[h][s];
      if (ds == kUnreachable) continue;
      std::vector<unsigned> ports;
      for (unsigned p = 0; p < switch_link_[s].size(); ++p) {
        if (switch_link_[s][p] == kNoLink) continue;
        const NodeRef n = peer(switch_link_[s][p], {NodeKind::kSwitch, s});
        const bool to_host = n.kind == NodeKind::kHost && n.index == h && ds == 1;
        const bool closer = n.kind == NodeKind::kSwitch && dist_[h][n.index] != kUnreachable &&
                            dist_[h][n.index] + 1 == ds;
        if (to_host || closer) ports.push_back(p);
      }
      auto [it, added] = index.emplace(ports, static_cast<int>(sets_[s].size()));
      if (added) sets_[s].push_back(ports);
      set_of_[s][h] = it->second;
    }
  }
}

const std::vector<unsigned>& Routing::next_hops(unsigned s, unsigned h) const {
  static const std::vector<unsigned> kNone;
  const int i = set_of_.at(s).at(h);
  return i < 0 ? kNone : sets_[s][static_cast<size_t>(i)];
}

unsigned Routing::switch_hops(unsigned src, unsigned dst) const {
  if (src == dst) return 0;
  const NodeRef first = peer(host_link_.at(src), {NodeKind::kHost, src});
  return dist_.at(dst)[first.index];
}

uint64_t Routing::path_count(unsigned src, unsigned dst) const {
  if (src == dst || switch_hops(src, dst) == kUnreachable) return 0;
  // Paths to dst from each switch, in order of increasing distance (memoised over the DAG).
  std::vector<uint64_t> paths(t_.switches(), 0);
  std::vector<unsigned> order(t_.switches());
  for (unsigned s = 0; s < t_.switches(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) { return dist_[dst][a] < dist_[dst][b]; });
  for (unsigned s : order) {
    if (dist_[dst][s] == kUnreachable) break;
    uint64_t n = 0;
    for (unsigned p : next_hops(s, dst)) {
      const NodeRef nb = peer(switch_link_[s][p], {NodeKind::kSwitch, s});
      n += nb.kind == NodeKind::kHost ? 1 : paths[nb.index];
    }
    paths[s] = n;
  }
  return paths[peer(host_link_[src], {NodeKind::kHost, src}).index];
}

std::vector<size_t> Routing::path(unsigned src, unsigned dst, uint32_t flow_id,
                                  const std::vector<uint64_t>& seeds) const {
  if (src >= t_.hosts || dst >= t_.hosts || src == dst || switch_hops(src, dst) == kUnreachable)
    throw TopologyError(fmt::format("no route from host {} to host {} in the topology", src, dst));
  std::vector<size_t> links{host_link_[src]};
  NodeRef at = peer(host_link_[src], {NodeKind::kHost, src});
  while (at.kind == NodeKind::kSwitch) {
    const std::vector<unsigned>& ports = next_hops(at.index, dst);
    const uint64_t seed = at.index < seeds.size() ? seeds[at.index] : 0;
    const unsigned port =
        ports.size() == 1 ? ports[0] : ports[ecmp_member_index(ecmp_flow_hash(src, dst, flow_id, seed), unsigned(ports.size()))];
    links.push_back(switch_link_[at.index][port]);
    at = peer(links.back(), at);
  }
  return links;
}

size_t Routing::link_index(NodeRef n, unsigned port) const {
  if (n.kind == NodeKind::kHost) return port == 0 && n.index < host_link_.size() ? host_link_[n.index] : kNoLink;
  if (n.index >= switch_link_.size() || port >= switch_link_[n.index].size()) return kNoLink;
  return switch_link_[n.index][port];
}

NodeRef Routing::peer(size_t link, NodeRef n) const {
  const LinkSpec& l = t_.links.at(link);
  return (l.a == n) ? l.b : l.a;
}

}  // namespace ccf::fabric
