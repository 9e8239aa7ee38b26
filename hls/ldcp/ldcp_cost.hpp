// ldcp_cost.hpp: the cost tables of the LDCP kernel (state field by field, arithmetic per event), from
// docs/units/ldcp.md sections 1, 3 and 4. One source for `ccfabric report units`; the static_assert
// ties the field table to LdcpState::kStateBits.
#pragma once

#include <array>

#include "hls/cost_table.hpp"
#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/ldcp/ldcp_pcc_kernel.hpp"

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

// ---- cc.ldcp.variant = "cx6dx_pcc" (the LDCP draft, section 3.2; docs/units/ldcp.md 11): a unit of its own ----
inline constexpr std::array<StateField, 4> kPccStateFields{{
    {"cw", CW_W, "2^-20 packet (16.20)", "congestion window (>= gamma)"},
    {"rtt_ns", RTT_W, "ns, saturating", "latest RTT probe sample (base RTT until the first response)"},
    {"probe_in_flight", 1, "flag", "an RTT request is on the wire (0: the TX pipeline owes one)"},
    {"probe_sent_ns", PROBE_TIME_W, "ns, modulo 2^24", "when the outstanding RTT request started"},
}};
static_assert(sum_bits(kPccStateFields) == PccState::kStateBits, "kPccStateFields must sum to PccState::kStateBits");

// Every pass computes the rate from the state it writes (docs/units/ldcp.md 11.3, 11.4).
inline constexpr std::array<EventArithmetic, 4> kPccArithmetic{{
    {"cnp", 5, 4, 0, 3, 4, 1, false,
     "cw - beta (subtract, compare with gamma, mux); rate: reciprocal of RTT (24-bit priority encoder, normalise, "
     "256 x 24-bit seed ROM, Newton: 2 x 25x24 multiply, subtract), T x r (24x25), cw x that (36x25), shift, "
     "saturate at 1, floor at 1 LSB"},
    {"rtt_response", 7, 5, 0, 4, 8, 1, false,
     "echo == sent (24-bit compare), RTT = now - sent mod 2^24, saturate; cw + alpha, line-rate window RTT x 1/T "
     "(24x24 multiply, shift), min, max(gamma, .); rate as for cnp from the new cw and RTT"},
    {"probe_sent", 3, 4, 0, 3, 2, 1, false,
     "probe_in_flight <- 1, probe_sent_ns <- now mod 2^24 (writes); the shared rate datapath recomputes the unchanged rate"},
    {"probe_timeout", 4, 4, 0, 3, 4, 1, false,
     "now - sent mod 2^24 >= timeout (subtract, compare), probe_in_flight <- 0; the rate datapath as for probe_sent"},
}};

inline constexpr const char* kPccDivision =
    "no divider: rate = cw T / RTT uses the reciprocal unit for 1/RTT and T as a configured 24-bit mantissa; the "
    "line-rate window RTT / T multiplies by a configured 1/T (both computed when configured)";

}  // namespace ccf::hls::ldcp
