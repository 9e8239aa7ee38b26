// topology.cpp: topology builders, validation and BFS routes (docs/fabric.md 5).
#include "sc/fabric/topology.hpp"

#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "sc/fabric/routing.hpp"

namespace ccf::fabric {

std::string to_string(const NodeRef& n) {
  return fmt::format("{} {}", n.kind == NodeKind::kHost ? "host" : "switch", n.index);
}

std::string Topology::switch_name(unsigned s) const {
  return s < switch_names.size() ? switch_names[s] : fmt::format("switch {}", s);
}

std::string Topology::host_name(unsigned h) const {
  return h < host_names.size() ? host_names[h] : fmt::format("host {}", h);
}

std::string Topology::describe(NodeRef n) const {
  const std::vector<std::string>& names = n.kind == NodeKind::kHost ? host_names : switch_names;
  return n.index < names.size() ? fmt::format("{} (\"{}\")", to_string(n), names[n.index]) : to_string(n);
}

namespace {

void check_rate(const std::string& key, double gbps) {
  if (!std::isfinite(gbps) || gbps <= 0)
    throw TopologyError(fmt::format("{} = {} must be a finite number > 0 (Gb/s)", key, gbps));
}

void check_delay(const std::string& key, double ns) {
  if (!std::isfinite(ns) || ns < 0)
    throw TopologyError(fmt::format("{} = {} must be a finite number >= 0 (ns)", key, ns));
}

void check_switch_ports(unsigned ports, unsigned min_ports) {
  if (ports < min_ports || ports > kMaxSwitchPorts)
    throw TopologyError(
        fmt::format("fabric.switch_ports = {} must be between {} and {}", ports, min_ports, kMaxSwitchPorts));
}

}  // namespace

Topology Topology::star(unsigned hosts, double link_gbps, double link_delay_ns, unsigned switch_ports) {
  check_switch_ports(switch_ports, 1);
  if (hosts < 1 || hosts > switch_ports)
    throw TopologyError(fmt::format("fabric.hosts = {} must be between 1 and {} for topology star with {}-port switches",
                                    hosts, switch_ports, switch_ports));
  check_rate("fabric.link_gbps", link_gbps);
  check_delay("fabric.link_delay_ns", link_delay_ns);
  Topology t;
  t.hosts = hosts;
  t.switch_ports = {switch_ports};
  for (unsigned h = 0; h < hosts; ++h)
    t.links.push_back({{NodeKind::kHost, h}, 0, {NodeKind::kSwitch, 0}, h, link_gbps, link_delay_ns});
  t.validate();
  return t;
}

Topology Topology::two_switch(unsigned hosts_left, unsigned hosts_right, double link_gbps, double link_delay_ns,
                              double inter_switch_gbps, unsigned switch_ports) {
  check_switch_ports(switch_ports, 2);
  const unsigned max_hosts = switch_ports - 1;
  for (auto [key, n] : {std::pair{"fabric.hosts_left", hosts_left}, std::pair{"fabric.hosts_right", hosts_right}})
    if (n < 1 || n > max_hosts)
      throw TopologyError(fmt::format(
          "{} = {} must be between 1 and {} for topology two_switch with {}-port switches (the last port joins the "
          "switches)",
          key, n, max_hosts, switch_ports));
  check_rate("fabric.link_gbps", link_gbps);
  check_delay("fabric.link_delay_ns", link_delay_ns);
  check_rate("fabric.inter_switch_gbps", inter_switch_gbps);
  Topology t;
  t.hosts = hosts_left + hosts_right;
  t.switch_ports = {switch_ports, switch_ports};
  for (unsigned h = 0; h < hosts_left; ++h)
    t.links.push_back({{NodeKind::kHost, h}, 0, {NodeKind::kSwitch, 0}, h, link_gbps, link_delay_ns});
  for (unsigned i = 0; i < hosts_right; ++i)
    t.links.push_back(
        {{NodeKind::kHost, hosts_left + i}, 0, {NodeKind::kSwitch, 1}, i, link_gbps, link_delay_ns});
  const unsigned last = switch_ports - 1;
  t.links.push_back({{NodeKind::kSwitch, 0}, last, {NodeKind::kSwitch, 1}, last, inter_switch_gbps, link_delay_ns});
  t.validate();
  return t;
}

void Topology::validate() const {
  if (hosts < 1) throw TopologyError(fmt::format("fabric.hosts = {} must be >= 1", hosts));
  for (unsigned s = 0; s < switches(); ++s)
    if (switch_ports[s] < 1 || switch_ports[s] > kMaxSwitchPorts)
      throw TopologyError(fmt::format("fabric.switches[{}].ports = {} must be between 1 and {}", s, switch_ports[s],
                                      kMaxSwitchPorts));
  if (!switch_names.empty() && switch_names.size() != switches())
    throw TopologyError(fmt::format("topology: {} switch names for {} switches", switch_names.size(), switches()));
  if (!switch_tiers.empty() && switch_tiers.size() != switches())
    throw TopologyError(fmt::format("topology: {} switch tiers for {} switches", switch_tiers.size(), switches()));
  if (!host_names.empty() && host_names.size() != hosts)
    throw TopologyError(fmt::format("topology: {} host names for {} hosts", host_names.size(), hosts));
  // owner[node][port] = index of the link using it, to report duplicates.
  std::vector<std::optional<size_t>> host_used(hosts);
  std::vector<std::vector<std::optional<size_t>>> sw_used(switches());
  for (unsigned s = 0; s < switches(); ++s) sw_used[s].resize(switch_ports[s]);

  for (size_t i = 0; i < links.size(); ++i) {
    const LinkSpec& l = links[i];
    const std::string key = fmt::format("fabric.links[{}]", i);
    for (auto [end, n, port] : {std::tuple{"a", l.a, l.port_a}, std::tuple{"b", l.b, l.port_b}}) {
      std::optional<size_t>* slot = nullptr;
      if (n.kind == NodeKind::kHost) {
        if (n.index >= hosts)
          throw TopologyError(fmt::format("{}.{} = host {} must be a host 0..{}", key, end, n.index, hosts - 1));
        if (port != 0)
          throw TopologyError(fmt::format("{}.port_{} = {} must be 0: {} has one NIC port", key, end, port,
                                          describe(n)));
        slot = &host_used[n.index];
      } else {
        if (n.index >= switches())
          throw TopologyError(fmt::format("{}.{} = switch {} must be a switch 0..{}", key, end, n.index,
                                          switches() == 0 ? std::string("(none defined)")
                                                          : std::to_string(switches() - 1)));
        if (port >= switch_ports[n.index])
          throw TopologyError(fmt::format("{}.port_{} = {} is out of range: {} has ports 0..{}", key, end, port,
                                          describe(n), switch_ports[n.index] - 1));
        slot = &sw_used[n.index][port];
      }
      if (slot->has_value())
        throw TopologyError(fmt::format("{}.port_{} = {}: {} port {} is already used by fabric.links[{}]", key, end,
                                        port, describe(n), port, **slot));
      *slot = i;
    }
    if (l.a.kind == NodeKind::kHost && l.b.kind == NodeKind::kHost)
      throw TopologyError(fmt::format("{} joins {} and {}: a host connects to a switch only", key, describe(l.a),
                                      describe(l.b)));
    if (l.a == l.b)
      throw TopologyError(fmt::format("{} joins {} to itself", key, describe(l.a)));
    check_rate(key + ".gbps", l.gbps);
    check_delay(key + ".delay_ns", l.delay_ns);
  }
  for (unsigned h = 0; h < hosts; ++h)
    if (!host_used[h].has_value())
      throw TopologyError(fmt::format("fabric.hosts = {}: {} is not connected by any of fabric.links", hosts,
                                      describe({NodeKind::kHost, h})));
}

const LinkSpec* Topology::link_at(NodeRef n, unsigned port) const {
  for (const LinkSpec& l : links)
    if ((l.a == n && l.port_a == port) || (l.b == n && l.port_b == port)) return &l;
  return nullptr;
}

std::vector<uint64_t> Topology::switch_cabled_ports() const {
  std::vector<uint64_t> cabled(switches(), 0);
  for (const LinkSpec& l : links) {
    if (l.a.kind == NodeKind::kSwitch) cabled[l.a.index] |= uint64_t{1} << l.port_a;
    if (l.b.kind == NodeKind::kSwitch) cabled[l.b.index] |= uint64_t{1} << l.port_b;
  }
  return cabled;
}

std::vector<std::vector<int>> Topology::routes() const {
  const Routing r(*this);
  std::vector<std::vector<int>> table(switches(), std::vector<int>(hosts, kNoRoute));
  for (unsigned s = 0; s < switches(); ++s)
    for (unsigned h = 0; h < hosts; ++h)
      if (const auto& ports = r.next_hops(s, h); !ports.empty()) table[s][h] = static_cast<int>(ports.front());
  return table;
}

}  // namespace ccf::fabric
