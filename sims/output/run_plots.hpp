// run_plots.hpp: the PNG plots of a run (docs/outputs.md 4). Each plot's gnuplot script holds its
// data (computed here from RunResults), so a script reruns on its own; the plots are drawn by
// gnuplot processes running side by side in the background while the caller prints its table.
//   throughput.png  per-flow rate; above kFlowLines flows the median and the 10th-90th percentile
//                   band of the flows active in each interval, plus the kFlowLines - 3 flows with the
//                   highest throughput
//   queue.png       the depth in KB of the kQueueLines queues with the highest peaks among those that
//                   held data, with ECN Kmin/Kmax and a static PFC XOFF marked
//   fct.png         FCT slowdown by flow size (fct_results.hpp)
// A plot with nothing to show (no flow, no queue that held data, no finished flow) is not drawn;
// both carry the measurement window, the time before sim.measure_from_us shaded.
#pragma once

#include <string>
#include <vector>

#include "sims/output/gnuplot.hpp"
#include "sims/output/run_results.hpp"

namespace ccf::sims {

class RunPlots {
 public:
  static constexpr size_t kFlowLines = 8, kQueueLines = 8;

  // Writes the scripts into `dir` (after write_results) and starts gnuplot on each. Throws
  // OutputError when a script cannot be written.
  RunPlots(const RunResults& r, const std::string& dir);
  RunPlots(const RunPlots&) = delete;
  RunPlots& operator=(const RunPlots&) = delete;
  ~RunPlots();

  // Waits for gnuplot. Throws OutputError naming each PNG that was not drawn and gnuplot's log.
  void wait();
  // Why nothing was drawn at all (gnuplot is not installed), else "".
  const std::string& note() const { return note_; }
  // The PNGs being drawn, e.g. {"throughput.png", "queue.png"}.
  std::vector<std::string> pngs() const;

 private:
  struct Job {
    std::string png;
    GnuplotJob gnuplot;
  };
  std::vector<Job> jobs_;
  std::string note_;
  bool waited_ = false;
};

// The scripts alone (no gnuplot): whether each had something to draw. For tests.
bool write_throughput_script(const RunResults& r, const std::string& dir);
bool write_queue_script(const RunResults& r, const std::string& dir);

}  // namespace ccf::sims
