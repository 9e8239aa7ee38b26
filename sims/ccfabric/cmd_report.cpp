// cmd_report.cpp: `ccfabric report units`, the cost report of every NIC congestion-control unit
// (sims/report/unit_report.*, docs/report.md) as a table, JSON or CSV, on stdout or into a file; and
// `ccfabric report switch`, the state of the switch's regional congestion mitigation (docs/switch.md
// 2.11, 4.3) for a parameterisation.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "models/switch/rcm_state.hpp"
#include "sims/cc/cc_report.hpp"
#include "sims/ccfabric/cc_factory.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/report/unit_report.hpp"
#include "sims/scenario/scenario.hpp"

#include <nlohmann/json.hpp>

namespace ccf::cli {
namespace {

struct ReportUnitsOptions {
  report::ReportOptions report;
  std::string widths_file;  // --widths: a settings file (the best.toml of `ccfabric explore`)
  std::string format = "table";
  std::string out_path;
};

// The scenario whose cc.<algo>.widths.* keys give each unit its widths: the defaults, or a settings
// file applied to them, checked by the parameter rules of `ccfabric run` (a width the defaults do not
// fit is refused with its rule).
sims::Scenario widths_scenario(const std::string& file) {
  if (file.empty()) return sims::Scenario{};
  try {
    const sims::Scenario s = sims::load_scenario("", sims::sets_from_file(file));
    const CcFactory every_table(s);
    return s;
  } catch (const sims::ScenarioError& e) {
    throw BadInput(fmt::format("--widths {}: {}", file, e.what()));
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("--widths {}: {}", file, e.what()));
  }
}

void run_units(const ReportUnitsOptions& uo) {
  ReportUnitsOptions o = uo;
  const sims::Scenario widths = widths_scenario(o.widths_file);
  o.report.widths_from = o.widths_file;
  if (std::string e = report::validate(o.report); !e.empty()) throw BadInput(e);
  if (o.format != "table" && o.format != "json" && o.format != "csv")
    throw BadInput(fmt::format("--format = {} must be table, json or csv", o.format));
  const report::Report r = cc::make_unit_report(o.report, widths);
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

struct ReportSwitchOptions {
  sw::SwitchParams params;
  std::string format = "table";
};

void run_switch(const ReportSwitchOptions& o) {
  if (o.format != "table" && o.format != "json")
    throw BadInput(fmt::format("--format = {} must be table or json", o.format));
  if (const std::string e = o.params.validate(); !e.empty()) throw BadInput(e);
  const sw::RcmState s = sw::rcm_state(o.params);
  const sw::SwitchParams& p = o.params;
  if (o.format == "json") {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& i : s.items)
      items.push_back({{"name", i.name}, {"per", i.per}, {"fields", i.fields}, {"bits", i.bits},
                       {"count", i.count}, {"total_bits", i.total()}});
    const nlohmann::json j = {{"ports", p.nports},       {"prio", p.nprio},
                              {"cam_entries", p.cfr_depth}, {"sar_table_log2", p.sar_tbl_lg},
                              {"items", items},          {"total_bits", s.total_bits()},
                              {"bits_per_port", s.bits_per_port(p.nports)}};
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("Regional congestion mitigation state (rtl/switch/sw_rcm.sv, docs/switch.md 2.11): {} ports, {} "
             "priorities, CAM of {} entries, flow table of {} entries\n",
             p.nports, p.nprio, p.cfr_depth, 1u << p.sar_tbl_lg);
  fmt::print("{:<22} {:<7} {:>10} {:>6} {:>12}  {}\n", "state", "per", "bits", "count", "total bits", "fields");
  for (const auto& i : s.items)
    fmt::print("{:<22} {:<7} {:>10} {:>6} {:>12}  {}\n", i.name, i.per, i.bits, i.count, i.total(), i.fields);
  fmt::print("total {} bits ({:.1f} KiB); {:.0f} bits per port without the flow table and registers\n",
             s.total_bits(), double(s.total_bits()) / 8192.0, s.bits_per_port(p.nports));
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
  units->add_option("--widths", o->widths_file,
                    "state widths from a settings file (cc.<algo>.widths.* keys; the best.toml of `ccfabric explore`)")
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  units->callback([o] { run_units(*o); });

  auto so = std::make_shared<ReportSwitchOptions>();
  CLI::App* swr = rep->add_subcommand(
      "switch", "state bits of the switch's regional congestion mitigation, per class, port and switch");
  swr->add_option("--ports", so->params.nports, "switch ports (NPORTS)")
      ->capture_default_str()
      ->check(integer_range(2, 64));
  swr->add_option("--prio", so->params.nprio, "priorities (NPRIO)")->capture_default_str()->check(integer_range(1, 8));
  swr->add_option("--cam-entries", so->params.cfr_depth, "CFR CAM entries (CFR_DEPTH: 8, 16 or 32)")
      ->capture_default_str()
      ->check(integer_range(1, 64));
  swr->add_option("--sar-table-log2", so->params.sar_tbl_lg, "log2 entries of the SAR flow table (SAR_TBL_LG)")
      ->capture_default_str()
      ->check(integer_range(0, 16));
  swr->add_option("--format", so->format, "table or json")->capture_default_str();
  swr->callback([so] {
    so->params.rcm = true;
    run_switch(*so);
  });
}

}  // namespace ccf::cli
