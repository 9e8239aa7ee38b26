// topology.hpp: the fabric as data: hosts, switches, links, builders, validation and shortest-path
// routes that program the switch forwarding tables (docs/fabric.md 5).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ccf::fabric {

inline constexpr unsigned kMaxSwitchPorts = 64;  // the switch RTL's NPORTS limit (docs/switch.md)

enum class NodeKind { kHost, kSwitch };

// A host (index = host id, one NIC port: port 0) or a switch (index = switch id).
struct NodeRef {
  NodeKind kind = NodeKind::kHost;
  unsigned index = 0;
  bool operator==(const NodeRef&) const = default;
};
std::string to_string(const NodeRef& n);  // "host 3", "switch 0"

// One full-duplex link: a.port_a <-> b.port_b, the same rate and delay in both directions.
struct LinkSpec {
  NodeRef a;
  unsigned port_a = 0;
  NodeRef b;
  unsigned port_b = 0;
  double gbps = 0;
  double delay_ns = 0;
};

// Bad topology: the message names the key, the value and what is allowed.
class TopologyError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class Topology {
 public:
  static constexpr int kNoRoute = -1;

  unsigned hosts = 0;
  std::vector<unsigned> switch_ports;  // port count of each switch (what it needs; the build may have more)
  std::vector<LinkSpec> links;
  // Optional description (reports and messages): the kind of topology, each switch's name ("tor3",
  // "agg7") and tier (0 = the switches hosts attach to, 1 = aggregation/leaf, 2 = core/spine), each
  // host's name. Empty vectors: "switch s", tier 0, "host h".
  std::string kind;
  std::vector<std::string> switch_names;
  std::vector<unsigned> switch_tiers;
  std::vector<std::string> host_names;

  // N hosts on switch 0, host h on port h. hosts: 1..switch_ports.
  static Topology star(unsigned hosts, double link_gbps, double link_delay_ns,
                       unsigned switch_ports = kMaxSwitchPorts);
  // Hosts 0..L-1 on switch 0 ports 0..L-1, hosts L..L+R-1 on switch 1 ports 0..R-1; the switches are
  // joined by one link on each switch's last port (switch_ports - 1). L, R: 1..switch_ports-1.
  static Topology two_switch(unsigned hosts_left, unsigned hosts_right, double link_gbps, double link_delay_ns,
                             double inter_switch_gbps, unsigned switch_ports = kMaxSwitchPorts);

  unsigned switches() const { return static_cast<unsigned>(switch_ports.size()); }
  std::string switch_name(unsigned s) const;
  std::string host_name(unsigned h) const;
  // "switch 3" or, with a name, "switch 3 (\"T1\")"; likewise for hosts.
  std::string describe(NodeRef n) const;
  unsigned switch_tier(unsigned s) const { return s < switch_tiers.size() ? switch_tiers[s] : 0; }
  // Throws TopologyError: no hosts, switch port count outside 1..64, a node or port out of range,
  // a port used twice, a link between two hosts, rate not finite or <= 0, delay not finite or < 0,
  // a host not connected, names or tiers given for some nodes only.
  void validate() const;
  // routes()[s][h]: the egress port of switch s towards host h on a shortest path (BFS hop count;
  // among equal-cost ports the lowest), or kNoRoute. Validates first. Every equal-cost port, for
  // ECMP: fabric::Routing (routing.hpp).
  std::vector<std::vector<int>> routes() const;
  // The link attached to node n's port, or nullptr.
  const LinkSpec* link_at(NodeRef n, unsigned port) const;
  // [s]: the ports of switch s that a link uses, bit p for port p.
  std::vector<uint64_t> switch_cabled_ports() const;
};

}  // namespace ccf::fabric
