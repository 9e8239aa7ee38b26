// The NIC's retransmission timer (sc/nic/retransmit_timer) against RFC 6298 section 2 computed in
// double, and the InfiniBand Local ACK Timeout 4.096 us x 2^exp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "sc/nic/retransmit_timer.hpp"

int sc_main(int, char**) {
  return 0;
}  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

using sc_core::SC_MS;
using sc_core::sc_time;
using sc_core::SC_US;

constexpr uint64_t kUs = 1'000'000;  // ps

RetransmitConfig rtt_estimate(unsigned backoff = 2, unsigned retry_limit = 0) {
  RetransmitConfig c;
  c.mode = RtoMode::kRttEstimate;
  c.initial = sc_time(1, SC_MS);
  c.min = sc_time(100, SC_US);
  c.max = sc_time(100, SC_MS);
  c.backoff = backoff;
  c.retry_limit = retry_limit;
  return c;
}

// RFC 6298 2.2-2.5 in double: the reference.
struct Rfc6298 {
  double srtt = 0, rttvar = 0, rto;
  double lo, hi;
  bool first = true;
  Rfc6298(double initial, double min, double max) : rto(initial), lo(min), hi(max) {}
  void sample(double r) {
    if (first) {
      srtt = r;
      rttvar = r / 2;
      first = false;
    } else {
      rttvar = 0.75 * rttvar + 0.25 * std::abs(srtt - r);
      srtt = 0.875 * srtt + 0.125 * r;
    }
    rto = std::clamp(srtt + 4 * rttvar, lo, hi);
  }
};

TEST(IbLocalAckTimeout, Is4096NsTimesTwoToTheExponentAndZeroMeansNoTimer) {
  EXPECT_EQ(ib_local_ack_timeout(0), sc_core::SC_ZERO_TIME);
  EXPECT_EQ(ib_local_ack_timeout(1).value(), 8'192'000u);           // 8.192 us
  EXPECT_EQ(ib_local_ack_timeout(14).value(), 67'108'864'000u);     // 67.1 ms, perftest's default
  EXPECT_EQ(ib_local_ack_timeout(31).value(), 4'096'000ull << 31);  // 8796 s
}

TEST(RetransmitTimer, FixedTimeoutIgnoresRttSamplesAndDoesNotBackOffByDefault) {
  RetransmitConfig c;
  c.fixed = sc_time(67, SC_US);
  const RetransmitTimer t(c);
  RtoState s = t.initial_state();
  EXPECT_EQ(t.timeout_ps(s), 67 * kUs);
  t.on_rtt_sample(s, 500 * kUs);
  EXPECT_EQ(t.timeout_ps(s), 67 * kUs);
  ASSERT_TRUE(t.on_timeout(s));
  ASSERT_TRUE(t.on_timeout(s));
  EXPECT_EQ(t.timeout_ps(s), 67 * kUs);
}

TEST(RetransmitTimer, AFixedTimeoutAboveTheCeilingIsKeptAndBacksOffFromThere) {
  RetransmitConfig c;
  c.fixed = ib_local_ack_timeout(20);  // 4.3 s
  c.max = sc_time(1, SC_MS);
  c.backoff = 2;
  const RetransmitTimer t(c);
  RtoState s = t.initial_state();
  EXPECT_EQ(t.timeout_ps(s), c.fixed.value());
  ASSERT_TRUE(t.on_timeout(s));
  EXPECT_EQ(t.timeout_ps(s), c.fixed.value());  // the ceiling is max(fixed, max)
}

TEST(RetransmitTimer, BeforeAnySampleTheEstimateIsTheInitialTimeout) {
  const RetransmitTimer t(rtt_estimate());
  EXPECT_EQ(t.timeout_ps(t.initial_state()), 1000 * kUs);
}

TEST(RetransmitTimer, FirstSampleGivesSrttPlusTwiceItsValue) {  // RFC 6298 2.2: SRTT = R, RTTVAR = R/2
  const RetransmitTimer t(rtt_estimate());
  RtoState s = t.initial_state();
  t.on_rtt_sample(s, 200 * kUs);
  EXPECT_EQ(t.timeout_ps(s), 600 * kUs);  // 200 + 4 x 100
}

TEST(RetransmitTimer, EstimateFollowsRfc6298WithinOnePicosecondPerSample) {
  const unsigned seed = std::getenv("CCF_SEED") ? unsigned(std::atoi(std::getenv("CCF_SEED"))) : 7u;
  std::printf("seed=%u\n", seed);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> rtt(1 * kUs, 2000 * kUs);
  const RetransmitTimer t(rtt_estimate());
  RtoState s = t.initial_state();
  Rfc6298 ref(1000.0 * kUs, 100.0 * kUs, 100000.0 * kUs);
  for (int i = 0; i < 10000; ++i) {
    const uint64_t r = rtt(rng);
    t.on_rtt_sample(s, r);
    ref.sample(double(r));
    // Integer shifts truncate where the reference does not: the error stays within a few ps.
    ASSERT_NEAR(double(t.timeout_ps(s)), ref.rto, 16.0) << "sample " << i << " seed=" << seed;
  }
}

TEST(RetransmitTimer, EstimateIsFlooredAndCapped) {  // RFC 6298 2.4, 2.5
  const RetransmitTimer t(rtt_estimate());
  RtoState s = t.initial_state();
  t.on_rtt_sample(s, 5 * kUs);
  EXPECT_EQ(t.timeout_ps(s), 100 * kUs);
  RtoState big = t.initial_state();
  t.on_rtt_sample(big, 80'000 * kUs);
  EXPECT_EQ(t.timeout_ps(big), 100'000 * kUs);
}

TEST(RetransmitTimer, EachTimeoutInARowDoublesUntilProgressAndTheCeilingHolds) {  // RFC 6298 5.5
  const RetransmitTimer t(rtt_estimate());
  RtoState s = t.initial_state();
  t.on_rtt_sample(s, 100 * kUs);  // RTO 300 us
  uint64_t expected = 300 * kUs;
  for (int i = 0; i < 12; ++i) {
    ASSERT_TRUE(t.on_timeout(s));
    expected = std::min<uint64_t>(expected * 2, 100'000 * kUs);
    EXPECT_EQ(t.timeout_ps(s), expected) << "timeout " << i + 1;
  }
  t.on_progress(s);
  EXPECT_EQ(t.timeout_ps(s), 300 * kUs);
}

TEST(RetransmitTimer, TheRetryLimitAllowsExactlyThatManyTimeoutsInARow) {  // IBTA retry_cnt
  const RetransmitTimer t(rtt_estimate(1, 7));
  RtoState s = t.initial_state();
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(t.on_timeout(s)) << "timeout " << i + 1;
  EXPECT_FALSE(t.on_timeout(s));
  t.on_progress(s);
  EXPECT_TRUE(t.on_timeout(s));
}

TEST(RetransmitConfig, InconsistentValuesAreNamed) {
  RetransmitConfig c = rtt_estimate();
  c.initial = sc_time(50, SC_US);
  EXPECT_NE(c.validate().find("nic.rto_initial_us = 50 must be from nic.rto_min_us = 100"), std::string::npos)
      << c.validate();
  c = rtt_estimate();
  c.backoff = 0;
  EXPECT_NE(c.validate().find("nic.rto_backoff = 0 must be 1..16"), std::string::npos) << c.validate();
  c = rtt_estimate();
  c.retry_limit = 300;
  EXPECT_NE(c.validate().find("nic.retry_limit = 300 must be 0..255"), std::string::npos) << c.validate();
  EXPECT_EQ(rtt_estimate().validate(), "");
}

}  // namespace
}  // namespace ccf::nic
