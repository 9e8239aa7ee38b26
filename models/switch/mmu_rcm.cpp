// mmu_rcm.cpp: regional congestion mitigation in the switch MMU reference, docs/switch.md 2.11 read
// literally (the RCM paper's section 3: CRD eq. 1, CN and eq. 2, CFR, RCC eq. 3-6, SAR). As in
// mmu_model.cpp, the decisions read start-of-cycle state only and step() applies them at the edge.
#include <algorithm>

#include "models/switch/mmu_model.hpp"

namespace ccf::sw {

namespace {
constexpr unsigned kBuckets = 16;  // RCC order buckets: the flow hash's low 4 bits (2.11.4)
}  // namespace

// 2.11.1: Fb = (Q - Qeq) + w_q (Q - qlast), w_q = 2^k (an arithmetic shift for k < 0).
int64_t MmuModel::crd_fb(uint64_t q, uint64_t qeq, uint64_t qlast) const {
  const int64_t off = int64_t(q) - int64_t(qeq);
  const int64_t delta = int64_t(q) - int64_t(qlast);
  const int k = cfg_.rcm.wq_log2;
  return off + (k >= 0 ? delta * (int64_t{1} << k) : delta >> -k);
}

uint8_t MmuModel::quantise(int64_t fb) const {
  if (fb <= 0) return 0;
  return static_cast<uint8_t>(std::clamp<int64_t>(fb >> cfg_.rcm.fb_shift, 1, 63));
}

// 2.11.3: a congestion flow of (e, c): in the CAM of a locally congested class, or named by the CN of
// a remotely congested one.
bool MmuModel::congestion_flow(unsigned e, unsigned c, uint16_t hash, uint64_t cycle) const {
  const RcmEgress& x = rcm_egq_[e * kMaxPrio + c];
  if (local_active(e, c, cycle))
    for (const CamEntry& m : x.cam)
      if (m.valid && m.hash == hash) return true;
  if (remote_active(e, c, cycle))
    for (unsigned i = 0; i < x.rem_count; ++i)
      if (x.rem_ids[i] == hash) return true;
  return false;
}

// 2.11.3: eq. 2 with w = 2^-k when both flags are active.
uint8_t MmuModel::regional_degree(unsigned e, unsigned c, uint64_t cycle) const {
  const uint8_t fb = rcm_eg_[e * kMaxPrio + c].fb;
  const uint8_t fbr = rcm_egq_[e * kMaxPrio + c].fbr;
  const unsigned k = cfg_.rcm.cn_w_shift;
  const bool loc = local_active(e, c, cycle), rem = remote_active(e, c, cycle);
  if (loc && rem) return static_cast<uint8_t>(fb - (fb >> k) + (fbr >> k));
  if (loc) return fb;
  if (rem) return fbr;
  return 0;
}

// 2.11.5: the egress port of an ECMP frame under SAR.
unsigned MmuModel::sar_route(unsigned e0, const EcmpGroup& g, unsigned c, uint16_t hash, uint64_t cycle,
                             RcmDecision& r) const {
  r.sar = true;
  const SarEntry& t = sar_[hash & ((1u << params_.sar_tbl_lg) - 1)];
  bool member = false;
  for (unsigned k = 0; k < g.size; ++k) member |= t.valid && g.members[k] == t.port;
  if (member && cycle - t.last < cfg_.rcm.sar_gap_cycles) return t.port;
  unsigned e = e0;
  if (regional_degree(e0, c, cycle) >= cfg_.rcm.sar_level && !congestion_flow(e0, c, hash, cycle)) {
    uint8_t best = UINT8_MAX;
    for (unsigned k = 0; k < g.size; ++k) {
      const uint8_t d = regional_degree(g.members[k], c, cycle);
      if (d < best) {
        best = d;
        e = g.members[k];
      }
    }
  }
  r.reroute = e != e0;
  r.reorder = t.valid && t.port != e && rcc_on() && c == cfg_.rcm.rcc_class &&
              rcm_ports_[t.port].bucket_cnt[hash % kBuckets] > 0;
  return e;
}

// 2.11.1-2.11.4: the queue, the samples, the CAM write and the CN of a frame of ingress (p, c) to
// port e, from start-of-cycle state.
void MmuModel::rcm_decide(unsigned p, unsigned e, unsigned c, const Descriptor& d, uint64_t cells, uint64_t cycle,
                          RcmDecision& r) const {
  const RcmConfig& k = cfg_.rcm;
  r.on = true;
  r.q = c;
  r.bucket = d.hash % kBuckets;
  r.congestion = congestion_flow(e, c, d.hash, cycle);
  const bool rcc_class = rcc_on() && c == k.rcc_class;
  if (rcc_class) {
    const RcmPort& rp = rcm_ports_[e];
    const bool to_rcc =
        rp.bucket_cnt[r.bucket] > 0 ? ((rp.bucket_side >> r.bucket) & 1u) != 0 : rcc_active(e, cycle) && r.congestion;
    if (to_rcc) r.q = k.rcc_queue;
  }
  // 2.11.1: the egress and the ingress samples.
  const CrdClass& eg = rcm_eg_[e * kMaxPrio + c];
  if (k.sample_bytes > 0 && eg.acc + d.len_bytes >= k.sample_bytes) {
    r.eg_sample = true;
    r.eg_q = (rcc_class ? rcm_ports_[e].cls_bytes : q(e, c).ctr.len_bytes) + d.len_bytes;
    r.eg_fb_raw = crd_fb(r.eg_q, k.qeq_bytes, eg.qlast);
  }
  const CrdClass& in = rcm_in_[p * kMaxPrio + c];
  if (k.sample_bytes > 0 && in.acc + d.len_bytes >= k.sample_bytes) {
    const IngressState& is = ingress_[p * kMaxPrio + c];
    r.in_sample = true;
    r.in_q = (is.u_cells + is.h_cells + cells) * params_.cell_bytes;
    r.in_fb_raw = crd_fb(r.in_q, k.qeq_ing_bytes, in.qlast);
  }
  // 2.11.2: the CAM write.
  const RcmEgress& x = rcm_egq_[e * kMaxPrio + c];
  r.cam_write = k.cfr_sample_bytes > 0 && x.cam_acc + d.len_bytes >= k.cfr_sample_bytes;
  // 2.11.3: a CN upstream on p.
  if (r.in_sample && r.in_fb_raw > 0 && k.cn_en && ((k.cn_port_mask >> p) & 1u) && cycle >= in.cn_next) {
    CnOnPort cn;
    cn.port = p;
    cn.frame.cls = static_cast<uint8_t>(c);
    const uint8_t fb = quantise(r.in_fb_raw);
    if (remote_active(e, c, cycle)) {
      cn.frame.fb = static_cast<uint8_t>(fb - (fb >> k.cn_w_shift) + (x.fbr >> k.cn_w_shift));
      cn.frame.count = x.rem_count;
      cn.frame.ids = x.rem_ids;
    } else {
      cn.frame.fb = fb;
      for (const CamEntry& m : x.cam)
        if (m.valid && m.in_port == p) cn.frame.ids[cn.frame.count++] = m.hash;
    }
    r.cn = cn;
  }
}

// 2.11.4: the DWRR quantum of queue (e, c) in `cycle`: the RCC shares while RCC is active at e.
uint64_t MmuModel::rcc_quantum(unsigned e, unsigned c, uint64_t cycle) const {
  if (rcc_on() && rcc_active(e, cycle)) {
    if (c == cfg_.rcm.rcc_class) return cfg_.rcm.rcc_window_bytes - rcm_ports_[e].wc;
    if (c == cfg_.rcm.rcc_queue) return rcm_ports_[e].wc;
  }
  return cfg_.queue(e, c).dwrr_quantum_bytes;
}

// 2.11.4: RCC_QUEUE of port e may not send in `cycle`: RCC is active and the window's Wc is spent.
bool MmuModel::rcc_gated(unsigned e, uint64_t cycle) const {
  const RcmPort& rp = rcm_ports_[e];
  return rcc_on() && rcc_active(e, cycle) && cycle < rp.win_end && rp.wc_sent >= rp.wc;
}

// The cycle a gate closed in `cycle` opens: the window ends or RCC stops being active (both flags
// of (e, RCC_CLASS) have expired).
uint64_t MmuModel::rcc_gate_opens(unsigned e, uint64_t cycle) const {
  const unsigned i = e * kMaxPrio + cfg_.rcm.rcc_class;
  const uint64_t active_until = std::max(rcm_eg_[i].until, rcm_egq_[i].rem_until);
  return std::max(cycle, std::min(rcm_ports_[e].win_end, active_until));
}

// 2.11.4: a frame of `len` bytes leaves RCC_QUEUE of port e: it opens a window of W bytes of line
// time (W x QUANTUM_CYCLES / 64 cycles) when none is running, else counts in the running one.
void MmuModel::rcc_window_dequeue(unsigned e, uint32_t len, uint64_t cycle) {
  RcmPort& rp = rcm_ports_[e];
  if (cycle >= rp.win_end) {
    rp.wc_sent = len;
    rp.win_end = cycle + ((uint64_t{cfg_.rcm.rcc_window_bytes} * cfg_.ports[e].quantum_cycles) >> 6);
  } else {
    rp.wc_sent += len;
  }
}

// 2.11.4, eq. 4-5: Wc <- Wc (1 - f / 128) within [min, W - min], from W when RCC was not active.
void MmuModel::rcc_cut(unsigned e, uint8_t f, bool active_at_start) {
  const RcmConfig& k = cfg_.rcm;
  RcmPort& rp = rcm_ports_[e];
  const uint64_t w = active_at_start ? rp.wc : k.rcc_window_bytes;
  rp.wc = std::clamp<uint64_t>(w - ((w * f) >> 7), k.rcc_min_bytes, uint64_t{k.rcc_window_bytes} - k.rcc_min_bytes);
}

// 2.11.1 at the edge: a class's sample (length, degree, the flag when Fb > 0) or its byte count.
void MmuModel::crd_apply(CrdClass& k, bool sample, uint64_t q, int64_t fb_raw, uint32_t len, uint64_t cycle) {
  if (!sample) {
    if (cfg_.rcm.sample_bytes > 0) k.acc += len;
    return;
  }
  k.qlast = q;
  k.acc = 0;
  k.fb = quantise(fb_raw);
  if (fb_raw > 0) k.until = cycle + 1 + cfg_.rcm.flag_hold_cycles;
}

// The edge for an admitted frame: samples, flags, CAM, RCC order and share, SAR table, counters.
void MmuModel::rcm_apply_admission(unsigned p, unsigned e, unsigned c, const Descriptor& d, uint64_t cycle,
                                   const RcmDecision& r, CycleOutputs& out) {
  const RcmConfig& k = cfg_.rcm;
  const bool rcc_active_at_start = rcc_on() && rcc_active(e, cycle);
  CrdClass& eg = rcm_eg_[e * kMaxPrio + c];
  crd_apply(eg, r.eg_sample, r.eg_q, r.eg_fb_raw, d.len_bytes, cycle);
  if (r.eg_sample) {
    out.crd = CrdReport{static_cast<uint8_t>(e), static_cast<uint8_t>(c), eg.fb};
    if (rcc_on() && c == k.rcc_class && r.eg_fb_raw > 0) {
      rcc_cut(e, eg.fb, rcc_active_at_start);
      rcc_cut_port_ = static_cast<int>(e);
    }
  }
  CrdClass& in = rcm_in_[p * kMaxPrio + c];
  crd_apply(in, r.in_sample, r.in_q, r.in_fb_raw, d.len_bytes, cycle);
  RcmEgress& x = rcm_egq_[e * kMaxPrio + c];
  if (r.cam_write) {
    x.cam[x.cam_ptr] = CamEntry{true, d.hash, static_cast<uint8_t>(p)};
    x.cam_ptr = (x.cam_ptr + 1) % params_.cfr_depth;
    x.cam_acc = 0;
    ++rcm_ports_[e].ctr.cfr_samples;
  } else if (k.cfr_sample_bytes > 0) {
    x.cam_acc += d.len_bytes;
  }
  if (r.cn) {
    in.cn_next = cycle + k.cn_interval_cycles;
    ++rcm_ports_[p].ctr.cn_sent;
    out.cn_out = r.cn;
  }
  if (rcc_on() && c == k.rcc_class) {
    RcmPort& rp = rcm_ports_[e];
    ++rp.bucket_cnt[r.bucket];
    rp.cls_bytes += d.len_bytes;
    const uint16_t bit = static_cast<uint16_t>(1u << r.bucket);
    rp.bucket_side = r.q == k.rcc_queue ? (rp.bucket_side | bit) : (rp.bucket_side & ~bit);
    if (r.q == k.rcc_queue) rp.ctr.rcc_held_bytes += d.len_bytes;
  }
  if (r.sar) {
    sar_[d.hash & ((1u << params_.sar_tbl_lg) - 1)] = SarEntry{true, static_cast<uint8_t>(e), cycle};
    rcm_ports_[e].ctr.sar_reroutes += r.reroute;
    rcm_ports_[e].ctr.reordered += r.reorder;
  }
}

// 2.11.3: a CN received on port e sets the remote state of its class; for RCC_CLASS it is an RCC
// event (after the admission's, 2.11.4). `cycle` is the cycle it is offered in.
void MmuModel::rcm_receive_cn(const CnOnPort& cn, uint64_t cycle) {
  const unsigned e = cn.port, c = cn.frame.cls & 7u;
  if (c >= params_.nprio) return;
  const bool rcc_active_at_start = rcc_on() && rcc_active(e, cycle);
  RcmEgress& x = rcm_egq_[e * kMaxPrio + c];
  x.rem_until = cycle + 1 + cfg_.rcm.flag_hold_cycles;
  x.fbr = cn.frame.fb & 63u;
  x.rem_count = static_cast<uint8_t>(std::min<unsigned>(cn.frame.count, params_.cfr_depth));
  x.rem_ids = {};
  for (unsigned i = 0; i < x.rem_count; ++i) x.rem_ids[i] = cn.frame.ids[i];
  if (rcc_on() && c == cfg_.rcm.rcc_class) {
    // The admission's event of this cycle, if any, already started the window (rcc_cut with the
    // start-of-cycle activity): take the share as it now is.
    const bool started = rcc_active_at_start || rcc_cut_port_ == static_cast<int>(e);
    rcc_cut(e, x.fbr, started);
  }
}

}  // namespace ccf::sw
