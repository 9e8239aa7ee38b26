// wall_timer.hpp: adds the wall-clock time spent in a scope to an accumulator, so that a run can
// report which share of its wall time went to the Verilated switches, the NICs and the rest (the
// SystemC kernel and the links). Two steady_clock reads per scope.
#pragma once

#include <chrono>

namespace ccf::fabric {

class WallTimer {
 public:
  explicit WallTimer(double& accumulator_s) : acc_(accumulator_s), t0_(std::chrono::steady_clock::now()) {}
  ~WallTimer() { acc_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
  WallTimer(const WallTimer&) = delete;
  WallTimer& operator=(const WallTimer&) = delete;

 private:
  double& acc_;
  std::chrono::steady_clock::time_point t0_;
};

}  // namespace ccf::fabric
