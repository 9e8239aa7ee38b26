// child_run.hpp: `ccfabric run` in child processes (SystemC elaborates once per process), for the
// commands that run many scenarios: bench and sweep.
#pragma once

#include <string>
#include <vector>

namespace ccf::cli {

// How run_command names the binary, the scenario and the output folder: absolute, or relative to
// the working directory (job files that move with the project, docs/sweeps.md).
enum class Paths { kAbsolute, kRelative };

// The argument vector of `ccfabric run SCENARIO --set k=v ... [extra ...] --out DIR` for this binary.
std::vector<std::string> run_command(const std::string& scenario, const std::vector<std::string>& sets,
                                     const std::string& out_dir, const std::vector<std::string>& extra = {},
                                     Paths paths = Paths::kAbsolute);
// The same as one shell-quoted line (for job files).
std::string shell_line(const std::vector<std::string>& args);

struct ChildResult {
  int exit_code = -1;     // -1: did not exit normally
  double peak_rss_mb = 0;
};

// Starts args[0] with args, stdout and stderr to log_path; returns its pid.
int start_child(const std::vector<std::string>& args, const std::string& log_path);
// Waits for any started child; returns its pid and result (pid -1 when none is left).
int wait_child(ChildResult& result);

}  // namespace ccf::cli
