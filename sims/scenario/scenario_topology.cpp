// scenario_topology.cpp: see scenario_topology.hpp.
#include "sims/scenario/scenario_topology.hpp"

#include <cctype>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "sc/fabric/clos.hpp"
#include "sc/fabric/routing.hpp"

namespace ccf::sims {

namespace {

using fabric::NodeKind;
using fabric::NodeRef;
using fabric::Topology;
using fabric::TopologyError;

void check_rate(const std::string& key, double gbps) {
  if (const std::string rule = link_rate_rule(gbps); !rule.empty())
    throw TopologyError(fmt::format("{} = {} {}", key, gbps, rule));
}

fabric::ClosLinks clos_links(const Scenario::Fabric& f) {
  fabric::ClosLinks l;
  l.host = {f.link_gbps, f.link_delay_ns};
  l.tier1 = {f.tier1_gbps.value_or(f.link_gbps), f.tier1_delay_ns.value_or(f.link_delay_ns)};
  l.tier2 = {f.tier2_gbps.value_or(f.link_gbps), f.tier2_delay_ns.value_or(f.link_delay_ns)};
  return l;
}

bool valid_name(const std::string& n) {
  if (n.empty() || n.size() > 64) return false;
  for (char c : n)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

Topology explicit_topology(const Scenario::Fabric& f, unsigned switch_ports) {
  Topology t;
  t.kind = "explicit";
  std::map<std::string, std::pair<NodeRef, size_t>> by_name;  // name -> node, index in fabric.nodes
  for (size_t i = 0; i < f.nodes.size(); ++i) {
    const auto& n = f.nodes[i];
    const std::string key = fmt::format("fabric.nodes[{}]", i);
    if (!valid_name(n.name))
      throw TopologyError(fmt::format("{}.name = \"{}\" must be 1 to 64 letters, digits, '_', '-' or '.'", key, n.name));
    NodeRef ref;
    if (n.kind == "host") {
      ref = {NodeKind::kHost, t.hosts++};
      t.host_names.push_back(n.name);
    } else {
      if (n.ports < 1 || n.ports > switch_ports)
        throw TopologyError(fmt::format("{}.ports = {} must be an integer from 1 to {} (the switch's ports)", key,
                                        n.ports, switch_ports));
      ref = {NodeKind::kSwitch, t.switches()};
      t.switch_ports.push_back(n.ports);
      t.switch_names.push_back(n.name);
    }
    auto [it, added] = by_name.emplace(n.name, std::pair{ref, i});
    if (!added)
      throw TopologyError(fmt::format("{}.name = \"{}\" is already the name of fabric.nodes[{}]", key, n.name,
                                      it->second.second));
  }
  if (t.hosts == 0)
    throw TopologyError(fmt::format("fabric.nodes: {} nodes and no host: at least one node needs kind = \"host\"",
                                    f.nodes.size()));
  auto lookup = [&](size_t i, const char* end, const std::string& name) {
    auto it = by_name.find(name);
    if (it == by_name.end()) {
      std::string known;
      size_t shown = 0;
      for (const auto& n : f.nodes)
        if (shown++ < 12) known += (known.empty() ? "" : ", ") + ("\"" + n.name + "\"");
      if (f.nodes.size() > 12) known += ", ...";
      throw TopologyError(fmt::format("fabric.links[{}].{} = \"{}\" must name one of fabric.nodes ({})", i, end, name,
                                      known.empty() ? "none defined" : known));
    }
    return it->second.first;
  };
  // Ports: the given ones first, then each unset port is the node's lowest port not given and not
  // yet assigned, in link order.
  std::vector<std::vector<bool>> used(t.switches());
  for (unsigned s = 0; s < t.switches(); ++s) used[s].assign(t.switch_ports[s], false);
  std::vector<NodeRef> a(f.links.size()), b(f.links.size());
  for (size_t i = 0; i < f.links.size(); ++i) {
    a[i] = lookup(i, "a", f.links[i].a);
    b[i] = lookup(i, "b", f.links[i].b);
    for (auto [n, port] : {std::pair{a[i], f.links[i].port_a}, std::pair{b[i], f.links[i].port_b}})
      if (port && n.kind == NodeKind::kSwitch && *port < t.switch_ports[n.index]) used[n.index][*port] = true;
  }
  for (size_t i = 0; i < f.links.size(); ++i) {
    const auto& l = f.links[i];
    auto port_of = [&](NodeRef n, const std::optional<unsigned>& given, const char* end) -> unsigned {
      if (given) return *given;
      if (n.kind == NodeKind::kHost) return 0;
      for (unsigned p = 0; p < t.switch_ports[n.index]; ++p)
        if (!used[n.index][p]) {
          used[n.index][p] = true;
          return p;
        }
      throw TopologyError(fmt::format("fabric.links[{}].port_{}: switch \"{}\" has no free port left (ports = {})", i,
                                      end, t.switch_names[n.index], t.switch_ports[n.index]));
    };
    const unsigned pa = port_of(a[i], l.port_a, "a"), pb = port_of(b[i], l.port_b, "b");
    const double gbps = l.gbps.value_or(f.link_gbps);
    if (l.gbps) check_rate(fmt::format("fabric.links[{}].gbps", i), gbps);
    t.links.push_back({a[i], pa, b[i], pb, gbps, l.delay_ns.value_or(f.link_delay_ns)});
  }
  t.validate();
  return t;
}

}  // namespace

std::string link_rate_rule(double gbps) {
  // The switch's 32-bit PFC_REFRESH_CYCLES register holds pause_quanta (65535) x QUANTUM_CYCLES / 2
  // (switch_setup.cpp): QUANTUM_CYCLES = 800 / rate is at most 131074, the rate at least 800/131074 Gb/s.
  const double qc = 800.0 / gbps;
  if (std::isfinite(qc) && qc >= 1 && qc <= kMaxQuantumCycles && qc == std::floor(qc)) return "";
  return fmt::format(
      "must make 800 / rate a whole number of switch cycles per pause quantum from 1 to {} (e.g. 10, 20, "
      "25, 40, 50, 80, 100, 160, 200, 400 or 800; the slowest link is 800/{} = {:.6g} Gb/s, the "
      "largest pause that the switch's 32-bit PFC refresh register holds)",
      kMaxQuantumCycles, kMaxQuantumCycles, 800.0 / kMaxQuantumCycles);
}

Topology scenario_topology(const Scenario::Fabric& f, unsigned switch_ports) {
  check_rate("fabric.link_gbps", f.link_gbps);
  Topology t;
  const std::string& kind = f.topology;
  // star and two_switch: the smallest chip that holds the hosts (and the joining port)
  auto fitting = [&](unsigned ports) {
    const unsigned chip = sw::chip_port_count(ports);
    return chip != 0 && chip <= switch_ports ? chip : switch_ports;
  };
  if (kind == "star") {
    t = Topology::star(f.hosts, f.link_gbps, f.link_delay_ns, fitting(f.hosts));
    t.kind = kind;
  } else if (kind == "two_switch") {
    const double trunk = f.inter_switch_gbps > 0 ? f.inter_switch_gbps : f.link_gbps;
    if (f.inter_switch_gbps > 0) check_rate("fabric.inter_switch_gbps", trunk);
    t = Topology::two_switch(f.hosts / 2, f.hosts - f.hosts / 2, f.link_gbps, f.link_delay_ns, trunk,
                             fitting(f.hosts - f.hosts / 2 + 1));
    t.kind = kind;
  } else if (kind == "leaf_spine" || kind == "three_tier" || kind == "fat_tree") {
    if (f.tier1_gbps) check_rate("fabric.tier1_gbps", *f.tier1_gbps);
    if (f.tier2_gbps && kind != "leaf_spine") check_rate("fabric.tier2_gbps", *f.tier2_gbps);
    if (kind == "leaf_spine") {
      fabric::LeafSpineSpec s;
      s.leaves = f.leaves;
      s.spines = f.spines;
      s.hosts_per_leaf = f.hosts_per_leaf;
      s.links = clos_links(f);
      s.max_ports = switch_ports;
      t = fabric::leaf_spine(s);
    } else if (kind == "three_tier") {
      fabric::ThreeTierSpec s;
      s.pods = f.pods;
      s.tors_per_pod = f.tors_per_pod;
      s.leaves_per_pod = f.leaves_per_pod;
      s.spines = f.spines;
      s.hosts_per_tor = f.hosts_per_tor;
      s.wiring = f.spine_wiring == "planes" ? fabric::SpineWiring::kPlanes : fabric::SpineWiring::kFull;
      s.links = clos_links(f);
      s.max_ports = switch_ports;
      t = fabric::three_tier(s);
    } else {
      t = fabric::fat_tree(f.k, clos_links(f), switch_ports);
    }
  } else if (kind == "explicit") {
    t = explicit_topology(f, switch_ports);
  } else {
    throw TopologyError(fmt::format("fabric.topology = \"{}\" is unknown", kind));
  }
  // The built switches forward by destination host, one table entry per host (docs/switch.md 2.3):
  // refused here, before the routes of a fabric that cannot run are computed.
  constexpr sw::SwitchParams kBuilt{};
  if (t.hosts > kBuilt.ndst()) {
    const std::string fabric_is = kind == "fat_tree" ? fmt::format("fabric.k = {} gives {} hosts", f.k, t.hosts)
                                                     : fmt::format("fabric: the {} topology has {} hosts", kind, t.hosts);
    unsigned k_max = 2;
    while ((k_max + 2) * (k_max + 2) * (k_max + 2) / 4 <= kBuilt.ndst()) k_max += 2;
    throw TopologyError(fmt::format("{}; the switches' forwarding table holds {} destinations (DST_W = {}){}", fabric_is,
                                    kBuilt.ndst(), kBuilt.dst_w,
                                    kind == "fat_tree" ? fmt::format(": k must be at most {}", k_max) : ""));
  }
  // Every host reaches every other one (links are full duplex: host 0 reaching all is enough).
  const fabric::Routing r(t);
  for (unsigned h = 1; h < t.hosts; ++h)
    if (r.switch_hops(0, h) == fabric::Routing::kUnreachable)
      throw TopologyError(fmt::format("fabric: {} cannot reach {}: no path through the switches (every host must "
                                      "reach every other host)",
                                      t.describe({NodeKind::kHost, h}), t.describe({NodeKind::kHost, 0})));
  return t;
}

}  // namespace ccf::sims
