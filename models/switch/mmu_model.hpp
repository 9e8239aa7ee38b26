// mmu_model.hpp: transaction-level reference of the switch MMU, written from docs/switch.md 2
// (admission, thresholds, PFC decisions, RED/WRED, scheduling order), not from the RTL.
// Stepped once per cycle with the same inputs as the RTL; the scoreboard compares the outputs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/switch/switch_config.hpp"
#include "models/switch/switch_ports.hpp"

namespace ccf::sw {

struct QueueCounters {
  uint64_t enq_frames = 0, enq_bytes = 0, deq_frames = 0, deq_bytes = 0, ecn_marks = 0;
  std::array<uint64_t, kNumDropReasons> drops{};  // indexed by DropReason
  uint64_t peak_bytes = 0;
  uint64_t len_bytes = 0, len_frames = 0, len_cells = 0;
};

struct PortCounters {
  uint64_t pfc_pause_tx = 0, pfc_resume_tx = 0, pfc_rx = 0, drops_no_route = 0;
  std::array<uint64_t, kMaxPrio> paused_cycles{};  // completed pauses; see paused_cycles()
};

// Per port (docs/switch.md 2.11.6, block 7).
struct RcmCounters {
  uint64_t cn_sent = 0, cn_received = 0, cfr_samples = 0, rcc_held_bytes = 0, sar_reroutes = 0, reordered = 0;
};

struct IngressState {
  uint64_t u_cells = 0, h_cells = 0, peak_cells = 0;
  bool xoff = false;
};

class MmuModel {
 public:
  MmuModel(const SwitchParams& params, const SwitchConfig& config);

  // One clock cycle: decisions from the state at the start of the cycle, effects applied together.
  CycleOutputs step(uint64_t cycle, const CycleInputs& in);
  // The same with the set entries of `in` given as bits (only those entries are read), into `out`,
  // whose vectors keep their storage from cycle to cycle.
  void step(uint64_t cycle, const CycleInputs& in, const CycleInputMasks& set, CycleOutputs& out);

  const QueueCounters& queue(unsigned port, unsigned prio) const { return queues_[port * kMaxPrio + prio].ctr; }
  const PortCounters& port(unsigned p) const { return ports_[p].ctr; }
  const IngressState& ingress(unsigned port, unsigned prio) const { return ingress_[port * kMaxPrio + prio]; }
  const RcmCounters& rcm(unsigned port) const { return rcm_ports_[port].ctr; }
  // RCM state of a class (2.11): the degree of the last egress sample, Wc of a port.
  uint8_t rcm_egress_fb(unsigned port, unsigned prio) const { return rcm_eg_[port * kMaxPrio + prio].fb; }
  uint64_t rcm_wc(unsigned port) const { return rcm_ports_[port].wc; }
  // The RCC window's gate of a port is closed in `cycle` (2.11.4).
  bool rcm_gate_closed(unsigned port, uint64_t cycle) const { return rcc_gated(port, cycle); }
  // Paused cycles of (port, class) up to `cycle`, including a pause still running.
  uint64_t paused_cycles(unsigned port, unsigned prio, uint64_t cycle) const;
  uint64_t shared_used_cells() const { return shared_cells_; }
  uint64_t total_used_cells() const { return total_cells_; }
  uint64_t free_slots() const;
  uint32_t lfsr() const { return lfsr_; }
  // Earliest timer deadline strictly after `cycle` (pause expiry or refresh), UINT64_MAX if none.
  uint64_t next_deadline_after(uint64_t cycle) const;

  // Marking probability of the RED curve in double (DCQCN paper, Figure 5) and as the hardware computes it
  // (docs/switch.md 2.5), for tests of the curve itself.
  static double red_probability(const QueueConfig& q, uint64_t qlen_bytes);
  static uint32_t red_probability_65536(const QueueConfig& q, uint64_t qlen_bytes);

 private:
  static constexpr uint32_t kNil = UINT32_MAX;

  // A descriptor slot (docs/switch.md 2.4): what the switch remembers of an admitted frame. Slots
  // are linked into per-queue lists and a free list, as in the hardware; the list grows only up to the
  // most frames held (alloc_slot).
  struct Slot {
    uint32_t tag = 0;
    uint16_t len_bytes = 0;
    uint8_t ecn = 0;
    uint8_t in_port = 0;
    uint32_t next = kNil;
    uint8_t in_c = 0;    // ingress class (2.11.4: a frame in RCC_QUEUE keeps its class)
    uint8_t bucket = 0;  // flow hash bucket (2.11.4)
  };
  struct Queue {
    uint32_t head = kNil, tail = kNil;  // slot list, oldest first
    QueueCounters ctr;                   // len_bytes/len_cells/len_frames are q, qc and the frame count
    int64_t deficit = 0;                 // DWRR deficit D in bytes (2.8)
    uint32_t ecn_slope = 0;              // ECN_SLOPE as software writes it (2.5)
  };
  struct Port {
    std::array<Descriptor, 16> fifo{};  // ingress skid FIFO (2.2), IN_FIFO_DEPTH <= 16 entries used
    unsigned fifo_head = 0, fifo_count = 0;
    PortCounters ctr;
    // PFC reception (2.7): pause_until per class; pause_start = first cycle the pause register
    // applies to, for the paused-cycle counter. PFC generation (2.6): refresh_at per class.
    std::array<uint64_t, kMaxPrio> pause_start{}, pause_until{}, refresh_at{};
    uint8_t req_pause = 0, req_resume = 0;  // requests registered at the last edge, sent this cycle
    uint8_t xoff_mask = 0;                  // xoff(p, c) as a class vector (mirrors IngressState::xoff)
    uint8_t nonempty_mask = 0;              // egress queues (e, c) holding frames
    uint8_t paused_mask = 0;                // classes that ever received a pause: the others' pause_until is 0
    unsigned dwrr_ptr = 0;                  // dptr(e) (2.8)
  };
  // RCM state (docs/switch.md 2.11). A CRD class (egress (e, c) or ingress (p, c)).
  struct CrdClass {
    uint64_t acc = 0;     // bytes since the last sample
    uint64_t qlast = 0;   // length at the last sample
    uint8_t fb = 0;
    uint64_t until = 0;   // local flag active while cycle < until
    uint64_t cn_next = 0; // ingress only: the earliest cycle for the next CN
  };
  struct CamEntry {
    bool valid = false;
    uint16_t hash = 0;
    uint8_t in_port = 0;
  };
  struct RcmEgress {     // per (e, c): CFR and the remote state
    std::vector<CamEntry> cam;
    unsigned cam_ptr = 0;
    uint64_t cam_acc = 0;
    uint64_t rem_until = 0;
    uint8_t fbr = 0;
    uint8_t rem_count = 0;
    std::array<uint16_t, CnFrame::kMaxIds> rem_ids{};
  };
  struct RcmPort {
    uint64_t wc = 0;                             // RCC share Wc (2.11.4)
    uint64_t win_end = 0;                        // RCC window: its end (cycle) and the bytes RCC_QUEUE sent in it
    uint64_t wc_sent = 0;
    uint64_t cls_bytes = 0;                      // bytes of class RCC_CLASS queued here (both queues)
    std::array<uint32_t, 16> bucket_cnt{};       // frames of class RCC_CLASS per hash bucket
    uint16_t bucket_side = 0;                    // bit b: bucket b's frames are in RCC_QUEUE
    RcmCounters ctr;
  };
  struct SarEntry {
    bool valid = false;
    uint8_t port = 0;
    uint64_t last = 0;
  };
  // What RCM decided for the processed frame (from start-of-cycle state), applied at the edge.
  struct RcmDecision {
    bool on = false;           // RCM enabled and the frame admitted (filled by decide_admission)
    unsigned q = 0;            // the queue the frame joins (2.11.4)
    unsigned bucket = 0;
    bool congestion = false;
    bool sar = false;          // an ECMP frame under SAR (the flow table is written)
    bool reroute = false, reorder = false;
    bool eg_sample = false, in_sample = false;
    int64_t eg_fb_raw = 0, in_fb_raw = 0;  // Fb of the samples
    uint64_t eg_q = 0, in_q = 0;           // Q of the samples
    bool cam_write = false;
    std::optional<CnOnPort> cn;
  };
  // The decision on the frame processed this cycle (2.3 to 2.5), from start-of-cycle state.
  struct Admission {
    bool bypass = false;  // the descriptor offered this cycle to an empty FIFO (2.2), not a FIFO head
    Descriptor d;  // fields already cut to their widths
    unsigned p = 0, c = 0, e = 0;
    unsigned q = 0;  // the egress queue's class: c, or RCC_QUEUE for a congestion flow (2.11.4)
    RcmDecision rcm;
    uint64_t cells = 0, sh_delta = 0;
    DropReason drop = DropReason::kNone;
    bool to_headroom = false;
    bool mark = false, lfsr_step = false;
  };
  // The dequeue decision of this cycle (2.8), from start-of-cycle state.
  struct Dequeue {
    bool valid = false;
    unsigned e = 0, c = 0;
    uint32_t slot = kNil;
    uint64_t cells = 0;
    unsigned new_dptr = 0;
    int64_t new_deficit = 0;
    bool mark = false, lfsr_step = false;
  };
  struct RedDecision { bool mark = false, lfsr_step = false; };

  bool rcm_on() const { return params_.rcm && cfg_.rcm.crd_en; }
  bool rcc_on() const { return rcm_on() && cfg_.rcm.rcc_en; }
  bool local_active(unsigned e, unsigned c, uint64_t cycle) const { return cycle < rcm_eg_[e * kMaxPrio + c].until; }
  bool remote_active(unsigned e, unsigned c, uint64_t cycle) const {
    return cycle < rcm_egq_[e * kMaxPrio + c].rem_until;
  }
  bool rcc_active(unsigned e, uint64_t cycle) const {
    return local_active(e, cfg_.rcm.rcc_class, cycle) || remote_active(e, cfg_.rcm.rcc_class, cycle);
  }
  bool congestion_flow(unsigned e, unsigned c, uint16_t hash, uint64_t cycle) const;
  uint8_t regional_degree(unsigned e, unsigned c, uint64_t cycle) const;
  uint8_t quantise(int64_t fb) const;
  int64_t crd_fb(uint64_t q, uint64_t qeq, uint64_t qlast) const;
  unsigned sar_route(unsigned e0, const EcmpGroup& g, unsigned c, uint16_t hash, uint64_t cycle, RcmDecision& r) const;
  void rcm_decide(unsigned p, unsigned e, unsigned c, const Descriptor& d, uint64_t cells, uint64_t cycle,
                  RcmDecision& r) const;
  uint64_t rcc_quantum(unsigned e, unsigned c, uint64_t cycle) const;
  bool rcc_gated(unsigned e, uint64_t cycle) const;
  uint64_t rcc_gate_opens(unsigned e, uint64_t cycle) const;
  void rcc_window_dequeue(unsigned e, uint32_t len, uint64_t cycle);
  void rcc_cut(unsigned e, uint8_t f, bool active_at_start);
  void crd_apply(CrdClass& k, bool sample, uint64_t q, int64_t fb_raw, uint32_t len, uint64_t cycle);
  void rcm_apply_admission(unsigned p, unsigned e, unsigned c, const Descriptor& d, uint64_t cycle,
                           const RcmDecision& r, CycleOutputs& out);
  void rcm_receive_cn(const CnOnPort& cn, uint64_t cycle);

  Queue& q(unsigned e, unsigned c) { return queues_[e * kMaxPrio + c]; }
  const Queue& q(unsigned e, unsigned c) const { return queues_[e * kMaxPrio + c]; }
  IngressState& ing(unsigned p, unsigned c) { return ingress_[p * kMaxPrio + c]; }
  unsigned queue_of(uint8_t prio) const { return prio < params_.nprio ? prio : params_.nprio - 1; }
  bool lossless(unsigned c) const { return cfg_.pfc_enable && ((cfg_.lossless_mask >> c) & 1u); }
  uint64_t cells_of(uint16_t len) const { return (len + params_.cell_bytes - 1) / params_.cell_bytes; }
  uint64_t shared_of(uint64_t u) const { return u > cfg_.reserve_cells ? u - cfg_.reserve_cells : 0; }

  Descriptor cut_to_widths(const Descriptor& d) const;
  RedDecision red_decide(unsigned e, unsigned c, uint64_t qlen_bytes, uint8_t ecn) const;
  void send_pfc(unsigned p, uint64_t cycle, std::optional<PfcFrame>& out);
  Admission decide_admission(unsigned p, const Descriptor& d, uint64_t cycle) const;
  Dequeue decide_dequeue(uint64_t cycle, uint64_t out_ready) const;
  uint8_t eligible_mask(unsigned e, uint64_t cycle) const;
  uint64_t earliest_deadline_from(uint64_t cycle) const;  // earliest deadline >= cycle
  void predict_next(uint64_t cycle, CycleOutputs& out) const;  // 2.1 stepping prediction
  void evaluate_pfc(unsigned p, unsigned c);
  void receive_pfc(unsigned e, uint64_t cycle, const PfcFrame& f);
  uint32_t alloc_slot();
  void fifo_bits(unsigned p);  // fifo_ports_ and fifo_full_ports_ after port p's FIFO changed

  SwitchParams params_;
  SwitchConfig cfg_;
  std::vector<Queue> queues_;
  std::vector<Port> ports_;
  std::vector<IngressState> ingress_;
  std::vector<Slot> slots_;
  uint32_t free_head_ = kNil;
  uint8_t prio_mask_ = 0xFF;   // classes below NPRIO
  uint8_t dwrr_group_ = 0;     // DWRR_GROUP_MASK limited to NPRIO
  uint32_t tag_mask_ = 0, dst_mask_ = 0;
  uint64_t shared_cells_ = 0;  // S
  uint64_t total_cells_ = 0;   // T
  uint64_t frames_held_ = 0;
  uint32_t lfsr_ = 1;
  // Ports as bit vectors (bit p = port p), so that per-cycle scans visit only the ports that matter:
  // a queue holding frames, a class that received a pause, a pause held (xoff), a PFC request not yet
  // sent, an ingress FIFO holding descriptors, a full ingress FIFO.
  uint64_t nonempty_ports_ = 0, paused_ports_ = 0, xoff_ports_ = 0, pfc_req_ports_ = 0;
  uint64_t fifo_ports_ = 0, fifo_full_ports_ = 0;
  unsigned rr_in_ = 0, rr_out_ = 0;
  // RCM (2.11): per egress (e, c) CRD, per ingress (p, c) CRD, per egress (e, c) CAM and remote
  // state, per port RCC, the SAR flow table.
  std::vector<CrdClass> rcm_eg_, rcm_in_;
  std::vector<RcmEgress> rcm_egq_;
  std::vector<RcmPort> rcm_ports_;
  std::vector<SarEntry> sar_;
  int rcc_cut_port_ = -1;  // the port whose Wc the admission of this cycle cut (step() resets it)
};

}  // namespace ccf::sw
