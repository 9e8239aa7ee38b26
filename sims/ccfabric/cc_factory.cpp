// cc_factory.cpp: see cc_factory.hpp. One table of keys per algorithm: name (with its unit), rule,
// and the setter that converts the value to the kernel's fixed-point register.
#include "cc_factory.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <deque>
#include <functional>
#include <stdexcept>

#include "commands.hpp"
#include "fabric/roce_format.hpp"
#include "nic/dcqcn_np_unit.hpp"
#include "nic/dcqcn_rtl.hpp"
#include "nic/dcqcn_rp_unit.hpp"
#include "nic/ldcp_pcc_unit.hpp"
#include "nic/ldcp_unit.hpp"
#include "nic/swift_unit.hpp"
#include "nic/timely_unit.hpp"

namespace ccf::cli {
namespace {

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

// The text keys of a table: `divider` (Swift, LDCP: the form of their divisions) and `variant` (LDCP:
// "pawa" or "cx6dx_pcc", docs/units/ldcp.md 11).
void apply_text(const sims::Scenario& s, const std::string& algo, hls::Divider* divider,
                hls::ldcp::Variant* variant = nullptr) {
  const auto it = s.cc_text.find(algo);
  if (it == s.cc_text.end()) return;
  for (const auto& [name, v] : it->second) {
    if (name == "variant" && variant) {
      if (v == "pawa") *variant = hls::ldcp::Variant::kPawa;
      else if (v == "cx6dx_pcc") *variant = hls::ldcp::Variant::kCx6dxPcc;
      else throw BadInput(fmt::format("cc.{}.variant = \"{}\" must be one of \"pawa\" (per-ACK window, draft 2.2), "
                                      "\"cx6dx_pcc\" (CX6-DX PCC, draft 3.2)", algo, v));
      continue;
    }
    if (name != "divider" || !divider)
      throw BadInput(fmt::format("cc.{}.{} = \"{}\": a text value is allowed only for cc.swift.divider, "
                                 "cc.ldcp.divider and cc.ldcp.variant", algo, name, v));
    if (!hls::divider_from(v, *divider))
      throw BadInput(fmt::format("cc.{}.divider = \"{}\" must be one of \"recip_table\", \"recip_rom\", \"shift\", "
                                 "\"exact\"", algo, v));
  }
}

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
      std::string known;
      for (const auto& c : keys) known += (known.empty() ? "" : ", ") + std::string(c.name);
      throw BadInput(fmt::format("unknown key 'cc.{}.{}' (known: {})", algo, name, known));
    }
    const bool given_as_bool = flags != s.cc_flags.end() && flags->second.count(name);
    if (k->flag && !given_as_bool)
      throw BadInput(fmt::format("cc.{}.{} = {} must be true or false{}", algo, name, v,
                                 std::string(k->rule) == "true or false" ? "" : std::string(": ") + k->rule));
    if (!k->flag && given_as_bool)
      throw BadInput(fmt::format("cc.{}.{} = {} must be a number, {}", algo, name, v != 0, k->rule));
    if (!(v >= k->lo && v <= k->hi) || (k->integer && v != std::floor(v)))
      throw BadInput(fmt::format("cc.{}.{} = {} must be {}", algo, name, v, k->rule));
    k->set(p, v);
  }
}

// ---- DCQCN (hls/dcqcn, docs/units/dcqcn.md) ----
struct DcqcnParams {
  hls::dcqcn::RpParams rp;
  hls::dcqcn::NpParams np;
};

uint32_t mbps_to_rate(double mbps) {
  return hls::dcqcn::rate_from_kbps(static_cast<uint32_t>(std::llround(mbps * 1000.0)));
}
uint32_t us_to_ns(double us) {
  return static_cast<uint32_t>(std::llround(us * 1000.0));
}
// cc.<algo>.cnp_interval_us in whole ns: a value > 0 that rounds to 0 ns would be read as 0 (the
// paper window mode rejects it, the min-time mode sends a CNP per marked packet), so it is an error.
uint32_t cnp_interval_ns(const char* algo, double us) {
  const uint32_t ns = us_to_ns(us);
  if (us > 0 && ns == 0)
    throw BadInput(
        fmt::format("cc.{}.cnp_interval_us = {} must be 0 or at least 0.001 (us; the interval is held in "
                    "whole ns and this value rounds to 0 ns)",
                    algo, us));
  return ns;
}

// The [cc.<algo>] key a rule of the DCQCN kernels is about: rp_params_error and np_params_error
// start their messages with the register's name. nullptr for the widths and the line rate.
const char* dcqcn_rule_key(const std::string& err) {
  static const std::pair<const char*, const char*> keys[] = {{"g ", "g"},
                                                             {"r_ai ", "r_ai_mbps"},
                                                             {"r_hai", "r_hai_mbps"},
                                                             {"min_rate ", "min_rate_mbps"},
                                                             {"min_dec_fac", "min_dec_fac"},
                                                             {"initial_alpha", "initial_alpha"},
                                                             {"fast_recovery_steps", "fast_recovery_steps"},
                                                             {"byte_counter_bytes", "byte_counter_bytes"},
                                                             {"alpha_timer_ns", "alpha_timer_us"},
                                                             {"increase_timer_ns", "increase_timer_us"},
                                                             {"rate_decrease_period_ns", "rate_decrease_period_us"},
                                                             {"interval_ns", "cnp_interval_us"}};
  for (const auto& [reg, key] : keys)
    if (err.rfind(reg, 0) == 0) return key;
  return nullptr;
}

// The value of cc.<algo>.<key> as the scenario gives it, or nullptr (a preset's or default value).
const double* given_value(const sims::Scenario& s, const std::string& algo, const std::string& key) {
  const auto a = s.cc_params.find(algo);
  if (a == s.cc_params.end()) return nullptr;
  const auto k = a->second.find(key);
  return k == a->second.end() ? nullptr : &k->second;
}

const std::vector<Key<DcqcnParams>>& dcqcn_keys() {
  using P = DcqcnParams;
  static const std::vector<Key<P>> keys = {
      {"r_ai_mbps", 0.03125, 100000, "from 0.03125 to 100000 (Mb/s)",
       [](P& p, double v) { p.rp.r_ai = mbps_to_rate(v); }},
      {"r_hai_mbps", 0.03125, 100000, "from 0.03125 to 100000 (Mb/s)",
       [](P& p, double v) { p.rp.r_hai = mbps_to_rate(v); }},
      {"min_rate_mbps", 0.03125, 100000, "from 0.03125 to 100000 (Mb/s)",
       [](P& p, double v) { p.rp.min_rate = mbps_to_rate(v); }},
      {"g", 1.0 / 65536, 32767.0 / 65536, "a fraction from 1/65536 to 32767/65536 (units of 2^-16, below 1/2)",
       [](P& p, double v) { p.rp.g = static_cast<uint32_t>(std::llround(v * hls::dcqcn::kGainOne)); }},
      {"initial_alpha", 0, 1, "a fraction from 0 to 1",
       [](P& p, double v) {
         p.rp.initial_alpha =
             std::min<uint32_t>(hls::dcqcn::kAlphaMax, static_cast<uint32_t>(std::llround(v * hls::dcqcn::kAlphaOne)));
       }},
      {"fast_recovery_steps", 0, hls::dcqcn::kMaxFastRecoverySteps, "an integer from 0 to 31",
       [](P& p, double v) { p.rp.fast_recovery_steps = static_cast<uint32_t>(v); }, true},
      {"byte_counter_bytes", 0, hls::dcqcn::kBytesMax, "an integer from 0 (off) to 16777215",
       [](P& p, double v) { p.rp.byte_counter_bytes = static_cast<uint32_t>(v); }, true},
      {"alpha_timer_us", 0.001, 4e6, "from 0.001 to 4e6 (us)",
       [](P& p, double v) { p.rp.alpha_timer_ns = us_to_ns(v); }},
      {"increase_timer_us", 0.002, 4e6, "from 0.002 to 4e6 (us; at least 2 ns)",
       [](P& p, double v) { p.rp.increase_timer_ns = us_to_ns(v); }},
      {"rate_decrease_period_us", 0.001, 4e6, "from 0.001 to 4e6 (us)",
       [](P& p, double v) { p.rp.rate_decrease_period_ns = us_to_ns(v); }},
      {"clamp_tgt_rate", 0, 1, "true or false", [](P& p, double v) { p.rp.clamp_tgt_rate = v != 0; }, false, true},
      {"min_dec_fac", 0, 1, "a fraction from 0 (off) to 1",
       [](P& p, double v) { p.rp.min_dec_fac = static_cast<uint32_t>(std::llround(v * hls::dcqcn::kGainOne)); }},
      {"cnp_interval_us", 0, 131.071, "from 0 to 131.071 (us; 17-bit ns timestamp)",
       [](P& p, double v) { p.np.interval_ns = cnp_interval_ns("dcqcn", v); }},
      {"np_min_time_mode", 0, 1, "true (Mellanox min time between CNPs) or false (paper window)",
       [](P& p, double v) {
         p.np.mode = v != 0 ? hls::dcqcn::NpMode::kMinTimeBetweenCnps : hls::dcqcn::NpMode::kPaperWindow;
       },
       false, true},
  };
  static const std::vector<Key<P>> with_widths = [] {
    std::vector<Key<P>> k = keys;
    using W = hls::dcqcn::RpWidths;
    add_width_keys<P, W>(k, hls::dcqcn::kRpWidthKnobs, [](P& p) -> W& { return p.rp.widths; },
                         {&W::rate_int, &W::rate_frac, &W::alpha, &W::stage, &W::bytes});
    using N = hls::dcqcn::NpWidths;
    add_width_keys<P, N>(k, hls::dcqcn::kNpWidthKnobs, [](P& p) -> N& { return p.np.widths; }, {&N::time, &N::time_lsb});
    // np_time_lsb's range is 0..16 (its shipped value is 0).
    k.back().hi = hls::dcqcn::kNpMaxTimeLsb;
    k.back().rule = "an integer number of bits from 0 to 16";
    return k;
  }();
  return with_widths;
}

DcqcnParams dcqcn_params(const sims::Scenario& s) {
  const auto line_mbps = static_cast<uint32_t>(s.fabric.link_gbps * 1000.0);
  const std::string& preset = s.nic.dcqcn_preset;
  DcqcnParams p;
  // Presets (docs/units/dcqcn.md 4): "paper" is Figure 7 with B = 10 MB; "hpcc_ns3" the mlx variant
  // with timer-only increases (B = 0, HPCC has no byte counter); "mlx5" the mlx variant with the
  // ConnectX byte counter (rp_byte_reset = 32767 B) and Figure 7's max/min(T, BC) stages.
  p.rp = preset == "hpcc_ns3" ? hls::dcqcn::RpParams::hpcc_ns3(line_mbps)
         : preset == "mlx5"   ? hls::dcqcn::RpParams::mlx5(line_mbps)
                              : hls::dcqcn::RpParams::paper(line_mbps);
  p.np = preset == "mlx5" ? hls::dcqcn::NpParams::mlx5() : hls::dcqcn::NpParams::paper();
  apply_keys(s, "dcqcn", dcqcn_keys(), p);
  apply_text(s, "dcqcn", nullptr);
  // The kernels' rules name their registers (g, r_hai, interval_ns (N), ...): lead with the scenario key
  // and its value (given in [cc.dcqcn], else the preset's), then the rule.
  auto fail = [&](const std::string& err) {
    if (const char* key = dcqcn_rule_key(err)) {
      const double* given = given_value(s, "dcqcn", key);
      const std::string lead = given ? fmt::format("cc.dcqcn.{} = {}", key, *given)
                                     : fmt::format("cc.dcqcn.{} (nic.dcqcn_preset = \"{}\")", key, preset);
      throw BadInput(fmt::format("{} is not accepted at fabric.link_gbps = {}: {}", lead, s.fabric.link_gbps, err));
    }
    if (err.rfind("line_rate", 0) == 0)
      throw BadInput(fmt::format("fabric.link_gbps = {} is not accepted by cc.dcqcn: {}", s.fabric.link_gbps, err));
    // a width: the rule names it
    throw BadInput(fmt::format("nic.dcqcn_preset = \"{}\" with [cc.dcqcn] at fabric.link_gbps = {}: {}", preset,
                               s.fabric.link_gbps, err));
  };
  if (const char* err = hls::dcqcn::rp_params_error(p.rp)) fail(err);
  if (const char* err = hls::dcqcn::np_params_error(p.np)) fail(err);
  return p;
}

// ---- Swift (hls/swift, docs/units/swift.md) ----
const std::vector<Key<hls::swift::Params>>& swift_keys() {
  using P = hls::swift::Params;
  const auto num = set_double<P>;
  static const std::vector<Key<P>> keys = {
      {"base_target_us", 0, 1e4, "from 0 to 10000 (us)", num(&P::base_target_us)},
      {"per_hop_us", 0, 1e4, "from 0 to 10000 (us)", num(&P::per_hop_us)},
      {"fs_range_us", 0, 1e4, "from 0 to 10000 (us)", num(&P::fs_range_us)},
      {"fs_min_cwnd", 0.001, 1e6, "from 0.001 to 1e6 (packets)", num(&P::fs_min_cwnd)},
      {"fs_max_cwnd", 0.001, 1e6, "from 0.001 to 1e6 (packets)", num(&P::fs_max_cwnd)},
      {"endpoint_target_us", 0, 1e4, "from 0 to 10000 (us)", num(&P::endpoint_target_us)},
      {"endpoint_ewma_gain", 0, 1, "a fraction from 0 to 1", num(&P::endpoint_ewma_gain)},
      {"ai", 0, 1e3, "from 0 to 1000 (packets per RTT)", num(&P::ai)},
      {"beta", 0, 1, "a fraction from 0 to 1", num(&P::beta)},
      {"max_mdf", 0, 1, "a fraction from 0 to 1", num(&P::max_mdf)},
      {"min_cwnd", 0.001, 1e6, "from 0.001 to 1e6 (packets)", num(&P::min_cwnd)},
      {"max_cwnd", 0.001, 1e6, "from 0.001 to 1e6 (packets)", num(&P::max_cwnd)},
      {"init_cwnd", 0.001, 1e6, "from 0.001 to 1e6 (packets)", num(&P::init_cwnd)},
      {"retx_reset_threshold", 1, 31, "an integer from 1 to 31", set_integer(&P::retx_reset_threshold), true},
      {"decrease_stamp_on_equal", 0, 1, "true (the Swift paper's Algorithm 1 line 27, <=) or false (htsim, <)",
       set_flag(&P::decrease_stamp_on_equal), false, true},
  };
  static const std::vector<Key<P>> with_widths = [] {
    std::vector<Key<P>> k = keys;
    using W = hls::swift::Widths;
    add_width_keys<P, W>(k, hls::swift::kWidthKnobs, [](P& p) -> W& { return p.widths; },
                         {&W::cwnd_int, &W::cwnd_frac, &W::time, &W::rtt, &W::ewma_frac, &W::retx, &W::pacing});
    return k;
  }();
  return with_widths;
}

hls::swift::Params swift_params(const sims::Scenario& s) {
  hls::swift::Params p;
  // Scenario default: htsim's strict "<" on line 27. The literal "<=" stamps a decrease on every
  // ACK that may not cut, so a window above target is cut once and then held (docs/units/swift.md).
  p.decrease_stamp_on_equal = false;
  apply_keys(s, "swift", swift_keys(), p);
  apply_text(s, "swift", &p.divider);
  if (const std::string err = hls::swift::swift_params_error(p); !err.empty()) throw BadInput(err);
  return p;
}

// ---- LDCP (hls/ldcp, docs/units/ldcp.md): the sender's parameters and, for the CX6-DX PCC variant,
// the receiver's notification point (the DCQCN NP unit, docs/units/ldcp.md 11.7) ----
template <class T>
std::function<void(LdcpSettings&, double)> ldcp_field(T hls::ldcp::Params::*field) {
  return [field](LdcpSettings& s, double v) { s.p.*field = static_cast<T>(v); };
}

const std::vector<Key<LdcpSettings>>& ldcp_keys() {
  using P = hls::ldcp::Params;
  using S = LdcpSettings;
  static const std::vector<Key<S>> keys = {
      {"alpha", 0, 1, "a fraction from 0 to 1 (packets per RTT)", ldcp_field(&P::alpha)},
      {"beta", 0, 1, "a fraction from 0 to 1 (packets per marked packet, or per CNP for cx6dx_pcc)",
       ldcp_field(&P::beta)},
      {"gamma", 0, 1, "a fraction from 0 to 1 (packets)", ldcp_field(&P::gamma)},
      {"eta", 0, 1, "a fraction from 0 to 1", ldcp_field(&P::eta)},
      {"bdp_bytes", 0, 1e9, "an integer from 0 (derive from base_rtt_ns) to 1e9 (bytes)", ldcp_field(&P::bdp_bytes),
       true},
      {"base_rtt_ns", 1, 1e7, "an integer from 1 to 1e7 (ns)", ldcp_field(&P::base_rtt_ns), true},
      {"fast_start", 0, 1, "true or false", ldcp_field(&P::fast_start), false, true},
      // cx6dx_pcc only (pcc_only below).
      {"probe_timeout_us", 0.001, 16777.215, "from 0.001 to 16777.215 (us; 24-bit ns probe timestamp)",
       ldcp_field(&P::probe_timeout_us)},
      {"cw_clamp", 0, 1, "true (cw at most the line-rate window) or false", ldcp_field(&P::cw_clamp), false, true},
      {"cnp_interval_us", 0, 131.071, "from 0 to 131.071 (us; 17-bit ns timestamp)",
       [](S& s, double v) { s.np.interval_ns = cnp_interval_ns("ldcp", v); }},
      {"np_min_time_mode", 0, 1, "true (ConnectX min time between CNPs) or false (DCQCN paper window)",
       [](S& s, double v) {
         s.np.mode = v != 0 ? hls::dcqcn::NpMode::kMinTimeBetweenCnps : hls::dcqcn::NpMode::kPaperWindow;
       },
       false, true},
  };
  static const std::vector<Key<S>> with_widths = [] {
    std::vector<Key<S>> k = keys;
    using W = hls::ldcp::Widths;
    add_width_keys<S, W>(k, hls::ldcp::kWidthKnobs, [](S& s) -> W& { return s.p.widths; },
                         {&W::cw_int, &W::cw_frac, &W::pkt, &W::rtt});
    return k;
  }();
  return with_widths;
}

// The idle round trip of the longest host-to-host path: propagation both ways plus a data frame and
// an ACK serialised on every link of the path (store and forward). fabric_ns: computed from the
// topology by the caller (cmd_run.cpp); 0 = the star (2 links) or two_switch (3 links) formula.
uint32_t base_rtt_ns(const sims::Scenario& s, double fabric_ns) {
  if (fabric_ns > 0) return static_cast<uint32_t>(std::ceil(fabric_ns));
  const unsigned links = s.fabric.topology == "two_switch" ? 3 : 2;
  const double ns_per_byte = 8.0 / s.fabric.link_gbps;
  const double data = fabric::roce::wire_bytes(fabric::roce::data_frame_bytes(s.nic.mtu_bytes));
  const double ack = fabric::roce::wire_bytes(fabric::roce::ack_frame_bytes());
  return static_cast<uint32_t>(std::ceil(links * (2.0 * s.fabric.link_delay_ns + (data + ack) * ns_per_byte)));
}

LdcpSettings ldcp_params(const sims::Scenario& s, double fabric_base_rtt_ns) {
  LdcpSettings l;
  l.p.base_rtt_ns = base_rtt_ns(s, fabric_base_rtt_ns);  // the draft has no value: the fabric's own idle RTT
  // The CX6-DX's receiver NP: ConnectX min_time_between_cnps = 4 us, the default of the mlxconfig dumps
  // including a ConnectX-6 Dx (docs/units/dcqcn.md 4, docs/units/ldcp.md 11.7).
  l.np = hls::dcqcn::NpParams::mlx5();
  apply_keys(s, "ldcp", ldcp_keys(), l);
  apply_text(s, "ldcp", &l.p.divider, &l.p.variant);
  // Keys of one variant only are an error with the other (docs/units/ldcp.md 11.7).
  const bool pcc = l.p.variant == hls::ldcp::Variant::kCx6dxPcc;
  if (const auto it = s.cc_params.find("ldcp"); it != s.cc_params.end())
    for (const auto& [name, v] : it->second) {
      const bool pcc_only = name == "probe_timeout_us" || name == "cw_clamp" || name == "cnp_interval_us" ||
                            name == "np_min_time_mode";
      const bool pawa_only = name == "eta" || (name == "fast_start" && v != 0);
      if (pcc_only && !pcc)
        throw BadInput(fmt::format("cc.ldcp.{} applies to cc.ldcp.variant = \"cx6dx_pcc\" only (here \"pawa\")", name));
      if (pawa_only && pcc)
        throw BadInput(fmt::format("cc.ldcp.{} = {} applies to cc.ldcp.variant = \"pawa\" only (here \"cx6dx_pcc\": {})",
                                   name, name == "fast_start" ? "true" : fmt::format("{}", v),
                                   name == "eta" ? "no sub-one rule, the rate goes below one packet per RTT"
                                                 : "the PCC platform cannot send first-RTT frames Not-ECT; flows "
                                                   "start at cw = BDP, i.e. line rate"));
    }
  if (const std::string err = hls::ldcp::ldcp_config_error(l.p, s.nic.mtu_bytes, s.fabric.link_gbps); !err.empty())
    throw BadInput(err);
  if (const char* err = hls::dcqcn::np_params_error(l.np)) {
    const char* key = dcqcn_rule_key(err);
    if (const double* given = key ? given_value(s, "ldcp", key) : nullptr)
      throw BadInput(fmt::format("cc.ldcp.{} = {} is not accepted: {}", key, *given, err));
    throw BadInput(fmt::format("[cc.ldcp] notification point: {}", err));
  }
  return l;
}

// ---- TIMELY (hls/timely, docs/units/timely.md) ----
const std::vector<Key<hls::timely::Params>>& timely_keys() {
  using P = hls::timely::Params;
  const auto num = set_double<P>;
  static const std::vector<Key<P>> keys = {
      {"paper_variant", 0, 1, "true (the TIMELY paper's Algorithm 1) or false (the authors' code)",
       [](P& p, double v) { p.variant = v != 0 ? hls::timely::Variant::kPaper : hls::timely::Variant::kAuthor; }, false,
       true},
      {"alpha", 0, 1, "a fraction from 0 to 1", num(&P::alpha)},
      {"beta", 0, 1, "a fraction from 0 to 1", num(&P::beta)},
      {"delta_mbps", 0, 1e5, "from 0 to 100000 (Mb/s)", num(&P::delta_mbps)},
      {"t_low_ns", 0, 1e8, "an integer from 0 to 1e8 (ns)", set_integer(&P::t_low_ns), true},
      {"t_high_ns", 1, 1e8, "an integer from 1 to 1e8 (ns)", set_integer(&P::t_high_ns), true},
      {"min_rtt_ns", 1, 1e8, "an integer from 1 to 1e8 (ns)", set_integer(&P::min_rtt_ns), true},
      {"hai_thresh", 1, 255, "an integer from 1 to 255", set_integer(&P::hai_thresh), true},
      {"hai_n", 1, 255, "an integer from 1 to 255", set_integer(&P::hai_n), true},
      {"segment_bytes", 1, 1e8, "an integer from 1 to 1e8 (bytes, a multiple of nic.mtu_bytes)",
       set_integer(&P::segment_bytes), true},
      {"segment_pacing", 0, 1, "true or false", set_flag(&P::segment_pacing), false, true},
      {"min_rate_mbps", 0, 1e6, "from 0 to 1e6 (Mb/s)", num(&P::min_rate_mbps)},
      {"max_rate_mbps", 0, 1e6, "from 0 (line rate) to 1e6 (Mb/s)", num(&P::max_rate_mbps)},
      {"initial_rate_mbps", 0, 1e6, "from 0 (the maximum rate) to 1e6 (Mb/s)", num(&P::initial_rate_mbps)},
      {"max_outstanding_bytes", 0, 4e9, "an integer from 0 (no limit) to 4e9 (bytes)",
       set_integer(&P::max_outstanding_bytes), true},
  };
  static const std::vector<Key<P>> with_widths = [] {
    std::vector<Key<P>> k = keys;
    using W = hls::timely::Widths;
    add_width_keys<P, W>(k, hls::timely::kWidthKnobs, [](P& p) -> W& { return p.widths; },
                         {&W::rate_int, &W::rate_frac, &W::rtt, &W::diff_frac, &W::count, &W::time, &W::seg, &W::seg_wire});
    return k;
  }();
  return with_widths;
}

hls::timely::Params timely_params(const sims::Scenario& s) {
  hls::timely::Params p;
  apply_keys(s, "timely", timely_keys(), p);
  apply_text(s, "timely", nullptr);
  if (const std::string err = hls::timely::timely_params_error(p); !err.empty()) throw BadInput(err);
  return p;
}

// The units and kernels name the NIC's line rate nic.link_gbps; in a scenario it is fabric.link_gbps.
std::string scenario_key(std::string message) {
  static const std::string nic_key = "nic.link_gbps = ";
  if (message.rfind(nic_key, 0) == 0) message.replace(0, nic_key.size(), "fabric.link_gbps = ");
  return message;
}

}  // namespace

CcFactory::CcFactory(const sims::Scenario& s, double fabric_base_rtt_ns) : s_(s), fabric_base_rtt_ns_(fabric_base_rtt_ns) {
  // The algorithm in use and every algorithm with a table (a typo there is an error too).
  auto wanted = [&](const char* algo) { return s.nic.cc == algo || s.cc_params.count(algo) || s.cc_text.count(algo); };
  try {
    if (wanted("dcqcn")) {
      const DcqcnParams d = dcqcn_params(s);
      dcqcn_rp_ = d.rp;
      dcqcn_np_ = d.np;
      if (s.nic.dcqcn_impl == "rtl") {
        const char* why = nic::dcqcn_rp_rtl_error(d.rp);
        if (!why) why = nic::dcqcn_np_rtl_error(d.np);
        if (why)
          throw BadInput(fmt::format("nic.dcqcn_impl = \"rtl\": {} (unset the cc.dcqcn.widths.* keys, or use \"kernel\")", why));
      }
    }
    if (wanted("swift")) swift_ = swift_params(s);
    if (wanted("ldcp")) {
      const LdcpSettings l = ldcp_params(s, fabric_base_rtt_ns_);
      ldcp_ = l.p;
      ldcp_np_ = l.np;
    }
    if (wanted("timely")) timely_ = timely_params(s);
    make_cc_unit();  // the units check what needs the NIC as well (std::invalid_argument naming the key)
  } catch (const std::invalid_argument& e) {
    throw BadInput(scenario_key(e.what()));
  } catch (const BadInput& e) {
    throw BadInput(scenario_key(e.what()));
  }
}

std::unique_ptr<nic::CcUnit> CcFactory::make_cc_unit() const {
  const auto& n = s_.nic;
  if (n.cc == "none") return std::make_unique<nic::CcNone>();
  if (n.cc == "dcqcn") {
    auto unit = std::make_unique<nic::DcqcnRpUnit>(dcqcn_rp_);
    if (n.dcqcn_impl == "rtl") {  // the Verilated reaction point runs every pass (docs/units/dcqcn.md 10)
      auto rtl = std::make_shared<nic::DcqcnRpRtl>(dcqcn_rp_);
      unit->set_pass([rtl](hls::dcqcn::RpState& st, const hls::dcqcn::RpEvent& ev) { return rtl->step(ev, st); });
    }
    return unit;
  }
  if (n.cc == "swift") return std::make_unique<nic::SwiftUnit>(swift_, n.mtu_bytes);
  if (n.cc == "ldcp" && ldcp_.variant == hls::ldcp::Variant::kCx6dxPcc)
    return std::make_unique<nic::LdcpPccUnit>(ldcp_, n.mtu_bytes, s_.fabric.link_gbps);
  if (n.cc == "ldcp") return std::make_unique<nic::LdcpUnit>(ldcp_, n.mtu_bytes, s_.fabric.link_gbps);
  if (n.cc == "timely") return std::make_unique<nic::TimelyUnit>(timely_, n.mtu_bytes, s_.fabric.link_gbps);
  throw BadInput(fmt::format("nic.cc = \"{}\" is unknown (known: none, dcqcn, swift, ldcp, timely)", n.cc));
}

std::unique_ptr<nic::NpUnit> CcFactory::make_np_unit() const {
  if (s_.nic.cc == "dcqcn") {
    auto unit = std::make_unique<nic::DcqcnNpUnit>(dcqcn_np_);
    if (s_.nic.dcqcn_impl == "rtl") {  // the Verilated notification point; a flow's word is cleared first
      auto rtl = std::make_shared<nic::DcqcnNpRtl>(dcqcn_np_);
      auto seen = std::make_shared<std::vector<bool>>();
      unit->set_pass([rtl, seen](hls::dcqcn::NpState& st, const hls::dcqcn::NpEvent& ev) {
        if (ev.flow >= seen->size()) seen->resize(ev.flow + 1, false);
        if (!(*seen)[ev.flow]) rtl->clear(ev.flow), (*seen)[ev.flow] = true;
        return rtl->step(ev, st);
      });
    }
    return unit;
  }
  // LDCP on the CX6-DX: the receiver NIC's standard RoCE logic sends CNPs for CE-marked packets (the LDCP draft, section 3.2).
  if (ldcp_pcc()) return std::make_unique<nic::DcqcnNpUnit>(ldcp_np_);
  return nullptr;
}

void CcFactory::configure_nic(nic::NicConfig& nc) const {
  // Swift and TIMELY measure delay per ACK: a coalescing wait would be counted as network delay.
  if ((s_.nic.cc == "swift" || s_.nic.cc == "timely") && s_.nic.ack_every != 1)
    throw BadInput(fmt::format("nic.ack_every = {} must be 1 with nic.cc = \"{}\" (a held ACK reads as network delay)",
                               s_.nic.ack_every, s_.nic.cc));
  // LDCP's delayed ACK (draft 2.2): one ACK per nic.ack_every packets, an ECE at once. The CX6-DX
  // variant's ACKs are standard RoCE ACKs: no ECN echo, the NP's CNPs carry the congestion (the LDCP draft, section 3.2).
  nc.ack_ce_at_once = s_.nic.cc == "ldcp" && !ldcp_pcc();
  nc.ack_ecn_echo = !ldcp_pcc();
  // The retransmission timer of the algorithm's transport (sims/scenario: rto_mode_in_effect).
  const auto us = [](double v) { return sc_core::sc_time(v, sc_core::SC_US); };
  const std::string mode = s_.rto_mode_in_effect();
  nic::RetransmitConfig& rc = nc.retransmit;
  rc.mode = mode == "rtt_estimate" ? nic::RtoMode::kRttEstimate : nic::RtoMode::kFixed;
  rc.fixed = mode == "ib_ack_timeout" ? nic::ib_local_ack_timeout(s_.nic.ib_ack_timeout_exp) : us(s_.nic.rto_us);
  rc.initial = us(s_.nic.rto_initial_us);
  rc.min = us(s_.nic.rto_min_us);
  rc.max = us(s_.nic.rto_max_us);
  rc.backoff = s_.rto_backoff_in_effect();
  rc.retry_limit = s_.retry_limit_in_effect();
}

}  // namespace ccf::cli
