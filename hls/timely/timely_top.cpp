// timely_top.cpp: see timely_top.hpp.
#include "hls/timely/timely_top.hpp"

namespace ccf::hls::timely {

TopOut timely_step(State& s, const Config& c, const Event& ev) {
  TopOut o;
  switch (ev.kind) {
    case EventKind::kInit:
      s = timely_initial_state(c);
      break;
    case EventKind::kAck:
      o.ack = on_ack(s, c, ev.bytes, ev.echo_ns, ev.now_ns);
      break;
    case EventKind::kTx:
      o.tx = on_tx(s, c, ev.bytes, ev.wire_bytes, ev.now_ns);
      break;
    case EventKind::kRestartSegment:
      restart_tx_segment(s);
      break;
  }
  return o;
}
}  // namespace ccf::hls::timely

void ccf_timely_top(const ccf::hls::timely::Event& ev,
                    const ccf::hls::timely::Config& c,
                    ccf::hls::timely::TopWord state_mem[ccf::hls::timely::kTimelyTopFlows],
                    ccf::hls::timely::TopOut& out) {
  using namespace ccf::hls::timely;
  const uint32_t addr = ev.flow & (kTimelyTopFlows - 1);
  State s = unpack<kTimelyTopWidths>(state_mem[addr]);
  Config q = c;
  q.widths = kTimelyTopWidths;  // compile-time widths (timely_top.hpp)
  out = timely_step(s, q, ev);
  state_mem[addr] = pack<kTimelyTopWidths>(s);
}
