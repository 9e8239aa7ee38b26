// run_loop.cpp: see run_loop.hpp.
#include "sims/ccfabric/run_loop.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "sims/ccfabric/interrupt.hpp"

namespace ccf::cli {

RunLoop::RunLoop(Fabric& fab, DeadlockDetector& detector, PacketCapture* capture, uint64_t sample_ps,
                 const std::vector<std::string>& sw_names, bool stop_on_deadlock, sims::RunResults& r,
                 std::function<void(const sims::OutputError&)> capture_failed)
    : fab_(fab),
      detector_(detector),
      capture_(capture),
      sample_ps_(sample_ps),
      check_ps_(detector.period_ps()),
      next_check_ps_(check_ps_ ? check_ps_ : UINT64_MAX),
      sw_names_(sw_names),
      stop_on_deadlock_(stop_on_deadlock),
      r_(r),
      capture_failed_(std::move(capture_failed)) {}

void RunLoop::check_deadlocks() {
  const uint64_t now = sc_core::sc_time_stamp().value();
  if (now < next_check_ps_) return;
  next_check_ps_ = (now / check_ps_ + 1) * check_ps_;
  for (const DeadlockFound& d : detector_.check(now)) {
    r_.deadlocks.push_back(deadlock_result(d, sw_names_));
    fmt::print("{}\n", deadlock_line(r_.deadlocks.back()));
    std::fflush(stdout);
    if (stop_on_deadlock_ && !stopped_) {
      stopped_ = true;
      r_.stopped_by = "deadlock";
    }
  }
}

void RunLoop::run_for(const sc_core::sc_time& d) {
  const uint64_t until = sc_core::sc_time_stamp().value() + d.value();
  while (!stopped_ && sc_core::sc_time_stamp().value() < until) {
    const uint64_t now = sc_core::sc_time_stamp().value();
    const uint64_t stop = std::min<uint64_t>({until, (now / sample_ps_ + 1) * sample_ps_, next_check_ps_});
    for (auto& sm : fab_.switches) sm->set_step_horizon_ps(stop - 1);
    sc_core::sc_start(sc_core::sc_time::from_value(stop - now));
    if (capture_) {  // no frame starts before now any more
      try {
        capture_->flush_before(sc_core::sc_time_stamp().value());
      } catch (const sims::OutputError& e) {
        capture_failed_(e);
      }
    }
    check_deadlocks();
    if (const int sig = interrupt_signal(); sig != 0 && !stopped_) {
      stopped_ = true;
      r_.stopped_by = signal_name(sig);
    }
  }
}

}  // namespace ccf::cli
