// Cross-validation against HPCC's ns-3 simulator (docs/crossval.md): the N:1 incasts of
// sims/scenarios/incast_hpcc_ns3.toml (sim.compat = "hpcc_ns3") against HPCC's recorded results of the
// same incasts (tests/crossval/hpcc/data/incast_summary.csv), with HPCC's DCQCN values and its 32 MiB
// buffer, and with the DCQCN paper's values at 12 and 32 MiB.
// Throughput is compared as a share of each simulator's largest payload rate, since their frames
// differ: ccfabric 100 Gb/s x 1000 / 1082 wire bytes (RoCEv2 headers, preamble and gap) = 92.42 Gb/s;
// HPCC 1000 B per 83 ns (1048 B, no preamble or gap, serialisation rounded down to whole ns) =
// 96.39 Gb/s. Tolerances are the differences measured with margin (docs/crossval.md 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::run_ccfabric;

constexpr double kCcfabricMaxGbps = 100.0 * 1000.0 / 1082.0;
constexpr double kHpccMaxGbps = 1000.0 * 8.0 / 83.0;

// The DCQCN paper's values as HPCC's config expresses them (tests/crossval/hpcc/README.md, the
// `paper` set): K 55 us, a rate cut at most every 50 us, T 55 us, F 5, R_AI 40 Mb/s, R_HAI 200 Mb/s,
// RT <- RC on a cut, no byte counter; ECN 5 KB / 200 KB / 0.01.
constexpr const char* kPaperValues =
    "--set cc.dcqcn.alpha_timer_us=55 --set cc.dcqcn.rate_decrease_period_us=50 --set cc.dcqcn.increase_timer_us=55 "
    "--set cc.dcqcn.fast_recovery_steps=5 --set cc.dcqcn.r_ai_mbps=40 --set cc.dcqcn.r_hai_mbps=200 "
    "--set cc.dcqcn.clamp_tgt_rate=true --set switch.ecn.kmin_bytes=5000 --set switch.ecn.kmax_bytes=200000 "
    "--set switch.ecn.pmax=0.01";

// incast_summary.csv's row of one recorded run, by column name.
std::map<std::string, std::string> hpcc_row(const std::string& name) {
  std::istringstream in(read_file(std::string(CCF_SCENARIO_DIR) + "/../../tests/crossval/hpcc/data/incast_summary.csv"));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream h(line); std::getline(h, line, ',');) header.push_back(line);
  for (std::string row; std::getline(in, row);) {
    std::vector<std::string> cells;
    for (std::istringstream r(row); std::getline(r, line, ',');) cells.push_back(line);
    if (!cells.empty() && cells[0] == name) {
      std::map<std::string, std::string> m;
      for (size_t i = 0; i < header.size(); ++i) m[header[i]] = i < cells.size() ? cells[i] : "";
      return m;
    }
  }
  return {};
}

struct Window {
  double total_gbps = 0, jain = 0;
};

// From timeseries.csv: the flows' mean rates over (from, to] us, their sum and Jain's index; and the
// queue's mean over the same window and its largest sample.
struct Measured {
  Window early, late;
  double queue_mean_late = 0, queue_max = 0;
};

Measured measure(const std::string& dir) {
  std::istringstream in(read_file(dir + "/timeseries.csv"));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream h(line); std::getline(h, line, ',');) header.push_back(line);
  std::vector<size_t> flows;
  size_t queue = 0;
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i].ends_with("_rate_gbps") && header[i].find("_cc_") == std::string::npos) flows.push_back(i);
    if (header[i] == "switch0.port0.prio3_bytes") queue = i;
  }
  std::vector<double> early(flows.size()), late(flows.size());
  size_t n_early = 0, n_late = 0;
  Measured m;
  for (std::string row; std::getline(in, row);) {
    std::vector<double> v;
    for (std::istringstream r(row); std::getline(r, line, ',');) v.push_back(std::stod(line));
    const bool is_late = v[0] > 10'000;
    for (size_t f = 0; f < flows.size(); ++f) (is_late ? late : early)[f] += v[flows[f]];
    (is_late ? n_late : n_early)++;
    if (is_late) m.queue_mean_late += v[queue];
    m.queue_max = std::max(m.queue_max, v[queue]);
  }
  const auto window = [](std::vector<double> x, size_t n) {
    Window w;
    double sq = 0;
    for (double& r : x) r /= double(n), w.total_gbps += r, sq += r * r;
    w.jain = w.total_gbps * w.total_gbps / (double(x.size()) * sq);
    return w;
  };
  m.early = window(early, n_early);
  m.late = window(late, n_late);
  m.queue_mean_late /= double(n_late);
  return m;
}

// The recorded run `name` against ccfabric's run of the same incast (`sets`: --set options).
struct Tolerance {
  double early_share, late_share, jain_below, queue_mean, queue_max;
};

void expect_matches(const std::string& name, unsigned n, const std::string& sets, const Tolerance& tol) {
  const auto hpcc = hpcc_row(name);
  ASSERT_FALSE(hpcc.empty()) << "no recorded HPCC run " << name;
  const std::string dir = out_dir("crossval_hpcc");
  const auto r = run_ccfabric(fmt::format("run {}/incast_hpcc_ns3.toml --set traffic.0.senders={} {} --plots none --out {}",
                                          CCF_SCENARIO_DIR, n, sets, dir));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Measured m = measure(dir);
  const auto h = [&](const char* k) { return std::stod(hpcc.at(k)); };
  EXPECT_NEAR(m.early.total_gbps / kCcfabricMaxGbps, h("total_payload_gbps_0_10ms") / kHpccMaxGbps, tol.early_share)
      << "0-10 ms";
  EXPECT_NEAR(m.late.total_gbps / kCcfabricMaxGbps, h("total_payload_gbps_10ms_end") / kHpccMaxGbps, tol.late_share)
      << "10-30 ms";
  EXPECT_GT(m.late.jain, h("jain_10ms_end") - tol.jain_below);
  EXPECT_NEAR(m.queue_mean_late, h("qlen_mean_bytes_10ms_end"), tol.queue_mean * h("qlen_mean_bytes_10ms_end"));
  EXPECT_NEAR(m.queue_max, h("qlen_max_bytes"), tol.queue_max * h("qlen_max_bytes"));
  // PFC pauses: none where HPCC has none, else the same order of magnitude (within a factor of 3).
  const auto summary = ccf::test::read_summary(dir);
  const double pauses = double(summary["pfc"]["pause_frames"].get<uint64_t>());
  const double hpcc_pauses = h("pfc_pauses_rx_by_hosts");
  if (hpcc_pauses == 0) {
    EXPECT_EQ(pauses, 0);
  } else {
    EXPECT_GE(pauses, hpcc_pauses / 3);
    EXPECT_LE(pauses, hpcc_pauses * 3);
  }
  EXPECT_EQ(summary["frames"]["dropped"], 0);
}

class CrossvalHpcc : public ::testing::TestWithParam<unsigned> {};

// HPCC's values and its 32 MiB buffer: the profile's defaults.
TEST_P(CrossvalHpcc, IncastMatchesHpccsRecordedRun) {
  const unsigned n = GetParam();
  expect_matches(fmt::format("incast_n{}_hpcc_32mb", n), n, "", {0.04, 0.015, 0.005, 0.25, 0.25});
}

INSTANTIATE_TEST_SUITE_P(Senders, CrossvalHpcc, ::testing::Values(2u, 4u, 8u, 16u));

// The DCQCN paper's values at 12 MiB (where 8 and 16 senders meet PFC) and 32 MiB. The queue's peak
// is held within 10 % where PFC does not act and within 35 % where it does.
class CrossvalHpccPaper : public ::testing::TestWithParam<std::tuple<unsigned, unsigned>> {};

TEST_P(CrossvalHpccPaper, IncastMatchesHpccsRecordedRun) {
  const auto [n, mib] = GetParam();
  const bool pfc_acts = mib == 12 && n >= 8;
  expect_matches(fmt::format("incast_n{}_paper_{}mb", n, mib), n,
                 fmt::format("{} --set switch.buffer_bytes={}", kPaperValues, uint64_t{mib} << 20),
                 {0.08, 0.05, 0.02, 0.4, pfc_acts ? 0.35 : 0.1});
}

INSTANTIATE_TEST_SUITE_P(SendersAndBuffer, CrossvalHpccPaper,
                         ::testing::Combine(::testing::Values(2u, 4u, 8u, 16u), ::testing::Values(12u, 32u)));

// HPCC's web-search flow file (pattern hpcc_flows) on the k = 4 or k = 8 fat tree: the FCT slowdown
// distribution against HPCC's run of the same flows (`row` of websearch_summary.csv), each figure
// within 30 % (measured: at most 21 % with HPCC's values and 14 % with the paper's on k = 4, 19 % on
// k = 8; the 99th percentile of flows up to 100 KB is not held, docs/crossval.md 2). Slowdowns below 1
// count as 1 and percentiles are sorted[int(n p)], as HPCC's analysis/fct_analysis.py. k = 4, 100 ms
// of simulated time: 16 s (HPCC's values) and 23 s (the paper's); k = 8, 30 ms on the switches'
// reference model (docs/switch.md 8): 14 s.
void expect_websearch_matches(const std::string& scenario, const std::string& row, size_t flows,
                              const std::string& sets) {
  const std::string dir = out_dir("crossval_hpcc_websearch");
  const auto r = run_ccfabric(
      fmt::format("run {}/{}.toml {} --plots none --out {}", CCF_SCENARIO_DIR, scenario, sets, dir));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::istringstream in(read_file(dir + "/fct.csv"));
  std::string line;
  std::getline(in, line);  // id,src,dst,bytes,start_us,fct_us,ideal_us,slowdown
  std::vector<double> slowdown;
  double fct_max = 0, sum = 0;
  for (; std::getline(in, line);) {
    std::vector<std::string> c;
    for (std::istringstream w(line); std::getline(w, line, ',');) c.push_back(line);
    slowdown.push_back(std::max(1.0, std::stod(c[7])));
    sum += slowdown.back();
    fct_max = std::max(fct_max, std::stod(c[5]));
  }
  ASSERT_EQ(slowdown.size(), flows) << "every flow of the file finishes";
  std::sort(slowdown.begin(), slowdown.end());
  const auto pct = [&](double p) { return slowdown[static_cast<size_t>(double(slowdown.size()) * p)]; };
  std::istringstream hs(read_file(std::string(CCF_SCENARIO_DIR) + "/../../tests/crossval/hpcc/data/websearch_summary.csv"));
  std::vector<double> h;
  for (std::string text; std::getline(hs, text);)
    if (text.starts_with(row + ",")) {
      for (std::istringstream w(text); std::getline(w, line, ',');) h.push_back(std::atof(line.c_str()));
    }
  ASSERT_EQ(h.size(), 11u) << "no recorded HPCC run " << row;
  // name,flows,finished,unfinished,slowdown_mean,slowdown_p50,slowdown_p95,slowdown_p99,...,max_fct_us
  EXPECT_NEAR(sum / double(slowdown.size()), h[4], 0.3 * h[4]) << "mean";
  EXPECT_NEAR(pct(0.50), h[5], 0.3 * h[5]) << "median";
  EXPECT_NEAR(pct(0.95), h[6], 0.3 * h[6]) << "95th percentile";
  EXPECT_NEAR(pct(0.99), h[7], 0.3 * h[7]) << "99th percentile";
  EXPECT_NEAR(fct_max, h[10], 0.3 * h[10]) << "largest FCT (us)";
}

TEST(CrossvalHpccWebSearch, FctSlowdownsMatchHpccsRun) {
  expect_websearch_matches("websearch_hpcc_k4", "websearch_k4_hpcc_32mb", 1165, "");
}

TEST(CrossvalHpccWebSearch, FctSlowdownsWithThePapersValuesMatchHpccsRun) {
  expect_websearch_matches("websearch_hpcc_k4", "websearch_k4_paper_32mb", 1165, kPaperValues);
}

TEST(CrossvalHpccWebSearch, FctSlowdownsOnTheEightAryFatTreeMatchHpccsRun) {
  expect_websearch_matches("websearch_hpcc_k8", "websearch_k8_hpcc_32mb", 1676, "--set switch.impl=reference");
}

}  // namespace
