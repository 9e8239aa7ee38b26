// dcqcn_rp_unit.cpp: see dcqcn_rp_unit.hpp.
#include "sc/nic/dcqcn_rp_unit.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "hls/dcqcn/dcqcn_cost.hpp"
#include "hls/dcqcn/rp_vectors.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/nic/state_values.hpp"

namespace ccf::nic {

namespace dk = hls::dcqcn;

DcqcnRpUnit::DcqcnRpUnit(const dk::RpParams& params, uint64_t clock_period_ps) : p_(params), clock_ps_(clock_period_ps) {
  if (const char* err = dk::rp_params_error(p_)) throw std::invalid_argument(std::string("DCQCN parameters: ") + err);
  if (clock_ps_ == 0) throw std::invalid_argument("DCQCN unit clock period must be > 0 ps");
}

void DcqcnRpUnit::init_flow(uint32_t flow, sc_core::sc_time) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f = Flow{};
  pass(f, {dk::RpEventKind::kInit, flow, 0});
  f.rate_out = f.rate_next = f.s.rc;  // start at line rate (the DCQCN paper, section 3.1)
}

void DcqcnRpUnit::set_vector_log(std::ostream* os) {
  CcUnit::set_vector_log(os);
  if (os) *os << dk::rp_params_line(p_) << '\n';
}

dk::RpOut DcqcnRpUnit::pass(Flow& f, const dk::RpEvent& ev) {
  const dk::RpOut out = pass_impl_ ? pass_impl_(f.s, ev) : dk::rp_step(f.s, p_, ev);
  if (vector_log_) *vector_log_ << dk::rp_event_line(ev, f.s, out) << '\n';
  return out;
}

void DcqcnRpUnit::apply(Flow& f, const dk::RpOut& out, uint64_t now_ps) {
  ++busy_cycles_;
  if (out.arm_alpha_ns) f.alpha_deadline_ps = now_ps + uint64_t{out.arm_alpha_ns} * 1000;
  if (out.arm_increase_ns) f.increase_deadline_ps = now_ps + uint64_t{out.arm_increase_ns} * 1000;
  if (out.arm_decrease_ns) f.decrease_deadline_ps = now_ps + uint64_t{out.arm_decrease_ns} * 1000;
  // The previous result becomes visible first if its time has come; then this pass's result is
  // written and shows after the pipeline latency.
  if (now_ps >= f.rate_at_ps) f.rate_out = f.rate_next;
  f.rate_next = f.s.rc;
  f.rate_at_ps = now_ps + kCost.latency_cycles * clock_ps_;
}

// A CNP reaches the unit before the timers due at the same instant fire (docs/nic.md 3): waiting
// alpha updates due before it run first.
void DcqcnRpUnit::on_cnp(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  run_waiting_timers_before(f, flow, now.value());
  apply(f, pass(f, {dk::RpEventKind::kCnp, flow, 0}), now.value());
}

// A frame starts after the timers due at its instant fired.
void DcqcnRpUnit::on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  if (may_wait(f)) run_timers(f, flow, now.value());
  apply(f, pass(f, {dk::RpEventKind::kTx, flow, payload_bytes}), now.value());
}

// The NIC stops a flow's timers while it takes in a frame (the last ACK) or fires another timer of
// the flow (the retry limit), before the timers due at that instant.
void DcqcnRpUnit::on_timers_stopped(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  run_waiting_timers_before(f, flow, now.value());
  f.timers_stopped = true;
}

uint64_t DcqcnRpUnit::next_deadline_ps(uint32_t flow) const {
  const Flow& f = flows_.at(flow);
  const uint64_t others = std::min(f.increase_deadline_ps, f.decrease_deadline_ps);
  return alpha_waits(f) ? others : std::min(f.alpha_deadline_ps, others);
}

void DcqcnRpUnit::on_timer(uint32_t flow, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  const uint64_t t = now.value();
  run_timers(f, flow, t);
  if (t >= f.rate_at_ps) f.rate_out = f.rate_next;
}

// Every timer of the flow that is due runs its kernel pass, one pass per timer at its own deadline
// (so a unit that is late applies n periods as n passes, bit for bit like the kernel).
void DcqcnRpUnit::run_timers(Flow& f, uint32_t flow, uint64_t up_to_ps) {
  for (;;) {
    const uint64_t d = std::min({f.alpha_deadline_ps, f.increase_deadline_ps, f.decrease_deadline_ps});
    if (d > up_to_ps) break;
    // Same instant: alpha first, then the increase, then the mlx decrease check (HPCC rdma-hw.cc). Alpha
    // and increase due together are one pass (rp_top.hpp kAlphaIncreaseTimer): one event, one cycle.
    if (d == f.alpha_deadline_ps && d == f.increase_deadline_ps) {
      f.alpha_deadline_ps = f.increase_deadline_ps = kNoDeadline;
      apply(f, pass(f, {dk::RpEventKind::kAlphaIncreaseTimer, flow, 0}), d);
    } else if (d == f.alpha_deadline_ps) {
      f.alpha_deadline_ps = kNoDeadline;
      apply(f, pass(f, {dk::RpEventKind::kAlphaTimer, flow, 0}), d);
    } else if (d == f.increase_deadline_ps) {
      f.increase_deadline_ps = kNoDeadline;
      apply(f, pass(f, {dk::RpEventKind::kIncreaseTimer, flow, 0}), d);
    } else {
      f.decrease_deadline_ps = kNoDeadline;
      apply(f, pass(f, {dk::RpEventKind::kRateDecreaseTimer, flow, 0}), d);
    }
  }
}

double DcqcnRpUnit::rate_gbps(uint32_t flow) const {
  const Flow& f = flows_.at(flow);
  const uint32_t r = fabric::now_ps() >= f.rate_at_ps ? f.rate_next : f.rate_out;
  return double(r) / double(1u << dk::RATE_FRAC_BITS) / 1000.0;
}

std::vector<StateValue> DcqcnRpUnit::state_values(uint32_t flow) const {
  // The table's variant_bits field holds the bits of one variant; the unit keeps all three.
  const dk::RpState& s = state(flow);
  std::vector<StateValue> v = table_state_values(dk::kRpStateFields, dk::rp_words(s, {}), dk::kRpStateFields.size() - 1);
  v.push_back({"hyper", 1, s.hyper});
  v.push_back({"alpha_cnp", 1, s.alpha_cnp});
  v.push_back({"decrease_cnp", 1, s.decrease_cnp});
  return v;
}

}  // namespace ccf::nic
