// timely_unit.hpp: TIMELY as a NIC congestion-control unit (CcUnit) around the one-source kernel
// hls/timely/timely_kernel (docs/README.md principle 4). The unit adds a state memory of
// State::kStateBits per flow, the time base (ps of simulated time to the kernel's ns timestamps), the
// rate published after the pipeline latency, and segment pacing for the TX scheduler. TIMELY has no
// timers: next_deadline_ps is always kNoDeadline. Docs: docs/units/timely.md.
//
// Pacing (the TIMELY paper's segment pacing, section 3). segment_pacing = true: rate_gbps is the line rate, so the NIC sends the frames
// of a segment back to back; after the frame that ends a segment, pacing_gap holds the TX scheduler
// back until segment start + segment wire bytes / TIMELY rate, so the average equals the rate.
// segment_pacing = false: rate_gbps is the TIMELY rate (per-frame pacing by the NIC) and
// pacing_gap is zero. timely_rate_gbps is the TIMELY rate in both modes.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "hls/timely/timely_kernel.hpp"
#include "hls/timely/timely_top.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class TimelyUnit : public CcUnit {
 public:
  // Read state, RTT subtract, EWMA and g (in parallel with the 24-stage T_high divider), two
  // multiplies, clamp and write back: 30 cycles, fully pipelined (II = 1).
  static constexpr UnitCost kCost{/*latency*/ 30, /*ii*/ 1, /*bits*/ hls::timely::State::kStateBits};

  // mtu_bytes: payload bytes per data frame (nic.mtu_bytes); segment_bytes must be a multiple of it.
  // line_gbps: the NIC's line rate. vlan: the NIC's frames carry an 802.1Q tag (wire bytes).
  // Throws std::invalid_argument with "cc.timely.<key> = <value> must be <rule>" on bad input.
  TimelyUnit(const hls::timely::Params& params, uint32_t mtu_bytes, double line_gbps,
             uint64_t clock_period_ps = 1000, bool vlan = false);

  std::string name() const override { return "timely"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) override;
  void on_nack(uint32_t flow, sc_core::sc_time now) override;
  void on_cnp(uint32_t, sc_core::sc_time) override {}
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override;
  void on_timeout(uint32_t flow, sc_core::sc_time now) override;
  uint64_t next_deadline_ps(uint32_t) const override { return kNoDeadline; }
  void on_timer(uint32_t, sc_core::sc_time) override {}
  double rate_gbps(uint32_t flow) const override;
  // The TIMELY paper's safeguard: a static limit on outstanding data (max_outstanding_bytes; 0 = none).
  double window_bytes(uint32_t) const override {
    return p_.max_outstanding_bytes ? double(p_.max_outstanding_bytes) : kUnlimited;
  }
  sc_core::sc_time pacing_gap(uint32_t flow) const override;
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_cycles_; }
  void set_vector_log(std::ostream* os) override;
  std::vector<StateValue> state_values(uint32_t flow) const override;

  // The TIMELY rate the pacer uses now (after the pipeline latency), Gb/s on the wire.
  double timely_rate_gbps(uint32_t flow) const;
  double controlled_rate_gbps(uint32_t flow) const override { return timely_rate_gbps(flow); }
  const hls::timely::State& state(uint32_t flow) const { return flows_.at(flow).s; }
  const hls::timely::Config& config() const { return c_; }
  uint64_t completions(uint32_t flow) const { return flows_.at(flow).completions; }
  uint32_t data_frame_wire_bytes(uint32_t payload_bytes) const;

 private:
  struct Flow {
    hls::timely::State s;
    uint32_t rate_out = 0;   // the rate the pacer sees (RATE_W bits)
    uint32_t rate_next = 0;  // written by the pipeline, visible from rate_at_ps
    uint64_t rate_at_ps = 0;
    uint64_t gap_ps = 0;     // pacing gap after the last frame sent (0 inside a segment)
    uint64_t completions = 0;
  };
  void publish(Flow& f, uint64_t now_ps);
  // One kernel pass through the synthesis top's decoder (hls/timely/timely_top.hpp), logged as a vector.
  hls::timely::TopOut pass(Flow& f, const hls::timely::Event& ev);
  uint32_t visible_rate(const Flow& f, uint64_t now_ps) const;
  static double gbps_of(uint32_t rate);

  hls::timely::Params p_;
  hls::timely::Config c_;
  uint32_t mtu_bytes_;
  double line_gbps_;
  uint64_t clock_ps_;
  bool vlan_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
};

// Factory for the scenario loader: throws std::invalid_argument on bad parameters.
std::unique_ptr<CcUnit> make_timely_unit(const hls::timely::Params& params, uint32_t mtu_bytes, double line_gbps,
                                         uint64_t clock_period_ps = 1000, bool vlan = false);

}  // namespace ccf::nic
