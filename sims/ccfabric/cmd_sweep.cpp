// cmd_sweep.cpp: `ccfabric sweep SWEEP.toml [--jobs N] [--out DIR] [--emit parallel|slurm] [--merge]`:
// expands a grid of scenario keys and seeds into one self-contained `ccfabric run` command per point,
// runs them here with N at a time (or writes a GNU parallel job file / a Slurm job-array script),
// skips points already finished when restarted, and merges the results into one CSV with the swept
// keys as columns (docs/sweeps.md).
//
// SWEEP.toml:
//   scenario = "incast_dcqcn_100g.toml"       # relative to the sweep file
//   seeds = [1, 2]                            # optional, default [the scenario's seed]
//   [set]                                     # optional fixed overrides
//   "sim.duration_us" = 3000
//   [grid]                                    # every combination of these values
//   "traffic.0.senders" = [2, 4, 8]
//   "cc.dcqcn.r_ai_mbps" = [100, 200]
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "child_run.hpp"
#include "commands.hpp"
#include "scenario/scenario.hpp"

namespace ccf::cli {
namespace {

namespace fs = std::filesystem;

struct SweepOptions {
  std::string sweep_file;
  std::string out_dir;
  unsigned jobs = 1;
  std::string emit;  // "", "parallel", "slurm"
  bool merge_only = false;
};

struct Point {
  size_t index = 0;
  std::vector<std::pair<std::string, std::string>> swept;  // key, value as written
  uint64_t seed = 0;
  std::vector<std::string> sets;                            // every --set of the run
  std::string dir;
};

struct Sweep {
  std::string scenario;  // absolute
  std::vector<std::string> keys;
  std::vector<Point> points;
};

// A TOML value as `--set` reads it back (scenario.cpp: the value is parsed as TOML).
std::string value_text(const toml::node& n) {
  if (auto s = n.as_string()) return "\"" + s->get() + "\"";
  if (auto i = n.as_integer()) return fmt::format("{}", i->get());
  if (auto f = n.as_floating_point()) return fmt::format("{}", f->get());
  if (auto b = n.as_boolean()) return b->get() ? "true" : "false";
  throw BadInput("sweep values must be strings, numbers or true/false");
}

Sweep load_sweep(const SweepOptions& o) {
  toml::table t;
  try {
    t = toml::parse_file(o.sweep_file);
  } catch (const toml::parse_error& e) {
    throw BadInput(fmt::format("{}:{}:{}: {}", o.sweep_file, e.source().begin.line, e.source().begin.column,
                               e.description()));
  }
  for (const auto& [k, v] : t)
    if (k != "scenario" && k != "seeds" && k != "set" && k != "grid")
      throw BadInput(fmt::format("{}: unknown key '{}' (known: scenario, seeds, set, grid)", o.sweep_file, k.str()));
  Sweep sw;
  const auto scen = t["scenario"].value<std::string>();
  if (!scen) throw BadInput(fmt::format("{}: scenario = \"FILE.toml\" is required", o.sweep_file));
  sw.scenario = fs::absolute(fs::path(o.sweep_file).parent_path() / *scen).string();
  if (!fs::exists(sw.scenario))
    throw BadInput(fmt::format("{}: scenario = \"{}\": {} does not exist", o.sweep_file, *scen, sw.scenario));

  std::vector<std::string> fixed;
  if (const toml::table* set = t["set"].as_table())
    for (const auto& [k, v] : *set) fixed.push_back(fmt::format("{}={}", k.str(), value_text(v)));
  std::vector<std::vector<std::string>> values;
  if (const toml::node* g = t.get("grid")) {
    if (!g->is_table()) throw BadInput(fmt::format("{}: grid must be a table of KEY = [values]", o.sweep_file));
    for (const auto& [k, v] : *g->as_table()) {
      const toml::array* arr = v.as_array();
      if (!arr || arr->empty())
        throw BadInput(fmt::format("{}: grid.\"{}\" must be a non-empty array of values", o.sweep_file, k.str()));
      sw.keys.emplace_back(k.str());
      values.emplace_back();
      for (const auto& x : *arr) values.back().push_back(value_text(x));
    }
  }
  std::vector<uint64_t> seeds;
  if (const toml::node* s = t.get("seeds")) {
    const toml::array* arr = s->as_array();
    if (!arr || arr->empty()) throw BadInput(fmt::format("{}: seeds must be a non-empty array of integers", o.sweep_file));
    for (const auto& x : *arr) {
      const auto v = x.value<int64_t>();
      if (!v || *v < 0) throw BadInput(fmt::format("{}: seeds must be integers >= 0", o.sweep_file));
      seeds.push_back(static_cast<uint64_t>(*v));
    }
  }
  if (seeds.empty()) seeds.push_back(sims::load_scenario(sw.scenario).sim.seed);

  // Cartesian product, the last key varying fastest, seeds innermost.
  size_t combos = 1;
  for (const auto& v : values) combos *= v.size();
  for (size_t c = 0; c < combos; ++c) {
    std::vector<std::pair<std::string, std::string>> swept;
    size_t rest = c;
    for (size_t k = sw.keys.size(); k-- > 0;) {
      swept.insert(swept.begin(), {sw.keys[k], values[k][rest % values[k].size()]});
      rest /= values[k].size();
    }
    for (uint64_t seed : seeds) {
      Point p;
      p.index = sw.points.size();
      p.swept = swept;
      p.seed = seed;
      p.sets = fixed;
      for (const auto& [k, v] : swept) p.sets.push_back(k + "=" + v);
      p.sets.push_back(fmt::format("sim.seed={}", seed));
      p.dir = fmt::format("{}/points/{:05}", o.out_dir, p.index);
      // Every point is checked before anything runs: a bad value stops the sweep with its key.
      try {
        sims::load_scenario(sw.scenario, p.sets);
      } catch (const sims::ScenarioError& e) {
        throw BadInput(fmt::format("sweep point {}: {}", p.index, e.what()));
      }
      sw.points.push_back(std::move(p));
    }
  }
  return sw;
}

bool finished(const Point& p) { return fs::exists(p.dir + "/summary.json") && fs::exists(p.dir + "/point.json"); }

void write_point_file(const Point& p) {
  nlohmann::json j = {{"index", p.index}, {"seed", p.seed}, {"sets", p.sets}};
  for (const auto& [k, v] : p.swept) j["swept"][k] = v;
  std::ofstream(p.dir + "/point.json") << j.dump(2) << "\n";
}

void run_local(const Sweep& sw, const SweepOptions& o) {
  std::vector<const Point*> todo;
  for (const auto& p : sw.points)
    if (!finished(p)) todo.push_back(&p);
  fmt::print(stderr, "sweep: {} points, {} already done, {} to run, {} at a time\n", sw.points.size(),
             sw.points.size() - todo.size(), todo.size(), o.jobs);
  std::map<int, const Point*> running;
  size_t next = 0, done = 0, failed = 0;
  const auto t0 = std::chrono::steady_clock::now();
  while (next < todo.size() || !running.empty()) {
    while (next < todo.size() && running.size() < o.jobs) {
      const Point& p = *todo[next++];
      fs::create_directories(p.dir);
      fs::remove(p.dir + "/point.json");
      running[start_child(run_command(sw.scenario, p.sets, p.dir), p.dir + "/run.log")] = &p;
    }
    ChildResult r;
    const int pid = wait_child(r);
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const Point& p = *it->second;
    running.erase(it);
    ++done;
    if (r.exit_code == 0) {
      write_point_file(p);
    } else {
      ++failed;
      fmt::print(stderr, "  point {} failed (exit {}): see {}/run.log\n", p.index, r.exit_code, p.dir);
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print(stderr, "  [{}/{}] point {} done, {:.0f} s elapsed, about {:.0f} s to go\n", done, todo.size(), p.index,
               wall, wall / double(done) * double(todo.size() - done));
  }
  if (failed) throw RunFailed(fmt::format("sweep: {} of {} points failed; rerun to retry them", failed, todo.size()));
}

void emit_jobs(const Sweep& sw, const SweepOptions& o) {
  fs::create_directories(o.out_dir);
  const std::string jobs = fs::absolute(o.out_dir + "/jobs.txt").string();
  std::ofstream f(jobs);
  // Each line makes its point's directory, runs it, and marks it finished (what a restart skips).
  for (const auto& p : sw.points) {
    const std::string dir = fs::absolute(p.dir).string();
    f << fmt::format("mkdir -p '{}' && {} > '{}/run.log' 2>&1 && echo '{{\"index\": {}}}' > '{}/point.json'\n", dir,
                     shell_line(run_command(sw.scenario, p.sets, dir)), dir, p.index, dir);
  }
  fmt::print("wrote {} ({} commands)\n", jobs, sw.points.size());
  if (o.emit == "parallel") {
    fmt::print("run them with:  parallel --jobs N < {}\nthen merge:     ccfabric sweep {} --out {} --merge\n", jobs,
               o.sweep_file, o.out_dir);
    return;
  }
  const std::string sbatch = fs::absolute(o.out_dir + "/sweep.sbatch").string();
  std::ofstream(sbatch) << fmt::format(
      "#!/bin/bash\n"
      "# Slurm job array: one sweep point per task (ccfabric sweep --emit slurm).\n"
      "#SBATCH --job-name=ccfabric-sweep\n"
      "#SBATCH --array=1-{}\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --mem=512M\n"
      "#SBATCH --output={}/slurm-%A_%a.log\n"
      "sed -n \"${{SLURM_ARRAY_TASK_ID}}p\" '{}' | bash\n",
      sw.points.size(), fs::absolute(o.out_dir).string(), jobs);
  fmt::print("wrote {}\nsubmit with:    sbatch {}\nthen merge:     ccfabric sweep {} --out {} --merge\n", sbatch, sbatch,
             o.sweep_file, o.out_dir);
}

// results.csv: one row per finished point, the swept keys as columns, then the run's figures.
void merge(const Sweep& sw, const SweepOptions& o) {
  const std::string path = o.out_dir + "/results.csv";
  std::ofstream f(path);
  f << "point,seed";
  for (const auto& k : sw.keys) f << "," << k;
  f << ",total_gbps,jain_index,min_flow_gbps,max_flow_gbps,receiver_utilisation,max_queue_bytes,pfc_pause_frames,"
       "frames_dropped,frames_in_flight,wall_s,fct_finished,fct_unfinished,fct_p50_slowdown,fct_p95_slowdown,"
       "fct_p99_slowdown\n";
  size_t rows = 0;
  for (const auto& p : sw.points) {
    if (!finished(p)) continue;
    std::ifstream in(p.dir + "/summary.json");
    const auto j = nlohmann::json::parse(in);
    double total = 0, lo = 0, hi = 0;
    bool first = true;
    for (const auto& fl : j["flows"]) {
      const double g = fl["throughput_gbps"].get<double>();
      total += g;
      lo = first ? g : std::min(lo, g);
      hi = first ? g : std::max(hi, g);
      first = false;
    }
    const double util = j["receivers"].empty() ? 0.0 : j["receivers"][0]["utilisation"].get<double>();
    f << p.index << "," << p.seed;
    for (const auto& [k, v] : p.swept) f << "," << (v.front() == '"' ? v.substr(1, v.size() - 2) : v);
    f << fmt::format(",{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{},{},{},{},{:.3f}", total,
                     j["jain_index"].get<double>(), lo, hi, util, j["max_queue_bytes"].get<uint64_t>(),
                     j["pfc"]["pause_frames"].get<uint64_t>(), j["frames"]["dropped"].get<uint64_t>(),
                     j["frames"]["in_flight"].get<uint64_t>(), j["sim"]["wall_s"].get<double>());
    // FCT over all flows with a size (docs/workloads.md 5); empty for a summary written without it.
    if (j.contains("fct")) {
      const auto& a = j["fct"]["all"];
      f << fmt::format(",{},{},{:.6f},{:.6f},{:.6f}\n", a["finished"].get<uint64_t>(), a["unfinished"].get<uint64_t>(),
                       a["p50_slowdown"].get<double>(), a["p95_slowdown"].get<double>(), a["p99_slowdown"].get<double>());
    } else {
      f << ",,,,,\n";
    }
    ++rows;
  }
  fmt::print("merged {} of {} points into {}\n", rows, sw.points.size(), path);
}

void run_sweep(SweepOptions o) {
  if (o.out_dir.empty()) o.out_dir = "out/" + fs::path(o.sweep_file).stem().string();
  if (o.emit == "slurm" || o.emit == "parallel") o.merge_only = false;
  const Sweep sw = load_sweep(o);
  if (!o.emit.empty()) {
    emit_jobs(sw, o);
    return;
  }
  if (!o.merge_only) run_local(sw, o);
  merge(sw, o);
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand("sweep", "run a grid of scenario values and seeds; merge the results");
  cmd->add_option("sweep", o->sweep_file, "sweep file (docs/sweeps.md)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--out", o->out_dir, "output directory (default out/<sweep name>)");
  cmd->add_option("--jobs", o->jobs, "runs at a time on this machine")->check(CLI::Range(1, 256));
  cmd->add_option("--emit", o->emit, "write a job file instead of running: parallel (GNU parallel) or slurm")
      ->check(CLI::IsMember({"parallel", "slurm"}));
  cmd->add_flag("--merge", o->merge_only, "only merge the finished points into results.csv");
  cmd->callback([o] { run_sweep(*o); });
}

}  // namespace ccf::cli
