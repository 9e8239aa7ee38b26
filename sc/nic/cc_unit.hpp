// cc_unit.hpp: the interface between the NIC (flow table, TX scheduler, RX/ACK/CNP logic) and its
// congestion-control units (docs/nic.md 6).
//
// A reaction-point unit (CcUnit) takes events for a flow and tells the TX scheduler the flow's allowed
// rate or window and pacing gap. A notification-point unit (NpUnit) decides, per CE-marked data frame
// received, whether to send a CNP. `flow` is always the NIC's flow-table index (0..max_flows-1 of the
// NIC that owns the unit: the sender's table for CcUnit, the receiver's table for NpUnit), i.e. the
// address of the flow's entry in the unit's state memory.
#pragma once

#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <systemc>

namespace ccf::nic {

// Declared cost of a unit (docs/README.md principle 5).
struct UnitCost {
  unsigned latency_cycles = 0;       // event in to rate/window out
  unsigned ii_cycles = 1;            // initiation interval: cycles between two events
  unsigned state_bits_per_flow = 0;  // bits of per-flow state memory
};

// What an ACK tells the reaction point.
struct AckInfo {
  uint64_t acked_bytes = 0;              // payload bytes newly acknowledged by this ACK (0: duplicate)
  uint32_t psn = 0;                      // cumulative PSN acknowledged (24 bits)
  bool ece = false;                      // a frame covered by this ACK arrived CE-marked
  uint64_t sent_ps = 0;                  // echoed send time of the acked frame (fabric::CcEcho::sent_ps)
  uint64_t remote_queuing_delay_ps = 0;  // t4 - t2 at the receiver
  uint8_t hop_count = 0;                 // start TTL (64) - received TTL
  uint64_t rtt_ps = 0;                   // ACK arrival (t5) - sent_ps
  bool unit_flag_echo = false;           // the acked frame was flagged by the unit (next_frame_not_ect)
  uint64_t cum_bytes_acked = 0;          // payload bytes acknowledged so far (LDCP's LSN, byte units)
};

// One field of a flow's state memory entry as the unit holds it (a raw word of `bits` bits).
struct StateValue {
  std::string name;
  unsigned bits = 0;
  uint64_t value = 0;
};

inline constexpr uint64_t kNoDeadline = std::numeric_limits<uint64_t>::max();
inline constexpr double kUnlimited = std::numeric_limits<double>::infinity();

// Reaction point. All `now` arguments are the current simulated time.
class CcUnit {
 public:
  virtual ~CcUnit() = default;
  virtual std::string name() const = 0;
  // A flow is created (called once, from Nic::add_flow).
  virtual void init_flow(uint32_t flow, sc_core::sc_time now) = 0;
  // The flow's message length in payload bytes (0 = unlimited), called by Nic::add_flow right after
  // init_flow, before the first frame (LDCP: the last fast-start frame of a short message is ECT).
  virtual void set_message_bytes(uint32_t flow, uint64_t message_bytes) {
    (void)flow;
    (void)message_bytes;
  }
  virtual void on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) = 0;
  virtual void on_nack(uint32_t flow, sc_core::sc_time now) = 0;
  virtual void on_cnp(uint32_t flow, sc_core::sc_time now) = 0;
  // A data frame of `payload_bytes` (new or retransmitted) started on the wire.
  virtual void on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) = 0;
  virtual void on_timeout(uint32_t flow, sc_core::sc_time now) = 0;
  // The unit's own nearest timer (e.g. DCQCN alpha or rate-increase timer) in ps of simulated time,
  // or kNoDeadline. The NIC reads it after every event it delivers to the unit, keeps it in its one
  // calendar and calls on_timer when it is due (docs/README.md principle 2).
  virtual uint64_t next_deadline_ps(uint32_t flow) const = 0;
  virtual void on_timer(uint32_t flow, sc_core::sc_time now) = 0;
  // Called by a NIC whose send ring such a pass cannot reorder (one flow, Nic::no_more_flows): a
  // timer pass that changes nothing the NIC reads (DCQCN's alpha update) may then run when the
  // flow's next event reaches the unit, as the same pass at its own deadline, and next_deadline_ps
  // leaves it out, so the NIC is not woken for it. Units that observe every call (ForwardingCcUnit)
  // do not pass it on: they see each pass at its time.
  virtual void let_silent_timers_wait() {}
  // True when an ACK changes nothing the unit holds or gives the NIC: on_ack does nothing and no
  // flow has a window. A NIC with one flow then lets such ACKs wait on the wire until the flow's next
  // event (Nic::no_more_flows). Units that observe every call (ForwardingCcUnit) say false.
  virtual bool acks_change_nothing() const { return false; }
  // The NIC stopped asking for the flow's timers at `now` (the flow completed or failed): a unit
  // that lets passes wait runs those due before `now`, the last the NIC would have fired.
  virtual void on_timers_stopped(uint32_t flow, sc_core::sc_time now) { (void)flow, (void)now; }
  // Allowed sending rate in Gb/s on the wire (frame + preamble/SFD/IFG), or kUnlimited.
  virtual double rate_gbps(uint32_t flow) const = 0;
  // Allowed payload bytes in flight, or kUnlimited.
  virtual double window_bytes(uint32_t flow) const = 0;
  // Minimum gap between two frame starts of the flow (window pacing); SC_ZERO_TIME for none.
  virtual sc_core::sc_time pacing_gap(uint32_t flow) const = 0;
  // Rate units: the rate the algorithm holds for the flow, in Gb/s on the wire; equal to rate_gbps
  // unless the unit paces otherwise (TIMELY's segment pacing sends at line rate with gaps). For
  // reports and time series.
  virtual double controlled_rate_gbps(uint32_t flow) const { return rate_gbps(flow); }
  // Window units: the algorithm's congestion window in packets, fractional below one packet (the
  // scheduler then sees one packet and a pacing gap). 0 for rate units. For reports and time series.
  virtual double cwnd_packets(uint32_t flow) const {
    (void)flow;
    return 0.0;
  }
  // Asked before each data frame of the flow starts: true = send it Not-ECT and flagged as a fast-start
  // frame (LDCP zero-RTT start: every fast-start frame but the last, so the switch's WRED drops them at K).
  virtual bool next_frame_not_ect(uint32_t flow) const {
    (void)flow;
    return false;
  }
  // How the TX rate limiter uses rate_gbps (docs/nic.md 3). false: the gap to the flow's next frame is
  // fixed when a frame starts (its wire bits at the rate then). true: the limiter re-reads the rate
  // whenever the unit handles an event of the flow, and the next frame may start at the last start
  // plus its wire bits at the current rate (a token bucket whose rate register the unit writes), so a
  // rate change applies to the frame already waiting. LDCP's CX6-DX variant, whose rate can move by
  // orders of magnitude with one RTT sample, needs it.
  virtual bool rate_applies_to_waiting_frame() const { return false; }
  // With rate_applies_to_waiting_frame: when the rate written by the unit's last pass reaches the
  // limiter (the event plus the declared latency); the NIC re-reads the rate then.
  virtual uint64_t rate_visible_ps(uint32_t flow) const {
    (void)flow;
    return 0;
  }
  // RTT probes (LDCP's CX6-DX PCC variant, the LDCP draft, section 3.2; docs/nic.md 4.1). true = the unit wants an RTT
  // request of the flow on the wire: the NIC queues one (at most one per flow) once the flow has sent
  // a data frame and while it is not complete; it reads this when a frame of the flow starts and after
  // a CNP, an RTT response or a unit timer of the flow.
  virtual bool rtt_probe_wanted(uint32_t flow) const {
    (void)flow;
    return false;
  }
  // The flow's RTT request started on the wire.
  virtual void on_rtt_probe_sent(uint32_t flow, sc_core::sc_time now) { (void)flow, (void)now; }
  // An RTT response of the flow arrived; echo_sent_ps: when its request started on the wire.
  virtual void on_rtt_response(uint32_t flow, uint64_t echo_sent_ps, sc_core::sc_time now) {
    (void)flow, (void)echo_sent_ps, (void)now;
  }
  // The flow's state memory entry field by field, in the order and widths of the kernel's state
  // table (hls/<algo>/<algo>_cost.hpp), for waveforms (`run --trace-nic`). Empty: not exposed.
  virtual std::vector<StateValue> state_values(uint32_t flow) const {
    (void)flow;
    return {};
  }
  virtual UnitCost cost() const = 0;
  virtual uint64_t busy_cycles() const = 0;
  // C simulation vectors (docs/hls.md 3): with a stream attached the unit writes its configuration
  // registers, then one record per kernel pass (hls/csim/csim_vectors.hpp); nullptr detaches.
  virtual void set_vector_log(std::ostream* os) { vector_log_ = os; }

 protected:
  std::ostream* vector_log_ = nullptr;
};

// Notification point (receiver side).
class NpUnit {
 public:
  virtual ~NpUnit() = default;
  virtual std::string name() const = 0;
  // A CE-marked data frame of receiver flow `flow` arrived; true = send a CNP to its sender.
  virtual bool on_ce(uint32_t flow, sc_core::sc_time now) = 0;
  // The unit's timer for the flow (e.g. the end of the paper's CNP window) in ps, or kNoDeadline.
  // The NIC reads it after every on_ce and on_timer and calls on_timer when it is due; true = send
  // a CNP now.
  virtual uint64_t next_deadline_ps(uint32_t flow) const {
    (void)flow;
    return kNoDeadline;
  }
  virtual bool on_timer(uint32_t flow, sc_core::sc_time now) {
    (void)flow, (void)now;
    return false;
  }
  virtual UnitCost cost() const = 0;
  virtual uint64_t busy_cycles() const = 0;
  // C simulation vectors (docs/hls.md 3): with a stream attached the unit writes its configuration
  // registers, then one record per kernel pass (hls/csim/csim_vectors.hpp); nullptr detaches.
  virtual void set_vector_log(std::ostream* os) { vector_log_ = os; }

 protected:
  std::ostream* vector_log_ = nullptr;
};

// No congestion control: line rate, no window, no timers.
class CcNone : public CcUnit {
 public:
  std::string name() const override { return "none"; }
  void init_flow(uint32_t, sc_core::sc_time) override {}
  void on_ack(uint32_t, const AckInfo&, sc_core::sc_time) override {}
  void on_nack(uint32_t, sc_core::sc_time) override {}
  void on_cnp(uint32_t, sc_core::sc_time) override {}
  void on_tx(uint32_t, uint32_t, sc_core::sc_time) override {}
  void on_timeout(uint32_t, sc_core::sc_time) override {}
  uint64_t next_deadline_ps(uint32_t) const override { return kNoDeadline; }
  void on_timer(uint32_t, sc_core::sc_time) override {}
  bool acks_change_nothing() const override { return true; }
  double rate_gbps(uint32_t) const override { return kUnlimited; }
  double window_bytes(uint32_t) const override { return kUnlimited; }
  sc_core::sc_time pacing_gap(uint32_t) const override { return sc_core::SC_ZERO_TIME; }
  UnitCost cost() const override { return {0, 1, 0}; }
  uint64_t busy_cycles() const override { return 0; }
};

// Test double: a fixed rate, window and pacing gap for every flow, an optional periodic timer, and a
// count of every event it received (per flow as well as in total). One event = one busy cycle.
class CcFixed : public CcUnit {
 public:
  struct Events {
    uint64_t init = 0, ack = 0, nack = 0, cnp = 0, tx = 0, timeout = 0, timer = 0;
    uint64_t acked_bytes = 0, ece = 0;
  };
  CcFixed(double rate_gbps = kUnlimited, double window_bytes = kUnlimited,
          sc_core::sc_time pacing_gap = sc_core::SC_ZERO_TIME, sc_core::sc_time timer_period = sc_core::SC_ZERO_TIME)
      : rate_gbps_(rate_gbps), window_bytes_(window_bytes), pacing_(pacing_gap), timer_ps_(timer_period.value()) {}

  std::string name() const override { return "fixed"; }
  void init_flow(uint32_t flow, sc_core::sc_time now) override {
    if (flow >= per_flow_.size()) {
      per_flow_.resize(flow + 1);
      deadline_ps_.resize(flow + 1, kNoDeadline);
    }
    ++per_flow_[flow].init;
    ++total_.init;
    deadline_ps_[flow] = timer_ps_ ? now.value() + timer_ps_ : kNoDeadline;
  }
  void on_ack(uint32_t flow, const AckInfo& a, sc_core::sc_time) override {
    bump(flow, &Events::ack);
    per_flow_[flow].acked_bytes += a.acked_bytes;
    total_.acked_bytes += a.acked_bytes;
    if (a.ece) ++total_.ece, ++per_flow_[flow].ece;
    last_ack = a;
  }
  void on_nack(uint32_t flow, sc_core::sc_time) override { bump(flow, &Events::nack); }
  void on_cnp(uint32_t flow, sc_core::sc_time) override { bump(flow, &Events::cnp); }
  void on_tx(uint32_t flow, uint32_t, sc_core::sc_time) override { bump(flow, &Events::tx); }
  void on_timeout(uint32_t flow, sc_core::sc_time) override { bump(flow, &Events::timeout); }
  uint64_t next_deadline_ps(uint32_t flow) const override { return deadline_ps_.at(flow); }
  void on_timer(uint32_t flow, sc_core::sc_time now) override {
    bump(flow, &Events::timer);
    deadline_ps_[flow] = now.value() + timer_ps_;
  }
  double rate_gbps(uint32_t) const override { return rate_gbps_; }
  double window_bytes(uint32_t) const override { return window_bytes_; }
  sc_core::sc_time pacing_gap(uint32_t) const override { return pacing_; }
  UnitCost cost() const override { return {1, 1, 0}; }
  uint64_t busy_cycles() const override { return busy_; }

  const Events& events() const { return total_; }
  const Events& events(uint32_t flow) const { return per_flow_.at(flow); }
  AckInfo last_ack;
  // Stop the periodic timer of a flow (so a finished run can go idle).
  void stop_timer(uint32_t flow) { deadline_ps_.at(flow) = kNoDeadline; }

 private:
  void bump(uint32_t flow, uint64_t Events::*field) {
    ++(per_flow_.at(flow).*field);
    ++(total_.*field);
    ++busy_;
  }
  double rate_gbps_, window_bytes_;
  sc_core::sc_time pacing_;
  uint64_t timer_ps_;
  std::vector<Events> per_flow_;
  std::vector<uint64_t> deadline_ps_;
  Events total_;
  uint64_t busy_ = 0;
};

// Notification point that never sends a CNP.
class NpNone : public NpUnit {
 public:
  std::string name() const override { return "none"; }
  bool on_ce(uint32_t, sc_core::sc_time) override { return false; }
  UnitCost cost() const override { return {0, 1, 0}; }
  uint64_t busy_cycles() const override { return 0; }
};

// Notification point that sends a CNP for every CE-marked frame (no CNP interval).
class NpEveryCe : public NpUnit {
 public:
  std::string name() const override { return "every_ce"; }
  bool on_ce(uint32_t, sc_core::sc_time) override {
    ++busy_;
    return true;
  }
  UnitCost cost() const override { return {1, 1, 0}; }
  uint64_t busy_cycles() const override { return busy_; }

 private:
  uint64_t busy_ = 0;
};

}  // namespace ccf::nic
