// switch.impl (docs/switch.md 8): the reference model in place of the Verilated RTL gives the same
// output files, byte for byte, on every shipped scenario (each cut to at most kMaxDurationUs), and the
// options that need the RTL's signals say so.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "cli_run.hpp"

namespace {

namespace fs = std::filesystem;
using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::run_ccfabric;

// Runs are cut to this simulated time, and to kMaxLargeDurationUs on the 432-host fabric (k = 12).
constexpr double kMaxDurationUs = 400, kMaxLargeDurationUs = 100;

// A shipped scenario, and the keys set on top of it.
struct Case {
  std::string scenario, sets, name;
};

// Every shipped scenario as it is, and the RCM paper's scenarios with RCM on as well.
std::vector<Case> shipped_cases() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(CCF_SCENARIO_DIR))
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
std::string cut_to(const toml::table& t, double max_us) {
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

// summary.json without what depends on the machine or the invocation, without switch.impl itself and
// without the count of cycles stepped: the RTL's stepping prediction may ask for a cycle in which
// nothing changes, the model's never does (docs/switch.md 2.1), and such a cycle changes no output.
nlohmann::json results_of(const std::string& dir) {
  nlohmann::json s = ccf::test::run_figures(ccf::test::read_summary(dir));
  s["scenario"]["switch"].erase("impl");
  s["switch_cycles"].erase("stepped");
  return s;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class SwitchImpl : public testing::TestWithParam<Case> {};

TEST_P(SwitchImpl, ReferenceModelGivesTheRtlsOutputFiles) {
  const Case& c = GetParam();
  const std::string scenario = std::string(CCF_SCENARIO_DIR) + "/" + c.scenario + ".toml";
  const toml::table t = toml::parse_file(scenario);
  const double max_us = t["fabric"]["k"].value_or(0) >= 12 ? kMaxLargeDurationUs : kMaxDurationUs;
  const std::string common = "run " + scenario + " --plots none" + cut_to(t, max_us) + c.sets;
  const std::string rtl = out_dir("impl_rtl_" + c.name), ref = out_dir("impl_ref_" + c.name);
  const auto a = run_ccfabric(common + " --out " + rtl + " --set switch.impl=rtl");
  const auto b = run_ccfabric(common + " --out " + ref + " --set switch.impl=reference");
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_NE(b.output.find("switch reference model"), std::string::npos) << b.output;
  for (const char* f : {"flows.csv", "fct.csv", "timeseries.csv", "pfc.csv", "ports.csv"}) {
    SCOPED_TRACE(f);
    ASSERT_TRUE(fs::exists(rtl + "/" + f));
    EXPECT_TRUE(read_file(rtl + "/" + f) == read_file(ref + "/" + f));
  }
  EXPECT_EQ(results_of(rtl), results_of(ref));
  fs::remove_all(rtl);
  fs::remove_all(ref);
}

INSTANTIATE_TEST_SUITE_P(Shipped, SwitchImpl, testing::ValuesIn(shipped_cases()),
                         [](const testing::TestParamInfo<Case>& i) { return i.param.name; });

TEST(SwitchImplOptions, WaveformAndBareLoopNeedTheRtl) {
  const std::string base = std::string("run ") + CCF_SCENARIO_DIR + "/incast_dcqcn.toml --plots none " +
                           "--set switch.impl=reference --set sim.duration_us=50 --set sim.measure_from_us=0 --out " + out_dir("impl_opts");
  const auto trace = run_ccfabric(base + " --trace");
  EXPECT_EQ(trace.exit_code, 2) << trace.output;
  EXPECT_NE(trace.output.find("--trace writes the switch RTL's waveform"), std::string::npos) << trace.output;
  EXPECT_NE(trace.output.find("switch.impl = \"rtl\""), std::string::npos) << trace.output;
  const auto bare = run_ccfabric(base + " --bare-loop-cycles 1000");
  EXPECT_EQ(bare.exit_code, 2) << bare.output;
  EXPECT_NE(bare.output.find("--bare-loop-cycles 1000 times the Verilated switch"), std::string::npos) << bare.output;
  const auto unknown = run_ccfabric(base + " --set switch.impl=fast");
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("switch.impl"), std::string::npos) << unknown.output;
  EXPECT_NE(unknown.output.find("\"reference\""), std::string::npos) << unknown.output;
  fs::remove_all(out_dir("impl_opts"));
}

}  // namespace
