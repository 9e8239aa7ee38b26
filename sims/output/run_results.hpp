// run_results.hpp: what one `ccfabric run` produces, and the writers of its output files
// (docs/outputs.md): summary.json, flows.csv, timeseries.csv, pfc.csv and PNG
// plots. Every figure carries its unit in its name.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sims/output/fct_results.hpp"

namespace ccf::sims {

struct FlowResult {
  uint32_t id = 0;
  uint32_t src = 0, dst = 0;
  uint64_t bytes_acked = 0;
  double throughput_gbps = 0.0;      // over the measurement window
  std::optional<double> fct_us;      // set when the flow completed
  std::string path;                  // the switches its data frames cross, e.g. "tor0 leaf1 spine0 leaf2 tor3"
  double longest_stall_us = 0.0;     // longest time without an acknowledged byte in the measurement window
  bool failed = false;               // its retry limit was used up (docs/nic.md 4.2)
};

// What regional congestion mitigation did at a port or a switch (docs/switch.md 2.11.6, block 7).
struct RcmCounts {
  uint64_t cn_frames_sent = 0, cn_frames_received = 0, cfr_samples = 0, rcc_held_bytes = 0, sar_reroutes = 0,
           reordered_frames = 0;
  RcmCounts& operator+=(const RcmCounts& o);
};

// One switch's RCM figures (summary.json rcm.switches).
struct RcmSwitchResult {
  std::string sw;
  RcmCounts counts;
};

// One cabled switch port over the whole run (ports.csv), from the RTL's queue and port counters
// summed over the priorities: what left the switch through it.
struct PortResult {
  std::string sw;                    // switch name
  unsigned port = 0;
  std::string peer;                  // the node at the other end ("host3", "agg2")
  double gbps = 0.0;
  uint64_t tx_frames = 0, tx_bytes = 0, ecn_marked_frames = 0, pfc_pause_tx = 0, peak_queue_bytes = 0;
  RcmCounts rcm;                     // with [switch.rcm] enable (docs/switch.md 2.11.6, block 7)
};

// The fabric that ran (docs/fabric.md 5).
struct TopologySummary {
  std::string kind;                  // "star", "two_switch", "leaf_spine", "three_tier", "fat_tree", "explicit"
  unsigned hosts = 0, switches = 0, links = 0;
  std::vector<unsigned> switches_per_tier;  // tier 0 (hosts attach), 1, 2
  unsigned ecmp_groups = 0;          // programmed over all switches (one per distinct set of equal-cost ports)
};

// Memory of the run (machine dependent, like "speed"): the resident set grows by switches_bytes
// while the switch models (Verilated RTL and wrapper) are built (docs/fabric.md 7).
struct MemoryFigures {
  unsigned switches = 0;
  uint64_t rss_before_switches_bytes = 0, switches_bytes = 0, peak_rss_bytes = 0;
};

// A host that receives traffic: its downlink's use over the measurement window.
struct ReceiverResult {
  uint32_t host = 0;
  double goodput_gbps = 0.0;         // payload bytes delivered to the host
  double utilisation = 0.0;          // data frames on the wire (with preamble and IFG) / link capacity
};

struct FrameTotals {
  uint64_t injected = 0, delivered = 0, dropped = 0, in_flight = 0;
  std::map<std::string, uint64_t> sent_by_kind;  // injected by frame kind: data, ack, nak, cnp, rtt_request, rtt_response
  uint64_t retransmitted = 0;        // data frames sent again (go-back-N after a NAK or a timeout)
  uint64_t duplicates = 0;           // data frames the receivers discarded as already received
};

// The senders' retransmission timers (docs/nic.md 4.2).
struct TimeoutTotals {
  uint64_t total = 0;
  uint64_t spurious = 0;             // of those, timeouts whose frames were not lost
  uint64_t flows_failed = 0;         // flows that used up their retry limit
};

// The transport's figures over the measurement window only (sim.measure_from_us to the end): what
// a start-up transient does not blur.
struct WindowTotals {
  double from_us = 0.0, to_us = 0.0;
  uint64_t data_frames_sent = 0;     // retransmissions included
  uint64_t frames_dropped = 0;       // by the switches, every kind
  uint64_t retransmitted = 0, duplicates = 0, timeouts = 0, spurious_timeouts = 0;
};

// Flows that went sim.starved_after_us or longer without an acknowledged byte in the measurement window.
struct StarvationSummary {
  double threshold_us = 0.0;
  uint64_t starved_flows = 0;
  double longest_stall_us = 0.0;     // over every flow
};

struct PfcEvent {
  double time_us = 0.0;
  std::string node;                  // e.g. "switch0", "host3"
  unsigned port = 0;
  uint8_t class_enable = 0;
  uint16_t quanta = 0;               // of the first enabled class; 0 = resume
};

// One egress queue of a PFC deadlock's cycle.
struct DeadlockQueue {
  std::string sw;                    // switch name
  unsigned port = 0, prio = 0;
};

// A PFC deadlock found during the run (docs/fabric.md 9): a cycle of paused egress queues, each
// holding frames that wait for the next one's, from which no frame has left for sim.deadlock_after_us.
struct PfcDeadlock {
  double detected_at_us = 0.0;
  double since_us = 0.0;             // the last time a frame left one of the cycle's queues
  std::vector<DeadlockQueue> cycle;  // each waits for the next, the last for the first
  uint64_t frames_stuck = 0, bytes_stuck = 0;  // in the cycle's queues at detection
};

// A flow in the interval a sample covers (timeseries_long.csv): from the first sample after its
// start to the first sample after its completion.
struct ActiveFlowSample {
  uint32_t id = 0;
  double rate_gbps = 0.0;                 // goodput in the interval
  double cc = 0.0;                        // the CC unit's allowed rate or window (RunResults::flow_cc_metric)
};

// One sample of the time series: per-flow rates and per-queue depths at time_us.
struct Sample {
  double time_us = 0.0;
  std::vector<double> flow_rate_gbps;     // the first kTimeseriesFlows of RunResults::flows
  std::vector<double> flow_cc;            // the CC unit's allowed rate or window, likewise
  std::vector<ActiveFlowSample> active_flows;  // every flow active in the interval, in id order
  std::vector<uint64_t> queue_bytes;      // indexed like RunResults::queues
  std::vector<uint8_t> rcm_degree;        // indexed like RunResults::queues (RCM only)
};

// The bare stepping loop of a switch's Verilated configuration, timed right before and right after
// the simulation (`ccfabric run --bare-loop-cycles`): the reference for the co-simulated switch's
// cycles per second, measured in the same process and at the same time as it.
struct BareLoopFigures {
  unsigned ports = 0;
  uint64_t cycles = 0;  // per measurement
  double before_cycles_per_s = 0.0, after_cycles_per_s = 0.0;
  double mean_cycles_per_s() const { return (before_cycles_per_s + after_cycles_per_s) / 2; }
};

// A run split over several processes (`ccfabric run --ranks N`, docs/fabric.md 10): how it was split
// and what the synchronisation cost.
struct ParallelFigures {
  unsigned ranks = 1;
  std::string partition;             // the scheme (sims/parallel/partition.hpp)
  double lookahead_us = 0.0;         // the least delay of a link between ranks (0: none crosses)
  unsigned cut_links = 0;            // links between ranks
  uint64_t windows = 0;              // synchronisation windows (frame exchanges)
  uint64_t frames_exchanged = 0;     // frames sent from one rank to another
  double wall_in_exchanges_s = 0.0;  // rank 0's wall time in the exchanges (waiting included)
};

// The thresholds a queue plot marks, in bytes (unset: not in force).
struct QueueMarks {
  std::optional<uint64_t> ecn_kmin_bytes, ecn_kmax_bytes;  // RED/ECN (docs/switch.md 2.6)
  std::optional<uint64_t> pfc_xoff_bytes;                  // PFC's static XOFF threshold per (port, priority)
  std::string pfc_note;                                    // how XOFF is set when it is not one figure
};

// summary.json's "schema_version": raised when a field changes name, type or meaning
// (docs/outputs.md 1).
inline constexpr int kSummarySchemaVersion = 1;

// A CC default that no paper gives (cc::default_sources, sims/cc/cc_algorithm.hpp), for summary.json.
struct DefaultSourceNote {
  std::string key, source;
  bool set_in_scenario = false;
};

struct RunResults {
  std::string scenario_toml;              // the scenario with every key, as run
  std::vector<DefaultSourceNote> default_sources;
  std::vector<FlowResult> flows;
  // The first kTimeseriesFlows flows and kTimeseriesQueues queues have columns in the wide
  // timeseries.csv (a run may have thousands); timeseries_long.csv has them all.
  static constexpr size_t kTimeseriesFlows = 256;
  static constexpr size_t kTimeseriesQueues = 256;
  // The flows' CC figure with its unit: "cc_rate_gbps" (rate-based units) or "cwnd_packets".
  std::string flow_cc_metric = "cc_rate_gbps";
  std::vector<ReceiverResult> receivers;
  FrameTotals frames;
  TimeoutTotals timeouts;
  WindowTotals window;
  StarvationSummary starvation;
  std::map<std::string, uint64_t> drops;  // reason -> count
  uint64_t pfc_pause_frames = 0, pfc_resume_frames = 0;
  double deadlock_after_us = 0.0;         // sim.deadlock_after_us
  std::vector<PfcDeadlock> deadlocks;     // in the order found
  // The scenario's sim.duration_us; simulated_us is less when the run ended early: at a PFC deadlock
  // (`run --stop-on-deadlock`) or at a SIGINT/SIGTERM (stopped_by names it). complete: ran to its end.
  double duration_us = 0.0;
  bool stopped_on_deadlock = false;
  std::string stopped_by;  // "", "deadlock", "SIGINT", "SIGTERM"
  bool complete() const { return stopped_by.empty(); }
  uint64_t max_queue_bytes = 0;
  double simulated_us = 0.0, wall_s = 0.0;
  // Where the wall time went: stepping the Verilated switches, the NIC models (with their CC
  // units), and the rest (SystemC kernel, links, sampling, set-up).
  double wall_switch_s = 0.0, wall_nic_s = 0.0;
  uint64_t switch_cycles_stepped = 0, switch_cycles_total = 0;
  std::optional<BareLoopFigures> bare_loop;
  std::optional<ParallelFigures> parallel;  // a run split over ranks
  // Every switch queue that can carry data (a cabled port, a traffic priority), e.g.
  // "switch0.port0.prio3", in switch, port, priority order.
  std::vector<std::string> queues;
  QueueMarks queue_marks;                 // the lines queue.png draws
  std::vector<Sample> samples;
  std::vector<PfcEvent> pfc_events;
  FctSummary fct;                         // FCT and slowdown by size bucket (fct_results.hpp)
  TopologySummary topology;
  MemoryFigures memory;
  std::vector<PortResult> ports;          // every cabled switch port, switch by switch
  bool rcm_enabled = false;               // [switch.rcm] enable: rcm.switches, the ports' and timeseries' RCM columns
  std::vector<RcmSwitchResult> rcm_switches;

  // Jain's fairness index of the flows' throughput (1 = equal shares).
  double jain_index() const;
  // Empty when injected = delivered + dropped + in flight, else the mismatch in words.
  std::string accounting_error() const;
  // The switches' stepped cycles per second of wall time spent stepping them; none when they stepped
  // no cycle (docs/speed.md).
  std::optional<double> switch_cycles_per_s() const;
  // That over the bare loop's mean speed; none without a bare loop or a stepped cycle.
  std::optional<double> cosim_over_bare() const;
};

// Writes summary.json, scenario.toml, flows.csv, timeseries.csv, timeseries_long.csv, pfc.csv, ports.csv,
// fct.csv and fct_buckets.csv into `dir` (created if needed), summary.json last.
// Throws std::runtime_error naming the file when one cannot be written.
void write_results(const RunResults& r, const std::string& dir);

}  // namespace ccf::sims
