// built_switches.hpp: the Verilated configurations of sw_top that ccfabric is built with
// (rtl/CMakeLists.txt), chosen by elaboration parameters: 8, 16 or 32 ports, each at 12,000,000 B
// without and with RCM and at 64 MiB without RCM, other parameters at their defaults
// (sw::built_port_count, sw::built_buffer_bytes). The one place that maps parameters to a model.
#pragma once

#include <systemc>

#include "models/switch/switch_config.hpp"

// Verilator's SystemC-aware runtime calls sc_time_stamp() unqualified: this header comes before any
// other that includes verilated.h.
using sc_core::sc_time_stamp;
#include "Vsw_top.h"
#include "Vsw_top_b64.h"
#include "Vsw_top_p8.h"
#include "Vsw_top_p8_b64.h"
#include "Vsw_top_p32.h"
#include "Vsw_top_p32_b64.h"
#include "Vsw_top_rcm.h"
#include "Vsw_top_rcm_p8.h"
#include "Vsw_top_rcm_p32.h"

namespace ccf::swc {

// Calls fn.template operator()<V>() with the model class V built for `params`, e.g.
// `with_built_switch(p, [&]<class V>() { ... })`; false, without calling it, when none is built.
template <class Fn>
bool with_built_switch(const sw::SwitchParams& params, Fn&& fn) {
  sw::SwitchParams d;
  const bool other_defaults = params.nprio == d.nprio && params.cell_bytes == d.cell_bytes &&
                              params.in_fifo_depth == d.in_fifo_depth && params.tag_w == d.tag_w &&
                              params.dst_w == d.dst_w && params.ngroups == d.ngroups &&
                              params.cfr_depth == d.cfr_depth && params.sar_tbl_lg == d.sar_tbl_lg;
  const bool large = params.buffer_bytes == sw::kLargeBufferBytes;
  if (!other_defaults || !(params.buffer_bytes == sw::kDefaultBufferBytes || (large && !params.rcm))) return false;
  auto pick = [&]<class Plain, class Rcm, class Large>() {
    if (params.rcm) fn.template operator()<Rcm>();
    else if (large) fn.template operator()<Large>();
    else fn.template operator()<Plain>();
    return true;
  };
  switch (params.nports) {
    case 8: return pick.template operator()<Vsw_top_p8, Vsw_top_rcm_p8, Vsw_top_p8_b64>();
    case 16: return pick.template operator()<Vsw_top, Vsw_top_rcm, Vsw_top_b64>();
    case 32: return pick.template operator()<Vsw_top_p32, Vsw_top_rcm_p32, Vsw_top_p32_b64>();
    default: break;
  }
  return false;
}

}  // namespace ccf::swc
