// ldcp_algorithm.cpp: LDCP's registration (hls/ldcp, docs/units/ldcp.md, docs/adding-an-algorithm.md):
// the [cc.ldcp] keys of both variants, the per-ACK window unit ("pawa") or the CX6-DX PCC unit with the
// DCQCN notification point at its receivers ("cx6dx_pcc", docs/units/ldcp.md 11), their ACK settings,
// the explore replay (per-ACK window only) and the report entries.
#include <fmt/format.h>

#include <cmath>

#include "hls/ldcp/ldcp_cost.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/ldcp_pcc_unit.hpp"
#include "sc/nic/ldcp_unit.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/cc/cc_keys.hpp"
#include "sims/cc/dcqcn/dcqcn_algorithm.hpp"
#include "sims/cc/ldcp/ldcp_explore.hpp"
#include "sims/report/unit_measure.hpp"

namespace ccf::cc {
namespace {

using sc_core::sc_time;

// The [cc.ldcp] table as loaded: the sender's parameters, and the receiver's notification point for
// cc.ldcp.variant = "cx6dx_pcc" (docs/units/ldcp.md 11.7).
struct LdcpParams {
  hls::ldcp::Params p;
  hls::dcqcn::NpParams np;
};

template <class T>
std::function<void(LdcpParams&, double)> ldcp_field(T hls::ldcp::Params::*field) {
  return [field](LdcpParams& s, double v) { s.p.*field = static_cast<T>(v); };
}

const std::vector<Key<LdcpParams>>& ldcp_keys() {
  using P = hls::ldcp::Params;
  using S = LdcpParams;
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

LdcpParams ldcp_params(const sims::Scenario& s, double fabric_base_rtt_ns) {
  LdcpParams l;
  l.p.base_rtt_ns = base_rtt_ns(s, fabric_base_rtt_ns);  // the draft has no value: the fabric's own idle RTT
  // The CX6-DX's receiver NP: ConnectX min_time_between_cnps = 4 us, the default of the mlxconfig dumps
  // including a ConnectX-6 Dx (docs/units/dcqcn.md 4, docs/units/ldcp.md 11.7).
  l.np = hls::dcqcn::NpParams::mlx5();
  apply_keys(s, "ldcp", ldcp_keys(), l);
  apply_text(s, "ldcp", "cc.ldcp.divider and cc.ldcp.variant", [&](const std::string& name, const std::string& v) {
    if (name == "divider") read_divider("ldcp", v, l.p.divider);
    else if (name != "variant") return false;
    else if (v == "pawa") l.p.variant = hls::ldcp::Variant::kPawa;
    else if (v == "cx6dx_pcc") l.p.variant = hls::ldcp::Variant::kCx6dxPcc;
    else throw BadInput(fmt::format("cc.ldcp.variant = \"{}\" must be one of \"pawa\" (per-ACK window, draft 2.2), "
                                    "\"cx6dx_pcc\" (CX6-DX PCC, draft 3.2)", v));
    return true;
  });
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

// LDCP's CX6-DX PCC variant: the NIC's probe cycle (a request on the wire whenever the flow owes one,
// a response or, for one request in five, none, so that its timeout fires) and CNPs.
void measure_pcc(report::UnitReport& u, const report::ReportOptions& o, unsigned mtu, double line_gbps) {
  hls::ldcp::Params p;
  nic::LdcpPccUnit unit(p, mtu, line_gbps);
  report::Stream s(o.seed);
  report::Driver d(u, [&] { return unit.busy_cycles(); });
  std::vector<uint64_t> sent(o.stream_flows, 0);
  std::vector<bool> lost(o.stream_flows, false);
  for (uint32_t f = 0; f < o.stream_flows; ++f) unit.init_flow(f, sc_time::from_value(0));
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    report::fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    if (unit.rtt_probe_wanted(f)) {
      d.event("probe_sent", [&] { unit.on_rtt_probe_sent(f, sc_time::from_value(t)); });
      sent[f] = t;
      lost[f] = s.u01() < 0.2;
    } else if (s.u01() < 0.5 || lost[f]) {
      d.event("cnp", [&] { unit.on_cnp(f, sc_time::from_value(t)); });
    } else {
      d.event("rtt_response", [&] { unit.on_rtt_response(f, sent[f], sc_time::from_value(t)); });
    }
  }
  d.finish({"cnp", "probe_sent", "rtt_response", "timer"});
}

class LdcpSettings : public CcSettings {
 public:
  LdcpSettings(const sims::Scenario& s, double fabric_base_rtt_ns)
      : l(ldcp_params(s, fabric_base_rtt_ns)), mtu_bytes_(s.nic.mtu_bytes), link_gbps_(s.fabric.link_gbps) {}
  bool pcc() const { return l.p.variant == hls::ldcp::Variant::kCx6dxPcc; }
  std::unique_ptr<nic::CcUnit> make_cc_unit() const override {
    if (pcc()) return std::make_unique<nic::LdcpPccUnit>(l.p, mtu_bytes_, link_gbps_);
    return std::make_unique<nic::LdcpUnit>(l.p, mtu_bytes_, link_gbps_);
  }
  // On the CX6-DX the receiver NIC's standard RoCE logic sends CNPs for CE-marked packets (the LDCP
  // draft, section 3.2).
  std::unique_ptr<nic::NpUnit> make_np_unit() const override {
    return pcc() ? std::make_unique<nic::DcqcnNpUnit>(l.np) : nullptr;
  }
  // The per-ACK window's delayed ACK (draft 2.2): one ACK per nic.ack_every packets, an ECE at once.
  // The CX6-DX variant's ACKs are standard RoCE ACKs: no ECN echo, the NP's CNPs carry the congestion
  // (the LDCP draft, section 3.2).
  void configure_nic(nic::NicConfig& nc) const override {
    nc.ack_ce_at_once = !pcc();
    nc.ack_ecn_echo = !pcc();
  }
  std::string explore_unsupported() const override {
    return pcc() ? "cc.ldcp.variant = \"cx6dx_pcc\": the event trace and its replay hold the \"pawa\" unit's events "
                   "only (docs/units/ldcp.md 11.9)"
                 : "";
  }
  std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double link_gbps) const override {
    return make_ldcp_explore({l.p, mtu_bytes, link_gbps});
  }
  LdcpParams l;

 private:
  uint32_t mtu_bytes_;
  double link_gbps_;
};

class Ldcp : public CcAlgorithm {
 public:
  std::string name() const override { return "ldcp"; }
  std::string trace_kinds() const override { return "imanox"; }
  std::string bench_scenario() const override { return "incast_ldcp.toml"; }
  bool needs_base_rtt() const override { return true; }
  std::unique_ptr<CcSettings> load(const sims::Scenario& s, double fabric_base_rtt_ns) const override {
    return std::make_unique<LdcpSettings>(s, fabric_base_rtt_ns);
  }
  ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                       uint32_t mtu_bytes) const override {
    const auto& w = static_cast<const LdcpSettings&>(widths);
    const std::string at = fmt::format("{} Gb/s, MTU {} B", link_gbps, mtu_bytes);
    hls::ldcp::Params p;
    p.widths = w.l.p.widths;
    ReportSection r;
    r.units.push_back(report::static_part("ldcp", "LDCP", "defaults (draft 2.2), " + at, hls::ldcp::kStateFields,
                                          nic::LdcpUnit::kCost, hls::ldcp::kArithmetic, hls::ldcp::kDivision, o.flows,
                                          p.widths.state_bits()));
    nic::LdcpUnit unit(p, mtu_bytes, link_gbps);
    report::measure_cc_unit(r.units.back(), unit, o, mtu_bytes, {0.45, 0.95, 0.98, true});
    r.units.push_back(report::static_part("ldcp_pcc", "LDCP CX6-DX PCC",
                                          "cc.ldcp.variant = \"cx6dx_pcc\", defaults (draft 3.2), " + at,
                                          hls::ldcp::kPccStateFields, nic::LdcpPccUnit::kCost, hls::ldcp::kPccArithmetic,
                                          hls::ldcp::kPccDivision, o.flows, nic::LdcpPccUnit::kCost.state_bits_per_flow));
    measure_pcc(r.units.back(), o, mtu_bytes, link_gbps);
    // docs/units/ldcp.md 11.1: a NIC that sends and receives holds the sender unit and the DCQCN NP.
    r.combined.push_back({"ldcp_pcc_plus_np",
                          "LDCP CX6-DX PCC + the DCQCN NP of its receivers (a NIC that sends and receives holds both)",
                          r.units.back().state_bits_per_flow + w.l.np.widths.state_bits()});
    return r;
  }
};

}  // namespace

const CcAlgorithm& ldcp_algorithm() {
  static const Ldcp a;
  return a;
}

}  // namespace ccf::cc
