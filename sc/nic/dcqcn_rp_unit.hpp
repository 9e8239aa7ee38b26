// dcqcn_rp_unit.hpp: the DCQCN reaction point as a NIC congestion-control unit (CcUnit) around the
// one-source kernel hls/dcqcn/rp_kernel (docs/README.md principle 4). The unit adds what hardware adds
// around the arithmetic: a state memory of RpState::kStateBits per flow, three timers per flow held
// as deadlines (alpha K, rate increase T, mlx rate-decrease period) and a pipeline whose result is
// visible `latency_cycles` after the event. Docs: docs/units/dcqcn.md.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "hls/dcqcn/rp_kernel.hpp"
#include "hls/dcqcn/rp_top.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class DcqcnRpUnit : public CcUnit {
 public:
  // One pass of the kernel per event: read state, arithmetic, write back and publish the rate.
  static constexpr UnitCost kCost{/*latency*/ 3, /*ii*/ 1, /*bits*/ hls::dcqcn::RpState::kStateBits};

  // clock_period_ps: the unit's clock (1 GHz by default).
  explicit DcqcnRpUnit(const hls::dcqcn::RpParams& params, uint64_t clock_period_ps = 1000);

  std::string name() const override { return "dcqcn"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override;
  void on_ack(uint32_t, const AckInfo&, sc_core::sc_time) override {}
  void on_nack(uint32_t, sc_core::sc_time) override {}
  void on_cnp(uint32_t flow, sc_core::sc_time now) override;
  void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) override;
  void on_timeout(uint32_t, sc_core::sc_time) override {}
  uint64_t next_deadline_ps(uint32_t flow) const override;
  void on_timer(uint32_t flow, sc_core::sc_time now) override;
  // The alpha update (paper eq. 2, UpdateAlphaMlx) writes only alpha: it may wait for the flow's next
  // event, unless the passes run elsewhere (set_pass) or are logged (set_vector_log), where every
  // pass is to be seen when it is due.
  void let_silent_timers_wait() override { alpha_may_wait_ = true; }
  void on_timers_stopped(uint32_t flow, sc_core::sc_time now) override;
  bool acks_change_nothing() const override { return true; }  // no per-ACK feedback (paper, section 3.1)
  double rate_gbps(uint32_t flow) const override;
  double window_bytes(uint32_t) const override { return kUnlimited; }
  sc_core::sc_time pacing_gap(uint32_t) const override { return sc_core::SC_ZERO_TIME; }
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_cycles_; }
  void set_vector_log(std::ostream* os) override;
  std::vector<StateValue> state_values(uint32_t flow) const override;

  const hls::dcqcn::RpState& state(uint32_t flow) const { return flows_.at(flow).s; }

  // Where a pass runs: the kernel (default), or another implementation of the same pass that
  // leaves the state word it wrote in s, such as the Verilated RTL (sc/nic/dcqcn_rtl.hpp).
  using Pass = std::function<hls::dcqcn::RpOut(hls::dcqcn::RpState& s, const hls::dcqcn::RpEvent& ev)>;
  void set_pass(Pass pass) { pass_impl_ = std::move(pass); }

 private:
  struct Flow {
    hls::dcqcn::RpState s;
    uint64_t alpha_deadline_ps = kNoDeadline, increase_deadline_ps = kNoDeadline, decrease_deadline_ps = kNoDeadline;
    uint32_t rate_out = 0;          // the rate the TX scheduler sees (RATE_W bits)
    uint32_t rate_next = 0;         // written by the pipeline, visible from rate_at_ps
    uint64_t rate_at_ps = 0;
    bool timers_stopped = false;  // on_timers_stopped: no pass waits any more
  };
  // One kernel pass through the synthesis top's decoder (hls/dcqcn/rp_top.hpp), logged as a vector.
  hls::dcqcn::RpOut pass(Flow& f, const hls::dcqcn::RpEvent& ev);
  // One kernel pass at `now`: arm the timers it asks for and publish the rate after the latency.
  void apply(Flow& f, const hls::dcqcn::RpOut& out, uint64_t now_ps);
  // Every timer pass of the flow due by up_to_ps, in deadline order.
  void run_timers(Flow& f, uint32_t flow, uint64_t up_to_ps);
  // The waiting passes due before `t_ps` (those due at `t_ps` come after an event at that instant).
  void run_waiting_timers_before(Flow& f, uint32_t flow, uint64_t t_ps) {
    if (may_wait(f) && t_ps > 0) run_timers(f, flow, t_ps - 1);
  }
  // The flow's alpha update waits for its next event: it changes no rate the NIC reads, because the
  // last rate written is visible by then (a pass inside the pipeline latency would delay it).
  bool alpha_waits(const Flow& f) const {
    return may_wait(f) && !pass_impl_ && !vector_log_ && f.alpha_deadline_ps >= f.rate_at_ps;
  }
  bool may_wait(const Flow& f) const { return alpha_may_wait_ && !f.timers_stopped; }

  hls::dcqcn::RpParams p_;
  Pass pass_impl_;
  uint64_t clock_ps_;
  std::vector<Flow> flows_;
  uint64_t busy_cycles_ = 0;
  bool alpha_may_wait_ = false;
};

}  // namespace ccf::nic
