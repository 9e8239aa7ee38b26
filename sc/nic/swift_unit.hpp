// swift_unit.hpp: Swift as a NIC congestion-control unit (CcUnit) around the one-source kernel
// hls/swift/swift_kernel (docs/README.md principle 4). The unit adds what hardware adds around the
// arithmetic: a state memory of State::kStateBits per flow, the NIC's 1-ns timestamp counter, and a
// pipeline whose window and pacing gap become visible `latency_cycles` after the event. Swift has no
// periodic timer: "once per RTT" is a last-update time (t_last_decrease) in the state, pacing is the
// NIC's next-send deadline from pacing_gap(), and the retransmit timeout is the NIC's. The one
// deadline the unit reports is "a new window becomes visible" (so the NIC re-tries a flow that was
// blocked by its window). Docs: docs/units/swift.md.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "hls/swift/swift_kernel.hpp"
#include "hls/swift/swift_top.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class SwiftUnit : public CcUnit {
 public:
  // One kernel pass per event: state read, delay decomposition, target (1/sqrt ROM + Newton), both
  // windows in parallel (1/x ROM + Newton, multiply, clamp), min, pacing (1/x ROM + Newton), write.
  static constexpr UnitCost kCost{/*latency*/ 10, /*ii*/ 1, /*bits*/ hls::swift::State::kStateBits};

  // mtu_bytes: the RoCE MTU (payload bytes per full frame; one packet of cwnd). clock_period_ps: the
  // unit's clock (1 GHz by default). Throws std::invalid_argument with swift_params_error's message.
  SwiftUnit(const hls::swift::Params& params, uint32_t mtu_bytes, uint64_t clock_period_ps = 1000);

  std::string name() const override { return "swift"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) override;
  void on_nack(uint32_t flow, sc_core::sc_time now) override;  // fast recovery (lines 22-25)
  void on_cnp(uint32_t, sc_core::sc_time) override {}
  void on_tx(uint32_t, uint32_t, sc_core::sc_time) override {}
  void on_timeout(uint32_t flow, sc_core::sc_time now) override;  // lines 15-21
  uint64_t next_deadline_ps(uint32_t flow) const override;
  void on_timer(uint32_t flow, sc_core::sc_time now) override;
  double rate_gbps(uint32_t) const override { return kUnlimited; }
  // cwnd * mtu; one packet while cwnd < 1 (the flow is then paced at rtt/cwnd).
  double window_bytes(uint32_t flow) const override;
  // rtt / cwnd while cwnd < 1, else zero.
  sc_core::sc_time pacing_gap(uint32_t flow) const override;
  // The pacing gap is a rate register the limiter re-reads (Algorithm 1 lines 29-32, section 3.4):
  // the next frame of a paced flow goes at its last start + rtt / cwnd with the cwnd of the unit's
  // last pass, so an ACK that raises cwnd brings the waiting frame forward and no flow waits longer
  // than rtt / cwnd.
  bool rate_applies_to_waiting_frame() const override { return true; }
  uint64_t rate_visible_ps(uint32_t flow) const override { return flows_.at(flow).next_at_ps; }
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_cycles_; }
  void set_vector_log(std::ostream* os) override;
  std::vector<StateValue> state_values(uint32_t flow) const override;

  const hls::swift::State& state(uint32_t flow) const { return flows_.at(flow).s; }
  const hls::swift::Regs& regs() const { return r_; }
  // The window in packets that the TX scheduler sees now (Q12.20 converted).
  double cwnd_packets(uint32_t flow) const override;

 private:
  struct Out {
    uint32_t cwnd = 0;       // Q12.20
    uint32_t pacing_ns = 0;
  };
  struct Flow {
    hls::swift::State s;
    Out out;                 // what the TX scheduler sees
    Out next;                // written by the pipeline, visible from next_at_ps
    uint64_t next_at_ps = kNoDeadline;  // kNoDeadline: nothing pending
  };
  void apply(Flow& f, const hls::swift::Out& o, uint64_t now_ps);
  // One kernel pass through the synthesis top's decoder (hls/swift/swift_top.hpp), logged as a vector.
  hls::swift::Out pass(Flow& f, const hls::swift::Event& ev);
  hls::swift::Out pass(uint32_t flow, hls::swift::EventKind kind, uint64_t now_ps);
  const Out& visible(const Flow& f) const;
  static uint32_t ns_of(uint64_t ps) { return static_cast<uint32_t>(ps / 1000); }  // 1-ns counter, mod 2^32

  hls::swift::Params p_;
  hls::swift::Regs r_;
  uint32_t mtu_;
  uint64_t clock_ps_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
};

std::unique_ptr<CcUnit> make_swift_unit(const hls::swift::Params& params, uint32_t mtu_bytes,
                                        uint64_t clock_period_ps = 1000);

}  // namespace ccf::nic
