// The Swift unit (sc/nic/swift_unit) around the kernel: the window and pacing gap it publishes after
// its pipeline latency, the deadline it reports for that, the NIC's picosecond stamps turned into the
// kernel's nanosecond inputs, timeout and NAK as Algorithm 1's retransmit timeout and fast recovery,
// its declared cost; and two NICs back to back with the unit on the sender. Expected values come
// from the paper's equations (the Swift paper, Algorithm 1), the reference (models/swift) or the kernel run
// directly on the same inputs. Every TEST runs in its own process (SystemC elaborates once).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <systemc>

#include "hls/swift/swift_kernel.hpp"
#include "models/swift/kernel_params.hpp"
#include "models/swift/swift_reference.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/nic.hpp"
#include "sc/nic/swift_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace sk = hls::swift;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

constexpr uint32_t kMtu = 1024;

AckInfo ack_info(uint64_t rtt_ps, uint64_t remote_ps = 0, uint64_t bytes = kMtu, uint8_t hops = 0) {
  AckInfo a;
  a.rtt_ps = rtt_ps;
  a.remote_queuing_delay_ps = remote_ps;
  a.acked_bytes = bytes;
  a.hop_count = hops;
  return a;
}

TEST(SwiftUnit, StartsAtTheInitialWindowWithoutPacing) {
  sk::Params p;
  p.init_cwnd = 12;
  SwiftUnit u(p, kMtu);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  EXPECT_DOUBLE_EQ(u.window_bytes(0), 12.0 * kMtu);
  EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u.rate_gbps(0), kUnlimited);
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
}

TEST(SwiftUnit, AWindowChangeIsVisibleExactlyAfterThePipelineLatencyAndReportedAsADeadline) {
  const sk::Params p;
  SwiftUnit u(p, kMtu);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  sc_core::sc_start(sc_time(10, SC_US));
  const uint64_t t = sc_core::sc_time_stamp().value();
  u.on_ack(0, ack_info(5'000'000), sc_core::sc_time_stamp());  // 5 us < target: AI
  const uint64_t visible_at = t + SwiftUnit::kCost.latency_cycles * 1000;
  EXPECT_EQ(u.next_deadline_ps(0), visible_at);
  sc_core::sc_start(sc_time(SwiftUnit::kCost.latency_cycles - 1, SC_NS));
  EXPECT_DOUBLE_EQ(u.window_bytes(0), p.init_cwnd * kMtu);  // not yet
  sc_core::sc_start(sc_time(1, SC_NS));
  // Line 8: cwnd + ai / cwnd * num_acked with num_acked = 1 packet.
  EXPECT_NEAR(u.window_bytes(0), (p.init_cwnd + p.ai / p.init_cwnd) * kMtu, 1e-3);
  u.on_timer(0, sc_core::sc_time_stamp());  // the NIC's calendar fires the deadline: commit
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  EXPECT_NEAR(u.window_bytes(0), (p.init_cwnd + p.ai / p.init_cwnd) * kMtu, 1e-3);
}

TEST(SwiftUnit, AckTimesInPicosecondsReachTheKernelOnItsNanosecondCounter) {
  const sk::Params p;
  SwiftUnit u(p, kMtu);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  const sk::Regs r = sk::swift_regs(p, kMtu);
  sk::State ref = sk::swift_initial_state(r, 0);
  const sc_time now(3'000'123'456, sc_core::SC_PS);
  u.on_ack(0, ack_info(150'000'999, 40'000'500, 3 * kMtu, 4), now);
  sk::AckIn in;
  in.now_ns = 3'000'123;
  in.rtt_ns = 150'000;
  in.remote_queuing_ns = 40'000;
  in.hops = 4;
  in.acked_bytes = 3 * kMtu;
  sk::on_ack(ref, r, in);
  EXPECT_EQ(u.state(0).fcwnd, ref.fcwnd);
  EXPECT_EQ(u.state(0).ecwnd, ref.ecwnd);
  EXPECT_EQ(u.state(0).rtt_ns, 150'000u);
  EXPECT_EQ(u.state(0).endpoint_delay_q8, uint64_t{40'000} << 8);
  EXPECT_EQ(u.state(0).t_last_decrease_f_ns, ref.t_last_decrease_f_ns);
}

TEST(SwiftUnit, TimeoutsAndNaksAreTheRetransmitTimeoutAndFastRecoveryOfAlgorithmOne) {
  sk::Params p;
  p.init_cwnd = 40;
  SwiftUnit u(p, kMtu);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  u.on_ack(0, ack_info(10'000'000), sc_time(1, SC_US));  // RTT sample 10 us
  models::swift::SwiftReference m(models::swift::reference_params(p, kMtu), 0);
  m.on_ack(1'000, 10'000, 0, 0, kMtu);
  u.on_timeout(0, sc_time(100, SC_US));
  m.on_retransmit_timeout(100'000);
  u.on_nack(0, sc_time(105, SC_US));  // within one RTT of the timeout's cut: no second cut
  m.on_fast_recovery(105'000);
  u.on_nack(0, sc_time(120, SC_US));
  m.on_fast_recovery(120'000);
  EXPECT_NEAR(double(u.state(0).fcwnd) / sk::kCwndOne, m.fcwnd, m.fcwnd * 1e-4);
  EXPECT_NEAR(double(u.state(0).ecwnd) / sk::kCwndOne, m.ecwnd, m.ecwnd * 1e-4);
  // 40 + 1/40, then two cuts by max_mdf (the NAK at 105 us is within the RTT).
  EXPECT_NEAR(m.fcwnd, (40 + 1.0 / 40) * (1 - p.max_mdf) * (1 - p.max_mdf), 1e-9);
  EXPECT_EQ(u.state(0).retransmit_cnt, 0);
}

TEST(SwiftUnit, BelowOnePacketTheWindowIsOnePacketAndTheGapIsRttOverCwnd) {
  sk::Params p;
  p.init_cwnd = 1;
  SwiftUnit u(p, kMtu);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  // Target at fcwnd = 1 (the Swift paper, section 3.5): base + alpha/sqrt(1) + beta, about 49.4 us with the defaults.
  const double alpha = p.fs_range_us * 1000 / (1 / std::sqrt(p.fs_min_cwnd) - 1 / std::sqrt(p.fs_max_cwnd));
  const double target = p.base_target_us * 1000 + alpha - alpha / std::sqrt(p.fs_max_cwnd);
  const double rtt = 80'000;
  ASSERT_LT(target, rtt) << "the test needs a delay above the target";
  // t_last_decrease starts at the flow's creation, so the first cut needs one RTT since then (line 3).
  u.on_ack(0, ack_info(80'000'000, 0, 0), sc_time(100, SC_US));
  sc_core::sc_start(sc_time(101, SC_US));
  const double cwnd = u.cwnd_packets(0);
  // Line 13 from fcwnd = 1.
  EXPECT_NEAR(cwnd, std::max(1 - p.beta * (rtt - target) / rtt, 1 - p.max_mdf), 1e-4);
  ASSERT_LT(cwnd, 1.0);
  EXPECT_DOUBLE_EQ(u.window_bytes(0), double(kMtu));
  const double gap_ns = rtt / cwnd;  // line 30: rtt / cwnd
  EXPECT_NEAR(double(u.pacing_gap(0).value()) / 1000, gap_ns, gap_ns * 4e-5 + 1);
}

TEST(SwiftUnit, CostDeclaresTheKernelStateBitsAndEachEventIsOneBusyCycle) {
  SwiftUnit u(sk::Params{}, kMtu);
  EXPECT_EQ(u.cost().state_bits_per_flow, sk::State::kStateBits);
  EXPECT_EQ(u.cost().ii_cycles, 1u);
  EXPECT_GT(u.cost().latency_cycles, 0u);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  u.init_flow(1, sc_core::SC_ZERO_TIME);
  u.on_ack(0, ack_info(5'000'000), sc_time(1, SC_US));
  u.on_ack(1, ack_info(5'000'000), sc_time(1, SC_US));
  u.on_timeout(0, sc_time(2, SC_US));
  u.on_nack(1, sc_time(3, SC_US));
  u.on_tx(0, kMtu, sc_time(4, SC_US));  // Swift does nothing per transmitted frame
  u.on_cnp(0, sc_time(4, SC_US));       // nor on a CNP
  u.on_timer(0, sc_time(5, SC_US));     // committing a result is not a kernel pass
  EXPECT_EQ(u.busy_cycles(), 4u);
}

TEST(SwiftUnit, BadParametersAreRejectedWithTheKey) {
  sk::Params p;
  p.max_mdf = 1.5;
  try {
    SwiftUnit u(p, kMtu);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cc.swift.max_mdf = 1.5 must be", 0), 0u) << e.what();
  }
  EXPECT_THROW(SwiftUnit(sk::Params{}, 10), std::invalid_argument);  // MTU below 64 B
}

// ---------------------------------------------------------------------------------------------
// Two NICs back to back (100 Gb/s, 1 us each way) with the unit on the sender.

struct Pair {
  std::unique_ptr<Nic> a, b;
  SwiftUnit* cc = nullptr;
  Pair(const sk::Params& p, NicConfig cb = {}) {
    NicConfig ca;
    ca.host_id = 0;
    cb.host_id = 1;
    auto u = std::make_unique<SwiftUnit>(p, ca.mtu_bytes);
    cc = u.get();
    a = std::make_unique<Nic>("nic_a", ca, std::move(u));
    b = std::make_unique<Nic>("nic_b", cb);
    a->tx.out.bind(b->in);
    b->tx.out.bind(a->in);
  }
};

TEST(SwiftUnitInNic, AnUncongestedFlowGrowsItsWindowToLineRate) {
  sk::Params p;
  p.init_cwnd = 2;
  Pair n(p);
  n.a->add_flow({.id = 0, .dst_host = 1});
  sc_core::sc_start(sc_time(300, SC_US));
  const uint64_t b0 = n.b->counters().bytes_delivered;
  sc_core::sc_start(sc_time(100, SC_US));
  const double goodput_gbps = (n.b->counters().bytes_delivered - b0) * 8.0 / 100e3;
  const double line_goodput = 100.0 * kMtu / fabric::roce::wire_bytes(fabric::roce::data_frame_bytes(kMtu));
  std::printf("uncongested: cwnd %.2f packets, goodput %.3f Gb/s of %.3f\n", n.cc->cwnd_packets(0), goodput_gbps,
              line_goodput);
  EXPECT_NEAR(goodput_gbps, line_goodput, 0.01 * line_goodput);
  // RTT of about 2.2 us is far below the 20 us target: every ACK was an additive increase.
  EXPECT_GT(n.cc->cwnd_packets(0), 30.0);
  EXPECT_EQ(n.a->counters().data_frames_retransmitted, 0u);
}

// A receiving host that drains 10 Gb/s of payload: the endpoint window (remote queuing against the
// endpoint target) limits the flow, the host stays busy and never needs PFC. Run with either reading
// of Algorithm 1 line 27 (docs/units/swift.md 6).
void slow_host(bool stamp_on_equal) {
  sk::Params p;
  p.endpoint_target_us = 10;
  p.decrease_stamp_on_equal = stamp_on_equal;
  NicConfig rx;
  rx.host_gbps = 10.0;
  Pair n(p, rx);
  n.a->add_flow({.id = 0, .dst_host = 1});
  sc_core::sc_start(sc_time(500, SC_US));
  const uint64_t b0 = n.b->counters().bytes_delivered;
  sc_core::sc_start(sc_time(500, SC_US));
  const double goodput_gbps = (n.b->counters().bytes_delivered - b0) * 8.0 / 500e3;
  const sk::State& s = n.cc->state(0);
  const double ewma_us = double(s.endpoint_delay_q8) / 256 / 1000;
  std::printf("slow host (stamp_on_equal=%d): goodput %.3f Gb/s, fcwnd %.2f ecwnd %.2f packets, endpoint EWMA "
              "%.2f us, host queue max %llu B, PFC %llu\n",
              int(stamp_on_equal), goodput_gbps, double(s.fcwnd) / sk::kCwndOne, double(s.ecwnd) / sk::kCwndOne, ewma_us,
              static_cast<unsigned long long>(n.b->counters().host_queue_max_bytes),
              static_cast<unsigned long long>(n.b->counters().pfc_sent));
  EXPECT_NEAR(goodput_gbps, 10.0, 0.3);          // the host stays busy
  EXPECT_LT(s.ecwnd, s.fcwnd);                    // the endpoint window is the one that limits
  EXPECT_LT(ewma_us, 3 * p.endpoint_target_us);   // remote queuing held near its target
  EXPECT_EQ(n.b->counters().pfc_sent, 0u);        // without Swift this host needs PFC (test_nic)
  EXPECT_EQ(n.b->counters().drops_total(), 0u);
}

TEST(SwiftUnitInNic, ASlowHostIsHeldNearTheEndpointTargetByTheEndpointWindow) { slow_host(true); }
TEST(SwiftUnitInNic, ASlowHostIsHeldNearTheEndpointTargetWithHtsimsStrictStamp) { slow_host(false); }

}  // namespace
}  // namespace ccf::nic
