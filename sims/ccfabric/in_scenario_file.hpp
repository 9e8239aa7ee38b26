// in_scenario_file.hpp: errors of what a command builds from a loaded scenario, named by the file.
#pragma once

#include <string>

#include <fmt/format.h>

#include "sc/fabric/topology.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/workload/workload.hpp"

namespace ccf::cli {

// Builds part of the run from the loaded scenario; what it rejects is bad input and names the
// scenario file, as the scenario's own errors do.
template <class Build>
auto in_scenario_file(const std::string& file, Build&& build) {
  try {
    return build();
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("{}: {}", file, e.what()));
  } catch (const fabric::TopologyError& e) {
    throw BadInput(fmt::format("{}: {}", file, e.what()));
  } catch (const sims::WorkloadError& e) {
    throw BadInput(fmt::format("{}: {}", file, e.what()));
  }
}

}  // namespace ccf::cli
