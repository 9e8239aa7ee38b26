// timeseries_probe.cpp: see timeseries_probe.hpp.
#include "sims/ccfabric/timeseries_probe.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <systemc>

namespace ccf::cli {
namespace {

// A flow is in the interval (now - interval, now] of a sample (timeseries_long.csv) from the first
// sample after its start to the first sample after its completion; a failed flow leaves at once.
bool active_in_interval(const nic::FlowState& f, uint64_t now_ps, uint64_t interval_ps) {
  const uint64_t start_ps = f.spec.start.value();
  if (start_ps >= now_ps || f.failed) return false;
  return !f.done || start_ps + f.fct_ps + interval_ps > now_ps;
}

}  // namespace

TimeseriesProbe::TimeseriesProbe(const Fabric& fab, const std::vector<RunFlow>& flows, const sims::Scenario& s,
                                 const std::vector<std::string>& sw_names, sims::RunResults& r)
    : fab_(fab),
      flows_(flows),
      interval_us_(s.sim.sample_interval_us),
      link_gbps_(s.fabric.link_gbps),
      interval_ps_(sc_core::sc_time(s.sim.sample_interval_us, sc_core::SC_US).value()),
      ts_flows_(std::min(flows.size(), sims::RunResults::kTimeseriesFlows)),
      rcm_(s.sw.rcm.enable),
      last_acked_(flows.size(), 0) {
  // A rank's first own flow says whether the units keep a window (a rank with none: any answer).
  for (const RunFlow& f : flows)
    if (f.here) {
      window_cc_ = std::isfinite(fab.nics[f.host]->cc().window_bytes(f.index));
      break;
    }
  r.flow_cc_metric = window_cc_ ? "cwnd_packets" : "cc_rate_gbps";
  uint8_t data_prios = 0;
  for (const auto& t : s.traffic) data_prios |= static_cast<uint8_t>(1u << t.priority);
  for (unsigned k = 0; k < fab.switches.size(); ++k)
    for (unsigned p = 0; p < fab.params[k].nports; ++p)
      for (unsigned c = 0; c < fab.params[k].nprio; ++c)
        if ((fab.switches[k]->ports_used() >> p & 1) && (data_prios >> c & 1)) {
          queues_.push_back({k, p, c});
          r.queues.push_back(fmt::format("{}.port{}.prio{}", sw_names[k], p, c));
        }
}

sims::Sample TimeseriesProbe::sample() {
  sims::Sample smp;
  const uint64_t now_ps = sc_core::sc_time_stamp().value();
  smp.time_us = sc_core::sc_time_stamp().to_seconds() * 1e6;
  for (size_t i = 0; i < flows_.size(); ++i) {
    if (!flows_[i].here) {  // another rank's flow: its rank fills the columns (docs/fabric.md 10)
      if (i < ts_flows_) {
        smp.flow_rate_gbps.push_back(0.0);
        smp.flow_cc.push_back(0.0);
      }
      continue;
    }
    nic::Nic& n = *fab_.nics[flows_[i].host];
    n.take_waiting_frames(now_ps);  // the sample is taken at the end of its instant (Sampler)
    const nic::FlowState& f = n.flow(flows_[i].index);
    const bool wide = i < ts_flows_, active = active_in_interval(f, now_ps, interval_ps_);
    if (!wide && !active) continue;
    const uint64_t acked = f.c.bytes_acked;
    const double rate_gbps = (acked - last_acked_[i]) * 8.0 / (interval_us_ * 1000.0);
    last_acked_[i] = acked;
    const double v = window_cc_ ? n.cc().cwnd_packets(flows_[i].index) : n.cc().controlled_rate_gbps(flows_[i].index);
    const double cc = std::isfinite(v) ? v : link_gbps_;
    if (wide) {
      smp.flow_rate_gbps.push_back(rate_gbps);
      smp.flow_cc.push_back(cc);
    }
    if (active) smp.active_flows.push_back({flows_[i].id, rate_gbps, cc});
  }
  // The queue length register's value, kept by the wrapper from the RTL's enqueue and egress
  // reports (no register cycle, so sampling does not change the run).
  for (const auto& q : queues_) smp.queue_bytes.push_back(fab_.switches[q.sw]->queue_bytes(q.port, q.prio));
  // The degree of the queue's last RCM sample (docs/switch.md 2.11.1), from the RTL's crd_* outputs.
  if (rcm_)
    for (const auto& q : queues_) smp.rcm_degree.push_back(fab_.switches[q.sw]->egress_degree(q.port, q.prio));
  return smp;
}

}  // namespace ccf::cli
