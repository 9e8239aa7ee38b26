// results_merge.cpp: see results_merge.hpp.
#include "sims/parallel/results_merge.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace ccf::parallel {
namespace {

// A rank's results as rank 0 needs them: R is RunResults (unpacking) or const RunResults (packing).
template <class A, class R>
void visit_rank_results(A& a, R& r) {
  a.list(r.flows, [&](auto& f) {
    fields(a, f.id, f.src, f.dst, f.bytes_acked, f.throughput_gbps, f.fct_us, f.path);
    fields(a, f.longest_stall_us, f.failed);
  });
  a(r.flow_cc_metric);
  a.list(r.fct.flows, [&](auto& f) { fields(a, f.id, f.src, f.dst, f.bytes, f.start_us, f.fct_us, f.ideal_us); });
  a.list(r.receivers, [&](auto& x) { a(x); });
  fields(a, r.frames.injected, r.frames.delivered, r.frames.dropped, r.frames.in_flight, r.frames.sent_by_kind);
  fields(a, r.frames.retransmitted, r.frames.duplicates);
  fields(a, r.timeouts, r.window, r.starvation, r.drops);
  fields(a, r.pfc_pause_frames, r.pfc_resume_frames, r.max_queue_bytes);
  fields(a, r.wall_s, r.wall_switch_s, r.wall_nic_s, r.switch_cycles_stepped, r.memory);
  a.list(r.ports, [&](auto& p) {
    fields(a, p.sw, p.port, p.peer, p.gbps, p.tx_frames, p.tx_bytes, p.ecn_marked_frames);
    fields(a, p.pfc_pause_tx, p.peak_queue_bytes, p.rcm);
  });
  a.list(r.rcm_switches, [&](auto& x) { fields(a, x.sw, x.counts); });
  a.list(r.pfc_events, [&](auto& e) { fields(a, e.time_us, e.node, e.port, e.class_enable, e.quanta); });
  a.list(r.samples, [&](auto& s) {
    a(s.time_us);
    a.list(s.flow_rate_gbps, [&](auto& x) { a(x); });
    a.list(s.flow_cc, [&](auto& x) { a(x); });
    a.list(s.active_flows, [&](auto& x) { a(x); });
    a.list(s.queue_bytes, [&](auto& x) { a(x); });
    a.list(s.rcm_degree, [&](auto& x) { a(x); });
  });
}

void add_counts(std::map<std::string, uint64_t>& to, const std::map<std::string, uint64_t>& from) {
  for (const auto& [k, v] : from) to[k] += v;
}

// Rows ordered by `key`, each rank's rows keeping their own order among equal keys.
template <class T, class Key>
std::vector<T> concat_sorted(std::vector<sims::RunResults>& parts, std::vector<T> sims::RunResults::*rows, Key key) {
  std::vector<T> all;
  for (sims::RunResults& p : parts) std::move((p.*rows).begin(), (p.*rows).end(), std::back_inserter(all));
  std::stable_sort(all.begin(), all.end(), [&](const T& a, const T& b) { return key(a) < key(b); });
  return all;
}

}  // namespace

Bytes pack_rank_results(const sims::RunResults& r) {
  Packer p;
  visit_rank_results(p, r);
  return p.take();
}

sims::RunResults unpack_rank_results(const Bytes& b) {
  Unpacker u(b);
  sims::RunResults r;
  visit_rank_results(u, r);
  if (!u.done()) throw std::logic_error("ccf::parallel: a rank's results are longer than their contents");
  return r;
}

sims::RunResults merge_rank_results(std::vector<sims::RunResults> parts, const ResultOwners& owners) {
  std::map<std::string, size_t> switch_index;
  for (size_t k = 0; k < owners.switch_names.size(); ++k) switch_index[owners.switch_names[k]] = k;
  auto sw_of = [&](const std::string& name) {
    const auto it = switch_index.find(name);
    return it == switch_index.end() ? SIZE_MAX : it->second;
  };
  sims::RunResults m = std::move(parts[0]);
  parts[0] = sims::RunResults{};
  // Moved back below with the other ranks' rows.
  parts[0].flows = std::move(m.flows);
  parts[0].fct.flows = std::move(m.fct.flows);
  parts[0].receivers = std::move(m.receivers);
  parts[0].ports = std::move(m.ports);
  parts[0].rcm_switches = std::move(m.rcm_switches);
  parts[0].pfc_events = std::move(m.pfc_events);
  // The flows' CC figure is the units' (rate or window): a rank with flows knows it.
  bool metric_known = !parts[0].flows.empty();
  for (size_t r = 1; r < parts.size(); ++r) {
    const sims::RunResults& p = parts[r];
    if (!metric_known && !p.flows.empty()) {
      m.flow_cc_metric = p.flow_cc_metric;
      metric_known = true;
    }
    m.frames.injected += p.frames.injected;
    m.frames.delivered += p.frames.delivered;
    m.frames.dropped += p.frames.dropped;
    m.frames.in_flight += p.frames.in_flight;
    add_counts(m.frames.sent_by_kind, p.frames.sent_by_kind);
    m.frames.retransmitted += p.frames.retransmitted;
    m.frames.duplicates += p.frames.duplicates;
    m.timeouts.total += p.timeouts.total;
    m.timeouts.spurious += p.timeouts.spurious;
    m.timeouts.flows_failed += p.timeouts.flows_failed;
    m.window.data_frames_sent += p.window.data_frames_sent;
    m.window.frames_dropped += p.window.frames_dropped;
    m.window.retransmitted += p.window.retransmitted;
    m.window.duplicates += p.window.duplicates;
    m.window.timeouts += p.window.timeouts;
    m.window.spurious_timeouts += p.window.spurious_timeouts;
    m.starvation.starved_flows += p.starvation.starved_flows;
    m.starvation.longest_stall_us = std::max(m.starvation.longest_stall_us, p.starvation.longest_stall_us);
    add_counts(m.drops, p.drops);
    m.pfc_pause_frames += p.pfc_pause_frames;
    m.pfc_resume_frames += p.pfc_resume_frames;
    m.max_queue_bytes = std::max(m.max_queue_bytes, p.max_queue_bytes);
    m.wall_s = std::max(m.wall_s, p.wall_s);
    m.wall_switch_s += p.wall_switch_s;
    m.wall_nic_s += p.wall_nic_s;
    m.switch_cycles_stepped += p.switch_cycles_stepped;
    m.memory.rss_before_switches_bytes += p.memory.rss_before_switches_bytes;
    m.memory.switches_bytes += p.memory.switches_bytes;
    m.memory.peak_rss_bytes += p.memory.peak_rss_bytes;
    if (p.samples.size() != m.samples.size())
      throw std::logic_error("ccf::parallel: the ranks took different numbers of samples");
  }
  // Where the wall time went, as shares of a rank's: the ranks' mean.
  m.wall_switch_s /= double(parts.size());
  m.wall_nic_s /= double(parts.size());
  m.flows = concat_sorted(parts, &sims::RunResults::flows, [](const sims::FlowResult& f) { return f.id; });
  m.receivers = concat_sorted(parts, &sims::RunResults::receivers, [](const sims::ReceiverResult& x) { return x.host; });
  m.ports = concat_sorted(parts, &sims::RunResults::ports,
                          [&](const sims::PortResult& p) { return std::pair(sw_of(p.sw), p.port); });
  m.rcm_switches =
      concat_sorted(parts, &sims::RunResults::rcm_switches, [&](const sims::RcmSwitchResult& s) { return sw_of(s.sw); });
  m.pfc_events = concat_sorted(parts, &sims::RunResults::pfc_events, [&](const sims::PfcEvent& e) { return sw_of(e.node); });
  std::vector<sims::FctRecord> fct;
  for (sims::RunResults& p : parts) std::move(p.fct.flows.begin(), p.fct.flows.end(), std::back_inserter(fct));
  std::sort(fct.begin(), fct.end(), [](const sims::FctRecord& a, const sims::FctRecord& b) { return a.id < b.id; });
  m.fct = sims::summarize_fct(std::move(fct));
  for (size_t s = 0; s < m.samples.size(); ++s) {
    sims::Sample& smp = m.samples[s];
    // Rank 0's columns are in place already.
    for (size_t i = 0; i < smp.flow_rate_gbps.size(); ++i)
      if (const unsigned o = owners.flow_column_rank.at(i); o != 0) {
        smp.flow_rate_gbps[i] = parts[o].samples[s].flow_rate_gbps[i];
        smp.flow_cc[i] = parts[o].samples[s].flow_cc[i];
      }
    for (size_t q = 0; q < smp.queue_bytes.size(); ++q)
      if (const unsigned o = owners.queue_rank.at(q); o != 0) {
        smp.queue_bytes[q] = parts[o].samples[s].queue_bytes[q];
        if (q < smp.rcm_degree.size()) smp.rcm_degree[q] = parts[o].samples[s].rcm_degree[q];
      }
    for (size_t r = 1; r < parts.size(); ++r) {
      const auto& more = parts[r].samples[s].active_flows;
      smp.active_flows.insert(smp.active_flows.end(), more.begin(), more.end());
    }
    std::sort(smp.active_flows.begin(), smp.active_flows.end(),
              [](const sims::ActiveFlowSample& a, const sims::ActiveFlowSample& b) { return a.id < b.id; });
  }
  return m;
}

}  // namespace ccf::parallel
