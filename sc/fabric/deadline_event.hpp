// deadline_event.hpp: wakes one SC_METHOD at the earliest of its deadlines (docs/README.md principle 2)
// without cancelling timed notifications.
//
// SystemC keeps a cancelled or overridden timed notification in its queue until its time comes.
// A process that re-arms one event for its next deadline after every activation (a far timer, then
// a near one that overrides it) leaves a stale entry per re-arm, and every later event pays for the
// grown queue. A DeadlineEvent holds a few timed events instead: a deadline later than a pending
// wake-up waits for it (the process asks again when it runs), an earlier one takes a free event, so
// no notification is overridden while one is free. Wake-ups for "now" use a separate event (a
// delta notification), so they never override a timed one.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <systemc>

namespace ccf::fabric {

class DeadlineEvent {
 public:
  static constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();
  static constexpr size_t kTimedEvents = 4;

  // Makes the owning process sensitive to every event: `wake.sensitize(sensitive);`
  void sensitize(sc_core::sc_sensitive& s) const {
    for (const auto& e : timed_) s << e;
    s << now_;
  }
  // Call first in every activation of the owning process: timed notifications at or before
  // `now_ps` have fired (they fire in the first delta cycle of their time).
  void activated(uint64_t now_ps) {
    for (uint64_t& t : at_ps_)
      if (now_ps >= t) t = kNone;
    now_pending_ = false;
  }
  // True when the owning process has a wake-up due at `now_ps` that it has not run for yet.
  bool due_at(uint64_t now_ps) const { return now_pending_ || *std::min_element(at_ps_.begin(), at_ps_.end()) <= now_ps; }
  // Call after activated(), where the process is about to act: true the first time it runs at
  // `now_ps` while another process is still to run at this instant. It is then woken again in the
  // next delta cycle and should return; the second time it acts. So it acts after every process the
  // kernel woke at this instant before or with it (frames delivered, other timers), whatever order
  // the kernel runs same-instant processes in (docs/fabric.md 8). An owner that knows which
  // processes can act on it passes `others_may_act` = false when none of them is due now: it then
  // acts at once, as the others' order does not matter to it.
  bool defer_to_end_of_instant(uint64_t now_ps, bool others_may_act = true) {
    if (deferred_ps_ == now_ps) return false;
    deferred_ps_ = now_ps;
    if (!others_may_act || !sc_core::sc_pending_activity_at_current_time()) return false;
    notify_now();
    return true;
  }
  // For code outside the owning process that has just asked for a wake-up now (wake_at(t <= now)),
  // e.g. from the b_transport of a frame delivered by a link: true when nothing else is to run at
  // this instant, with that wake-up cancelled, and the caller then does at once what the process
  // would do in the next delta cycle (it would not defer: nothing else is pending, or nothing that
  // `others_may_act` on it, as in defer_to_end_of_instant). False: the process is woken and acts after
  // the others. The caller need not have asked for the wake-up.
  bool act_now_instead_of_process(uint64_t now_ps, bool others_may_act = true) {
    if (now_pending_) {
      now_.cancel();
      now_pending_ = false;
    }
    if (others_may_act && sc_core::sc_pending_activity_at_current_time()) {
      notify_now();
      return false;
    }
    deferred_ps_ = now_ps;
    return true;
  }
  // Wake the process at `t_ps` or earlier (`t_ps` <= `now_ps`: in the next delta cycle).
  void wake_at(uint64_t t_ps, uint64_t now_ps) {
    if (t_ps <= now_ps) {
      notify_now();
      return;
    }
    if (t_ps >= *std::min_element(at_ps_.begin(), at_ps_.end())) return;  // an earlier wake-up is pending
    // A free event, else the one pending latest (its notification is overridden).
    const size_t k = static_cast<size_t>(std::max_element(at_ps_.begin(), at_ps_.end()) - at_ps_.begin());
    at_ps_[k] = t_ps;
    timed_[k].notify(sc_core::sc_time::from_value(t_ps - now_ps));
  }

 private:
  void notify_now() {
    now_.notify(sc_core::SC_ZERO_TIME);
    now_pending_ = true;
  }

  std::array<sc_core::sc_event, kTimedEvents> timed_;
  std::array<uint64_t, kTimedEvents> at_ps_ = [] {
    std::array<uint64_t, kTimedEvents> a{};
    a.fill(kNone);
    return a;
  }();
  sc_core::sc_event now_;
  bool now_pending_ = false;  // now_ is notified for the next delta cycle
  uint64_t deferred_ps_ = kNone;  // the instant whose first activation was deferred (or needed not be)
};

}  // namespace ccf::fabric
