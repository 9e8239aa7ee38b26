// dctcp_kernel.hpp: a DCTCP-style window unit, the worked example of docs/adding-an-algorithm.md.
// The sender's rules of RFC 8257 (Data Center TCP) section 3.3 on a RoCE NIC's per-ACK events:
//   - every ACK adds its bytes to the window's acked count, and to its marked count when it echoes
//     a CE mark (ECE);
//   - the first ECE of an observation window cuts the window once: cwnd <- cwnd (1 - alpha / 2);
//   - when the window's bytes are acknowledged, alpha <- (1 - g) alpha + g M with M the marked
//     fraction, a window without a cut grows by one packet (congestion avoidance, one MSS per
//     window of data), and the next window is the new cwnd;
//   - a NAK halves cwnd and a retransmission timeout sets it to min_cwnd (section 3.5: loss as TCP).
// The observation window is the cwnd in bytes when it opened (about one round trip, as section 3.3's
// SND.NXT mark gives). Fixed point on integers of the widths below: cwnd in 2^-cwnd_frac packets,
// alpha in 2^-alpha (1.0 included), byte counters saturating; g is a power of two, so alpha's update
// is two shifts, and M is the one division (at a window's end).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "hls/widths.hpp"

namespace ccf::hls::dctcp {

inline constexpr unsigned CWND_INT_W = 16;  // packets
inline constexpr unsigned CWND_FRAC_W = 8;
inline constexpr unsigned ALPHA_W = 10;     // fraction bits; the field holds 0..1 in ALPHA_W + 1 bits
inline constexpr unsigned BYTES_W = 24;     // acked, marked and window byte counts

struct Widths {
  unsigned cwnd_int = CWND_INT_W, cwnd_frac = CWND_FRAC_W, alpha = ALPHA_W, bytes = BYTES_W;
  // cwnd, alpha (with its integer bit), three byte counters and the cut flag.
  constexpr unsigned state_bits() const { return cwnd_int + cwnd_frac + alpha + 1 + 3 * bytes + 1; }
};

inline constexpr std::array<WidthKnob, 4> kWidthKnobs{{
    {"cwnd_int", CWND_INT_W, 4, "integer bits of cwnd: the largest window (packets)"},
    {"cwnd_frac", CWND_FRAC_W, 1, "fraction bits of cwnd: the resolution of a cut"},
    {"alpha", ALPHA_W, 2, "fraction bits of alpha: the resolution of the marked-fraction average"},
    {"bytes", BYTES_W, 12, "bits of the byte counters of an observation window (saturating)"},
}};

struct Params {
  unsigned g_shift = 4;     // g = 2^-g_shift; RFC 8257 section 4.2 recommends g = 1/16
  double init_cwnd = 64;    // packets
  double min_cwnd = 1;      // packets
  double max_cwnd = 1000;   // packets
  Widths widths;
};

// "" if the parameters are usable with MTU mtu_bytes, else "<key> = <value> must be <rule>".
std::string params_error(const Params& p, uint32_t mtu_bytes);

struct State {
  uint32_t cwnd = 0;    // 2^-cwnd_frac packets
  uint32_t alpha = 0;   // 2^-alpha; 1.0 = 2^alpha
  uint32_t acked = 0;   // bytes acknowledged in the observation window
  uint32_t marked = 0;  // of those, bytes whose ACK echoed a CE mark
  uint32_t window = 0;  // bytes the window lasts (its cwnd when it opened)
  bool cut = false;     // the window has cut cwnd
};

class Kernel {
 public:
  Kernel(const Params& p, uint32_t mtu_bytes);
  // A new flow: cwnd = init_cwnd, alpha = 1 (RFC 8257 section 3.3), an empty window.
  State init() const;
  void on_ack(State& s, uint64_t acked_bytes, bool ece) const;
  void on_nack(State& s) const;
  void on_timeout(State& s) const;
  double cwnd_packets(const State& s) const;
  double alpha(const State& s) const;
  const Params& params() const { return p_; }

 private:
  uint32_t packets(double v) const;      // v packets in 2^-cwnd_frac, rounded, within the cwnd field
  uint32_t window_bytes(uint32_t cwnd) const;
  void open_window(State& s) const;
  Params p_;
  uint32_t mtu_;
  uint32_t cwnd_max_, cwnd_min_, bytes_max_;
};

}  // namespace ccf::hls::dctcp
