// nic_state_trace.cpp: see nic_state_trace.hpp.
#include "sims/ccfabric/nic_state_trace.hpp"

#include <cmath>

#include <fmt/format.h>

namespace ccf::cli {

void NicStateTrace::add_flow(const nic::CcUnit& unit, uint32_t host, uint32_t index, uint32_t id) {
  const std::vector<std::string> scope = {fmt::format("host{}", host), fmt::format("flow{}", id)};
  FlowVars f;
  f.window = std::isfinite(unit.window_bytes(index));
  f.figure = vcd_.add_real(scope, f.window ? "cwnd_packets" : "rate_gbps");
  for (const nic::StateValue& v : unit.state_values(index)) f.fields.push_back(vcd_.add_wire(scope, v.name, v.bits));
  flows_[{host, index}] = std::move(f);
  update(unit, host, index, 0);
}

void NicStateTrace::update(const nic::CcUnit& unit, uint32_t host, uint32_t index, uint64_t now_ps) {
  const auto it = flows_.find({host, index});
  if (it == flows_.end()) return;  // not declared yet (its init_flow)
  const FlowVars& f = it->second;
  const double figure = f.window ? unit.cwnd_packets(index) : unit.controlled_rate_gbps(index);
  if (std::isfinite(figure)) vcd_.set_real(f.figure, now_ps, figure);
  const std::vector<nic::StateValue> values = unit.state_values(index);
  for (size_t i = 0; i < f.fields.size() && i < values.size(); ++i) vcd_.set(f.fields[i], now_ps, values[i].value);
}

}  // namespace ccf::cli
