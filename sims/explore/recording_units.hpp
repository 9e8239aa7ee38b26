// recording_units.hpp: `ccfabric run --record-events DIR` (docs/explore.md 4). A recording unit
// wraps the NIC's real congestion-control unit, forwards every call to it unchanged, and writes the
// input events (not the timer expiries, which are the unit's own) to the run's TraceWriter. Without
// the option nothing is wrapped: the simulation path is untouched.
#pragma once

#include <memory>

#include "sc/nic/cc_unit.hpp"
#include "sc/nic/forwarding_cc_unit.hpp"
#include "sims/explore/event_trace.hpp"

namespace ccf::explore {

class RecordingCcUnit : public nic::ForwardingCcUnit {
 public:
  RecordingCcUnit(std::unique_ptr<nic::CcUnit> unit, TraceWriter& w, uint32_t host)
      : ForwardingCcUnit(std::move(unit)), w_(w), host_(host) {}

  void init_flow(uint32_t flow, sc_core::sc_time now) override {
    record('i', flow, now);
    ForwardingCcUnit::init_flow(flow, now);
  }
  void set_message_bytes(uint32_t flow, uint64_t message_bytes) override {
    TraceEvent e = event('m', flow, sc_core::sc_time_stamp());
    e.bytes = message_bytes;
    w_.write(e);
    ForwardingCcUnit::set_message_bytes(flow, message_bytes);
  }
  void on_ack(uint32_t flow, const nic::AckInfo& a, sc_core::sc_time now) override {
    TraceEvent e = event('a', flow, now);
    e.bytes = a.acked_bytes;
    e.ece = a.ece;
    e.rtt_ps = a.rtt_ps;
    e.remote_queuing_ps = a.remote_queuing_delay_ps;
    e.hops = a.hop_count;
    e.send_age_ps = now.value() >= a.sent_ps ? now.value() - a.sent_ps : 0;
    e.fast_start_echo = a.unit_flag_echo;
    e.cum_bytes_acked = a.cum_bytes_acked;
    w_.write(e);
    ForwardingCcUnit::on_ack(flow, a, now);
  }
  void on_nack(uint32_t flow, sc_core::sc_time now) override {
    record('n', flow, now);
    ForwardingCcUnit::on_nack(flow, now);
  }
  void on_cnp(uint32_t flow, sc_core::sc_time now) override {
    record('c', flow, now);
    ForwardingCcUnit::on_cnp(flow, now);
  }
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override {
    TraceEvent e = event('x', flow, now);
    e.bytes = payload_bytes;
    w_.write(e);
    ForwardingCcUnit::on_tx(flow, payload_bytes, now);
  }
  void on_timeout(uint32_t flow, sc_core::sc_time now) override {
    record('o', flow, now);
    ForwardingCcUnit::on_timeout(flow, now);
  }
  // Timer expiries are the unit's own, and RTT probes (LDCP CX6-DX) are forwarded, not recorded
  // (cmd_run refuses --record-events for that variant).

 private:
  TraceEvent event(char kind, uint32_t flow, sc_core::sc_time now) const {
    TraceEvent e;
    e.kind = kind;
    e.time_ps = now.value();
    e.host = host_;
    e.flow = flow;
    return e;
  }
  void record(char kind, uint32_t flow, sc_core::sc_time now) { w_.write(event(kind, flow, now)); }

  TraceWriter& w_;
  uint32_t host_;
};

class RecordingNpUnit : public nic::NpUnit {
 public:
  RecordingNpUnit(std::unique_ptr<nic::NpUnit> unit, TraceWriter& w, uint32_t host)
      : u_(std::move(unit)), w_(w), host_(host) {}

  std::string name() const override { return u_->name(); }
  bool on_ce(uint32_t flow, sc_core::sc_time now) override {
    TraceEvent e;
    e.kind = 'e';
    e.time_ps = now.value();
    e.host = host_;
    e.flow = flow;
    w_.write(e);
    return u_->on_ce(flow, now);
  }
  uint64_t next_deadline_ps(uint32_t flow) const override { return u_->next_deadline_ps(flow); }
  bool on_timer(uint32_t flow, sc_core::sc_time now) override { return u_->on_timer(flow, now); }
  nic::UnitCost cost() const override { return u_->cost(); }
  uint64_t busy_cycles() const override { return u_->busy_cycles(); }
  void set_vector_log(std::ostream* os) override { u_->set_vector_log(os); }

 private:
  std::unique_ptr<nic::NpUnit> u_;
  TraceWriter& w_;
  uint32_t host_;
};

}  // namespace ccf::explore
