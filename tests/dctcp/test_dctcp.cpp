// test_dctcp.cpp: the DCTCP example (hls/dctcp, sc/nic/dctcp_unit) against RFC 8257's equations
// (section 3.3: alpha <- (1 - g) alpha + g M once per window, cwnd <- cwnd (1 - alpha/2) once per
// window; section 3.5: a loss as TCP) and against the double-precision reference (models/dctcp).
// The random test prints seed=...; CCF_SEED=<n> replays one seed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "hls/dctcp/dctcp_kernel.hpp"
#include "models/dctcp/dctcp_reference.hpp"
#include "sc/nic/dctcp_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::hls::dctcp {
namespace {

constexpr uint32_t kMtu = 1024;

TEST(DctcpKernel, FirstEceOfAWindowCutsByHalfAlphaOnlyOnce) {
  const Kernel k(Params{}, kMtu);
  State s = k.init();  // cwnd 64, alpha = 1
  k.on_ack(s, kMtu, true);
  EXPECT_EQ(k.cwnd_packets(s), 32.0);  // 64 (1 - 1/2)
  k.on_ack(s, kMtu, true);
  EXPECT_EQ(k.cwnd_packets(s), 32.0);  // the same window: no second cut
  EXPECT_TRUE(s.cut);
}

TEST(DctcpKernel, AWindowWithoutMarksGrowsByOnePacketAtItsEnd) {
  const Kernel k(Params{}, kMtu);
  State s = k.init();
  for (int i = 0; i < 63; ++i) k.on_ack(s, kMtu, false);
  EXPECT_EQ(k.cwnd_packets(s), 64.0);  // 63 of the window's 64 packets acknowledged
  k.on_ack(s, kMtu, false);
  EXPECT_EQ(k.cwnd_packets(s), 65.0);
  EXPECT_EQ(s.window, 65 * kMtu);      // the next window is the new cwnd
  EXPECT_EQ(s.acked, 0u);
}

TEST(DctcpKernel, AlphaFollowsTheMovingAverageOfTheMarkedFraction) {
  // Windows with a quarter of their bytes marked: alpha_n = (1 - g)^n + (1 - (1 - g)^n) / 4.
  Params p;
  p.min_cwnd = p.max_cwnd = p.init_cwnd = 16;  // a constant window: 16 ACKs per window
  const Kernel k(p, kMtu);
  State s = k.init();
  const double g = 1.0 / 16;
  for (int n = 1; n <= 40; ++n) {
    for (int i = 0; i < 16; ++i) k.on_ack(s, kMtu, i % 4 == 0);
    const double expected = std::pow(1 - g, n) + (1 - std::pow(1 - g, n)) * 0.25;
    EXPECT_NEAR(k.alpha(s), expected, n * 2.0 / 1024) << "window " << n;  // <= 2 LSBs of truncation per window
  }
}

TEST(DctcpKernel, NakHalvesTimeoutResetsAndTheFloorHolds) {
  Params p;
  p.min_cwnd = 4;
  const Kernel k(p, kMtu);
  State s = k.init();
  k.on_nack(s);
  EXPECT_EQ(k.cwnd_packets(s), 32.0);
  k.on_ack(s, kMtu, true);  // the NAK's window has reacted already
  EXPECT_EQ(k.cwnd_packets(s), 32.0);
  k.on_timeout(s);
  EXPECT_EQ(k.cwnd_packets(s), 4.0);
  EXPECT_EQ(s.window, 4 * kMtu);
  k.on_nack(s);
  EXPECT_EQ(k.cwnd_packets(s), 4.0);
}

TEST(DctcpKernel, BadParametersNameTheKeyAndTheRule) {
  Params p;
  p.init_cwnd = 0.5;
  EXPECT_EQ(params_error(p, kMtu).rfind("init_cwnd = ", 0), 0u) << params_error(p, kMtu);
  p = Params{};
  p.widths.alpha = 1;
  EXPECT_EQ(params_error(p, kMtu), "widths.alpha = 1 must be from 2 to 10 bits");
  p = Params{};
  p.g_shift = 11;
  EXPECT_EQ(params_error(p, kMtu), "g_shift = 11 must be from 1 to widths.alpha = 10");
  EXPECT_THROW(nic::DctcpUnit(p, kMtu), std::invalid_argument);
}

// Every rule of params_error at its bounds: one step outside a bound is rejected naming the key, the
// bound itself is accepted.
TEST(DctcpKernel, EveryRuleRejectsValuesPastItsBoundsAndAcceptsTheBounds) {
  struct Case {
    const char* head;  // nullptr: accepted
    void (*set)(Params&);
  };
  const std::vector<Case> cases = {
      {"g_shift = 0 must be", [](Params& p) { p.g_shift = 0; }},
      {nullptr, [](Params& p) { p.g_shift = 1; }},
      {nullptr, [](Params& p) { p.g_shift = p.widths.alpha; }},
      {"min_cwnd = ", [](Params& p) { p.min_cwnd = 0.99; }},
      {"min_cwnd = ", [](Params& p) { p.min_cwnd = std::nan(""); }},
      {nullptr, [](Params& p) { p.min_cwnd = p.init_cwnd = p.max_cwnd; }},
      {"min_cwnd = ", [](Params& p) { p.min_cwnd = p.max_cwnd + 1; }},
      {nullptr, [](Params& p) { p.max_cwnd = double(ones(CWND_INT_W)); }},
      {"max_cwnd = ", [](Params& p) { p.max_cwnd = double(ones(CWND_INT_W)) + 1; }},
      {"max_cwnd = ", [](Params& p) { p.max_cwnd = 64, p.widths.cwnd_int = 6; }},  // 2^6 - 1 = 63 packets
      {"min_cwnd = ", [](Params& p) { p.max_cwnd = std::nan(""); }},               // min_cwnd <= max_cwnd fails first
      {nullptr, [](Params& p) { p.init_cwnd = p.min_cwnd; }},
      {"init_cwnd = ", [](Params& p) { p.init_cwnd = p.max_cwnd + 1; }},
      {"init_cwnd = ", [](Params& p) { p.init_cwnd = std::nan(""); }},
  };
  for (const Case& c : cases) {
    Params p;
    c.set(p);
    const std::string e = params_error(p, kMtu);
    if (c.head == nullptr) {
      EXPECT_EQ(e, "");
      continue;
    }
    EXPECT_EQ(e.rfind(c.head, 0), 0u) << "got: " << e << "\nwant prefix: " << c.head;
  }
  // Each width knob one bit below its least and one above its shipped width.
  unsigned Widths::*const field[] = {&Widths::cwnd_int, &Widths::cwnd_frac, &Widths::alpha, &Widths::bytes};
  static_assert(std::size(field) == kWidthKnobs.size());
  for (size_t i = 0; i < kWidthKnobs.size(); ++i) {
    const std::string head = std::string("widths.") + kWidthKnobs[i].name + " = ";
    for (const unsigned bits : {kWidthKnobs[i].min - 1, kWidthKnobs[i].shipped + 1}) {
      Params p;
      p.widths.*field[i] = bits;
      EXPECT_EQ(params_error(p, kMtu).rfind(head, 0), 0u) << "got: " << params_error(p, kMtu);
    }
  }
  // The byte counters hold one frame's payload.
  Params p;
  p.widths.bytes = 12;
  EXPECT_EQ(params_error(p, 4095), "");
  EXPECT_EQ(params_error(p, 4096), "widths.bytes = 12 must hold one frame's payload (4096 B)");
}

uint64_t test_seed(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}

int direction(double before, double after) { return after < before ? -1 : after > before ? 1 : 0; }

// A random stream of ACKs (CE echoes in bursts), NAKs and timeouts. Before each event the reference
// takes the kernel's state; after it, cwnd moved the same way on both sides and differs by less than
// the kernel's truncation: one cwnd LSB (2^-8 packet) for a cut, none otherwise, so at most 2^-8 of
// cwnd >= 1 packet. Only a cut that truncates to zero (alpha below 2^-11 x 2^8 / cwnd) may leave
// the kernel's cwnd unchanged where the reference's falls.
TEST(DctcpKernel, RandomStreamsFollowTheReference) {
  const uint64_t seed = test_seed(20261126);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  const Params p;
  const Kernel k(p, kMtu);
  const models::dctcp::Reference ref({1.0 / 16, p.init_cwnd, p.min_cwnd, p.max_cwnd, kMtu});
  State s = k.init();
  double worst = 0;
  int zero_cuts = 0, cuts = 0;
  bool marking = false;
  for (int i = 0; i < 200'000; ++i) {
    const double x = std::uniform_real_distribution<double>(0, 1)(rng);
    if (x < 0.01) marking = !marking;
    models::dctcp::Flow r{k.cwnd_packets(s), k.alpha(s), double(s.acked), double(s.marked), double(s.window), s.cut};
    const double before = r.cwnd;
    const bool cuts_here = x >= 0.002 && marking && !s.cut;  // an ACK with ECE in a window not cut yet
    if (x < 0.0005) {
      k.on_timeout(s), ref.on_timeout(r);
    } else if (x < 0.002) {
      k.on_nack(s), ref.on_nack(r);
    } else {
      k.on_ack(s, kMtu, marking), ref.on_ack(r, kMtu, marking);
    }
    cuts += cuts_here;
    if (cuts_here && k.cwnd_packets(s) == before && r.cwnd < before) {
      ++zero_cuts;
      continue;
    }
    ASSERT_EQ(direction(before, k.cwnd_packets(s)), direction(before, r.cwnd)) << "event " << i << " seed " << seed;
    ASSERT_EQ(s.cut, r.cut) << "event " << i << " seed " << seed;
    worst = std::max(worst, std::abs(k.cwnd_packets(s) - r.cwnd) / r.cwnd);
    EXPECT_NEAR(k.alpha(s), r.alpha, 2.0 / 1024) << "event " << i << " seed " << seed;
  }
  EXPECT_LE(worst, 1.0 / 256) << "seed " << seed;
  EXPECT_LT(zero_cuts, cuts / 100 + 1) << "seed " << seed;
  std::printf("worst relative cwnd error %.3g; %d of %d cuts truncated to zero\n", worst, zero_cuts, cuts);
}

TEST(DctcpUnit, WindowIsCwndTimesMtuAndTheCostIsDeclared) {
  nic::DctcpUnit u(Params{}, kMtu);
  u.init_flow(3, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u.window_bytes(3), 64.0 * kMtu);
  nic::AckInfo a;
  a.acked_bytes = kMtu;
  a.ece = true;
  u.on_ack(3, a, sc_core::sc_time(1, sc_core::SC_US));
  EXPECT_EQ(u.state(3).cwnd, 32u << CWND_FRAC_W);
  EXPECT_EQ(u.busy_cycles(), 1u);
  EXPECT_EQ(u.cost().state_bits_per_flow, 108u);  // 16 + 8 + 11 + 3 x 24 + 1
  EXPECT_EQ(u.state_values(3).size(), 6u);
}

// The TX scheduler sees a cut window kCost.latency_cycles (28 ns at 1 GHz) after the ACK, not before.
TEST(DctcpUnit, ACutIsVisibleAfterExactlyThePipelineLatency) {
  using sc_core::SC_NS;
  using sc_core::SC_US;
  nic::DctcpUnit u(Params{}, kMtu);
  u.init_flow(0, sc_core::sc_time_stamp());
  sc_core::sc_start(sc_core::sc_time(1, SC_US));
  nic::AckInfo a;
  a.acked_bytes = kMtu;
  a.ece = true;
  u.on_ack(0, a, sc_core::sc_time_stamp());
  sc_core::sc_start(sc_core::sc_time(27, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 64.0 * kMtu);  // 27 cycles: not yet visible
  sc_core::sc_start(sc_core::sc_time(1, SC_NS));
  EXPECT_EQ(u.window_bytes(0), 32.0 * kMtu);  // the 28th: 64 (1 - 1/2)
}

}  // namespace
}  // namespace ccf::hls::dctcp
