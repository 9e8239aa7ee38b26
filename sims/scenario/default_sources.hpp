// default_sources.hpp: the defaults of the congestion-control keys that no paper gives, with where
// they come from: another simulator's guess (htsim, INET, ...) or no source at all. `ccfabric run`
// lists those of its algorithm in summary.json ("default_sources"), marking the ones the scenario
// sets itself; docs/units/<algo>.md give every default with its source.
#pragma once

#include <string>
#include <vector>

#include "scenario/scenario.hpp"

namespace ccf::sims {

struct DefaultSource {
  std::string key;     // "cc.swift.base_target_us"
  std::string source;  // where the default comes from
  bool set_in_scenario = false;
};

// The keys of scenario s's algorithm (nic.cc) whose defaults are not from the algorithm's paper.
std::vector<DefaultSource> default_sources(const Scenario& s);

}  // namespace ccf::sims
