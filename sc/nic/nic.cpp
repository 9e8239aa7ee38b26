// nic.cpp: RoCEv2 host NIC (docs/nic.md).
#include "sc/nic/nic.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/sim_time.hpp"

namespace ccf::nic {

using fabric::Frame;
using fabric::FrameKind;

namespace {
constexpr uint64_t kUnlimitedFrames = UINT64_MAX;
constexpr uint8_t kStartTtl = 64;
}  // namespace

const char* to_string(DropReason r) {
  switch (r) {
    case DropReason::kInjectedLoss: return "injected_loss";
    case DropReason::kOutOfOrder: return "out_of_order_discard";
    case DropReason::kDuplicate: return "duplicate_discard";
    case DropReason::kHostQueueOverflow: return "host_queue_overflow";
    case DropReason::kUnknownFlow: return "unknown_flow";
  }
  return "?";
}

std::string NicConfig::validate() const {
  if (!std::isfinite(link_gbps) || link_gbps <= 0)
    return fmt::format("nic.link_gbps = {} must be a finite number > 0", link_gbps);
  if (mtu_bytes < 256 || mtu_bytes > 4096)
    return fmt::format("nic.mtu_bytes = {} must be 256..4096 (RoCE MTU, payload bytes)", mtu_bytes);
  if (max_flows < 1 || max_flows > 65536) return fmt::format("nic.max_flows = {} must be 1..65536", max_flows);
  if (const std::string err = retransmit.validate(); !err.empty()) return err;
  if (ack_every < 1) return fmt::format("nic.ack_every = {} must be >= 1", ack_every);
  if (ack_every > 1 && ack_coalesce_timeout <= sc_core::SC_ZERO_TIME)
    return fmt::format("nic.ack_coalesce_timeout = {} must be > 0 when nic.ack_every > 1",
                       ack_coalesce_timeout.to_string());
  if (ack_priority >= fabric::kNumPriorities)
    return fmt::format("nic.ack_priority = {} must be 0..7", unsigned{ack_priority});
  if (cnp_priority >= fabric::kNumPriorities)
    return fmt::format("nic.cnp_priority = {} must be 0..7", unsigned{cnp_priority});
  if (data_dscp >= 64) return fmt::format("nic.data_dscp = {} must be 0..63", unsigned{data_dscp});
  if (ctrl_dscp >= 64) return fmt::format("nic.ctrl_dscp = {} must be 0..63", unsigned{ctrl_dscp});
  if (!std::isfinite(host_gbps) || host_gbps < 0)
    return fmt::format("nic.host_gbps = {} must be a finite number >= 0 (0 = infinite)", host_gbps);
  const uint32_t frame = fabric::roce::data_frame_bytes(mtu_bytes, vlan);
  if (host_queue_bytes < frame)
    return fmt::format("nic.host_queue_bytes = {} must hold one data frame of {} B", host_queue_bytes, frame);
  if (host_pfc && host_xoff_bytes > host_queue_bytes)
    return fmt::format("nic.host_xoff_bytes = {} must be <= nic.host_queue_bytes = {}", host_xoff_bytes,
                       host_queue_bytes);
  if (host_pfc && host_xon_bytes > host_xoff_bytes)
    return fmt::format("nic.host_xon_bytes = {} must be <= nic.host_xoff_bytes = {}", host_xon_bytes,
                       host_xoff_bytes);
  if (host_pfc && pfc_pause_quanta == 0) return "nic.pfc_pause_quanta = 0 must be > 0";
  return {};
}

Nic::Nic(sc_core::sc_module_name name, const NicConfig& cfg, std::unique_ptr<CcUnit> cc, std::unique_ptr<NpUnit> np)
    : sc_core::sc_module(name),
      in("in"),
      tx("tx", cfg.link_gbps > 0 && std::isfinite(cfg.link_gbps) ? cfg.link_gbps : 1.0, cfg.link_delay),
      cfg_(cfg),
      rto_(cfg.retransmit),
      cc_(cc ? std::move(cc) : std::make_unique<CcNone>()),
      np_(np ? std::move(np) : std::make_unique<NpNone>()),
      data_overhead_bytes_(fabric::roce::data_frame_bytes(0, cfg.vlan)) {
  if (const std::string err = cfg_.validate(); !err.empty())
    throw std::invalid_argument(fmt::format("{}: {}", this->name(), err));
  in.register_b_transport(this, &Nic::b_transport);
  tx.set_on_idle([this] { kick(); });
  tx.notify_idle_only_when_asked();  // try_send asks while it has frames waiting
  tx.set_on_resume([this](unsigned prio) {
    std::vector<uint32_t> waiting;
    waiting.swap(paused_[prio]);
    for (uint32_t i : waiting) {
      flows_[i].parked = false;
      activate(i);
    }
    kick();
  });
  SC_METHOD(run);
  wake_.sensitize(sensitive);
}

uint32_t Nic::add_flow(const FlowSpec& spec) {
  if (flow_table_complete_)
    throw std::logic_error(fmt::format("{}: flow {} added after no_more_flows()", name(), spec.id));
  if (flows_.size() >= cfg_.max_flows)
    throw std::invalid_argument(
        fmt::format("{}: flow {}: the flow table is full (nic.max_flows = {})", name(), spec.id, cfg_.max_flows));
  if (flow_by_id_.count(spec.id))
    throw std::invalid_argument(fmt::format("{}: flow id {} is already in the flow table", name(), spec.id));
  if (!(spec.max_gbps >= 0) || !std::isfinite(spec.max_gbps))
    throw std::invalid_argument(fmt::format("{}: flow {}: max_gbps = {} must be >= 0 (0 = no limit)", name(), spec.id,
                                            spec.max_gbps));
  if (spec.priority >= fabric::kNumPriorities)
    throw std::invalid_argument(fmt::format("{}: flow {}: priority = {} must be 0..7", name(), spec.id,
                                            unsigned{spec.priority}));
  if (spec.start_psn > fabric::kPsnMask)
    throw std::invalid_argument(fmt::format("{}: flow {}: start_psn = {} must be < 2^24", name(), spec.id,
                                            spec.start_psn));
  if (spec.start < fabric::sim_now())
    throw std::invalid_argument(fmt::format("{}: flow {}: start = {} is before now ({})", name(), spec.id,
                                            spec.start.to_string(), fabric::sim_now().to_string()));
  const auto i = static_cast<uint32_t>(flows_.size());
  Flow f;
  f.spec = spec;
  f.nframes = spec.bytes == 0 ? kUnlimitedFrames : (spec.bytes + cfg_.mtu_bytes - 1) / cfg_.mtu_bytes;
  f.next_send_ps = spec.start.value();
  f.rto = rto_.initial_state();
  f.last_progress_ps = spec.start.value();
  flows_.push_back(f);
  flow_by_id_[spec.id] = i;
  cc_->init_flow(i, fabric::sim_now());
  cc_->set_message_bytes(i, spec.bytes);
  if (spec.start.value() > fabric::now_ps())
    arm(kSend, i, spec.start.value());
  else
    activate(i);
  sync_cc_timer(i);
  kick();
  return i;
}

void Nic::no_more_flows() {
  flow_table_complete_ = true;
  if (flows_.size() != 1) return;
  cc_->let_silent_timers_wait();
  if (rx_link_ && cc_->acks_change_nothing()) {
    takes_late_ = true;
    rx_link_->let_receiver_take_late([this](const Frame& f) { return wakes_at_arrival(f); },
                                     [this](uint64_t now) {
                                       fabric::WallTimer wall_timer(wall_);
                                       take_arrived_by(now);
                                     });
  }
}

// An ACK of the one flow changes only the NIC's reliability state (una, the retransmission timer,
// the counters), which reads no time but the ACK's arrival, and makes the flow eligible again,
// which orders nothing in a ring of one flow: it may wait for the flow's next event. An ACK that
// may complete the flow (its PSN is the last frame's) calls on_complete at its arrival; a NAK moves
// the flow back (go-back-N); a CNP changes the rate; other frames are received at their arrival.
bool Nic::wakes_at_arrival(const Frame& f) const {
  if (f.kind != FrameKind::kAck || f.flow_id != flows_[0].spec.id) return true;
  const Flow& g = flows_[0];
  return g.nframes != kUnlimitedFrames &&
         f.psn == fabric::psn_add(g.spec.start_psn, static_cast<uint32_t>((g.nframes - 1) & fabric::kPsnMask));
}

void Nic::take_arrived_by(uint64_t by_ps) {
  const uint64_t now = fabric::now_ps();
  for (uint64_t at; (at = rx_link_->next_arrival_ps()) <= by_ps;) {
    const fabric::Link::Arrived a = rx_link_->take_arrived_by(by_ps);
    acks_taken_late_ += at < now;
    receive(*a.frame, at);
    if (a.trans->has_mm()) a.trans->release();
    kick_pending_ = true;
  }
}

void Nic::take_waiting_frames(uint64_t by_ps) {
  if (by_ps > fabric::now_ps())
    throw std::logic_error(fmt::format("{}: take_waiting_frames by {} ps, after now ({} ps)", name(), by_ps,
                                       fabric::now_ps()));
  if (!takes_late_) return;
  fabric::WallTimer wall_timer(wall_);
  take_arrived_by(by_ps);
}

void Nic::open_stall_window() {
  stall_window_from_ps_ = fabric::now_ps();
  for (Flow& f : flows_) f.longest_stall_ps = 0;
}

uint64_t Nic::longest_stall_ps(uint32_t index) const {
  const Flow& f = flows_.at(index);
  const uint64_t now = fabric::now_ps();
  const uint64_t since = std::max(f.last_progress_ps, stall_window_from_ps_);
  const uint64_t ongoing = f.done || now < since ? 0 : now - since;
  return std::max(f.longest_stall_ps, ongoing);
}

const RxFlowCounters* Nic::rx_flow(uint32_t src_host, uint32_t flow_id) const {
  auto it = rx_by_key_.find((uint64_t{src_host} << 32) | flow_id);
  return it == rx_by_key_.end() ? nullptr : &rx_flows_[it->second].c;
}

// ---------------------------------------------------------------- calendar and process

Nic::Timer& Nic::timer(uint8_t type, uint32_t idx) {
  if (type == kAckCoalesce) return rx_flows_[idx].ack_timer;
  if (type == kNp) return rx_flows_[idx].np_timer;
  return flows_[idx].timers[type];
}

void Nic::arm(uint8_t type, uint32_t idx, uint64_t deadline_ps) {
  Timer& tm = timer(type, idx);
  tm.want = deadline_ps;
  if (deadline_ps == kNoDeadline) return;
  if (tm.cal == kNoDeadline || tm.cal > deadline_ps) {  // else the live entry fires first and re-arms
    tm.cal = deadline_ps;
    cal_.push({deadline_ps, idx, type});
  }
}

void Nic::sync_cc_timer(uint32_t i) {
  arm(kCc, i, flows_[i].done ? kNoDeadline : cc_->next_deadline_ps(i));
}

void Nic::kick() {
  kick_pending_ = true;
  schedule();
}

void Nic::schedule() {
  if (!started_) return;  // run() executes once at time 0 and schedules from there
  const uint64_t now = fabric::now_ps();
  uint64_t next = kNoDeadline;
  if (kick_pending_) next = now;
  // Drop stale and disarmed entries and move postponed ones (a reset RTO) to their deadline, so
  // the wake-up is the real next deadline and a NIC with nothing armed schedules nothing.
  while (!cal_.empty()) {
    const CalEntry e = cal_.top();
    Timer& tm = timer(e.type, e.idx);
    if (e.t_ps == tm.cal && tm.want == e.t_ps) break;
    cal_.pop();
    if (e.t_ps != tm.cal) continue;
    tm.cal = tm.want;
    if (tm.want != kNoDeadline) cal_.push({tm.want, e.idx, e.type});
  }
  if (!cal_.empty()) next = std::min(next, cal_.top().t_ps);
  next = std::min({next, host_head_done_ps_, pfc_refresh_ps_});
  if (next == kNoDeadline) return;  // idle: nothing scheduled (principle 1)
  wake_.wake_at(next, now);
}

void Nic::run() {
  fabric::WallTimer wall_timer(wall_);
  started_ = true;
  const uint64_t now = fabric::now_ps();
  wake_.activated(now);
  if (takes_late_) take_arrived_by(now);  // ACKs that waited: before any timer (RTO) reads them
  // Timers fire and the scheduler sends after the frames that arrive at this instant are taken in.
  if (wake_.defer_to_end_of_instant(now, others_may_act_now(now))) return;
  act(now);
}

void Nic::receive_from(fabric::Link& link) {
  link.out.bind(in);
  rx_link_ = &link;
  // b_transport leaves the wake-up to this, called after the link delivered the instant's frames.
  link.set_on_delivered([this] {
    if (!started_ || !kick_pending_) return;
    fabric::WallTimer wall_timer(wall_);
    const uint64_t now = fabric::now_ps();
    if (!wake_.act_now_instead_of_process(now, others_may_act_now(now))) return;
    ++acted_in_link_process_;
    act(now);
  });
}

bool Nic::others_may_act_now(uint64_t now) const {
  return rx_link_ == nullptr || rx_link_->next_arrival_ps() <= now || tx.acts_at(now);
}

void Nic::act(uint64_t now) {
  while (!cal_.empty() && cal_.top().t_ps <= now) {
    const CalEntry e = cal_.top();
    cal_.pop();
    Timer& tm = timer(e.type, e.idx);
    if (e.t_ps != tm.cal) continue;  // stale
    tm.cal = kNoDeadline;
    if (tm.want == kNoDeadline) continue;  // disarmed
    if (tm.want > now) {                   // moved later: re-arm
      tm.cal = tm.want;
      cal_.push({tm.want, e.idx, e.type});
      continue;
    }
    tm.want = kNoDeadline;
    fire(e.type, e.idx);
  }
  host_service();
  if (xoff_ && pfc_refresh_ps_ <= now) {
    send_pfc(paused_mask_, cfg_.pfc_pause_quanta);
    pfc_refresh_ps_ = now + tx.pause_duration(cfg_.pfc_pause_quanta).value() / 2;
  }
  kick_pending_ = false;
  try_send();
  schedule();
}

void Nic::arm_rto(uint32_t i, uint64_t from_ps) {
  Flow& f = flows_[i];
  const uint64_t t = rto_.timeout_ps(f.rto);
  f.rto_deadline_ps = t == 0 ? kNoDeadline : from_ps + t;
  arm(kRto, i, f.rto_deadline_ps);
}

void Nic::on_retransmit_timeout(uint32_t i) {
  Flow& f = flows_[i];
  f.rto_deadline_ps = kNoDeadline;
  if (f.done || f.failed || f.una >= f.nxt) return;
  const sc_core::sc_time now = fabric::sim_now();
  if (!rto_.on_timeout(f.rto)) {  // the retry limit is used up: the QP goes to its error state
    f.failed = true;
    ++counters_.flows_failed;
    arm(kSend, i, kNoDeadline);
    arm(kCc, i, kNoDeadline);
    cc_->on_timers_stopped(i, now);
    return;
  }
  ++f.c.timeouts;
  ++counters_.timeouts;
  f.unjudged_timeouts_ps.push_back(now.value());
  f.nxt = f.una;  // go-back-N from the first unacknowledged PSN
  cc_->on_timeout(i, now);
  // The timer restarts, backed off, when the retransmission starts (RFC 6298 5.5, 5.6): a paced
  // flow's retransmission may wait for its pacing deadline, and a timer running meanwhile would
  // expire again before the frame it guards is sent.
  arm(kRto, i, kNoDeadline);
  sync_cc_timer(i);
  activate(i);
}

void Nic::fire(uint8_t type, uint32_t idx) {
  const sc_core::sc_time now = fabric::sim_now();
  switch (type) {
    case kSend: activate(idx); break;
    case kRto: on_retransmit_timeout(idx); break;
    case kCc:
      if (flows_[idx].done) break;
      cc_->on_timer(idx, now);
      sync_cc_timer(idx);
      sync_probe(idx);
      activate(idx);
      break;
    case kAckCoalesce:
      if (rx_flows_[idx].pending_acks > 0) send_ack(idx);
      break;
    case kNp:
      if (np_->on_timer(idx, now)) send_cnp(idx);
      arm(kNp, idx, np_->next_deadline_ps(idx));
      break;
    default: break;
  }
}

// ---------------------------------------------------------------- TX

uint64_t Nic::bytes_before(const Flow& f, uint64_t idx) const {
  const uint64_t b = idx * cfg_.mtu_bytes;
  return f.spec.bytes == 0 ? b : std::min(b, f.spec.bytes);
}

uint32_t Nic::payload_of(const Flow& f, uint64_t idx) const {
  if (f.spec.bytes == 0) return cfg_.mtu_bytes;
  return static_cast<uint32_t>(std::min<uint64_t>(cfg_.mtu_bytes, f.spec.bytes - idx * cfg_.mtu_bytes));
}

void Nic::repace(uint32_t i) {
  Flow& f = flows_[i];
  if (f.max_sent == 0) return;
  const double rate = f.spec.max_gbps > 0 ? std::min(cc_->rate_gbps(i), f.spec.max_gbps) : cc_->rate_gbps(i);
  uint64_t next = f.last_start_ps;
  if (std::isfinite(rate) && rate > 0)
    next += static_cast<uint64_t>(std::llround(double(f.last_wire_bits) * 1000.0 / rate));
  f.next_send_ps = std::max<uint64_t>(next, f.last_start_ps + cc_->pacing_gap(i).value());
  // Wake the flow to re-check (an early wake-up is harmless: try_send re-arms at next_send_ps): when its
  // frame may go, and when the rate of the unit's last pass reaches the limiter.
  const uint64_t now = fabric::now_ps();
  uint64_t wake = f.timers[kSend].want;
  if (f.next_send_ps > now && (f.in_ring || wake != kNoDeadline)) wake = std::min(wake, f.next_send_ps);
  if (const uint64_t v = cc_->rate_visible_ps(i); v > now) wake = std::min(wake, v);
  if (wake != f.timers[kSend].want) arm(kSend, i, wake);
}

void Nic::activate(uint32_t i) {
  Flow& f = flows_[i];
  if (cc_->rate_applies_to_waiting_frame() && !f.done) repace(i);
  if (f.in_ring || f.parked || !has_data(f)) return;
  f.in_ring = true;
  ring_.push_back(i);
  kick_pending_ = true;
}

void Nic::try_send() {
  if (tx.idle()) send_one();
  // Frames still waiting: be told when the link is free (nothing happens if it is idle now).
  if (!ctrl_q_.empty() || !probe_q_.empty() || !ring_.empty()) tx.ask_idle_notification();
}

void Nic::send_one() {
  if (!ctrl_q_.empty() && tx.may_start(ctrl_q_.front().priority)) {
    tx.transmit(fabric::default_frame_pool().make(ctrl_q_.front()));
    ctrl_q_.pop_front();
    return;
  }
  if (!probe_q_.empty() && tx.may_start(probe_q_.front().priority)) {
    Frame p = probe_q_.front();
    probe_q_.pop_front();
    if (!p.rtt_response) {  // a request: its send time is when it starts on the wire (the LDCP draft, section 3.2)
      p.rtt_request_sent_ps = fabric::now_ps();
      if (const int fi = flow_index(p.flow_id); fi >= 0) {
        const auto i = static_cast<uint32_t>(fi);
        flows_[i].probe_queued = false;
        cc_->on_rtt_probe_sent(i, fabric::sim_now());
        sync_cc_timer(i);
      }
    }
    tx.transmit(fabric::default_frame_pool().make(p));
    return;
  }
  const uint64_t now = fabric::now_ps();
  // Each flow popped either sends or leaves the ring until an event brings it back, so this loop
  // costs O(1) per frame or per state change, never a scan of the table.
  for (size_t n = ring_.size(); n > 0; --n) {
    const uint32_t i = ring_.front();
    ring_.pop_front();
    Flow& f = flows_[i];
    f.in_ring = false;
    if (!has_data(f)) continue;
    if (now < f.next_send_ps) {
      arm(kSend, i, f.next_send_ps);
      continue;
    }
    if (!tx.may_start(f.spec.priority)) {
      f.parked = true;
      paused_[f.spec.priority].push_back(i);
      continue;
    }
    const double in_flight = static_cast<double>(bytes_before(f, f.nxt) - bytes_before(f, f.una));
    if (in_flight >= cc_->window_bytes(i)) continue;  // an ACK or CC event re-activates it
    send_data(i);
    if (!has_data(f)) return;
    if (f.next_send_ps > tx.idle_from_ps()) {
      arm(kSend, i, f.next_send_ps);  // rate-limited: joins the ring at its deadline, not when the link is free
    } else {
      f.in_ring = true;
      ring_.push_back(i);
    }
    return;
  }
}

void Nic::send_data(uint32_t i) {
  Flow& f = flows_[i];
  const uint64_t now = fabric::now_ps();
  const uint64_t idx = f.nxt;
  const uint32_t payload = payload_of(f, idx);
  Frame fr;
  fr.kind = FrameKind::kData;
  fr.src_host = cfg_.host_id;
  fr.dst_host = f.spec.dst_host;
  fr.flow_id = f.spec.id;
  fr.psn = fabric::psn_add(f.spec.start_psn, static_cast<uint32_t>(idx & fabric::kPsnMask));
  fr.byte_seq = bytes_before(f, idx);
  fr.len_bytes = data_overhead_bytes_ + payload;
  fr.priority = f.spec.priority;
  fr.dscp = cfg_.data_dscp;
  fr.ecn = cfg_.data_ecn;
  if (cc_->next_frame_not_ect(i)) {
    fr.ecn = fabric::Ecn::kNotEct;
    fr.cc.unit_flag = true;
  }
  fr.ttl = kStartTtl;
  fr.cc.sent_ps = now;
  tx.transmit(fabric::default_frame_pool().make(fr));

  const bool retransmission = idx < f.max_sent;
  ++f.nxt;
  f.max_sent = std::max(f.max_sent, f.nxt);
  ++f.c.data_frames_sent;
  ++counters_.data_frames_sent;
  f.c.payload_bytes_sent += payload;
  counters_.payload_bytes_sent += payload;
  if (retransmission) {
    ++f.c.data_frames_retransmitted;
    ++counters_.data_frames_retransmitted;
  }
  cc_->on_tx(i, payload, fabric::sim_now());

  // Next-send deadline: this start + the frame's wire bits at the allowed rate, and the pacing gap.
  const double cc_rate = cc_->rate_gbps(i);
  if (!(cc_rate > 0))
    throw std::logic_error(fmt::format("{}: CC unit {} gave flow {} rate_gbps = {}; it must be > 0", name(),
                                       cc_->name(), i, cc_rate));
  const double rate = f.spec.max_gbps > 0 ? std::min(cc_rate, f.spec.max_gbps) : cc_rate;
  uint64_t next = now;
  f.last_start_ps = now;
  f.last_wire_bits = uint64_t{fabric::roce::wire_bytes(fr.len_bytes)} * 8;
  if (std::isfinite(rate))
    next = now + static_cast<uint64_t>(std::llround(fabric::roce::wire_bytes(fr.len_bytes) * 8.0 * 1000.0 / rate));
  next = std::max<uint64_t>(next, now + cc_->pacing_gap(i).value());
  f.next_send_ps = next;
  if (f.rto_deadline_ps == kNoDeadline) arm_rto(i, now);  // RFC 6298 5.1
  sync_cc_timer(i);
  sync_probe(i);  // the first RTT request goes with the flow's first frame (the LDCP draft, section 3.2)
}

void Nic::sync_probe(uint32_t i) {
  Flow& f = flows_[i];
  if (f.probe_queued || f.done || f.max_sent == 0 || !cc_->rtt_probe_wanted(i)) return;
  // A request "sent out among data packets" (the LDCP draft, section 3.2): in the flow's priority with the data DSCP and
  // ECN codepoint, so it waits in the same switch queues as the flow's data.
  Frame p = control_frame(FrameKind::kRttProbe, f.spec.dst_host, f.spec.id, 0);
  p.priority = f.spec.priority;
  p.dscp = cfg_.data_dscp;
  p.ecn = cfg_.data_ecn;
  probe_q_.push_back(p);
  f.probe_queued = true;
  ++f.c.rtt_requests_sent;
  ++counters_.rtt_requests_sent;
  kick_pending_ = true;
}

void Nic::send_ctrl(const Frame& f) {
  ctrl_q_.push_back(f);
  kick_pending_ = true;
}

void Nic::send_pfc(uint8_t mask, uint16_t quanta) {
  if (mask == 0) return;
  Frame p;
  p.kind = FrameKind::kPfc;
  p.src_host = cfg_.host_id;
  p.priority = 7;
  p.pfc_class_enable = mask;
  for (unsigned c = 0; c < fabric::kNumPriorities; ++c)
    if ((mask >> c) & 1u) p.pfc_pause_quanta[c] = quanta;
  tx.send_pfc(p);
  ++counters_.pfc_sent;
}

// ---------------------------------------------------------------- RX

void Nic::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  fabric::WallTimer wall_timer(wall_);
  receive(fabric::frame_of(trans), fabric::now_ps());
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  kick_pending_ = true;
  if (rx_link_ == nullptr) schedule();  // else the link's on_delivered acts or wakes the process (receive_from)
}

void Nic::receive(Frame& f, uint64_t at_ps) {
  switch (f.kind) {
    case FrameKind::kPfc:
      tx.apply_received_pfc(f);
      ++counters_.pfc_received;
      break;
    case FrameKind::kData: rx_data(f); break;
    case FrameKind::kAck: rx_ack(f, false, at_ps); break;
    case FrameKind::kNack: rx_ack(f, true, at_ps); break;
    case FrameKind::kCnp: rx_cnp(f); break;
    case FrameKind::kRcmCn: ++counters_.rcm_cn_received; break;
    case FrameKind::kRttProbe:
      if (probe_rx_hook_ && !probe_rx_hook_(f)) {
        ++(f.rtt_response ? counters_.rtt_responses_received : counters_.rtt_requests_received);
        drop(nullptr, DropReason::kInjectedLoss);
        break;
      }
      rx_rtt_probe(f);
      break;
  }
}

void Nic::drop(RxFlow* rx, DropReason r) {
  ++counters_.drops[static_cast<size_t>(r)];
  if (rx) ++rx->c.drops[static_cast<size_t>(r)];
}

uint32_t Nic::rx_index(const Frame& f) {
  const uint64_t key = (uint64_t{f.src_host} << 32) | f.flow_id;
  auto it = rx_by_key_.find(key);
  if (it != rx_by_key_.end()) return it->second;
  if (rx_flows_.size() >= cfg_.max_flows)
    throw std::runtime_error(fmt::format("{}: receiver flow table full (nic.max_flows = {}) at flow {} from host {}",
                                         name(), cfg_.max_flows, f.flow_id, f.src_host));
  const auto r = static_cast<uint32_t>(rx_flows_.size());
  RxFlow rx;
  rx.src_host = f.src_host;
  rx.flow_id = f.flow_id;
  rx_flows_.push_back(rx);
  rx_by_key_[key] = r;
  return r;
}

int Nic::flow_index(uint32_t flow_id) const {
  auto it = flow_by_id_.find(flow_id);
  return it == flow_by_id_.end() ? -1 : static_cast<int>(it->second);
}

void Nic::rx_data(Frame& f) {
  const uint64_t now = fabric::now_ps();
  ++counters_.data_frames_received;
  counters_.data_bytes_received += f.len_bytes;
  const uint32_t r = rx_index(f);
  RxFlow* rx = &rx_flows_[r];
  ++rx->c.data_frames_received;
  if (rx_hook_ && !rx_hook_(f)) {
    drop(rx, DropReason::kInjectedLoss);
    return;
  }
  if (!rx->started) {
    // The QP's initial PSN, as agreed at connection setup: both ends use the same RoCE MTU.
    rx->started = true;
    rx->priority = f.priority;
    const auto frames_before = static_cast<uint32_t>((f.byte_seq / cfg_.mtu_bytes) & fabric::kPsnMask);
    rx->expected_psn = (f.psn - frames_before) & fabric::kPsnMask;
  }
  if (f.ecn == fabric::Ecn::kCe) {
    ++counters_.ce_received;
    ++rx->c.ce_received;
    if (np_->on_ce(r, fabric::sim_now())) send_cnp(r);
    arm(kNp, r, np_->next_deadline_ps(r));
  }
  const int32_t d = fabric::psn_diff(f.psn, rx->expected_psn);
  if (d == 0) {
    if (host_bytes_ + f.len_bytes > cfg_.host_queue_bytes) {
      drop(rx, DropReason::kHostQueueOverflow);
      return;
    }
    rx->expected_psn = fabric::psn_add(rx->expected_psn, 1);
    rx->nak_sent = false;
    ++counters_.data_frames_accepted;
    ++rx->c.data_frames_accepted;
    host_q_.push_back({r, f, now, f.len_bytes - data_overhead_bytes_});
    host_bytes_ += f.len_bytes;
    counters_.host_queue_max_bytes = std::max(counters_.host_queue_max_bytes, host_bytes_);
    ++host_prio_frames_[f.priority];
    host_service();
    if (cfg_.host_pfc && !xoff_ && host_bytes_ > cfg_.host_xoff_bytes) {
      xoff_ = true;
      paused_mask_ = 0;
      for (unsigned p = 0; p < fabric::kNumPriorities; ++p)
        if (host_prio_frames_[p]) paused_mask_ |= static_cast<uint8_t>(1u << p);
      send_pfc(paused_mask_, cfg_.pfc_pause_quanta);
      pfc_refresh_ps_ = now + tx.pause_duration(cfg_.pfc_pause_quanta).value() / 2;
    }
  } else if (d > 0) {
    drop(rx, DropReason::kOutOfOrder);
    if (!rx->nak_sent) {  // one NAK (PSN sequence error) per gap, carrying the expected PSN
      rx->nak_sent = true;
      Frame n = control_frame(FrameKind::kNack, f.src_host, f.flow_id, rx->expected_psn);
      n.byte_seq = rx->bytes_done;
      send_ctrl(n);
      ++counters_.naks_sent;
      ++rx->c.naks_sent;
    }
  } else {
    drop(rx, DropReason::kDuplicate);
    if (rx->any_done) send_ack(r);  // re-ACK the cumulative PSN
  }
}

void Nic::host_service() {
  const uint64_t now = fabric::now_ps();
  while (!host_q_.empty()) {
    const HostItem& head = host_q_.front();
    uint64_t start = now, done = now;
    if (cfg_.host_gbps > 0) {
      start = std::max(host_head_start_ps_, head.t2_ps);
      done = start + static_cast<uint64_t>(std::llround(head.payload_bytes * 8.0 * 1000.0 / cfg_.host_gbps));
      if (done > now) {
        host_head_done_ps_ = done;
        return;
      }
    }
    const HostItem item = head;
    host_q_.pop_front();
    host_bytes_ -= item.frame.len_bytes;
    --host_prio_frames_[item.frame.priority];
    host_head_start_ps_ = done;  // the host is free from here
    host_head_done_ps_ = kNoDeadline;
    host_finish(item, done);
    if (xoff_ && host_bytes_ <= cfg_.host_xon_bytes) {
      send_pfc(paused_mask_, 0);  // resume
      xoff_ = false;
      paused_mask_ = 0;
      pfc_refresh_ps_ = kNoDeadline;
    }
  }
  host_head_done_ps_ = kNoDeadline;
}

void Nic::host_finish(const HostItem& item, uint64_t t4_ps) {
  RxFlow& rx = rx_flows_[item.rx];
  rx.any_done = true;
  rx.done_psn = item.frame.psn;
  rx.bytes_done += item.payload_bytes;
  rx.last_done = item.frame;
  rx.last_t2_ps = item.t2_ps;
  rx.last_t4_ps = t4_ps;
  ++counters_.data_frames_delivered;
  counters_.bytes_delivered += item.payload_bytes;
  ++rx.c.data_frames_delivered;
  rx.c.bytes_delivered += item.payload_bytes;
  if (item.frame.ecn == fabric::Ecn::kCe) rx.pending_ece = true;
  ++rx.pending_acks;
  const uint32_t r = item.rx;
  if (on_deliver_) on_deliver_(item.frame.src_host, item.frame.flow_id, item.frame.psn, item.frame.byte_seq,
                               item.payload_bytes);
  RxFlow& rx2 = rx_flows_[r];  // the callback cannot add flows, but do not rely on it
  if (rx2.pending_acks >= cfg_.ack_every || (cfg_.ack_ce_at_once && rx2.pending_ece))
    send_ack(r);
  else if (rx2.ack_timer.want == kNoDeadline)
    arm(kAckCoalesce, r, fabric::now_ps() + cfg_.ack_coalesce_timeout.value());
}

Frame Nic::control_frame(FrameKind kind, uint32_t dst, uint32_t flow_id, uint32_t psn) const {
  Frame c;
  c.kind = kind;
  c.src_host = cfg_.host_id;
  c.dst_host = dst;
  c.flow_id = flow_id;
  c.psn = psn;
  const bool cnp = kind == FrameKind::kCnp;
  c.len_bytes = cnp                             ? fabric::roce::cnp_frame_bytes(cfg_.vlan)
                : kind == FrameKind::kRttProbe ? fabric::roce::rtt_probe_frame_bytes(cfg_.vlan)
                                               : fabric::roce::ack_frame_bytes(cfg_.vlan);
  c.priority = cnp ? cfg_.cnp_priority : cfg_.ack_priority;
  c.dscp = cfg_.ctrl_dscp;
  c.ttl = kStartTtl;
  return c;
}

void Nic::send_cnp(uint32_t r) {
  RxFlow& rx = rx_flows_[r];
  send_ctrl(control_frame(FrameKind::kCnp, rx.src_host, rx.flow_id, rx.expected_psn));
  ++counters_.cnps_sent;
  ++rx.c.cnps_sent;
}

void Nic::send_ack(uint32_t r) {
  RxFlow& rx = rx_flows_[r];
  Frame a = control_frame(FrameKind::kAck, rx.src_host, rx.flow_id, rx.done_psn);
  a.byte_seq = rx.bytes_done;
  // ACKs are sent Not-ECT; CE on an ACK is this model's ECN echo (ECE) of the frames it covers.
  a.ecn = rx.pending_ece && cfg_.ack_ecn_echo ? fabric::Ecn::kCe : fabric::Ecn::kNotEct;
  a.cc.sent_ps = rx.last_done.cc.sent_ps;
  a.cc.remote_queuing_delay_ps = rx.last_t4_ps - rx.last_t2_ps;
  a.cc.hop_count = static_cast<uint8_t>(kStartTtl - std::min<uint8_t>(kStartTtl, rx.last_done.ttl));
  a.cc.unit_flag = rx.last_done.cc.unit_flag;
  rx.pending_acks = 0;
  rx.pending_ece = false;
  rx.ack_timer.want = kNoDeadline;
  ++counters_.acks_sent;
  ++rx.c.acks_sent;
  send_ctrl(a);
}

void Nic::rx_ack(const Frame& a, bool nak, uint64_t at_ps) {
  const int fi = flow_index(a.flow_id);
  if (fi < 0) {
    drop(nullptr, DropReason::kUnknownFlow);
    return;
  }
  const auto i = static_cast<uint32_t>(fi);
  Flow& f = flows_[i];
  const uint32_t una_psn = fabric::psn_add(f.spec.start_psn, static_cast<uint32_t>(f.una & fabric::kPsnMask));
  const int64_t idx = static_cast<int64_t>(f.una) + fabric::psn_diff(a.psn, una_psn);
  const sc_core::sc_time now = sc_core::sc_time::from_value(at_ps);
  if (nak) {
    ++f.c.naks_received;
    ++counters_.naks_received;
    if (f.failed) return;  // a QP in its error state takes no more ACKs
    // NAK (PSN sequence error) with the expected PSN: everything before it is acknowledged, and
    // the sender goes back to it (go-back-N).
    if (idx < static_cast<int64_t>(f.una) || idx > static_cast<int64_t>(f.max_sent)) return;  // stale
    f.unjudged_timeouts_ps.clear();  // a loss: the frame after `idx` did not arrive
    ack_progress(i, static_cast<uint64_t>(idx), nullptr, at_ps);
    Flow& g = flows_[i];
    if (g.nxt > static_cast<uint64_t>(idx)) g.nxt = static_cast<uint64_t>(idx);
    if (g.una >= g.nxt) {  // nothing sent since the loss is outstanding: the retransmission starts the timer
      g.rto_deadline_ps = kNoDeadline;
      arm(kRto, i, kNoDeadline);
    }
    cc_->on_nack(i, now);
    sync_cc_timer(i);
    activate(i);
    return;
  }
  ++f.c.acks_received;
  ++counters_.acks_received;
  if (f.failed) return;
  if (idx + 1 < static_cast<int64_t>(f.una) || idx + 1 > static_cast<int64_t>(f.max_sent)) return;  // stale
  AckInfo info;
  info.psn = a.psn;
  info.ece = a.ecn == fabric::Ecn::kCe;
  info.sent_ps = a.cc.sent_ps;
  info.remote_queuing_delay_ps = a.cc.remote_queuing_delay_ps;
  info.hop_count = a.cc.hop_count;
  info.rtt_ps = now.value() - a.cc.sent_ps;
  info.unit_flag_echo = a.cc.unit_flag;
  const bool new_data = idx + 1 > static_cast<int64_t>(f.una);
  // RTT samples from ACKs of new data only (RFC 7323 4.1): a re-ACK of a duplicate echoes the send
  // time of an earlier frame.
  if (new_data) rto_.on_rtt_sample(f.rto, info.rtt_ps);
  // After timeouts, the first ACK that acknowledges new data says whether the frames were lost: it
  // echoes the send time of the frame it acknowledges (RFC 3522 with timestamps), and every timeout
  // after that send time retransmitted a frame that was not lost.
  if (!f.unjudged_timeouts_ps.empty() && new_data) {
    for (uint64_t t : f.unjudged_timeouts_ps)
      if (a.cc.sent_ps < t) {
        ++f.c.timeouts_spurious;
        ++counters_.timeouts_spurious;
      }
    f.unjudged_timeouts_ps.clear();
  }
  ack_progress(i, static_cast<uint64_t>(idx + 1), &info, at_ps);
}

void Nic::ack_progress(uint32_t i, uint64_t new_una, const AckInfo* info, uint64_t at_ps) {
  Flow& f = flows_[i];
  const uint64_t now = at_ps;
  uint64_t acked = 0;
  if (new_una > f.una) {
    acked = bytes_before(f, new_una) - bytes_before(f, f.una);
    f.una = new_una;
    f.nxt = std::max(f.nxt, f.una);
    f.c.bytes_acked += acked;
    counters_.bytes_acked += acked;
    const uint64_t since = std::max(f.last_progress_ps, stall_window_from_ps_);
    if (now > since) f.longest_stall_ps = std::max(f.longest_stall_ps, now - since);
    f.last_progress_ps = now;
    // Progress restarts the retry counter and the timer (RFC 6298 5.3), or stops the timer when
    // nothing is outstanding (5.2).
    rto_.on_progress(f.rto);
    if (f.una < f.nxt) {
      arm_rto(i, now);
    } else {
      f.rto_deadline_ps = kNoDeadline;
      arm(kRto, i, kNoDeadline);
    }
  }
  if (info) {
    AckInfo a = *info;
    a.acked_bytes = acked;
    a.cum_bytes_acked = f.c.bytes_acked;
    cc_->on_ack(i, a, sc_core::sc_time::from_value(now));
  }
  Flow& g = flows_[i];
  if (!g.done && g.nframes != kUnlimitedFrames && g.una >= g.nframes) {
    g.done = true;
    g.fct_ps = now - g.spec.start.value();
    ++counters_.flows_completed;
    g.rto_deadline_ps = kNoDeadline;
    arm(kRto, i, kNoDeadline);
    arm(kSend, i, kNoDeadline);
    cc_->on_timers_stopped(i, sc_core::sc_time::from_value(now));
    if (on_complete_) on_complete_(i);
  }
  sync_cc_timer(i);
  activate(i);
}

void Nic::rx_cnp(const Frame& c) {
  const int fi = flow_index(c.flow_id);
  if (fi < 0) {
    drop(nullptr, DropReason::kUnknownFlow);
    return;
  }
  const auto i = static_cast<uint32_t>(fi);
  ++flows_[i].c.cnps_received;
  ++counters_.cnps_received;
  cc_->on_cnp(i, fabric::sim_now());
  sync_cc_timer(i);
  sync_probe(i);
  activate(i);
}

void Nic::rx_rtt_probe(const Frame& p) {
  if (!p.rtt_response) {
    // The receiver NIC returns a standalone response for every request (the LDCP draft, section 3.2), stateless: no
    // receiver flow entry. Class and DSCP are the request's (ConnectX ROCE_RTT_RESP_DSCP_MODE
    // DEVICE_DEFAULT: "If not set, RTT request value will be used"); it echoes the send time.
    ++counters_.rtt_requests_received;
    Frame r = control_frame(FrameKind::kRttProbe, p.src_host, p.flow_id, 0);
    r.rtt_response = true;
    r.rtt_request_sent_ps = p.rtt_request_sent_ps;
    r.priority = p.priority;
    r.dscp = p.dscp;
    r.ecn = cfg_.data_ecn;
    probe_q_.push_back(r);
    ++counters_.rtt_responses_sent;
    kick_pending_ = true;
    return;
  }
  ++counters_.rtt_responses_received;  // arrived (the ledger's delivered), known flow or not
  const int fi = flow_index(p.flow_id);
  if (fi < 0) {
    drop(nullptr, DropReason::kUnknownFlow);
    return;
  }
  const auto i = static_cast<uint32_t>(fi);
  ++flows_[i].c.rtt_responses_received;
  cc_->on_rtt_response(i, p.rtt_request_sent_ps, fabric::sim_now());
  sync_cc_timer(i);
  sync_probe(i);
  activate(i);
}

}  // namespace ccf::nic
