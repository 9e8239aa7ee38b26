// ldcp_cost.hpp: the cost tables of the LDCP kernel (state field by field, arithmetic per event), from
// docs/units/ldcp.md sections 1, 3 and 4. One source for `ccfabric report units`; the static_assert
// ties the field table to LdcpState::kStateBits.
#pragma once

#include <array>

#include "cost_table.hpp"
#include "ldcp/ldcp_kernel.hpp"

namespace ccf::hls::ldcp {

inline constexpr std::array<StateField, 5> kStateFields{{
    {"cw", CW_W, "2^-20 packet (16.20)", "congestion window"},
    {"stable", 1, "flag", "0: zero-RTT fast start, 1: stable stage"},
    {"fs_left", PKT_W, "packets", "fast-start frames still to send"},
    {"fs_acked", PKT_W, "packets, saturating", "packets ACKed during fast start"},
    {"rtt_ns", RTT_W, "ns, saturating", "latest RTT sample (sub-one timer RTT/cw)"},
}};
static_assert(sum_bits(kStateFields) == LdcpState::kStateBits, "kStateFields must sum to LdcpState::kStateBits");

// The ACK datapath computes every branch in parallel (docs/units/ldcp.md 4, stage 4).
inline constexpr std::array<EventArithmetic, 3> kArithmetic{{
    {"ack", 4, 6, 0, 4, 6, 1, false,
     "reciprocal: 36-bit priority encoder, normalise shift, 256 x 24-bit seed ROM, Newton (2 x 25x24 "
     "multiply, subtract); alpha n (17x8), x r (25x24), >>p; n beta, eta cw; add/subtract cw; bytes >> "
     "log2 mtu; rtt saturate, fs_acked >= IW, cw >= 1, max(gamma, .), saturate"},
    {"loss", 0, 0, 0, 0, 1, 0, false, "fast start: cw <- max(gamma, fs_acked) (mux)"},
    {"tx", 1, 0, 0, 0, 1, 0, false, "fast start: fs_left > 0 and decrement"},
}};

inline constexpr const char* kDivision =
    "no divider: alpha/cw and RTT/cw share one reciprocal unit (256-entry seed ROM + one Newton step, rel. "
    "error <= 2^-17); bytes/mtu is a shift (power-of-two MTU)";

}  // namespace ccf::hls::ldcp
