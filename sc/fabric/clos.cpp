// clos.cpp: see clos.hpp.
#include "sc/fabric/clos.hpp"

#include <cmath>

#include <fmt/format.h>

namespace ccf::fabric {

namespace {

constexpr unsigned kMaxCount = 65536;  // a bound on every count, far above what the RTL can address

void check_count(const char* key, unsigned v, unsigned lo = 1) {
  if (v < lo || v > kMaxCount)
    throw TopologyError(fmt::format("fabric.{} = {} must be an integer from {} to {}", key, v, lo, kMaxCount));
}

void check_tier(const char* rate_key, const char* delay_key, const TierLink& t) {
  if (!std::isfinite(t.gbps) || t.gbps <= 0)
    throw TopologyError(fmt::format("fabric.{} = {} must be a finite number > 0 (Gb/s)", rate_key, t.gbps));
  if (!std::isfinite(t.delay_ns) || t.delay_ns < 0)
    throw TopologyError(fmt::format("fabric.{} = {} must be a finite number >= 0 (ns)", delay_key, t.delay_ns));
}

void check_links(const ClosLinks& l, bool tier2) {
  check_tier("link_gbps", "link_delay_ns", l.host);
  check_tier("tier1_gbps", "tier1_delay_ns", l.tier1);
  if (tier2) check_tier("tier2_gbps", "tier2_delay_ns", l.tier2);
}

// A switch of `what` needs `ports` ports; `why` names the keys that make it so.
void check_ports(const std::string& what, uint64_t ports, unsigned max_ports, const std::string& why) {
  if (ports > max_ports)
    throw TopologyError(fmt::format("{} need {}-port {} switches; the switch has at most {} ports", why, ports, what,
                                    max_ports));
}

void check_max_ports(unsigned max_ports) {
  if (max_ports < 1 || max_ports > kMaxSwitchPorts)
    throw TopologyError(fmt::format("switch ports = {} must be between 1 and {}", max_ports, kMaxSwitchPorts));
}

void add_link(Topology& t, NodeRef a, unsigned pa, NodeRef b, unsigned pb, const TierLink& l) {
  t.links.push_back({a, pa, b, pb, l.gbps, l.delay_ns});
}

NodeRef host(unsigned i) { return {NodeKind::kHost, i}; }
NodeRef sw(unsigned i) { return {NodeKind::kSwitch, i}; }

}  // namespace

Topology leaf_spine(const LeafSpineSpec& s) {
  check_max_ports(s.max_ports);
  check_count("leaves", s.leaves);
  check_count("spines", s.spines);
  check_count("hosts_per_leaf", s.hosts_per_leaf);
  check_links(s.links, false);
  const uint64_t hosts = uint64_t{s.leaves} * s.hosts_per_leaf;
  if (hosts > kMaxCount)
    throw TopologyError(fmt::format("fabric.leaves x fabric.hosts_per_leaf = {} x {} = {} hosts must be at most {}",
                                    s.leaves, s.hosts_per_leaf, hosts, kMaxCount));
  check_ports("leaf", uint64_t{s.hosts_per_leaf} + s.spines, s.max_ports,
              fmt::format("fabric.hosts_per_leaf = {} and fabric.spines = {}", s.hosts_per_leaf, s.spines));
  check_ports("spine", s.leaves, s.max_ports, fmt::format("fabric.leaves = {}", s.leaves));
  Topology t;
  t.kind = "leaf_spine";
  t.hosts = static_cast<unsigned>(hosts);
  for (unsigned l = 0; l < s.leaves; ++l) {
    t.switch_ports.push_back(s.hosts_per_leaf + s.spines);
    t.switch_names.push_back(fmt::format("leaf{}", l));
    t.switch_tiers.push_back(0);
  }
  for (unsigned j = 0; j < s.spines; ++j) {
    t.switch_ports.push_back(s.leaves);
    t.switch_names.push_back(fmt::format("spine{}", j));
    t.switch_tiers.push_back(1);
  }
  for (unsigned l = 0; l < s.leaves; ++l)
    for (unsigned i = 0; i < s.hosts_per_leaf; ++i) add_link(t, host(l * s.hosts_per_leaf + i), 0, sw(l), i, s.links.host);
  for (unsigned l = 0; l < s.leaves; ++l)
    for (unsigned j = 0; j < s.spines; ++j) add_link(t, sw(l), s.hosts_per_leaf + j, sw(s.leaves + j), l, s.links.tier1);
  t.validate();
  return t;
}

Topology three_tier(const ThreeTierSpec& s) {
  check_max_ports(s.max_ports);
  check_count("pods", s.pods);
  check_count("tors_per_pod", s.tors_per_pod);
  check_count("leaves_per_pod", s.leaves_per_pod);
  check_count("spines", s.spines);
  check_count("hosts_per_tor", s.hosts_per_tor);
  check_links(s.links, true);
  const bool planes = s.wiring == SpineWiring::kPlanes;
  if (planes && s.spines % s.leaves_per_pod != 0)
    throw TopologyError(fmt::format(
        "fabric.spines = {} must be a multiple of fabric.leaves_per_pod = {} with fabric.spine_wiring = \"planes\" "
        "(one plane of spines per leaf of a pod)",
        s.spines, s.leaves_per_pod));
  const uint64_t tors = uint64_t{s.pods} * s.tors_per_pod, leaves = uint64_t{s.pods} * s.leaves_per_pod;
  const uint64_t hosts = tors * s.hosts_per_tor;
  if (hosts > kMaxCount || tors + leaves + s.spines > kMaxCount)
    throw TopologyError(fmt::format(
        "fabric.pods x fabric.tors_per_pod x fabric.hosts_per_tor = {} hosts and {} switches must be at most {} each",
        hosts, tors + leaves + s.spines, kMaxCount));
  const unsigned per_plane = planes ? s.spines / s.leaves_per_pod : s.spines;  // spines of one leaf
  check_ports(s.tor_name, uint64_t{s.hosts_per_tor} + s.leaves_per_pod, s.max_ports,
              fmt::format("fabric.hosts_per_tor = {} and fabric.leaves_per_pod = {}", s.hosts_per_tor,
                          s.leaves_per_pod));
  check_ports(s.leaf_name, uint64_t{s.tors_per_pod} + per_plane, s.max_ports,
              fmt::format("fabric.tors_per_pod = {} and {} spines per leaf", s.tors_per_pod, per_plane));
  check_ports(s.spine_name, planes ? uint64_t{s.pods} : leaves, s.max_ports,
              planes ? fmt::format("fabric.pods = {}", s.pods)
                     : fmt::format("fabric.pods x fabric.leaves_per_pod = {} leaves", leaves));

  Topology t;
  t.kind = "three_tier";
  t.hosts = static_cast<unsigned>(hosts);
  const unsigned T = s.tors_per_pod, Lp = s.leaves_per_pod, H = s.hosts_per_tor;
  const unsigned leaf0 = static_cast<unsigned>(tors), spine0 = static_cast<unsigned>(tors + leaves);
  for (unsigned i = 0; i < tors; ++i) {
    t.switch_ports.push_back(H + Lp);
    t.switch_names.push_back(fmt::format("{}{}", s.tor_name, i));
    t.switch_tiers.push_back(0);
  }
  for (unsigned i = 0; i < leaves; ++i) {
    t.switch_ports.push_back(T + per_plane);
    t.switch_names.push_back(fmt::format("{}{}", s.leaf_name, i));
    t.switch_tiers.push_back(1);
  }
  for (unsigned i = 0; i < s.spines; ++i) {
    t.switch_ports.push_back(planes ? s.pods : static_cast<unsigned>(leaves));
    t.switch_names.push_back(fmt::format("{}{}", s.spine_name, i));
    t.switch_tiers.push_back(2);
  }
  for (unsigned p = 0; p < s.pods; ++p)
    for (unsigned r = 0; r < T; ++r)
      for (unsigned i = 0; i < H; ++i) add_link(t, host((p * T + r) * H + i), 0, sw(p * T + r), i, s.links.host);
  for (unsigned p = 0; p < s.pods; ++p)
    for (unsigned r = 0; r < T; ++r)
      for (unsigned j = 0; j < Lp; ++j) add_link(t, sw(p * T + r), H + j, sw(leaf0 + p * Lp + j), r, s.links.tier1);
  for (unsigned p = 0; p < s.pods; ++p)
    for (unsigned j = 0; j < Lp; ++j)
      for (unsigned i = 0; i < per_plane; ++i) {
        const unsigned spine = planes ? j * per_plane + i : i;
        const unsigned spine_port = planes ? p : p * Lp + j;
        add_link(t, sw(leaf0 + p * Lp + j), T + i, sw(spine0 + spine), spine_port, s.links.tier2);
      }
  t.validate();
  return t;
}

Topology fat_tree(unsigned k, const ClosLinks& links, unsigned max_ports) {
  check_max_ports(max_ports);
  if (k < 2 || k % 2 != 0 || k > max_ports)
    throw TopologyError(fmt::format("fabric.k = {} must be an even number from 2 to {} (every switch of a k-ary fat "
                                    "tree has k ports; the switch has at most {})",
                                    k, max_ports - max_ports % 2, max_ports));
  ThreeTierSpec s;
  s.pods = k;
  s.tors_per_pod = k / 2;
  s.leaves_per_pod = k / 2;
  s.spines = (k / 2) * (k / 2);
  s.hosts_per_tor = k / 2;
  s.wiring = SpineWiring::kPlanes;
  s.links = links;
  s.max_ports = max_ports;
  s.tor_name = "edge";
  s.leaf_name = "agg";
  s.spine_name = "core";
  Topology t = three_tier(s);
  t.kind = "fat_tree";
  return t;
}

}  // namespace ccf::fabric
