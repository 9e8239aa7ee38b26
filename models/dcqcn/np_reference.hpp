// np_reference.hpp: reference of the DCQCN notification point (DCQCN paper section 3.1,
// Figure 6), with exact 64-bit times and no wrap. Written from the paper's text, not from
// hls/dcqcn/np_kernel.hpp: "If a marked packet arrives for a flow, and no CNP has been sent for the
// flow in last N microseconds, a CNP is sent immediately. Then, the NIC generates at most one CNP
// packet every N microseconds for the flow, if any packet that arrives within that time window was
// marked." The Mellanox mode (np_min_time_between_cnps) ignores marks inside the interval instead.
#pragma once

#include <cstdint>
#include <optional>

namespace ccf::models::dcqcn {

enum class NpReferenceMode { kPaperWindow, kMinTimeBetweenCnps };

class NpReference {
 public:
  NpReference(NpReferenceMode mode, int64_t N_ns) : mode_(mode), N_ns_(N_ns) {}

  // A CE-marked packet at t_ns; true if a CNP is sent at t_ns.
  bool on_marked_packet(int64_t t_ns);
  // The CNP timer of this flow fired at t_ns (the caller fires it at cnp_timer_deadline()); true if
  // a CNP is sent at t_ns.
  bool on_cnp_timer(int64_t t_ns);
  // When the CNP timer fires next; nullopt when it is not running.
  std::optional<int64_t> cnp_timer_deadline() const { return timer_deadline_; }

 private:
  void send_cnp(int64_t t_ns);

  NpReferenceMode mode_;
  int64_t N_ns_;
  std::optional<int64_t> last_cnp_ns_;       // never sent: nullopt
  std::optional<int64_t> timer_deadline_;
  bool marked_in_window_ = false;
};

}  // namespace ccf::models::dcqcn
