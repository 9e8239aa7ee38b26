// explore.cpp: settings, the search and the output files of `ccfabric explore` (docs/explore.md).
#include "sims/explore/explore.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "hls/divider.hpp"
#include "sims/output/gnuplot.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::explore {

// ---------------------------------------------------------------- settings

std::string Unit::label(const Setting& s) const {
  std::string l;
  for (const Knob& k : knobs()) {
    const auto it = s.widths.find(k.name);
    if (it == s.widths.end() || it->second == k.shipped) continue;
    l += fmt::format("{}{}={}", l.empty() ? "" : ",", k.name, it->second);
  }
  if (!s.divider.empty() && s.divider != "recip_table") l += fmt::format("{}divider={}", l.empty() ? "" : ",", s.divider);
  return l.empty() ? "shipped" : l;
}

// Every knob explicitly, shipped ones too: the recorded scenario may itself have set widths.
std::vector<std::string> Unit::scenario_sets(const Setting& s) const {
  std::vector<std::string> sets;
  for (const Knob& k : knobs()) {
    const auto it = s.widths.find(k.name);
    sets.push_back(fmt::format("cc.{}.widths.{}={}", name(), k.name, it == s.widths.end() ? k.shipped : it->second));
  }
  if (has_divider())
    sets.push_back(fmt::format("cc.{}.divider={}", name(), s.divider.empty() ? "recip_table" : s.divider));
  return sets;
}

std::string Unit::settings_file(const Setting& s, const std::string& about) const {
  std::string text = fmt::format("# {}\n# ccfabric run SCENARIO --set-file THIS_FILE; ccfabric report units --widths THIS_FILE\n",
                                 about);
  for (const std::string& kv : scenario_sets(s)) {
    const size_t eq = kv.find('=');
    const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    const bool text_value = key.size() > 8 && key.compare(key.size() - 8, 8, ".divider") == 0;
    text += text_value ? fmt::format("{} = \"{}\"\n", key, value) : fmt::format("{} = {}\n", key, value);
  }
  return text;
}

std::string Unit::hls_header(const Setting& s, unsigned flow_w, const std::string& about) const {
  std::string text = fmt::format(
      "// {}\n// The defines that build the HLS tops of hls/{}/ for these widths (docs/hls.md 2): include\n"
      "// this file before the top, e.g. `-include THIS_FILE` in the tool's C flags.\n#pragma once\n\n"
      "#define CCF_HLS_FLOW_W {}  // 2^{} flows in the state memory\n",
      about, name(), flow_w, flow_w);
  for (const HlsWidths& h : hls_widths()) {
    std::vector<unsigned> w;
    std::vector<std::string> names;
    for (size_t i = h.first_knob; i < h.first_knob + h.knobs; ++i) {
      const Knob& k = knobs().at(i);
      const auto it = s.widths.find(k.name);
      w.push_back(it == s.widths.end() ? k.shipped : it->second);
      names.push_back(k.name);
    }
    text += fmt::format("#define {} {{{}}}  // {}\n", h.macro, fmt::join(w, ", "), fmt::join(names, ", "));
  }
  if (const char* macro = hls_divider_macro()) {
    static const std::map<std::string, std::string> kEnum{
        {"recip_table", "kRecipTable"}, {"recip_rom", "kRecipRom"}, {"shift", "kShift"}, {"exact", "kExact"}};
    text += fmt::format("#define {} ccf::hls::Divider::{}\n", macro,
                        kEnum.at(s.divider.empty() ? "recip_table" : s.divider));
  }
  return text;
}

std::string Unit::validate(const Setting& s) const {
  for (const auto& [n, v] : s.widths) {
    const auto k = std::find_if(knobs().begin(), knobs().end(), [&](const Knob& x) { return x.name == n; });
    if (k == knobs().end()) {
      std::string known;
      for (const Knob& x : knobs()) known += (known.empty() ? "" : ", ") + x.name;
      return fmt::format("--widths {}={}: {} has no width '{}' (known: {})", n, v, name(), n, known);
    }
    if (v < k->min || v > k->max)
      return fmt::format("--widths {}={} must be {}..{} bits for {} (shipped: {})", n, v, k->min, k->max, name(), k->shipped);
  }
  if (!s.divider.empty()) {
    hls::Divider d;
    if (!has_divider()) return fmt::format("--widths divider={}: {} has no divider form", s.divider, name());
    if (!hls::divider_from(s.divider, d))
      return fmt::format("--widths divider={} must be recip_table, recip_rom, shift or exact", s.divider);
  }
  return "";
}

std::string parse_setting(const std::string& text, Setting& out) {
  out = Setting{};
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ',')) {
    if (part.empty()) continue;
    const auto eq = part.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == part.size())
      return fmt::format("--widths {}: '{}' must be NAME=BITS (e.g. alpha=16) or divider=FORM", text, part);
    const std::string name = part.substr(0, eq), value = part.substr(eq + 1);
    if (name == "divider") {
      out.divider = value;
      continue;
    }
    if (value.find_first_not_of("0123456789") != std::string::npos || value.size() > 3)
      return fmt::format("--widths {}={} must be a whole number of bits", name, value);
    out.widths[name] = static_cast<unsigned>(std::stoul(value));
  }
  return "";
}

// ---------------------------------------------------------------- search

namespace {

bool meets(const Result& r, double bound_rel, double bound_dec) {
  return r.infeasible.empty() && r.m.max_rel_error <= bound_rel && r.m.aux_max_rel_error <= bound_rel &&
         r.m.mismatch_rate() <= bound_dec;
}

// How far a result is from the bounds (0 when it meets them): the largest ratio over the bounds.
double violation(const Result& r, double bound_rel, double bound_dec) {
  if (!r.infeasible.empty()) return 1e300;
  const double a = std::max(r.m.max_rel_error, r.m.aux_max_rel_error) / bound_rel;
  const double b = bound_dec > 0 ? r.m.mismatch_rate() / bound_dec : (r.m.decision_mismatches ? 1e300 : 0.0);
  return std::max({a, b, 1.0}) - 1.0;
}

// The divider forms, cheapest hardware first.
const char* kForms[] = {"shift", "recip_rom", "recip_table", "exact"};

class Evaluator {
 public:
  Evaluator(const Unit& u, const EventTrace& t, Exploration& x) : u_(u), t_(t), x_(x) {}
  // Evaluates s once (cached by label); returns its index in x.results.
  size_t eval(Setting s, const char* role) {
    // Normalise: drop shipped values, so that equal settings have equal labels.
    for (auto it = s.widths.begin(); it != s.widths.end();) {
      const auto k = std::find_if(u_.knobs().begin(), u_.knobs().end(), [&](const Knob& n) { return n.name == it->first; });
      it = k != u_.knobs().end() && k->shipped == it->second ? s.widths.erase(it) : std::next(it);
    }
    if (s.divider == "recip_table") s.divider.clear();
    const std::string label = u_.label(s);
    if (const auto it = index_.find(label); it != index_.end()) return it->second;
    Result r;
    r.setting = s;
    r.label = label;
    r.role = role;
    r.state_bits = u_.state_bits(s);
    r.infeasible = u_.check(s);
    if (r.infeasible.empty()) r.m = u_.replay(t_, s);
    x_.results.push_back(std::move(r));
    index_[label] = x_.results.size() - 1;
    return x_.results.size() - 1;
  }
  const Result& at(size_t i) const { return x_.results[i]; }

 private:
  const Unit& u_;
  const EventTrace& t_;
  Exploration& x_;
  std::map<std::string, size_t> index_;
};

// s with one knob set to v.
Setting with_width(Setting s, const std::string& knob, unsigned v) {
  s.widths[knob] = v;
  return s;
}

// The change of a knob's value that adds one bit of state: an LSB knob (np_time_lsb) grows from its
// shipped 0 and costs state as it shrinks; a width knob costs state as it grows.
int bit_step(const Knob& k) { return k.max > k.shipped ? -1 : 1; }

// --sweep: every value of each knob alone, and every divider form.
void sweep_each_knob(const Unit& u, Evaluator& ev) {
  for (const Knob& k : u.knobs())
    for (unsigned v = k.max + 1; v-- > k.min;)
      if (v != k.shipped) ev.eval(with_width(Setting{}, k.name, v), "sweep");
  if (u.has_divider())
    for (const char* f : kForms) {
      Setting s;
      s.divider = f;
      ev.eval(s, "sweep");
    }
}

// The search for the fewest state bits that meet the bounds on the relative error (br) and on the
// rate of decision mismatches (bd), in the steps of docs/explore.md.
class BoundedSearch {
 public:
  BoundedSearch(const Unit& u, Evaluator& ev, double br, double bd) : u_(u), ev_(ev), br_(br), bd_(bd) {}
  bool ok(size_t i) const { return meets(ev_.at(i), br_, bd_); }

  // 1. The cheapest divider form that meets the bounds with the shipped widths.
  std::string cheapest_divider(Exploration& x) {
    if (!u_.has_divider()) return "";
    std::string form = "recip_table";
    for (const char* f : kForms) {
      Setting s;
      s.divider = f;
      if (ok(ev_.eval(s, "search"))) {
        form = f;
        break;
      }
    }
    x.notes.push_back("divider: " + form + " (the cheapest form that meets the bounds at the shipped widths)");
    return form;
  }

  // 2. Each knob alone: the fewest bits that still meet the bounds, the others shipped.
  Setting least_widths(const Setting& base) {
    std::map<std::string, unsigned> least;
    for (const Knob& k : u_.knobs()) {
      unsigned best = k.shipped;
      // An LSB knob (np_time_lsb) grows from its shipped 0; a width knob shrinks.
      if (k.max > k.shipped) {
        for (unsigned v = k.shipped + 1; v <= k.max; ++v) {
          if (!ok(ev_.eval(with_width(base, k.name, v), "search"))) break;
          best = v;
        }
      } else {
        for (unsigned v = k.shipped; v-- > k.min;) {
          if (!ok(ev_.eval(with_width(base, k.name, v), "search"))) break;
          best = v;
        }
      }
      least[k.name] = best;
    }
    // np_time_lsb trades against np_time: with the coarsest tick found, shrink np_time again.
    Setting cur = base;
    for (const auto& [k, v] : least) cur.widths[k] = v;
    return cur;
  }

  // 3. Repair: while the combination fails, give one bit back where it helps most. Returns the
  // index of cur's result.
  size_t repair(Setting& cur, size_t ci) {
    for (int guard = 0; !ok(ci) && guard < 400; ++guard) {
      double best_v = violation(ev_.at(ci), br_, bd_);
      std::optional<size_t> best_i;
      for (const Knob& k : u_.knobs()) {
        const int v = int(cur.widths[k.name]) + bit_step(k);
        if (v < int(k.min) || v > int(k.max) || (bit_step(k) > 0 && v > int(k.shipped))) continue;
        const size_t i = ev_.eval(with_width(cur, k.name, unsigned(v)), "search");
        const double vi = violation(ev_.at(i), br_, bd_);
        if (vi < best_v || (!best_i && vi <= best_v)) best_v = vi, best_i = i;
      }
      if (!best_i) break;
      cur = ev_.at(*best_i).setting;
      for (const Knob& k : u_.knobs())
        if (!cur.widths.count(k.name)) cur.widths[k.name] = k.shipped;
      ci = *best_i;
    }
    return ci;
  }

  // 4. Polish: take one more bit away wherever the bounds still hold, until nothing moves.
  void polish(Setting& cur, size_t ci) {
    for (bool moved = ok(ci); moved;) {
      moved = false;
      for (const Knob& k : u_.knobs()) {
        const int v = int(cur.widths[k.name]) - bit_step(k);
        if (v < int(k.min) || v > int(k.max)) continue;
        const size_t i = ev_.eval(with_width(cur, k.name, unsigned(v)), "search");
        if (ok(i) && ev_.at(i).state_bits <= ev_.at(ci).state_bits) {
          cur.widths[k.name] = unsigned(v);
          ci = i;
          moved = true;
        }
      }
    }
  }

 private:
  const Unit& u_;
  Evaluator& ev_;
  double br_, bd_;
};

// The best: the fewest bits among every setting evaluated that meets the bounds; ties go to the
// smaller error.
void mark_best(Exploration& x, double br, double bd) {
  for (Result& r : x.results) r.meets = meets(r, br, bd);
  for (size_t i = 0; i < x.results.size(); ++i) {
    const Result& r = x.results[i];
    if (!r.meets) continue;
    if (!x.best || r.state_bits < x.results[*x.best].state_bits ||
        (r.state_bits == x.results[*x.best].state_bits && r.m.max_rel_error < x.results[*x.best].m.max_rel_error))
      x.best = i;
  }
  if (x.best) x.results[*x.best].role = "best";
  else x.notes.push_back("no setting evaluated meets the bounds");
}

// --max-rel-error: the search from the shipped setting, then the best of everything evaluated.
void search_within_bounds(const Unit& u, Evaluator& ev, Exploration& x, double br, double bd) {
  x.searched = true;
  x.bound_rel = br;
  x.bound_decisions = bd;
  BoundedSearch search(u, ev, br, bd);
  if (!search.ok(*x.shipped))
    x.notes.push_back(fmt::format("the shipped widths do not meet the bounds (max relative error {:.3g}, pacing gap "
                                  "{:.3g}, decision mismatches {:.3g}): searching from them anyway",
                                  ev.at(*x.shipped).m.max_rel_error, ev.at(*x.shipped).m.aux_max_rel_error,
                                  ev.at(*x.shipped).m.mismatch_rate()));
  Setting base;
  base.divider = search.cheapest_divider(x);
  Setting cur = search.least_widths(base);
  const size_t ci = search.repair(cur, ev.eval(cur, "search"));
  search.polish(cur, ci);
  mark_best(x, br, bd);
}

}  // namespace

Exploration explore(const Unit& u, const EventTrace& t, const SearchOptions& o) {
  Exploration x;
  x.unit = u.name();
  x.trace_events = t.events.size();
  Evaluator ev(u, t, x);
  x.shipped = ev.eval(Setting{}, "shipped");
  for (const Setting& s : o.given) ev.eval(s, "given");
  if (o.sweep) sweep_each_knob(u, ev);
  if (o.max_rel_error) search_within_bounds(u, ev, x, *o.max_rel_error, o.max_decision_mismatch.value_or(*o.max_rel_error));
  return x;
}

// ---------------------------------------------------------------- output

namespace {

std::string pct(double v) { return fmt::format("{:.4g}", v * 100.0); }

}  // namespace

std::string format_table(const Unit& u, const Exploration& x, bool full) {
  std::string s;
  auto bi = std::back_inserter(s);
  fmt::format_to(bi, "ccfabric explore {}: {} trace events; value: {}; decisions: {}{}\n", u.name(), x.trace_events,
                 u.controlled(), u.decisions(), u.aux().empty() ? "" : "; second output: " + u.aux());
  if (x.searched)
    fmt::format_to(bi, "bounds: max relative error {} % (value{}), decision mismatches {} %\n", pct(x.bound_rel),
                   u.aux().empty() ? "" : " and pacing gap", pct(x.bound_decisions));
  fmt::format_to(bi, "\n| setting | role | state_bits_per_flow | max_rel_error_pct | mean_rel_error_pct | "
                     "worst_kind_decision_mismatch_pct |{} meets |\n|---|---|---:|---:|---:|---:|{}---|\n",
                 u.aux().empty() ? "" : " pacing_max_rel_error_pct |", u.aux().empty() ? "" : "---:|");
  std::vector<size_t> order(x.results.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Result &ra = x.results[a], &rb = x.results[b];
    return ra.state_bits != rb.state_bits ? ra.state_bits > rb.state_bits : ra.m.max_rel_error < rb.m.max_rel_error;
  });
  if (!full) {
    // The Pareto front (no feasible setting has fewer bits and a smaller error of the value and of
    // the decisions), and the shipped, given and best settings.
    std::vector<size_t> keep;
    for (size_t i : order) {
      const Result& r = x.results[i];
      bool dominated = false;
      for (const Result& o : x.results)
        if (o.infeasible.empty() && &o != &r && o.state_bits <= r.state_bits && o.m.max_rel_error <= r.m.max_rel_error &&
            o.m.mismatch_rate() <= r.m.mismatch_rate() &&
            (o.state_bits < r.state_bits || o.m.max_rel_error < r.m.max_rel_error ||
             o.m.mismatch_rate() < r.m.mismatch_rate()))
          dominated = true;
      if ((r.infeasible.empty() && !dominated) || r.role == "shipped" || r.role == "given" || r.role == "best")
        keep.push_back(i);
    }
    order = keep;
  }
  for (size_t i : order) {
    const Result& r = x.results[i];
    if (!r.infeasible.empty()) {
      fmt::format_to(bi, "| {} | {} | {} | infeasible: {} | | |{} |\n", r.label, r.role, r.state_bits, r.infeasible,
                     u.aux().empty() ? "" : " |");
      continue;
    }
    fmt::format_to(bi, "| {} | {} | {} | {} | {} | {} |{} {} |\n", r.label, r.role, r.state_bits, pct(r.m.max_rel_error),
                   pct(r.m.mean_rel_error), pct(r.m.mismatch_rate()),
                   u.aux().empty() ? "" : " " + pct(r.m.aux_max_rel_error) + " |",
                   x.searched ? (r.meets ? "yes" : "no") : "-");
  }
  if (!full)
    fmt::format_to(bi, "\n{} settings evaluated; above: the shipped, given and best ones and the Pareto front (every "
                       "setting: explore.md, explore.csv)\n", x.results.size());
  for (const std::string& n : x.notes) fmt::format_to(bi, "note: {}\n", n);
  if (x.shipped) {
    const Result& sh = x.results[*x.shipped];
    fmt::format_to(bi, "\nshipped: {} bits per flow, max relative error {} %, decision mismatches {} %\n", sh.state_bits,
                   pct(sh.m.max_rel_error), pct(sh.m.mismatch_rate()));
  }
  if (x.best) {
    const Result& b = x.results[*x.best];
    fmt::format_to(bi, "best: {} ({} bits per flow, {} fewer than shipped), max relative error {} %, decision "
                       "mismatches {} %\n",
                   b.label, b.state_bits, int(x.results[*x.shipped].state_bits) - int(b.state_bits), pct(b.m.max_rel_error),
                   pct(b.m.mismatch_rate()));
  }
  for (const Result& r : x.results)
    if (r.e2e)
      fmt::format_to(bi, "end to end, {}: Jain's index {:.4f}, utilisation {:.1f} %, peak queue {:.1f} KB ({})\n", r.label,
                     r.e2e->jain_index, 100.0 * r.e2e->utilisation, r.e2e->max_queue_bytes / 1000.0, r.e2e->out_dir);
  return s;
}

std::string format_csv(const Unit& u, const Exploration& x) {
  std::string s = "setting,role,divider";
  for (const Knob& k : u.knobs()) s += fmt::format(",width_{}", k.name);
  s += ",state_bits_per_flow,infeasible,events,compared,max_rel_error,mean_rel_error,decisions,decision_mismatches,"
       "worst_kind_decision_mismatch_rate,aux_compared,aux_max_rel_error,aux_mean_rel_error,meets,e2e_jain_index,"
       "e2e_utilisation,e2e_max_queue_bytes\n";
  auto q = [](const std::string& v) {
    if (v.find_first_of(",\"\n") == std::string::npos) return v;
    std::string o = "\"";
    for (char c : v) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
  };
  for (const Result& r : x.results) {
    s += fmt::format("{},{},{}", q(r.label), r.role,
                     r.setting.divider.empty() ? (u.has_divider() ? "recip_table" : "") : r.setting.divider);
    for (const Knob& k : u.knobs()) {
      const auto it = r.setting.widths.find(k.name);
      s += fmt::format(",{}", it == r.setting.widths.end() ? k.shipped : it->second);
    }
    const Metrics& m = r.m;
    s += fmt::format(",{},{},{},{},{:.9g},{:.9g},{},{},{:.9g},{},{:.9g},{:.9g},{}", r.state_bits, q(r.infeasible), m.events,
                     m.compared, m.max_rel_error, m.mean_rel_error, m.decisions, m.decision_mismatches, m.mismatch_rate(),
                     m.aux_compared, m.aux_max_rel_error, m.aux_mean_rel_error,
                     x.searched ? (r.meets ? "true" : "false") : "");
    if (r.e2e) s += fmt::format(",{:.6f},{:.6f},{}\n", r.e2e->jain_index, r.e2e->utilisation, r.e2e->max_queue_bytes);
    else s += ",,,\n";
  }
  return s;
}

std::string format_json(const Unit& u, const Exploration& x) {
  nlohmann::ordered_json j;
  j["unit"] = u.name();
  j["controlled"] = u.controlled();
  j["aux"] = u.aux();
  j["decisions"] = u.decisions();
  j["trace_events"] = x.trace_events;
  nlohmann::ordered_json knobs = nlohmann::ordered_json::array();
  for (const Knob& k : u.knobs())
    knobs.push_back({{"name", k.name}, {"shipped", k.shipped}, {"min", k.min}, {"max", k.max}, {"what", k.what}});
  j["knobs"] = knobs;
  j["has_divider"] = u.has_divider();
  if (x.searched) j["bounds"] = {{"max_rel_error", x.bound_rel}, {"max_decision_mismatch", x.bound_decisions}};
  nlohmann::ordered_json res = nlohmann::ordered_json::array();
  for (const Result& r : x.results) {
    nlohmann::ordered_json jr;
    jr["setting"] = r.label;
    jr["role"] = r.role;
    nlohmann::ordered_json w;
    for (const Knob& k : u.knobs()) {
      const auto it = r.setting.widths.find(k.name);
      w[k.name] = it == r.setting.widths.end() ? k.shipped : it->second;
    }
    jr["widths"] = w;
    if (u.has_divider()) jr["divider"] = r.setting.divider.empty() ? "recip_table" : r.setting.divider;
    jr["state_bits_per_flow"] = r.state_bits;
    if (!r.infeasible.empty()) jr["infeasible"] = r.infeasible;
    const Metrics& m = r.m;
    jr["events"] = m.events;
    jr["compared"] = m.compared;
    jr["max_rel_error"] = m.max_rel_error;
    jr["mean_rel_error"] = m.mean_rel_error;
    jr["decisions"] = m.decisions;
    jr["decision_mismatches"] = m.decision_mismatches;
    jr["worst_kind_decision_mismatch_rate"] = m.mismatch_rate();
    if (!u.aux().empty()) {
      jr["aux_compared"] = m.aux_compared;
      jr["aux_max_rel_error"] = m.aux_max_rel_error;
      jr["aux_mean_rel_error"] = m.aux_mean_rel_error;
    }
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array();
    for (const Metrics::DecisionKind& k : m.by_kind)
      kinds.push_back({{"kind", k.kind}, {"decisions", k.decisions}, {"mismatches", k.mismatches}});
    jr["decisions_by_kind"] = kinds;
    nlohmann::ordered_json extra;
    for (const auto& [k, v] : m.extra) extra[k] = v;
    jr["extra"] = extra;
    if (x.searched) jr["meets"] = r.meets;
    if (r.e2e)
      jr["end_to_end"] = {{"jain_index", r.e2e->jain_index},
                          {"utilisation", r.e2e->utilisation},
                          {"max_queue_bytes", r.e2e->max_queue_bytes},
                          {"out_dir", r.e2e->out_dir}};
    res.push_back(jr);
  }
  j["results"] = res;
  if (x.shipped) j["shipped"] = x.results[*x.shipped].label;
  if (x.best) j["best"] = x.results[*x.best].label;
  j["notes"] = x.notes;
  return j.dump(2) + "\n";
}

// The flow count of the HLS header: 2^16 flows, the state memory `ccfabric report units` sizes by default.
constexpr unsigned kHlsFlowW = 16;

std::string write_outputs(const Unit& u, const Exploration& x, const std::string& dir) {
  std::filesystem::create_directories(dir);
  sims::write_output_file(dir + "/explore.csv", format_csv(u, x));
  sims::write_output_file(dir + "/explore.json", format_json(u, x));
  sims::write_output_file(dir + "/explore.md", format_table(u, x, true));
  // The best setting for `run --set-file`, `report units --widths` and the HLS tops (docs/explore.md 5).
  if (x.best) {
    const Result& b = x.results[*x.best];
    const std::string about = fmt::format("ccfabric explore {}: best setting {} ({} bits per flow)", u.name(), b.label,
                                          b.state_bits);
    sims::write_output_file(dir + "/best.toml", u.settings_file(b.setting, about));
    sims::write_output_file(dir + "/best_hls.hpp", u.hls_header(b.setting, kHlsFlowW, about));
  }
  // Error against bits: every feasible setting, the search's best, and the bound.
  {
    sims::OutputFile d(dir + "/explore_points.dat");
    // Zero errors are drawn on the bottom edge of the plot (1e-6 %).
    d << "# state_bits_per_flow max_rel_error_pct decision_mismatch_pct role\n";
    for (const Result& r : x.results)
      if (r.infeasible.empty())
        d << r.state_bits << ' ' << std::max(r.m.max_rel_error * 100, 1e-6) << ' '
          << std::max(r.m.mismatch_rate() * 100, 1e-6) << ' ' << r.role << '\n';
    d.commit();
  }
  if (!sims::gnuplot_installed())
    return "gnuplot is not installed (sims/scripts/install-deps.sh installs gnuplot-nox): no explore.png";
  std::string script = fmt::format(
      "set terminal pngcairo size 900,560\nset output 'explore.png'\n"
      "set title 'ccfabric explore {0}: error against state bits per flow'\n"
      "set xlabel 'state bits per flow'\nset ylabel 'max relative error (%), decision mismatches (%)'\n"
      "set logscale y\nset format y '10^{{%L}}'\nset yrange [1e-6:*]\nset key below\nset grid\n"
      "set label 'zero: on the bottom edge' at graph 0.02, graph 0.04\n",
      u.name());
  std::string plot =
      "plot 'explore_points.dat' using 1:2 with points pt 7 ps 0.8 title 'max relative error of the value', "
      "'explore_points.dat' using 1:3 with points pt 6 ps 0.8 title 'decision mismatches'";
  if (x.searched) {
    script += fmt::format("bound = {}\n", x.bound_rel * 100);
    plot += ", bound with lines lw 2 dt 2 title 'bound'";
  }
  if (x.best) {
    const Result& b = x.results[*x.best];
    plot += fmt::format(", '-' using 1:2 with points pt 5 ps 2 title 'best: {} bits'\n{} {}\ne", b.state_bits, b.state_bits,
                        std::max(b.m.max_rel_error * 100, 1e-6));
  }
  sims::write_output_file(dir + "/explore.gp", script + plot + "\n");
  return sims::run_gnuplot(dir, "explore.gp", "explore_plot.log");
}

}  // namespace ccf::explore
