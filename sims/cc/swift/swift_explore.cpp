// swift_explore.cpp: see swift_explore.hpp. The kernel side is the SystemC unit itself (sc/nic, the same
// object `ccfabric run` builds, at the setting's widths); the reference side has the same event handling:
// ACKs, NAKs and timeouts one for one. After every event the controlled variable of each flow is compared
// and its change (down, unchanged, up) is the decision; where the decisions differ the reference is
// resynchronised to the kernel's state (a tie at a threshold is a decision error, not a value error for
// the rest of the trace).
#include "sims/cc/swift/swift_explore.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <systemc>

#include "models/swift/kernel_params.hpp"
#include "models/swift/swift_reference.hpp"
#include "sc/nic/swift_unit.hpp"
#include "sims/explore/replay_support.hpp"

namespace ccf::cc {
namespace {

using namespace explore;
using sc_core::sc_time;
namespace sk = hls::swift;

// Swift: ACKs, NAKs (fast recovery), timeouts; the window is min(fcwnd, ecwnd), the second output
// the pacing gap rtt/cwnd below one packet.

class SwiftExplore : public Unit {
 public:
  explicit SwiftExplore(const SwiftReplayConfig& c) : c_(c), knobs_(knobs_of(sk::kWidthKnobs)) {}
  std::string name() const override { return "swift"; }
  std::vector<HlsWidths> hls_widths() const override { return {{"CCF_HLS_SWIFT_WIDTHS", 0, 7}}; }
  const char* hls_divider_macro() const override { return "CCF_HLS_SWIFT_DIVIDER"; }
  std::string controlled() const override { return "cwnd = min(fcwnd, ecwnd) (packets)"; }
  std::string aux() const override { return "pacing gap rtt/cwnd (ns)"; }
  std::string decisions() const override {
    return "per ACK, NAK and timeout: fcwnd and ecwnd each down, unchanged or up, and pacing on or off";
  }
  const std::vector<Knob>& knobs() const override { return knobs_; }
  bool has_divider() const override { return true; }

  sk::Params params(const Setting& s) const {
    sk::Params p = c_.swift;
    p.widths = sk::Widths{width(s, knobs_[0]), width(s, knobs_[1]), width(s, knobs_[2]), width(s, knobs_[3]),
                          width(s, knobs_[4]), width(s, knobs_[5]), width(s, knobs_[6])};
    p.divider = divider_of(s);
    return p;
  }
  unsigned state_bits(const Setting& s) const override { return params(s).widths.state_bits(); }
  std::string check(const Setting& s) const override { return sk::swift_params_error(params(s)); }

  Metrics replay(const EventTrace& t, const Setting& s) const override {
    namespace ref = models::swift;
    const sk::Params p = params(s);
    nic::SwiftUnit kernel(p, c_.mtu_bytes);
    const ref::ReferenceParams rp = ref::reference_params(p, c_.mtu_bytes);
    std::vector<ref::SwiftReference> refs;
    FlowIndex ids;
    Tally tally;
    uint64_t resyncs = 0;
    const uint32_t mask = static_cast<uint32_t>(hls::ones(p.widths.time));
    for (const TraceEvent& e : t.events) {
      if (e.kind != 'i' && e.kind != 'a' && e.kind != 'n' && e.kind != 'o') continue;
      if (e.kind != 'i' && !ids.has(e.host, e.flow)) continue;
      const uint32_t f = ids.of(e.host, e.flow);
      const double now = double(e.time_ps / 1000);  // the unit's 1-ns counter
      ++tally.m.events;
      if (e.kind == 'i') {
        kernel.init_flow(f, at(e.time_ps));
        if (f == refs.size()) refs.emplace_back(rp, now);
        else refs[f] = ref::SwiftReference(rp, now);
        continue;
      }
      ref::SwiftReference& r = refs[f];
      const sk::State k0 = kernel.state(f);
      const double rf0 = r.fcwnd, re0 = r.ecwnd;
      if (e.kind == 'a') {
        nic::AckInfo a;
        a.acked_bytes = e.bytes;
        a.rtt_ps = e.rtt_ps;
        a.remote_queuing_delay_ps = e.remote_queuing_ps;
        a.hop_count = static_cast<uint8_t>(e.hops);
        kernel.on_ack(f, a, at(e.time_ps));
        r.on_ack(now, double(e.rtt_ps / 1000), double(e.remote_queuing_ps / 1000), int(e.hops), double(e.bytes));
      } else if (e.kind == 'n') {
        kernel.on_nack(f, at(e.time_ps));
        r.on_fast_recovery(now);
      } else {
        kernel.on_timeout(f, at(e.time_ps));
        r.on_retransmit_timeout(now);
      }
      const sk::State& k1 = kernel.state(f);
      const bool agree = direction(k0.fcwnd, k1.fcwnd) == direction(rf0, r.fcwnd) &&
                         direction(k0.ecwnd, k1.ecwnd) == direction(re0, r.ecwnd) &&
                         (k1.pacing_ns != 0) == (r.pacing_delay != 0);
      if (tally.decision(e.kind == 'a' ? "ack" : e.kind == 'n' ? "nak" : "timeout", agree)) {
        tally.value(double(sk::cwnd_of(k1)) / sk::kCwndOne, r.cwnd());
        tally.aux(double(k1.pacing_ns), r.pacing_delay);
      } else {
        ++resyncs;
        r.fcwnd = double(k1.fcwnd) / sk::kCwndOne;
        r.ecwnd = double(k1.ecwnd) / sk::kCwndOne;
        const uint32_t now32 = static_cast<uint32_t>(e.time_ps / 1000);
        r.t_last_decrease_f = now - double((now32 - k1.t_last_decrease_f_ns) & mask);
        r.t_last_decrease_e = now - double((now32 - k1.t_last_decrease_e_ns) & mask);
        r.rtt = k1.rtt_ns;
        r.endpoint_delay = double(k1.endpoint_delay_q8) / 256.0;
        r.endpoint_delay_valid = k1.endpoint_valid;
        r.retransmit_cnt = k1.retransmit_cnt;
        r.pacing_delay = k1.pacing_ns;
      }
    }
    Metrics m = tally.finish();
    m.extra = {{"flows", double(refs.size())}, {"resyncs", double(resyncs)}};
    return m;
  }

 private:

  SwiftReplayConfig c_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::unique_ptr<explore::Unit> make_swift_explore(const SwiftReplayConfig& c) { return std::make_unique<SwiftExplore>(c); }

}  // namespace ccf::cc
