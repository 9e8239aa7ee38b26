// run_collect.hpp: what the modules of a finished run say, into its RunResults (docs/outputs.md):
// the frame ledger (every end-to-end frame sent is delivered, dropped with a reason, or in flight)
// and each switch's counters, read through its register interface (docs/switch.md 2.9, 2.11.6).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fabric/routing.hpp"
#include "fabric/topology.hpp"
#include "fabric_builder.hpp"
#include "output/run_results.hpp"

namespace ccf::cli {

// The ledger and the drops by reason of every NIC, link and switch; `switch_drops_at_window`: the
// switches' drops when the measurement window opened (for the window's own count).
void collect_frame_ledger(const Fabric& fab, uint64_t switch_drops_at_window, sims::RunResults& r);

// Per cabled switch port: PFC frames, peak queue, what left through it, ECN marks and, with RCM, its
// RCM counters; the run's PFC totals, its largest queue and every PFC frame a switch sent.
void collect_switch_counters(const Fabric& fab, const fabric::Topology& topo, const fabric::Routing& routing,
                             const std::vector<std::string>& sw_names, sims::RunResults& r);

}  // namespace ccf::cli
