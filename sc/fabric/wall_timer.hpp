// wall_timer.hpp: adds the wall-clock time spent in a scope to an accumulator, so that a run can
// report which share of its wall time went to the Verilated switches, the NICs and the rest (the
// SystemC kernel and the links). A scope is entered for every stepped switch cycle and NIC event,
// so the timer reads the time-stamp counter (a few cycles) rather than steady_clock (a vDSO call,
// 4 % of a 16:1 incast's wall time); ticks become seconds at the rate measured against
// steady_clock since the first timer was made.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace ccf::fabric {

class WallAccumulator {
 public:
  WallAccumulator() { (void)origin(); }  // the rate is measured from the first accumulator on
  static uint64_t now_ticks() {
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
  }
  void add_ticks(uint64_t ticks) { ticks_ += ticks; }
  double seconds() const { return double(ticks_) * seconds_per_tick(); }

 private:
  struct Origin {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    uint64_t ticks = now_ticks();
  };
  static const Origin& origin() {
    static const Origin o;
    return o;
  }
  static double seconds_per_tick() {
    const Origin& o = origin();
    const uint64_t ticks = now_ticks() - o.ticks;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - o.wall).count();
    return ticks > 0 ? wall / double(ticks) : 0.0;
  }

  uint64_t ticks_ = 0;
};

class WallTimer {
 public:
  explicit WallTimer(WallAccumulator& acc) : acc_(acc), t0_(WallAccumulator::now_ticks()) {}
  ~WallTimer() { acc_.add_ticks(WallAccumulator::now_ticks() - t0_); }
  WallTimer(const WallTimer&) = delete;
  WallTimer& operator=(const WallTimer&) = delete;

 private:
  WallAccumulator& acc_;
  uint64_t t0_;
};

}  // namespace ccf::fabric
