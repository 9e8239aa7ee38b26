// dcqcn_cost.hpp: the cost tables of the DCQCN reaction point and notification point kernels (state
// field by field, arithmetic per event), from docs/units/dcqcn.md sections 1 and 3. One source for
// `ccfabric report units`; the static_asserts tie the field tables to RpState/NpState::kStateBits.
#pragma once

#include <array>

#include "hls/cost_table.hpp"
#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"

namespace ccf::hls::dcqcn {

inline constexpr std::array<StateField, 8> kRpStateFields{{
    {"rc", RATE_W, "1/32 Mb/s", "RC, current rate"},
    {"rt", RATE_W, "1/32 Mb/s", "RT, target rate"},
    {"alpha", ALPHA_W, "2^-20", "alpha, rate-reduction factor"},
    {"time_stage", STAGE_W, "timer events, saturating", "T of Figure 7"},
    {"byte_stage", STAGE_W, "byte-counter events, saturating", "BC of Figure 7"},
    {"bytes_left", BYTES_W, "bytes", "byte counter: bytes until the next event"},
    {"limited", 1, "flag", "a CNP has been seen (counters run)"},
    {"variant_bits", RpState::kVariantBits, "flags", "ns3-rdma hyper / mlx alpha_cnp, decrease_cnp"},
}};
static_assert(sum_bits(kRpStateFields) == RpState::kStateBits, "kRpStateFields must sum to RpState::kStateBits");

// Paper variant (the default preset). docs/units/dcqcn.md 3.
inline constexpr std::array<EventArithmetic, 5> kRpArithmetic{{
    {"cnp", 6, 3, 0, 3, 5, 0, false,
     "cut RC x alpha (24x20) + 2^20, >>21, subtract; alpha: (2^20 - alpha) x g (21x16), +2^15, >>16, add; "
     "min_dec_fac floor RC x min_dec_fac (24x17) + 2^15, >>16; floor and min: comparators; clamp rule: two "
     "7-bit zero-detects"},
    {"alpha_timer", 2, 1, 0, 1, 0, 0, false, "alpha x g (20x16), +2^15, >>16, subtract (eq. 2)"},
    {"increase_timer_or_bytes", 4, 1, 0, 1, 5, 0, false,
     "7-bit incrementer, max/min and two compares with F, 7-bit subtract, i x R_HAI (7x24), RT add, "
     "compare with C, (RT + RC)/2: add, >>1 with ties-to-even carry-in"},
    {"alpha_and_increase_timer", 6, 2, 0, 2, 5, 0, false,
     "the alpha_timer and increase_timer datapaths side by side, one pass (K = T: both due at one instant)"},
    {"tx", 1, 0, 0, 0, 0, 0, false, "24-bit bytes_left subtract; its borrow is the byte-counter expiry"},
}};

inline constexpr const char* kRpDivision =
    "none: every division is a shift (alpha/2, (RT+RC)/2); with g = 1/256 fixed at synthesis alpha x g is a shift too";

inline constexpr std::array<StateField, 3> kNpStateFields{{
    {"last_cnp_ns", NP_TIME_W, "ns, modulo 2^17", "when the last CNP was sent"},
    {"open", 1, "flag", "a CNP window is open"},
    {"pending", 1, "flag", "paper mode: a marked packet arrived in the window"},
}};
static_assert(sum_bits(kNpStateFields) == NpState::kStateBits, "kNpStateFields must sum to NpState::kStateBits");

inline constexpr std::array<EventArithmetic, 2> kNpArithmetic{{
    {"marked_packet", 2, 0, 0, 0, 1, 0, false,
     "17-bit now - last_cnp (mod 2^17), compare with N; now + N for the window deadline"},
    {"window_end", 2, 0, 0, 0, 1, 0, false, "as marked_packet"},
}};

inline constexpr const char* kNpDivision = "none";

}  // namespace ccf::hls::dcqcn
