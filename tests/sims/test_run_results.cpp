// Output files of a run: summary.json keys, CSV headers with units, Jain's index, accounting.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sims/output/build_info.hpp"
#include "sims/output/gnuplot.hpp"
#include "sims/output/output_file.hpp"
#include "sims/output/run_plots.hpp"
#include "sims/output/run_results.hpp"
#include "sims/output/vcd_writer.hpp"
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
  r.scenario_toml = "[sim]\nseed = 7\nduration_us = 100.0\n";
  r.queues = {"switch0.port0.prio3"};
  r.samples = {{0.0, {0.0, 0.0}, {100.0, 100.0}, {}, {0}, {}},
               {10.0, {40.0, 40.0}, {50.0, 45.5}, {{1, 40.0, 50.0}, {2, 40.0, 45.5}}, {5000}, {}}};
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
  EXPECT_EQ(read(dir + "/timeseries.csv"),
            "time_us,flow1_rate_gbps,flow2_rate_gbps,flow1_cc_rate_gbps,flow2_cc_rate_gbps,switch0.port0.prio3_bytes\n"
            "0.000,0.000000,0.000000,100.000000,100.000000,0\n10.000,40.000000,40.000000,50.000000,45.500000,5000\n");
  EXPECT_EQ(read(dir + "/pfc.csv"), "time_us,node,port,class_enable,quanta\n5.000000,switch0,1,0x08,65535\n");
}

// summary.json says what made it (docs/outputs.md 1): schema, tool version, commit, command line,
// and the scenario as a JSON object read back from its TOML.
TEST(RunResults, SummaryCarriesItsProvenanceAndTheScenarioAsAnObject) {
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_run_provenance";
  std::filesystem::remove_all(dir);
  const char* argv[] = {"ccfabric", "run", "s.toml", "--out", "dir with 'quotes'"};
  set_command_line(5, argv);
  write_results(sample_results(), dir);
  const auto j = nlohmann::json::parse(read(dir + "/summary.json"));
  EXPECT_EQ(j["schema_version"], kSummarySchemaVersion);
  EXPECT_EQ(j["tool_version"], tool_version());
  const std::string commit = j["commit"];
  EXPECT_TRUE(commit == "unknown" || commit.find_first_not_of("0123456789abcdef") >= 40) << commit;
  EXPECT_EQ(j["command_line"], nlohmann::json({"ccfabric", "run", "s.toml", "--out", "dir with 'quotes'"}));
  EXPECT_EQ(j["scenario"]["sim"]["seed"], 7);
  EXPECT_EQ(j["scenario"]["sim"]["duration_us"], 100.0);
  EXPECT_EQ(read(dir + "/scenario.toml"), sample_results().scenario_toml);
}

// The long time series holds the same figures as the wide one, one per row, for every active flow
// and every queue (no column cap).
TEST(RunResults, LongTimeseriesHoldsEveryActiveFlowAndQueueWithTheWideValues) {
  RunResults r = sample_results();
  // A third flow beyond the wide file's columns, active in the second interval only.
  r.flows.push_back({3, 3, 0, 0, 1.0, std::nullopt, "switch0"});
  r.samples[1].active_flows.push_back({3, 1.25, 7.0});
  r.flow_cc_metric = "cwnd_packets";
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_run_long";
  std::filesystem::remove_all(dir);
  write_results(r, dir);
  EXPECT_EQ(read(dir + "/timeseries_long.csv"),
            "time_us,entity,metric,value\n"
            "0.000,switch0.port0.prio3,queue_bytes,0\n"
            "10.000,flow1,rate_gbps,40.000000\n10.000,flow1,cwnd_packets,50.000000\n"
            "10.000,flow2,rate_gbps,40.000000\n10.000,flow2,cwnd_packets,45.500000\n"
            "10.000,flow3,rate_gbps,1.250000\n10.000,flow3,cwnd_packets,7.000000\n"
            "10.000,switch0.port0.prio3,queue_bytes,5000\n");
}

// An FCT bucket without a finished flow has empty statistics in the CSV, as null in summary.json.
TEST(RunResults, AnEmptyFctBucketHasEmptyCells) {
  RunResults r = sample_results();
  r.fct = summarize_fct({{1, 1, 0, 5'000, 0.0, 20.0, 10.0}});
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_run_fct_empty";
  std::filesystem::remove_all(dir);
  write_results(r, dir);
  const std::string csv = read(dir + "/fct_buckets.csv");
  EXPECT_NE(csv.find("\n<=10KB,0,10000,1,0,2.000000,2.000000,2.000000,2.000000,20.000000\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n10KB-100KB,10000,100000,0,0,,,,,\n"), std::string::npos) << csv;
  const auto j = nlohmann::json::parse(read(dir + "/summary.json"));
  EXPECT_TRUE(j["fct"]["buckets"][1]["p50_slowdown"].is_null());
}

// The datablock rows of a plot script: "time v1 v2 ..." between "$name << EOD" and "EOD".
std::vector<std::vector<std::string>> datablock(const std::string& script, const std::string& name) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(script);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line == "$" + name + " << EOD") inside = true;
    else if (line == "EOD") inside = false;
    else if (inside) {
      std::istringstream cells(line);
      rows.emplace_back();
      for (std::string c; cells >> c;) rows.back().push_back(c);
    }
  }
  return rows;
}

// Above eight flows throughput.png draws the median and the 10th-90th percentile band of the flows
// active in each interval (nearest rank, recomputed here) and the five highest-throughput flows.
TEST(RunPlots, ManyFlowsAreDrawnAsAPercentileBandAndTheTopFlows) {
  RunResults r;
  r.window.from_us = 5.0;
  Sample s{10.0, {}, {}, {}, {}, {}};
  for (uint32_t id = 1; id <= 20; ++id) {
    r.flows.push_back({id, id, 0, 0, double(id % 7), std::nullopt, "switch0"});
    s.active_flows.push_back({id, double(id), 0.0});  // rates 1..20 Gb/s
  }
  r.samples = {s};
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_plot_band";
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(write_throughput_script(r, dir));
  const std::string gp = read(dir + "/throughput.gp");
  const auto rows = datablock(gp, "rates");
  ASSERT_EQ(rows.size(), 1u);
  // Nearest rank of 20 values 1..20: ceil(0.1 * 20) = 2nd, 10th, 18th.
  EXPECT_EQ(rows[0], (std::vector<std::string>{"10.000", "2.000000", "10.000000", "18.000000", "6.000000",
                                               "13.000000", "20.000000", "5.000000", "12.000000"}));
  // Throughputs id % 7: 6 for ids 6, 13, 20; 5 for 5, 12 (stable order among equals).
  for (const char* title : {"'flow 6 (6.00 Gb/s)'", "'flow 12 (5.00 Gb/s)'", "'median'", "'10th-90th percentile'",
                            "'warm-up (not measured)'"})
    EXPECT_NE(gp.find(title), std::string::npos) << title;
  EXPECT_EQ(gp.find("'flow 4 "), std::string::npos);
}

// queue.png shows only queues that held data, at most eight (the highest peaks), in KB, with the
// thresholds: drawn within twice the highest peak, else named in the legend as above the plot.
TEST(RunPlots, QueuePlotShowsQueuesThatHeldDataInKbWithTheirThresholds) {
  RunResults r;
  for (unsigned q = 0; q < 12; ++q) r.queues.push_back(fmt::format("switch0.port{}.prio3", q));
  r.samples = {{10.0, {}, {}, {}, std::vector<uint64_t>(12, 0), {}}, {20.0, {}, {}, {}, {}, {}}};
  for (unsigned q = 0; q < 12; ++q) r.samples[1].queue_bytes.push_back(q < 2 ? 0 : q * 1000);  // 10 queues held data
  r.queue_marks.ecn_kmin_bytes = 5'000;
  r.queue_marks.ecn_kmax_bytes = 200'000;
  r.queue_marks.pfc_note = "PFC XOFF dynamic: 8 x free shared buffer / 8";
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_plot_queue";
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(write_queue_script(r, dir));
  const std::string gp = read(dir + "/queue.gp");
  const auto rows = datablock(gp, "queues");
  ASSERT_EQ(rows.size(), 2u);
  // The eight highest peaks: ports 4..11, in KB.
  EXPECT_EQ(rows[1], (std::vector<std::string>{"20.000", "4.000", "5.000", "6.000", "7.000", "8.000", "9.000",
                                               "10.000", "11.000"}));
  EXPECT_NE(gp.find("the 8 of 10 queues that held data with the highest peaks"), std::string::npos);
  EXPECT_NE(gp.find("5.000 with lines dt 2 lw 1.5 lc rgb '#404040' title 'ECN Kmin 5.0 KB'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("title 'ECN Kmax 200.0 KB (above the plot)'"), std::string::npos) << gp;
  EXPECT_NE(gp.find("PFC XOFF dynamic"), std::string::npos);
  EXPECT_EQ(gp.find("'switch0.port3.prio3'"), std::string::npos);
}

// Nothing to show, no plot: no flow, no queue that held data, no finished flow.
TEST(RunPlots, EmptyPlotsAreNotDrawn) {
  RunResults r;
  r.queues = {"switch0.port0.prio3"};
  r.samples = {{10.0, {}, {}, {}, {0}, {}}};
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_plot_empty";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  EXPECT_FALSE(write_throughput_script(r, dir));
  EXPECT_FALSE(write_queue_script(r, dir));
  EXPECT_FALSE(write_fct_plot_script(r.fct, dir));
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  if (!gnuplot_installed()) GTEST_SKIP() << "gnuplot is not installed";
  RunPlots plots(r, dir);
  plots.wait();
  EXPECT_TRUE(plots.pngs().empty());
}

// Also in a directory whose name has spaces and quotes (gnuplot runs there, without a shell).
TEST(RunPlots, PlotsArePngFilesOrAStatedReason) {
  for (const char* name : {"ccf_test_run_plots", "ccf test \"run\" plots' dir"}) {
    const std::string dir = ccf::test::tmp_dir() / name;
    std::filesystem::remove_all(dir);
    RunResults r = sample_results();
    r.fct = summarize_fct({{1, 1, 0, 5'000, 0.0, 20.0, 10.0}});
    write_results(r, dir);
    RunPlots plots(r, dir);
    if (!gnuplot_installed()) GTEST_SKIP() << plots.note();
    ASSERT_NO_THROW(plots.wait()) << dir;
    EXPECT_EQ(plots.pngs(), (std::vector<std::string>{"throughput.png", "queue.png", "fct.png"}));
    for (const char* f : {"/throughput.png", "/queue.png", "/fct.png"}) {
      const std::string png = read(dir + f);
      ASSERT_GT(png.size(), 8u) << dir << f;
      EXPECT_EQ(png.substr(1, 3), "PNG") << dir << f;
    }
  }
}

// A gnuplot that fails is an error naming each PNG not drawn and gnuplot's log.
TEST(RunPlots, AFailedPlotIsAnErrorNamingThePngAndTheLog) {
  const std::filesystem::path bin = ccf::test::tmp_dir() / "ccf_test_failing_gnuplot";
  std::filesystem::create_directories(bin);
  {
    std::ofstream fake(bin / "gnuplot");
    fake << "#!/bin/sh\necho 'line 3: unknown command' >&2\nexit 1\n";
  }
  std::filesystem::permissions(bin / "gnuplot", std::filesystem::perms::owner_all);
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", bin.c_str(), 1);
  const std::string dir = ccf::test::tmp_dir() / "ccf_test_plot_fails";
  std::filesystem::remove_all(dir);
  const RunResults r = sample_results();
  write_results(r, dir);
  std::string error;
  {
    RunPlots plots(r, dir);
    try {
      plots.wait();
    } catch (const OutputError& e) {
      error = e.what();
    }
  }
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(error, fmt::format("throughput.png was not drawn (gnuplot failed: see {0}/throughput_plot.log); queue.png "
                               "was not drawn (gnuplot failed: see {0}/queue_plot.log)",
                               dir));
  EXPECT_EQ(read(dir + "/queue_plot.log"), "line 3: unknown command\n");
}

// The value change dump (IEEE 1364 section 18): nested scopes, a value written only when it changes,
// nothing outside the window, and at the window's first time a $dumpvars of every value then.
TEST(VcdWriter, WritesChangesInsideTheWindowAfterADumpOfEveryValue) {
  const std::string path = ccf::test::tmp_dir() / "ccf_test_vcd.vcd";
  VcdWriter w(path, 10, 30);
  const size_t rate = w.add_real({"host1", "flow1"}, "rate_gbps");
  const size_t rc = w.add_wire({"host1", "flow1"}, "rc", 24);
  const size_t flag = w.add_wire({"host2", "flow2"}, "limited", 1);
  w.set_real(rate, 0, 100.0);  // before start: the first dump's values
  w.set(rc, 0, 5);
  w.start("test");
  w.set(flag, 5, 1);           // before the window: kept, not written
  w.set(rc, 12, 5);            // the window's first set: #12 and the dump of every value
  w.set(rc, 12, 5);            // unchanged: nothing
  w.set(rc, 12, 6);
  w.set_real(rate, 15, 50.5);
  w.set(flag, 15, 0);
  w.set(rc, 30, 7);            // at the window's end: not written
  w.commit();
  EXPECT_EQ(read(path),
            "$comment test $end\n$timescale 1ps $end\n"
            "$scope module host1 $end\n$scope module flow1 $end\n$var real 64 ! rate_gbps $end\n"
            "$var wire 24 \" rc [23:0] $end\n$upscope $end\n$upscope $end\n"
            "$scope module host2 $end\n$scope module flow2 $end\n$var wire 1 # limited $end\n$upscope $end\n"
            "$upscope $end\n$enddefinitions $end\n"
            "#12\n$dumpvars\nr100 !\nb101 \"\n1#\n$end\nb110 \"\n"
            "#15\nr50.5 !\n0#\n");
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
