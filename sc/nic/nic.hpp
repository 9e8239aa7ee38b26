// nic.hpp: a RoCEv2 host NIC: flow (queue pair) table, TX scheduler, receiver with go-back-N,
// ACK/NAK/CNP generation, host receive path with PFC, hooks for CC units (docs/nic.md).
//
// One SC_METHOD runs everything, woken by one event at the nearest deadline of one calendar
// (rate/pacing deadlines, retransmit timeouts, CC unit timers, ACK-coalescing timers), the host
// path's next completion or PFC refresh, or a kick (link idle, PFC resume, frame received).
// Nothing scans the flow table: eligible flows wait in an active ring (docs/README.md principles 1, 2).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/fabric/wall_timer.hpp"
#include "sc/nic/cc_unit.hpp"
#include "sc/nic/retransmit_timer.hpp"

namespace ccf::nic {

struct NicConfig {
  uint32_t host_id = 0;
  double link_gbps = 100.0;                                             // the NIC's transmitter
  sc_core::sc_time link_delay = sc_core::sc_time(1, sc_core::SC_US);
  uint32_t mtu_bytes = 1024;            // RoCE MTU = payload bytes per data frame, 256..4096
  bool vlan = false;                    // 802.1Q-tagged frames (+4 B)
  uint32_t max_flows = 65536;           // sender flow-table entries (and receiver entries)
  RetransmitConfig retransmit;          // the retransmission timeout of every flow (retransmit_timer.hpp)
  unsigned ack_every = 1;               // ACK coalescing: one ACK per n frames the host finished
  bool ack_ce_at_once = false;          // a finished CE frame is ACKed (ECE) at once (LDCP delayed ACK)
  bool ack_ecn_echo = true;             // ACKs echo CE (ECE); false: RoCE ACKs carry no congestion signal
                                        // (LDCP's CX6-DX PCC variant: CNPs from the NP instead, the LDCP draft, section 3.2)
  sc_core::sc_time ack_coalesce_timeout = sc_core::sc_time(2, sc_core::SC_US);  // ACK the rest after this
  uint8_t ack_priority = 6;             // PCP of ACK/NAK
  uint8_t cnp_priority = 6;             // PCP of CNP
  uint8_t data_dscp = 26;
  uint8_t ctrl_dscp = 48;               // ACK, NAK, CNP (Mellanox default for CNP)
  fabric::Ecn data_ecn = fabric::Ecn::kEct0;
  // Host receive path: a queue of `host_queue_bytes` (frame bytes) served at `host_gbps` of payload
  // (0 = infinite). PFC pause above xoff, resume at or below xon.
  double host_gbps = 0.0;
  uint64_t host_queue_bytes = 64 * 1024;
  uint64_t host_xoff_bytes = 32 * 1024;
  uint64_t host_xon_bytes = 24 * 1024;
  bool host_pfc = true;
  uint16_t pfc_pause_quanta = 0xFFFF;

  // Empty when valid, else "nic.<key> = <value> must ...".
  std::string validate() const;
};

struct FlowSpec {
  uint32_t id = 0;              // Frame::flow_id; unique per sending NIC
  uint32_t dst_host = 0;
  uint8_t priority = 3;         // PCP of its data frames
  uint64_t bytes = 0;           // 0 = unlimited
  sc_core::sc_time start = sc_core::SC_ZERO_TIME;
  uint32_t start_psn = 0;
  double max_gbps = 0.0;        // the application's own rate limit on the wire; 0 = none
};

enum class DropReason : uint8_t {
  kInjectedLoss = 0,      // test hook dropped the frame on arrival
  kOutOfOrder = 1,        // "out_of_order_discard": PSN beyond the expected one (go-back-N)
  kDuplicate = 2,         // PSN already received (re-ACKed)
  kHostQueueOverflow = 3, // "host_queue_overflow"
  kUnknownFlow = 4,       // ACK/NAK/CNP for a flow this NIC does not have
};
inline constexpr size_t kNumDropReasons = 5;
const char* to_string(DropReason r);

// Per sending flow (sender table) counters.
struct FlowCounters {
  uint64_t data_frames_sent = 0;           // every data frame started, retransmissions included
  uint64_t data_frames_retransmitted = 0;  // of those, frames whose PSN was sent before
  uint64_t payload_bytes_sent = 0;
  uint64_t bytes_acked = 0;
  uint64_t acks_received = 0, naks_received = 0, cnps_received = 0, timeouts = 0;
  // Timeouts whose frames were not lost: the first ACK to advance after the timeout acknowledged a
  // frame sent before it (RFC 3522's detection, with the send time the ACK echoes).
  uint64_t timeouts_spurious = 0;
  uint64_t rtt_requests_sent = 0, rtt_responses_received = 0;  // RTT probes (docs/nic.md 4.1)
};

// Per receiving flow (receiver table) counters.
struct RxFlowCounters {
  uint64_t data_frames_received = 0, data_frames_accepted = 0, data_frames_delivered = 0;
  uint64_t bytes_delivered = 0;
  uint64_t acks_sent = 0, naks_sent = 0, cnps_sent = 0, ce_received = 0;
  std::array<uint64_t, kNumDropReasons> drops{};
};

struct NicCounters {
  uint64_t data_frames_sent = 0, data_frames_retransmitted = 0, payload_bytes_sent = 0, bytes_acked = 0;
  uint64_t acks_sent = 0, acks_received = 0, naks_sent = 0, naks_received = 0, cnps_sent = 0, cnps_received = 0;
  uint64_t pfc_sent = 0, pfc_received = 0;
  uint64_t rcm_cn_received = 0;  // RCM notifications are for switches: a host counts and ignores them
  // RTT probes (kRttProbe, docs/nic.md 4.1): requests this NIC's flows sent and responses they got;
  // requests it answered and the responses it sent. Sent = queued, as ACKs.
  uint64_t rtt_requests_sent = 0, rtt_responses_received = 0, rtt_requests_received = 0, rtt_responses_sent = 0;
  uint64_t timeouts = 0, timeouts_spurious = 0, flows_completed = 0;
  uint64_t flows_failed = 0;           // retry limit used up (RetransmitConfig::retry_limit)
  uint64_t data_frames_received = 0;   // arrivals, dropped or not
  uint64_t data_bytes_received = 0;    // their frame bytes (without preamble and IFG)
  uint64_t data_frames_accepted = 0;   // in order, into the host queue
  uint64_t data_frames_delivered = 0;  // finished by the host
  uint64_t bytes_delivered = 0;
  uint64_t ce_received = 0;
  uint64_t host_queue_max_bytes = 0;
  std::array<uint64_t, kNumDropReasons> drops{};
  uint64_t drops_total() const {
    uint64_t n = 0;
    for (uint64_t d : drops) n += d;
    return n;
  }
};

// A sending flow's entry (read-only view for tests and reports).
struct FlowState {
  FlowSpec spec;
  uint64_t nframes = 0;          // frames of the message (UINT64_MAX: unlimited)
  uint64_t una = 0;              // first unacknowledged frame index (64-bit, PSN = start_psn + index mod 2^24)
  uint64_t nxt = 0;              // next frame index to send (go-back-N moves it back)
  uint64_t max_sent = 0;         // 1 + highest frame index ever sent
  uint64_t next_send_ps = 0;     // rate / pacing deadline
  uint64_t rto_deadline_ps = kNoDeadline;
  RtoState rto;                  // the retransmission timer's estimate and retry counter
  // Timeouts in a row that the next ACK or NAK has yet to judge (spurious or not), by time.
  std::vector<uint64_t> unjudged_timeouts_ps;
  // Starvation (docs/nic.md 7): the flow's start or its last acknowledged byte, and the longest time
  // without an acknowledged byte since the NIC's stall window opened (Nic::open_stall_window).
  uint64_t last_progress_ps = 0;
  uint64_t longest_stall_ps = 0;
  bool done = false;
  bool failed = false;           // the retry limit was used up: the flow sends nothing more (a QP in error)
  uint64_t fct_ps = 0;           // completion time - start, once done
  FlowCounters c;
  uint32_t next_psn() const { return fabric::psn_add(spec.start_psn, static_cast<uint32_t>(nxt & fabric::kPsnMask)); }
  // PSN of the highest frame cumulatively acknowledged (start_psn - 1 before any ACK).
  uint32_t acked_psn() const {
    return fabric::psn_add(spec.start_psn, static_cast<uint32_t>((una + fabric::kPsnMask) & fabric::kPsnMask));
  }
};

class Nic : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Nic);
  tlm_utils::simple_target_socket<Nic> in;  // frames from the peer (link or switch egress)
  fabric::Link tx;                          // this NIC's transmitter; bind tx.out to the peer

  // Throws std::invalid_argument if cfg.validate() fails. nullptr units mean CcNone / NpNone.
  Nic(sc_core::sc_module_name name, const NicConfig& cfg, std::unique_ptr<CcUnit> cc = nullptr,
      std::unique_ptr<NpUnit> np = nullptr);

  // Binds `link` (frames to this NIC) to `in`. After a delivery, the NIC then acts on the frames in
  // the link's process when nothing else that can act on it is to run at that instant, instead of in
  // a delta cycle of its own: the same actions at the same time, without a kernel activation
  // (docs/fabric.md 8).
  void receive_from(fabric::Link& link);
  // How many times the NIC acted in that link's process instead of its own (a cost report).
  uint64_t acted_in_link_process() const { return acted_in_link_process_; }

  // Adds a flow (before or during simulation); returns its flow-table index. Throws
  // std::invalid_argument on a full table, duplicate id, bad priority or a start in the past, and
  // std::logic_error after no_more_flows.
  uint32_t add_flow(const FlowSpec& spec);
  // The flow table is complete (`ccfabric run` adds every flow before the simulation starts). A NIC
  // with one flow then lets its unit's silent timer passes wait (CcUnit::let_silent_timers_wait):
  // such a pass changes no rate, and the ring it would put the flow in holds no other flow, so it
  // orders nothing (docs/nic.md 3). If its unit's ACKs change nothing (CcUnit::acks_change_nothing),
  // the NIC also takes such ACKs from its receive link late (Link::let_receiver_take_late): at its
  // next event, each as at its arrival. An ACK that may complete the flow, and every other frame,
  // still wakes it.
  void no_more_flows();
  // Takes in the frames that wait on the receive link (no_more_flows) and arrived at or before
  // `by_ps` <= now. Call before reading the NIC's sender state from outside its processes (counters,
  // flow): with `by_ps` = now at the end of an instant (a time series sample), now - 1 between two
  // sc_start calls (the measurement window, the results), which leave the next instant's events to
  // the next call.
  void take_waiting_frames(uint64_t by_ps);
  // ACKs taken late, at a later event than their arrival (a cost report).
  uint64_t acks_taken_late() const { return acks_taken_late_; }

  const NicConfig& config() const { return cfg_; }
  CcUnit& cc() { return *cc_; }
  NpUnit& np() { return *np_; }
  size_t flow_count() const { return flows_.size(); }
  const FlowState& flow(uint32_t index) const { return flows_.at(index); }
  // Receiver-side counters of flow `flow_id` from host `src_host`, or nullptr if none arrived.
  const RxFlowCounters* rx_flow(uint32_t src_host, uint32_t flow_id) const;
  const NicCounters& counters() const { return counters_; }
  // Frames this NIC holds or has on its wire: its host queue plus its transmitter's frames in flight.
  uint64_t in_flight() const { return host_q_.size() + tx.frames_in_flight(); }
  // ACKs, NAKs, CNPs and RTT probes made (and counted as sent) that wait for the transmitter behind
  // data frames.
  size_t ctrl_queue_frames() const { return ctrl_q_.size() + probe_q_.size(); }
  uint64_t host_queue_bytes() const { return host_bytes_; }
  size_t host_queue_frames() const { return host_q_.size(); }
  // The host receive path has paused its link (PFC XOFF sent, not yet resumed).
  bool host_paused() const { return xoff_; }
  size_t calendar_size() const { return cal_.size(); }
  // Stalls are measured from now on: every flow's longest stall restarts at 0 (a run opens the window
  // at the start of its measurement window).
  void open_stall_window();
  // The flow's longest time without an acknowledged byte since the window opened, the stall going on
  // now included; 0 for a flow that has not started. A completed flow stalls no more.
  uint64_t longest_stall_ps(uint32_t index) const;
  // Wall-clock seconds spent in this NIC's process and receive path (the speed report's NIC share).
  double wall_s() const { return wall_.seconds(); }

  // Test hooks. rx_hook sees every arriving data frame before the receiver; it may modify it (e.g.
  // mark CE) and returns false to drop it (counted as kInjectedLoss).
  void set_rx_hook(std::function<bool(fabric::Frame&)> hook) { rx_hook_ = std::move(hook); }
  // The same for arriving RTT probes (requests and responses): false drops one as kInjectedLoss.
  void set_probe_rx_hook(std::function<bool(fabric::Frame&)> hook) { probe_rx_hook_ = std::move(hook); }
  // Called when the host finishes a data frame: (src_host, flow_id, psn, byte_seq, payload_bytes).
  using DeliverFn = std::function<void(uint32_t, uint32_t, uint32_t, uint64_t, uint32_t)>;
  void set_on_deliver(DeliverFn fn) { on_deliver_ = std::move(fn); }
  // Called when a flow completes (all bytes acked): (flow index).
  void set_on_complete(std::function<void(uint32_t)> fn) { on_complete_ = std::move(fn); }

 private:
  enum TimerType : uint8_t { kSend = 0, kRto = 1, kCc = 2, kAckCoalesce = 3, kNp = 4 };
  // A deadline with at most one live calendar entry: `want` is the deadline, `cal` the time of the
  // live entry (entries at any other time are stale and skipped when popped).
  struct Timer {
    uint64_t want = kNoDeadline;
    uint64_t cal = kNoDeadline;
  };
  struct Flow : FlowState {
    std::array<Timer, 3> timers;  // kSend, kRto, kCc
    bool in_ring = false;
    bool parked = false;          // waits in paused_[priority] for a PFC resume
    bool probe_queued = false;    // an RTT request of this flow waits in probe_q_
    uint64_t last_start_ps = 0;   // the last data frame's start and its bits on the wire (rate limiter)
    uint64_t last_wire_bits = 0;
  };
  struct RxFlow {
    uint32_t src_host = 0, flow_id = 0;
    bool started = false;
    uint32_t expected_psn = 0;
    bool nak_sent = false;        // one NAK per gap
    bool any_done = false;
    uint32_t done_psn = 0;        // last PSN the host finished
    uint64_t bytes_done = 0;
    unsigned pending_acks = 0;    // finished frames not yet ACKed (coalescing)
    bool pending_ece = false;
    fabric::Frame last_done;      // echo source for the next ACK
    uint64_t last_t2_ps = 0, last_t4_ps = 0;
    uint8_t priority = 0;
    Timer ack_timer;
    Timer np_timer;               // the NP unit's deadline (e.g. the end of a CNP window)
    RxFlowCounters c;
  };
  struct HostItem {
    uint32_t rx;                  // receiver flow index
    fabric::Frame frame;
    uint64_t t2_ps;               // arrival at the NIC
    uint32_t payload_bytes;
  };
  struct CalEntry {
    uint64_t t_ps;
    uint32_t idx;
    uint8_t type;
    bool operator>(const CalEntry& o) const { return t_ps > o.t_ps; }
  };

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  // A frame that arrived at `at_ps` (now, or earlier for an ACK taken late).
  void receive(fabric::Frame& f, uint64_t at_ps);
  // The frames on the receive link that arrived by `by_ps`, in order (Link::let_receiver_take_late).
  void take_arrived_by(uint64_t by_ps);
  // Whether a frame must wake the NIC at its arrival (Link::let_receiver_take_late).
  bool wakes_at_arrival(const fabric::Frame& f) const;
  void run();
  void act(uint64_t now_ps);  // run()'s work: due timers, the host path, PFC refresh, sending
  // Whether a process still to run at this instant can act on this NIC: its receive link delivering
  // a frame now, or its transmitter telling that it is idle or that a pause ended. Without a known
  // receive link (receive_from): yes.
  bool others_may_act_now(uint64_t now_ps) const;
  void kick();
  void schedule();
  void try_send();
  void send_one();  // the next frame, if the link is idle and one may go (try_send)
  void send_data(uint32_t i);
  void activate(uint32_t i);
  // The next-send deadline from the last frame at the unit's current rate and pacing gap (units with
  // rate_applies_to_waiting_frame, after an event of the flow).
  void repace(uint32_t i);
  bool has_data(const Flow& f) const {
    return !f.done && !f.failed && f.nxt < f.nframes && fabric::now_ps() >= f.spec.start.value();
  }
  uint64_t bytes_before(const Flow& f, uint64_t idx) const;
  uint32_t payload_of(const Flow& f, uint64_t idx) const;
  Timer& timer(uint8_t type, uint32_t idx);
  void arm(uint8_t type, uint32_t idx, uint64_t deadline_ps);
  void fire(uint8_t type, uint32_t idx);
  void sync_cc_timer(uint32_t i);
  // Arms the flow's retransmission timer `timeout_ps` from `from_ps` (none if the timer is off).
  void arm_rto(uint32_t i, uint64_t from_ps);
  void on_retransmit_timeout(uint32_t i);

  void rx_data(fabric::Frame& f);
  void rx_ack(const fabric::Frame& f, bool nak, uint64_t at_ps);
  void rx_cnp(const fabric::Frame& f);
  void rx_rtt_probe(const fabric::Frame& f);
  // Queues the flow's RTT request if its unit wants one and none is queued (docs/nic.md 4.1).
  void sync_probe(uint32_t i);
  uint32_t rx_index(const fabric::Frame& f);
  int flow_index(uint32_t flow_id) const;
  void ack_progress(uint32_t i, uint64_t new_una, const AckInfo* info, uint64_t at_ps);
  void host_enqueue(uint32_t rx, const fabric::Frame& f, uint32_t payload);
  void host_service();
  void host_finish(const HostItem& item, uint64_t t3_ps);
  void send_ack(uint32_t rx);
  void send_cnp(uint32_t rx);
  // An ACK, NAK or CNP from this NIC to `dst` for `flow_id` (header fields common to all three).
  fabric::Frame control_frame(fabric::FrameKind kind, uint32_t dst, uint32_t flow_id, uint32_t psn) const;
  void send_ctrl(const fabric::Frame& f);
  void send_pfc(uint8_t mask, uint16_t quanta);
  void drop(RxFlow* rx, DropReason r);

  NicConfig cfg_;
  RetransmitTimer rto_;
  std::unique_ptr<CcUnit> cc_;
  std::unique_ptr<NpUnit> np_;
  uint32_t data_overhead_bytes_;

  std::vector<Flow> flows_;
  std::unordered_map<uint32_t, uint32_t> flow_by_id_;
  std::deque<uint32_t> ring_;
  std::array<std::vector<uint32_t>, fabric::kNumPriorities> paused_;
  std::priority_queue<CalEntry, std::vector<CalEntry>, std::greater<CalEntry>> cal_;
  std::deque<fabric::Frame> ctrl_q_;
  // RTT requests and responses: in the flow's data class (PFC may pause it), so apart from ctrl_q_,
  // whose ACKs must not wait behind them; served after ctrl_q_ and before data frames.
  std::deque<fabric::Frame> probe_q_;

  std::vector<RxFlow> rx_flows_;
  std::unordered_map<uint64_t, uint32_t> rx_by_key_;

  std::deque<HostItem> host_q_;
  uint64_t host_bytes_ = 0;
  uint64_t host_head_done_ps_ = kNoDeadline;  // completion of the head frame (finite host rate)
  uint64_t host_head_start_ps_ = 0;
  std::array<uint32_t, fabric::kNumPriorities> host_prio_frames_{};
  bool xoff_ = false;
  uint8_t paused_mask_ = 0;
  uint64_t pfc_refresh_ps_ = kNoDeadline;

  bool started_ = false;
  bool flow_table_complete_ = false;
  bool kick_pending_ = false;
  fabric::Link* rx_link_ = nullptr;  // receive_from
  bool takes_late_ = false;          // ACKs wait on rx_link_ (no_more_flows)
  uint64_t acks_taken_late_ = 0;
  uint64_t stall_window_from_ps_ = 0;
  uint64_t acted_in_link_process_ = 0;
  fabric::DeadlineEvent wake_;
  NicCounters counters_;
  fabric::WallAccumulator wall_;
  std::function<bool(fabric::Frame&)> rx_hook_;
  std::function<bool(fabric::Frame&)> probe_rx_hook_;
  DeliverFn on_deliver_;
  std::function<void(uint32_t)> on_complete_;
};

}  // namespace ccf::nic
