// dctcp_unit.cpp: see dctcp_unit.hpp.
#include "sc/nic/dctcp_unit.hpp"

#include <stdexcept>

#include "sc/fabric/sim_time.hpp"

namespace ccf::nic {

namespace {

const hls::dctcp::Params& checked(const hls::dctcp::Params& p, uint32_t mtu_bytes) {
  if (const std::string err = hls::dctcp::params_error(p, mtu_bytes); !err.empty())
    throw std::invalid_argument("cc.dctcp." + err);
  return p;
}

}  // namespace

DctcpUnit::DctcpUnit(const hls::dctcp::Params& params, uint32_t mtu_bytes, uint64_t clock_period_ps)
    : k_(checked(params, mtu_bytes), mtu_bytes), mtu_(mtu_bytes), clock_ps_(clock_period_ps) {}

UnitCost DctcpUnit::cost() const { return {kCost.latency_cycles, kCost.ii_cycles, k_.params().widths.state_bits()}; }

void DctcpUnit::init_flow(uint32_t flow, sc_core::sc_time) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f.s = f.visible = k_.init();
  f.visible_until_ps = 0;
}

DctcpUnit::Flow& DctcpUnit::begin_pass(uint32_t flow, uint64_t now_ps) {
  Flow& f = flows_.at(flow);
  if (now_ps >= f.visible_until_ps) f.visible = f.s;
  busy_cycles_ += kCost.ii_cycles;
  return f;
}

void DctcpUnit::end_pass(Flow& f, uint64_t now_ps) { f.visible_until_ps = now_ps + kCost.latency_cycles * clock_ps_; }

const hls::dctcp::State& DctcpUnit::seen(const Flow& f) const {
  return fabric::now_ps() >= f.visible_until_ps ? f.s : f.visible;
}

void DctcpUnit::on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) {
  Flow& f = begin_pass(flow, now.value());
  k_.on_ack(f.s, ack.acked_bytes, ack.ece);
  end_pass(f, now.value());
}

void DctcpUnit::on_nack(uint32_t flow, sc_core::sc_time now) {
  Flow& f = begin_pass(flow, now.value());
  k_.on_nack(f.s);
  end_pass(f, now.value());
}

void DctcpUnit::on_timeout(uint32_t flow, sc_core::sc_time now) {
  Flow& f = begin_pass(flow, now.value());
  k_.on_timeout(f.s);
  end_pass(f, now.value());
}

double DctcpUnit::cwnd_packets(uint32_t flow) const { return k_.cwnd_packets(seen(flows_.at(flow))); }

double DctcpUnit::window_bytes(uint32_t flow) const { return cwnd_packets(flow) * mtu_; }

std::vector<StateValue> DctcpUnit::state_values(uint32_t flow) const {
  const hls::dctcp::State& s = flows_.at(flow).s;
  const hls::dctcp::Widths& w = k_.params().widths;
  return {{"cwnd", w.cwnd_int + w.cwnd_frac, s.cwnd}, {"alpha", w.alpha + 1, s.alpha}, {"acked", w.bytes, s.acked},
          {"marked", w.bytes, s.marked},               {"window", w.bytes, s.window},  {"cut", 1, s.cut}};
}

}  // namespace ccf::nic
