// clos.hpp: builders of multi-tier Clos topologies (docs/fabric.md 5.2): two-tier leaf-spine,
// three-tier Clos (ToR, leaf, spine; the DCQCN paper's testbed, section 2.2 and Figure 2) and the
// k-ary fat tree (k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 core switches, k^3/4
// hosts; the RCM paper's 12-port fat tree, section 4.1). Each builder validates its parameters and
// throws TopologyError naming the scenario key (fabric.*), its value and what is allowed.
#pragma once

#include "sc/fabric/topology.hpp"

namespace ccf::fabric {

// Rate and propagation delay of the links of one tier.
struct TierLink {
  double gbps = 100.0;
  double delay_ns = 1000.0;
};

// Tier 0: host to the switch it hangs off; tier 1: that switch up to the next tier (leaf-spine:
// leaf to spine; three tiers: ToR/edge to leaf/aggregation); tier 2: leaf/aggregation to spine/core.
struct ClosLinks {
  TierLink host, tier1, tier2;
};

// Leaves 0..L-1 then spines L..L+S-1. Leaf l: ports 0..H-1 to its hosts l*H .. l*H+H-1, port H+j to
// spine j. Spine j: port l to leaf l. Needs leaves of H+S ports and spines of L ports.
struct LeafSpineSpec {
  unsigned leaves = 2, spines = 2, hosts_per_leaf = 2;
  ClosLinks links;
  unsigned max_ports = kMaxSwitchPorts;  // the switch build's port count
};
Topology leaf_spine(const LeafSpineSpec& spec);

// How leaves reach spines: kFull, every leaf to every spine (the DCQCN testbed); kPlanes, spines in
// leaves_per_pod planes of spines/leaves_per_pod, leaf j of every pod to every spine of plane j (the
// fat tree).
enum class SpineWiring { kFull, kPlanes };

// Switches in order: ToRs (pod-major, ToR t of pod p is p*T+t), leaves (P*T + p*Lp + j), spines.
// ToR: ports 0..H-1 to its hosts, port H+j to leaf j of its pod. Leaf (p, j): port t to ToR t of its
// pod, then its spines from port T in spine order. Spine: full, port p*Lp+j to leaf (p, j); planes,
// port p to its plane's leaf of pod p. Host i of ToR (p, t) is ((p*T)+t)*H + i.
struct ThreeTierSpec {
  unsigned pods = 2, tors_per_pod = 2, leaves_per_pod = 2, spines = 2, hosts_per_tor = 1;
  SpineWiring wiring = SpineWiring::kFull;
  ClosLinks links;
  unsigned max_ports = kMaxSwitchPorts;
  const char* tor_name = "tor";  // switch names: tor3, leaf1, spine0 (fat tree: edge, agg, core)
  const char* leaf_name = "leaf";
  const char* spine_name = "spine";
};
Topology three_tier(const ThreeTierSpec& spec);

// The k-ary fat tree (k even, 2..max_ports): three_tier with k pods, k/2 ToRs ("edge") and k/2
// leaves ("agg") per pod, (k/2)^2 spines ("core") in k/2 planes, k/2 hosts per edge switch; every
// switch has k ports.
Topology fat_tree(unsigned k, const ClosLinks& links, unsigned max_ports = kMaxSwitchPorts);

}  // namespace ccf::fabric
