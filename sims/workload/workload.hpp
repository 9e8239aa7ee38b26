// workload.hpp: the workload generator: turns a scenario's [[traffic]] entries into the list of flows
// of a run (docs/workloads.md). Plain C++ (no SystemC), deterministic: the same entries, host count
// and seed give the same flows, in the same order, with the same ids.
//
// Patterns:
//   incast       sender_hosts (or hosts 1..senders) each send flows_per_sender flows to receiver.
//   permutation  every host of the set sends to a distinct other host of the set: a uniformly random
//                derangement of the set (Fisher-Yates shuffles until no host maps to itself).
//   all_to_all   every host of the set sends to every other host of the set: N(N-1) pairs.
//   hot_spot     every host of the set sends flows_per_sender flows; each flow goes with probability
//                hot_fraction to a hot host (uniform among hot_hosts other than the sender), else to
//                a uniform host of the set that is neither hot nor the sender.
//   poisson      every host of the set starts flows as a Poisson process from start_us until stop_us
//                at rate load x host link rate / mean flow size; sizes are drawn from cdf; the
//                destination follows the hot_spot rule (uniform among the other hosts when no
//                hot_hosts are given).
// The set is sender_hosts, or every host when it is empty.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sims/scenario/scenario.hpp"
#include "sims/workload/size_cdf.hpp"

namespace ccf::sims {

struct GeneratedFlow {
  uint32_t id = 0;             // 1, 2, ... in list order (unique per run)
  uint32_t src = 0, dst = 0;
  uint64_t bytes = 0;          // 0 = unlimited
  double start_us = 0.0;
  uint32_t priority = 3;
  double max_gbps = 0.0;       // the application's own rate limit; 0 = none
  uint32_t traffic_index = 0;  // the [[traffic]] entry it came from
};

struct WorkloadParams {
  unsigned hosts = 16;
  double host_link_gbps = 100.0;     // the rate `load` refers to
  double duration_us = 1000.0;       // stop_us = 0 means this
  uint64_t seed = 1;
  uint32_t max_flows_per_host = 65536;  // the NIC's sender and receiver flow tables (sc/nic/nic.hpp)
};

// The flows of all entries, entry by entry; within a poisson entry ordered by start time (then
// sender). Throws WorkloadError naming the entry ("traffic[i]: ...") when a CDF cannot be loaded or
// a host would need more flows than its NIC holds.
std::vector<GeneratedFlow> generate_flows(const std::vector<TrafficSpec>& traffic, const WorkloadParams& p);

// The hosts an entry uses as senders (pattern rules above).
std::vector<unsigned> sender_set(const TrafficSpec& t, unsigned hosts);

// Mean time between a poisson sender's flow arrivals, in us: mean flow size x 8 / (load x rate).
double poisson_mean_interarrival_us(double mean_bytes, double load, double host_link_gbps);

}  // namespace ccf::sims
