// np_vectors.hpp: DCQCN NP records of the C simulation vector files (hls/csim/csim_vectors.hpp),
// written by the SystemC unit and read by np_top_csim.cpp. Testbench code, not synthesised.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hls/csim/csim_vectors.hpp"
#include "hls/dcqcn/np_top.hpp"

namespace ccf::hls::dcqcn {

inline constexpr std::array<const char*, kNpEventKinds> kNpEventNames{"marked", "window_end"};

inline std::string np_params_line(const NpParams& p) {
  return csim::event_line("params np", {uint64_t(p.mode), p.interval_ns, p.widths.time, p.widths.time_lsb}, {});
}

inline bool np_params_from(const std::vector<uint64_t>& v, NpParams& p) {
  if ((v.size() != 2 && v.size() != 4) || v[0] > 1) return false;  // mode, N[, widths time, time_lsb]
  p.mode = static_cast<NpMode>(v[0]);
  p.interval_ns = static_cast<uint32_t>(v[1]);
  p.widths = NpWidths{};
  if (v.size() == 4) p.widths = NpWidths{static_cast<unsigned>(v[2]), static_cast<unsigned>(v[3])};
  return np_params_error(p) == nullptr;
}

inline std::vector<uint64_t> np_words(const NpState& s, const NpOut& o) {
  return {s.last_cnp_ns, s.open, s.pending, o.send_cnp, o.arm_window, o.window_end_ns};
}

inline std::string np_event_line(const NpEvent& ev, const NpState& s, const NpOut& o) {
  return csim::event_line(kNpEventNames[unsigned(ev.kind)], {ev.flow, ev.now_ns}, np_words(s, o));
}

}  // namespace ccf::hls::dcqcn
