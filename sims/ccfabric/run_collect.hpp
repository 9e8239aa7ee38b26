// run_collect.hpp: what the modules of a finished run say, into its RunResults (docs/outputs.md):
// each flow's results and FCT, the frame ledger (every end-to-end frame sent is delivered, dropped with a reason, or in
// flight) and each switch's counters, read through its register interface (docs/switch.md 2.9, 2.11.6).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"
#include "sims/ccfabric/fabric_builder.hpp"
#include "sims/output/run_results.hpp"
#include "sims/workload/workload.hpp"

namespace ccf::cli {

// The counters when the measurement window opened: each NIC's and the switches' drops.
struct WindowStart {
  explicit WindowStart(const Fabric& fab) : nics(fab.nics.size()) {}
  std::vector<nic::NicCounters> nics;
  uint64_t switch_drops = 0;
};

// Opens the window at the current time: every flow's acknowledged bytes and each NIC's stall
// measurement start now; returns the counters as they are.
WindowStart open_window(Fabric& fab, std::vector<RunFlow>& flows);

// The window (from_us, end_us]: each receiver's goodput and link utilisation, and the NICs' data
// frames, retransmissions, duplicates and timeouts in it.
void collect_window(const Fabric& fab, const WindowStart& at, double from_us, double end_us, sims::RunResults& r);

// Per flow: its path through the switches, throughput in the window, FCT, longest stall; and the
// run's starvation figures (flows stalled for starved_after_us or longer).
void collect_flow_results(const Fabric& fab, const std::vector<RunFlow>& flows, const fabric::Routing& routing,
                          const std::vector<uint64_t>& ecmp_seeds, const std::vector<std::string>& sw_names,
                          double window_us, double starved_after_us, sims::RunResults& r);

// FCT and slowdown by size: each flow's FCT against its ideal FCT on its own route on an idle
// fabric (sims/workload/ideal_fct.hpp); `generated[i]` is the workload's flow of `flows[i]`.
void collect_fct(const Fabric& fab, const std::vector<RunFlow>& flows,
                 const std::vector<sims::GeneratedFlow>& generated, const fabric::Topology& topo,
                 const fabric::Routing& routing, const std::vector<uint64_t>& ecmp_seeds, sims::RunResults& r);

// The ledger and the drops by reason of every NIC, link and switch; `switch_drops_at_window`: the
// switches' drops when the measurement window opened (for the window's own count).
void collect_frame_ledger(const Fabric& fab, uint64_t switch_drops_at_window, sims::RunResults& r);

// Per cabled switch port: PFC frames, peak queue, what left through it, ECN marks and, with RCM, its
// RCM counters; the run's PFC totals, its largest queue and every PFC frame a switch sent.
void collect_switch_counters(const Fabric& fab, const fabric::Topology& topo, const fabric::Routing& routing,
                             const std::vector<std::string>& sw_names, sims::RunResults& r);

// Where the run's wall time went (switch RTL, NICs) and the switch cycles stepped of those to end_us.
void collect_speed(const Fabric& fab, double end_us, sims::RunResults& r);

// The topology's figures: kind, hosts, switches per tier, links, ECMP groups.
void collect_topology(const fabric::Topology& topo, const fabric::Routing& routing, sims::RunResults& r);

}  // namespace ccf::cli
