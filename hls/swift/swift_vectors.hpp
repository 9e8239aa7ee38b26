// swift_vectors.hpp: Swift records of the C simulation vector files (hls/csim/csim_vectors.hpp),
// written by the SystemC unit and read by swift_top_csim.cpp. Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/swift/swift_top.hpp"

namespace ccf::hls::swift {

inline constexpr std::array<const char*, kEventKinds> kEventNames{"init", "ack", "retransmit_timeout",
                                                                  "fast_recovery"};

inline std::string params_line(const Regs& r) {
  return csim::event_line("params swift",
                          {r.base_target_q8, r.per_hop_q8, r.fs_alpha_q8, r.fs_beta_q8, r.fs_range_q8, r.fs_sat_rs,
                           r.endpoint_target_q8, r.ewma_gain, r.ai, r.beta, r.max_mdf, r.min_cwnd, r.max_cwnd,
                           r.init_cwnd, r.inv_mtu, r.retx_reset_threshold, r.stamp_on_equal, r.widths.cwnd_int,
                           r.widths.cwnd_frac, r.widths.time, r.widths.rtt, r.widths.ewma_frac, r.widths.retx,
                           r.widths.pacing, uint64_t(r.divider)},
                          {});
}

inline bool regs_from(const std::vector<uint64_t>& v, Regs& r) {
  // 17 registers, then the 7 widths and the divider form (absent: shipped).
  if (v.size() != 17 && !(v.size() == 25 && v[24] < kDividers)) return false;
  auto u = [&](size_t i) { return static_cast<uint32_t>(v[i]); };
  r.base_target_q8 = v[0], r.per_hop_q8 = u(1), r.fs_alpha_q8 = v[2], r.fs_beta_q8 = v[3], r.fs_range_q8 = v[4];
  r.fs_sat_rs = v[5], r.endpoint_target_q8 = v[6], r.ewma_gain = u(7), r.ai = u(8), r.beta = u(9);
  r.max_mdf = u(10), r.min_cwnd = u(11), r.max_cwnd = u(12), r.init_cwnd = u(13), r.inv_mtu = u(14);
  r.widths = Widths{};
  r.divider = Divider::kRecipTable;
  if (v.size() == 25) {
    r.widths = Widths{u(17), u(18), u(19), u(20), u(21), u(22), u(23)};
    r.divider = static_cast<Divider>(v[24]);
  }
  r.retx_reset_threshold = u(15), r.stamp_on_equal = v[16] != 0;
  return r.min_cwnd > 0 && r.min_cwnd <= r.max_cwnd;
}

inline std::vector<uint64_t> words(const State& s, const Out& o) {
  return {s.fcwnd, s.ecwnd, s.t_last_decrease_f_ns, s.t_last_decrease_e_ns, s.rtt_ns, s.endpoint_delay_q8,
          s.endpoint_valid, s.retransmit_cnt, s.pacing_ns, uint64_t(o.fabric), uint64_t(o.endpoint), o.cwnd,
          o.pacing_ns, o.fabric_delay_ns, o.endpoint_delay_ns, o.fabric_target_q8};
}

inline std::string event_line(const Event& ev, const State& s, const Out& o) {
  return csim::event_line(kEventNames[unsigned(ev.kind)],
                          {ev.flow, ev.ack.now_ns, ev.ack.rtt_ns, ev.ack.remote_queuing_ns, ev.ack.hops,
                           ev.ack.acked_bytes},
                          words(s, o));
}

}  // namespace ccf::hls::swift
