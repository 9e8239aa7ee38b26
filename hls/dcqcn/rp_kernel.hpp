// rp_kernel.hpp: DCQCN reaction point arithmetic (DCQCN paper section 3.1, eq. 1-4,
// Figure 7). One pure function per event on a fixed-width per-flow state: no allocation, no recursion,
// no loops, no floating point. The SystemC unit (sc/nic/) keeps the per-flow timers as deadlines and
// calls these functions; models/dcqcn/rp_reference.* is the double-precision reference that the tests
// compare against. State table, arithmetic per event and error bound: docs/units/dcqcn.md.
//
// Per-flow state as the hardware stores it (RpState::kStateBits = 109):
//
//   field        bits  unit                                   meaning
//   rc             24  kRateLsb = 1/32 Mb/s (31.25 kb/s)      RC, current rate (max 524.3 Gb/s)
//   rt             24  kRateLsb                               RT, target rate
//   alpha          20  2^-20 (fraction, max 1 - 2^-20)        alpha, rate-reduction factor
//   time_stage      7  timer increase events, saturating      T in Figure 7 (mlx: rpTimeStage)
//   byte_stage      7  byte-counter events, saturating        BC in Figure 7
//   bytes_left     24  bytes                                  byte counter: bytes until next event
//   limited         1  flag                                   a CNP has been seen (counters run)
//   variant bits    2  flags                                  ns3-rdma: hyper (1 bit);
//                                                             mlx: alpha_cnp, decrease_cnp (2 bits)
//
// Rates in Mb/s are exact (1 Mb/s = 32 LSB): R_AI = 5 or 40 Mb/s, 400 Gb/s = 12,800,000 LSB.
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>

#include "hls/widths.hpp"

namespace ccf::hls::dcqcn {

// ---- widths, stated once (docs/units/dcqcn.md) ----
inline constexpr unsigned RATE_W = 24;          // rc, rt
inline constexpr unsigned RATE_FRAC_BITS = 5;   // 1 Mb/s = 2^5 rate LSB
inline constexpr unsigned ALPHA_W = 20;         // alpha = value / 2^ALPHA_W
inline constexpr unsigned STAGE_W = 7;          // time_stage, byte_stage
inline constexpr unsigned BYTES_W = 24;         // bytes_left, and B <= 2^24 - 1 bytes
inline constexpr unsigned GAIN_FRAC_BITS = 16;  // parameters g and min_dec_fac: value / 2^16

inline constexpr uint32_t kRateMax = (1u << RATE_W) - 1;
inline constexpr uint32_t kAlphaOne = 1u << ALPHA_W;  // 1.0 (not storable)
inline constexpr uint32_t kAlphaMax = kAlphaOne - 1;  // largest alpha, 1 - 2^-20
inline constexpr uint32_t kStageMax = (1u << STAGE_W) - 1;
inline constexpr uint32_t kBytesMax = (1u << BYTES_W) - 1;
inline constexpr uint32_t kGainOne = 1u << GAIN_FRAC_BITS;
inline constexpr unsigned kMaxFastRecoverySteps = 31;  // mlx rp_threshold range 0..31 (mlx5 cc_params)

static_assert(RATE_W + RATE_FRAC_BITS <= 32 && RATE_W <= 28, "rates and 10*RC must fit 32 bits");
static_assert(ALPHA_W <= 24 && GAIN_FRAC_BITS <= 16, "products must fit 64 bits");
static_assert(kMaxFastRecoverySteps + 2 <= kStageMax, "stage counters must count past F");

// The widths the state memory keeps (docs/explore.md 2): at most the shipped widths above, which the
// containers and the datapath are sized for. The kernel rounds rc, rt and alpha to the kept fraction
// bits when it writes them back, saturates them at the kept integer range, and saturates the stage
// counters at 2^stage - 1 in their increment; bytes_left needs B < 2^bytes. rp_params_error checks
// that the parameters fit the widths. The defaults cost nothing: every quantisation is skipped.
struct RpWidths {
  unsigned rate_int = RATE_W - RATE_FRAC_BITS;  // integer bits of rc, rt: rates < 2^rate_int Mb/s
  unsigned rate_frac = RATE_FRAC_BITS;          // fraction bits of rc, rt: LSB 2^-rate_frac Mb/s
  unsigned alpha = ALPHA_W;                     // fraction bits of alpha
  unsigned stage = STAGE_W;                     // bits of each stage counter (saturating)
  unsigned bytes = BYTES_W;                     // bits of bytes_left (B <= 2^bytes - 1)

  constexpr bool operator==(const RpWidths&) const = default;
  // RpState::kStateBits at these widths: rc, rt, alpha, two stage counters, bytes_left, limited and
  // the two variant bits.
  constexpr unsigned state_bits() const { return 2 * (rate_int + rate_frac) + alpha + 2 * stage + bytes + 1 + 2; }
};

inline constexpr std::array<WidthKnob, 5> kRpWidthKnobs{{
    {"rate_int", RATE_W - RATE_FRAC_BITS, 1, "integer bits of RC and RT (Mb/s): must hold the line rate"},
    {"rate_frac", RATE_FRAC_BITS, 0, "fraction bits of RC and RT: one bit less doubles the rate LSB (1/32 Mb/s)"},
    {"alpha", ALPHA_W, 1, "fraction bits of alpha: one bit less doubles its LSB; the EWMA stalls when g alpha < LSB/2"},
    {"stage", STAGE_W, 2, "bits of the T and BC stage counters (saturating): must count past F and reach the line rate by hyper steps"},
    {"bytes", BYTES_W, 1, "bits of the byte counter: B must be < 2^bytes"},
}};

// Rate conversions (configuration time; the kernel itself only sees rate LSBs).
constexpr uint32_t rate_from_mbps(uint32_t mbps) { return mbps << RATE_FRAC_BITS; }
constexpr uint32_t rate_from_kbps(uint32_t kbps) {  // rounds to the nearest LSB (31.25 kb/s)
  return static_cast<uint32_t>((uint64_t{kbps} * (1u << RATE_FRAC_BITS) + 500) / 1000);
}

// Variants of the algorithm (DCQCN paper; ns3-rdma qbb-net-device.cc; HPCC rdma-hw.cc CC_MODE 1).
enum class RpVariant : uint8_t {
  kPaper,    // paper / htsim: Figure 7 stage rule, i = min(T, BC) - F, cut with alpha before its update
  kNs3Rdma,  // DCQCN authors' ns3-rdma: sticky stages, i = min - F + 1, hyper timer T/2 and bytes B/2
  kMlx,      // HPCC ns-3 CC_MODE 1 ("Mellanox version"): alpha and decrease are periodic; timer-only
             // increases, or with B > 0 the ConnectX byte counter and Figure 7's max/min(T, BC) rule
};

enum class IncreaseSource : uint8_t { kTimer, kByteCounter };

// Configuration registers (not per flow). Rates in kRateLsb units, times in ns.
struct RpParams {
  RpVariant variant = RpVariant::kPaper;
  uint32_t line_rate = rate_from_mbps(40000);  // start rate and cap of RT and RC
  uint32_t min_rate = rate_from_mbps(100);     // floor of a cut
  uint32_t r_ai = rate_from_mbps(40);          // R_AI, additive step of RT
  uint32_t r_hai = rate_from_mbps(200);        // R_HAI, hyper step of RT (times i, except mlx)
  uint32_t g = kGainOne / 256;                 // g as a fraction of 2^16, 0 < g < 1/2
  uint32_t initial_alpha = kAlphaMax;          // alpha at start (mlx: set on the first CNP)
  uint32_t fast_recovery_steps = 5;            // F
  uint32_t byte_counter_bytes = 10'000'000;    // B; 0 = no byte counter (mlx: rp_byte_reset)
  uint32_t alpha_timer_ns = 55'000;            // K (mlx: alpha update period, dce_tcp_rtt)
  uint32_t increase_timer_ns = 55'000;         // T (mlx: rpg_time_reset)
  uint32_t rate_decrease_period_ns = 4'000;    // mlx only: rate_reduce_monitor_period
  bool clamp_tgt_rate = true;                  // RT <- RC on every cut (paper eq. 1)
  bool clamp_tgt_rate_after_time_inc = false;  // else RT <- RC only if an increase happened since
  uint32_t min_dec_fac = 0;                    // 0 = off; else one cut keeps >= RC * this / 2^16
  uint32_t rate_on_first_cnp = 0;              // mlx only: RC on the first CNP; 0 = keep current
  RpWidths widths;                             // state widths (docs/explore.md); default: shipped

  // Paper defaults (the DCQCN paper, section 3.1 and Table 2; ECN-or-Delay). line_rate_mbps: the paper's testbed ran 40 Gb/s NICs.
  static constexpr RpParams paper(uint32_t line_rate_mbps = 40000) {
    RpParams p;
    p.variant = RpVariant::kPaper;
    p.line_rate = rate_from_mbps(line_rate_mbps);  // DCQCN paper, section 3.1: senders start at line rate
    p.min_rate = rate_from_mbps(100);         // ns3-rdma and HPCC simulator default (the paper gives none)
    p.r_ai = rate_from_mbps(40);              // DCQCN paper, section 5, Table 2: R_AI "fixed at 40Mbps"
    p.r_hai = rate_from_mbps(200);            // ns3-rdma shipped config (the paper gives no R_HAI)
    p.g = kGainOne / 256;                     // ECN-or-Delay fluid model; ns3-rdma config DCTCP_GAIN
    p.initial_alpha = kAlphaMax;              // DCQCN paper, section 3.1, eq. 1: "Initial value of alpha is 1"
    p.fast_recovery_steps = 5;                // DCQCN paper, section 3.1: "F = 5 successive iterations"
    p.byte_counter_bytes = 10'000'000;        // ECN-or-Delay fluid model: B = 10 MB (1 MB = 10^6 B)
    p.alpha_timer_ns = 55'000;                // DCQCN paper, section 3.1, eq. 2: "K = 55us"
    p.increase_timer_ns = 55'000;             // ECN-or-Delay: T = tau' = 55 us
    p.rate_decrease_period_ns = 0;            // unused by the paper variant
    p.clamp_tgt_rate = true;                  // DCQCN paper, eq. 1: RT <- RC on every CNP
    p.clamp_tgt_rate_after_time_inc = false;
    p.min_dec_fac = 0;
    p.rate_on_first_cnp = 0;
    return p;
  }

  // HPCC ns-3 CC_MODE 1 (rdma-hw.cc) with the stock mix/config.txt of the HPCC simulator.
  static constexpr RpParams hpcc_ns3(uint32_t line_rate_mbps = 100000) {
    RpParams p;
    p.variant = RpVariant::kMlx;
    p.line_rate = rate_from_mbps(line_rate_mbps);  // rdma-hw.cc: mlx.m_targetRate (RT) starts at line rate
    p.min_rate = rate_from_mbps(100);         // mix/config.txt MinRate = 100 Mb/s (code default 100 Mb/s)
    p.r_ai = rate_from_mbps(50);              // mix/config.txt RateAI = 50 Mb/s (code default 5 Mb/s)
    p.r_hai = rate_from_mbps(100);            // mix/config.txt RateHAI = 100 Mb/s (code default 50 Mb/s)
    p.g = kGainOne / 256;                     // mix/config.txt EwmaGain g = 0.00390625 (1/256) (code default 1/16)
    p.initial_alpha = kAlphaMax;              // rdma-hw.cc cnp_received_mlx: alpha = 1 on the first CNP
    p.fast_recovery_steps = 1;                // mix/config.txt FastRecoveryTimes F = 1 (code default 5)
    p.byte_counter_bytes = 0;                 // rdma-hw.cc has no byte counter
    p.alpha_timer_ns = 1'000;                 // mix/config.txt AlphaResumInterval = 1 us (code default 55 us)
    p.increase_timer_ns = 900'000;            // mix/config.txt RPTimer = 900 us (code default 1500 us)
    p.rate_decrease_period_ns = 4'000;        // mix/config.txt RateDecreaseInterval = 4 us (code default 4 us)
    p.clamp_tgt_rate = false;                 // mix/config.txt ClampTargetRate = 0 (code default false)
    p.clamp_tgt_rate_after_time_inc = true;   // ClampTargetRate false ~ clamp_tgt_rate_after_time_inc = 1
    p.min_dec_fac = 0;                        // not in HPCC
    p.rate_on_first_cnp = 0;                  // RateOnFirstCnp 1.0 (code default) = keep current rate
    return p;
  }

  // ConnectX (mlx5) firmware defaults (mlx5 cc_params / mlxconfig; docs/units/dcqcn.md 4), run with the
  // HPCC/mlx event structure.
  static constexpr RpParams mlx5(uint32_t line_rate_mbps = 100000) {
    RpParams p;
    p.variant = RpVariant::kMlx;
    p.line_rate = rate_from_mbps(line_rate_mbps);  // mlx5 rp_max_rate = 0 (Mb/s; 0 = port speed)
    p.min_rate = rate_from_mbps(1);           // mlx5 rp_min_rate = 1 (Mb/s)
    p.r_ai = rate_from_mbps(5);               // mlx5 rp_ai_rate = 5 (Mb/s added to RT in AI)
    p.r_hai = rate_from_mbps(50);             // mlx5 rp_hai_rate = 50 (Mb/s added to RT in HAI)
    p.g = 320;                                // mlx5 rp_dce_tcp_g = 1019: g = 5/1024 = 320/2^16
    p.initial_alpha = 1023u << (ALPHA_W - 10);  // mlx5 rp_initial_alpha_value = 1023 (2^-10 units)
    p.fast_recovery_steps = 1;                // mlx5 rp_threshold = 1
    // ConnectX rp_byte_reset (RPG_BYTE_RESET) = 32767: bytes sent between byte-counter increase
    // events, 0 = off. Documented in bytes; some users report 64-byte units (unverified).
    p.byte_counter_bytes = 32767;
    p.alpha_timer_ns = 1'000;                 // mlx5 rp_dce_tcp_rtt = 1 (us alpha-update period)
    p.increase_timer_ns = 300'000;            // mlx5 rp_time_reset = 300 (us)
    p.rate_decrease_period_ns = 4'000;        // mlx5 rp_rate_reduce_monitor_period = 4 (us)
    p.clamp_tgt_rate = false;                 // mlx5 rp_clamp_tgt_rate = 0
    p.clamp_tgt_rate_after_time_inc = true;   // mlx5 rp_clamp_tgt_rate_ati = 1
    p.min_dec_fac = kGainOne / 2;             // mlx5 rp_min_dec_fac = 50 (% floor for one decrease)
    p.rate_on_first_cnp = 0;                  // mlx5 rp_rate_to_set_on_first_cnp = 0 (keep current)
    return p;                                 // rp_gd = 11 with a 10-bit alpha is alpha/2: our cut
  }
};

// Per-flow state: one field of the library's exact-width unsigned integers per table row above.
struct RpState {
  ac_int<RATE_W, false> rc = 0;          // RC, kRateLsb
  ac_int<RATE_W, false> rt = 0;          // RT, kRateLsb
  ac_int<ALPHA_W, false> alpha = 0;      // fraction of 2^ALPHA_W
  ac_int<STAGE_W, false> time_stage = 0; // T: timer events since the last cut, saturating
  ac_int<STAGE_W, false> byte_stage = 0; // BC: byte-counter events since the last cut, saturating
  ac_int<BYTES_W, false> bytes_left = 0;
  bool limited = false;      // a CNP has been seen: the byte counter and increase events are live
  bool hyper = false;        // ns3-rdma variant bit: stage 3 (hyper) reached, sticky until a cut
  bool alpha_cnp = false;    // mlx variant bit: a CNP arrived in this alpha period
  bool decrease_cnp = false; // mlx variant bit: a CNP arrived in this rate-decrease period

  // The variant bits overlay: a synthesised unit has one variant, so it stores at most two of them.
  static constexpr unsigned kVariantBits = 2;
  static constexpr unsigned kStateBits =
      2 * RATE_W + ALPHA_W + 2 * STAGE_W + BYTES_W + 1 + kVariantBits;
};
static_assert(RpWidths{}.state_bits() == RpState::kStateBits, "the shipped widths are the state table's");

enum class RpAction : uint8_t {
  kNone,
  kRateCut,           // eq. 1 (mlx: at the rate-decrease period)
  kCnpLatched,        // mlx: CNP recorded, acted on at the next alpha / decrease period
  kAlphaUpdate,       // eq. 2 (mlx: with +g if a CNP arrived in the period)
  kFastRecovery,      // eq. 3
  kAdditiveIncrease,  // eq. 4
  kHyperIncrease,
};

// What the unit needs after one event. A nonzero arm_*_ns means "(re)start that timer: deadline =
// now + value"; zero means "leave it as it is". The kernel never cancels a timer without restarting it.
struct RpOut {
  RpAction action = RpAction::kNone;
  uint32_t arm_alpha_ns = 0;        // alpha timer (paper: reset on every CNP; mlx: free-running)
  uint32_t arm_increase_ns = 0;     // rate-increase timer (T, or T/2 in the ns3-rdma hyper stage)
  uint32_t arm_decrease_ns = 0;     // mlx rate-decrease monitor timer
  bool byte_counter_expired = false;
  bool target_divided = false;      // ns3-rdma: RT > 10 RC on a first increase, so RT <- RT/8
  uint8_t hyper_i = 0;              // hyper step multiplier: RT += hyper_i * R_HAI
  bool rate_changed = false;        // rc changed: the TX scheduler must re-read it
};

// Initial state of a flow: RC = RT = line rate, alpha = initial_alpha, counters cleared.
RpState rp_initial_state(const RpParams& p);

// A CNP for this flow (paper / ns3-rdma: eq. 1 now; mlx: latched for the periodic handlers).
RpOut on_cnp(RpState& s, const RpParams& p);
// The alpha timer expired (paper / ns3-rdma: K without a CNP, eq. 2; mlx: every K).
RpOut on_alpha_timer(RpState& s, const RpParams& p);
// mlx only: the rate-decrease monitor period ended; cuts once if a CNP arrived in it.
RpOut on_rate_decrease_timer(RpState& s, const RpParams& p);
// One increase event of the given source (Figure 7 and the variant rules).
RpOut on_increase_event(RpState& s, const RpParams& p, IncreaseSource src);
// len_bytes left the flow; when the byte counter reaches B this runs the byte-counter increase event.
RpOut on_tx(RpState& s, const RpParams& p, uint32_t len_bytes);

// nullptr if p is usable, else the rule it breaks (checked when the configuration is loaded),
// including that the parameters fit p.widths.
const char* rp_params_error(const RpParams& p);

}  // namespace ccf::hls::dcqcn
