// switch_model.cpp: see switch_model.hpp.
#include "sc/switch/switch_model.hpp"

#include "sc/fabric/flow_hash.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/fabric/wall_timer.hpp"

#include <bit>
#include <stdexcept>

#include <fmt/format.h>

// Verilator's SystemC-aware runtime calls sc_time_stamp() unqualified.
using sc_core::sc_time_stamp;
#include "rtl/driver/switch_dut.hpp"

namespace ccf::swc {

SwitchModel::SwitchModel(sc_core::sc_module_name name, const sw::SwitchParams& params, const sw::SwitchConfig& cfg,
                         uint64_t ports_used, uint64_t period_ps, bool step_every_cycle, const char* trace_path,
                         SwitchImpl impl)
    : sc_core::sc_module(name), params_(params), period_ps_(period_ps), every_cycle_(step_every_cycle) {
  if (sc_core::sc_get_time_resolution() != sc_core::sc_time(1, sc_core::SC_PS))
    throw std::logic_error("SwitchModel needs a SystemC time resolution of 1 ps");
  if (impl == SwitchImpl::kReference && trace_path)
    throw std::invalid_argument("a waveform of the switch (--trace) needs switch.impl = \"rtl\": the reference model "
                                "has no signals");
  if (impl != SwitchImpl::kNone) {
    core_ = impl == SwitchImpl::kRtl ? make_rtl_core(params_, trace_path) : make_reference_core(params_);
    // Reset and configuration take cycles 0.. before the simulation starts; traffic cycles follow.
    core_->set_trace_time(UINT64_MAX, period_ps_, 0, UINT64_MAX);  // reset and configuration: not dumped
    base_cycle_ = core_->reset_and_configure(cfg);
    core_->set_trace_time(base_cycle_, period_ps_, 0, UINT64_MAX);  // the waveform on the run's time axis
  }
  last_stepped_ = base_cycle_ - 1;
  in_.resize(params_.nports);
  for (unsigned p = 0; p < params_.nports; ++p) {
    if (!((ports_used >> p) & 1u)) continue;
    in_[p] = std::make_unique<tlm_utils::simple_target_socket_tagged<SwitchModel>>(fmt::format("in_{}", p).c_str());
    in_[p]->register_b_transport(this, &SwitchModel::b_transport, static_cast<int>(p));
  }
  egress_.assign(params_.nports, nullptr);
  ingress_.resize(params_.nports);
  pfc_pending_.resize(params_.nports);
  offered_tag_.assign(params_.nports, 0);
  queue_bytes_.assign(size_t{params_.nports} * sw::kMaxPrio, 0);
  egress_degree_.assign(size_t{params_.nports} * sw::kMaxPrio, 0);
  rx_pause_until_ps_.assign(size_t{params_.nports} * sw::kMaxPrio, 0);
  last_sent_ps_.assign(size_t{params_.nports} * sw::kMaxPrio, 0);
  SC_METHOD(run);
  tick_.sensitize(sensitive);
  dont_initialize();
}

SwitchModel::~SwitchModel() {
  for (const Held& h : by_tag_)
    if (h.trans) h.trans->release();
  for (auto& q : ingress_)
    for (auto& w : q) w.trans->release();
}

tlm_utils::simple_target_socket_tagged<SwitchModel>& SwitchModel::in_socket(unsigned p) {
  if (!in_.at(p)) throw std::out_of_range(fmt::format("switch port {} is not in ports_used", p));
  return *in_[p];
}

void SwitchModel::attach_egress(unsigned p, fabric::Link* link) {
  egress_.at(p) = link;
  egress_mask_ |= uint64_t{1} << p;
  // A transmitter becoming idle matters only to a port with a frame to send (2.1 stat_eg_pending).
  link->notify_idle_only_when_asked();  // next_cycle_after asks for the ports with a frame to send
  link->set_on_idle([this, p] {
    if (every_cycle_ || ((eg_pending_ >> p) & 1u))
      plan(std::max(cycle_at_or_after(fabric::now_ps()), first_free_cycle()));
  });
}

size_t SwitchModel::waiting_frames() const {
  size_t n = 0;
  for (const auto& q : ingress_) n += q.size();
  return n;
}

uint64_t SwitchModel::first_free_cycle() const { return last_stepped_ + 1; }

void SwitchModel::b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& /*delay*/) {
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  auto* f = trans.get_extension<fabric::Frame>();
  if (!f) throw std::logic_error("frame without a Frame extension arrived at the switch");
  if (!core_) throw std::logic_error(fmt::format("{}: a frame arrived on a rank that does not simulate it", name()));
  plan(accept(static_cast<unsigned>(port), trans, f, fabric::now_ps()));
}

uint64_t SwitchModel::accept(unsigned port, tlm::tlm_generic_payload& trans, fabric::Frame* f, uint64_t arrival_ps) {
  const uint64_t cycle = std::max(cycle_at_or_after(arrival_ps), first_free_cycle());
  if (f->kind == fabric::FrameKind::kPfc) {
    sw::PfcFrame pfc;
    pfc.class_en = f->pfc_class_enable;
    for (unsigned c = 0; c < sw::kMaxPrio; ++c) pfc.time_quanta[c] = f->pfc_pause_quanta[c];
    pfc_pending_[port] = pfc;  // a second PFC frame in the same cycle replaces the first (802.1Qbb)
    pfc_pending_mask_ |= uint64_t{1} << port;
    ++stats_.pfc_in;
    for (unsigned c = 0; c < sw::kMaxPrio; ++c) {  // paused_by_peer: a new frame replaces the running pause
      if (!((pfc.class_en >> c) & 1u)) continue;
      const uint16_t q = pfc.time_quanta[c];
      rx_pause_until_ps_[port * sw::kMaxPrio + c] =
          arrival_ps + (q && egress_[port] ? egress_[port]->pause_duration(q).value() : 0);
    }
  } else if (f->kind == fabric::FrameKind::kRcmCn) {
    sw::CnOnPort cn;  // with the fabric's flow IDs until it is offered (step_cycle)
    cn.port = port;
    cn.frame.cls = f->rcm_class;
    cn.frame.fb = f->rcm_degree;
    for (unsigned i = 0; i < std::min<unsigned>(f->rcm_id_count, sw::CnFrame::kMaxIds); ++i)
      cn.frame.ids[cn.frame.count++] = f->rcm_ids[i];
    // In cycle and then port order, whatever order the links' frames were taken in.
    auto at = cn_pending_.end();
    while (at != cn_pending_.begin() && (std::prev(at)->ready_cycle > cycle ||
                                         (std::prev(at)->ready_cycle == cycle && std::prev(at)->cn.port > port)))
      --at;
    cn_pending_.insert(at, {cycle, cn});
    ++stats_.cn_in;
  } else {
    trans.acquire();
    const sw::Descriptor desc{0,
                              static_cast<uint16_t>(f->len_bytes),
                              f->priority,
                              static_cast<uint8_t>(f->ecn),
                              static_cast<uint16_t>(f->dst_host),
                              fabric::ecmp_flow_hash(f->src_host, f->dst_host, f->flow_id, ecmp_seed_)};
    ingress_[port].push_back({cycle, &trans, f, desc});
    ingress_nonempty_ |= uint64_t{1} << port;
    ++stats_.frames_in;
  }
  return cycle;
}

void SwitchModel::attach_ingress(unsigned p, fabric::Link* link) {
  if (!in_.at(p)) throw std::out_of_range(fmt::format("switch port {} is not in ports_used", p));
  ingress_links_.resize(params_.nports, nullptr);
  ingress_front_ps_.resize(params_.nports, kNoArrival);
  ingress_links_[p] = link;
  ingress_attached_ |= uint64_t{1} << p;
  ingress_front_ps_[p] = link->next_arrival_ps();
  first_arrival_ps_ = std::min(first_arrival_ps_, ingress_front_ps_[p]);
  // The switch takes the link's frames itself (run), planned for the cycle each arrives in. Another
  // rank's switch (no core) leaves them on its link, which hands them over before they arrive.
  // A frame put on the wire arrives after those already on it: it is the link's first only on an
  // empty wire.
  if (core_) link->let_receiver_take([this, p](uint64_t arrival_ps) {
    ingress_front_ps_[p] = std::min(ingress_front_ps_[p], arrival_ps);
    first_arrival_ps_ = std::min(first_arrival_ps_, arrival_ps);
    plan(std::max(cycle_at_or_after(arrival_ps), first_free_cycle()));
  });
  // With every cabled port's link known, a frame not yet on one arrives after the least propagation
  // delay at the earliest.
  lookahead_ps_ = 0;
  if (ingress_attached_ != ports_used()) return;
  lookahead_ps_ = UINT64_MAX;
  for (uint64_t m = ingress_attached_; m; m &= m - 1)
    lookahead_ps_ = std::min<uint64_t>(lookahead_ps_, ingress_links_[std::countr_zero(m)]->propagation_delay().value());
}

uint64_t SwitchModel::take_arrivals_by(uint64_t t_ps) {
  uint64_t first = kNoArrival;
  for (uint64_t m = ingress_attached_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    uint64_t& arrival = ingress_front_ps_[p];  // nothing else adds frames to the links while this runs
    if (arrival <= t_ps) {
      fabric::Link* link = ingress_links_[p];
      do {
        const fabric::Link::Arrived a = link->take_arrived_by(t_ps);
        accept(p, *a.trans, a.frame, arrival);
        if (a.trans->has_mm()) a.trans->release();  // the link's reference (accept holds its own)
      } while ((arrival = link->next_arrival_ps()) <= t_ps);
    }
    first = std::min(first, arrival);
  }
  first_arrival_ps_ = first;
  return first;
}

void SwitchModel::plan(uint64_t cycle) {
  if (cycle == kNoCycle) return;
  plan_ = std::min(plan_, cycle);
  const uint64_t now = fabric::now_ps();
  tick_.wake_at(std::max(time_of_ps(plan_), now), now);
}

// Steps the planned cycle when its time comes. A first activation at a cycle boundary re-triggers
// in the next delta while any other process is still to run at this instant
// (DeadlineEvent::defer_to_end_of_instant), so that every link and sender acting at the same instant
// has done so before the RTL samples its inputs: the result does not depend on process order within
// a time step. With nothing else pending (most stepped cycles are the RTL's own, docs/switch.md 2.1)
// it steps at once, which is the same cycle and saves an activation of the kernel.
void SwitchModel::run() {
  const uint64_t now = fabric::now_ps();
  tick_.activated(now);
  if (plan_ == kNoCycle || !core_) return;  // without a core (another rank's switch) it holds no frames
  const uint64_t c = std::max({cycle_at_or_after(now), first_free_cycle(), plan_});
  if (time_of_ps(c) > now) {
    tick_.wake_at(time_of_ps(c), now);
    return;
  }
  if (tick_.defer_to_end_of_instant(now)) return;
  fabric::WallTimer wall_timer(wall_);
  // The frames on the ingress links that arrive by now (the links do not deliver them, attach_ingress).
  uint64_t arrival_ps = first_arrival_ps_;
  if (arrival_ps <= now) arrival_ps = take_arrivals_by(now);
  step_cycle(c);
  plan_ = kNoCycle;
  uint64_t next = next_cycle_after(c, now);
  // The next cycles in this activation, within the horizon, while nothing can change their inputs
  // before them (docs/fabric.md 8): no other process can act before the cycle's time; or, with
  // nothing else to run at this instant and every ingress link known, the cycle comes before any
  // frame not yet on a link can arrive (the lookahead) and before a transmitter whose idle time is
  // not known frees up, and the frames on the links that arrive by then are taken from them now.
  // The same steps, without a kernel activation each and with the RTL's code still in the cache.
  const bool ahead = lookahead_ps_ > 0 && !sc_core::sc_pending_activity_at_current_time();
  const uint64_t ahead_until = ahead ? now + lookahead_ps_ : 0;
  while (true) {
    if (arrival_ps != kNoArrival) next = std::min(next, cycle_at_or_after(arrival_ps));
    if (next == kNoCycle || time_of_ps(next) > step_horizon_ps_ ||
        (time_of_ps(next) >= std::min(ahead_until, unknown_idle_bound_ps_) &&
         now + sc_core::sc_time_to_pending_activity().value() <= time_of_ps(next)))
      break;
    if (time_of_ps(next) >= arrival_ps) arrival_ps = take_arrivals_by(time_of_ps(next));
    step_cycle(next);
    ++stats_.cycles_stepped_ahead;
    next = next_cycle_after(next, time_of_ps(next));
  }
  plan(next);
}

// The next cycle that can change something (docs/switch.md 2.1): the RTL's prediction from its
// state after the edge of cycle c, the inputs waiting here, and the transmitters ready for a
// pending port, now or at the end of their frame. A transmitter whose idle time is not known yet
// (a PFC frame waits to start) tells when it is idle and plans that cycle itself (attach_egress).
uint64_t SwitchModel::next_cycle_after(uint64_t c, uint64_t now) {
  uint64_t next = kNoCycle;
  unknown_idle_bound_ps_ = UINT64_MAX;
  const bool input_next = pfc_pending_mask_ != 0;
  if (!cn_pending_.empty()) next = std::max(cn_pending_.front().ready_cycle, c + 1);
  for (uint64_t m = ingress_nonempty_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    next = std::min(next, std::max(ingress_[p].front().ready_cycle, c + 1));
  }
  uint64_t ready = eg_pending_ & idle_known_;
  for (uint64_t m = eg_pending_ & egress_mask_ & ~idle_known_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    if (egress_[p]->idle_at(now))
      ready |= uint64_t{1} << p;
    else if (const uint64_t idle_ps = egress_[p]->idle_from_ps(); idle_ps != fabric::Link::kNotKnown)
      next = std::min(next, cycle_at_or_after(idle_ps));  // no wake-up of the link at the frame's end
    else {
      egress_[p]->ask_idle_notification();
      unknown_idle_bound_ps_ = std::min<uint64_t>(unknown_idle_bound_ps_, egress_[p]->busy_until().value());
    }
  }
  // The RTL samples every port's ready, a port with nothing to send too (an RCM notification goes
  // out on it): no cycle is stepped ahead past the end of the frame before a link-local frame whose
  // start is not fixed yet, as the port would not show ready after it (run).
  for (uint64_t m = local_waiting_ & ~eg_pending_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    if (egress_[p]->idle_from_ps() == fabric::Link::kNotKnown)
      unknown_idle_bound_ps_ = std::min<uint64_t>(unknown_idle_bound_ps_, egress_[p]->busy_until().value());
    else
      local_waiting_ &= ~(uint64_t{1} << p);
  }
  if (every_cycle_ || next_busy_ || input_next || (eg_pending_ & ready) != 0) next = c + 1;
  if (rtl_next_deadline_ > c) next = std::min(next, rtl_next_deadline_);
  return next;
}

void SwitchModel::step_cycle(uint64_t cycle) {
  const uint64_t now = time_of_ps(cycle);  // the kernel's time, or later for a cycle stepped ahead (run)
  uint64_t ready = idle_known_;
  for (uint64_t m = egress_mask_ & ~idle_known_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    if (egress_[p]->idle_at(now)) ready |= uint64_t{1} << p;
  }
  idle_known_ = ready;
  const uint64_t pfc = pfc_pending_mask_;
  pfc_pending_mask_ = 0;
  for (uint64_t m = pfc; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    core_->offer_pfc(p, pfc_pending_[p]);
  }
  const bool cn = !cn_pending_.empty() && cn_pending_.front().ready_cycle <= cycle;
  if (cn) {
    // Flow IDs on the wire are the fabric's (flow_ids_): the RTL gets its own hashes of the flows it
    // has forwarded; a flow it has not seen cannot match here and is left out. Translated, and
    // learned below, in the cycle the RTL takes the frame: the map then does not depend on when the
    // frames were taken from their links (a cycle stepped ahead takes them early, docs/fabric.md 8).
    sw::CnOnPort offered_cn = cn_pending_.front().cn;
    offered_cn.frame.count = 0;
    for (unsigned i = 0; i < cn_pending_.front().cn.frame.count; ++i)
      if (const auto local = flow_ids_.local_of(cn_pending_.front().cn.frame.ids[i]))
        offered_cn.frame.ids[offered_cn.frame.count++] = *local;
    core_->offer_cn(offered_cn);
    cn_pending_.pop_front();
  }
  uint64_t offered = 0;
  for (uint64_t m = ingress_nonempty_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    Waiting& w = ingress_[p].front();
    if (w.ready_cycle > cycle) continue;
    w.desc.tag = offered_tag_[p] = take_tag();
    offered |= uint64_t{1} << p;
    if (params_.rcm)
      flow_ids_.learn(fabric::rcm_flow_id(w.frame->src_host, w.frame->dst_host, w.frame->flow_id), w.desc.hash);
    core_->offer(p, w.desc);
  }
  core_->step(cycle, sw::CycleInputMasks{offered, ready, pfc, cn}, report_, nullptr);
  handle_outputs(cycle, offered, report_);
}

void SwitchModel::handle_outputs(uint64_t cycle, uint64_t offered, const sw::CycleReport& out) {
  // Frames start at the cycle's time; a register cycle after a run (read_reg) is in the past: now.
  const uint64_t start_ps = std::max(time_of_ps(cycle), fabric::now_ps());
  last_stepped_ = cycle;
  ++stats_.cycles_stepped;
  stats_.last_cycle = cycle;
  next_busy_ = out.next_busy;
  eg_pending_ = out.eg_pending;
  rtl_next_deadline_ = out.next_deadline_post;

  for (uint64_t m = offered; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    if (!((out.in_ready_mask >> p) & 1u)) {  // not taken: the tag is free again, the frame waits
      free_tags_.push_back(offered_tag_[p]);
      continue;
    }
    const Waiting& w = ingress_[p].front();
    by_tag_[offered_tag_[p]] = Held{w.trans, w.frame, static_cast<uint8_t>(p)};
    ++frames_in_rtl_;
    ingress_[p].pop_front();
    if (ingress_[p].empty()) ingress_nonempty_ &= ~(uint64_t{1} << p);
  }
  if (out.enqueue_valid) {
    Held* h = out.enqueue.tag < by_tag_.size() ? &by_tag_[out.enqueue.tag] : nullptr;
    const fabric::Frame* f = h ? h->frame : nullptr;
    if (!f) throw std::logic_error(fmt::format("switch enqueued unknown tag {}", out.enqueue.tag));
    h->egress = static_cast<uint8_t>(out.enqueue.port);
    h->prio = static_cast<uint8_t>(out.enqueue.prio);
    queue_bytes_[out.enqueue.port * sw::kMaxPrio + out.enqueue.prio] += f->len_bytes;
  }
  if (out.drop_valid) {
    ++stats_.drops[static_cast<size_t>(out.drop.reason)];
    release_tag(out.drop.tag, "dropped").trans->release();
  }
  if (out.egress_mask) {
    if (out.egress_mask & (out.egress_mask - 1))
      throw std::logic_error(
          fmt::format("switch RTL dequeued on more than one port in cycle {} (ports {:#x}; "
                      "docs/switch.md 2.8 allows one)",
                      cycle, out.egress_mask));
    const Held held = release_tag(out.egress.tag, "sent");
    tlm::tlm_generic_payload* t = held.trans;
    fabric::Frame* f = held.frame;
    f->ecn = static_cast<fabric::Ecn>(out.egress.ecn);
    queue_bytes_[out.egress.port * sw::kMaxPrio + out.egress.prio] -= out.egress.len_bytes;
    last_sent_ps_[out.egress.port * sw::kMaxPrio + out.egress.prio] = start_ps;
    if (f->ttl > 0) --f->ttl;
    egress_[out.egress.port]->transmit_at(*t, *f, start_ps);  // data first: a PFC frame of this cycle follows it
    idle_known_ &= ~(uint64_t{1} << out.egress.port);
    t->release();
    ++stats_.frames_out;
  }
  for (uint64_t m = out.pfc_out_mask & egress_mask_; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(std::countr_zero(m));
    const sw::PfcFrame& sent = core_->pfc_out(p);
    fabric::Frame pfc;
    pfc.kind = fabric::FrameKind::kPfc;
    pfc.priority = 7;
    pfc.pfc_class_enable = sent.class_en;
    for (unsigned c = 0; c < sw::kMaxPrio; ++c) pfc.pfc_pause_quanta[c] = sent.time_quanta[c];
    egress_[p]->send_pfc_at(pfc, start_ps);
    idle_known_ &= ~(uint64_t{1} << p);
    if (egress_[p]->idle_from_ps() == fabric::Link::kNotKnown) local_waiting_ |= uint64_t{1} << p;
    ++stats_.pfc_out;
    pfc_log_.push_back({time_of_ps(cycle), p, sent});
  }
  if (out.crd_valid) egress_degree_[out.crd.port * sw::kMaxPrio + out.crd.prio] = out.crd.fb;
  if (out.cn_out_valid && ((egress_mask_ >> out.cn_out.port) & 1u)) {  // 2.11.7: a link-local frame, like PFC
    const sw::CnFrame& cn = out.cn_out.frame;
    fabric::Frame f;
    f.kind = fabric::FrameKind::kRcmCn;
    f.priority = 7;
    f.rcm_class = cn.cls;
    f.rcm_degree = cn.fb;
    for (unsigned i = 0; i < cn.count; ++i)
      if (const auto id = flow_ids_.fabric_of(cn.ids[i])) f.rcm_ids[f.rcm_id_count++] = *id;
    f.len_bytes = fabric::roce::rcm_cn_frame_bytes(f.rcm_id_count);
    fabric::Link& link = *egress_[out.cn_out.port];
    link.send_link_local_at(f, start_ps);
    idle_known_ &= ~(uint64_t{1} << out.cn_out.port);
    if (link.idle_from_ps() == fabric::Link::kNotKnown) local_waiting_ |= uint64_t{1} << out.cn_out.port;
    ++stats_.cn_out;
  }
}

std::vector<uint32_t> SwitchModel::queued_by_ingress(unsigned prio) const {
  std::vector<uint32_t> n(size_t{params_.nports} * params_.nports, 0);
  for (const Held& h : by_tag_)
    if (h.trans && h.egress != kNotQueued && h.prio == prio) ++n[size_t{h.ingress} * params_.nports + h.egress];
  return n;
}

uint32_t SwitchModel::take_tag() {
  if (!free_tags_.empty()) {
    const uint32_t tag = free_tags_.back();
    free_tags_.pop_back();
    return tag;
  }
  const size_t tag = by_tag_.size();
  if (params_.tag_w < 32 && tag >> params_.tag_w)
    throw std::logic_error(fmt::format("switch: {} frames in the RTL and offered need more than tag_w = {} bits",
                                       frames_in_rtl_ + 1, params_.tag_w));
  by_tag_.push_back(Held{});
  return static_cast<uint32_t>(tag);
}

SwitchModel::Held SwitchModel::release_tag(uint32_t tag, const char* what) {
  const Held h = tag < by_tag_.size() ? by_tag_[tag] : Held{};
  if (!h.trans) throw std::logic_error(fmt::format("switch {} unknown tag {}", what, tag));
  by_tag_[tag] = Held{};
  free_tags_.push_back(tag);
  --frames_in_rtl_;
  return h;
}

uint32_t SwitchModel::read_reg(uint32_t addr) {
  if (!core_) throw std::logic_error(fmt::format("{}: a register read on a rank that does not simulate it", name()));
  const driver::CfgOp op{false, addr, 0};  // every traffic input idle (rare: register reads at the end of a run)
  core_->step(last_stepped_ + 1, sw::CycleInputMasks{}, report_, &op);
  handle_outputs(last_stepped_ + 1, 0, report_);
  if (sc_core::sc_is_running())
    plan(next_cycle_after(last_stepped_, fabric::now_ps()));  // the prediction may have changed
  return core_->cfg_rd_data();
}

uint64_t SwitchModel::read_counter(uint32_t lo_addr) {
  const uint64_t lo = read_reg(lo_addr);
  return lo | (uint64_t{read_reg(lo_addr + 1)} << 32);
}

}  // namespace ccf::swc
