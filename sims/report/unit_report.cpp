// unit_report.cpp: see unit_report.hpp.
#include "report/unit_report.hpp"

#include <fmt/format.h>

#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <systemc>

#include "dcqcn/dcqcn_cost.hpp"
#include "ldcp/ldcp_cost.hpp"
#include "nic/dcqcn_np_unit.hpp"
#include "nic/dcqcn_rp_unit.hpp"
#include "nic/ldcp_pcc_unit.hpp"
#include "nic/ldcp_unit.hpp"
#include "nic/swift_unit.hpp"
#include "nic/timely_unit.hpp"
#include "scenario/scenario.hpp"
#include "swift/swift_cost.hpp"
#include "timely/timely_cost.hpp"

namespace ccf::report {
namespace {

using sc_core::sc_time;

constexpr unsigned kRamPortBits = 72;  // widest FPGA block-RAM port in simple dual-port mode (36 kb)

template <class Array>
std::vector<typename Array::value_type> vec(const Array& a) {
  return {a.begin(), a.end()};
}

unsigned round_up(unsigned bits, unsigned multiple) { return (bits + multiple - 1) / multiple * multiple; }

// Static figures: fields, declared cost, arithmetic, memory for o.flows flows.
template <class FieldArray, class ArithArray>
UnitReport static_part(const char* id, const char* name, std::string config, const FieldArray& fields,
                       const nic::UnitCost& cost, const ArithArray& arith, const char* division, uint64_t flows,
                       unsigned state_bits) {
  UnitReport u;
  u.id = id;
  u.name = name;
  u.config = std::move(config);
  u.fields = vec(fields);
  u.shipped_state_bits = cost.state_bits_per_flow;
  u.state_bits_per_flow = state_bits;
  u.latency_cycles = cost.latency_cycles;
  u.ii_cycles = cost.ii_cycles;
  u.arithmetic = vec(arith);
  u.division = division;
  u.flows = flows;
  u.total_bits = flows * u.state_bits_per_flow;
  u.total_bytes = (u.total_bits + 7) / 8;
  u.word_bits_8 = round_up(u.state_bits_per_flow, 8);
  u.word_bits_32 = round_up(u.state_bits_per_flow, 32);
  u.words = flows;
  u.memory_bytes_8 = flows * u.word_bits_8 / 8;
  u.memory_bytes_32 = flows * u.word_bits_32 / 8;
  const unsigned banks = (u.word_bits_8 + kRamPortBits - 1) / kRamPortBits;
  u.ports = fmt::format(
      "{} ({} words x <= {} bits each, one address), 1 read + 1 write port (simple "
      "dual-port RAM): one read-modify-write per event at II = {}; a bypass forwards the entry being written to "
      "an event of the same flow within the {}-cycle latency",
      banks == 1 ? std::string("1 bank") : fmt::format("{} banks side by side", banks), flows, kRamPortBits, u.ii_cycles, u.latency_cycles);
  return u;
}

// Drives a unit with a synthetic stream and records busy cycles per event kind.
class Driver {
 public:
  Driver(UnitReport& u, std::function<uint64_t()> busy) : u_(u), busy_(std::move(busy)) {}
  template <class F>
  void event(const std::string& kind, F&& call) {
    const uint64_t before = busy_();
    call();
    auto& m = by_kind_[kind];
    ++m.events;
    m.busy_cycles += busy_() - before;
  }
  void finish(const std::vector<std::string>& order) {
    for (const std::string& k : order) {
      MeasuredKind m = by_kind_[k];
      m.kind = k;
      u_.events += m.events;
      u_.busy_cycles += m.busy_cycles;
      u_.measured.push_back(m);
    }
    u_.cycles_per_event = u_.events ? double(u_.busy_cycles) / double(u_.events) : 0.0;
  }

 private:
  UnitReport& u_;
  std::function<uint64_t()> busy_;
  std::map<std::string, MeasuredKind> by_kind_;
};

// Random times: events of the stream are 1 ns .. 2 us apart.
struct Stream {
  explicit Stream(uint64_t seed) : rng(seed) {}
  std::mt19937_64 rng;
  uint64_t now_ps = 1'000'000;
  uint64_t next_time() { return now_ps += std::uniform_int_distribution<uint64_t>(1, 2000)(rng) * 1000; }
  uint32_t flow(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); }
  double u01() { return std::uniform_real_distribution<double>(0.0, 1.0)(rng); }
  uint64_t between(uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); }
};

// The NIC's calendar: every timer of the unit due by t fires at its own deadline, one call per due flow.
template <class Unit>
void fire_due_timers(Unit& unit, Driver& d, uint32_t flows, uint64_t t) {
  for (;;) {
    uint64_t best = nic::kNoDeadline;
    uint32_t best_flow = 0;
    for (uint32_t f = 0; f < flows; ++f) {
      const uint64_t dl = unit.next_deadline_ps(f);
      if (dl < best) best = dl, best_flow = f;
    }
    if (best > t) return;
    d.event("timer", [&] { unit.on_timer(best_flow, sc_time::from_value(best)); });
  }
}

void measure_dcqcn_rp(UnitReport& u, const hls::dcqcn::RpParams& p, const ReportOptions& o, unsigned mtu) {
  nic::DcqcnRpUnit unit(p);
  Stream s(o.seed);
  Driver d(u, [&] { return unit.busy_cycles(); });
  for (uint32_t f = 0; f < o.stream_flows; ++f) unit.init_flow(f, sc_time::from_value(0));
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    if (s.u01() < 0.1)
      d.event("cnp", [&] { unit.on_cnp(f, sc_time::from_value(t)); });
    else
      d.event("tx", [&] { unit.on_tx(f, mtu, sc_time::from_value(t)); });
  }
  d.finish({"cnp", "tx", "timer"});
}

void measure_dcqcn_np(UnitReport& u, const hls::dcqcn::NpParams& p, const ReportOptions& o) {
  nic::DcqcnNpUnit unit(p);
  Stream s(o.seed);
  Driver d(u, [&] { return unit.busy_cycles(); });
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    d.event("ce", [&] { unit.on_ce(f, sc_time::from_value(t)); });
  }
  d.finish({"ce", "timer"});
}

nic::AckInfo ack_at(Stream& s, uint64_t t, uint64_t acked_bytes) {
  nic::AckInfo a;
  a.acked_bytes = acked_bytes;
  a.rtt_ps = s.between(5'000, 50'000) * 1000;  // 5 .. 50 us
  a.swift_t1_ps = t - a.rtt_ps;
  a.timely_send_time_ps = a.swift_t1_ps;
  a.remote_queuing_delay_ps = s.between(0, 5'000) * 1000;
  a.hop_count = 2;
  a.ece = s.u01() < 0.2;
  return a;
}

// The stream of a unit driven by the TX scheduler and by ACKs: cumulative probabilities of a frame
// sent, an ACK and a NAK; the rest are retransmit timeouts. cum_bytes: ACKs carry the cumulative
// bytes acknowledged (LDCP's LSN).
struct EventMix {
  double tx, ack, nack;
  bool cum_bytes = false;
};

void measure_cc_unit(UnitReport& u, nic::CcUnit& unit, const ReportOptions& o, unsigned mtu, const EventMix& mix) {
  Stream s(o.seed);
  Driver d(u, [&] { return unit.busy_cycles(); });
  std::vector<uint64_t> cum(o.stream_flows, 0);
  for (uint32_t f = 0; f < o.stream_flows; ++f) unit.init_flow(f, sc_time::from_value(0));
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    const uint32_t f = s.flow(o.stream_flows);
    const double x = s.u01();
    if (x < mix.tx) {
      d.event("tx", [&] { unit.on_tx(f, mtu, sc_time::from_value(t)); });
    } else if (x < mix.ack) {
      nic::AckInfo a = ack_at(s, t, mtu);
      if (mix.cum_bytes) a.cum_bytes_acked = cum[f] += mtu;
      d.event("ack", [&] { unit.on_ack(f, a, sc_time::from_value(t)); });
    } else if (x < mix.nack) {
      d.event("nack", [&] { unit.on_nack(f, sc_time::from_value(t)); });
    } else {
      d.event("timeout", [&] { unit.on_timeout(f, sc_time::from_value(t)); });
    }
  }
  std::vector<std::string> kinds = {"ack", "nack", "timeout"};
  if (mix.tx > 0) kinds.insert(kinds.begin(), "tx");
  d.finish(kinds);
}

// LDCP's CX6-DX PCC variant: the NIC's probe cycle (a request on the wire whenever the flow owes one,
// a response or, for one request in five, none, so that its timeout fires) and CNPs.
void measure_ldcp_pcc(UnitReport& u, const ReportOptions& o, unsigned mtu, double line_gbps) {
  hls::ldcp::Params p;
  nic::LdcpPccUnit unit(p, mtu, line_gbps);
  Stream s(o.seed);
  Driver d(u, [&] { return unit.busy_cycles(); });
  std::vector<uint64_t> sent(o.stream_flows, 0);
  std::vector<bool> lost(o.stream_flows, false);
  for (uint32_t f = 0; f < o.stream_flows; ++f) unit.init_flow(f, sc_time::from_value(0));
  for (uint64_t i = 0; i < o.events; ++i) {
    const uint64_t t = s.next_time();
    fire_due_timers(unit, d, o.stream_flows, t);
    const uint32_t f = s.flow(o.stream_flows);
    if (unit.rtt_probe_wanted(f)) {
      d.event("probe_sent", [&] { unit.on_rtt_probe_sent(f, sc_time::from_value(t)); });
      sent[f] = t;
      lost[f] = s.u01() < 0.2;
    } else if (s.u01() < 0.5 || lost[f]) {
      d.event("cnp", [&] { unit.on_cnp(f, sc_time::from_value(t)); });
    } else {
      d.event("rtt_response", [&] { unit.on_rtt_response(f, sent[f], sc_time::from_value(t)); });
    }
  }
  d.finish({"cnp", "probe_sent", "rtt_response", "timer"});
}

// 8388608 -> "8,388,608".
std::string grouped(uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

}  // namespace

std::string validate(const ReportOptions& o) {
  if (o.flows == 0 || o.flows > (uint64_t{1} << 32))
    return fmt::format("--flows = {} must be an integer from 1 to 4294967296", o.flows);
  if (o.events == 0 || o.events > 100'000'000)
    return fmt::format("--events = {} must be an integer from 1 to 100000000", o.events);
  return {};
}

Report make_report(const ReportOptions& o) {
  namespace dk = hls::dcqcn;
  Report r;
  r.options = o;
  const sims::Scenario defaults;  // the defaults of `ccfabric run` without a scenario file
  r.link_gbps = defaults.fabric.link_gbps;
  r.mtu_bytes = defaults.nic.mtu_bytes;
  const auto line_mbps = static_cast<uint32_t>(r.link_gbps * 1000.0);
  const std::string at = fmt::format("{} Gb/s, MTU {} B", r.link_gbps, r.mtu_bytes);

  dk::RpParams rp = dk::RpParams::paper(line_mbps);
  rp.widths = o.dcqcn_rp_widths;
  UnitReport u = static_part("dcqcn_rp", "DCQCN RP", "paper preset, " + at, dk::kRpStateFields,
                             nic::DcqcnRpUnit::kCost, dk::kRpArithmetic, dk::kRpDivision, o.flows, rp.widths.state_bits());
  measure_dcqcn_rp(u, rp, o, r.mtu_bytes);
  r.units.push_back(std::move(u));

  dk::NpParams np = dk::NpParams::paper();
  np.widths = o.dcqcn_np_widths;
  u = static_part("dcqcn_np", "DCQCN NP", "paper window, N = 50 us", dk::kNpStateFields, nic::DcqcnNpUnit::kCost,
                  dk::kNpArithmetic, dk::kNpDivision, o.flows, np.widths.state_bits());
  measure_dcqcn_np(u, np, o);
  r.units.push_back(std::move(u));

  hls::swift::Params swift_params;
  swift_params.widths = o.swift_widths;
  u = static_part("swift", "Swift", "defaults (htsim's values), " + at, hls::swift::kStateFields, nic::SwiftUnit::kCost,
                  hls::swift::kArithmetic, hls::swift::kDivision, o.flows, swift_params.widths.state_bits());
  nic::SwiftUnit swift(swift_params, r.mtu_bytes);
  measure_cc_unit(u, swift, o, r.mtu_bytes, {0.0, 0.9, 0.95});
  r.units.push_back(std::move(u));

  hls::ldcp::Params ldcp_params;
  ldcp_params.widths = o.ldcp_widths;
  u = static_part("ldcp", "LDCP", "defaults (draft 2.2), " + at, hls::ldcp::kStateFields, nic::LdcpUnit::kCost,
                  hls::ldcp::kArithmetic, hls::ldcp::kDivision, o.flows, ldcp_params.widths.state_bits());
  nic::LdcpUnit ldcp(ldcp_params, r.mtu_bytes, r.link_gbps);
  measure_cc_unit(u, ldcp, o, r.mtu_bytes, {0.45, 0.95, 0.98, true});
  r.units.push_back(std::move(u));

  u = static_part("ldcp_pcc", "LDCP CX6-DX PCC", "cc.ldcp.variant = \"cx6dx_pcc\", defaults (draft 3.2), " + at,
                  hls::ldcp::kPccStateFields, nic::LdcpPccUnit::kCost, hls::ldcp::kPccArithmetic, hls::ldcp::kPccDivision,
                  o.flows, nic::LdcpPccUnit::kCost.state_bits_per_flow);
  measure_ldcp_pcc(u, o, r.mtu_bytes, r.link_gbps);
  r.units.push_back(std::move(u));

  hls::timely::Params timely_params;
  timely_params.widths = o.timely_widths;
  u = static_part("timely", "TIMELY", "author variant (the authors' code), 64 KiB segments, " + at, hls::timely::kStateFields,
                  nic::TimelyUnit::kCost, hls::timely::kArithmetic, hls::timely::kDivision, o.flows,
                  timely_params.widths.state_bits());
  nic::TimelyUnit timely(timely_params, r.mtu_bytes, r.link_gbps);
  measure_cc_unit(u, timely, o, r.mtu_bytes, {0.49, 0.98, 0.99});
  r.units.push_back(std::move(u));

  r.dcqcn_bits_per_flow = r.units[0].state_bits_per_flow + r.units[1].state_bits_per_flow;
  r.dcqcn_total_bits = o.flows * r.dcqcn_bits_per_flow;
  r.dcqcn_total_bytes = (r.dcqcn_total_bits + 7) / 8;
  for (const UnitReport& x : r.units)
    if (x.id == "ldcp_pcc") r.ldcp_pcc_bits_per_flow = x.state_bits_per_flow + r.units[1].state_bits_per_flow;
  r.ldcp_pcc_total_bytes = (o.flows * r.ldcp_pcc_bits_per_flow + 7) / 8;
  return r;
}

std::string format_table(const Report& r) {
  std::string s;
  auto bi = std::back_inserter(s);
  fmt::format_to(bi, "# ccfabric report units\n\n");
  fmt::format_to(bi, "Per-flow state, state memory for {} flows, pipeline, arithmetic per event, and cycles per event measured "
      "in simulation. Unit clock {} MHz (1 cycle = {} ns); configurations are the defaults of `ccfabric run` "
      "({} Gb/s, MTU {} B). Measured: {} synthetic events per unit over {} flows (seed {}), plus the timer "
      "expiries they cause. 1 KiB = 1024 B.\n\n",
      grouped(r.options.flows), r.clock_mhz, 1000.0 / r.clock_mhz, r.link_gbps, r.mtu_bytes,
      grouped(r.options.events), r.options.stream_flows, r.options.seed);
  if (!r.options.widths_from.empty())
    fmt::format_to(bi, "State widths: those of {} (state_bits_per_flow below); the field tables show the shipped "
                       "widths.\n\n", r.options.widths_from);

  fmt::format_to(bi, "## Summary\n\n");
  fmt::format_to(bi, "| unit | state_bits_per_flow | total_bits | total_bytes | word_bits (x8 / x32) | memory_bytes (x8 words) | "
      "memory_bytes (x32 words) | latency_cycles | ii_cycles | measured_cycles_per_event |\n");
  fmt::format_to(bi, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const UnitReport& u : r.units)
    fmt::format_to(bi, "| {} | {} | {} | {} | {} / {} | {} | {} | {} | {} | {:.3f} |\n", u.id, u.state_bits_per_flow,
        grouped(u.total_bits), grouped(u.total_bytes), u.word_bits_8, u.word_bits_32, grouped(u.memory_bytes_8),
        grouped(u.memory_bytes_32), u.latency_cycles, u.ii_cycles, u.cycles_per_event);
  fmt::format_to(bi, "\nDCQCN RP + NP (a NIC holds both): {} bits per flow, {} bits = {} bytes ({:.3f} MiB) for {} flows.\n",
      r.dcqcn_bits_per_flow, grouped(r.dcqcn_total_bits), grouped(r.dcqcn_total_bytes),
      double(r.dcqcn_total_bytes) / (1024.0 * 1024.0), grouped(r.options.flows));
  fmt::format_to(bi, "LDCP CX6-DX PCC + the DCQCN NP of its receivers (a NIC that sends and receives holds both): {} bits per "
      "flow, {} bytes for {} flows.\n", r.ldcp_pcc_bits_per_flow, grouped(r.ldcp_pcc_total_bytes), grouped(r.options.flows));

  for (const UnitReport& u : r.units) {
    fmt::format_to(bi, "\n## {} (`{}`): {}\n\n", u.name, u.id, u.config);
    fmt::format_to(bi, "State per flow:\n\n| field | bits | unit_of_lsb | meaning |\n|---|---:|---|---|\n");
    for (const hls::StateField& f : u.fields) fmt::format_to(bi, "| {} | {} | {} | {} |\n", f.name, f.bits, f.unit, f.meaning);
    fmt::format_to(bi, "| **total** | **{}** | | kStateBits |\n\n", u.shipped_state_bits);
    if (u.state_bits_per_flow != u.shipped_state_bits)
      fmt::format_to(bi, "At the widths of {}: **{} bits per flow** (the table shows the shipped widths).\n\n",
                     r.options.widths_from, u.state_bits_per_flow);
    fmt::format_to(bi, "Memory for {} flows: {} bits = {} bytes packed; one word per flow: {} words of {} bits ({} bytes) or "
        "{} bits ({} bytes). Suggestion: {}.\n\n",
        grouped(u.flows), grouped(u.total_bits), grouped(u.total_bytes), grouped(u.words), u.word_bits_8,
        grouped(u.memory_bytes_8), u.word_bits_32, grouped(u.memory_bytes_32), u.ports);
    fmt::format_to(bi, "Pipeline (kCost): latency {} cycles, II {} cycle(s) per event.\n\n", u.latency_cycles, u.ii_cycles);
    fmt::format_to(bi, "Arithmetic per event:\n\n| event | adders | multipliers | dividers | shifts | comparators | roms | "
        "operators |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const hls::EventArithmetic& a : u.arithmetic) {
      const char* t = a.approx ? "~" : "";
      fmt::format_to(bi, "| {} | {}{} | {}{} | {} | {} | {}{} | {} | {} |\n", a.event, t, a.adders, t, a.multipliers, a.dividers,
          a.shifts, t, a.comparators, a.roms, a.note);
    }
    fmt::format_to(bi, "\nDivision: {}.\n\n", u.division);
    fmt::format_to(bi, "Measured:\n\n| event_kind | events | busy_cycles | cycles_per_event | declared_ii_cycles |\n"
        "|---|---:|---:|---:|---:|\n");
    for (const MeasuredKind& m : u.measured)
      fmt::format_to(bi, "| {} | {} | {} | {} | {} |\n", m.kind, grouped(m.events), grouped(m.busy_cycles),
          m.events ? fmt::format("{:.3f}", double(m.busy_cycles) / double(m.events)) : std::string("-"), u.ii_cycles);
    fmt::format_to(bi, "| **all** | {} | {} | {:.3f} | {} |\n", grouped(u.events), grouped(u.busy_cycles), u.cycles_per_event,
        u.ii_cycles);
  }
  return s;
}

nlohmann::ordered_json to_json(const Report& r) {
  nlohmann::ordered_json j;
  j["flows"] = r.options.flows;
  j["clock_mhz"] = r.clock_mhz;
  j["link_gbps"] = r.link_gbps;
  j["mtu_bytes"] = r.mtu_bytes;
  j["stream"] = {{"events", r.options.events}, {"flows", r.options.stream_flows}, {"seed", r.options.seed}};
  j["widths_from"] = r.options.widths_from.empty() ? "shipped" : r.options.widths_from;
  j["dcqcn_rp_plus_np"] = {{"state_bits_per_flow", r.dcqcn_bits_per_flow},
                           {"total_bits", r.dcqcn_total_bits},
                           {"total_bytes", r.dcqcn_total_bytes}};
  j["ldcp_pcc_plus_np"] = {{"state_bits_per_flow", r.ldcp_pcc_bits_per_flow}, {"total_bytes", r.ldcp_pcc_total_bytes}};
  nlohmann::ordered_json units = nlohmann::ordered_json::array();
  for (const UnitReport& u : r.units) {
    nlohmann::ordered_json ju;
    ju["id"] = u.id;
    ju["name"] = u.name;
    ju["config"] = u.config;
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const hls::StateField& f : u.fields)
      fields.push_back({{"name", f.name}, {"bits", f.bits}, {"unit", f.unit}, {"meaning", f.meaning}});
    ju["state_fields"] = fields;
    ju["state_bits_per_flow"] = u.state_bits_per_flow;
    ju["shipped_state_bits_per_flow"] = u.shipped_state_bits;
    ju["memory"] = {{"flows", u.flows},
                    {"total_bits", u.total_bits},
                    {"total_bytes", u.total_bytes},
                    {"words", u.words},
                    {"word_bits_8", u.word_bits_8},
                    {"word_bits_32", u.word_bits_32},
                    {"memory_bytes_8", u.memory_bytes_8},
                    {"memory_bytes_32", u.memory_bytes_32},
                    {"organisation", u.ports}};
    ju["latency_cycles"] = u.latency_cycles;
    ju["ii_cycles"] = u.ii_cycles;
    nlohmann::ordered_json ar = nlohmann::ordered_json::array();
    for (const hls::EventArithmetic& a : u.arithmetic)
      ar.push_back({{"event", a.event},
                    {"adders", a.adders},
                    {"multipliers", a.multipliers},
                    {"dividers", a.dividers},
                    {"shifts", a.shifts},
                    {"comparators", a.comparators},
                    {"roms", a.roms},
                    {"approx", a.approx},
                    {"operators", a.note}});
    ju["arithmetic_per_event"] = ar;
    ju["division"] = u.division;
    nlohmann::ordered_json ms = nlohmann::ordered_json::array();
    for (const MeasuredKind& m : u.measured)
      ms.push_back({{"kind", m.kind}, {"events", m.events}, {"busy_cycles", m.busy_cycles}});
    ju["measured"] = {{"by_kind", ms},
                      {"events", u.events},
                      {"busy_cycles", u.busy_cycles},
                      {"cycles_per_event", u.cycles_per_event}};
    units.push_back(ju);
  }
  j["units"] = units;
  return j;
}

std::string format_csv(const Report& r) {
  std::string s = "unit,section,item,quantity,value\n";
  auto q = [](const std::string& v) {  // RFC 4180 quoting
    if (v.find_first_of(",\"\n") == std::string::npos) return v;
    std::string o = "\"";
    for (char c : v) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
  };
  auto row = [&](const std::string& unit, const char* section, const std::string& item, const char* quantity,
                 const std::string& value) {
    s += fmt::format("{},{},{},{},{}\n", q(unit), section, q(item), quantity, q(value));
  };
  row("all", "config", "", "flows", std::to_string(r.options.flows));
  row("all", "config", "", "clock_mhz", std::to_string(r.clock_mhz));
  row("all", "config", "", "link_gbps", fmt::format("{}", r.link_gbps));
  row("all", "config", "", "mtu_bytes", std::to_string(r.mtu_bytes));
  row("all", "config", "", "stream_events", std::to_string(r.options.events));
  row("all", "config", "", "stream_flows", std::to_string(r.options.stream_flows));
  row("all", "config", "", "seed", std::to_string(r.options.seed));
  row("dcqcn_rp_plus_np", "memory", "", "state_bits_per_flow", std::to_string(r.dcqcn_bits_per_flow));
  row("dcqcn_rp_plus_np", "memory", "", "total_bits", std::to_string(r.dcqcn_total_bits));
  row("dcqcn_rp_plus_np", "memory", "", "total_bytes", std::to_string(r.dcqcn_total_bytes));
  row("ldcp_pcc_plus_np", "memory", "", "state_bits_per_flow", std::to_string(r.ldcp_pcc_bits_per_flow));
  row("ldcp_pcc_plus_np", "memory", "", "total_bytes", std::to_string(r.ldcp_pcc_total_bytes));
  for (const UnitReport& u : r.units) {
    row(u.id, "unit", "", "name", u.name);
    row(u.id, "unit", "", "config", u.config);
    for (const hls::StateField& f : u.fields) {
      row(u.id, "state", f.name, "bits", std::to_string(f.bits));
      row(u.id, "state", f.name, "unit", f.unit);
      row(u.id, "state", f.name, "meaning", f.meaning);
    }
    row(u.id, "state", "total", "state_bits_per_flow", std::to_string(u.state_bits_per_flow));
    row(u.id, "memory", "", "flows", std::to_string(u.flows));
    row(u.id, "memory", "", "total_bits", std::to_string(u.total_bits));
    row(u.id, "memory", "", "total_bytes", std::to_string(u.total_bytes));
    row(u.id, "memory", "", "words", std::to_string(u.words));
    row(u.id, "memory", "", "word_bits_8", std::to_string(u.word_bits_8));
    row(u.id, "memory", "", "word_bits_32", std::to_string(u.word_bits_32));
    row(u.id, "memory", "", "memory_bytes_8", std::to_string(u.memory_bytes_8));
    row(u.id, "memory", "", "memory_bytes_32", std::to_string(u.memory_bytes_32));
    row(u.id, "memory", "", "organisation", u.ports);
    row(u.id, "pipeline", "", "latency_cycles", std::to_string(u.latency_cycles));
    row(u.id, "pipeline", "", "ii_cycles", std::to_string(u.ii_cycles));
    for (const hls::EventArithmetic& a : u.arithmetic) {
      row(u.id, "arithmetic", a.event, "adders", std::to_string(a.adders));
      row(u.id, "arithmetic", a.event, "multipliers", std::to_string(a.multipliers));
      row(u.id, "arithmetic", a.event, "dividers", std::to_string(a.dividers));
      row(u.id, "arithmetic", a.event, "shifts", std::to_string(a.shifts));
      row(u.id, "arithmetic", a.event, "comparators", std::to_string(a.comparators));
      row(u.id, "arithmetic", a.event, "roms", std::to_string(a.roms));
      row(u.id, "arithmetic", a.event, "approx", a.approx ? "true" : "false");
      row(u.id, "arithmetic", a.event, "operators", a.note);
    }
    row(u.id, "arithmetic", "", "division", u.division);
    for (const MeasuredKind& m : u.measured) {
      row(u.id, "measured", m.kind, "events", std::to_string(m.events));
      row(u.id, "measured", m.kind, "busy_cycles", std::to_string(m.busy_cycles));
    }
    row(u.id, "measured", "all", "events", std::to_string(u.events));
    row(u.id, "measured", "all", "busy_cycles", std::to_string(u.busy_cycles));
    row(u.id, "measured", "all", "cycles_per_event", fmt::format("{:.6f}", u.cycles_per_event));
  }
  return s;
}

}  // namespace ccf::report
