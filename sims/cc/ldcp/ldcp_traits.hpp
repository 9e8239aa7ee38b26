// ldcp_traits.hpp: the retransmission timer of LDCP's transport for nic.rto_mode = "auto"
// (sims/cc/cc_traits.hpp, docs/nic.md 4.2): the per-ACK window NIC ("pawa") estimates it from RTT
// samples; the CX6-DX PCC variant runs on a RoCE NIC, with the QP's Local ACK Timeout.
#pragma once

#include "sims/cc/cc_traits.hpp"

namespace ccf::cc::ldcp_traits {

inline std::string auto_rto_mode(const TextKeys& text) {
  const auto v = text.find("variant");
  return v != text.end() && v->second == "cx6dx_pcc" ? "ib_ack_timeout" : "rtt_estimate";
}

}  // namespace ccf::cc::ldcp_traits
