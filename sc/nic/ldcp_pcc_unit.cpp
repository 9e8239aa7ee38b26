// ldcp_pcc_unit.cpp: see ldcp_pcc_unit.hpp.
#include "sc/nic/ldcp_pcc_unit.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "hls/ldcp/ldcp_cost.hpp"
#include "hls/ldcp/ldcp_pcc_vectors.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/nic/state_values.hpp"

namespace ccf::nic {

namespace lk = hls::ldcp;

namespace {
lk::Params as_pcc(lk::Params p) {
  p.variant = lk::Variant::kCx6dxPcc;
  return p;
}

// An event of `kind` for `flow` at `now_ns` (0 for the events that do not read the time).
lk::PccEvent event_of(lk::PccEventKind kind, uint32_t flow, uint64_t now_ns = 0) {
  lk::PccEvent ev;
  ev.kind = kind;
  ev.flow = flow;
  ev.now_ns = now_ns;
  return ev;
}
}  // namespace

LdcpPccUnit::LdcpPccUnit(const lk::Params& params, uint32_t mtu_bytes, double line_gbps, uint64_t clock_period_ps)
    : line_gbps_(line_gbps), clock_ps_(clock_period_ps) {
  const lk::Params p = as_pcc(params);
  if (std::string err = lk::ldcp_config_error(p, mtu_bytes, line_gbps); !err.empty()) throw std::invalid_argument(err);
  if (clock_ps_ == 0) throw std::invalid_argument("LDCP PCC unit clock period must be > 0 ps");
  c_ = lk::ldcp_config(p, mtu_bytes, line_gbps);
}

void LdcpPccUnit::set_vector_log(std::ostream* os) {
  CcUnit::set_vector_log(os);
  if (os) *os << lk::pcc_params_line(c_) << '\n';
}

lk::PccOut LdcpPccUnit::pass(Flow& f, const lk::PccEvent& ev, uint64_t now_ps, bool count) {
  if (now_ps >= f.rate_at_ps) f.rate_out = f.rate_next;
  const lk::PccOut out = lk::ldcp_pcc_step(f.s, c_, ev);
  if (vector_log_) *vector_log_ << lk::pcc_event_line(ev, f.s, out) << '\n';
  if (count) ++passes_.at(static_cast<size_t>(out.action));
  f.rate_next = out.rate;
  f.rate_at_ps = now_ps + kCost.latency_cycles * clock_ps_;
  if (out.arm_timeout_ns) f.timeout_deadline_ps = now_ps + uint64_t{out.arm_timeout_ns} * 1000;
  if (out.action == lk::PccAction::kResponseIncrease || out.action == lk::PccAction::kProbeTimeout)
    f.timeout_deadline_ps = kNoDeadline;  // answered or given up: the next request arms a new one
  return out;
}

void LdcpPccUnit::init_flow(uint32_t flow, sc_core::sc_time now) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f = Flow{};
  // The configuration of a new flow, not an event: visible at once.
  pass(f, event_of(lk::PccEventKind::kInit, flow), now.value(), false);
  f.rate_out = f.rate_next;
  f.rate_at_ps = 0;
}

void LdcpPccUnit::on_cnp(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  ++busy_cycles_;
  pass(f, event_of(lk::PccEventKind::kCnp, flow), now.value());
}

void LdcpPccUnit::on_timer(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  if (now.value() < f.timeout_deadline_ps) return;  // not due (a cleared or moved deadline)
  f.timeout_deadline_ps = kNoDeadline;
  ++busy_cycles_;
  pass(f, event_of(lk::PccEventKind::kProbeTimeout, flow, now.value() / 1000), now.value());
}

// The TX pipeline reads the flag before it queues a request and writes it with the request's start
// (on_rtt_probe_sent): its own read-modify-write, not delayed by the rate pipeline.
bool LdcpPccUnit::rtt_probe_wanted(uint32_t flow) const { return lk::ldcp_pcc_probe_wanted(flows_.at(flow).s); }

void LdcpPccUnit::on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  ++busy_cycles_;
  pass(f, event_of(lk::PccEventKind::kProbeSent, flow, now.value() / 1000), now.value());
}

void LdcpPccUnit::on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  ++busy_cycles_;
  lk::PccEvent ev = event_of(lk::PccEventKind::kRttResponse, flow, now.value() / 1000);
  ev.echo_sent_ns = echo_sent_ps / 1000;
  pass(f, ev, now.value());
}

uint32_t LdcpPccUnit::rate_fraction(uint32_t flow) const {
  const Flow& f = flows_.at(flow);
  return fabric::now_ps() >= f.rate_at_ps ? f.rate_next : f.rate_out;
}

double LdcpPccUnit::rate_gbps(uint32_t flow) const {
  return std::ldexp(static_cast<double>(rate_fraction(flow)), -int(lk::RATE_FRAC_BITS)) * line_gbps_;
}

double LdcpPccUnit::cwnd_packets(uint32_t flow) const {
  return std::ldexp(static_cast<double>(flows_.at(flow).s.cw), -int(lk::CW_FRAC_BITS));
}

std::vector<StateValue> LdcpPccUnit::state_values(uint32_t flow) const {
  return table_state_values(lk::kPccStateFields, lk::pcc_words(state(flow), {}));
}

}  // namespace ccf::nic
