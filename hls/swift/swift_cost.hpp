// swift_cost.hpp: the cost tables of the Swift kernel (state field by field, arithmetic per event),
// from docs/units/swift.md sections 1 and 3. One source for `ccfabric report units`; the static_assert
// ties the field table to State::kStateBits.
#pragma once

#include <array>

#include "hls/cost_table.hpp"
#include "hls/swift/swift_kernel.hpp"

namespace ccf::hls::swift {

inline constexpr std::array<StateField, 9> kStateFields{{
    {"fcwnd", CWND_W, "2^-20 packet (Q12.20)", "fabric window"},
    {"ecwnd", CWND_W, "2^-20 packet (Q12.20)", "endpoint window"},
    {"t_last_decrease_f_ns", TIME_W, "ns, modulo 2^32", "t_last_decrease of fcwnd"},
    {"t_last_decrease_e_ns", TIME_W, "ns, modulo 2^32", "t_last_decrease of ecwnd"},
    {"rtt_ns", DELAY_W, "ns, saturating", "last RTT sample"},
    {"endpoint_delay_q8", EWMA_W, "2^-8 ns", "EWMA of the endpoint delay"},
    {"endpoint_valid", 1, "flag", "the EWMA holds a sample"},
    {"retransmit_cnt", RETX_W, "timeouts, saturating", "retransmit_cnt"},
    {"pacing_ns", PACING_W, "ns, saturating", "pacing_delay = rtt / cwnd"},
}};
static_assert(sum_bits(kStateFields) == State::kStateBits, "kStateFields must sum to State::kStateBits");

// docs/units/swift.md 3.5 ("about 24 multipliers ... about 20 adders/subtractors and 20 comparators")
// and 3.4 for the timeout / fast-recovery cut.
inline constexpr std::array<EventArithmetic, 2> kArithmetic{{
    {"ack", 20, 24, 0, 4, 20, 4, true,
     "multipliers: target 5, EWMA 1, num_acked 1, each window 7, pacing 3; 4 normalise barrel shifters "
     "(priority encoder + shift); ROMs 256 x 25 bit: rsqrt, two 1/x, pacing 1/x"},
    {"timeout_or_nack", 3, 2, 0, 2, 7, 0, false,
     "retransmit_cnt +1 and threshold compare; per window: can_decrease subtract and compare, "
     "cwnd x (1 - max_mdf) and rounding shift, clamp"},
}};

inline constexpr const char* kDivision =
    "no divider: ai/cwnd, (delay - target)/delay and rtt/cwnd multiply by a reciprocal (ROM + one Newton "
    "step, rel. error <= 2^-16); 1/sqrt(fcwnd) likewise (<= 2^-15); bytes/mtu multiplies by round(2^32/mtu)";

}  // namespace ccf::hls::swift
