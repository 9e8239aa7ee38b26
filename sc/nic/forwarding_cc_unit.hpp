// forwarding_cc_unit.hpp: a reaction-point unit that forwards every call to the unit it wraps, the
// base of units that observe one without changing it (the event recorder of `run --record-events`,
// the state tracer of `run --trace-nic`): each overrides only the calls it observes.
#pragma once

#include <memory>

#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class ForwardingCcUnit : public CcUnit {
 public:
  explicit ForwardingCcUnit(std::unique_ptr<CcUnit> unit) : u_(std::move(unit)) {}

  std::string name() const override { return u_->name(); }
  void init_flow(uint32_t flow, sc_core::sc_time now) override { u_->init_flow(flow, now); }
  void set_message_bytes(uint32_t flow, uint64_t message_bytes) override { u_->set_message_bytes(flow, message_bytes); }
  void on_ack(uint32_t flow, const AckInfo& a, sc_core::sc_time now) override { u_->on_ack(flow, a, now); }
  void on_nack(uint32_t flow, sc_core::sc_time now) override { u_->on_nack(flow, now); }
  void on_cnp(uint32_t flow, sc_core::sc_time now) override { u_->on_cnp(flow, now); }
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override {
    u_->on_tx(flow, payload_bytes, now);
  }
  void on_timeout(uint32_t flow, sc_core::sc_time now) override { u_->on_timeout(flow, now); }
  uint64_t next_deadline_ps(uint32_t flow) const override { return u_->next_deadline_ps(flow); }
  void on_timer(uint32_t flow, sc_core::sc_time now) override { u_->on_timer(flow, now); }
  void let_silent_timers_wait() override {}  // an observer sees every pass at its deadline
  bool acks_change_nothing() const override { return false; }  // and every ACK at its arrival
  void on_timers_stopped(uint32_t flow, sc_core::sc_time now) override { u_->on_timers_stopped(flow, now); }
  double rate_gbps(uint32_t flow) const override { return u_->rate_gbps(flow); }
  double window_bytes(uint32_t flow) const override { return u_->window_bytes(flow); }
  sc_core::sc_time pacing_gap(uint32_t flow) const override { return u_->pacing_gap(flow); }
  double controlled_rate_gbps(uint32_t flow) const override { return u_->controlled_rate_gbps(flow); }
  double cwnd_packets(uint32_t flow) const override { return u_->cwnd_packets(flow); }
  bool next_frame_not_ect(uint32_t flow) const override { return u_->next_frame_not_ect(flow); }
  bool rate_applies_to_waiting_frame() const override { return u_->rate_applies_to_waiting_frame(); }
  uint64_t rate_visible_ps(uint32_t flow) const override { return u_->rate_visible_ps(flow); }
  bool rtt_probe_wanted(uint32_t flow) const override { return u_->rtt_probe_wanted(flow); }
  void on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) override { u_->on_rtt_probe_sent(flow, now); }
  void on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) override {
    u_->on_rtt_response(flow, echo_sent_ps, now);
  }
  std::vector<StateValue> state_values(uint32_t flow) const override { return u_->state_values(flow); }
  UnitCost cost() const override { return u_->cost(); }
  uint64_t busy_cycles() const override { return u_->busy_cycles(); }
  void set_vector_log(std::ostream* os) override { u_->set_vector_log(os); }

 protected:
  const CcUnit& inner() const { return *u_; }

 private:
  std::unique_ptr<CcUnit> u_;
};

}  // namespace ccf::nic
