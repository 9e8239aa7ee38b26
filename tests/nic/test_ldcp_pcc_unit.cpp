// The unit of LDCP's CX6-DX PCC variant (sc/nic/ldcp_pcc_unit, the LDCP draft, section 3.2) around its kernel:
// its declared cost; the RTT probe cycle (one request outstanding, the next after the response, again
// after a timeout); when the rate becomes visible (after the declared latency); every event against
// the double-precision reference (models/ldcp/ldcp_pcc_reference). Then the unit in a NIC: two NICs
// back to back, where requests and responses travel as frames with the link's RTT, a lost request is
// sent again at the timeout, and CNPs of the receiver's notification point (the DCQCN NP unit at the
// ConnectX default spacing) drive the decreases while ACKs carry no congestion echo; and two senders
// through the Verilated switch, where every RTT sample carries the queueing delay of the data queue.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <systemc>

#include "hls/ldcp/ldcp_pcc_kernel.hpp"
#include "models/ldcp/kernel_params.hpp"
#include "models/ldcp/ldcp_pcc_reference.hpp"
#include "models/switch/switch_config.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/ldcp_pcc_unit.hpp"
#include "sc/nic/nic.hpp"
#include "sc/switch/switch_model.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace lk = hls::ldcp;
namespace ref = models::ldcp;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

constexpr uint32_t kMtu = 1024;
constexpr double kLine = 100.0;
constexpr double kFrameNs = (kMtu + 82) * 8.0 / kLine;  // one full frame at line rate, 88.48 ns
constexpr double kProbeWireNs = 98 * 8.0 / kLine;        // a 78-B RTT probe on the wire, 7.84 ns

sc_time now() { return sc_core::sc_time_stamp(); }
uint64_t now_ps() { return sc_core::sc_time_stamp().value(); }

lk::Params pcc(double alpha = 1.0, double beta = 0.5) {
  lk::Params p;
  p.variant = lk::Variant::kCx6dxPcc;
  p.alpha = alpha;
  p.beta = beta;
  p.base_rtt_ns = 4'190;
  return p;
}

ref::LdcpPccReference reference(const LdcpPccUnit& u, const lk::Params& p) {
  return ref::LdcpPccReference(ref::pcc_reference_params(p, u.config(), kFrameNs));
}

double rate_fraction(const LdcpPccUnit& u, uint32_t flow) { return std::ldexp(double(u.rate_fraction(flow)), -20); }

TEST(LdcpPccUnit, DeclaresLatencyIiAndTheVariantsStateBits) {
  LdcpPccUnit u(pcc(), kMtu, kLine);
  EXPECT_EQ(u.cost().latency_cycles, 6u);
  EXPECT_EQ(u.cost().ii_cycles, 1u);
  EXPECT_EQ(u.cost().state_bits_per_flow, 85u);
  EXPECT_EQ(u.cost().state_bits_per_flow, lk::PccState::kStateBits);
  EXPECT_EQ(u.name(), "ldcp_pcc");
  EXPECT_EQ(u.config().variant, lk::Variant::kCx6dxPcc);
}

TEST(LdcpPccUnit, StartsAtLineRateWithoutAWindowAndOwesTheFlowsFirstRequest) {
  LdcpPccUnit u(pcc(), kMtu, kLine);
  u.init_flow(0, now());
  EXPECT_EQ(u.rate_gbps(0), kLine);  // IW = 52 frames in the base RTT of 4.19 us: more than the line
  EXPECT_EQ(u.window_bytes(0), kUnlimited);
  EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
  EXPECT_FALSE(u.next_frame_not_ect(0));  // no zero-RTT fast start in this variant
  EXPECT_TRUE(u.rtt_probe_wanted(0));
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  EXPECT_EQ(u.cwnd_packets(0), 52.0);
}

TEST(LdcpPccUnit, OneRequestIsOutstandingUntilItsResponseThenTheNextIsOwed) {
  LdcpPccUnit u(pcc(), kMtu, kLine);
  u.init_flow(0, now());
  sc_core::sc_start(sc_time(1, SC_US));
  u.on_rtt_probe_sent(0, now());
  EXPECT_FALSE(u.rtt_probe_wanted(0));
  EXPECT_EQ(u.next_deadline_ps(0), now_ps() + 300'000'000);  // the DOCA reference's 300 us
  const uint64_t sent = now_ps();
  sc_core::sc_start(sc_time(6'500, SC_NS));
  u.on_rtt_response(0, sent, now());
  EXPECT_TRUE(u.rtt_probe_wanted(0));                // the next request follows the response
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  EXPECT_EQ(u.state(0).rtt_ns, 6'500u);
  // cw + alpha = 53, below the line-rate window 6500 / 88.48 = 73.5: no clamp.
  EXPECT_EQ(u.cwnd_packets(0), 53.0);
  sc_core::sc_start(sc_time(6, SC_NS));
  EXPECT_NEAR(rate_fraction(u, 0), std::min(1.0, 53 * kFrameNs / 6'500), 1e-5);
  EXPECT_EQ(u.passes(lk::PccAction::kProbeSent), 1u);
  EXPECT_EQ(u.passes(lk::PccAction::kResponseIncrease), 1u);
}

TEST(LdcpPccUnit, ARequestWithoutAResponseIsOwedAgainAtTheTimeout) {
  lk::Params p = pcc();
  p.probe_timeout_us = 50;
  LdcpPccUnit u(p, kMtu, kLine);
  u.init_flow(0, now());
  u.on_rtt_probe_sent(0, now());
  const uint64_t deadline = u.next_deadline_ps(0);
  EXPECT_EQ(deadline, 50'000'000u);
  u.on_timer(0, sc_time::from_value(deadline - 1));  // not due: nothing
  EXPECT_FALSE(u.rtt_probe_wanted(0));
  sc_core::sc_start(sc_time::from_value(deadline));
  u.on_timer(0, now());
  EXPECT_TRUE(u.rtt_probe_wanted(0));
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  EXPECT_EQ(u.cwnd_packets(0), 52.0);  // no response, no increase
  EXPECT_EQ(u.passes(lk::PccAction::kProbeTimeout), 1u);
  // The late response of the timed-out request is ignored once the new one is out.
  u.on_rtt_probe_sent(0, now());
  u.on_rtt_response(0, 0, now());
  EXPECT_EQ(u.passes(lk::PccAction::kStaleResponse), 1u);
  EXPECT_FALSE(u.rtt_probe_wanted(0));
}

TEST(LdcpPccUnit, ACnpLowersTheRateAfterExactlyThePipelineLatency) {
  lk::Params p = pcc(1.0, 1.0);
  LdcpPccUnit u(p, kMtu, kLine);
  u.init_flow(0, now());
  u.on_rtt_probe_sent(0, now());
  sc_core::sc_start(sc_time(20, SC_US));
  u.on_rtt_response(0, 0, now());  // RTT 20 us: cw = 53, rate = 53 x 88.48 / 20000
  sc_core::sc_start(sc_time(1, SC_US));
  const double before = rate_fraction(u, 0);
  EXPECT_NEAR(before, 53 * kFrameNs / 20'000, 1e-5);
  u.on_cnp(0, now());
  sc_core::sc_start(sc_time(5, SC_NS));  // 5 cycles of 1 ns: not yet visible
  EXPECT_EQ(rate_fraction(u, 0), before);
  sc_core::sc_start(sc_time(1, SC_NS));  // the sixth
  EXPECT_NEAR(rate_fraction(u, 0), 52 * kFrameNs / 20'000, 1e-5);  // cw - beta
  EXPECT_EQ(u.cwnd_packets(0), 52.0);
}

TEST(LdcpPccUnit, FollowsTheReferenceThroughCnpsResponsesAndTimeouts) {
  lk::Params p = pcc(0.5, 0.25);
  p.probe_timeout_us = 40;
  LdcpPccUnit u(p, kMtu, kLine);
  ref::LdcpPccReference r = reference(u, p);
  u.init_flow(0, now());
  uint64_t sent_ps = 0;
  bool lost = false;  // every fifth request is lost: only its timeout moves the cycle on
  int requests = 0;
  for (int k = 0; k < 400; ++k) {
    sc_core::sc_start(sc_time(700 + 37 * (k % 11), SC_NS));
    const double t_ns = double(now_ps() / 1000);
    if (u.next_deadline_ps(0) <= now_ps()) {
      u.on_timer(0, now());
      r.on_probe_timeout(t_ns);
    }
    if (u.rtt_probe_wanted(0)) {
      ASSERT_TRUE(r.probe_wanted());
      u.on_rtt_probe_sent(0, now());
      r.on_probe_sent(t_ns);
      sent_ps = now_ps();
      lost = ++requests % 5 == 0;
    } else if (k % 3 == 0 && !lost) {
      u.on_rtt_response(0, sent_ps, now());
      r.on_rtt_response(double(sent_ps / 1000), t_ns);
    } else {
      u.on_cnp(0, now());
      r.on_cnp();
    }
    sc_core::sc_start(sc_time(10, SC_NS));
    ASSERT_EQ(u.rtt_probe_wanted(0), r.probe_wanted()) << "step " << k;
    ASSERT_NEAR(u.cwnd_packets(0), r.cw, 1e-4) << "step " << k;
    ASSERT_NEAR(rate_fraction(u, 0), r.rate_fraction(), r.rate_fraction() * 2e-5 + 1e-6) << "step " << k;
  }
  EXPECT_GT(u.passes(lk::PccAction::kProbeTimeout), 0u);
  EXPECT_GT(u.passes(lk::PccAction::kResponseIncrease), 0u);
  EXPECT_GT(u.passes(lk::PccAction::kCnpDecrease), 0u);
}

TEST(LdcpPccUnit, CountsOneBusyCyclePerKernelPassAndNoneForRoceEvents) {
  LdcpPccUnit u(pcc(), kMtu, kLine);
  u.init_flow(0, now());
  u.on_tx(0, kMtu, now());
  u.on_ack(0, AckInfo{}, now());
  u.on_nack(0, now());
  u.on_timeout(0, now());
  EXPECT_EQ(u.busy_cycles(), 0u);
  u.on_rtt_probe_sent(0, now());
  u.on_cnp(0, now());
  u.on_rtt_response(0, 0, sc_time(3, SC_US));
  EXPECT_EQ(u.busy_cycles(), 3u);
}

TEST(LdcpPccUnit, BadParametersAreRejectedWithTheirKey) {
  lk::Params p = pcc();
  p.probe_timeout_us = 0;
  try {
    LdcpPccUnit u(p, kMtu, kLine);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cc.ldcp.probe_timeout_us = 0 must be ", 0), 0u) << e.what();
  }
  EXPECT_THROW(LdcpPccUnit(pcc(), kMtu, kLine, 0), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// The unit in a NIC.

// Forwards to an LdcpPccUnit and records what the NIC delivers, in order, to replay it through the reference.
class RecordingPcc : public CcUnit {
 public:
  enum Kind { kSent, kResponse, kCnp, kTimer };
  struct Event {
    Kind kind;
    uint64_t t_ps, echo_ps;
  };
  explicit RecordingPcc(std::unique_ptr<LdcpPccUnit> u) : u_(std::move(u)) {}
  std::string name() const override { return u_->name(); }
  void init_flow(uint32_t f, sc_time t) override { u_->init_flow(f, t); }
  void on_ack(uint32_t f, const AckInfo& a, sc_time t) override {
    acks.push_back(a);
    u_->on_ack(f, a, t);
  }
  void on_nack(uint32_t f, sc_time t) override { u_->on_nack(f, t); }
  void on_cnp(uint32_t f, sc_time t) override {
    events.push_back({kCnp, t.value(), 0});
    u_->on_cnp(f, t);
  }
  void on_tx(uint32_t f, uint32_t b, sc_time t) override { u_->on_tx(f, b, t); }
  void on_timeout(uint32_t f, sc_time t) override { u_->on_timeout(f, t); }
  uint64_t next_deadline_ps(uint32_t f) const override { return u_->next_deadline_ps(f); }
  void on_timer(uint32_t f, sc_time t) override {
    events.push_back({kTimer, t.value(), 0});
    u_->on_timer(f, t);
  }
  double rate_gbps(uint32_t f) const override { return u_->rate_gbps(f); }
  double window_bytes(uint32_t f) const override { return u_->window_bytes(f); }
  sc_time pacing_gap(uint32_t f) const override { return u_->pacing_gap(f); }
  bool rtt_probe_wanted(uint32_t f) const override { return u_->rtt_probe_wanted(f); }
  void on_rtt_probe_sent(uint32_t f, sc_time t) override {
    events.push_back({kSent, t.value(), 0});
    if (on_sent) on_sent(t.value());
    u_->on_rtt_probe_sent(f, t);
  }
  void on_rtt_response(uint32_t f, uint64_t echo_ps, sc_time t) override {
    events.push_back({kResponse, t.value(), echo_ps});
    u_->on_rtt_response(f, echo_ps, t);
  }
  UnitCost cost() const override { return u_->cost(); }
  uint64_t busy_cycles() const override { return u_->busy_cycles(); }
  const LdcpPccUnit& unit() const { return *u_; }

  // RTT samples of the matched responses, ns as the unit takes them.
  std::vector<uint64_t> rtts_ns() const {
    std::vector<uint64_t> v;
    for (const Event& e : events)
      if (e.kind == kResponse) v.push_back(e.t_ps / 1000 - e.echo_ps / 1000);
    return v;
  }

  std::vector<Event> events;
  std::vector<AckInfo> acks;
  std::function<void(uint64_t)> on_sent;

 private:
  std::unique_ptr<LdcpPccUnit> u_;
};

// Replays the recorded events through the reference and compares cw and rate at the end.
void expect_reference_agrees(const RecordingPcc& rec, const lk::Params& p) {
  ref::LdcpPccReference r = reference(rec.unit(), p);
  for (const RecordingPcc::Event& e : rec.events) {
    const double t = double(e.t_ps / 1000);
    switch (e.kind) {
      case RecordingPcc::kSent: r.on_probe_sent(t); break;
      case RecordingPcc::kResponse: r.on_rtt_response(double(e.echo_ps / 1000), t); break;
      case RecordingPcc::kCnp: r.on_cnp(); break;
      case RecordingPcc::kTimer: r.on_probe_timeout(t); break;
    }
  }
  EXPECT_NEAR(rec.unit().cwnd_packets(0), r.cw, 1e-4);
  EXPECT_NEAR(std::ldexp(double(rec.unit().rate_fraction(0)), -20), r.rate_fraction(), r.rate_fraction() * 2e-5 + 1e-6);
}

// Two NICs back to back (100 Gb/s, 1 us each way); A sends one unlimited flow to B.
struct PccPair {
  RecordingPcc* cc = nullptr;
  std::unique_ptr<Nic> a, b;
  explicit PccPair(const lk::Params& p, std::unique_ptr<NpUnit> np = nullptr) {
    NicConfig ca, cb;
    ca.host_id = 0;
    cb.host_id = 1;
    ca.ack_ecn_echo = cb.ack_ecn_echo = false;  // RoCE ACKs: no congestion signal (as CcFactory configures it)
    auto rec = std::make_unique<RecordingPcc>(std::make_unique<LdcpPccUnit>(p, kMtu, kLine));
    cc = rec.get();
    a = std::make_unique<Nic>("nic_a", ca, std::move(rec));
    b = std::make_unique<Nic>("nic_b", cb, nullptr, std::move(np));
    a->tx.out.bind(b->in);
    b->tx.out.bind(a->in);
  }
};

TEST(LdcpPccInNic, TheFirstRequestFollowsTheFirstFrameAndEachResponseSendsTheNextAfterTheLinkRtt) {
  const lk::Params p = pcc();
  PccPair n(p);
  n.a->add_flow({.id = 7, .dst_host = 1, .priority = 3});
  sc_core::sc_start(sc_time(50, SC_US));
  // The first request starts when the first data frame has left: at 88.48 ns.
  ASSERT_FALSE(n.cc->events.empty());
  EXPECT_EQ(n.cc->events[0].kind, RecordingPcc::kSent);
  EXPECT_EQ(n.cc->events[0].t_ps, 88'480u);
  // Every sample: 2 x (a 78-B probe on the wire + 1 us) = 2015.68 ns, plus at most one ACK (86 B on
  // the wire, 6.88 ns) ahead of the response at B.
  const std::vector<uint64_t> rtts = n.cc->rtts_ns();
  ASSERT_GT(rtts.size(), 20u);
  for (uint64_t r : rtts) {
    EXPECT_GE(r, uint64_t(2 * (1000 + kProbeWireNs)) - 1);
    EXPECT_LE(r, uint64_t(2 * (1000 + kProbeWireNs) + 6.88) + 1);
  }
  // Strictly alternating: sent, response, sent, ... (one request outstanding); no timeouts.
  for (size_t k = 0; k < n.cc->events.size(); ++k)
    EXPECT_EQ(n.cc->events[k].kind, k % 2 == 0 ? RecordingPcc::kSent : RecordingPcc::kResponse) << "event " << k;
  const NicCounters& ca = n.a->counters();
  const NicCounters& cb = n.b->counters();
  size_t sent = 0;
  for (const auto& e : n.cc->events) sent += e.kind == RecordingPcc::kSent;
  EXPECT_GE(ca.rtt_requests_sent, sent);  // counted when queued: the last may still wait for the wire
  EXPECT_LE(ca.rtt_requests_sent, sent + 1);
  EXPECT_GE(cb.rtt_requests_received + 1, sent);  // the last may still be on the wire
  EXPECT_LE(cb.rtt_requests_received, sent);
  EXPECT_EQ(ca.rtt_responses_received, rtts.size());
  EXPECT_EQ(cb.rtt_responses_sent, cb.rtt_requests_received);
  EXPECT_EQ(n.a->flow(0).c.rtt_requests_sent, ca.rtt_requests_sent);
  EXPECT_EQ(n.cc->unit().passes(lk::PccAction::kResponseIncrease), rtts.size());
  EXPECT_EQ(n.cc->unit().passes(lk::PccAction::kStaleResponse), 0u);
  // No marks: cw sits at the line-rate window of the link RTT, and the flow at line rate.
  EXPECT_NEAR(n.cc->unit().cwnd_packets(0), double(n.cc->unit().state(0).rtt_ns) / kFrameNs, 1e-3);
  EXPECT_NEAR(n.cc->unit().rate_gbps(0), kLine, 1e-3);  // cw = RTT / T, rounded: 2^20 - 1 or 2^20
  std::printf("%zu RTT samples, first %llu ns, cw %.3f packets\n", rtts.size(), (unsigned long long)rtts[0],
              n.cc->unit().cwnd_packets(0));
  expect_reference_agrees(*n.cc, p);
}

TEST(LdcpPccInNic, ALostRequestIsSentAgainAfterTheProbeTimeout) {
  lk::Params p = pcc();
  p.probe_timeout_us = 30;
  PccPair n(p);
  int requests_seen = 0;
  n.b->set_probe_rx_hook([&](fabric::Frame& f) { return f.rtt_response || ++requests_seen != 3; });  // lose the third
  n.a->add_flow({.id = 1, .dst_host = 1, .priority = 3});
  sc_core::sc_start(sc_time(60, SC_US));
  const auto& ev = n.cc->events;
  // Requests 1 and 2 answered; request 3 lost; 30 us later the timeout; request 4 at once.
  ASSERT_GE(ev.size(), 8u);
  EXPECT_EQ(ev[4].kind, RecordingPcc::kSent);
  EXPECT_EQ(ev[5].kind, RecordingPcc::kTimer);
  EXPECT_EQ(ev[5].t_ps, ev[4].t_ps + 30'000'000);
  EXPECT_EQ(ev[6].kind, RecordingPcc::kSent);
  EXPECT_LE(ev[6].t_ps, ev[5].t_ps + uint64_t(kFrameNs * 1000) + 1);  // behind at most the frame on the wire
  EXPECT_EQ(ev[7].kind, RecordingPcc::kResponse);
  EXPECT_EQ(n.cc->unit().passes(lk::PccAction::kProbeTimeout), 1u);
  EXPECT_EQ(n.b->counters().drops[static_cast<size_t>(DropReason::kInjectedLoss)], 1u);
  expect_reference_agrees(*n.cc, p);
}

TEST(LdcpPccInNic, CnpsOfTheNotificationPointDriveTheDecreasesAndAcksCarryNoEcho) {
  const lk::Params p = pcc(0.25, 1.0);
  // The receiver's standard RoCE NP: the DCQCN NP unit at ConnectX's min_time_between_cnps = 4 us.
  PccPair n(p, std::make_unique<DcqcnNpUnit>(hls::dcqcn::NpParams::mlx5()));
  // Every data frame arriving between 20 and 60 us is CE-marked.
  n.b->set_rx_hook([](fabric::Frame& f) {
    if (now_ps() >= 20'000'000 && now_ps() < 60'000'000) f.ecn = fabric::Ecn::kCe;
    return true;
  });
  n.a->add_flow({.id = 1, .dst_host = 1, .priority = 3});
  sc_core::sc_start(sc_time(20, SC_US));
  const double cw_before = n.cc->unit().cwnd_packets(0);
  EXPECT_NEAR(n.cc->unit().rate_gbps(0), kLine, 1e-3);
  sc_core::sc_start(sc_time(40, SC_US));
  const uint64_t cnps = n.b->counters().cnps_sent;
  // One CNP at the first mark, then one per >= 4 us of marked arrivals: at most 1 + 40 / 4.
  EXPECT_GE(cnps, 8u);
  EXPECT_LE(cnps, 11u);
  EXPECT_EQ(n.a->counters().cnps_received, cnps);
  EXPECT_EQ(n.cc->unit().passes(lk::PccAction::kCnpDecrease), cnps);
  // 40 us: about 19 responses of +0.25 against cnps CNPs of -1: cw and the rate went down.
  const double cw_after = n.cc->unit().cwnd_packets(0);
  EXPECT_LT(cw_after, cw_before - 3) << "before " << cw_before;
  EXPECT_LT(n.cc->unit().rate_gbps(0), 0.9 * kLine);
  // The receiver saw CE and sent CNPs; its ACKs echoed nothing.
  EXPECT_GT(n.b->counters().ce_received, 100u);
  size_t ece = 0;
  for (const AckInfo& a : n.cc->acks) ece += a.ece;
  EXPECT_EQ(ece, 0u);
  std::printf("cw %.3f -> %.3f packets, %llu CNPs, rate %.2f Gb/s\n", cw_before, cw_after, (unsigned long long)cnps,
              n.cc->unit().rate_gbps(0));
  expect_reference_agrees(*n.cc, p);
}

// ---------------------------------------------------------------------------------------------
// Through the switch: hosts 1 and 2 send to host 0 (100 Gb/s, 1 us links), no marking. Each RTT
// sample must be the idle RTT plus the queueing delay the request met in the data queue of port 0.

// Samples one switch queue every 10 ns (the test's own probe of the queue length register).
class QueueSampler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(QueueSampler);
  QueueSampler(sc_core::sc_module_name n, swc::SwitchModel& sw, unsigned port, unsigned prio)
      : sc_core::sc_module(n), sw_(sw), port_(port), prio_(prio) {
    SC_METHOD(tick);
  }
  std::vector<uint64_t> bytes;  // at k x 10 ns

 private:
  void tick() {
    bytes.push_back(sw_.queue_bytes(port_, prio_));
    next_trigger(sc_time(10, SC_NS));
  }
  swc::SwitchModel& sw_;
  unsigned port_, prio_;
};

TEST(LdcpPccThroughSwitch, EveryRttSampleCarriesTheQueueingDelayOfTheDataQueue) {
  const sw::SwitchParams params;
  sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
  cfg.pfc_enable = false;
  constexpr unsigned kHosts = 3;
  swc::SwitchModel sw("sw", params, cfg, (1u << kHosts) - 1);
  QueueSampler q("q", sw, 0, 3);
  const lk::Params p = pcc();
  std::vector<std::unique_ptr<Nic>> nics;
  std::vector<RecordingPcc*> recs;
  std::vector<std::unique_ptr<fabric::Link>> down;
  for (unsigned h = 0; h < kHosts; ++h) {
    NicConfig c;
    c.host_id = h;
    c.ack_ecn_echo = false;
    auto rec = std::make_unique<RecordingPcc>(std::make_unique<LdcpPccUnit>(p, kMtu, kLine));
    recs.push_back(rec.get());
    nics.push_back(std::make_unique<Nic>(fmt::format("nic{}", h).c_str(), c, std::move(rec)));
    down.push_back(std::make_unique<fabric::Link>(fmt::format("down{}", h).c_str(), kLine, sc_time(1, SC_US)));
    nics[h]->tx.out.bind(sw.in_socket(h));
    down[h]->out.bind(nics[h]->in);
    sw.attach_egress(h, down[h].get());
  }
  for (unsigned h = 1; h < kHosts; ++h) nics[h]->add_flow({.id = h, .dst_host = 0, .priority = 3});
  sc_core::sc_start(sc_time(150, SC_US));
  // Idle RTT: a probe serialised on 4 links and 1 us on each (the switch's pipeline, a few ns each way,
  // is inside the tolerance below).
  const double idle_ns = 4 * (1000 + kProbeWireNs);
  double worst = 0, max_queue_ns = 0;
  size_t samples = 0;
  for (unsigned h = 1; h < kHosts; ++h) {
    const auto& ev = recs[h]->events;
    for (size_t k = 0; k + 1 < ev.size(); ++k) {
      if (ev[k].kind != RecordingPcc::kSent || ev[k + 1].kind != RecordingPcc::kResponse) continue;
      // The request reaches the switch one probe time and 1 us after it starts; the queue it joins,
      // drained at 100 Gb/s, is the delay it meets. The register counts frame bytes (1086 per data
      // frame; the wire adds 20 per frame) and lags the request's enqueue by the switch's ingress
      // pipeline, over which a queue filled by two line-rate senders grows: the sample must lie
      // between the delays of the queue at arrival and 100 ns later, plus the frame in service and one
      // frame of the other sender that the ingress may put ahead of it.
      const double arrive_ns = ev[k].t_ps / 1000.0 + kProbeWireNs + 1000;
      const size_t at = static_cast<size_t>(arrive_ns / 10);
      ASSERT_LT(at + 10, q.bytes.size());
      auto delay_ns = [&](size_t i) { return double(q.bytes[i]) * (1106.0 / 1086.0) * 8.0 / kLine; };
      const double lo = idle_ns + std::min(delay_ns(at), delay_ns(at + 10));
      const double hi = idle_ns + std::max(delay_ns(at), delay_ns(at + 10)) + 2 * kFrameNs;
      const double rtt_ns = (ev[k + 1].t_ps - ev[k].t_ps) / 1000.0;
      worst = std::max(worst, std::abs(rtt_ns - (idle_ns + delay_ns(at))));
      max_queue_ns = std::max(max_queue_ns, delay_ns(at));
      ++samples;
      EXPECT_GE(rtt_ns, lo - 1) << "host " << h << " request at " << ev[k].t_ps << " ps";
      EXPECT_LE(rtt_ns, hi) << "host " << h << " request at " << ev[k].t_ps << " ps";
    }
  }
  EXPECT_GT(samples, 20u);
  EXPECT_GT(max_queue_ns, 2'000.0) << "the senders built no queue to measure";
  std::printf("%zu samples, idle %.2f ns, queueing up to %.0f ns, worst |RTT - (idle + queue at arrival)| = %.1f ns\n", samples,
              idle_ns, max_queue_ns, worst);
  for (unsigned h = 1; h < kHosts; ++h) expect_reference_agrees(*recs[h], p);
}

}  // namespace
}  // namespace ccf::nic
