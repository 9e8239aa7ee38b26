// Many flows into one port through `ccfabric run` (docs/experiments/large_incast.md): 31 senders on a
// star into one 100 Gb/s port, each algorithm in its natural setting (Swift and LDCP without PFC,
// DCQCN and TIMELY with it), 10 ms measured over 5-10 ms. The default label runs 300 flows, the long
// label 5,000. What is checked comes from the definitions, not from a recorded run: a starved flow
// went sim.starved_after_us (1 ms) without an acknowledged byte (its longest stall is recomputed
// from flows[]); a timeout storm shows as timeouts in the measurement window; Jain's index is
// recomputed from the per-flow throughput; the ledger balances. Where an algorithm as published
// misses a target at this scale, the test pins the measured behaviour with the page that explains it.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::expect_ledger_balances;
using ccf::test::jain;
using ccf::test::kWirePerPayload;
using ccf::test::out_dir;
using ccf::test::read_summary;
using ccf::test::run_ccfabric;

// 100 Gb/s of 1106-B wire frames carrying 1024 B each.
constexpr double kMaxGoodputGbps = 100.0 / kWirePerPayload;

struct Incast {
  nlohmann::json summary;
  std::string output;
  std::vector<double> flow_gbps;
  unsigned starved = 0;     // flows whose longest stall reached 1 ms (recounted from flows[])
  double goodput_gbps = 0;  // at the receiver
  uint64_t window_frames = 0, window_timeouts = 0, window_spurious = 0, window_duplicates = 0, window_drops = 0;
};

Incast run_incast(const std::string& scenario, unsigned flows, bool pfc) {
  const std::string dir = out_dir(scenario + "_" + std::to_string(flows) + (pfc ? "_pfc" : "_lossy"));
  const auto res = run_ccfabric(
      "run " CCF_SCENARIO_DIR "/" + scenario +
      ".toml --set fabric.hosts=32 --set traffic.0.senders=31 --set traffic.0.flows=" + std::to_string(flows) +
      " --set switch.pfc=" + (pfc ? "true" : "false") +
      " --set sim.duration_us=10000 --set sim.measure_from_us=5000 --plots none --out " + dir);
  Incast r;
  r.output = res.output;
  EXPECT_EQ(res.exit_code, 0) << res.output;
  r.summary = read_summary(dir);
  expect_ledger_balances(r.summary);
  EXPECT_EQ(r.summary["flows"].size(), flows);
  for (const auto& f : r.summary["flows"]) {
    r.flow_gbps.push_back(f["throughput_gbps"].get<double>());
    r.starved += f["longest_stall_us"].get<double>() >= 1000.0;
  }
  EXPECT_EQ(r.summary["starvation"]["starved_flows"].get<unsigned>(), r.starved);
  r.goodput_gbps = r.summary["receivers"][0]["goodput_gbps"].get<double>();
  const auto& w = r.summary["window"];
  r.window_frames = w["data_frames_sent"].get<uint64_t>();
  r.window_timeouts = w["timeouts"].get<uint64_t>();
  r.window_spurious = w["spurious_timeouts"].get<uint64_t>();
  r.window_duplicates = w["duplicates"].get<uint64_t>();
  r.window_drops = w["frames_dropped"].get<uint64_t>();
  std::printf(
      "%s, %u flows, pfc %d: goodput %.2f Gb/s, Jain %.4f, starved %u, window: %llu frames, %llu timeouts "
      "(%llu spurious), %llu duplicates, %llu drops\n",
      scenario.c_str(), flows, pfc, r.goodput_gbps, jain(r.flow_gbps), r.starved,
      static_cast<unsigned long long>(r.window_frames), static_cast<unsigned long long>(r.window_timeouts),
      static_cast<unsigned long long>(r.window_spurious), static_cast<unsigned long long>(r.window_duplicates),
      static_cast<unsigned long long>(r.window_drops));
  return r;
}

// No timeout storm: timeouts, spurious ones and duplicates each under 1 % of the data frames sent in
// the measurement window.
void expect_no_timeout_storm(const Incast& r) {
  EXPECT_LT(double(r.window_timeouts), 0.01 * double(r.window_frames)) << r.output;
  EXPECT_LT(double(r.window_spurious), 0.01 * double(r.window_frames)) << r.output;
  EXPECT_LT(double(r.window_duplicates), 0.01 * double(r.window_frames)) << r.output;
}

#ifndef CCF_LONG_LARGE_INCAST

// Swift's design point (section 3.4): windows below one packet, paced at rtt/cwnd, no PFC.
TEST(LargeIncast, SwiftWithoutPfcServesThreeHundredFlowsFairlyWithoutStarvationOrLoss) {
  const Incast r = run_incast("incast_swift", 300, false);
  EXPECT_EQ(r.starved, 0u) << r.output;
  EXPECT_GE(jain(r.flow_gbps), 0.95) << r.output;
  EXPECT_GE(r.goodput_gbps, 0.95 * kMaxGoodputGbps) << r.output;
  EXPECT_LT(double(r.window_drops), 0.01 * double(r.window_frames)) << r.output;
  expect_no_timeout_storm(r);
}

// DCQCN with PFC: fair and no timeout (the QP's Local ACK Timeout is 67 ms), but its 8-flow
// parameters oscillate at 300 flows (docs/experiments/large_incast.md: about 62 Gb/s).
TEST(LargeIncast, DcqcnWithPfcServesThreeHundredFlowsFairlyWithoutStarvationOrTimeouts) {
  const Incast r = run_incast("incast_dcqcn_100g", 300, true);
  EXPECT_EQ(r.starved, 0u) << r.output;
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_EQ(r.window_timeouts, 0u) << r.output;
  EXPECT_EQ(r.window_drops, 0u) << r.output;  // lossless
  EXPECT_GE(r.goodput_gbps, 0.5 * kMaxGoodputGbps) << r.output;
  expect_no_timeout_storm(r);
}

// LDCP without PFC: nobody starves and the link stays busy, but the per-ACK window is bistable at this
// scale (flows above one packet and flows below it settle at different windows for the same marking;
// docs/experiments/large_incast.md), so Jain's index is far from 1: pinned as measured.
TEST(LargeIncast, LdcpWithoutPfcKeepsEveryFlowMovingButSplitsThemIntoTwoWindowRegimes) {
  const Incast r = run_incast("incast_ldcp", 300, false);
  EXPECT_EQ(r.starved, 0u) << r.output;
  EXPECT_GE(r.goodput_gbps, 0.9 * kMaxGoodputGbps) << r.output;
  EXPECT_LT(jain(r.flow_gbps), 0.5) << r.output;
  expect_no_timeout_storm(r);
}

// TIMELY with PFC: lossless and no timeout, but its segment pacing with the 8-flow thresholds cuts
// the flows to a fraction of their share and they go over 1 ms between segments
// (docs/experiments/large_incast.md): pinned as measured, every flow still progressing.
TEST(LargeIncast, TimelyWithPfcHasNoTimeoutsButItsSegmentPacedFlowsStallOverAMillisecond) {
  const Incast r = run_incast("incast_timely", 300, true);
  EXPECT_EQ(r.window_timeouts, 0u) << r.output;
  EXPECT_EQ(r.window_drops, 0u) << r.output;
  EXPECT_GT(r.starved, 0u) << r.output;
  EXPECT_LT(r.summary["starvation"]["longest_stall_us"].get<double>(), 5000.0) << r.output;  // nobody stopped
  for (double g : r.flow_gbps) EXPECT_GT(g, 0.0) << r.output;
  expect_no_timeout_storm(r);
}

#else  // the long label: 5,000 flows

TEST(LargeIncastLong, SwiftWithoutPfcAtFiveThousandFlowsKeepsTheLinkFullWithoutLossInTheWindow) {
  const Incast r = run_incast("incast_swift", 5000, false);
  EXPECT_GE(r.goodput_gbps, 0.95 * kMaxGoodputGbps) << r.output;
  EXPECT_LT(double(r.window_drops), 0.01 * double(r.window_frames)) << r.output;
  expect_no_timeout_storm(r);
  // Measured and explained in docs/experiments/large_incast.md: Jain about 0.8 and most flows stall
  // over 1 ms between paced packets; a few flows sit at min_cwnd after the start-up loss.
  EXPECT_GE(jain(r.flow_gbps), 0.7) << r.output;
}

TEST(LargeIncastLong, DcqcnWithPfcAtFiveThousandFlowsIsFairAtLineRate) {
  const Incast r = run_incast("incast_dcqcn_100g", 5000, true);
  EXPECT_EQ(r.starved, 0u) << r.output;
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_GE(r.goodput_gbps, 0.95 * kMaxGoodputGbps) << r.output;
  EXPECT_EQ(r.window_timeouts, 0u) << r.output;
  expect_no_timeout_storm(r);
}

TEST(LargeIncastLong, TimelyWithPfcAtFiveThousandFlowsIsFairAtLineRate) {
  const Incast r = run_incast("incast_timely", 5000, true);
  EXPECT_EQ(r.starved, 0u) << r.output;
  EXPECT_GE(jain(r.flow_gbps), 0.99) << r.output;
  EXPECT_GE(r.goodput_gbps, 0.95 * kMaxGoodputGbps) << r.output;
  expect_no_timeout_storm(r);
}

TEST(LargeIncastLong, LdcpWithoutPfcAtFiveThousandFlowsDoesNotCollapse) {
  const Incast r = run_incast("incast_ldcp", 5000, false);
  EXPECT_GE(r.goodput_gbps, 0.8 * kMaxGoodputGbps) << r.output;
  expect_no_timeout_storm(r);
}

#endif

}  // namespace
