// The LDCP unit (sc/nic/ldcp_unit) around the kernel: what it tells the TX scheduler (window,
// pacing gap for cw < 1, Not-ECT fast-start frames), when (after its declared pipeline latency), its
// timers (none of its own: the sub-one send timer is the pacing gap the NIC turns into a deadline),
// its declared cost, and bad parameters. Expected values come from the draft's rules computed here
// and from the double-precision reference (models/ldcp).
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include <systemc>

#include "ldcp/ldcp_kernel.hpp"
#include "ldcp/ldcp_reference.hpp"
#include "nic/ldcp_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace lk = hls::ldcp;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

constexpr uint32_t kMtu = 1024;

lk::Params small_bdp(uint64_t packets) {
  lk::Params p;
  p.bdp_bytes = packets * kMtu;
  return p;
}

AckInfo ack_of(uint64_t packets, uint64_t cum_packets, bool ece = false, uint64_t rtt_ps = 0) {
  AckInfo a;
  a.acked_bytes = packets * kMtu;
  a.cum_bytes_acked = cum_packets * kMtu;
  a.ece = ece;
  a.rtt_ps = rtt_ps;
  return a;
}

sc_time now() { return sc_core::sc_time_stamp(); }

TEST(LdcpUnit, DeclaresLatencyIiAndTheKernelsStateBits) {
  LdcpUnit u(lk::Params{}, kMtu, 100);
  EXPECT_EQ(u.cost().latency_cycles, 5u);
  EXPECT_EQ(u.cost().ii_cycles, 1u);
  EXPECT_EQ(u.cost().state_bits_per_flow, lk::LdcpState::kStateBits);
  EXPECT_EQ(u.name(), "ldcp");
}

TEST(LdcpUnit, FastStartOpensOneBdpAtLineRateAndOnlyItsLastFrameIsEct) {
  lk::Params p;
  p.base_rtt_ns = 4'000;  // BDP = 4 us x 100 Gb/s = 50,000 B = 49 frames of 1 KiB (rounded up)
  LdcpUnit u(p, kMtu, 100);
  u.init_flow(0, now());
  u.set_message_bytes(0, 0);
  const int iw = static_cast<int>(std::ceil(4'000 * 100 / 8.0 / kMtu));
  EXPECT_EQ(u.window_bytes(0), iw * double(kMtu));
  EXPECT_EQ(u.rate_gbps(0), kUnlimited);
  EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
  for (int k = 1; k <= iw + 3; ++k) {
    EXPECT_EQ(u.next_frame_not_ect(0), k < iw) << "frame " << k;
    u.on_tx(0, kMtu, now());
  }
}

TEST(LdcpUnit, AShortMessageSendsItsLastFrameEct) {
  LdcpUnit u(small_bdp(20), kMtu, 100);
  u.init_flow(3, now());
  u.set_message_bytes(3, 4 * kMtu);
  for (int k = 1; k <= 4; ++k) {
    EXPECT_EQ(u.next_frame_not_ect(3), k < 4) << "frame " << k;
    u.on_tx(3, kMtu, now());
  }
}

TEST(LdcpUnit, AMarkedAckShrinksTheWindowAfterExactlyThePipelineLatency) {
  lk::Params p = small_bdp(8);
  p.fast_start = false;  // stable from the start with cw = IW = 8
  LdcpUnit u(p, kMtu, 100);
  u.init_flow(0, now());
  sc_core::sc_start(sc_time(1, SC_US));
  u.on_ack(0, ack_of(1, 1, true), now());
  sc_core::sc_start(sc_time(4, SC_NS));  // 4 cycles of 1 ns: not yet visible
  EXPECT_EQ(u.window_bytes(0), 8.0 * kMtu);
  sc_core::sc_start(sc_time(1, SC_NS));  // the fifth: visible
  EXPECT_EQ(u.window_bytes(0), (8.0 - p.beta) * kMtu);  // eq. 1, ECE = 1
  EXPECT_EQ(u.busy_cycles(), 1u);
}

TEST(LdcpUnit, AFullIwAcknowledgedKeepsTheWindowAtBdpForTheStableStage) {
  LdcpUnit u(small_bdp(4), kMtu, 100);
  u.init_flow(0, now());
  for (int k = 0; k < 4; ++k) u.on_tx(0, kMtu, now());
  for (int k = 1; k <= 4; ++k) u.on_ack(0, ack_of(1, k), now());
  EXPECT_TRUE(u.state(0).stable);
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 4.0 * kMtu);  // cw = BDP
  u.on_ack(0, ack_of(1, 5), now());  // PAWA from here: 4 + 1/4
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_NEAR(u.window_bytes(0), (4 + 1.0 / 4) * kMtu, kMtu * std::ldexp(1.0, -18));
  EXPECT_FALSE(u.next_frame_not_ect(0));
}

TEST(LdcpUnit, ANakInFastStartSetsTheWindowToThePacketsAcknowledged) {
  LdcpUnit u(small_bdp(30), kMtu, 100);
  u.init_flow(0, now());
  for (int k = 0; k < 30; ++k) u.on_tx(0, kMtu, now());
  u.on_ack(0, ack_of(6, 6), now());
  u.on_nack(0, now());
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 6.0 * kMtu);
  EXPECT_FALSE(u.next_frame_not_ect(0));  // go-back-N resends ECT
}

TEST(LdcpUnit, ATimeoutInFastStartIsALossToo) {
  LdcpUnit u(small_bdp(30), kMtu, 100);
  u.init_flow(0, now());
  u.on_ack(0, ack_of(3, 3), now());
  u.on_timeout(0, now());
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 3.0 * kMtu);
}

TEST(LdcpUnit, BelowOnePacketTheWindowIsOnePacketPacedAtRttOverCw) {
  lk::Params p = small_bdp(30);
  p.base_rtt_ns = 10'000;
  p.gamma = 0.125;
  LdcpUnit u(p, kMtu, 100);
  u.init_flow(0, now());
  u.on_nack(0, now());  // loss before any ACK: cw = gamma
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 1.0 * kMtu);
  const double rel = std::ldexp(1.0, -17);
  EXPECT_NEAR(u.pacing_gap(0).to_seconds() * 1e9, 10'000 / 0.125, 80'000 * rel + 0.5);
  // An unmarked ACK with an RTT sample of 30 us: cw = 2 gamma, interval = 30 us / 0.25.
  u.on_ack(0, ack_of(1, 1, false, 30'000'000), now());
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_NEAR(u.pacing_gap(0).to_seconds() * 1e9, 30'000 / 0.25, 120'000 * rel + 0.5);
  // No timer of its own: the NIC keeps the next-send deadline from the gap.
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);
  // Back above one packet: no pacing.
  for (int k = 2; k <= 8; ++k) u.on_ack(0, ack_of(1, k), now());
  sc_core::sc_start(sc_time(10, SC_NS));
  EXPECT_GE(u.state(0).cw, lk::kCwOne);
  EXPECT_EQ(u.pacing_gap(0), sc_core::SC_ZERO_TIME);
}

TEST(LdcpUnit, FollowsTheReferenceThroughFastStartLossSubOneAndRecovery) {
  lk::Params p = small_bdp(16);
  p.alpha = 0.5;
  p.beta = 0.25;
  p.gamma = 0.0625;
  LdcpUnit u(p, kMtu, 100);
  models::ldcp::LdcpReferenceParams rp;
  rp.alpha = p.alpha;
  rp.beta = p.beta;
  rp.gamma = p.gamma;
  rp.eta = p.eta;
  rp.mtu_bytes = kMtu;
  rp.BDP_bytes = static_cast<double>(p.bdp_bytes);
  rp.RTT0_ns = p.base_rtt_ns;
  models::ldcp::LdcpReference r(rp);
  u.init_flow(0, now());
  uint64_t cum = 0;
  auto compare = [&](int step) {
    sc_core::sc_start(sc_time(10, SC_NS));
    EXPECT_NEAR(u.window_bytes(0), r.window_bytes(), 1e-3 * kMtu) << "step " << step;
    EXPECT_NEAR(u.pacing_gap(0).to_seconds() * 1e9, r.send_interval_ns(), 1e-4 * r.send_interval_ns() + 1)
        << "step " << step;
    EXPECT_EQ(u.next_frame_not_ect(0), r.next_frame_not_ect()) << "step " << step;
  };
  for (int k = 0; k < 16; ++k) {
    u.on_tx(0, kMtu, now());
    r.on_tx();
  }
  compare(0);
  cum += 2;
  u.on_ack(0, ack_of(2, cum), now());
  r.on_ack(2.0 * kMtu, double(cum) * kMtu, false, true, 0);
  u.on_nack(0, now());
  r.on_loss();
  compare(1);  // cw = 2
  for (int k = 0; k < 40; ++k) {  // marked, then unmarked, then a mix: through cw < 1 and back
    const bool ece = k < 12 || (k > 30 && k % 3 == 0);
    cum += 1;
    u.on_ack(0, ack_of(1, cum, ece, 15'000'000), now());
    r.on_ack(kMtu, double(cum) * kMtu, ece, false, 15'000);
    compare(2 + k);
    if ((u.state(0).cw >= lk::kCwOne) != (r.cw >= 1)) r.cw = std::ldexp(double(u.state(0).cw), -20);
  }
}

TEST(LdcpUnit, CountsOneBusyCyclePerKernelPass) {
  LdcpUnit u(small_bdp(8), kMtu, 100);
  u.init_flow(0, now());
  u.on_tx(0, kMtu, now());
  u.on_ack(0, ack_of(1, 1), now());
  u.on_cnp(0, now());  // not an LDCP event
  u.on_nack(0, now());
  u.on_timer(0, now());
  EXPECT_EQ(u.busy_cycles(), 3u);
}

TEST(LdcpUnit, BadParametersAreRejectedWithTheirKey) {
  lk::Params p;
  p.gamma = 0.001;
  try {
    LdcpUnit u(p, kMtu, 100);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cc.ldcp.gamma = 0.001 must be ", 0), 0u) << e.what();
  }
  EXPECT_THROW(LdcpUnit(lk::Params{}, 1500, 100), std::invalid_argument);  // not a power of two
  EXPECT_THROW(LdcpUnit(lk::Params{}, kMtu, 100, 0), std::invalid_argument);
}

}  // namespace
}  // namespace ccf::nic
