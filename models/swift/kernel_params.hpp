// kernel_params.hpp: the double-precision Swift reference's parameters for a kernel parameter set
// (hls/swift/swift_kernel.hpp) and the MTU, so that tests and `ccfabric explore` run the reference
// on exactly the kernel's values (times in ns).
#pragma once

#include <cstdint>

#include "hls/swift/swift_kernel.hpp"
#include "models/swift/swift_reference.hpp"

namespace ccf::models::swift {

inline ReferenceParams reference_params(const hls::swift::Params& p, uint32_t mtu_bytes) {
  ReferenceParams q;
  q.base_target = p.base_target_us * 1000;
  q.h = p.per_hop_us * 1000;
  q.fs_range = p.fs_range_us * 1000;
  q.fs_min_cwnd = p.fs_min_cwnd;
  q.fs_max_cwnd = p.fs_max_cwnd;
  q.endpoint_target = p.endpoint_target_us * 1000;
  q.ewma_gain = p.endpoint_ewma_gain;
  q.ai = p.ai;
  q.beta = p.beta;
  q.max_mdf = p.max_mdf;
  q.min_cwnd = p.min_cwnd;
  q.max_cwnd = p.max_cwnd;
  q.init_cwnd = p.init_cwnd;
  q.RETX_RESET_THRESHOLD = static_cast<int>(p.retx_reset_threshold);
  q.stamp_on_equal = p.decrease_stamp_on_equal;
  q.mtu = mtu_bytes;
  return q;
}

}  // namespace ccf::models::swift
