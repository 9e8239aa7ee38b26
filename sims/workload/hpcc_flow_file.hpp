// hpcc_flow_file.hpp: the flow files of HPCC's ns-3 simulator (its traffic_gen/traffic_gen.py writes
// them, scratch/third.cc reads them): a first line with the number of flows, then one flow per line,
// "src dst priority dport size_bytes start_s". Read as the `hpcc_flows` traffic pattern
// (docs/workloads.md), so that an HPCC workload runs here unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ccf::sims {

struct HpccFlow {
  unsigned src = 0, dst = 0, priority = 3;
  uint64_t bytes = 0;
  double start_s = 0.0;
};

// The flows of `path`; throws WorkloadError naming the file, the line and what is wrong (a count
// that does not match, a host outside 0..hosts-1, a priority above 7, a size of 0).
std::vector<HpccFlow> read_hpcc_flow_file(const std::string& path, unsigned hosts);

}  // namespace ccf::sims
