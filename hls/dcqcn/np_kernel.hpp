// np_kernel.hpp: DCQCN notification point, CNP generation per flow (DCQCN paper section
// 3.1 "NP Algorithm" and Figure 6). Pure functions on a fixed-width per-flow state; the SystemC unit
// keeps the window deadline and calls on_window_end at it. Reference: models/dcqcn/np_reference.*.
//
// Per-flow state (NpState::kStateBits = 19):
//
//   field         bits  unit                      meaning
//   last_cnp_ns     17  ns, modulo 2^17           when the last CNP was sent
//   open             1  flag                      a CNP was sent and its window has not closed
//   pending          1  flag                      paper mode: a marked packet arrived in the window
//
// Time. Callers pass the full time in ns (uint64_t); the state keeps its low NP_TIME_W bits and
// compares with wrap-safe modular subtraction. That is exact while a window is open, because an open
// window lasts at most N < 2^17 ns: the unit must call on_window_end at window_end_ns (the NP's
// timer, docs/README.md principle 2), which closes the window, so a flow idle for longer than 2^17 ns is
// never compared against a stale timestamp. Ties at the same ns give the same result in either
// order of on_marked_packet and on_window_end.
//
// Widths (docs/explore.md 2): NpWidths::time bits of a timestamp in ticks of 2^time_lsb ns. The
// stored time is (now >> time_lsb) mod 2^time; a window is over when the elapsed ticks reach
// floor(N / 2^time_lsb), so with time_lsb > 0 a mark up to one tick before the end of the window may
// already get its CNP (the window end itself, at now + N, always closes it). Shipped: 17 bits of ns.
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>

#include "hls/widths.hpp"

namespace ccf::hls::dcqcn {

inline constexpr unsigned NP_TIME_W = 17;  // ns; covers windows up to 131071 ns
inline constexpr uint32_t kNpTimeMask = (1u << NP_TIME_W) - 1;
inline constexpr unsigned kNpMaxTimeLsb = 16;

struct NpWidths {
  unsigned time = NP_TIME_W;  // bits of last_cnp (ticks, modulo 2^time)
  unsigned time_lsb = 0;      // one tick = 2^time_lsb ns
  constexpr bool operator==(const NpWidths&) const = default;
  constexpr unsigned state_bits() const { return time + 2; }  // + open, pending
};

inline constexpr std::array<WidthKnob, 2> kNpWidthKnobs{{
    {"np_time", NP_TIME_W, 1, "bits of the NP's last-CNP timestamp (ticks): the window N must be < 2^np_time ticks"},
    {"np_time_lsb", 0, 0, "log2 of the NP's tick in ns (a larger tick needs fewer bits, and a mark up to a tick early ends the window)"},
}};

enum class NpMode : uint8_t {
  // Paper Figure 6 (htsim, ns3-rdma): the first marked packet gets a CNP at once; afterwards at most
  // one CNP per interval, sent when the interval ends, if any packet in it was marked.
  kPaperWindow,
  // Mellanox np_min_time_between_cnps: a marked packet gets a CNP at once if the last one is at
  // least the interval old; marked packets inside the interval are ignored.
  kMinTimeBetweenCnps,
};

struct NpParams {
  NpMode mode = NpMode::kPaperWindow;
  uint32_t interval_ns = 50'000;  // N, < 2^NP_TIME_W; 0 = a CNP for every marked packet (min-time)
  NpWidths widths;                // state widths (docs/explore.md); default: shipped

  // Paper: "We use N = 50 us" (DCQCN paper, section 3.1).
  static constexpr NpParams paper() { return NpParams{NpMode::kPaperWindow, 50'000, {}}; }
  // ConnectX: np_min_time_between_cnps = 4 us, the default of most mlxconfig dumps (docs/units/dcqcn.md 4).
  static constexpr NpParams mlx5() { return NpParams{NpMode::kMinTimeBetweenCnps, 4'000, {}}; }
};

struct NpState {
  ac_int<NP_TIME_W, false> last_cnp_ns = 0;  // time of the last CNP modulo 2^NP_TIME_W (ticks of 2^time_lsb ns)
  bool open = false;
  bool pending = false;
  static constexpr unsigned kStateBits = NP_TIME_W + 2;
};
static_assert(NpWidths{}.state_bits() == NpState::kStateBits, "the shipped widths are the state table's");

struct NpOut {
  bool send_cnp = false;       // send one CNP for this flow now
  bool arm_window = false;     // (re)start the window timer: call on_window_end at window_end_ns
  uint64_t window_end_ns = 0;
};

namespace np_detail {
inline uint32_t ticks(const NpParams& p, uint64_t now_ns) {
  return static_cast<uint32_t>(now_ns >> p.widths.time_lsb) & static_cast<uint32_t>(ones(p.widths.time));
}
inline bool interval_over(const NpState& s, const NpParams& p, uint64_t now_ns) {
  const uint32_t elapsed = (ticks(p, now_ns) - s.last_cnp_ns.to_uint()) & static_cast<uint32_t>(ones(p.widths.time));
  return elapsed >= (p.interval_ns >> p.widths.time_lsb);
}
inline NpOut send(NpState& s, const NpParams& p, uint64_t now_ns) {
  NpOut out;
  out.send_cnp = true;
  s.last_cnp_ns = ticks(p, now_ns);
  s.pending = false;
  s.open = p.interval_ns != 0;
  if (s.open) {
    out.arm_window = true;
    out.window_end_ns = now_ns + p.interval_ns;
  }
  return out;
}
}  // namespace np_detail

// A CE-marked data packet of this flow arrived at now_ns.
inline NpOut on_marked_packet(NpState& s, const NpParams& p, uint64_t now_ns) {
  if (!s.open || np_detail::interval_over(s, p, now_ns)) return np_detail::send(s, p, now_ns);
  if (p.mode == NpMode::kPaperWindow) s.pending = true;
  return NpOut{};
}

// The window deadline returned by the last CNP was reached. A call for a window that a later CNP
// has already replaced (interval not over) changes nothing.
inline NpOut on_window_end(NpState& s, const NpParams& p, uint64_t now_ns) {
  if (!s.open || !np_detail::interval_over(s, p, now_ns)) return NpOut{};
  if (s.pending) return np_detail::send(s, p, now_ns);
  s.open = false;
  return NpOut{};
}

// nullptr if p is usable, else the rule it breaks.
inline const char* np_params_error(const NpParams& p) {
  if (p.widths.time < 1 || p.widths.time > NP_TIME_W) return "widths.np_time must be 1..17 (bits)";
  if (p.widths.time_lsb > kNpMaxTimeLsb) return "widths.np_time_lsb must be 0..16 (log2 ns)";
  if (p.interval_ns > kNpTimeMask) return "interval_ns (N) must be <= 131071 ns (17-bit timestamp)";
  // An open window lasts N, i.e. up to ceil(N / tick) ticks, which must not wrap the timestamp.
  const uint64_t tick = uint64_t{1} << p.widths.time_lsb;
  if ((p.interval_ns + tick - 1) / tick > ones(p.widths.time))
    return "interval_ns (N) must be <= (2^widths.np_time - 1) ticks of 2^widths.np_time_lsb ns";
  if (p.mode == NpMode::kPaperWindow && p.interval_ns == 0)
    return "interval_ns (N) must be > 0 in the paper window mode";
  return nullptr;
}

}  // namespace ccf::hls::dcqcn
