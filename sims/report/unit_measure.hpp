// unit_measure.hpp: the building blocks of a unit's entry in `ccfabric report units` (docs/report.md):
// its static figures from the cost tables (static_part) and cycles per event measured by driving the
// unit with a synthetic, seeded event stream (Driver, Stream, measure_cc_unit). Each algorithm's
// registration (sims/cc/<name>/) builds its entries from these.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <map>
#include <random>
#include <string>
#include <systemc>
#include <vector>

#include "sc/nic/cc_unit.hpp"
#include "sims/report/unit_report.hpp"

namespace ccf::report {

inline constexpr unsigned kRamPortBits = 72;  // widest FPGA block-RAM port in simple dual-port mode (36 kb)

template <class Array>
std::vector<typename Array::value_type> vec(const Array& a) {
  return {a.begin(), a.end()};
}

inline unsigned round_up(unsigned bits, unsigned multiple) { return (bits + multiple - 1) / multiple * multiple; }

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
    d.event("timer", [&] { unit.on_timer(best_flow, sc_core::sc_time::from_value(best)); });
  }
}

// An ACK of the synthetic stream at time t: an RTT of 5 to 50 us, a remote queuing delay up to 5 us,
// two hops and a CE echo one time in five.
nic::AckInfo ack_at(Stream& s, uint64_t t, uint64_t acked_bytes);

// The stream of a unit driven by the TX scheduler and by ACKs: cumulative probabilities of a frame
// sent, an ACK and a NAK; the rest are retransmit timeouts. cum_bytes: ACKs carry the cumulative
// bytes acknowledged (LDCP's LSN).
struct EventMix {
  double tx, ack, nack;
  bool cum_bytes = false;
};

// Drives a sender-side unit with `o.events` events of the mix over `o.stream_flows` flows.
void measure_cc_unit(UnitReport& u, nic::CcUnit& unit, const ReportOptions& o, unsigned mtu, const EventMix& mix);

}  // namespace ccf::report
