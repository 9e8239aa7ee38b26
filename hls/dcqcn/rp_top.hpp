// rp_top.hpp: synthesis top of the DCQCN reaction point (docs/hls.md 2). One kernel event per call
// (pipeline II = 1): read the flow's state word, one pass of rp_kernel, write it back. The SystemC unit
// (sc/nic/dcqcn_rp_unit) runs every pass through rp_step, so the unit and the top decode events the
// same way; the timers stay in the unit (deadlines, docs/README.md principle 2) and arrive here as events.
// Directives: rp_top_vitis.tcl, rp_top_catapult.tcl. C simulation: rp_top_csim.cpp.
#pragma once

#include <cstdint>

#include "hls/dcqcn/rp_kernel.hpp"
#include "hls/dcqcn/state_words.hpp"

#ifndef CCF_HLS_FLOW_W
#define CCF_HLS_FLOW_W 16  // flow index bits of the state memory: 2^16 = 65,536 flows, the report's default
#endif

// The state widths the synthesised top is built for: compile-time constants, so that the HLS tool
// sizes the datapath for them and folds the quantisation (docs/hls.md 2). Default: the shipped
// widths; a setting from `ccfabric explore` is -DCCF_HLS_RP_WIDTHS="{rate_int,rate_frac,alpha,stage,bytes}".
#ifndef CCF_HLS_RP_WIDTHS
#define CCF_HLS_RP_WIDTHS {}
#endif

namespace ccf::hls::dcqcn {

inline constexpr RpWidths kRpTopWidths CCF_HLS_RP_WIDTHS;
inline constexpr unsigned RP_TOP_FLOW_W = CCF_HLS_FLOW_W;
inline constexpr uint32_t kRpTopFlows = 1u << RP_TOP_FLOW_W;

enum class RpEventKind : uint8_t {
  kInit,               // a new flow: rp_initial_state
  kCnp,                // on_cnp
  kAlphaTimer,         // on_alpha_timer
  kIncreaseTimer,      // on_increase_event(kTimer)
  kRateDecreaseTimer,  // on_rate_decrease_timer (mlx)
  kTx,                 // on_tx(len_bytes)
  // The alpha timer and the increase timer of a flow due at the same instant (paper preset: K = T,
  // both armed by every CNP): on_alpha_timer and on_increase_event(kTimer) in one pass. The two
  // datapaths are independent (the increase reads no alpha), so one expiry is one event at II = 1.
  kAlphaIncreaseTimer,
};
inline constexpr unsigned kRpEventKinds = 7;

struct RpEvent {
  RpEventKind kind = RpEventKind::kInit;
  uint32_t flow = 0;       // RP_TOP_FLOW_W bits in the top; the unit's flow index in the unit
  uint32_t len_bytes = 0;  // kTx only
};

// One pass on a flow's state (decode + kernel).
RpOut rp_step(RpState& s, const RpParams& p, const RpEvent& ev);

// One word of the top's state memory: the state bits of kRpTopWidths (109 at the shipped widths).
using RpTopWord = RpWord<kRpTopWidths>;

}  // namespace ccf::hls::dcqcn

// The synthesis top, at global scope (Vitis HLS set_top and Catapult take a plain function name):
// state_mem is the per-flow state memory, one packed state word per flow (state_words.hpp).
void ccf_dcqcn_rp_top(const ccf::hls::dcqcn::RpEvent& ev,
                      const ccf::hls::dcqcn::RpParams& p,
                      ccf::hls::dcqcn::RpTopWord state_mem[ccf::hls::dcqcn::kRpTopFlows],
                      ccf::hls::dcqcn::RpOut& out);
