// workload.cpp: see workload.hpp.
#include "sims/workload/workload.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "sims/workload/hpcc_flow_file.hpp"
#include "sims/workload/workload_rng.hpp"

namespace ccf::sims {

namespace {

// Destinations of one sender under the hot-spot rule: hot (hot_hosts without the sender) with
// probability hot_fraction, else cold (the set without hot hosts and without the sender). An empty
// side gives its share to the other.
class DestinationPicker {
 public:
  DestinationPicker(const TrafficSpec& t, const std::vector<unsigned>& set, unsigned src) : fraction_(t.hot_fraction) {
    for (unsigned h : t.hot_hosts)
      if (h != src) hot_.push_back(h);
    for (unsigned h : set)
      if (h != src && std::find(t.hot_hosts.begin(), t.hot_hosts.end(), h) == t.hot_hosts.end()) cold_.push_back(h);
  }
  bool empty() const { return hot_.empty() && cold_.empty(); }
  unsigned pick(WorkloadRng& rng) const {
    bool hot = false;
    if (fraction_ > 0) hot = rng.uniform01() < fraction_;  // no draw when there is no hot share
    if (hot_.empty()) hot = false;
    if (cold_.empty()) hot = true;
    const std::vector<unsigned>& from = hot ? hot_ : cold_;
    return from[rng.below(from.size())];
  }

 private:
  double fraction_;
  std::vector<unsigned> hot_, cold_;
};

// A uniformly random derangement of 0..n-1 (n >= 2): Fisher-Yates shuffles, rejected while any
// element stays in place (about e = 2.7 shuffles on average).
std::vector<unsigned> derangement(unsigned n, WorkloadRng& rng) {
  std::vector<unsigned> p(n);
  for (;;) {
    for (unsigned i = 0; i < n; ++i) p[i] = i;
    for (unsigned i = n - 1; i > 0; --i) std::swap(p[i], p[rng.below(uint64_t{i} + 1)]);
    bool fixed = false;
    for (unsigned i = 0; i < n && !fixed; ++i) fixed = p[i] == i;
    if (!fixed) return p;
  }
}

}  // namespace

std::vector<unsigned> sender_set(const TrafficSpec& t, unsigned hosts) {
  if (!t.sender_hosts.empty()) return t.sender_hosts;
  std::vector<unsigned> s;
  if (t.pattern == "incast") {
    for (unsigned h = 1; h <= t.senders && h < hosts; ++h) s.push_back(h);
  } else {
    for (unsigned h = 0; h < hosts; ++h) s.push_back(h);
  }
  return s;
}

double poisson_mean_interarrival_us(double mean_bytes, double load, double host_link_gbps) {
  return mean_bytes * 8.0 / (load * host_link_gbps * 1e3);  // bits / (Gb/s x 1e3) = us
}

namespace {

// The flows of one [[traffic]] entry as they are made.
struct EntryFlows {
  const TrafficSpec& t;
  uint32_t traffic_index;
  std::vector<GeneratedFlow> out;

  void add(unsigned src, unsigned dst, uint64_t bytes, double start_us) {
    GeneratedFlow f;
    f.src = src;
    f.dst = dst;
    f.bytes = bytes;
    f.start_us = start_us;
    f.priority = t.priority;
    f.max_gbps = t.rate_gbps;
    f.traffic_index = traffic_index;
    out.push_back(f);
  }
};

// pattern = "hpcc_flows": the flows of an HPCC flow file, shifted by start_offset_s.
void add_hpcc_file_flows(EntryFlows& e, const std::string& where, const WorkloadParams& p) {
  const TrafficSpec& t = e.t;
  for (const HpccFlow& f : read_hpcc_flow_file(t.file, p.hosts)) {
    const double start_us = (f.start_s - t.start_offset_s) * 1e6;
    if (start_us < 0)
      throw WorkloadError(fmt::format("{}: {} has a flow starting at {} s, before start_offset_s = {}", where,
                                      t.file, f.start_s, t.start_offset_s));
    e.add(f.src, f.dst, f.bytes, start_us);
    e.out.back().priority = f.priority;
  }
}

// pattern = "poisson": flows of the CDF's sizes arriving at each sender at the load's rate, in
// order of their start.
void add_poisson_flows(EntryFlows& e, const std::vector<unsigned>& set, const std::string& where,
                       const WorkloadParams& p) {
  const TrafficSpec& t = e.t;
  SizeCdf cdf;
  try {
    cdf = SizeCdf::load(t.cdf);
  } catch (const WorkloadError& err) {
    throw WorkloadError(fmt::format("{}.cdf = \"{}\": {}", where, t.cdf, err.what()));
  }
  const double stop_us = t.stop_us > 0 ? t.stop_us : p.duration_us;
  const double mean_gap_us = poisson_mean_interarrival_us(cdf.mean_bytes(), t.load, p.host_link_gbps);
  for (unsigned src : set) {
    // One stream per sender: a host's flows do not change when another host is added.
    WorkloadRng rng(mix_seed(p.seed, e.traffic_index, src));
    const DestinationPicker pick(t, set, src);
    if (pick.empty()) throw WorkloadError(fmt::format("{}: host {} has no destination", where, src));
    for (double at = t.start_us + rng.exponential(mean_gap_us); at < stop_us; at += rng.exponential(mean_gap_us)) {
      const unsigned dst = pick.pick(rng);
      e.add(src, dst, cdf.size_at(rng.uniform01()), at);
      if (e.out.size() > size_t{p.max_flows_per_host} * p.hosts) break;  // reported by check_flow_tables
    }
  }
  std::stable_sort(e.out.begin(), e.out.end(), [](const GeneratedFlow& a, const GeneratedFlow& b) {
    return a.start_us != b.start_us ? a.start_us < b.start_us : a.src < b.src;
  });
}

// The flows of traffic[ti] by its pattern.
std::vector<GeneratedFlow> entry_flows(const TrafficSpec& t, size_t ti, const WorkloadParams& p) {
  const std::string where = fmt::format("traffic[{}]", ti);
  const std::vector<unsigned> set = sender_set(t, p.hosts);
  for (unsigned h : set)
    if (h >= p.hosts) throw WorkloadError(fmt::format("{}: host {} is outside 0..{}", where, h, p.hosts - 1));
  EntryFlows e{t, static_cast<uint32_t>(ti), {}};
  if (t.pattern == "incast" && t.flows > 0) {
    for (unsigned k = 0; k < t.flows && !set.empty(); ++k) e.add(set[k % set.size()], t.receiver, t.bytes, t.start_us);
  } else if (t.pattern == "incast") {
    for (unsigned src : set)
      for (unsigned k = 0; k < t.flows_per_sender; ++k) e.add(src, t.receiver, t.bytes, t.start_us);
  } else if (t.pattern == "permutation") {
    if (set.size() < 2) throw WorkloadError(fmt::format("{}: pattern \"permutation\" needs at least two hosts", where));
    WorkloadRng rng(mix_seed(p.seed, ti));
    const std::vector<unsigned> perm = derangement(static_cast<unsigned>(set.size()), rng);
    for (size_t i = 0; i < set.size(); ++i)
      for (unsigned k = 0; k < t.flows_per_sender; ++k) e.add(set[i], set[perm[i]], t.bytes, t.start_us);
  } else if (t.pattern == "all_to_all") {
    for (unsigned src : set)
      for (unsigned dst : set)
        if (dst != src)
          for (unsigned k = 0; k < t.flows_per_sender; ++k) e.add(src, dst, t.bytes, t.start_us);
  } else if (t.pattern == "hot_spot") {
    for (unsigned src : set) {
      WorkloadRng rng(mix_seed(p.seed, ti, src));
      const DestinationPicker pick(t, set, src);
      if (pick.empty()) throw WorkloadError(fmt::format("{}: host {} has no destination", where, src));
      for (unsigned k = 0; k < t.flows_per_sender; ++k) e.add(src, pick.pick(rng), t.bytes, t.start_us);
    }
  } else if (t.pattern == "hpcc_flows") {
    add_hpcc_file_flows(e, where, p);
  } else if (t.pattern == "poisson") {
    add_poisson_flows(e, set, where, p);
  } else {
    throw WorkloadError(fmt::format("{}: pattern = \"{}\" is unknown", where, t.pattern));
  }
  return std::move(e.out);
}

// Every flow has a sender entry at its source and a receiver entry at its destination.
void check_flow_tables(const std::vector<GeneratedFlow>& all, const WorkloadParams& p) {
  std::map<unsigned, uint64_t> as_src, as_dst;
  for (const auto& f : all) {
    if (++as_src[f.src] > p.max_flows_per_host || ++as_dst[f.dst] > p.max_flows_per_host)
      throw WorkloadError(fmt::format(
          "traffic[{}]: host {} would {} more than {} flows, the NIC's flow table (lower load, flows_per_sender, "
          "stop_us or sim.duration_us)", f.traffic_index, as_src[f.src] > p.max_flows_per_host ? f.src : f.dst,
          as_src[f.src] > p.max_flows_per_host ? "send" : "receive", p.max_flows_per_host));
  }
}

}  // namespace

std::vector<GeneratedFlow> generate_flows(const std::vector<TrafficSpec>& traffic, const WorkloadParams& p) {
  std::vector<GeneratedFlow> all;
  for (size_t ti = 0; ti < traffic.size(); ++ti) {
    const std::vector<GeneratedFlow> out = entry_flows(traffic[ti], ti, p);
    all.insert(all.end(), out.begin(), out.end());
  }
  check_flow_tables(all, p);
  for (size_t i = 0; i < all.size(); ++i) all[i].id = static_cast<uint32_t>(i + 1);
  return all;
}

}  // namespace ccf::sims
