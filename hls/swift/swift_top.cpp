// swift_top.cpp: see swift_top.hpp.
#include "hls/swift/swift_top.hpp"

namespace ccf::hls::swift {

Out swift_step(State& s, const Regs& r, const Event& ev) {
  switch (ev.kind) {
    case EventKind::kInit: {
      s = swift_initial_state(r, ev.ack.now_ns);
      Out o;
      o.cwnd = cwnd_of(s);
      o.pacing_ns = s.pacing_ns;
      return o;
    }
    case EventKind::kAck:
      return on_ack(s, r, ev.ack);
    case EventKind::kRetransmitTimeout:
      return on_retransmit_timeout(s, r, ev.ack.now_ns);
    case EventKind::kFastRecovery:
      return on_fast_recovery(s, r, ev.ack.now_ns);
  }
  return Out{};
}
}  // namespace ccf::hls::swift

void ccf_swift_top(const ccf::hls::swift::Event& ev,
                   const ccf::hls::swift::Regs& r,
                   ccf::hls::swift::TopWord state_mem[ccf::hls::swift::kSwiftTopFlows],
                   ccf::hls::swift::Out& out) {
  using namespace ccf::hls::swift;
  const uint32_t addr = ev.flow & (kSwiftTopFlows - 1);
  State s = unpack<kSwiftTopWidths>(state_mem[addr]);
  Regs q = r;
  q.widths = kSwiftTopWidths;  // compile-time widths and divider (swift_top.hpp)
  q.divider = kSwiftTopDivider;
  out = swift_step(s, q, ev);
  state_mem[addr] = pack<kSwiftTopWidths>(s);
}
