// dctcp_explore.hpp: the DCTCP example's replay for `ccfabric explore` (docs/explore.md 3): its SystemC
// unit at a width setting against models/dctcp in double precision.
#pragma once

#include <memory>

#include "hls/dctcp/dctcp_kernel.hpp"
#include "sims/explore/explore.hpp"

namespace ccf::cc {

std::unique_ptr<explore::Unit> make_dctcp_explore(const hls::dctcp::Params& p, uint32_t mtu_bytes);

}  // namespace ccf::cc
