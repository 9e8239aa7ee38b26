// Multi-tier fabrics end to end through `ccfabric run`: the switch RTL's own counters (ports.csv)
// show that ECMP spreads flows over every equal-cost uplink and that every frame crosses exactly the
// links the fabric's path model predicts; a flow alone on a fat tree with per-tier rates and delays
// completes in the FCT computed by hand; every frame is accounted for; the same seed gives the same
// files; a k = 12 fat tree (432 hosts, 180 switches) runs and reports its memory per switch; bad
// topologies exit with code 2 and name the key.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace ccf::test {
namespace {

constexpr double kSwitchCyclePs = 640;  // 1.5625 GHz (docs/switch.md 2.1)

std::string write_scenario(const std::string& name, const std::string& text) {
  const std::string dir = out_dir(name + "_toml");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/s.toml") << text;
  return dir + "/s.toml";
}

struct PortRow {
  std::string sw, peer;
  unsigned port = 0;
  uint64_t tx_frames = 0;
};

// ports.csv keyed by "switch>peer".
std::map<std::string, PortRow> read_ports(const std::string& dir) {
  std::ifstream f(dir + "/ports.csv");
  std::string line;
  std::getline(f, line);
  EXPECT_EQ(line, "switch,port,peer,gbps,tx_frames,tx_bytes,ecn_marked_frames,pfc_pause_tx,peak_queue_bytes");
  std::map<std::string, PortRow> rows;
  while (std::getline(f, line)) {
    std::vector<std::string> c;
    std::stringstream ls(line);
    for (std::string x; std::getline(ls, x, ',');) c.push_back(x);
    PortRow r{c.at(0), c.at(2), static_cast<unsigned>(std::stoul(c.at(1))), std::stoull(c.at(4))};
    rows[r.sw + ">" + r.peer] = r;
  }
  return rows;
}

// 4 hosts of pod 0 of a k = 4 fat tree each send 64 one-frame flows to host 15 (pod 3); no
// congestion control, so nothing but the hash decides the paths.
const char* kFatTreeFlows = R"(
[sim]
duration_us = 150
seed = 7
[fabric]
topology = "fat_tree"
k = 4
link_gbps = 100
link_delay_ns = 1000
[nic]
cc = "none"
[[traffic]]
pattern = "incast"
sender_hosts = [0, 1, 2, 3]
receiver = 15
flows_per_sender = 64
bytes = 1024
)";

TEST(TopologyCli, EcmpSpreadsFlowsOverEveryUplinkAndTheRtlFollowsThePathModel) {
  const std::string scenario = write_scenario("ft_ecmp", kFatTreeFlows);
  for (const char* seed : {"7", "8"}) {
    SCOPED_TRACE(std::string("seed=") + seed);
    const std::string dir = out_dir(std::string("ft_ecmp_") + seed);
    const CliResult r = run_ccfabric("run " + scenario + " --set sim.seed=" + seed + " --out " + dir);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto s = read_summary(dir);
    expect_ledger_balances(s);
    EXPECT_EQ(s["frames"]["in_flight"], 0);
    ASSERT_EQ(s["flows"].size(), 256u);
    EXPECT_EQ(s["topology"]["switches"], 20);
    EXPECT_EQ(s["topology"]["hosts"], 16);
    // Predicted data frames per directed switch-to-switch link from each flow's reported path.
    std::map<std::string, uint64_t> predicted;
    for (const auto& f : s["flows"]) {
      ASSERT_NE(f["fct_us"], nullptr) << "flow " << f["id"] << " did not finish";
      std::vector<std::string> hops;
      std::stringstream ps(f["path"].get<std::string>());
      for (std::string x; ps >> x;) hops.push_back(x);
      ASSERT_EQ(hops.size(), 5u) << f["path"];  // edge, agg, core, agg, edge
      for (size_t i = 0; i + 1 < hops.size(); ++i) ++predicted[hops[i] + ">" + hops[i + 1]];
    }
    // The RTL's dequeue counters on the upward links out of pod 0 carry only these data frames (the
    // ACKs come back down other links): they must match the model's paths frame for frame.
    const auto ports = read_ports(dir);
    std::vector<unsigned> core_links;
    for (const auto& [key, row] : ports) {
      const bool pod0_up = (row.sw.rfind("edge", 0) == 0 && (row.sw == "edge0" || row.sw == "edge1") &&
                            row.peer.rfind("agg", 0) == 0) ||
                           ((row.sw == "agg0" || row.sw == "agg1") && row.peer.rfind("core", 0) == 0);
      if (!pod0_up) continue;
      EXPECT_EQ(row.tx_frames, predicted[key]) << key;
      if (row.peer.rfind("core", 0) == 0) core_links.push_back(static_cast<unsigned>(row.tx_frames));
    }
    // 256 flows over the 4 core links of pod 0 (one per core switch): every one used, and a
    // chi-square with 3 degrees of freedom below its 0.999 quantile, 16.27.
    ASSERT_EQ(core_links.size(), 4u);
    double x2 = 0;
    for (unsigned c : core_links) {
      EXPECT_GT(c, 0u);
      x2 += (c - 64.0) * (c - 64.0) / 64.0;
    }
    EXPECT_LT(x2, 16.27) << core_links[0] << " " << core_links[1] << " " << core_links[2] << " " << core_links[3];
  }
}

TEST(TopologyCli, SameSeedGivesIdenticalFilesAndAnotherSeedOtherPaths) {
  const std::string scenario = write_scenario("ft_det", kFatTreeFlows);
  std::vector<std::string> dirs;
  for (const char* tag : {"a", "b", "c"}) {
    dirs.push_back(out_dir(std::string("ft_det_") + tag));
    const std::string seed = std::string(tag) == "c" ? " --set sim.seed=9" : "";
    const CliResult r = run_ccfabric("run " + scenario + seed + " --out " + dirs.back());
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv", "/ports.csv", "/fct.csv"})
    EXPECT_EQ(read_file(dirs[0] + f), read_file(dirs[1] + f)) << f;
  const auto ja = read_summary(dirs[0]);
  EXPECT_EQ(ccf::test::run_figures(ja), ccf::test::run_figures(read_summary(dirs[1])));
  // sim.seed seeds every switch's ECMP hash: another seed moves some flows to other paths.
  const auto jc = read_summary(dirs[2]);
  size_t moved = 0;
  for (size_t i = 0; i < ja["flows"].size(); ++i) moved += ja["flows"][i]["path"] != jc["flows"][i]["path"];
  EXPECT_GT(moved, 100u) << "of 256 flows; a fresh hash keeps about 1 in 4 on the same of 4 paths";
}

// One 1024-B frame from host 0 to host 15 across the fat tree with a different rate and delay per
// tier. By hand (RoCEv2 framing, docs/fabric.md 2): the data frame (1086 + 20 B) and its ACK (66 + 20 B) are serialised
// on each of the six links, twelve propagation delays, five switch crossings each way at one cycle
// (docs/switch.md 2.2: a frame is processed in its arrival cycle and sent in the next).
TEST(TopologyCli, OneFlowAcrossAFatTreeTakesItsFctByHandWithPerTierRatesAndDelays) {
  const std::string scenario = write_scenario("ft_idle", R"(
[sim]
duration_us = 100
[fabric]
topology = "fat_tree"
k = 4
link_gbps = 100
link_delay_ns = 1000
tier1_gbps = 200
tier1_delay_ns = 500
tier2_gbps = 400
tier2_delay_ns = 2000
[[traffic]]
sender_hosts = [0]
receiver = 15
bytes = 1024
)");
  const std::string dir = out_dir("ft_idle");
  const CliResult r = run_ccfabric("run " + scenario + " --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto s = read_summary(dir);
  ASSERT_EQ(s["flows"].size(), 1u);
  const double data_ns = 1106 * 8.0, ack_ns = 86 * 8.0;  // bits
  const double by_hand_ns = 2 * (data_ns + ack_ns) * (1 / 100.0 + 1 / 200.0 + 1 / 400.0) +
                            2 * (2 * 1000.0 + 2 * 500.0 + 2 * 2000.0) + 10 * kSwitchCyclePs / 1000.0;
  const double fct_ns = s["flows"][0]["fct_us"].get<double>() * 1000.0;
  EXPECT_GE(fct_ns, by_hand_ns - 0.001);
  EXPECT_LT(fct_ns, by_hand_ns + 10 * kSwitchCyclePs / 1000.0) << "at most one cycle of alignment per crossing";
  EXPECT_NEAR(s["fct"]["all"]["p50_slowdown"].get<double>(), 1.0, 10 * kSwitchCyclePs / 1000.0 / by_hand_ns);
}

// The RCM paper's fabric: 432 hosts, 180 switches of 12 ports. A short permutation of one-frame
// flows finishes, and the run reports the resident memory of its switch models.
TEST(TopologyCli, TwelveAryFatTreeRunsAndReportsMemoryPerSwitch) {
  const std::string dir = out_dir("ft12");
  const std::string scenario = write_scenario("ft12", R"(
[sim]
duration_us = 30
[fabric]
topology = "fat_tree"
k = 12
[[traffic]]
pattern = "permutation"
bytes = 1024
)");
  const CliResult r = run_ccfabric("run " + scenario + " --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto s = read_summary(dir);
  EXPECT_EQ(s["topology"]["hosts"], 432);
  EXPECT_EQ(s["topology"]["switches"], 180);
  EXPECT_EQ(s["topology"]["links"], 1296);
  EXPECT_EQ(s["topology"]["switches_per_tier"], nlohmann::json({72, 72, 36}));
  EXPECT_EQ(s["fct"]["finished"], 432);
  expect_ledger_balances(s);
  EXPECT_EQ(s["memory"]["switches"], 180);
  const double per_switch = s["memory"]["bytes_per_switch"].get<double>();
  EXPECT_GT(per_switch, 1e5) << "a Verilated switch keeps its queues and tables resident";
  EXPECT_LT(per_switch, 1e8);
  EXPECT_NE(r.output.find("memory: 180 switch models took"), std::string::npos) << r.output;
}

TEST(TopologyCli, BadTopologiesExitWith2AndNameTheKey) {
  const std::string scenario = write_scenario("ft_bad", kFatTreeFlows);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--set fabric.k=5", "fabric.k = 5 must be an even number from 2 to 32"},
      {"--set fabric.k=34", "fabric.k = 34 must be an even number from 2 to 32"},
      {"--set fabric.spines=2", "fabric.spines applies to topology \"leaf_spine\", \"three_tier\" only"},
      {"--set fabric.tier2_gbps=30", "fabric.tier2_gbps = 30 must make 800 / rate a whole number"},
      {"--set fabric.tier1_delay_ns=-1", "fabric.tier1_delay_ns = -1 must be a number >= 0"},
      {"--set traffic.0.receiver=16", "traffic[0].receiver = 16 must be an integer from 0 to 15"},
  };
  for (const auto& [sets, message] : cases) {
    const CliResult r = run_ccfabric("run " + scenario + " " + sets);
    EXPECT_EQ(r.exit_code, 2) << sets;
    EXPECT_NE(r.output.find(message), std::string::npos) << sets << ": " << r.output;
  }
}

}  // namespace
}  // namespace ccf::test
