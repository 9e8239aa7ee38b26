// fabric_builder.hpp: the modules of a scenario's fabric, built from code (docs/fabric.md): one
// SwitchModel per switch on the Verilated configuration that has its ports and buffer, one Nic per
// host with its congestion-control units, and the links between them, bound. `ccfabric run` builds
// one and runs it; the modules live as long as the Fabric.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/switch/switch_config.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"
#include "sc/nic/nic.hpp"
#include "sc/switch/switch_model.hpp"
#include "sims/ccfabric/cc_factory.hpp"
#include "sims/output/run_results.hpp"
#include "sims/scenario/scenario.hpp"
#include "sims/workload/workload.hpp"

namespace ccf::cli {

// The elaboration parameters of each switch: the smallest Verilated configuration with its cabled
// ports (or switch.built_ports) and the scenario's buffer (sw::built_port_count,
// sw::built_buffer_bytes; rtl/CMakeLists.txt).
std::vector<sw::SwitchParams> switch_params(const sims::Scenario& s, const fabric::Topology& topo);

// A flow of the run: the host that sends it, its index in that NIC's flow table, its id, and its
// acknowledged bytes when the measurement window opened.
struct RunFlow {
  unsigned host;
  uint32_t index, id;
  uint64_t acked_at_window = 0;
  bool here = true;  // its sender is simulated by this rank (docs/fabric.md 10); else index is unused
};

struct FabricOptions {
  std::string scenario_file;  // named by bad input
  std::string trace_dir;      // non-empty: each switch writes switchK.fst and its view switchK.gtkw there
  uint64_t trace_from_ps = 0, trace_to_ps = UINT64_MAX;
  // Wraps each host's units after the factory made them (event recording, the NIC state trace).
  std::function<void(unsigned host, std::unique_ptr<nic::CcUnit>& cc, std::unique_ptr<nic::NpUnit>& np)> wrap_units;
  // A run split over ranks: the switches and hosts this rank simulates (switch_here, host_here).
  // Every rank builds the whole fabric, so that each module's processes run in the same order
  // as in one process; the others' copies carry no traffic.
  std::vector<bool> switch_here, host_here;  // empty: all
};

class Fabric {
 public:
  // Modules are made in the order switches, NICs, links (SystemC runs processes of one instant in
  // the order they were made, so this order is part of what makes a run reproducible). Throws
  // BadInput naming the scenario file for a configuration the switches or NICs refuse.
  Fabric(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing, const CcFactory& cc,
         const FabricOptions& o);

  std::vector<sw::SwitchParams> params;                     // per switch
  std::vector<std::unique_ptr<swc::SwitchModel>> switches;  // "switch0", "switch1", ...
  std::vector<std::unique_ptr<nic::Nic>> nics;              // "host0", "host1", ...
  std::vector<std::unique_ptr<fabric::Link>> links;         // the switch-to-host and switch-to-switch directions
  std::vector<std::array<fabric::Link*, 2>> link_dirs;      // per topology link: its a-to-b and b-to-a transmitter
  uint8_t lossless_mask = 0;                                // the PFC classes of any switch
  std::optional<sims::QueueMarks> queue_marks;              // switch 0's thresholds (queue.png)
  uint64_t rss_before_switches_bytes = 0;                   // resident set before the switches were built
  uint64_t switches_bytes = 0;                              // its growth while they were built
  std::vector<bool> switch_here, host_here;                 // simulated by this rank (FabricOptions)

  // Adds the workload's flows to their senders' NICs, ids from the generator (1, 2, ... in its order);
  // a flow whose sender another rank simulates is listed with here = false and not added. Every
  // NIC's flow table is then complete (Nic::no_more_flows).
  std::vector<RunFlow> add_flows(const std::vector<sims::GeneratedFlow>& generated);
  // Every NIC takes in the ACKs waiting on its receive link (Nic::take_waiting_frames) that arrived
  // before now: call between two sc_start calls, before reading the NICs' sender state.
  void take_waiting_frames();

 private:
  void build_switches(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
                      const FabricOptions& o);
  void build_nics(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
                  const CcFactory& cc, const FabricOptions& o);
  void build_links(const fabric::Topology& topo);
};

}  // namespace ccf::cli
