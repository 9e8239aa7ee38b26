// switch_setup.hpp: the register configuration of one switch of a scenario's fabric (docs/switch.md
// 2.9, docs/buffer-plan.md, docs/fabric.md 6): PFC and ECN from [switch], per-port pause quantum and
// headroom from the port's own link, and the forwarding table with one ECMP group per distinct set
// of equal-cost next hops.
#pragma once

#include <cstdint>

#include "models/switch/switch_config.hpp"
#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"
#include "sims/output/run_results.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {

// Switch k's LFSR seed (RED/ECN and WRED decisions) from sim.seed: splitmix64 of seed and k, never 0.
uint32_t lfsr_seed(uint64_t seed, unsigned k);

// The configuration of switch k. Throws BadInput when the buffer leaves no shared pool, a link rate
// gives no whole number of cycles per pause quantum, or the switch needs more ECMP groups than the
// RTL has (NGROUPS) or more destinations than its forwarding table (2^DST_W).
sw::SwitchConfig switch_config(const sims::Scenario& s, const sw::SwitchParams& params, const fabric::Topology& topo,
                               const fabric::Routing& routing, unsigned k);

// The thresholds queue.png marks (docs/outputs.md 4) under configuration c: ECN's Kmin and Kmax
// when marking is on, PFC's XOFF when it is one static figure (the shared cells an ingress (port,
// priority) may hold, in bytes), else a note saying how it is set.
sims::QueueMarks queue_marks(const sims::Scenario& s, const sw::SwitchParams& params, const sw::SwitchConfig& c);

}  // namespace ccf::cli
