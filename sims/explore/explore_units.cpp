// explore_units.cpp: the replay of a trace for each unit (docs/explore.md 3). The kernel side is the
// SystemC unit itself (sc/nic, the same object `ccfabric run` builds, at the setting's widths); the
// reference side is models/ in double precision with the same event handling: DCQCN's timers as
// deadlines resolved before each event, Swift's and LDCP's events one for one, TIMELY's segments
// counted in exact integers. After every event the controlled variable of each flow is compared and
// its change (down, unchanged, up) is the decision; where the decisions differ the reference is
// resynchronised to the kernel's state (a tie at a threshold is a decision error, not a value error
// for the rest of the trace).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <systemc>

#include "dcqcn/kernel_params.hpp"
#include "dcqcn/np_reference.hpp"
#include "dcqcn/rp_reference.hpp"
#include "explore/explore.hpp"
#include "ldcp/kernel_params.hpp"
#include "ldcp/ldcp_reference.hpp"
#include "nic/dcqcn_np_unit.hpp"
#include "nic/dcqcn_rp_unit.hpp"
#include "nic/ldcp_unit.hpp"
#include "nic/swift_unit.hpp"
#include "nic/timely_unit.hpp"
#include "swift/kernel_params.hpp"
#include "swift/swift_reference.hpp"
#include "timely/kernel_params.hpp"
#include "timely/timely_reference.hpp"

namespace ccf::explore {
namespace {

using sc_core::sc_time;
namespace dk = hls::dcqcn;
namespace sk = hls::swift;
namespace lk = hls::ldcp;
namespace tk = hls::timely;

sc_time at(uint64_t ps) { return sc_time::from_value(ps); }

// Dense indices for (host, flow) pairs, in order of first appearance.
class FlowIndex {
 public:
  uint32_t of(uint32_t host, uint32_t flow) {
    const auto [it, added] = ids_.try_emplace((uint64_t{host} << 32) | flow, uint32_t(ids_.size()));
    (void)added;
    return it->second;
  }
  bool has(uint32_t host, uint32_t flow) const { return ids_.count((uint64_t{host} << 32) | flow) != 0; }

 private:
  std::map<uint64_t, uint32_t> ids_;
};

int direction(double before, double after) { return after < before ? -1 : after > before ? 1 : 0; }

// Accumulates the figures of one replay.
struct Tally {
  Metrics m;
  double sum_rel = 0, sum_aux = 0;
  void value(double kernel, double reference) {
    if (reference == 0 && kernel == 0) return;
    const double rel = std::abs(kernel - reference) / std::max(std::abs(reference), 1e-300);
    ++m.compared;
    sum_rel += rel;
    m.max_rel_error = std::max(m.max_rel_error, rel);
  }
  void aux(double kernel, double reference) {
    if (kernel == 0 || reference == 0) return;
    const double rel = std::abs(kernel - reference) / reference;
    ++m.aux_compared;
    sum_aux += rel;
    m.aux_max_rel_error = std::max(m.aux_max_rel_error, rel);
  }
  // Returns true when the decisions agree; kind: the event kind that decided.
  bool decision(const char* kind, bool agree) {
    ++m.decisions;
    if (!agree) ++m.decision_mismatches;
    auto it = std::find_if(m.by_kind.begin(), m.by_kind.end(), [&](const Metrics::DecisionKind& k) { return k.kind == kind; });
    if (it == m.by_kind.end()) it = m.by_kind.insert(m.by_kind.end(), {kind, 0, 0});
    ++it->decisions;
    if (!agree) ++it->mismatches;
    return agree;
  }
  Metrics finish() {
    m.mean_rel_error = m.compared ? sum_rel / double(m.compared) : 0.0;
    m.aux_mean_rel_error = m.aux_compared ? sum_aux / double(m.aux_compared) : 0.0;
    return m;
  }
};

template <size_t N>
std::vector<Knob> knobs_of(const std::array<hls::WidthKnob, N>& t) {
  std::vector<Knob> k;
  for (const hls::WidthKnob& w : t) k.push_back({w.name, w.shipped, w.min, w.shipped, w.what});
  return k;
}

unsigned width(const Setting& s, const Knob& k) {
  const auto it = s.widths.find(k.name);
  return it == s.widths.end() ? k.shipped : it->second;
}

hls::Divider divider_of(const Setting& s) {
  hls::Divider d = hls::Divider::kRecipTable;
  if (!s.divider.empty()) hls::divider_from(s.divider, d);
  return d;
}

// =============================================================================================
// DCQCN: reaction point (CNPs, frames sent, its own alpha / increase / decrease timers) and
// notification point (CE marks, its window timer) together: the 128-bit budget is for both.

class DcqcnUnit : public Unit {
 public:
  explicit DcqcnUnit(const ExploreConfig& c) : c_(c) {
    knobs_ = knobs_of(dk::kRpWidthKnobs);
    for (Knob k : knobs_of(dk::kNpWidthKnobs)) {
      if (k.name == "np_time_lsb") k.max = dk::kNpMaxTimeLsb;
      knobs_.push_back(k);
    }
  }
  std::string name() const override { return "dcqcn"; }
  std::vector<HlsWidths> hls_widths() const override { return {{"CCF_HLS_RP_WIDTHS", 0, 5}, {"CCF_HLS_NP_WIDTHS", 5, 2}}; }
  std::string controlled() const override { return "RC, the rate (Mb/s)"; }
  std::string decisions() const override {
    return "per CNP and frame sent: RC down, unchanged or up; per CE mark: a CNP sent or not";
  }
  const std::vector<Knob>& knobs() const override { return knobs_; }

  dk::RpParams rp(const Setting& s) const {
    dk::RpParams p = c_.rp;
    p.widths = dk::RpWidths{width(s, knobs_[0]), width(s, knobs_[1]), width(s, knobs_[2]), width(s, knobs_[3]),
                            width(s, knobs_[4])};
    return p;
  }
  dk::NpParams np(const Setting& s) const {
    dk::NpParams p = c_.np;
    p.widths = dk::NpWidths{width(s, knobs_[5]), width(s, knobs_[6])};
    return p;
  }
  unsigned state_bits(const Setting& s) const override {
    return rp(s).widths.state_bits() + np(s).widths.state_bits();
  }
  std::string check(const Setting& s) const override {
    if (const char* e = dk::rp_params_error(rp(s))) return e;
    if (const char* e = dk::np_params_error(np(s))) return e;
    return "";
  }

  Metrics replay(const EventTrace& t, const Setting& s) const override {
    namespace ref = models::dcqcn;
    const dk::RpParams p = rp(s);
    nic::DcqcnRpUnit kernel(p);
    nic::DcqcnNpUnit np_kernel(np(s));
    const ref::RpReferenceParams rp_ref = ref::reference_params(p);
    struct RefFlow {
      ref::RpReference r;
      uint64_t alpha_ps = nic::kNoDeadline, increase_ps = nic::kNoDeadline, decrease_ps = nic::kNoDeadline;
    };
    std::vector<RefFlow> refs;
    std::vector<ref::NpReference> np_refs;
    FlowIndex rp_ids, np_ids;
    Tally tally;
    uint64_t np_decisions = 0, np_mismatches = 0, cnps_k = 0, cnps_r = 0, resyncs = 0;
    const ref::NpReferenceMode mode = c_.np.mode == dk::NpMode::kPaperWindow ? ref::NpReferenceMode::kPaperWindow
                                                                               : ref::NpReferenceMode::kMinTimeBetweenCnps;
    auto to_ps = [](double us) { return us > 0 ? uint64_t(std::llround(us * 1e6)) : 0; };
    auto arm = [&](RefFlow& f, const ref::RpResult& r, uint64_t now) {
      if (r.alpha_timer_us > 0) f.alpha_ps = now + to_ps(r.alpha_timer_us);
      if (r.increase_timer_us > 0) f.increase_ps = now + to_ps(r.increase_timer_us);
      if (r.decrease_timer_us > 0) f.decrease_ps = now + to_ps(r.decrease_timer_us);
    };
    // The reference's timers due by t, each at its own deadline; at one instant alpha, then the
    // increase, then the mlx decrease check (as the unit, docs/units/dcqcn.md 7).
    auto ref_timers = [&](RefFlow& f, uint64_t t) {
      for (;;) {
        const uint64_t d = std::min({f.alpha_ps, f.increase_ps, f.decrease_ps});
        if (d > t) return;
        if (d == f.alpha_ps) {
          f.alpha_ps = nic::kNoDeadline;
          arm(f, f.r.on_alpha_timer(), d);
        } else if (d == f.increase_ps) {
          f.increase_ps = nic::kNoDeadline;
          arm(f, f.r.on_increase_event(ref::Source::kTimer), d);
        } else {
          f.decrease_ps = nic::kNoDeadline;
          arm(f, f.r.on_rate_decrease_timer(), d);
        }
      }
    };
    for (const TraceEvent& e : t.events) {
      if (e.kind == 'e') {
        const uint32_t f = np_ids.of(e.host, e.flow);
        if (f == np_refs.size()) np_refs.emplace_back(mode, int64_t(c_.np.interval_ns));
        ++tally.m.events;
        for (uint64_t d; (d = np_kernel.next_deadline_ps(f)) <= e.time_ps;)
          if (np_kernel.on_timer(f, at(d))) ++cnps_k;
        ref::NpReference& r = np_refs[f];
        const int64_t now_ns = int64_t(e.time_ps / 1000);
        while (r.cnp_timer_deadline() && *r.cnp_timer_deadline() <= now_ns)
          if (r.on_cnp_timer(*r.cnp_timer_deadline())) ++cnps_r;
        const bool k = np_kernel.on_ce(f, at(e.time_ps)), rr = r.on_marked_packet(now_ns);
        cnps_k += k, cnps_r += rr;
        ++np_decisions;
        if (!tally.decision("ce", k == rr)) ++np_mismatches;
        continue;
      }
      if (e.kind != 'i' && e.kind != 'c' && e.kind != 'x') continue;
      if (e.kind != 'i' && !rp_ids.has(e.host, e.flow)) continue;  // a flow created before recording
      const uint32_t f = rp_ids.of(e.host, e.flow);
      ++tally.m.events;
      if (e.kind == 'i') {
        kernel.init_flow(f, at(e.time_ps));
        if (f == refs.size()) refs.push_back({ref::RpReference(rp_ref)});
        else refs[f] = {ref::RpReference(rp_ref)};
        continue;
      }
      if (kernel.next_deadline_ps(f) <= e.time_ps) kernel.on_timer(f, at(e.time_ps));
      RefFlow& rf = refs[f];
      ref_timers(rf, e.time_ps);
      const double k0 = kernel.state(f).rc.to_double() / 32.0, r0 = rf.r.RC;
      if (e.kind == 'c') {
        kernel.on_cnp(f, at(e.time_ps));
        arm(rf, rf.r.on_cnp(), e.time_ps);
      } else {
        kernel.on_tx(f, static_cast<uint32_t>(e.bytes), at(e.time_ps));
        arm(rf, rf.r.on_tx(int64_t(e.bytes)), e.time_ps);
      }
      const dk::RpState& ks = kernel.state(f);
      const double k1 = ks.rc.to_double() / 32.0;
      if (tally.decision(e.kind == 'c' ? "cnp" : "tx", direction(k0, k1) == direction(r0, rf.r.RC))) {
        tally.value(k1, rf.r.RC);
      } else {
        resync(rf.r, ks, p);
        ++resyncs;
      }
    }
    Metrics m = tally.finish();
    m.extra = {{"rp_flows", double(refs.size())},  {"np_flows", double(np_refs.size())},
               {"np_decisions", double(np_decisions)}, {"np_mismatches", double(np_mismatches)},
               {"cnps_kernel", double(cnps_k)},    {"cnps_reference", double(cnps_r)},
               {"resyncs", double(resyncs)}};
    return m;
  }

 private:
  static void resync(models::dcqcn::RpReference& r, const dk::RpState& s, const dk::RpParams& p) {
    r.RC = s.rc.to_double() / 32.0;
    r.RT = s.rt.to_double() / 32.0;
    r.alpha = double(s.alpha) / dk::kAlphaOne;
    r.T = s.time_stage;
    r.BC = s.byte_stage;
    r.byte_counter = s.bytes_left;
    r.rate_limited = s.limited;
    r.alpha_cnp_arrived = s.alpha_cnp;
    r.decrease_cnp_arrived = s.decrease_cnp;
    r.ns3_stage = s.hyper ? 3 : std::max(s.time_stage, s.byte_stage) < p.fast_recovery_steps ? 1 : 2;
  }

  ExploreConfig c_;
  std::vector<Knob> knobs_;
};

// =============================================================================================
// Swift: ACKs, NAKs (fast recovery), timeouts; the window is min(fcwnd, ecwnd), the second output
// the pacing gap rtt/cwnd below one packet.

class SwiftExplore : public Unit {
 public:
  explicit SwiftExplore(const ExploreConfig& c) : c_(c), knobs_(knobs_of(sk::kWidthKnobs)) {}
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

  ExploreConfig c_;
  std::vector<Knob> knobs_;
};

// =============================================================================================
// LDCP: ACKs (PAWA, sub-one rule, fast-start exit), losses, frames sent; the window cw, the second
// output the send interval RTT/cw below one packet.

class LdcpExplore : public Unit {
 public:
  explicit LdcpExplore(const ExploreConfig& c) : c_(c), knobs_(knobs_of(lk::kWidthKnobs)) {}
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
        a.fast_start_echo = e.fast_start_echo;
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
  ExploreConfig c_;
  std::vector<Knob> knobs_;
};

// =============================================================================================
// TIMELY: ACKs (segment completions and the rate update), frames sent (TX segments), NAKs and
// timeouts (restart of the TX segment). The reference counts segments in exact integers and takes
// the segment RTT of the TIMELY paper (section 3.1) with the exact Seg/NLR.

class TimelyExplore : public Unit {
 public:
  explicit TimelyExplore(const ExploreConfig& c) : c_(c), knobs_(knobs_of(tk::kWidthKnobs)) {}
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
    namespace ref = models::timely;
    const tk::Params p = params(s);
    nic::TimelyUnit kernel(p, c_.mtu_bytes, c_.link_gbps);
    const tk::Config& c = kernel.config();
    const ref::TimelyReferenceParams rp = ref::reference_params(c, p);
    // Seg/NLR exactly: the segment's wire bytes at the line rate, in ns.
    const double seg_ns = double(p.segment_bytes / c_.mtu_bytes) * kernel.data_frame_wire_bytes(c_.mtu_bytes) * 8.0 /
                          c_.link_gbps;
    struct RefFlow {
      ref::TimelyReference r;
      uint64_t seg_acked = 0;
      double seg_send_ns = 0;
      uint64_t tx_bytes = 0, tx_wire = 0;  // the TX segment (TIMELY paper, section 3), exact
      double tx_start_ns = 0;
    };
    std::vector<RefFlow> refs;
    FlowIndex ids;
    Tally tally;
    uint64_t resyncs = 0, completions = 0;
    const uint32_t mask = static_cast<uint32_t>(hls::ones(p.widths.time));
    for (const TraceEvent& e : t.events) {
      if (e.kind != 'i' && e.kind != 'a' && e.kind != 'x' && e.kind != 'n' && e.kind != 'o') continue;
      if (e.kind != 'i' && !ids.has(e.host, e.flow)) continue;
      const uint32_t f = ids.of(e.host, e.flow);
      ++tally.m.events;
      if (e.kind == 'i') {
        kernel.init_flow(f, at(e.time_ps));
        RefFlow rf{ref::TimelyReference(rp, c.initial_rate / 32.0)};
        if (f == refs.size()) refs.push_back(rf);
        else refs[f] = rf;
        continue;
      }
      if (e.kind == 'x') {
        // The pacing gap after a segment's last frame: its wire bytes at the rate, less the time
        // since its first frame (as the unit's TX scheduler computes it), on each side.
        const auto payload = static_cast<uint32_t>(e.bytes);
        kernel.on_tx(f, payload, at(e.time_ps));
        RefFlow& rf = refs[f];
        const double now_ns = double(e.time_ps / 1000);
        if (rf.tx_bytes == 0) rf.tx_start_ns = now_ns, rf.tx_wire = 0;
        rf.tx_bytes += payload;
        rf.tx_wire += kernel.data_frame_wire_bytes(payload);
        const tk::State& k1 = kernel.state(f);
        const bool end_r = rf.tx_bytes >= p.segment_bytes, end_k = k1.tx_seg_bytes == 0 && payload > 0;
        if (!end_r && !end_k) continue;
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
        continue;
      }
      if (e.kind == 'n' || e.kind == 'o') {
        kernel.on_nack(f, at(e.time_ps));
        refs[f].tx_bytes = 0;
        continue;
      }
      if (e.bytes == 0) continue;  // a duplicate ACK is no event
      RefFlow& rf = refs[f];
      const double k0 = kernel.state(f).rate.to_double() / 32.0, r0 = rf.r.rate_mbps;
      nic::AckInfo a;
      a.acked_bytes = e.bytes;
      a.timely_send_time_ps = e.time_ps - e.send_age_ps;
      kernel.on_ack(f, a, at(e.time_ps));
      // The reference's segment accounting (TIMELY paper, section 3.1), in exact integers and ns.
      const double now_ns = double(e.time_ps / 1000), echo_ns = double(a.timely_send_time_ps / 1000);
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
    Metrics m = tally.finish();
    m.extra = {{"flows", double(refs.size())}, {"completions", double(completions)}, {"resyncs", double(resyncs)}};
    return m;
  }

 private:
  ExploreConfig c_;
  std::vector<Knob> knobs_;
};

}  // namespace

const std::vector<std::string>& unit_names() {
  static const std::vector<std::string> names = {"dcqcn", "swift", "ldcp", "timely"};
  return names;
}

std::unique_ptr<Unit> make_unit(const std::string& name, const ExploreConfig& c) {
  if (name == "dcqcn") return std::make_unique<DcqcnUnit>(c);
  if (name == "swift") return std::make_unique<SwiftExplore>(c);
  if (name == "ldcp") return std::make_unique<LdcpExplore>(c);
  if (name == "timely") return std::make_unique<TimelyExplore>(c);
  return nullptr;
}

}  // namespace ccf::explore
