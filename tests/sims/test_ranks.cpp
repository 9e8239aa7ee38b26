// `ccfabric run --ranks N` (docs/fabric.md 10): a run split over N processes through MPI gives the
// output files of the run in one process, byte for byte, on every shipped scenario (each cut to at
// most kMaxDurationUs) at 1 rank (under mpiexec), 2 and 4, with every partition scheme; a PFC deadlock
// stops every rank at once; bad input says what to fix. And the principle the split rests on
// (docs/fabric.md 8): where a run's sc_start calls end (here: every sample) does not change its outputs.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "cli_run.hpp"
#include "shipped_scenarios.hpp"

namespace {

namespace fs = std::filesystem;
using ccf::test::Case;
using ccf::test::CliResult;
using ccf::test::out_dir;
using ccf::test::run_ccfabric;

// summary.json without what depends on the machine, the invocation or the process count (speed
// holds the ranks' figures).
nlohmann::json results_of(const std::string& dir) { return ccf::test::run_figures(ccf::test::read_summary(dir)); }

void expect_same_run(const std::string& one, const std::string& split) {
  ccf::test::expect_same_output_files(one, split);
  EXPECT_EQ(results_of(one), results_of(split));
}

// `args` (after "run") in one process, then split as each of `splits` says ("--ranks 2", or a whole
// mpiexec command line's start); every split run gives the one-process run's outputs.
void expect_splits_match(const std::string& name, const std::string& args, const std::vector<std::string>& splits) {
  const std::string one = out_dir("ranks_one_" + name);
  const CliResult a = run_ccfabric("run " + args + " --out " + one);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  for (size_t i = 0; i < splits.size(); ++i) {
    SCOPED_TRACE(splits[i]);
    const std::string split = out_dir(fmt::format("ranks_split{}_{}", i, name));
    const bool launcher = splits[i].starts_with("mpiexec");
    const CliResult b = launcher ? ccf::test::run_command(splits[i] + " " + CCF_BINARY + " run " + args + " --out " + split)
                                 : run_ccfabric("run " + args + " " + splits[i] + " --out " + split);
    ASSERT_EQ(b.exit_code, 0) << b.output;
    EXPECT_NE(b.output.find("ranks: "), std::string::npos) << b.output;
    expect_same_run(one, split);
    fs::remove_all(split);
  }
  fs::remove_all(one);
}

std::string scenario_path(const std::string& name) { return std::string(CCF_SCENARIO_DIR) + "/" + name + ".toml"; }

// The scenario cut to a test's length, without plots.
std::string cut_args(const Case& c) {
  const toml::table t = toml::parse_file(scenario_path(c.scenario));
  const double max_us = t["fabric"]["k"].value_or(0) >= 12 ? ccf::test::kMaxLargeDurationUs : ccf::test::kMaxDurationUs;
  return scenario_path(c.scenario) + " --plots none" + ccf::test::cut_to(t, max_us) + c.sets;
}

class Ranks : public testing::TestWithParam<Case> {};

TEST_P(Ranks, SplitRunsGiveTheOneProcessRunsOutputFiles) {
  expect_splits_match(GetParam().name, cut_args(GetParam()), {"mpiexec -n 1", "--ranks 2", "--ranks 4"});
}

INSTANTIATE_TEST_SUITE_P(Shipped, Ranks, testing::ValuesIn(ccf::test::shipped_cases()),
                         [](const testing::TestParamInfo<Case>& i) { return i.param.name; });

// Pods of the fat tree over 3 ranks (uneven), its tiers, blocks of switches; a leaf-spine by tiers.
TEST(RanksPartition, EverySchemeGivesTheSameOutputFiles) {
  expect_splits_match("k4", cut_args({"websearch_hpcc_k4", "", "k4"}),
                      {"--ranks 3 --partition pods", "--ranks 2 --partition tiers", "--ranks 3 --partition blocks"});
  expect_splits_match("parking_lot", cut_args({"dcqcn_parking_lot", "", "parking_lot"}),
                      {"--ranks 2 --partition tiers", "--ranks 2 --partition blocks"});
}

// The ring's deadlock is found from the ranks' shared view, and --stop-on-deadlock ends them all.
TEST(RanksDeadlock, EveryRankStopsAtTheDeadlock) {
  const std::string args = scenario_path("pfc_ring_deadlock") + " --plots none --stop-on-deadlock";
  const std::string one = out_dir("ranks_dl_one"), split = out_dir("ranks_dl_split");
  const CliResult a = run_ccfabric("run " + args + " --out " + one);
  const CliResult b = run_ccfabric("run " + args + " --ranks 3 --out " + split);
  ASSERT_EQ(a.exit_code, 3) << a.output;
  ASSERT_EQ(b.exit_code, 3) << b.output;
  EXPECT_NE(b.output.find("DEADLOCK at"), std::string::npos) << b.output;
  expect_same_run(one, split);
  EXPECT_FALSE(ccf::test::read_summary(split)["pfc"]["deadlocks"].empty());
  fs::remove_all(one);
  fs::remove_all(split);
}

// Where the kernel stops (each sample, each window of a split run) changes nothing: RCM's
// notifications and the ports that send them see the same cycles with samples every 20 us or 1 us.
TEST(RanksWindows, SampleIntervalChangesNoOutputButTheTimeSeries) {
  const std::string args = scenario_path("rcm_hot_spot") +
                           " --plots none --set switch.rcm.enable=true --set switch.impl=reference "
                           "--set sim.duration_us=100 --set sim.measure_from_us=50";
  const std::string coarse = out_dir("ranks_coarse"), fine = out_dir("ranks_fine");
  const CliResult a = run_ccfabric("run " + args + " --set sim.sample_interval_us=20 --out " + coarse);
  const CliResult b = run_ccfabric("run " + args + " --set sim.sample_interval_us=1 --out " + fine);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  for (const char* f : {"flows.csv", "fct.csv", "pfc.csv", "ports.csv"}) {
    SCOPED_TRACE(f);
    EXPECT_TRUE(ccf::test::read_file(coarse + "/" + f) == ccf::test::read_file(fine + "/" + f));
  }
  const nlohmann::json sa = results_of(coarse), sb = results_of(fine);
  for (const char* key : {"frames", "pfc", "rcm", "fct", "flows"}) EXPECT_EQ(sa[key], sb[key]) << key;
  uint64_t notifications = 0;  // the case has RCM at work
  for (const auto& sw : sa["rcm"]["switches"]) notifications += sw["cn_frames_sent"].get<uint64_t>();
  EXPECT_GT(notifications, 0u);
  fs::remove_all(coarse);
  fs::remove_all(fine);
}

TEST(RanksBadInput, SaysWhatToFix) {
  const std::string base = "run " + scenario_path("two_switch_pfc") + " --plots none --set sim.duration_us=50 " +
                           "--set sim.measure_from_us=0 --out " + out_dir("ranks_bad");
  struct Bad {
    std::string args;
    std::vector<std::string> says;
  };
  for (const Bad& b : std::vector<Bad>{
           {"--ranks 2 --partition rings", {"--partition", "rings", "pods"}},
           {"--ranks 0", {"--ranks", "0"}},
           {"--ranks 2 --pcap all-links", {"--pcap is not available in a run split over ranks", "--ranks 1"}},
           {"--ranks 2 --trace-nic", {"--trace-nic is not available"}},
           {"--ranks 2 --set fabric.link_delay_ns=0", {"delay is 0 ns", "switch 0", "--partition"}}}) {
    SCOPED_TRACE(b.args);
    const CliResult r = run_ccfabric(base + " " + b.args);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    for (const std::string& s : b.says) EXPECT_NE(r.output.find(s), std::string::npos) << s << "\n" << r.output;
  }
  // Under a launcher, --ranks must agree with it; every rank stops with the error's exit code.
  const CliResult r = ccf::test::run_command("mpiexec -n 2 " + std::string(CCF_BINARY) + " " + base + " --ranks 3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--ranks = 3, but the MPI launcher started 2 ranks"), std::string::npos) << r.output;
  fs::remove_all(out_dir("ranks_bad"));
}

}  // namespace
