// ldcp_pcc_unit.hpp: LDCP's variant for NICs without per-packet ACK (Mellanox CX6-DX programmable CC;
// the LDCP draft, section 3.2) as a NIC rate unit (CcUnit) around the one-source kernel
// hls/ldcp/ldcp_pcc_kernel (docs/README.md principle 4). The unit adds what hardware adds around the
// arithmetic: a state memory of PccState::kStateBits per flow, the probe-timeout deadline (in the NIC's
// calendar through next_deadline_ps, docs/README.md principle 2) and a pipeline whose rate is visible
// `latency_cycles` after the event. Docs: docs/units/ldcp.md 11.
//
// Events: CNP (cw - beta), RTT request on the wire, RTT response (cw + alpha, new RTT), probe timeout.
// ACKs, NAKs, retransmit timeouts and frame starts are RoCE's, not this unit's (no kernel pass).
// Outputs: rate_gbps = rate x line rate (rate = min(1, cw T / RTT), 2^-20 units); no window, no pacing
// gap; rtt_probe_wanted = the flow owes an RTT request (at its start, after a response or a timeout).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "hls/ldcp/ldcp_pcc_kernel.hpp"
#include "hls/ldcp/ldcp_pcc_top.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class LdcpPccUnit : public CcUnit {
 public:
  // Read state; reciprocal of RTT (leading-one detect, normalise, seed ROM); Newton step (2 multiplies),
  // cw +- alpha/beta and the line-rate window RTT x 1/T in parallel; clamp and floor, T x 1/RTT; cw x that,
  // shift, saturate, write back and rate out (docs/units/ldcp.md 11.4).
  static constexpr UnitCost kCost{/*latency*/ 6, /*ii*/ 1, /*bits*/ hls::ldcp::PccState::kStateBits};

  // Throws std::invalid_argument with hls::ldcp::ldcp_config_error's message on bad input (params.variant
  // is set to kCx6dxPcc here). mtu_bytes, line_gbps: the NIC's; clock_period_ps: the unit's clock (1 GHz).
  LdcpPccUnit(const hls::ldcp::Params& params, uint32_t mtu_bytes, double line_gbps, uint64_t clock_period_ps = 1000);

  std::string name() const override { return "ldcp_pcc"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void on_ack(uint32_t, const AckInfo&, sc_core::sc_time) override {}  // RoCE ACKs: no congestion signal here
  void on_nack(uint32_t, sc_core::sc_time) override {}                 // go-back-N is the NIC's
  void on_cnp(uint32_t flow, sc_core::sc_time now) override;
  void on_tx(uint32_t, uint32_t, sc_core::sc_time) override {}
  void on_timeout(uint32_t, sc_core::sc_time) override {}
  uint64_t next_deadline_ps(uint32_t flow) const override { return flows_.at(flow).timeout_deadline_ps; }
  void on_timer(uint32_t flow, sc_core::sc_time now) override;
  double rate_gbps(uint32_t flow) const override;
  double window_bytes(uint32_t) const override { return kUnlimited; }
  // The rate goes to the TX pipeline's rate limiter, which applies it at once (the LDCP draft, section 3.2; docs/nic.md 3).
  bool rate_applies_to_waiting_frame() const override { return true; }
  uint64_t rate_visible_ps(uint32_t flow) const override { return flows_.at(flow).rate_at_ps; }
  sc_core::sc_time pacing_gap(uint32_t) const override { return sc_core::SC_ZERO_TIME; }
  // cw as the last pass left it, in packets (reports).
  double cwnd_packets(uint32_t flow) const override;
  bool rtt_probe_wanted(uint32_t flow) const override;
  void on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) override;
  void on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) override;
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_cycles_; }
  void set_vector_log(std::ostream* os) override;
  std::vector<StateValue> state_values(uint32_t flow) const override;

  const hls::ldcp::PccState& state(uint32_t flow) const { return flows_.at(flow).s; }
  const hls::ldcp::Config& config() const { return c_; }
  // The rate the TX scheduler sees now, in 2^-20 of line rate.
  uint32_t rate_fraction(uint32_t flow) const;
  // Kernel passes per action (tests, reports).
  uint64_t passes(hls::ldcp::PccAction a) const { return passes_.at(static_cast<size_t>(a)); }

 private:
  struct Flow {
    hls::ldcp::PccState s;                 // the state memory entry
    uint64_t timeout_deadline_ps = kNoDeadline;
    uint32_t rate_out = 0;                 // the rate the TX scheduler sees (2^-20 of line rate)
    uint32_t rate_next = 0;                // written by the pipeline, visible from rate_at_ps
    uint64_t rate_at_ps = 0;
  };
  // One kernel pass at now through the synthesis top's decoder (hls/ldcp/ldcp_pcc_top.hpp), logged as a
  // vector: publishes the rate after the latency and arms or clears the probe deadline.
  hls::ldcp::PccOut pass(Flow& f, const hls::ldcp::PccEvent& ev, uint64_t now_ps, bool count = true);

  hls::ldcp::Config c_;
  double line_gbps_;
  uint64_t clock_ps_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
  std::array<uint64_t, 7> passes_{};
};

inline std::unique_ptr<CcUnit> make_ldcp_pcc_unit(const hls::ldcp::Params& p, uint32_t mtu_bytes, double line_gbps,
                                                  uint64_t clock_period_ps = 1000) {
  return std::make_unique<LdcpPccUnit>(p, mtu_bytes, line_gbps, clock_period_ps);
}

}  // namespace ccf::nic
