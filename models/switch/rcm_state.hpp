// rcm_state.hpp: the state of regional congestion mitigation in the switch RTL (docs/switch.md 2.11,
// rtl/switch/sw_rcm.sv), bit by bit, for a switch's parameters: what `ccfabric report switch` lists
// and what the synthesis figures of docs/switch.md 4.3 are compared with.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/switch/switch_config.hpp"

namespace ccf::sw {

// One kind of state: its bits per instance, how many instances, and per what.
struct RcmStateItem {
  std::string name;    // e.g. "egress CRD"
  std::string per;     // "class" (port, priority), "port" or "switch"
  std::string fields;  // what the bits are, e.g. "acc 32, qlast 32, fb 6, until 48, written 1"
  uint64_t bits = 0;   // per instance
  uint64_t count = 0;  // instances in the switch
  uint64_t total() const { return bits * count; }
};

struct RcmState {
  std::vector<RcmStateItem> items;
  uint64_t total_bits() const;
  // Per port: everything but the per-switch items, over the ports (the flow table and the registers
  // are the switch's).
  double bits_per_port(unsigned nports) const;
};

// The state of sw_rcm for `p` (p.rcm need not be set): the widths declared in sw_rcm.sv.
RcmState rcm_state(const SwitchParams& p);

}  // namespace ccf::sw
