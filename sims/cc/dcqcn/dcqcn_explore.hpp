// dcqcn_explore.hpp: DCQCN's replay for `ccfabric explore` (docs/explore.md 3): its SystemC unit
// at a width setting against its reference in models/ in double precision.
#pragma once

#include <cstdint>
#include <memory>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"
#include "sims/explore/explore.hpp"

namespace ccf::cc {

// The parameters of the recorded run (their widths are ignored: a Setting gives the widths) and the
// NIC's MTU and line rate.
struct DcqcnReplayConfig {
  hls::dcqcn::RpParams rp = hls::dcqcn::RpParams::paper(100000);
  hls::dcqcn::NpParams np = hls::dcqcn::NpParams::paper();
  uint32_t mtu_bytes = 1024;
  double link_gbps = 100.0;
};

std::unique_ptr<explore::Unit> make_dcqcn_explore(const DcqcnReplayConfig& c);

}  // namespace ccf::cc
