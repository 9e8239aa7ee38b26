// timely_cost.hpp: the cost tables of the TIMELY kernel (state field by field, arithmetic per event),
// from docs/units/timely.md sections 1 and 3. One source for `ccfabric report units`; the
// static_assert ties the field table to State::kStateBits.
#pragma once

#include <array>

#include "hls/cost_table.hpp"
#include "hls/timely/timely_kernel.hpp"

namespace ccf::hls::timely {

inline constexpr std::array<StateField, 10> kStateFields{{
    {"rate", RATE_W, "1/32 Mb/s", "the flow's TIMELY rate"},
    {"prev_rtt", RTT_W, "ns, 0 = no sample", "prevRTT_"},
    {"avg_rtt_diff", AVG_W, "2^-8 ns, signed", "EWMA of the RTT difference"},
    {"neg_count", COUNT_W, "completions, saturating", "negGradientCount_ (HAI)"},
    {"last_update", TIME_W, "ns, modulo 2^32", "last_update_time_ (author variant)"},
    {"seg_acked", SEG_W, "bytes", "bytes ACKed into the awaited segment"},
    {"seg_send", TIME_W, "ns, modulo 2^32", "t_send of that segment"},
    {"tx_seg_bytes", SEG_W, "bytes", "payload sent into the current TX segment"},
    {"tx_seg_start", TIME_W, "ns, modulo 2^32", "on_tx time of the TX segment's first frame"},
    {"tx_seg_wire", SEG_WIRE_W, "bytes", "wire bytes of the TX segment so far"},
}};
static_assert(sum_bits(kStateFields) == State::kStateBits, "kStateFields must sum to State::kStateBits");

// docs/units/timely.md 3.1-3.3: an ACK that completes a segment runs the rate update (every branch in
// parallel); an ACK inside a segment uses only the first adder and comparator.
inline constexpr std::array<EventArithmetic, 2> kArithmetic{{
    {"ack_completion", 13, 10, 1, 6, 10, 0, false,
     "segment sum and compare, RTT = now - t_send - Seg/NLR, floor; EWMA (17x35); g = avg x 1/minRTT "
     "(33x25); delta_factor (32x25); T_low, T_high (beta q, x df, rate x m), g <= 0, g > 0 (beta g, "
     "rate x bg); T_high/new_rtt by a 24-stage restoring divider; half-rate cap, two clamps"},
    {"tx", 3, 0, 0, 0, 1, 0, false, "tx_seg_wire and tx_seg_bytes adds, compare with Seg, span subtract"},
}};

inline constexpr const char* kDivision =
    "1/minRTT once at configuration (a register); T_high/new_rtt by a pipelined 24-stage restoring divider "
    "(24 of the 30 cycles), in parallel with the EWMA, g and delta_factor path";

}  // namespace ccf::hls::timely
