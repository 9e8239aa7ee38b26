// np_reference.cpp: DCQCN notification point reference (see np_reference.hpp).
#include "models/dcqcn/np_reference.hpp"

namespace ccf::models::dcqcn {

void NpReference::send_cnp(int64_t t_ns) {
  last_cnp_ns_ = t_ns;
  marked_in_window_ = false;
  if (N_ns_ > 0) {
    timer_deadline_ = t_ns + N_ns_;
  } else {
    timer_deadline_.reset();
  }
}

bool NpReference::on_marked_packet(int64_t t_ns) {
  const bool cnp_in_last_N = last_cnp_ns_ && t_ns - *last_cnp_ns_ < N_ns_;
  if (!cnp_in_last_N) {
    send_cnp(t_ns);
    return true;
  }
  if (mode_ == NpReferenceMode::kPaperWindow) marked_in_window_ = true;
  return false;
}

bool NpReference::on_cnp_timer(int64_t t_ns) {
  if (!timer_deadline_ || t_ns < *timer_deadline_) return false;  // not this window's end
  // A CNP sent at exactly t_ns (a marked packet at the same instant) restarted the window.
  if (last_cnp_ns_ && t_ns - *last_cnp_ns_ < N_ns_) return false;
  if (marked_in_window_) {
    send_cnp(t_ns);
    return true;
  }
  timer_deadline_.reset();
  return false;
}

}  // namespace ccf::models::dcqcn
