// kernel_order_perturber.hpp: a check that results do not depend on the order in which the SystemC
// kernel runs processes that act at the same instant (docs/fabric.md 8).
//
// IEEE 1666 leaves that order to the implementation; Accellera's kernel takes it from its queue of
// timed events, whose ties fall out of the queue's history. This module changes that history: it
// keeps up to 16 timed events of its own pending at random cycle boundaries (640 ps) and random
// picoseconds in the next 1.28 us, re-drawn at each of its wake-ups, and does nothing else. A model
// whose outputs change when one is added (`ccfabric run --perturb-kernel-order SEED`) depends on
// the kernel's tie order.
#pragma once

#include <array>
#include <cstdint>

#include <systemc>

namespace ccf::fabric {

class KernelOrderPerturber : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(KernelOrderPerturber);
  KernelOrderPerturber(sc_core::sc_module_name name, uint64_t seed)
      : sc_core::sc_module(name), state_(seed * 0x9E3779B97F4A7C15ull + 1) {
    SC_METHOD(wake);
    for (const auto& e : events_) sensitive << e;
  }

 private:
  static constexpr uint64_t kCyclePs = 640;
  static constexpr uint64_t kHorizonCycles = 2000;

  uint64_t next_random() {  // xorshift64
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  void wake() {
    const uint64_t now = sc_core::sc_time_stamp().value();
    for (int k = 0; k < 3; ++k) {
      uint64_t t = (now / kCyclePs + 1 + next_random() % kHorizonCycles) * kCyclePs;
      if (next_random() % 4 == 0) t += next_random() % kCyclePs;  // off the cycle grid
      events_[next_random() % events_.size()].notify(sc_core::sc_time::from_value(t - now));
    }
  }

  uint64_t state_;
  std::array<sc_core::sc_event, 16> events_;
};

}  // namespace ccf::fabric
