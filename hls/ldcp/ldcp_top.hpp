// ldcp_top.hpp: synthesis top of the LDCP window unit (docs/hls.md 2). One kernel event per call
// (II = 1) on a per-flow state memory; the pipeline's visibility deadline and the sub-one send
// timer stay in the unit (sc/nic/ldcp_unit), which runs every pass through ldcp_step. Directives:
// ldcp_top_vitis.tcl, ldcp_top_catapult.tcl. C simulation: ldcp_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/ldcp/state_words.hpp"

#ifndef CCF_HLS_FLOW_W
#define CCF_HLS_FLOW_W 16  // flow index bits of the state memory: 2^16 = 65,536 flows, the report's default
#endif

// Compile-time state widths and divider form of the synthesised top (docs/hls.md 2):
// -DCCF_HLS_LDCP_WIDTHS="{cw_int,cw_frac,pkt,rtt}" -DCCF_HLS_LDCP_DIVIDER=ccf::hls::Divider::kShift.
#ifndef CCF_HLS_LDCP_WIDTHS
#define CCF_HLS_LDCP_WIDTHS {}
#endif
#ifndef CCF_HLS_LDCP_DIVIDER
#define CCF_HLS_LDCP_DIVIDER ccf::hls::Divider::kRecipTable
#endif

namespace ccf::hls::ldcp {

inline constexpr Widths kLdcpTopWidths CCF_HLS_LDCP_WIDTHS;
inline constexpr Divider kLdcpTopDivider = CCF_HLS_LDCP_DIVIDER;
inline constexpr uint32_t kLdcpTopFlows = 1u << CCF_HLS_FLOW_W;

enum class EventKind : uint8_t {
  kInit,     // ldcp_initial_state
  kMessage,  // ldcp_set_message_bytes(message_bytes)
  kAck,      // ldcp_on_ack(ack)
  kLoss,     // ldcp_on_loss
  kTx,       // ldcp_on_tx
};
inline constexpr unsigned kEventKinds = 5;

struct Event {
  EventKind kind = EventKind::kInit;
  uint32_t flow = 0;
  uint64_t message_bytes = 0;  // kMessage
  AckIn ack;                   // kAck
};

LdcpOut ldcp_step(LdcpState& s, const Config& c, const Event& ev);

// One word of the tops' state memories: the state bits of kLdcpTopWidths (93 and 85 shipped).
using TopWord = Word<kLdcpTopWidths>;
using PccTopWord = PccWord<kLdcpTopWidths>;


}  // namespace ccf::hls::ldcp

// The synthesis top, at global scope (Vitis HLS set_top and Catapult take a plain function name):
// state_mem is the per-flow state memory, one packed state word per flow (state_words.hpp).
void ccf_ldcp_top(const ccf::hls::ldcp::Event& ev,
                  const ccf::hls::ldcp::Config& c,
                  ccf::hls::ldcp::TopWord state_mem[ccf::hls::ldcp::kLdcpTopFlows],
                  ccf::hls::ldcp::LdcpOut& out);
