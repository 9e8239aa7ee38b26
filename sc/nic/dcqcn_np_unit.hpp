// dcqcn_np_unit.hpp: the DCQCN notification point as a NIC NpUnit around hls/dcqcn/np_kernel.
// Per flow it keeps the kernel's NpState (NpState::kStateBits) and one deadline, the end of the
// current CNP window (docs/README.md principle 2). The paper's mode (the DCQCN paper, Figure 6: a CNP at once for the
// first mark, then at most one per N, sent at the end of a window in which a packet was marked)
// uses the deadline through the NIC's calendar; the Mellanox min-time mode resolves it lazily on
// the next mark. Docs: docs/units/dcqcn.md 7.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/np_top.hpp"
#include "hls/dcqcn/np_vectors.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

class DcqcnNpUnit : public NpUnit {
 public:
  static constexpr UnitCost kCost{/*latency*/ 2, /*ii*/ 1, /*bits*/ hls::dcqcn::NpState::kStateBits};

  explicit DcqcnNpUnit(const hls::dcqcn::NpParams& params = hls::dcqcn::NpParams::paper()) : p_(params) {}

  std::string name() const override { return "dcqcn_np"; }
  bool on_ce(uint32_t flow, sc_core::sc_time now) override {
    if (flow >= flows_.size()) flows_.resize(flow + 1);
    Flow& f = flows_[flow];
    const uint64_t now_ns = now.value() / 1000;
    ++busy_;
    // Min-time mode: the window's end is resolved here, when the next mark arrives.
    if (f.s.open && now_ns >= f.window_end_ns) apply(f, pass(f, {hls::dcqcn::NpEventKind::kWindowEnd, flow, f.window_end_ns}));
    return apply(f, pass(f, {hls::dcqcn::NpEventKind::kMarked, flow, now_ns}));
  }
  uint64_t next_deadline_ps(uint32_t flow) const override {
    if (p_.mode != hls::dcqcn::NpMode::kPaperWindow || flow >= flows_.size()) return kNoDeadline;
    const Flow& f = flows_[flow];
    return f.s.open ? f.window_end_ns * 1000 : kNoDeadline;
  }
  bool on_timer(uint32_t flow, sc_core::sc_time now) override {
    Flow& f = flows_.at(flow);
    ++busy_;
    return apply(f, pass(f, {hls::dcqcn::NpEventKind::kWindowEnd, flow, now.value() / 1000}));
  }
  UnitCost cost() const override { return kCost; }
  uint64_t busy_cycles() const override { return busy_; }
  const hls::dcqcn::NpParams& params() const { return p_; }
  // Where a pass runs: the kernel (default), or another implementation of the same pass that leaves
  // the state word it wrote in s (a flow it has not seen starts from NpState{}), such as the
  // Verilated RTL (sc/nic/dcqcn_rtl.hpp).
  using Pass = std::function<hls::dcqcn::NpOut(hls::dcqcn::NpState& s, const hls::dcqcn::NpEvent& ev)>;
  void set_pass(Pass pass) { pass_impl_ = std::move(pass); }
  void set_vector_log(std::ostream* os) override {
    NpUnit::set_vector_log(os);
    if (os) *os << hls::dcqcn::np_params_line(p_) << '\n';
  }

 private:
  struct Flow {
    hls::dcqcn::NpState s;
    uint64_t window_end_ns = 0;
  };
  // One kernel pass through the synthesis top's decoder, logged as a vector.
  hls::dcqcn::NpOut pass(Flow& f, const hls::dcqcn::NpEvent& ev) {
    const hls::dcqcn::NpOut out = pass_impl_ ? pass_impl_(f.s, ev) : hls::dcqcn::np_step(f.s, p_, ev);
    if (vector_log_) *vector_log_ << hls::dcqcn::np_event_line(ev, f.s, out) << '\n';
    return out;
  }
  static bool apply(Flow& f, const hls::dcqcn::NpOut& out) {
    if (out.arm_window) f.window_end_ns = out.window_end_ns;
    return out.send_cnp;
  }
  hls::dcqcn::NpParams p_;
  Pass pass_impl_;
  std::vector<Flow> flows_;
  uint64_t busy_ = 0;
};

}  // namespace ccf::nic
