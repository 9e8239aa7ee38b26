// replay_support.hpp: what every replay of `ccfabric explore` shares (docs/explore.md 3): dense flow
// indices, the tally of value errors and decisions, and a setting's widths. The replays of the
// registered algorithms (sims/cc/<name>/<name>_explore.cpp) are built from these.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <systemc>
#include <vector>

#include "hls/divider.hpp"
#include "hls/widths.hpp"
#include "sims/explore/explore.hpp"

namespace ccf::explore {

inline sc_core::sc_time at(uint64_t ps) { return sc_core::sc_time::from_value(ps); }

// Dense indices for (host, flow) pairs, in order of first appearance.
class FlowIndex {
 public:
  uint32_t of(uint32_t host, uint32_t flow) {
    const auto [it, added] = ids_.try_emplace((uint64_t{host} << 32) | flow, uint32_t(ids_.size()));
    (void)added;
    return it->second;
  }
  bool has(uint32_t host, uint32_t flow) const { return ids_.count((uint64_t{host} << 32) | flow) != 0; }

 private:
  std::map<uint64_t, uint32_t> ids_;
};

inline int direction(double before, double after) { return after < before ? -1 : after > before ? 1 : 0; }

// Accumulates the figures of one replay.
struct Tally {
  Metrics m;
  double sum_rel = 0, sum_aux = 0;
  void value(double kernel, double reference) {
    if (reference == 0 && kernel == 0) return;
    const double rel = std::abs(kernel - reference) / std::max(std::abs(reference), 1e-300);
    ++m.compared;
    sum_rel += rel;
    m.max_rel_error = std::max(m.max_rel_error, rel);
  }
  void aux(double kernel, double reference) {
    if (kernel == 0 || reference == 0) return;
    const double rel = std::abs(kernel - reference) / reference;
    ++m.aux_compared;
    sum_aux += rel;
    m.aux_max_rel_error = std::max(m.aux_max_rel_error, rel);
  }
  // Returns true when the decisions agree; kind: the event kind that decided.
  bool decision(const char* kind, bool agree) {
    ++m.decisions;
    if (!agree) ++m.decision_mismatches;
    auto it = std::find_if(m.by_kind.begin(), m.by_kind.end(), [&](const Metrics::DecisionKind& k) { return k.kind == kind; });
    if (it == m.by_kind.end()) it = m.by_kind.insert(m.by_kind.end(), {kind, 0, 0});
    ++it->decisions;
    if (!agree) ++it->mismatches;
    return agree;
  }
  Metrics finish() {
    m.mean_rel_error = m.compared ? sum_rel / double(m.compared) : 0.0;
    m.aux_mean_rel_error = m.aux_compared ? sum_aux / double(m.aux_compared) : 0.0;
    return m;
  }
};

template <size_t N>
std::vector<Knob> knobs_of(const std::array<hls::WidthKnob, N>& t) {
  std::vector<Knob> k;
  for (const hls::WidthKnob& w : t) k.push_back({w.name, w.shipped, w.min, w.shipped, w.what});
  return k;
}

inline unsigned width(const Setting& s, const Knob& k) {
  const auto it = s.widths.find(k.name);
  return it == s.widths.end() ? k.shipped : it->second;
}

inline hls::Divider divider_of(const Setting& s) {
  hls::Divider d = hls::Divider::kRecipTable;
  if (!s.divider.empty()) hls::divider_from(s.divider, d);
  return d;
}

}  // namespace ccf::explore
