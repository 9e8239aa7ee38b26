// ldcp_unit.hpp: LDCP (the LDCP draft, draft-dai-tsvwg-pfc-free-congestion-control-01) as a NIC window unit
// (CcUnit) around the one-source kernel hls/ldcp/ldcp_kernel (docs/README.md principle 4). The unit adds
// what hardware adds around the arithmetic: a state memory of LdcpState::kStateBits per flow and a
// pipeline whose window and send interval are visible `latency_cycles` after the event. Docs:
// docs/units/ldcp.md.
//
// Outputs to the TX scheduler: window_bytes = IW x mtu in fast start, cw x mtu for cw >= 1, one mtu
// for cw < 1 together with pacing_gap = RTT/cw (the sub-one send timer: the NIC turns it into the
// flow's next-send deadline, docs/README.md principle 2); rate_gbps is unlimited (fast start sends at line
// rate, the stable stage is ACK-clocked); next_frame_not_ect is true for every fast-start frame but
// the last. The unit owns no timer of its own (next_deadline_ps = kNoDeadline).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/ldcp/ldcp_top.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class LdcpUnit : public CcUnit {
 public:
  // Read state, reciprocal seed, Newton step (2 multiplies), alpha n r multiply and shift, compare/
  // write back: one pass per event, fully pipelined (docs/units/ldcp.md 4).
  static constexpr UnitCost kCost{/*latency*/ 5, /*ii*/ 1, /*bits*/ hls::ldcp::LdcpState::kStateBits};

  // Throws std::invalid_argument with hls::ldcp::ldcp_config_error's message on bad input.
  // mtu_bytes: the NIC's RoCE MTU (payload bytes per frame); line_gbps: the NIC's link rate (BDP =
  // base RTT x line rate when params.bdp_bytes = 0); clock_period_ps: the unit's clock (1 GHz).
  LdcpUnit(const hls::ldcp::Params& params, uint32_t mtu_bytes, double line_gbps, uint64_t clock_period_ps = 1000);

  std::string name() const override { return "ldcp"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void set_message_bytes(uint32_t flow, uint64_t message_bytes) override;
  void on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) override;
  void on_nack(uint32_t flow, sc_core::sc_time now) override;
  void on_cnp(uint32_t, sc_core::sc_time) override {}  // LDCP reads ECE on ACKs, not CNPs
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override;
  void on_timeout(uint32_t flow, sc_core::sc_time now) override;
  uint64_t next_deadline_ps(uint32_t) const override { return kNoDeadline; }
  void on_timer(uint32_t, sc_core::sc_time) override {}
  double rate_gbps(uint32_t) const override { return kUnlimited; }
  double window_bytes(uint32_t flow) const override;
  sc_core::sc_time pacing_gap(uint32_t flow) const override;
  // The sub-one timer is re-read after every event of the flow (draft 2.2: a flow with cw < 1 is
  // "ticked out by a timer, whose timeout is set as RTT/cw"): an ACK that changes cw or RTT moves the
  // waiting frame to its last start + RTT/cw with the new values, so no flow waits longer than that.
  bool rate_applies_to_waiting_frame() const override { return true; }
  uint64_t rate_visible_ps(uint32_t flow) const override { return flows_.at(flow).visible_until_ps; }
  // cw as the TX scheduler sees it now, in packets.
  double cwnd_packets(uint32_t flow) const override;
  bool next_frame_not_ect(uint32_t flow) const override;
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_cycles_; }
  void set_vector_log(std::ostream* os) override;
  std::vector<StateValue> state_values(uint32_t flow) const override;

  const hls::ldcp::LdcpState& state(uint32_t flow) const { return flows_.at(flow).s; }
  const hls::ldcp::Config& config() const { return c_; }

 private:
  struct Flow {
    hls::ldcp::LdcpState s;        // the state memory entry (written by the last pass)
    hls::ldcp::LdcpState visible;  // what the TX scheduler sees until visible_until_ps
    uint64_t visible_until_ps = 0; // from then on it sees s
  };
  // Before a pass at now_ps: the previous result becomes the visible one if its time has come.
  // One kernel pass through the synthesis top's decoder (hls/ldcp/ldcp_top.hpp), logged as a vector.
  hls::ldcp::LdcpOut pass(Flow& f, const hls::ldcp::Event& ev);
  void begin_pass(Flow& f, uint64_t now_ps);
  void end_pass(Flow& f, uint64_t now_ps);
  const hls::ldcp::LdcpState& seen(const Flow& f) const;

  hls::ldcp::Config c_;
  uint64_t clock_ps_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
};

// Factory for the scenario loader.
inline std::unique_ptr<CcUnit> make_ldcp_unit(const hls::ldcp::Params& p, uint32_t mtu_bytes, double line_gbps,
                                              uint64_t clock_period_ps = 1000) {
  return std::make_unique<LdcpUnit>(p, mtu_bytes, line_gbps, clock_period_ps);
}

}  // namespace ccf::nic
