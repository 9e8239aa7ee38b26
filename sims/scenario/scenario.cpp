// scenario.cpp: loading and validation of scenarios (see scenario.hpp).
#include "sims/scenario/scenario.hpp"

#include "sims/generated/cc_list.hpp"
#include "sims/scenario/scenario_topology.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

namespace ccf::sims {

namespace {

// A value as messages show it; a long array is cut to its first entries and its length
// ("[ 0, 1, 2, 3, 4, 5, 6, 7, ... (100000 entries) ]", list_entries_text).
std::string show(const toml::node& n) {
  if (const toml::array* a = n.as_array()) {
    if (a->empty()) return "[]";
    return "[ " + list_entries_text(a->size(), [a](size_t i) { return show(*a->get(i)); }) + " ]";
  }
  std::ostringstream os;
  n.visit([&os](const auto& v) {
    if constexpr (toml::is_string<decltype(v)>) os << '"' << v.get() << '"';
    else os << v;
  });
  return os.str();
}

// Reads typed values from one table, naming `prefix.key` and the origin in every error, and
// remembers which keys it consumed so that the rest can be reported as unknown.
class Section {
 public:
  Section(const toml::table* t, std::string origin, std::string prefix)
      : t_(t), origin_(std::move(origin)), prefix_(std::move(prefix)) {}

  [[noreturn]] void fail(const std::string& key, const std::string& value, const std::string& rule) const {
    throw ScenarioError(fmt::format("{}: {} = {} must be {}", origin_, name(key), value, rule));
  }
  std::string name(const std::string& key) const { return prefix_.empty() ? key : prefix_ + "." + key; }

  void number(const std::string& key, double& out, double lo, double hi, bool lo_open = false) {
    const toml::node* n = get(key);
    if (!n) return;
    std::optional<double> v;
    if (auto i = n->as_integer()) v = double(i->get());
    if (auto f = n->as_floating_point()) v = f->get();
    const std::string range = fmt::format("a number {} {} and <= {}", lo_open ? ">" : ">=", lo, hi);
    if (!v || !std::isfinite(*v) || (lo_open ? *v <= lo : *v < lo) || *v > hi) fail(key, show(*n), range);
    out = *v;
  }
  template <class T>
  void integer(const std::string& key, T& out, int64_t lo, int64_t hi) {
    const toml::node* n = get(key);
    if (!n) return;
    auto i = n->as_integer();
    if (!i || i->get() < lo || i->get() > hi) fail(key, show(*n), fmt::format("an integer from {} to {}", lo, hi));
    out = static_cast<T>(i->get());
  }
  void boolean(const std::string& key, bool& out) {
    const toml::node* n = get(key);
    if (!n) return;
    auto b = n->as_boolean();
    if (!b) fail(key, show(*n), "true or false");
    out = b->get();
  }
  void choice(const std::string& key, std::string& out, const std::vector<std::string>& allowed) {
    const toml::node* n = get(key);
    if (!n) return;
    auto s = n->as_string();
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + ("\"" + a + "\"");
    if (!s || std::find(allowed.begin(), allowed.end(), s->get()) == allowed.end()) fail(key, show(*n), "one of " + list);
    out = s->get();
  }
  // An array of host indices 0..hosts-1 without repeats.
  void host_list(const std::string& key, std::vector<unsigned>& out, unsigned hosts) {
    const toml::node* n = get(key);
    if (!n) return;
    const std::string rule = fmt::format("an array of distinct host indices 0..{}, e.g. [1, 2, 3]", hosts - 1);
    auto a = n->as_array();
    if (!a) fail(key, show(*n), rule);
    std::vector<unsigned> v;
    for (const auto& e : *a) {
      auto i = e.as_integer();
      if (!i || i->get() < 0 || i->get() >= int64_t{hosts} ||
          std::find(v.begin(), v.end(), unsigned(i->get())) != v.end())
        fail(key, show(*n), rule);
      v.push_back(static_cast<unsigned>(i->get()));
    }
    out = v;
  }
  void text(const std::string& key, std::string& out, const std::string& rule) {
    const toml::node* n = get(key);
    if (!n) return;
    auto s = n->as_string();
    if (!s || s->get().empty()) fail(key, show(*n), rule);
    out = s->get();
  }
  bool has(const std::string& key) const { return t_ && t_->contains(key); }

  // Every key of the table that no reader asked for (sub-tables listed in `subtables` are fine).
  void reject_unknown(const std::set<std::string>& subtables = {}) const {
    if (!t_) return;
    for (const auto& [k, v] : *t_) {
      const std::string key(k.str());
      if (used_.count(key) || subtables.count(key)) continue;
      std::string known;
      for (const auto& u : asked_) known += (known.empty() ? "" : ", ") + u;
      for (const auto& u : subtables) known += (known.empty() ? "" : ", ") + u;
      throw ScenarioError(fmt::format("{}: unknown key '{}' (known here: {})", origin_, name(key), known));
    }
  }

 private:
  const toml::node* get(const std::string& key) {
    asked_.push_back(key);
    if (!t_) return nullptr;
    used_.insert(key);
    return t_->get(key);
  }
  const toml::table* t_;
  std::string origin_, prefix_;
  std::set<std::string> used_;
  std::vector<std::string> asked_;
};

const toml::table* sub(const toml::table& t, const char* key, const std::string& origin, const std::string& name) {
  const toml::node* n = t.get(key);
  if (!n) return nullptr;
  if (!n->is_table()) throw ScenarioError(fmt::format("{}: {} must be a table", origin, name));
  return n->as_table();
}

// --set a.b.c=value: the value is read as TOML (numbers, true/false, "strings"); a bare word is a string.
// A numeric part indexes an array of tables: --set traffic.0.senders=4.
void apply_override(toml::table& root, const std::string& kv) {
  const auto eq = kv.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError(fmt::format("--set {}: expected key=value, e.g. --set switch.ecn.kmin_bytes=5000", kv));
  const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
  toml::table parsed;
  try {
    parsed = toml::parse("v = " + value);
  } catch (const toml::parse_error&) {
    parsed = toml::table{{"v", value}};
  }
  toml::table* t = &root;
  std::string_view rest = key;
  for (;;) {
    const auto dot = rest.find('.');
    const std::string part(rest.substr(0, dot));
    if (dot == std::string_view::npos) {
      t->insert_or_assign(part, *parsed.get("v"));
      return;
    }
    toml::node* n = t->get(part);
    if (!n) n = &t->insert_or_assign(part, toml::table{}).first->second;
    rest = rest.substr(dot + 1);
    if (n->is_array()) {  // part.INDEX.key
      const auto dot2 = rest.find('.');
      const std::string index_text(rest.substr(0, dot2));
      toml::array& arr = *n->as_array();
      size_t index = 0;
      const bool numeric = !index_text.empty() && index_text.find_first_not_of("0123456789") == std::string::npos;
      // An index too large for size_t is out of range like any other index past the end.
      if (numeric && std::from_chars(index_text.data(), index_text.data() + index_text.size(), index).ec != std::errc{})
        index = SIZE_MAX;
      if (!numeric || index >= arr.size() || dot2 == std::string_view::npos || !arr.get(index)->is_table())
        throw ScenarioError(fmt::format("--set {}: {} is an array of {} tables; use {}.INDEX.KEY with INDEX 0..{}",
                                        kv, part, arr.size(), part, arr.size() ? arr.size() - 1 : 0));
      n = arr.get(index);
      rest = rest.substr(dot2 + 1);
    }
    if (!n->is_table()) throw ScenarioError(fmt::format("--set {}: {} is not a table", kv, part));
    t = n->as_table();
  }
}

// A [fabric] key that the topology does not use is an error, not silently ignored.
void reject_keys_of_other_topologies(const Section& fab, const std::string& kind, const std::string& origin) {
  auto only_for = [&](const std::string& key, const std::vector<std::string>& kinds) {
    if (!fab.has(key) || std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) return;
    std::string list;
    for (const auto& q : kinds) list += (list.empty() ? "" : ", ") + ("\"" + q + "\"");
    throw ScenarioError(fmt::format("{}: fabric.{} applies to topology {} only (here topology = \"{}\")", origin, key,
                                    list, kind));
  };
  for (const char* k : {"leaves", "hosts_per_leaf"}) only_for(k, {"leaf_spine"});
  only_for("spines", {"leaf_spine", "three_tier"});
  for (const char* k : {"pods", "tors_per_pod", "leaves_per_pod", "hosts_per_tor", "spine_wiring"})
    only_for(k, {"three_tier"});
  only_for("k", {"fat_tree"});
  for (const char* k : {"tier1_gbps", "tier1_delay_ns"}) only_for(k, {"leaf_spine", "three_tier", "fat_tree"});
  for (const char* k : {"tier2_gbps", "tier2_delay_ns"}) only_for(k, {"three_tier", "fat_tree"});
  for (const char* k : {"nodes", "links"}) only_for(k, {"explicit"});
}

// The [fabric] keys other than the explicit nodes and links.
void read_fabric_keys(Section& fab, const std::string& origin, Scenario::Fabric& f, bool derived) {
  const std::string& kind = f.topology;
  fab.integer("hosts", f.hosts, derived ? 1 : 2,
              derived ? 65536 : kind == "star" ? kSwitchPortsBuilt : 2 * (kSwitchPortsBuilt - 1));
  fab.number("link_gbps", f.link_gbps, 0.0, 1600.0, true);
  fab.number("link_delay_ns", f.link_delay_ns, 0.0, 1e7);
  fab.number("inter_switch_gbps", f.inter_switch_gbps, 0.0, 1600.0);
  // two_switch only. 0 (the default: link_gbps) means no link of its own and is accepted everywhere,
  // as a dumped scenario (Scenario::to_toml, summary.json) carries it on every topology.
  if (kind != "two_switch" && f.inter_switch_gbps != 0)
    throw ScenarioError(
        fmt::format("{}: fabric.inter_switch_gbps = {} applies to topology \"two_switch\" only (here "
                    "topology = \"{}\")",
                    origin, f.inter_switch_gbps, kind));
  auto optional_number = [&](const char* key, std::optional<double>& out, double lo, double hi, bool lo_open) {
    double v = 0;
    if (!fab.has(key)) {
      fab.number(key, v, lo, hi, lo_open);  // marks the key as known
      return;
    }
    fab.number(key, v, lo, hi, lo_open);
    out = v;
  };
  optional_number("tier1_gbps", f.tier1_gbps, 0.0, 1600.0, true);
  optional_number("tier1_delay_ns", f.tier1_delay_ns, 0.0, 1e7, false);
  optional_number("tier2_gbps", f.tier2_gbps, 0.0, 1600.0, true);
  optional_number("tier2_delay_ns", f.tier2_delay_ns, 0.0, 1e7, false);
  fab.integer("leaves", f.leaves, 1, 65536);
  fab.integer("hosts_per_leaf", f.hosts_per_leaf, 1, 65536);
  fab.integer("spines", f.spines, 1, 65536);
  fab.integer("pods", f.pods, 1, 65536);
  fab.integer("tors_per_pod", f.tors_per_pod, 1, 65536);
  fab.integer("leaves_per_pod", f.leaves_per_pod, 1, 65536);
  fab.integer("hosts_per_tor", f.hosts_per_tor, 1, 65536);
  fab.choice("spine_wiring", f.spine_wiring, {"full", "planes"});
  fab.integer("k", f.k, 2, 64);
  fab.reject_unknown({"nodes", "links"});
}

// fabric.nodes or fabric.links of an explicit topology: a non-empty array of tables.
const toml::array* explicit_entries(const toml::table* ft, const char* key, const std::string& origin) {
  const toml::node* n = ft ? ft->get(key) : nullptr;
  if (!n) throw ScenarioError(fmt::format("{}: fabric.{} is required with topology = \"explicit\" "
                                          "([[fabric.{}]] entries, docs/scenarios.md)", origin, key, key));
  const toml::array* a = n->as_array();
  if (!a || a->empty())
    throw ScenarioError(fmt::format("{}: fabric.{} must be a non-empty array of tables ([[fabric.{}]])", origin,
                                    key, key));
  return a;
}

Scenario::Fabric::Node parse_fabric_node(const toml::node& entry, const std::string& origin, size_t i) {
  const std::string prefix = fmt::format("fabric.nodes[{}]", i);
  const toml::table* t = entry.as_table();
  if (!t) throw ScenarioError(fmt::format("{}: {} must be a table", origin, prefix));
  Section sec(t, origin, prefix);
  Scenario::Fabric::Node n;
  sec.text("name", n.name, "a name for links to refer to, e.g. \"T1\"");
  if (n.name.empty()) sec.fail("name", "(missing)", "given: a name for links to refer to, e.g. \"T1\"");
  sec.choice("kind", n.kind, {"host", "switch"});
  if (n.kind.empty()) sec.fail("kind", "(missing)", "given: \"host\" or \"switch\"");
  if (n.kind == "host" && sec.has("ports"))
    throw ScenarioError(fmt::format("{}: {}.ports applies to kind = \"switch\" only (a host has one port)", origin,
                                    prefix));
  sec.integer("ports", n.ports, 1, kSwitchPortsBuilt);
  sec.reject_unknown();
  return n;
}

Scenario::Fabric::Link parse_fabric_link(const toml::node& entry, const std::string& origin, size_t i) {
  const std::string prefix = fmt::format("fabric.links[{}]", i);
  const toml::table* t = entry.as_table();
  if (!t) throw ScenarioError(fmt::format("{}: {} must be a table", origin, prefix));
  Section sec(t, origin, prefix);
  Scenario::Fabric::Link l;
  for (auto [key, out] : {std::pair{"a", &l.a}, std::pair{"b", &l.b}}) {
    sec.text(key, *out, "the name of one of fabric.nodes");
    if (out->empty()) sec.fail(key, "(missing)", "given: the name of one of fabric.nodes");
  }
  for (auto [key, out] : {std::pair{"port_a", &l.port_a}, std::pair{"port_b", &l.port_b}}) {
    unsigned p = 0;
    const bool given = sec.has(key);
    sec.integer(key, p, 0, fabric::kMaxSwitchPorts - 1);
    if (given) *out = p;
  }
  for (auto [key, out, lo_open] : {std::tuple{"gbps", &l.gbps, true}, std::tuple{"delay_ns", &l.delay_ns, false}}) {
    double v = 0;
    const bool given = sec.has(key);
    sec.number(key, v, 0.0, lo_open ? 1600.0 : 1e7, lo_open);
    if (given) *out = v;
  }
  sec.reject_unknown();
  return l;
}

// [[fabric.nodes]] and [[fabric.links]] of topology = "explicit".
void parse_explicit_fabric(const toml::table* ft, const std::string& origin, Scenario::Fabric& f) {
  const toml::array* nodes = explicit_entries(ft, "nodes", origin);
  const toml::array* links = explicit_entries(ft, "links", origin);
  f.nodes.clear();
  f.links.clear();
  for (size_t i = 0; i < nodes->size(); ++i) f.nodes.push_back(parse_fabric_node((*nodes)[i], origin, i));
  for (size_t i = 0; i < links->size(); ++i) f.links.push_back(parse_fabric_link((*links)[i], origin, i));
}

// Builds the topology to check it: every error names its key (fabric.k, fabric.links[3].port_b, ...).
// The derived kinds set hosts; a hosts key must agree with it.
void check_fabric_topology(const Section& fab, const std::string& origin, Scenario::Fabric& f, bool derived,
                           bool hosts_given) {
  fabric::Topology t;
  try {
    t = scenario_topology(f);
  } catch (const fabric::TopologyError& e) {
    throw ScenarioError(fmt::format("{}: {}", origin, e.what()));
  }
  if (derived) {
    if (hosts_given && f.hosts != t.hosts)
      fab.fail("hosts", fmt::format("{}", f.hosts),
               fmt::format("{} (the hosts of this {} topology) or left out", t.hosts, f.topology));
    f.hosts = t.hosts;
  }
}

// [fabric]: the topology by kind and parameters, or explicit nodes and links (docs/scenarios.md).
// Builds the topology to check it (scenario_topology.hpp) and sets hosts for the derived kinds.
void parse_fabric(const toml::table& root, const std::string& origin, Scenario::Fabric& f) {
  const toml::table* ft = sub(root, "fabric", origin, "fabric");
  Section fab(ft, origin, "fabric");
  fab.choice("topology", f.topology, {"star", "two_switch", "leaf_spine", "three_tier", "fat_tree", "explicit"});
  reject_keys_of_other_topologies(fab, f.topology, origin);
  const bool derived = f.topology != "star" && f.topology != "two_switch";
  const bool hosts_given = fab.has("hosts");
  read_fabric_keys(fab, origin, f, derived);
  if (f.topology == "explicit") parse_explicit_fabric(ft, origin, f);
  check_fabric_topology(fab, origin, f, derived, hosts_given);
}

// A retransmission key of another timer than the one in effect is an error (docs/scenarios.md
// [nic]), and the timer's values must be consistent.
void check_retransmit_keys(const Scenario& s, Section& nic, const std::string& origin) {
  const std::string mode = s.rto_mode_in_effect();
  const std::string why = s.nic.rto_mode == "auto" ? fmt::format(", the transport of nic.cc = \"{}\"", s.nic.cc) : "";
  const struct {
    const char* key;
    double value;
    const char* owner;
  } owners[] = {{"ib_ack_timeout_exp", double(s.nic.ib_ack_timeout_exp), "ib_ack_timeout"},
                {"rto_us", s.nic.rto_us, "fixed"},
                {"rto_min_us", s.nic.rto_min_us, "rtt_estimate"},
                {"rto_initial_us", s.nic.rto_initial_us, "rtt_estimate"}};
  for (const auto& o : owners)
    if (nic.has(o.key) && mode != o.owner)
      throw ScenarioError(fmt::format("{}: nic.{} = {} applies to nic.rto_mode = \"{}\" only (here \"{}\"{})", origin,
                                      o.key, o.value, o.owner, mode, why));
  if (mode == "rtt_estimate") {
    if (s.nic.rto_min_us > s.nic.rto_max_us)
      nic.fail("rto_min_us", fmt::format("{}", s.nic.rto_min_us), fmt::format("<= nic.rto_max_us = {}", s.nic.rto_max_us));
    if (s.nic.rto_initial_us < s.nic.rto_min_us || s.nic.rto_initial_us > s.nic.rto_max_us)
      nic.fail("rto_initial_us", fmt::format("{}", s.nic.rto_initial_us),
               fmt::format("from nic.rto_min_us = {} to nic.rto_max_us = {}", s.nic.rto_min_us, s.nic.rto_max_us));
  }
}

}  // namespace

std::string Scenario::rto_mode_in_effect() const {
  if (nic.rto_mode != "auto") return nic.rto_mode;
  // The transport of the algorithm (its traits, sims/cc/cc_traits.hpp); with no congestion control
  // a RoCE QP's Local ACK Timeout (docs/nic.md 4.2).
  const auto text = cc_text.find(nic.cc);
  return cc::auto_rto_mode(nic.cc, text == cc_text.end() ? cc::TextKeys{} : text->second);
}

unsigned Scenario::rto_backoff_in_effect() const {
  return nic.rto_backoff.value_or(rto_mode_in_effect() == "rtt_estimate" ? 2 : 1);
}

unsigned Scenario::retry_limit_in_effect() const {
  return nic.retry_limit.value_or(rto_mode_in_effect() == "ib_ack_timeout" ? 7 : 0);
}

// [switch.rcm] (docs/scenarios.md): every key with its rule; what depends on other sections
// (traffic priorities) is checked in check_rcm once they are read.
void parse_rcm(const toml::table* t, const std::string& origin, Scenario& s) {
  Scenario::Switch::Rcm& r = s.sw.rcm;
  Section rcm(t, origin, "switch.rcm");
  rcm.boolean("enable", r.enable);
  rcm.boolean("cn", r.cn);
  rcm.boolean("rcc", r.rcc);
  rcm.boolean("sar", r.sar);
  rcm.integer("qeq_bytes", r.qeq_bytes, 0, 12'000'000);
  rcm.integer("qeq_ingress_bytes", r.qeq_ingress_bytes, 0, 12'000'000);
  rcm.number("wq", r.wq, 1.0 / 16, 16.0);
  if (const double l = std::log2(r.wq); l != std::round(l))
    rcm.fail("wq", fmt::format("{}", r.wq), "a power of two from 1/16 to 16");
  rcm.integer("sample_bytes", r.sample_bytes, 1, 1'000'000);
  rcm.integer("degree_unit_bytes", r.degree_unit_bytes, 1, int64_t{1} << 31);
  if (!std::has_single_bit(r.degree_unit_bytes))
    rcm.fail("degree_unit_bytes", fmt::format("{}", r.degree_unit_bytes), "a power of two from 1 to 2^31");
  rcm.number("flag_hold_us", r.flag_hold_us, 0.0, 1e6, true);
  rcm.number("cn_interval_us", r.cn_interval_us, 0.0, 1e6);
  rcm.number("cn_weight", r.cn_weight, 1.0 / 64, 1.0);
  if (const double l = std::log2(r.cn_weight); l != std::round(l))
    rcm.fail("cn_weight", fmt::format("{}", r.cn_weight), "a power of two from 1/64 to 1");
  rcm.integer("cfr_sample_bytes", r.cfr_sample_bytes, 1, 1'000'000);
  rcm.integer("cam_entries", r.cam_entries, 8, 32);
  if (r.cam_entries != sw::SwitchParams{}.cfr_depth)
    rcm.fail("cam_entries", fmt::format("{}", r.cam_entries),
             fmt::format("{}: the switch RTL is built with CFR_DEPTH = {} (8 and 32 are legal RTL parameters; "
                         "rtl/CMakeLists.txt builds the configurations ccfabric runs)",
                         sw::SwitchParams{}.cfr_depth, sw::SwitchParams{}.cfr_depth));
  rcm.integer("rcc_class", r.rcc_class, 0, 7);
  rcm.integer("rcc_queue", r.rcc_queue, 0, 7);
  if (r.rcc_queue == r.rcc_class)
    rcm.fail("rcc_queue", fmt::format("{}", r.rcc_queue),
             fmt::format("a class other than switch.rcm.rcc_class = {}", r.rcc_class));
  rcm.integer("rcc_window_bytes", r.rcc_window_bytes, 32'768, UINT32_MAX);
  rcm.integer("rcc_min_bytes", r.rcc_min_bytes, 16'383, UINT32_MAX / 2);
  if (r.rcc_window_bytes < 2 * r.rcc_min_bytes)
    rcm.fail("rcc_window_bytes", fmt::format("{}", r.rcc_window_bytes),
             fmt::format(">= 2 x switch.rcm.rcc_min_bytes = {}", 2 * r.rcc_min_bytes));
  rcm.integer("sar_min_degree", r.sar_min_degree, 1, 63);
  rcm.number("sar_gap_us", r.sar_gap_us, 0.0, 1e6);
  rcm.reject_unknown();
}

// key = value at a dotted path of root unless the scenario gives the key itself.
void set_default(toml::table& root, std::initializer_list<const char*> path, const toml::node& value) {
  toml::table* t = &root;
  const auto last = path.end() - 1;
  for (auto it = path.begin(); it != last; ++it) {
    toml::node* n = t->get(*it);
    if (!n) n = &t->insert_or_assign(*it, toml::table{}).first->second;
    if (!n->is_table()) return;  // not a table: the section's own check names it
    t = n->as_table();
  }
  if (!t->contains(*last)) t->insert(*last, value);
}

// sim.compat = "hpcc_ns3": the defaults of HPCC's ns-3 simulator (github alibaba-edu/High-Precision-
// Congestion-Control, commit 9f4be2a; docs/crossval.md 1 cites each) under the keys the scenario does
// not set.
void apply_hpcc_ns3_defaults(toml::table& root) {
  const double gbps = root["fabric"]["link_gbps"].value_or(Scenario{}.fabric.link_gbps);
  const double delay_ns = root["fabric"]["link_delay_ns"].value_or(Scenario{}.fabric.link_delay_ns);
  set_default(root, {"nic", "dcqcn_preset"}, toml::value<std::string>("hpcc_ns3"));
  set_default(root, {"nic", "mtu_bytes"}, toml::value<int64_t>(1000));      // mix/config.txt PACKET_PAYLOAD_SIZE
  set_default(root, {"switch", "mark_at_dequeue"}, toml::value<bool>(true));  // switch-node.cc: RED at dequeue
  // KMIN_MAP / KMAX_MAP / PMAX_MAP of mix/config.txt: 100 / 400 KB at 25 Gb/s, 400 / 1600 KB at 100,
  // 0.2: 4 and 16 KB per Gb/s.
  set_default(root, {"switch", "ecn", "kmin_bytes"}, toml::value<int64_t>(std::llround(4000.0 * gbps)));
  set_default(root, {"switch", "ecn", "kmax_bytes"}, toml::value<int64_t>(std::llround(16000.0 * gbps)));
  set_default(root, {"switch", "ecn", "pmax"}, toml::value<double>(0.2));
  // switch-mmu.cc: threshold (buffer - headroom - reserve - shared) >> 3 = beta 1 of docs/switch.md
  // 2.6; reserve 4 KiB per (port, queue); third.cc: headroom 3 x rate x link delay.
  set_default(root, {"switch", "pfc_threshold"}, toml::value<std::string>("dynamic"));
  set_default(root, {"switch", "pfc_beta"}, toml::value<double>(1.0));
  set_default(root, {"switch", "reserve_bytes"}, toml::value<int64_t>(4096));
  set_default(root, {"switch", "headroom_bytes"}, toml::value<int64_t>(std::llround(3.0 * gbps * delay_ns / 8.0)));
  // mix/config.txt BUFFER_SIZE 32, in MiB (third.cc); the switch with RCM is built with 12,000,000 B only.
  if (!root["switch"]["rcm"]["enable"].value_or(false))
    set_default(root, {"switch", "buffer_bytes"}, toml::value<int64_t>(int64_t{32} << 20));
  // rdma-hw.cc: the receiver echoes every CE mark on its ACK (no CNP interval at the notification point).
  if (root["nic"]["cc"].value_or(std::string(Scenario{}.nic.cc)) == "dcqcn") {
    set_default(root, {"cc", "dcqcn", "np_min_time_mode"}, toml::value<bool>(true));
    set_default(root, {"cc", "dcqcn", "cnp_interval_us"}, toml::value<double>(0.0));
  }
}

namespace {

toml::table parse_scenario_text(const std::string& toml_text, const std::string& origin) {
  try {
    return toml::parse(toml_text, origin);
  } catch (const toml::parse_error& e) {
    throw ScenarioError(fmt::format("{}:{}:{}: {}", origin, e.source().begin.line, e.source().begin.column, e.description()));
  }
}

// [sim]; sim.compat = "hpcc_ns3" sets the defaults of the other sections in root.
void parse_sim(toml::table& root, const std::string& origin, Scenario::Sim& s) {
  Section sim(sub(root, "sim", origin, "sim"), origin, "sim");
  sim.choice("compat", s.compat, {"none", "hpcc_ns3"});
  if (s.compat == "hpcc_ns3") apply_hpcc_ns3_defaults(root);
  sim.number("duration_us", s.duration_us, 0.0, 1e7, true);
  sim.integer("seed", s.seed, 0, INT64_MAX);
  sim.number("measure_from_us", s.measure_from_us, 0.0, 1e7);
  sim.number("sample_interval_us", s.sample_interval_us, 0.0, 1e6, true);
  sim.number("starved_after_us", s.starved_after_us, 0.0, 1e7, true);
  sim.number("deadlock_after_us", s.deadlock_after_us, kMinDeadlockAfterUs, 1e7);
  sim.reject_unknown();
  if (s.measure_from_us >= s.duration_us)
    sim.fail("measure_from_us", fmt::format("{}", s.measure_from_us), fmt::format("< sim.duration_us = {}", s.duration_us));
  // The run ends and measures in SystemC time (1 ps resolution, values rounded to it): at least 1 ns of
  // run and at least 1 ps of measurement window after rounding (docs/scenarios.md).
  if (s.duration_us < kMinDurationUs)
    sim.fail("duration_us", fmt::format("{}", s.duration_us),
             fmt::format("a number >= {} (1 ns) and <= 1e7", kMinDurationUs));
  if (std::llround(s.duration_us * 1e6) - std::llround(s.measure_from_us * 1e6) < 1)
    sim.fail("measure_from_us", fmt::format("{}", s.measure_from_us),
             fmt::format("at least 1 ps (1e-06 us) below sim.duration_us = {} after rounding to the 1 ps time "
                         "resolution (an empty measurement window)",
                         s.duration_us));
  // The sampler runs in SystemC time (1 ps resolution): a shorter interval would round to 0 and never
  // advance. At most kMaxSamplesPerRun samples are kept (docs/scenarios.md).
  if (s.sample_interval_us < 1e-6)
    sim.fail("sample_interval_us", fmt::format("{}", s.sample_interval_us),
             "a number >= 1e-06 (1 ps, the time resolution of the simulation)");
  if (s.duration_us / s.sample_interval_us > double(kMaxSamplesPerRun))
    sim.fail("sample_interval_us", fmt::format("{}", s.sample_interval_us),
             fmt::format(">= sim.duration_us / {} = {} (at most {} samples per run)", kMaxSamplesPerRun,
                         s.duration_us / double(kMaxSamplesPerRun), kMaxSamplesPerRun));
}

// [switch], [switch.ecn] and [switch.rcm].
void parse_switch(const toml::table& root, const std::string& origin, Scenario& s) {
  const toml::table* swt = sub(root, "switch", origin, "switch");
  Section sw(swt, origin, "switch");
  sw.integer("buffer_bytes", s.sw.buffer_bytes, 65536, sw::kLargeBufferBytes);
  sw.boolean("pfc", s.sw.pfc);
  sw.choice("pfc_threshold", s.sw.pfc_threshold, {"dynamic", "static"});
  sw.number("pfc_beta", s.sw.pfc_beta, 1.0 / 64, 64.0);
  const double lb = std::log2(s.sw.pfc_beta);
  if (lb != std::round(lb)) sw.fail("pfc_beta", fmt::format("{}", s.sw.pfc_beta), "a power of two from 1/64 to 64");
  sw.integer("pfc_static_bytes", s.sw.pfc_static_bytes, 0, sw::kLargeBufferBytes);
  // Each threshold has its own key; the other one's is an error unless it holds its default, which a
  // dumped scenario (Scenario::to_toml, summary.json) carries whatever the threshold.
  const Scenario::Switch sw_defaults;
  auto only_for_threshold = [&](const std::string& key, bool differs, const std::string& value, const char* kind) {
    if (!differs || s.sw.pfc_threshold == kind) return;
    throw ScenarioError(fmt::format("{}: switch.{} = {} applies to switch.pfc_threshold = \"{}\" only (here \"{}\")",
                                    origin, key, value, kind, s.sw.pfc_threshold));
  };
  only_for_threshold("pfc_beta", s.sw.pfc_beta != sw_defaults.pfc_beta, fmt::format("{}", s.sw.pfc_beta), "dynamic");
  only_for_threshold("pfc_static_bytes", s.sw.pfc_static_bytes != sw_defaults.pfc_static_bytes,
                     fmt::format("{}", s.sw.pfc_static_bytes), "static");
  sw.integer("headroom_bytes", s.sw.headroom_bytes, 0, 1'000'000);
  sw.integer("reserve_bytes", s.sw.reserve_bytes, 0, 100'000);
  sw.boolean("mark_at_dequeue", s.sw.mark_at_dequeue);
  sw.choice("impl", s.sw.impl, {"rtl", "reference"});
  sw.integer("built_ports", s.sw.built_ports, 0, sw::kMaxBuiltPorts);
  if (s.sw.built_ports != 0 && sw::built_port_count(s.sw.built_ports) != s.sw.built_ports) {
    std::string built;
    for (unsigned n : sw::kBuiltPortCounts) built += fmt::format(", {}", n);
    sw.fail("built_ports", fmt::format("{}", s.sw.built_ports),
            "one of 0 (each switch on the smallest build that holds its cabled ports)" + built);
  }
  Section ecn(swt ? sub(*swt, "ecn", origin, "switch.ecn") : nullptr, origin, "switch.ecn");
  ecn.boolean("enable", s.sw.ecn.enable);
  ecn.integer("kmin_bytes", s.sw.ecn.kmin_bytes, 0, sw::kLargeBufferBytes);
  ecn.integer("kmax_bytes", s.sw.ecn.kmax_bytes, 0, sw::kLargeBufferBytes);
  ecn.number("pmax", s.sw.ecn.pmax, 0.0, 1.0);
  ecn.integer("wred_k_bytes", s.sw.ecn.wred_k_bytes, 0, sw::kLargeBufferBytes);
  ecn.reject_unknown();
  parse_rcm(swt ? sub(*swt, "rcm", origin, "switch.rcm") : nullptr, origin, s);
  sw.reject_unknown({"ecn", "rcm"});
  if (sw::built_buffer_bytes(s.sw.buffer_bytes, s.sw.rcm.enable) == 0)
    sw.fail("buffer_bytes", fmt::format("{}", s.sw.buffer_bytes),
            fmt::format("<= {} with switch.rcm.enable = true (the switch with RCM is built with a {}-B buffer; "
                        "without RCM up to {}, rtl/CMakeLists.txt)",
                        sw::kDefaultBufferBytes, sw::kDefaultBufferBytes, sw::kLargeBufferBytes));
  if (s.sw.ecn.kmin_bytes > s.sw.ecn.kmax_bytes)
    ecn.fail("kmin_bytes", fmt::format("{}", s.sw.ecn.kmin_bytes), fmt::format("<= switch.ecn.kmax_bytes = {}", s.sw.ecn.kmax_bytes));
}

// The keys of [nic]; the retransmission keys are checked against the timer in effect once [cc] is read.
void read_nic_keys(Section& nic, const std::string& origin, Scenario::Nic& n) {
  std::vector<std::string> cc_values = {"none"};
  cc_values.insert(cc_values.end(), cc::kAlgorithmNames.begin(), cc::kAlgorithmNames.end());
  nic.choice("cc", n.cc, cc_values);
  nic.integer("mtu_bytes", n.mtu_bytes, 256, 4096);
  nic.choice("dcqcn_preset", n.dcqcn_preset, {"paper", "hpcc_ns3", "mlx5"});
  nic.choice("dcqcn_impl", n.dcqcn_impl, {"kernel", "rtl"});
  if (n.dcqcn_impl != "kernel" && n.cc != "dcqcn")
    throw ScenarioError(fmt::format("{}: nic.dcqcn_impl = \"{}\" applies to nic.cc = \"dcqcn\" only (here \"{}\")", origin,
                                    n.dcqcn_impl, n.cc));
  nic.number("host_gbps", n.host_gbps, 0.0, 1600.0);
  nic.integer("host_queue_bytes", n.host_queue_bytes, 16384, 1'000'000'000);
  nic.integer("ack_every", n.ack_every, 1, 64);
  nic.choice("rto_mode", n.rto_mode, {"auto", "ib_ack_timeout", "rtt_estimate", "fixed"});
  nic.integer("ib_ack_timeout_exp", n.ib_ack_timeout_exp, 0, 31);
  nic.number("rto_us", n.rto_us, 0.001, 1e7);
  nic.number("rto_min_us", n.rto_min_us, 0.001, 1e7);
  nic.number("rto_initial_us", n.rto_initial_us, 0.001, 1e7);
  nic.number("rto_max_us", n.rto_max_us, 0.001, 1e7);
  unsigned backoff = 1, retry_limit = 0;
  nic.integer("rto_backoff", backoff, 1, 16);
  nic.integer("retry_limit", retry_limit, 0, 255);
  if (nic.has("rto_backoff")) n.rto_backoff = backoff;
  if (nic.has("retry_limit")) n.retry_limit = retry_limit;
  nic.reject_unknown();
}

// One value of [cc.<algo>]: numbers and booleans; the text of `divider` (e.g. "shift") and of
// `variant` (e.g. "cx6dx_pcc") goes to cc_text. Which keys exist is the algorithm's (sims/cc/<algo>/).
void read_cc_value(const std::string& origin, const std::string& a, const std::string& name, const toml::node& v,
                   Scenario& s) {
  const std::string key = fmt::format("cc.{}.{}", a, name);
  if (auto str = v.as_string(); str && (name == "divider" || name == "variant")) {
    s.cc_text[a][name] = str->get();
    return;
  }
  if (name == "variant")
    throw ScenarioError(fmt::format("{}: {} must be text, e.g. \"pawa\" or \"cx6dx_pcc\" for cc.ldcp", origin, key));
  if (name == "divider")
    throw ScenarioError(
        fmt::format("{}: {} = {} must be text: one of \"recip_table\", \"recip_rom\", \"shift\", "
                    "\"exact\"",
                    origin, key, show(v)));
  double x = 0;
  if (auto i = v.as_integer()) x = double(i->get());
  else if (auto f = v.as_floating_point()) x = f->get();
  else if (auto b = v.as_boolean()) {
    x = b->get() ? 1.0 : 0.0;
    s.cc_flags[a].insert(name);  // a boolean key takes only these, a numeric key never (sims/cc/cc_keys.hpp)
  } else
    throw ScenarioError(
        fmt::format("{}: {} must be a number or true/false (text only for divider and variant)", origin, key));
  if (!std::isfinite(x)) throw ScenarioError(fmt::format("{}: {} = {} must be a finite number", origin, key, x));
  s.cc_params[a][name] = x;
}

// [cc.<algo>] tables; the state widths as a sub-table [cc.<algo>.widths] (keys "widths.<name>",
// docs/explore.md).
void parse_cc(const toml::table& root, const std::string& origin, Scenario& s) {
  const toml::table* cct = sub(root, "cc", origin, "cc");
  if (!cct) return;
  for (const auto& [algo, node] : *cct) {
    const std::string a(algo.str());
    if (std::find(cc::kAlgorithmNames.begin(), cc::kAlgorithmNames.end(), a) == cc::kAlgorithmNames.end())
      throw ScenarioError(fmt::format("{}: unknown table [cc.{}] (known: {})", origin, a,
                                      fmt::join(cc::kAlgorithmNames, ", ")));
    if (!node.is_table()) throw ScenarioError(fmt::format("{}: cc.{} must be a table ([cc.{}])", origin, a, a));
    for (const auto& [k, v] : *node.as_table()) {
      const std::string name(k.str());
      if (name == "widths" && v.is_table()) {
        for (const auto& [wk, wv] : *v.as_table()) {
          if (wv.is_table() || wv.is_string())
            throw ScenarioError(fmt::format("{}: cc.{}.widths.{} must be a number of bits", origin, a, wk.str()));
          read_cc_value(origin, a, "widths." + std::string(wk.str()), wv, s);
        }
        continue;
      }
      read_cc_value(origin, a, name, v, s);
    }
  }
}

// A [[traffic]] key that the pattern does not use is an error, not silently ignored.
void reject_keys_of_other_patterns(const Section& tr, const std::string& pat, const std::string& origin,
                                   const std::string& prefix) {
  auto only_for = [&](const std::string& key, const std::vector<std::string>& patterns) {
    if (!tr.has(key) || std::find(patterns.begin(), patterns.end(), pat) != patterns.end()) return;
    std::string list;
    for (const auto& q : patterns) list += (list.empty() ? "" : ", ") + ("\"" + q + "\"");
    throw ScenarioError(fmt::format("{}: {}.{} applies to pattern {} only (here pattern = {})", origin, prefix, key,
                                    list, "\"" + pat + "\""));
  };
  only_for("senders", {"incast"});
  only_for("receiver", {"incast"});
  only_for("hot_hosts", {"hot_spot", "poisson"});
  only_for("hot_fraction", {"hot_spot", "poisson"});
  only_for("load", {"poisson"});
  only_for("cdf", {"poisson"});
  only_for("stop_us", {"poisson"});
  only_for("bytes", {"incast", "permutation", "all_to_all", "hot_spot"});
  only_for("flows_per_sender", {"incast", "permutation", "all_to_all", "hot_spot"});
  only_for("flows", {"incast"});
  only_for("file", {"hpcc_flows"});
  only_for("start_offset_s", {"hpcc_flows"});
  only_for("sender_hosts", {"incast", "permutation", "all_to_all", "hot_spot", "poisson"});
  only_for("start_us", {"incast", "permutation", "all_to_all", "hot_spot", "poisson"});
  only_for("priority", {"incast", "permutation", "all_to_all", "hot_spot", "poisson"});
  only_for("rate_gbps", {"incast", "permutation", "all_to_all", "hot_spot", "poisson"});
}

void read_traffic_keys(Section& tr, const Scenario& s, TrafficSpec& spec) {
  tr.integer("senders", spec.senders, 0, s.fabric.hosts - 1);
  tr.host_list("sender_hosts", spec.sender_hosts, s.fabric.hosts);
  tr.integer("receiver", spec.receiver, 0, s.fabric.hosts - 1);
  tr.integer("bytes", spec.bytes, 0, INT64_MAX);
  tr.number("start_us", spec.start_us, 0.0, s.sim.duration_us);
  tr.integer("flows_per_sender", spec.flows_per_sender, 1, 4096);
  tr.integer("flows", spec.flows, 1, 65536);
  if (tr.has("flows") && tr.has("flows_per_sender"))
    tr.fail("flows", fmt::format("{}", spec.flows),
            "given without flows_per_sender (flows: in all, over the senders in turn; flows_per_sender: per sender)");
  tr.integer("priority", spec.priority, 0, 7);
  tr.number("rate_gbps", spec.rate_gbps, 0.0, 1600.0);
  tr.host_list("hot_hosts", spec.hot_hosts, s.fabric.hosts);
  tr.number("hot_fraction", spec.hot_fraction, 0.0, 1.0);
  tr.number("load", spec.load, 0.0, 1.0, true);
  tr.text("cdf", spec.cdf, "\"web_search\", \"data_mining\" or the path of a CDF file (docs/workloads.md)");
  tr.number("stop_us", spec.stop_us, 0.0, s.sim.duration_us);
  tr.text("file", spec.file, "the path of an HPCC flow file (docs/workloads.md)");
  tr.number("start_offset_s", spec.start_offset_s, 0.0, 1e6);
  tr.reject_unknown();
}

// An incast's senders and receiver.
void check_incast(const Section& tr, TrafficSpec& spec) {
  // senders with sender_hosts: the first `senders` of the list send (a sweep over the count of
  // senders picked from a fixed list; 0 = none, the entry gives no flow).
  if (!spec.sender_hosts.empty() && tr.has("senders")) {
    if (spec.senders > spec.sender_hosts.size())
      tr.fail("senders", fmt::format("{}", spec.senders),
              fmt::format("at most the {} hosts of sender_hosts (the first `senders` of them send)",
                          spec.sender_hosts.size()));
    spec.sender_hosts.resize(spec.senders);
  }
  const bool listed = !spec.sender_hosts.empty();
  const bool is_sender = listed ? std::find(spec.sender_hosts.begin(), spec.sender_hosts.end(), spec.receiver) !=
                                      spec.sender_hosts.end()
                                : spec.receiver >= 1 && spec.receiver <= spec.senders;
  if (is_sender)
    tr.fail("receiver", fmt::format("{}", spec.receiver),
            listed ? "a host not in sender_hosts" : fmt::format("0 or above the senders 1..{}", spec.senders));
}

// The rules of a [[traffic]] entry between its keys.
void check_traffic_entry(const Section& tr, const toml::table& t, const Scenario& s, TrafficSpec& spec) {
  const std::string& pat = spec.pattern;
  if (pat == "hpcc_flows" && spec.file.empty()) tr.fail("file", "(missing)", "given for pattern \"hpcc_flows\": an HPCC flow file");
  if (tr.has("sender_hosts") && spec.sender_hosts.size() < (pat == "incast" ? 1u : 2u))
    tr.fail("sender_hosts", show(*t.get("sender_hosts")),
            pat == "incast" ? "at least one host" : fmt::format("at least two hosts for pattern {}", "\"" + pat + "\""));
  if (pat == "incast") check_incast(tr, spec);
  if (pat == "hot_spot" && spec.hot_hosts.empty())
    tr.fail("hot_hosts", "[]", "at least one host for pattern \"hot_spot\"");
  if (spec.hot_fraction > 0 && spec.hot_hosts.empty())
    tr.fail("hot_fraction", fmt::format("{}", spec.hot_fraction), "0 when hot_hosts is empty");
  if (pat == "poisson") {
    if (!tr.has("load")) tr.fail("load", "(missing)", "given for pattern \"poisson\": a number > 0 and <= 1");
    if (!tr.has("cdf"))
      tr.fail("cdf", "(missing)", "given for pattern \"poisson\": \"web_search\", \"data_mining\" or a CDF file");
    const double stop = spec.stop_us > 0 ? spec.stop_us : s.sim.duration_us;
    if (stop <= spec.start_us)
      tr.fail("stop_us", fmt::format("{}", spec.stop_us), fmt::format("> start_us = {} (0 = sim.duration_us)", spec.start_us));
  }
}

TrafficSpec parse_traffic_entry(const toml::node& entry, const std::string& origin, size_t i, const Scenario& s) {
  const toml::table* t = entry.as_table();
  const std::string prefix = fmt::format("traffic[{}]", i);
  if (!t) throw ScenarioError(fmt::format("{}: {} must be a table", origin, prefix));
  TrafficSpec spec;
  Section tr(t, origin, prefix);
  tr.choice("pattern", spec.pattern, {"incast", "permutation", "all_to_all", "hot_spot", "poisson", "hpcc_flows"});
  reject_keys_of_other_patterns(tr, spec.pattern, origin, prefix);
  read_traffic_keys(tr, s, spec);
  check_traffic_entry(tr, *t, s, spec);
  return spec;
}

// [[traffic]] entries.
void parse_traffic(const toml::table& root, const std::string& origin, Scenario& s) {
  const toml::node* tn = root.get("traffic");
  if (!tn) return;
  const toml::array* arr = tn->as_array();
  if (!arr) throw ScenarioError(fmt::format("{}: traffic must be an array of tables ([[traffic]])", origin));
  for (size_t i = 0; i < arr->size(); ++i) s.traffic.push_back(parse_traffic_entry((*arr)[i], origin, i, s));
}

// RCM's queue for congestion flows must be a class nothing else uses (docs/switch.md 2.11.4): no
// traffic priority, not the ACK/CNP priority; and its data class should carry traffic.
void check_rcc_queue(const Scenario& s, const std::string& origin) {
  if (!s.sw.rcm.enable || !s.sw.rcm.rcc) return;
  const Scenario::Switch::Rcm& r = s.sw.rcm;
  std::set<unsigned> used{kAckCnpPriority};
  for (const auto& t : s.traffic) used.insert(t.priority);
  if (used.count(r.rcc_queue))
    throw ScenarioError(fmt::format(
        "{}: switch.rcm.rcc_queue = {} must be a class no traffic uses (it holds the congestion flows of "
        "switch.rcm.rcc_class = {}); in use: traffic priorities and ACK/CNP priority {}",
        origin, r.rcc_queue, r.rcc_class, kAckCnpPriority));
}

}  // namespace

Scenario parse_scenario(const std::string& toml_text, const std::string& origin, const std::vector<std::string>& overrides) {
  toml::table root = parse_scenario_text(toml_text, origin);
  for (const auto& o : overrides) apply_override(root, o);

  Scenario s;
  Section top(&root, origin, "");
  top.reject_unknown({"sim", "fabric", "switch", "nic", "cc", "traffic"});
  parse_sim(root, origin, s.sim);
  parse_fabric(root, origin, s.fabric);
  parse_switch(root, origin, s);
  Section nic(sub(root, "nic", origin, "nic"), origin, "nic");
  read_nic_keys(nic, origin, s.nic);
  parse_cc(root, origin, s);
  check_retransmit_keys(s, nic, origin);
  parse_traffic(root, origin, s);
  check_rcc_queue(s, origin);
  return s;
}

namespace {

// "16777216 bytes (16 MiB)" for a limit of whole MiB, else the bytes.
std::string limit_text(uint64_t max_bytes) {
  if (max_bytes >= (uint64_t{1} << 20) && max_bytes % (uint64_t{1} << 20) == 0)
    return fmt::format("{} bytes ({} MiB)", max_bytes, max_bytes >> 20);
  return fmt::format("{} bytes", max_bytes);
}

}  // namespace

uint64_t check_text_file(const std::string& path, const std::string& what, uint64_t max_bytes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st))
    throw ScenarioError(fmt::format("{}: cannot be read ({})", path, ec ? ec.message() : "no such file"));
  if (!fs::is_regular_file(st)) {
    const char* kind = fs::is_directory(st)        ? "a directory"
                       : fs::is_character_file(st) ? "a character device"
                       : fs::is_block_file(st)     ? "a block device"
                       : fs::is_fifo(st)           ? "a FIFO"
                       : fs::is_socket(st)         ? "a socket"
                                                   : "not a file";
    throw ScenarioError(fmt::format("{}: must be a regular {} (it is {})", path, what, kind));
  }
  const uintmax_t size = fs::file_size(path, ec);
  if (ec) throw ScenarioError(fmt::format("{}: cannot be read ({})", path, ec.message()));
  if (size > max_bytes)
    throw ScenarioError(
        fmt::format("{}: {} bytes is larger than the limit of {} for a {}", path, size, limit_text(max_bytes), what));
  return size;
}

std::string read_text_file(const std::string& path, const std::string& what, uint64_t max_bytes) {
  check_text_file(path, what, max_bytes);
  std::ifstream f(path, std::ios::binary);
  if (!f) throw ScenarioError(fmt::format("{}: cannot be read", path));
  // In blocks, stopping past the limit, in case the file grew since its size was taken.
  std::string text;
  char block[65536];
  while (f.read(block, sizeof block) || f.gcount() > 0) {
    text.append(block, size_t(f.gcount()));
    if (text.size() > max_bytes)
      throw ScenarioError(fmt::format("{}: larger than the limit of {} for a {}", path, limit_text(max_bytes), what));
  }
  if (f.bad()) throw ScenarioError(fmt::format("{}: cannot be read", path));
  return text;
}

std::string read_toml_file(const std::string& path) {
  return read_text_file(path, "TOML file", kMaxTomlFileBytes);
}

namespace {
void flatten_sets(const toml::table& t, const std::string& prefix, const std::string& path, std::vector<std::string>& out) {
  for (const auto& [k, v] : t) {
    const std::string key = prefix + std::string(k.str());
    if (const toml::table* sub = v.as_table()) {
      flatten_sets(*sub, key + ".", path, out);
    } else if (v.is_array()) {
      throw ScenarioError(fmt::format("{}: {} is an array; a settings file holds single values (key = value)", path, key));
    } else {
      std::ostringstream value;
      v.visit([&](const auto& x) { value << x; });  // its TOML text: strings quoted, numbers as written
      out.push_back(key + "=" + value.str());
    }
  }
}
}  // namespace

std::vector<std::string> sets_from_file(const std::string& path) {
  toml::table root;
  try {
    root = toml::parse(read_toml_file(path), path);
  } catch (const toml::parse_error& e) {
    throw ScenarioError(fmt::format("{}:{}: {}", path, e.source().begin.line, e.description()));
  }
  std::vector<std::string> sets;
  flatten_sets(root, "", path, sets);
  return sets;
}

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  if (path.empty()) return parse_scenario("", "(defaults)", overrides);
  Scenario s = parse_scenario(read_toml_file(path), path, overrides);
  // A CDF file named by a relative path is found next to the scenario file (docs/scenarios.md).
  for (auto& tr : s.traffic) {
    if (tr.cdf.empty() || tr.cdf == "web_search" || tr.cdf == "data_mining") continue;
    const std::filesystem::path p(tr.cdf);
    if (p.is_relative()) tr.cdf = (std::filesystem::path(path).parent_path() / p).lexically_normal().string();
  }
  for (auto& tr : s.traffic)  // likewise a flow file
    if (!tr.file.empty() && std::filesystem::path(tr.file).is_relative())
      tr.file = (std::filesystem::path(path).parent_path() / tr.file).lexically_normal().string();
  return s;
}

namespace {
std::string rcm_toml(const Scenario::Switch::Rcm& r) {
  return fmt::format(
      "[switch.rcm]\nenable = {}\ncn = {}\nrcc = {}\nsar = {}\nqeq_bytes = {}\nqeq_ingress_bytes = {}\nwq = {}\n"
      "sample_bytes = {}\ndegree_unit_bytes = {}\nflag_hold_us = {}\ncn_interval_us = {}\ncn_weight = {}\n"
      "cfr_sample_bytes = {}\ncam_entries = {}\nrcc_class = {}\nrcc_queue = {}\nrcc_window_bytes = {}\n"
      "rcc_min_bytes = {}\nsar_min_degree = {}\nsar_gap_us = {}\n\n",
      r.enable, r.cn, r.rcc, r.sar, r.qeq_bytes, r.qeq_ingress_bytes, r.wq, r.sample_bytes, r.degree_unit_bytes,
      r.flag_hold_us, r.cn_interval_us, r.cn_weight, r.cfr_sample_bytes, r.cam_entries, r.rcc_class, r.rcc_queue,
      r.rcc_window_bytes, r.rcc_min_bytes, r.sar_min_degree, r.sar_gap_us);
}
// The retransmission timer in effect ("auto" resolved) and its keys only, so that the dump loads
// back to the same timer whatever nic.cc says.
std::string retransmit_toml(const Scenario& s) {
  std::string t;
  const std::string rto_mode = s.rto_mode_in_effect();
  if (s.nic.dcqcn_impl != "kernel") t += fmt::format("dcqcn_impl = \"{}\"\n", s.nic.dcqcn_impl);
  t += fmt::format("rto_mode = \"{}\"\n", rto_mode);
  if (rto_mode == "ib_ack_timeout") t += fmt::format("ib_ack_timeout_exp = {}\n", s.nic.ib_ack_timeout_exp);
  if (rto_mode == "fixed") t += fmt::format("rto_us = {}\n", s.nic.rto_us);
  if (rto_mode == "rtt_estimate")
    t += fmt::format("rto_min_us = {}\nrto_initial_us = {}\n", s.nic.rto_min_us, s.nic.rto_initial_us);
  t += fmt::format("rto_max_us = {}\nrto_backoff = {}\nretry_limit = {}\n", s.nic.rto_max_us, s.rto_backoff_in_effect(),
                   s.retry_limit_in_effect());
  return t;
}

// The [fabric] keys of the multi-tier and explicit topologies (to append to the [fabric] table).
std::string topology_keys_toml(const Scenario::Fabric& fabric) {
  std::string fab;
  const std::string& kind = fabric.topology;
  if (kind == "leaf_spine")
    fab += fmt::format("leaves = {}\nspines = {}\nhosts_per_leaf = {}\n", fabric.leaves, fabric.spines, fabric.hosts_per_leaf);
  if (kind == "three_tier")
    fab += fmt::format("pods = {}\ntors_per_pod = {}\nleaves_per_pod = {}\nspines = {}\nhosts_per_tor = {}\n"
                       "spine_wiring = \"{}\"\n",
                       fabric.pods, fabric.tors_per_pod, fabric.leaves_per_pod, fabric.spines, fabric.hosts_per_tor,
                       fabric.spine_wiring);
  if (kind == "fat_tree") fab += fmt::format("k = {}\n", fabric.k);
  if (kind == "leaf_spine" || kind == "three_tier" || kind == "fat_tree") {
    if (fabric.tier1_gbps) fab += fmt::format("tier1_gbps = {}\n", *fabric.tier1_gbps);
    if (fabric.tier1_delay_ns) fab += fmt::format("tier1_delay_ns = {}\n", *fabric.tier1_delay_ns);
  }
  if (kind == "three_tier" || kind == "fat_tree") {
    if (fabric.tier2_gbps) fab += fmt::format("tier2_gbps = {}\n", *fabric.tier2_gbps);
    if (fabric.tier2_delay_ns) fab += fmt::format("tier2_delay_ns = {}\n", *fabric.tier2_delay_ns);
  }
  if (kind == "explicit") {
    for (const auto& n : fabric.nodes) {
      fab += fmt::format("\n[[fabric.nodes]]\nname = \"{}\"\nkind = \"{}\"\n", n.name, n.kind);
      if (n.kind == "switch") fab += fmt::format("ports = {}\n", n.ports);
    }
    for (const auto& l : fabric.links) {
      fab += fmt::format("\n[[fabric.links]]\na = \"{}\"\nb = \"{}\"\n", l.a, l.b);
      if (l.port_a) fab += fmt::format("port_a = {}\n", *l.port_a);
      if (l.port_b) fab += fmt::format("port_b = {}\n", *l.port_b);
      if (l.gbps) fab += fmt::format("gbps = {}\n", *l.gbps);
      if (l.delay_ns) fab += fmt::format("delay_ns = {}\n", *l.delay_ns);
    }
  }
  return fab;
}

// One [cc.<algo>] table per algorithm with parameters or text.
std::string cc_tables_toml(const Scenario& s) {
  std::string t;
  std::set<std::string> algos;
  for (const auto& [algo, kv] : s.cc_params) algos.insert(algo);
  for (const auto& [algo, kv] : s.cc_text) algos.insert(algo);
  for (const std::string& algo : algos) {
    t += fmt::format("\n[cc.{}]\n", algo);
    if (const auto it = s.cc_params.find(algo); it != s.cc_params.end())
      for (const auto& [k, v] : it->second) {
        const auto f = s.cc_flags.find(algo);
        if (f != s.cc_flags.end() && f->second.count(k))
          t += fmt::format("{} = {}\n", k, v != 0);  // true/false
        else
          t += fmt::format("{} = {}\n", k, v);  // widths.<name>: a dotted key
      }
    if (const auto it = s.cc_text.find(algo); it != s.cc_text.end())
      for (const auto& [k, v] : it->second) t += fmt::format("{} = \"{}\"\n", k, v);
  }
  return t;
}

std::string host_list_toml(const std::vector<unsigned>& v) {
  std::string l;
  for (unsigned h : v) l += (l.empty() ? "" : ", ") + std::to_string(h);
  return "[" + l + "]";
}

// One [[traffic]] table: the keys of its pattern.
std::string traffic_toml(const TrafficSpec& tr) {
  std::string t = fmt::format("\n[[traffic]]\npattern = \"{}\"\n", tr.pattern);
  if (tr.pattern == "hpcc_flows") return t + fmt::format("file = \"{}\"\nstart_offset_s = {}\n", tr.file, tr.start_offset_s);
  if (tr.pattern == "incast") {
    if (tr.sender_hosts.empty()) t += fmt::format("senders = {}\n", tr.senders);
    t += fmt::format("receiver = {}\n", tr.receiver);
  }
  if (!tr.sender_hosts.empty()) t += fmt::format("sender_hosts = {}\n", host_list_toml(tr.sender_hosts));
  if (tr.pattern != "poisson") t += fmt::format("bytes = {}\n", tr.bytes);
  t += fmt::format("start_us = {}\n", tr.start_us);
  if (tr.pattern != "poisson" && tr.flows == 0) t += fmt::format("flows_per_sender = {}\n", tr.flows_per_sender);
  if (tr.flows > 0) t += fmt::format("flows = {}\n", tr.flows);
  t += fmt::format("priority = {}\nrate_gbps = {}\n", tr.priority, tr.rate_gbps);
  if (tr.pattern == "hot_spot" || tr.pattern == "poisson")
    t += fmt::format("hot_hosts = {}\nhot_fraction = {}\n", host_list_toml(tr.hot_hosts), tr.hot_fraction);
  if (tr.pattern == "poisson")
    t += fmt::format("load = {}\ncdf = \"{}\"\nstop_us = {}\n", tr.load, tr.cdf, tr.stop_us);
  return t;
}
}  // namespace

std::string Scenario::to_toml() const {
  std::string t = fmt::format(
      "[sim]\nduration_us = {}\nseed = {}\nmeasure_from_us = {}\nsample_interval_us = {}\nstarved_after_us = {}\n"
      "deadlock_after_us = {}\ncompat = \"{}\"\n\n"
      "[fabric]\ntopology = \"{}\"\nhosts = {}\nlink_gbps = {}\nlink_delay_ns = {}\ninter_switch_gbps = {}\n\n"
      "[switch]\nbuffer_bytes = {}\npfc = {}\npfc_threshold = \"{}\"\npfc_beta = {}\npfc_static_bytes = {}\n"
      "headroom_bytes = {}\nreserve_bytes = {}\nmark_at_dequeue = {}\n\n"
      "[switch.ecn]\nenable = {}\nkmin_bytes = {}\nkmax_bytes = {}\npmax = {}\nwred_k_bytes = {}\n\n{}"
      "[nic]\ncc = \"{}\"\nmtu_bytes = {}\ndcqcn_preset = \"{}\"\nhost_gbps = {}\nhost_queue_bytes = {}\nack_every = {}\n",
      sim.duration_us, sim.seed, sim.measure_from_us, sim.sample_interval_us, sim.starved_after_us,
      sim.deadlock_after_us, sim.compat, fabric.topology, fabric.hosts,
      fabric.link_gbps, fabric.link_delay_ns, fabric.inter_switch_gbps, sw.buffer_bytes, sw.pfc, sw.pfc_threshold,
      sw.pfc_beta, sw.pfc_static_bytes, sw.headroom_bytes, sw.reserve_bytes, sw.mark_at_dequeue, sw.ecn.enable,
      sw.ecn.kmin_bytes, sw.ecn.kmax_bytes, sw.ecn.pmax, sw.ecn.wred_k_bytes, rcm_toml(sw.rcm), nic.cc, nic.mtu_bytes, nic.dcqcn_preset, nic.host_gbps,
      nic.host_queue_bytes, nic.ack_every);
  t += retransmit_toml(*this);
  constexpr std::string_view kSwitchTable = "\n[switch]\n";
  if (sw.impl != "rtl")
    t.insert(t.find(kSwitchTable) + kSwitchTable.size(), fmt::format("impl = \"{}\"\n", sw.impl));
  if (sw.built_ports != 0)
    t.insert(t.find(kSwitchTable) + kSwitchTable.size(), fmt::format("built_ports = {}\n", sw.built_ports));
  if (const std::string fab = topology_keys_toml(fabric); !fab.empty()) {
    const size_t at = t.find("\n[switch]\n");
    t.insert(at, fab);
  }
  t += cc_tables_toml(*this);
  for (const auto& tr : traffic) t += traffic_toml(tr);
  return t;
}

}  // namespace ccf::sims
