// Workloads and FCT end to end through `ccfabric run`: a flow alone on an idle fabric completes in
// its analytic ideal FCT (sims/workload/ideal_fct.hpp) up to the switches' sub-cycle alignment; a
// Poisson run accounts for every flow (finished or unfinished), never beats the ideal, balances the
// frame ledger and reproduces bit for bit; a bad workload is bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace ccf::test {
namespace {

constexpr double kSwitchCyclePs = 640;  // the switch clock, 1.5625 GHz (docs/switch.md 2.1)

struct FctRow {
  uint64_t id = 0, src = 0, dst = 0, bytes = 0;
  double start_us = 0, fct_us = 0, ideal_us = 0, slowdown = 0;
};

std::vector<FctRow> read_fct(const std::string& dir) {
  std::ifstream f(dir + "/fct.csv");
  std::string line;
  std::getline(f, line);
  EXPECT_EQ(line, "id,src,dst,bytes,start_us,fct_us,ideal_us,slowdown");
  std::vector<FctRow> rows;
  while (std::getline(f, line)) {
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream ls(line);
    FctRow r;
    ls >> r.id >> r.src >> r.dst >> r.bytes >> r.start_us >> r.fct_us >> r.ideal_us >> r.slowdown;
    rows.push_back(r);
  }
  return rows;
}

std::string write_scenario(const std::string& name, const std::string& text) {
  const std::string dir = out_dir(name + "_toml");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/s.toml") << text;
  return dir + "/s.toml";
}

const char* kOneFlow =
    "[sim]\nduration_us = 300\n[fabric]\nhosts = 4\nlink_gbps = 100\nlink_delay_ns = 1000\n"
    "[[traffic]]\nsenders = 1\nreceiver = 0\nbytes = 1000\n";

// One flow of 1 frame, 10 KB and 1 MB, DCQCN, alone on a star: the FCT is the ideal FCT plus less
// than one switch cycle per switch crossing (data and ACK each cross one switch; the frames reach
// the switch at an arbitrary point of its clock period, the ideal takes the earliest edge), so the
// slowdown is in [1, 1 + 2 x 640 ps / ideal], at most 1.0004 here.
TEST(WorkloadCli, SingleFlowOnAnIdleStarCompletesInItsIdealFct) {
  const std::string scenario = write_scenario("idle_star", kOneFlow);
  for (uint64_t bytes : {1024ull, 10'000ull, 1'000'000ull}) {
    const std::string dir = out_dir("idle_star_" + std::to_string(bytes));
    const CliResult r = run_ccfabric("run " + scenario + " --out " + dir + " --set traffic.0.bytes=" + std::to_string(bytes));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto rows = read_fct(dir);
    ASSERT_EQ(rows.size(), 1u) << r.output;
    const FctRow& f = rows[0];
    EXPECT_EQ(f.bytes, bytes);
    const double excess_ps = (f.fct_us - f.ideal_us) * 1e6;
    EXPECT_GE(excess_ps, -1.0) << bytes << " B: FCT " << f.fct_us << " us is below the ideal " << f.ideal_us;
    EXPECT_LT(excess_ps, 2 * kSwitchCyclePs) << bytes << " B";
    EXPECT_GE(f.slowdown, 1.0 - 1e-6);
    EXPECT_LE(f.slowdown, 1.0004) << bytes << " B";
    if (bytes == 1024) {
      // By hand (RoCEv2 framing, docs/fabric.md 2): data frame 1086 B + 20 B on the wire = 88.48 ns at 100 Gb/s on each of
      // two links, ACK 66 + 20 B = 6.88 ns on each of two links, four 1-us propagation delays, and the
      // switch's one-cycle forwarding latency (0.64 ns) for the data frame and the ACK.
      EXPECT_NEAR(f.ideal_us * 1e6, 2 * 88480.0 + 2 * 6880.0 + 4e6 + 2 * 640.0, 0.5);
    }
    const auto s = read_summary(dir);
    EXPECT_EQ(s["fct"]["finished"], 1);
    EXPECT_EQ(s["fct"]["unfinished"], 0);
    expect_ledger_balances(s);
  }
}

// The path is an input of the ideal FCT: across two switches with a 40 Gb/s link between them the
// frames queue at the slow link, and the FCT is still the ideal up to one cycle per switch crossing.
TEST(WorkloadCli, SingleFlowAcrossTwoSwitchesWithASlowLinkCompletesInItsIdealFct) {
  const std::string scenario = write_scenario("idle_two", kOneFlow);
  const std::string dir = out_dir("idle_two");
  const CliResult r = run_ccfabric("run " + scenario + " --out " + dir +
                                   " --set fabric.topology=two_switch --set fabric.inter_switch_gbps=40"
                                   " --set traffic.0.receiver=3 --set traffic.0.bytes=300000");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto rows = read_fct(dir);
  ASSERT_EQ(rows.size(), 1u);
  const double excess_ps = (rows[0].fct_us - rows[0].ideal_us) * 1e6;
  EXPECT_GE(excess_ps, -1.0);
  EXPECT_LT(excess_ps, 4 * kSwitchCyclePs);
  // The 40 Gb/s link sets the pace: 293 frames x 1106 B x 8 / 40 Gb/s = 64.8 us at least.
  EXPECT_GT(rows[0].ideal_us, 293 * 1106 * 8 / 40e3);
}

// A short web-search run: every generated flow is in the FCT summary as finished or unfinished, the
// buckets add up, no flow beats its ideal FCT, the percentiles recomputed from fct.csv by nearest
// rank match summary.json, and the frame ledger balances.
TEST(WorkloadCli, PoissonRunAccountsForEveryFlow) {
  const std::string dir = out_dir("poisson");
  const CliResult r = run_ccfabric(std::string("run ") + CCF_SCENARIO_DIR + "/websearch_dcqcn.toml --out " + dir +
                                   " --set sim.duration_us=1200 --set traffic.0.stop_us=1000");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto s = read_summary(dir);
  expect_ledger_balances(s);
  const auto& fct = s["fct"];
  const size_t flows = s["flows"].size();
  ASSERT_GT(flows, 20u) << "expected ~16 hosts x 1 ms x 3.7 flows/ms";
  EXPECT_EQ(fct["flows"].get<size_t>(), flows);
  EXPECT_EQ(fct["finished"].get<size_t>() + fct["unfinished"].get<size_t>() + fct["unlimited"].get<size_t>(), flows);
  EXPECT_EQ(fct["unlimited"], 0);
  size_t finished = 0, unfinished = 0;
  for (const auto& b : fct["buckets"]) {
    finished += b["finished"].get<size_t>();
    unfinished += b["unfinished"].get<size_t>();
  }
  EXPECT_EQ(finished, fct["finished"].get<size_t>());
  EXPECT_EQ(unfinished, fct["unfinished"].get<size_t>());
  size_t fct_in_flows = 0;
  for (const auto& f : s["flows"]) fct_in_flows += !f["fct_us"].is_null();
  EXPECT_EQ(fct_in_flows, finished);

  const auto rows = read_fct(dir);
  ASSERT_EQ(rows.size(), finished);
  std::vector<double> sd;
  for (const auto& f : rows) {
    EXPECT_GE(f.slowdown, 1.0 - 1e-6) << "flow " << f.id << " finished faster than on an idle fabric";
    EXPECT_NEAR(f.slowdown, f.fct_us / f.ideal_us, 1e-5);
    sd.push_back(f.slowdown);
  }
  std::sort(sd.begin(), sd.end());
  auto rank = [&](double p) { return sd[std::max<size_t>(1, size_t(std::ceil(p * double(sd.size())))) - 1]; };
  EXPECT_NEAR(fct["all"]["p50_slowdown"].get<double>(), rank(0.50), 1e-5);
  EXPECT_NEAR(fct["all"]["p99_slowdown"].get<double>(), rank(0.99), 1e-5);
  EXPECT_NE(r.output.find("FCT slowdown by size"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::exists(dir + "/fct_buckets.csv"));
}

TEST(WorkloadCli, SameSeedGivesTheSameFctFile) {
  std::string fct[2];
  for (int k = 0; k < 2; ++k) {
    const std::string dir = out_dir("poisson_repeat" + std::to_string(k));
    const CliResult r = run_ccfabric(std::string("run ") + CCF_SCENARIO_DIR + "/websearch_dcqcn.toml --out " + dir +
                                     " --set sim.duration_us=500 --set traffic.0.stop_us=400 --set sim.seed=3");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    fct[k] = read_file(dir + "/fct.csv");
  }
  EXPECT_GT(fct[0].size(), 100u);
  EXPECT_EQ(fct[0], fct[1]);
}

TEST(WorkloadCli, BadWorkloadIsBadInputWithKeyAndRule) {
  const std::string scenario = write_scenario(
      "bad_cdf", "[sim]\nduration_us = 100\n[[traffic]]\npattern = \"poisson\"\nload = 0.5\ncdf = \"missing.cdf\"\n");
  CliResult r = run_ccfabric("run " + scenario + " --out " + out_dir("bad_cdf"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("traffic[0].cdf = \""), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("cannot be read"), std::string::npos) << r.output;
  r = run_ccfabric("run " + scenario + " --out " + out_dir("bad_load") + " --set traffic.0.load=2 --set traffic.0.cdf=web_search");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("traffic[0].load = 2 must be a number > 0 and <= 1"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace ccf::test
