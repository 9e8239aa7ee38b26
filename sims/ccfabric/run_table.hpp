// run_table.hpp: the table `ccfabric run` prints when a run ends (docs/outputs.md): per-flow
// throughput and FCT, FCT slowdown by size, receivers, totals, the frame ledger, what the network did
// to the flows (starvation, failures, deadlocks), wall time and memory.
#pragma once

#include <cstdint>
#include <string>

#include "sims/output/run_results.hpp"

namespace ccf::cli {

// What the table says about the run beside its results.
struct RunHeadline {
  std::string scenario, out_dir, topology;
  unsigned hosts = 0, switches = 0;
  double link_gbps = 0;
  std::string cc;
  double duration_us = 0, window_us = 0, end_us = 0;  // the scenario's, the measured window's, where the run ended
  bool stopped = false;                               // by --stop-on-deadlock or a signal
  unsigned retry_limit = 0;                           // nic.retry_limit in effect
  std::string switch_impl = "rtl";                    // switch.impl: what the switches' share of the wall time ran
};

inline constexpr size_t kPrintedFlows = 32;  // per-flow lines in the printed table; every flow is in flows.csv

void print_run_table(const sims::RunResults& r, const RunHeadline& h);

// The deadlocks of the run, said again at the end (nothing goes unreported): each was printed when found.
void print_deadlocks(const sims::RunResults& r);

}  // namespace ccf::cli
