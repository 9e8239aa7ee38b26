// bare_loop.cpp: see bare_loop.hpp.
#include "sims/ccfabric/bare_loop.hpp"

#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

// First: it declares sc_time_stamp for the Verilated models before anything includes verilated.h.
#include "sc/switch/built_switches.hpp"

#include "models/switch/switch_config.hpp"
#include "rtl/driver/bare_step.hpp"
#include "rtl/driver/switch_dut.hpp"

namespace ccf::cli {
namespace {

template <class V>
double cycles_per_s(const sw::SwitchParams& params, uint64_t cycles) {
  driver::SwitchDut<V> dut(params);
  uint64_t cycle = dut.configure(dut.reset(0), sw::SwitchConfig::defaults(params));
  driver::drive_full_load(dut, params);
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t k = 0; k < cycles; ++k) driver::bare_step(dut.rtl(), cycle++);
  return double(cycles) / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

double bare_loop_cycles_per_s(unsigned nports, uint64_t buffer_bytes, uint64_t cycles) {
  sw::SwitchParams params;
  params.nports = nports;
  params.buffer_bytes = buffer_bytes;
  double cps = 0;
  if (swc::with_built_switch(params, [&]<class V>() { cps = cycles_per_s<V>(params, cycles); })) return cps;
  throw std::invalid_argument(fmt::format("bare loop: no Verilated switch with {} ports and a {}-B buffer is built "
                                          "(16 or 32 ports, {} or {} B)",
                                          nports, buffer_bytes, sw::kDefaultBufferBytes, sw::kLargeBufferBytes));
}

}  // namespace ccf::cli
