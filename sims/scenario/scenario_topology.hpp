// scenario_topology.hpp: the topology of a scenario's [fabric] table (docs/scenarios.md [fabric],
// docs/fabric.md 5): by kind and parameters (star, two_switch, leaf_spine, three_tier, fat_tree) or
// from explicit [[fabric.nodes]] and [[fabric.links]].
#pragma once

#include "sc/fabric/topology.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::sims {

// Builds and validates the topology; checks that every host can reach every other host and that
// every link rate is one the switch clock supports (link_rate_rule). Throws fabric::TopologyError
// whose message names the fabric.* key, its value and what is allowed. switch_ports: the switch
// build's port count (a topology's switches may need at most this many).
fabric::Topology scenario_topology(const Scenario::Fabric& f, unsigned switch_ports = kSwitchPortsBuilt);

// The most switch cycles per pause quantum (800 / rate): the 32-bit PFC_REFRESH_CYCLES register holds
// 65535 quanta x QUANTUM_CYCLES / 2 (sims/ccfabric/switch_setup.cpp). The slowest link: 800/131074 Gb/s.
inline constexpr double kMaxQuantumCycles = 131074;

// Empty when a link of `gbps` makes one PFC pause quantum (512 bit times) a whole number of switch
// cycles at 1.5625 GHz (800 / rate, docs/switch.md 2.1), at most kMaxQuantumCycles, else the rule in words.
std::string link_rate_rule(double gbps);

}  // namespace ccf::sims
