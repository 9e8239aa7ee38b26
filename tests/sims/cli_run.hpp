// cli_run.hpp: runs the built `ccfabric` binary (CCF_BINARY) as a user would and captures its exit
// code and output (the log file is per process, so tests may run in parallel); and the independent
// checks the end-to-end tests apply to a run's results.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "test_tmp.hpp"

namespace ccf::test {

struct CliResult {
  int exit_code;
  std::string output;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// A CSV file with a header line as rows of cells named by the header.
inline std::vector<std::map<std::string, std::string>> read_csv(const std::string& path) {
  std::istringstream in(read_file(path));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream h(line); std::getline(h, line, ',');) header.push_back(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    std::map<std::string, std::string> row;
    std::istringstream f(line);
    for (size_t i = 0; i < header.size() && std::getline(f, line, ','); ++i) row[header[i]] = line;
    rows.push_back(row);
  }
  return rows;
}

// A shell command line, its output (stdout and stderr) captured.
inline CliResult run_command(const std::string& command) {
  const std::string log = ccf::test::tmp_dir() / ("ccf_cli_" + std::to_string(getpid()) + ".log");
  const int rc = std::system((command + " >" + log + " 2>&1").c_str());
  CliResult r{WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(log)};
  std::filesystem::remove(log);
  return r;
}

inline CliResult run_ccfabric(const std::string& args) { return run_command(std::string(CCF_BINARY) + " " + args); }

// A fresh output directory for one run of this process.
inline std::string out_dir(const std::string& name) {
  const auto d = ccf::test::tmp_dir() / ("ccf_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  return d.string();
}

inline nlohmann::json read_summary(const std::string& dir) { return nlohmann::json::parse(read_file(dir + "/summary.json")); }

// summary.json without what depends on the machine or the invocation (docs/outputs.md 1): the wall
// time, speed, memory and the command line (it names the run's --out). What is left is the same for
// the same scenario and binary.
inline nlohmann::json run_figures(nlohmann::json summary) {
  summary["sim"].erase("wall_s");
  summary.erase("speed");
  summary.erase("memory");
  summary.erase("command_line");
  return summary;
}

// Jain's fairness index from its definition: (sum x)^2 / (n sum x^2).
inline double jain(const std::vector<double>& x) {
  double s = 0, s2 = 0;
  for (double v : x) s += v, s2 += v * v;
  return s * s / (double(x.size()) * s2);
}

// Wire bytes per payload byte of a 1024-B RoCEv2 data frame: 1086 B (RoCEv2, Annex A17) + 20 B preamble, SFD
// and inter-frame gap.
inline constexpr double kWirePerPayload = (1086.0 + 20.0) / 1024.0;

// The end-of-run ledger: injected = delivered + dropped + in flight.
inline void expect_ledger_balances(const nlohmann::json& summary) {
  const auto& f = summary["frames"];
  EXPECT_EQ(f["injected"].get<uint64_t>(),
            f["delivered"].get<uint64_t>() + f["dropped"].get<uint64_t>() + f["in_flight"].get<uint64_t>());
}

}  // namespace ccf::test
