// The TIMELY unit (sc/nic/timely_unit) around the kernel: declared cost, no timers, segment pacing
// (the TIMELY paper, section 3), RTT per segment from on_tx/on_ack (section 3.1), the rate published after the pipeline
// latency, and configuration errors naming the key. Expected values come from the paper's equations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <systemc>

#include "hls/timely/timely_kernel.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/nic.hpp"
#include "sc/nic/timely_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace tk = hls::timely;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_PS;
using sc_core::SC_US;

constexpr uint32_t kMtu = 1024;
constexpr double kLineGbps = 10;
constexpr uint64_t kFrameWire = 1086 + 20;                            // 1 KiB RoCEv2 frame + preamble/IFG (RoCEv2, Annex A17)
constexpr uint64_t kFramePs = kFrameWire * 8 * 1000 / 10;              // 884,800 ps at 10 Gb/s
constexpr double kLsbGbps = 1.0 / 32 / 1000;

sc_time ps(uint64_t v) { return sc_time::from_value(v); }

std::string error_of(const tk::Params& p, uint32_t mtu = kMtu, double line = kLineGbps) {
  try {
    TimelyUnit u(p, mtu, line);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(TimelyUnit, DeclaresItsCostAndHasNoTimers) {
  TimelyUnit u(tk::Params{}, kMtu, kLineGbps);
  EXPECT_EQ(u.cost().latency_cycles, TimelyUnit::kCost.latency_cycles);
  EXPECT_EQ(u.cost().ii_cycles, 1u);
  EXPECT_EQ(u.cost().state_bits_per_flow, tk::State::kStateBits);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  u.on_tx(0, kMtu, ps(1000));
  AckInfo a;
  a.acked_bytes = kMtu;
  a.sent_ps = 1000;
  u.on_ack(0, a, ps(50'000'000));
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);  // TIMELY's only clock is the completion event
  EXPECT_EQ(u.window_bytes(0), kUnlimited);
  EXPECT_EQ(u.name(), "timely");
}

TEST(TimelyUnit, OutstandingDataLimitIsTheWindow) {
  tk::Params p;
  p.max_outstanding_bytes = 4 * p.segment_bytes;
  TimelyUnit u(p, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u.window_bytes(0), 4.0 * p.segment_bytes);
}

TEST(TimelyUnit, FramesOfASegmentGoBackToBackAndTheNextSegmentStartsOneSpanAtTheRateLater) {
  tk::Params p = tk::Params::paper();  // 16 KiB segments = 16 frames
  p.initial_rate_mbps = 2500;
  TimelyUnit u(p, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  const uint64_t t0 = 3'000'000'300;  // not on a ns boundary
  for (uint64_t k = 0; k < 15; ++k) {
    u.on_tx(0, kMtu, ps(t0 + k * kFramePs));
    EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME) << "k=" << k;
    EXPECT_EQ(u.rate_gbps(0), kLineGbps);  // the NIC serialises the segment at line rate
  }
  const uint64_t t_last = t0 + 15 * kFramePs;
  u.on_tx(0, kMtu, ps(t_last));
  // TIMELY paper, section 3: gap chosen so the average is the rate: next start = t0 + 16 frames' wire bits / 2.5 Gb/s.
  const double span_ps = 16.0 * kFrameWire * 8 * 1000 / 2.5;
  const double next_start = double(t_last) + double(u.pacing_gap(0).value());
  EXPECT_NEAR(next_start - double(t0), span_ps, 1000.0);  // segment start kept to 1 ns
  EXPECT_DOUBLE_EQ(u.timely_rate_gbps(0), 2.5);
  // The next frame opens a new segment: no gap after it.
  u.on_tx(0, kMtu, ps(t0 + static_cast<uint64_t>(span_ps)));
  EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
}

TEST(TimelyUnit, PerFramePacingPublishesTheTimelyRateAndNoGap) {
  tk::Params p;
  p.segment_pacing = false;
  p.segment_bytes = kMtu;  // per-packet ACKs: one frame per segment
  p.initial_rate_mbps = 4000;
  TimelyUnit u(p, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  for (uint64_t k = 0; k < 3; ++k) {
    u.on_tx(0, kMtu, ps(1'000'000 + k * kFramePs));
    EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
    EXPECT_DOUBLE_EQ(u.rate_gbps(0), 4.0);
  }
}

TEST(TimelyUnit, SegmentRttFromTheFirstFramesSendTimeCutsTheRateAfterThePipelineLatency) {
  const tk::Params p = tk::Params::paper();  // T_high = 500 us, beta = 0.8, no delta_factor
  TimelyUnit u(p, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  const uint64_t t_send = 1'000'000;  // ps
  for (uint64_t k = 0; k < 16; ++k) u.on_tx(0, kMtu, ps(t_send + k * kFramePs));
  // Each frame's ACK comes 700 us after it left (per-frame ACKs, echo = the frame's send time).
  const uint64_t delay_ps = 700'000'000;
  AckInfo a;
  a.acked_bytes = kMtu;
  for (uint64_t k = 0; k < 16; ++k) {
    const uint64_t t = t_send + k * kFramePs + delay_ps;
    sc_core::sc_start(ps(t) - sc_core::sc_time_stamp());
    a.sent_ps = t_send + k * kFramePs;
    a.cum_bytes_acked = (k + 1) * kMtu;
    u.on_ack(0, a, sc_core::sc_time_stamp());
    EXPECT_EQ(u.completions(0), k == 15 ? 1u : 0u);
  }
  // TIMELY paper, section 3.1: RTT = t_completion - t_send - Seg/NLR, Seg/NLR = 16 frames' wire time.
  const double t_completion_ns = (t_send + 15 * kFramePs + delay_ps) / 1000.0;
  const double rtt_ns = t_completion_ns - t_send / 1000.0 - 16.0 * kFramePs / 1000.0;
  EXPECT_NEAR(double(u.state(0).prev_rtt), rtt_ns, 1.0);
  // TIMELY paper, Algorithm 1, RTT > T_high: rate (1 - beta (1 - T_high / rtt)), from line rate.
  const double want = kLineGbps * (1 - p.beta * (1 - p.t_high_ns / rtt_ns));
  sc_core::sc_start(sc_time(TimelyUnit::kCost.latency_cycles - 1, SC_NS));  // 1 GHz clock
  EXPECT_DOUBLE_EQ(u.timely_rate_gbps(0), kLineGbps);  // not yet visible
  sc_core::sc_start(sc_time(1, SC_NS));
  EXPECT_NEAR(u.timely_rate_gbps(0), want, 2 * kLsbGbps + kLineGbps * std::ldexp(1.0, -17));
  EXPECT_LT(u.timely_rate_gbps(0), kLineGbps);
  EXPECT_EQ(u.busy_cycles(), 16u + 16u);  // one pass per frame sent and per ACK with progress
}

TEST(TimelyUnit, DuplicateAcksAreNoEvent) {
  TimelyUnit u(tk::Params{}, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  AckInfo a;  // acked_bytes = 0
  u.on_ack(0, a, ps(1'000'000));
  EXPECT_EQ(u.busy_cycles(), 0u);
  EXPECT_EQ(u.state(0).seg_acked, 0u);
}

TEST(TimelyUnit, TimeoutAndNakRestartTheTxSegment) {
  tk::Params p = tk::Params::paper();
  p.initial_rate_mbps = 1000;
  TimelyUnit u(p, kMtu, kLineGbps);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  uint64_t t = 1'000'000;
  for (int k = 0; k < 5; ++k, t += kFramePs) u.on_tx(0, kMtu, ps(t));
  u.on_timeout(0, ps(t));
  for (int k = 0; k < 15; ++k, t += kFramePs) {
    u.on_tx(0, kMtu, ps(t));
    EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME) << "k=" << k;  // 5 + 15 frames, but restarted
  }
  u.on_tx(0, kMtu, ps(t));
  EXPECT_GT(u.pacing_gap(0), sc_core::SC_ZERO_TIME);  // the 16th frame after the restart
  for (int k = 0; k < 3; ++k, t += kFramePs) u.on_tx(0, kMtu, ps(t));
  const uint64_t busy = u.busy_cycles();
  u.on_nack(0, ps(t));
  EXPECT_EQ(u.state(0).tx_seg_bytes, 0u);
  EXPECT_EQ(u.busy_cycles(), busy + 1);  // one read-modify-write of the state
}

TEST(TimelyUnit, BadConfigurationIsRejectedWithTheKey) {
  tk::Params p;
  p.alpha = 2;
  EXPECT_EQ(error_of(p).rfind("cc.timely.alpha = 2 must be", 0), 0u) << error_of(p);
  EXPECT_EQ(error_of(tk::Params{}, 1000), "cc.timely.segment_bytes = 65536 must be a multiple of nic.mtu_bytes = 1000");
  p = tk::Params{};
  p.max_rate_mbps = 20000;
  EXPECT_EQ(error_of(p).rfind("cc.timely.max_rate_mbps = 20000 must be <= the line rate", 0), 0u) << error_of(p);
  EXPECT_EQ(error_of(tk::Params{}, kMtu, 0).rfind("nic.link_gbps = 0 must be", 0), 0u);
  EXPECT_EQ(error_of(tk::Params{}), "");
}

TEST(TimelyUnit, FactoryBuildsTheUnit) {
  auto u = make_timely_unit(tk::Params{}, kMtu, 100);
  u->init_flow(3, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u->name(), "timely");
  EXPECT_DOUBLE_EQ(u->rate_gbps(3), 100.0);  // segment pacing: the NIC sends each segment at line rate
}

// End to end: a sender NIC with the TIMELY unit and a receiver NIC, back to back over two 100 Gb/s
// links of 1 us (no switch), one ACK per frame.
struct TimelyPair {
  std::unique_ptr<Nic> a, b;
  TimelyUnit* cc = nullptr;
  explicit TimelyPair(const tk::Params& p) {
    NicConfig ca, cb;
    ca.host_id = 0;
    cb.host_id = 1;
    auto unit = std::make_unique<TimelyUnit>(p, ca.mtu_bytes, ca.link_gbps, 1000, ca.vlan);
    cc = unit.get();
    a = std::make_unique<Nic>("nic_a", ca, std::move(unit));
    b = std::make_unique<Nic>("nic_b", cb);
    a->tx.out.bind(b->in);
    b->tx.out.bind(a->in);
  }
};

TEST(TimelyUnitInNic, MeasuresTheIdlePathRttAndPacesSegmentsToTheTimelyRate) {
  tk::Params p = tk::Params::paper();  // 16 KiB segments; RTT << T_low: +10 Mb/s per completion
  p.initial_rate_mbps = 25'000;
  TimelyPair t(p);
  t.a->add_flow({.id = 0, .dst_host = 1});  // unlimited
  sc_core::sc_start(sc_time(50, SC_US));
  // Idle path (TIMELY paper, section 3.1): the last frame's propagation (1 us), the ACK's serialisation and propagation.
  const double ack_ns = fabric::roce::wire_bytes(fabric::roce::ack_frame_bytes()) * 8 / 100.0;
  EXPECT_NEAR(double(t.cc->state(0).prev_rtt), 1000 + ack_ns + 1000, 2.0);
  const uint64_t bytes0 = t.b->counters().bytes_delivered;
  const double rate0 = t.cc->timely_rate_gbps(0);
  const uint64_t completions0 = t.cc->completions(0);
  // 2 ms: the window's edges cut at most one 16 KiB segment each (+-0.3 % of the bytes).
  sc_core::sc_start(sc_time(2000, SC_US));
  const double rate1 = t.cc->timely_rate_gbps(0);
  const uint64_t completions = t.cc->completions(0) - completions0;
  // T_low region, paper variant: exactly +delta per completion.
  EXPECT_NEAR(rate1 - rate0, completions * p.delta_mbps / 1000.0, 1e-9);
  EXPECT_GT(completions, 300u);
  // TIMELY paper, section 3: segments at line rate, gaps so that the average is the rate (linear in time here).
  const double goodput = (t.b->counters().bytes_delivered - bytes0) * 8.0 / 2000e3;
  const double expected = (rate0 + rate1) / 2 * kMtu / double(kFrameWire);  // payload share of the wire
  std::printf("goodput %.4f Gb/s, expected %.4f Gb/s, %llu completions\n", goodput, expected,
              static_cast<unsigned long long>(completions));
  EXPECT_NEAR(goodput, expected, 0.01 * expected);
}

TEST(TimelyUnitInNic, AQueueingDelayAboveThighCutsTheRate) {
  tk::Params p = tk::Params::paper();
  p.t_low_ns = 0;
  p.t_high_ns = 1'500;  // below the 2 us idle RTT: every completion is in the T_high region
  TimelyPair t(p);
  t.a->add_flow({.id = 0, .dst_host = 1});
  sc_core::sc_start(sc_time(30, SC_US));
  const double rtt = t.cc->state(0).prev_rtt;
  ASSERT_GT(rtt, p.t_high_ns);
  ASSERT_GT(t.cc->completions(0), 3u);
  // Each completion multiplies by (1 - beta (1 - T_high/rtt)) until the minimum rate.
  const double factor = 1 - p.beta * (1 - p.t_high_ns / rtt);
  const double want = std::max(p.min_rate_mbps / 1000.0, 100.0 * std::pow(factor, double(t.cc->completions(0))));
  EXPECT_NEAR(t.cc->timely_rate_gbps(0), want, 0.01 * want + 2 * kLsbGbps);
}

}  // namespace
}  // namespace ccf::nic
