// ldcp_pcc_top.hpp: synthesis top of LDCP's CX6-DX PCC variant (the LDCP draft, section 3.2; docs/units/ldcp.md 11, docs/hls.md 2).
// One kernel event per call (II = 1) on a per-flow state memory; the probe-timeout deadline stays in
// the NIC's calendar, armed by the unit from PccOut::arm_timeout_ns (sc/nic/ldcp_pcc_unit), which runs
// every pass through ldcp_pcc_step. Directives: ldcp_pcc_top_vitis.tcl, ldcp_pcc_top_catapult.tcl.
// C simulation: ldcp_pcc_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/ldcp/ldcp_pcc_kernel.hpp"
#include "hls/ldcp/ldcp_top.hpp"  // CCF_HLS_FLOW_W, CCF_HLS_LDCP_WIDTHS, CCF_HLS_LDCP_DIVIDER

namespace ccf::hls::ldcp {

enum class PccEventKind : uint8_t {
  kInit,          // ldcp_pcc_initial_state
  kCnp,           // ldcp_pcc_on_cnp
  kProbeSent,     // ldcp_pcc_on_probe_sent(now_ns)
  kRttResponse,   // ldcp_pcc_on_rtt_response(echo_sent_ns, now_ns)
  kProbeTimeout,  // ldcp_pcc_on_probe_timeout(now_ns)
};
inline constexpr unsigned kPccEventKinds = 5;

struct PccEvent {
  PccEventKind kind = PccEventKind::kInit;
  uint32_t flow = 0;
  uint64_t now_ns = 0;        // kProbeSent, kRttResponse, kProbeTimeout (the low 24 bits are used)
  uint64_t echo_sent_ns = 0;  // kRttResponse: the request's send time the response echoes
};

PccOut ldcp_pcc_step(PccState& s, const Config& c, const PccEvent& ev);

}  // namespace ccf::hls::ldcp

// The synthesis top, at global scope: state_mem holds one packed PccState word per flow.
void ccf_ldcp_pcc_top(const ccf::hls::ldcp::PccEvent& ev,
                      const ccf::hls::ldcp::Config& c,
                      ccf::hls::ldcp::PccTopWord state_mem[ccf::hls::ldcp::kLdcpTopFlows],
                      ccf::hls::ldcp::PccOut& out);
