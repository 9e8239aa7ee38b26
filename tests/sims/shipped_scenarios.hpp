// shipped_scenarios.hpp: every shipped scenario (sims/scenarios, CCF_SCENARIO_DIR) as a test case,
// and the keys that cut one to a test's length: for the tests that compare two ways of running the
// same scenario (switch.impl, --ranks).
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <toml++/toml.h>

#include "cli_run.hpp"

namespace ccf::test {

// Runs are cut to this simulated time, and to kMaxLargeDurationUs on the 432-host fabric (k = 12).
constexpr double kMaxDurationUs = 400, kMaxLargeDurationUs = 100;

// A shipped scenario, and the keys set on top of it.
struct Case {
  std::string scenario, sets, name;
};

inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }  // gtest's name for a case

// Every shipped scenario as it is, and the RCM paper's scenarios with RCM on as well.
inline std::vector<Case> shipped_cases() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(CCF_SCENARIO_DIR))
    if (e.path().extension() == ".toml") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  std::vector<Case> cases;
  for (const std::string& n : names) {
    cases.push_back({n, "", n});
    if (n.starts_with("rcm_")) cases.push_back({n, " --set switch.rcm.enable=true", n + "_with_rcm"});
  }
  return cases;
}

// The keys that cut `scenario` to at most `max_us`, or to kLastStartMarginUs after its last traffic
// entry starts: its duration, its measurement start and the end of its traffic's arrivals.
constexpr double kLastStartMarginUs = 50;
inline std::string cut_to(const toml::table& t, double max_us) {
  double last_start_us = 0;
  if (const toml::array* traffic = t["traffic"].as_array())
    for (const toml::node& e : *traffic)
      last_start_us = std::max(last_start_us, (*e.as_table())["start_us"].value_or(0.0));
  const double duration_us =
      std::min(t["sim"]["duration_us"].value_or(max_us), std::max(max_us, last_start_us + kLastStartMarginUs));
  std::string sets = fmt::format(" --set sim.duration_us={} --set sim.measure_from_us={}", duration_us,
                                 std::min(t["sim"]["measure_from_us"].value_or(0.0), duration_us / 2));
  if (const toml::array* traffic = t["traffic"].as_array())
    for (size_t i = 0; i < traffic->size(); ++i)
      if ((*(*traffic)[i].as_table())["stop_us"].value_or(0.0) > duration_us)
        sets += fmt::format(" --set traffic.{}.stop_us={}", i, duration_us);
  return sets;
}

// The output files of two runs of one scenario are the same, byte for byte (summary.json apart:
// the caller compares what of it must match).
inline void expect_same_output_files(const std::string& a, const std::string& b) {
  for (const char* f : {"flows.csv", "fct.csv", "fct_buckets.csv", "timeseries.csv", "timeseries_long.csv", "pfc.csv",
                        "ports.csv"}) {
    SCOPED_TRACE(f);
    ASSERT_TRUE(std::filesystem::exists(a + "/" + f));
    EXPECT_TRUE(read_file(a + "/" + f) == read_file(b + "/" + f));
  }
}

}  // namespace ccf::test
