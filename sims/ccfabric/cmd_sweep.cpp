// cmd_sweep.cpp: `ccfabric sweep SWEEP.toml [--jobs N] [--out DIR] [--emit parallel|slurm] [--merge]`:
// expands a grid of scenario keys and seeds into one self-contained `ccfabric run` command per point,
// runs them here with N at a time (or writes a GNU parallel job file / a Slurm job-array script),
// skips points already finished when restarted, merges the results into one CSV with the swept keys
// as columns and draws one figure of a metric against the first swept key (docs/sweeps.md).
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

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <numeric>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "sims/ccfabric/child_run.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/ccfabric/sweep_plan.hpp"
#include "sims/output/gnuplot.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::cli {
namespace {

namespace fs = std::filesystem;

struct SweepOptions {
  std::string sweep_file;
  std::string out_dir;
  unsigned jobs = 1;
  std::string emit;  // "", "parallel", "slurm"
  bool merge_only = false;
  bool point_plots = false;           // each point draws its own plots too
  std::string plot_metric = "total_gbps";
  // Slurm job-array options (--emit slurm); empty: the cluster's default.
  std::string slurm_time, slurm_partition, slurm_account, slurm_mem = "512M";
};

// The figures results.csv has per point, after the point, its seed and its swept keys.
const std::vector<std::string> kFigureColumns = {
    "total_gbps",        "jain_index",       "min_flow_gbps",    "max_flow_gbps",     "receiver_utilisation",
    "max_queue_bytes",   "pfc_pause_frames", "frames_dropped",   "frames_in_flight",  "wall_s",
    "fct_finished",      "fct_unfinished",   "fct_p50_slowdown", "fct_p95_slowdown",  "fct_p99_slowdown"};

// A CSV cell: quoted when it holds a comma or a quote (a swept array, a string).
std::string csv_cell(const std::string& v) {
  if (v.find_first_of(",\"\n") == std::string::npos) return v;
  std::string q = "\"";
  for (char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// A swept value as results.csv and the figure show it: a string without its TOML quotes.
std::string shown(const std::string& v) { return v.size() >= 2 && v.front() == '"' ? v.substr(1, v.size() - 2) : v; }

void emit_jobs(const Sweep& sw, const SweepOptions& o) {
  fs::create_directories(o.out_dir);
  const std::string jobs = o.out_dir + "/jobs.txt";
  sims::OutputFile f(jobs);
  // Each line makes its point's directory, runs it, and marks it finished (what a restart skips). Paths
  // are relative to the directory this command ran in: run the lines from there (docs/sweeps.md).
  for (const auto& p : sw.points) {
    const std::string dir = fs::relative(fs::absolute(p.dir)).string();
    f << fmt::format("mkdir -p {0} && {1} > {0}/run.log 2>&1 && echo '{{\"index\": {2}}}' > {0}/point.json\n",
                     shell_line({dir}), shell_line(run_command(p.scenario, p.sets, dir, sw.run_options, Paths::kRelative)),
                     p.index);
  }
  f.commit();
  fmt::print("wrote {} ({} commands; paths relative to this directory)\n", jobs, sw.points.size());
  if (o.emit == "parallel") {
    fmt::print("run them from this directory:  parallel --jobs N < {}\nthen merge:     ccfabric sweep {} --out {} --merge\n",
               jobs, o.sweep_file, o.out_dir);
    return;
  }
  const std::string sbatch = o.out_dir + "/sweep.sbatch";
  std::string options;
  if (!o.slurm_time.empty()) options += fmt::format("#SBATCH --time={}\n", o.slurm_time);
  if (!o.slurm_partition.empty()) options += fmt::format("#SBATCH --partition={}\n", o.slurm_partition);
  if (!o.slurm_account.empty()) options += fmt::format("#SBATCH --account={}\n", o.slurm_account);
  sims::write_output_file(sbatch, fmt::format(
      "#!/bin/bash\n"
      "# Slurm job array: one sweep point per task (ccfabric sweep --emit slurm). Submit it from the\n"
      "# directory the sweep was emitted in: the job lines' paths are relative to it.\n"
      "#SBATCH --job-name=ccfabric-sweep\n"
      "#SBATCH --array=1-{}\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --mem={}\n"
      "{}"
      "#SBATCH --output={}/slurm-%A_%a.log\n"
      "cd \"${{SLURM_SUBMIT_DIR:-.}}\"\n"
      "sed -n \"${{SLURM_ARRAY_TASK_ID}}p\" {} | bash\n",
      sw.points.size(), o.slurm_mem, options, o.out_dir, shell_line({jobs})));
  fmt::print("wrote {}\nsubmit from this directory:  sbatch {}\nthen merge:     ccfabric sweep {} --out {} --merge\n",
             sbatch, sbatch, o.sweep_file, o.out_dir);
}

// One finished point of results.csv: its figures as written (kFigureColumns).
struct MergedPoint {
  const Point* point;
  std::vector<std::string> figures;
};

std::vector<std::string> point_figures(const nlohmann::json& j) {
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
  std::vector<std::string> v = {fmt::format("{:.6f}", total), fmt::format("{:.6f}", j["jain_index"].get<double>()),
                                fmt::format("{:.6f}", lo), fmt::format("{:.6f}", hi), fmt::format("{:.6f}", util),
                                fmt::format("{}", j["max_queue_bytes"].get<uint64_t>()),
                                fmt::format("{}", j["pfc"]["pause_frames"].get<uint64_t>()),
                                fmt::format("{}", j["frames"]["dropped"].get<uint64_t>()),
                                fmt::format("{}", j["frames"]["in_flight"].get<uint64_t>()),
                                fmt::format("{:.3f}", j["sim"]["wall_s"].get<double>())};
  // FCT over all flows with a size (docs/workloads.md 5); a percentile over no finished flow is null
  // in summary.json and an empty cell here.
  const auto cell = [](const nlohmann::json& x) { return x.is_null() ? std::string() : fmt::format("{:.6f}", x.get<double>()); };
  const auto& a = j["fct"]["all"];
  for (const std::string& x : {fmt::format("{}", a["finished"].get<uint64_t>()),
                               fmt::format("{}", a["unfinished"].get<uint64_t>()), cell(a["p50_slowdown"]),
                               cell(a["p95_slowdown"]), cell(a["p99_slowdown"])})
    v.push_back(x);
  return v;
}

// results.csv: one row per finished point, the swept keys as columns, then the run's figures.
// Throws RunFailed when no point has finished.
std::vector<MergedPoint> merge(const Sweep& sw, const SweepOptions& o) {
  std::vector<MergedPoint> merged;
  for (const auto& p : sw.points) {
    if (!finished(p)) continue;
    std::ifstream in(p.dir + "/summary.json");
    merged.push_back({&p, point_figures(nlohmann::json::parse(in))});
  }
  if (merged.empty())
    throw RunFailed(fmt::format("sweep: no point of {} has finished in {}/points: run the sweep (without --merge), or "
                                "its job file, first",
                                o.sweep_file, o.out_dir));
  const std::string path = o.out_dir + "/results.csv";
  sims::OutputFile f(path);
  f << "point,seed";
  for (const auto& k : sw.keys) f << "," << csv_cell(k);
  for (const auto& c : kFigureColumns) f << "," << c;
  f << "\n";
  for (const auto& m : merged) {
    f << m.point->index << "," << m.point->seed;
    for (const auto& [k, v] : m.point->swept) f << "," << csv_cell(shown(v));
    for (const auto& x : m.figures) f << "," << x;
    f << "\n";
  }
  f.commit();
  fmt::print("merged {} of {} points into {}\n", merged.size(), sw.points.size(), path);
  return merged;
}

// sweep.png: the plot metric against the first swept key (or the seed), one line per combination
// of the other swept keys, the mean over seeds with the least and greatest as error bars.
void plot_sweep(const Sweep& sw, const SweepOptions& o, const std::vector<MergedPoint>& merged) {
  const size_t col = static_cast<size_t>(
      std::find(kFigureColumns.begin(), kFigureColumns.end(), o.plot_metric) - kFigureColumns.begin());
  const std::string x_key = sw.keys.empty() ? "seed" : sw.keys.front();
  // series -> x (in sweep order) -> values over seeds.
  std::vector<std::string> series_order, x_order;
  std::map<std::string, std::map<std::string, std::vector<double>>> values;
  for (const auto& m : merged) {
    const Point& p = *m.point;
    const std::string x = sw.keys.empty() ? std::to_string(p.seed) : shown(p.swept.front().second);
    std::string series;
    for (size_t k = 1; k < p.swept.size(); ++k)
      series += fmt::format("{}{}={}", series.empty() ? "" : ", ", p.swept[k].first, shown(p.swept[k].second));
    if (std::find(series_order.begin(), series_order.end(), series) == series_order.end()) series_order.push_back(series);
    if (std::find(x_order.begin(), x_order.end(), x) == x_order.end()) x_order.push_back(x);
    if (!m.figures[col].empty()) values[series][x].push_back(std::stod(m.figures[col]));
  }
  const bool numeric_x = std::all_of(x_order.begin(), x_order.end(), [](const std::string& x) {
    char* end = nullptr;
    std::strtod(x.c_str(), &end);
    return !x.empty() && *end == '\0';
  });
  std::string gp = fmt::format(
      "set terminal pngcairo size 1000,600 noenhanced\nset output 'sweep.png'\nset title {}\nset xlabel {}\n"
      "set ylabel {}\nset grid\nset key outside right\nset offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05\n",
      sims::gnuplot_quoted(fmt::format("{}: {} (mean over seeds, bars: least and greatest)",
                                       fs::path(o.sweep_file).filename().string(), o.plot_metric)),
      sims::gnuplot_quoted(x_key), sims::gnuplot_quoted(o.plot_metric));
  // A tic at each swept value (by name when they are not numbers).
  if (!numeric_x || x_order.size() <= 16) {
    gp += "set xtics (";
    for (size_t i = 0; i < x_order.size(); ++i)
      gp += numeric_x ? fmt::format("{}{}", i ? ", " : "", x_order[i])
                      : fmt::format("{}{} {}", i ? ", " : "", sims::gnuplot_quoted(x_order[i]), i);
    gp += ")\n";
  }
  std::string plot;
  for (size_t s = 0; s < series_order.size(); ++s) {
    gp += fmt::format("$series{} << EOD\n", s);
    for (size_t i = 0; i < x_order.size(); ++i) {
      const auto it = values[series_order[s]].find(x_order[i]);
      if (it == values[series_order[s]].end() || it->second.empty()) continue;
      const std::vector<double>& v = it->second;
      const double mean = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
      gp += fmt::format("{} {:.6f} {:.6f} {:.6f}\n", numeric_x ? x_order[i] : std::to_string(i), mean,
                        *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
    }
    gp += "EOD\n";
    plot += fmt::format("{}$series{} using 1:2:3:4 with yerrorlines lw 2 pt 7 title {}", s ? ", " : "plot ", s,
                        sims::gnuplot_quoted(series_order[s].empty() ? o.plot_metric : series_order[s]));
  }
  sims::write_output_file(o.out_dir + "/sweep.gp", gp + plot + "\n");
  if (!sims::gnuplot_installed()) {
    fmt::print(stderr, "note: gnuplot is not installed (sims/scripts/install-deps.sh installs it): no sweep.png\n");
    return;
  }
  if (const std::string err = sims::run_gnuplot(o.out_dir, "sweep.gp", "sweep_plot.log"); !err.empty())
    throw RunFailed(fmt::format("{}/sweep.png was not drawn ({}); results.csv is complete", o.out_dir, err));
  fmt::print("plotted {} against {} in {}/sweep.png\n", o.plot_metric, x_key, o.out_dir);
}

void run_sweep(SweepOptions o) {
  if (o.out_dir.empty()) o.out_dir = "out/" + fs::path(o.sweep_file).stem().string();
  if (o.emit == "slurm" || o.emit == "parallel") o.merge_only = false;
  Sweep sw = load_sweep(parse_toml_file(o.sweep_file), o.sweep_file, o.out_dir);
  if (!o.point_plots) sw.run_options = {"--plots", "none"};
  ensure_out_dir(o.out_dir);
  if (!o.emit.empty()) {
    emit_jobs(sw, o);
    return;
  }
  if (!o.merge_only) run_points(sw, o.jobs);
  plot_sweep(sw, o, merge(sw, o));
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
  cmd->add_option("--plot-metric", o->plot_metric, "results.csv figure sweep.png draws against the first swept key")
      ->check(CLI::IsMember(kFigureColumns))
      ->capture_default_str();
  cmd->add_flag("--point-plots", o->point_plots, "also draw each point's own plots (default: sweep.png only)");
  cmd->add_option("--slurm-time", o->slurm_time, "--emit slurm: #SBATCH --time per point, e.g. 01:00:00");
  cmd->add_option("--slurm-partition", o->slurm_partition, "--emit slurm: #SBATCH --partition");
  cmd->add_option("--slurm-account", o->slurm_account, "--emit slurm: #SBATCH --account");
  cmd->add_option("--slurm-mem", o->slurm_mem, "--emit slurm: #SBATCH --mem per point")->capture_default_str();
  cmd->callback([o] { run_sweep(*o); });
}

}  // namespace ccf::cli
