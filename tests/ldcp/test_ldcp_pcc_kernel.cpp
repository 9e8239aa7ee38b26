// test_ldcp_pcc_kernel.cpp: the kernel of LDCP's variant for NICs without per-packet ACK (Mellanox
// CX6-DX PCC; hls/ldcp/ldcp_pcc_kernel) against the draft's rules (section 3.2: cw - beta on
// every CNP, cw + alpha per RTT response, rate = cw / RTT) computed in the test, and against the
// double-precision reference (models/ldcp/ldcp_pcc_reference) on random event sequences, with the
// bound of docs/units/ldcp.md 11.5. Random tests print seed=...; CCF_SEED=<n> replays one seed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/ldcp/ldcp_pcc_kernel.hpp"
#include "models/ldcp/kernel_params.hpp"
#include "models/ldcp/ldcp_pcc_reference.hpp"

namespace ccf::hls::ldcp {
namespace {

namespace ref = ccf::models::ldcp;

constexpr double kCwLsb = 1.0 / kCwOne;
constexpr uint32_t kMtu = 1024;
constexpr double kLine = 100.0;                          // Gb/s
constexpr double kFrameNs = (kMtu + 82) * 8.0 / kLine;   // one full frame at line rate: 88.48 ns

double cw_of(const PccState& s) { return static_cast<double>(s.cw) * kCwLsb; }
uint64_t cw_from(double cw) { return static_cast<uint64_t>(std::llround(cw * kCwOne)); }
double rate_of(uint32_t r) { return std::ldexp(double(r), -int(RATE_FRAC_BITS)); }

Params pcc(double alpha = 1.0, double beta = 0.5, double gamma = 0.125) {
  Params p;
  p.variant = Variant::kCx6dxPcc;
  p.alpha = alpha;
  p.beta = beta;
  p.gamma = gamma;
  p.base_rtt_ns = 4'190;
  return p;
}

Config config(const Params& p, uint32_t mtu = kMtu, double line = kLine) {
  EXPECT_EQ(ldcp_config_error(p, mtu, line), "");
  return ldcp_config(p, mtu, line);
}

// A flow whose request went out at sent_ns.
PccState in_flight(const Config& c, double cw, uint64_t sent_ns) {
  PccState s = ldcp_pcc_initial_state(c);
  s.cw = cw_from(cw);
  ldcp_pcc_on_probe_sent(s, c, sent_ns);
  return s;
}

uint64_t test_seed() {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : 1;
}

TEST(LdcpPccKernel, StartsAtTheInitialWindowWithTheBaseRttAndOwesAProbe) {
  const Config c = config(pcc());
  const PccState s = ldcp_pcc_initial_state(c);
  // IW = ceil(BDP / mtu), BDP = 4190 ns x 100 Gb/s / 8 = 52,375 B: 52 packets.
  EXPECT_EQ(c.iw_packets, 52u);
  EXPECT_EQ(cw_of(s), 52.0);
  EXPECT_EQ(s.rtt_ns, 4'190u);
  EXPECT_TRUE(ldcp_pcc_probe_wanted(s));  // "at the beginning of a flow, an RTT request is sent out"
  // 52 frames per 4.19 us is more than the line carries (47.4): the flow starts at line rate.
  EXPECT_EQ(ldcp_pcc_rate(s, c), kRateOne);
}

TEST(LdcpPccKernel, EveryCnpTakesBetaPacketsOffTheWindow) {
  for (double beta : {1.0, 0.5, 0.25, 1.0 / 16}) {
    const Config c = config(pcc(1.0, beta));
    PccState s = ldcp_pcc_initial_state(c);
    for (double cw : {52.0, 7.3, 1.5}) {
      s.cw = cw_from(cw);
      const PccOut out = ldcp_pcc_on_cnp(s, c);
      EXPECT_EQ(out.action, PccAction::kCnpDecrease);
      EXPECT_EQ(cw_of(s), std::max(0.125, double(cw_from(cw)) * kCwLsb - beta)) << "beta " << beta << " cw " << cw;
      EXPECT_TRUE(out.window_changed);
      EXPECT_EQ(out.arm_timeout_ns, 0u);
    }
  }
}

TEST(LdcpPccKernel, ACnpNeverTakesTheWindowBelowGamma) {
  const Config c = config(pcc(1.0, 1.0, 0.0625));
  PccState s = ldcp_pcc_initial_state(c);
  s.cw = cw_from(0.5);
  ldcp_pcc_on_cnp(s, c);
  EXPECT_EQ(cw_of(s), 0.0625);
  const PccOut again = ldcp_pcc_on_cnp(s, c);
  EXPECT_EQ(cw_of(s), 0.0625);
  EXPECT_FALSE(again.window_changed);
  EXPECT_GE(again.rate, 1u);  // the rate never reaches 0
}

TEST(LdcpPccKernel, AResponseAddsAlphaAndTakesItsRttSample) {
  for (double alpha : {1.0, 0.5, 0.125}) {
    Params p = pcc(alpha);
    p.cw_clamp = false;
    const Config c = config(p);
    PccState s = in_flight(c, 6.25, 1'000'000);
    EXPECT_FALSE(ldcp_pcc_probe_wanted(s));
    const PccOut out = ldcp_pcc_on_rtt_response(s, c, 1'000'000, 1'012'345);
    EXPECT_EQ(out.action, PccAction::kResponseIncrease);
    EXPECT_EQ(cw_of(s), 6.25 + alpha);  // "the window grows by alpha"
    EXPECT_EQ(s.rtt_ns, 12'345u);
    EXPECT_TRUE(out.request_probe);      // the next request follows the response
    EXPECT_TRUE(ldcp_pcc_probe_wanted(s));
  }
}

TEST(LdcpPccKernel, WithTheClampTheWindowStopsAtTheLineRateWindow) {
  const Config c = config(pcc());
  // RTT 20 us: the line carries 20000 / 88.48 = 226.04 frames per RTT.
  PccState s = in_flight(c, 300.0, 0);
  ldcp_pcc_on_rtt_response(s, c, 0, 20'000);
  const double w = 20'000 / kFrameNs;
  EXPECT_NEAR(cw_of(s), w, w * std::ldexp(1.0, -23) + kCwLsb);
  EXPECT_EQ(ldcp_pcc_rate(s, c), kRateOne);
  // Below the line-rate window the clamp does nothing.
  s = in_flight(c, 10.0, 50'000);
  ldcp_pcc_on_rtt_response(s, c, 50'000, 70'000);
  EXPECT_EQ(cw_of(s), 11.0);
  // The line-rate window against the equation over RTTs of 1 ns .. 16.7 ms.
  for (uint32_t rtt : {1u, 88u, 4'190u, 100'000u, 16'777'215u}) {
    const double expect = std::min(rtt / kFrameNs, 65536.0 - kCwLsb);
    EXPECT_NEAR(double(ldcp_pcc_line_window(rtt, c)) * kCwLsb, expect, expect * std::ldexp(1.0, -23) + kCwLsb) << rtt;
  }
}

TEST(LdcpPccKernel, TheRateIsCwFramesPerRttAtMostTheLineRate) {
  const Config c = config(pcc());
  PccState s = ldcp_pcc_initial_state(c);
  double worst = 0;
  for (double cw : {0.125, 0.3, 1.0, 2.5, 7.0, 47.0, 400.0, 65535.0})
    for (uint32_t rtt : {50u, 4'190u, 10'000u, 123'457u, 2'000'000u, 16'777'215u}) {
      s.cw = cw_from(cw);
      s.rtt_ns = rtt;
      const double expect = std::min(1.0, cw * kFrameNs / rtt);  // rate = cw / RTT, in frames of T
      const double got = rate_of(ldcp_pcc_rate(s, c));
      EXPECT_NEAR(got, std::max(expect, std::ldexp(1.0, -20)), expect * std::ldexp(1.0, -16) + std::ldexp(1.0, -21))
          << "cw " << cw << " rtt " << rtt;
      if (expect < 1 && expect > 1e-3) worst = std::max(worst, std::abs(got - expect) / expect);
    }
  std::printf("worst relative rate error (rates > 1e-3): %.3g\n", worst);
  // Saturates at the line rate, and never 0.
  s.cw = cw_from(100);
  s.rtt_ns = 1'000;
  EXPECT_EQ(ldcp_pcc_rate(s, c), kRateOne);
  s.cw = cw_from(0.125);
  s.rtt_ns = 16'777'215;
  EXPECT_EQ(ldcp_pcc_rate(s, c), 1u);
}

TEST(LdcpPccKernel, ARateOnADifferentLinkAndMtuUsesThatFrameTime) {
  // 25 Gb/s, 4096-B MTU: one frame is 4178 B = 1336.96 ns on the wire.
  const Config c = config(pcc(), 4096, 25.0);
  PccState s = ldcp_pcc_initial_state(c);
  s.cw = cw_from(3.0);
  s.rtt_ns = 20'000;
  EXPECT_NEAR(rate_of(ldcp_pcc_rate(s, c)), 3 * 4178 * 8 / 25.0 / 20'000, 1e-5);
}

TEST(LdcpPccKernel, AResponseThatMatchesNoOutstandingRequestIsIgnored) {
  const Config c = config(pcc());
  PccState s = ldcp_pcc_initial_state(c);
  PccOut out = ldcp_pcc_on_rtt_response(s, c, 0, 5'000);  // nothing in flight
  EXPECT_EQ(out.action, PccAction::kStaleResponse);
  EXPECT_EQ(cw_of(s), 52.0);
  EXPECT_EQ(s.rtt_ns, 4'190u);
  s = in_flight(c, 9.0, 700'000);
  out = ldcp_pcc_on_rtt_response(s, c, 100'000, 705'000);  // an older request's response
  EXPECT_EQ(out.action, PccAction::kStaleResponse);
  EXPECT_EQ(cw_of(s), 9.0);
  EXPECT_FALSE(out.request_probe);
  EXPECT_FALSE(ldcp_pcc_probe_wanted(s));  // still waiting for its own
}

TEST(LdcpPccKernel, ATimeoutAsksForAnotherRequestOnlyWhileOneIsOutstandingThatLong) {
  Params p = pcc();
  p.probe_timeout_us = 300;
  const Config c = config(p);
  EXPECT_EQ(c.probe_timeout_ns, 300'000u);
  PccState s = ldcp_pcc_initial_state(c);
  PccOut out = ldcp_pcc_on_probe_sent(s, c, 2'000'000);
  EXPECT_EQ(out.action, PccAction::kProbeSent);
  EXPECT_EQ(out.arm_timeout_ns, 300'000u);
  EXPECT_EQ(ldcp_pcc_on_probe_timeout(s, c, 2'299'999).action, PccAction::kStaleTimeout);  // early
  EXPECT_FALSE(ldcp_pcc_probe_wanted(s));
  out = ldcp_pcc_on_probe_timeout(s, c, 2'300'000);
  EXPECT_EQ(out.action, PccAction::kProbeTimeout);
  EXPECT_TRUE(out.request_probe);
  EXPECT_EQ(cw_of(s), 52.0);  // no RTT confirmed, no increase
  // A timeout of a request that was answered changes nothing.
  s = in_flight(c, 9.0, 0);
  ldcp_pcc_on_rtt_response(s, c, 0, 10'000);
  EXPECT_EQ(ldcp_pcc_on_probe_timeout(s, c, 300'000).action, PccAction::kStaleTimeout);
  // The response of a timed-out request arriving later is stale: the resent one is outstanding.
  s = in_flight(c, 9.0, 0);
  ldcp_pcc_on_probe_timeout(s, c, 300'000);
  ldcp_pcc_on_probe_sent(s, c, 300'100);
  EXPECT_EQ(ldcp_pcc_on_rtt_response(s, c, 0, 301'000).action, PccAction::kStaleResponse);
  EXPECT_EQ(ldcp_pcc_on_rtt_response(s, c, 300'100, 311'000).action, PccAction::kResponseIncrease);
  EXPECT_EQ(s.rtt_ns, 10'900u);
}

TEST(LdcpPccKernel, ProbeTimesWrapModuloTwoToTheTwentyFour) {
  const Config c = config(pcc());
  const uint64_t sent = (uint64_t{5} << 24) - 3'000;  // 3 us before a wrap of the 24-bit timestamp
  PccState s = in_flight(c, 4.0, sent);
  EXPECT_EQ(s.probe_sent_ns, (1u << 24) - 3'000);
  const PccOut out = ldcp_pcc_on_rtt_response(s, c, sent, sent + 8'000);
  EXPECT_EQ(out.action, PccAction::kResponseIncrease);
  EXPECT_EQ(s.rtt_ns, 8'000u);
}

TEST(LdcpPccKernel, TheConfigurationHoldsTheFrameTimeAndItsReciprocal) {
  for (double line : {10.0, 25.0, 100.0, 400.0, 800.0})
    for (uint32_t mtu : {256u, 1024u, 4096u}) {
      const Config c = config(pcc(), mtu, line);
      const double t = (mtu + 82) * 8.0 / line;
      EXPECT_GE(c.pkt_ns_mant, 1u << 23);
      EXPECT_LT(c.pkt_ns_mant, 1u << 24);
      EXPECT_NEAR(std::ldexp(double(c.pkt_ns_mant), -int(c.pkt_ns_shift)), t, t * std::ldexp(1.0, -24));
      EXPECT_NEAR(std::ldexp(double(c.line_win_mant), -int(c.line_win_shift)), 1 / t, std::ldexp(1.0, -24) / t);
    }
}

TEST(LdcpPccKernel, BadParametersAreRejectedWithTheirKey) {
  Params p = pcc();
  p.probe_timeout_us = 0;
  EXPECT_EQ(ldcp_config_error(p, kMtu, kLine).rfind("cc.ldcp.probe_timeout_us = 0 must be ", 0), 0u)
      << ldcp_config_error(p, kMtu, kLine);
  p.probe_timeout_us = 20'000;  // 20 ms: beyond the 24-bit probe timestamp
  EXPECT_EQ(ldcp_config_error(p, kMtu, kLine).rfind("cc.ldcp.probe_timeout_us = 20000 must be ", 0), 0u);
  p = pcc();
  p.base_rtt_ns = 1'000'000;  // a frame of 1106 B at 0.0005 Gb/s is 17.7 ms (IW still fits)
  EXPECT_NE(ldcp_config_error(p, kMtu, 0.0005).find("cc.ldcp.variant = \"cx6dx_pcc\" needs"), std::string::npos)
      << ldcp_config_error(p, kMtu, 0.0005);
}

// Random sequences: CNPs, requests, responses (RTT 1..300 us, some stale), timeouts, through kernel
// and reference. cw: exact except where the clamp applies, whose line-rate window differs by at most
// W 2^-23 + 2^-21 packet; a difference is carried unchanged by +alpha and -beta and not enlarged by the
// floor or the clamp (docs/units/ldcp.md 11.5). Rate: relative 2^-16 plus half an LSB, plus the cw drift.
TEST(LdcpPccKernel, RandomEventsFollowTheReferenceWithinTheBound) {
  const uint64_t seed0 = test_seed();
  double worst_cw = 0, worst_rate = 0;
  uint64_t events = 0;
  for (uint64_t seed = seed0; seed < seed0 + 20; ++seed) {
    SCOPED_TRACE("seed=" + std::to_string(seed));
    std::mt19937_64 rng(seed);
    auto pick = [&](std::initializer_list<double> v) { return *(v.begin() + rng() % v.size()); };
    Params p = pcc(pick({1.0, 0.5, 0.25}), pick({1.0, 0.5, 0.125}), pick({0.125, 1.0 / 16, 1.0 / 256}));
    p.cw_clamp = rng() % 4 != 0;
    p.probe_timeout_us = pick({50.0, 300.0});
    const double line = pick({25.0, 100.0, 400.0});
    const uint32_t mtu = static_cast<uint32_t>(pick({1024, 4096}));
    const Config c = config(p, mtu, line);
    const ref::LdcpPccReferenceParams rp = ref::pcc_reference_params(p, c, (mtu + 82) * 8.0 / line);
    ref::LdcpPccReference r(rp);
    PccState s = ldcp_pcc_initial_state(c);
    double bound = 0;
    uint64_t now = 1'000, last_sent = 0;
    for (int i = 0; i < 20'000; ++i, ++events) {
      now += 1 + rng() % 20'000;
      const unsigned k = rng() % 100;
      if (k < 45) {
        EXPECT_EQ(ldcp_pcc_on_cnp(s, c).action, PccAction::kCnpDecrease);
        r.on_cnp();
      } else if (ldcp_pcc_probe_wanted(s)) {
        ASSERT_TRUE(r.probe_wanted());
        ldcp_pcc_on_probe_sent(s, c, now);
        r.on_probe_sent(double(now));
        last_sent = now;
      } else if (k < 90) {
        // A response after 1..300 us; one in ten echoes an older request.
        now += 1'000 * (1 + rng() % 300);
        const uint64_t echo = rng() % 10 == 0 ? last_sent - 1 - rng() % 1000 : last_sent;
        const PccOut out = ldcp_pcc_on_rtt_response(s, c, echo, now);
        const ref::PccStep step = r.on_rtt_response(double(echo), double(now));
        ASSERT_EQ(out.action == PccAction::kResponseIncrease, step == ref::PccStep::kResponseIncrease);
        if (p.cw_clamp && step == ref::PccStep::kResponseIncrease)
          bound = std::max(bound, (r.RTT_ns / rp.T_ns) * std::ldexp(1.0, -23) + std::ldexp(1.0, -21));
      } else {
        now += 1'000 * (rng() % 400);
        const PccOut out = ldcp_pcc_on_probe_timeout(s, c, now);
        const ref::PccStep step = r.on_probe_timeout(double(now));
        ASSERT_EQ(out.action == PccAction::kProbeTimeout, step == ref::PccStep::kProbeTimeout);
      }
      ASSERT_EQ(ldcp_pcc_probe_wanted(s), r.probe_wanted());
      ASSERT_EQ(s.rtt_ns, static_cast<uint32_t>(r.RTT_ns));
      const double d = std::abs(cw_of(s) - r.cw);
      ASSERT_LE(d, bound + 1e-15) << "event " << i << " cw " << cw_of(s) << " ref " << r.cw;
      worst_cw = std::max(worst_cw, d);
      const double expect = r.rate_fraction();
      const double got = rate_of(ldcp_pcc_rate(s, c));
      const double lsb = std::ldexp(1.0, -int(RATE_FRAC_BITS));
      const double rate_bound = expect * std::ldexp(1.0, -16) + lsb / 2 + d * rp.T_ns / r.RTT_ns;
      ASSERT_NEAR(got, std::max(expect, lsb), rate_bound) << "event " << i;  // at least one LSB
      if (expect > 1e-3) worst_rate = std::max(worst_rate, std::abs(got - expect) / expect);
    }
  }
  std::printf("%llu events: max cw difference %.3g packet, max relative rate error %.3g\n",
              static_cast<unsigned long long>(events), worst_cw, worst_rate);
}

}  // namespace
}  // namespace ccf::hls::ldcp
