// results_merge.hpp: the results of a run split over several ranks (docs/fabric.md 10), put
// together on rank 0 into the results the run gives in one process, byte for byte.
//
// Each rank collects what it simulated: the rows of the flows, hosts, switches and ports it owns,
// and its share of the totals (the copies of what it does not own never carry traffic, so they add
// nothing). Rank 0 orders the rows as one process lists them and adds the totals up; the time
// series' columns come from the rank that owns each flow or queue.
#pragma once

#include <string>
#include <vector>

#include "sims/output/run_results.hpp"
#include "sims/parallel/byte_buffer.hpp"

namespace ccf::parallel {

// What rank 0 needs of a rank's results (everything else is the same on every rank).
Bytes pack_rank_results(const sims::RunResults& r);
sims::RunResults unpack_rank_results(const Bytes& b);

// Who owns each column of the time series and the order of the switches.
struct ResultOwners {
  std::vector<std::string> switch_names;  // in switch order (ports.csv, pfc.csv, rcm.switches)
  std::vector<unsigned> flow_column_rank;   // the rank of each flow with a column (RunResults::kTimeseriesFlows)
  std::vector<unsigned> queue_rank;         // the rank of each sampled queue (RunResults::queues)
};

// The run's results: `parts[r]` is rank r's; everything the ranks share comes from parts[0].
sims::RunResults merge_rank_results(std::vector<sims::RunResults> parts, const ResultOwners& owners);

}  // namespace ccf::parallel
