// np_kernel.hpp: DCQCN notification point, CNP generation per flow (spec 1.3; DCQCN paper section
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
// timer, DESIGN.md principle 2), which closes the window, so a flow idle for longer than 2^17 ns is
// never compared against a stale timestamp. Ties at the same ns give the same result in either
// order of on_marked_packet and on_window_end.
#pragma once

#include <cstdint>

namespace ccf::hls::dcqcn {

inline constexpr unsigned NP_TIME_W = 17;  // ns; covers windows up to 131071 ns
inline constexpr uint32_t kNpTimeMask = (1u << NP_TIME_W) - 1;

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

  // Paper: "We use N = 50 us" (seed section 3.1; spec 1.3).
  static constexpr NpParams paper() { return NpParams{NpMode::kPaperWindow, 50'000}; }
  // ConnectX: np_min_time_between_cnps = 4 us, the default of most mlxconfig dumps (spec 1.3, 1.7).
  static constexpr NpParams mlx5() { return NpParams{NpMode::kMinTimeBetweenCnps, 4'000}; }
};

struct NpState {
  uint32_t last_cnp_ns = 0;  // NP_TIME_W bits: time of the last CNP modulo 2^NP_TIME_W
  bool open = false;
  bool pending = false;
  static constexpr unsigned kStateBits = NP_TIME_W + 2;
};

struct NpOut {
  bool send_cnp = false;       // send one CNP for this flow now
  bool arm_window = false;     // (re)start the window timer: call on_window_end at window_end_ns
  uint64_t window_end_ns = 0;
};

namespace np_detail {
inline bool interval_over(const NpState& s, const NpParams& p, uint64_t now_ns) {
  const uint32_t elapsed = (static_cast<uint32_t>(now_ns) - s.last_cnp_ns) & kNpTimeMask;
  return elapsed >= p.interval_ns;
}
inline NpOut send(NpState& s, const NpParams& p, uint64_t now_ns) {
  NpOut out;
  out.send_cnp = true;
  s.last_cnp_ns = static_cast<uint32_t>(now_ns) & kNpTimeMask;
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
  if (p.interval_ns > kNpTimeMask) return "interval_ns (N) must be <= 131071 ns (17-bit timestamp)";
  if (p.mode == NpMode::kPaperWindow && p.interval_ns == 0)
    return "interval_ns (N) must be > 0 in the paper window mode";
  return nullptr;
}

}  // namespace ccf::hls::dcqcn
