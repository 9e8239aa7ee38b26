// link.hpp: one direction of a full-duplex Ethernet link, as a transmitter (docs/fabric.md 3, 4).
//
// Timing is exact: the rate is held as a rational bit time in ps, a frame's serialization time is
// wire_bytes * 8 bit times, and back-to-back frames continue from the exact (fractional) end of the
// previous frame, so no rounding accumulates. Events happen at the first whole ps at or after the
// exact instant (SystemC time resolution must be 1 ps).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sc/fabric/deadline_event.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/fabric/frame_tap.hpp"
#include "sc/fabric/sim_time.hpp"

namespace ccf::fabric {

struct LinkCounters {
  uint64_t frames_sent = 0;          // all frames started, PFC included
  uint64_t bytes_sent = 0;           // sum of Frame::len_bytes of those frames
  uint64_t wire_bytes_sent = 0;      // with padding, preamble, SFD and IFG
  uint64_t pfc_frames_sent = 0;
  uint64_t cn_frames_sent = 0;       // RCM congestion notifications
  uint64_t frames_delivered = 0;     // handed to the peer's b_transport
  uint64_t pfc_frames_received = 0;  // applied through apply_received_pfc
};

class Link : public sc_core::sc_module {
 public:
  // Bound to the peer's target socket (e.g. tlm_utils::simple_target_socket). The peer's
  // b_transport is called from this link's SC_METHOD at the frame's arrival time with a zero
  // delay argument; it must not call wait(). A peer that keeps the payload calls acquire().
  tlm_utils::simple_initiator_socket<Link> out;

  // rate_gbps: any finite positive rate up to 1e6 Gb/s, resolved to 1 bit/s (exact for rates
  // given with up to 9 decimals in Gb/s). Throws std::invalid_argument otherwise.
  Link(sc_core::sc_module_name name, double rate_gbps, sc_core::sc_time propagation_delay);

  // True when no frame is being serialized and no PFC frame waits for the link.
  bool idle() const { return idle_at(now_ps()); }
  // The same at `now_ps` = the current SystemC time in ps (for callers that ask many links at once).
  bool idle_at(uint64_t now_ps) const { return now_ps >= idle_from_ps_; }
  // When the link is next idle if its owner sends nothing more: the whole ps at or after the end of
  // the frame on the wire, or kNotKnown while a PFC frame waits to start (its end is not yet fixed).
  static constexpr uint64_t kNotKnown = UINT64_MAX;
  uint64_t idle_from_ps() const { return idle_from_ps_; }
  // When the first frame on the wire arrives at the peer, or kNotKnown if none is on the wire.
  uint64_t next_arrival_ps() const { return in_flight_.empty() ? kNotKnown : in_flight_.front().arrival_ps; }
  // The first frame on the wire if it arrives at or before `t_ps` (its payload and the payload's
  // Frame), else nullptrs; counted as delivered, and the caller takes over the reference the link held
  // (if the payload has a memory manager). The link's own delivery uses it; so does a receiver that
  // takes the frames itself (let_receiver_take), by their arrival or ahead of the kernel
  // (SwitchModel::run). The Frame comes with the payload so that a receiver reads the frame
  // without looking up the payload's extension, which costs two dependent cache misses at scale.
  struct Arrived {
    tlm::tlm_generic_payload* trans = nullptr;
    Frame* frame = nullptr;
  };
  Arrived take_arrived_by(uint64_t t_ps) {
    if (in_flight_.empty() || in_flight_.front().arrival_ps > t_ps) return {};
    const Arrived a{in_flight_.front().trans, in_flight_.front().frame};
    if (take_late_ && in_flight_.front().wakes) wake_arrivals_.pop_front();
    in_flight_.pop_front();
    ++counters_.frames_delivered;
    return a;
  }
  // The whole ps at or after the exact end of the frame now on the wire (incl. queued PFC frames
  // only once they start); in the past or now when idle.
  sc_core::sc_time busy_until() const;

  // Start serializing `trans` now (it must carry a valid Frame). Requires idle() and, for a frame
  // that is not PFC, may_start(priority); throws std::logic_error otherwise. If called at the
  // first whole ps after the previous frame's exact end, the frame starts at that exact end.
  // The link acquire()s a payload that has a memory manager and release()s it after delivery.
  void transmit(tlm::tlm_generic_payload& trans) { transmit_at(trans, now_ps()); }
  // The same with the frame starting at `start_ps` >= now, for an owner that runs ahead of the
  // kernel (SwitchModel's consecutive cycles) while nothing else acts before `start_ps`.
  void transmit_at(tlm::tlm_generic_payload& trans, uint64_t start_ps) {
    transmit_at(trans, frame_of(trans), start_ps);
  }
  // The same for a caller that holds the payload's Frame `f` (frame_of(trans)).
  void transmit_at(tlm::tlm_generic_payload& trans, Frame& f, uint64_t start_ps);

  // Send a PFC frame (kind is forced to kPfc, len to 64 B if unset). It starts now if the link is
  // idle, else at the end of the current frame, ahead of any data frame of the owner.
  void send_pfc(const Frame& pfc) { send_pfc_at(pfc, now_ps()); }
  void send_pfc_at(const Frame& pfc, uint64_t start_ps);  // as transmit_at
  // The same for any link-local control frame (is_link_local: PFC, an RCM congestion notification),
  // of its own kind and length (a shorter one is padded on the wire).
  void send_link_local_at(const Frame& f, uint64_t start_ps);

  // The peer's PFC frame arrived on the reverse direction now: for every class enabled, priority i
  // may not start a frame until now + pause_quanta[i] * 512 bit times of this link (rounded up to
  // a whole ps); 0 resumes at once. A new PFC frame replaces the running pause (802.1Qbb).
  void apply_received_pfc(const Frame& pfc);
  bool may_start(unsigned prio) const { return may_start_at(prio, now_ps()); }
  bool may_start_at(unsigned prio, uint64_t t_ps) const;
  sc_core::sc_time paused_until(unsigned prio) const;
  // Total time priority `prio` has been paused so far (up to now).
  sc_core::sc_time paused_time(unsigned prio) const;

  // True when this link's process is due to run at `now_ps` and has not yet: it may then deliver to
  // its receiver or tell its owner that it is idle or that a pause ended (Nic::run).
  bool acts_at(uint64_t now_ps) const { return wake_.due_at(now_ps); }
  // Called (from this link's process) when the link becomes idle. Also notified: idle_event().
  void set_on_idle(std::function<void()> cb) { on_idle_ = std::move(cb); }
  // From now on the link tells its owner it became idle only when asked (ask_idle_notification):
  // a sender with nothing more to send then costs no wake-up at the end of each frame.
  void notify_idle_only_when_asked() { idle_on_request_ = true; }
  // Tell the owner when the link is next idle (nothing happens if it is idle now).
  void ask_idle_notification() {
    if (idle() || idle_notify_pending_) return;
    idle_notify_pending_ = true;
    schedule_wake();
  }
  // The receiver takes the frames from the wire itself, with take_arrived_by, by their arrival
  // (SwitchModel::attach_ingress): the link then sets no wake-up for an arrival and delivers nothing
  // through `out`; it calls `on_put(arrival_ps)` for every frame it puts on the wire instead, from
  // the process that puts it there, so that the receiver runs by then. A wake-up per frame less.
  void let_receiver_take(std::function<void(uint64_t arrival_ps)> on_put) { on_put_ = std::move(on_put); }
  // The receiver takes the frames from the wire itself (take_arrived_by, with next_arrival_ps for
  // each one's arrival time), and the link wakes only for the frames `wakes_receiver` says must be
  // acted on at their arrival: at such a frame's arrival it calls `take(now)`, for the receiver to
  // take every frame that has arrived by now, in order, instead of delivering them through `out`;
  // then on_delivered. The other frames wait on the wire until the receiver takes them, at its next
  // event (Nic::no_more_flows: ACKs that change nothing the NIC's sending reads). Frames already on
  // the wire wake the receiver.
  void let_receiver_take_late(std::function<bool(const Frame&)> wakes_receiver,
                              std::function<void(uint64_t now_ps)> take);
  // Called (from this link's process) after it delivered the frames that arrive at this instant,
  // so that the receiver may act on them at once (Nic::receive_from).
  void set_on_delivered(std::function<void()> cb) { on_delivered_ = std::move(cb); }
  // Called when a pause of `prio` ends (expiry or resume), so an owner with only paused traffic
  // can try again. Also notified: resume_event().
  void set_on_resume(std::function<void(unsigned prio)> cb) { on_resume_ = std::move(cb); }
  const sc_core::sc_event& idle_event() const { return idle_event_; }
  const sc_core::sc_event& resume_event() const { return resume_event_; }

  double rate_gbps() const { return rate_gbps_; }
  sc_core::sc_time propagation_delay() const { return sc_core::sc_time::from_value(prop_ps_); }
  // Exact bit time in ps as num/den (100 Gb/s: 10/1; 33 Gb/s: 1000/33).
  uint64_t bit_time_num_ps() const { return bit_num_ps_; }
  uint64_t bit_time_den() const { return bit_den_; }
  // Serialization time of a frame of len_bytes (with padding and 20 B overhead), rounded up to ps.
  sc_core::sc_time serialization_time(uint32_t len_bytes) const;
  // Duration of `quanta` pause quanta at this link's rate, rounded up to ps.
  sc_core::sc_time pause_duration(uint16_t quanta) const;

  // Report every frame this link starts to `tap` as `tap_id` (nullptr, the default: to none).
  void set_tap(FrameTap* tap, unsigned tap_id) {
    tap_ = tap;
    tap_id_ = tap_id;
  }

  // A run split over several processes (sims/parallel): this copy of the link belongs to the
  // sender's process, the receiver is simulated by another one. hand_over_in_flight gives `to` every
  // frame on the wire (arrival time, Frame), oldest first, and forgets them (the wake-ups it set for
  // them then find nothing); the receiver's process puts each on its own copy with put_in_flight,
  // which holds a reference to `trans` and delivers it at `arrival_ps` (>= now, and not before a
  // frame already on the wire).
  template <class F>
  void hand_over_in_flight(F&& to) {
    for (const InFlight& f : in_flight_) {
      to(f.arrival_ps, *f.frame);
      if (f.trans->has_mm()) f.trans->release();
    }
    in_flight_.clear();
    wake_arrivals_.clear();
  }
  void put_in_flight(uint64_t arrival_ps, tlm::tlm_generic_payload& trans);

  const LinkCounters& counters() const { return counters_; }
  size_t frames_in_flight() const { return in_flight_.size(); }
  // Frames in flight other than link-local ones (PFC, RCM notifications: not part of an end-to-end
  // ledger).
  size_t end_to_end_frames_in_flight() const;

 private:
  struct InFlight {
    uint64_t arrival_ps;
    tlm::tlm_generic_payload* trans;
    Frame* frame;  // trans's Frame
    bool wakes;    // let_receiver_take_late: the link wakes for its arrival
  };
  // The frame's entry on the wire, and its arrival in wake_arrivals_ if it wakes the receiver.
  void push_in_flight(uint64_t arrival_ps, tlm::tlm_generic_payload& trans, Frame& f);

  void start(tlm::tlm_generic_payload& trans, Frame& f, uint64_t start_ps);  // f: trans's Frame
  void on_wake();
  void schedule_wake();
  static uint64_t ceil_ps(uint64_t whole, uint64_t frac) { return whole + (frac != 0 ? 1 : 0); }

  double rate_gbps_;
  uint64_t prop_ps_;
  uint64_t bit_num_ps_ = 1;   // bit time = bit_num_ps_ / bit_den_ ps, in lowest terms
  uint64_t bit_den_ = 1;

  // Exact end of the current (or last) frame: end_whole_ps_ + end_frac_ / bit_den_ ps.
  uint64_t end_whole_ps_ = 0;
  uint64_t end_frac_ = 0;
  // When the link is idle again: the whole ps at or after that end, or never while a PFC frame
  // waits (it starts at that end). Kept with them so that idle_at, asked for every port of a switch
  // in every stepped cycle, is one comparison.
  uint64_t idle_from_ps_ = 0;
  bool idle_notify_pending_ = false;
  bool idle_on_request_ = false;  // notify_idle_only_when_asked

  std::deque<tlm::tlm_generic_payload*> pfc_queue_;
  std::deque<InFlight> in_flight_;  // arrival times are non-decreasing

  std::array<uint64_t, kNumPriorities> pause_start_ps_{};
  std::array<uint64_t, kNumPriorities> pause_until_ps_{};
  std::array<uint64_t, kNumPriorities> paused_closed_ps_{};  // finished pause intervals
  static_assert(kNumPriorities <= 8);
  uint8_t resume_pending_ = 0;  // bit p: tell the owner when priority p's pause ends

  DeadlineEvent wake_;
  sc_core::sc_event idle_event_;
  sc_core::sc_event resume_event_;
  std::function<void()> on_idle_;
  std::function<void()> on_delivered_;
  std::function<void(uint64_t)> on_put_;  // let_receiver_take
  std::function<bool(const Frame&)> wakes_receiver_;  // let_receiver_take_late
  std::function<void(uint64_t)> take_late_;
  std::deque<uint64_t> wake_arrivals_;  // arrivals of the frames on the wire that wake the receiver
  std::function<void(unsigned)> on_resume_;
  LinkCounters counters_;
  FrameTap* tap_ = nullptr;
  unsigned tap_id_ = 0;
};

}  // namespace ccf::fabric
