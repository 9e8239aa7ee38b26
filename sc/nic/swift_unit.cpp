// swift_unit.cpp: see swift_unit.hpp.
#include "sc/nic/swift_unit.hpp"

#include <stdexcept>
#include <string>

#include "hls/swift/swift_cost.hpp"
#include "hls/swift/swift_vectors.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/nic/state_values.hpp"

namespace ccf::nic {

namespace sk = hls::swift;

SwiftUnit::SwiftUnit(const sk::Params& params, uint32_t mtu_bytes, uint64_t clock_period_ps)
    : p_(params), mtu_(mtu_bytes), clock_ps_(clock_period_ps) {
  if (const std::string err = sk::swift_params_error(p_); !err.empty()) throw std::invalid_argument(err);
  if (mtu_ < 64 || mtu_ > 65535)
    throw std::invalid_argument("Swift unit: mtu_bytes = " + std::to_string(mtu_) + " must be 64..65535");
  if (clock_ps_ == 0) throw std::invalid_argument("Swift unit clock period must be > 0 ps");
  r_ = sk::swift_regs(p_, mtu_);
}

void SwiftUnit::init_flow(uint32_t flow, sc_core::sc_time now) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f = Flow{};
  sk::Event ev;
  ev.kind = sk::EventKind::kInit;
  ev.flow = flow;
  ev.ack.now_ns = ns_of(now.value());
  const sk::Out o = pass(f, ev);
  f.out.cwnd = o.cwnd;
  f.out.pacing_ns = o.pacing_ns;
  f.next = f.out;
}

void SwiftUnit::set_vector_log(std::ostream* os) {
  CcUnit::set_vector_log(os);
  if (os) *os << sk::params_line(r_) << '\n';
}

sk::Out SwiftUnit::pass(Flow& f, const sk::Event& ev) {
  const sk::Out o = sk::swift_step(f.s, r_, ev);
  if (vector_log_) *vector_log_ << sk::event_line(ev, f.s, o) << '\n';
  return o;
}

sk::Out SwiftUnit::pass(uint32_t flow, sk::EventKind kind, uint64_t now_ps) {
  sk::Event ev;
  ev.kind = kind;
  ev.flow = flow;
  ev.ack.now_ns = ns_of(now_ps);
  return pass(flows_.at(flow), ev);
}

const SwiftUnit::Out& SwiftUnit::visible(const Flow& f) const {
  return f.next_at_ps != kNoDeadline && fabric::now_ps() >= f.next_at_ps ? f.next : f.out;
}

// One kernel pass at `now`: the previous result becomes visible first if its time has come; this
// pass's result shows after the pipeline latency (the NIC gets a deadline then, see on_timer).
void SwiftUnit::apply(Flow& f, const sk::Out& o, uint64_t now_ps) {
  ++busy_cycles_;
  if (f.next_at_ps != kNoDeadline && now_ps >= f.next_at_ps) f.out = f.next;
  f.next.cwnd = o.cwnd;
  f.next.pacing_ns = o.pacing_ns;
  f.next_at_ps = now_ps + kCost.latency_cycles * clock_ps_;
}

void SwiftUnit::on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  sk::Event ev;
  ev.kind = sk::EventKind::kAck;
  ev.flow = flow;
  ev.ack.now_ns = ns_of(now.value());
  ev.ack.rtt_ns = ack.rtt_ps / 1000;                       // t5 - t1 on the 1-ns counter
  ev.ack.remote_queuing_ns = ack.remote_queuing_delay_ps / 1000;  // t4 - t2, echoed
  ev.ack.hops = ack.hop_count;
  ev.ack.acked_bytes = ack.acked_bytes;
  apply(f, pass(f, ev), now.value());
}

void SwiftUnit::on_nack(uint32_t flow, sc_core::sc_time now) {
  apply(flows_.at(flow), pass(flow, sk::EventKind::kFastRecovery, now.value()), now.value());
}

void SwiftUnit::on_timeout(uint32_t flow, sc_core::sc_time now) {
  apply(flows_.at(flow), pass(flow, sk::EventKind::kRetransmitTimeout, now.value()), now.value());
}

uint64_t SwiftUnit::next_deadline_ps(uint32_t flow) const { return flows_.at(flow).next_at_ps; }

// The pipeline's result becomes visible: commit it (no kernel pass, no busy cycle).
void SwiftUnit::on_timer(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  if (f.next_at_ps != kNoDeadline && now.value() >= f.next_at_ps) {
    f.out = f.next;
    f.next_at_ps = kNoDeadline;
  }
}

double SwiftUnit::cwnd_packets(uint32_t flow) const {
  return double(visible(flows_.at(flow)).cwnd) / sk::kCwndOne;
}

double SwiftUnit::window_bytes(uint32_t flow) const {
  const Out& o = visible(flows_.at(flow));
  if (o.cwnd < sk::kCwndOne) return double(mtu_);
  return double(o.cwnd) / sk::kCwndOne * mtu_;
}

sc_core::sc_time SwiftUnit::pacing_gap(uint32_t flow) const {
  const Out& o = visible(flows_.at(flow));
  return sc_core::sc_time::from_value(uint64_t{o.pacing_ns} * 1000);
}

std::unique_ptr<CcUnit> make_swift_unit(const sk::Params& params, uint32_t mtu_bytes, uint64_t clock_period_ps) {
  return std::make_unique<SwiftUnit>(params, mtu_bytes, clock_period_ps);
}

std::vector<StateValue> SwiftUnit::state_values(uint32_t flow) const {
  return table_state_values(sk::kStateFields, sk::words(state(flow), {}));
}

}  // namespace ccf::nic
