// run_loop.hpp: advances a built fabric through simulated time. Each sc_start ends at the next sample
// at the latest, so that a switch stepping ahead of the kernel (up to its horizon: just before the
// end of the sc_start) never passes a sample (docs/fabric.md 8), and at the next PFC deadlock check,
// which reads the switches as they are at that time (docs/fabric.md 9). Between two sc_start calls
// the packet capture is flushed, deadlocks are checked and a signal (SIGINT, SIGTERM) stops the run.
//
// In a run split over ranks (docs/fabric.md 10) each sc_start also ends within the lookahead of the
// last: the ranks then exchange the frames on the links between them and agree whether to stop.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <systemc>

#include "sims/ccfabric/deadlock_detector.hpp"
#include "sims/ccfabric/fabric_builder.hpp"
#include "sims/ccfabric/packet_capture.hpp"
#include "sims/output/output_file.hpp"
#include "sims/output/run_results.hpp"
#include "sims/parallel/frame_exchange.hpp"
#include "sims/parallel/rank_comm.hpp"

namespace ccf::cli {

// The ranks of a split run, their exchange of frames and its lookahead (parallel/partition.hpp).
struct RankSync {
  parallel::RankComm& comm;
  parallel::FrameExchange& frames;
  uint64_t lookahead_ps;
  double wall_s = 0.0;  // in the exchanges
};

class RunLoop {
 public:
  // Deadlocks found go to r.deadlocks (and a line on stdout); with stop_on_deadlock the first ends
  // the run, as a signal does (r.stopped_by says which). A failed capture write goes to
  // `capture_failed`, which throws.
  RunLoop(Fabric& fab, DeadlockDetector& detector, PacketCapture* capture, uint64_t sample_ps,
          const std::vector<std::string>& sw_names, bool stop_on_deadlock, sims::RunResults& r,
          std::function<void(const sims::OutputError&)> capture_failed, RankSync* ranks = nullptr);

  // Runs for d of simulated time, or until the run is stopped.
  void run_for(const sc_core::sc_time& d);
  bool stopped() const { return stopped_; }

 private:
  void check_deadlocks();
  // The end of an sc_start: frames to the other ranks, deadlocks, signals.
  void end_window();

  Fabric& fab_;
  DeadlockDetector& detector_;
  PacketCapture* capture_;
  const uint64_t sample_ps_, check_ps_;
  uint64_t next_check_ps_;
  const std::vector<std::string>& sw_names_;
  const bool stop_on_deadlock_;
  sims::RunResults& r_;
  std::function<void(const sims::OutputError&)> capture_failed_;
  RankSync* ranks_;
  bool stopped_ = false;
};

}  // namespace ccf::cli
