// Swift, LDCP and TIMELY end to end through `ccfabric run`: an 8:1 incast
// converges to a fair share; Swift's endpoint window holds back senders to a slow host while the
// fabric queue stays small; LDCP without PFC loses frames only in its fast start; LDCP's CX6-DX PCC
// variant (cw - beta per CNP, cw + alpha per RTT probe, rate = cw / RTT) converges with RTT probes
// and CNPs as its only signals; every frame is accounted and the same seed gives the same files. Fairness and utilisation are recomputed here
// from the per-flow results (Jain's definition; 1106 B on the wire per 1024 B of payload).
#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::expect_ledger_balances;
using ccf::test::jain;
using ccf::test::kWirePerPayload;
using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;
using ccf::test::run_ccfabric;

const std::string kScenarioDir = CCF_SCENARIO_DIR;

struct RunOutput {
  nlohmann::json summary;
  std::string dir, output;
  std::vector<double> flow_gbps;
  double total_gbps = 0;
};

RunOutput run_scenario(const std::string& scenario, const std::string& sets = "", const std::string& tag = "") {
  RunOutput r;
  r.dir = out_dir(scenario + tag);
  const auto res = run_ccfabric("run " + kScenarioDir + "/" + scenario + ".toml " + sets + " --out " + r.dir);
  EXPECT_EQ(res.exit_code, 0) << res.output;
  r.output = res.output;
  r.summary = read_summary(r.dir);
  for (const auto& f : r.summary["flows"]) r.flow_gbps.push_back(f["throughput_gbps"].get<double>());
  for (double g : r.flow_gbps) r.total_gbps += g;
  expect_ledger_balances(r.summary);
  return r;
}

// Mean of one timeseries.csv column over samples at or after from_us.
double mean_column(const std::string& dir, const std::string& column, double from_us) {
  std::istringstream csv(read_file(dir + "/timeseries.csv"));
  std::string line, cell;
  std::getline(csv, line);
  std::istringstream head(line);
  int col = -1;
  for (int i = 0; std::getline(head, cell, ','); ++i)
    if (cell == column) col = i;
  EXPECT_GE(col, 0) << column;
  double sum = 0;
  int n = 0;
  while (std::getline(csv, line)) {
    std::istringstream ls(line);
    std::vector<std::string> cells;
    while (std::getline(ls, cell, ',')) cells.push_back(cell);
    if (std::stod(cells[0]) < from_us) continue;
    sum += std::stod(cells.at(col));
    ++n;
  }
  return n ? sum / n : 0.0;
}

TEST(SwiftEndToEnd, IncastConvergesFairAtHighUtilisationWithTheQueueNearTheTarget) {
  const RunOutput r = run_scenario("incast_swift");
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_GT(r.total_gbps * kWirePerPayload / 100.0, 0.95) << r.output;
  EXPECT_TRUE(r.summary["drops"].empty());
  // Fabric delay settles near the target: base 20 us + one hop (3.05 us) + flow scaling (0..100 us).
  // The bottleneck queue's mean delay at 100 Gb/s (8 bits per byte / 100 Gb/s = 0.08 ns per byte):
  const double queue_delay_us = mean_column(r.dir, "switch0.port0.prio3_bytes", 1000) * 0.08 / 1000.0;
  EXPECT_GT(queue_delay_us, 10.0);
  EXPECT_LT(queue_delay_us, 123.1);
}

TEST(SwiftEndToEnd, ASlowReceiverIsProtectedByTheEndpointWindowWithASmallFabricQueue) {
  const RunOutput r = run_scenario("swift_slow_host");
  EXPECT_NEAR(r.total_gbps, 50.0, 1.0) << r.output;  // the host's 50 Gb/s, all of it used
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_EQ(r.summary["pfc"]["pause_frames"].get<uint64_t>(), 0u) << "the host needed PFC: ecwnd did not hold";
  // With 8 x 100 Gb/s offered to a 50 Gb/s host, the fabric queue stays below 2 us (25 KB) on average.
  EXPECT_LT(mean_column(r.dir, "switch0.port0.prio3_bytes", 1000), 25000.0);
}

TEST(LdcpEndToEnd, IncastWithoutPfcConvergesAndLosesFramesOnlyInFastStart) {
  const RunOutput r = run_scenario("incast_ldcp");
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_GT(r.total_gbps * kWirePerPayload / 100.0, 0.95) << r.output;
  EXPECT_EQ(r.summary["pfc"]["pause_frames"].get<uint64_t>(), 0u);
  // Drops are the WRED drops of Not-ECT fast-start frames: a run three times as long has exactly as
  // many (nothing is lost in the stable stage).
  const uint64_t wred = r.summary["drops"].value("WRED", uint64_t{0});
  const RunOutput shorter = run_scenario("incast_ldcp", "--set sim.duration_us=1000 --set sim.measure_from_us=500");
  EXPECT_EQ(shorter.summary["drops"].value("WRED", uint64_t{0}), wred);
  for (const auto& [reason, count] : r.summary["drops"].items())
    EXPECT_TRUE(reason == "WRED" || reason == "nic_out_of_order_discard") << reason << " " << count;
}

// A short flow that fits in one BDP finishes in about one RTT on an idle network: fast start sends it
// at line rate at once. The ideal: 30 frames of 1106 B on the wire back to back, the last one stored
// and forwarded once more by the switch, 1 us on each of the 2 links there and 2 back, and the ACK
// (66 + 20 B) serialised twice.
TEST(LdcpEndToEnd, AShortFlowFinishesInAboutOneRttOnAnIdleNetwork) {
  const RunOutput r = run_scenario("incast_ldcp", "--set traffic.0.senders=1 --set traffic.0.bytes=30720 "
                                   "--set sim.duration_us=100 --set sim.measure_from_us=0");
  const double ns_per_byte = 8.0 / 100.0;
  const double ideal_us = ((30 + 1) * 1106.0 + 2 * 86.0) * ns_per_byte / 1000.0 + 4 * 1.0;
  ASSERT_FALSE(r.summary["flows"][0]["fct_us"].is_null()) << r.output;
  const double fct_us = r.summary["flows"][0]["fct_us"].get<double>();
  EXPECT_GT(fct_us, ideal_us * 0.97);
  EXPECT_LT(fct_us, ideal_us * 1.1) << "ideal " << ideal_us << " us";
}

// 255 flows (15 senders x 17) into one 100 Gb/s port: the fair share is below one packet per RTT, so
// the windows go below one packet (paced at RTT/cwnd) and every flow keeps progressing. Swift gets a
// low target (2 us + up to 4 us of flow scaling) so that the path holds fewer than 255 packets.
void expect_sub_one_windows_without_collapse(const RunOutput& r) {
  std::istringstream csv(read_file(r.dir + "/timeseries.csv"));
  std::string line, cell;
  std::getline(csv, line);
  std::vector<int> cwnd_cols;
  std::istringstream head(line);
  for (int i = 0; std::getline(head, cell, ','); ++i)
    if (cell.size() > 13 && cell.substr(cell.size() - 13) == "_cwnd_packets") cwnd_cols.push_back(i);
  ASSERT_EQ(cwnd_cols.size(), 255u);
  // Per flow: the share of samples in the measurement window (from 1 ms) with cwnd below one packet.
  std::vector<unsigned> below(cwnd_cols.size(), 0);
  unsigned samples = 0;
  while (std::getline(csv, line)) {
    std::vector<std::string> cells;
    std::istringstream ls(line);
    while (std::getline(ls, cell, ',')) cells.push_back(cell);
    if (std::stod(cells[0]) < 1000) continue;
    ++samples;
    for (size_t k = 0; k < cwnd_cols.size(); ++k) below[k] += std::stod(cells[cwnd_cols[k]]) < 1.0;
  }
  unsigned mostly_below = 0;
  for (unsigned b : below) mostly_below += 2 * b > samples;
  EXPECT_GT(mostly_below, 255u / 2) << "flows whose window was below one packet in most samples";
  for (size_t k = 0; k < r.flow_gbps.size(); ++k) EXPECT_GT(r.flow_gbps[k], 0.01) << "flow " << k + 1 << " stalled";
  EXPECT_GT(r.total_gbps * kWirePerPayload / 100.0, 0.85) << r.output;
}

TEST(SwiftEndToEnd, TwoHundredFiftyFiveFlowsGoBelowOnePacketWithoutCollapse) {
  expect_sub_one_windows_without_collapse(
      run_scenario("incast_swift", "--set traffic.0.senders=15 --set traffic.0.flows_per_sender=17 "
                                   "--set cc.swift.base_target_us=2 --set cc.swift.fs_range_us=4"));
}

TEST(LdcpEndToEnd, TwoHundredFiftyFiveFlowsGoBelowOnePacketWithoutCollapse) {
  expect_sub_one_windows_without_collapse(
      run_scenario("incast_ldcp", "--set traffic.0.senders=15 --set traffic.0.flows_per_sender=17"));
}

// LDCP on the CX6-DX (the LDCP draft, section 3.2): an 8:1 incast from a synchronised line-rate start converges to a fair
// share at high utilisation, without PFC and without a drop. The signals are the receiver NP's CNPs
// and the RTT probes, both end-to-end frames in the ledger.
TEST(LdcpPccEndToEnd, IncastConvergesToAFairShareWithHighUtilisation) {
  const RunOutput r = run_scenario("incast_ldcp_pcc");
  const double jain_index = jain(r.flow_gbps);
  const double utilisation = r.total_gbps * kWirePerPayload / 100.0;  // of the receiver's link, on the wire
  std::printf("incast_ldcp_pcc: Jain %.4f, utilisation %.4f (%.2f Gb/s payload), max queue %.1f KB\n", jain_index,
              utilisation, r.total_gbps, r.summary["max_queue_bytes"].get<double>() / 1000.0);
  EXPECT_GE(jain_index, 0.99) << r.output;
  EXPECT_GT(utilisation, 0.97) << r.output;
  EXPECT_EQ(r.summary["pfc"]["pause_frames"].get<uint64_t>(), 0u);
  EXPECT_TRUE(r.summary["drops"].empty()) << r.summary["drops"];
  // The variant's own frames: RTT requests from every sender, each answered (a few in flight at the
  // end), CNPs from the receiver's NP; the per-flow RTT samples come one per RTT.
  const auto& by_kind = r.summary["frames"]["sent_by_kind"];
  const uint64_t requests = by_kind["rtt_request"].get<uint64_t>(), responses = by_kind["rtt_response"].get<uint64_t>();
  EXPECT_GT(requests, 8u * 100);
  EXPECT_LE(responses, requests);
  EXPECT_GE(responses + 2 * 8, requests);
  EXPECT_GT(by_kind["cnp"].get<uint64_t>(), 0u);
  EXPECT_EQ(r.summary["frames"]["injected"].get<uint64_t>(),
            by_kind["data"].get<uint64_t>() + by_kind["ack"].get<uint64_t>() + by_kind["nak"].get<uint64_t>() +
                by_kind["cnp"].get<uint64_t>() + requests + responses);
}

TEST(LdcpPccEndToEnd, ABadVariantIsRejectedWithTheKeyTheValueAndTheAllowedValues) {
  // `ccfabric run SCENARIO --set SET` exits with code 2 and a message holding every one of `says`.
  const auto expect_rejected = [](const std::string& scenario, const std::string& set, const std::string& out,
                                  std::initializer_list<std::string> says) {
    const auto res = run_ccfabric("run " + kScenarioDir + "/" + scenario + " --set " + set + " --out " + out_dir(out));
    EXPECT_EQ(res.exit_code, 2) << set << "\n" << res.output;
    for (const std::string& text : says) EXPECT_NE(res.output.find(text), std::string::npos) << res.output;
  };
  expect_rejected("incast_ldcp_pcc.toml", "cc.ldcp.variant=dctcp", "ldcp_bad_variant",
                  {"cc.ldcp.variant = \"dctcp\" must be one of \"pawa\"", "\"cx6dx_pcc\""});
  // A key of the other variant is an error too, naming it.
  expect_rejected("incast_ldcp.toml", "cc.ldcp.probe_timeout_us=100", "ldcp_pawa_probe",
                  {"cc.ldcp.probe_timeout_us applies to cc.ldcp.variant = \"cx6dx_pcc\" only"});
  expect_rejected("incast_ldcp_pcc.toml", "cc.ldcp.fast_start=true", "ldcp_pcc_fast_start",
                  {"cc.ldcp.fast_start = true applies to cc.ldcp.variant = \"pawa\" only"});
  expect_rejected("incast_ldcp_pcc.toml", "cc.ldcp.variant=2", "ldcp_numeric_variant",
                  {"cc.ldcp.variant must be text"});
}

TEST(TimelyEndToEnd, IncastConvergesToAFairShare) {
  const RunOutput r = run_scenario("incast_timely");
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_GT(r.total_gbps * kWirePerPayload / 100.0, 0.95) << r.output;
  EXPECT_TRUE(r.summary["drops"].empty());
}

TEST(CcEndToEnd, SameSeedGivesIdenticalFilesForEveryAlgorithm) {
  for (const char* s : {"incast_swift", "incast_ldcp", "incast_ldcp_pcc", "incast_timely"}) {
    const std::string sets = "--set sim.duration_us=300 --set sim.measure_from_us=100";
    const RunOutput a = run_scenario(s, sets, "_a"), b = run_scenario(s, sets, "_b");
    for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv"})
      EXPECT_EQ(read_file(a.dir + f), read_file(b.dir + f)) << s << f;
    EXPECT_EQ(ccf::test::run_figures(a.summary), ccf::test::run_figures(b.summary)) << s;
  }
}

}  // namespace
