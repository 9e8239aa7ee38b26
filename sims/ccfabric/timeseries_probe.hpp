// timeseries_probe.hpp: one sample of a run's time series (docs/outputs.md 2): per flow its goodput
// over the interval and the rate or window its CC unit allows, every switch queue that can carry data
// (cabled ports x traffic priorities) and, with RCM, each queue's congestion degree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sims/ccfabric/fabric_builder.hpp"
#include "sims/ccfabric/run_collect.hpp"
#include "sims/output/run_results.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cli {

class TimeseriesProbe {
 public:
  // Names the sampled queues in r.queues and the flows' CC column in r.flow_cc_metric.
  TimeseriesProbe(const Fabric& fab, const std::vector<RunFlow>& flows, const sims::Scenario& s,
                  const std::vector<std::string>& sw_names, sims::RunResults& r);
  // The sample at the current SystemC time (the end of an interval).
  sims::Sample sample();
  // The switch of each sampled queue, in RunResults::queues order.
  std::vector<unsigned> queue_switches() const {
    std::vector<unsigned> k;
    for (const QueueRef& q : queues_) k.push_back(q.sw);
    return k;
  }

 private:
  struct QueueRef {
    unsigned sw, port, prio;
  };
  const Fabric& fab_;
  const std::vector<RunFlow>& flows_;
  const double interval_us_, link_gbps_;
  const uint64_t interval_ps_;
  const size_t ts_flows_;  // the flows with columns in timeseries.csv
  const bool rcm_;
  bool window_cc_ = false;
  std::vector<QueueRef> queues_;
  std::vector<uint64_t> last_acked_;
};

}  // namespace ccf::cli
