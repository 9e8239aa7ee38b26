// run_loop.cpp: see run_loop.hpp.
#include "sims/ccfabric/run_loop.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>

#include <fmt/format.h>

#include "sims/ccfabric/interrupt.hpp"

namespace ccf::cli {

RunLoop::RunLoop(Fabric& fab, DeadlockDetector& detector, PacketCapture* capture, uint64_t sample_ps,
                 const std::vector<std::string>& sw_names, bool stop_on_deadlock, sims::RunResults& r,
                 std::function<void(const sims::OutputError&)> capture_failed, RankSync* ranks)
    : fab_(fab),
      detector_(detector),
      capture_(capture),
      sample_ps_(sample_ps),
      check_ps_(detector.period_ps()),
      next_check_ps_(check_ps_ ? check_ps_ : UINT64_MAX),
      sw_names_(sw_names),
      stop_on_deadlock_(stop_on_deadlock),
      r_(r),
      capture_failed_(std::move(capture_failed)),
      ranks_(ranks) {}

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

void RunLoop::end_window() {
  if (ranks_) {
    const auto t0 = std::chrono::steady_clock::now();
    ranks_->frames.exchange();
    ranks_->wall_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  if (capture_) {  // no frame starts before now any more
    try {
      capture_->flush_before(sc_core::sc_time_stamp().value());
    } catch (const sims::OutputError& e) {
      capture_failed_(e);
    }
  }
  check_deadlocks();
  const int sig = interrupt_signal();
  const bool signalled = ranks_ ? ranks_->comm.any(sig != 0) : sig != 0;  // every rank stops at one window
  if (signalled && !stopped_) {
    stopped_ = true;
    r_.stopped_by = signal_name(sig != 0 ? sig : SIGTERM);
  }
}

void RunLoop::run_for(const sc_core::sc_time& d) {
  const uint64_t until = sc_core::sc_time_stamp().value() + d.value();
  while (!stopped_ && sc_core::sc_time_stamp().value() < until) {
    const uint64_t now = sc_core::sc_time_stamp().value();
    uint64_t stop = std::min<uint64_t>({until, (now / sample_ps_ + 1) * sample_ps_, next_check_ps_});
    if (ranks_ && ranks_->lookahead_ps < stop - now) stop = now + ranks_->lookahead_ps;
    for (auto& sm : fab_.switches) sm->set_step_horizon_ps(stop - 1);
    sc_core::sc_start(sc_core::sc_time::from_value(stop - now));
    end_window();
  }
}

}  // namespace ccf::cli
