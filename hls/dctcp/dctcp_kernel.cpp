// dctcp_kernel.cpp: see dctcp_kernel.hpp.
#include "hls/dctcp/dctcp_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace ccf::hls::dctcp {

std::string params_error(const Params& p, uint32_t mtu_bytes) {
  const Widths& w = p.widths;
  for (size_t i = 0; i < kWidthKnobs.size(); ++i) {
    const unsigned v = i == 0 ? w.cwnd_int : i == 1 ? w.cwnd_frac : i == 2 ? w.alpha : w.bytes;
    if (v < kWidthKnobs[i].min || v > kWidthKnobs[i].shipped)
      return "widths." + std::string(kWidthKnobs[i].name) + " = " + std::to_string(v) + " must be from " +
             std::to_string(kWidthKnobs[i].min) + " to " + std::to_string(kWidthKnobs[i].shipped) + " bits";
  }
  if (p.g_shift < 1 || p.g_shift > w.alpha)
    return "g_shift = " + std::to_string(p.g_shift) + " must be from 1 to widths.alpha = " + std::to_string(w.alpha);
  const double largest = double(ones(w.cwnd_int));
  if (!(p.min_cwnd >= 1 && p.min_cwnd <= p.max_cwnd))
    return "min_cwnd = " + std::to_string(p.min_cwnd) + " must be at least 1 packet and at most max_cwnd";
  if (!(p.max_cwnd <= largest))
    return "max_cwnd = " + std::to_string(p.max_cwnd) + " must be at most 2^widths.cwnd_int - 1 = " +
           std::to_string(largest) + " packets";
  if (!(p.init_cwnd >= p.min_cwnd && p.init_cwnd <= p.max_cwnd))
    return "init_cwnd = " + std::to_string(p.init_cwnd) + " must be from min_cwnd to max_cwnd";
  if (double(mtu_bytes) > double(ones(w.bytes)))
    return "widths.bytes = " + std::to_string(w.bytes) + " must hold one frame's payload (" + std::to_string(mtu_bytes) +
           " B)";
  return "";
}

Kernel::Kernel(const Params& p, uint32_t mtu_bytes) : p_(p), mtu_(mtu_bytes) {
  bytes_max_ = static_cast<uint32_t>(ones(p.widths.bytes));
  cwnd_max_ = packets(p.max_cwnd);
  cwnd_min_ = packets(p.min_cwnd);
}

uint32_t Kernel::packets(double v) const {
  const double raw = std::round(v * double(uint64_t{1} << p_.widths.cwnd_frac));
  return static_cast<uint32_t>(std::min(raw, double(ones(p_.widths.cwnd_int + p_.widths.cwnd_frac))));
}

// cwnd x MTU in bytes, saturating at the counters' width.
uint32_t Kernel::window_bytes(uint32_t cwnd) const {
  const uint64_t b = (uint64_t{cwnd} * mtu_) >> p_.widths.cwnd_frac;
  return static_cast<uint32_t>(std::min<uint64_t>(std::max<uint64_t>(b, 1), bytes_max_));
}

void Kernel::open_window(State& s) const {
  s.acked = s.marked = 0;
  s.window = window_bytes(s.cwnd);
  s.cut = false;
}

State Kernel::init() const {
  State s;
  s.cwnd = packets(p_.init_cwnd);
  s.alpha = uint32_t{1} << p_.widths.alpha;
  open_window(s);
  return s;
}

void Kernel::on_ack(State& s, uint64_t acked_bytes, bool ece) const {
  const unsigned a = p_.widths.alpha;
  s.acked = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{s.acked} + acked_bytes, bytes_max_));
  if (ece) s.marked = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{s.marked} + acked_bytes, bytes_max_));
  // RFC 8257 section 3.3: cwnd <- cwnd (1 - alpha / 2), once per window.
  if (ece && !s.cut) {
    const uint32_t cut = static_cast<uint32_t>((uint64_t{s.cwnd} * s.alpha) >> (a + 1));
    s.cwnd = std::max(s.cwnd - cut, cwnd_min_);
    s.cut = true;
  }
  if (s.acked < s.window) return;
  // The window's data is acknowledged: alpha <- alpha - alpha g + M g with M = marked / acked.
  const uint32_t m = static_cast<uint32_t>((uint64_t{s.marked} << a) / s.acked);
  s.alpha = s.alpha - (s.alpha >> p_.g_shift) + (m >> p_.g_shift);
  if (!s.cut) s.cwnd = std::min(s.cwnd + (uint32_t{1} << p_.widths.cwnd_frac), cwnd_max_);
  open_window(s);
}

void Kernel::on_nack(State& s) const {
  s.cwnd = std::max(s.cwnd >> 1, cwnd_min_);
  s.cut = true;  // the window has reacted: a CE echo in it does not cut again
}

void Kernel::on_timeout(State& s) const {
  s.cwnd = cwnd_min_;
  open_window(s);
}

double Kernel::cwnd_packets(const State& s) const { return double(s.cwnd) / double(uint64_t{1} << p_.widths.cwnd_frac); }
double Kernel::alpha(const State& s) const { return double(s.alpha) / double(uint64_t{1} << p_.widths.alpha); }

}  // namespace ccf::hls::dctcp
