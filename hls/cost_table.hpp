// cost_table.hpp: the types of a kernel's cost table (docs/README.md principle 5, "Every cost is reported").
// Each hls/<algo>/<algo>_cost.hpp holds, next to its kernel, one constexpr table of the per-flow state
// field by field and one of the arithmetic per event, taken from docs/units/<algo>.md. The field
// table is checked against the kernel's kStateBits with a static_assert, so `ccfabric report units`
// (sims/report/unit_report.*) cannot drift from the kernel.
#pragma once

#include <array>
#include <cstddef>

namespace ccf::hls {

// One field of a flow's state memory entry.
struct StateField {
  const char* name;
  unsigned bits;
  const char* unit;     // of one LSB (or "flag")
  const char* meaning;
};

// The operators one event of a kind uses in the unit's datapath (docs/units/<algo>.md, "Events and
// their arithmetic"). Adders count adders, subtractors and incrementers; shifts count shift steps
// (a constant shift is wiring, a normalise is a barrel shifter; the note says which); comparators
// count magnitude compares, min/max and saturation checks. approx: the docs give the figure as
// "about" (a large datapath counted as a whole).
struct EventArithmetic {
  const char* event;
  unsigned adders;
  unsigned multipliers;
  unsigned dividers;
  unsigned shifts;
  unsigned comparators;
  unsigned roms;        // lookup tables (reciprocal / rsqrt seeds)
  bool approx;
  const char* note;
};

template <std::size_t N>
constexpr unsigned sum_bits(const std::array<StateField, N>& fields) {
  unsigned s = 0;
  for (const StateField& f : fields) s += f.bits;
  return s;
}

}  // namespace ccf::hls
