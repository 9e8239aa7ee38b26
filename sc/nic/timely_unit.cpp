// timely_unit.cpp: see timely_unit.hpp.
#include "sc/nic/timely_unit.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "hls/timely/timely_cost.hpp"
#include "hls/timely/timely_vectors.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/sim_time.hpp"
#include "sc/nic/state_values.hpp"

namespace ccf::nic {

namespace tk = hls::timely;

namespace {
uint32_t ns_of(uint64_t ps) { return static_cast<uint32_t>(ps / 1000); }  // modulo 2^32 ns
std::string num(double v) {
  std::ostringstream os;
  os.precision(10);
  os << v;
  return os.str();
}
}  // namespace

TimelyUnit::TimelyUnit(const tk::Params& params, uint32_t mtu_bytes, double line_gbps, uint64_t clock_period_ps,
                       bool vlan)
    : p_(params), mtu_bytes_(mtu_bytes), line_gbps_(line_gbps), clock_ps_(clock_period_ps), vlan_(vlan) {
  if (std::string err = tk::timely_params_error(p_); !err.empty()) throw std::invalid_argument(err);
  if (!(line_gbps > 0 && line_gbps * 1000.0 <= double(tk::kRateMax) / (1u << tk::RATE_FRAC_BITS)))
    throw std::invalid_argument("nic.link_gbps = " + num(line_gbps) + " must be in (0, 524.287] for cc.timely");
  if (mtu_bytes == 0 || p_.segment_bytes % mtu_bytes != 0)
    throw std::invalid_argument("cc.timely.segment_bytes = " + std::to_string(p_.segment_bytes) +
                                " must be a multiple of nic.mtu_bytes = " + std::to_string(mtu_bytes));
  if (p_.max_rate_mbps > line_gbps * 1000.0)
    throw std::invalid_argument("cc.timely.max_rate_mbps = " + num(p_.max_rate_mbps) +
                                " must be <= the line rate, " + num(line_gbps * 1000.0) + " Mb/s");
  if (clock_ps_ == 0) throw std::invalid_argument("TIMELY unit clock period must be > 0 ps");
  const uint32_t seg_wire = (p_.segment_bytes / mtu_bytes) * data_frame_wire_bytes(mtu_bytes);
  c_ = tk::timely_config(p_, line_gbps * 1000.0, seg_wire);
  const tk::Widths& w = p_.widths;
  if (c_.max_rate > hls::field_max(w.rate_int + tk::RATE_FRAC_BITS, tk::RATE_FRAC_BITS - w.rate_frac))
    throw std::invalid_argument("cc.timely.widths.rate_int = " + std::to_string(w.rate_int) +
                                " must hold the maximum rate, " + num(double(c_.max_rate) / (1u << tk::RATE_FRAC_BITS)) +
                                " Mb/s (< 2^rate_int Mb/s)");
}

uint32_t TimelyUnit::data_frame_wire_bytes(uint32_t payload_bytes) const {
  return fabric::roce::wire_bytes(fabric::roce::data_frame_bytes(payload_bytes, vlan_));
}

void TimelyUnit::init_flow(uint32_t flow, sc_core::sc_time) {
  if (flow >= flows_.size()) flows_.resize(flow + 1);
  Flow& f = flows_[flow];
  f = Flow{};
  tk::Event ev;
  ev.flow = flow;
  pass(f, ev);
  f.rate_out = f.rate_next = f.s.rate;
}

void TimelyUnit::set_vector_log(std::ostream* os) {
  CcUnit::set_vector_log(os);
  if (os) *os << tk::params_line(c_) << '\n';
}

tk::TopOut TimelyUnit::pass(Flow& f, const tk::Event& ev) {
  const tk::TopOut out = tk::timely_step(f.s, c_, ev);
  if (vector_log_) *vector_log_ << tk::event_line(ev, f.s, out) << '\n';
  return out;
}

// One kernel pass at now: its rate shows after the pipeline latency (the previous result first, if
// its time has come).
void TimelyUnit::publish(Flow& f, uint64_t now_ps) {
  ++busy_cycles_;
  if (now_ps >= f.rate_at_ps) f.rate_out = f.rate_next;
  f.rate_next = f.s.rate;
  f.rate_at_ps = now_ps + kCost.latency_cycles * clock_ps_;
}

uint32_t TimelyUnit::visible_rate(const Flow& f, uint64_t now_ps) const {
  return now_ps >= f.rate_at_ps ? f.rate_next : f.rate_out;
}

double TimelyUnit::gbps_of(uint32_t rate) { return double(rate) / double(1u << tk::RATE_FRAC_BITS) / 1000.0; }

void TimelyUnit::on_ack(uint32_t flow, const AckInfo& ack, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  if (ack.acked_bytes == 0) return;  // a duplicate ACK is not a completion event; no pass
  const auto acked = static_cast<uint32_t>(std::min<uint64_t>(ack.acked_bytes, 1u << 31));
  tk::Event ev;
  ev.kind = tk::EventKind::kAck;
  ev.flow = flow;
  ev.bytes = acked;
  ev.echo_ns = ns_of(ack.sent_ps);
  ev.now_ns = ns_of(now.value());
  if (pass(f, ev).ack.completion) ++f.completions;
  publish(f, now.value());
}

void TimelyUnit::on_tx(uint32_t flow, uint32_t payload_bytes, sc_core::sc_time now) {
  Flow& f = flows_.at(flow);
  const uint64_t now_ps = now.value();
  tk::Event ev;
  ev.kind = tk::EventKind::kTx;
  ev.flow = flow;
  ev.bytes = payload_bytes;
  ev.wire_bytes = data_frame_wire_bytes(payload_bytes);
  ev.now_ns = ns_of(now_ps);
  const tk::TxOut out = pass(f, ev).tx;
  ++busy_cycles_;
  f.gap_ps = 0;
  if (out.segment_sent && p_.segment_pacing) {
    // Next segment start = this segment's start + its wire bits at the TIMELY rate: the TX
    // scheduler's rate-to-time conversion (as the NIC's own per-frame pacing), not kernel arithmetic.
    // The segment start is known to 1 ns (the kernel's timestamp); the sub-ns part of now is kept.
    const double rate_gbps = gbps_of(visible_rate(f, now_ps));
    const auto span_ps = static_cast<uint64_t>(std::llround(out.seg_wire_bytes * 8.0 * 1000.0 / rate_gbps));
    const uint64_t since_start_ps = uint64_t{out.seg_elapsed_ns} * 1000 + now_ps % 1000;
    f.gap_ps = span_ps > since_start_ps ? span_ps - since_start_ps : 0;
  }
}

// A go-back-N restarts the TX segment: one read-modify-write of the flow's state, one busy cycle.
void TimelyUnit::on_nack(uint32_t flow, sc_core::sc_time) {
  tk::Event ev;
  ev.kind = tk::EventKind::kRestartSegment;
  ev.flow = flow;
  pass(flows_.at(flow), ev);
  ++busy_cycles_;
}
void TimelyUnit::on_timeout(uint32_t flow, sc_core::sc_time now) { on_nack(flow, now); }

double TimelyUnit::timely_rate_gbps(uint32_t flow) const {
  return gbps_of(visible_rate(flows_.at(flow), fabric::now_ps()));
}

double TimelyUnit::rate_gbps(uint32_t flow) const {
  return p_.segment_pacing ? line_gbps_ : timely_rate_gbps(flow);
}

sc_core::sc_time TimelyUnit::pacing_gap(uint32_t flow) const {
  return sc_core::sc_time::from_value(flows_.at(flow).gap_ps);
}

std::unique_ptr<CcUnit> make_timely_unit(const tk::Params& params, uint32_t mtu_bytes, double line_gbps,
                                         uint64_t clock_period_ps, bool vlan) {
  return std::make_unique<TimelyUnit>(params, mtu_bytes, line_gbps, clock_period_ps, vlan);
}

std::vector<StateValue> TimelyUnit::state_values(uint32_t flow) const {
  return table_state_values(tk::kStateFields, tk::words(state(flow), {}));
}

}  // namespace ccf::nic
