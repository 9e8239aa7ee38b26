// Output files of a run: summary.json keys, CSV headers with units, Jain's index, accounting.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "output/gnuplot.hpp"
#include "output/run_results.hpp"
#include "test_tmp.hpp"

namespace ccf::sims {
namespace {

RunResults sample_results() {
  RunResults r;
  r.flows = {{1, 1, 0, 1000, 40.0, 12.5, "switch0"}, {2, 2, 0, 900, 40.0, std::nullopt, "switch0"}};
  r.frames = {10, 7, 2, 1, {{"data", 6}, {"ack", 2}, {"rtt_request", 1}, {"rtt_response", 1}}};
  r.drops = {{"HEADROOM_OVERFLOW", 2}};
  r.pfc_pause_frames = 3;
  r.pfc_resume_frames = 2;
  r.max_queue_bytes = 5000;
  r.simulated_us = 100.0;
  r.queue_names = {"switch0.port0.prio3_bytes"};
  r.samples = {{0.0, {0.0, 0.0}, {}, {0}, {}}, {10.0, {40.0, 40.0}, {}, {5000}, {}}};
  r.pfc_events = {{5.0, "switch0", 1, 0x08, 65535}};
  return r;
}

std::string read(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(RunResults, JainIndexIsOneForEqualSharesAndOneOverNForOneFlowAlone) {
  RunResults r = sample_results();
  EXPECT_DOUBLE_EQ(r.jain_index(), 1.0);
  r.flows[1].throughput_gbps = 0.0;
  EXPECT_DOUBLE_EQ(r.jain_index(), 0.5);  // (sum x)^2 / (n sum x^2) = 40^2 / (2 * 40^2)
}

TEST(RunResults, AccountingIdentityIsCheckedAndExplained) {
  RunResults r = sample_results();
  EXPECT_EQ(r.accounting_error(), "");
  r.frames.delivered = 6;
  EXPECT_EQ(r.accounting_error(), "frames injected 10 != delivered 6 + dropped 2 + in flight 1");
}

TEST(RunResults, SummaryAndCsvFilesCarryTheRequiredKeysAndUnits) {
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_run_results";
  std::filesystem::remove_all(dir);
  write_results(sample_results(), dir);
  const auto j = nlohmann::json::parse(read(dir + "/summary.json"));
  for (const char* k : {"flows", "frames", "drops", "pfc", "max_queue_bytes", "sim"}) EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["flows"][0]["fct_us"], 12.5);
  EXPECT_TRUE(j["flows"][1]["fct_us"].is_null());
  EXPECT_EQ(j["frames"]["injected"], 10);
  EXPECT_EQ(j["frames"]["sent_by_kind"]["rtt_request"], 1);
  EXPECT_EQ(j["pfc"]["pause_frames"], 3);
  EXPECT_TRUE(j["sim"].contains("simulated_us") && j["sim"].contains("wall_s"));
  EXPECT_EQ(read(dir + "/flows.csv").substr(0, 49), "id,src,dst,bytes_acked,throughput_gbps,fct_us\n1,1");
  EXPECT_EQ(read(dir + "/timeseries.csv").substr(0, 73),
            "time_us,flow1_rate_gbps,flow2_rate_gbps,switch0.port0.prio3_bytes\n0.000,0");
  EXPECT_EQ(read(dir + "/pfc.csv"), "time_us,node,port,class_enable,quanta\n5.000000,switch0,1,0x08,65535\n");
}

// Also in a directory whose name has spaces and quotes (gnuplot runs there, without a shell).
TEST(RunResults, PlotsArePngFilesOrAStatedReason) {
  for (const char* name : {"ccf_test_run_plots", "ccf test \"run\" plots' dir"}) {
    const std::string dir = ccf::test::tmp_dir() / name;
    std::filesystem::remove_all(dir);
    const RunResults r = sample_results();
    write_results(r, dir);
    const std::string why = write_plots(r, dir);
    if (!gnuplot_installed()) GTEST_SKIP() << why;
    ASSERT_EQ(why, "") << dir;
    for (const char* f : {"/throughput.png", "/queue.png", "/fct.png"}) {
      const std::string png = read(dir + f);
      ASSERT_GT(png.size(), 8u) << dir << f;
      EXPECT_EQ(png.substr(1, 3), "PNG") << dir << f;
    }
  }
}

// Buckets are (lo, hi] in payload bytes; percentiles by nearest rank; a flow that did not finish is
// counted, never dropped; a flow without a size is counted apart.
TEST(FctResults, BucketsEdgesPercentilesAndUnfinishedFlows) {
  std::vector<FctRecord> in;
  uint32_t id = 1;
  for (int k = 1; k <= 100; ++k) in.push_back({id++, 1, 0, 10'000, 0.0, 2.0 * k, 2.0});  // slowdowns 1..100
  in.push_back({id++, 1, 0, 10'001, 0.0, 30.0, 10.0});                                    // next bucket, 3
  in.push_back({id++, 1, 0, 10'001, 0.0, std::nullopt, 10.0});                            // unfinished
  in.push_back({id++, 1, 0, 20'000'000, 0.0, std::nullopt, 1000.0});                      // unfinished, > 10 MB
  in.push_back({id++, 1, 0, 0, 0.0, std::nullopt, 0.0});                                  // unlimited
  const FctSummary s = summarize_fct(in);
  ASSERT_EQ(s.buckets.size(), kFctBucketEdgesBytes.size() + 1);
  EXPECT_EQ(s.buckets[0].label(), "<=10KB");
  EXPECT_EQ(s.buckets[0].finished, 100u);
  EXPECT_DOUBLE_EQ(s.buckets[0].p50_slowdown, 50.0);
  EXPECT_DOUBLE_EQ(s.buckets[0].p95_slowdown, 95.0);
  EXPECT_DOUBLE_EQ(s.buckets[0].p99_slowdown, 99.0);
  EXPECT_DOUBLE_EQ(s.buckets[0].mean_fct_us, 101.0);
  EXPECT_EQ(s.buckets[1].label(), "10KB-100KB");
  EXPECT_EQ(s.buckets[1].finished, 1u);
  EXPECT_EQ(s.buckets[1].unfinished, 1u);
  EXPECT_DOUBLE_EQ(s.buckets[1].p99_slowdown, 3.0);
  EXPECT_EQ(s.buckets[4].label(), ">10MB");
  EXPECT_EQ(s.buckets[4].unfinished, 1u);
  EXPECT_EQ(s.all.finished, 101u);
  EXPECT_EQ(s.all.unfinished, 2u);
  EXPECT_EQ(s.unlimited, 1u);
  const auto j = fct_json(s);
  EXPECT_EQ(j["flows"], 104);
  EXPECT_EQ(j["buckets"][4]["hi_bytes"], nullptr);
}

}  // namespace
}  // namespace ccf::sims
