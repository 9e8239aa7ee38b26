// switch_test_util.hpp: configurations shared by the switch RTL tests.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

#include "models/switch/switch_config.hpp"

namespace ccf::test {

// The small Verilated configuration (rtl/CMakeLists.txt): 4 ports, 8 priorities, 256-B cells;
// 65536 B = 256 cells unless told otherwise.
inline sw::SwitchParams small_params(uint64_t buffer_bytes = 65536, unsigned cell_bytes = 256) {
  sw::SwitchParams p;
  p.nports = 4;
  p.cell_bytes = cell_bytes;
  p.buffer_bytes = buffer_bytes;
  return p;
}

// The small configuration with regional congestion mitigation (rtl/CMakeLists.txt Vsw_top_rcm_small):
// an 8-entry CAM and a 16-entry flow table, so that they wrap and collide in short runs.
inline sw::SwitchParams rcm_small_params() {
  sw::SwitchParams p = small_params();
  p.rcm = true;
  p.cfr_depth = 8;
  p.sar_tbl_lg = 4;
  return p;
}

// Priority 3 lossless with a static threshold of 20 cells, 2 reserved cells per (port, priority),
// 16 headroom cells per port, resume offset 4; ECN and WRED off; pool = 256 - 2*32 - 16*4 = 128.
inline sw::SwitchConfig small_config(const sw::SwitchParams& p = small_params()) {
  sw::SwitchConfig c = sw::SwitchConfig::defaults(p);
  c.pfc_enable = true;
  c.pfc_dynamic = false;
  c.lossless_mask = 0x08;
  c.reserve_cells = 2;
  c.pfc_static_thr_cells = 20;
  c.resume_offset_cells = 4;
  c.pause_quanta = 0xFFFF;
  c.lossy_beta_log2 = 6;
  for (auto& port : c.ports) {
    port.headroom_cells = 16;
    port.quantum_cycles = 8;
    port.pfc_refresh_cycles = 0xFFFF * 8 / 2;
  }
  c.shared_pool_cells = static_cast<uint32_t>(p.ncells() - 2 * p.nports * p.nprio - 16 * p.nports);
  for (auto& q : c.queues) q.ecn_en = q.wred_en = false;
  return c;
}

// CCF_SEED overrides a test's seed; the seed in use is printed so that a failure can be replayed.
inline uint64_t test_seed(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}

}  // namespace ccf::test
