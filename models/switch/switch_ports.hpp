// switch_ports.hpp: the switch's port contract (docs/switch.md 2.1): what a driver offers each port
// in a cycle (descriptors, PFC frames, CNs) and what the switch reports back. Shared by the RTL
// driver (rtl/driver/switch_dut.hpp), the reference model (mmu_model.hpp) and the scoreboard.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/switch/switch_config.hpp"

namespace ccf::sw {

// Cycles with reset held before configuration, which then takes one cycle per register write
// (regs::config_writes); traffic starts in the cycle after the last write.
inline constexpr unsigned kResetCycles = 4;

struct Descriptor {
  uint32_t tag = 0;
  uint16_t len_bytes = 0;
  uint8_t prio = 0;
  uint8_t ecn = 0;  // Ecn codepoint
  uint16_t dst = 0;
  uint16_t hash = 0;
};

struct PfcFrame {
  uint8_t class_en = 0;
  std::array<uint16_t, kMaxPrio> time_quanta{};
  bool operator==(const PfcFrame&) const = default;
};

struct DropReport {
  uint32_t tag = 0;
  DropReason reason = DropReason::kNone;
  uint8_t port = 0;  // ingress port
  uint8_t prio = 0;
  bool operator==(const DropReport&) const = default;
};

// The processed frame joined egress queue (port, prio) (2.4).
struct EnqueueReport {
  uint32_t tag = 0;
  uint8_t port = 0;  // egress port
  uint8_t prio = 0;  // queue class
  bool operator==(const EnqueueReport&) const = default;
};

struct EgressReport {
  unsigned port = 0;
  uint32_t tag = 0;
  uint8_t ecn = 0;
  uint8_t prio = 0;
  uint16_t len_bytes = 0;
  bool operator==(const EgressReport&) const = default;
};

// A congestion notification received on, or sent from, a port (docs/switch.md 2.11.3).
struct CnOnPort {
  unsigned port = 0;
  CnFrame frame;
  bool operator==(const CnOnPort&) const = default;
};

// The egress CRD sample of a cycle (docs/switch.md 2.11.1, crd_* outputs).
struct CrdReport {
  uint8_t port = 0, prio = 0, fb = 0;
  bool operator==(const CrdReport&) const = default;
};

// What the environment drives in one cycle.
struct CycleInputs {
  std::vector<std::optional<Descriptor>> in_desc;  // per port: valid descriptor offered
  std::vector<bool> out_ready;                      // per port: transmitter idle
  std::vector<std::optional<PfcFrame>> pfc_in;      // per port: PFC frame received
  std::optional<CnOnPort> cn_in;                    // RCM: one CN received (2.11.3)
};

// The same inputs' set entries as bits (port p = bit p), for a driver that visits only those ports:
// a caller that keeps them (the co-simulation) passes them instead of having them recomputed.
struct CycleInputMasks {
  uint64_t in_desc = 0;    // in_desc[p] holds a descriptor
  uint64_t out_ready = 0;  // out_ready[p] is true
  uint64_t pfc_in = 0;     // pfc_in[p] holds a frame
  bool cn_in = false;      // a CN is offered (RCM)
  static CycleInputMasks of(const CycleInputs& in) {
    CycleInputMasks m;
    m.cn_in = in.cn_in.has_value();
    for (size_t p = 0; p < in.in_desc.size(); ++p) m.in_desc |= uint64_t{in.in_desc[p].has_value()} << p;
    for (size_t p = 0; p < in.out_ready.size(); ++p) m.out_ready |= uint64_t{in.out_ready[p]} << p;
    for (size_t p = 0; p < in.pfc_in.size(); ++p) m.pfc_in |= uint64_t{in.pfc_in[p].has_value()} << p;
    return m;
  }
};

// What the switch does in that cycle.
struct CycleOutputs {
  uint64_t in_ready_mask = 0;                   // bit p: port p ready, as seen by this cycle's handshake
  bool in_ready(unsigned p) const { return (in_ready_mask >> p) & 1u; }
  uint64_t pfc_out_mask = 0;                    // ports with a PFC frame in pfc_out
  std::optional<EnqueueReport> enqueue;
  std::optional<DropReport> drop;
  std::optional<EgressReport> egress;
  std::vector<std::optional<PfcFrame>> pfc_out;  // per port
  std::optional<CnOnPort> cn_out;                // RCM: the CN sent this cycle (2.11.3)
  std::optional<CrdReport> crd;                  // RCM: the egress sample of this cycle (2.11.1)
  bool idle = false;                             // docs/switch.md 2.1
  // The stepping prediction of 2.1, about cycle + 1 from the state after this cycle's edge:
  // next_busy = cycle + 1 must be stepped whatever the inputs; eg_pending bit e = port e holds a
  // queue that is non-empty and not paused (meaningful when next_busy is false); next_deadline_post =
  // the earliest timer deadline after this cycle (RTL: tmr_next_cycle read after the edge).
  bool next_busy = true;
  uint64_t eg_pending = 0;
  uint64_t next_deadline_post = UINT64_MAX;
  uint64_t next_deadline = UINT64_MAX;           // RTL: tmr_next_cycle; model: next_deadline_after(cycle - 1)
  bool extra_egress = false;                     // RTL only: more than one port dequeued (never legal)
};

// The same outputs as plain fields, for a driver that handles them in every cycle it steps (the
// co-simulation, driver::SwitchDut): no per-port containers of optional values; a report's fields are
// meaningful when its valid flag or mask bit is set, and the PFC frames sent are read per port
// (SwitchDut::pfc_out).
struct CycleReport {
  uint64_t in_ready_mask = 0;  // CycleOutputs::in_ready as bits
  uint64_t pfc_out_mask = 0;   // ports sending a PFC frame
  uint64_t egress_mask = 0;    // ports dequeuing: one bit at most (2.8; more is an RTL error)
  EgressReport egress;         // the lowest port of egress_mask
  bool enqueue_valid = false;
  EnqueueReport enqueue;
  bool drop_valid = false;
  DropReport drop;
  bool cn_out_valid = false;   // RCM (2.11.3)
  CnOnPort cn_out;
  bool crd_valid = false;      // RCM (2.11.1)
  CrdReport crd;
  bool idle = false;
  bool next_busy = true;
  uint64_t eg_pending = 0;
  uint64_t next_deadline_post = UINT64_MAX;
  uint64_t next_deadline = UINT64_MAX;
};

}  // namespace ccf::sw
