// Output files of a run: summary.json keys, CSV headers with units, Jain's index, accounting.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "output/run_results.hpp"

namespace ccf::sims {
namespace {

RunResults sample_results() {
  RunResults r;
  r.flows = {{1, 1, 0, 1000, 40.0, 12.5}, {2, 2, 0, 900, 40.0, std::nullopt}};
  r.frames = {10, 7, 2, 1};
  r.drops = {{"HEADROOM_OVERFLOW", 2}};
  r.pfc_pause_frames = 3;
  r.pfc_resume_frames = 2;
  r.max_queue_bytes = 5000;
  r.simulated_us = 100.0;
  r.queue_names = {"switch0.port0.prio3_bytes"};
  r.samples = {{0.0, {0.0, 0.0}, {}, {0}}, {10.0, {40.0, 40.0}, {}, {5000}}};
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
  const std::string dir = std::filesystem::temp_directory_path() / "ccf_test_run_results";
  std::filesystem::remove_all(dir);
  write_results(sample_results(), dir);
  const auto j = nlohmann::json::parse(read(dir + "/summary.json"));
  for (const char* k : {"flows", "frames", "drops", "pfc", "max_queue_bytes", "sim"}) EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["flows"][0]["fct_us"], 12.5);
  EXPECT_TRUE(j["flows"][1]["fct_us"].is_null());
  EXPECT_EQ(j["frames"]["injected"], 10);
  EXPECT_EQ(j["pfc"]["pause_frames"], 3);
  EXPECT_TRUE(j["sim"].contains("simulated_us") && j["sim"].contains("wall_s"));
  EXPECT_EQ(read(dir + "/flows.csv").substr(0, 49), "id,src,dst,bytes_acked,throughput_gbps,fct_us\n1,1");
  EXPECT_EQ(read(dir + "/timeseries.csv").substr(0, 73),
            "time_us,flow1_rate_gbps,flow2_rate_gbps,switch0.port0.prio3_bytes\n0.000,0");
  EXPECT_EQ(read(dir + "/pfc.csv"), "time_us,node,port,class_enable,quanta\n5.000000,switch0,1,0x08,65535\n");
}

TEST(RunResults, PlotsArePngFilesOrAStatedReason) {
  const std::string dir = std::filesystem::temp_directory_path() / "ccf_test_run_plots";
  std::filesystem::remove_all(dir);
  const RunResults r = sample_results();
  write_results(r, dir);
  const std::string why = write_plots(r, dir);
  if (!why.empty()) GTEST_SKIP() << why;
  for (const char* f : {"/throughput.png", "/queue.png"}) {
    const std::string png = read(dir + f);
    ASSERT_GT(png.size(), 8u) << f;
    EXPECT_EQ(png.substr(1, 3), "PNG") << f;
  }
}

}  // namespace
}  // namespace ccf::sims
