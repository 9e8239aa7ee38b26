// hpcc_flow_file.cpp: see hpcc_flow_file.hpp.
#include "sims/workload/hpcc_flow_file.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "sims/workload/workload.hpp"

namespace ccf::sims {

std::vector<HpccFlow> read_hpcc_flow_file(const std::string& path, unsigned hosts) {
  std::ifstream in(path);
  if (!in) throw WorkloadError(fmt::format("{}: cannot be read", path));
  std::string line;
  size_t count = 0;
  if (!std::getline(in, line) || !(std::istringstream(line) >> count))
    throw WorkloadError(fmt::format("{}:1: the first line must be the number of flows", path));
  std::vector<HpccFlow> flows;
  for (size_t n = 2; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream w(line);
    HpccFlow f;
    unsigned dport = 0;
    if (!(w >> f.src >> f.dst >> f.priority >> dport >> f.bytes >> f.start_s))
      throw WorkloadError(fmt::format("{}:{}: \"{}\" is not \"src dst priority dport size_bytes start_s\"", path, n, line));
    if (f.src >= hosts || f.dst >= hosts || f.src == f.dst)
      throw WorkloadError(fmt::format("{}:{}: hosts {} and {} must be two hosts of 0..{}", path, n, f.src, f.dst,
                                      hosts - 1));
    if (f.priority > 7) throw WorkloadError(fmt::format("{}:{}: priority {} is above 7", path, n, f.priority));
    if (f.bytes == 0) throw WorkloadError(fmt::format("{}:{}: a flow of 0 bytes", path, n));
    flows.push_back(f);
  }
  if (flows.size() != count)
    throw WorkloadError(fmt::format("{}: the first line says {} flows, the file has {}", path, count, flows.size()));
  return flows;
}

}  // namespace ccf::sims
