// cmd_report.cpp: `ccfabric report units`, the cost report of every NIC congestion-control unit
// (sims/report/unit_report.*, docs/report.md) as a table, JSON or CSV, on stdout or into a file.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "ccfabric/cli_checks.hpp"
#include "ccfabric/commands.hpp"
#include "report/unit_report.hpp"

namespace ccf::cli {
namespace {

struct ReportUnitsOptions {
  report::ReportOptions report;
  std::string format = "table";
  std::string out_path;
};

void run_units(const ReportUnitsOptions& o) {
  if (std::string e = report::validate(o.report); !e.empty()) throw BadInput(e);
  if (o.format != "table" && o.format != "json" && o.format != "csv")
    throw BadInput(fmt::format("--format = {} must be table, json or csv", o.format));
  const report::Report r = report::make_report(o.report);
  const std::string text = o.format == "json"  ? report::to_json(r).dump(2) + "\n"
                           : o.format == "csv" ? report::format_csv(r)
                                               : report::format_table(r);
  if (o.out_path.empty()) {
    fmt::print("{}", text);
    return;
  }
  std::ofstream f(o.out_path);
  if (!f) throw RunFailed(fmt::format("--out = {}: cannot open for writing: {}", o.out_path, std::strerror(errno)));
  f << text;
  f.close();
  if (!f) throw RunFailed(fmt::format("--out = {}: write failed", o.out_path));
  fmt::print("wrote the {} report to {}\n", o.format, o.out_path);
}

}  // namespace

void add_report_command(CLI::App& app) {
  CLI::App* rep = app.add_subcommand("report", "cost reports (docs/report.md)");
  rep->require_subcommand(1);
  auto o = std::make_shared<ReportUnitsOptions>();
  CLI::App* units = rep->add_subcommand(
      "units", "per-flow state, memory, latency/II, arithmetic and measured cycles per event of every CC unit");
  // Checked on the text, so that a negative count is reported as given (cli_checks.hpp).
  units->add_option("--flows", o->report.flows, "flows the state memory holds")
      ->capture_default_str()
      ->check(integer_range(1, int64_t{1} << 32));
  units->add_option("--format", o->format, "table, json or csv")->capture_default_str();
  units->add_option("--out", o->out_path, "write the report to this file instead of stdout")->type_name("FILE");
  units->add_option("--events", o->report.events, "synthetic events per unit for the measured cycles")
      ->capture_default_str()
      ->check(integer_range(1, 100'000'000));
  units->add_option("--seed", o->report.seed, "seed of the synthetic event stream")
      ->capture_default_str()
      ->check(integer_range(0, INT64_MAX));
  units->callback([o] { run_units(*o); });
}

}  // namespace ccf::cli
