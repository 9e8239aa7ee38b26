// switch_rtl.hpp: one Verilated configuration of the switch RTL behind a common interface, picked
// by port count (sw::kBuiltPortCounts), so that one SwitchModel holds any of them.
#pragma once

#include <cstdint>
#include <memory>

#include "switch/mmu_model.hpp"
#include "switch/switch_config.hpp"

namespace ccf::tb {
struct CfgOp;
}

namespace ccf::swc {

class SwitchRtl {
 public:
  virtual ~SwitchRtl() = default;
  // Resets the RTL and writes `cfg`; returns the first cycle free for traffic.
  virtual uint64_t reset_and_configure(const sw::SwitchConfig& cfg) = 0;
  // One cycle (tb::SwitchDut::step): outputs before the edge, the stepping prediction after it.
  // `set`: the entries of `in` that are set (sw::CycleInputMasks).
  virtual void step(uint64_t cycle, const sw::CycleInputs& in, const sw::CycleInputMasks& set, sw::CycleOutputs& out,
                    const tb::CfgOp* cfg) = 0;
  virtual uint32_t cfg_rd_data() const = 0;

  // The configuration with params.nports ports; every other parameter must be at its default.
  // Throws std::invalid_argument naming the built port counts otherwise.
  static std::unique_ptr<SwitchRtl> make(const sw::SwitchParams& params, const char* trace_path);
};

}  // namespace ccf::swc
