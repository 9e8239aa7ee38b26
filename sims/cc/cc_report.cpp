// cc_report.cpp: see cc_report.hpp.
#include "sims/cc/cc_report.hpp"

#include "sims/cc/cc_algorithm.hpp"

namespace ccf::cc {

report::Report make_unit_report(const report::ReportOptions& o, const sims::Scenario& widths) {
  report::Report r;
  r.options = o;
  const sims::Scenario defaults;  // the NIC of `ccfabric run` without a scenario file
  r.link_gbps = defaults.fabric.link_gbps;
  r.mtu_bytes = defaults.nic.mtu_bytes;
  for (const CcAlgorithm* a : algorithms()) {
    ReportSection section = a->report(o, *a->load(widths, 0.0), r.link_gbps, r.mtu_bytes);
    for (report::UnitReport& u : section.units) r.units.push_back(std::move(u));
    for (report::CombinedState& c : section.combined) {
      c.total_bits = o.flows * c.state_bits_per_flow;
      c.total_bytes = (c.total_bits + 7) / 8;
      r.combined.push_back(std::move(c));
    }
  }
  return r;
}

}  // namespace ccf::cc
