// ldcp_pcc_top.cpp: see ldcp_pcc_top.hpp.
#include "hls/ldcp/ldcp_pcc_top.hpp"

namespace ccf::hls::ldcp {

PccOut ldcp_pcc_step(PccState& s, const Config& c, const PccEvent& ev) {
  switch (ev.kind) {
    case PccEventKind::kInit: {
      s = ldcp_pcc_initial_state(c);
      PccOut out;
      out.request_probe = true;
      out.rate = ldcp_pcc_rate(s, c, c.divider);
      return out;
    }
    case PccEventKind::kCnp:
      return ldcp_pcc_on_cnp(s, c);
    case PccEventKind::kProbeSent:
      return ldcp_pcc_on_probe_sent(s, c, ev.now_ns);
    case PccEventKind::kRttResponse:
      return ldcp_pcc_on_rtt_response(s, c, ev.echo_sent_ns, ev.now_ns);
    case PccEventKind::kProbeTimeout:
      return ldcp_pcc_on_probe_timeout(s, c, ev.now_ns);
  }
  return PccOut{};
}

}  // namespace ccf::hls::ldcp

void ccf_ldcp_pcc_top(const ccf::hls::ldcp::PccEvent& ev,
                      const ccf::hls::ldcp::Config& c,
                      ccf::hls::ldcp::PccTopWord state_mem[ccf::hls::ldcp::kLdcpTopFlows],
                      ccf::hls::ldcp::PccOut& out) {
  using namespace ccf::hls::ldcp;
  const uint32_t addr = ev.flow & (kLdcpTopFlows - 1);
  PccState s = pcc_unpack<kLdcpTopWidths>(state_mem[addr]);
  Config q = c;
  q.widths = kLdcpTopWidths;  // compile-time widths and divider (ldcp_top.hpp)
  q.divider = kLdcpTopDivider;
  out = ldcp_pcc_step(s, q, ev);
  state_mem[addr] = pcc_pack<kLdcpTopWidths>(s);
}
