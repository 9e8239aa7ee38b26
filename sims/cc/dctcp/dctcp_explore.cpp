// dctcp_explore.cpp: see dctcp_explore.hpp. ACKs, NAKs and timeouts of the trace go to both sides;
// after each the windows are compared and the direction of cwnd's change is the decision. Where the
// decisions differ the reference takes the kernel's state.
#include "sims/cc/dctcp/dctcp_explore.hpp"

#include "models/dctcp/dctcp_reference.hpp"
#include "sc/nic/dctcp_unit.hpp"
#include "sims/explore/replay_support.hpp"

namespace ccf::cc {
namespace {

namespace dk = hls::dctcp;
namespace ref = models::dctcp;
using namespace explore;

class DctcpExplore : public Unit {
 public:
  DctcpExplore(const dk::Params& p, uint32_t mtu_bytes) : p_(p), mtu_(mtu_bytes), knobs_(knobs_of(dk::kWidthKnobs)) {}
  std::string name() const override { return "dctcp"; }
  std::vector<HlsWidths> hls_widths() const override { return {}; }  // no HLS top (docs/units/dctcp.md)
  std::string controlled() const override { return "cwnd (packets)"; }
  std::string decisions() const override { return "per ACK, NAK and timeout: cwnd down, unchanged or up"; }
  const std::vector<Knob>& knobs() const override { return knobs_; }

  dk::Params params(const Setting& s) const {
    dk::Params p = p_;
    p.widths = dk::Widths{width(s, knobs_[0]), width(s, knobs_[1]), width(s, knobs_[2]), width(s, knobs_[3])};
    return p;
  }
  unsigned state_bits(const Setting& s) const override { return params(s).widths.state_bits(); }
  std::string check(const Setting& s) const override { return dk::params_error(params(s), mtu_); }

  Metrics replay(const EventTrace& t, const Setting& s) const override {
    const dk::Params p = params(s);
    nic::DctcpUnit unit(p, mtu_);
    const dk::Kernel k(p, mtu_);
    const ref::Reference reference({1.0 / double(1u << p.g_shift), p.init_cwnd, p.min_cwnd, p.max_cwnd, mtu_});
    std::vector<ref::Flow> refs;
    FlowIndex ids;
    Tally tally;
    uint64_t resyncs = 0;
    for (const TraceEvent& e : t.events) {
      if (e.kind != 'i' && e.kind != 'a' && e.kind != 'n' && e.kind != 'o') continue;
      if (e.kind != 'i' && !ids.has(e.host, e.flow)) continue;
      const uint32_t f = ids.of(e.host, e.flow);
      ++tally.m.events;
      if (e.kind == 'i') {
        unit.init_flow(f, at(e.time_ps));
        if (f == refs.size()) refs.push_back(reference.init());
        else refs[f] = reference.init();
        continue;
      }
      ref::Flow& r = refs[f];
      const double k0 = k.cwnd_packets(unit.state(f)), r0 = r.cwnd;
      if (e.kind == 'a') {
        nic::AckInfo a;
        a.acked_bytes = e.bytes;
        a.ece = e.ece;
        unit.on_ack(f, a, at(e.time_ps));
        reference.on_ack(r, double(e.bytes), e.ece);
      } else if (e.kind == 'n') {
        unit.on_nack(f, at(e.time_ps));
        reference.on_nack(r);
      } else {
        unit.on_timeout(f, at(e.time_ps));
        reference.on_timeout(r);
      }
      const dk::State& k1 = unit.state(f);
      const double kc = k.cwnd_packets(k1);
      if (tally.decision(e.kind == 'a' ? "ack" : e.kind == 'n' ? "nak" : "timeout",
                         direction(k0, kc) == direction(r0, r.cwnd))) {
        tally.value(kc, r.cwnd);
      } else {
        ++resyncs;
        r = {kc, k.alpha(k1), double(k1.acked), double(k1.marked), double(k1.window), k1.cut};
      }
    }
    Metrics m = tally.finish();
    m.extra = {{"flows", double(refs.size())}, {"resyncs", double(resyncs)}};
    return m;
  }

 private:
  dk::Params p_;
  uint32_t mtu_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::unique_ptr<explore::Unit> make_dctcp_explore(const hls::dctcp::Params& p, uint32_t mtu_bytes) {
  return std::make_unique<DctcpExplore>(p, mtu_bytes);
}

}  // namespace ccf::cc
