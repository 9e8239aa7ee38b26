// dcqcn_np_unit.hpp: the DCQCN notification point as a NIC NpUnit around hls/dcqcn/np_kernel.
// The window timer is a deadline resolved when the next CE-marked frame of the flow arrives
// (DESIGN.md principle 2). Until the NIC offers NP timers, the unit runs the kernel's
// min-time-between-CNPs mode with the paper's N = 50 us: the first mark gets a CNP at once and at
// most one CNP follows per N; the paper's deferred CNP at the end of a marked window needs the
// timer and is not sent (docs/units/dcqcn.md 7).
#pragma once

#include <cstdint>
#include <vector>

#include "dcqcn/np_kernel.hpp"
#include "nic/cc_unit.hpp"

namespace ccf::nic {

class DcqcnNpUnit : public NpUnit {
 public:
  static constexpr UnitCost kCost{/*latency*/ 2, /*ii*/ 1, /*bits*/ hls::dcqcn::NpState::kStateBits};

  explicit DcqcnNpUnit(uint32_t interval_ns = 50'000)
      : p_{hls::dcqcn::NpMode::kMinTimeBetweenCnps, interval_ns} {}

  std::string name() const override { return "dcqcn_np"; }
  bool on_ce(uint32_t flow, sc_core::sc_time now) override {
    if (flow >= flows_.size()) flows_.resize(flow + 1);
    Flow& f = flows_[flow];
    const uint64_t now_ns = now.value() / 1000;
    ++busy_;
    if (f.s.open && now_ns >= f.window_end_ns) hls::dcqcn::on_window_end(f.s, p_, f.window_end_ns);
    const hls::dcqcn::NpOut out = hls::dcqcn::on_marked_packet(f.s, p_, now_ns);
    if (out.arm_window) f.window_end_ns = out.window_end_ns;
    return out.send_cnp;
  }
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_; }

 private:
  struct Flow {
    hls::dcqcn::NpState s;
    uint64_t window_end_ns = 0;
  };
  hls::dcqcn::NpParams p_;
  std::vector<Flow> flows_;
  uint64_t busy_ = 0;
};

}  // namespace ccf::nic
