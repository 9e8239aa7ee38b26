// gtkwave_view.hpp: the saved GTKWave view (.gtkw) of a switch's waveform (`ccfabric run --trace`,
// docs/outputs.md 1): groups for PFC, ECN and WRED, drops and queues, and one group per cabled port
// with the fields of its packed descriptor buses split out (bit ranges of sw_top's ports), so that
// `gtkwave out/run/switch0.gtkw` opens on the signals a reviewer looks at.
#pragma once

#include <cstdint>
#include <string>

namespace ccf::sims {

// What the view needs of one Verilated switch (sw_top's parameters, docs/switch.md 3).
struct SwitchWaveform {
  std::string name;        // "switch0"
  std::string fst_file;    // the waveform's file name in the same folder, "switch0.fst"
  unsigned nports = 16, nprio = 8, tag_w = 32, dst_w = 12, cfr_depth = 16;
  bool rcm = false;
  uint64_t ports_used = 0;  // bit p: port p is cabled
};

// The .gtkw text.
std::string gtkwave_view(const SwitchWaveform& w);

}  // namespace ccf::sims
