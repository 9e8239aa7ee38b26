// ldcp_test_params.hpp: the double-precision reference's parameters for a kernel parameter set, so
// that kernel, unit and reference tests run the reference on exactly the values the kernel has.
#pragma once

#include <cstdint>

#include "ldcp/ldcp_kernel.hpp"
#include "ldcp/ldcp_reference.hpp"

namespace ccf::test {

inline models::ldcp::LdcpReferenceParams ldcp_reference_params(const hls::ldcp::Params& p, uint32_t mtu_bytes) {
  models::ldcp::LdcpReferenceParams rp;
  rp.alpha = p.alpha;
  rp.beta = p.beta;
  rp.gamma = p.gamma;
  rp.eta = p.eta;
  rp.mtu_bytes = mtu_bytes;
  rp.BDP_bytes = static_cast<double>(p.bdp_bytes);
  rp.RTT0_ns = p.base_rtt_ns;
  rp.fast_start = p.fast_start;
  return rp;
}

}  // namespace ccf::test
