// cmd_buffer_plan.cpp: `ccfabric buffer-plan`, the PFC/ECN buffer thresholds of a shared-buffer
// switch (DCQCN paper section 4) as a table, JSON, or a scenario's [switch] section.
// The computation is models/switch/buffer_plan.*; docs/buffer-plan.md explains every figure.
#include <fmt/core.h>
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "models/switch/buffer_plan.hpp"
#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {
namespace {

using sw::BufferPlan;
using sw::BufferPlanInput;
using sw::kBytesPerKB;

struct BufferPlanOptions {
  BufferPlanInput in;
  double headroom_bytes = 0;
  sw::LinkSpec link;
  double kmin_bytes = 0;
  std::string beta_text = "8";  // a number or a fraction such as 1/64
  std::string format = "table";  // --format table|json
  std::string toml_path;
  // Which optional options were given.
  CLI::Option* headroom_opt = nullptr;
  CLI::Option* link_opt = nullptr;
  CLI::Option* kmin_opt = nullptr;
};

// One row of the main table: a size in bytes shown in KB and bytes, with its cells if meaningful.
void print_row(const std::string& figure, const std::string& formula, double bytes, std::optional<uint64_t> cells,
               const std::string& note = {}) {
  fmt::print("{:<36} {:<28} {:>12.3f} {:>14.1f} {:>9}{}{}\n", figure, formula, bytes / kBytesPerKB, bytes,
             cells ? fmt::format("{}", *cells) : std::string("-"), note.empty() ? "" : "  ", note);
}

void print_headroom_terms(const BufferPlan& p) {
  const sw::HeadroomTerms& t = *p.headroom_terms;
  const sw::LinkSpec& l = *p.input.link;
  fmt::print("\nheadroom t_flight from the link (IEEE 802.1Qbb delay model, docs/buffer-plan.md 3):\n");
  fmt::print("  link {} Gb/s, cable {} m at {} ns/m, MTU {} B\n", l.link_gbps, l.cable_m, l.propagation_ns_per_m,
             p.input.mtu_bytes);
  fmt::print("  {:<56} {:>12}\n", "term", "bytes");
  fmt::print("  {:<56} {:>12.1f}\n", "max frame ahead of the PAUSE (MTU + 42 B)", t.pause_sender_frame_bytes);
  fmt::print("  {:<56} {:>12.1f}\n", "PFC frame (64 B + preamble + IFG)", t.pfc_frame_bytes);
  fmt::print("  {:<56} {:>12.1f}\n", "PHY/MAC interface delay, both directions", t.interface_delay_bytes);
  fmt::print("  {:<56} {:>12.1f}\n", "cable propagation, both directions", t.cable_bytes);
  fmt::print("  {:<56} {:>12.1f}\n", "upstream PAUSE response time", t.response_bytes);
  fmt::print("  {:<56} {:>12.1f}\n", "max frame the upstream finishes (MTU + 42 B)", t.sender_frame_bytes);
  fmt::print("  {:<56} {:>12.1f}  ({:.3f} KB)\n", "total t_flight", t.total_bytes(), t.total_bytes() / kBytesPerKB);
}

void print_table(const BufferPlan& p) {
  const BufferPlanInput& in = p.input;
  fmt::print(
      "ccfabric buffer-plan: PFC/ECN thresholds (DCQCN paper section 4); 1 KB = 1000 B; "
      "cells of {} B\n\n",
      in.cell_bytes);
  fmt::print("ports n = {}, priorities P = {}, beta = {} (PFC_BETA_LOG2 = {})\n\n", in.ports, in.priorities, in.beta,
             p.pfc_beta_log2);
  fmt::print("{:<36} {:<28} {:>12} {:>14} {:>9}\n", "figure", "formula", "value_KB", "value_bytes", "cells");
  print_row("buffer B", "", in.buffer_bytes, p.buffer_cells);
  print_row("headroom per (port, prio) t_flight", in.link ? "derived (below)" : "given", p.headroom_bytes,
            p.headroom_cells);
  print_row("reserve per (port, prio) r", "given", in.reserve_bytes, p.reserve_cells);
  print_row("total headroom", "P*n*t_flight", p.total_headroom_bytes, p.headroom_cells * in.ports * in.priorities);
  print_row("shared pool S", "B - P*n*(t_flight + r)", p.shared_pool_bytes, p.shared_pool_cells);
  print_row("static PFC threshold t_PFC", "<= S/(P*n)", p.static_pfc_threshold_bytes, p.static_pfc_threshold_cells);
  print_row("ECN bound with static t_PFC", "t_ECN < t_PFC/n", p.static_ecn_bound_bytes, std::nullopt);
  print_row("dynamic PFC threshold at s = 0", "beta*S/8", p.dynamic_pfc_threshold_empty_bytes,
            p.dynamic_pfc_threshold_empty_cells);
  print_row("ECN threshold bound t_ECN", "< beta*S/(n*(8 + beta*P))", p.ecn_threshold_bound_bytes, std::nullopt);
  print_row("  same, with S in whole cells", "buffer down, headroom up", p.ecn_threshold_bound_cell_rounded_bytes,
            p.ecn_threshold_bound_cells, "(cells: largest count below both bounds)");
  print_row("ingress worst case", "n*t_ECN", p.ingress_worst_case_bytes, std::nullopt);
  print_row("dynamic t_PFC at s = n*t_ECN", "beta*(S - n*t_ECN)/8", p.dynamic_pfc_threshold_at_s_n_tecn_bytes,
            std::nullopt);
  print_row("dynamic t_PFC at s = P*n*t_ECN", "beta*(S - P*n*t_ECN)/8", p.dynamic_pfc_threshold_at_s_pn_tecn_bytes,
            std::nullopt, "(= n*t_ECN: the bound)");
  print_row("recommended Kmin", "whole KB < t_ECN bound", p.kmin_bytes, p.kmin_cells);
  print_row("recommended Kmax", "max(200 KB, 2*Kmin)", p.kmax_bytes, p.kmax_cells);
  if (in.kmin_bytes) {
    print_row("given Kmin", "must be < t_ECN bound", *in.kmin_bytes, std::nullopt,
              *p.given_kmin_satisfies_bound ? "satisfies the bound: ECN fires before PFC"
                                            : "VIOLATES the bound: PFC may fire before ECN");
  }
  fmt::print("recommended Pmax = {} (probability at Kmax)\n", p.pmax);
  if (p.headroom_terms) print_headroom_terms(p);
  for (const std::string& w : p.warnings) fmt::print("\nwarning: {}\n", w);
}

nlohmann::ordered_json to_json(const BufferPlan& p) {
  const BufferPlanInput& in = p.input;
  nlohmann::ordered_json j;
  j["bytes_per_kb"] = kBytesPerKB;
  nlohmann::ordered_json ji;
  ji["buffer_bytes"] = in.buffer_bytes;
  ji["ports"] = in.ports;
  ji["priorities"] = in.priorities;
  if (in.headroom_bytes) ji["headroom_bytes"] = *in.headroom_bytes;
  if (in.link) {
    ji["link_gbps"] = in.link->link_gbps;
    ji["cable_m"] = in.link->cable_m;
    ji["propagation_ns_per_m"] = in.link->propagation_ns_per_m;
  }
  ji["mtu_bytes"] = in.mtu_bytes;
  ji["beta"] = in.beta;
  ji["reserve_bytes"] = in.reserve_bytes;
  ji["cell_bytes"] = in.cell_bytes;
  if (in.kmin_bytes) ji["kmin_bytes"] = *in.kmin_bytes;
  j["input"] = ji;
  if (p.headroom_terms) {
    const sw::HeadroomTerms& t = *p.headroom_terms;
    j["headroom_terms"] = {
        {"pause_sender_frame_bytes", t.pause_sender_frame_bytes},
        {"pfc_frame_bytes", t.pfc_frame_bytes},
        {"interface_delay_bytes", t.interface_delay_bytes},
        {"cable_bytes", t.cable_bytes},
        {"response_bytes", t.response_bytes},
        {"sender_frame_bytes", t.sender_frame_bytes},
        {"total_bytes", t.total_bytes()},
    };
  }
  j["headroom_bytes"] = p.headroom_bytes;
  j["total_headroom_bytes"] = p.total_headroom_bytes;
  j["total_reserve_bytes"] = p.total_reserve_bytes;
  j["shared_pool_bytes"] = p.shared_pool_bytes;
  j["static_pfc_threshold_bytes"] = p.static_pfc_threshold_bytes;
  j["static_ecn_bound_bytes"] = p.static_ecn_bound_bytes;
  j["dynamic_pfc_threshold_empty_bytes"] = p.dynamic_pfc_threshold_empty_bytes;
  j["pfc_beta_log2"] = p.pfc_beta_log2;
  j["ecn_threshold_bound_bytes"] = p.ecn_threshold_bound_bytes;
  j["ecn_threshold_bound_cell_rounded_bytes"] = p.ecn_threshold_bound_cell_rounded_bytes;
  j["ingress_worst_case_bytes"] = p.ingress_worst_case_bytes;
  j["dynamic_pfc_threshold_at_s_n_tecn_bytes"] = p.dynamic_pfc_threshold_at_s_n_tecn_bytes;
  j["dynamic_pfc_threshold_at_s_pn_tecn_bytes"] = p.dynamic_pfc_threshold_at_s_pn_tecn_bytes;
  j["kmin_bytes"] = p.kmin_bytes;
  j["kmax_bytes"] = p.kmax_bytes;
  j["pmax"] = p.pmax;
  if (p.given_kmin_satisfies_bound) j["given_kmin_satisfies_bound"] = *p.given_kmin_satisfies_bound;
  j["cells"] = {
      {"buffer_cells", p.buffer_cells},
      {"headroom_cells", p.headroom_cells},
      {"reserve_cells", p.reserve_cells},
      {"shared_pool_cells", p.shared_pool_cells},
      {"static_pfc_threshold_cells", p.static_pfc_threshold_cells},
      {"dynamic_pfc_threshold_empty_cells", p.dynamic_pfc_threshold_empty_cells},
      {"ecn_threshold_bound_cells", p.ecn_threshold_bound_cells},
      {"kmin_cells", p.kmin_cells},
      {"kmax_cells", p.kmax_cells},
  };
  j["warnings"] = p.warnings;
  return j;
}

void write_toml(const BufferPlan& p, const std::string& path) {
  std::ofstream f(path);
  if (!f) throw RunFailed(fmt::format("--write-toml = {}: cannot open for writing: {}", path, std::strerror(errno)));
  f << sw::to_toml_switch_section(p);
  f.close();
  if (!f) throw RunFailed(fmt::format("--write-toml = {}: write failed", path));
}

// "0.125", "8" or "1/8"; nullopt if `text` is none of these.
std::optional<double> parse_number_or_fraction(const std::string& text) {
  const auto parse = [](const std::string& t) -> std::optional<double> {
    if (t.empty()) return std::nullopt;
    char* end = nullptr;
    const double x = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size()) return std::nullopt;
    return x;
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return parse(text);
  const std::optional<double> num = parse(text.substr(0, slash));
  const std::optional<double> den = parse(text.substr(slash + 1));
  if (!num || !den || *den == 0) return std::nullopt;
  return *num / *den;
}

void run(BufferPlanOptions& o) {
  BufferPlanInput in = o.in;
  const std::optional<double> beta = parse_number_or_fraction(o.beta_text);
  if (!beta) throw BadInput(fmt::format("--beta = {} must be a number or a fraction such as 1/64", o.beta_text));
  in.beta = *beta;
  if (o.headroom_opt->count() > 0) in.headroom_bytes = o.headroom_bytes;
  if (o.link_opt->count() > 0) in.link = o.link;
  if (o.kmin_opt->count() > 0) in.kmin_bytes = o.kmin_bytes;
  if (std::string e = sw::validate(in); !e.empty()) throw BadInput(e);

  const BufferPlan plan = sw::plan_buffer(in);
  if (!o.toml_path.empty()) write_toml(plan, o.toml_path);
  if (o.format == "json") {
    fmt::print("{}\n", to_json(plan).dump(2));
  } else {
    print_table(plan);
    if (!o.toml_path.empty()) fmt::print("\nwrote the [switch] section to {}\n", o.toml_path);
  }
}

}  // namespace

void add_buffer_plan_command(CLI::App& app) {
  auto o = std::make_shared<BufferPlanOptions>();
  CLI::App* sub = app.add_subcommand(
      "buffer-plan", "PFC and ECN thresholds of a shared-buffer switch (DCQCN paper section 4; docs/buffer-plan.md)");
  sub->add_option("--buffer-bytes", o->in.buffer_bytes, "shared buffer B in bytes (e.g. 12e6)")->required();
  sub->add_option("--ports", o->in.ports, "port count n")->required();
  sub->add_option("--priorities", o->in.priorities, "PFC priorities P in use")->capture_default_str();
  o->headroom_opt =
      sub->add_option("--headroom-bytes", o->headroom_bytes, "headroom t_flight per (port, priority) in bytes");
  o->link_opt =
      sub->add_option("--link-gbps", o->link.link_gbps, "link rate in Gb/s, to derive t_flight (10, 25, 40 or 100)");
  CLI::Option* cable = sub->add_option("--cable-m", o->link.cable_m, "one-way cable length in metres");
  CLI::Option* prop =
      sub->add_option("--prop-ns-per-m", o->link.propagation_ns_per_m, "cable propagation delay in ns per metre")
          ->capture_default_str();
  sub->add_option("--mtu-bytes", o->in.mtu_bytes, "IP MTU in bytes")->capture_default_str();
  o->headroom_opt->excludes(o->link_opt)->excludes(cable)->excludes(prop);
  o->link_opt->needs(cable);
  cable->needs(o->link_opt);
  prop->needs(o->link_opt);
  sub->add_option("--beta", o->beta_text, "dynamic threshold factor, a power of two in 1/64..64 (e.g. 8, 1/4)")
      ->capture_default_str();
  sub->add_option("--reserve-bytes", o->in.reserve_bytes,
                  "guaranteed buffer per (port, priority) in bytes, outside the shared pool")
      ->capture_default_str();
  sub->add_option("--cell-bytes", o->in.cell_bytes, "switch accounting cell in bytes")->capture_default_str();
  o->kmin_opt = sub->add_option("--kmin-bytes", o->kmin_bytes, "an ECN Kmin in bytes to check against the bound");
  sub->add_option("--format", o->format, "table or json")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  // The spelling of earlier versions, as --format json.
  sub->add_flag_callback("--json", [o] { o->format = "json"; }, "the same as --format json")->group("");
  sub->add_option("--write-toml", o->toml_path, "write the scenario's [switch] section to this file")
      ->type_name("FILE");
  sub->callback([o] { run(*o); });
}

}  // namespace ccf::cli
