// scenario_error.hpp: the message of the ScenarioError a scenario text raises ("" when it loads), for
// the scenario tests' bad-input checks.
#pragma once

#include <string>
#include <vector>

#include "sims/scenario/scenario.hpp"

namespace ccf::test {

inline std::string scenario_error_of(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    sims::parse_scenario(text, "s.toml", overrides);
  } catch (const sims::ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace ccf::test
