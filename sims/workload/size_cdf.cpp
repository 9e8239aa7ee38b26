// size_cdf.cpp: see size_cdf.hpp.
#include "sims/workload/size_cdf.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "sims/generated/builtin_cdfs.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::sims {

SizeCdf SizeCdf::parse(const std::string& text, const std::string& origin) {
  SizeCdf c;
  c.origin_ = origin;
  std::istringstream in(text);
  std::string line;
  unsigned line_no = 0, last_line = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream ls(line);
    std::string a, b, extra;
    if (!(ls >> a)) continue;  // blank or comment
    auto fail = [&](const std::string& what) {
      throw WorkloadError(fmt::format("{}:{}: {}", origin, line_no, what));
    };
    if (!(ls >> b) || (ls >> extra))
      fail(fmt::format("'{}' must be two numbers: SIZE_BYTES CUMULATIVE_PROBABILITY", line));
    Point p;
    size_t used_a = 0, used_b = 0;
    try {
      p.size_bytes = std::stod(a, &used_a);
      p.cum_prob = std::stod(b, &used_b);
    } catch (const std::exception&) {
      fail(fmt::format("'{}' must be two numbers: SIZE_BYTES CUMULATIVE_PROBABILITY", line));
    }
    if (used_a != a.size() || used_b != b.size())
      fail(fmt::format("'{}' must be two numbers: SIZE_BYTES CUMULATIVE_PROBABILITY", line));
    if (!std::isfinite(p.size_bytes) || p.size_bytes < 0)
      fail(fmt::format("size {} must be a finite number >= 0 (bytes)", a));
    if (!std::isfinite(p.cum_prob) || p.cum_prob < 0 || p.cum_prob > 1)
      fail(fmt::format("cumulative probability {} must be in [0, 1]", b));
    if (!c.points_.empty()) {
      const Point& q = c.points_.back();
      if (p.size_bytes < q.size_bytes)
        fail(fmt::format("size {} must be >= the previous point's size {} (the CDF must be monotonic)", a,
                         q.size_bytes));
      if (p.cum_prob < q.cum_prob)
        fail(fmt::format("cumulative probability {} must be >= the previous point's {} (the CDF must be monotonic)", b,
                         q.cum_prob));
    }
    c.points_.push_back(p);
    last_line = line_no;
  }
  if (c.points_.size() < 2)
    throw WorkloadError(fmt::format("{}: has {} point(s); a CDF needs at least two lines "
                                    "\"SIZE_BYTES CUMULATIVE_PROBABILITY\"", origin, c.points_.size()));
  if (c.points_.back().cum_prob != 1.0)
    throw WorkloadError(fmt::format("{}:{}: the last cumulative probability is {}; it must be 1", origin, last_line,
                                    c.points_.back().cum_prob));
  if (c.points_.back().size_bytes < 1)
    throw WorkloadError(fmt::format("{}:{}: the largest size is {} B; it must be >= 1", origin, last_line,
                                    c.points_.back().size_bytes));
  return c;
}

const std::vector<std::string>& SizeCdf::builtin_names() {
  static const std::vector<std::string> names{"web_search", "data_mining"};
  return names;
}

SizeCdf SizeCdf::load(const std::string& name_or_path) {
  if (name_or_path == "web_search") return parse(builtin_cdfs::kWebSearch, "sims/workloads/web_search.cdf");
  if (name_or_path == "data_mining") return parse(builtin_cdfs::kDataMining, "sims/workloads/data_mining.cdf");
  std::string text;
  try {
    text = read_text_file(name_or_path, "CDF file", kMaxCdfFileBytes);  // not /dev/zero, a directory, ...
  } catch (const ScenarioError& e) {
    throw WorkloadError(
        fmt::format("{} (cdf must be \"web_search\", \"data_mining\" or the path of a CDF file)", e.what()));
  }
  return parse(text, name_or_path);
}

uint64_t SizeCdf::size_at(double u) const {
  // First point with cum_prob > u; interpolate on the segment that ends there. Flat segments (equal
  // probabilities) carry no mass and are never chosen.
  const auto it = std::upper_bound(points_.begin(), points_.end(), u,
                                   [](double x, const Point& p) { return x < p.cum_prob; });
  double size = points_.back().size_bytes;
  if (it == points_.begin()) {
    size = points_.front().size_bytes;  // an atom at the first point (its probability > 0)
  } else if (it != points_.end()) {
    const Point& hi = *it;
    const Point& lo = *(it - 1);
    size = lo.size_bytes + (hi.size_bytes - lo.size_bytes) * (u - lo.cum_prob) / (hi.cum_prob - lo.cum_prob);
  }
  return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(size)));
}

double SizeCdf::mean_bytes() const {
  double m = points_.front().size_bytes * points_.front().cum_prob;  // atom at the first point
  for (size_t i = 1; i < points_.size(); ++i)
    m += (points_[i].cum_prob - points_[i - 1].cum_prob) * (points_[i].size_bytes + points_[i - 1].size_bytes) / 2.0;
  return m;
}

}  // namespace ccf::sims
