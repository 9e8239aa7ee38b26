// test_dcqcn_kernels.cpp: the DCQCN kernels (hls/dcqcn) against the paper's equations and against
// the double-precision references (models/dcqcn). One behaviour per test. Directed tests compute the
// expected value from the equation in the test (DCQCN paper eq. 1-4, Figure 6 and 7; ns3-rdma, HPCC and mlx5 for the variants);
// random tests replay seeded event sequences through kernel and reference and bound the difference
// (bound derived in docs/units/dcqcn.md). Random tests print seed=...; CCF_SEED=<n> replays one seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"
#include "models/dcqcn/kernel_params.hpp"
#include "models/dcqcn/np_reference.hpp"
#include "models/dcqcn/rp_reference.hpp"

namespace ccf::hls::dcqcn {
namespace {

namespace ref = ccf::models::dcqcn;

// ---------------------------------------------------------------------------------------------
// Units and helpers

constexpr double kLsbMbps = 1.0 / (1u << RATE_FRAC_BITS);  // one rate LSB in Mb/s
constexpr double kHalfLsbMbps = kLsbMbps / 2;
constexpr double kAlphaLsb = 1.0 / kAlphaOne;

double mbps(uint32_t rate) { return rate * kLsbMbps; }
double alpha_of(uint32_t a) { return a * kAlphaLsb; }
uint32_t alpha_from(double a) { return static_cast<uint32_t>(std::lround(a * kAlphaOne)); }
double g_of(const RpParams& p) { return static_cast<double>(p.g) / kGainOne; }

uint64_t test_seed(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}
bool seed_pinned() { return std::getenv("CCF_SEED") != nullptr; }

// A flow that has seen its first CNP (paper / ns3-rdma variants).
RpState after_first_cnp(const RpParams& p) {
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  return s;
}

RpParams small_b(RpParams p, uint32_t b = 10'000) {
  p.byte_counter_bytes = b;
  return p;
}


// ---------------------------------------------------------------------------------------------
// RP, paper variant: eq. (1) and (2)

TEST(DcqcnRp, CnpCutsRateByHalfAlphaAndRaisesAlpha) {
  const RpParams p = RpParams::paper();
  RpState s = rp_initial_state(p);
  s.alpha = alpha_from(0.5);
  const double rc = mbps(s.rc), a = alpha_of(s.alpha), g = g_of(p);
  const RpOut out = on_cnp(s, p);
  EXPECT_EQ(out.action, RpAction::kRateCut);
  EXPECT_TRUE(out.rate_changed);
  EXPECT_DOUBLE_EQ(mbps(s.rt), rc);                             // RT <- RC
  EXPECT_NEAR(mbps(s.rc), rc * (1 - a / 2), kHalfLsbMbps);      // RC <- RC (1 - alpha/2)
  EXPECT_NEAR(alpha_of(s.alpha), (1 - g) * a + g, kAlphaLsb);   // alpha <- (1 - g) alpha + g
}

TEST(DcqcnRp, CnpCutUsesAlphaFromBeforeItsUpdateInThePaperVariant) {
  RpParams p = RpParams::paper();
  p.initial_alpha = 0;  // eq. (1) in order: the cut sees alpha = 0, then alpha becomes g
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  EXPECT_EQ(s.rc, p.line_rate);
  EXPECT_NEAR(alpha_of(s.alpha), g_of(p), kAlphaLsb);
}

TEST(DcqcnRp, AlphaTimerDecaysAlphaByOneMinusG) {
  const RpParams p = RpParams::paper();
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 300; ++k) {
    const double a = alpha_of(s.alpha);
    const RpOut out = on_alpha_timer(s, p);
    EXPECT_EQ(out.action, RpAction::kAlphaUpdate);
    EXPECT_EQ(out.arm_alpha_ns, 55'000u);  // K: runs again if still no CNP
    EXPECT_NEAR(alpha_of(s.alpha), (1 - g_of(p)) * a, kAlphaLsb / 2) << "period " << k;  // eq. (2)
  }
}

TEST(DcqcnRp, CnpRestartsAlphaAndIncreaseTimers) {
  const RpParams p = RpParams::paper();
  RpState s = rp_initial_state(p);
  const RpOut out = on_cnp(s, p);
  EXPECT_EQ(out.arm_alpha_ns, p.alpha_timer_ns);
  EXPECT_EQ(out.arm_increase_ns, p.increase_timer_ns);
  EXPECT_EQ(out.arm_decrease_ns, 0u);
}

// ---------------------------------------------------------------------------------------------
// RP, paper variant: increase stages (eq. 3, 4, hyper; Figure 7)

TEST(DcqcnRp, FirstFTimerEventsAreFastRecoveryTowardTheTarget) {
  const RpParams p = RpParams::paper();  // F = 5
  RpState s = after_first_cnp(p);
  const uint32_t rt = s.rt;
  for (unsigned k = 1; k <= p.fast_recovery_steps; ++k) {
    const double rc = (mbps(rt) + mbps(s.rc)) / 2;  // eq. (3): RC <- (RT + RC)/2
    const RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);
    EXPECT_EQ(out.action, RpAction::kFastRecovery) << "event " << k;
    EXPECT_EQ(s.rt, rt);
    EXPECT_NEAR(mbps(s.rc), rc, kHalfLsbMbps) << "event " << k;
  }
}

TEST(DcqcnRp, TimerEventRearmsTheTimerWithPeriodT) {
  const RpParams p = RpParams::paper();
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 20; ++k) {
    EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).arm_increase_ns, 55'000u);
  }
}

TEST(DcqcnRp, EventAfterFastRecoveryIsAdditiveIncreaseByRai) {
  const RpParams p = RpParams::paper();
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kTimer);
  s.rt = rate_from_mbps(30000);  // below the line rate, so the cap does not act
  s.rc = rate_from_mbps(20000);
  const double rt = mbps(s.rt), rc = mbps(s.rc);
  const RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);  // T = 6 > F, BC = 0
  EXPECT_EQ(out.action, RpAction::kAdditiveIncrease);
  EXPECT_DOUBLE_EQ(mbps(s.rt), rt + 40);                       // eq. (4): RT <- RT + R_AI
  EXPECT_NEAR(mbps(s.rc), (rt + 40 + rc) / 2, kHalfLsbMbps);   // RC <- (RT + RC)/2
}

TEST(DcqcnRp, HyperIncreaseStepsTargetByIRhaiWithIEqualMinStageMinusF) {
  const RpParams p = small_b(RpParams::paper());
  RpState s = after_first_cnp(p);
  s.rc = s.rt = rate_from_mbps(1000);  // far below line rate, so no cap interferes
  for (int k = 0; k < 6; ++k) on_increase_event(s, p, IncreaseSource::kTimer);   // T = 6
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kByteCounter);  // BC = 5
  struct Case { IncreaseSource src; unsigned i; };
  // BC = 6: min 6 -> i 1; BC = 7: min(6, 7) -> 1; T = 7: min 7 -> 2; T = 8, BC = 8: i = 2 then 3.
  const Case cases[] = {{IncreaseSource::kByteCounter, 1}, {IncreaseSource::kByteCounter, 1},
                        {IncreaseSource::kTimer, 2},       {IncreaseSource::kTimer, 2},
                        {IncreaseSource::kByteCounter, 3}};
  for (const Case& c : cases) {
    const double rt = mbps(s.rt), rc = mbps(s.rc);
    const RpOut out = on_increase_event(s, p, c.src);
    EXPECT_EQ(out.action, RpAction::kHyperIncrease);
    EXPECT_EQ(out.hyper_i, c.i);
    EXPECT_DOUBLE_EQ(mbps(s.rt), rt + c.i * 200.0);  // RT <- RT + i R_HAI
    EXPECT_NEAR(mbps(s.rc), (rt + c.i * 200.0 + rc) / 2, kHalfLsbMbps);
  }
}

TEST(DcqcnRp, StageRuleUsesMaxForFastRecoveryAndMinForHyperWithMixedSources) {
  const RpParams p = small_b(RpParams::paper());
  RpState s = after_first_cnp(p);
  // Alternate timer and byte events: T and BC climb together.
  for (int k = 1; k <= 10; ++k) {  // max(T, BC) <= 5
    const auto src = k % 2 ? IncreaseSource::kTimer : IncreaseSource::kByteCounter;
    EXPECT_EQ(on_increase_event(s, p, src).action, RpAction::kFastRecovery) << "event " << k;
  }
  // T = 6, BC = 5: max > F, min <= F.
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kAdditiveIncrease);
  // BC = 6: min = 6 > F.
  const RpOut hyper = on_increase_event(s, p, IncreaseSource::kByteCounter);
  EXPECT_EQ(hyper.action, RpAction::kHyperIncrease);
  EXPECT_EQ(hyper.hyper_i, 1);
  EXPECT_EQ(s.time_stage, 6);
  EXPECT_EQ(s.byte_stage, 6);
}

TEST(DcqcnRp, ByteCounterExpiresEveryBBytesAsAByteEvent) {
  const RpParams p = small_b(RpParams::paper(), 10'000);
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 9; ++k) {
    const RpOut out = on_tx(s, p, 1000);
    EXPECT_FALSE(out.byte_counter_expired);
    EXPECT_EQ(out.action, RpAction::kNone);
  }
  EXPECT_EQ(s.bytes_left, 1000u);
  const RpOut out = on_tx(s, p, 1000);  // 10,000 bytes: B reached
  EXPECT_TRUE(out.byte_counter_expired);
  EXPECT_EQ(out.action, RpAction::kFastRecovery);
  EXPECT_EQ(out.arm_increase_ns, 0u);  // a byte event leaves the timer alone
  EXPECT_EQ(s.byte_stage, 1);
  EXPECT_EQ(s.time_stage, 0);
  EXPECT_EQ(s.bytes_left, 10'000u);
}

TEST(DcqcnRp, ByteCounterAndIncreasesDoNothingBeforeTheFirstCnp) {
  const RpParams p = small_b(RpParams::paper(), 10'000);
  RpState s = rp_initial_state(p);
  for (int k = 0; k < 100; ++k) EXPECT_FALSE(on_tx(s, p, 1500).byte_counter_expired);
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kNone);
  EXPECT_EQ(s.bytes_left, 10'000u);
  EXPECT_EQ(s.time_stage, 0);
  EXPECT_EQ(s.rc, p.line_rate);
}

TEST(DcqcnRp, CnpResetsStagesAndByteCounter) {
  const RpParams p = small_b(RpParams::paper(), 10'000);
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 8; ++k) on_increase_event(s, p, IncreaseSource::kTimer);
  for (int k = 0; k < 8; ++k) on_increase_event(s, p, IncreaseSource::kByteCounter);
  on_tx(s, p, 4000);
  ASSERT_EQ(s.time_stage, 8);
  on_cnp(s, p);
  EXPECT_EQ(s.time_stage, 0);
  EXPECT_EQ(s.byte_stage, 0);
  EXPECT_EQ(s.bytes_left, 10'000u);
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kFastRecovery);
}

TEST(DcqcnRp, IncreasesCapTargetAndRateAtLineRate) {
  const RpParams p = small_b(RpParams::paper());
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 200; ++k) {
    on_increase_event(s, p, k % 2 ? IncreaseSource::kTimer : IncreaseSource::kByteCounter);
    ASSERT_LE(s.rt, p.line_rate);
    ASSERT_LE(s.rc, s.rt);
  }
  EXPECT_EQ(s.rt, p.line_rate);
  EXPECT_EQ(s.rc, p.line_rate);  // (RT + RC + 1) >> 1 reaches RT exactly
}

TEST(DcqcnRp, MinRateFloorsTheCut) {
  const RpParams p = RpParams::paper();
  RpState s = after_first_cnp(p);
  s.rc = rate_from_mbps(150);
  s.alpha = kAlphaMax;  // 150 (1 - 1/2) = 75 < 100 Mb/s
  on_cnp(s, p);
  EXPECT_EQ(s.rc, p.min_rate);
}

TEST(DcqcnRp, MinDecFacLimitsOneCut) {
  RpParams p = RpParams::paper();
  p.min_dec_fac = kGainOne * 8 / 10;  // a cut keeps at least 80 % of RC
  RpState s = rp_initial_state(p);
  const double rc = mbps(s.rc);
  on_cnp(s, p);  // alpha = 1 would halve
  EXPECT_NEAR(mbps(s.rc), rc * p.min_dec_fac / kGainOne, kLsbMbps);
}

// ---------------------------------------------------------------------------------------------
// RP: clamp-target-rate options (HPCC rdma-hw.cc, ns3-rdma, mlx5 cc_params)

TEST(DcqcnRp, ClampTgtRateSetsTargetToRateOnEveryCnp) {
  const RpParams p = RpParams::paper();  // clamp_tgt_rate = 1
  RpState s = after_first_cnp(p);
  const uint32_t rc_after_first = s.rc;
  on_cnp(s, p);  // no increase in between
  EXPECT_EQ(s.rt, rc_after_first);
}

TEST(DcqcnRp, WithoutClampTargetFollowsRateOnlyAfterAByteCounterIncrease) {
  RpParams p = small_b(RpParams::paper());
  p.clamp_tgt_rate = false;
  p.clamp_tgt_rate_after_time_inc = false;
  RpState s = after_first_cnp(p);
  EXPECT_EQ(s.rt, p.line_rate);  // first CNP: BC = 0, RT kept
  on_increase_event(s, p, IncreaseSource::kTimer);
  const uint32_t rt = s.rt;
  on_cnp(s, p);  // only a timer increase since: RT kept
  EXPECT_EQ(s.rt, rt);
  on_increase_event(s, p, IncreaseSource::kByteCounter);
  const uint32_t rc = s.rc;
  on_cnp(s, p);
  EXPECT_EQ(s.rt, rc);
}

TEST(DcqcnRp, ClampAfterTimeIncFollowsRateOnlyIfAnIncreaseHappenedSinceTheLastCut) {
  RpParams p = RpParams::paper();
  p.clamp_tgt_rate = false;
  p.clamp_tgt_rate_after_time_inc = true;
  RpState s = after_first_cnp(p);
  EXPECT_EQ(s.rt, p.line_rate);
  on_cnp(s, p);  // no increase since the last cut
  EXPECT_EQ(s.rt, p.line_rate);
  on_increase_event(s, p, IncreaseSource::kTimer);
  const uint32_t rc = s.rc;
  on_cnp(s, p);
  EXPECT_EQ(s.rt, rc);
}

// ---------------------------------------------------------------------------------------------
// RP, ns3-rdma variant (qbb-net-device.cc)

RpParams ns3_params() {
  RpParams p = small_b(RpParams::paper(), 10'000);
  p.variant = RpVariant::kNs3Rdma;
  return p;
}

TEST(DcqcnRpNs3Rdma, CnpCutsWithTheUpdatedAlpha) {
  RpParams p = ns3_params();
  p.initial_alpha = 0;
  RpState s = rp_initial_state(p);
  const double rc = mbps(s.rc), g = g_of(p);
  on_cnp(s, p);  // alpha <- g first, then RC (1 - g/2)
  EXPECT_NEAR(alpha_of(s.alpha), g, kAlphaLsb);
  EXPECT_NEAR(mbps(s.rc), rc * (1 - g / 2), kLsbMbps);
}

TEST(DcqcnRpNs3Rdma, FastRecoveryLastsWhileBothCountersAreBelowF) {
  const RpParams p = ns3_params();  // F = 5
  RpState s = after_first_cnp(p);
  for (int k = 1; k <= 4; ++k) {
    EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kFastRecovery);
  }
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kAdditiveIncrease);
}

TEST(DcqcnRpNs3Rdma, HyperStepIsMinStageMinusFPlusOneTimesRhai) {
  const RpParams p = ns3_params();
  RpState s = after_first_cnp(p);
  s.rc = s.rt = rate_from_mbps(1000);
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kTimer);        // T = 5
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kByteCounter);  // BC = 5
  const double rt = mbps(s.rt);
  const RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);  // T = 6: select -> hyper
  EXPECT_EQ(out.action, RpAction::kHyperIncrease);
  EXPECT_EQ(out.hyper_i, 1);  // min(6, 5) - 5 + 1
  EXPECT_DOUBLE_EQ(mbps(s.rt), rt + 200);
  const RpOut byte = on_increase_event(s, p, IncreaseSource::kByteCounter);  // BC = 6
  EXPECT_EQ(byte.hyper_i, 2);
}

TEST(DcqcnRpNs3Rdma, ByteEventInTheActiveStageDoesNotEnterHyper) {
  const RpParams p = ns3_params();
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kTimer);  // active
  for (int k = 0; k < 8; ++k) {  // BC passes F, but rpr_active_byte does not re-select
    EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kByteCounter).action,
              RpAction::kAdditiveIncrease);
  }
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kHyperIncrease);
}

TEST(DcqcnRpNs3Rdma, HyperStageHalvesTheTimerAndTheByteCounter) {
  const RpParams p = ns3_params();
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kTimer);
  for (int k = 0; k < 5; ++k) on_increase_event(s, p, IncreaseSource::kByteCounter);
  // The event that enters hyper still re-arms with T; later hyper events use T/2 and B/2.
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).arm_increase_ns, 55'000u);
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).arm_increase_ns, 27'500u);
  on_increase_event(s, p, IncreaseSource::kByteCounter);
  EXPECT_EQ(s.bytes_left, 5'000u);
}

TEST(DcqcnRpNs3Rdma, FirstIncreaseCutsTargetToAnEighthWhenAboveTenTimesRate) {
  const RpParams p = ns3_params();
  RpState s = after_first_cnp(p);
  s.rc = rate_from_mbps(1000);
  s.rt = rate_from_mbps(40000);  // RT > 10 RC
  const RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);  // T = 1
  EXPECT_TRUE(out.target_divided);
  EXPECT_EQ(s.rt, rate_from_mbps(5000));
  EXPECT_NEAR(mbps(s.rc), (1000 + 5000) / 2.0, kHalfLsbMbps);
  // Second event (T = 2): the rule no longer applies.
  EXPECT_FALSE(on_increase_event(s, p, IncreaseSource::kTimer).target_divided);
}

TEST(DcqcnRpNs3Rdma, CnpWithoutClampKeepsTheByteCounterUnlessTheTargetMoves) {
  RpParams p = ns3_params();
  p.clamp_tgt_rate = false;
  RpState s = after_first_cnp(p);
  on_tx(s, p, 3000);
  on_cnp(s, p);  // BC = 0: RT and byte counter kept
  EXPECT_EQ(s.bytes_left, 7'000u);
}

// ---------------------------------------------------------------------------------------------
// RP, HPCC/mlx variant (HPCC rdma-hw.cc, mlx5 cc_params)

TEST(DcqcnRpMlx, FirstCnpSetsAlphaAndStartsPeriodicTimersWithoutCutting) {
  const RpParams p = RpParams::hpcc_ns3();
  RpState s = rp_initial_state(p);
  s.alpha = 0;
  const RpOut out = on_cnp(s, p);
  EXPECT_EQ(out.action, RpAction::kCnpLatched);
  EXPECT_EQ(s.rc, p.line_rate);
  EXPECT_EQ(s.rt, p.line_rate);
  EXPECT_EQ(s.alpha, p.initial_alpha);
  EXPECT_FALSE(s.alpha_cnp);  // the first CNP does not count in the first alpha period
  EXPECT_TRUE(s.decrease_cnp);
  EXPECT_EQ(out.arm_alpha_ns, 1'000u);
  EXPECT_EQ(out.arm_decrease_ns, 4'001u);  // HPCC: + 1 ns after the alpha update
  EXPECT_EQ(out.arm_increase_ns, 0u);
}

TEST(DcqcnRpMlx, RateDecreaseTimerCutsOnceOnlyIfACnpArrivedInThePeriod) {
  const RpParams p = RpParams::hpcc_ns3();
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  on_cnp(s, p);  // two CNPs in one period: one cut
  const double rc = mbps(s.rc), a = alpha_of(s.alpha);
  RpOut out = on_rate_decrease_timer(s, p);
  EXPECT_EQ(out.action, RpAction::kRateCut);
  EXPECT_NEAR(mbps(s.rc), std::max(100.0, rc * (1 - a / 2)), kHalfLsbMbps);
  EXPECT_EQ(out.arm_decrease_ns, 4'000u);
  EXPECT_EQ(out.arm_increase_ns, 900'000u);
  const uint32_t rc_after = s.rc;
  out = on_rate_decrease_timer(s, p);
  EXPECT_EQ(out.action, RpAction::kNone);
  EXPECT_EQ(out.arm_decrease_ns, 4'000u);
  EXPECT_EQ(s.rc, rc_after);
}

TEST(DcqcnRpMlx, AlphaTimerAddsGOnlyIfACnpArrivedInThePeriod) {
  const RpParams p = RpParams::hpcc_ns3();
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  s.alpha = alpha_from(0.5);
  const double g = g_of(p);
  on_alpha_timer(s, p);  // no CNP since the first: decay
  EXPECT_NEAR(alpha_of(s.alpha), (1 - g) * 0.5, kAlphaLsb);
  const double a = alpha_of(s.alpha);
  on_cnp(s, p);
  EXPECT_EQ(alpha_of(s.alpha), a);  // the CNP itself leaves alpha alone
  on_alpha_timer(s, p);
  EXPECT_NEAR(alpha_of(s.alpha), (1 - g) * a + g, kAlphaLsb);
}

TEST(DcqcnRpMlx, StageBelowFIsFastEqualToFIsAdditiveAboveFIsConstantHyper) {
  RpParams p = RpParams::hpcc_ns3();
  p.fast_recovery_steps = 2;
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  on_rate_decrease_timer(s, p);
  s.rc = s.rt = rate_from_mbps(10000);
  const RpAction expect[] = {RpAction::kFastRecovery, RpAction::kFastRecovery,
                             RpAction::kAdditiveIncrease, RpAction::kHyperIncrease,
                             RpAction::kHyperIncrease, RpAction::kHyperIncrease};
  for (RpAction a : expect) {
    const double rt = mbps(s.rt), rc = mbps(s.rc);
    const RpOut out = on_increase_event(s, p, IncreaseSource::kTimer);
    const double step = a == RpAction::kAdditiveIncrease ? 50 : a == RpAction::kHyperIncrease ? 100 : 0;
    EXPECT_EQ(out.action, a);
    EXPECT_DOUBLE_EQ(mbps(s.rt), rt + step);  // hyper: constant R_HAI, not i R_HAI
    EXPECT_NEAR(mbps(s.rc), (rt + step) / 2 + rc / 2, kHalfLsbMbps);
    EXPECT_EQ(out.arm_increase_ns, 900'000u);
  }
}

TEST(DcqcnRpMlx, HpccNs3HasNoByteCounter) {
  const RpParams p = RpParams::hpcc_ns3();
  ASSERT_EQ(p.byte_counter_bytes, 0u);  // HPCC CC_MODE 1: timer-only increases
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  for (int k = 0; k < 100; ++k) EXPECT_FALSE(on_tx(s, p, 1500).byte_counter_expired);
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kByteCounter).action, RpAction::kNone);
  EXPECT_EQ(s.byte_stage, 0u);
  EXPECT_EQ(s.bytes_left, 0u);
}

// ConnectX rp_byte_reset (mlx5 preset, F = rp_threshold = 1): the timer and the byte counter each
// count their event, then Figure 7: max(T, BC) <= F fast recovery, min(T, BC) > F hyper (constant
// R_HAI), else additive. A cut resets T, BC and the byte counter.
TEST(DcqcnRpMlx, ByteCounterAndTimerStagesFollowFigure7WithConstantHyperStep) {
  const RpParams p = RpParams::mlx5();
  ASSERT_EQ(p.byte_counter_bytes, 32767u);
  ASSERT_EQ(p.fast_recovery_steps, 1u);
  RpState s = rp_initial_state(p);
  EXPECT_EQ(s.bytes_left, 32767u);
  EXPECT_FALSE(on_tx(s, p, 40'000).byte_counter_expired);  // not rate limited yet: no count
  EXPECT_EQ(s.bytes_left, 32767u);
  on_cnp(s, p);
  on_rate_decrease_timer(s, p);  // the cut
  s.rt = rate_from_mbps(50'000);
  s.rc = rate_from_mbps(40'000);
  struct MlxStep { IncreaseSource src; RpAction action; double rt_step; unsigned t, bc; };
  const MlxStep steps[] = {
      {IncreaseSource::kTimer, RpAction::kFastRecovery, 0, 1, 0},          // max 1 <= F
      {IncreaseSource::kByteCounter, RpAction::kFastRecovery, 0, 1, 1},    // max 1 <= F
      {IncreaseSource::kTimer, RpAction::kAdditiveIncrease, 5, 2, 1},      // max 2 > F, min 1 <= F
      {IncreaseSource::kTimer, RpAction::kAdditiveIncrease, 5, 3, 1},      // timer alone never hypers
      {IncreaseSource::kByteCounter, RpAction::kHyperIncrease, 50, 3, 2},  // min 2 > F
      {IncreaseSource::kByteCounter, RpAction::kHyperIncrease, 50, 3, 3},  // constant step, not i R_HAI
      {IncreaseSource::kTimer, RpAction::kHyperIncrease, 50, 4, 3},
  };
  for (const MlxStep& st : steps) {
    SCOPED_TRACE(fmt::format("T={} BC={}", st.t, st.bc));
    const double rt = mbps(s.rt), rc = mbps(s.rc);
    RpOut out;
    if (st.src == IncreaseSource::kTimer) {
      out = on_increase_event(s, p, IncreaseSource::kTimer);
      EXPECT_EQ(out.arm_increase_ns, 300'000u);  // rp_time_reset
      EXPECT_FALSE(out.byte_counter_expired);
    } else {
      EXPECT_FALSE(on_tx(s, p, 30'000).byte_counter_expired);
      EXPECT_EQ(s.bytes_left, 2767u);
      out = on_tx(s, p, 4'000);  // 34,000 >= 32,767 bytes: the byte-counter event, counter reloaded
      EXPECT_TRUE(out.byte_counter_expired);
      EXPECT_EQ(out.arm_increase_ns, 0u);  // the byte event leaves the timer alone
      EXPECT_EQ(s.bytes_left, 32767u);
    }
    EXPECT_EQ(out.action, st.action);
    EXPECT_EQ(out.hyper_i, st.action == RpAction::kHyperIncrease ? 1 : 0);
    EXPECT_EQ(s.time_stage, st.t);
    EXPECT_EQ(s.byte_stage, st.bc);
    EXPECT_DOUBLE_EQ(mbps(s.rt), rt + st.rt_step);
    EXPECT_NEAR(mbps(s.rc), (rt + st.rt_step + rc) / 2, kHalfLsbMbps);
  }
  // The next cut: RT <- RC (rp_clamp_tgt_rate_ati, an increase happened), T = BC = 0, counter reloaded.
  on_tx(s, p, 1'000);
  on_cnp(s, p);
  const uint32_t rc = s.rc;
  EXPECT_EQ(on_rate_decrease_timer(s, p).action, RpAction::kRateCut);
  EXPECT_EQ(s.rt, rc);
  EXPECT_EQ(s.time_stage, 0u);
  EXPECT_EQ(s.byte_stage, 0u);
  EXPECT_EQ(s.bytes_left, 32767u);
}

TEST(DcqcnRpMlx, RateOnFirstCnpSetsRateAndTarget) {
  RpParams p = RpParams::mlx5();
  p.rate_on_first_cnp = rate_from_mbps(25000);
  RpState s = rp_initial_state(p);
  EXPECT_TRUE(on_cnp(s, p).rate_changed);
  EXPECT_EQ(s.rc, rate_from_mbps(25000));
  EXPECT_EQ(s.rt, rate_from_mbps(25000));
}

TEST(DcqcnRpMlx, Mlx5MinDecFacOfHalfNeverBindsBecauseAlphaOverTwoIsAtMostHalf) {
  const RpParams p = RpParams::mlx5();
  RpState s = rp_initial_state(p);
  on_cnp(s, p);
  s.alpha = kAlphaMax;
  const double rc = mbps(s.rc);
  on_rate_decrease_timer(s, p);
  EXPECT_NEAR(mbps(s.rc), rc * (1 - alpha_of(kAlphaMax) / 2), kHalfLsbMbps);  // no floor
}

// ---------------------------------------------------------------------------------------------
// RP parameters, presets and widths

TEST(DcqcnRpParams, PaperPresetHasThePaperValues) {
  const RpParams p = RpParams::paper();
  EXPECT_EQ(p.variant, RpVariant::kPaper);
  EXPECT_DOUBLE_EQ(g_of(p), 1.0 / 256);
  EXPECT_EQ(p.alpha_timer_ns, 55'000u);
  EXPECT_EQ(p.increase_timer_ns, 55'000u);
  EXPECT_EQ(p.byte_counter_bytes, 10'000'000u);
  EXPECT_EQ(p.fast_recovery_steps, 5u);
  EXPECT_DOUBLE_EQ(mbps(p.r_ai), 40);
  EXPECT_DOUBLE_EQ(mbps(p.r_hai), 200);
  EXPECT_DOUBLE_EQ(mbps(p.min_rate), 100);
  EXPECT_DOUBLE_EQ(mbps(p.line_rate), 40000);
  EXPECT_NEAR(alpha_of(p.initial_alpha), 1.0, kAlphaLsb);
  EXPECT_TRUE(p.clamp_tgt_rate);
  const RpState s = rp_initial_state(p);
  EXPECT_EQ(s.rc, p.line_rate);  // start at line rate
  EXPECT_EQ(s.rt, p.line_rate);
}

TEST(DcqcnRpParams, HpccNs3PresetMatchesMixConfig) {
  const RpParams p = RpParams::hpcc_ns3();
  EXPECT_EQ(p.variant, RpVariant::kMlx);
  EXPECT_DOUBLE_EQ(g_of(p), 1.0 / 256);
  EXPECT_EQ(p.alpha_timer_ns, 1'000u);
  EXPECT_EQ(p.rate_decrease_period_ns, 4'000u);
  EXPECT_EQ(p.increase_timer_ns, 900'000u);
  EXPECT_EQ(p.fast_recovery_steps, 1u);
  EXPECT_DOUBLE_EQ(mbps(p.r_ai), 50);
  EXPECT_DOUBLE_EQ(mbps(p.r_hai), 100);
  EXPECT_DOUBLE_EQ(mbps(p.min_rate), 100);
  EXPECT_EQ(p.byte_counter_bytes, 0u);  // HPCC has no byte counter
  EXPECT_FALSE(p.clamp_tgt_rate);
  EXPECT_TRUE(p.clamp_tgt_rate_after_time_inc);
}

TEST(DcqcnRpParams, Mlx5PresetMatchesConnectXDefaults) {
  const RpParams p = RpParams::mlx5();
  EXPECT_EQ(p.variant, RpVariant::kMlx);
  EXPECT_DOUBLE_EQ(g_of(p), 1.0 - 1019.0 / 1024);  // dce_tcp_g = 1019
  EXPECT_EQ(p.alpha_timer_ns, 1'000u);
  EXPECT_EQ(p.rate_decrease_period_ns, 4'000u);
  EXPECT_EQ(p.increase_timer_ns, 300'000u);
  EXPECT_EQ(p.fast_recovery_steps, 1u);
  EXPECT_DOUBLE_EQ(mbps(p.r_ai), 5);
  EXPECT_DOUBLE_EQ(mbps(p.r_hai), 50);
  EXPECT_DOUBLE_EQ(mbps(p.min_rate), 1);
  EXPECT_DOUBLE_EQ(alpha_of(p.initial_alpha), 1023.0 / 1024);
  EXPECT_DOUBLE_EQ(static_cast<double>(p.min_dec_fac) / kGainOne, 0.5);
  EXPECT_EQ(p.byte_counter_bytes, 32767u);  // rp_byte_reset
  EXPECT_EQ(rp_params_error(p), nullptr);
  EXPECT_FALSE(p.clamp_tgt_rate);
  EXPECT_TRUE(p.clamp_tgt_rate_after_time_inc);
}

TEST(DcqcnRpParams, PresetsAreValidFrom10To400Gbps) {
  for (uint32_t gbps : {10u, 25u, 40u, 100u, 200u, 400u}) {
    for (const RpParams& p : {RpParams::paper(gbps * 1000), RpParams::hpcc_ns3(gbps * 1000),
                              RpParams::mlx5(gbps * 1000)}) {
      const char* err = rp_params_error(p);
      EXPECT_EQ(err, nullptr) << gbps << " Gb/s: " << (err ? err : "");
    }
  }
}

TEST(DcqcnRpParams, RatesOfWholeMbpsAreExactAnd400GbpsFits) {
  EXPECT_EQ(rate_from_mbps(5), 160u);  // R_AI = 5 Mb/s: 160 LSB exactly
  EXPECT_LE(rate_from_mbps(400'000), kRateMax);
  EXPECT_GT(rate_from_mbps(524'288), kRateMax);
  EXPECT_EQ(rate_from_kbps(1'000), 32u);
  EXPECT_EQ(rate_from_kbps(31), 1u);  // 31.25 kb/s is one LSB
}

TEST(DcqcnRpParams, ValidationRejectsValuesBeyondTheWidths) {
  RpParams p = RpParams::paper();
  p.line_rate = kRateMax + 1;
  EXPECT_NE(rp_params_error(p), nullptr);
  p = RpParams::paper();
  p.byte_counter_bytes = kBytesMax + 1;
  EXPECT_NE(rp_params_error(p), nullptr);
  p = RpParams::paper();
  p.fast_recovery_steps = 32;
  EXPECT_NE(rp_params_error(p), nullptr);
  p = RpParams::paper();
  p.g = kGainOne / 2;
  EXPECT_NE(rp_params_error(p), nullptr);
  p = RpParams::paper();
  p.min_rate = p.line_rate + 1;
  EXPECT_NE(rp_params_error(p), nullptr);
}

TEST(DcqcnRpParams, ValidationRejectsAHyperStepTooSmallForTheStageCounters) {
  RpParams p = RpParams::paper(400'000);
  p.r_hai = rate_from_mbps(50);  // 50 Mb/s * 121*122/2 = 369 Gb/s < 400 Gb/s
  EXPECT_NE(rp_params_error(p), nullptr);
  p.r_hai = rate_from_mbps(55);  // 406 Gb/s
  EXPECT_EQ(rp_params_error(p), nullptr);
}

TEST(DcqcnRpParams, ValidationRejectsAMinDecFacWhoseRoundingDeadZoneLiesAboveTheMinRate) {
  RpParams p = RpParams::mlx5();  // min rate 1 Mb/s = 32 LSB
  p.min_dec_fac = kGainOne - kGainOne / 64;  // (1 - 63/64) * 32 LSB = 0.5 LSB: allowed
  EXPECT_EQ(rp_params_error(p), nullptr);
  p.min_dec_fac += 1;
  EXPECT_NE(rp_params_error(p), nullptr);
}

// Every rule of rp_params_error at its bounds: one step outside a bound gives that rule's message, the
// bound itself is accepted.
TEST(DcqcnRpParams, EveryRuleRejectsValuesPastItsBoundsAndAcceptsTheBounds) {
  struct Case {
    const char* error;  // nullptr: accepted
    void (*set)(RpParams&);
  };
  const char* const kRateInt = "widths.rate_int must be 1..19 (bits)";
  const char* const kAlpha = "widths.alpha must be 1..20 (bits)";
  const char* const kStage = "widths.stage must be 2..7 (bits)";
  const char* const kBytes = "widths.bytes must be 1..24 (bits)";
  const std::vector<Case> cases = {
      {kRateInt, [](RpParams& p) { p.widths.rate_int = 0; }},
      {kRateInt, [](RpParams& p) { p.widths.rate_int = RATE_W - RATE_FRAC_BITS + 1; }},
      {"widths.rate_frac must be 0..5 (bits)", [](RpParams& p) { p.widths.rate_frac = RATE_FRAC_BITS + 1; }},
      {kAlpha, [](RpParams& p) { p.widths.alpha = 0; }},
      {kAlpha, [](RpParams& p) { p.widths.alpha = ALPHA_W + 1; }},
      {nullptr, [](RpParams& p) { p.widths.alpha = 1; }},
      {kStage, [](RpParams& p) { p.widths.stage = 1; }},
      {kStage, [](RpParams& p) { p.widths.stage = STAGE_W + 1; }},
      {kBytes, [](RpParams& p) { p.widths.bytes = 0; }},
      {kBytes, [](RpParams& p) { p.widths.bytes = BYTES_W + 1; }},
      {"line_rate must be 1..2^24-1 rate LSB (1/32 Mb/s), i.e. at most 524287 Mb/s",
       [](RpParams& p) { p.line_rate = 0; }},
      {nullptr, [](RpParams& p) { p.r_ai = p.line_rate; }},
      {"r_ai must be <= line_rate", [](RpParams& p) { p.r_ai = p.line_rate + 1; }},
      {nullptr, [](RpParams& p) { p.r_hai = p.line_rate; }},
      {nullptr, [](RpParams& p) { p.r_hai = 0; }},  // no hyper increase: the stage counters may saturate
      {"r_hai must be <= line_rate", [](RpParams& p) { p.r_hai = p.line_rate + 1; }},
      {"g must be 1..32767 (units of 2^-16, so 0 < g < 1/2)", [](RpParams& p) { p.g = 0; }},
      {nullptr, [](RpParams& p) { p.g = 1; }},
      {nullptr, [](RpParams& p) { p.g = kGainOne / 2 - 1; }},
      {"initial_alpha must be <= 2^20-1 (units of 2^-20)", [](RpParams& p) { p.initial_alpha = kAlphaMax + 1; }},
      // F + 2 = 2^3 - 2; a hyper step of the line rate reaches it within the n = 2 hyper steps left
      {nullptr, [](RpParams& p) { p.fast_recovery_steps = 4, p.widths.stage = 3, p.r_hai = p.line_rate; }},
      {"fast_recovery_steps (F) must be <= 2^widths.stage - 3 (the stage counters must count past F)",
       [](RpParams& p) { p.fast_recovery_steps = 6, p.widths.stage = 3; }},
      {"fast_recovery_steps (F) must be >= 1 in the ns3-rdma variant",
       [](RpParams& p) { p.variant = RpVariant::kNs3Rdma, p.fast_recovery_steps = 0; }},
      {nullptr, [](RpParams& p) { p.variant = RpVariant::kNs3Rdma, p.fast_recovery_steps = 1; }},
      {nullptr, [](RpParams& p) { p.byte_counter_bytes = kBytesMax; }},
      {nullptr, [](RpParams& p) { p.byte_counter_bytes = 0; }},
      {"byte_counter_bytes (B) must be 0 (off) or >= 2 (B/2 is used)", [](RpParams& p) { p.byte_counter_bytes = 1; }},
      {nullptr, [](RpParams& p) { p.byte_counter_bytes = 2; }},
      {"alpha_timer_ns (K) must be > 0", [](RpParams& p) { p.alpha_timer_ns = 0; }},
      {nullptr, [](RpParams& p) { p.alpha_timer_ns = 1; }},
      {"increase_timer_ns (T) must be >= 2", [](RpParams& p) { p.increase_timer_ns = 1; }},
      {nullptr, [](RpParams& p) { p.increase_timer_ns = 2; }},
      {"rate_decrease_period_ns must be > 0 in the mlx variant",
       [](RpParams& p) { p = RpParams::mlx5(40000), p.rate_decrease_period_ns = 0; }},
      {nullptr, [](RpParams& p) { p.rate_decrease_period_ns = 0; }},  // used by the mlx variant only
      {"min_dec_fac must be <= 65536 (units of 2^-16, 100 %)", [](RpParams& p) { p.min_dec_fac = kGainOne + 1; }},
      {nullptr, [](RpParams& p) { p.rate_on_first_cnp = p.line_rate; }},
      {"rate_on_first_cnp must be <= line_rate", [](RpParams& p) { p.rate_on_first_cnp = p.line_rate + 1; }},
  };
  for (const Case& c : cases) {
    RpParams p = RpParams::paper(40000);
    c.set(p);
    const char* err = rp_params_error(p);
    if (c.error == nullptr) {
      EXPECT_EQ(err, nullptr) << err;
      continue;
    }
    ASSERT_NE(err, nullptr) << "want: " << c.error;
    EXPECT_STREQ(err, c.error);
  }
}

// Fewer integer bits of the rates than shipped lose nothing while the line rate fits them: the same
// events give the same state as the shipped widths, in every variant.
TEST(DcqcnRpParams, NarrowerIntegerPartOfTheRatesKeepsEveryRateBelow2ToTheBits) {
  const uint64_t seed = test_seed(21);
  std::printf("seed=%llu (CCF_SEED)\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  for (RpParams shipped : {RpParams::paper(40000), RpParams::hpcc_ns3(40000), RpParams::mlx5(40000)}) {
    RpParams narrow = shipped;
    narrow.widths.rate_int = 16;  // 65,536 Mb/s > 40 Gb/s
    ASSERT_EQ(rp_params_error(narrow), nullptr);
    RpState a = rp_initial_state(narrow), b = rp_initial_state(shipped);
    for (int i = 0; i < 3000; ++i) {
      const unsigned k = rng() % 8;
      auto both = [&](auto event) { event(a, narrow), event(b, shipped); };
      if (k == 0)
        both([](RpState& s, const RpParams& p) { on_cnp(s, p); });
      else if (k == 1)
        both([](RpState& s, const RpParams& p) { on_alpha_timer(s, p); });
      else if (k == 2)
        both([](RpState& s, const RpParams& p) { on_rate_decrease_timer(s, p); });
      else if (k < 6)
        both([](RpState& s, const RpParams& p) { on_increase_event(s, p, IncreaseSource::kTimer); });
      else
        both([](RpState& s, const RpParams& p) { on_tx(s, p, 1024); });
      ASSERT_EQ(a.rc, b.rc) << "event " << i << " seed=" << seed;
      ASSERT_EQ(a.rt, b.rt) << "event " << i << " seed=" << seed;
      ASSERT_EQ(a.alpha, b.alpha) << "event " << i << " seed=" << seed;
    }
  }
}

TEST(DcqcnRpParams, StageCountersSaturateInsteadOfWrapping) {
  const RpParams p = small_b(RpParams::paper());
  RpState s = after_first_cnp(p);
  for (int k = 0; k < 300; ++k) on_increase_event(s, p, IncreaseSource::kTimer);
  EXPECT_EQ(s.time_stage, kStageMax);
  EXPECT_EQ(on_increase_event(s, p, IncreaseSource::kTimer).action, RpAction::kAdditiveIncrease);
}

TEST(DcqcnState, RpAndNpTogetherFitIn128BitsPerFlow) {
  EXPECT_EQ(RpState::kStateBits, 109u);
  EXPECT_EQ(NpState::kStateBits, 19u);
  static_assert(RpState::kStateBits + NpState::kStateBits <= 128, "plan: DCQCN <= 128 bits/flow");
}

// ---------------------------------------------------------------------------------------------
// RP, random event sequences: kernel against the double-precision reference

ref::Step to_step(RpAction a) {
  switch (a) {
    case RpAction::kNone: return ref::Step::kNone;
    case RpAction::kRateCut: return ref::Step::kCut;
    case RpAction::kCnpLatched: return ref::Step::kCnpLatched;
    case RpAction::kAlphaUpdate: return ref::Step::kAlphaUpdate;
    case RpAction::kFastRecovery: return ref::Step::kFastRecovery;
    case RpAction::kAdditiveIncrease: return ref::Step::kAdditiveIncrease;
    case RpAction::kHyperIncrease: return ref::Step::kHyperIncrease;
  }
  return ref::Step::kNone;
}

// The asserted bounds (docs/units/dcqcn.md 5): RC and RT within 0.5 % of the reference (the plan's
// target), or within 8 LSB (0.25 Mb/s) where that is larger, i.e. below 50 Mb/s, where a few LSB
// are already more than 0.5 %; alpha within the EWMA rounding bound 0.5 LSB / g + 1 LSB.
constexpr double kRateRelBound = 0.005;
constexpr double kRateAbsBoundMbps = 8 * kLsbMbps;
constexpr double kRelBoundFromMbps = kRateAbsBoundMbps / kRateRelBound;  // 50 Mb/s
double rate_bound(double ref_mbps) { return std::max(kRateRelBound * ref_mbps, kRateAbsBoundMbps); }
double alpha_bound(const RpParams& p) { return (0.5 / g_of(p) + 1) * kAlphaLsb; }

struct ErrorStats {
  double max_rel_rc_100 = 0;               // where the reference RC >= 100 Mb/s
  double max_rel_rc_50 = 0, max_rel_rt_50 = 0;       // where the reference >= 50 Mb/s
  double max_abs_rc_lsb_low = 0, max_abs_rt_lsb_low = 0;  // where the reference < 50 Mb/s
  double max_abs_rc_lsb = 0;
  double max_alpha = 0;
  long events = 0, cuts = 0, fast = 0, additive = 0, hyper = 0, byte_events = 0, divided = 0;
  long resyncs = 0;  // ns3-rdma RT/8 near-ties decided differently (reference resynchronised)
  void merge(const ErrorStats& o) {
    max_rel_rc_100 = std::max(max_rel_rc_100, o.max_rel_rc_100);
    max_rel_rc_50 = std::max(max_rel_rc_50, o.max_rel_rc_50);
    max_rel_rt_50 = std::max(max_rel_rt_50, o.max_rel_rt_50);
    max_abs_rt_lsb_low = std::max(max_abs_rt_lsb_low, o.max_abs_rt_lsb_low);
    max_abs_rc_lsb = std::max(max_abs_rc_lsb, o.max_abs_rc_lsb);
    max_abs_rc_lsb_low = std::max(max_abs_rc_lsb_low, o.max_abs_rc_lsb_low);
    max_alpha = std::max(max_alpha, o.max_alpha);
    events += o.events; cuts += o.cuts; fast += o.fast; additive += o.additive; hyper += o.hyper;
    byte_events += o.byte_events; divided += o.divided; resyncs += o.resyncs;
  }
};

// One seeded run of n_events random events. Congestion comes in phases: every 500 events the CNP
// share changes, so rates sweep from the floor to the line rate and back.
void run_random_rp(const RpParams& p, uint64_t seed, int n_events, ErrorStats& st) {
  SCOPED_TRACE(fmt::format("seed={}", seed));
  std::mt19937_64 rng(seed);
  RpState s = rp_initial_state(p);
  ref::RpReference r(ref::reference_params(p));
  const double shares[] = {0.0, 0.01, 0.05, 0.15, 0.4, 0.85};  // 0.85: CNP storms
  double cnp_share = 0.1;
  std::array<std::string, 24> history;
  std::uniform_real_distribution<double> u01(0, 1);
  std::uniform_int_distribution<uint32_t> len(64, 9000);
  const bool mlx = p.variant == RpVariant::kMlx;
  for (int k = 0; k < n_events; ++k) {
    if (k % 500 == 0) cnp_share = shares[rng() % 6];
    const double x = u01(rng);
    const double ref_rc_before = r.RC, ref_rt_before = r.RT;
    RpOut out;
    ref::RpResult rr;
    std::string what;
    if (x < cnp_share) {
      what = "cnp";
      out = on_cnp(s, p);
      rr = r.on_cnp();
    } else if (x < cnp_share + (1 - cnp_share) * 0.15) {
      what = "alpha timer";
      out = on_alpha_timer(s, p);
      rr = r.on_alpha_timer();
    } else if (mlx && x < cnp_share + (1 - cnp_share) * 0.30) {
      what = "decrease timer";
      out = on_rate_decrease_timer(s, p);
      rr = r.on_rate_decrease_timer();
    } else if (x < cnp_share + (1 - cnp_share) * 0.45) {
      what = "increase timer";
      out = on_increase_event(s, p, IncreaseSource::kTimer);
      rr = r.on_increase_event(ref::Source::kTimer);
    } else {
      const uint32_t n = len(rng);
      what = fmt::format("tx {} B", n);
      out = on_tx(s, p, n);
      rr = r.on_tx(n);
    }
    // The last events, printed with a failure: kernel (k) and reference (r) after each.
    history[k % history.size()] =
        fmt::format("  {:5} {:16} RC k {:.5f} r {:.5f}  RT k {:.5f} r {:.5f}  alpha k {:.6f} r {:.6f}\n",
                    k, what, mbps(s.rc), r.RC, mbps(s.rt), r.RT, alpha_of(s.alpha), r.alpha);
    std::string where = fmt::format("event {} ({})", k, what);
    if (std::abs(mbps(s.rc) - r.RC) > rate_bound(r.RC) || std::abs(mbps(s.rt) - r.RT) > rate_bound(r.RT)) {
      where += fmt::format(" {}; last events:\n", fmt::format("F={} g={} min={} Mb/s clamp={}/{} min_dec_fac={}",
          p.fast_recovery_steps, g_of(p), mbps(p.min_rate), p.clamp_tgt_rate,
          p.clamp_tgt_rate_after_time_inc, p.min_dec_fac));
      for (size_t j = 1; j <= history.size(); ++j) where += history[(k + j) % history.size()];
    }
    // Decisions are exact.
    ASSERT_EQ(to_step(out.action), rr.step) << where;
    ASSERT_EQ(out.byte_counter_expired, rr.byte_counter_fired) << where;
    if (out.target_divided != rr.target_divided) {
      // ns3-rdma's RT > 10 RC is a discontinuity: within the rate error bound of a tie the two
      // models may decide differently. Check it is such a near-tie, then resynchronise.
      const double ratio = ref_rt_before / (10 * ref_rc_before);
      ASSERT_NEAR(ratio, 1.0, 0.01) << where << ": RT/8 decided differently away from a tie";
      r.RC = mbps(s.rc);
      r.RT = mbps(s.rt);
      ++st.resyncs;
    }
    // The 7-bit stage counters saturate; rp_params_error guarantees that by then RT is at the line
    // rate, so only the reported i may differ.
    const int64_t max_i = kStageMax - p.fast_recovery_steps + (p.variant == RpVariant::kNs3Rdma);
    if (p.variant != RpVariant::kMlx && rr.i > max_i) {
      ASSERT_EQ(out.hyper_i, max_i) << where;
      ASSERT_EQ(s.rt, p.line_rate) << where << ": stage counters saturated below the line rate";
      ASSERT_EQ(r.RT, r.params().C_mbps) << where;
    } else {
      ASSERT_EQ(out.hyper_i, rr.i) << where;
    }
    ASSERT_NEAR(out.arm_alpha_ns, rr.alpha_timer_us * 1000, 0.5) << where;
    ASSERT_NEAR(out.arm_increase_ns, rr.increase_timer_us * 1000, 0.5) << where;
    ASSERT_NEAR(out.arm_decrease_ns, rr.decrease_timer_us * 1000, 0.5) << where;
    ASSERT_EQ(s.time_stage, std::min<int64_t>(r.T, kStageMax)) << where;
    ASSERT_EQ(s.byte_stage, std::min<int64_t>(r.BC, kStageMax)) << where;
    if (p.byte_counter_bytes != 0) {
      ASSERT_EQ(s.bytes_left.to_int64(), std::max<int64_t>(r.byte_counter, 0)) << where;
    }
    // Values are within the bound.
    const double d_rc = std::abs(mbps(s.rc) - r.RC), d_rt = std::abs(mbps(s.rt) - r.RT);
    const double d_alpha = std::abs(alpha_of(s.alpha) - r.alpha);
    ASSERT_LE(d_rc, rate_bound(r.RC)) << where << " RC ref " << r.RC << " kernel " << mbps(s.rc);
    ASSERT_LE(d_rt, rate_bound(r.RT)) << where << " RT ref " << r.RT << " kernel " << mbps(s.rt);
    ASSERT_LE(d_alpha, alpha_bound(p)) << where << " alpha ref " << r.alpha;
    if (r.RC >= kRelBoundFromMbps) st.max_rel_rc_50 = std::max(st.max_rel_rc_50, d_rc / r.RC);
    if (r.RT >= kRelBoundFromMbps) st.max_rel_rt_50 = std::max(st.max_rel_rt_50, d_rt / r.RT);
    if (r.RC < kRelBoundFromMbps) st.max_abs_rc_lsb_low = std::max(st.max_abs_rc_lsb_low, d_rc / kLsbMbps);
    if (r.RT < kRelBoundFromMbps) st.max_abs_rt_lsb_low = std::max(st.max_abs_rt_lsb_low, d_rt / kLsbMbps);
    if (r.RC >= 100) st.max_rel_rc_100 = std::max(st.max_rel_rc_100, d_rc / r.RC);
    st.max_abs_rc_lsb = std::max(st.max_abs_rc_lsb, d_rc / kLsbMbps);
    st.max_alpha = std::max(st.max_alpha, d_alpha);
    ++st.events;
    st.cuts += out.action == RpAction::kRateCut;
    st.fast += out.action == RpAction::kFastRecovery;
    st.additive += out.action == RpAction::kAdditiveIncrease;
    st.hyper += out.action == RpAction::kHyperIncrease;
    st.byte_events += out.byte_counter_expired;
    st.divided += out.target_divided;
  }
}

// Random parameters around a preset: F, g, B, steps, clamp options, floors and line rate.
RpParams random_params(RpParams base, std::mt19937_64& rng) {
  for (;;) {
    RpParams p = base;
    const uint32_t gbps[] = {10, 25, 40, 100, 200, 400};
    p.line_rate = rate_from_mbps(gbps[rng() % 6] * 1000);
    p.fast_recovery_steps = static_cast<uint32_t>(1 + rng() % 8);
    const uint32_t gains[] = {kGainOne / 256, kGainOne / 16, 320, kGainOne / 64};
    p.g = gains[rng() % 4];
    p.r_ai = rate_from_mbps(static_cast<uint32_t>(1 + rng() % 100));
    p.r_hai = rate_from_mbps(static_cast<uint32_t>(100 + rng() % 400));
    p.min_rate = rate_from_mbps(static_cast<uint32_t>(rng() % 2 ? 100 : 1 + rng() % 20));
    p.clamp_tgt_rate = rng() % 2;
    p.clamp_tgt_rate_after_time_inc = rng() % 2;
    p.min_dec_fac = rng() % 2 ? 0 : static_cast<uint32_t>(kGainOne / 2 + rng() % (kGainOne / 2));
    // mlx: half the draws without the byte counter (HPCC), half with it (ConnectX rp_byte_reset)
    if (p.variant != RpVariant::kMlx || rng() % 2)
      p.byte_counter_bytes = static_cast<uint32_t>(5'000 + rng() % 200'000);
    else
      p.byte_counter_bytes = 0;
    p.initial_alpha = rng() % 2 ? kAlphaMax : static_cast<uint32_t>(rng() % kAlphaOne);
    p.rate_on_first_cnp = p.variant == RpVariant::kMlx && rng() % 2
                              ? static_cast<uint32_t>(rng() % p.line_rate) + 1 : 0;
    if (rp_params_error(p) == nullptr) return p;
  }
}

void random_rp_suite(const char* name, RpParams base, uint64_t seed0) {
  const int kEvents = 10'000;
  const int kRuns = seed_pinned() ? 1 : 12;
  ErrorStats total;
  for (int run = 0; run < kRuns; ++run) {
    const uint64_t seed = test_seed(seed0 + static_cast<uint64_t>(run));
    std::printf("%s seed=%llu\n", name, static_cast<unsigned long long>(seed));
    std::mt19937_64 prng(seed ^ 0x9e3779b97f4a7c15ull);
    // Even seeds run the preset itself (with a small B so that byte events happen), odd seeds
    // random parameters around it; the seed alone decides, so CCF_SEED replays either kind.
    const bool randomize = seed % 2 == 1;
    RpParams p = randomize ? random_params(base, prng) : base;
    if (!randomize && p.variant != RpVariant::kMlx) p.byte_counter_bytes = 64'000;
    ErrorStats st;
    run_random_rp(p, seed, kEvents, st);
    if (::testing::Test::HasFatalFailure()) return;
    total.merge(st);
  }
  std::printf(
      "%s: %ld events: RC >= 100 Mb/s: max |dRC|/RC %.4f %%; ref >= 50 Mb/s: max |dRC|/RC %.4f %%, "
      "max |dRT|/RT %.4f %%; ref < 50 Mb/s: max |dRC| %.2f LSB, max |dRT| %.2f LSB; max |dRC| %.1f "
      "LSB; max |d alpha| %.3g; cuts %ld fast %ld additive %ld hyper %ld byte events %ld RT/8 %ld "
      "near-tie resyncs %ld\n",
      name, total.events, 100 * total.max_rel_rc_100, 100 * total.max_rel_rc_50,
      100 * total.max_rel_rt_50, total.max_abs_rc_lsb_low, total.max_abs_rt_lsb_low,
      total.max_abs_rc_lsb, total.max_alpha, total.cuts, total.fast, total.additive, total.hyper,
      total.byte_events, total.divided, total.resyncs);
  if (!seed_pinned()) {  // coverage of the whole suite; one replayed seed may miss a stage
    EXPECT_GT(total.cuts, 0);
    EXPECT_GT(total.fast, 0);
    EXPECT_GT(total.additive, 0);
    EXPECT_GT(total.hyper, 0);
    if (base.byte_counter_bytes != 0) {
      EXPECT_GT(total.byte_events, 0);
    }
  }
}

TEST(DcqcnRpRandom, PaperKernelTracksTheReferenceWithinHalfAPercent) {
  random_rp_suite("paper", RpParams::paper(), 1000);
}

TEST(DcqcnRpRandom, PaperKernelAt400GbpsTracksTheReferenceWithinHalfAPercent) {
  random_rp_suite("paper-400G", RpParams::paper(400'000), 2000);
}

TEST(DcqcnRpRandom, Ns3RdmaKernelTracksTheReferenceWithinHalfAPercent) {
  RpParams p = RpParams::paper(100'000);
  p.variant = RpVariant::kNs3Rdma;
  random_rp_suite("ns3-rdma", p, 3000);
}

TEST(DcqcnRpRandom, HpccNs3KernelTracksTheReferenceWithinHalfAPercent) {
  random_rp_suite("hpcc-ns3", RpParams::hpcc_ns3(), 4000);
}

TEST(DcqcnRpRandom, Mlx5KernelTracksTheReferenceWithinHalfAPercent) {
  random_rp_suite("mlx5", RpParams::mlx5(), 5000);  // with the byte counter, rp_byte_reset = 32767
}

TEST(DcqcnRpRandom, Mlx5WithoutByteCounterKernelTracksTheReferenceWithinHalfAPercent) {
  RpParams p = RpParams::mlx5();
  p.byte_counter_bytes = 0;  // timer-only increases, as before the byte counter
  random_rp_suite("mlx5-no-bc", p, 6000);
}

// ---------------------------------------------------------------------------------------------
// NP: CNP generation (DCQCN paper, section 3.1, Figure 6)

constexpr uint64_t kUs = 1000;  // ns

TEST(DcqcnNp, FirstMarkedPacketGetsACnpImmediately) {
  const NpParams p = NpParams::paper();
  NpState s;
  const NpOut out = on_marked_packet(s, p, 123 * kUs);
  EXPECT_TRUE(out.send_cnp);
  EXPECT_TRUE(out.arm_window);
  EXPECT_EQ(out.window_end_ns, 173 * kUs);  // N = 50 us
}

TEST(DcqcnNp, MarksInsideTheWindowGiveOneCnpWhenTheWindowEnds) {
  const NpParams p = NpParams::paper();
  NpState s;
  on_marked_packet(s, p, 0);
  for (uint64_t t = 1 * kUs; t < 50 * kUs; t += 7 * kUs) EXPECT_FALSE(on_marked_packet(s, p, t).send_cnp);
  const NpOut out = on_window_end(s, p, 50 * kUs);
  EXPECT_TRUE(out.send_cnp);
  EXPECT_EQ(out.window_end_ns, 100 * kUs);
}

TEST(DcqcnNp, WindowWithoutMarksClosesAndTheNextMarkGetsACnpAtOnce) {
  const NpParams p = NpParams::paper();
  NpState s;
  on_marked_packet(s, p, 0);
  EXPECT_FALSE(on_window_end(s, p, 50 * kUs).send_cnp);
  EXPECT_FALSE(s.open);
  EXPECT_TRUE(on_marked_packet(s, p, 61 * kUs).send_cnp);
}

TEST(DcqcnNp, NoCnpWithoutMarkedPackets) {
  const NpParams p = NpParams::paper();
  NpState s;
  for (uint64_t t = 0; t < 1000 * kUs; t += 50 * kUs) EXPECT_FALSE(on_window_end(s, p, t).send_cnp);
  on_marked_packet(s, p, 1000 * kUs);
  EXPECT_FALSE(on_window_end(s, p, 1050 * kUs).send_cnp);
  EXPECT_FALSE(on_window_end(s, p, 1100 * kUs).send_cnp);
}

TEST(DcqcnNp, MinTimeModeIgnoresMarksInsideTheInterval) {
  const NpParams p = NpParams::mlx5();  // 4 us
  NpState s;
  EXPECT_TRUE(on_marked_packet(s, p, 0).send_cnp);
  EXPECT_FALSE(on_marked_packet(s, p, 3 * kUs).send_cnp);
  EXPECT_FALSE(on_window_end(s, p, 4 * kUs).send_cnp);  // no deferred CNP
  EXPECT_TRUE(on_marked_packet(s, p, 4 * kUs + 1).send_cnp);
}

TEST(DcqcnNp, MinTimeZeroSendsACnpForEveryMark) {
  const NpParams p{NpMode::kMinTimeBetweenCnps, 0, {}};
  NpState s;
  for (uint64_t t = 0; t < 10; ++t) {
    const NpOut out = on_marked_packet(s, p, t);
    EXPECT_TRUE(out.send_cnp);
    EXPECT_FALSE(out.arm_window);
  }
}

TEST(DcqcnNp, MarkAtTheWindowEndGivesOneCnpInEitherOrder) {
  for (const NpParams& p : {NpParams::paper(), NpParams::mlx5()}) {
    for (int pending = 0; pending < 2; ++pending) {
      NpState a, b;
      on_marked_packet(a, p, 0);
      on_marked_packet(b, p, 0);
      if (pending) {
        on_marked_packet(a, p, 1);
        on_marked_packet(b, p, 1);
      }
      const uint64_t t = p.interval_ns;
      const int cnps_a = on_marked_packet(a, p, t).send_cnp + on_window_end(a, p, t).send_cnp;
      const int cnps_b = on_window_end(b, p, t).send_cnp + on_marked_packet(b, p, t).send_cnp;
      EXPECT_EQ(cnps_a, 1) << "mode " << int(p.mode) << " pending " << pending;
      EXPECT_EQ(cnps_b, 1) << "mode " << int(p.mode) << " pending " << pending;
    }
  }
}

TEST(DcqcnNp, TimestampWrapAfterALongIdleDoesNotSuppressACnp) {
  const NpParams p = NpParams::mlx5();
  NpState s;
  on_marked_packet(s, p, 0);
  on_window_end(s, p, p.interval_ns);
  // 2^17 ns later the 17-bit timestamp reads 1 ns after the last CNP; the closed window decides.
  EXPECT_TRUE(on_marked_packet(s, p, (uint64_t{1} << NP_TIME_W) + 1).send_cnp);
}

TEST(DcqcnNp, ParamsRejectIntervalsBeyondTheTimestampWidth) {
  EXPECT_EQ(np_params_error(NpParams::paper()), nullptr);
  EXPECT_EQ(np_params_error(NpParams::mlx5()), nullptr);
  EXPECT_NE(np_params_error(NpParams{NpMode::kPaperWindow, 200'000, {}}), nullptr);
  EXPECT_NE(np_params_error(NpParams{NpMode::kPaperWindow, 0, {}}), nullptr);
  NpParams p = NpParams::paper();
  p.widths.time = 0;
  EXPECT_STREQ(np_params_error(p), "widths.np_time must be 1..17 (bits)");
  p.widths.time = NP_TIME_W + 1;
  EXPECT_STREQ(np_params_error(p), "widths.np_time must be 1..17 (bits)");
  p = NpParams::paper();
  p.widths.time_lsb = kNpMaxTimeLsb + 1;
  EXPECT_STREQ(np_params_error(p), "widths.np_time_lsb must be 0..16 (log2 ns)");
  p.widths.time_lsb = kNpMaxTimeLsb;
  EXPECT_EQ(np_params_error(p), nullptr);
}

// Random marked-packet arrivals (bursts, gaps around N, idles beyond the 17-bit wrap); window ends
// are delivered at the kernel's deadlines, ties in random order. The kernel's CNP times must equal
// the reference's, be at least N apart, and each must answer a marked packet (at its time, or in
// the window that it ends).
void random_np_suite(const NpParams& p, uint64_t seed0) {
  const int kRuns = seed_pinned() ? 1 : 10;
  for (int run = 0; run < kRuns; ++run) {
    const uint64_t seed = test_seed(seed0 + static_cast<uint64_t>(run));
    std::printf("np mode %d seed=%llu\n", int(p.mode), static_cast<unsigned long long>(seed));
    SCOPED_TRACE(fmt::format("seed={}", seed));
    std::mt19937_64 rng(seed);
    NpState s;
    ref::NpReference r(p.mode == NpMode::kPaperWindow ? ref::NpReferenceMode::kPaperWindow
                                                      : ref::NpReferenceMode::kMinTimeBetweenCnps,
                       p.interval_ns);
    bool armed = false;  // the kernel's window deadline (a plain pair: GCC 12 misreads optional here)
    uint64_t deadline = 0;
    std::vector<uint64_t> cnps_kernel, cnps_ref;
    uint64_t t = 1000;
    long deferred = 0, marks_since_cnp = 0;
    for (int k = 0; k < 10'000; ++k) {
      const int kind = static_cast<int>(rng() % 10);
      const uint64_t n = p.interval_ns;
      t += kind < 5 ? rng() % (n / 8 + 1) : kind < 9 ? rng() % (2 * n + 1) : rng() % (1u << 20);
      // Window ends due before (or, in random order, at) this packet.
      for (;;) {
        if (!armed || deadline > t) break;
        if (deadline == t && rng() % 2) break;  // the packet goes first this time
        const uint64_t d = deadline;
        armed = false;
        const NpOut out = on_window_end(s, p, d);
        ASSERT_EQ(r.cnp_timer_deadline().value_or(-1), static_cast<int64_t>(d));
        const bool ref_cnp = r.on_cnp_timer(static_cast<int64_t>(d));
        ASSERT_EQ(out.send_cnp, ref_cnp) << "window end at " << d;
        if (out.send_cnp) {
          ASSERT_GT(marks_since_cnp, 0) << "CNP at " << d << " without a mark in its window";
          marks_since_cnp = 0;
          cnps_kernel.push_back(d);
          ++deferred;
        }
        if (ref_cnp) cnps_ref.push_back(d);
        if (out.arm_window) {
          armed = true;
          deadline = out.window_end_ns;
        }
      }
      const NpOut out = on_marked_packet(s, p, t);
      const bool ref_cnp = r.on_marked_packet(static_cast<int64_t>(t));
      ASSERT_EQ(out.send_cnp, ref_cnp) << "mark at " << t;
      if (out.send_cnp) {
        cnps_kernel.push_back(t);
        marks_since_cnp = 0;
      } else {
        ++marks_since_cnp;
      }
      if (ref_cnp) cnps_ref.push_back(t);
      if (out.arm_window) {
        armed = true;
        deadline = out.window_end_ns;
      }
    }
    ASSERT_EQ(cnps_kernel, cnps_ref);
    for (size_t i = 1; i < cnps_kernel.size(); ++i) {
      ASSERT_GE(cnps_kernel[i] - cnps_kernel[i - 1], p.interval_ns) << "CNP " << i;
    }
    EXPECT_GT(cnps_kernel.size(), 100u);
    if (p.mode == NpMode::kPaperWindow) {
      EXPECT_GT(deferred, 0);
    }
  }
}

TEST(DcqcnNpRandom, PaperWindowKernelMatchesReferenceAndSpacesCnpsByAtLeastN) {
  random_np_suite(NpParams::paper(), 7000);
}

TEST(DcqcnNpRandom, MinTimeKernelMatchesReferenceAndSpacesCnpsByAtLeastN) {
  random_np_suite(NpParams::mlx5(), 8000);
}

}  // namespace
}  // namespace ccf::hls::dcqcn
