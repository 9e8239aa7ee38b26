// bare_step.hpp: the Verilated switch stepped with nothing around it: the reference point for the
// co-simulated switch's speed (bench/bench_switch, `ccfabric bench`).
#pragma once

#include <cstdint>

#include "models/switch/switch_config.hpp"
#include "rtl/driver/switch_dut.hpp"
#include "rtl/driver/vbits.hpp"

namespace ccf::driver {

// One clock cycle: eval() with the clock low, then high, with the inputs as they are (inputs change
// only while the clock is low: cmake/verilator_edge_ico.cmake).
template <class V>
inline void bare_step(V& m, uint64_t cycle) {
  m.cycle = cycle;
  m.clk = 0;
  m.eval();
  m.clk = 1;
  m.eval();
}

// Full load: every port offers a 1000-B descriptor every cycle (to the next port, priority 3, ECT(0))
// and every transmitter is always ready, so the switch admits and dequeues one frame per cycle.
template <class V>
inline void drive_full_load(SwitchDut<V>& dut, const sw::SwitchParams& params) {
  V& m = dut.rtl();
  m.in_desc_valid = (uint64_t{1} << params.nports) - 1;
  m.out_desc_ready = (uint64_t{1} << params.nports) - 1;
  for (unsigned p = 0; p < params.nports; ++p) {
    set_bits(m.in_desc_len, p * 14, 14, 1000);
    set_bits(m.in_desc_prio, p * 3, 3, 3);
    set_bits(m.in_desc_dst, p * params.dst_w, params.dst_w, (p + 1) % params.nports);
    set_bits(m.in_desc_ecn, p * 2, 2, 2);
  }
}

}  // namespace ccf::driver
