// timely_top.hpp: synthesis top of the TIMELY rate unit (docs/hls.md 2). One kernel event per call
// (II = 1) on a per-flow state memory; the rate's visibility deadline and the segment pacer's
// rate-to-time conversion stay in the unit (sc/nic/timely_unit), which runs every pass through
// timely_step. Directives: timely_top_vitis.tcl, timely_top_catapult.tcl. C simulation:
// timely_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/timely/state_word.hpp"
#include "hls/timely/timely_kernel.hpp"

#ifndef CCF_HLS_FLOW_W
#define CCF_HLS_FLOW_W 16  // flow index bits of the state memory: 2^16 = 65,536 flows, the report's default
#endif

// Compile-time state widths of the synthesised top (docs/hls.md 2):
// -DCCF_HLS_TIMELY_WIDTHS="{rate_int,rate_frac,rtt,diff_frac,count,time,seg,seg_wire}".
#ifndef CCF_HLS_TIMELY_WIDTHS
#define CCF_HLS_TIMELY_WIDTHS {}
#endif

namespace ccf::hls::timely {

inline constexpr Widths kTimelyTopWidths CCF_HLS_TIMELY_WIDTHS;
inline constexpr uint32_t kTimelyTopFlows = 1u << CCF_HLS_FLOW_W;

enum class EventKind : uint8_t {
  kInit,          // timely_initial_state
  kAck,           // on_ack(acked_bytes, echo_ns, now_ns)
  kTx,            // on_tx(payload_bytes, wire_bytes, now_ns)
  kRestartSegment,  // restart_tx_segment (go-back-N)
};
inline constexpr unsigned kEventKinds = 4;

struct Event {
  EventKind kind = EventKind::kInit;
  uint32_t flow = 0;
  uint32_t bytes = 0;       // kAck: acked bytes; kTx: payload bytes
  uint32_t wire_bytes = 0;  // kTx
  uint32_t echo_ns = 0;     // kAck
  uint32_t now_ns = 0;      // kAck, kTx
};

struct TopOut {
  AckOut ack;  // kAck
  TxOut tx;    // kTx
};

TopOut timely_step(State& s, const Config& c, const Event& ev);

// One word of the top's state memory: the state bits of kTimelyTopWidths (242 shipped).
using TopWord = Word<kTimelyTopWidths>;


}  // namespace ccf::hls::timely

// The synthesis top, at global scope (Vitis HLS set_top and Catapult take a plain function name):
// state_mem is the per-flow state memory, one packed state word per flow (state_word.hpp).
void ccf_timely_top(const ccf::hls::timely::Event& ev,
                    const ccf::hls::timely::Config& c,
                    ccf::hls::timely::TopWord state_mem[ccf::hls::timely::kTimelyTopFlows],
                    ccf::hls::timely::TopOut& out);
