// switch_rtl.cpp: the Verilated switch as a SwitchCore (switch_core.hpp).
#include "sc/switch/switch_core.hpp"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

// First: it declares sc_time_stamp for the Verilated models before anything includes verilated.h.
#include "sc/switch/built_switches.hpp"

#include "rtl/driver/switch_dut.hpp"

namespace ccf::swc {

// Not in an anonymous namespace: a function of local linkage gets no profile (sc/CMakeLists.txt),
// and this one runs, with SwitchDut's step inlined, in every stepped cycle.
namespace detail {

template <class V>
class SwitchRtlOf final : public SwitchCore {
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

std::unique_ptr<SwitchCore> make_rtl_core(const sw::SwitchParams& params, const char* trace_path) {
  std::unique_ptr<SwitchCore> rtl;
  if (with_built_switch(params, [&]<class V>() { rtl = std::make_unique<SwitchRtlOf<V>>(params, trace_path); }))
    return rtl;
  const sw::SwitchParams defaults;
  std::string built;
  for (unsigned n : sw::kBuiltPortCounts) built += (built.empty() ? "" : ", ") + std::to_string(n);
  throw std::invalid_argument(fmt::format(
      "the switch RTL is built with {} ports and a {}-B buffer, each without and with RCM (CFR_DEPTH = {}, "
      "SAR_TBL_LG = {}), and with a {}-B buffer without RCM, other parameters at their defaults "
      "(rtl/CMakeLists.txt); asked for {} ports, {} B{}",
      built, sw::kDefaultBufferBytes, defaults.cfr_depth, defaults.sar_tbl_lg, sw::kLargeBufferBytes, params.nports,
      params.buffer_bytes, params.rcm ? " with RCM" : ""));
}

}  // namespace ccf::swc
