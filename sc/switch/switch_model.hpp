// switch_model.hpp: the switch inside SystemC: its Verilated RTL (rtl/switch, any built port count), or
// the reference model the scoreboard holds equal to it (switch_core.hpp).
//
// One SC_METHOD steps the RTL from C++ (no sc_clock, no pin signals). It steps a cycle only when
// something can change in it (docs/switch.md 2.1): a frame or PFC frame arrived, the RTL's state
// after the last edge needs the next cycle (stat_next_busy), an egress link became idle on a port
// with a frame to send (stat_eg_pending), or the RTL's next timer deadline (tmr_next_cycle). Frames stay in SystemC: the RTL sees a descriptor with a tag, and the frame is
// re-attached by tag at egress (docs/README.md principle 3).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/switch/mmu_model.hpp"
#include "models/switch/switch_config.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/wall_timer.hpp"

#include "sc/switch/switch_core.hpp"

namespace ccf::swc {

// A PFC frame the switch sent (pfc.csv).
struct PfcSent {
  uint64_t time_ps = 0;
  unsigned port = 0;
  sw::PfcFrame frame;
};

// RCM (docs/switch.md 2.11.7): the RTL names a flow by its descriptor hash, this switch's seeded ECMP
// hash (fabric/flow_hash.hpp); a congestion notification on the wire names it by the fabric's flow ID,
// the same for every switch (fabric::rcm_flow_id). Both directions for the flows the switch has
// forwarded, the last flow seen winning a shared hash (as two flows with one hash alias in the RTL).
class RcmFlowIds {
 public:
  void learn(uint16_t fabric_id, uint16_t local) {
    if (local_.empty()) {
      local_.resize(kIds);
      fabric_.resize(kIds);
      local_known_.resize(kIds / 64);
      fabric_known_.resize(kIds / 64);
    }
    local_[fabric_id] = local;
    fabric_[local] = fabric_id;
    local_known_[fabric_id / 64] |= uint64_t{1} << (fabric_id % 64);
    fabric_known_[local / 64] |= uint64_t{1} << (local % 64);
  }
  std::optional<uint16_t> local_of(uint16_t fabric_id) const {
    if (local_known_.empty() || !((local_known_[fabric_id / 64] >> (fabric_id % 64)) & 1u)) return std::nullopt;
    return local_[fabric_id];
  }
  std::optional<uint16_t> fabric_of(uint16_t local) const {
    if (fabric_known_.empty() || !((fabric_known_[local / 64] >> (local % 64)) & 1u)) return std::nullopt;
    return fabric_[local];
  }

 private:
  static constexpr size_t kIds = size_t{1} << 16;
  std::vector<uint16_t> local_, fabric_;  // by fabric ID, by local hash; allocated at the first flow
  std::vector<uint64_t> local_known_, fabric_known_;
};

struct SwitchModelStats {
  uint64_t frames_in = 0, frames_out = 0, pfc_in = 0, pfc_out = 0;
  uint64_t cn_in = 0, cn_out = 0;  // RCM congestion notifications (docs/switch.md 2.11.3)
  std::array<uint64_t, sw::kNumDropReasons> drops{};  // by sw::DropReason
  uint64_t cycles_stepped = 0;
  uint64_t cycles_stepped_ahead = 0;  // of them, stepped in the activation of the cycle before (run)
  uint64_t last_cycle = 0;
};

class SwitchModel : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(SwitchModel);
  static constexpr uint64_t kDefaultPeriodPs = 640;  // 1.5625 GHz (docs/switch.md 2.1)

  // ports_used: bit p set = port p is cabled (it gets an input socket; SystemC requires every
  // socket to be bound). step_every_cycle: step the RTL in every cycle instead of only the cycles
  // that can change something (for the test that proves both give the same results). trace_path: an FST
  // waveform of the RTL. impl: the RTL or the reference model (which has no waveform).
  SwitchModel(sc_core::sc_module_name name, const sw::SwitchParams& params, const sw::SwitchConfig& cfg,
              uint64_t ports_used, uint64_t period_ps = kDefaultPeriodPs, bool step_every_cycle = false,
              const char* trace_path = nullptr, SwitchImpl impl = SwitchImpl::kRtl);
  ~SwitchModel() override;

  // Frames arriving on port p (a port in ports_used): bind the upstream Link's `out` socket here.
  tlm_utils::simple_target_socket_tagged<SwitchModel>& in_socket(unsigned p);
  // The transmitter of port p (owned by the fabric). The switch sends on it when the RTL dequeues;
  // nothing else may start frames on it.
  void attach_egress(unsigned p, fabric::Link* link);
  // The link whose frames arrive on port p (bound to in_socket(p)). The switch then takes the
  // link's frames from the wire itself (Link::let_receiver_take), with no wake-up of the link per
  // arrival; with every cabled port's link attached, it may step ahead of the kernel by the links'
  // least propagation delay, taking the frames that arrive by then (run; docs/fabric.md 8).
  void attach_ingress(unsigned p, fabric::Link* link);

  const SwitchModelStats& stats() const { return stats_; }
  const std::vector<PfcSent>& pfc_log() const { return pfc_log_; }
  // Frames accepted and not yet sent or dropped (queued in the RTL or waiting at its ingress).
  // Wall-clock seconds spent stepping the RTL (the speed report's switch share).
  double wall_s() const { return wall_.seconds(); }
  uint64_t ports_used() const {
    uint64_t m = 0;
    for (size_t p = 0; p < in_.size(); ++p)
      if (in_[p]) m |= uint64_t{1} << p;
    return m;
  }
  size_t frames_held() const { return frames_in_rtl_ + waiting_frames(); }
  // Bytes in egress queue (port, prio), kept from the RTL's enqueue and egress reports: the value of
  // its queue length register (docs/switch.md 2.9, block 8 k = 10) without a register cycle.
  uint64_t queue_bytes(unsigned port, unsigned prio) const { return queue_bytes_[port * sw::kMaxPrio + prio]; }
  // RCM (docs/switch.md 2.11.1): the 6-bit degree of the last egress sample of (port, prio), from the
  // RTL's crd_* outputs; 0 before the first sample or without RCM.
  uint8_t egress_degree(unsigned port, unsigned prio) const { return egress_degree_[port * sw::kMaxPrio + prio]; }
  // Reads a 64-bit counter of the RTL (docs/switch.md 2.9) in two register cycles after the last
  // stepped one, with every traffic input idle; what the switch does in them (a frame processed, a
  // PFC frame) is handled as in any cycle. For the end of a run.
  uint64_t read_counter(uint32_t lo_addr);
  uint64_t period_ps() const { return period_ps_; }
  unsigned nports() const { return params_.nports; }
  // Consecutive cycles up to `ps` may be stepped in one activation, ahead of the kernel's time, when
  // nothing else is pending before them (run). Set to just before the end of each sc_start() by its
  // caller, so that nothing is stepped past the time the caller then reads; 0 (the default): never.
  void set_step_horizon_ps(uint64_t ps) { step_horizon_ps_ = ps; }
  // The seed of this switch's ECMP flow hash (fabric/flow_hash.hpp): switches of one fabric use
  // different seeds so that their ECMP choices are independent. Default 0. Set before the first frame
  // arrives: a frame's hash is taken when it arrives.
  void set_ecmp_seed(uint64_t seed) { ecmp_seed_ = seed; }
  // With a waveform: dump only simulated times in [from_ps, to_ps) (`run --trace-window`).
  void set_trace_window(uint64_t from_ps, uint64_t to_ps) { core_->set_trace_time(base_cycle_, period_ps_, from_ps, to_ps); }

  // What PFC deadlock detection reads (docs/fabric.md 9), at coarse intervals and never per cycle;
  // none of it steps the RTL.
  // Whether egress queue (port, prio) is paused at `t_ps` by the PFC frames its link peer sent: the
  // last one received for the class, its quanta counted at the port's link rate (the RTL's own
  // timer counts the same quanta in cycles, docs/switch.md 2.7).
  bool paused_by_peer(unsigned port, unsigned prio, uint64_t t_ps) const {
    return rx_pause_until_ps_[port * sw::kMaxPrio + prio] > t_ps;
  }
  // When the last frame left egress queue (port, prio), or 0 if none has.
  uint64_t last_sent_ps(unsigned port, unsigned prio) const { return last_sent_ps_[port * sw::kMaxPrio + prio]; }
  // The frames in the egress queues of class `prio` by the ingress port they arrived on and the
  // egress port they wait for, [ingress * nports + egress]: a scan of every frame in the RTL.
  std::vector<uint32_t> queued_by_ingress(unsigned prio) const;

 private:
  struct Waiting {
    uint64_t ready_cycle;
    tlm::tlm_generic_payload* trans;
    fabric::Frame* frame;  // trans's Frame
    sw::Descriptor desc;   // what the RTL is offered, made once at arrival; the tag is set per offer
  };
  // A frame in the RTL: its payload and Frame, the port it arrived on and, once the RTL has
  // enqueued it, its egress queue.
  static constexpr uint8_t kNotQueued = 0xFF;
  struct Held {
    tlm::tlm_generic_payload* trans = nullptr;
    fabric::Frame* frame = nullptr;
    uint8_t ingress = 0;
    uint8_t egress = kNotQueued, prio = 0;
  };
  void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  // A frame or PFC frame (`trans`, its Frame `f`) arriving on `port` at `arrival_ps` (now, or later
  // for one taken from its link ahead of the kernel): queued for the RTL; returns the cycle it is
  // offered in.
  uint64_t accept(unsigned port, tlm::tlm_generic_payload& trans, fabric::Frame* f, uint64_t arrival_ps);
  // Takes the frames on the ingress links that arrive at or before `t_ps` (stepping ahead, run);
  // returns the arrival time of the first frame left on them (first_arrival_ps_).
  uint64_t take_arrivals_by(uint64_t t_ps);
  static constexpr uint64_t kNoArrival = fabric::Link::kNotKnown;
  void run();
  void plan(uint64_t cycle);  // step `cycle` (or an earlier planned one) when its time comes
  // A busy transmitter of a port with a frame to send counts at its frame's end; one whose idle time
  // is not known yet (a PFC frame waits) is asked to tell, and bounds unknown_idle_bound_ps_.
  uint64_t next_cycle_after(uint64_t c, uint64_t now_ps);
  void step_cycle(uint64_t cycle);
  // The outputs of a stepped cycle: frames taken, enqueued, dropped and sent, PFC frames, prediction.
  void handle_outputs(uint64_t cycle, uint64_t offered, const sw::CycleReport& out);
  uint32_t read_reg(uint32_t addr);
  size_t waiting_frames() const;
  // RTL cycle numbers continue after the reset and configuration cycles: cycle base_cycle_ is at
  // SystemC time 0.
  uint64_t cycle_at_or_after(uint64_t ps) const { return base_cycle_ + (ps + period_ps_ - 1) / period_ps_; }
  uint64_t time_of_ps(uint64_t cycle) const { return (cycle - base_cycle_) * period_ps_; }
  uint64_t first_free_cycle() const;

  sw::SwitchParams params_;
  uint64_t period_ps_;
  uint64_t base_cycle_ = 0;
  bool every_cycle_;
  std::unique_ptr<SwitchCore> core_;  // the RTL or the reference model
  std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<SwitchModel>>> in_;
  std::vector<fabric::Link*> egress_;
  std::vector<fabric::Link*> ingress_links_;
  // Per port: its link's first arrival (kNoArrival: none), kept as frames are put on the links and
  // taken from them; and the first of them all.
  std::vector<uint64_t> ingress_front_ps_;
  uint64_t first_arrival_ps_ = kNoArrival;
  uint64_t ingress_attached_ = 0;           // ports with an ingress link attached
  uint64_t lookahead_ps_ = 0;               // the least propagation delay of the ingress links; 0: not all known
  // The earliest frame end on a busy transmitter of a pending port whose idle time is not known (a
  // PFC frame waits): its on_idle may plan a cycle after then (next_cycle_after).
  uint64_t unknown_idle_bound_ps_ = UINT64_MAX;
  std::vector<std::deque<Waiting>> ingress_;               // per port, in arrival order
  std::vector<sw::PfcFrame> pfc_pending_;                  // per port, for the next stepped cycle
  struct CnWaiting {
    uint64_t ready_cycle;
    sw::CnOnPort cn;  // naming the flows by the fabric's IDs (translated when offered)
  };
  // RCM notifications received, offered one per cycle (2.11.3), in ready_cycle and port order.
  std::deque<CnWaiting> cn_pending_;
  // Per-cycle work visits only the ports these bits name (bit p = port p).
  uint64_t egress_mask_ = 0;       // ports with a transmitter attached
  uint64_t ingress_nonempty_ = 0;  // ports with a frame waiting in ingress_
  uint64_t pfc_pending_mask_ = 0;  // ports with a PFC frame in pfc_pending_
  // Egress ports whose transmitter was idle when last asked and that this switch has not sent on
  // since: still idle, as only this switch starts frames on them.
  uint64_t idle_known_ = 0;
  // Egress ports on which this switch queued a link-local frame (PFC, an RCM notification) behind
  // the frame on the wire: their transmitter's idle time is not known until it starts (a superset:
  // cleared once the time is known, next_cycle_after).
  uint64_t local_waiting_ = 0;
  // Frames in the RTL by tag. A tag is a free index of by_tag_, taken for an offer and returned when
  // the offer is not taken or the frame leaves the RTL (sent or dropped); 0 is never used.
  uint32_t take_tag();
  Held release_tag(uint32_t tag, const char* what);
  std::vector<Held> by_tag_{Held{}};
  std::vector<uint32_t> free_tags_;
  size_t frames_in_rtl_ = 0;
  uint64_t last_stepped_ = 0;
  bool next_busy_ = true;     // the RTL's stepping prediction after the last stepped cycle (2.1)
  uint64_t eg_pending_ = 0;
  static constexpr uint64_t kNoCycle = UINT64_MAX;
  uint64_t plan_ = kNoCycle;  // the earliest cycle that needs a step
  uint64_t rtl_next_deadline_ = UINT64_MAX;
  uint64_t step_horizon_ps_ = 0;
  fabric::DeadlineEvent tick_;
  SwitchModelStats stats_;
  fabric::WallAccumulator wall_;
  sw::CycleReport report_;             // the outputs of the last stepped cycle
  std::vector<uint32_t> offered_tag_;  // per port: the tag of its offer in the cycle being stepped
  std::vector<PfcSent> pfc_log_;
  std::vector<uint64_t> queue_bytes_;  // [port * kMaxPrio + prio]
  std::vector<uint8_t> egress_degree_;  // [port * kMaxPrio + prio]
  std::vector<uint64_t> rx_pause_until_ps_;  // [port * kMaxPrio + prio]: paused_by_peer
  std::vector<uint64_t> last_sent_ps_;       // [port * kMaxPrio + prio]: last_sent_ps
  RcmFlowIds flow_ids_;                 // RCM: this switch's flow hashes <-> the fabric's flow IDs
  uint64_t ecmp_seed_ = 0;
};

}  // namespace ccf::swc
