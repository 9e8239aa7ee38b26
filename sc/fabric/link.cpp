// link.cpp: exact-time Ethernet transmitter with PFC (docs/fabric.md 3, 4).
#include "sc/fabric/link.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "sc/fabric/roce_format.hpp"

namespace ccf::fabric {

namespace {
using u128 = unsigned __int128;
constexpr uint64_t kPsPerSecond = 1'000'000'000'000ull;
constexpr double kMaxRateGbps = 1e6;
constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

uint64_t to_u64(u128 v, const char* what) {
  if (v > std::numeric_limits<uint64_t>::max())
    throw std::overflow_error(fmt::format("ccf::fabric::Link: {} overflows 64-bit ps", what));
  return static_cast<uint64_t>(v);
}
}  // namespace

Link::Link(sc_core::sc_module_name name, double rate_gbps, sc_core::sc_time propagation_delay)
    : sc_core::sc_module(name), out("out"), rate_gbps_(rate_gbps), prop_ps_(propagation_delay.value()) {
  if (sc_core::sc_get_time_resolution() != sc_core::sc_time(1, sc_core::SC_PS))
    throw std::logic_error(fmt::format("{}: SystemC time resolution must be 1 ps, is {}", this->name(),
                                       sc_core::sc_get_time_resolution().to_string()));
  if (!std::isfinite(rate_gbps) || rate_gbps <= 0 || rate_gbps > kMaxRateGbps)
    throw std::invalid_argument(
        fmt::format("{}: rate_gbps = {} must be a finite number > 0 and <= {}", this->name(), rate_gbps, kMaxRateGbps));
  const auto rate_bps = static_cast<uint64_t>(std::llround(rate_gbps * 1e9));
  if (rate_bps == 0)
    throw std::invalid_argument(fmt::format("{}: rate_gbps = {} is below 1 bit/s", this->name(), rate_gbps));
  const uint64_t g = std::gcd(kPsPerSecond, rate_bps);
  bit_num_ps_ = kPsPerSecond / g;
  bit_den_ = rate_bps / g;

  SC_HAS_PROCESS(Link);
  SC_METHOD(on_wake);
  wake_.sensitize(sensitive);
  dont_initialize();
}

sc_core::sc_time Link::busy_until() const {
  return sc_core::sc_time::from_value(ceil_ps(end_whole_ps_, end_frac_));
}

sc_core::sc_time Link::serialization_time(uint32_t len_bytes) const {
  const u128 num = u128{roce::wire_bytes(len_bytes)} * 8u * bit_num_ps_;
  return sc_core::sc_time::from_value(to_u64((num + bit_den_ - 1) / bit_den_, "serialization time"));
}

sc_core::sc_time Link::pause_duration(uint16_t quanta) const {
  const u128 num = u128{quanta} * roce::kPfcQuantumBits * bit_num_ps_;
  return sc_core::sc_time::from_value(to_u64((num + bit_den_ - 1) / bit_den_, "pause duration"));
}

void Link::transmit_at(tlm::tlm_generic_payload& trans, Frame& f, uint64_t start_ps) {
  const auto at = [start_ps] { return sc_core::sc_time::from_value(start_ps).to_string(); };  // for errors only
  if (start_ps < now_ps())
    throw std::logic_error(fmt::format("{}: transmit of frame {} at {}, before now ({})", name(), f.id, at(),
                                       sc_core::sc_time_stamp().to_string()));
  if (!idle_at(start_ps))
    throw std::logic_error(fmt::format("{}: transmit of frame {} at {} while busy until {}{}", name(), f.id, at(),
                                       busy_until().to_string(), pfc_queue_.empty() ? "" : " (PFC frame queued)"));
  if (!f.valid()) throw std::invalid_argument(fmt::format("{}: frame {}: {}", name(), f.id, f.validate()));
  if (f.kind != FrameKind::kPfc && !may_start_at(f.priority, start_ps))
    throw std::logic_error(fmt::format("{}: frame {} of priority {} started at {} while paused until {}", name(), f.id,
                                       unsigned{f.priority}, at(), paused_until(f.priority).to_string()));
  start(trans, f, start_ps);
}

void Link::send_pfc_at(const Frame& pfc, uint64_t start_ps) {
  Frame f = pfc;
  f.kind = FrameKind::kPfc;
  if (f.len_bytes == 0) f.len_bytes = roce::kPfcFrameBytes;
  send_link_local_at(f, start_ps);
}

void Link::send_link_local_at(const Frame& f, uint64_t start_ps) {
  if (!is_link_local(f.kind))
    throw std::logic_error(fmt::format("{}: send_link_local_at given a frame of kind {}", name(), to_string(f.kind)));
  if (const std::string err = f.validate(); !err.empty())
    throw std::invalid_argument(fmt::format("{}: {} frame: {}", name(), to_string(f.kind), err));
  tlm::tlm_generic_payload& trans = default_frame_pool().make(f);
  trans.acquire();  // held by the queue; start() takes its own reference
  if (idle_at(start_ps)) {
    start(trans, frame_of(trans), start_ps);
    trans.release();
  } else {
    pfc_queue_.push_back(&trans);
    idle_from_ps_ = kNotKnown;
    schedule_wake();
  }
}

void Link::start(tlm::tlm_generic_payload& trans, Frame& f, uint64_t now) {
  // A frame started at the first whole ps after the previous frame's exact end continues from
  // that exact end (back to back); later, it starts now.
  uint64_t start_whole = now;
  uint64_t start_frac = 0;
  if (end_frac_ != 0 && now == end_whole_ps_ + 1) {
    start_whole = end_whole_ps_;
    start_frac = end_frac_;
  }
  const uint32_t wire = roce::wire_bytes(f.len_bytes);
  const u128 total = u128{wire} * 8u * bit_num_ps_ + start_frac;
  if (total >> 64 == 0) {  // one 64-bit division, not two 128-bit ones: all frames below about 2.3 MB
    end_whole_ps_ = start_whole + static_cast<uint64_t>(total) / bit_den_;
    end_frac_ = static_cast<uint64_t>(total) % bit_den_;
  } else {
    end_whole_ps_ = start_whole + to_u64(total / bit_den_, "frame end");
    end_frac_ = static_cast<uint64_t>(total % bit_den_);
  }
  const uint64_t end_ps = ceil_ps(end_whole_ps_, end_frac_);
  const uint64_t arrival_ps = end_ps + prop_ps_;
  idle_from_ps_ = pfc_queue_.empty() ? end_ps : kNotKnown;

  if (tap_) tap_->frame_started(tap_id_, f, start_whole);
  if (trans.has_mm()) trans.acquire();
  push_in_flight(arrival_ps, trans, f);
  ++counters_.frames_sent;
  counters_.bytes_sent += f.len_bytes;
  counters_.wire_bytes_sent += wire;
  if (f.kind == FrameKind::kPfc) ++counters_.pfc_frames_sent;
  if (f.kind == FrameKind::kRcmCn) ++counters_.cn_frames_sent;
  if (!idle_on_request_) idle_notify_pending_ = true;
  schedule_wake();
  if (on_put_) on_put_(arrival_ps);
}

void Link::apply_received_pfc(const Frame& pfc) {
  if (pfc.kind != FrameKind::kPfc)
    throw std::invalid_argument(
        fmt::format("{}: apply_received_pfc given a frame of kind {}, not pfc", name(), to_string(pfc.kind)));
  const uint64_t now = now_ps();
  ++counters_.pfc_frames_received;
  for (unsigned p = 0; p < kNumPriorities; ++p) {
    if (((pfc.pfc_class_enable >> p) & 1u) == 0) continue;
    // Close the running interval: a new PFC frame replaces the remaining pause time.
    const uint64_t until = pause_until_ps_[p];
    const bool was_paused = now < until;
    if (until > pause_start_ps_[p]) paused_closed_ps_[p] += std::min(now, until) - pause_start_ps_[p];
    pause_start_ps_[p] = now;
    const uint16_t quanta = pfc.pfc_pause_quanta[p];
    const auto bit = static_cast<uint8_t>(1u << p);
    if (quanta == 0) {
      pause_until_ps_[p] = now;
      // tell the owner (in the next delta cycle) if it was paused
      resume_pending_ = was_paused ? (resume_pending_ | bit) : (resume_pending_ & ~bit);
    } else {
      pause_until_ps_[p] = now + pause_duration(quanta).value();
      resume_pending_ |= bit;
    }
  }
  schedule_wake();
}

bool Link::may_start_at(unsigned prio, uint64_t t_ps) const {
  return prio < kNumPriorities && t_ps >= pause_until_ps_[prio];
}

sc_core::sc_time Link::paused_until(unsigned prio) const {
  if (prio >= kNumPriorities) throw std::out_of_range(fmt::format("{}: priority {} must be 0..7", name(), prio));
  return sc_core::sc_time::from_value(pause_until_ps_[prio]);
}

sc_core::sc_time Link::paused_time(unsigned prio) const {
  if (prio >= kNumPriorities) throw std::out_of_range(fmt::format("{}: priority {} must be 0..7", name(), prio));
  uint64_t total = paused_closed_ps_[prio];
  const uint64_t until = pause_until_ps_[prio];
  if (until > pause_start_ps_[prio]) total += std::min(now_ps(), until) - pause_start_ps_[prio];
  return sc_core::sc_time::from_value(total);
}

void Link::on_wake() {
  const uint64_t now = now_ps();
  wake_.activated(now);
  bool delivers = false;
  if (take_late_) {
    if (!wake_arrivals_.empty() && wake_arrivals_.front() <= now) {
      take_late_(now);
      delivers = true;
    }
  } else {
    for (Arrived a; !on_put_ && (a = take_arrived_by(now)).trans != nullptr;) {
      tlm::tlm_generic_payload* trans = a.trans;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      out->b_transport(*trans, delay);
      if (trans->has_mm()) trans->release();
      delivers = true;
    }
  }
  for (unsigned p = 0; resume_pending_ != 0 && p < kNumPriorities; ++p) {
    if (((resume_pending_ >> p) & 1u) && now >= pause_until_ps_[p]) {
      resume_pending_ &= static_cast<uint8_t>(~(1u << p));
      resume_event_.notify();
      if (on_resume_) on_resume_(p);
    }
  }
  if (now >= ceil_ps(end_whole_ps_, end_frac_)) {
    if (!pfc_queue_.empty()) {
      tlm::tlm_generic_payload* trans = pfc_queue_.front();
      pfc_queue_.pop_front();
      start(*trans, frame_of(*trans), now);
      trans->release();
    } else if (idle_notify_pending_) {
      idle_notify_pending_ = false;
      idle_event_.notify();
      if (on_idle_) on_idle_();
    }
  }
  schedule_wake();
  if (delivers && on_delivered_) on_delivered_();
}

void Link::schedule_wake() {
  const uint64_t now = now_ps();
  uint64_t next = kNever;
  if (take_late_) {
    if (!wake_arrivals_.empty()) next = wake_arrivals_.front();
  } else if (!in_flight_.empty() && !on_put_) {
    next = in_flight_.front().arrival_ps;
  }
  if (idle_notify_pending_ || !pfc_queue_.empty()) next = std::min(next, ceil_ps(end_whole_ps_, end_frac_));
  for (unsigned m = resume_pending_; m != 0; m &= m - 1) next = std::min(next, pause_until_ps_[std::countr_zero(m)]);
  if (next != kNever) wake_.wake_at(next, now);
}

void Link::put_in_flight(uint64_t arrival_ps, tlm::tlm_generic_payload& trans) {
  if (arrival_ps < now_ps() || (!in_flight_.empty() && arrival_ps < in_flight_.back().arrival_ps))
    throw std::logic_error(fmt::format("{}: frame put on the wire to arrive at {} ps, before now ({} ps) or before the "
                                       "frame ahead of it",
                                       name(), arrival_ps, now_ps()));
  Frame& f = frame_of(trans);
  if (trans.has_mm()) trans.acquire();
  push_in_flight(arrival_ps, trans, f);
  schedule_wake();
  if (on_put_) on_put_(arrival_ps);
}

void Link::push_in_flight(uint64_t arrival_ps, tlm::tlm_generic_payload& trans, Frame& f) {
  const bool wakes = !take_late_ || wakes_receiver_(f);
  in_flight_.push_back({arrival_ps, &trans, &f, wakes});
  if (wakes && take_late_) wake_arrivals_.push_back(arrival_ps);
}

void Link::let_receiver_take_late(std::function<bool(const Frame&)> wakes_receiver,
                                  std::function<void(uint64_t now_ps)> take) {
  if (on_put_) throw std::logic_error(fmt::format("{}: let_receiver_take_late after let_receiver_take", name()));
  wakes_receiver_ = std::move(wakes_receiver);
  take_late_ = std::move(take);
  wake_arrivals_.clear();
  for (InFlight& f : in_flight_) {
    f.wakes = true;
    wake_arrivals_.push_back(f.arrival_ps);
  }
}

size_t Link::end_to_end_frames_in_flight() const {
  size_t n = 0;
  for (const InFlight& f : in_flight_) n += !is_link_local(f.frame->kind);
  return n;
}

}  // namespace ccf::fabric
