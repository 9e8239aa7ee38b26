// dctcp_cost.hpp: the cost tables of the DCTCP example kernel (docs/units/dctcp.md), for `ccfabric
// report units`.
#pragma once

#include <array>

#include "hls/cost_table.hpp"
#include "hls/dctcp/dctcp_kernel.hpp"

namespace ccf::hls::dctcp {

inline constexpr std::array<StateField, 6> kStateFields{{
    {"cwnd", CWND_INT_W + CWND_FRAC_W, "2^-8 packet (16.8)", "congestion window"},
    {"alpha", ALPHA_W + 1, "2^-10", "moving average of the marked fraction, 0..1"},
    {"acked", BYTES_W, "bytes, saturating", "bytes acknowledged in the observation window"},
    {"marked", BYTES_W, "bytes, saturating", "of those, bytes acknowledged with ECE"},
    {"window", BYTES_W, "bytes", "length of the observation window (cwnd when it opened)"},
    {"cut", 1, "flag", "cwnd was cut in this window"},
}};
static_assert(sum_bits(kStateFields) == CWND_INT_W + CWND_FRAC_W + ALPHA_W + 1 + 3 * BYTES_W + 1,
              "kStateFields must sum to Widths{}.state_bits()");

inline constexpr std::array<EventArithmetic, 3> kArithmetic{{
    {"ack", 6, 2, 1, 4, 4, 0, false,
     "acked += bytes, marked += bytes (saturating); cwnd x alpha (24x11), >> 11, subtract, max(min); acked >= "
     "window; at the window's end marked << 10 / acked (34/24 divide), alpha - alpha >> g + M >> g, cwnd + 1 "
     "packet, min(max), cwnd x MTU (24x13) for the next window"},
    {"nack", 0, 0, 0, 1, 1, 0, false, "cwnd >> 1, max(min)"},
    {"timeout", 0, 1, 0, 1, 0, 0, false, "cwnd <- min; cwnd x MTU for the next window"},
}};

inline constexpr const char* kDivision =
    "one 34/24-bit integer divide per observation window (the marked fraction M); g is a power of two";

}  // namespace ccf::hls::dctcp
