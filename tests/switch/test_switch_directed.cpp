// Directed tests of the switch RTL, one feature each. Every test runs the RTL in lock step with the
// reference model (the scoreboard must stay clean) and checks the feature against the formula of
// docs/switch.md 2 computed here independently.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "Vsw_top_small.h"
#include "switch_test_util.hpp"
#include "tb/switch/harness.hpp"

namespace ccf::test {
namespace {

using H = tb::Harness<Vsw_top_small>;
constexpr uint8_t kLossless = 3, kLossy = 0;
constexpr uint8_t kNotEct = 0, kEct0 = 2, kCe = 3;

void expect_clean(H& h) {
  for (const auto& e : h.sb().errors()) ADD_FAILURE() << e;
  h.sb().check_conservation();
  h.sb().check_counters();
  for (const auto& e : h.sb().errors()) ADD_FAILURE() << e;
}

// Sends `n` one-cell frames from port 0 to port 1 and lets the switch process them.
void send_cells(H& h, unsigned n, uint8_t prio, uint8_t ecn = kEct0, unsigned in_port = 0, uint16_t dst = 1) {
  for (unsigned i = 0; i < n; ++i) h.send(in_port, 256, prio, dst, ecn);
  h.settle();
}

size_t pfc_frames(const H& h, unsigned port) {
  size_t n = 0;
  for (const auto& f : h.pfc_log) n += f.port == port;
  return n;
}

TEST(SwitchPfc, PausesExactlyWhenIngressReachesStaticThreshold) {
  H h(small_params(), small_config());
  // XOFF when shared(p,c) = u - R >= 20, i.e. at the 22nd one-cell frame (R = 2).
  send_cells(h, 21, kLossless);
  EXPECT_EQ(pfc_frames(h, 0), 0u);
  send_cells(h, 1, kLossless);
  ASSERT_EQ(pfc_frames(h, 0), 1u);
  const auto& f = h.pfc_log.back().frame;
  EXPECT_EQ(f.class_en, 1u << kLossless);
  EXPECT_EQ(f.time_quanta[kLossless], 0xFFFF);
  expect_clean(h);
}

TEST(SwitchPfc, ResumesWhenSharedUseFallsByTheResumeOffset) {
  H h(small_params(), small_config());
  send_cells(h, 22, kLossless);
  ASSERT_EQ(pfc_frames(h, 0), 1u);
  // XON when h == 0 and shared + 4 <= 20: after 4 of the 22 frames have left.
  h.set_ready(1, true);
  h.settle();
  ASSERT_EQ(pfc_frames(h, 0), 2u);
  const auto& resume = h.pfc_log.back();
  EXPECT_EQ(resume.frame.class_en, 1u << kLossless);
  EXPECT_EQ(resume.frame.time_quanta[kLossless], 0);
  size_t before = 0;
  for (const auto& e : h.egress_log) before += e.cycle < resume.cycle;
  EXPECT_EQ(before, 4u);
  expect_clean(h);
}

// Smallest n such that shared(n) >= beta * (POOL - shared(n)) / 8, one flow alone (2.4, 2.6).
unsigned dynamic_crossing(unsigned pool, unsigned reserve, int beta_log2) {
  for (unsigned n = 1;; ++n) {
    const unsigned shared = n > reserve ? n - reserve : 0;
    const double thr = std::floor(std::ldexp(double(pool - shared), beta_log2) / 8.0);
    if (shared >= thr) return n;
  }
}

TEST(SwitchPfc, DynamicThresholdFollowsFreeSharedBuffer) {
  for (int beta_log2 : {-2, 0, 1, 3}) {
    sw::SwitchConfig cfg = small_config();
    cfg.pfc_dynamic = true;
    cfg.pfc_beta_log2 = beta_log2;
    const unsigned n = dynamic_crossing(cfg.shared_pool_cells, cfg.reserve_cells, beta_log2);
    ASSERT_LT(n + 1, cfg.shared_pool_cells) << "beta_log2=" << beta_log2;
    H h(small_params(), cfg);
    send_cells(h, n - 1, kLossless);
    EXPECT_EQ(pfc_frames(h, 0), 0u) << "beta_log2=" << beta_log2 << " n=" << n;
    send_cells(h, 1, kLossless);
    EXPECT_EQ(pfc_frames(h, 0), 1u) << "beta_log2=" << beta_log2 << " n=" << n;
    expect_clean(h);
  }
}

TEST(SwitchPfc, HeadroomAbsorbsArrivalsAfterXoffThenOverflowsWithItsOwnReason) {
  H h(small_params(), small_config());
  send_cells(h, 22 + 16, kLossless);  // XOFF at 22, then exactly the 16 headroom cells
  EXPECT_TRUE(h.drop_log.empty());
  send_cells(h, 1, kLossless);
  ASSERT_EQ(h.drop_log.size(), 1u);
  EXPECT_EQ(h.drop_log[0].d.reason, sw::DropReason::kHeadroomOverflow);
  expect_clean(h);
}

TEST(SwitchPfc, ReceivedPauseStopsEgressForExactlyQuantaTimes512BitTimes) {
  for (uint32_t quantum_cycles : {8u, 20u}) {  // 100G and 40G at 1.5625 GHz
    sw::SwitchConfig cfg = small_config();
    for (auto& p : cfg.ports) p.quantum_cycles = quantum_cycles;
    H h(small_params(), cfg);
    send_cells(h, 1, kLossless);
    sw::PfcFrame pause;
    pause.class_en = 1u << kLossless;
    pause.time_quanta[kLossless] = 7;
    h.pfc_in(1, pause);
    const uint64_t t0 = h.cycle();
    h.tick();
    h.set_ready(1, true);
    h.run(7 * quantum_cycles + 20);  // the switch is idle while paused: run past the deadline
    ASSERT_EQ(h.egress_log.size(), 1u);
    // Blocked for the 7 x quantum_cycles cycles after the one the PFC frame arrived in.
    EXPECT_EQ(h.egress_log[0].cycle, t0 + 1 + 7 * quantum_cycles);
    // The RTL's paused-cycle counter equals the model's (check_counters); both must equal the pause.
    EXPECT_EQ(h.sb().model().paused_cycles(1, kLossless, h.cycle()), 7 * quantum_cycles);
    expect_clean(h);
  }
}

TEST(SwitchPfc, ResumeFrameLiftsPauseAtOnce) {
  H h(small_params(), small_config());
  send_cells(h, 1, kLossless);
  sw::PfcFrame pause;
  pause.class_en = 1u << kLossless;
  pause.time_quanta[kLossless] = 60000;
  h.pfc_in(1, pause);
  h.tick();
  h.set_ready(1, true);
  h.run(100);
  EXPECT_TRUE(h.egress_log.empty());
  sw::PfcFrame resume;
  resume.class_en = 1u << kLossless;
  h.pfc_in(1, resume);
  const uint64_t t1 = h.cycle();
  h.settle();
  ASSERT_EQ(h.egress_log.size(), 1u);
  EXPECT_EQ(h.egress_log[0].cycle, t1 + 1);  // the resume takes effect at the edge of its cycle
  expect_clean(h);
}

TEST(SwitchPfc, HeldPauseIsRefreshedEveryRefreshInterval) {
  sw::SwitchConfig cfg = small_config();
  cfg.pause_quanta = 100;
  for (auto& p : cfg.ports) p.pfc_refresh_cycles = 400;  // half of 100 quanta x 8 cycles
  H h(small_params(), cfg);
  send_cells(h, 22, kLossless);
  h.run(2000);
  ASSERT_GE(pfc_frames(h, 0), 5u);
  for (size_t i = 1; i < h.pfc_log.size(); ++i) {
    EXPECT_EQ(h.pfc_log[i].cycle - h.pfc_log[i - 1].cycle, 400u);
    EXPECT_EQ(h.pfc_log[i].frame.time_quanta[kLossless], 100);
  }
  expect_clean(h);
}

TEST(SwitchScheduler, StrictPriorityServesHighestFirstAndSkipsPausedPriority) {
  H h(small_params(), small_config());
  for (uint8_t prio : {1, 5, 3, 5, 1, 3}) h.send(0, 256, prio, 1);
  h.settle();
  sw::PfcFrame pause;
  pause.class_en = 1u << 5;
  pause.time_quanta[5] = 10;  // 80 cycles
  h.pfc_in(1, pause);
  h.tick();
  h.set_ready(1, true);
  h.run(200);  // past the pause
  ASSERT_EQ(h.egress_log.size(), 6u);
  const uint8_t want[] = {3, 3, 1, 1, 5, 5};  // 5 is paused while 3 and 1 drain
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(h.egress_log[i].e.prio, want[i]) << "position " << i;
  expect_clean(h);
}

TEST(SwitchScheduler, DwrrSharesBytesInProportionToQuanta) {
  sw::SwitchConfig cfg = small_config();
  cfg.lossless_mask = 0;
  cfg.reserve_cells = 0;
  cfg.shared_pool_cells = 256;
  cfg.lossy_beta_log2 = 6;
  cfg.dwrr_group_mask = 0x07;
  // Frames of at most one cell, so that 240 of them fit; quanta of 1, 2 and 4 largest frames.
  const unsigned max_len = 256;
  const uint32_t quantum[3] = {max_len, 2 * max_len, 4 * max_len};
  for (unsigned c = 0; c < 3; ++c) cfg.queue(1, c).dwrr_quantum_bytes = quantum[c];
  H h(small_params(), cfg);
  const uint64_t seed = test_seed(7);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  for (unsigned i = 0; i < 80; ++i)
    for (uint8_t c = 0; c < 3; ++c) h.send(c, static_cast<uint16_t>(64 + rng() % (max_len - 63)), c, 1);
  h.settle();
  ASSERT_TRUE(h.drop_log.empty());
  h.set_ready(1, true);
  h.settle();
  ASSERT_EQ(h.egress_log.size(), 240u);
  // Bytes per priority while all three were backlogged: until the first queue ran empty.
  std::array<uint64_t, 3> bytes{}, left{};
  for (const auto& e : h.egress_log) ++left[e.e.prio];
  for (const auto& e : h.egress_log) {
    if (left[0] == 0 || left[1] == 0 || left[2] == 0) break;
    bytes[e.e.prio] += e.e.len_bytes;
    --left[e.e.prio];
  }
  const double total = double(bytes[0] + bytes[1] + bytes[2]);
  ASSERT_GT(total, 15000.0);
  for (unsigned c = 0; c < 3; ++c) {
    const double want = double(quantum[c]) / (quantum[0] + quantum[1] + quantum[2]);
    // DWRR keeps each queue within one largest frame of its share of a round (deficit carried).
    EXPECT_NEAR(bytes[c] / total, want, 2.0 * max_len / total) << "priority " << c;
  }
  expect_clean(h);
}

TEST(SwitchForwarding, EcmpPicksMemberByHashTimesSizeShiftedBy16) {
  sw::SwitchConfig cfg = small_config();
  cfg.ecmp[2].size = 3;
  cfg.ecmp[2].members = {0, 2, 3};
  cfg.fwd[9] = {true, true, 2};
  H h(small_params(), cfg);
  const uint16_t hashes[] = {0, 21845, 21846, 43690, 43691, 65535};
  for (uint16_t hs : hashes) h.send(1, 256, kLossy, 9, kEct0, hs);
  h.settle();
  for (unsigned p = 0; p < 4; ++p) h.set_ready(p, true);
  h.settle();
  ASSERT_EQ(h.egress_log.size(), 6u);
  std::map<uint32_t, unsigned> port_of;
  for (const auto& e : h.egress_log) port_of[e.e.tag] = e.e.port;
  for (unsigned i = 0; i < 6; ++i) {
    const unsigned k = (unsigned(hashes[i]) * 3) >> 16;
    EXPECT_EQ(port_of[i + 1], cfg.ecmp[2].members[k]) << "hash " << hashes[i];
  }
  expect_clean(h);
}

TEST(SwitchForwarding, SixteenMemberGroupReachesEachMemberAtBothEndsOfItsHashRange) {
  // Member k = (hash * 16) >> 16 takes the hashes k * 4096 .. k * 4096 + 4095 (2.3). Four ports name
  // sixteen members in two runs: member k on port k % 4, then on port k / 4.
  for (const bool by_quotient : {false, true}) {
    sw::SwitchConfig cfg = small_config();
    cfg.ecmp[5].size = 16;
    for (unsigned k = 0; k < 16; ++k) cfg.ecmp[5].members[k] = static_cast<uint8_t>(by_quotient ? k / 4 : k % 4);
    cfg.fwd[11] = {true, true, 5};
    H h(small_params(), cfg);
    for (unsigned p = 0; p < 4; ++p) h.set_ready(p, true);
    std::vector<uint16_t> hashes;
    for (unsigned k = 0; k < 16; ++k)
      for (const unsigned low : {0u, 4095u}) hashes.push_back(static_cast<uint16_t>(k * 4096 + low));
    for (const uint16_t hs : hashes) h.send(1, 256, kLossy, 11, kEct0, hs);
    h.settle();
    ASSERT_EQ(h.egress_log.size(), hashes.size());
    std::map<uint32_t, unsigned> port_of;
    for (const auto& e : h.egress_log) port_of[e.e.tag] = e.e.port;
    for (unsigned i = 0; i < hashes.size(); ++i) {
      const unsigned k = (unsigned(hashes[i]) * 16) >> 16;
      EXPECT_EQ(k, i / 2);
      EXPECT_EQ(port_of[i + 1], by_quotient ? k / 4 : k % 4) << "hash " << hashes[i];
    }
    expect_clean(h);
  }
}

TEST(SwitchAdmission, UnroutedDestinationIsDroppedAndCounted) {
  sw::SwitchConfig cfg = small_config();
  cfg.fwd[7] = {};
  H h(small_params(), cfg);
  h.send(2, 300, kLossy, 7);
  h.settle();
  ASSERT_EQ(h.drop_log.size(), 1u);
  EXPECT_EQ(h.drop_log[0].d.reason, sw::DropReason::kNoRoute);
  EXPECT_EQ(h.drop_log[0].d.port, 2u);
  expect_clean(h);
}

TEST(SwitchAdmission, LossyTailDropAtDynamicEgressThreshold) {
  sw::SwitchConfig cfg = small_config();
  cfg.reserve_cells = 0;
  cfg.lossy_beta_log2 = 1;  // threshold = (POOL - S) / 4
  H h(small_params(), cfg);
  // Frame k (1-cell) is admitted iff qc + 1 <= (POOL - S) >> 2 with qc = S = admitted so far.
  unsigned admitted = 0;
  while (admitted + 1 <= ((cfg.shared_pool_cells - admitted) >> 2)) ++admitted;
  send_cells(h, admitted + 3, kLossy);
  ASSERT_EQ(h.drop_log.size(), 3u);
  for (const auto& d : h.drop_log) EXPECT_EQ(d.d.reason, sw::DropReason::kLossyTail);
  EXPECT_EQ(h.drop_log[0].d.tag, admitted + 1);
  expect_clean(h);
}

TEST(SwitchAdmission, MisconfiguredPoolEndsInBufferFullDrops) {
  sw::SwitchConfig cfg = small_config();
  cfg.reserve_cells = 0;
  cfg.shared_pool_cells = 100000;  // larger than the 256-cell buffer
  cfg.lossless_mask = 0;
  H h(small_params(), cfg);
  send_cells(h, 16, kLossy, kEct0, 0, 1);
  for (unsigned i = 0; i < 6; ++i) h.send(1, 16383, kLossy, 2);  // 64 cells each
  h.settle();
  ASSERT_FALSE(h.drop_log.empty());
  EXPECT_EQ(h.drop_log[0].d.reason, sw::DropReason::kBufferFull);
  expect_clean(h);
}

TEST(SwitchWred, DropsNotEctOnlyAtOrAboveK) {
  sw::SwitchConfig cfg = small_config();
  cfg.queue(1, kLossy).wred_en = true;
  cfg.queue(1, kLossy).wred_k_bytes = 10 * 256;
  H h(small_params(), cfg);
  send_cells(h, 10, kLossy, kNotEct);  // q = 0 .. 2304 < K: admitted
  EXPECT_TRUE(h.drop_log.empty());
  for (uint8_t ecn : {kNotEct, uint8_t{1}, kEct0, kCe, kNotEct}) h.send(0, 256, kLossy, 1, ecn);
  h.settle();
  ASSERT_EQ(h.drop_log.size(), 2u);
  for (const auto& d : h.drop_log) EXPECT_EQ(d.d.reason, sw::DropReason::kWred);
  EXPECT_EQ(h.drop_log[0].d.tag, 11u);
  EXPECT_EQ(h.drop_log[1].d.tag, 15u);
  expect_clean(h);
}

// Holds queue (1,0) at `depth` one-cell frames and sends `n` ECT(0) frames, each joining at that
// depth; returns how many left marked CE.
uint64_t marks_at_depth(H& h, unsigned depth, unsigned n) {
  send_cells(h, depth, kLossy, kNotEct);
  uint64_t marked = 0;
  const size_t first = h.egress_log.size();
  for (unsigned i = 0; i < n; ++i) {
    h.send(0, 256, kLossy, 1, kEct0);
    h.tick();  // accepted
    h.tick();  // processed at queue length `depth`
    h.set_ready(1, true);
    h.tick();  // one frame leaves
    h.set_ready(1, false);
  }
  h.set_ready(1, true);
  h.settle();
  h.set_ready(1, false);
  for (size_t i = first; i < h.egress_log.size(); ++i) marked += h.egress_log[i].e.ecn == kCe;
  return marked;
}

TEST(SwitchEcn, RedMarkingFollowsTheCurveOver100kFramesPerDepth) {
  sw::SwitchConfig cfg = small_config();
  cfg.reserve_cells = 0;
  sw::QueueConfig& q = cfg.queue(1, kLossy);
  q.ecn_en = true;
  q.kmin_bytes = 2560;
  q.kmax_bytes = 12800;
  q.pmax_65536 = 32768;  // Pmax = 0.5
  cfg.lfsr_seed = static_cast<uint32_t>(test_seed(0xC0FFEE));
  std::printf("seed=%u\n", cfg.lfsr_seed);
  for (unsigned depth : {10u, 12u, 30u, 45u, 60u}) {
    H h(small_params(), cfg);
    const unsigned n = 100000;
    const uint64_t marked = marks_at_depth(h, depth, n);
    const double qlen = depth * 256.0;
    // DCQCN paper, Figure 5: p = 0 at q <= Kmin, Pmax (q - Kmin)/(Kmax - Kmin) up to Kmax, 1 above.
    const double p = qlen <= q.kmin_bytes ? 0.0 : qlen > q.kmax_bytes ? 1.0
                   : 0.5 * (qlen - q.kmin_bytes) / (q.kmax_bytes - q.kmin_bytes);
    const double sigma = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(double(marked), n * p, 5 * sigma + 2) << "depth " << qlen << " B, p = " << p;
    for (const auto& e : h.sb().errors()) ADD_FAILURE() << e;
  }
}

TEST(SwitchEcn, MarkingAtDequeueUsesTheQueueBehindTheFrame) {
  sw::SwitchConfig cfg = small_config();
  cfg.mark_at_dequeue = true;
  sw::QueueConfig& q = cfg.queue(1, kLossy);
  q.ecn_en = true;
  q.kmin_bytes = 0;
  q.kmax_bytes = 256 * 4;  // marked for sure while more than 4 frames stay behind
  q.pmax_65536 = 0;
  H h(small_params(), cfg);
  send_cells(h, 10, kLossy, kEct0);
  h.set_ready(1, true);
  h.settle();
  ASSERT_EQ(h.egress_log.size(), 10u);
  // The i-th frame leaves 9 - i frames (256 B each) behind: CE iff (9 - i) * 256 > 1024.
  for (unsigned i = 0; i < 10; ++i) EXPECT_EQ(h.egress_log[i].e.ecn == kCe, (9 - i) * 256 > 1024) << i;
  expect_clean(h);
}

}  // namespace
}  // namespace ccf::test
