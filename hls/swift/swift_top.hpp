// swift_top.hpp: synthesis top of the Swift window unit (docs/hls.md 2). One kernel event per call
// (II = 1) on a per-flow state memory; the pipeline's visibility deadline stays in the unit
// (sc/nic/swift_unit), which runs every pass through swift_step. Directives: swift_top_vitis.tcl,
// swift_top_catapult.tcl. C simulation: swift_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/swift/state_word.hpp"
#include "hls/swift/swift_kernel.hpp"

#ifndef CCF_HLS_FLOW_W
#define CCF_HLS_FLOW_W 16  // flow index bits of the state memory: 2^16 = 65,536 flows, the report's default
#endif

// The state widths and the divider form the synthesised top is built for: compile-time constants
// (docs/hls.md 2). Defaults: shipped; otherwise e.g.
// -DCCF_HLS_SWIFT_WIDTHS="{cwnd_int,cwnd_frac,time,rtt,ewma_frac,retx,pacing}"
// -DCCF_HLS_SWIFT_DIVIDER=ccf::hls::Divider::kShift.
#ifndef CCF_HLS_SWIFT_WIDTHS
#define CCF_HLS_SWIFT_WIDTHS {}
#endif
#ifndef CCF_HLS_SWIFT_DIVIDER
#define CCF_HLS_SWIFT_DIVIDER ccf::hls::Divider::kRecipTable
#endif

namespace ccf::hls::swift {

inline constexpr Widths kSwiftTopWidths CCF_HLS_SWIFT_WIDTHS;
inline constexpr Divider kSwiftTopDivider = CCF_HLS_SWIFT_DIVIDER;
inline constexpr uint32_t kSwiftTopFlows = 1u << CCF_HLS_FLOW_W;

enum class EventKind : uint8_t {
  kInit,               // swift_initial_state(now_ns)
  kAck,                // on_ack(ack)
  kRetransmitTimeout,  // on_retransmit_timeout(now_ns)
  kFastRecovery,       // on_fast_recovery(now_ns)
};
inline constexpr unsigned kEventKinds = 4;

struct Event {
  EventKind kind = EventKind::kInit;
  uint32_t flow = 0;
  AckIn ack;  // kAck: all fields; other events: ack.now_ns only
};

Out swift_step(State& s, const Regs& r, const Event& ev);

// One word of the top's state memory: the state bits of kSwiftTopWidths (226 shipped).
using TopWord = Word<kSwiftTopWidths>;


}  // namespace ccf::hls::swift

// The synthesis top, at global scope (Vitis HLS set_top and Catapult take a plain function name):
// state_mem is the per-flow state memory, one packed state word per flow (state_word.hpp).
void ccf_swift_top(const ccf::hls::swift::Event& ev,
                   const ccf::hls::swift::Regs& r,
                   ccf::hls::swift::TopWord state_mem[ccf::hls::swift::kSwiftTopFlows],
                   ccf::hls::swift::Out& out);
