// test_swift_kernel.cpp: the Swift kernel (hls/swift) against Algorithm 1 and the target-delay formula
// (the Swift paper, sections 3.1-3.5; htsim's parameter values) and against the double-precision reference (models/swift).
// One behaviour per test. Directed tests compute the expected value from the paper's equation in the
// test; random tests replay seeded event sequences through kernel and reference and bound the
// difference (bounds derived in docs/units/swift.md section 5). Random tests print seed=...;
// CCF_SEED=<n> replays one seed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <tuple>
#include <string>
#include <vector>

#include "hls/swift/swift_kernel.hpp"
#include "models/swift/kernel_params.hpp"
#include "models/swift/swift_reference.hpp"

namespace ccf::hls::swift {
namespace {

namespace ref = ccf::models::swift;

constexpr uint32_t kMtu = 1000;
constexpr double kLsb = 1.0 / kCwndOne;  // one window LSB in packets

double pk(uint32_t q20) { return q20 * kLsb; }
uint32_t q20(double packets) { return static_cast<uint32_t>(std::llround(packets * kCwndOne)); }
double ns_of_q8(uint64_t v) { return v / 256.0; }

uint64_t test_seed(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}
bool seed_pinned() { return std::getenv("CCF_SEED") != nullptr; }

// The Swift paper, section 3.5, computed here from the formula (not from the kernel).
double spec_target_ns(const Params& p, double fcwnd, int hops) {
  const double alpha = p.fs_range_us * 1000 / (1 / std::sqrt(p.fs_min_cwnd) - 1 / std::sqrt(p.fs_max_cwnd));
  const double beta = -alpha / std::sqrt(p.fs_max_cwnd);
  return p.base_target_us * 1000 + hops * p.per_hop_us * 1000 +
         std::max(0.0, std::min(alpha / std::sqrt(fcwnd) + beta, p.fs_range_us * 1000));
}

// A flow with both windows set, one RTT sample of rtt_ns and a settled endpoint EWMA of 0.
State flow_with(const Regs& r, double fcwnd, double ecwnd, uint32_t now_ns = 1'000'000) {
  State s = swift_initial_state(r, 0);
  s.fcwnd = q20(fcwnd);
  s.ecwnd = q20(ecwnd);
  s.t_last_decrease_f_ns = s.t_last_decrease_e_ns = now_ns - 500'000;  // long ago: decrease allowed
  s.endpoint_valid = true;
  s.endpoint_delay_q8 = 0;
  return s;
}

AckIn ack(uint32_t now_ns, uint64_t rtt_ns, uint64_t remote_ns = 0, uint64_t bytes = kMtu, uint32_t hops = 0) {
  AckIn a;
  a.now_ns = now_ns;
  a.rtt_ns = rtt_ns;
  a.remote_queuing_ns = remote_ns;
  a.acked_bytes = bytes;
  a.hops = hops;
  return a;
}

// ---------------------------------------------------------------------------------------------
// Algorithm 1, on ACK (lines 4-14)

TEST(SwiftKernel, AdditiveIncreaseAtOrAboveOnePacketAddsAiOverCwndTimesNumAcked) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 10, 4000);
  const Out o = on_ack(s, r, ack(1'000'000, 5'000, 0, 2 * kMtu));  // 5 us << 20 us target
  EXPECT_EQ(o.fabric, WindowAction::kAdditiveIncrease);
  EXPECT_NEAR(pk(s.fcwnd), 10 + p.ai / 10 * 2, 10 * std::ldexp(1.0, -16));
}

TEST(SwiftKernel, AdditiveIncreaseBelowOnePacketAddsAiTimesNumAcked) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 0.25, 4000);
  on_ack(s, r, ack(1'000'000, 5'000, 0, kMtu / 2));  // num_acked = 0.5
  EXPECT_NEAR(pk(s.fcwnd), 0.25 + p.ai * 0.5, 4 * kLsb);
}

TEST(SwiftKernel, AckAboveTargetCutsByBetaTimesRelativeExcess) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 50, 4000);
  const double target = spec_target_ns(p, 50, 0);
  const auto delay = static_cast<uint64_t>(std::llround(target * 1.25));
  const Out o = on_ack(s, r, ack(1'000'000, delay));
  EXPECT_EQ(o.fabric, WindowAction::kMultiplicativeDecrease);
  const double factor = 1 - p.beta * (delay - target) / double(delay);  // line 13
  EXPECT_NEAR(pk(s.fcwnd), 50 * factor, 50 * std::ldexp(1.0, -14));
  EXPECT_EQ(o.endpoint, WindowAction::kAdditiveIncrease);  // endpoint delay 0 < endpoint target
}

// Algorithm 1 line 5: "if delay < target_delay" increases; a delay equal to the target takes the
// decrease branch, whose factor (delay - target)/delay is then 0: the window keeps its value and
// t_last_decrease is stamped (line 27). One nanosecond below increases, one above cuts.
TEST(SwiftKernel, ADelayEqualToTheTargetIsNotBelowItForEitherWindow) {
  Params p;
  p.per_hop_us = 0;  // target = base_target exactly (fcwnd >= fs_max_cwnd: no flow-scaling term)
  const Regs r = swift_regs(p, kMtu);
  const auto target_ns = static_cast<uint64_t>(std::llround(p.base_target_us * 1000));
  ASSERT_EQ(fabric_target_q8(r, q20(200), 0), target_ns << 8);
  const uint32_t now = 1'000'000;
  for (const int64_t off : {-1, 0, 1}) {
    State s = flow_with(r, 200, 4000);  // the endpoint window sees no remote queuing: it increases
    const Out o = on_ack(s, r, ack(now, target_ns + off));
    EXPECT_EQ(o.fabric, off < 0 ? WindowAction::kAdditiveIncrease : WindowAction::kMultiplicativeDecrease) << "off=" << off;
    if (off == 0) {
      EXPECT_EQ(s.fcwnd, q20(200));
      EXPECT_EQ(s.t_last_decrease_f_ns, now);
    }
    if (off > 0) {
      EXPECT_LT(s.fcwnd, q20(200));
    }
  }
  // The endpoint window against the endpoint target: remote queuing delay equal to it (the EWMA
  // starts at the first sample).
  const auto ep_ns = static_cast<uint64_t>(std::llround(p.endpoint_target_us * 1000));
  for (const int64_t off : {-1, 0, 1}) {
    State s = flow_with(r, 4000, 200);
    s.endpoint_valid = false;
    const Out o = on_ack(s, r, ack(now, ep_ns + off + 1'000, ep_ns + off));
    EXPECT_EQ(o.endpoint, off < 0 ? WindowAction::kAdditiveIncrease : WindowAction::kMultiplicativeDecrease) << "off=" << off;
  }
}

TEST(SwiftKernel, OneCutIsAtMostMaxMdf) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 50, 4000);
  on_ack(s, r, ack(1'000'000, 10 * static_cast<uint64_t>(spec_target_ns(p, 50, 0))));
  // 1 - beta (delay - target)/delay = 1 - 0.8 * 0.9 = 0.28 < 1 - max_mdf = 0.5.
  EXPECT_NEAR(pk(s.fcwnd), 50 * (1 - p.max_mdf), 2 * kLsb);
}

// Algorithm 1 line 29: cwnd = min(fcwnd, ecwnd), whichever window is the smaller, and equal ones.
TEST(SwiftKernel, TheWindowIsTheSmallerOfTheFabricAndEndpointWindows) {
  const Regs r = swift_regs(Params{}, kMtu);
  for (const auto& [f, e] : {std::pair{2.0, 3.0}, std::pair{3.0, 2.0}, std::pair{2.5, 2.5}}) {
    const State s = flow_with(r, f, e);
    EXPECT_EQ(cwnd_of(s), q20(std::min(f, e))) << "fcwnd " << f << " ecwnd " << e;
  }
}

// Line 13 with beta = 1 and a delay 3 x 10^6 times the target: (delay - target)/delay is 1 within
// 2^-21, so the factor is clamped to 1 - max_mdf with every divider form, also where the reciprocal
// of the delay is up to 5.5 % high (the shift form at a mantissa of 1.5) and the quotient reaches 1.
TEST(SwiftKernel, ACutOfTheWholeWindowIsClampedToMaxMdfWithEveryDividerForm) {
  Params p;
  p.base_target_us = 0.001;  // target 1 ns: no hops, no flow-scaling term
  p.per_hop_us = 0;
  p.fs_range_us = 0;
  p.beta = 1;
  const uint64_t delay_ns = 3u << 20;  // 3.1 ms, mantissa 1.5
  const uint32_t now = 10'000'000;
  for (const Divider form : {Divider::kRecipTable, Divider::kRecipRom, Divider::kShift, Divider::kExact}) {
    p.divider = form;
    ASSERT_EQ(swift_params_error(p), "");
    const Regs r = swift_regs(p, kMtu);
    State s = flow_with(r, 50, 4000, now);
    s.t_last_decrease_f_ns = now - 4'000'000;  // more than one RTT ago
    const Out o = on_ack(s, r, ack(now, delay_ns));
    EXPECT_EQ(o.fabric, WindowAction::kMultiplicativeDecrease) << divider_name(form);
    EXPECT_NEAR(pk(s.fcwnd), 50 * (1 - p.max_mdf), 2 * kLsb) << divider_name(form);
  }
}

TEST(SwiftKernel, FabricWindowReactsToFabricDelayAndEndpointWindowToRemoteQueuing) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 20, 20);
  // RTT 300 us, of which 290 us remote queuing: fabric delay 10 us (below target), endpoint 290 us.
  const Out o = on_ack(s, r, ack(1'000'000, 300'000, 290'000));
  EXPECT_EQ(o.fabric_delay_ns, 10'000u);
  EXPECT_EQ(o.endpoint_delay_ns, 290'000u);
  EXPECT_EQ(o.fabric, WindowAction::kAdditiveIncrease);
  EXPECT_EQ(o.endpoint, WindowAction::kMultiplicativeDecrease);
  EXPECT_EQ(o.cwnd, s.ecwnd);  // cwnd = min(fcwnd, ecwnd)
  EXPECT_LT(pk(s.ecwnd), 20.0);
  EXPECT_GT(pk(s.fcwnd), 20.0);
}

TEST(SwiftKernel, EndpointDelayIsAnEwmaStartingAtTheFirstSample) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = swift_initial_state(r, 0);
  on_ack(s, r, ack(1'000, 50'000, 8'000));
  EXPECT_DOUBLE_EQ(ns_of_q8(s.endpoint_delay_q8), 8'000.0);
  on_ack(s, r, ack(2'000, 50'000, 2'000));
  const double g = p.endpoint_ewma_gain;
  EXPECT_NEAR(ns_of_q8(s.endpoint_delay_q8), (1 - g) * 8'000 + g * 2'000, 0.1);
}

TEST(SwiftKernel, AtMostOneDecreasePerRttAndExactlyOneRttAllowsTheNext) {
  Params p;
  p.decrease_stamp_on_equal = false;  // isolate line 3 from line 27's equality case
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 50, 4000);
  const uint64_t rtt = 200'000;  // far above target
  const uint32_t t0 = 1'000'000;
  EXPECT_EQ(on_ack(s, r, ack(t0, rtt)).fabric, WindowAction::kMultiplicativeDecrease);
  const uint32_t after_one = s.fcwnd;
  EXPECT_EQ(on_ack(s, r, ack(t0 + rtt - 1, rtt)).fabric, WindowAction::kNone);
  EXPECT_EQ(s.fcwnd, after_one);
  EXPECT_EQ(on_ack(s, r, ack(t0 + rtt, rtt)).fabric, WindowAction::kMultiplicativeDecrease);  // now - t >= rtt
}

TEST(SwiftKernel, Line27StampsTLastDecreaseWhenTheWindowDidNotGrow) {
  const uint64_t rtt = 200'000;
  const uint32_t t0 = 1'000'000;
  for (const bool on_equal : {true, false}) {
    Params p;
    p.decrease_stamp_on_equal = on_equal;
    const Regs r = swift_regs(p, kMtu);
    State s = flow_with(r, 50, 4000);
    on_ack(s, r, ack(t0, rtt));            // MD, t_last = t0
    on_ack(s, r, ack(t0 + rtt / 2, rtt));  // held: cwnd == cwnd_prev
    EXPECT_EQ(s.t_last_decrease_f_ns, on_equal ? t0 + rtt / 2 : t0) << "on_equal=" << on_equal;
    const Out o = on_ack(s, r, ack(t0 + rtt, rtt));
    EXPECT_EQ(o.fabric, on_equal ? WindowAction::kNone : WindowAction::kMultiplicativeDecrease);
  }
}

TEST(SwiftKernel, DecreaseTimingSurvivesTheWrapOfTheNanosecondCounter) {
  Params p;
  p.decrease_stamp_on_equal = false;  // the held ACK does not move t_last_decrease
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 50, 4000);
  const uint64_t rtt = 200'000;
  const uint32_t t0 = 0xFFFF'FFFFu - 50'000;  // wraps 50 us later
  on_ack(s, r, ack(t0, rtt));
  EXPECT_EQ(on_ack(s, r, ack(t0 + 100'000, rtt)).fabric, WindowAction::kNone);
  EXPECT_EQ(on_ack(s, r, ack(t0 + static_cast<uint32_t>(rtt), rtt)).fabric, WindowAction::kMultiplicativeDecrease);
}

TEST(SwiftKernel, AckClearsTheRetransmitCount) {
  const Regs r = swift_regs(Params{}, kMtu);
  State s = flow_with(r, 10, 10);
  on_retransmit_timeout(s, r, 1'000'000);
  on_retransmit_timeout(s, r, 2'000'000);
  EXPECT_EQ(s.retransmit_cnt, 2);
  on_ack(s, r, ack(3'000'000, 5'000));
  EXPECT_EQ(s.retransmit_cnt, 0);
}

// ---------------------------------------------------------------------------------------------
// Timeout and fast recovery (lines 15-25), clamp and pacing (26-32)

TEST(SwiftKernel, RetransmitTimeoutCutsBothWindowsByMaxMdfOncePerRtt) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 40, 30);
  s.rtt_ns = 100'000;
  const Out o = on_retransmit_timeout(s, r, 1'000'000);
  EXPECT_EQ(o.fabric, WindowAction::kMultiplicativeDecrease);
  EXPECT_EQ(o.endpoint, WindowAction::kMultiplicativeDecrease);
  EXPECT_NEAR(pk(s.fcwnd), 40 * (1 - p.max_mdf), 2 * kLsb);
  EXPECT_NEAR(pk(s.ecwnd), 30 * (1 - p.max_mdf), 2 * kLsb);
  EXPECT_EQ(s.retransmit_cnt, 1);
  const uint32_t f = s.fcwnd;
  EXPECT_EQ(on_retransmit_timeout(s, r, 1'050'000).fabric, WindowAction::kNone);  // within one RTT
  EXPECT_EQ(s.fcwnd, f);
}

TEST(SwiftKernel, RetxResetThresholdTimeoutsSetMinCwndEvenWithinAnRtt) {
  Params p;
  p.min_cwnd = 0.01;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 40, 40);
  s.rtt_ns = 10'000'000;  // every timeout is within one RTT of the previous cut
  for (uint32_t i = 1; i < p.retx_reset_threshold; ++i) {
    const Out o = on_retransmit_timeout(s, r, 1'000'000 + i);
    EXPECT_NE(o.fabric, WindowAction::kReset) << i;
  }
  const Out o = on_retransmit_timeout(s, r, 1'000'100);
  EXPECT_EQ(o.fabric, WindowAction::kReset);
  EXPECT_EQ(s.fcwnd, q20(0.01));
  EXPECT_EQ(s.ecwnd, q20(0.01));
}

TEST(SwiftKernel, FastRecoveryCutsByMaxMdfAndClearsTheRetransmitCount) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 16, 4000);
  s.rtt_ns = 100'000;
  on_retransmit_timeout(s, r, 1'000'000);
  const uint32_t before = s.fcwnd;
  EXPECT_EQ(on_fast_recovery(s, r, 1'200'000).fabric, WindowAction::kMultiplicativeDecrease);
  EXPECT_NEAR(pk(s.fcwnd), pk(before) * (1 - p.max_mdf), 2 * kLsb);
  EXPECT_EQ(s.retransmit_cnt, 0);
}

TEST(SwiftKernel, WindowsAreClampedToMinAndMaxCwnd) {
  Params p;
  p.max_cwnd = 12;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 11.99, 11.99);
  on_ack(s, r, ack(1'000'000, 5'000, 0, 100 * kMtu));
  EXPECT_EQ(s.fcwnd, q20(12));
  s = flow_with(r, 0.0015, 12);
  s.rtt_ns = 1;
  on_retransmit_timeout(s, r, 1'000'000);  // 0.00075 < 0.001
  EXPECT_EQ(s.fcwnd, q20(0.001));
  EXPECT_NEAR(pk(q20(p.min_cwnd)), 0.001, 0.001 * 5e-4);  // 0.001 packets is 1049 LSB
}

TEST(SwiftKernel, PacingDelayIsRttOverCwndBelowOnePacketAndZeroAbove) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 0.5, 4000);
  s.t_last_decrease_f_ns = 1'000'000;  // no decrease possible on this ACK
  const Out o = on_ack(s, r, ack(1'000'000, 200'000));  // above target: held
  ASSERT_LT(pk(o.cwnd), 1.0);
  EXPECT_NEAR(o.pacing_ns, 200'000 / pk(o.cwnd), 200'000 / pk(o.cwnd) * std::ldexp(1.0, -15) + 1);
  EXPECT_NEAR(o.pacing_ns, 400'000, 400'000 * std::ldexp(1.0, -15) + 1);  // Swift paper 3.4: 0.5 -> 2 RTT
  State big = flow_with(r, 1.0, 4000);
  EXPECT_EQ(on_ack(big, r, ack(1'000'000, 5'000)).pacing_ns, 0u);
  // Line 29: "if cwnd < 1": a window held at exactly one packet is not paced, one LSB below it is.
  for (const uint32_t lsb_below : {0u, 1u}) {
    State one = flow_with(r, 1.0, 4000);
    one.fcwnd = q20(1.0) - lsb_below;
    one.t_last_decrease_f_ns = 1'000'000;
    const Out held = on_ack(one, r, ack(1'000'000, 200'000));
    ASSERT_EQ(held.cwnd, q20(1.0) - lsb_below);
    if (lsb_below == 0) {
      EXPECT_EQ(held.pacing_ns, 0u);
    } else {
      EXPECT_NEAR(held.pacing_ns, 200'000, 200'000 * std::ldexp(1.0, -15) + 1);
    }
  }
}

// Section 3.3's EWMA: each step g (sample - d) is rounded to the nearest 2^-8 ns, not truncated
// (truncation would bias the filtered delay low by half an LSB per ACK).
TEST(SwiftKernel, EndpointEwmaStepIsRoundedToTheNearestLsb) {
  const Params p;  // endpoint_ewma_gain 0.3: register round(0.3 x 2^16) = 19661
  const Regs r = swift_regs(p, kMtu);
  State s = swift_initial_state(r, 0);
  on_ack(s, r, ack(1'000, 50'000, 0));  // the first sample: d = 0
  for (const uint64_t sample_ns : {1u, 3u, 7u, 1000u}) {
    const double d_q8 = s.endpoint_delay_q8.to_double();
    const double step_q8 = double(r.ewma_gain) / 65536.0 * (double(sample_ns) * 256 - d_q8);
    ASSERT_NE(step_q8 - std::floor(step_q8), 0.5);  // no tie
    on_ack(s, r, ack(2'000, 50'000, sample_ns));
    EXPECT_EQ(s.endpoint_delay_q8.to_double(), d_q8 + std::round(step_q8)) << "sample " << sample_ns << " ns";
  }
}

TEST(SwiftKernel, NumAckedIsBytesOverMtuAndSaturatesAt255Packets) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  State s = flow_with(r, 0.001, 4000);
  on_ack(s, r, ack(1'000'000, 5'000, 0, 1'000'000));  // 1000 packets -> 255
  EXPECT_NEAR(pk(s.fcwnd), 0.001 + p.ai * kMaxNumAckedPackets, 4 * kLsb);
}

// ---------------------------------------------------------------------------------------------
// Target delay (the Swift paper, section 3.5) and the datapath blocks

TEST(SwiftKernel, FabricTargetFollowsBasePlusHopsPlusFlowScaling) {
  const Params p;
  const Regs r = swift_regs(p, kMtu);
  // The scaling term is fs_range at fs_min_cwnd and 0 at fs_max_cwnd (the Swift paper, section 3.5).
  EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(p.fs_min_cwnd), 0)), 1000 * (p.base_target_us + p.fs_range_us), 3);
  EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(p.fs_max_cwnd), 0)), 1000 * p.base_target_us, 3);
  EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(4000), 0)), 1000 * p.base_target_us, 0.01);
  EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(0.001), 0)), 1000 * (p.base_target_us + p.fs_range_us), 0.01);
  for (const double w : {0.001, 0.05, 0.1, 0.2, 0.5, 1.0, 3.0, 10.0, 37.5, 99.0, 100.0, 500.0, 4095.0})
    for (const int hops : {0, 1, 5, 255}) {
      const double want = spec_target_ns(p, pk(q20(w)), hops);
      // Bound (docs 5.2): fs_range * 2^-14 from 1/sqrt and alpha's rounding, plus 1 ns of registers.
      EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(w), hops)), want, p.fs_range_us * 1000 * std::ldexp(1.0, -14) + 1)
          << "fcwnd=" << w << " hops=" << hops;
    }
}

// The largest targets the parameter rules allow (up to 2^26 ns): the registers hold 34 bits of 2^-8 ns,
// the extreme flow-scaling curves (fs_max_cwnd = 1.01 fs_min_cwnd at either end) fit the fs term.
TEST(SwiftKernel, TargetsUpToTheDelayRangeAndExtremeFlowScalingFit) {
  for (const auto& [base_us, fs_min, fs_max] : {std::tuple{60'000.0, 0.1, 100.0}, std::tuple{20.0, 0.001, 0.00101},
                                                 std::tuple{20.0, 4054.0, 4094.54}}) {
    Params p;
    p.base_target_us = base_us;
    p.per_hop_us = 0;
    p.fs_range_us = 5'000;
    p.fs_min_cwnd = fs_min;
    p.fs_max_cwnd = fs_max;
    p.endpoint_target_us = base_us;
    ASSERT_EQ(swift_params_error(p), "");
    const Regs r = swift_regs(p, kMtu);
    // A steep curve subtracts two large terms: the bound is 2^-14 of alpha/sqrt(fcwnd), not of fs_range.
    const double alpha_ns = p.fs_range_us * 1000 / (1 / std::sqrt(fs_min) - 1 / std::sqrt(fs_max));
    for (const double w : {fs_min / 2, fs_min, std::sqrt(fs_min * fs_max), fs_max, 4095.0})
      EXPECT_NEAR(ns_of_q8(fabric_target_q8(r, q20(w), 0)), spec_target_ns(p, pk(q20(w)), 0),
                  alpha_ns / std::sqrt(pk(q20(w))) * std::ldexp(1.0, -14) + 1)
          << "base=" << base_us << " fs_min=" << fs_min << " fcwnd=" << w;
  }
}

TEST(SwiftKernel, ReciprocalIsWithinTwoToTheMinus16) {
  std::mt19937_64 prng(test_seed(11));
  double worst = 0;
  for (int i = 0; i < 200'000; ++i) {
    const unsigned bits = 1 + static_cast<unsigned>(prng() % 40);
    uint64_t x = prng() >> (64 - bits);
    if (x == 0) x = 1;
    unsigned e = 0;
    const uint32_t rm = recip_mant(x, e);
    const double got = std::ldexp(double(rm), -int(24 + e));
    worst = std::max(worst, std::fabs(got * double(x) - 1));
  }
  std::printf("recip: worst relative error %.3g (2^%.2f)\n", worst, std::log2(worst));
  EXPECT_LE(worst, std::ldexp(1.0, -16));
}

TEST(SwiftKernel, ReciprocalSquareRootIsWithinTwoToTheMinus15) {
  double worst = 0;
  // Every window from 1 LSB in steps that visit every ROM cell of every exponent, and random ones.
  std::mt19937_64 prng(test_seed(12));
  for (int i = 0; i < 300'000; ++i) {
    const unsigned bits = 1 + static_cast<unsigned>(prng() % 32);
    uint32_t x = static_cast<uint32_t>(prng() >> (64 - bits));
    if (x == 0) x = 1;
    const double got = std::ldexp(double(rsqrt_q24(x)), -24);
    const double want = 1 / std::sqrt(x * kLsb);
    worst = std::max(worst, std::fabs(got / want - 1));
  }
  std::printf("rsqrt: worst relative error %.3g (2^%.2f)\n", worst, std::log2(worst));
  EXPECT_LE(worst, std::ldexp(1.0, -15));
}

// ---------------------------------------------------------------------------------------------
// Parameters

TEST(SwiftParams, DefaultsAreTheSpecAndSeedValues) {
  const Params p;
  EXPECT_EQ(swift_params_error(p), "");
  EXPECT_DOUBLE_EQ(p.base_target_us, 20);          // htsim's default
  EXPECT_NEAR(p.per_hop_us, 3.05, 0.01);           // htsim: base / 6.55
  EXPECT_DOUBLE_EQ(p.fs_range_us, 5 * p.base_target_us);
  EXPECT_DOUBLE_EQ(p.fs_min_cwnd, 0.1);
  EXPECT_DOUBLE_EQ(p.fs_max_cwnd, 100);
  EXPECT_DOUBLE_EQ(p.ai, 1.0);
  EXPECT_DOUBLE_EQ(p.beta, 0.8);
  EXPECT_DOUBLE_EQ(p.max_mdf, 0.5);
  EXPECT_DOUBLE_EQ(p.min_cwnd, 0.001);             // Swift paper, section 3.4
  EXPECT_DOUBLE_EQ(p.max_cwnd, 1000);
  EXPECT_EQ(p.retx_reset_threshold, 5u);
  EXPECT_TRUE(p.decrease_stamp_on_equal);          // Swift paper, Algorithm 1 line 27
}

TEST(SwiftParams, BadValuesAreRejectedNamingTheKeyAndTheValue) {
  struct Case {
    const char* key;
    void (*set)(Params&);
    const char* value;
  };
  const std::vector<Case> cases = {
      {"base_target_us", [](Params& p) { p.base_target_us = 0; }, "0"},
      {"base_target_us", [](Params& p) { p.base_target_us = NAN; }, "nan"},
      {"base_target_us", [](Params& p) { p.base_target_us = 1e-9; }, "1e-09"},  // rounds to a 0-ns register
      {"endpoint_target_us", [](Params& p) { p.endpoint_target_us = 0.0001; }, "0.0001"},
      {"per_hop_us", [](Params& p) { p.per_hop_us = -1; }, "-1"},
      {"fs_range_us", [](Params& p) { p.fs_range_us = -5; }, "-5"},
      {"fs_min_cwnd", [](Params& p) { p.fs_min_cwnd = 0; }, "0"},
      {"fs_max_cwnd", [](Params& p) { p.fs_max_cwnd = 0.1; }, "0.1"},
      {"endpoint_target_us", [](Params& p) { p.endpoint_target_us = -2; }, "-2"},
      {"endpoint_ewma_gain", [](Params& p) { p.endpoint_ewma_gain = 1.5; }, "1.5"},
      {"ai", [](Params& p) { p.ai = 17; }, "17"},
      {"ai", [](Params& p) { p.ai = 0; }, "0"},
      {"beta", [](Params& p) { p.beta = 0; }, "0"},
      {"max_mdf", [](Params& p) { p.max_mdf = 1; }, "1"},
      {"min_cwnd", [](Params& p) { p.min_cwnd = 0.0001; }, "0.0001"},
      {"max_cwnd", [](Params& p) { p.max_cwnd = 5000; }, "5000"},
      {"max_cwnd", [](Params& p) { p.max_cwnd = 0.0005; }, "0.0005"},
      {"init_cwnd", [](Params& p) { p.init_cwnd = 2000; }, "2000"},
      {"retx_reset_threshold", [](Params& p) { p.retx_reset_threshold = 0; }, "0"},
      {"retx_reset_threshold", [](Params& p) { p.retx_reset_threshold = 32; }, "32"},
  };
  for (const Case& c : cases) {
    Params p;
    c.set(p);
    const std::string err = swift_params_error(p);
    const std::string head = std::string("cc.swift.") + c.key + " = " + c.value + " must be ";
    EXPECT_EQ(err.rfind(head, 0), 0u) << "got: " << err << "\nwant prefix: " << head;
  }
}

// Every rule of swift_params_error at its bounds: NaN, one step outside each bound (rejected, naming
// the key) and the bound itself (accepted).
TEST(SwiftParams, EveryRuleRejectsNanAndValuesPastItsBoundsAndAcceptsTheBounds) {
  struct Case {
    const char* key;  // nullptr: accepted
    void (*set)(Params&);
  };
  const std::vector<Case> cases = {
      {"base_target_us", [](Params& p) { p.base_target_us = 0.0009; }},
      {nullptr, [](Params& p) { p.base_target_us = 0.001; }},
      {nullptr, [](Params& p) { p.base_target_us = 67108.8, p.per_hop_us = 0, p.fs_range_us = 0; }},
      {"base_target_us", [](Params& p) { p.base_target_us = 67108.9, p.per_hop_us = 0, p.fs_range_us = 0; }},
      {"per_hop_us", [](Params& p) { p.per_hop_us = NAN; }},
      {"per_hop_us", [](Params& p) { p.per_hop_us = -0.001; }},
      {nullptr, [](Params& p) { p.per_hop_us = 0; }},
      {nullptr, [](Params& p) { p.per_hop_us = 100; }},
      {"per_hop_us", [](Params& p) { p.per_hop_us = 100.001; }},
      {"fs_range_us", [](Params& p) { p.fs_range_us = NAN; }},
      {nullptr, [](Params& p) { p.fs_range_us = 0; }},
      {nullptr, [](Params& p) { p.fs_range_us = 10000; }},
      {"fs_range_us", [](Params& p) { p.fs_range_us = 10000.5; }},
      // base + 255 h + fs_range <= 67108.863 us
      {nullptr, [](Params& p) { p.base_target_us = 31608, p.per_hop_us = 100, p.fs_range_us = 10000; }},
      {"fs_range_us", [](Params& p) { p.base_target_us = 31609, p.per_hop_us = 100, p.fs_range_us = 10000; }},
      {"min_cwnd", [](Params& p) { p.min_cwnd = NAN; }},
      {"min_cwnd", [](Params& p) { p.min_cwnd = 0.0009; }},
      {nullptr, [](Params& p) { p.min_cwnd = p.init_cwnd = p.max_cwnd = 4095; }},
      {"min_cwnd", [](Params& p) { p.min_cwnd = p.init_cwnd = p.max_cwnd = 4095.5; }},
      {"max_cwnd", [](Params& p) { p.max_cwnd = NAN; }},
      {nullptr, [](Params& p) { p.max_cwnd = 4095; }},
      {"max_cwnd", [](Params& p) { p.max_cwnd = 4095.5; }},
      {nullptr, [](Params& p) { p.max_cwnd = p.init_cwnd = p.min_cwnd; }},
      {"init_cwnd", [](Params& p) { p.init_cwnd = NAN; }},
      {"init_cwnd", [](Params& p) { p.init_cwnd = 0.0009; }},
      {nullptr, [](Params& p) { p.init_cwnd = p.min_cwnd; }},
      {nullptr, [](Params& p) { p.init_cwnd = p.max_cwnd; }},
      {"fs_min_cwnd", [](Params& p) { p.fs_min_cwnd = NAN; }},
      {"fs_min_cwnd", [](Params& p) { p.fs_min_cwnd = 0.0009; }},
      {nullptr, [](Params& p) { p.fs_min_cwnd = 0.001; }},
      {"fs_min_cwnd", [](Params& p) { p.fs_min_cwnd = 4095.5, p.fs_max_cwnd = 4095; }},
      {"fs_max_cwnd", [](Params& p) { p.fs_max_cwnd = NAN; }},
      {nullptr, [](Params& p) { p.fs_max_cwnd = 4095; }},
      {"fs_max_cwnd", [](Params& p) { p.fs_max_cwnd = 4095.5; }},
      {nullptr, [](Params& p) { p.fs_min_cwnd = 1, p.fs_max_cwnd = 1.01; }},
      {"fs_max_cwnd", [](Params& p) { p.fs_min_cwnd = 1, p.fs_max_cwnd = 1.0099; }},
      {"endpoint_target_us", [](Params& p) { p.endpoint_target_us = NAN; }},
      {nullptr, [](Params& p) { p.endpoint_target_us = 0.001; }},
      {nullptr, [](Params& p) { p.endpoint_target_us = 67108.8; }},
      {"endpoint_target_us", [](Params& p) { p.endpoint_target_us = 67108.9; }},
      {"endpoint_ewma_gain", [](Params& p) { p.endpoint_ewma_gain = NAN; }},
      {"endpoint_ewma_gain", [](Params& p) { p.endpoint_ewma_gain = 1.0 / kGainOne * 0.99; }},
      {nullptr, [](Params& p) { p.endpoint_ewma_gain = 1.0 / kGainOne; }},
      {nullptr, [](Params& p) { p.endpoint_ewma_gain = 1; }},
      {"ai", [](Params& p) { p.ai = NAN; }},
      {"ai", [](Params& p) { p.ai = 0.49 / kCwndOne; }},  // rounds to a 0 register
      {nullptr, [](Params& p) { p.ai = 1.0 / kCwndOne; }},
      {nullptr, [](Params& p) { p.ai = 16; }},
      {"ai", [](Params& p) { p.ai = 16.001; }},
      {"beta", [](Params& p) { p.beta = NAN; }},
      {"beta", [](Params& p) { p.beta = 0.49 / kGainOne; }},
      {nullptr, [](Params& p) { p.beta = 1.0 / kGainOne; }},
      {nullptr, [](Params& p) { p.beta = 1; }},
      {"beta", [](Params& p) { p.beta = 1.001; }},
      {"max_mdf", [](Params& p) { p.max_mdf = NAN; }},
      {"max_mdf", [](Params& p) { p.max_mdf = 0; }},
      {"max_mdf", [](Params& p) { p.max_mdf = 0.49 / kGainOne; }},
      {nullptr, [](Params& p) { p.max_mdf = 1.0 / kGainOne; }},
      {nullptr, [](Params& p) { p.max_mdf = 1 - 1.0 / kGainOne; }},
      {"max_mdf", [](Params& p) { p.max_mdf = 1 - 0.5 / kGainOne; }},  // rounds to a 2^16 register
      {nullptr, [](Params& p) { p.retx_reset_threshold = 1; }},
      {nullptr, [](Params& p) { p.retx_reset_threshold = 31; }},
      // widths: an RTT must fit a timestamp, and the targets must stay below the saturated RTT
      {nullptr, [](Params& p) { p.widths.time = p.widths.rtt = 26; }},
      {"widths.time", [](Params& p) { p.widths.time = 25, p.widths.rtt = 26; }},
      {nullptr, [](Params& p) { p.widths.rtt = 17; }},       // 131.071 us > 120 us
      {"widths.rtt", [](Params& p) { p.widths.rtt = 16; }},  // 65.535 us <= base + fs_range = 120 us
      {"widths.rtt", [](Params& p) { p.widths.rtt = 17, p.endpoint_target_us = 131.071; }},
      {nullptr, [](Params& p) { p.widths.rtt = 17, p.endpoint_target_us = 131.07; }},
  };
  for (const Case& c : cases) {
    Params p;
    c.set(p);
    const std::string err = swift_params_error(p);
    if (c.key == nullptr) {
      EXPECT_EQ(err, "");
      continue;
    }
    const std::string head = std::string("cc.swift.") + c.key + " = ";
    EXPECT_EQ(err.rfind(head, 0), 0u) << "got: " << err << "\nwant prefix: " << head;
  }
  // Each width knob one bit below its least and one above its shipped width.
  unsigned Widths::*const field[] = {&Widths::cwnd_int,  &Widths::cwnd_frac, &Widths::time,  &Widths::rtt,
                                     &Widths::ewma_frac, &Widths::retx,      &Widths::pacing};
  static_assert(std::size(field) == kWidthKnobs.size());
  for (size_t i = 0; i < kWidthKnobs.size(); ++i) {
    const std::string head = std::string("cc.swift.widths.") + kWidthKnobs[i].name + " = ";
    for (const unsigned bits : {kWidthKnobs[i].min - 1, kWidthKnobs[i].shipped + 1}) {
      if (kWidthKnobs[i].min == 0 && bits == ~0u) continue;
      Params p;
      p.widths.*field[i] = bits;
      EXPECT_EQ(swift_params_error(p).rfind(head, 0), 0u)
          << "got: " << swift_params_error(p) << "\nwant prefix: " << head;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Random event sequences: kernel against the reference


// The reference takes the kernel's state (exactly representable in double).
void resync(ref::SwiftReference& m, const State& s) {
  m.fcwnd = pk(s.fcwnd);
  m.ecwnd = pk(s.ecwnd);
  m.t_last_decrease_f = s.t_last_decrease_f_ns;
  m.t_last_decrease_e = s.t_last_decrease_e_ns;
  m.rtt = s.rtt_ns;
  m.endpoint_delay = ns_of_q8(s.endpoint_delay_q8);
  m.endpoint_delay_valid = s.endpoint_valid;
  m.retransmit_cnt = s.retransmit_cnt;
}

ref::Step step_of(WindowAction a) {
  switch (a) {
    case WindowAction::kAdditiveIncrease: return ref::Step::kAdditiveIncrease;
    case WindowAction::kMultiplicativeDecrease: return ref::Step::kMultiplicativeDecrease;
    case WindowAction::kReset: return ref::Step::kReset;
    default: return ref::Step::kNone;
  }
}

Params random_params(std::mt19937_64& g) {
  auto u = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); };
  Params p;
  p.base_target_us = u(2, 40);
  p.per_hop_us = u(0, 5);
  p.fs_range_us = u(0, 150);
  p.fs_min_cwnd = u(0.01, 1);
  p.fs_max_cwnd = u(10, 500);
  p.endpoint_target_us = u(1, 40);
  p.endpoint_ewma_gain = u(0.05, 1);
  p.ai = u(0.1, 4);
  p.beta = u(0.1, 1);
  p.max_mdf = u(0.1, 0.9);
  p.min_cwnd = u(0.001, 0.1);
  p.max_cwnd = u(20, 4000);
  p.init_cwnd = u(p.min_cwnd, std::min(p.max_cwnd, 50.0));
  p.retx_reset_threshold = 1 + static_cast<uint32_t>(g() % 12);
  p.decrease_stamp_on_equal = g() % 2 == 0;
  return p;
}

struct Stats {
  long events = 0, ai = 0, md = 0, reset = 0, held = 0, below_one = 0, branch_ties = 0, free_resyncs = 0;
  double worst_step_rel = 0, worst_free_rel = 0;
};

// Per event: (a) one-step check: reference resynced to the kernel's state before the event, then both
// run it; the branch must agree unless the reference's delay lies within the target bound of its
// target, and the windows must agree within the per-step bound (docs 5.3). (b) free run: a second
// reference never resynced except after a branch tie, windows within 0.5 %.
void run_random(uint64_t seed, Stats& st) {
  std::mt19937_64 g(seed ^ 0x5eed5eed5eed5eedull);
  const Params p = seed % 2 ? random_params(g) : Params{};
  ASSERT_EQ(swift_params_error(p), "");
  const uint32_t mtu = 256 + static_cast<uint32_t>(g() % 3840);
  const Regs r = swift_regs(p, mtu);
  const ref::ReferenceParams rp = ref::reference_params(p, mtu);
  uint64_t now = 1'000;
  State s = swift_initial_state(r, static_cast<uint32_t>(now));
  ref::SwiftReference one(rp, double(now)), free(rp, double(now));
  const double target_bound = p.fs_range_us * 1000 * std::ldexp(1.0, -14) + 1;  // ns (docs 5.2)
  double base_rtt = 1000.0 * std::uniform_real_distribution<double>(2, 60)(g);
  for (int i = 0; i < 20'000; ++i) {
    now += 1 + g() % 20'000;
    const unsigned kind = g() % 100;
    resync(one, s);
    const State before = s;
    Out o;
    double near_target = 1e300;  // |delay - target| of the window decisions, ns
    if (kind < 90) {
      // Delay around the target: queueing that sometimes exceeds it, and remote queuing.
      const double fab = base_rtt * std::exp(std::normal_distribution<double>(0, 0.6)(g));
      const double remote = g() % 4 == 0 ? std::exponential_distribution<double>(1 / 15'000.0)(g) : 0.0;
      const auto rtt = static_cast<uint64_t>(fab + remote);
      const auto rem = static_cast<uint64_t>(remote);
      const auto hops = static_cast<uint32_t>(g() % 8);
      const uint64_t bytes = (g() % 5 == 0) ? g() % mtu : mtu * (g() % 4);
      o = on_ack(s, r, ack(static_cast<uint32_t>(now), rtt, rem, bytes, hops));
      one.on_ack(double(now), double(rtt), double(rem), int(hops), double(bytes));
      free.on_ack(double(now), double(rtt), double(rem), int(hops), double(bytes));
      // Distance of each decision from its boundary, less that window's input error bound (below).
      const double ewma_err = std::ldexp(1.0, -17) * std::fabs(double(rem) - ns_of_q8(before.endpoint_delay_q8)) + 0.01;
      near_target = std::min(std::fabs(one.last_fabric_delay - one.last_target),
                             std::fabs(one.endpoint_delay - rp.endpoint_target) - ewma_err + target_bound);
      EXPECT_NEAR(ns_of_q8(o.fabric_target_q8), one.last_target, target_bound) << "event " << i;
    } else if (kind < 95) {
      o = on_retransmit_timeout(s, r, static_cast<uint32_t>(now));
      one.on_retransmit_timeout(double(now));
      free.on_retransmit_timeout(double(now));
    } else {
      o = on_fast_recovery(s, r, static_cast<uint32_t>(now));
      one.on_fast_recovery(double(now));
      free.on_fast_recovery(double(now));
    }
    if (kind % 37 == 0) base_rtt = 1000.0 * std::uniform_real_distribution<double>(2, 60)(g);
    ++st.events;
    const bool tie = near_target <= target_bound;
    if (step_of(o.fabric) != one.fabric_step || step_of(o.endpoint) != one.endpoint_step) {
      ASSERT_TRUE(tie) << "event " << i << ": branch differs away from the target; fcwnd " << pk(before.fcwnd);
      ++st.branch_ties;
      resync(free, s);
      continue;
    }
    for (const WindowAction a : {o.fabric, o.endpoint}) {
      st.ai += a == WindowAction::kAdditiveIncrease;
      st.md += a == WindowAction::kMultiplicativeDecrease;
      st.reset += a == WindowAction::kReset;
      st.held += a == WindowAction::kNone;
    }
    st.below_one += o.cwnd < kCwndOne;
    // (a) One step, bound of docs 5.3, as an absolute error in packets:
    //  - AI: the increment ai num_acked / cwnd within 2^-15 (1/cwnd within 2^-16, ai and num_acked
    //    registers within 2^-17 for ai >= 0.1);
    //  - MD on an ACK: the factor 1 - beta (delay - target)/delay off by at most
    //    beta (target error / delay + 2^-15) + 2^-17 (beta's register), and the window by that over
    //    the factor (>= 1 - max_mdf);
    //  - MD on a timeout or fast recovery: the factor 1 - max_mdf off by its register's 2^-17;
    //  - plus 4 LSB of rounding (clamps and the reset to min_cwnd are registers within 0.5 LSB).
    const bool on_ack_event = kind < 90;
    const double q17 = std::ldexp(1.0, -17);
    const double fab_delay = one.last_fabric_delay, end_delay = one.endpoint_delay;
    // Endpoint: the EWMA's gain register is within 2^-17 of the gain, so the smoothed delay is within
    // 2^-17 |sample - previous| + 2^-9 ns of the reference's; the target is a register (2^-9 ns).
    const double tb_f = target_bound;
    const double tb_e = q17 * std::fabs(one.last_endpoint_delay - ns_of_q8(before.endpoint_delay_q8)) + 0.01;
    auto bound = [&](WindowAction a, uint32_t before_w, double ref_after, double delay, double tb) {
      double e = 4 * kLsb;
      if (a == WindowAction::kAdditiveIncrease)  // + num_acked's truncation times ai / cwnd
        e += std::fabs(ref_after - pk(before_w)) * std::ldexp(1.0, -15) + 2 * p.ai * kLsb;
      if (a == WindowAction::kMultiplicativeDecrease)
        e += ref_after * ((on_ack_event ? p.beta * (tb / delay + std::ldexp(1.0, -15)) : 0.0) + q17) / (1 - p.max_mdf);
      return e;
    };
    const struct { uint32_t k, before; double m, lim; } win[] = {
        {s.fcwnd.to_uint(), before.fcwnd.to_uint(), one.fcwnd, bound(o.fabric, before.fcwnd, one.fcwnd, fab_delay, tb_f)},
        {s.ecwnd.to_uint(), before.ecwnd.to_uint(), one.ecwnd, bound(o.endpoint, before.ecwnd, one.ecwnd, end_delay, tb_e)}};
    for (const auto& w : win) {
      const double err = std::fabs(pk(w.k) - w.m);
      if (err > 4 * kLsb) st.worst_step_rel = std::max(st.worst_step_rel, err / w.m);
      ASSERT_LE(err, w.lim)
          << "event " << i << " kind " << kind << " kernel " << pk(w.k) << " reference " << w.m << " before f/e "
          << pk(before.fcwnd) << "/" << pk(before.ecwnd) << " actions f/e " << int(o.fabric) << "/"
          << int(o.endpoint) << " delays f/e " << fab_delay << "/" << end_delay;
    }
    // Line 30 on the kernel's own window: rtt / cwnd below one packet (0 without an RTT sample).
    const double want = o.cwnd < kCwndOne ? s.rtt_ns.to_double() / pk(o.cwnd) : 0.0;
    ASSERT_NEAR(o.pacing_ns, std::min(want, double(kPacingMaxNs)), want * std::ldexp(1.0, -15) + 1) << "event " << i;
    // (b) Free run: a decision of the free reference that differs from the kernel's (its state has
    // drifted to the other side of a boundary) resynchronises it; otherwise windows within 0.5 %.
    if (step_of(o.fabric) != free.fabric_step || step_of(o.endpoint) != free.endpoint_step) {
      ++st.free_resyncs;
      resync(free, s);
      continue;
    }
    // (b) Free run.
    for (const auto& [k, m] : {std::pair{s.fcwnd, free.fcwnd}, std::pair{s.ecwnd, free.ecwnd}}) {
      const double rel = std::fabs(pk(k) - m) / m;
      st.worst_free_rel = std::max(st.worst_free_rel, rel);
      ASSERT_LE(rel, 0.005) << "event " << i << " kernel " << pk(k) << " free reference " << m;
    }
  }
}

TEST(SwiftRandom, KernelTracksTheReferenceWithinTheStatedBounds) {
  const int kRuns = seed_pinned() ? 1 : 12;
  Stats st;
  for (int run = 0; run < kRuns; ++run) {
    const uint64_t seed = test_seed(4000 + static_cast<uint64_t>(run));
    std::printf("swift seed=%llu\n", static_cast<unsigned long long>(seed));
    SCOPED_TRACE("seed=" + std::to_string(seed));
    run_random(seed, st);
    if (::testing::Test::HasFatalFailure()) return;
  }
  std::printf("swift: %ld events; window steps: AI %ld MD %ld reset %ld held %ld; cwnd < 1 after %ld events; "
              "branch ties %ld; free-run resyncs %ld; worst one-step rel %.3g; worst free-run rel %.3g\n",
              st.events, st.ai, st.md, st.reset, st.held, st.below_one, st.branch_ties, st.free_resyncs,
              st.worst_step_rel, st.worst_free_rel);
  if (!seed_pinned()) {  // the sequences reach every branch
    EXPECT_GT(st.ai, 0);
    EXPECT_GT(st.md, 0);
    EXPECT_GT(st.reset, 0);
    EXPECT_GT(st.held, 0);
    EXPECT_GT(st.below_one, 0);
  }
  EXPECT_LT(st.branch_ties, st.events / 100);
  EXPECT_LT(st.free_resyncs, st.events / 100);
}

}  // namespace
}  // namespace ccf::hls::swift
