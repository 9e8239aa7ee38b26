// switch.impl (docs/switch.md 8): the reference model in place of the Verilated RTL gives the same
// output files, byte for byte, on every shipped scenario (each cut to at most kMaxDurationUs), and the
// options that need the RTL's signals say so. switch.built_ports (docs/switch.md 7): the 16-port
// build in place of each switch's smallest gives the same files too.
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

// The run of a shipped case, cut to a test's length, without its output folder.
std::string cut_run(const Case& c) {
  const std::string scenario = std::string(CCF_SCENARIO_DIR) + "/" + c.scenario + ".toml";
  const toml::table t = toml::parse_file(scenario);
  const double max_us = t["fabric"]["k"].value_or(0) >= 12 ? kMaxLargeDurationUs : kMaxDurationUs;
  return "run " + scenario + " --plots none" + cut_to(t, max_us) + c.sets;
}

class SwitchImpl : public testing::TestWithParam<Case> {};

TEST_P(SwitchImpl, ReferenceModelGivesTheRtlsOutputFiles) {
  const Case& c = GetParam();
  const std::string common = cut_run(c);
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

// Each switch on the smallest build that holds its cabled ports (8 ports in the fat trees up to
// k = 8 and the parking lots, 16 in the 16-host stars and at k = 12) against every switch on the
// 16-port build of its 16-port chip: the ports a build leaves out are never cabled, and the buffer
// is planned for the chip either way. A 32-port chip (the 17-host incast) has no other build: the
// 16-port one is refused.
class BuiltPorts : public testing::TestWithParam<Case> {};

TEST_P(BuiltPorts, ChipsBuildGivesTheSmallestBuildsOutputFiles) {
  const Case& c = GetParam();
  const std::string common = cut_run(c);
  const std::string least = out_dir("built_least_" + c.name), p16 = out_dir("built_p16_" + c.name);
  const auto a = run_ccfabric(common + " --out " + least);
  const auto b = run_ccfabric(common + " --out " + p16 + " --set switch.built_ports=16");
  ASSERT_EQ(a.exit_code, 0) << a.output;
  if (b.exit_code == 2 && b.output.find("is a 32-port chip") != std::string::npos) {
    EXPECT_NE(b.output.find("allowed: 0 or 32"), std::string::npos) << b.output;
    fs::remove_all(least);
    return;
  }
  ASSERT_EQ(b.exit_code, 0) << b.output;
  ccf::test::expect_same_output_files(least, p16);
  nlohmann::json sa = results_of(least), sb = results_of(p16);
  sb["scenario"]["switch"].erase("built_ports");
  EXPECT_EQ(sa, sb);
  fs::remove_all(least);
  fs::remove_all(p16);
}

INSTANTIATE_TEST_SUITE_P(Shipped, BuiltPorts, testing::ValuesIn(shipped_cases()),
                         [](const testing::TestParamInfo<Case>& i) { return i.param.name; });

TEST(BuiltPortsOptions, BuildOutsideCabledPortsToChipOrNotBuiltIsRefused) {
  const std::string base = std::string("run ") + CCF_SCENARIO_DIR + "/incast_dcqcn.toml --plots none " +
                           "--set sim.duration_us=50 --set sim.measure_from_us=0 --out " + out_dir("built_opts");
  const auto few = run_ccfabric(base + " --set switch.built_ports=8");  // 16 hosts on ports 0..15
  EXPECT_EQ(few.exit_code, 2) << few.output;
  EXPECT_NE(few.output.find("switch.built_ports = 8: switch 0 cables 16 ports (its highest cabled port is 15) and is a "
                            "16-port chip; allowed: 0 or 16"),
            std::string::npos)
      << few.output;
  const auto many = run_ccfabric(base + " --set switch.built_ports=32");
  EXPECT_EQ(many.exit_code, 2) << many.output;
  EXPECT_NE(many.output.find("allowed: 0 or 16 (a build with its cabled ports"), std::string::npos) << many.output;
  const auto unbuilt = run_ccfabric(base + " --set switch.built_ports=24");
  EXPECT_EQ(unbuilt.exit_code, 2) << unbuilt.output;
  EXPECT_NE(unbuilt.output.find("switch.built_ports = 24 must be one of 0"), std::string::npos) << unbuilt.output;
  EXPECT_NE(unbuilt.output.find("8, 16, 32"), std::string::npos) << unbuilt.output;
  fs::remove_all(out_dir("built_opts"));
}

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
