// cc_report.hpp: `ccfabric report units` over every registered algorithm (docs/report.md).
#pragma once

#include "sims/report/unit_report.hpp"
#include "sims/scenario/scenario.hpp"

namespace ccf::cc {

// The report of every registered algorithm's units, in registration order, at the state widths that
// scenario `widths` gives them (the defaults, or a `report units --widths` file applied to them), on
// the NIC of the default scenario. BadInput if `widths` breaks an algorithm's rules.
report::Report make_unit_report(const report::ReportOptions& o, const sims::Scenario& widths);

}  // namespace ccf::cc
