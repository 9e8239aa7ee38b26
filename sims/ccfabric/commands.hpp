// commands.hpp: the ccfabric subcommands. Each lives in one file (cmd_<name>.cpp) and registers
// itself on the top-level CLI::App through one add_<name>_command function called from main.cpp.
#pragma once

#include <stdexcept>
#include <string>

namespace CLI {
class App;
}

namespace ccf::cli {

// Exit codes (docs/outputs.md): bad input 2, a failed run 1; `run --stop-on-deadlock` that found a
// PFC deadlock and ended the run there, its outputs written, 3 (docs/fabric.md 9).
inline constexpr int kExitOk = 0;
inline constexpr int kExitRunFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDeadlock = 3;
// A run ended by SIGINT or SIGTERM after writing its outputs marked partial: 128 + the signal (130, 143),
// as a shell reports a process the signal killed.
inline constexpr int kExitSignalBase = 128;

// Thrown from a subcommand for input the option parser cannot check. The message names the option
// or key, its value and what is allowed; main prints "error: <message>" and exits with 2.
struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown when a valid request cannot be carried out (e.g. an output file cannot be written);
// main prints "error: <message>" and exits with 1.
struct RunFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown by `run --stop-on-deadlock` after writing the outputs of a run it ended at a PFC deadlock;
// main prints the message and exits with 3.
struct StoppedOnDeadlock : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown by `run` after writing the partial outputs of a run a SIGINT or SIGTERM ended (interrupt.hpp);
// main prints the message and exits with 128 + signal.
struct Interrupted : std::runtime_error {
  Interrupted(int sig, const std::string& what) : std::runtime_error(what), signal(sig) {}
  int signal;
};

// `ccfabric run`: one scenario end to end (sims/scenarios/*.toml).
void add_run_command(CLI::App& app);

// `ccfabric buffer-plan`: PFC/ECN buffer thresholds (docs/buffer-plan.md).
void add_buffer_plan_command(CLI::App& app);

// `ccfabric demo-switch`: an N:1 incast through the Verilated switch RTL (cmd_demo_switch.cpp).
void add_demo_switch_command(CLI::App& app);

// `ccfabric fluid`: the DCQCN fluid model of a scenario beside its packet model (cmd_fluid.cpp).
void add_fluid_command(CLI::App& app);

// `ccfabric sweep`: a grid of scenario values and seeds, run here or on a cluster (cmd_sweep.cpp).
void add_sweep_command(CLI::App& app);

// `ccfabric experiment`: the papers' experiments as sweeps reduced to a figure (cmd_experiment.cpp).
void add_experiment_command(CLI::App& app);

// `ccfabric bench`: the speed report (cmd_bench.cpp, docs/speed.md).
void add_bench_command(CLI::App& app);

// `ccfabric report units`: state, memory, pipeline and arithmetic cost of every CC unit (docs/report.md).
void add_report_command(CLI::App& app);

// `ccfabric explore`: bit-width exploration of a CC unit on a recorded trace (docs/explore.md).
void add_explore_command(CLI::App& app);

}  // namespace ccf::cli
