// cc_factory.hpp: the congestion-control units of a scenario. `nic.cc` picks the algorithm from the
// registry (sims/cc/cc_algorithm.hpp), which loads its parameters: its preset, then the scenario's
// [cc.<algorithm>] table key by key. Every key has its unit in its name and a rule; a bad one throws
// BadInput naming it.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "sc/nic/cc_unit.hpp"
#include "sc/nic/nic.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {

// Checks every [cc.<algorithm>] table of the scenario once (a scenario may carry tables for several
// algorithms, so that --set nic.cc=... switches between them), then builds one unit per NIC.
class CcFactory {
 public:
  // fabric_base_rtt_ns: the fabric's longest idle round trip, for the algorithms that need it
  // (needs_base_rtt); 0 = derived from the star or two_switch scenario.
  explicit CcFactory(const sims::Scenario& s, double fabric_base_rtt_ns = 0.0);
  // The sender-side unit (reaction point) of one NIC.
  std::unique_ptr<nic::CcUnit> make_cc_unit() const;
  // The receiver-side unit (notification point) of one NIC; nullptr = none.
  std::unique_ptr<nic::NpUnit> make_np_unit() const;
  // NIC settings: the algorithm's ACK policy and the retransmission timer of its transport.
  void configure_nic(nic::NicConfig& nc) const;
  // The loaded parameters of the algorithm in use; nullptr for nic.cc = "none".
  const cc::CcSettings* in_use() const;

 private:
  const sims::Scenario& s_;
  std::map<std::string, std::unique_ptr<cc::CcSettings>> loaded_;
};

// Whether loading scenario s's algorithms needs the fabric's base round trip (LDCP's default).
bool needs_base_rtt(const sims::Scenario& s);

}  // namespace ccf::cli
