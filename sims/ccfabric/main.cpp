// main.cpp: the ccfabric command line. Subcommands register themselves (commands.hpp); main owns
// parsing and the mapping of errors to exit codes: 2 for bad input (including every option-parser
// error), 1 for a failed run, 3 for a run `--stop-on-deadlock` ended at a PFC deadlock, 130/143 for a
// run SIGINT/SIGTERM ended (its outputs written, marked partial).
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <exception>

#include "sims/ccfabric/commands.hpp"
#include "sims/output/build_info.hpp"
#include "sims/output/output_file.hpp"

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) is a write error that names the file, not a silent kill.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"ccfabric: a synthesizable hardware model of RDMA congestion control", "ccfabric"};
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();  // every --help shows each option's default
  ccf::sims::set_command_line(argc, argv);
  app.set_version_flag("--version",
                       fmt::format("ccfabric {} ({})", ccf::sims::tool_version(), ccf::sims::build_commit()));

  ccf::cli::add_run_command(app);
  ccf::cli::add_buffer_plan_command(app);
  ccf::cli::add_demo_switch_command(app);
  ccf::cli::add_bench_command(app);
  ccf::cli::add_sweep_command(app);
  ccf::cli::add_experiment_command(app);
  ccf::cli::add_report_command(app);
  ccf::cli::add_explore_command(app);
  ccf::cli::add_fluid_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "error: {}\nrun `ccfabric --help` or `ccfabric SUBCOMMAND --help` for usage\n", e.what());
    return ccf::cli::kExitBadInput;
  } catch (const ccf::cli::BadInput& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return ccf::cli::kExitBadInput;
  } catch (const ccf::cli::Interrupted& e) {
    fmt::print(stderr, "interrupted: {}\n", e.what());
    return ccf::cli::kExitSignalBase + e.signal;
  } catch (const ccf::cli::StoppedOnDeadlock& e) {
    fmt::print(stderr, "stopped: {}\n", e.what());
    return ccf::cli::kExitDeadlock;
  } catch (const ccf::sims::OutputError& e) {  // a result file that could not be written
    fmt::print(stderr, "error: {}\n", e.what());
    return ccf::cli::kExitRunFailed;
  } catch (const ccf::cli::RunFailed& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return ccf::cli::kExitRunFailed;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: internal: {}\n", e.what());
    return ccf::cli::kExitRunFailed;
  }
  return ccf::cli::kExitOk;
}
