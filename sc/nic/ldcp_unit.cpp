// ldcp_unit.cpp: see ldcp_unit.hpp.
#include "sc/nic/ldcp_unit.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "hls/ldcp/ldcp_cost.hpp"
#include "hls/ldcp/ldcp_vectors.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/nic/state_values.hpp"

namespace ccf::nic {

namespace lk = hls::ldcp;

LdcpUnit::LdcpUnit(const lk::Params& params, uint32_t mtu_bytes, double line_gbps, uint64_t clock_period_ps)
    : clock_ps_(clock_period_ps) {
  if (std::string err = lk::ldcp_config_error(params, mtu_bytes, line_gbps); !err.empty())
    throw std::invalid_argument(err);
  if (clock_ps_ == 0) throw std::invalid_argument("LDCP unit clock period must be > 0 ps");
  c_ = lk::ldcp_config(params, mtu_bytes, line_gbps);
}

void LdcpUnit::init_flow(uint32_t flow, sc_core::sc_time) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f = Flow{};
  lk::Event ev;
  ev.flow = flow;
  pass(f, ev);
  f.visible = f.s;
}

void LdcpUnit::set_vector_log(std::ostream* os) {
  CcUnit::set_vector_log(os);
  if (os) *os << lk::params_line(c_) << '\n';
}

lk::LdcpOut LdcpUnit::pass(Flow& f, const lk::Event& ev) {
  const lk::LdcpOut out = lk::ldcp_step(f.s, c_, ev);
  if (vector_log_) *vector_log_ << lk::event_line(ev, f.s, out) << '\n';
  return out;
}

// Configuration of a new flow (before its first frame), not a pipeline event.
void LdcpUnit::set_message_bytes(uint32_t flow, uint64_t message_bytes) {
  Flow& f = flows_.at(flow);
  lk::Event ev;
  ev.kind = lk::EventKind::kMessage;
  ev.flow = flow;
  ev.message_bytes = message_bytes;
  pass(f, ev);
  f.visible = f.s;
}

void LdcpUnit::begin_pass(Flow& f, uint64_t now_ps) {
  ++busy_cycles_;
  if (now_ps >= f.visible_until_ps) f.visible = f.s;
}

void LdcpUnit::end_pass(Flow& f, uint64_t now_ps) { f.visible_until_ps = now_ps + kCost.latency_cycles * clock_ps_; }

const lk::LdcpState& LdcpUnit::seen(const Flow& f) const {
  return fabric::now_ps() >= f.visible_until_ps ? f.s : f.visible;
}

void LdcpUnit::on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  const uint64_t t = now.value();
  begin_pass(f, t);
  lk::Event ev;
  ev.kind = lk::EventKind::kAck;
  ev.flow = flow;
  ev.ack.acked_bytes = ack.acked_bytes;
  ev.ack.cum_bytes_acked = ack.cum_bytes_acked;
  ev.ack.ece = ack.ece;
  ev.ack.fast_start_echo = ack.unit_flag_echo;
  ev.ack.rtt_ns = (ack.rtt_ps + 500) / 1000;
  pass(f, ev);
  end_pass(f, t);
}

void LdcpUnit::on_nack(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  begin_pass(f, now.value());
  lk::Event ev;
  ev.kind = lk::EventKind::kLoss;
  ev.flow = flow;
  pass(f, ev);
  end_pass(f, now.value());
}

void LdcpUnit::on_timeout(uint32_t flow, sc_core::sc_time now) { on_nack(flow, now); }

// The fast-start frame counter is read by the TX path before a frame and written by the same frame's
// on_tx: that read-modify-write is the TX scheduler's own, so it is not delayed by the window pipeline.
void LdcpUnit::on_tx(uint32_t flow, uint32_t, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  begin_pass(f, now.value());
  lk::Event ev;
  ev.kind = lk::EventKind::kTx;
  ev.flow = flow;
  pass(f, ev);
  end_pass(f, now.value());
}

bool LdcpUnit::next_frame_not_ect(uint32_t flow) const { return lk::ldcp_frame_not_ect(flows_.at(flow).s); }

double LdcpUnit::window_bytes(uint32_t flow) const {
  return std::ldexp(static_cast<double>(lk::ldcp_window_bytes_fx(seen(flows_.at(flow)), c_)), -int(lk::CW_FRAC_BITS));
}

double LdcpUnit::cwnd_packets(uint32_t flow) const {
  return std::ldexp(static_cast<double>(seen(flows_.at(flow)).cw), -int(lk::CW_FRAC_BITS));
}

sc_core::sc_time LdcpUnit::pacing_gap(uint32_t flow) const {
  const uint64_t ns = lk::ldcp_send_interval_ns(seen(flows_.at(flow)), c_.divider);
  return ns == 0 ? sc_core::SC_ZERO_TIME : sc_core::sc_time(static_cast<double>(ns), sc_core::SC_NS);
}

std::vector<StateValue> LdcpUnit::state_values(uint32_t flow) const {
  return table_state_values(lk::kStateFields, lk::words(state(flow), {}));
}

}  // namespace ccf::nic
