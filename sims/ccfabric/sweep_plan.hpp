// sweep_plan.hpp: the points of a sweep file (a grid of scenario keys and seeds, docs/sweeps.md)
// and running them here as child `ccfabric run` processes, N at a time, skipping finished points.
// Used by `ccfabric sweep` and `ccfabric experiment`.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

namespace ccf::cli {

struct Point {
  size_t index = 0;
  std::vector<std::pair<std::string, std::string>> swept;  // key, value as written
  uint64_t seed = 0;
  std::vector<std::string> sets;                            // every --set of the run
  std::string scenario;                                     // absolute path of the run's scenario
  std::string dir;
};

struct Sweep {
  std::string scenario;  // absolute; a grid over "scenario" gives each point its own (Point::scenario)
  std::vector<std::string> keys;
  std::vector<Point> points;
  // Options every point's `ccfabric run` gets, e.g. {"--plots", "none"}: a sweep draws its own figure.
  std::vector<std::string> run_options;
};

// "traffic.0.senders=4, cc.dcqcn.r_ai_mbps=200, seed 1": what a progress line says of a point.
std::string point_label(const Point& p);

// The points of sweep table t read from `origin` (relative paths are relative to it); points go to
// out_dir/points/NNNNN. A grid key "scenario" sweeps scenario files (relative to origin). Keys other than scenario, seeds, set and grid are errors unless listed in
// extra_keys. Throws BadInput naming the key.
Sweep load_sweep(const toml::table& t, const std::string& origin, const std::string& out_dir,
                 const std::set<std::string>& extra_keys = {});
// Parses `path` as TOML; throws BadInput with file:line:column on a syntax error.
toml::table parse_toml_file(const std::string& path);

bool finished(const Point& p);
// Runs the unfinished points, `jobs` at a time, with a progress line per point. Throws RunFailed if
// any failed (a rerun retries them).
void run_points(const Sweep& sw, unsigned jobs);

}  // namespace ccf::cli
