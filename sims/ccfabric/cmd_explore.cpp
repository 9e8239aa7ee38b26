// cmd_explore.cpp: `ccfabric explore UNIT --trace DIR ...`, bit-width exploration of a congestion-
// control unit on a trace recorded with `ccfabric run --record-events DIR` (sims/explore/*,
// docs/explore.md): the table on the terminal, explore.csv/.json/.md and explore.png in --out, and
// with --end-to-end the recorded scenario run again at the shipped and at the chosen widths.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "sims/ccfabric/cc_factory.hpp"
#include "sims/ccfabric/child_run.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/explore/explore.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {
namespace {

// The largest event trace that is read (the 8:1 DCQCN incast's is 3.4 MB, docs/explore.md).
constexpr uint64_t kMaxTraceFileBytes = uint64_t{4} << 30;

struct ExploreOptions {
  std::string unit;
  std::string trace;
  std::vector<std::string> widths;
  bool no_sweep = false;
  double max_rel_error = 0;          // 0 = no search
  double max_decision_mismatch = -1; // < 0: the same as max_rel_error
  std::string out_dir = "out/explore";
  bool end_to_end = false;
  std::vector<std::string> e2e_sets;  // extra --set for the end-to-end runs (e.g. a shorter duration)
  unsigned jobs = 1;
};

// The end-to-end run of one setting: the recorded scenario with its widths.
explore::EndToEnd read_summary(const std::string& dir) {
  std::ifstream f(dir + "/summary.json");
  if (!f) throw RunFailed(fmt::format("end-to-end run: no {}/summary.json (see {}/run.log)", dir, dir));
  const nlohmann::json j = nlohmann::json::parse(f);
  explore::EndToEnd e;
  e.jain_index = j.value("jain_index", 0.0);
  double u = 0;
  size_t n = 0;
  for (const auto& r : j.at("receivers")) u += r.value("utilisation", 0.0), ++n;
  e.utilisation = n ? u / double(n) : 0.0;
  e.max_queue_bytes = j.value("max_queue_bytes", 0.0);
  e.out_dir = dir;
  return e;
}

namespace fs = std::filesystem;

// The files of a recorded run: its event trace and the scenario next to it.
struct Recording {
  std::string events, scenario;
};

Recording find_recording(const std::string& trace) {
  const bool is_dir = fs::is_directory(trace);
  Recording r;
  r.events = is_dir ? trace + "/events.txt" : trace;
  r.scenario = (fs::path(r.events).parent_path() / "scenario.toml").string();
  if (!fs::exists(r.events))
    throw BadInput(fmt::format("--trace = {}: no event trace ({} does not exist; record one with `ccfabric run "
                               "SCENARIO --record-events DIR`)", trace, r.events));
  if (!fs::exists(r.scenario))
    throw BadInput(fmt::format("--trace = {}: {} does not exist (ccfabric run --record-events writes it next to "
                               "events.txt)", trace, r.scenario));
  try {
    sims::check_text_file(r.events, "event trace file", kMaxTraceFileBytes);  // not /dev/zero, a FIFO, ...
  } catch (const sims::ScenarioError& e) {
    throw BadInput(fmt::format("--trace = {}: {}", trace, e.what()));
  }
  return r;
}

// The event trace, which must be of the unit explored.
explore::EventTrace read_unit_trace(const ExploreOptions& o, const std::string& events) {
  explore::EventTrace trace;
  try {
    trace = explore::read_trace(events);
  } catch (const explore::TraceError& e) {
    throw BadInput(e.what());
  }
  if (trace.cc != o.unit)
    throw BadInput(fmt::format("--trace = {}: recorded with nic.cc = {}, not {} (explore the unit the run used)", o.trace,
                               trace.cc.empty() ? "(unknown)" : trace.cc, o.unit));
  return trace;
}

sims::Scenario load_recorded_scenario(const std::string& scenario) {
  try {
    return sims::load_scenario(scenario);
  } catch (const sims::ScenarioError& e) {
    throw BadInput(e.what());
  }
}

// The unit to explore, as the recorded scenario configures it.
std::unique_ptr<explore::Unit> unit_to_explore(const CcFactory& factory, const sims::Scenario& s,
                                               const ExploreOptions& o, const std::string& scenario) {
  if (s.nic.cc != o.unit)
    throw BadInput(fmt::format("--trace = {}: {} says nic.cc = {}, the trace {}", o.trace, scenario, s.nic.cc, o.unit));
  const cc::CcSettings& settings = *factory.in_use();
  if (const std::string why = settings.explore_unsupported(); !why.empty())
    throw BadInput(fmt::format("--trace = {}: {}", o.trace, why));
  return settings.explore_unit(s.nic.mtu_bytes, s.fabric.link_gbps);
}

// --widths, --no-sweep and the bounds of the search.
explore::SearchOptions search_options(const ExploreOptions& o, const explore::Unit& unit) {
  explore::SearchOptions so;
  for (const std::string& w : o.widths) {
    explore::Setting st;
    if (std::string e = explore::parse_setting(w, st); !e.empty()) throw BadInput(e);
    if (std::string e = unit.validate(st); !e.empty()) throw BadInput(e);
    so.given.push_back(st);
  }
  so.sweep = !o.no_sweep;
  if (o.max_rel_error != 0) {
    if (!(o.max_rel_error > 0 && o.max_rel_error < 1))
      throw BadInput(fmt::format("--max-rel-error = {} must be a fraction in (0, 1), e.g. 0.005 for 0.5 %", o.max_rel_error));
    so.max_rel_error = o.max_rel_error;
  }
  if (o.max_decision_mismatch >= 0) {
    if (o.max_decision_mismatch >= 1)
      throw BadInput(fmt::format("--max-decision-mismatch = {} must be a fraction in [0, 1)", o.max_decision_mismatch));
    if (!so.max_rel_error) throw BadInput("--max-decision-mismatch needs --max-rel-error (the bound of the search)");
    so.max_decision_mismatch = o.max_decision_mismatch;
  }
  return so;
}

// The settings run end to end: the shipped widths, the best, and every --widths setting.
std::vector<size_t> end_to_end_settings(const explore::Exploration& x) {
  std::vector<size_t> which;
  if (x.shipped) which.push_back(*x.shipped);
  if (x.best && *x.best != *x.shipped) which.push_back(*x.best);
  for (size_t i = 0; i < x.results.size(); ++i)
    if (x.results[i].role == "given" && x.results[i].infeasible.empty() &&
        std::find(which.begin(), which.end(), i) == which.end())
      which.push_back(i);
  return which;
}

// --end-to-end: each setting's run of the recorded scenario, a child `ccfabric run`, up to --jobs
// at a time.
void run_end_to_end(const ExploreOptions& o, const explore::Unit& unit, const std::string& scenario,
                    explore::Exploration& x) {
  const std::vector<size_t> which = end_to_end_settings(x);
  std::map<int, size_t> running;
  size_t next = 0;
  auto dir_of = [&](size_t i) { return o.out_dir + "/e2e/" + x.results[i].label; };
  while (next < which.size() || !running.empty()) {
    while (next < which.size() && running.size() < o.jobs) {
      const size_t i = which[next++];
      std::vector<std::string> sets = unit.scenario_sets(x.results[i].setting);
      sets.insert(sets.end(), o.e2e_sets.begin(), o.e2e_sets.end());
      fs::create_directories(dir_of(i));
      fmt::print(stderr, "  end to end: {} ...\n", x.results[i].label);
      running[start_child(run_command(scenario, sets, dir_of(i)), dir_of(i) + "/run.log")] = i;
    }
    ChildResult cr;
    const int pid = wait_child(cr);
    if (pid < 0) break;
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const size_t i = it->second;
    running.erase(it);
    if (cr.exit_code != 0)
      throw RunFailed(fmt::format("end-to-end run of {} failed (exit {}): see {}/run.log", x.results[i].label,
                                  cr.exit_code, dir_of(i)));
    x.results[i].e2e = read_summary(dir_of(i));
  }
}

void run_explore(const ExploreOptions& o) {
  // The unit, then the trace and its scenario.
  if (!cc::find_algorithm(o.unit))
    throw BadInput(fmt::format("explore: UNIT = {} must be one of {}", o.unit, cc::algorithm_list()));
  const Recording recording = find_recording(o.trace);
  const explore::EventTrace trace = read_unit_trace(o, recording.events);
  const sims::Scenario s = load_recorded_scenario(recording.scenario);
  const CcFactory factory(s);
  const std::unique_ptr<explore::Unit> unit = unit_to_explore(factory, s, o, recording.scenario);
  const explore::SearchOptions so = search_options(o, *unit);
  if (o.jobs < 1 || o.jobs > 64) throw BadInput(fmt::format("--jobs = {} must be 1..64", o.jobs));
  ensure_out_dir(o.out_dir);

  explore::Exploration x = explore::explore(*unit, trace, so);
  if (o.end_to_end) run_end_to_end(o, *unit, recording.scenario, x);

  fmt::print("{}", explore::format_table(*unit, x));
  std::string note;
  try {
    note = explore::write_outputs(*unit, x, o.out_dir);
  } catch (const std::exception& e) {
    throw RunFailed(fmt::format("--out = {}: {}", o.out_dir, e.what()));
  }
  fmt::print("outputs: {0}/explore.csv, {0}/explore.json, {0}/explore.md, {0}/explore.png\n", o.out_dir);
  if (!note.empty()) fmt::print(stderr, "note: {}\n", note);
}

}  // namespace

void add_explore_command(CLI::App& app) {
  auto o = std::make_shared<ExploreOptions>();
  CLI::App* cmd = app.add_subcommand(
      "explore", "bit-width exploration of a CC unit on a recorded trace (docs/explore.md)");
  cmd->add_option("unit", o->unit, "one of " + cc::algorithm_list())->required();
  cmd->add_option("--trace", o->trace, "directory written by `ccfabric run --record-events` (or its events.txt)")
      ->required()
      ->type_name("DIR");
  cmd->add_option("--widths", o->widths, "a width setting to evaluate, e.g. alpha=16,rate_frac=3 (repeatable)")
      ->type_name("SPEC");
  cmd->add_flag("--no-sweep", o->no_sweep, "do not sweep every knob alone (only shipped, --widths and the search)");
  cmd->add_option("--max-rel-error", o->max_rel_error,
                  "search the smallest state per flow whose value (and pacing gap) error stays within this fraction")
      ->type_name("X")
      ->check(finite_number());
  cmd->add_option("--max-decision-mismatch", o->max_decision_mismatch,
                  "the share of decisions that may differ (default: --max-rel-error)")
      ->type_name("Y")
      ->check(finite_number());
  cmd->add_option("--out", o->out_dir, "output directory")->capture_default_str();
  cmd->add_flag("--end-to-end", o->end_to_end,
                "run the recorded scenario again at the shipped, the best and every --widths setting");
  cmd->add_option("--e2e-set", o->e2e_sets, "an extra --set for the end-to-end runs (repeatable)")->type_name("KEY=VALUE");
  cmd->add_option("--jobs", o->jobs, "end-to-end runs at a time")
      ->capture_default_str()
      ->check(integer_range(1, 64));  // on the text: -1 is reported as -1
  cmd->callback([o] { run_explore(*o); });
}

}  // namespace ccf::cli
