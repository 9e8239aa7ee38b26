// dcqcn_explore.cpp: see dcqcn_explore.hpp. The kernel side is the SystemC unit itself (sc/nic, the same
// object `ccfabric run` builds, at the setting's widths); the reference side has the same event handling:
// the reaction point (CNPs, frames sent, its alpha, increase and decrease timers as deadlines resolved
// before each event) and the notification point (CE marks, its window timer) together. After every event
// the controlled variable of each flow is compared and its change (down, unchanged, up) is the decision;
// where the decisions differ the reference is resynchronised to the kernel's state (a tie at a threshold
// is a decision error, not a value error for the rest of the trace).
#include "sims/cc/dcqcn/dcqcn_explore.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <systemc>

#include "models/dcqcn/kernel_params.hpp"
#include "models/dcqcn/np_reference.hpp"
#include "models/dcqcn/rp_reference.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/dcqcn_rp_unit.hpp"
#include "sims/explore/replay_support.hpp"

namespace ccf::cc {
namespace {

using namespace explore;
using sc_core::sc_time;
namespace dk = hls::dcqcn;

namespace ref = models::dcqcn;

// One replay: the RP and NP units at the setting's widths and, per flow, their references with the
// RP's timers as deadlines.
struct DcqcnRun {
  struct RefFlow {
    ref::RpReference r;
    uint64_t alpha_ps = nic::kNoDeadline, increase_ps = nic::kNoDeadline, decrease_ps = nic::kNoDeadline;
  };

  DcqcnRun(const dk::RpParams& rp, const dk::NpParams& np, const dk::NpParams& recorded_np)
      : p(rp),
        kernel(rp),
        np_kernel(np),
        rp_ref(ref::reference_params(rp)),
        mode(recorded_np.mode == dk::NpMode::kPaperWindow ? ref::NpReferenceMode::kPaperWindow
                                                          : ref::NpReferenceMode::kMinTimeBetweenCnps),
        np_interval_ns(int64_t(recorded_np.interval_ns)) {}

  // A CE mark at the notification point: both sides' window timers due first, then the decision.
  void ce(const TraceEvent& e) {
    const uint32_t f = np_ids.of(e.host, e.flow);
    if (f == np_refs.size()) np_refs.emplace_back(mode, np_interval_ns);
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
  }

  void init(uint32_t f, const TraceEvent& e) {
    kernel.init_flow(f, at(e.time_ps));
    if (f == refs.size()) refs.push_back({ref::RpReference(rp_ref)});
    else refs[f] = {ref::RpReference(rp_ref)};
  }

  // A CNP or a frame sent at the reaction point, after the timers due on each side.
  void rp_event(uint32_t f, const TraceEvent& e) {
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

  static uint64_t to_ps(double us) { return us > 0 ? uint64_t(std::llround(us * 1e6)) : 0; }
  static void arm(RefFlow& f, const ref::RpResult& r, uint64_t now) {
    if (r.alpha_timer_us > 0) f.alpha_ps = now + to_ps(r.alpha_timer_us);
    if (r.increase_timer_us > 0) f.increase_ps = now + to_ps(r.increase_timer_us);
    if (r.decrease_timer_us > 0) f.decrease_ps = now + to_ps(r.decrease_timer_us);
  }
  // The reference's timers due by t, each at its own deadline; at one instant alpha, then the
  // increase, then the mlx decrease check (as the unit, docs/units/dcqcn.md 7).
  static void ref_timers(RefFlow& f, uint64_t t) {
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
  }
  static void resync(ref::RpReference& r, const dk::RpState& s, const dk::RpParams& p) {
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


  Metrics finish() {
    Metrics m = tally.finish();
    m.extra = {{"rp_flows", double(refs.size())},  {"np_flows", double(np_refs.size())},
               {"np_decisions", double(np_decisions)}, {"np_mismatches", double(np_mismatches)},
               {"cnps_kernel", double(cnps_k)},    {"cnps_reference", double(cnps_r)},
               {"resyncs", double(resyncs)}};
    return m;
  }

  const dk::RpParams p;
  nic::DcqcnRpUnit kernel;
  nic::DcqcnNpUnit np_kernel;
  const ref::RpReferenceParams rp_ref;
  const ref::NpReferenceMode mode;
  const int64_t np_interval_ns;
  std::vector<RefFlow> refs;
  std::vector<ref::NpReference> np_refs;
  FlowIndex rp_ids, np_ids;
  Tally tally;
  uint64_t np_decisions = 0, np_mismatches = 0, cnps_k = 0, cnps_r = 0, resyncs = 0;
};

// DCQCN: reaction point (CNPs, frames sent, its own alpha / increase / decrease timers) and
// notification point (CE marks, its window timer) together: the 128-bit budget is for both.

class DcqcnUnit : public Unit {
 public:
  explicit DcqcnUnit(const DcqcnReplayConfig& c) : c_(c) {
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
    DcqcnRun run(rp(s), np(s), c_.np);
    for (const TraceEvent& e : t.events) {
      if (e.kind == 'e') {
        run.ce(e);
        continue;
      }
      if (e.kind != 'i' && e.kind != 'c' && e.kind != 'x') continue;
      if (e.kind != 'i' && !run.rp_ids.has(e.host, e.flow)) continue;  // a flow created before recording
      const uint32_t f = run.rp_ids.of(e.host, e.flow);
      ++run.tally.m.events;
      if (e.kind == 'i') run.init(f, e);
      else run.rp_event(f, e);
    }
    return run.finish();
  }

 private:
  DcqcnReplayConfig c_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::unique_ptr<explore::Unit> make_dcqcn_explore(const DcqcnReplayConfig& c) { return std::make_unique<DcqcnUnit>(c); }

}  // namespace ccf::cc

