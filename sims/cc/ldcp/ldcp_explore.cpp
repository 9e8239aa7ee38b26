// ldcp_explore.cpp: see ldcp_explore.hpp. The kernel side is the SystemC unit itself (sc/nic, the same
// object `ccfabric run` builds, at the setting's widths); the reference side has the same event handling:
// the per-ACK window unit ("pawa"): ACKs, losses and frames sent one for one. After every event the
// controlled variable of each flow is compared and its change (down, unchanged, up) is the decision; where
// the decisions differ the reference is resynchronised to the kernel's state (a tie at a threshold is a
// decision error, not a value error for the rest of the trace).
#include "sims/cc/ldcp/ldcp_explore.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <systemc>

#include "models/ldcp/kernel_params.hpp"
#include "models/ldcp/ldcp_reference.hpp"
#include "sc/nic/ldcp_unit.hpp"
#include "sims/explore/replay_support.hpp"

namespace ccf::cc {
namespace {

using namespace explore;
using sc_core::sc_time;
namespace lk = hls::ldcp;

// LDCP: ACKs (PAWA, sub-one rule, fast-start exit), losses, frames sent; the window cw, the second
// output the send interval RTT/cw below one packet.

class LdcpExplore : public Unit {
 public:
  explicit LdcpExplore(const LdcpReplayConfig& c) : c_(c), knobs_(knobs_of(lk::kWidthKnobs)) {}
  std::string name() const override { return "ldcp"; }
  std::vector<HlsWidths> hls_widths() const override { return {{"CCF_HLS_LDCP_WIDTHS", 0, 4}}; }
  const char* hls_divider_macro() const override { return "CCF_HLS_LDCP_DIVIDER"; }
  std::string controlled() const override { return "cw (packets)"; }
  std::string aux() const override { return "send interval RTT/cw (ns)"; }
  std::string decisions() const override {
    return "per ACK and loss: cw down, unchanged or up, the stage (fast start or stable), and pacing on or off";
  }
  const std::vector<Knob>& knobs() const override { return knobs_; }
  bool has_divider() const override { return true; }

  lk::Params params(const Setting& s) const {
    lk::Params p = c_.ldcp;
    p.widths = lk::Widths{width(s, knobs_[0]), width(s, knobs_[1]), width(s, knobs_[2]), width(s, knobs_[3])};
    p.divider = divider_of(s);
    return p;
  }
  unsigned state_bits(const Setting& s) const override { return params(s).widths.state_bits(); }
  std::string check(const Setting& s) const override {
    return lk::ldcp_config_error(params(s), c_.mtu_bytes, c_.link_gbps);
  }

  Metrics replay(const EventTrace& t, const Setting& s) const override {
    namespace ref = models::ldcp;
    const lk::Params p = params(s);
    nic::LdcpUnit kernel(p, c_.mtu_bytes, c_.link_gbps);
    const ref::LdcpReferenceParams rp = ref::reference_params(p, c_.mtu_bytes, lk::ldcp_bdp_bytes(p, c_.link_gbps));
    std::vector<ref::LdcpReference> refs;
    FlowIndex ids;
    Tally tally;
    uint64_t resyncs = 0;
    for (const TraceEvent& e : t.events) {
      if (e.kind == 'c' || e.kind == 'e') continue;
      if (e.kind != 'i' && !ids.has(e.host, e.flow)) continue;
      const uint32_t f = ids.of(e.host, e.flow);
      ++tally.m.events;
      if (e.kind == 'i') {
        kernel.init_flow(f, at(e.time_ps));
        if (f == refs.size()) refs.emplace_back(rp);
        else refs[f] = ref::LdcpReference(rp);
        continue;
      }
      ref::LdcpReference& r = refs[f];
      if (e.kind == 'm') {
        kernel.set_message_bytes(f, e.bytes);
        r.set_message_bytes(double(e.bytes));
        continue;
      }
      if (e.kind == 'x') {
        kernel.on_tx(f, static_cast<uint32_t>(e.bytes), at(e.time_ps));
        r.on_tx();
        continue;
      }
      const lk::LdcpState k0 = kernel.state(f);
      const double r0 = r.cw;
      const bool stage_r0 = r.fast_start_stage;
      if (e.kind == 'a') {
        nic::AckInfo a;
        a.acked_bytes = e.bytes;
        a.cum_bytes_acked = e.cum_bytes_acked;
        a.ece = e.ece;
        a.unit_flag_echo = e.fast_start_echo;
        a.rtt_ps = e.rtt_ps;
        kernel.on_ack(f, a, at(e.time_ps));
        r.on_ack(double(e.bytes), double(e.cum_bytes_acked), e.ece, e.fast_start_echo, double((e.rtt_ps + 500) / 1000));
      } else {  // n, o: a loss
        if (e.kind == 'n') kernel.on_nack(f, at(e.time_ps));
        else kernel.on_timeout(f, at(e.time_ps));
        r.on_loss();
      }
      const lk::LdcpState& k1 = kernel.state(f);
      const uint64_t gap_k = lk::ldcp_send_interval_ns(k1, p.divider);
      const double gap_r = r.send_interval_ns();
      const bool agree = direction(double(k0.cw), double(k1.cw)) == direction(r0, r.cw) &&
                         (k0.stable != k1.stable) == (stage_r0 != r.fast_start_stage) && (gap_k != 0) == (gap_r != 0);
      if (tally.decision(e.kind == 'a' ? "ack" : "loss", agree)) {
        tally.value(double(k1.cw) / double(lk::kCwOne), r.cw);
        tally.aux(double(gap_k), gap_r);
      } else {
        ++resyncs;
        r.cw = double(k1.cw) / double(lk::kCwOne);
        r.fast_start_stage = !k1.stable;
        r.first_rtt_packets_left = k1.fs_left;
        r.acked_packets = k1.fs_acked;
        r.RTT_ns = k1.rtt_ns;
      }
    }
    Metrics m = tally.finish();
    m.extra = {{"flows", double(refs.size())}, {"resyncs", double(resyncs)}};
    return m;
  }

 private:
  LdcpReplayConfig c_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::unique_ptr<explore::Unit> make_ldcp_explore(const LdcpReplayConfig& c) { return std::make_unique<LdcpExplore>(c); }

}  // namespace ccf::cc
