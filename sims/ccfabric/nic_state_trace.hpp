// nic_state_trace.hpp: `ccfabric run --trace-nic` (docs/outputs.md 1): nic.vcd, every flow's
// congestion-control state after each event its unit handles, on the run's time axis in ps (the
// switches' FST waveforms use the same axis). Per flow, in scope hostH.flowN: the rate the unit holds
// (rate_gbps) or its window (cwnd_packets), and the flow's state memory entry field by field at the
// kernel's widths (CcUnit::state_values: DCQCN's rc, rt, alpha, byte and timer stages, ...).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sc/nic/forwarding_cc_unit.hpp"
#include "sims/output/vcd_writer.hpp"

namespace ccf::cli {

class NicStateTrace {
 public:
  NicStateTrace(const std::string& path, uint64_t from_ps, uint64_t to_ps) : vcd_(path, from_ps, to_ps) {}

  // Declares flow `index` of host `host` (after its unit's init_flow), shown as flow `id`.
  void add_flow(const nic::CcUnit& unit, uint32_t host, uint32_t index, uint32_t id);
  // Writes the header; events before it only set the values the first dump shows.
  void start(const std::string& comment) { vcd_.start(comment); }
  // The flow's state after an event of its unit at now_ps.
  void update(const nic::CcUnit& unit, uint32_t host, uint32_t index, uint64_t now_ps);
  void commit() { vcd_.commit(); }

 private:
  struct FlowVars {
    bool window = false;   // cwnd_packets, else rate_gbps
    size_t figure = 0;     // the handle of that real variable
    std::vector<size_t> fields;
  };
  sims::VcdWriter vcd_;
  std::map<std::pair<uint32_t, uint32_t>, FlowVars> flows_;  // (host, index)
};

// Forwards every call to the unit it wraps and traces the flow after each event the unit handles.
class TracingCcUnit : public nic::ForwardingCcUnit {
 public:
  TracingCcUnit(std::unique_ptr<nic::CcUnit> unit, NicStateTrace& trace, uint32_t host)
      : ForwardingCcUnit(std::move(unit)), trace_(trace), host_(host) {}

  void on_ack(uint32_t flow, const nic::AckInfo& a, sc_core::sc_time now) override {
    ForwardingCcUnit::on_ack(flow, a, now);
    traced(flow, now);
  }
  void on_nack(uint32_t flow, sc_core::sc_time now) override {
    ForwardingCcUnit::on_nack(flow, now);
    traced(flow, now);
  }
  void on_cnp(uint32_t flow, sc_core::sc_time now) override {
    ForwardingCcUnit::on_cnp(flow, now);
    traced(flow, now);
  }
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override {
    ForwardingCcUnit::on_tx(flow, payload_bytes, now);
    traced(flow, now);
  }
  void on_timeout(uint32_t flow, sc_core::sc_time now) override {
    ForwardingCcUnit::on_timeout(flow, now);
    traced(flow, now);
  }
  void on_timer(uint32_t flow, sc_core::sc_time now) override {
    ForwardingCcUnit::on_timer(flow, now);
    traced(flow, now);
  }
  void on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) override {
    ForwardingCcUnit::on_rtt_probe_sent(flow, now);
    traced(flow, now);
  }
  void on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) override {
    ForwardingCcUnit::on_rtt_response(flow, echo_sent_ps, now);
    traced(flow, now);
  }

 private:
  void traced(uint32_t flow, sc_core::sc_time now) { trace_.update(inner(), host_, flow, now.value()); }

  NicStateTrace& trace_;
  uint32_t host_;
};

}  // namespace ccf::cli
