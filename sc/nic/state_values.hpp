// state_values.hpp: a unit's CcUnit::state_values from its kernel's state table (hls/cost_table.hpp)
// and the words of its C simulation record (hls/<algo>/*_vectors.hpp), which start with the state
// fields in table order.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "hls/cost_table.hpp"
#include "sc/nic/cc_unit.hpp"

namespace ccf::nic {

// The first n fields of the table (all by default), each with its word.
template <std::size_t N>
std::vector<StateValue> table_state_values(const std::array<hls::StateField, N>& fields,
                                           const std::vector<uint64_t>& words, std::size_t n = N) {
  std::vector<StateValue> v;
  for (std::size_t i = 0; i < n && i < words.size(); ++i) v.push_back({fields[i].name, fields[i].bits, words[i]});
  return v;
}

}  // namespace ccf::nic
