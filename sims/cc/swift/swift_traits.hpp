// swift_traits.hpp: Swift's transport estimates the retransmission timeout from RTT samples (the Swift
// paper, section 3; docs/nic.md 4.2), for nic.rto_mode = "auto" (sims/cc/cc_traits.hpp).
#pragma once

#include "sims/cc/cc_traits.hpp"

namespace ccf::cc::swift_traits {

inline std::string auto_rto_mode(const TextKeys&) { return "rtt_estimate"; }

}  // namespace ccf::cc::swift_traits
