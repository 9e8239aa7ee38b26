// event_trace.hpp: per-flow input events of the congestion-control units, recorded by `ccfabric run
// --record-events DIR` and replayed by `ccfabric explore` (docs/explore.md 4). Plain C++.
//
// The file (DIR/events.txt) is text, one event per line, '#' starts a comment:
//
//   # ccfabric events 1
//   # cc dcqcn
//   <kind> <time_ps> <host> <flow> [fields]
//
//   kind  call on the unit                      fields
//   i     CcUnit::init_flow                     -
//   m     CcUnit::set_message_bytes             message_bytes (0 = unlimited)
//   a     CcUnit::on_ack                        acked_bytes ece rtt_ps remote_queuing_ps hops
//                                               send_age_ps fast_start_echo cum_bytes_acked
//   n     CcUnit::on_nack                       -
//   c     CcUnit::on_cnp                        -
//   x     CcUnit::on_tx                         payload_bytes
//   o     CcUnit::on_timeout                    -
//   e     NpUnit::on_ce (receiver side)         -
//
// A trace holds the kinds its unit consumes (the algorithm's trace_kinds, sims/cc/): dcqcn i c x e, swift i a n o, ldcp
// i m a n o x, timely i a x n o; other calls are not written.
// host is the NIC, flow its flow-table index (for `e`: the receiver NIC's index of the flow).
// send_age_ps = time_ps - the echoed TIMELY send time. Timer expiries are not recorded: they are
// the unit's own deadlines (docs/README.md principle 2), and a replay resolves them again on each side.
// Lines are in the order the NICs called their units, which is time order.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ccf::explore {

struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct TraceEvent {
  char kind = 'i';
  uint64_t time_ps = 0;
  uint32_t host = 0;
  uint32_t flow = 0;
  uint64_t bytes = 0;              // m: message bytes; a: acked bytes; x: payload bytes
  // a only:
  bool ece = false;
  uint64_t rtt_ps = 0;
  uint64_t remote_queuing_ps = 0;
  uint32_t hops = 0;
  uint64_t send_age_ps = 0;
  bool fast_start_echo = false;
  uint64_t cum_bytes_acked = 0;
};

struct EventTrace {
  std::string cc;                  // nic.cc of the run that recorded it
  std::vector<TraceEvent> events;
};


// Writes the format above; one writer per run, shared by every NIC's recording units.
class TraceWriter {
 public:
  // The trace of a run with nic.cc = cc, holding the event kinds `kinds` ("" = none, e.g. cc = "none").
  // Throws TraceError when the file cannot be opened.
  TraceWriter(const std::string& path, const std::string& cc, const std::string& kinds);
  void write(const TraceEvent& e);
  uint64_t events() const { return n_; }
  // Flushes and checks the stream; throws TraceError on a write error.
  void close();

 private:
  std::string path_;
  std::ofstream f_;
  std::string kinds_;
  uint64_t n_ = 0;
};

// Reads a trace; throws TraceError "FILE:LINE: what" on a malformed line.
EventTrace read_trace(const std::string& path);

}  // namespace ccf::explore
