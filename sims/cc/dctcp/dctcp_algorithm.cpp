// dctcp_algorithm.cpp: the DCTCP example's registration (docs/adding-an-algorithm.md): its [cc.dctcp]
// keys, its unit (hls/dctcp, sc/nic/dctcp_unit), the explore replay and the report entry.
#include <fmt/format.h>

#include "hls/dctcp/dctcp_cost.hpp"
#include "sc/nic/dctcp_unit.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/cc/cc_keys.hpp"
#include "sims/cc/dctcp/dctcp_explore.hpp"
#include "sims/report/unit_measure.hpp"

namespace ccf::cc {
namespace {

namespace dk = hls::dctcp;

const std::vector<Key<dk::Params>>& dctcp_keys() {
  using P = dk::Params;
  static const std::vector<Key<P>> keys = [] {
    std::vector<Key<P>> k = {
        {"g_shift", 1, 16, "an integer from 1 to 16 (g = 2^-g_shift; RFC 8257: 4, g = 1/16)", set_integer(&P::g_shift),
         true},
        {"init_cwnd", 1, 65535, "from 1 to 65535 (packets)", set_double(&P::init_cwnd)},
        {"min_cwnd", 1, 65535, "from 1 to 65535 (packets)", set_double(&P::min_cwnd)},
        {"max_cwnd", 1, 65535, "from 1 to 65535 (packets)", set_double(&P::max_cwnd)},
    };
    add_width_keys<P, dk::Widths>(k, dk::kWidthKnobs, [](P& p) -> dk::Widths& { return p.widths; },
                                  {&dk::Widths::cwnd_int, &dk::Widths::cwnd_frac, &dk::Widths::alpha, &dk::Widths::bytes});
    return k;
  }();
  return keys;
}

class DctcpSettings : public CcSettings {
 public:
  explicit DctcpSettings(const sims::Scenario& s) : mtu_bytes_(s.nic.mtu_bytes) {
    apply_keys(s, "dctcp", dctcp_keys(), p);
    apply_text(s, "dctcp", "", [](const std::string&, const std::string&) { return false; });
    if (const std::string err = dk::params_error(p, mtu_bytes_); !err.empty()) throw BadInput("cc.dctcp." + err);
  }
  std::unique_ptr<nic::CcUnit> make_cc_unit() const override { return std::make_unique<nic::DctcpUnit>(p, mtu_bytes_); }
  std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double) const override {
    return make_dctcp_explore(p, mtu_bytes);
  }
  dk::Params p;

 private:
  uint32_t mtu_bytes_;
};

class Dctcp : public CcAlgorithm {
 public:
  std::string name() const override { return "dctcp"; }
  std::string trace_kinds() const override { return "iano"; }
  std::string bench_scenario() const override { return "incast_dctcp.toml"; }
  // docs/units/dctcp.md 3.
  std::vector<UnsourcedDefault> unsourced_defaults() const override {
    return {{"init_cwnd", "no source (RFC 8257 starts with TCP's slow start): 64 packets, about a line-rate start"},
            {"max_cwnd", "no source: 1000 packets"}};
  }
  std::unique_ptr<CcSettings> load(const sims::Scenario& s, double) const override {
    return std::make_unique<DctcpSettings>(s);
  }
  ReportSection report(const report::ReportOptions& o, const CcSettings& widths, double link_gbps,
                       uint32_t mtu_bytes) const override {
    dk::Params p;
    p.widths = static_cast<const DctcpSettings&>(widths).p.widths;
    ReportSection r;
    r.units.push_back(report::static_part("dctcp", "DCTCP (example)",
                                          fmt::format("RFC 8257 defaults, {} Gb/s, MTU {} B", link_gbps, mtu_bytes),
                                          dk::kStateFields, nic::DctcpUnit::kCost, dk::kArithmetic, dk::kDivision,
                                          o.flows, p.widths.state_bits()));
    nic::DctcpUnit unit(p, mtu_bytes);
    report::measure_cc_unit(r.units.back(), unit, o, mtu_bytes, {0.0, 0.9, 0.95});
    return r;
  }
};

}  // namespace

const CcAlgorithm& dctcp_algorithm() {
  static const Dctcp a;
  return a;
}

}  // namespace ccf::cc
