// `ccfabric experiment`: a sweep reduced to min / median / max across seeds per series and group.
// The reduction is recomputed here from every run's own summary.json (the flows' throughputs by
// source host); a grid over scenario files works; bad experiment files stop with the key named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;
using ccf::test::run_ccfabric;

// Two congestion controls x two seeds of a short 3:1 incast; groups: host 1, hosts 2-3.
std::string write_experiment(const std::string& dir, const std::string& extra = "") {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/e.toml";
  std::ofstream(path) << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\n"
                      << "seeds = [1, 2]\n[set]\n\"sim.duration_us\" = 300\n\"sim.measure_from_us\" = 100\n"
                      << "\"traffic.0.senders\" = 3\n[grid]\n\"nic.cc\" = [\"none\", \"dcqcn\"]\n"
                      << "[experiment]\ntitle = \"test\"\nseries = \"nic.cc\"\nflow_metric = \"throughput_gbps\"\n"
                      << "[[experiment.groups]]\nlabel = \"H1\"\nhosts = [1]\n"
                      << "[[experiment.groups]]\nlabel = \"H2-H3\"\nhosts = [2, 3]\n"
                      << extra;
  return path;
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, ',');) cells.push_back(c);
    rows.push_back(cells);
  }
  return rows;
}

TEST(Experiment, ReducesEveryRunToMinMedianMaxPerSeriesAndGroup) {
  const std::string dir = out_dir("experiment_groups");
  const auto r = run_ccfabric("experiment " + write_experiment(dir) + " --jobs 2 --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Expected, from the runs: points 0-1 are nic.cc = none (seeds 1, 2), points 2-3 dcqcn.
  std::map<std::string, std::vector<double>> expect;  // "series/group" -> per-seed group means
  for (int p = 0; p < 4; ++p) {
    const auto s = read_summary(dir + "/out/points/0000" + std::to_string(p));
    const std::string series = p < 2 ? "none" : "dcqcn";
    double h1 = 0, rest = 0;
    for (const auto& f : s["flows"]) (f["src"] == 1 ? h1 : rest) += f["throughput_gbps"].get<double>();
    expect[series + "/H1"].push_back(h1);
    expect[series + "/H2-H3"].push_back(rest / 2);
  }
  const auto rows = csv_rows(read_file(dir + "/out/experiment.csv"));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0][0], "series");
  for (size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];  // series, x, group, runs, min, median, max, mean
    auto v = expect.at(row[0] + "/" + row[2]);
    std::sort(v.begin(), v.end());
    EXPECT_EQ(row[3], "2");
    EXPECT_NEAR(std::stod(row[4]), v[0], 1e-5 * (1 + v[0]));
    EXPECT_NEAR(std::stod(row[5]), (v[0] + v[1]) / 2, 1e-5 * (1 + v[1]));
    EXPECT_NEAR(std::stod(row[6]), v[1], 1e-5 * (1 + v[1]));
  }
  EXPECT_NE(read_file(dir + "/out/experiment.md").find("| dcqcn | H2-H3 | 2 |"), std::string::npos);
}

// Groups by destination: flows to host 0, and flows to any other host (the hot-spot figure).
TEST(Experiment, GroupsFlowsByDestination) {
  const std::string dir = out_dir("experiment_dst_groups");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/s.toml") << "[sim]\nduration_us = 200\nmeasure_from_us = 100\n[fabric]\nhosts = 4\n"
                                << "[[traffic]]\npattern = \"all_to_all\"\n";
  std::ofstream(dir + "/e.toml")
      << "scenario = \"s.toml\"\nseeds = [1]\n"
      << "[experiment]\ntitle = \"t\"\nflow_metric = \"throughput_gbps\"\n"
      << "[[experiment.groups]]\nlabel = \"to0\"\ndst_hosts = [0]\n"
      << "[[experiment.groups]]\nlabel = \"others\"\nother_dst_hosts = [0]\n";
  const auto r = run_ccfabric("experiment " + dir + "/e.toml --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto s = read_summary(dir + "/out/points/00000");
  double to0 = 0, others = 0;
  int n0 = 0, n = 0;
  for (const auto& f : s["flows"]) {
    (f["dst"] == 0 ? to0 : others) += f["throughput_gbps"].get<double>();
    ++(f["dst"] == 0 ? n0 : n);
  }
  ASSERT_EQ(n0, 3);
  ASSERT_EQ(n, 9);
  const auto rows = csv_rows(read_file(dir + "/out/experiment.csv"));
  ASSERT_EQ(rows.size(), 3u);
  for (size_t i = 1; i < rows.size(); ++i)  // series, x, group, runs, min, median, max, mean
    EXPECT_NEAR(std::stod(rows[i][5]), rows[i][2] == "to0" ? to0 / n0 : others / n, 1e-4) << rows[i][2];  // 6 digits
}

// --set fixes a key of every run over the experiment's [set]; --duration-us sets every run's duration
// and scales the warm-up with it (300 us with 100 us of warm-up -> 150 us with 50 us).
TEST(Experiment, SetAndDurationOverrideEveryRunAndScaleTheWarmUp) {
  const std::string dir = out_dir("experiment_set");
  const auto r = run_ccfabric("experiment " + write_experiment(dir) +
                              " --set traffic.0.senders=2 --set switch.ecn.kmin_bytes=20000 --duration-us 150 --jobs 2 "
                              "--out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("sim.duration_us 300 -> 150 us, sim.measure_from_us 100 -> 50 us (scaled with it)"),
            std::string::npos) << r.output;
  for (int p = 0; p < 4; ++p) {
    const auto s = read_summary(dir + "/out/points/0000" + std::to_string(p));
    EXPECT_EQ(s["scenario"]["sim"]["duration_us"], 150.0);
    EXPECT_EQ(s["scenario"]["sim"]["measure_from_us"], 50.0);
    EXPECT_EQ(s["scenario"]["switch"]["ecn"]["kmin_bytes"], 20000);
    EXPECT_EQ(s["flows"].size(), 2u);
    EXPECT_EQ(s["sim"]["simulated_us"], 150.0);
  }
}

// A swept key, the seed or the duration cannot be fixed by --set; a window past --duration-us is named.
TEST(Experiment, SetOfASweptKeyOrAWindowPastTheDurationIsRejected) {
  const std::string dir = out_dir("experiment_set_bad");
  const std::string e = write_experiment(dir);
  const auto swept = run_ccfabric("experiment " + e + " --set nic.cc=swift --out " + dir + "/out");
  EXPECT_EQ(swept.exit_code, 2);
  EXPECT_NE(swept.output.find("--set nic.cc=swift: nic.cc is swept by the experiment"), std::string::npos)
      << swept.output;
  const auto seed = run_ccfabric("experiment " + e + " --set sim.seed=4 --out " + dir + "/out");
  EXPECT_EQ(seed.exit_code, 2);
  EXPECT_NE(seed.output.find("seeds = [...]"), std::string::npos) << seed.output;
  const auto bad = run_ccfabric("experiment " + e + " --set switch.ecn.kmin_bytes=-3 --out " + dir + "/out");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("kmin_bytes"), std::string::npos) << bad.output;
  const auto window = run_ccfabric("experiment rcm_incast_burst --duration-us 300 --out " + dir + "/out_w");
  EXPECT_EQ(window.exit_code, 2);
  EXPECT_NE(window.output.find("experiment.windows entry [400, 500]"), std::string::npos) << window.output;
  EXPECT_NE(window.output.find("give --duration-us 500 or more"), std::string::npos) << window.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out/points"));
}

TEST(Experiment, ListsTheShippedExperiments) {
  const auto r = run_ccfabric("experiment --list");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const auto& e : std::filesystem::directory_iterator(CCF_EXPERIMENT_DIR))
    EXPECT_NE(r.output.find(e.path().stem().string()), std::string::npos) << r.output;
}

TEST(Experiment, BadExperimentFilesNameTheKey) {
  const std::string dir = out_dir("experiment_bad");
  const auto unknown = run_ccfabric("experiment no_such_experiment");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.output.find("no_such_experiment does not exist (known: "), std::string::npos) << unknown.output;
  const auto key = run_ccfabric("experiment " + write_experiment(dir, "colour = \"red\"\n") + " --out " + dir);
  EXPECT_EQ(key.exit_code, 2);
  EXPECT_NE(key.output.find("unknown key experiment.groups[1].colour (known: label, hosts, dst_hosts, other_dst_hosts)"), std::string::npos)
      << key.output;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/e.toml") << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\nseeds = [1]\n"
                                 << "[grid]\n\"nic.cc\" = [\"none\"]\n[experiment]\ntitle = \"t\"\nseries = \"sim.seed\"\n"
                                 << "metric = \"/jain_index\"\n";
  const auto series = run_ccfabric("experiment " + dir + "/e.toml --out " + dir);
  EXPECT_EQ(series.exit_code, 2);
  EXPECT_NE(series.output.find("experiment.series = \"sim.seed\" must be one of the grid keys"), std::string::npos)
      << series.output;
}

// A group whose hosts send nothing, or a window outside every run, stops the experiment with its
// key; a metric that is null in every run is a result, said in a note.
TEST(Experiment, AGroupOrWindowWithoutDataIsNamedAndAnEmptyMetricNoted) {
  const std::string dir = out_dir("experiment_empty");
  const auto expect_named = [&](const std::string& experiment, const std::string& message) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/e.toml") << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\nseeds = [1]\n"
                                   << "[set]\n\"sim.duration_us\" = 50\n\"sim.measure_from_us\" = 10\n"
                                   << "\"traffic.0.senders\" = 2\n[grid]\n\"nic.cc\" = [\"dcqcn\"]\n"
                                   << "[experiment]\ntitle = \"t\"\n"
                                   << experiment;
    const auto r = run_ccfabric("experiment " + dir + "/e.toml --jobs 1 --out " + dir + "/out");
    EXPECT_EQ(r.exit_code, message.starts_with("note: ") ? 0 : 2) << experiment;
    EXPECT_NE(r.output.find(message), std::string::npos) << r.output;
  };
  expect_named("flow_metric = \"throughput_gbps\"\n[[experiment.groups]]\nlabel = \"x\"\nhosts = [99]\n",
               "experiment.groups[0] (\"x\"): hosts = [99] send no flow in any of the 1 runs");
  // A long list is shown by its first entries and its length.
  std::string hosts;
  for (int i = 0; i < 1000; ++i) hosts += (i ? ", " : "") + std::to_string(100 + i);
  expect_named(
      "flow_metric = \"throughput_gbps\"\n[[experiment.groups]]\nlabel = \"x\"\nhosts = [" + hosts + "]\n",
      "hosts = [100, 101, 102, 103, 104, 105, 106, 107, ... (1000 entries)] send no flow in any of the 1 runs");
  expect_named("metric = [\"/fct/all/mean_slowdown\"]\n",
               "note: experiment.metric = \"/fct/all/mean_slowdown\" has no value in any of the 1 runs");
  expect_named("timeseries = [\"flow1_rate_gbps\"]\nwindows = [[100, 200]]\n",
               "experiment.windows entry [100, 200]: no timeseries.csv sample");
}

// A figure over time: the windows' means in experiment.csv are recomputed from each run's
// timeseries.csv (a column and a sum of two columns), one panel per series in the figure.
TEST(Experiment, TimeseriesMeansOverWindowsAreThoseOfTheRunsColumns) {
  const std::string dir = out_dir("experiment_timeseries");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/e.toml")
      << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\nseeds = [1]\n[set]\n"
      << "\"sim.duration_us\" = 200\n\"sim.measure_from_us\" = 0\n\"sim.sample_interval_us\" = 10\n"
      << "\"traffic.0.senders\" = 2\n[grid]\n\"nic.cc\" = [\"none\", \"dcqcn\"]\n"
      << "[experiment]\ntitle = \"t\"\nseries = \"nic.cc\"\n"
      << "timeseries = [\"flow1_rate_gbps\", \"flow1_rate_gbps+flow2_rate_gbps\"]\nlabels = [\"one\", \"both\"]\n"
      << "windows = [[0, 100], [100, 200]]\nxrange = [0, 200]\n";
  const auto r = run_ccfabric("experiment " + dir + "/e.toml --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto rows = csv_rows(read_file(dir + "/out/experiment.csv"));
  ASSERT_EQ(rows.size(), 1u + 2 * 2 * 2);  // series x windows x columns
  EXPECT_EQ(rows[0][1], "window");
  for (size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];  // series, window, group, runs, min, median, max, mean
    const std::string point = row[0] == "none" ? "00000" : "00001";
    const auto ts = csv_rows(read_file(dir + "/out/points/" + point + "/timeseries.csv"));
    const double from = row[1].rfind("0-", 0) == 0 ? 0 : 100, to = from + 100;
    double sum = 0;
    int n = 0;
    for (size_t k = 1; k < ts.size(); ++k) {
      const double t = std::stod(ts[k][0]);
      if (t <= from || t > to) continue;
      sum += std::stod(ts[k][1]) + (row[2] == "both" ? std::stod(ts[k][2]) : 0.0);
      ++n;
    }
    ASSERT_GE(n, 9);  // samples every 10 us; the last one at the end of the run may be missing
    EXPECT_EQ(row[3], "1");
    EXPECT_NEAR(std::stod(row[5]), sum / n, 1e-4 * (1 + sum / n)) << row[0] << " " << row[1] << " " << row[2];
  }
  EXPECT_TRUE(std::filesystem::exists(dir + "/out/experiment.png") ||
              r.output.find("gnuplot is not installed") != std::string::npos);
  // timeseries excludes groups and needs windows; a missing column is named.
  std::ofstream(dir + "/bad.toml") << read_file(dir + "/e.toml") << "metric = \"/jain_index\"\n";
  const auto both = run_ccfabric("experiment " + dir + "/bad.toml --out " + dir + "/out");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.output.find("experiment.timeseries excludes metric, groups and x"), std::string::npos) << both.output;
  std::string text = read_file(dir + "/e.toml");
  text.replace(text.find("flow1_rate_gbps+"), 16, "flow9_rate_gbps+");
  std::ofstream(dir + "/col.toml") << text;
  const auto col = run_ccfabric("experiment " + dir + "/col.toml --out " + dir + "/out");
  EXPECT_EQ(col.exit_code, 1);
  EXPECT_NE(col.output.find("experiment.timeseries column \"flow9_rate_gbps\" is not in"), std::string::npos)
      << col.output;
}

}  // namespace
