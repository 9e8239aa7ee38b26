// cc_factory.hpp: the congestion-control units of a scenario: `nic.cc` picks the algorithm, its
// preset gives the parameters, and the scenario's [cc.<algorithm>] table overrides single keys.
// Every key has a unit in its name and a rule; a bad one throws BadInput naming it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "nic/cc_unit.hpp"
#include "nic/nic.hpp"
#include "scenario/scenario.hpp"

namespace ccf::cli {

// The sender-side unit (reaction point) of one NIC.
std::unique_ptr<nic::CcUnit> make_cc_unit(const sims::Scenario& s);
// The receiver-side unit (notification point) of one NIC; nullptr = none.
std::unique_ptr<nic::NpUnit> make_np_unit(const sims::Scenario& s);
// NIC settings an algorithm needs (e.g. LDCP's delayed ACK with ECE at once).
void configure_nic_for_cc(const sims::Scenario& s, nic::NicConfig& nc);
// The [cc.<algorithm>] keys `nic.cc` accepts, for messages and docs.
std::vector<std::string> cc_param_keys(const std::string& algorithm);

}  // namespace ccf::cli
