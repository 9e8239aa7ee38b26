// fct_results.cpp: see fct_results.hpp.
#include "sims/output/fct_results.hpp"

#include "sims/output/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ccf::sims {

namespace {

std::string size_text(uint64_t b) {
  if (b >= 1'000'000 && b % 1'000'000 == 0) return fmt::format("{}MB", b / 1'000'000);
  if (b >= 1'000 && b % 1'000 == 0) return fmt::format("{}KB", b / 1'000);
  return fmt::format("{}B", b);
}

void fill(FctBucket& b, const std::vector<const FctRecord*>& in) {
  std::vector<double> sd;
  double fct_sum = 0.0;
  for (const FctRecord* r : in) {
    if (!r->fct_us) {
      ++b.unfinished;
      continue;
    }
    sd.push_back(r->slowdown());
    fct_sum += *r->fct_us;
  }
  b.finished = sd.size();
  if (sd.empty()) return;
  std::sort(sd.begin(), sd.end());
  b.p50_slowdown = nearest_rank(sd, 0.50);
  b.p95_slowdown = nearest_rank(sd, 0.95);
  b.p99_slowdown = nearest_rank(sd, 0.99);
  double s = 0.0;
  for (double v : sd) s += v;
  b.mean_slowdown = s / double(sd.size());
  b.mean_fct_us = fct_sum / double(sd.size());
}

nlohmann::json bucket_json(const FctBucket& b) {
  // A bucket without finished flows has no slowdown: null, not 0.
  auto stat = [&](double v) { return b.finished ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {{"bucket", b.label()},
          {"lo_bytes", b.lo_bytes},
          {"hi_bytes", b.hi_bytes ? nlohmann::json(b.hi_bytes) : nlohmann::json(nullptr)},
          {"finished", b.finished},
          {"unfinished", b.unfinished},
          {"p50_slowdown", stat(b.p50_slowdown)},
          {"p95_slowdown", stat(b.p95_slowdown)},
          {"p99_slowdown", stat(b.p99_slowdown)},
          {"mean_slowdown", stat(b.mean_slowdown)},
          {"mean_fct_us", stat(b.mean_fct_us)}};
}

}  // namespace

std::string FctBucket::label() const {
  if (lo_bytes == 0 && hi_bytes == 0) return "all";
  if (lo_bytes == 0) return fmt::format("<={}", size_text(hi_bytes));
  if (hi_bytes == 0) return fmt::format(">{}", size_text(lo_bytes));
  return fmt::format("{}-{}", size_text(lo_bytes), size_text(hi_bytes));
}

double nearest_rank(const std::vector<double>& sorted, double p) {
  const auto n = sorted.size();
  size_t rank = static_cast<size_t>(std::ceil(p * double(n)));  // 1-based
  rank = std::clamp<size_t>(rank, 1, n);
  return sorted[rank - 1];
}

FctSummary summarize_fct(std::vector<FctRecord> flows) {
  FctSummary s;
  s.flows = std::move(flows);
  std::vector<std::vector<const FctRecord*>> in(kFctBucketEdgesBytes.size() + 1);
  std::vector<const FctRecord*> sized;
  for (const auto& f : s.flows) {
    if (f.bytes == 0) {
      ++s.unlimited;
      continue;
    }
    const auto k = static_cast<size_t>(std::lower_bound(kFctBucketEdgesBytes.begin(), kFctBucketEdgesBytes.end(), f.bytes) -
                                       kFctBucketEdgesBytes.begin());
    in[k].push_back(&f);
    sized.push_back(&f);
  }
  for (size_t k = 0; k < in.size(); ++k) {
    FctBucket b;
    b.lo_bytes = k == 0 ? 0 : kFctBucketEdgesBytes[k - 1];
    b.hi_bytes = k < kFctBucketEdgesBytes.size() ? kFctBucketEdgesBytes[k] : 0;
    fill(b, in[k]);
    s.buckets.push_back(b);
  }
  fill(s.all, sized);
  return s;
}

nlohmann::json fct_json(const FctSummary& s) {
  nlohmann::json buckets = nlohmann::json::array();
  for (const auto& b : s.buckets) buckets.push_back(bucket_json(b));
  std::vector<uint64_t> edges(kFctBucketEdgesBytes.begin(), kFctBucketEdgesBytes.end());
  return {{"bucket_edges_bytes", edges},
          {"flows", s.flows.size()},
          {"finished", s.all.finished},
          {"unfinished", s.all.unfinished},
          {"unlimited", s.unlimited},
          {"percentile", "nearest rank"},
          {"all", bucket_json(s.all)},
          {"buckets", buckets}};
}

void write_fct_files(const FctSummary& s, const std::string& dir) {
  std::filesystem::create_directories(dir);
  OutputFile f(dir + "/fct.csv");
  f << "id,src,dst,bytes,start_us,fct_us,ideal_us,slowdown\n";
  for (const auto& r : s.flows)
    if (r.fct_us)
      f << fmt::format("{},{},{},{},{:.6f},{:.6f},{:.6f},{:.6f}\n", r.id, r.src, r.dst, r.bytes, r.start_us, *r.fct_us,
                       r.ideal_us, r.slowdown());
  f.commit();
  OutputFile b(dir + "/fct_buckets.csv");
  b << "bucket,lo_bytes,hi_bytes,finished,unfinished,p50_slowdown,p95_slowdown,p99_slowdown,mean_slowdown,mean_fct_us\n";
  // A bucket without a finished flow has no statistics: empty cells (null in summary.json).
  for (const auto& x : s.buckets) {
    b << fmt::format("{},{},{},{},{}", x.label(), x.lo_bytes, x.hi_bytes ? std::to_string(x.hi_bytes) : "",
                     x.finished, x.unfinished);
    for (double v : {x.p50_slowdown, x.p95_slowdown, x.p99_slowdown, x.mean_slowdown, x.mean_fct_us})
      b << (x.finished ? fmt::format(",{:.6f}", v) : std::string(","));
    b << "\n";
  }
  b.commit();
}

bool write_fct_plot_script(const FctSummary& s, const std::string& dir) {
  if (s.all.finished == 0) return false;
  OutputFile gp(dir + "/fct.gp");
  gp << "set datafile separator ','\nset terminal pngcairo size 1000,600 noenhanced\n";
  gp << "set output 'fct.png'\n";
  gp << "set title 'FCT slowdown by flow size (FCT / ideal FCT on an idle fabric; finished flows)'\n"
        "set xlabel 'flow size (payload bytes)'\nset ylabel 'slowdown'\nset grid\nset key top left\n"
        "set logscale y\nset yrange [0.9:*]\nset xrange [-0.5:" << double(std::max<size_t>(1, s.buckets.size())) - 0.5
     << "]\n";
  // Buckets without finished flows have empty percentiles: not drawn.
  gp << "f = 'fct_buckets.csv'\n"
     << "plot f skip 1 using 0:($4 > 0 ? $6 : 1/0):xtic(1) with linespoints lw 2 pt 7 title 'median', \\\n"
        "     f skip 1 using 0:($4 > 0 ? $7 : 1/0) with linespoints lw 2 pt 5 title '95th percentile', \\\n"
        "     f skip 1 using 0:($4 > 0 ? $8 : 1/0) with linespoints lw 2 pt 9 title '99th percentile', \\\n"
        "     f skip 1 using 0:($4 + $5 > 0 ? ($4 > 0 ? $8 : 1) : 1/0):(sprintf('%d done, %d unfinished', $4, $5)) "
        "with labels offset 0,1.2 notitle\n";
  gp.commit();
  return true;
}

}  // namespace ccf::sims
