// swift_explore.hpp: Swift's replay for `ccfabric explore` (docs/explore.md 3): its SystemC unit
// at a width setting against its reference in models/ in double precision.
#pragma once

#include <cstdint>
#include <memory>

#include "hls/swift/swift_kernel.hpp"
#include "sims/explore/explore.hpp"

namespace ccf::cc {

// The parameters of the recorded run (their widths are ignored: a Setting gives the widths) and the
// NIC's MTU and line rate.
struct SwiftReplayConfig {
  hls::swift::Params swift;
  uint32_t mtu_bytes = 1024;
  double link_gbps = 100.0;
};

std::unique_ptr<explore::Unit> make_swift_explore(const SwiftReplayConfig& c);

}  // namespace ccf::cc
