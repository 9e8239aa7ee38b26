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
#include "cli_checks.hpp"
#include "commands.hpp"
#include "sweep_plan.hpp"
#include "output/output_file.hpp"

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

void emit_jobs(const Sweep& sw, const SweepOptions& o) {
  fs::create_directories(o.out_dir);
  const std::string jobs = fs::absolute(o.out_dir + "/jobs.txt").string();
  sims::OutputFile f(jobs);
  // Each line makes its point's directory, runs it, and marks it finished (what a restart skips).
  for (const auto& p : sw.points) {
    const std::string dir = fs::absolute(p.dir).string();
    f << fmt::format("mkdir -p '{}' && {} > '{}/run.log' 2>&1 && echo '{{\"index\": {}}}' > '{}/point.json'\n", dir,
                     shell_line(run_command(p.scenario, p.sets, dir)), dir, p.index, dir);
  }
  f.commit();
  fmt::print("wrote {} ({} commands)\n", jobs, sw.points.size());
  if (o.emit == "parallel") {
    fmt::print("run them with:  parallel --jobs N < {}\nthen merge:     ccfabric sweep {} --out {} --merge\n", jobs,
               o.sweep_file, o.out_dir);
    return;
  }
  const std::string sbatch = fs::absolute(o.out_dir + "/sweep.sbatch").string();
  sims::write_output_file(sbatch, fmt::format(
      "#!/bin/bash\n"
      "# Slurm job array: one sweep point per task (ccfabric sweep --emit slurm).\n"
      "#SBATCH --job-name=ccfabric-sweep\n"
      "#SBATCH --array=1-{}\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --mem=512M\n"
      "#SBATCH --output={}/slurm-%A_%a.log\n"
      "sed -n \"${{SLURM_ARRAY_TASK_ID}}p\" '{}' | bash\n",
      sw.points.size(), fs::absolute(o.out_dir).string(), jobs));
  fmt::print("wrote {}\nsubmit with:    sbatch {}\nthen merge:     ccfabric sweep {} --out {} --merge\n", sbatch, sbatch,
             o.sweep_file, o.out_dir);
}

// results.csv: one row per finished point, the swept keys as columns, then the run's figures.
void merge(const Sweep& sw, const SweepOptions& o) {
  const std::string path = o.out_dir + "/results.csv";
  sims::OutputFile f(path);
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
      // A percentile over no finished flow is null in summary.json and an empty cell here.
      auto cell = [](const nlohmann::json& v) { return v.is_null() ? std::string() : fmt::format("{:.6f}", v.get<double>()); };
      f << fmt::format(",{},{},{},{},{}\n", a["finished"].get<uint64_t>(), a["unfinished"].get<uint64_t>(),
                       cell(a["p50_slowdown"]), cell(a["p95_slowdown"]), cell(a["p99_slowdown"]));
    } else {
      f << ",,,,,\n";
    }
    ++rows;
  }
  f.commit();
  fmt::print("merged {} of {} points into {}\n", rows, sw.points.size(), path);
}

void run_sweep(SweepOptions o) {
  if (o.out_dir.empty()) o.out_dir = "out/" + fs::path(o.sweep_file).stem().string();
  if (o.emit == "slurm" || o.emit == "parallel") o.merge_only = false;
  const Sweep sw = load_sweep(parse_toml_file(o.sweep_file), o.sweep_file, o.out_dir);
  ensure_out_dir(o.out_dir);
  if (!o.emit.empty()) {
    emit_jobs(sw, o);
    return;
  }
  if (!o.merge_only) run_points(sw, o.jobs);
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
