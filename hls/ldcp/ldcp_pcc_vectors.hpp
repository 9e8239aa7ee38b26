// ldcp_pcc_vectors.hpp: records of LDCP's CX6-DX PCC variant in the C simulation vector files
// (hls/csim/csim_vectors.hpp), written by sc/nic/ldcp_pcc_unit and read by ldcp_pcc_top_csim.cpp.
// Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/ldcp/ldcp_pcc_top.hpp"

namespace ccf::hls::ldcp {

inline constexpr std::array<const char*, kPccEventKinds> kPccEventNames{"init", "cnp", "probe_sent", "rtt_response",
                                                                        "probe_timeout"};

inline std::string pcc_params_line(const Config& c) {
  return csim::event_line("params ldcp_pcc",
                          {c.alpha, c.beta, c.gamma, c.iw_packets, c.base_rtt_ns, c.probe_timeout_ns, c.cw_clamp,
                           c.pkt_ns_mant, c.pkt_ns_shift, c.line_win_mant, c.line_win_shift, c.widths.cw_int,
                           c.widths.cw_frac, c.widths.pkt, c.widths.rtt, uint64_t(c.divider)},
                          {});
}

inline bool pcc_config_from(const std::vector<uint64_t>& v, Config& c) {
  if (v.size() != 16 || v[15] >= kDividers) return false;
  auto u = [&](size_t i) { return static_cast<uint32_t>(v[i]); };
  c = Config{};
  c.variant = Variant::kCx6dxPcc;
  c.alpha = u(0), c.beta = u(1), c.gamma = u(2), c.iw_packets = u(3), c.base_rtt_ns = u(4);
  c.probe_timeout_ns = u(5), c.cw_clamp = v[6] != 0;
  c.pkt_ns_mant = u(7), c.pkt_ns_shift = u(8), c.line_win_mant = u(9), c.line_win_shift = u(10);
  c.widths = Widths{u(11), u(12), u(13), u(14)};
  c.divider = static_cast<Divider>(v[15]);
  return c.iw_packets >= 1 && c.pkt_ns_shift < 40 && c.line_win_shift < 64;
}

inline std::vector<uint64_t> pcc_words(const PccState& s, const PccOut& o) {
  return {s.cw, s.rtt_ns, s.probe_in_flight, s.probe_sent_ns, uint64_t(o.action), o.rate, o.request_probe,
          o.arm_timeout_ns, o.window_changed};
}

inline std::string pcc_event_line(const PccEvent& ev, const PccState& s, const PccOut& o) {
  return csim::event_line(kPccEventNames[unsigned(ev.kind)], {ev.flow, ev.now_ns, ev.echo_sent_ns}, pcc_words(s, o));
}

}  // namespace ccf::hls::ldcp
