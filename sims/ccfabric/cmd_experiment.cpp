// cmd_experiment.cpp: `ccfabric experiment NAME [--jobs N] [--out DIR] [--set K=V] [--duration-us N]` and
// `ccfabric experiment --list`:
// runs one of the papers' experiments (sims/experiments/NAME.toml, docs/experiments/) as a sweep of
// scenario runs, then reduces the runs to the figure the paper shows: a statistic across seeds of a
// per-run value, per series (e.g. PFC only / DCQCN), per x value and per flow group. Writes
// experiment.csv, experiment.md (a table to paste into a review) and experiment.png.
//
// NAME.toml is a sweep file (docs/sweeps.md: scenario, seeds, set, grid) plus:
//   [experiment]
//   title = "..."                       # required
//   series = "nic.cc"                   # optional: a grid key, one series per value, or several
//                                       # keys, one series per combination: ["scenario", "switch.pfc"]
//   x = "traffic.1.senders"             # optional: a grid key on the x axis
//   ylabel = "throughput (Gb/s)"
//   flow_metric = "throughput_gbps"     # with groups: a flow field of summary.json, mean over the group
//   metric = ["/jain_index", ...]       # without groups: JSON pointers into summary.json, one group each
//   labels = ["Jain's index", ...]      # optional names of those groups
//   yrange = [0.9, 1.0]                 # optional y axis range of the figure
//   panels = true                       # optional, with metric: one panel per metric, each with its
//                                       # own y axis named by its label (metrics of different units)
//   xlog = true                         # optional: a logarithmic x axis
//   [[experiment.groups]]               # optional: flows grouped by source host
//   label = "H4"
//   hosts = [4]
//   dst_hosts = [0]                     # optional: and by destination (hosts optional then)
//   other_dst_hosts = [0, 1]            # or: to any host but these
// or, for a figure over time (e.g. the RCM paper's throughput at the last switch):
//   timeseries = ["flow5_rate_gbps", "flow1_rate_gbps+flow2_rate_gbps"]  # timeseries.csv columns (a+b: sum)
//   labels = ["burst", "incast total"]  # optional
//   windows = [[0, 150], [150, 170]]    # us: the table gives each column's mean over (from, to]
//   xrange = [0, 400]                   # optional time axis range of the figure (us)
// The figure then has one panel per series (the first seed's run) with one line per column.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/ccfabric/sweep_plan.hpp"
#include "sims/output/gnuplot.hpp"
#include "sims/output/output_file.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {
namespace {

namespace fs = std::filesystem;

struct ExperimentOptions {
  std::string name;
  std::string out_dir;
  unsigned jobs = 1;
  bool list = false;
  std::vector<std::string> sets;  // --set KEY=VALUE for every run, over the experiment's [set]
  double duration_us = 0;         // --duration-us: every run's sim.duration_us; 0 = the experiment's
};

// Flows from `hosts` (any host when empty) to `dst_hosts` (any when empty), or with `other_dst`
// to any host not in `dst_hosts`.
struct Group {
  std::string label;
  std::set<unsigned> hosts, dst_hosts;
  bool other_dst = false;
  bool matches(const nlohmann::json& flow) const {
    if (!hosts.empty() && !hosts.count(flow.at("src").get<unsigned>())) return false;
    if (dst_hosts.empty()) return true;
    return dst_hosts.count(flow.at("dst").get<unsigned>()) != other_dst;
  }
};

struct Experiment {
  std::string file;
  std::string title;
  std::vector<std::string> series_keys;
  std::string x_key, ylabel;
  std::string flow_metric;
  std::vector<std::string> metrics;  // without groups: JSON pointers, one figure group each
  std::vector<std::string> labels;   // names of the metric groups (default: the pointers)
  std::string yrange = "[0:*]";      // gnuplot range
  std::vector<Group> groups;
  std::vector<std::string> columns;                // timeseries mode: timeseries.csv columns, "a+b" sums
  std::vector<std::pair<double, double>> windows;  // timeseries mode: (from, to] in us
  std::string xrange = "[*:*]";
  bool panels = false, xlog = false;
  bool timeseries() const { return !columns.empty(); }
  size_t ngroups() const { return timeseries() ? columns.size() : groups.empty() ? metrics.size() : groups.size(); }
  std::string group_label(size_t g) const {
    if (timeseries()) return g < labels.size() ? labels[g] : columns[g];
    return !groups.empty() ? groups[g].label : g < labels.size() ? labels[g] : metrics[g];
  }
  static std::string window_label(const std::pair<double, double>& w) { return fmt::format("{}-{} us", w.first, w.second); }
};

// One cell of the figure: the values of one (series, x, group) across seeds.
struct Cell {
  std::vector<double> values;
};

std::string resolve(const std::string& name) {
  if (fs::exists(name) && fs::is_regular_file(name)) return name;
  const std::string p = fmt::format("{}/{}.toml", CCF_EXPERIMENT_DIR, name);
  if (fs::exists(p)) return p;
  std::string known;
  for (const auto& e : fs::directory_iterator(CCF_EXPERIMENT_DIR))
    if (e.path().extension() == ".toml") known += (known.empty() ? "" : ", ") + e.path().stem().string();
  throw BadInput(fmt::format("experiment {} does not exist (known: {}; or give a file)", name, known));
}

void reject_unknown_experiment_keys(const toml::table& x, const std::string& file) {
  for (const auto& [k, v] : x)
    if (!std::set<std::string>{"title", "series", "x", "ylabel", "flow_metric", "metric", "labels", "yrange",
                                     "groups", "timeseries", "windows", "xrange", "panels", "xlog"}.count(
            std::string(k.str())))
      throw BadInput(fmt::format("{}: unknown key experiment.{} (known: title, series, x, ylabel, flow_metric, metric, "
                                 "labels, yrange, groups, timeseries, windows, xrange, panels, xlog)",
                                 file, k.str()));
}

// title, series, x and ylabel; series and x must be grid keys of the sweep.
void read_title_series_and_x(const toml::table& x, const Sweep& sw, Experiment& e) {
  const std::string& file = e.file;
  e.title = x["title"].value_or(std::string{});
  if (e.title.empty()) throw BadInput(fmt::format("{}: experiment.title = \"...\" is required", file));
  if (const toml::array* sa = x["series"].as_array()) {
    for (const auto& v : *sa) {
      const std::string key = v.value_or(std::string{});
      if (key.empty()) throw BadInput(fmt::format("{}: experiment.series must be grid keys, e.g. [\"scenario\", \"switch.pfc\"]", file));
      e.series_keys.push_back(key);
    }
  } else if (auto one = x["series"].value<std::string>(); one && !one->empty()) {
    e.series_keys.push_back(*one);
  }
  e.x_key = x["x"].value_or(std::string{});
  e.ylabel = x["ylabel"].value_or(std::string{"value"});
  std::vector<std::pair<std::string, const char*>> named{{e.x_key, "x"}};
  for (const auto& k : e.series_keys) named.emplace_back(k, "series");
  for (const auto& [key, name] : named)
    if (!key.empty() && std::find(sw.keys.begin(), sw.keys.end(), key) == sw.keys.end())
      throw BadInput(fmt::format("{}: experiment.{} = \"{}\" must be one of the grid keys", file, name, key));
  for (const auto& [flag, out] : {std::pair{"panels", &e.panels}, std::pair{"xlog", &e.xlog}})
    if (x.contains(flag)) {
      const auto b = x[flag].value<bool>();
      if (!b) throw BadInput(fmt::format("{}: experiment.{} must be true or false", file, flag));
      *out = *b;
    }
}

// experiment.groups[i]: a label and the hosts of its flows.
Group parse_group(const toml::node& entry, const std::string& file, size_t i) {
  const toml::table* gt = entry.as_table();
  Group grp;
  if (gt)
    for (const auto& [k, v] : *gt)
      if (k != "label" && k != "hosts" && k != "dst_hosts" && k != "other_dst_hosts")
        throw BadInput(fmt::format(
            "{}: unknown key experiment.groups[{}].{} (known: label, hosts, dst_hosts, other_dst_hosts)", file, i,
            k.str()));
  grp.label = gt ? (*gt)["label"].value_or(std::string{}) : "";
  const auto host_set = [&](const char* key, std::set<unsigned>& out) {
    const toml::array* a = gt ? (*gt)[key].as_array() : nullptr;
    if (!a) return;
    for (const auto& h : *a) {
      const auto v = h.value<int64_t>();
      if (!v || *v < 0)
        throw BadInput(fmt::format("{}: experiment.groups[{}].{} must be host indices >= 0", file, i, key));
      out.insert(static_cast<unsigned>(*v));
    }
  };
  host_set("hosts", grp.hosts);
  if (gt && gt->contains("dst_hosts") && gt->contains("other_dst_hosts"))
    throw BadInput(fmt::format("{}: experiment.groups[{}] takes dst_hosts or other_dst_hosts, not both", file, i));
  grp.other_dst = gt && gt->contains("other_dst_hosts");
  host_set(grp.other_dst ? "other_dst_hosts" : "dst_hosts", grp.dst_hosts);
  if (grp.label.empty() || (grp.hosts.empty() && grp.dst_hosts.empty()))
    throw BadInput(fmt::format("{}: experiment.groups[{}] needs label = \"...\" and hosts = [host, ...], "
                               "dst_hosts or other_dst_hosts",
                               file, i));
  return grp;
}

// timeseries and windows (a figure over time), or neither of windows and xrange.
void read_timeseries_keys(const toml::table& x, Experiment& e) {
  const std::string& file = e.file;
  const toml::array* c = x["timeseries"].as_array();
  if (!c) {
    if (x.contains("windows") || x.contains("xrange"))
      throw BadInput(fmt::format("{}: experiment.windows and experiment.xrange apply with experiment.timeseries only", file));
    return;
  }
  for (const auto& v : *c) {
    const std::string col = v.value_or(std::string{});
    if (col.empty())
      throw BadInput(fmt::format("{}: experiment.timeseries must be column names of timeseries.csv, e.g. "
                                 "[\"flow1_rate_gbps\", \"flow2_rate_gbps+flow3_rate_gbps\"]", file));
    e.columns.push_back(col);
  }
  if (e.columns.empty()) throw BadInput(fmt::format("{}: experiment.timeseries must not be empty", file));
  if (!e.metrics.empty() || x.contains("groups") || !e.x_key.empty())
    throw BadInput(fmt::format("{}: experiment.timeseries excludes metric, groups and x (the x axis is time)", file));
  const toml::array* w = x["windows"].as_array();
  if (!w || w->empty())
    throw BadInput(fmt::format("{}: experiment.windows = [[from_us, to_us], ...] is required with timeseries", file));
  for (const auto& win : *w) {
    const toml::array* pair = win.as_array();
    const auto lo = pair && pair->size() == 2 ? (*pair)[0].value<double>() : std::nullopt;
    const auto hi = pair && pair->size() == 2 ? (*pair)[1].value<double>() : std::nullopt;
    if (!lo || !hi || !(*lo >= 0 && *lo < *hi))
      throw BadInput(fmt::format("{}: experiment.windows entries must be [from_us, to_us] with 0 <= from < to", file));
    e.windows.emplace_back(*lo, *hi);
  }
}

// A gnuplot range "[low:high]" of [low, high] with low < high; nullopt for anything else.
std::optional<std::string> gnuplot_range(const toml::array& a) {
  const auto lo = a.size() == 2 ? a[0].value<double>() : std::nullopt;
  const auto hi = a.size() == 2 ? a[1].value<double>() : std::nullopt;
  if (!lo || !hi || !(*lo < *hi)) return std::nullopt;
  return fmt::format("[{}:{}]", *lo, *hi);
}

// xrange, labels and yrange of the figure.
void read_axes_and_labels(const toml::table& x, Experiment& e) {
  const std::string& file = e.file;
  if (const toml::array* xr = x["xrange"].as_array()) {
    const auto range = gnuplot_range(*xr);
    if (!range) throw BadInput(fmt::format("{}: experiment.xrange must be [low, high] with low < high (us)", file));
    e.xrange = *range;
  }
  if (const toml::array* l = x["labels"].as_array()) {
    for (const auto& v : *l) e.labels.push_back(v.value_or(std::string{}));
    const size_t named = e.timeseries() ? e.columns.size() : e.metrics.size();
    if (e.labels.size() != named)
      throw BadInput(fmt::format("{}: experiment.labels has {} names for {} {}", file, e.labels.size(), named,
                                 e.timeseries() ? "timeseries columns" : "metrics"));
  }
  if (const toml::array* y = x["yrange"].as_array()) {
    const auto range = gnuplot_range(*y);
    if (!range) throw BadInput(fmt::format("{}: experiment.yrange must be [low, high] with low < high", file));
    e.yrange = *range;
  }
}

// The keys that go together: panels and xlog need x; groups need a flow metric; else metrics.
void check_experiment_values(const Experiment& e) {
  const std::string& file = e.file;
  if (e.panels && (e.timeseries() || !e.groups.empty() || e.x_key.empty()))
    throw BadInput(fmt::format("{}: experiment.panels needs metric and x (one panel per metric over x)", file));
  if (e.xlog && e.x_key.empty()) throw BadInput(fmt::format("{}: experiment.xlog needs x", file));
  if (e.timeseries()) return;  // checked by read_timeseries_keys
  if (!e.groups.empty()) {
    if (e.flow_metric != "throughput_gbps" && e.flow_metric != "fct_us" && e.flow_metric != "bytes_acked")
      throw BadInput(fmt::format("{}: experiment.flow_metric = \"{}\" must be throughput_gbps, fct_us or bytes_acked "
                                 "(a flow field of summary.json) when groups are given",
                                 file, e.flow_metric));
    return;
  }
  if (e.metrics.empty())
    throw BadInput(fmt::format("{}: experiment.metric = [\"/json/pointer\", ...] (into summary.json) or "
                               "experiment.groups is required", file));
  for (const auto& m : e.metrics)
    if (m.empty() || m.front() != '/')
      throw BadInput(fmt::format("{}: experiment.metric = \"{}\" must be a JSON pointer into summary.json "
                                 "(e.g. \"/jain_index\")", file, m));
}

Experiment load_experiment(const std::string& file, const toml::table& t, const Sweep& sw) {
  Experiment e;
  e.file = file;
  const toml::table* x = t["experiment"].as_table();
  if (!x) throw BadInput(fmt::format("{}: an [experiment] table is required", file));
  reject_unknown_experiment_keys(*x, file);
  read_title_series_and_x(*x, sw, e);
  if (const toml::array* g = (*x)["groups"].as_array())
    for (size_t i = 0; i < g->size(); ++i) e.groups.push_back(parse_group(*g->get(i), file, i));
  e.flow_metric = (*x)["flow_metric"].value_or(std::string{});
  if (const toml::array* m = (*x)["metric"].as_array()) {
    for (const auto& v : *m) e.metrics.push_back(v.value_or(std::string{}));
  } else if (auto m1 = (*x)["metric"].value<std::string>()) {
    e.metrics.push_back(*m1);
  }
  read_timeseries_keys(*x, e);
  read_axes_and_labels(*x, e);
  check_experiment_values(e);
  return e;
}

std::string swept_value(const Point& p, const std::string& key);

// A point's series: the values of the series keys, a scenario by its file's stem and any other key
// as key=value when there are several ("incast_swift switch.pfc=false"); "all" without series.
std::string series_label(const Experiment& e, const Point& p) {
  if (e.series_keys.empty()) return "all";
  std::string label;
  for (const auto& key : e.series_keys) {
    std::string v = swept_value(p, key);
    if (key == "scenario") v = fs::path(v).stem().string();
    else if (e.series_keys.size() > 1) v = key + "=" + v;
    label += (label.empty() ? "" : " ") + v;
  }
  return label;
}

std::string unquote(const std::string& v) {
  return v.size() >= 2 && v.front() == '"' ? v.substr(1, v.size() - 2) : v;
}

std::string swept_value(const Point& p, const std::string& key) {
  for (const auto& [k, v] : p.swept)
    if (k == key) return unquote(v);
  return "";
}

// A gnuplot string literal (double quotes; backslash and quote escaped).
std::string gp_quote(const std::string& text) {
  std::string q = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double pos = q * double(v.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
}

// The per-run values of one point: one per group (mean of the flow metric over the group's flows
// that have it), or the one run-level metric. NaN where a group has no flow with the value.
// The hosts of a group as its keys say them, long lists abbreviated.
std::string group_text(const Group& g) {
  const auto list = [](const std::set<unsigned>& set) {
    const std::vector<unsigned> v(set.begin(), set.end());
    return sims::list_entries_text(v.size(), [&v](size_t i) { return std::to_string(v[i]); });
  };
  std::string t = g.hosts.empty() ? "any host" : fmt::format("hosts = [{}]", list(g.hosts));
  if (!g.dst_hosts.empty())
    t += fmt::format(" {} = [{}]", g.other_dst ? "to other_dst_hosts" : "to dst_hosts", list(g.dst_hosts));
  return t;
}

std::vector<double> point_values(const Experiment& e, const nlohmann::json& summary, const std::string& where) {
  if (e.groups.empty()) {
    std::vector<double> out;
    for (const auto& m : e.metrics) {
      const nlohmann::json::json_pointer ptr(m);
      if (!summary.contains(ptr) || !(summary.at(ptr).is_number() || summary.at(ptr).is_null()))
        throw RunFailed(fmt::format("{}: experiment.metric = \"{}\" is not a number in {}", e.file, m, where));
      // null: the run has no value there (e.g. a size bucket without finished flows); not counted.
      out.push_back(summary.at(ptr).is_null() ? std::nan("") : summary.at(ptr).get<double>());
    }
    return out;
  }
  std::vector<double> out;
  for (const Group& g : e.groups) {
    double sum = 0;
    unsigned n = 0;
    for (const auto& f : summary.at("flows"))
      if (g.matches(f) && f.at(e.flow_metric).is_number()) {
        sum += f.at(e.flow_metric).get<double>();
        ++n;
      }
    out.push_back(n ? sum / n : std::nan(""));
  }
  return out;
}

// timeseries.csv of one run: its header and its rows of numbers.
struct SeriesTable {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
};

SeriesTable read_timeseries(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw RunFailed(fmt::format("{}: cannot be read", path));
  SeriesTable t;
  std::string line;
  std::getline(in, line);
  std::istringstream hs(line);
  for (std::string c; std::getline(hs, c, ',');) t.header.push_back(c);
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, ',');) row.push_back(std::strtod(c.c_str(), nullptr));
    t.rows.push_back(std::move(row));
  }
  return t;
}

// The 0-based columns of the terms of "a+b+c"; throws RunFailed naming a column the run lacks.
std::vector<size_t> column_terms(const Experiment& e, const SeriesTable& t, const std::string& expr,
                                 const std::string& where) {
  std::vector<size_t> idx;
  std::istringstream es(expr);
  for (std::string term; std::getline(es, term, '+');) {
    const auto it = std::find(t.header.begin(), t.header.end(), term);
    if (it == t.header.end()) {
      std::string some;
      for (size_t i = 1; i < t.header.size() && i <= 6; ++i) some += (i > 1 ? ", " : "") + t.header[i];
      throw RunFailed(fmt::format("{}: experiment.timeseries column \"{}\" is not in {} (it has {}, ...)", e.file,
                                  term, where, some));
    }
    idx.push_back(static_cast<size_t>(it - t.header.begin()));
  }
  return idx;
}

// Mean of each timeseries column over each window: [window][column]; NaN for a window without
// samples. A sample at time t covers (t - interval, t], so the samples with from < t <= to cover the
// window (from, to].
std::vector<std::vector<double>> window_means(const Experiment& e, const std::string& dir) {
  const SeriesTable t = read_timeseries(dir + "/timeseries.csv");
  std::vector<std::vector<size_t>> terms;
  for (const auto& c : e.columns) terms.push_back(column_terms(e, t, c, dir + "/timeseries.csv"));
  std::vector<std::vector<double>> out(e.windows.size(), std::vector<double>(e.columns.size(), std::nan("")));
  for (size_t w = 0; w < e.windows.size(); ++w) {
    std::vector<double> sum(e.columns.size(), 0.0);
    size_t n = 0;
    for (const auto& row : t.rows) {
      if (row.empty() || !(row[0] > e.windows[w].first && row[0] <= e.windows[w].second)) continue;
      ++n;
      for (size_t g = 0; g < terms.size(); ++g)
        for (size_t i : terms[g]) sum[g] += i < row.size() ? row[i] : 0.0;
    }
    if (n)
      for (size_t g = 0; g < terms.size(); ++g) out[w][g] = sum[g] / double(n);
  }
  return out;
}

// --set and --duration-us folded into the experiment's [set]: a swept key or the seed cannot be set
// (the experiment's figure is over them). --duration-us scales a warm-up (sim.measure_from_us, from
// [set] or the scenario) with the duration, so that the same share of each run is measured.
void apply_overrides(toml::table& t, const std::string& file, const ExperimentOptions& o) {
  if (!t.contains("set")) t.insert("set", toml::table{});
  toml::table& set = *t["set"].as_table();
  const toml::table* grid = t["grid"].as_table();
  for (const std::string& kv : o.sets) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw BadInput(fmt::format("--set {}: expected KEY=VALUE, e.g. --set switch.ecn.kmin_bytes=5000", kv));
    const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    if (key == "sim.seed") throw BadInput(fmt::format("--set {}: the experiment's seeds are set by its seeds = [...]", kv));
    if (key == "sim.duration_us") throw BadInput(fmt::format("--set {}: give the duration as --duration-us", kv));
    if (grid && grid->contains(key))
      throw BadInput(fmt::format("--set {}: {} is swept by the experiment ({} [grid]); it cannot be fixed", kv, key, file));
    toml::table parsed;
    try {
      parsed = toml::parse("v = " + value);
    } catch (const toml::parse_error&) {
      parsed = toml::table{{"v", value}};
    }
    set.insert_or_assign(key, *parsed.get("v"));
  }
  if (o.duration_us <= 0) return;
  if (grid && (grid->contains("sim.duration_us") || grid->contains("sim.measure_from_us")))
    throw BadInput(fmt::format("--duration-us: {} sweeps the duration or the warm-up ([grid]); it cannot be fixed", file));
  // The experiment's own duration and warm-up: its [set], else its (first) scenario's.
  const Sweep sw = load_sweep(t, file, "", {"experiment"});
  const sims::Scenario first = sims::load_scenario(sw.points.front().scenario, sw.points.front().sets);
  const double from_us = first.sim.measure_from_us * o.duration_us / first.sim.duration_us;
  set.insert_or_assign("sim.duration_us", o.duration_us);
  if (first.sim.measure_from_us > 0) set.insert_or_assign("sim.measure_from_us", from_us);
  fmt::print(stderr, "--duration-us {}: sim.duration_us {} -> {} us{}\n", o.duration_us, first.sim.duration_us,
             o.duration_us,
             first.sim.measure_from_us > 0 ? fmt::format(", sim.measure_from_us {} -> {} us (scaled with it)",
                                                         first.sim.measure_from_us, from_us)
                                           : "");
}

void list_experiments() {
  for (const auto& f : fs::directory_iterator(CCF_EXPERIMENT_DIR))
    if (f.path().extension() == ".toml") {
      const toml::table t = parse_toml_file(f.path().string());
      fmt::print("{:<24} {}\n", f.path().stem().string(), t["experiment"]["title"].value_or(std::string{}));
    }
}

// The runs reduced to the figure: cells[series][x][group] = values across seeds.
struct Reduction {
  std::vector<std::string> series_order, x_order;
  std::map<std::string, std::map<std::string, std::vector<Cell>>> cells;
  std::map<std::string, std::string> first_run;  // series -> its first point's directory (timeseries figure)
  std::vector<bool> group_has_flow;              // some run has a flow from the group's hosts
  bool categorical_x = false;                    // x values that are not all numbers (true/false, names)

  void add_x(const std::string& x) {
    if (std::find(x_order.begin(), x_order.end(), x) == x_order.end()) x_order.push_back(x);
  }
  // One run's values, one per group, into the cell of (series, x); NaN is no value.
  void add_values(const std::string& s, const std::string& x, const std::vector<double>& v) {
    auto& row = cells[s][x];
    row.resize(v.size());
    for (size_t g = 0; g < v.size(); ++g)
      if (!std::isnan(v[g])) row[g].values.push_back(v[g]);
  }
  bool has_value(size_t g, const std::string* only_x) const {
    for (const auto& [s, by_x] : cells)
      for (const auto& [x, row] : by_x)
        if ((!only_x || x == *only_x) && g < row.size() && !row[g].values.empty()) return true;
    return false;
  }
  // A categorical x is placed by its order.
  double x_position(const std::string& x) const {
    return categorical_x ? double(std::find(x_order.begin(), x_order.end(), x) - x_order.begin())
                         : std::strtod(x.c_str(), nullptr);
  }
  std::string x_tics_text() const {
    std::string t = "set xtics (";
    for (size_t i = 0; i < x_order.size(); ++i) t += fmt::format("{}{} {}", i ? ", " : "", gp_quote(x_order[i]), i);
    return t + ")\n";
  }
};

Reduction reduce_runs(const Experiment& e, const Sweep& sw) {
  Reduction r;
  r.group_has_flow.assign(e.groups.size(), false);
  for (const Point& p : sw.points) {
    std::ifstream in(p.dir + "/summary.json");
    const auto j = nlohmann::json::parse(in);
    for (size_t g = 0; g < e.groups.size(); ++g)
      for (const auto& f : j.at("flows"))
        r.group_has_flow[g] = r.group_has_flow[g] || e.groups[g].matches(f);
    const std::string s = series_label(e, p);
    if (std::find(r.series_order.begin(), r.series_order.end(), s) == r.series_order.end()) {
      r.series_order.push_back(s);
      r.first_run[s] = p.dir;
    }
    if (e.timeseries()) {
      const auto means = window_means(e, p.dir);
      for (size_t w = 0; w < e.windows.size(); ++w) {
        const std::string x = Experiment::window_label(e.windows[w]);
        r.add_x(x);
        r.add_values(s, x, means[w]);
      }
      continue;
    }
    const std::string x = e.x_key.empty() ? "" : swept_value(p, e.x_key);
    r.add_x(x);
    r.add_values(s, x, point_values(e, j, p.dir + "/summary.json"));
  }
  r.categorical_x = std::any_of(r.x_order.begin(), r.x_order.end(), [](const std::string& x) {
    char* end = nullptr;
    std::strtod(x.c_str(), &end);
    return x.empty() || *end != '\0';
  });
  return r;
}

// A group whose hosts send no flow in any run, or a window no run reaches, is a mistake in the
// experiment file, not a result. A value that is null in every run (e.g. no flow of a size bucket
// finished) is a result: it is said here, as it has no row in experiment.csv. Returns whether
// there is anything to draw.
bool check_reduction(const Experiment& e, const Reduction& r, const Sweep& sw) {
  const size_t ngroups = e.ngroups();
  for (size_t g = 0; g < e.groups.size(); ++g)
    if (!r.group_has_flow[g])
      throw BadInput(fmt::format("{}: experiment.groups[{}] (\"{}\"): {} send no flow in any of the {} runs", e.file,
                                 g, e.groups[g].label, group_text(e.groups[g]), sw.points.size()));
  bool any_value = e.timeseries();  // a timeseries figure draws the runs' files
  for (size_t g = 0; g < ngroups && !any_value; ++g) any_value = r.has_value(g, nullptr);
  if (!e.timeseries())
    for (size_t g = 0; g < ngroups; ++g)
      if (!r.has_value(g, nullptr))
        fmt::print("note: {} has no value in any of the {} runs: no row in experiment.csv\n",
                   e.groups.empty() ? fmt::format("experiment.metric = \"{}\"", e.metrics[g])
                                    : fmt::format("experiment.groups[{}] ({} of its flows)", g, e.flow_metric),
                   sw.points.size());
  if (e.timeseries())
    for (const auto& w : e.windows) {
      const std::string x = Experiment::window_label(w);
      bool any = false;
      for (size_t g = 0; g < ngroups && !any; ++g) any = r.has_value(g, &x);
      if (!any)
        throw BadInput(
            fmt::format("{}: experiment.windows entry [{}, {}]: no timeseries.csv sample of any run falls in "
                        "it (from, to] (us)",
                        e.file, w.first, w.second));
    }
  return any_value;
}

// The x column of experiment.csv and experiment.md: the window, the x key, or none.
std::string x_column_name(const Experiment& e) { return e.timeseries() ? std::string("window") : e.x_key; }

// The head of experiment.md: what ran, what the values are, and the table's header.
std::string table_head_md(const Experiment& e, const Sweep& sw) {
  const std::string x_name = x_column_name(e);
  std::string md = fmt::format("# {}\n\n`ccfabric experiment {}` ({} runs: {}; seeds {} to {}). Values: {}, ", e.title,
                               fs::path(e.file).stem().string(), sw.points.size(),
                               e.series_keys.empty() ? "one series" : "series " + fmt::format("{}", fmt::join(e.series_keys, " x ")),
                               sw.points.front().seed,
                               sw.points.back().seed, e.ylabel);
  md += e.timeseries() ? std::string("the mean of the timeseries.csv column (or sum of columns) over each window")
        : e.groups.empty() ? std::string("the summary.json values named in the group column")
                           : fmt::format("mean `{}` of the group's flows", e.flow_metric);
  md += "; min / median / max across seeds.\n\n| series | " + (x_name.empty() ? std::string("") : x_name + " | ") +
        "group | runs | min | median | max |\n|---|" + (x_name.empty() ? "" : "---|") + "---|---:|---:|---:|---:|\n";
  return md;
}

// experiment.csv, experiment.md and experiment.dat (gnuplot: one block per series and group);
// returns the text of experiment.md.
std::string write_tables(const Experiment& e, Reduction& r, const Sweep& sw, const std::string& out_dir,
                         const std::string& csv_path) {
  const size_t ngroups = e.ngroups();
  sims::OutputFile csv(csv_path);
  const std::string x_name = x_column_name(e);
  csv << "series," << (x_name.empty() ? "x" : x_name) << ",group,runs,min,median,max,mean\n";
  std::string md = table_head_md(e, sw);
  // Plot blocks: without an x key one block per series (groups on the x axis), else one per
  // (series, group) over x.
  sims::OutputFile dat(out_dir + "/experiment.dat");
  for (const auto& s : r.series_order) {
    for (size_t g = 0; g < ngroups; ++g) {
      const std::string glabel = e.group_label(g);
      for (const auto& x : r.x_order) {
        const auto& vals = r.cells[s][x][g].values;
        if (vals.empty()) continue;
        double mean = 0;
        for (double v : vals) mean += v / double(vals.size());
        const double lo = quantile(vals, 0), med = quantile(vals, 0.5), hi = quantile(vals, 1);
        csv << fmt::format("{},{},{},{},{:.6g},{:.6g},{:.6g},{:.6g}\n", s, x, glabel, vals.size(), lo, med, hi, mean);
        md += fmt::format("| {} | {}{} | {} | {:.4g} | {:.4g} | {:.4g} |\n", s, x_name.empty() ? "" : x + " | ", glabel,
                          vals.size(), lo, med, hi);
        const double xpos = e.x_key.empty() ? double(g) : r.x_position(x);
        dat << fmt::format("{} {} {} {}\n", xpos, med, lo, hi);
      }
      if (!e.x_key.empty()) dat << "\n\n";
    }
    if (e.x_key.empty()) dat << "\n\n";
  }
  dat.commit();
  csv.commit();
  sims::write_output_file(out_dir + "/experiment.md", md);
  return md;
}

// Over time: one panel per series (its first seed's run), one line per column.
std::string timeseries_figure_script(const Experiment& e, const Reduction& r, const std::string& out_dir) {
  const size_t ngroups = e.ngroups();
  std::string gp = fmt::format("set terminal pngcairo size 1000,{0} noenhanced\nset output {1}\nset datafile separator ','\n"
                               "set multiplot layout {2},1 title {3}\nset grid\nset key outside right\nset xlabel 'time (us)'\n"
                               "set ylabel {4}\nset xrange {5}\nset yrange {6}\n",
                               80 + 300 * r.series_order.size(), gp_quote("experiment.png"), r.series_order.size(),
                               gp_quote(e.title), gp_quote(e.ylabel), e.xrange, e.yrange);
  for (const auto& s : r.series_order) {
    const std::string& run_dir = r.first_run.at(s);
    const std::string ts = run_dir + "/timeseries.csv";
    const SeriesTable t = read_timeseries(ts);
    // gnuplot runs in the output folder: the run's file relative to it.
    const std::string ts_for_gnuplot =
        (fs::relative(fs::absolute(run_dir), fs::absolute(out_dir)) / "timeseries.csv").string();
    gp += fmt::format("set title {}\nplot ", gp_quote(s));
    for (size_t g = 0; g < ngroups; ++g) {
      std::string expr;
      for (size_t i : column_terms(e, t, e.columns[g], ts)) expr += fmt::format("{}${}", expr.empty() ? "" : "+", i + 1);
      gp += fmt::format("{}{} using 1:({}) with lines lw 2 title {}", g ? ", " : "", gp_quote(ts_for_gnuplot), expr,
                        gp_quote(e.group_label(g)));
    }
    gp += "\n";
  }
  return gp + "unset multiplot\n";
}

// One panel per metric (its label as the y axis), one line per series, one key for all at the
// right; blocks of experiment.dat are (series, metric) in that order.
std::string panels_figure_script(const Experiment& e, const Reduction& r) {
  const size_t ngroups = e.ngroups();
  const size_t cols = ngroups > 1 ? 2 : 1, rows = (ngroups + cols - 1) / cols;
  std::string gp = fmt::format("set terminal pngcairo size {0},{1} noenhanced\nset output {2}\n"
                               "set multiplot layout {3},{4} title {5} margins 0.07,0.76,{8:.3f},0.93 spacing 0.09,{9:.3f}\n"
                               "set grid\nset xlabel {6}\nset offsets graph 0.05, graph 0.05, 0, 0\n{7}",
                               560 * cols + 480, 80 + 340 * rows, gp_quote("experiment.png"), rows, cols,
                               gp_quote(e.title), gp_quote(e.x_key), e.xlog ? "set logscale x\n" : "", 0.25 / double(rows),
                               0.4 / double(rows));
  gp += r.categorical_x ? r.x_tics_text() : "";
  for (size_t g = 0; g < ngroups; ++g) {
    gp += g == 0 ? "set key at screen 0.78,0.93 top left Left reverse\n" : "unset key\n";
    gp += fmt::format("set title {0}\nset ylabel {0}\nset yrange [*:*]\nplot ", gp_quote(e.group_label(g)));
    for (size_t si = 0; si < r.series_order.size(); ++si)
      gp += fmt::format("{}{} index {} using 1:2:3:4 with yerrorlines title {}", si ? ", " : "",
                        gp_quote("experiment.dat"), si * ngroups + g, gp_quote(r.series_order[si]));
    gp += "\n";
  }
  return gp + "unset multiplot\n";
}

// Median with min-max bars, groups on the x axis when there is no x key.
std::string median_figure_script(const Experiment& e, const Reduction& r) {
  const size_t ngroups = e.ngroups();
  // The titles of the blocks of experiment.dat: one per series without an x key, else one per
  // (series, group).
  std::vector<std::string> plot_titles;
  for (const auto& s : r.series_order) {
    if (e.x_key.empty()) plot_titles.push_back(s);
    else
      for (size_t g = 0; g < ngroups; ++g) plot_titles.push_back(ngroups > 1 ? s + " " + e.group_label(g) : s);
  }
  std::string gp = fmt::format(
      "set terminal pngcairo size 1000,600 noenhanced\nset output {0}\nset title {1}\n"
      "set ylabel {2}\nset grid\nset key outside right\nset yrange {3}\n",
      gp_quote("experiment.png"), gp_quote(e.title), gp_quote(e.ylabel), e.yrange);
  if (e.x_key.empty()) {
    gp += "set xrange [-0.5:" + std::to_string(ngroups) + "]\nset xtics (";
    for (size_t g = 0; g < ngroups; ++g)
      gp += fmt::format("{}{} {}", g ? ", " : "", gp_quote(e.group_label(g)), g);
    gp += ")\n";
  } else {
    // Room either side of the first and last x, so that their min-max bars show.
    gp += fmt::format("set xlabel {}\nset offsets graph 0.05, graph 0.05, 0, 0\n{}{}", gp_quote(e.x_key),
                      e.xlog ? "set logscale x\n" : "", r.categorical_x ? r.x_tics_text() : "");
  }
  gp += "plot ";
  for (size_t i = 0; i < plot_titles.size(); ++i)
    gp += fmt::format("{}{} index {} using ($1+{:.3f}):2:3:4 with {} title {}", i ? ", " : "",
                      gp_quote("experiment.dat"), i, e.x_key.empty() ? 0.08 * double(i) : 0.0,
                      e.x_key.empty() ? "yerrorbars pointtype 7 pointsize 1.5" : "yerrorlines", gp_quote(plot_titles[i]));
  return gp;
}

// experiment.gp, then experiment.png by gnuplot when there is a value to draw.
void draw_figure(const Experiment& e, const Reduction& r, const std::string& out_dir, const std::string& md,
                 const std::string& csv_path, bool any_value) {
  const std::string gp = e.timeseries() ? timeseries_figure_script(e, r, out_dir)
                         : e.panels     ? panels_figure_script(e, r)
                                        : median_figure_script(e, r);
  sims::write_output_file(out_dir + "/experiment.gp", gp + "\n");
  if (!any_value) {
    fmt::print("{}\nwrote {}, {}/experiment.md (no experiment.png: no value to draw)\n", md, csv_path, out_dir);
    return;
  }
  if (!sims::gnuplot_installed())
    fmt::print(stderr, "note: gnuplot is not installed (sims/scripts/install-deps.sh installs it): no PNG\n");
  else if (const std::string err = sims::run_gnuplot(out_dir, "experiment.gp", "experiment.log"); !err.empty())
    throw RunFailed(fmt::format("{}/experiment.png was not drawn ({}); experiment.csv and experiment.md are complete",
                                out_dir, err));
  fmt::print("{}\nwrote {}, {}/experiment.md, {}/experiment.png\n", md, csv_path, out_dir, out_dir);
}

void run_experiment(ExperimentOptions o) {
  if (o.list) {
    list_experiments();
    return;
  }
  if (o.name.empty()) throw BadInput("experiment: give a NAME (see ccfabric experiment --list) or --list");
  const std::string file = resolve(o.name);
  if (o.out_dir.empty()) o.out_dir = "out/experiments/" + fs::path(file).stem().string();
  toml::table t = parse_toml_file(file);
  if (!o.sets.empty() || o.duration_us > 0) apply_overrides(t, file, o);
  Sweep sw = load_sweep(t, file, o.out_dir, {"experiment"});
  sw.run_options = {"--plots", "none"};  // the experiment draws its own figure
  const Experiment e = load_experiment(file, t, sw);
  if (o.duration_us > 0)
    for (const auto& w : e.windows)
      if (w.second > o.duration_us)
        throw BadInput(fmt::format("--duration-us = {}: experiment.windows entry [{}, {}] of {} ends after it; give "
                                   "--duration-us {} or more",
                                   o.duration_us, w.first, w.second, file, w.second));
  ensure_out_dir(o.out_dir);
  run_points(sw, o.jobs);
  Reduction r = reduce_runs(e, sw);
  const bool any_value = check_reduction(e, r, sw);
  const std::string csv_path = o.out_dir + "/experiment.csv";
  const std::string md = write_tables(e, r, sw, o.out_dir, csv_path);
  draw_figure(e, r, o.out_dir, md, csv_path, any_value);
}

}  // namespace

void add_experiment_command(CLI::App& app) {
  auto o = std::make_shared<ExperimentOptions>();
  CLI::App* cmd = app.add_subcommand("experiment", "run one of the papers' experiments (sims/experiments/)");
  cmd->add_option("name", o->name, "experiment name (ccfabric experiment --list) or file");
  cmd->add_option("--out", o->out_dir, "output directory (default out/experiments/<name>)");
  cmd->add_option("--jobs", o->jobs, "runs at a time on this machine")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_flag("--list", o->list, "list the shipped experiments");
  cmd->add_option("--set", o->sets, "KEY=VALUE for every run, over the experiment's [set] (not a swept key)");
  cmd->add_option("--duration-us", o->duration_us,
                  "every run's sim.duration_us; a warm-up (sim.measure_from_us) is scaled with it")
      ->check(CLI::Range(1e-3, 1e9));
  cmd->callback([o] { run_experiment(*o); });
}

}  // namespace ccf::cli
