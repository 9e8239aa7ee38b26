// size_cdf.hpp: an empirical flow-size distribution (sims/workloads/*.cdf): points of (size in bytes,
// cumulative probability), sampled by inverse transform with linear interpolation between points
// (as HPCC's traffic_gen/custom_rand.py does), so its mean is the sum over segments of
// (p_i - p_{i-1}) x (s_i + s_{i-1}) / 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ccf::sims {

struct WorkloadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The largest CDF file that is read (a regular file; not /dev/zero, a directory, ...).
inline constexpr uint64_t kMaxCdfFileBytes = uint64_t{16} << 20;

class SizeCdf {
 public:
  struct Point {
    double size_bytes = 0.0;
    double cum_prob = 0.0;  // 0..1
  };

  // Parses the text of a .cdf file: '#' starts a comment, blank lines are skipped, every other line
  // is "SIZE_BYTES CUMULATIVE_PROBABILITY". Rules: at least two points, sizes >= 0 and
  // non-decreasing, probabilities in [0, 1] and non-decreasing, the last probability 1. Throws
  // WorkloadError "ORIGIN:LINE: what is wrong" on the first problem.
  static SizeCdf parse(const std::string& text, const std::string& origin);
  // "web_search" and "data_mining" name the shipped files (sims/workloads/, built into the binary);
  // anything else is a path. Throws WorkloadError when the file is not a regular file of at most
  // kMaxCdfFileBytes, cannot be read or is malformed.
  static SizeCdf load(const std::string& name_or_path);
  static const std::vector<std::string>& builtin_names();

  // The size at cumulative probability u in [0, 1): linear between points, rounded to whole bytes,
  // at least 1 byte (a 0-byte message is not a flow).
  uint64_t size_at(double u) const;
  // The mean of the piecewise-linear distribution, in bytes (before rounding to whole bytes).
  double mean_bytes() const;
  const std::vector<Point>& points() const { return points_; }
  const std::string& origin() const { return origin_; }

 private:
  std::vector<Point> points_;
  std::string origin_;
};

}  // namespace ccf::sims
