// scenario.hpp: a ccfabric scenario (sims/scenarios/*.toml): the keys, their defaults and their
// rules. Loading validates everything and reports the first problem as
//   FILE: KEY = VALUE must be RULE
// so that a bad scenario never reaches the simulator (docs/README.md principle 7).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/switch/switch_config.hpp"

namespace ccf::sims {

// Ports of the largest Verilated switch that ccfabric runs (rtl/CMakeLists.txt): a topology's
// switches may use at most this many. Each switch runs on the smallest built configuration that has
// its ports (sw::built_port_count).
inline constexpr unsigned kSwitchPortsBuilt = sw::kMaxBuiltPorts;
// The ports of an explicit switch node without `ports`: the smaller chip.
inline constexpr unsigned kSwitchPortsDefault = sw::kChipPortCounts[0];

struct ScenarioError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The shortest run: sim.duration_us >= 1 ns (the measurement window must hold at least 1 ps).
inline constexpr double kMinDurationUs = 0.001;

// The shortest sim.deadlock_after_us: the deadlock checks run at least every quarter of it, each
// ending an sc_start of the run when it falls between two samples (docs/fabric.md 9).
inline constexpr double kMinDeadlockAfterUs = 1.0;

// The most samples (rows of timeseries.csv) a run takes: sim.duration_us / sim.sample_interval_us.
// The longest run (1e7 us) at the default interval (10 us) takes exactly this many.
inline constexpr uint64_t kMaxSamplesPerRun = 1'000'000;

// The largest TOML file (scenario, sweep, experiment) that is read.
inline constexpr uint64_t kMaxTomlFileBytes = uint64_t{16} << 20;

// The text of a file read as input (`what` names its kind in messages, e.g. "TOML file", "CDF
// file"). Throws ScenarioError naming the file when it is not a regular file (a directory, /dev/zero,
// a FIFO): "PATH: must be a regular CDF file (it is a character device)", is larger than max_bytes
// or cannot be read.
std::string read_text_file(const std::string& path, const std::string& what, uint64_t max_bytes);
// The checks of read_text_file without reading the file (for a reader that streams it); returns
// its size.
uint64_t check_text_file(const std::string& path, const std::string& what, uint64_t max_bytes);
// read_text_file of a TOML file (scenario, sweep, experiment) of at most kMaxTomlFileBytes.
std::string read_toml_file(const std::string& path);

// The entries of a list as messages show them, "1, 2, 3"; a list of more than kListEntriesShown is
// cut to its first ones and its length, "0, 1, 2, 3, 4, 5, 6, 7, ... (100000 entries)", so that a long
// one does not fill the message. `entry(i)` is the text of entry i.
inline constexpr size_t kListEntriesShown = 8;
template <class EntryText>
std::string list_entries_text(size_t size, EntryText entry) {
  std::string t;
  for (size_t i = 0; i < size && i < kListEntriesShown; ++i) t += (i ? ", " : "") + entry(i);
  if (size > kListEntriesShown) t += ", ... (" + std::to_string(size) + " entries)";
  return t;
}

// The PCP of ACK, NAK and CNP frames (nic::NicConfig's default; docs/nic.md).
inline constexpr unsigned kAckCnpPriority = 6;

struct TrafficSpec {
  // "incast", "permutation", "all_to_all", "hot_spot", "poisson", "hpcc_flows" (docs/workloads.md;
  // the flows themselves come from sims/workload/workload.hpp).
  std::string pattern = "incast";
  unsigned senders = 1;            // incast without sender_hosts: senders are hosts 1..senders
  std::vector<unsigned> sender_hosts;  // incast: the senders; other patterns: the hosts taking part
                                   // (empty = incast: 1..senders, others: every host)
  unsigned receiver = 0;           // incast: host index
  uint64_t bytes = 0;              // per flow; 0 = unlimited (not with poisson: sizes come from cdf)
  double start_us = 0.0;
  unsigned flows_per_sender = 1;   // incast, permutation, all_to_all: per (sender, destination); hot_spot: per sender
  unsigned flows = 0;              // incast: this many flows in all, sender after sender in turn (0 = flows_per_sender each)
  unsigned priority = 3;
  double rate_gbps = 0.0;          // per flow, the sender's own limit (light loads); 0 = none
  std::vector<unsigned> hot_hosts; // hot_spot, poisson: the hot destinations (empty = none)
  double hot_fraction = 0.0;       // share of flows that go to a hot host (0..1)
  double load = 0.0;               // poisson: offered payload per sender / host link rate, (0, 1]
  std::string cdf;                 // poisson: "web_search", "data_mining" or a CDF file path
  double stop_us = 0.0;            // poisson: no arrival at or after this time; 0 = sim.duration_us
  // hpcc_flows: a flow file of HPCC's ns-3 simulator (first line the count, then "src dst priority
  // dport size_bytes start_s" per flow), its start times less start_offset_s (its traffic starts at 2 s).
  std::string file;
  double start_offset_s = 2.0;
};

struct Scenario {
  struct Sim {
    double duration_us = 1000.0;
    uint64_t seed = 1;
    double measure_from_us = 0.0;        // start of the throughput window
    double sample_interval_us = 10.0;    // timeseries.csv period
    // A flow that goes this long without an acknowledged byte within the measurement window (while it
    // has started and not finished) is reported as starved (summary.json starvation).
    double starved_after_us = 1000.0;
    // A cycle of paused switch queues, each waiting for the next and none sending a frame for this
    // long, is a PFC deadlock (summary.json pfc.deadlocks; docs/fabric.md 9).
    double deadlock_after_us = 100.0;
    // A peer simulator whose defaults the scenario takes under the keys it sets itself: "none" or
    // "hpcc_ns3" (HPCC's ns-3 RDMA simulator, docs/crossval.md 1).
    std::string compat = "none";
  } sim;
  // The topology: by kind and parameters, or as explicit nodes and links (docs/scenarios.md
  // [fabric], docs/fabric.md 5). scenario_topology.hpp builds it.
  struct Fabric {
    // "star", "two_switch", "leaf_spine", "three_tier", "fat_tree", "explicit"
    std::string topology = "star";
    unsigned hosts = 16;                 // star, two_switch: given; the others: derived on load
    double link_gbps = 100.0;            // host links (tier 0); star and two_switch: every link
    double link_delay_ns = 1000.0;
    double inter_switch_gbps = 0.0;      // two_switch: 0 = link_gbps
    // leaf_spine, three_tier, fat_tree: tier 1 (edge switch up) and tier 2 (aggregation up) links;
    // unset = link_gbps, link_delay_ns.
    std::optional<double> tier1_gbps, tier1_delay_ns, tier2_gbps, tier2_delay_ns;
    unsigned leaves = 2, hosts_per_leaf = 4;           // leaf_spine
    unsigned spines = 2;                               // leaf_spine, three_tier
    unsigned pods = 2, tors_per_pod = 2, leaves_per_pod = 2, hosts_per_tor = 4;  // three_tier
    std::string spine_wiring = "full";                 // three_tier: "full" or "planes"
    unsigned k = 4;                                    // fat_tree
    // explicit: [[fabric.nodes]] and [[fabric.links]]; hosts and switches are numbered in the order
    // of their nodes.
    struct Node {
      std::string name;
      std::string kind;                  // "host" or "switch"
      unsigned ports = kSwitchPortsDefault;  // switch
    };
    struct Link {
      std::string a, b;                  // node names
      std::optional<unsigned> port_a, port_b;  // unset: the node's lowest free port
      std::optional<double> gbps, delay_ns;    // unset: link_gbps, link_delay_ns
    };
    std::vector<Node> nodes;
    std::vector<Link> links;
  } fabric;
  struct Switch {
    uint64_t buffer_bytes = 12'000'000;
    bool pfc = true;
    std::string pfc_threshold = "dynamic";  // "dynamic", "static"
    double pfc_beta = 8.0;                  // power of two, 1/64..64
    uint64_t pfc_static_bytes = 0;          // static threshold; 0 = the DCQCN paper's bound
    uint64_t headroom_bytes = 0;            // per (port, priority); 0 = derived from the link
    uint64_t reserve_bytes = 4096;
    bool mark_at_dequeue = false;
    // The switch's cycle-level core: "rtl" (its Verilated RTL) or "reference" (the reference model
    // the scoreboard holds equal to it, cycle by cycle; docs/switch.md 6). The outputs are the same.
    std::string impl = "rtl";
    // The port count of the Verilated configuration every switch runs on (one of
    // sw::kBuiltPortCounts), or 0: each switch on the smallest that holds its cabled ports. The
    // outputs are the same (docs/switch.md 7).
    unsigned built_ports = 0;
    struct Ecn {
      bool enable = true;
      uint64_t kmin_bytes = 5'000;
      uint64_t kmax_bytes = 200'000;
      double pmax = 0.01;
      uint64_t wred_k_bytes = 0;  // drop Not-ECT data at queue >= K (LDCP's fast start); 0 = off
    } ecn;
    // Regional congestion mitigation in every switch (docs/switch.md 2.11, docs/scenarios.md
    // [switch.rcm]): congestion degree (CRD), notifications (CN), flow recognition (CFR), regional
    // window control (RCC) and adaptive routing (SAR).
    struct Rcm {
      bool enable = false;
      bool cn = true, rcc = true, sar = true;  // the parts on top of CRD and CFR
      uint64_t qeq_bytes = 30'000;             // egress equilibrium length Q_eq (eq. 1)
      uint64_t qeq_ingress_bytes = 30'000;     // ingress equilibrium length
      double wq = 2.0;                         // eq. 1's w_q, a power of two 1/16..16
      uint64_t sample_bytes = 150'000;         // bytes admitted to a class between two CRD samples (QCN's)
      uint64_t degree_unit_bytes = 2048;       // one step of the 6-bit degree (power of two)
      double flag_hold_us = 25.0;              // a congestion flag's life after the sample or CN that set it
      double cn_interval_us = 2.0;             // at least this between two CNs of one (port, class)
      double cn_weight = 0.5;                  // eq. 2's w, a power of two 1/64..1
      uint64_t cfr_sample_bytes = 4096;        // bytes admitted to a queue between two CAM writes
      unsigned cam_entries = 16;               // CFR CAM depth (the RTL's CFR_DEPTH)
      unsigned rcc_class = 3;                  // the data class RCC controls
      unsigned rcc_queue = 2;                  // an unused class: the queue its congestion flows wait in
      uint64_t rcc_window_bytes = 163'840;     // W of eq. 3
      uint64_t rcc_min_bytes = 16'384;         // floor of W_c and of W - W_c
      unsigned sar_min_degree = 16;            // regional degree at which SAR detours (1..63)
      double sar_gap_us = 20.0;                // a flow keeps its port while its frames come closer
    } rcm;
  } sw;
  struct Nic {
    std::string cc = "dcqcn";            // "none" or a registered algorithm (sims/cc/cc_algorithm.hpp)
    unsigned mtu_bytes = 1024;           // RoCE payload per frame
    std::string dcqcn_preset = "paper";  // "paper", "hpcc_ns3", "mlx5"
    // What runs DCQCN's passes: "kernel" (hls/dcqcn, C++) or "rtl" (rtl/nic, Verilated; the same
    // results bit for bit, docs/units/dcqcn.md 10). nic.cc = "dcqcn" only.
    std::string dcqcn_impl = "kernel";
    double host_gbps = 0.0;              // host receive processing rate; 0 = not a bottleneck
    uint64_t host_queue_bytes = 65536;   // host receive queue; PFC pause at 1/2, resume at 3/8 of it
    unsigned ack_every = 1;              // ACK coalescing
    // Retransmission timeout of every flow (docs/scenarios.md [nic], docs/nic.md 4.2): "auto" = the
    // transport of the algorithm (rto_mode_in_effect), "ib_ack_timeout" = a RoCE QP's Local ACK
    // Timeout 4.096 us x 2^ib_ack_timeout_exp, "rtt_estimate" = RFC 6298, "fixed" = rto_us.
    std::string rto_mode = "auto";
    unsigned ib_ack_timeout_exp = 14;    // 0 = no timer ("infinite")
    double rto_us = 100.0;               // fixed
    double rto_min_us = 100.0, rto_initial_us = 1000.0;  // rtt_estimate
    double rto_max_us = 1e6;             // ceiling of the estimate and of a backed-off timeout
    std::optional<unsigned> rto_backoff;  // factor per timeout in a row; unset: 2 with rtt_estimate, else 1
    std::optional<unsigned> retry_limit;  // timeouts in a row a flow survives (0 = no limit); unset: 7
                                          // with ib_ack_timeout, else 0
  } nic;

  // nic.rto_mode with "auto" resolved by nic.cc's traits (sims/cc/cc_traits.hpp): "ib_ack_timeout",
  // "rtt_estimate" or "fixed".
  std::string rto_mode_in_effect() const;
  unsigned rto_backoff_in_effect() const;
  unsigned retry_limit_in_effect() const;
  // [cc.<algorithm>] tables: parameter overrides of the algorithm's preset, key -> value (booleans
  // as 0/1). The keys and their rules belong to the algorithm (sims/cc/<algorithm>/).
  std::map<std::string, std::map<std::string, double>> cc_params;
  // Text values of those tables, key -> string (e.g. divider = "shift").
  std::map<std::string, std::map<std::string, std::string>> cc_text;
  // The keys of cc_params given as true/false (not as numbers): a boolean key accepts only these, a
  // numeric key only numbers (sims/cc/<algorithm>/).
  std::map<std::string, std::set<std::string>> cc_flags;
  std::vector<TrafficSpec> traffic;

  // The TOML text of this scenario with every key (for --dump and for summary.json).
  std::string to_toml() const;
};

// The `--set key=value` overrides a settings file holds (`ccfabric run --set-file`, the best.toml that
// `ccfabric explore` writes): a TOML file of single values, in tables or as dotted keys, e.g.
// `cc.dcqcn.widths.alpha = 11`. Throws ScenarioError naming the file and the key it cannot take.
std::vector<std::string> sets_from_file(const std::string& path);

// Loads `path` (or the defaults when path is empty), applies `--set key=value` overrides in order,
// validates, and throws ScenarioError with "FILE: KEY = VALUE must be RULE" on the first problem.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {});
// The same from TOML text (`origin` names it in messages).
Scenario parse_scenario(const std::string& toml_text, const std::string& origin,
                        const std::vector<std::string>& overrides = {});

}  // namespace ccf::sims
