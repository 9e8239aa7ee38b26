// np_top.hpp: synthesis top of the DCQCN notification point (docs/hls.md 2). One kernel event per
// call (II = 1) on a per-flow state memory; the window deadline stays in the unit
// (sc/nic/dcqcn_np_unit.hpp), which runs every pass through np_step. Directives: np_top_vitis.tcl,
// np_top_catapult.tcl. C simulation: np_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_top.hpp"  // CCF_HLS_FLOW_W
#include "hls/dcqcn/state_words.hpp"

// Compile-time state widths of the synthesised top (as CCF_HLS_RP_WIDTHS): "{np_time,np_time_lsb}".
#ifndef CCF_HLS_NP_WIDTHS
#define CCF_HLS_NP_WIDTHS {}
#endif

namespace ccf::hls::dcqcn {

inline constexpr NpWidths kNpTopWidths CCF_HLS_NP_WIDTHS;
inline constexpr uint32_t kNpTopFlows = 1u << CCF_HLS_FLOW_W;
// One word of the top's state memory: the state bits of kNpTopWidths (19 at the shipped widths).
using NpTopWord = NpWord<kNpTopWidths>;

enum class NpEventKind : uint8_t {
  kMarked,     // on_marked_packet
  kWindowEnd,  // on_window_end
};
inline constexpr unsigned kNpEventKinds = 2;

struct NpEvent {
  NpEventKind kind = NpEventKind::kMarked;
  uint32_t flow = 0;
  uint64_t now_ns = 0;
};

inline NpOut np_step(NpState& s, const NpParams& p, const NpEvent& ev) {
  return ev.kind == NpEventKind::kMarked ? on_marked_packet(s, p, ev.now_ns) : on_window_end(s, p, ev.now_ns);
}


}  // namespace ccf::hls::dcqcn

// The synthesis top, at global scope (Vitis HLS set_top and Catapult take a plain function name):
// state_mem is the per-flow state memory, one packed state word per flow (state_words.hpp).
void ccf_dcqcn_np_top(const ccf::hls::dcqcn::NpEvent& ev,
                      const ccf::hls::dcqcn::NpParams& p,
                      ccf::hls::dcqcn::NpTopWord state_mem[ccf::hls::dcqcn::kNpTopFlows],
                      ccf::hls::dcqcn::NpOut& out);
