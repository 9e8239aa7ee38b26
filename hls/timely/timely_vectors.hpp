// timely_vectors.hpp: TIMELY records of the C simulation vector files (hls/csim/csim_vectors.hpp),
// written by the SystemC unit and read by timely_top_csim.cpp. Signed words are written as their
// 64-bit two's complement. Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/timely/timely_top.hpp"

namespace ccf::hls::timely {

inline constexpr std::array<const char*, kEventKinds> kEventNames{"init", "ack", "tx", "restart_segment"};

inline std::string params_line(const Config& c) {
  return csim::event_line("params timely",
                          {uint64_t(c.variant), c.alpha, c.beta, c.delta, c.t_low_ns, c.t_high_ns, c.hai_thresh,
                           c.hai_n, c.min_rate, c.max_rate, c.initial_rate, c.segment_bytes, c.seg_serialization_ns,
                           c.inv_min_rtt_m, c.inv_min_rtt_sh, c.widths.rate_int, c.widths.rate_frac, c.widths.rtt,
                           c.widths.diff_frac, c.widths.count, c.widths.time, c.widths.seg, c.widths.seg_wire},
                          {});
}

inline bool config_from(const std::vector<uint64_t>& v, Config& c) {
  // 15 registers, then the 8 widths (absent: shipped).
  if ((v.size() != 15 && v.size() != 23) || v[0] > 1) return false;
  auto u = [&](size_t i) { return static_cast<uint32_t>(v[i]); };
  c.variant = static_cast<Variant>(v[0]);
  c.alpha = u(1), c.beta = u(2), c.delta = u(3), c.t_low_ns = u(4), c.t_high_ns = u(5), c.hai_thresh = u(6);
  c.hai_n = u(7), c.min_rate = u(8), c.max_rate = u(9), c.initial_rate = u(10), c.segment_bytes = u(11);
  c.seg_serialization_ns = u(12), c.inv_min_rtt_m = u(13), c.inv_min_rtt_sh = u(14);
  c.widths = Widths{};
  if (v.size() == 23) c.widths = Widths{u(15), u(16), u(17), u(18), u(19), u(20), u(21), u(22)};
  return c.segment_bytes > 0 && c.min_rate <= c.max_rate;
}

inline std::vector<uint64_t> words(const State& s, const TopOut& o) {
  const UpdateOut& u = o.ack.update;
  return {s.rate, s.prev_rtt, static_cast<uint64_t>(s.avg_rtt_diff), s.neg_count, s.last_update, s.seg_acked,
          s.seg_send, s.tx_seg_bytes, s.tx_seg_start, s.tx_seg_wire, o.ack.completion, uint64_t(u.region), u.hai,
          u.capped_half, u.rtt_ns, static_cast<uint64_t>(u.g), u.delta_factor, u.rate_changed, o.tx.segment_sent,
          o.tx.seg_elapsed_ns, o.tx.seg_wire_bytes};
}

inline std::string event_line(const Event& ev, const State& s, const TopOut& o) {
  return csim::event_line(kEventNames[unsigned(ev.kind)], {ev.flow, ev.bytes, ev.wire_bytes, ev.echo_ns, ev.now_ns},
                          words(s, o));
}

}  // namespace ccf::hls::timely
