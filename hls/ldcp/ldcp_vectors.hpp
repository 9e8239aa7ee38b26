// ldcp_vectors.hpp: LDCP records of the C simulation vector files (hls/csim/csim_vectors.hpp),
// written by the SystemC unit and read by ldcp_top_csim.cpp. Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/ldcp/ldcp_top.hpp"

namespace ccf::hls::ldcp {

inline constexpr std::array<const char*, kEventKinds> kEventNames{"init", "message", "ack", "loss", "tx"};

inline std::string params_line(const Config& c) {
  return csim::event_line("params ldcp", {c.alpha, c.beta, c.gamma, c.eta, c.iw_packets, c.mtu_shift, c.base_rtt_ns,
                                          c.fast_start, c.widths.cw_int, c.widths.cw_frac, c.widths.pkt, c.widths.rtt,
                                          uint64_t(c.divider)},
                          {});
}

inline bool config_from(const std::vector<uint64_t>& v, Config& c) {
  // 8 registers, then the 4 widths and the divider form (absent: shipped).
  if (v.size() != 8 && !(v.size() == 13 && v[12] < kDividers)) return false;
  auto u = [&](size_t i) { return static_cast<uint32_t>(v[i]); };
  c.alpha = u(0), c.beta = u(1), c.gamma = u(2), c.eta = u(3), c.iw_packets = u(4), c.mtu_shift = u(5);
  c.base_rtt_ns = u(6), c.fast_start = v[7] != 0;
  c.widths = Widths{};
  c.divider = Divider::kRecipTable;
  if (v.size() == 13) {
    c.widths = Widths{u(8), u(9), u(10), u(11)};
    c.divider = static_cast<Divider>(v[12]);
  }
  return c.iw_packets >= 1 && c.mtu_shift >= 8 && c.mtu_shift <= 12;
}

inline std::vector<uint64_t> words(const LdcpState& s, const LdcpOut& o) {
  return {s.cw, s.stable, s.fs_left, s.fs_acked, s.rtt_ns, uint64_t(o.action), o.n, o.window_changed};
}

inline std::string event_line(const Event& ev, const LdcpState& s, const LdcpOut& o) {
  return csim::event_line(kEventNames[unsigned(ev.kind)],
                          {ev.flow, ev.message_bytes, ev.ack.acked_bytes, ev.ack.cum_bytes_acked, ev.ack.ece,
                           ev.ack.fast_start_echo, ev.ack.rtt_ns},
                          words(s, o));
}

}  // namespace ccf::hls::ldcp
