// mmu_model.cpp: the switch MMU reference, docs/switch.md 2 read literally.
//
// One call of step() is one clock cycle (2.1). Every decision of the cycle (the ingress arbiter, the
// admission of the processed frame, the dequeue, the PFC threshold inputs, the LFSR compare) reads the
// state as it was at the start of the cycle; the effects are then applied together, as the edge does.
// The code keeps that split visible: decide_*() are const and read only start-of-cycle state, step()
// applies what they decided.
#include "models/switch/mmu_model.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace ccf::sw {

namespace {

constexpr uint8_t kNotEct = static_cast<uint8_t>(Ecn::kNotEct);
constexpr uint8_t kEct1 = static_cast<uint8_t>(Ecn::kEct1);
constexpr uint8_t kEct0 = static_cast<uint8_t>(Ecn::kEct0);
constexpr uint8_t kCe = static_cast<uint8_t>(Ecn::kCe);
constexpr uint16_t kLenMask = 0x3FFF;  // frame length field: 14 bits (docs/switch.md 1)
constexpr uint8_t kPrioMask = 0x7;     // 3 bits
constexpr uint8_t kEcnMask = 0x3;      // 2 bits

uint64_t sat_sub(uint64_t a, uint64_t b) {
  return a > b ? a - b : 0;
}

// Problems the model cannot represent at all (wrong sizes, indices out of range). Everything else
// that SwitchConfig::validate rejects is software policy: the hardware runs with it, and so does the
// model (a misconfigured pool is how BUFFER_FULL is reached, docs/switch.md 2.4).
std::string structural_error(const SwitchParams& p, const SwitchConfig& c) {
  if (std::string e = p.validate(); !e.empty()) return e;
  if (c.ports.size() != p.nports) return "switch.ports must have NPORTS entries";
  if (c.queues.size() != size_t{p.nports} * kMaxPrio) return "switch.queues must have NPORTS * 8 entries";
  if (c.fwd.size() != p.ndst()) return "switch.fwd must have 2^DST_W entries";
  if (c.ecmp.size() != p.ngroups) return "switch.ecmp must have NGROUPS entries";
  // The beta registers are signed 4-bit fields.
  if (c.pfc_beta_log2 < -8 || c.pfc_beta_log2 > 7) return "switch.pfc_beta_log2 must fit a signed 4-bit field";
  if (c.lossy_beta_log2 < -8 || c.lossy_beta_log2 > 7) return "switch.lossy_beta_log2 must fit a signed 4-bit field";
  for (const FwdEntry& f : c.fwd) {
    if (!f.valid) continue;
    if (f.is_ecmp ? f.port_or_group >= p.ngroups : f.port_or_group >= p.nports)
      return "switch.fwd has a valid entry whose port or group is out of range";
  }
  for (const EcmpGroup& g : c.ecmp) {
    if (g.size < 1 || g.size > kEcmpMaxMembers) return "switch.ecmp has a group size outside 1..16";
    for (unsigned k = 0; k < g.size; ++k)
      if (g.members[k] >= p.nports) return "switch.ecmp has a member port out of range";
  }
  return {};
}

}  // namespace

MmuModel::MmuModel(const SwitchParams& params, const SwitchConfig& config) : params_(params), cfg_(config) {
  if (std::string e = structural_error(params, config); !e.empty()) throw std::invalid_argument("MmuModel: " + e);
  queues_.resize(size_t{params_.nports} * kMaxPrio);
  for (size_t i = 0; i < queues_.size(); ++i) queues_[i].ecn_slope = cfg_.queues[i].ecn_slope();
  ports_.resize(params_.nports);
  ingress_.resize(size_t{params_.nports} * kMaxPrio);
  prio_mask_ = static_cast<uint8_t>((1u << params_.nprio) - 1);
  dwrr_group_ = cfg_.dwrr_group_mask & prio_mask_;
  tag_mask_ = params_.tag_w >= 32 ? UINT32_MAX : (uint32_t{1} << params_.tag_w) - 1;
  dst_mask_ = (uint32_t{1} << params_.dst_w) - 1;
  lfsr_ = cfg_.lfsr_seed ? cfg_.lfsr_seed : 1;  // 2.5: a zero seed is replaced by 1
  if (params_.rcm) {  // 2.11
    rcm_eg_.resize(queues_.size());
    rcm_in_.resize(queues_.size());
    rcm_egq_.resize(queues_.size());
    for (RcmEgress& x : rcm_egq_) x.cam.resize(params_.cfr_depth);
    rcm_ports_.resize(params_.nports);
    sar_.resize(size_t{1} << params_.sar_tbl_lg);
  }
}

// ---------------------------------------------------------------------------------------------
// RED curve (DCQCN paper, section 3.1, Figure 5) and its fixed-point form (docs/switch.md 2.5)

double MmuModel::red_probability(const QueueConfig& q, uint64_t qlen_bytes) {
  if (qlen_bytes <= q.kmin_bytes) return 0.0;
  if (qlen_bytes > q.kmax_bytes) return 1.0;
  const double pmax = q.pmax_65536 / 65536.0;
  return pmax * double(qlen_bytes - q.kmin_bytes) / double(q.kmax_bytes - q.kmin_bytes);
}

uint32_t MmuModel::red_probability_65536(const QueueConfig& q, uint64_t qlen_bytes) {
  if (qlen_bytes <= q.kmin_bytes) return 0;
  if (qlen_bytes > q.kmax_bytes) return 65536;
  const uint64_t p16 = ((qlen_bytes - q.kmin_bytes) * uint64_t{q.ecn_slope()}) >> 16;
  return static_cast<uint32_t>(std::min<uint64_t>(65536, p16));
}

// The marking decision of 2.5 for a frame of queue (e, c) seeing queue length `qlen_bytes`. The
// compare reads the LFSR as it is at the start of the cycle; the step is applied at the edge (2.1).
MmuModel::RedDecision MmuModel::red_decide(unsigned e, unsigned c, uint64_t qlen_bytes, uint8_t ecn) const {
  const QueueConfig& qc = cfg_.queue(e, c);
  if (!qc.ecn_en || (ecn != kEct0 && ecn != kEct1)) return {};  // Not-ECT and CE: unchanged, no step
  if (qlen_bytes <= qc.kmin_bytes) return {};
  if (qlen_bytes > qc.kmax_bytes) return {true, false};
  const uint64_t p16 = std::min<uint64_t>(65536, ((qlen_bytes - qc.kmin_bytes) * uint64_t{q(e, c).ecn_slope}) >> 16);
  return {(lfsr_ & 0xFFFFu) < p16, true};
}

// ---------------------------------------------------------------------------------------------
// Decisions (start-of-cycle state only)

Descriptor MmuModel::cut_to_widths(const Descriptor& d) const {
  Descriptor r = d;
  r.tag = d.tag & tag_mask_;
  r.len_bytes = d.len_bytes & kLenMask;
  r.prio = d.prio & kPrioMask;
  r.ecn = d.ecn & kEcnMask;
  r.dst = static_cast<uint16_t>(d.dst & dst_mask_);
  return r;
}

// 2.3 forwarding and 2.4 admission of descriptor `d` of ingress port `p`, then 2.5 marking at admission.
MmuModel::Admission MmuModel::decide_admission(unsigned p, const Descriptor& d, uint64_t cycle) const {
  Admission a;
  a.d = d;
  a.p = p;
  a.c = queue_of(a.d.prio);
  a.cells = cells_of(a.d.len_bytes);

  // 2.3: forwarding.
  const FwdEntry& f = cfg_.fwd[a.d.dst];
  if (!f.valid) {
    a.drop = DropReason::kNoRoute;  // rule 1
    return a;
  }
  if (f.is_ecmp) {
    const EcmpGroup& g = cfg_.ecmp[f.port_or_group];
    a.e = g.members[(uint32_t{a.d.hash} * g.size) >> 16];
    if (rcm_on() && cfg_.rcm.sar_en) a.e = sar_route(a.e, g, a.c, a.d.hash, cycle, a.rcm);  // 2.11.5
  } else {
    a.e = f.port_or_group;
  }
  a.q = a.c;
  if (rcm_on()) {  // 2.11.4: the queue it joins; the samples, CAM write and CN it causes
    rcm_decide(p, a.e, a.c, a.d, a.cells, cycle, a.rcm);
    a.q = a.rcm.q;
  }

  // The rules read the queue the frame joins (2.11.4).
  const QueueConfig& qcfg = cfg_.queue(a.e, a.q);
  const QueueCounters& qs = q(a.e, a.q).ctr;
  const IngressState& in = ingress_[p * kMaxPrio + a.c];
  const uint64_t pool = cfg_.shared_pool_cells;

  // Rule 2: WRED drops Not-ECT frames at or above K.
  if (qcfg.wred_en && a.d.ecn == kNotEct && qs.len_bytes >= qcfg.wred_k_bytes) {
    a.drop = DropReason::kWred;
    return a;
  }
  // Rule 3: the buffer itself.
  if (total_cells_ + a.cells > params_.ncells()) {
    a.drop = DropReason::kBufferFull;
    return a;
  }
  a.sh_delta = shared_of(in.u_cells + a.cells) - shared_of(in.u_cells);
  if (lossless(a.c)) {
    // Rule 4: shared while not paused and the pool has room, then headroom, then overflow.
    if (!in.xoff && shared_cells_ + a.sh_delta <= pool) {
      a.to_headroom = false;
    } else if (in.h_cells + a.cells <= cfg_.ports[p].headroom_cells) {
      a.to_headroom = true;
    } else {
      a.drop = DropReason::kHeadroomOverflow;
      return a;
    }
  } else {
    // Rule 5: lossy, the reserve or the pool under the dynamic egress threshold.
    const bool fits_reserve = a.sh_delta == 0;
    const bool fits_pool = shared_cells_ + a.sh_delta <= pool &&
                           qs.len_cells + a.cells <= scale_by_beta(sat_sub(pool, shared_cells_), cfg_.lossy_beta_log2);
    if (!fits_reserve && !fits_pool) {
      a.drop = DropReason::kLossyTail;
      return a;
    }
  }
  // 2.5, CTRL.mark_at_dequeue = 0: q is the queue length before the frame joins.
  if (!cfg_.mark_at_dequeue) {
    const RedDecision r = red_decide(a.e, a.q, qs.len_bytes, a.d.ecn);
    a.mark = r.mark;
    a.lfsr_step = r.lfsr_step;
  }
  return a;
}

// Queues of port `e` that are eligible in `cycle`: non-empty and not paused (2.7, 2.8).
uint8_t MmuModel::eligible_mask(unsigned e, uint64_t cycle) const {
  const Port& port = ports_[e];
  uint8_t m = port.nonempty_mask;
  for (uint8_t k = m & port.paused_mask; k; k &= static_cast<uint8_t>(k - 1)) {
    const unsigned c = static_cast<unsigned>(std::countr_zero(k));
    if (cycle < port.pause_until[c]) m &= static_cast<uint8_t>(~(1u << c));
  }
  // 2.11.4: RCC_QUEUE holds frames of RCC_CLASS, which a pause of RCC_CLASS stops too, and the RCC
  // window gates it.
  if (rcc_on() && (cycle < port.pause_until[cfg_.rcm.rcc_class] || rcc_gated(e, cycle)))
    m &= static_cast<uint8_t>(~(1u << cfg_.rcm.rcc_queue));
  return m;
}

// 2.8: port round robin, strict priority with the DWRR group as one level, DWRR inside the group.
MmuModel::Dequeue MmuModel::decide_dequeue(uint64_t cycle, uint64_t out_ready) const {
  Dequeue d;
  uint8_t elig = 0;
  // Ports rr_out_, rr_out_ + 1, ..., then from 0: those at or above the pointer first.
  const uint64_t candidates = out_ready & nonempty_ports_;
  const uint64_t from_ptr = candidates & ~((uint64_t{1} << rr_out_) - 1);
  for (uint64_t m : {from_ptr, candidates & ~from_ptr}) {
    for (; m && !d.valid; m &= m - 1) {
      const unsigned e = static_cast<unsigned>(std::countr_zero(m));
      elig = eligible_mask(e, cycle);
      if (elig) {
        d.valid = true;
        d.e = e;
      }
    }
  }
  if (!d.valid) return d;

  const Port& port = ports_[d.e];
  d.new_dptr = port.dwrr_ptr;
  const int top_group = dwrr_group_ ? std::bit_width(unsigned{dwrr_group_}) - 1 : -1;
  bool chosen = false;
  for (int c = int(params_.nprio) - 1; c >= 0 && !chosen; --c) {
    const bool in_group = (dwrr_group_ >> c) & 1u;
    if (!in_group) {
      if ((elig >> c) & 1u) {
        d.c = unsigned(c);
        d.new_deficit = q(d.e, d.c).deficit;  // not a DWRR queue: its deficit is left alone
        chosen = true;
      }
      continue;
    }
    if (c != top_group || (elig & dwrr_group_) == 0) continue;  // the group sits at its highest member
    // DWRR (2.8): serve dptr while its deficit covers the head; else the next eligible member after
    // dptr in cyclic order (dptr itself last) becomes dptr and gets a quantum.
    const unsigned dptr = port.dwrr_ptr;
    const bool dptr_ok = ((dwrr_group_ & elig) >> dptr) & 1u;
    if (dptr_ok && q(d.e, dptr).deficit >= int64_t{slots_[q(d.e, dptr).head].len_bytes}) {
      d.c = dptr;
      d.new_deficit = q(d.e, dptr).deficit;
    } else {
      for (unsigned k = 1; k <= kMaxPrio; ++k) {
        const unsigned m = (dptr + k) % kMaxPrio;
        if (((dwrr_group_ & elig) >> m) & 1u) {
          d.c = m;
          d.new_dptr = m;
          d.new_deficit = q(d.e, m).deficit + int64_t(rcc_quantum(d.e, m, cycle));
          break;
        }
      }
    }
    const Queue& served = q(d.e, d.c);
    d.new_deficit -= slots_[served.head].len_bytes;
    if (served.ctr.len_frames == 1) d.new_deficit = 0;  // the serve leaves the queue empty
    chosen = true;
  }

  const Queue& qq = q(d.e, d.c);
  const Slot& s = slots_[qq.head];
  d.slot = qq.head;
  d.cells = cells_of(s.len_bytes);
  // 2.5, CTRL.mark_at_dequeue = 1: q is the queue length after the frame leaves.
  if (cfg_.mark_at_dequeue) {
    const RedDecision r = red_decide(d.e, d.c, qq.ctr.len_bytes - s.len_bytes, s.ecn);
    d.mark = r.mark;
    d.lfsr_step = r.lfsr_step;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// Effects

void MmuModel::fifo_bits(unsigned p) {
  const uint64_t bit = uint64_t{1} << p;
  fifo_ports_ = ports_[p].fifo_count > 0 ? fifo_ports_ | bit : fifo_ports_ & ~bit;
  fifo_full_ports_ = ports_[p].fifo_count >= params_.in_fifo_depth ? fifo_full_ports_ | bit : fifo_full_ports_ & ~bit;
}

// The hardware has one descriptor slot per cell (every frame holds at least one cell, so BUFFER_FULL,
// 2.4, comes first); the model adds a slot when its free list is empty, so that its memory follows the
// most frames held rather than the buffer's size. Which slot a frame takes changes no output.
uint32_t MmuModel::alloc_slot() {
  if (free_head_ == kNil) {
    slots_.emplace_back();
    return static_cast<uint32_t>(slots_.size() - 1);
  }
  const uint32_t i = free_head_;
  free_head_ = slots_[i].next;
  return i;
}

// 2.6: PFC frame of port p in this cycle: last cycle's requests plus refreshes of held pauses.
void MmuModel::send_pfc(unsigned p, uint64_t cycle, std::optional<PfcFrame>& out) {
  Port& port = ports_[p];
  const uint32_t refresh = cfg_.ports[p].pfc_refresh_cycles;
  uint8_t pause = port.req_pause;
  const uint8_t resume = port.req_resume;
  if (refresh > 0) {
    for (uint8_t m = port.xoff_mask; m; m &= static_cast<uint8_t>(m - 1)) {
      const unsigned c = static_cast<unsigned>(std::countr_zero(m));
      if (port.refresh_at[c] <= cycle) pause |= static_cast<uint8_t>(1u << c);
    }
  }
  port.req_pause = port.req_resume = 0;
  pfc_req_ports_ &= ~(uint64_t{1} << p);
  if ((pause | resume) == 0) return;
  PfcFrame f;
  f.class_en = pause | resume;
  bool any_time = false;
  for (unsigned c = 0; c < kMaxPrio; ++c) {
    if (!((pause >> c) & 1u)) continue;
    f.time_quanta[c] = cfg_.pause_quanta;
    any_time |= cfg_.pause_quanta != 0;
    port.refresh_at[c] = cycle + refresh;  // 2.6: refresh_at = cycle last sent + PFC_REFRESH_CYCLES
  }
  if (any_time) {
    ++port.ctr.pfc_pause_tx;
  } else {
    ++port.ctr.pfc_resume_tx;
  }
  out = f;
}

// 2.6: XOFF/XON of a touched lossless (p, c) from its end-of-cycle values.
void MmuModel::evaluate_pfc(unsigned p, unsigned c) {
  if (!lossless(c)) return;
  IngressState& in = ing(p, c);
  Port& port = ports_[p];
  const uint64_t thr = cfg_.pfc_dynamic
                           ? scale_by_beta(sat_sub(cfg_.shared_pool_cells, shared_cells_), cfg_.pfc_beta_log2)
                           : cfg_.pfc_static_thr_cells;
  const uint64_t shared = shared_of(in.u_cells);
  const uint8_t bit = static_cast<uint8_t>(1u << c);
  if (!in.xoff && (in.h_cells > 0 || shared >= thr)) {
    in.xoff = true;
    port.xoff_mask |= bit;
    xoff_ports_ |= uint64_t{1} << p;
    port.req_pause |= bit;  // a later request of the other kind replaces an unsent one
    port.req_resume &= static_cast<uint8_t>(~bit);
    pfc_req_ports_ |= uint64_t{1} << p;
  } else if (in.xoff && in.h_cells == 0 && (shared == 0 || shared + cfg_.resume_offset_cells <= thr)) {
    in.xoff = false;
    port.xoff_mask &= static_cast<uint8_t>(~bit);
    if (port.xoff_mask == 0) xoff_ports_ &= ~(uint64_t{1} << p);
    port.req_resume |= bit;
    port.req_pause &= static_cast<uint8_t>(~bit);
    pfc_req_ports_ |= uint64_t{1} << p;
  }
}

// 2.7: a PFC frame received on port e in `cycle` blocks the time * QUANTUM_CYCLES cycles after it
// (state changes at the edge, 2.1); the paused-cycle counter banks the old pause up to this cycle.
void MmuModel::receive_pfc(unsigned e, uint64_t cycle, const PfcFrame& f) {
  Port& port = ports_[e];
  ++port.ctr.pfc_rx;
  for (unsigned c = 0; c < params_.nprio; ++c) {
    if (!((f.class_en >> c) & 1u)) continue;
    const uint64_t end = std::min(cycle + 1, port.pause_until[c]);
    port.ctr.paused_cycles[c] += sat_sub(end, port.pause_start[c]);
    port.pause_start[c] = cycle + 1;
    port.pause_until[c] = cycle + 1 + uint64_t{f.time_quanta[c]} * cfg_.ports[e].quantum_cycles;
    port.paused_mask |= static_cast<uint8_t>(1u << c);
    paused_ports_ |= uint64_t{1} << e;
  }
}

CycleOutputs MmuModel::step(uint64_t cycle, const CycleInputs& in) {
  CycleOutputs out;
  step(cycle, in, CycleInputMasks::of(in), out);
  return out;
}

void MmuModel::step(uint64_t cycle, const CycleInputs& in, const CycleInputMasks& set, CycleOutputs& out) {
  const unsigned np = params_.nports;
  const uint64_t ports = np == 64 ? ~uint64_t{0} : (uint64_t{1} << np) - 1;
  if (out.pfc_out.size() != np) {
    out.pfc_out.assign(np, std::nullopt);
  } else {
    for (uint64_t m = out.pfc_out_mask; m; m &= m - 1) out.pfc_out[std::countr_zero(m)].reset();
  }
  out.pfc_out_mask = 0;
  out.enqueue.reset();
  out.drop.reset();
  out.egress.reset();
  out.cn_out.reset();
  out.crd.reset();

  // Start-of-cycle views: FIFO room (2.2) and the timer output (2.1, tmr_next_cycle).
  out.in_ready_mask = ~fifo_full_ports_ & ports;
  out.next_deadline = earliest_deadline_from(cycle);
  bool changed = false;

  // --- decisions, all from the state at the start of the cycle ---
  // 2.2: round-robin arbiter over the ports with a descriptor: a FIFO head, or with the FIFO empty the
  // descriptor offered in this cycle (bypass).
  const uint64_t offered = set.in_desc & ports;
  std::optional<Admission> adm;  // the descriptor processed in this cycle, if any
  if (const uint64_t any = fifo_ports_ | offered; any != 0) {
    // Ports rr_in_, rr_in_ + 1, ..., then from 0: the first at or above the pointer, else the lowest.
    const uint64_t from_ptr = any & ~((uint64_t{1} << rr_in_) - 1);
    const unsigned p = static_cast<unsigned>(std::countr_zero(from_ptr ? from_ptr : any));
    const Port& port = ports_[p];
    if (port.fifo_count > 0) {
      adm = decide_admission(p, port.fifo[port.fifo_head], cycle);
    } else {
      adm = decide_admission(p, cut_to_widths(*in.in_desc[p]), cycle);
      adm->bypass = true;
    }
  }
  const Dequeue deq = decide_dequeue(cycle, set.out_ready & ports);

  // --- effects, applied together at the edge ---
  // 2.6: the PFC frames of this cycle (registered requests and refreshes due).
  for (uint64_t m = pfc_req_ports_ | xoff_ports_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    send_pfc(p, cycle, out.pfc_out[p]);
    changed |= out.pfc_out[p].has_value();
    if (out.pfc_out[p]) out.pfc_out_mask |= uint64_t{1} << p;
  }

  // 2.5: one LFSR per switch, one step per decision (at most one decision per cycle: marking happens
  // either at admission or at dequeue).
  if ((adm && adm->lfsr_step) || deq.lfsr_step) lfsr_ = lfsr_advance(lfsr_);

  // Ingress (p, c) values at the start of the cycle, for S' and the touched set of 2.6.
  struct Touched {
    unsigned p, c;
    uint64_t u0;
  };
  std::array<Touched, 2> touched{};
  unsigned ntouched = 0;
  auto touch = [&](unsigned p, unsigned c) {
    for (unsigned i = 0; i < ntouched; ++i)
      if (touched[i].p == p && touched[i].c == c) return;
    touched[ntouched++] = {p, c, ing(p, c).u_cells};
  };

  if (adm) {
    changed = true;
    Port& port = ports_[adm->p];
    if (!adm->bypass) {
      port.fifo_head = (port.fifo_head + 1) % params_.in_fifo_depth;
      --port.fifo_count;
      fifo_bits(adm->p);
    }
    rr_in_ = (adm->p + 1) % np;
    touch(adm->p, adm->c);
    if (adm->drop != DropReason::kNone) {
      out.drop = DropReport{adm->d.tag, adm->drop, static_cast<uint8_t>(adm->p), static_cast<uint8_t>(adm->c)};
      if (adm->drop == DropReason::kNoRoute) {
        ++port.ctr.drops_no_route;
      } else {
        ++q(adm->e, adm->q).ctr.drops[static_cast<size_t>(adm->drop)];
      }
    } else {
      Queue& qq = q(adm->e, adm->q);
      const uint32_t i = alloc_slot();
      Slot& s = slots_[i];
      s = Slot{adm->d.tag,
               adm->d.len_bytes,
               adm->mark ? kCe : adm->d.ecn,
               static_cast<uint8_t>(adm->p),
               kNil,
               static_cast<uint8_t>(adm->c),
               static_cast<uint8_t>(adm->rcm.bucket)};
      if (qq.tail == kNil) {
        qq.head = i;
      } else {
        slots_[qq.tail].next = i;
      }
      qq.tail = i;
      out.enqueue = EnqueueReport{adm->d.tag, static_cast<uint8_t>(adm->e), static_cast<uint8_t>(adm->q)};
      ports_[adm->e].nonempty_mask |= static_cast<uint8_t>(1u << adm->q);
      nonempty_ports_ |= uint64_t{1} << adm->e;
      ++qq.ctr.len_frames;
      qq.ctr.len_bytes += adm->d.len_bytes;
      qq.ctr.len_cells += adm->cells;
      ++qq.ctr.enq_frames;
      qq.ctr.enq_bytes += adm->d.len_bytes;
      qq.ctr.ecn_marks += adm->mark;
      ++frames_held_;
      total_cells_ += adm->cells;
      IngressState& is = ing(adm->p, adm->c);
      if (adm->to_headroom) {
        is.h_cells += adm->cells;
      } else {
        is.u_cells += adm->cells;
      }
      if (adm->rcm.on) rcm_apply_admission(adm->p, adm->e, adm->c, adm->d, cycle, adm->rcm, out);
    }
  }

  if (deq.valid) {
    changed = true;
    Port& port = ports_[deq.e];
    Queue& qq = q(deq.e, deq.c);
    const Slot s = slots_[deq.slot];
    rr_out_ = (deq.e + 1) % np;
    port.dwrr_ptr = deq.new_dptr;
    qq.deficit = deq.new_deficit;
    qq.head = s.next;
    if (qq.head == kNil) {
      qq.tail = kNil;
      port.nonempty_mask &= static_cast<uint8_t>(~(1u << deq.c));
      if (port.nonempty_mask == 0) nonempty_ports_ &= ~(uint64_t{1} << deq.e);
    }
    slots_[deq.slot].next = free_head_;
    free_head_ = deq.slot;
    --qq.ctr.len_frames;
    qq.ctr.len_bytes -= s.len_bytes;
    qq.ctr.len_cells -= deq.cells;
    ++qq.ctr.deq_frames;
    qq.ctr.deq_bytes += s.len_bytes;
    qq.ctr.ecn_marks += deq.mark;
    --frames_held_;
    total_cells_ -= deq.cells;
    touch(s.in_port, s.in_c);
    // 2.11.4: the frame leaves its hash bucket at this port; RCC_QUEUE's window counts it.
    if (rcc_on() && deq.c == cfg_.rcm.rcc_queue) rcc_window_dequeue(deq.e, s.len_bytes, cycle);
    if (rcc_on() && s.in_c == cfg_.rcm.rcc_class) {
      --rcm_ports_[deq.e].bucket_cnt[s.bucket];
      rcm_ports_[deq.e].cls_bytes -= s.len_bytes;
    }
    // 2.8: headroom first, with h after this cycle's admission (the admission applies first).
    IngressState& is = ing(s.in_port, s.in_c);
    const uint64_t from_h = std::min<uint64_t>(is.h_cells, deq.cells);
    is.h_cells -= from_h;
    is.u_cells -= deq.cells - from_h;
    out.egress = EgressReport{deq.e, s.tag, deq.mark ? kCe : s.ecn, static_cast<uint8_t>(deq.c), s.len_bytes};
  }

  // S' = S + the change of shared(p, c) of every touched (p, c). When the processed and the dequeued
  // frame belong to different (p, c) this is exactly `S += sh_delta` and
  // `S -= min(cells - from_h, shared(p, c))` of 2.4 and 2.8; when they share one (p, c) it keeps S
  // equal to the sum of shared(p, c), its definition in 2.4.
  for (unsigned i = 0; i < ntouched; ++i) {
    const Touched& t = touched[i];
    shared_cells_ = shared_cells_ + shared_of(ing(t.p, t.c).u_cells) - shared_of(t.u0);
  }

  // Peaks: queue bytes after an admission (2.9), ingress u + h.
  if (adm && adm->drop == DropReason::kNone) {
    QueueCounters& c = q(adm->e, adm->q).ctr;
    c.peak_bytes = std::max(c.peak_bytes, c.len_bytes);
  }
  for (unsigned i = 0; i < ntouched; ++i) {
    IngressState& is = ing(touched[i].p, touched[i].c);
    is.peak_cells = std::max(is.peak_cells, is.u_cells + is.h_cells);
  }

  // 2.6: XOFF/XON on the touched (p, c) with end-of-cycle values; requests go out next cycle.
  for (unsigned i = 0; i < ntouched; ++i) evaluate_pfc(touched[i].p, touched[i].c);

  // 2.11.3: the CN received this cycle (after the admission's RCC event, 2.11.4).
  if (set.cn_in && params_.rcm) {
    changed = true;
    ++rcm_ports_[in.cn_in->port].ctr.cn_received;  // counted whether or not RCM is on
    if (rcm_on()) rcm_receive_cn(*in.cn_in, cycle);
  }
  rcc_cut_port_ = -1;

  // 2.7: PFC frames received this cycle.
  for (uint64_t m = set.pfc_in & ports; m; m &= m - 1) {
    const unsigned e = static_cast<unsigned>(std::countr_zero(m));
    changed = true;
    receive_pfc(e, cycle, *in.pfc_in[e]);
  }

  // 2.2: descriptors offered while ready are accepted at the edge and stored, processed from the next
  // cycle, unless processed in this one (bypass).
  for (uint64_t m = offered & out.in_ready_mask; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    if (adm && adm->bypass && adm->p == p) continue;  // changed: processed
    changed = true;
    Port& port = ports_[p];
    port.fifo[(port.fifo_head + port.fifo_count) % params_.in_fifo_depth] = cut_to_widths(*in.in_desc[p]);
    ++port.fifo_count;
    fifo_bits(p);
  }

  // 2.1: idle = the edge changed nothing and no timer falls due in this cycle.
  out.idle = !changed && out.next_deadline > cycle;
  predict_next(cycle, out);
}

// 2.1: with no input in cycle + 1, it changes something iff an ingress FIFO holds a descriptor, a PFC
// request or an overdue refresh is waiting, a timer falls due at cycle + 1, or a port whose
// transmitter is ready has an eligible queue (eg_pending, combined with out_ready by the stepper).
void MmuModel::predict_next(uint64_t cycle, CycleOutputs& out) const {
  const uint64_t next = cycle + 1;
  out.next_deadline_post = next_deadline_after(cycle);
  out.next_busy = out.next_deadline_post <= next;
  out.eg_pending = 0;
  out.next_busy |= fifo_ports_ != 0 || pfc_req_ports_ != 0;
  for (uint64_t pm = xoff_ports_; pm; pm &= pm - 1) {
    const unsigned e = static_cast<unsigned>(std::countr_zero(pm));
    if (cfg_.ports[e].pfc_refresh_cycles > 0)
      for (uint8_t m = ports_[e].xoff_mask; m; m &= static_cast<uint8_t>(m - 1))
        out.next_busy |= ports_[e].refresh_at[std::countr_zero(m)] <= next;
  }
  for (uint64_t pm = nonempty_ports_; pm; pm &= pm - 1) {
    const unsigned e = static_cast<unsigned>(std::countr_zero(pm));
    if (eligible_mask(e, next) != 0) out.eg_pending |= uint64_t{1} << e;
  }
}

// ---------------------------------------------------------------------------------------------
// Observers

uint64_t MmuModel::paused_cycles(unsigned port, unsigned prio, uint64_t cycle) const {
  // Cycles t < `cycle` in which (port, prio) was paused: the banked pauses plus the running one.
  const Port& p = ports_[port];
  return p.ctr.paused_cycles[prio] + sat_sub(std::min(cycle, p.pause_until[prio]), p.pause_start[prio]);
}

uint64_t MmuModel::free_slots() const {
  return sat_sub(params_.ncells(), frames_held_);
}

uint64_t MmuModel::next_deadline_after(uint64_t cycle) const {
  return cycle == UINT64_MAX ? UINT64_MAX : earliest_deadline_from(cycle + 1);
}

uint64_t MmuModel::earliest_deadline_from(uint64_t cycle) const {
  uint64_t next = UINT64_MAX;
  for (uint64_t pm = paused_ports_; pm; pm &= pm - 1) {  // a class never paused has no deadline
    const Port& port = ports_[std::countr_zero(pm)];
    for (uint8_t m = port.paused_mask; m; m &= static_cast<uint8_t>(m - 1)) {
      const uint64_t u = port.pause_until[std::countr_zero(m)];
      if (u >= cycle) next = std::min(next, u);
    }
  }
  // A refresh is a deadline only while the pause it renews is held (2.6).
  for (uint64_t pm = xoff_ports_; pm; pm &= pm - 1) {
    const unsigned e = static_cast<unsigned>(std::countr_zero(pm));
    if (cfg_.ports[e].pfc_refresh_cycles == 0) continue;
    for (uint8_t m = ports_[e].xoff_mask; m; m &= static_cast<uint8_t>(m - 1)) {
      const uint64_t r = ports_[e].refresh_at[std::countr_zero(m)];
      if (r >= cycle) next = std::min(next, r);
    }
  }
  // 2.11.4: a closed RCC gate opens at a deadline.
  for (unsigned e = 0; rcc_on() && e < params_.nports; ++e)
    if (rcc_gated(e, cycle)) next = std::min(next, rcc_gate_opens(e, cycle));
  return next;
}

}  // namespace ccf::sw
