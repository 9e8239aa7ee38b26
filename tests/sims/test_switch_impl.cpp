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
#include "shipped_scenarios.hpp"

namespace {

namespace fs = std::filesystem;
using ccf::test::out_dir;
using ccf::test::run_ccfabric;
using ccf::test::Case;
using ccf::test::cut_to;
using ccf::test::kMaxDurationUs;
using ccf::test::kMaxLargeDurationUs;
using ccf::test::shipped_cases;

// summary.json without what depends on the machine or the invocation, without switch.impl itself and
// without the count of cycles stepped: the RTL's stepping prediction may ask for a cycle in which
// nothing changes, the model's never does (docs/switch.md 2.1), and such a cycle changes no output.
nlohmann::json results_of(const std::string& dir) {
  nlohmann::json s = ccf::test::run_figures(ccf::test::read_summary(dir));
  s["scenario"]["switch"].erase("impl");
  s["switch_cycles"].erase("stepped");
  return s;
}

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
  ccf::test::expect_same_output_files(rtl, ref);
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
