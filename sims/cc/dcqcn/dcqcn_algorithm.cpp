// dcqcn_algorithm.cpp: DCQCN's registration (docs/adding-an-algorithm.md): the [cc.dcqcn] keys, the
// presets (docs/units/dcqcn.md 4), the RP and NP units (kernel or Verilated RTL), the explore replay
// and the report entries.
#include "sims/cc/dcqcn/dcqcn_algorithm.hpp"

#include <fmt/format.h>

#include <cmath>

#include "hls/dcqcn/dcqcn_cost.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/dcqcn_rp_unit.hpp"
#include "sc/nic/dcqcn_rtl.hpp"
#include "sims/cc/cc_keys.hpp"
#include "sims/cc/dcqcn/dcqcn_explore.hpp"
#include "sims/report/unit_measure.hpp"

namespace ccf::cc {
namespace {

using sc_core::sc_time;

uint32_t mbps_to_rate(double mbps) {
  return hls::dcqcn::rate_from_kbps(static_cast<uint32_t>(std::llround(mbps * 1000.0)));
}
const std::vector<Key<DcqcnSettings>>& dcqcn_keys() {
  using P = DcqcnSettings;
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

void measure_rp(report::UnitReport& u, const hls::dcqcn::RpParams& p, const report::ReportOptions& o, unsigned mtu) {
  nic::DcqcnRpUnit unit(p);
  report::Stream s(o.seed);
  report::Driver d(u, [&] { return unit.busy_cycles(); });
  for (uint32_t f = 0; f < o.stream_flows; ++f) unit.init_flow(f, sc_time::from_value(0));
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    report::fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    if (s.u01() < 0.1)
      d.event("cnp", [&] { unit.on_cnp(f, sc_time::from_value(t)); });
    else
      d.event("tx", [&] { unit.on_tx(f, mtu, sc_time::from_value(t)); });
  }
  d.finish({"cnp", "tx", "timer"});
}

void measure_np(report::UnitReport& u, const hls::dcqcn::NpParams& p, const report::ReportOptions& o) {
  nic::DcqcnNpUnit unit(p);
  report::Stream s(o.seed);
  report::Driver d(u, [&] { return unit.busy_cycles(); });
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    report::fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    d.event("ce", [&] { unit.on_ce(f, sc_time::from_value(t)); });
  }
  d.finish({"ce", "timer"});
}

class Dcqcn : public CcAlgorithm {
 public:
  std::string name() const override { return "dcqcn"; }
  std::string trace_kinds() const override { return "icxe"; }
  std::string bench_scenario() const override { return "incast_dcqcn_100g.toml"; }
  std::unique_ptr<CcSettings> load(const sims::Scenario& s, double) const override { return dcqcn_settings(s); }
  ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                       uint32_t mtu_bytes) const override {
    namespace dk = hls::dcqcn;
    const auto& w = static_cast<const DcqcnSettings&>(widths);
    const std::string at = fmt::format("{} Gb/s, MTU {} B", link_gbps, mtu_bytes);
    dk::RpParams rp = dk::RpParams::paper(static_cast<uint32_t>(link_gbps * 1000.0));
    rp.widths = w.rp.widths;
    ReportSection r;
    r.units.push_back(report::static_part("dcqcn_rp", "DCQCN RP", "paper preset, " + at, dk::kRpStateFields,
                                          nic::DcqcnRpUnit::kCost, dk::kRpArithmetic, dk::kRpDivision, o.flows,
                                          rp.widths.state_bits()));
    measure_rp(r.units.back(), rp, o, mtu_bytes);
    dk::NpParams np = dk::NpParams::paper();
    np.widths = w.np.widths;
    r.units.push_back(report::static_part("dcqcn_np", "DCQCN NP", "paper window, N = 50 us", dk::kNpStateFields,
                                          nic::DcqcnNpUnit::kCost, dk::kNpArithmetic, dk::kNpDivision, o.flows,
                                          np.widths.state_bits()));
    measure_np(r.units.back(), np, o);
    r.combined.push_back({"dcqcn_rp_plus_np", "DCQCN RP + NP (a NIC holds both)",
                          r.units[0].state_bits_per_flow + r.units[1].state_bits_per_flow});
    return r;
  }
};

}  // namespace

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

std::unique_ptr<DcqcnSettings> dcqcn_settings(const sims::Scenario& s) {
  const auto line_mbps = static_cast<uint32_t>(s.fabric.link_gbps * 1000.0);
  const std::string& preset = s.nic.dcqcn_preset;
  auto settings = std::make_unique<DcqcnSettings>();
  DcqcnSettings& p = *settings;
  // Presets (docs/units/dcqcn.md 4): "paper" is Figure 7 with B = 10 MB; "hpcc_ns3" the mlx variant
  // with timer-only increases (B = 0, HPCC has no byte counter); "mlx5" the mlx variant with the
  // ConnectX byte counter (rp_byte_reset = 32767 B) and Figure 7's max/min(T, BC) stages.
  p.rp = preset == "hpcc_ns3" ? hls::dcqcn::RpParams::hpcc_ns3(line_mbps)
         : preset == "mlx5"   ? hls::dcqcn::RpParams::mlx5(line_mbps)
                              : hls::dcqcn::RpParams::paper(line_mbps);
  p.np = preset == "mlx5" ? hls::dcqcn::NpParams::mlx5() : hls::dcqcn::NpParams::paper();
  apply_keys(s, "dcqcn", dcqcn_keys(), p);
  apply_text(s, "dcqcn", "", [](const std::string&, const std::string&) { return false; });
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
  p.rtl = s.nic.dcqcn_impl == "rtl";
  if (p.rtl) {
    const char* why = nic::dcqcn_rp_rtl_error(p.rp);
    if (!why) why = nic::dcqcn_np_rtl_error(p.np);
    if (why)
      throw BadInput(fmt::format("nic.dcqcn_impl = \"rtl\": {} (unset the cc.dcqcn.widths.* keys, or use \"kernel\")", why));
  }
  return settings;
}

std::unique_ptr<nic::CcUnit> DcqcnSettings::make_cc_unit() const {
  auto unit = std::make_unique<nic::DcqcnRpUnit>(rp);
  if (rtl) {  // the Verilated reaction point runs every pass (docs/units/dcqcn.md 10)
    auto model = std::make_shared<nic::DcqcnRpRtl>(rp);
    unit->set_pass([model](hls::dcqcn::RpState& st, const hls::dcqcn::RpEvent& ev) { return model->step(ev, st); });
  }
  return unit;
}

std::unique_ptr<nic::NpUnit> DcqcnSettings::make_np_unit() const {
  auto unit = std::make_unique<nic::DcqcnNpUnit>(np);
  if (rtl) {  // the Verilated notification point; a flow's word is cleared first
    auto model = std::make_shared<nic::DcqcnNpRtl>(np);
    auto seen = std::make_shared<std::vector<bool>>();
    unit->set_pass([model, seen](hls::dcqcn::NpState& st, const hls::dcqcn::NpEvent& ev) {
      if (ev.flow >= seen->size()) seen->resize(ev.flow + 1, false);
      if (!(*seen)[ev.flow]) model->clear(ev.flow), (*seen)[ev.flow] = true;
      return model->step(ev, st);
    });
  }
  return unit;
}

std::unique_ptr<explore::Unit> DcqcnSettings::explore_unit(uint32_t mtu_bytes, double link_gbps) const {
  return make_dcqcn_explore({rp, np, mtu_bytes, link_gbps});
}

const CcAlgorithm& dcqcn_algorithm() {
  static const Dcqcn a;
  return a;
}

}  // namespace ccf::cc
