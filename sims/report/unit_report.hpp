// unit_report.hpp: `ccfabric report units`, the cost of every NIC congestion-control unit (docs/README.md
// principle 5): per-flow state field by field (hls/<algo>/<algo>_cost.hpp), state for N flows with a
// memory organisation, declared pipeline latency and II (the units' kCost), the arithmetic per event,
// and cycles per event measured by driving each unit with a synthetic event stream. docs/report.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hls/cost_table.hpp"

namespace ccf::report {

struct ReportOptions {
  uint64_t flows = 65'536;      // flows the state memory holds
  uint64_t events = 10'000;     // synthetic events per unit (timer expiries come on top)
  uint32_t stream_flows = 64;   // distinct flows the stream touches
  uint64_t seed = 1;
  // Where the units' state widths came from (`report units --widths FILE`, e.g. the best.toml of
  // `ccfabric explore`); "" = shipped.
  std::string widths_from;
};

// "" if the options are usable, else "--<option> = <value> must be <rule>".
std::string validate(const ReportOptions& o);

// Events of one kind delivered to a unit and the busy cycles they cost.
struct MeasuredKind {
  std::string kind;
  uint64_t events = 0;
  uint64_t busy_cycles = 0;
};

struct UnitReport {
  std::string id;       // dcqcn_rp, dcqcn_np, swift, ldcp, ldcp_pcc, timely, dctcp
  std::string name;     // DCQCN RP, ...
  std::string config;   // the default configuration the unit was built with
  std::vector<hls::StateField> fields;
  unsigned state_bits_per_flow = 0;  // at the report's widths (shipped: kCost, the sum of the fields)
  unsigned shipped_state_bits = 0;   // the sum of the fields, at the shipped widths
  unsigned latency_cycles = 0;
  unsigned ii_cycles = 0;
  std::vector<hls::EventArithmetic> arithmetic;
  std::string division;
  // Memory for `flows` flows.
  uint64_t flows = 0;
  uint64_t total_bits = 0;           // flows x state bits (packed)
  uint64_t total_bytes = 0;          // ceil(total_bits / 8)
  unsigned word_bits_8 = 0;          // state bits rounded up to a multiple of 8
  unsigned word_bits_32 = 0;         // ... of 32
  uint64_t words = 0;                // one word per flow
  uint64_t memory_bytes_8 = 0;       // words x word_bits_8 / 8
  uint64_t memory_bytes_32 = 0;      // words x word_bits_32 / 8
  std::string ports;                 // suggested banks and ports
  // Measured in simulation.
  std::vector<MeasuredKind> measured;
  uint64_t events = 0;
  uint64_t busy_cycles = 0;
  double cycles_per_event = 0;       // busy_cycles / events
};

// The state of units one NIC holds together (e.g. DCQCN's RP and NP): per flow and for `flows` flows.
struct CombinedState {
  std::string id;    // dcqcn_rp_plus_np, ...
  std::string what;  // "DCQCN RP + NP (a NIC holds both)"
  unsigned state_bits_per_flow = 0;
  uint64_t total_bits = 0;
  uint64_t total_bytes = 0;
};

// The whole report; cc::make_unit_report (sims/cc/cc_report.hpp) builds it from every registered algorithm.
struct Report {
  ReportOptions options;
  unsigned clock_mhz = 1000;
  double link_gbps = 0;
  unsigned mtu_bytes = 0;
  std::vector<UnitReport> units;
  std::vector<CombinedState> combined;
};

std::string format_table(const Report& r);
nlohmann::ordered_json to_json(const Report& r);
std::string format_csv(const Report& r);

}  // namespace ccf::report
