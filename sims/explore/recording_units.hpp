// recording_units.hpp: `ccfabric run --record-events DIR` (docs/explore.md 4). A recording unit
// wraps the NIC's real congestion-control unit, forwards every call to it unchanged, and writes the
// input events (not the timer expiries, which are the unit's own) to the run's TraceWriter. Without
// the option nothing is wrapped: the simulation path is untouched.
#pragma once

#include <memory>

#include "explore/event_trace.hpp"
#include "nic/cc_unit.hpp"

namespace ccf::explore {

class RecordingCcUnit : public nic::CcUnit {
 public:
  RecordingCcUnit(std::unique_ptr<nic::CcUnit> unit, TraceWriter& w, uint32_t host)
      : u_(std::move(unit)), w_(w), host_(host) {}

  std::string name() const override { return u_->name(); }
  void init_flow(uint32_t flow, sc_core::sc_time now) override {
    record('i', flow, now);
    u_->init_flow(flow, now);
  }
  void set_message_bytes(uint32_t flow, uint64_t message_bytes) override {
    TraceEvent e = event('m', flow, sc_core::sc_time_stamp());
    e.bytes = message_bytes;
    w_.write(e);
    u_->set_message_bytes(flow, message_bytes);
  }
  void on_ack(uint32_t flow, const nic::AckInfo& a, sc_core::sc_time now) override {
    TraceEvent e = event('a', flow, now);
    e.bytes = a.acked_bytes;
    e.ece = a.ece;
    e.rtt_ps = a.rtt_ps;
    e.remote_queuing_ps = a.remote_queuing_delay_ps;
    e.hops = a.hop_count;
    e.send_age_ps = now.value() >= a.timely_send_time_ps ? now.value() - a.timely_send_time_ps : 0;
    e.fast_start_echo = a.fast_start_echo;
    e.cum_bytes_acked = a.cum_bytes_acked;
    w_.write(e);
    u_->on_ack(flow, a, now);
  }
  void on_nack(uint32_t flow, sc_core::sc_time now) override {
    record('n', flow, now);
    u_->on_nack(flow, now);
  }
  void on_cnp(uint32_t flow, sc_core::sc_time now) override {
    record('c', flow, now);
    u_->on_cnp(flow, now);
  }
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override {
    TraceEvent e = event('x', flow, now);
    e.bytes = payload_bytes;
    w_.write(e);
    u_->on_tx(flow, payload_bytes, now);
  }
  void on_timeout(uint32_t flow, sc_core::sc_time now) override {
    record('o', flow, now);
    u_->on_timeout(flow, now);
  }
  uint64_t next_deadline_ps(uint32_t flow) const override { return u_->next_deadline_ps(flow); }
  void on_timer(uint32_t flow, sc_core::sc_time now) override { u_->on_timer(flow, now); }
  double rate_gbps(uint32_t flow) const override { return u_->rate_gbps(flow); }
  double window_bytes(uint32_t flow) const override { return u_->window_bytes(flow); }
  sc_core::sc_time pacing_gap(uint32_t flow) const override { return u_->pacing_gap(flow); }
  double controlled_rate_gbps(uint32_t flow) const override { return u_->controlled_rate_gbps(flow); }
  double cwnd_packets(uint32_t flow) const override { return u_->cwnd_packets(flow); }
  bool next_frame_not_ect(uint32_t flow) const override { return u_->next_frame_not_ect(flow); }
  bool rate_applies_to_waiting_frame() const override { return u_->rate_applies_to_waiting_frame(); }
  uint64_t rate_visible_ps(uint32_t flow) const override { return u_->rate_visible_ps(flow); }
  // RTT probes (LDCP CX6-DX) are forwarded, not recorded (cmd_run refuses --record-events for that variant).
  bool rtt_probe_wanted(uint32_t flow) const override { return u_->rtt_probe_wanted(flow); }
  void on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) override { u_->on_rtt_probe_sent(flow, now); }
  void on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) override {
    u_->on_rtt_response(flow, echo_sent_ps, now);
  }
  nic::UnitCost cost() const override { return u_->cost(); }
  uint64_t busy_cycles() const override { return u_->busy_cycles(); }
  void set_vector_log(std::ostream* os) override { u_->set_vector_log(os); }

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

  std::unique_ptr<nic::CcUnit> u_;
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
