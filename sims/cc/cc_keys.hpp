// cc_keys.hpp: the [cc.<algorithm>] keys of a scenario as an algorithm declares them: a name with its
// unit, the allowed range and its rule in words, and the setter that converts the value into the
// kernel's register. apply_keys checks a scenario's table against them and throws BadInput naming
// the key, its value and the rule (docs/scenarios.md [cc.<algorithm>]).
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "hls/divider.hpp"
#include "hls/widths.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cc {

using cli::BadInput;

template <class Params>
struct Key {
  const char* name;
  double lo, hi;     // allowed range, inclusive
  const char* rule;  // shown when the value breaks it
  std::function<void(Params&, double)> set;
  bool integer = false;  // the value must be a whole number
  bool flag = false;     // a boolean: true or false only (sims::Scenario::cc_flags), never a number
};

// Setters for the common field types; booleans arrive as 0/1 (scenario.cpp, which notes them in cc_flags).
template <class P>
std::function<void(P&, double)> set_double(double P::*field) {
  return [field](P& p, double v) { p.*field = v; };
}
template <class P, class T>
std::function<void(P&, double)> set_integer(T P::*field) {
  return [field](P& p, double v) { p.*field = static_cast<T>(v); };
}
template <class P>
std::function<void(P&, double)> set_flag(bool P::*field) {
  return [field](P& p, double v) { p.*field = v != 0; };
}

// Keys cc.<algo>.widths.<knob> (docs/explore.md 2): an integer number of bits from the knob's
// minimum to its shipped width; `field` selects the widths struct inside the parameters.
template <class Params, class Widths, size_t N>
void add_width_keys(std::vector<Key<Params>>& keys, const std::array<hls::WidthKnob, N>& knobs,
                    std::function<Widths&(Params&)> field, const std::vector<unsigned Widths::*>& members) {
  for (size_t i = 0; i < N; ++i) {
    static std::deque<std::string> names, rules;  // the Key holds const char*: keep the strings in place
    names.push_back(std::string("widths.") + knobs[i].name);
    rules.push_back(fmt::format("an integer number of bits from {} to {}", knobs[i].min, knobs[i].shipped));
    const auto member = members.at(i);
    keys.push_back({names.back().c_str(), double(knobs[i].min), double(knobs[i].shipped), rules.back().c_str(),
                    [field, member](Params& p, double v) { field(p).*member = static_cast<unsigned>(v); }, true});
  }
}

// The numeric and boolean keys of [cc.<algo>] applied to p in the table's order; an unknown key, a
// number for a flag, a flag for a number or a value out of range throws BadInput.
template <class Params>
void apply_keys(const sims::Scenario& s, const std::string& algo, const std::vector<Key<Params>>& keys, Params& p);

// The text keys of [cc.<algo>]: `read(name, value)` takes the ones the algorithm has and returns false
// for the others, which throw BadInput naming `allowed` (e.g. "cc.ldcp.divider and cc.ldcp.variant").
void apply_text(const sims::Scenario& s, const std::string& algo, const std::string& allowed,
                const std::function<bool(const std::string& name, const std::string& value)>& read);
// A text key `divider` (the form of a kernel's divisions, hls/divider.hpp) into d; BadInput if unknown.
void read_divider(const std::string& algo, const std::string& value, hls::Divider& d);

// The value of cc.<algo>.<key> as the scenario gives it, or nullptr (a preset's or default value).
const double* given_value(const sims::Scenario& s, const std::string& algo, const std::string& key);

// For the units that measure delay per ACK (Swift, TIMELY): a coalescing wait would be counted as
// network delay, so nic.ack_every must be 1 (BadInput otherwise).
void require_ack_per_frame(const std::string& algo, unsigned ack_every);

// cc.<algo>.cnp_interval_us in whole ns; a value > 0 that rounds to 0 ns throws BadInput.
uint32_t cnp_interval_ns(const char* algo, double us);
uint32_t us_to_ns(double us);

// ---- implementation of apply_keys ----
std::string unknown_key_message(const std::string& algo, const std::string& name, const std::vector<std::string>& known);
void check_value(const std::string& algo, const std::string& name, double v, bool flag, bool given_as_bool,
                 double lo, double hi, bool integer, const char* rule);

template <class Params>
void apply_keys(const sims::Scenario& s, const std::string& algo, const std::vector<Key<Params>>& keys, Params& p) {
  const auto it = s.cc_params.find(algo);
  if (it == s.cc_params.end()) return;
  const auto flags = s.cc_flags.find(algo);
  for (const auto& [name, v] : it->second) {
    const Key<Params>* k = nullptr;
    for (const auto& c : keys)
      if (name == c.name) k = &c;
    if (!k) {
      std::vector<std::string> known;
      for (const auto& c : keys) known.emplace_back(c.name);
      throw BadInput(unknown_key_message(algo, name, known));
    }
    const bool given_as_bool = flags != s.cc_flags.end() && flags->second.count(name);
    check_value(algo, name, v, k->flag, given_as_bool, k->lo, k->hi, k->integer, k->rule);
    k->set(p, v);
  }
}

}  // namespace ccf::cc
