// bare_loop.cpp: see bare_loop.hpp.
#include "bare_loop.hpp"

#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "Vsw_top.h"
#include "Vsw_top_b64.h"
#include "Vsw_top_p32.h"
#include "Vsw_top_p32_b64.h"
#include "driver/bare_step.hpp"
#include "switch/switch_config.hpp"
#include "driver/switch_dut.hpp"

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
  const bool large = buffer_bytes == sw::kLargeBufferBytes;
  if (nports == 16 && (large || buffer_bytes == sw::kDefaultBufferBytes))
    return large ? cycles_per_s<Vsw_top_b64>(params, cycles) : cycles_per_s<Vsw_top>(params, cycles);
  if (nports == 32 && (large || buffer_bytes == sw::kDefaultBufferBytes))
    return large ? cycles_per_s<Vsw_top_p32_b64>(params, cycles) : cycles_per_s<Vsw_top_p32>(params, cycles);
  throw std::invalid_argument(fmt::format("bare loop: no Verilated switch with {} ports and a {}-B buffer is built "
                                          "(16 or 32 ports, {} or {} B)",
                                          nports, buffer_bytes, sw::kDefaultBufferBytes, sw::kLargeBufferBytes));
}

}  // namespace ccf::cli
