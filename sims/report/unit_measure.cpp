// unit_measure.cpp: see unit_measure.hpp.
#include "sims/report/unit_measure.hpp"

namespace ccf::report {

using sc_core::sc_time;

nic::AckInfo ack_at(Stream& s, uint64_t t, uint64_t acked_bytes) {
  nic::AckInfo a;
  a.acked_bytes = acked_bytes;
  a.rtt_ps = s.between(5'000, 50'000) * 1000;  // 5 .. 50 us
  a.sent_ps = t - a.rtt_ps;
  a.remote_queuing_delay_ps = s.between(0, 5'000) * 1000;
  a.hop_count = 2;
  a.ece = s.u01() < 0.2;
  return a;
}

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

}  // namespace ccf::report
