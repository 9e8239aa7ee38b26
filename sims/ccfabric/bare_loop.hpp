// bare_loop.hpp: the speed of the Verilated switch stepped with nothing around it (rtl/driver/
// bare_step.hpp), the reference for the co-simulated switch's speed (`ccfabric run
// --bare-loop-cycles`, `ccfabric bench`, docs/speed.md).
#pragma once

#include <cstdint>

namespace ccf::cli {

// Cycles per wall second of `cycles` bare stepping cycles, fully loaded, of the Verilated
// configuration with `nports` ports (one of sw::kBuiltPortCounts) and a buffer of `buffer_bytes`
// (sw::built_buffer_bytes), on a switch made for the purpose.
double bare_loop_cycles_per_s(unsigned nports, uint64_t buffer_bytes, uint64_t cycles);

}  // namespace ccf::cli
