// swift_kernel.hpp: Swift congestion-control arithmetic (the Swift paper, sections
// 3.1-3.5 and Algorithm 1). One pure function per event on a fixed-width per-flow state: no
// allocation, no recursion, no loops with variable bounds, no floating point. The SystemC unit
// (sc/nic/swift_unit) holds the state memory and calls these functions; models/swift/swift_reference.*
// is the double-precision reference that the tests compare against. State table, arithmetic per event
// and error bounds: docs/units/swift.md.
//
// Per-flow state as the hardware stores it (State::kStateBits = 226):
//
//   field                 bits  unit                                 meaning
//   fcwnd                   32  2^-20 packet (Q12.20)                fabric window
//   ecwnd                   32  2^-20 packet (Q12.20)                endpoint window
//   t_last_decrease_f_ns    32  ns, modulo 2^32                      t_last_decrease of fcwnd
//   t_last_decrease_e_ns    32  ns, modulo 2^32                      t_last_decrease of ecwnd
//   rtt_ns                  26  ns, saturating                       last RTT sample (t6 - t1)
//   endpoint_delay_q8       34  2^-8 ns                              EWMA of the endpoint delay
//   endpoint_valid           1  flag                                 the EWMA holds a sample
//   retransmit_cnt           5  timeouts, saturating at 31           retransmit_cnt
//   pacing_ns               32  ns, saturating                       pacing_delay = rtt / cwnd
//
// Divisions and the square root are a normalise (priority encoder + shifter), a 256-entry ROM and one
// Newton-Raphson step (two multipliers): relative error <= 2^-16 for 1/x, <= 2^-15 for 1/sqrt(x).
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>
#include <string>

#include "hls/divider.hpp"
#include "hls/widths.hpp"

namespace ccf::hls::swift {

// ---- widths, stated once (docs/units/swift.md section 2) ----
inline constexpr unsigned CWND_W = 32;          // fcwnd, ecwnd, min/max/init cwnd, ai
inline constexpr unsigned CWND_FRAC_BITS = 20;  // 1 packet = 2^20; 0.001 packet = 1049 LSB
inline constexpr unsigned DELAY_W = 26;         // rtt_ns and delays in ns: max 67.1 ms
inline constexpr unsigned Q8 = 8;               // fractional bits of targets and the endpoint EWMA
inline constexpr unsigned EWMA_W = DELAY_W + Q8;  // endpoint_delay_q8
inline constexpr unsigned TIME_W = 32;          // t_last_decrease: ns modulo 2^32 (4.29 s)
inline constexpr unsigned RETX_W = 5;           // retransmit_cnt
inline constexpr unsigned PACING_W = 32;        // pacing_ns, saturating (4.29 s)
inline constexpr unsigned GAIN_FRAC_BITS = 16;  // beta, max_mdf, endpoint EWMA gain: value / 2^16
inline constexpr unsigned RECIP_FRAC_BITS = 24; // ROM/Newton outputs and the MD factor: value / 2^24
inline constexpr unsigned ROM_INDEX_BITS = 8;   // 256-entry ROMs for 1/x and 1/sqrt(x)
inline constexpr unsigned HOPS_W = 8;
// The fs term's registers: alpha <= 10^7 ns / (1/sqrt(4054.5) (1 - 1/sqrt(1.01))) = 1.3e11 ns and
// |beta| <= fs_range / (sqrt(1.01) - 1) = 2.0e9 ns under swift_params_error's rules.
inline constexpr unsigned FS_ALPHA_W = 45;      // fs_alpha_q8: 2^-8 ns sqrt(packet), < 3.3e13
inline constexpr unsigned FS_TERM_W = 40;       // alpha/sqrt(fcwnd) below saturation, < fs_range + |beta|

inline constexpr uint32_t kCwndOne = 1u << CWND_FRAC_BITS;
inline constexpr uint32_t kCwndMax = 0xFFFF'FFFFu;                    // 4095.999999 packets
inline constexpr uint32_t kDelayMaxNs = (1u << DELAY_W) - 1;
inline constexpr uint32_t kRetxMax = (1u << RETX_W) - 1;
inline constexpr uint32_t kPacingMaxNs = 0xFFFF'FFFFu;
inline constexpr uint32_t kGainOne = 1u << GAIN_FRAC_BITS;
inline constexpr uint32_t kRecipOne = 1u << RECIP_FRAC_BITS;
inline constexpr uint32_t kMaxAckedBytes = (1u << 24) - 1;            // acked_bytes saturates here
inline constexpr uint32_t kMaxNumAckedPackets = 255;                  // num_acked saturates here
inline constexpr double kMaxAi = 16.0;                                // ai <= 16 packets (Q4.20)

static_assert(CWND_W == 32 && CWND_FRAC_BITS == 20, "windows are Q12.20 in a 32-bit word");

// The widths the state memory keeps (docs/explore.md 2); at most the shipped widths above. fcwnd and
// ecwnd are rounded to cwnd_frac fraction bits when written back and saturate at 2^cwnd_int packets;
// the endpoint EWMA keeps ewma_frac fraction bits of ns (its integer part has the rtt bits);
// rtt_ns, retransmit_cnt and pacing_ns saturate at their widths; t_last_decrease is ns modulo
// 2^time, and can_decrease subtracts modulo 2^time. swift_params_error checks that the parameters
// fit. The defaults cost nothing: every quantisation is skipped.
struct Widths {
  unsigned cwnd_int = CWND_W - CWND_FRAC_BITS;  // integer bits of fcwnd, ecwnd (packets)
  unsigned cwnd_frac = CWND_FRAC_BITS;          // fraction bits of fcwnd, ecwnd
  unsigned time = TIME_W;                       // bits of t_last_decrease_{f,e}_ns (ns, modulo)
  unsigned rtt = DELAY_W;                       // bits of rtt_ns (ns, saturating) and of the EWMA's integer part
  unsigned ewma_frac = Q8;                      // fraction bits (of ns) of endpoint_delay
  unsigned retx = RETX_W;                       // bits of retransmit_cnt (saturating)
  unsigned pacing = PACING_W;                   // bits of pacing_ns (ns, saturating)

  constexpr bool operator==(const Widths&) const = default;
  constexpr unsigned state_bits() const {
    return 2 * (cwnd_int + cwnd_frac) + 2 * time + rtt + (rtt + ewma_frac) + 1 + retx + pacing;
  }
};

inline constexpr std::array<WidthKnob, 7> kWidthKnobs{{
    {"cwnd_int", CWND_W - CWND_FRAC_BITS, 1, "integer bits of fcwnd and ecwnd: max_cwnd must be < 2^cwnd_int packets"},
    {"cwnd_frac", CWND_FRAC_BITS, 1, "fraction bits of fcwnd and ecwnd: min_cwnd must be >= 2^-cwnd_frac packets"},
    {"time", TIME_W, 8, "bits of the two t_last_decrease timestamps (ns modulo 2^time): a decrease is refused if the last one is a multiple of 2^time ns ago"},
    {"rtt", DELAY_W, 8, "bits of the RTT sample (ns, saturating) and of the endpoint EWMA's integer part"},
    {"ewma_frac", Q8, 0, "fraction bits (of ns) of the endpoint-delay EWMA: a small gain stalls when g x step < LSB/2"},
    {"retx", RETX_W, 1, "bits of retransmit_cnt (saturating): must count to retx_reset_threshold"},
    {"pacing", PACING_W, 8, "bits of pacing_ns (saturating): the longest pacing gap is 2^pacing - 1 ns"},
}};
static_assert(EWMA_W <= 40 && RECIP_FRAC_BITS + 1 + EWMA_W <= 64, "MD quotient product must fit 64 bits");
static_assert(DELAY_W + RECIP_FRAC_BITS + 1 <= 64, "pacing product must fit 64 bits");

// ---- configuration as the user writes it (scenario keys cc.swift.<name>) ----
// Defaults: htsim's swift.cpp (values htsim labels "guesses"), the Swift paper where it states
// a value, and our choice where no source gives one (marked "no source").
struct Params {
  double base_target_us = 20.0;      // htsim: base_target = 20 us
  double per_hop_us = 20.0 / 6.55;   // htsim: h = base/6.55 = 3.05 us
  double fs_range_us = 100.0;        // htsim: fs_range = 5 x base = 100 us
  double fs_min_cwnd = 0.1;          // htsim: fs_min_cwnd = 0.1 (packets)
  double fs_max_cwnd = 100.0;        // htsim: fs_max_cwnd = 100 (packets)
  double endpoint_target_us = 20.0;  // no source: INET's Swift.cc uses "a fixed constant with
                                     // no scaling"; we use base_target's value
  double endpoint_ewma_gain = 0.3;   // weight of the new sample. The Swift paper, section 3.3: "EWMA
                                     // filtering for the endpoint delay"; AlphaEWMA = 0.7 in an
                                     // HPCC-derived fork, read here as the old value's weight
                                     // [UNVERIFIED]; 1.0 = no filtering
  double ai = 1.0;                   // htsim: ai = 1.0 (packets per RTT)
  double beta = 0.8;                 // htsim: beta = 0.8
  double max_mdf = 0.5;              // htsim: max_mdf = 0.5
  double min_cwnd = 0.001;           // the Swift paper, section 3.4: "a minimum of 0.001 packets"
  double max_cwnd = 1000.0;          // htsim: 1000 MSS
  double init_cwnd = 10.0;           // no source: the Swift paper, section 3.2: "the initial
                                     // value of cwnd has little effect"; a loader may set it to the path BDP in packets
  uint32_t retx_reset_threshold = 5; // htsim: RETX_RESET_THRESHOLD = 5 (INET 12)
  bool decrease_stamp_on_equal = true;  // the Swift paper, Algorithm 1 line 27 "if cwnd <=
                                        // cwnd_prev then t_last_decrease <- now"; false = htsim's strict "<"
  Widths widths;                        // state widths (docs/explore.md); default: shipped
  Divider divider = Divider::kRecipTable;  // form of 1/x and 1/sqrt(x) (hls/divider.hpp)
};

// "" if p is usable, else "cc.swift.<key> = <value> must be <rule>" (checked when a scenario loads).
std::string swift_params_error(const Params& p);

// ---- configuration registers of the hardware (not per flow), derived once from Params ----
struct Regs {
  uint64_t base_target_q8 = 0;      // base_target in 2^-8 ns (< 2^34)
  uint32_t per_hop_q8 = 0;          // h in 2^-8 ns
  uint64_t fs_alpha_q8 = 0;         // alpha of the target-delay scaling (Swift paper, 3.5),
                                    // in 2^-8 ns * sqrt(packet)
  uint64_t fs_beta_q8 = 0;          // -beta of the target-delay scaling (>= 0) in 2^-8 ns
  uint64_t fs_range_q8 = 0;         // fs_range in 2^-8 ns
  uint64_t fs_sat_rs = 0;           // 1/sqrt(fcwnd) (2^-24 units) above which the term is fs_range
  uint64_t endpoint_target_q8 = 0;  // endpoint target in 2^-8 ns (< 2^34)
  uint32_t ewma_gain = 0;           // 2^-16
  uint32_t ai = 0;                  // Q12.20 packets
  uint32_t beta = 0;                // 2^-16
  uint32_t max_mdf = 0;             // 2^-16
  uint32_t min_cwnd = 0, max_cwnd = 0, init_cwnd = 0;  // Q12.20 packets
  uint32_t inv_mtu = 0;             // round(2^32 / mtu_bytes)
  uint32_t retx_reset_threshold = 0;
  bool stamp_on_equal = true;
  Widths widths;
  Divider divider = Divider::kRecipTable;
};

// Registers from a valid Params (swift_params_error(p) == "") and the RoCE MTU in bytes (64..65535).
Regs swift_regs(const Params& p, uint32_t mtu_bytes);

// ---- per-flow state: one field of the library's exact-width unsigned integers per table row above ----
using Cwnd = ac_int<CWND_W, false>;   // Q12.20 packets
using Stamp = ac_int<TIME_W, false>;  // ns modulo 2^TIME_W
struct State {
  Cwnd fcwnd = 0;
  Cwnd ecwnd = 0;
  Stamp t_last_decrease_f_ns = 0;
  Stamp t_last_decrease_e_ns = 0;
  ac_int<DELAY_W, false> rtt_ns = 0;           // 0 = no sample yet
  ac_int<EWMA_W, false> endpoint_delay_q8 = 0;
  bool endpoint_valid = false;
  ac_int<RETX_W, false> retransmit_cnt = 0;
  ac_int<PACING_W, false> pacing_ns = 0;       // 0 = no pacing (cwnd >= 1)

  static constexpr unsigned kStateBits = 2 * CWND_W + 2 * TIME_W + DELAY_W + EWMA_W + 1 + RETX_W + PACING_W;
};
static_assert(State::kStateBits == 226);
static_assert(Widths{}.state_bits() == State::kStateBits, "the shipped widths are the state table's");

// What Algorithm 1 did to one window.
enum class WindowAction : uint8_t {
  kNone,                // event without a window change (e.g. MD due but not yet an RTT since the last)
  kAdditiveIncrease,    // lines 6-10
  kMultiplicativeDecrease,  // lines 11-13 (ACK) or lines 20-21, 24-25 (timeout, fast recovery)
  kReset,               // lines 17-18: retransmit_cnt >= RETX_RESET_THRESHOLD, cwnd <- min_cwnd
};

struct Out {
  WindowAction fabric = WindowAction::kNone;
  WindowAction endpoint = WindowAction::kNone;
  uint32_t cwnd = 0;                 // min(fcwnd, ecwnd), Q12.20
  uint32_t pacing_ns = 0;            // = state.pacing_ns
  // ACK only, for tracing and tests:
  uint32_t fabric_delay_ns = 0;      // RTT - endpoint delay
  uint32_t endpoint_delay_ns = 0;    // remote queuing + local NIC Rx delay (0 here), unfiltered
  uint64_t fabric_target_q8 = 0;     // TargetDelay() for fcwnd, 2^-8 ns
};

// The ACK as the kernel sees it: the NIC's timestamps, truncated to its 1-ns counter.
struct AckIn {
  uint32_t now_ns = 0;               // t5 (= t6: the unit runs on the sender NIC), modulo 2^32
  uint64_t rtt_ns = 0;               // t5 - t1; saturates at 2^26 - 1
  uint64_t remote_queuing_ns = 0;    // t4 - t2, echoed on the ACK
  uint32_t hops = 0;                 // 64 - received TTL, echoed on the ACK (saturates at 255)
  uint64_t acked_bytes = 0;          // payload bytes newly acknowledged: num_acked = acked_bytes / mtu
};

State swift_initial_state(const Regs& r, uint32_t now_ns);
Out on_ack(State& s, const Regs& r, const AckIn& in);
Out on_retransmit_timeout(State& s, const Regs& r, uint32_t now_ns);
Out on_fast_recovery(State& s, const Regs& r, uint32_t now_ns);

// min(fcwnd, ecwnd).
inline uint32_t cwnd_of(const State& s) { return (s.fcwnd < s.ecwnd ? s.fcwnd : s.ecwnd).to_uint(); }

// ---- datapath blocks, exposed for the tests ----
// Reciprocal: returns r with x * r ~= 2^(24 + e), e = floor(log2 x), r in [2^23, 2^24]; x >= 1.
// |r / (2^(24+e) / x) - 1| <= 2^-16 in the shipped form (ROM + Newton); other forms: hls/divider.hpp.
uint32_t recip_mant(uint64_t x, unsigned& e, Divider form = Divider::kRecipTable);
// 1/sqrt(cwnd) for cwnd in Q12.20 (cwnd >= 1 LSB), in units of 2^-24 / sqrt(packet).
// Relative error <= 2^-15 in the shipped form.
uint64_t rsqrt_q24(uint32_t cwnd_q20, Divider form = Divider::kRecipTable);
// TargetDelay() for the fabric window: base + hops * h + clamp(alpha/sqrt(fcwnd) + beta, 0, fs_range).
uint64_t fabric_target_q8(const Regs& r, uint32_t fcwnd, uint32_t hops);

}  // namespace ccf::hls::swift
