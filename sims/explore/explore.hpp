// explore.hpp: bit-width exploration (`ccfabric explore`, docs/explore.md). A recorded trace of a
// unit's input events is replayed through the SystemC unit (plain C++ objects around the one-source
// kernel, the same ones `ccfabric run` uses) at a width setting, and through the double-precision
// reference in models/ with the same timer and event handling; the replay measures the error of the
// controlled variable (rate or window), of the pacing gap, and how often a decision differs. A
// search finds the smallest state per flow that meets an error bound.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sims/explore/event_trace.hpp"

namespace ccf::explore {

struct Knob {
  std::string name;
  unsigned shipped = 0, min = 0, max = 0;  // max = shipped except for an LSB knob (np_time_lsb)
  std::string what;
};

// A width setting: knob -> bits (a knob not named keeps its shipped width) and a divider form
// ("" = the shipped recip_table; only Swift and LDCP have one).
struct Setting {
  std::map<std::string, unsigned> widths;
  std::string divider;
  bool operator==(const Setting&) const = default;
};

struct Metrics {
  uint64_t events = 0;                  // input events of the unit replayed
  uint64_t compared = 0;                // comparisons of the controlled variable (decisions agreed)
  double max_rel_error = 0, mean_rel_error = 0;
  uint64_t decisions = 0, decision_mismatches = 0;  // over every kind of event
  // Per kind of event that decides (e.g. DCQCN "cnp", "tx", "ce"): decisions and mismatches. The
  // mismatch rate of a setting is the worst kind's: rare events are not diluted by frequent ones.
  struct DecisionKind {
    std::string kind;
    uint64_t decisions = 0, mismatches = 0;
  };
  std::vector<DecisionKind> by_kind;
  uint64_t aux_compared = 0;            // pacing gaps compared (both nonzero)
  double aux_max_rel_error = 0, aux_mean_rel_error = 0;
  std::vector<std::pair<std::string, double>> extra;  // unit-specific counts (JSON, CSV)
  double mismatch_rate() const {
    double worst = 0;
    for (const DecisionKind& k : by_kind)
      if (k.decisions) worst = std::max(worst, double(k.mismatches) / double(k.decisions));
    return worst;
  }
};

// End-to-end effect of a setting: the recorded scenario run again with its widths.
struct EndToEnd {
  double jain_index = 0;
  double utilisation = 0;      // mean over the receiving hosts' downlinks, 0..1
  double max_queue_bytes = 0;  // peak switch queue
  std::string out_dir;
};

struct Result {
  Setting setting;
  std::string label;           // "shipped" or "alpha=16,rate_frac=3[,divider=shift]"
  unsigned state_bits = 0;     // per flow
  std::string infeasible;      // the rule the parameters break at these widths ("" = feasible)
  Metrics m;
  bool meets = false;          // feasible and within the bounds of the search
  std::string role;            // "shipped", "sweep", "given", "search", "best"
  std::optional<EndToEnd> e2e;
};

class Unit {
 public:
  virtual ~Unit() = default;
  virtual std::string name() const = 0;        // the algorithm's registered name (sims/cc/)
  virtual std::string controlled() const = 0;  // what the value error is of, with its unit
  virtual std::string aux() const { return ""; }  // the second output compared ("" = none)
  virtual std::string decisions() const = 0;   // what a decision is
  virtual const std::vector<Knob>& knobs() const = 0;
  virtual bool has_divider() const { return false; }
  virtual unsigned state_bits(const Setting& s) const = 0;
  // "" or the rule the recorded parameters break at these widths.
  virtual std::string check(const Setting& s) const = 0;
  virtual Metrics replay(const EventTrace& t, const Setting& s) const = 0;
  // `ccfabric run --set` arguments that give a scenario these widths (end to end): every knob, and
  // the divider form where the unit has one.
  std::vector<std::string> scenario_sets(const Setting& s) const;
  // The same as a settings file for `ccfabric run --set-file` and `ccfabric report units --widths`
  // (TOML, dotted keys), `about` in its header comment.
  std::string settings_file(const Setting& s, const std::string& about) const;
  // The compile-time defines that build the unit's HLS tops (hls/<algo>/*_top.hpp) for s: the flow
  // count (CCF_HLS_FLOW_W), one width list per top, and the divider form where the unit has one.
  struct HlsWidths {
    const char* macro;  // e.g. CCF_HLS_RP_WIDTHS
    size_t first_knob, knobs;  // the knobs it lists, in the order of the kernel's Widths struct
  };
  virtual std::vector<HlsWidths> hls_widths() const = 0;
  virtual const char* hls_divider_macro() const { return nullptr; }
  std::string hls_header(const Setting& s, unsigned flow_w, const std::string& about) const;
  std::string label(const Setting& s) const;
  // "" or "<what> = <value> must be <rule>" for unknown knobs, values out of range, unknown forms.
  std::string validate(const Setting& s) const;
};

// Parses "alpha=16,rate_frac=3" (and "divider=shift"); "" or an error naming the part.
std::string parse_setting(const std::string& text, Setting& out);

struct SearchOptions {
  std::vector<Setting> given;          // --widths: evaluate these
  bool sweep = true;                   // every value of every knob, the others shipped; every divider form
  std::optional<double> max_rel_error; // the bound: search the smallest footprint that meets it
  std::optional<double> max_decision_mismatch;  // default: the same bound
};

struct Exploration {
  std::string unit;
  uint64_t trace_events = 0;
  double bound_rel = 0, bound_decisions = 0;  // when searched
  bool searched = false;
  std::vector<Result> results;         // in order of evaluation, each setting once
  std::optional<size_t> best;          // the smallest footprint that meets the bounds
  std::optional<size_t> shipped;
  std::vector<std::string> notes;      // how the search went
};

// Evaluates the settings (shipped first), and searches when a bound is given.
Exploration explore(const Unit& u, const EventTrace& t, const SearchOptions& o);

// Output (docs/explore.md 5): the terminal table, CSV and JSON with one row per setting, and the
// gnuplot script of error against bits. write_outputs returns a note when the PNG could not be made.
// full = false: the shipped, given and best settings and the Pareto front of bits against errors.
std::string format_table(const Unit& u, const Exploration& x, bool full = false);
std::string format_csv(const Unit& u, const Exploration& x);
std::string format_json(const Unit& u, const Exploration& x);
std::string write_outputs(const Unit& u, const Exploration& x, const std::string& dir);

}  // namespace ccf::explore
