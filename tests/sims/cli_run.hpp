// cli_run.hpp: runs the built `ccfabric` binary (CCF_BINARY) as a user would and captures its exit
// code and output. The log file is per process, so tests may run in parallel.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

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

inline CliResult run_ccfabric(const std::string& args) {
  const std::string log = std::filesystem::temp_directory_path() / ("ccf_cli_" + std::to_string(getpid()) + ".log");
  const int rc = std::system((std::string(CCF_BINARY) + " " + args + " >" + log + " 2>&1").c_str());
  CliResult r{WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(log)};
  std::filesystem::remove(log);
  return r;
}

// A fresh output directory for one run of this process.
inline std::string out_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("ccf_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  return d.string();
}

inline nlohmann::json read_summary(const std::string& dir) { return nlohmann::json::parse(read_file(dir + "/summary.json")); }

}  // namespace ccf::test
