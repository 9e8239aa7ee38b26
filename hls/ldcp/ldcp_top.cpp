// ldcp_top.cpp: see ldcp_top.hpp.
#include "hls/ldcp/ldcp_top.hpp"

namespace ccf::hls::ldcp {

LdcpOut ldcp_step(LdcpState& s, const Config& c, const Event& ev) {
  switch (ev.kind) {
    case EventKind::kInit:
      s = ldcp_initial_state(c);
      return LdcpOut{};
    case EventKind::kMessage:
      ldcp_set_message_bytes(s, c, ev.message_bytes);
      return LdcpOut{};
    case EventKind::kAck:
      return ldcp_on_ack(s, c, ev.ack);
    case EventKind::kLoss:
      return ldcp_on_loss(s, c);
    case EventKind::kTx:
      return ldcp_on_tx(s, c);
  }
  return LdcpOut{};
}
}  // namespace ccf::hls::ldcp

void ccf_ldcp_top(const ccf::hls::ldcp::Event& ev,
                  const ccf::hls::ldcp::Config& c,
                  ccf::hls::ldcp::TopWord state_mem[ccf::hls::ldcp::kLdcpTopFlows],
                  ccf::hls::ldcp::LdcpOut& out) {
  using namespace ccf::hls::ldcp;
  const uint32_t addr = ev.flow & (kLdcpTopFlows - 1);
  LdcpState s = unpack<kLdcpTopWidths>(state_mem[addr]);
  Config q = c;
  q.widths = kLdcpTopWidths;  // compile-time widths and divider (ldcp_top.hpp)
  q.divider = kLdcpTopDivider;
  out = ldcp_step(s, q, ev);
  state_mem[addr] = pack<kLdcpTopWidths>(s);
}
