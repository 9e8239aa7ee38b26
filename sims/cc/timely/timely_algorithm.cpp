// timely_algorithm.cpp: TIMELY's registration (hls/timely, docs/units/timely.md,
// docs/adding-an-algorithm.md): the [cc.timely] keys, the unit, its delay-per-ACK NIC setting, the
// explore replay and the report entry.
#include <fmt/format.h>

#include "hls/timely/timely_cost.hpp"
#include "sc/nic/timely_unit.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/cc/cc_keys.hpp"
#include "sims/cc/timely/timely_explore.hpp"
#include "sims/report/unit_measure.hpp"

namespace ccf::cc {
namespace {

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
  apply_text(s, "timely", "", [](const std::string&, const std::string&) { return false; });
  if (const std::string err = hls::timely::timely_params_error(p); !err.empty()) throw BadInput(err);
  return p;
}

class TimelySettings : public CcSettings {
 public:
  TimelySettings(const sims::Scenario& s)
      : p(timely_params(s)), mtu_bytes_(s.nic.mtu_bytes), link_gbps_(s.fabric.link_gbps), ack_every_(s.nic.ack_every) {}
  std::unique_ptr<nic::CcUnit> make_cc_unit() const override {
    return std::make_unique<nic::TimelyUnit>(p, mtu_bytes_, link_gbps_);
  }
  void configure_nic(nic::NicConfig&) const override { require_ack_per_frame("timely", ack_every_); }
  std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double link_gbps) const override {
    return make_timely_explore({p, mtu_bytes, link_gbps});
  }
  hls::timely::Params p;

 private:
  uint32_t mtu_bytes_;
  double link_gbps_;
  unsigned ack_every_;
};

class Timely : public CcAlgorithm {
 public:
  std::string name() const override { return "timely"; }
  std::string trace_kinds() const override { return "iaxno"; }
  std::string bench_scenario() const override { return "incast_timely.toml"; }
  // docs/units/timely.md 6.
  std::vector<UnsourcedDefault> unsourced_defaults() const override {
    return {{"min_rate_mbps", "no source (the authors' code: optional); one delta, as the NIC needs a rate > 0"},
            {"initial_rate_mbps", "no source: line rate (the TIMELY paper starts at C/(N+1))"},
            {"max_outstanding_bytes", "no source (the authors: a static worst-case limit, no value); no limit"}};
  }
  std::unique_ptr<CcSettings> load(const sims::Scenario& s, double) const override {
    return std::make_unique<TimelySettings>(s);
  }
  ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                       uint32_t mtu_bytes) const override {
    hls::timely::Params p;
    p.widths = static_cast<const TimelySettings&>(widths).p.widths;
    ReportSection r;
    r.units.push_back(report::static_part(
        "timely", "TIMELY",
        fmt::format("author variant (the authors' code), 64 KiB segments, {} Gb/s, MTU {} B", link_gbps, mtu_bytes),
        hls::timely::kStateFields, nic::TimelyUnit::kCost, hls::timely::kArithmetic, hls::timely::kDivision, o.flows,
        p.widths.state_bits()));
    nic::TimelyUnit unit(p, mtu_bytes, link_gbps);
    report::measure_cc_unit(r.units.back(), unit, o, mtu_bytes, {0.49, 0.98, 0.99});
    return r;
  }
};

}  // namespace

const CcAlgorithm& timely_algorithm() {
  static const Timely a;
  return a;
}

}  // namespace ccf::cc
