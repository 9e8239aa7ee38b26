// test_widths.cpp: state widths as a kernel parameter (hls/widths.hpp) and the divider forms
// (hls/divider.hpp): footprints against hand-computed sums, the quantisation each kernel applies
// at narrower widths, the parameter rules, and the error bounds of every divider form measured
// against exact rational arithmetic. docs/explore.md 2-3.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <bit>
#include <random>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"
#include "hls/divider.hpp"
#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/priority_encoder.hpp"
#include "hls/swift/swift_kernel.hpp"
#include "hls/timely/timely_kernel.hpp"
#include "hls/widths.hpp"

namespace {

using namespace ccf::hls;

uint64_t seed_from_env(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 10) : fallback;
}

// ---- footprints: the state_bits of one non-shipped setting per unit, summed by hand ----

TEST(WidthFootprint, DcqcnRpAndNpMatchTheHandSum) {
  // RP: rc, rt 2 x (17 + 3) = 40; alpha 14; stages 2 x 6 = 12; bytes_left 20; limited 1; variant 2.
  EXPECT_EQ((dcqcn::RpWidths{17, 3, 14, 6, 20}.state_bits()), 40u + 14 + 12 + 20 + 1 + 2);  // 89
  // NP: last_cnp 10 bits + open + pending.
  EXPECT_EQ((dcqcn::NpWidths{10, 6}.state_bits()), 12u);
  EXPECT_EQ(dcqcn::RpWidths{}.state_bits() + dcqcn::NpWidths{}.state_bits(), 128u);
}

TEST(WidthFootprint, SwiftMatchesTheHandSum) {
  // fcwnd, ecwnd 2 x (10 + 12) = 44; two timestamps 2 x 24 = 48; rtt 20; EWMA 20 + 4 = 24;
  // valid 1; retx 3; pacing 20.
  EXPECT_EQ((swift::Widths{10, 12, 24, 20, 4, 3, 20}.state_bits()), 44u + 48 + 20 + 24 + 1 + 3 + 20);  // 160
}

TEST(WidthFootprint, LdcpMatchesTheHandSum) {
  // cw 12 + 10; stable 1; fs_left, fs_acked 2 x 12; rtt 20.
  EXPECT_EQ((ldcp::Widths{12, 10, 12, 20}.state_bits()), 22u + 1 + 24 + 20);  // 67
}

TEST(WidthFootprint, TimelyMatchesTheHandSum) {
  // rate 18 + 3; prev_rtt 20; avg_rtt_diff 1 + 20 + 4; neg_count 3; three timestamps 3 x 24;
  // two segment counters 2 x 17; wire counter 18.
  EXPECT_EQ((timely::Widths{18, 3, 20, 4, 3, 24, 17, 18}.state_bits()), 21u + 20 + 25 + 3 + 72 + 34 + 18);  // 193
}

// ---- quantisation in the kernels ----

TEST(WidthQuantisation, RoundsToNearestTiesToEvenAndSaturates) {
  EXPECT_EQ(round_lsbs(0x13, 2), 0x14u);   // 4.75 -> 5 (x4)
  EXPECT_EQ(round_lsbs(0x12, 2), 0x10u);   // 4.5 -> 4 (even)
  EXPECT_EQ(round_lsbs(0x16, 2), 0x18u);   // 5.5 -> 6 (even)
  EXPECT_EQ(store_value(0xFFFFFF, 3, field_max(24, 3)), 0xFFFFF8u);  // rounds up past the top: saturates
  EXPECT_EQ(round_lsbs_signed(-0x16, 2), -0x18);
  EXPECT_EQ(round_lsbs_signed(-0x17, 0), -0x17);  // nothing dropped: the value itself
  EXPECT_EQ(ones(63), ~uint64_t{0} >> 1);
  EXPECT_EQ(ones(64), ~uint64_t{0});
  EXPECT_EQ(store_value(0xFFFFFF, 0, field_max(64, 0)), 0xFFFFFFu);  // a 64-bit field: no saturation
}

// A top built for one setting refuses units at any other (hls/*_top.hpp): each field of a Widths takes
// part in its comparison.
template <typename W, size_t N>
void expect_each_field_compared(unsigned W::*const (&field)[N]) {
  for (size_t i = 0; i < N; ++i) {
    W w;
    EXPECT_TRUE(w == W{});
    w.*field[i] -= 1;
    EXPECT_FALSE(w == W{}) << "field " << i;
    EXPECT_FALSE(W{} == w) << "field " << i;
  }
}

TEST(WidthSettings, EveryFieldTakesPartInTheComparison) {
  unsigned dcqcn::RpWidths::*const rp[] = {&dcqcn::RpWidths::rate_int, &dcqcn::RpWidths::rate_frac,
                                           &dcqcn::RpWidths::alpha, &dcqcn::RpWidths::stage, &dcqcn::RpWidths::bytes};
  expect_each_field_compared(rp);
  unsigned dcqcn::NpWidths::*const np[] = {&dcqcn::NpWidths::time, &dcqcn::NpWidths::time_lsb};
  expect_each_field_compared(np);
  unsigned swift::Widths::*const sw[] = {&swift::Widths::cwnd_int, &swift::Widths::cwnd_frac, &swift::Widths::time,
                                         &swift::Widths::rtt,      &swift::Widths::ewma_frac, &swift::Widths::retx,
                                         &swift::Widths::pacing};
  expect_each_field_compared(sw);
  unsigned ldcp::Widths::*const ld[] = {&ldcp::Widths::cw_int, &ldcp::Widths::cw_frac, &ldcp::Widths::pkt,
                                        &ldcp::Widths::rtt};
  expect_each_field_compared(ld);
  unsigned timely::Widths::*const ti[] = {&timely::Widths::rate_int,  &timely::Widths::rate_frac, &timely::Widths::rtt,
                                          &timely::Widths::diff_frac, &timely::Widths::count,     &timely::Widths::time,
                                          &timely::Widths::seg,       &timely::Widths::seg_wire};
  expect_each_field_compared(ti);
}

TEST(WidthQuantisation, DcqcnRatesAndAlphaAreStoredAtTheKeptFractionBits) {
  dcqcn::RpParams p = dcqcn::RpParams::paper(40000);
  p.widths.rate_frac = 2;  // LSB 1/4 Mb/s = 8 shipped LSB
  p.widths.alpha = 12;     // LSB 2^-12 = 256 shipped LSB
  ASSERT_EQ(dcqcn::rp_params_error(p), nullptr);
  dcqcn::RpState s = dcqcn::rp_initial_state(p);
  EXPECT_EQ(s.alpha, (1u << 20) - 256);  // 1 - 2^-12
  for (int i = 0; i < 6; ++i) {
    dcqcn::on_cnp(s, p);
    dcqcn::on_increase_event(s, p, dcqcn::IncreaseSource::kTimer);
    dcqcn::on_alpha_timer(s, p);
    EXPECT_EQ(s.rc % 8, 0u);
    EXPECT_EQ(s.rt % 8, 0u);
    EXPECT_EQ(s.alpha % 256, 0u);
  }
}

TEST(WidthQuantisation, DcqcnAlphaStallsWhenItsStepIsBelowHalfAnLsb) {
  // alpha decays by g alpha = alpha / 256 per period: at 8 bits (LSB 2^-8) that step is below half
  // an LSB once alpha < 2^-8 * 128 = 0.5, so the decay stops there; at 20 bits it keeps going.
  dcqcn::RpParams p = dcqcn::RpParams::paper(40000);
  p.widths.alpha = 8;
  dcqcn::RpState s = dcqcn::rp_initial_state(p);
  for (int i = 0; i < 2000; ++i) dcqcn::on_alpha_timer(s, p);
  EXPECT_NEAR(double(s.alpha) / (1 << 20), 0.5, 1.0 / 256);
  const dcqcn::RpParams q = dcqcn::RpParams::paper(40000);
  dcqcn::RpState t = dcqcn::rp_initial_state(q);
  for (int i = 0; i < 2000; ++i) dcqcn::on_alpha_timer(t, q);
  EXPECT_LT(double(t.alpha) / (1 << 20), 0.01);
}

TEST(WidthQuantisation, DcqcnStageCountersSaturateAtTheirWidth) {
  dcqcn::RpParams p = dcqcn::RpParams::paper(40000);
  p.widths.stage = 4;  // saturates at 15
  p.r_hai = dcqcn::rate_from_mbps(40000);  // reaches the line rate within the hyper steps
  ASSERT_EQ(dcqcn::rp_params_error(p), nullptr);
  dcqcn::RpState s = dcqcn::rp_initial_state(p);
  dcqcn::on_cnp(s, p);
  for (int i = 0; i < 40; ++i) dcqcn::on_increase_event(s, p, dcqcn::IncreaseSource::kTimer);
  EXPECT_EQ(s.time_stage, 15);
}

TEST(WidthRules, DcqcnParametersMustFitTheWidths) {
  dcqcn::RpParams p = dcqcn::RpParams::paper(100000);
  p.widths.rate_int = 16;  // 65,536 Mb/s < 100 Gb/s
  EXPECT_STREQ(dcqcn::rp_params_error(p), "line_rate must fit widths.rate_int: line rate < 2^rate_int Mb/s");
  p = dcqcn::RpParams::paper(100000);
  p.widths.bytes = 20;  // B = 10 MB needs 24 bits
  EXPECT_STREQ(dcqcn::rp_params_error(p), "byte_counter_bytes (B) must be < 2^widths.bytes");
  p = dcqcn::RpParams::paper(100000);
  p.widths.stage = 3;  // 7 - 2 < F = 5
  EXPECT_NE(dcqcn::rp_params_error(p), nullptr);
  p = dcqcn::RpParams::paper(100000);
  p.widths.alpha = 21;
  EXPECT_STREQ(dcqcn::rp_params_error(p), "widths.alpha must be 1..20 (bits)");
  dcqcn::NpParams np = dcqcn::NpParams::paper();  // N = 50 us
  np.widths.time = 15;                             // 32,767 ns < 50 us
  EXPECT_NE(dcqcn::np_params_error(np), nullptr);
  np.widths.time_lsb = 1;  // 2-ns ticks: 25,000 ticks fit
  EXPECT_EQ(dcqcn::np_params_error(np), nullptr);
}

TEST(WidthQuantisation, DcqcnNpWithCoarseTicksClosesEveryWindowAtItsEnd) {
  dcqcn::NpParams p = dcqcn::NpParams::paper();
  p.widths = dcqcn::NpWidths{10, 7};  // 128-ns ticks, 10 bits: 131 us
  ASSERT_EQ(dcqcn::np_params_error(p), nullptr);
  dcqcn::NpState s;
  uint64_t t = 12'345;
  for (int w = 0; w < 50; ++w) {
    const dcqcn::NpOut first = dcqcn::on_marked_packet(s, p, t);
    ASSERT_TRUE(first.send_cnp);
    ASSERT_TRUE(first.arm_window);
    dcqcn::on_window_end(s, p, first.window_end_ns);
    EXPECT_FALSE(s.open) << "window " << w << " at " << first.window_end_ns;
    t = first.window_end_ns + 777 + 1000 * w;
  }
}

TEST(WidthQuantisation, SwiftWindowsAndTimestampsKeepTheirWidths) {
  swift::Params prm;
  prm.widths.cwnd_frac = 12;  // LSB 2^-12 packet = 256 shipped LSB
  prm.widths.time = 28;
  ASSERT_EQ(swift::swift_params_error(prm), "");
  const swift::Regs r = swift::swift_regs(prm, 1024);
  swift::State s = swift::swift_initial_state(r, 0x7FFF'FFFFu);
  EXPECT_EQ(s.t_last_decrease_f_ns, 0x0FFF'FFFFu);
  std::mt19937 rng(7);
  uint32_t now = 1'000'000;
  for (int i = 0; i < 500; ++i) {
    swift::AckIn a;
    now += 3'000;
    a.now_ns = now;
    a.rtt_ns = 10'000 + rng() % 200'000;
    a.acked_bytes = 1024;
    a.hops = 2;
    swift::on_ack(s, r, a);
    EXPECT_EQ(s.fcwnd % 256, 0u);
    EXPECT_EQ(s.ecwnd % 256, 0u);
    EXPECT_LE(s.t_last_decrease_f_ns, 0x0FFF'FFFFu);
  }
}

// Algorithm 1 line 16 on a 2-bit retransmit_cnt: it counts to 3 and stays there; the shipped 5 bits
// count on.
TEST(WidthQuantisation, SwiftRetransmitCountSaturatesAtItsWidth) {
  swift::Params p;
  p.retx_reset_threshold = 3;
  for (const unsigned bits : {2u, 5u}) {
    p.widths.retx = bits;
    ASSERT_EQ(swift::swift_params_error(p), "");
    const swift::Regs r = swift::swift_regs(p, 1000);
    swift::State s = swift::swift_initial_state(r, 0);
    for (uint32_t i = 1; i <= 5; ++i) {
      swift::on_retransmit_timeout(s, r, 1000 * i);
      EXPECT_EQ(s.retransmit_cnt, std::min<uint32_t>(i, (1u << bits) - 1)) << bits << " bits, timeout " << i;
    }
  }
}

// Fewer integer bits of the window than shipped lose nothing while max_cwnd fits them: the same
// events give the same windows as the shipped widths.
TEST(WidthQuantisation, SwiftNarrowerIntegerPartOfTheWindowKeepsEveryWindowBelow2ToTheBits) {
  swift::Params narrow;
  narrow.widths.cwnd_int = 11;  // 2048 packets > max_cwnd = 1000
  ASSERT_EQ(swift::swift_params_error(narrow), "");
  const swift::Regs rn = swift::swift_regs(narrow, 1000), rs = swift::swift_regs(swift::Params{}, 1000);
  swift::State a = swift::swift_initial_state(rn, 0), b = swift::swift_initial_state(rs, 0);
  const uint64_t seed = seed_from_env(13);
  std::printf("seed=%llu (CCF_SEED)\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  uint32_t now = 0;
  for (int i = 0; i < 2000; ++i) {
    now += 1 + static_cast<uint32_t>(rng() % 50'000);
    swift::AckIn in;
    in.now_ns = now;
    in.rtt_ns = 5'000 + rng() % 200'000;
    in.remote_queuing_ns = rng() % 4 == 0 ? rng() % 50'000 : 0;
    in.acked_bytes = 1000 * (1 + rng() % 64);
    in.hops = static_cast<uint32_t>(rng() % 6);
    if (rng() % 50 == 0) {
      swift::on_retransmit_timeout(a, rn, now);
      swift::on_retransmit_timeout(b, rs, now);
    } else {
      swift::on_ack(a, rn, in);
      swift::on_ack(b, rs, in);
    }
    ASSERT_EQ(a.fcwnd, b.fcwnd) << "event " << i << " seed=" << seed;
    ASSERT_EQ(a.ecwnd, b.ecwnd) << "event " << i << " seed=" << seed;
  }
}

TEST(WidthRules, SwiftParametersMustFitTheWidths) {
  swift::Params p;
  p.widths.cwnd_int = 9;  // max_cwnd = 1000 needs 10 integer bits
  EXPECT_EQ(swift::swift_params_error(p), "cc.swift.max_cwnd = 1000 must be < 2^widths.cwnd_int = 512 packets");
  p = swift::Params{};
  p.widths.cwnd_frac = 9;  // min_cwnd = 0.001 needs 10 fraction bits
  EXPECT_EQ(swift::swift_params_error(p).rfind("cc.swift.min_cwnd = 0.001 must be >= 2^-widths.cwnd_frac", 0), 0u);
  p = swift::Params{};
  p.widths.retx = 2;  // threshold 5 > 3
  EXPECT_EQ(swift::swift_params_error(p), "cc.swift.retx_reset_threshold = 5 must be <= 2^widths.retx - 1 = 3");
  p = swift::Params{};
  p.widths.pacing = 33;
  EXPECT_EQ(swift::swift_params_error(p), "cc.swift.widths.pacing = 33 must be 8..32 (bits)");
}

TEST(WidthQuantisation, LdcpWindowIsStoredAtTheKeptFractionBits) {
  ldcp::Params prm;
  prm.fast_start = false;
  prm.widths.cw_frac = 8;
  ASSERT_EQ(ldcp::ldcp_config_error(prm, 1024, 100.0), "");
  const ldcp::Config c = ldcp::ldcp_config(prm, 1024, 100.0);
  ldcp::LdcpState s = ldcp::ldcp_initial_state(c);
  for (int i = 0; i < 300; ++i) {
    ldcp::AckIn a;
    a.acked_bytes = 1024;
    a.ece = i % 3 == 0;
    a.rtt_ns = 12'000;
    ldcp::ldcp_on_ack(s, c, a);
    EXPECT_EQ(s.cw % (1u << 12), 0u) << "ack " << i;
  }
  prm.widths.pkt = 6;  // IW = 123 packets at 100 Gb/s x 10 us
  EXPECT_EQ(ldcp::ldcp_config_error(prm, 1024, 100.0), "cc.ldcp.widths.pkt = 6 must hold IW = 123 packets (IW < 2^pkt)");
}

TEST(WidthQuantisation, TimelyRateAndCounterKeepTheirWidths) {
  timely::Params prm;
  prm.widths.rate_frac = 1;
  prm.widths.count = 3;
  ASSERT_EQ(timely::timely_params_error(prm), "");
  const timely::Config c = timely::timely_config(prm, 100000.0, 64 * 1106);
  timely::State s = timely::timely_initial_state(c);
  uint32_t now = 0;
  for (int i = 0; i < 200; ++i) {
    now += 30'000;
    timely::on_completion(s, c, i % 20 < 12 ? 60'000 - 100 * i : 70'000 + 1000 * (i % 7), now);
    EXPECT_EQ(s.rate % 16, 0u);
    EXPECT_LE(s.neg_count, 7);
  }
  prm.hai_thresh = 9;
  EXPECT_EQ(timely::timely_params_error(prm), "cc.timely.widths.count = 3 must be large enough to count to cc.timely.hai_thresh = 9");
}

// ---- divider forms: relative error against exact rationals ----

struct Bound {
  Divider form;
  double recip, rsqrt;  // the bounds of hls/divider.hpp
};
constexpr Bound kBounds[] = {
    {Divider::kRecipTable, std::ldexp(1.0, -16), std::ldexp(1.0, -15)},
    {Divider::kRecipRom, std::ldexp(1.0, -9), std::ldexp(1.0, -9)},
    {Divider::kShift, 0.063, 0.050},
    {Divider::kExact, std::ldexp(1.0, -23), std::ldexp(1.0, -23)},
};

TEST(DividerForms, NamesRoundTrip) {
  for (const Bound& b : kBounds) {
    Divider d = Divider::kExact;
    ASSERT_TRUE(divider_from(divider_name(b.form), d));
    EXPECT_EQ(d, b.form);
  }
  Divider d;
  EXPECT_FALSE(divider_from("newton", d));
  EXPECT_STREQ(divider_name(static_cast<Divider>(kDividers)), "?");
}

TEST(DividerForms, SwiftReciprocalAndRsqrtStayWithinTheirBounds) {
  const uint64_t seed = seed_from_env(11);
  std::mt19937_64 rng(seed);
  for (const Bound& b : kBounds) {
    double worst_r = 0, worst_s = 0;
    for (int i = 0; i < 100'000; ++i) {
      const unsigned bits = 1 + rng() % 40;
      const uint64_t x = std::max<uint64_t>(1, rng() >> (64 - bits));
      unsigned e = 0;
      const uint32_t r = swift::recip_mant(x, e, b.form);
      // x wider than 31 bits is truncated to 31 before the reciprocal: compare with that x.
      const double x31 = e > 30 ? std::ldexp(std::floor(std::ldexp(double(x), -int(e - 30))), int(e - 30)) : double(x);
      worst_r = std::max(worst_r, std::abs(r / (std::ldexp(1.0, int(24 + e)) / x31) - 1));
      const auto w = static_cast<uint32_t>(std::max<uint64_t>(1, rng() >> 32));
      const double rs = double(swift::rsqrt_q24(w, b.form)) / double(1u << 24);
      worst_s = std::max(worst_s, std::abs(rs * std::sqrt(w / double(1u << 20)) - 1));
    }
    std::printf("seed=%llu %s: worst 1/x %.3g, worst 1/sqrt %.3g\n", static_cast<unsigned long long>(seed),
                divider_name(b.form), worst_r, worst_s);
    EXPECT_LE(worst_r, b.recip) << divider_name(b.form) << " seed=" << seed;
    // Windows of a few LSB: the final shift truncates 1/sqrt to 2^-24 (up to 2^-14 of a value near 2^-10).
    EXPECT_LE(worst_s, b.rsqrt + std::ldexp(1.0, -13)) << divider_name(b.form) << " seed=" << seed;
  }
}

TEST(DividerForms, LdcpReciprocalStaysWithinItsBound) {
  const uint64_t seed = seed_from_env(12);
  std::mt19937_64 rng(seed);
  for (const Bound& b : kBounds) {
    double worst = 0;
    for (int i = 0; i < 100'000; ++i) {
      const uint64_t x = std::max<uint64_t>(1, rng() >> (64 - (1 + rng() % 36)));
      const ldcp::Recip r = ldcp::ldcp_reciprocal(x, b.form);
      // 1/x = r 2^-(p + 24) (x in cw LSB); x wider than 25 bits is truncated to 25.
      const double xt = r.p > 24 ? std::ldexp(std::floor(std::ldexp(double(x), -int(r.p - 24))), int(r.p - 24)) : double(x);
      worst = std::max(worst, std::abs(std::ldexp(double(r.r), -int(r.p + 24)) * xt - 1));
    }
    std::printf("seed=%llu %s: worst 1/cw %.3g\n", static_cast<unsigned long long>(seed), divider_name(b.form), worst);
    EXPECT_LE(worst, b.recip + std::ldexp(1.0, -23)) << divider_name(b.form) << " seed=" << seed;
  }
}

// ---- the priority encoder in front of every normaliser (hls/priority_encoder.hpp) ----

template <int W>
void check_priority_encoder(std::mt19937_64& rng) {
  for (int i = 0; i < 20'000; ++i) {
    const unsigned bits = 1 + rng() % W;  // every leading-one position
    const uint64_t raw = rng() >> (64 - bits);
    const ac_int<W, false> x = raw | (uint64_t{1} << (bits - 1));
    const unsigned want = static_cast<unsigned>(std::bit_width(x.to_uint64())) - 1;
    ASSERT_EQ(msb_index(x), want) << "W = " << W << ", x = " << x.to_uint64();
    ASSERT_EQ(msb_index_portable(x), want) << "W = " << W << ", x = " << x.to_uint64();
  }
}

TEST(PriorityEncoder, SimulationFormEqualsTheLibrarysLeadingSign) {
  const uint64_t seed = seed_from_env(21);
  std::printf("seed=%llu (CCF_SEED)\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  check_priority_encoder<1>(rng);
  check_priority_encoder<24>(rng);
  check_priority_encoder<32>(rng);
  check_priority_encoder<33>(rng);
  check_priority_encoder<36>(rng);
  check_priority_encoder<64>(rng);
}

}  // namespace
