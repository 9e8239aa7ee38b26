// timely_explore.cpp: see timely_explore.hpp. The kernel side is the SystemC unit itself (sc/nic, the same
// object `ccfabric run` builds, at the setting's widths); the reference side has the same event handling:
// ACKs and frames sent, segments counted in exact integers. After every event the controlled variable of
// each flow is compared and its change (down, unchanged, up) is the decision; where the decisions differ
// the reference is resynchronised to the kernel's state (a tie at a threshold is a decision error, not a
// value error for the rest of the trace).
#include "sims/cc/timely/timely_explore.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <systemc>

#include "models/timely/kernel_params.hpp"
#include "models/timely/timely_reference.hpp"
#include "sc/nic/timely_unit.hpp"
#include "sims/explore/replay_support.hpp"

namespace ccf::cc {
namespace {

using namespace explore;
using sc_core::sc_time;
namespace tk = hls::timely;

// TIMELY: ACKs (segment completions and the rate update), frames sent (TX segments), NAKs and
// timeouts (restart of the TX segment). The reference counts segments in exact integers and takes
// the segment RTT of the TIMELY paper (section 3.1) with the exact Seg/NLR.

// One replay: the unit at the setting's widths and, per flow, the reference with its segments.
struct TimelyRun {
  struct RefFlow {
    models::timely::TimelyReference r;
    uint64_t seg_acked = 0;
    double seg_send_ns = 0;
    uint64_t tx_bytes = 0, tx_wire = 0;  // the TX segment (TIMELY paper, section 3), exact
    double tx_start_ns = 0;
  };

  TimelyRun(const tk::Params& params, const TimelyReplayConfig& c)
      : p(params),
        kernel(p, c.mtu_bytes, c.link_gbps),
        rp(models::timely::reference_params(kernel.config(), p)),
        // Seg/NLR exactly: the segment's wire bytes at the line rate, in ns.
        seg_ns(double(p.segment_bytes / c.mtu_bytes) * kernel.data_frame_wire_bytes(c.mtu_bytes) * 8.0 / c.link_gbps),
        mask(static_cast<uint32_t>(hls::ones(p.widths.time))) {}

  void init(uint32_t f, const TraceEvent& e) {
    kernel.init_flow(f, at(e.time_ps));
    RefFlow rf{models::timely::TimelyReference(rp, kernel.config().initial_rate / 32.0)};
    if (f == refs.size()) refs.push_back(rf);
    else refs[f] = rf;
  }

  // A frame sent. The pacing gap after a segment's last frame: its wire bytes at the rate, less the
  // time since its first frame (as the unit's TX scheduler computes it), on each side.
  void tx(uint32_t f, const TraceEvent& e) {
    const auto payload = static_cast<uint32_t>(e.bytes);
    kernel.on_tx(f, payload, at(e.time_ps));
    RefFlow& rf = refs[f];
    const double now_ns = double(e.time_ps / 1000);
    if (rf.tx_bytes == 0) rf.tx_start_ns = now_ns, rf.tx_wire = 0;
    rf.tx_bytes += payload;
    rf.tx_wire += kernel.data_frame_wire_bytes(payload);
    const tk::State& k1 = kernel.state(f);
    const bool end_r = rf.tx_bytes >= p.segment_bytes, end_k = k1.tx_seg_bytes == 0 && payload > 0;
    if (!end_r && !end_k) return;
    const uint32_t now32 = static_cast<uint32_t>(e.time_ps / 1000);
    const double gap_k = std::max(0.0, k1.tx_seg_wire.to_double() * 8.0 * 1000.0 / (k1.rate.to_double() / 32.0) -
                                           double((now32 - k1.tx_seg_start.to_uint()) & mask));
    const double gap_r = std::max(0.0, double(rf.tx_wire) * 8.0 * 1000.0 / rf.r.rate_mbps - (now_ns - rf.tx_start_ns));
    if (end_r) rf.tx_bytes = 0;
    if (tally.decision("tx", end_k == end_r && (gap_k > 0) == (gap_r > 0))) {
      tally.aux(gap_k, gap_r);
    } else {
      ++resyncs;
      rf.tx_bytes = k1.tx_seg_bytes;
      rf.tx_wire = k1.tx_seg_wire;
      rf.tx_start_ns = now_ns - double((now32 - k1.tx_seg_start) & mask);
    }
  }

  // A NAK or a timeout: the TX segment starts again.
  void restart(uint32_t f, const TraceEvent& e) {
    kernel.on_nack(f, at(e.time_ps));
    refs[f].tx_bytes = 0;
  }

  // An ACK: the segment accounting and, at a segment's completion, the rate update.
  void ack(uint32_t f, const TraceEvent& e) {
    if (e.bytes == 0) return;  // a duplicate ACK is no event
    RefFlow& rf = refs[f];
    const double k0 = kernel.state(f).rate.to_double() / 32.0, r0 = rf.r.rate_mbps;
    nic::AckInfo a;
    a.acked_bytes = e.bytes;
    a.sent_ps = e.time_ps - e.send_age_ps;
    kernel.on_ack(f, a, at(e.time_ps));
    // The reference's segment accounting (TIMELY paper, section 3.1), in exact integers and ns.
    const double now_ns = double(e.time_ps / 1000), echo_ns = double(a.sent_ps / 1000);
    const uint64_t acked = std::min<uint64_t>(e.bytes, uint64_t{1} << 31);
    if (rf.seg_acked == 0) rf.seg_send_ns = echo_ns;
    const uint64_t sum = rf.seg_acked + acked;
    if (sum < p.segment_bytes) {
      rf.seg_acked = sum;
    } else {
      ++completions;
      const double rtt = std::max(0.0, now_ns - rf.seg_send_ns - seg_ns);
      rf.r.on_completion(rtt / 1000.0, now_ns / 1000.0);
      rf.seg_acked = (sum - p.segment_bytes) % p.segment_bytes;
      if (rf.seg_acked != 0) rf.seg_send_ns = echo_ns;
    }
    const tk::State& k1 = kernel.state(f);
    const double kr = k1.rate.to_double() / 32.0;
    if (tally.decision("ack", direction(k0, kr) == direction(r0, rf.r.rate_mbps))) {
      tally.value(kr, rf.r.rate_mbps);
    } else {
      ++resyncs;
      rf.r.rate_mbps = kr;
      rf.r.prevRTT_us = k1.prev_rtt.to_double() / 1000.0;
      rf.r.avgRTTDiff_us = k1.avg_rtt_diff.to_double() / 256.0 / 1000.0;
      rf.r.negGradientCount = k1.neg_count;
      const uint32_t now32 = static_cast<uint32_t>(e.time_ps / 1000);
      rf.r.last_update_time_us = (now_ns - double((now32 - k1.last_update) & mask)) / 1000.0;
      rf.seg_acked = k1.seg_acked;
    }
  }

  Metrics finish() {
    Metrics m = tally.finish();
    m.extra = {{"flows", double(refs.size())}, {"completions", double(completions)}, {"resyncs", double(resyncs)}};
    return m;
  }

  const tk::Params p;
  nic::TimelyUnit kernel;
  const models::timely::TimelyReferenceParams rp;
  const double seg_ns;
  const uint32_t mask;
  std::vector<RefFlow> refs;
  Tally tally;
  uint64_t resyncs = 0, completions = 0;
};

class TimelyExplore : public Unit {
 public:
  explicit TimelyExplore(const TimelyReplayConfig& c) : c_(c), knobs_(knobs_of(tk::kWidthKnobs)) {}
  std::string name() const override { return "timely"; }
  std::vector<HlsWidths> hls_widths() const override { return {{"CCF_HLS_TIMELY_WIDTHS", 0, 8}}; }
  std::string controlled() const override { return "the TIMELY rate (Mb/s)"; }
  std::string aux() const override { return "segment pacing gap: segment wire bytes at the rate - time since its first frame (ns)"; }
  std::string decisions() const override {
    return "per ACK: the rate down, unchanged or up; per frame that ends a segment: a pacing gap or none";
  }
  const std::vector<Knob>& knobs() const override { return knobs_; }

  tk::Params params(const Setting& s) const {
    tk::Params p = c_.timely;
    p.widths = tk::Widths{width(s, knobs_[0]), width(s, knobs_[1]), width(s, knobs_[2]), width(s, knobs_[3]),
                          width(s, knobs_[4]), width(s, knobs_[5]), width(s, knobs_[6]), width(s, knobs_[7])};
    return p;
  }
  unsigned state_bits(const Setting& s) const override { return params(s).widths.state_bits(); }
  std::string check(const Setting& s) const override {
    const tk::Params p = params(s);
    if (std::string e = tk::timely_params_error(p); !e.empty()) return e;
    try {
      nic::TimelyUnit u(p, c_.mtu_bytes, c_.link_gbps);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  }

  Metrics replay(const EventTrace& t, const Setting& s) const override {
    TimelyRun run(params(s), c_);
    FlowIndex ids;
    for (const TraceEvent& e : t.events) {
      if (e.kind != 'i' && e.kind != 'a' && e.kind != 'x' && e.kind != 'n' && e.kind != 'o') continue;
      if (e.kind != 'i' && !ids.has(e.host, e.flow)) continue;
      const uint32_t f = ids.of(e.host, e.flow);
      ++run.tally.m.events;
      if (e.kind == 'i') run.init(f, e);
      else if (e.kind == 'x') run.tx(f, e);
      else if (e.kind == 'n' || e.kind == 'o') run.restart(f, e);
      else run.ack(f, e);
    }
    return run.finish();
  }

 private:
  TimelyReplayConfig c_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::unique_ptr<explore::Unit> make_timely_explore(const TimelyReplayConfig& c) { return std::make_unique<TimelyExplore>(c); }

}  // namespace ccf::cc
