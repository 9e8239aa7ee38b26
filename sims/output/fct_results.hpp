// fct_results.hpp: flow completion times and slowdowns of a run, by flow-size bucket (docs/workloads.md
// 4): summary.json's "fct" section, fct.csv (one line per finished flow), fct_buckets.csv and fct.png.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace ccf::sims {

// Upper edges of the size buckets, in payload bytes: (0, 10 KB], (10 KB, 100 KB], (100 KB, 1 MB],
// (1 MB, 10 MB], and above 10 MB (the buckets of the HPCC and Homa FCT figures, in decades).
inline constexpr std::array<uint64_t, 4> kFctBucketEdgesBytes{10'000, 100'000, 1'000'000, 10'000'000};

struct FctRecord {
  uint32_t id = 0, src = 0, dst = 0;
  uint64_t bytes = 0;              // 0 = unlimited (never completes, not in the statistics)
  double start_us = 0.0;
  std::optional<double> fct_us;    // set when the flow completed
  double ideal_us = 0.0;           // ideal FCT on an idle fabric (sims/workload/ideal_fct.hpp)
  double slowdown() const { return *fct_us / ideal_us; }
};

struct FctBucket {
  uint64_t lo_bytes = 0, hi_bytes = 0;  // (lo, hi]; hi = 0: no upper edge
  uint64_t finished = 0, unfinished = 0;
  // Slowdown percentiles by nearest rank (the smallest value with at least p of the flows at or
  // below it) and means over the finished flows; 0 when none finished.
  double p50_slowdown = 0.0, p95_slowdown = 0.0, p99_slowdown = 0.0, mean_slowdown = 0.0;
  double mean_fct_us = 0.0;
  std::string label() const;            // "<=10KB", "10KB-100KB", ..., ">10MB"
};

struct FctSummary {
  std::vector<FctRecord> flows;         // every flow of the run, in id order
  std::vector<FctBucket> buckets;       // one per size bucket, in size order
  FctBucket all;                        // every flow with a size
  uint64_t unlimited = 0;               // flows without a size (bytes = 0)
};

// Sorts the flows into buckets and computes the statistics.
FctSummary summarize_fct(std::vector<FctRecord> flows);
// The nearest-rank percentile (p in (0, 1]) of `sorted` (ascending, non-empty).
double nearest_rank(const std::vector<double>& sorted, double p);

// The "fct" section of summary.json.
nlohmann::json fct_json(const FctSummary& s);
// fct.csv (id,src,dst,bytes,start_us,fct_us,ideal_us,slowdown; finished flows) and fct_buckets.csv.
void write_fct_files(const FctSummary& s, const std::string& dir);
// fct.gp, gnuplot's script of fct.png from fct_buckets.csv; false (and no script) when no flow
// finished, as there is nothing to draw.
bool write_fct_plot_script(const FctSummary& s, const std::string& dir);

}  // namespace ccf::sims
