// kernel_params.hpp: the double-precision LDCP references' parameters for a kernel parameter set
// (hls/ldcp/ldcp_kernel.hpp, ldcp_pcc_kernel.hpp), so that kernel, unit and explore comparisons run
// the references on exactly the kernel's values.
#pragma once

#include <cstdint>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "models/ldcp/ldcp_pcc_reference.hpp"
#include "models/ldcp/ldcp_reference.hpp"

namespace ccf::models::ldcp {

// The per-ACK window unit, with the MTU and the BDP the kernel uses (hls::ldcp::ldcp_bdp_bytes).
inline LdcpReferenceParams reference_params(const hls::ldcp::Params& p, uint32_t mtu_bytes, uint64_t bdp_bytes) {
  LdcpReferenceParams rp;
  rp.alpha = p.alpha;
  rp.beta = p.beta;
  rp.gamma = p.gamma;
  rp.eta = p.eta;
  rp.mtu_bytes = mtu_bytes;
  rp.BDP_bytes = static_cast<double>(bdp_bytes);
  rp.RTT0_ns = p.base_rtt_ns;
  rp.fast_start = p.fast_start;
  return rp;
}

// The CX6-DX PCC variant, with the kernel's configuration (initial window, probe timeout) and one
// full frame's time on the wire at line rate.
inline LdcpPccReferenceParams pcc_reference_params(const hls::ldcp::Params& p, const hls::ldcp::Config& c,
                                                   double frame_ns) {
  LdcpPccReferenceParams rp;
  rp.alpha = p.alpha;
  rp.beta = p.beta;
  rp.gamma = p.gamma;
  rp.IW = c.iw_packets;
  rp.RTT0_ns = p.base_rtt_ns;
  rp.T_ns = frame_ns;
  rp.probe_timeout_ns = c.probe_timeout_ns;
  rp.cw_clamp = p.cw_clamp;
  return rp;
}

}  // namespace ccf::models::ldcp
