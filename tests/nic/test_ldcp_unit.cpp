// The LDCP unit (sc/nic/ldcp_unit) around the kernel: what it tells the TX scheduler (window,
// pacing gap for cw < 1, Not-ECT fast-start frames), when (after its declared pipeline latency), its
// timers (none of its own: the sub-one send timer is the pacing gap the NIC turns into a deadline),
// its declared cost, and bad parameters; then the unit in a NIC, sending to a second NIC over a
// direct link whose receive hook plays the switch (WRED drop of Not-ECT frames, CE marks). Expected values come from the draft's rules computed here
// and from the double-precision reference (models/ldcp).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "models/ldcp/kernel_params.hpp"
#include "models/ldcp/ldcp_reference.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/nic/ldcp_unit.hpp"
#include "sc/nic/nic.hpp"

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
  models::ldcp::LdcpReference r(models::ldcp::reference_params(p, kMtu, p.bdp_bytes));
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


// ---------------------------------------------------------------------------------------------
// The unit in a NIC: two NICs back to back (100 Gb/s, 1 us); B's receive hook plays the switch.

// Forwards to an LdcpUnit and records the ACKs the NIC delivers, to replay them through the reference.
class RecordingLdcp : public CcUnit {
 public:
  explicit RecordingLdcp(std::unique_ptr<LdcpUnit> u) : u_(std::move(u)) {}
  std::string name() const override { return u_->name(); }
  void init_flow(uint32_t f, sc_time t) override { u_->init_flow(f, t); }
  void set_message_bytes(uint32_t f, uint64_t b) override {
    message_bytes = b;
    u_->set_message_bytes(f, b);
  }
  void on_ack(uint32_t f, const AckInfo& a, sc_time t) override {
    acks.push_back(a);
    u_->on_ack(f, a, t);
  }
  void on_nack(uint32_t f, sc_time t) override {
    ++nacks;
    nack_at_ack = acks.size();
    u_->on_nack(f, t);
  }
  void on_cnp(uint32_t f, sc_time t) override { u_->on_cnp(f, t); }
  void on_tx(uint32_t f, uint32_t b, sc_time t) override { u_->on_tx(f, b, t); }
  void on_timeout(uint32_t f, sc_time t) override { u_->on_timeout(f, t); }
  uint64_t next_deadline_ps(uint32_t f) const override { return u_->next_deadline_ps(f); }
  void on_timer(uint32_t f, sc_time t) override { u_->on_timer(f, t); }
  double rate_gbps(uint32_t f) const override { return u_->rate_gbps(f); }
  double window_bytes(uint32_t f) const override { return u_->window_bytes(f); }
  sc_time pacing_gap(uint32_t f) const override { return u_->pacing_gap(f); }
  bool next_frame_not_ect(uint32_t f) const override { return u_->next_frame_not_ect(f); }
  UnitCost cost() const override { return u_->cost(); }
  uint64_t busy_cycles() const override { return u_->busy_cycles(); }
  const LdcpUnit& unit() const { return *u_; }

  std::vector<AckInfo> acks;
  uint64_t message_bytes = 0;
  int nacks = 0;
  size_t nack_at_ack = 0;

 private:
  std::unique_ptr<LdcpUnit> u_;
};

struct SeenFrame {
  uint32_t psn;
  fabric::Ecn ecn;
  bool fast_start;
};

struct LdcpPair {
  RecordingLdcp* cc = nullptr;
  std::unique_ptr<Nic> a, b;
  std::vector<SeenFrame> seen;  // every data frame arriving at B, before the hook's verdict
  LdcpPair(const lk::Params& p, NicConfig ca = {}, NicConfig cb = {}) {
    ca.host_id = 0;
    cb.host_id = 1;
    auto rec = std::make_unique<RecordingLdcp>(std::make_unique<LdcpUnit>(p, ca.mtu_bytes, ca.link_gbps));
    cc = rec.get();
    a = std::make_unique<Nic>("nic_a", ca, std::move(rec));
    b = std::make_unique<Nic>("nic_b", cb);
    a->tx.out.bind(b->in);
    b->tx.out.bind(a->in);
  }
  // hook(frame, index of its arrival) returns false to drop it.
  void switch_hook(std::function<bool(fabric::Frame&, size_t)> hook) {
    b->set_rx_hook([this, hook](fabric::Frame& f) {
      seen.push_back({f.psn, f.ecn, f.cc.unit_flag});
      return hook(f, seen.size() - 1);
    });
  }
  models::ldcp::LdcpReference reference(const lk::Params& p, uint32_t mtu = kMtu) const {
    return models::ldcp::LdcpReference(models::ldcp::reference_params(p, mtu, p.bdp_bytes));
  }
};

TEST(LdcpInNic, FastStartFramesAreNotEctAndFlaggedExceptTheIwThAndTheFlowEndsStableAtBdp) {
  const lk::Params p = small_bdp(16);
  LdcpPair n(p);
  n.switch_hook([](fabric::Frame&, size_t) { return true; });
  n.a->add_flow({.id = 0, .dst_host = 1, .bytes = 40 * kMtu});
  sc_core::sc_start(sc_time(200, SC_US));
  ASSERT_TRUE(n.a->flow(0).done);
  ASSERT_EQ(n.seen.size(), 40u);
  for (size_t k = 0; k < n.seen.size(); ++k) {
    const bool fs = k < 15;  // frames 1..15 of IW = 16
    EXPECT_EQ(n.seen[k].ecn == fabric::Ecn::kNotEct, fs) << "frame " << k;
    EXPECT_EQ(n.seen[k].fast_start, fs) << "frame " << k;
  }
  // Every ACK echoed the flag of the frame it acknowledged, and the IW-th ACK ended fast start.
  for (size_t k = 0; k < n.cc->acks.size(); ++k) EXPECT_EQ(n.cc->acks[k].unit_flag_echo, k < 15) << "ack " << k;
  EXPECT_TRUE(n.cc->unit().state(0).stable);
  // Then 24 unmarked per-packet ACKs of eq. 1 from cw = 16: replay them through the reference.
  models::ldcp::LdcpReference r = n.reference(p);
  r.set_message_bytes(n.cc->message_bytes);
  for (const AckInfo& a : n.cc->acks)
    r.on_ack(double(a.acked_bytes), double(a.cum_bytes_acked), a.ece, a.unit_flag_echo, (a.rtt_ps + 500) / 1000);
  EXPECT_GT(r.cw, 16.0);
  EXPECT_NEAR(std::ldexp(double(n.cc->unit().state(0).cw), -20), r.cw, 24 * std::ldexp(1.0, -17));
}

TEST(LdcpInNic, WredDropsOfFastStartFramesEndFastStartWithCwOfThePacketsAcknowledged) {
  const lk::Params p = small_bdp(16);
  LdcpPair n(p);
  // The "switch" drops Not-ECT frames 5..9 of the first round (queue above K), never an ECT frame.
  n.switch_hook([](fabric::Frame& f, size_t k) {
    return !(k >= 5 && k <= 9 && f.ecn == fabric::Ecn::kNotEct);
  });
  n.a->add_flow({.id = 0, .dst_host = 1, .bytes = 20 * kMtu});
  sc_core::sc_start(sc_time(500, SC_US));
  ASSERT_TRUE(n.a->flow(0).done);
  EXPECT_EQ(n.cc->nacks, 1);
  EXPECT_EQ(n.a->flow(0).c.timeouts, 0u);
  // Frames 0..4 were acknowledged before the NAK (per-packet ACKs): cw = 5, then eq. 1 per ACK.
  ASSERT_EQ(n.cc->nack_at_ack, 5u);
  EXPECT_EQ(n.cc->acks.back().cum_bytes_acked, 20u * kMtu);
  models::ldcp::LdcpReference r = n.reference(p);
  r.set_message_bytes(n.cc->message_bytes);
  for (size_t k = 0; k < n.cc->acks.size(); ++k) {
    if (k == n.cc->nack_at_ack) {
      EXPECT_EQ(r.on_loss(), models::ldcp::Step::kLossExit);
    }
    const AckInfo& a = n.cc->acks[k];
    r.on_ack(double(a.acked_bytes), double(a.cum_bytes_acked), a.ece, a.unit_flag_echo, (a.rtt_ps + 500) / 1000);
  }
  EXPECT_GT(r.cw, 5.0);
  EXPECT_LT(r.cw, 5.0 + 15 / 5.0);  // at most 15 ACKs of at most 1/5 each
  EXPECT_NEAR(std::ldexp(double(n.cc->unit().state(0).cw), -20), r.cw, 20 * std::ldexp(1.0, -17));
  // The first IW = 16 frames are arrivals 0..15 (10..14 discarded out of order); every later arrival
  // (new frames freed by the ACKs of 0..4, then go-back-N from frame 5) is ECT.
  bool resent = false;
  for (size_t k = 16; k < n.seen.size(); ++k) resent |= n.seen[k].psn == 5;
  EXPECT_TRUE(resent);
  for (size_t k = 16; k < n.seen.size(); ++k) {
    EXPECT_NE(n.seen[k].ecn, fabric::Ecn::kNotEct) << "arrival " << k;
    EXPECT_FALSE(n.seen[k].fast_start) << "arrival " << k;
  }
}

TEST(LdcpInNic, DelayedAckWithEceAtOnceDrivesEquationTwoAsTheReferenceDoes) {
  lk::Params p = small_bdp(32);
  p.fast_start = false;
  p.beta = 0.25;
  NicConfig cb;
  cb.ack_every = 4;
  cb.ack_ce_at_once = true;
  LdcpPair n(p, NicConfig{}, cb);
  n.switch_hook([](fabric::Frame& f, size_t k) {
    if (k % 7 == 3) f.ecn = fabric::Ecn::kCe;  // the queue marks about one frame in seven
    return true;
  });
  n.a->add_flow({.id = 0, .dst_host = 1, .bytes = 600 * kMtu});
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  ASSERT_TRUE(n.a->flow(0).done);
  size_t ece = 0, multi = 0;
  for (const AckInfo& a : n.cc->acks) {
    ece += a.ece;
    multi += a.acked_bytes > kMtu;
  }
  EXPECT_GT(multi, 0u);   // delayed ACKs covered several packets (n > 1)
  EXPECT_GT(ece, 50u);    // and the CE frames came back as ECE ACKs
  EXPECT_LT(n.cc->acks.size(), 600u);
  models::ldcp::LdcpReference r = n.reference(p);
  double bound = 0;
  for (const AckInfo& a : n.cc->acks) {
    const double before = r.cw;
    r.on_ack(double(a.acked_bytes), double(a.cum_bytes_acked), a.ece, a.unit_flag_echo, (a.rtt_ps + 500) / 1000);
    if (!a.ece && before >= 1) bound += (r.cw - before) * std::ldexp(1.0, -17) + std::ldexp(1.0, -21);
  }
  EXPECT_LT(r.cw, 32.0);  // one mark in seven with beta = 1/4 pulls cw below its start
  EXPECT_NEAR(std::ldexp(double(n.cc->unit().state(0).cw), -20), r.cw, bound + 1e-12);
}

}  // namespace
}  // namespace ccf::nic
