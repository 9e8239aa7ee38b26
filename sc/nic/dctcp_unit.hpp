// dctcp_unit.hpp: the DCTCP example (docs/adding-an-algorithm.md, docs/units/dctcp.md) as a NIC window
// unit around its kernel hls/dctcp/dctcp_kernel: a state memory of Widths::state_bits() per flow and
// a pipeline whose window is visible to the TX scheduler kCost.latency_cycles after the event.
// Outputs: window_bytes = cwnd x MTU; no rate limit, no pacing, no timer of its own.
#pragma once

#include <cstdint>
#include <vector>

#include "hls/dctcp/dctcp_kernel.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class DctcpUnit : public CcUnit {
 public:
  // Read state, add and compare the counters, the cut (one multiply), the window end's 24-stage
  // pipelined divider, write back: fully pipelined (docs/units/dctcp.md).
  static constexpr UnitCost kCost{/*latency*/ 28, /*ii*/ 1, /*bits*/ hls::dctcp::Widths{}.state_bits()};

  // Throws std::invalid_argument with hls::dctcp::params_error's message on bad input.
  DctcpUnit(const hls::dctcp::Params& params, uint32_t mtu_bytes, uint64_t clock_period_ps = 1000);

  std::string name() const override { return "dctcp"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) override;
  void on_nack(uint32_t flow, sc_core::sc_time now) override;
  void on_cnp(uint32_t, sc_core::sc_time) override {}  // DCTCP reads ECE on ACKs
  void on_tx(uint32_t, uint32_t, sc_core::sc_time) override {}
  void on_timeout(uint32_t flow, sc_core::sc_time now) override;
  uint64_t next_deadline_ps(uint32_t) const override { return kNoDeadline; }
  void on_timer(uint32_t, sc_core::sc_time) override {}
  double rate_gbps(uint32_t) const override { return kUnlimited; }
  double window_bytes(uint32_t flow) const override;
  sc_core::sc_time pacing_gap(uint32_t) const override { return sc_core::SC_ZERO_TIME; }
  double cwnd_packets(uint32_t flow) const override;
  UnitCost cost() const override;
  uint64_t busy_cycles() const override { return busy_cycles_; }
  std::vector<StateValue> state_values(uint32_t flow) const override;

  const hls::dctcp::State& state(uint32_t flow) const { return flows_.at(flow).s; }

 private:
  struct Flow {
    hls::dctcp::State s;            // the state memory entry (written by the last pass)
    hls::dctcp::State visible;      // what the TX scheduler sees until visible_until_ps
    uint64_t visible_until_ps = 0;  // from then on it sees s
  };
  // Around one pass at now_ps: the previous result becomes visible if its time has come; the new one
  // is visible a pipeline latency later.
  Flow& begin_pass(uint32_t flow, uint64_t now_ps);
  void end_pass(Flow& f, uint64_t now_ps);
  const hls::dctcp::State& seen(const Flow& f) const;

  hls::dctcp::Kernel k_;
  uint32_t mtu_;
  uint64_t clock_ps_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
};

}  // namespace ccf::nic
