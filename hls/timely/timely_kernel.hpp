// timely_kernel.hpp: TIMELY rate computation per completion event, segment RTT and segment pacing
// bookkeeping (the authors' getNewRate code, the TIMELY paper's RTT definition of section 3.1 and its Algorithm 1).
// One pure function per event on a fixed-width per-flow state: no allocation, no recursion, no
// floating point, loops only with constant bounds (the 24-step divider). The SystemC unit
// (sc/nic/timely_unit) holds the state memory and calls these functions; models/timely/ is the
// double-precision reference that the tests compare against. Docs: docs/units/timely.md.
//
// Per-flow state as the hardware stores it (State::kStateBits = 242):
//
//   field           bits  unit                          meaning
//   rate              24  kRateLsb = 1/32 Mb/s          the flow's TIMELY rate (max 524.3 Gb/s)
//   prev_rtt          24  ns, 0 = no sample yet         prevRTT_ (code) / prev_rtt (paper)
//   avg_rtt_diff      33  signed, 2^-8 ns               avgRTTDiff_ / rtt_diff EWMA
//   neg_count          4  completions, saturating 15    negGradientCount_ (HAI)
//   last_update       32  ns, modulo 2^32               last_update_time_ (author variant)
//   seg_acked         20  bytes                         bytes ACKed into the segment awaited
//   seg_send          32  ns, modulo 2^32               t_send of that segment (echo of its 1st ACK)
//   tx_seg_bytes      20  bytes                         payload sent into the current TX segment
//   tx_seg_start      32  ns, modulo 2^32               on_tx time of the TX segment's first frame
//   tx_seg_wire       21  bytes                         wire bytes of the TX segment so far
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>
#include <string>

#include "hls/widths.hpp"

namespace ccf::hls::timely {

// ---- widths, stated once (docs/units/timely.md) ----
inline constexpr unsigned RATE_W = 24;          // rate, 1/32 Mb/s
inline constexpr unsigned RATE_FRAC_BITS = 5;   // 1 Mb/s = 2^5 rate LSB
inline constexpr unsigned RTT_W = 24;           // RTTs and thresholds in ns: max 16.777 ms
inline constexpr unsigned DIFF_FRAC_BITS = 8;   // avg_rtt_diff LSB = 2^-8 ns
inline constexpr unsigned AVG_W = 1 + RTT_W + DIFF_FRAC_BITS;  // 33, signed
inline constexpr unsigned COUNT_W = 4;          // neg_count
inline constexpr unsigned TIME_W = 32;          // timestamps, ns modulo 2^32 (4.29 s)
inline constexpr unsigned SEG_W = 20;           // segment byte counters: a segment is <= kSegMax bytes
inline constexpr unsigned SEG_WIRE_W = 21;      // wire bytes of one segment (< 2^21)
inline constexpr unsigned PARAM_FRAC_BITS = 16; // alpha and beta registers: value / 2^16
inline constexpr unsigned FRAC_BITS = 24;       // internal fractions g, delta_factor, the T_high quotient

inline constexpr uint32_t kRateMax = (1u << RATE_W) - 1;
inline constexpr uint32_t kRttMax = (1u << RTT_W) - 1;
inline constexpr uint32_t kCountMax = (1u << COUNT_W) - 1;
inline constexpr uint32_t kSegMax = (1u << SEG_W) - 1;  // largest segment, 1,048,575 B
inline constexpr uint32_t kParamOne = 1u << PARAM_FRAC_BITS;
inline constexpr int64_t kFracOne = int64_t{1} << FRAC_BITS;
inline constexpr uint32_t kMinRttMinNs = 1000;   // minRTT >= 1 us keeps g < 2^24 / 1000 per ns of diff

static_assert(RATE_W + FRAC_BITS + 1 <= 63, "rate x fraction must fit 64 bits");
static_assert(AVG_W + 24 <= 63, "avg_rtt_diff x reciprocal mantissa must fit 64 bits");
static_assert(SEG_W < SEG_WIRE_W, "a segment's wire bytes exceed its payload bytes");

// The widths the state memory keeps (docs/explore.md 2); at most the shipped widths above. The rate
// is rounded to rate_frac fraction bits when written back and saturates at 2^rate_int Mb/s;
// avg_rtt_diff keeps diff_frac fraction bits of ns (its integer part has the rtt bits and a sign);
// prev_rtt, neg_count and tx_seg_wire saturate at their widths; the three timestamps are ns modulo
// 2^time and every elapsed time is taken modulo 2^time; the segment counters need the segment to
// fit. timely_params_error checks that the parameters fit. The defaults cost nothing.
struct Widths {
  unsigned rate_int = RATE_W - RATE_FRAC_BITS;  // integer bits of rate (Mb/s)
  unsigned rate_frac = RATE_FRAC_BITS;          // fraction bits of rate
  unsigned rtt = RTT_W;                         // bits of prev_rtt (ns, saturating), avg_rtt_diff's integer part
  unsigned diff_frac = DIFF_FRAC_BITS;          // fraction bits (of ns) of avg_rtt_diff
  unsigned count = COUNT_W;                     // bits of neg_count (saturating)
  unsigned time = TIME_W;                       // bits of last_update, seg_send, tx_seg_start (ns, modulo)
  unsigned seg = SEG_W;                         // bits of seg_acked, tx_seg_bytes (segment < 2^seg bytes)
  unsigned seg_wire = SEG_WIRE_W;               // bits of tx_seg_wire (saturating)
  constexpr bool operator==(const Widths&) const = default;
  constexpr unsigned state_bits() const {
    return (rate_int + rate_frac) + rtt + (1 + rtt + diff_frac) + count + 3 * time + 2 * seg + seg_wire;
  }
};

inline constexpr std::array<WidthKnob, 8> kWidthKnobs{{
    {"rate_int", RATE_W - RATE_FRAC_BITS, 1, "integer bits of the rate (Mb/s): the maximum rate must be < 2^rate_int Mb/s"},
    {"rate_frac", RATE_FRAC_BITS, 0, "fraction bits of the rate: one bit less doubles its LSB (1/32 Mb/s)"},
    {"rtt", RTT_W, 8, "bits of prev_rtt (ns, saturating) and of avg_rtt_diff's integer part: T_high must be < 2^rtt ns"},
    {"diff_frac", DIFF_FRAC_BITS, 0, "fraction bits (of ns) of avg_rtt_diff: the EWMA stalls when alpha x step < LSB/2"},
    {"count", COUNT_W, 1, "bits of neg_count (saturating): must count to hai_thresh"},
    {"time", TIME_W, 8, "bits of the three timestamps (ns modulo 2^time): elapsed times wrap at 2^time ns"},
    {"seg", SEG_W, 9, "bits of the segment byte counters: segment_bytes must be < 2^seg"},
    {"seg_wire", SEG_WIRE_W, 10, "bits of the segment's wire-byte counter (saturating): the pacing span of a segment"},
}};

constexpr uint32_t rate_from_mbps(uint32_t mbps) { return mbps << RATE_FRAC_BITS; }

// The TIMELY paper's Algorithm 1 or the authors' published code snippet (getNewRate). Differences, all kept:
//   delta_factor = min((now - last_update)/minRTT, 1) scales the increases and the T_high decrease:
//     author only (paper: 1);
//   HAI counts consecutive completions with new_rtt_diff < 0 (author) or with g < 0 (paper);
//   the new rate is at least half the old one: author only (paper: only the minimum rate).
enum class Variant : uint8_t { kAuthor, kPaper };

// User-facing parameters (the scenario's cc.timely.* keys), in natural units.
struct Params {
  Variant variant = Variant::kAuthor;  // the authors' getNewRate
  double alpha = 0.02;                 // authors' code "ewma_alpha: recommended value = 0.02"
  double beta = 0.8;                   // authors' code "decreaseFactor: 0.8" (paper, section 6: 0.8)
  double delta_mbps = 10;              // authors' code "additiveIncrement: 10Mbps for 10Gbps line rate"
  uint32_t t_low_ns = 50'000;          // authors' code "t_low ... 50us (if using per 64KB message pacing)"
  uint32_t t_high_ns = 1'000'000;      // authors' code "t_high: recommended value = 1ms"
  uint32_t min_rtt_ns = 20'000;        // ECN-or-Delay "minRTT = 20 us (C = 10 Gb/s)"; code: "fixed minimum network RTT"
  uint32_t hai_thresh = 5;             // authors' code "HAI_Thresh: recommended value = 5"
  uint32_t hai_n = 5;                  // authors' code "if (negGradientCount_ >= HAI_thresh) N = 5"
  uint32_t segment_bytes = 65536;      // authors' code "64KB message pacing" (64 KiB = 64 frames of 1 KiB)
  bool segment_pacing = true;          // paper, section 3: segments at line rate, gaps between; false = per frame
  double min_rate_mbps = 10;           // authors' code "minRate = optional"; the NIC needs > 0: one delta
  double max_rate_mbps = 0;            // authors' code "maxRate = line rate"; 0 = the NIC's line rate
  double initial_rate_mbps = 0;        // 0 = max rate (ECN-or-Delay: C/(N+1) needs N, unknown to the NIC)
  uint32_t max_outstanding_bytes = 0;  // paper "we limit the volume of outstanding data to a static
                                       // worst-case limit" (no value given); 0 = no limit
  Widths widths;                       // state widths (docs/explore.md); default: shipped

  // The paper (section 6): 16 KB segments, T_high = 500 us; alpha = 0.875 (ECN-or-Delay: "recommended in [TIMELY]").
  static Params paper() {
    Params p;
    p.variant = Variant::kPaper;
    p.alpha = 0.875;           // ECN-or-Delay "Recommended in [TIMELY]"
    p.beta = 0.8;              // TIMELY paper, section 6
    p.delta_mbps = 10;         // TIMELY paper, section 6
    p.t_low_ns = 50'000;       // TIMELY paper, section 6
    p.t_high_ns = 500'000;     // TIMELY paper, section 6
    p.min_rtt_ns = 20'000;     // ECN-or-Delay "minRTT = 20 us"
    p.segment_bytes = 16384;   // TIMELY paper, section 6: 16 KB (16 KiB: whole 1 KiB frames)
    return p;
  }
};

// "" if p is usable, else "cc.timely.<key> = <value> must be <rule>" (checked when a scenario loads).
std::string timely_params_error(const Params& p);

// Configuration registers derived from Params and the NIC (computed once, at configuration; the
// reciprocal of minRTT is the only division, done here, not per event).
struct Config {
  Variant variant = Variant::kAuthor;
  uint32_t alpha = 0;          // round(alpha 2^16), 1..2^16
  uint32_t beta = 0;           // round(beta 2^16), 1..2^16
  uint32_t delta = 0;          // rate LSB
  uint32_t t_low_ns = 0, t_high_ns = 0;
  uint32_t hai_thresh = 0, hai_n = 0;
  uint32_t min_rate = 0, max_rate = 0, initial_rate = 0;  // rate LSB
  uint32_t segment_bytes = 0;
  uint32_t seg_serialization_ns = 0;  // Seg/NLR: the segment's wire bytes at line rate, rounded
  // 1/minRTT (per ns) = inv_min_rtt_m 2^-inv_min_rtt_sh, mantissa in [2^23, 2^24] (25 bits),
  // relative error <= 2^-24.
  uint32_t inv_min_rtt_m = 0;
  uint32_t inv_min_rtt_sh = 0;
  Widths widths;
};

// Throws nothing; call timely_params_error first. line_mbps: the NIC's line rate (max rate when
// max_rate_mbps = 0); segment_wire_bytes: the wire bytes of one full segment (frames, headers,
// preamble and inter-frame gap), so that Seg/NLR is the segment's serialisation time.
Config timely_config(const Params& p, double line_mbps, uint32_t segment_wire_bytes);

// Per-flow state: one field of the library's exact-width integers per table row above.
struct State {
  ac_int<RATE_W, false> rate = 0;
  ac_int<RTT_W, false> prev_rtt = 0;      // ns; 0 = no sample yet (authors' code: "prevRTT_ initialized to 0")
  ac_int<AVG_W, true> avg_rtt_diff = 0;   // 2^-8 ns
  ac_int<COUNT_W, false> neg_count = 0;   // saturating
  ac_int<TIME_W, false> last_update = 0;  // ns modulo 2^32
  ac_int<SEG_W, false> seg_acked = 0;
  ac_int<TIME_W, false> seg_send = 0;     // ns modulo 2^32
  ac_int<SEG_W, false> tx_seg_bytes = 0;
  ac_int<TIME_W, false> tx_seg_start = 0; // ns modulo 2^32
  ac_int<SEG_WIRE_W, false> tx_seg_wire = 0;

  static constexpr unsigned kStateBits =
      RATE_W + RTT_W + AVG_W + COUNT_W + TIME_W + SEG_W + TIME_W + SEG_W + TIME_W + SEG_WIRE_W;
};
static_assert(State::kStateBits == 242);
static_assert(Widths{}.state_bits() == State::kStateBits, "the shipped widths are the state table's");

enum class Region : uint8_t {
  kNone,          // no completion event
  kLow,           // new_rtt < T_low: additive increase by delta
  kHigh,          // new_rtt > T_high: rate (1 - beta (1 - T_high/new_rtt))
  kGradientInc,   // g <= 0: additive increase by N delta (N = hai_n in HAI, else 1)
  kGradientDec,   // g > 0: rate (1 - beta g)
};

struct UpdateOut {
  Region region = Region::kNone;
  bool hai = false;            // kGradientInc with N = hai_n
  bool capped_half = false;    // author variant: the new rate was raised to half the old rate
  uint32_t rtt_ns = 0;         // new_rtt used
  int64_t g = 0;               // normalised gradient, 2^-24 units, saturated to +-2^31
  uint32_t delta_factor = 0;   // 2^-24 units, <= 2^24
  bool rate_changed = false;
};

struct AckOut {
  bool completion = false;     // this ACK covered the last byte of a segment: one rate update
  UpdateOut update;
};

struct TxOut {
  bool segment_sent = false;   // this frame ended a TX segment: the pacer waits before the next one
  uint32_t seg_elapsed_ns = 0; // now - on_tx time of the segment's first frame
  uint32_t seg_wire_bytes = 0; // wire bytes of the whole segment
};

// Start state: rate = initial rate, no RTT sample, segment counters clear.
State timely_initial_state(const Config& c);

// One completion event with RTT new_rtt_ns (the paper's Algorithm 1 or the authors' getNewRate) at time now_ns.
UpdateOut on_completion(State& s, const Config& c, uint32_t new_rtt_ns, uint32_t now_ns);

// An ACK: acked_bytes newly acknowledged, echo_ns the echoed send time (AckInfo.timely_send_time_ps
// in ns). The first ACK into a segment records its echo as the segment's t_send; the ACK that
// reaches segment_bytes is the completion: RTT = now - t_send - Seg/NLR (the TIMELY paper, section 3.1), then
// on_completion.
AckOut on_ack(State& s, const Config& c, uint32_t acked_bytes, uint32_t echo_ns, uint32_t now_ns);

// A data frame of payload_bytes (wire_bytes on the wire) started at now_ns.
TxOut on_tx(State& s, const Config& c, uint32_t payload_bytes, uint32_t wire_bytes, uint32_t now_ns);

// Go-back-N (NAK or timeout): the next frame starts a new TX segment.
void restart_tx_segment(State& s);

// Helpers shared with the tests (pure, constant-bound).
// floor(num 2^24 / den) for num < den < 2^24: restoring division, 24 steps.
uint32_t frac_div(uint32_t num, uint32_t den);

}  // namespace ccf::hls::timely
