// `ccfabric run` as a user runs it: a short incast completes with every frame accounted for, the
// same scenario gives identical output files, and bad scenarios exit with code 2 and a clear message.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;
using Result = ccf::test::CliResult;
Result run(const std::string& args) { return ccf::test::run_ccfabric(args); }

const std::string kScenario = std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn.toml";

TEST(RunCli, ShortIncastAccountsForEveryFrame) {
  const std::string out = out_dir("run_a");
  const Result r = run("run " + kScenario + " --set sim.duration_us=300 --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  const auto& fr = j["frames"];
  EXPECT_EQ(fr["injected"].get<uint64_t>(),
            fr["delivered"].get<uint64_t>() + fr["dropped"].get<uint64_t>() + fr["in_flight"].get<uint64_t>());
  EXPECT_GT(fr["delivered"].get<uint64_t>(), 1000u);
  EXPECT_EQ(j["flows"].size(), 15u);
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv"}) EXPECT_TRUE(std::filesystem::exists(out + f)) << f;
}

// Many PFC frames (link-local, outside the ledger) are in flight when the run ends: the ledger must
// still balance (the run exits 1 if it does not).
TEST(RunCli, LedgerBalancesWithPfcFramesInFlightAtTheEnd) {
  const std::string out = out_dir("run_pfc");
  const Result r = run("run " + kScenario + " --set nic.dcqcn_preset=hpcc_ns3 --set sim.duration_us=1200" +
                       " --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  EXPECT_GT(j["pfc"]["pause_frames"].get<uint64_t>(), 100u);
}

TEST(RunCli, SameScenarioGivesIdenticalOutputFiles) {
  const std::string a = out_dir("run_det_a");
  const std::string b = out_dir("run_det_b");
  for (const auto& out : {a, b}) {
    const Result r = run("run " + kScenario + " --set sim.duration_us=200 --set sim.measure_from_us=50 --out " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv"}) EXPECT_EQ(read_file(a + f), read_file(b + f)) << f;
  auto ja = read_summary(a), jb = read_summary(b);
  for (auto* j : {&ja, &jb}) {
    (*j)["sim"].erase("wall_s");
    j->erase("speed");
    j->erase("memory");  // resident-set figures depend on the machine too
  }
  EXPECT_EQ(ja, jb);
}

// `ccfabric bench` runs every case and the bare loop in each round and keeps the fastest; at 1 % load
// the switch steps far fewer cycles than at full load (idle time is free, DESIGN.md principle 1).
// Speed itself is reported, not asserted.
TEST(BenchCli, ReportsEveryCaseAndStepsFewerSwitchCyclesAtLightLoad) {
  const std::string out = out_dir("bench");
  const Result r = run("bench --duration-us 400 --rounds 2 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(read_file(out + "/bench.json"));
  ASSERT_EQ(j["cases"].size(), 5u);
  EXPECT_EQ(j["rounds"], 2);
  EXPECT_GE(j["bare_switch_cycles_per_s"].get<double>(), j["bare_switch_cycles_per_s_slowest_round"].get<double>());
  EXPECT_GT(j["bare_switch_cycles_per_s_slowest_round"].get<double>(), 0.0);
  for (const auto& c : j["cases"]) EXPECT_GE(c["slowest_wall_s"].get<double>(), c["wall_s"].get<double>()) << c["case"];
  const auto& full = j["cases"][0]["switch_cycles"];
  const auto& light = j["cases"][4]["switch_cycles"];
  EXPECT_EQ(j["cases"][4]["case"], "dcqcn_1pct_load");
  EXPECT_LT(light["stepped"].get<double>() * 10, full["stepped"].get<double>());
  // One co-simulated-over-bare ratio per round; the median lies within them.
  const auto& ratios = j["cosim_over_bare_per_round"];
  ASSERT_EQ(ratios.size(), 2u);
  const double r0 = ratios[0].get<double>(), r1 = ratios[1].get<double>();
  EXPECT_GT(std::min(r0, r1), 0.0);
  EXPECT_DOUBLE_EQ(j["cosim_over_bare_median"].get<double>(), (r0 + r1) / 2);
  // The switch floor is the DCQCN case's stepped cycles at the bare loop's (fastest) speed.
  EXPECT_NEAR(j["dcqcn_switch_floor_s"].get<double>() * j["bare_switch_cycles_per_s"].get<double>(),
              full["stepped"].get<double>(), 1e-6 * full["stepped"].get<double>());
  EXPECT_NE(r.output.find("wall time relative to dcqcn"), std::string::npos) << r.output;
}

// Bad scenarios: exit code 2 and a message naming the key, the value and what is allowed.
struct BadCase {
  const char* set;
  const char* message;
};

TEST(RunCli, BadScenariosExitWith2AndNameTheKey) {
  const BadCase cases[] = {
      {"switch.ecn.kmn_bytes=5", "unknown key 'switch.ecn.kmn_bytes'"},
      {"switch.ecn.kmin_bytes=300000", "switch.ecn.kmin_bytes = 300000 must be <= switch.ecn.kmax_bytes = 200000"},
      {"nic.cc=cubic", "nic.cc = \"cubic\" must be one of"},
      {"fabric.link_gbps=-100", "fabric.link_gbps = -100 must be"},
      {"fabric.hosts=0", "fabric.hosts = 0 must be"},
      {"cc.dcqcn.r_ai=5", "unknown key 'cc.dcqcn.r_ai' (known: r_ai_mbps,"},
      {"cc.dcqcn.g=0.75", "cc.dcqcn.g = 0.75 must be a fraction from 1/65536 to 1/2"},
      {"cc.timely.hai_n=2.5", "cc.timely.hai_n = 2.5 must be an integer from 1 to 255"},
      {"cc.dcqcn.cnp_interval_us=200", "cc.dcqcn.cnp_interval_us = 200 must be from 0 to 131.071"},
  };
  for (const BadCase& c : cases) {
    const Result r = run("run " + kScenario + " --set " + c.set);
    EXPECT_EQ(r.exit_code, 2) << c.set;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.set << ": " << r.output;
  }
}

}  // namespace
