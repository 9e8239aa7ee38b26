// switch_core.hpp: the switch's cycle-level core behind one interface, so that one SwitchModel holds
// either: a Verilated configuration of the switch RTL (switch_rtl.cpp), picked by port count
// (sw::kBuiltPortCounts) and buffer size (sw::built_buffer_bytes), or the reference model of the
// MMU (switch_reference.cpp, models/switch/mmu_model.hpp), which the scoreboard holds equal to the
// RTL in every output of every cycle (docs/switch.md 6).
#pragma once

#include <cstdint>
#include <memory>

#include "models/switch/mmu_model.hpp"
#include "models/switch/switch_config.hpp"

namespace ccf::driver {
struct CfgOp;
}

namespace ccf::swc {

// `switch.impl` of a scenario; kNone for a switch that another rank simulates (docs/fabric.md 10):
// the module keeps its place in the kernel's process order and its sockets, without a core's
// memory, and is never woken.
enum class SwitchImpl { kRtl, kReference, kNone };

class SwitchCore {
 public:
  virtual ~SwitchCore() = default;
  // Resets the core and writes `cfg`; returns the first cycle free for traffic.
  virtual uint64_t reset_and_configure(const sw::SwitchConfig& cfg) = 0;
  // With a waveform: its time axis and the window dumped (driver::SwitchDut::set_trace_time).
  virtual void set_trace_time(uint64_t first_cycle, uint64_t period_ps, uint64_t from_ps, uint64_t to_ps) = 0;
  // One cycle (driver::SwitchDut's co-simulation cycle): the descriptors and PFC frames of the ports
  // set in `set` are written first with offer() and offer_pfc(); outputs before the edge, the
  // stepping prediction after it; the PFC frames sent are read with pfc_out() (for ports whose bit
  // is set in CycleReport::pfc_out_mask).
  virtual void offer(unsigned port, const sw::Descriptor& desc) = 0;
  virtual void offer_pfc(unsigned port, const sw::PfcFrame& frame) = 0;
  virtual void offer_cn(const sw::CnOnPort& cn) = 0;  // RCM (CycleInputMasks::cn_in)
  virtual void step(uint64_t cycle, const sw::CycleInputMasks& set, sw::CycleReport& out, const driver::CfgOp* cfg) = 0;
  virtual const sw::PfcFrame& pfc_out(unsigned port) const = 0;
  virtual uint32_t cfg_rd_data() const = 0;
};

// The RTL configuration with params.nports ports, with RCM if params.rcm; every other parameter must be
// at its default. Throws std::invalid_argument naming the built configurations otherwise. With
// `trace_path`, it dumps an FST waveform there.
std::unique_ptr<SwitchCore> make_rtl_core(const sw::SwitchParams& params, const char* trace_path);
// The reference model with `params` (any that SwitchParams::validate accepts). It has no waveform.
std::unique_ptr<SwitchCore> make_reference_core(const sw::SwitchParams& params);

}  // namespace ccf::swc
