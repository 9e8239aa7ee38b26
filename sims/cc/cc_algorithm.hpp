// cc_algorithm.hpp: one congestion-control algorithm as the command line knows it, and the registry of
// them (docs/adding-an-algorithm.md). An algorithm registers once, in sims/cc/<name>/, and is listed
// once, in CCF_CC_ALGORITHMS (sims/CMakeLists.txt): its name is then a value of nic.cc and a
// [cc.<name>] table in scenarios, a unit of `ccfabric explore` and of `report units`, and a case of
// `ccfabric bench`. Every list of algorithms the commands print or accept comes from here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sc/nic/cc_unit.hpp"
#include "sc/nic/nic.hpp"
#include "sims/explore/explore.hpp"
#include "sims/report/unit_report.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cc {

// One algorithm's parameters as a scenario gives them (its preset, the [cc.<name>] keys, the state
// widths), checked: the units of every NIC of a run are made from one of these.
class CcSettings {
 public:
  virtual ~CcSettings() = default;
  // The sender-side unit (reaction point) of one NIC.
  virtual std::unique_ptr<nic::CcUnit> make_cc_unit() const = 0;
  // The receiver-side unit (notification point) of one NIC; nullptr = none.
  virtual std::unique_ptr<nic::NpUnit> make_np_unit() const { return nullptr; }
  // NIC settings the algorithm needs (its ACK policy); BadInput for a NIC setting it cannot work with.
  virtual void configure_nic(nic::NicConfig& nc) const { (void)nc; }
  // "" when `run --record-events` and `ccfabric explore` support this configuration, else why not.
  virtual std::string explore_unsupported() const { return ""; }
  // The replay of a recorded trace through the unit and its reference (docs/explore.md 3).
  virtual std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double link_gbps) const = 0;
};

// `ccfabric report units`: the entries of one algorithm's units and the per-flow state of units that
// one NIC holds together (e.g. DCQCN's RP and NP).
struct ReportSection {
  std::vector<report::UnitReport> units;
  std::vector<report::CombinedState> combined;
};

// A default of a [cc.<name>] key that no paper gives, and where it comes from: another simulator's
// guess (htsim, INET, ...) or no source at all. docs/units/<name>.md give every default with its source.
struct UnsourcedDefault {
  const char* key;     // "base_target_us"
  const char* source;  // "htsim's guess (20 us); the Swift paper gives no value"
};

class CcAlgorithm {
 public:
  virtual ~CcAlgorithm() = default;
  // nic.cc's value and the scenario table [cc.<name>].
  virtual std::string name() const = 0;
  // The event kinds of the trace `run --record-events` writes for its units (explore/event_trace.hpp).
  virtual std::string trace_kinds() const = 0;
  // `ccfabric bench`: the shipped scenario (sims/scenarios/) of the algorithm's incast case.
  virtual std::string bench_scenario() const = 0;
  // Its keys whose defaults no paper gives.
  virtual std::vector<UnsourcedDefault> unsourced_defaults() const { return {}; }
  // Loading needs the fabric's longest idle round trip (fabric_base_rtt_ns below).
  virtual bool needs_base_rtt() const { return false; }
  // The parameters scenario s gives the algorithm, checked; BadInput names the key, its value and the
  // rule. fabric_base_rtt_ns: the fabric's longest idle round trip, 0 when needs_base_rtt() is false.
  virtual std::unique_ptr<CcSettings> load(const sims::Scenario& s, double fabric_base_rtt_ns) const = 0;
  // The cost report of its units at the state widths of `widths` (the default scenario's, or those of
  // a `report units --widths` file), at the NIC's line rate and MTU.
  virtual ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                               uint32_t mtu_bytes) const = 0;
};

// The registered algorithms in the order of CCF_CC_ALGORITHMS.
const std::vector<const CcAlgorithm*>& algorithms();
// nullptr if no algorithm has that name.
const CcAlgorithm* find_algorithm(const std::string& name);
// "dcqcn, swift, ..." for messages.
std::string algorithm_list();

// The unsourced defaults of scenario s's algorithm (nic.cc), as `ccfabric run` lists them in
// summary.json ("default_sources"), marking the keys the scenario sets itself.
struct DefaultSource {
  std::string key;     // "cc.swift.base_target_us"
  std::string source;
  bool set_in_scenario = false;
};
std::vector<DefaultSource> default_sources(const sims::Scenario& s);

}  // namespace ccf::cc
