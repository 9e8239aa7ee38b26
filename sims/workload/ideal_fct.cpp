// ideal_fct.cpp: see ideal_fct.hpp.
#include "sims/workload/ideal_fct.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "sc/fabric/roce_format.hpp"

namespace ccf::sims {

namespace {

double wire_ps(uint32_t frame_bytes, double gbps) {
  return double(fabric::roce::wire_bytes(frame_bytes)) * 8.0 * 1000.0 / gbps;  // bits / (Gb/s) = ns; x1000 = ps
}

void check(const std::vector<PathLink>& path, const char* which) {
  if (path.empty()) throw std::invalid_argument(fmt::format("ideal FCT: the {} path has no link", which));
  for (const auto& l : path)
    if (!(l.gbps > 0) || !std::isfinite(l.gbps) || !(l.delay_ns >= 0) || !std::isfinite(l.delay_ns))
      throw std::invalid_argument(fmt::format("ideal FCT: {} link of {} Gb/s, {} ns: the rate must be > 0 and the "
                                              "delay >= 0", which, l.gbps, l.delay_ns));
}

}  // namespace

double ideal_fct_ps(uint64_t bytes, const IdealFctParams& p) {
  check(p.forward, "forward");
  check(p.reverse, "reverse");
  if (bytes == 0) throw std::invalid_argument("ideal FCT: a flow of 0 bytes never completes");
  const size_t hops = p.forward.size();
  const uint64_t n = (bytes + p.mtu_bytes - 1) / p.mtu_bytes;  // frames
  const uint32_t full = fabric::roce::data_frame_bytes(p.mtu_bytes, p.vlan);
  const uint32_t last = fabric::roce::data_frame_bytes(static_cast<uint32_t>(bytes - (n - 1) * p.mtu_bytes), p.vlan);
  const double send_gbps = p.sender_max_gbps > 0 ? std::min(p.sender_max_gbps, p.forward[0].gbps) : p.forward[0].gbps;
  const double gap_ps = wire_ps(full, send_gbps);
  auto hop_ps = [&](size_t k) { return p.forward[k].delay_ns * 1000.0 + p.switch_latency_ps; };  // link k to k+1

  // The least time from one frame's start to the next one's on link k: the sender's gap on the
  // first link; after a switch, the frame time rounded up to whole switch cycles.
  auto spacing_ps = [&](size_t k, uint32_t frame) {
    if (k == 0) return gap_ps;
    const double w = wire_ps(frame, p.forward[k].gbps);
    return p.switch_cycle_ps > 0 ? std::ceil(w / p.switch_cycle_ps - 1e-9) * p.switch_cycle_ps : w;
  };

  // start_full[k]: start on link k of frame n-1 (the last full frame), by the closed form; -inf
  // when the flow has a single frame.
  const double none = -std::numeric_limits<double>::infinity();
  std::vector<double> start_full(hops, none), end_full(hops, none);
  if (n >= 2) {
    double first = 0.0, slowest = 0.0;  // first: frame 1's start on link k
    for (size_t k = 0; k < hops; ++k) {
      if (k > 0) first += wire_ps(full, p.forward[k - 1].gbps) + hop_ps(k - 1);
      slowest = std::max(slowest, spacing_ps(k, full));
      start_full[k] = first + double(n - 2) * slowest;
      end_full[k] = start_full[k] + wire_ps(full, p.forward[k].gbps);
    }
  }
  // The last frame by the recursion; it leaves the sender at (n-1) x gap.
  double end_last = double(n - 1) * gap_ps + wire_ps(last, p.forward[0].gbps);
  for (size_t k = 1; k < hops; ++k)
    end_last = std::max(start_full[k] + spacing_ps(k, full), end_last + hop_ps(k - 1)) + wire_ps(last, p.forward[k].gbps);
  const double arrive_last_ps = end_last + p.forward[hops - 1].delay_ns * 1000.0;

  // When the receiver sends the ACK that covers the last frame.
  double ack_at_ps = arrive_last_ps;
  if (p.ack_every > 1) {
    // Arrival of frame j (1-based) < n: the last full frame's arrival minus (n-1-j) bottleneck times.
    double slowest = 0.0;
    for (size_t k = 0; k < hops; ++k) slowest = std::max(slowest, spacing_ps(k, full));
    const double arrive_full_ps = end_full[hops - 1] + p.forward[hops - 1].delay_ns * 1000.0;
    unsigned pending = 0;
    double timer_ps = none;  // armed coalescing deadline, or -inf
    for (uint64_t j = 1; j <= n; ++j) {
      const double at = j == n ? arrive_last_ps : arrive_full_ps - double(n - 1 - j) * slowest;
      if (timer_ps != none && timer_ps <= at) {  // the timer ACKs what is pending before frame j
        pending = 0;
        timer_ps = none;
      }
      ++pending;
      if (pending >= p.ack_every) {
        pending = 0;
        timer_ps = none;
        ack_at_ps = at;
      } else if (timer_ps == none) {
        timer_ps = at + p.ack_coalesce_timeout_ps;
      }
    }
    if (pending > 0) ack_at_ps = timer_ps;
  }

  // The ACK back: serialized on every reverse link, store-and-forward at every switch.
  const uint32_t ack = fabric::roce::ack_frame_bytes(p.vlan);
  double back_ps = 0.0;
  for (size_t k = 0; k < p.reverse.size(); ++k)
    back_ps += wire_ps(ack, p.reverse[k].gbps) + p.reverse[k].delay_ns * 1000.0 + (k > 0 ? p.switch_latency_ps : 0.0);
  return ack_at_ps + back_ps;
}

}  // namespace ccf::sims
