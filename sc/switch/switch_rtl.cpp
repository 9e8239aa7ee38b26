// switch_rtl.cpp: see switch_rtl.hpp.
#include "switch/switch_rtl.hpp"

#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <systemc>

// Verilator's SystemC-aware runtime calls sc_time_stamp() unqualified.
using sc_core::sc_time_stamp;
#include "Vsw_top.h"
#include "Vsw_top_b64.h"
#include "Vsw_top_p32.h"
#include "Vsw_top_p32_b64.h"
#include "Vsw_top_rcm.h"
#include "Vsw_top_rcm_p32.h"
#include "driver/switch_dut.hpp"

namespace ccf::swc {

// Not in an anonymous namespace: a function of local linkage gets no profile (sc/CMakeLists.txt),
// and this one runs, with SwitchDut's step inlined, in every stepped cycle.
namespace detail {

template <class V>
class SwitchRtlOf final : public SwitchRtl {
 public:
  SwitchRtlOf(const sw::SwitchParams& params, const char* trace_path) : dut_(params, trace_path) {}
  uint64_t reset_and_configure(const sw::SwitchConfig& cfg) override { return dut_.configure(dut_.reset(0), cfg); }
  void set_trace_time(uint64_t first_cycle, uint64_t period_ps, uint64_t from_ps, uint64_t to_ps) override {
    dut_.set_trace_time(first_cycle, period_ps, from_ps, to_ps);
  }
  void offer(unsigned port, const sw::Descriptor& desc) override { dut_.offer(port, desc); }
  void offer_pfc(unsigned port, const sw::PfcFrame& frame) override { dut_.offer_pfc(port, frame); }
  void offer_cn(const sw::CnOnPort& cn) override { dut_.offer_cn(cn); }
  void step(uint64_t cycle, const sw::CycleInputMasks& set, sw::CycleReport& out, const driver::CfgOp* cfg) override {
    dut_.step(cycle, set, out, cfg);
  }
  const sw::PfcFrame& pfc_out(unsigned port) const override { return dut_.pfc_out(port); }
  uint32_t cfg_rd_data() const override { return dut_.cfg_rd_data(); }

 private:
  driver::SwitchDut<V> dut_;
};

}  // namespace detail

using detail::SwitchRtlOf;

template <class V>
std::unique_ptr<SwitchRtl> make_of(const sw::SwitchParams& params, const char* trace_path) {
  return std::make_unique<SwitchRtlOf<V>>(params, trace_path);
}

std::unique_ptr<SwitchRtl> SwitchRtl::make(const sw::SwitchParams& params, const char* trace_path) {
  sw::SwitchParams defaults;
  defaults.nports = params.nports;
  const bool other_defaults = params.nprio == defaults.nprio && params.cell_bytes == defaults.cell_bytes &&
                              params.in_fifo_depth == defaults.in_fifo_depth && params.tag_w == defaults.tag_w &&
                              params.dst_w == defaults.dst_w && params.ngroups == defaults.ngroups &&
                              params.cfr_depth == defaults.cfr_depth && params.sar_tbl_lg == defaults.sar_tbl_lg;
  const bool large = params.buffer_bytes == sw::kLargeBufferBytes;
  if (other_defaults && (params.buffer_bytes == sw::kDefaultBufferBytes || (large && !params.rcm))) {
    if (!params.rcm && params.nports == 16)
      return large ? make_of<Vsw_top_b64>(params, trace_path) : make_of<Vsw_top>(params, trace_path);
    if (!params.rcm && params.nports == 32)
      return large ? make_of<Vsw_top_p32_b64>(params, trace_path) : make_of<Vsw_top_p32>(params, trace_path);
    if (params.rcm && params.nports == 16) return make_of<Vsw_top_rcm>(params, trace_path);
    if (params.rcm && params.nports == 32) return make_of<Vsw_top_rcm_p32>(params, trace_path);
  }
  std::string built;
  for (unsigned n : sw::kBuiltPortCounts) built += (built.empty() ? "" : ", ") + std::to_string(n);
  throw std::invalid_argument(fmt::format(
      "the switch RTL is built with {} ports and a {}-B buffer, each without and with RCM (CFR_DEPTH = {}, "
      "SAR_TBL_LG = {}), and with a {}-B buffer without RCM, other parameters at their defaults "
      "(rtl/CMakeLists.txt); asked for {} ports, {} B{}{}",
      built, sw::kDefaultBufferBytes, defaults.cfr_depth, defaults.sar_tbl_lg, sw::kLargeBufferBytes, params.nports,
      params.buffer_bytes, params.rcm ? " with RCM" : "", other_defaults ? "" : " and other non-default parameters"));
}

}  // namespace ccf::swc
