// sweep_plan.cpp: see sweep_plan.hpp.
#include "sims/ccfabric/sweep_plan.hpp"

#include <fmt/format.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "sims/ccfabric/child_run.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/ccfabric/interrupt.hpp"
#include "sims/output/output_file.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {

namespace fs = std::filesystem;

namespace {

// A TOML value as `--set` reads it back (scenario.cpp: the value is parsed as TOML); an array or
// inline table in TOML's own inline form, e.g. "[0, 1, 2]".
std::string value_text(const toml::node& n) {
  if (auto s = n.as_string()) return "\"" + s->get() + "\"";
  if (auto i = n.as_integer()) return fmt::format("{}", i->get());
  if (auto f = n.as_floating_point()) return fmt::format("{}", f->get());
  if (auto b = n.as_boolean()) return b->get() ? "true" : "false";
  if (auto a = n.as_array()) {
    std::string text = "[";
    for (size_t i = 0; i < a->size(); ++i) text += (i ? ", " : "") + value_text(*a->get(i));
    return text + "]";
  }
  if (auto t = n.as_table()) {
    std::string text = "{";
    bool first = true;
    for (const auto& [k, v] : *t) {
      text += fmt::format("{}{} = {}", first ? "" : ", ", k.str(), value_text(v));
      first = false;
    }
    return text + "}";
  }
  throw BadInput("sweep values must be strings, numbers, true/false, arrays or inline tables");
}

// Points of one sweep, each checked (its scenario loaded) before anything runs.
constexpr size_t kMaxSweepPoints = 100'000;

}  // namespace

toml::table parse_toml_file(const std::string& path) {
  std::string text;
  try {
    text = sims::read_toml_file(path);  // a regular file of at most 16 MiB
  } catch (const sims::ScenarioError& e) {
    throw BadInput(e.what());
  }
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw BadInput(fmt::format("{}:{}:{}: {}", path, e.source().begin.line, e.source().begin.column, e.description()));
  }
}

namespace {

void reject_unknown_sweep_keys(const toml::table& t, const std::string& origin, const std::set<std::string>& extra_keys) {
  for (const auto& [k, v] : t)
    if (k != "scenario" && k != "seeds" && k != "set" && k != "grid" && !extra_keys.count(std::string(k.str()))) {
      std::string known = "scenario, seeds, set, grid";
      for (const auto& e : extra_keys) known += ", " + e;
      throw BadInput(fmt::format("{}: unknown key '{}' (known: {})", origin, k.str(), known));
    }
}

// A scenario file relative to the sweep file; must exist.
std::string scenario_path(const std::string& origin, const std::string& key, const std::string& rel) {
  const std::string abs = fs::absolute(fs::path(origin).parent_path() / rel).string();
  if (!fs::exists(abs)) throw BadInput(fmt::format("{}: {} = \"{}\": {} does not exist", origin, key, rel, abs));
  return abs;
}

// [set]: KEY=VALUE for every point; set_keys receives its keys.
std::vector<std::string> read_set(const toml::table& t, std::set<std::string>& set_keys) {
  std::vector<std::string> fixed;
  if (const toml::table* set = t["set"].as_table())
    for (const auto& [k, v] : *set) {
      fixed.push_back(fmt::format("{}={}", k.str(), value_text(v)));
      set_keys.emplace(k.str());
    }
  return fixed;
}

// [grid]: the swept keys into keys, and the values of each.
std::vector<std::vector<std::string>> read_grid(const toml::table& t, const std::string& origin,
                                                std::vector<std::string>& keys) {
  std::vector<std::vector<std::string>> values;
  const toml::node* g = t.get("grid");
  if (!g) return values;
  if (!g->is_table()) throw BadInput(fmt::format("{}: grid must be a table of KEY = [values]", origin));
  for (const auto& [k, v] : *g->as_table()) {
    const toml::array* arr = v.as_array();
    if (!arr || arr->empty())
      throw BadInput(fmt::format("{}: grid.\"{}\" must be a non-empty array of values", origin, k.str()));
    keys.emplace_back(k.str());
    values.emplace_back();
    for (const auto& x : *arr) values.back().push_back(value_text(x));
  }
  return values;
}

// A key is set in one place: the seed by seeds = [...] (it names the point's seed in results.csv),
// any other key in [set] or in [grid], not both.
void check_keys_set_once(const std::set<std::string>& set_keys, const std::vector<std::string>& grid_keys,
                         const std::string& origin) {
  for (const std::string& k : set_keys)
    if (k == "sim.seed") throw BadInput(fmt::format("{}: set.\"sim.seed\": give seeds as seeds = [...]", origin));
  for (const std::string& k : grid_keys) {
    if (k == "sim.seed") throw BadInput(fmt::format("{}: grid.\"sim.seed\": give seeds as seeds = [...]", origin));
    if (set_keys.count(k))
      throw BadInput(fmt::format("{}: \"{}\" is in both [set] and [grid]: give it in one of them", origin, k));
  }
}

// seeds = [...], else the scenario's own seed (required with a grid over "scenario").
std::vector<uint64_t> read_seeds(const toml::table& t, const std::string& origin, const std::string& scenario,
                                 bool scenario_grid) {
  std::vector<uint64_t> seeds;
  if (const toml::node* s = t.get("seeds")) {
    const toml::array* arr = s->as_array();
    if (!arr || arr->empty()) throw BadInput(fmt::format("{}: seeds must be a non-empty array of integers", origin));
    for (const auto& x : *arr) {
      const auto v = x.value<int64_t>();
      if (!v || *v < 0) throw BadInput(fmt::format("{}: seeds must be integers >= 0", origin));
      seeds.push_back(static_cast<uint64_t>(*v));
    }
  }
  if (seeds.empty()) {
    if (scenario_grid) throw BadInput(fmt::format("{}: seeds = [...] is required with a grid over \"scenario\"", origin));
    try {
      seeds.push_back(sims::load_scenario(scenario).sim.seed);
    } catch (const sims::ScenarioError& e) {
      throw BadInput(e.what());
    }
  }
  return seeds;
}

// One point of the sweep: the swept values, the seed and the [set] keys. Every point is checked
// before anything runs: a bad value stops the sweep with its key.
Point make_point(const Sweep& sw, const std::vector<std::pair<std::string, std::string>>& swept, uint64_t seed,
                 const std::vector<std::string>& fixed, const std::string& origin, const std::string& out_dir) {
  Point p;
  p.index = sw.points.size();
  p.swept = swept;
  p.seed = seed;
  p.sets = fixed;
  p.scenario = sw.scenario;
  for (const auto& [k, v] : swept) {
    if (k == "scenario")
      p.scenario = scenario_path(origin, "grid.scenario", v.size() >= 2 && v.front() == '"' ? v.substr(1, v.size() - 2) : v);
    else
      p.sets.push_back(k + "=" + v);
  }
  p.sets.push_back(fmt::format("sim.seed={}", seed));
  p.dir = fmt::format("{}/points/{:05}", out_dir, p.index);
  try {
    sims::load_scenario(p.scenario, p.sets);
  } catch (const sims::ScenarioError& e) {
    throw BadInput(fmt::format("sweep point {}: {}", p.index, e.what()));
  }
  return p;
}

// The points: the Cartesian product of the grid, the last key varying fastest, seeds innermost.
void add_points(Sweep& sw, const std::vector<std::vector<std::string>>& values, const std::vector<uint64_t>& seeds,
                const std::vector<std::string>& fixed, const std::string& origin, const std::string& out_dir) {
  size_t combos = 1;
  for (const auto& v : values) {
    combos *= v.size();
    if (combos > kMaxSweepPoints / seeds.size())
      throw BadInput(
          fmt::format("{}: the grid and seeds give more than {} points: split the sweep", origin, kMaxSweepPoints));
  }
  for (size_t c = 0; c < combos; ++c) {
    std::vector<std::pair<std::string, std::string>> swept;
    size_t rest = c;
    for (size_t k = sw.keys.size(); k-- > 0;) {
      swept.insert(swept.begin(), {sw.keys[k], values[k][rest % values[k].size()]});
      rest /= values[k].size();
    }
    for (uint64_t seed : seeds) sw.points.push_back(make_point(sw, swept, seed, fixed, origin, out_dir));
  }
}

}  // namespace

Sweep load_sweep(const toml::table& t, const std::string& origin, const std::string& out_dir,
                 const std::set<std::string>& extra_keys) {
  reject_unknown_sweep_keys(t, origin, extra_keys);
  Sweep sw;
  const auto scen = t["scenario"].value<std::string>();
  const bool scenario_grid = t["grid"]["scenario"].is_array();
  if (!scen && !scenario_grid)
    throw BadInput(fmt::format("{}: scenario = \"FILE.toml\" (or a grid over \"scenario\") is required", origin));
  if (scen) sw.scenario = scenario_path(origin, "scenario", *scen);
  std::set<std::string> set_keys;
  const std::vector<std::string> fixed = read_set(t, set_keys);
  const std::vector<std::vector<std::string>> values = read_grid(t, origin, sw.keys);
  check_keys_set_once(set_keys, sw.keys, origin);
  const std::vector<uint64_t> seeds = read_seeds(t, origin, sw.scenario, scenario_grid);
  add_points(sw, values, seeds, fixed, origin, out_dir);
  return sw;
}

std::string point_label(const Point& p) {
  std::string label;
  for (const auto& [k, v] : p.swept) label += fmt::format("{}={}, ", k, v);
  return label + fmt::format("seed {}", p.seed);
}

bool finished(const Point& p) { return fs::exists(p.dir + "/summary.json") && fs::exists(p.dir + "/point.json"); }

namespace {

void write_point_file(const Point& p) {
  nlohmann::json j = {{"index", p.index}, {"seed", p.seed}, {"sets", p.sets}};
  for (const auto& [k, v] : p.swept) j["swept"][k] = v;
  sims::write_output_file(p.dir + "/point.json", j.dump(2) + "\n");
}

}  // namespace

void run_points(const Sweep& sw, unsigned jobs) {
  std::vector<const Point*> todo;
  for (const auto& p : sw.points)
    if (!finished(p)) todo.push_back(&p);
  fmt::print(stderr, "sweep: {} points, {} already done, {} to run, {} at a time\n", sw.points.size(),
             sw.points.size() - todo.size(), todo.size(), jobs);
  std::map<int, const Point*> running;
  size_t next = 0, done = 0, failed = 0;
  const auto t0 = std::chrono::steady_clock::now();
  // SIGINT/SIGTERM: no new point starts, the running ones get the signal and end with their outputs
  // marked partial (no point.json: a rerun runs them again), and the sweep exits 130/143.
  const InterruptGuard interrupts;
  int forwarded = 0;
  while (next < todo.size() || !running.empty()) {
    if (const int sig = interrupt_signal(); sig != 0 && forwarded == 0) {
      forwarded = sig;
      next = todo.size();
      for (const auto& [pid, p] : running) ::kill(pid, sig);
    }
    while (next < todo.size() && running.size() < jobs) {
      const Point& p = *todo[next++];
      fs::create_directories(p.dir);
      fs::remove(p.dir + "/point.json");
      running[start_child(run_command(p.scenario, p.sets, p.dir, sw.run_options), p.dir + "/run.log")] = &p;
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
      fmt::print(stderr, "  point {} ({}) failed (exit {}): see {}/run.log\n", p.index, point_label(p), r.exit_code,
                 p.dir);
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print(stderr, "  [{}/{}] point {} ({}) done, {:.0f} s elapsed, about {:.0f} s to go\n", done, todo.size(),
               p.index, point_label(p), wall, wall / double(done) * double(todo.size() - done));
  }
  if (forwarded != 0)
    throw Interrupted(forwarded, fmt::format("sweep: {} stopped it after {} of {} points; the finished ones are kept, "
                                             "rerun the same command to run the rest",
                                             signal_name(forwarded), done - failed, todo.size()));
  if (failed) throw RunFailed(fmt::format("sweep: {} of {} points failed; rerun to retry them", failed, todo.size()));
}

}  // namespace ccf::cli
