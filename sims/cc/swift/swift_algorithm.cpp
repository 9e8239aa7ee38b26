// swift_algorithm.cpp: Swift's registration (hls/swift, docs/units/swift.md, docs/adding-an-algorithm.md):
// the [cc.swift] keys, the unit, its delay-per-ACK NIC setting, the explore replay and the report entry.
#include <fmt/format.h>

#include "hls/swift/swift_cost.hpp"
#include "sc/nic/swift_unit.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/cc/cc_keys.hpp"
#include "sims/cc/swift/swift_explore.hpp"
#include "sims/report/unit_measure.hpp"

namespace ccf::cc {
namespace {

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
  apply_text(s, "swift", "cc.swift.divider", [&](const std::string& name, const std::string& v) {
    if (name != "divider") return false;
    read_divider("swift", v, p.divider);
    return true;
  });
  if (const std::string err = hls::swift::swift_params_error(p); !err.empty()) throw BadInput(err);
  return p;
}

class SwiftSettings : public CcSettings {
 public:
  SwiftSettings(const sims::Scenario& s) : p(swift_params(s)), mtu_bytes_(s.nic.mtu_bytes), ack_every_(s.nic.ack_every) {}
  std::unique_ptr<nic::CcUnit> make_cc_unit() const override { return std::make_unique<nic::SwiftUnit>(p, mtu_bytes_); }
  void configure_nic(nic::NicConfig&) const override { require_ack_per_frame("swift", ack_every_); }
  std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double link_gbps) const override {
    return make_swift_explore({p, mtu_bytes, link_gbps});
  }
  hls::swift::Params p;

 private:
  uint32_t mtu_bytes_;
  unsigned ack_every_;
};

class Swift : public CcAlgorithm {
 public:
  std::string name() const override { return "swift"; }
  std::string trace_kinds() const override { return "iano"; }
  std::string bench_scenario() const override { return "incast_swift.toml"; }
  // docs/units/swift.md 4.
  std::vector<UnsourcedDefault> unsourced_defaults() const override {
    return {{"base_target_us", "htsim's guess (20 us); the Swift paper gives no value"},
            {"per_hop_us", "htsim: base_target / 6.55"},
            {"fs_range_us", "htsim: 5 x base_target"},
            {"endpoint_target_us", "no source (the Swift paper: a fixed constant); base_target's value"},
            {"endpoint_ewma_gain", "INET's AlphaEWMA 0.7 read as the old sample's weight (unverified)"},
            {"max_cwnd", "htsim (1000 packets; INET 43)"},
            {"init_cwnd", "no source (the Swift paper: its value has little effect)"},
            {"retx_reset_threshold", "htsim (5; INET 12)"}};
  }
  std::unique_ptr<CcSettings> load(const sims::Scenario& s, double) const override {
    return std::make_unique<SwiftSettings>(s);
  }
  ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                       uint32_t mtu_bytes) const override {
    hls::swift::Params p;
    p.widths = static_cast<const SwiftSettings&>(widths).p.widths;
    ReportSection r;
    r.units.push_back(report::static_part("swift", "Swift",
                                          fmt::format("defaults (htsim's values), {} Gb/s, MTU {} B", link_gbps, mtu_bytes),
                                          hls::swift::kStateFields, nic::SwiftUnit::kCost, hls::swift::kArithmetic,
                                          hls::swift::kDivision, o.flows, p.widths.state_bits()));
    nic::SwiftUnit unit(p, mtu_bytes);
    report::measure_cc_unit(r.units.back(), unit, o, mtu_bytes, {0.0, 0.9, 0.95});
    return r;
  }
};

}  // namespace

const CcAlgorithm& swift_algorithm() {
  static const Swift a;
  return a;
}

}  // namespace ccf::cc
