// Each kernel's state as one RAM word (hls/<algo>/state_word*.hpp): the word is exactly the state
// bits of its widths, and packing then unpacking every state the kernel writes back, at the shipped
// and at narrower widths (in each DCQCN variant), gives the state back field for field. The HLS C
// simulation (tests/hls/test_hls_csim.cpp) replays the units' vectors through the packed tops too.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "hls/dcqcn/rp_top.hpp"
#include "hls/dcqcn/state_words.hpp"
#include "hls/ldcp/ldcp_top.hpp"
#include "hls/ldcp/ldcp_vectors.hpp"
#include "hls/timely/timely_top.hpp"
#include "hls/timely/timely_vectors.hpp"

namespace ccf::hls::dcqcn {
namespace {

constexpr RpWidths kShipped{};
constexpr RpWidths kExplored{17, 3, 14, 7, 24};  // rp_top_csim_explored's
constexpr RpWidths kSmallest{17, 0, 11, 6, 24};  // docs/units/dcqcn.md 9

static_assert(RpWord<kShipped>::width == 109 && RpWord<kExplored>::width == int(kExplored.state_bits()) &&
              RpWord<kSmallest>::width == 84);
static_assert(NpWord<NpWidths{}>::width == 19 && NpWord<NpWidths{8, 8}>::width == 10);

template <RpWidths W>
void round_trip(RpVariant variant, uint64_t seed) {
  std::mt19937_64 rng(seed);
  RpParams p = variant == RpVariant::kMlx ? RpParams::hpcc_ns3() : RpParams::paper();
  p.variant = variant;
  if (variant == RpVariant::kNs3Rdma) p.byte_counter_bytes = 20000;
  if (variant == RpVariant::kPaper) p.byte_counter_bytes = 30000;
  p.widths = W;
  ASSERT_EQ(rp_params_error(p), nullptr);
  RpState s = rp_initial_state(p);
  for (int i = 0; i < 20000; ++i) {
    const auto kind = static_cast<RpEventKind>(1 + rng() % (kRpEventKinds - 1));
    rp_step(s, p, {kind, 0, uint32_t(64 + rng() % 9000)});
    const RpState t = rp_unpack<W>(rp_pack<W>(s, variant), variant);
    ASSERT_TRUE(t.rc == s.rc && t.rt == s.rt && t.alpha == s.alpha && t.time_stage == s.time_stage &&
                t.byte_stage == s.byte_stage && t.bytes_left == s.bytes_left && t.limited == s.limited &&
                t.hyper == s.hyper && t.alpha_cnp == s.alpha_cnp && t.decrease_cnp == s.decrease_cnp)
        << "seed=" << seed << " event " << i << " rc " << s.rc << " -> " << t.rc;
  }
}

TEST(DcqcnStateWords, PackingLosesNothingAtTheShippedAndExploredWidths) {
  for (RpVariant v : {RpVariant::kPaper, RpVariant::kNs3Rdma, RpVariant::kMlx}) {
    round_trip<kShipped>(v, 1);
    round_trip<kExplored>(v, 2);
    round_trip<kSmallest>(v, 3);
  }
}

TEST(DcqcnStateWords, FieldsSitWhereTheRtlHasThem) {
  RpState s;
  s.rc = 0xABCDEF;
  s.limited = true;
  const RpWord<kShipped> w = rp_pack<kShipped>(s, RpVariant::kPaper);
  EXPECT_EQ((w.slc<24>(85)).to_uint(), 0xABCDEFu);  // rtl/nic/dcqcn_rp_pass.sv: [108:85] rc
  EXPECT_TRUE(w[2]);                                  // [2] limited
  EXPECT_EQ(w.slc<24>(61).to_uint(), 0u);
}

TEST(DcqcnStateWords, NpWordsRoundTrip) {
  NpState s;
  s.last_cnp_ns = 0x1ABCD;
  s.open = true;
  const NpState t = np_unpack<NpWidths{}>(np_pack<NpWidths{}>(s));
  EXPECT_EQ(t.last_cnp_ns, s.last_cnp_ns);
  EXPECT_TRUE(t.open);
  EXPECT_FALSE(t.pending);
}

}  // namespace
}  // namespace ccf::hls::dcqcn

namespace ccf::hls {
namespace {

template <ldcp::Widths W>
void ldcp_round_trip(uint64_t seed) {
  std::mt19937_64 rng(seed);
  ldcp::Params p;
  p.widths = W;
  ASSERT_EQ(ldcp::ldcp_config_error(p, 1024, 100), "");
  const ldcp::Config c = ldcp::ldcp_config(p, 1024, 100);
  ldcp::LdcpState s;
  uint64_t cum = 0;
  for (int i = 0; i < 20000; ++i) {
    ldcp::Event ev;
    ev.kind = i == 0 ? ldcp::EventKind::kInit : static_cast<ldcp::EventKind>(1 + rng() % (ldcp::kEventKinds - 1));
    ev.message_bytes = rng() % 200000;
    ev.ack.acked_bytes = 1024 * (rng() % 4);
    ev.ack.cum_bytes_acked = cum += ev.ack.acked_bytes;
    ev.ack.ece = rng() % 3 == 0;
    ev.ack.rtt_ns = rng() % 4 ? 2000 + rng() % 100000 : rng() % (uint64_t{1} << 30);
    const ldcp::LdcpOut out = ldcp::ldcp_step(s, c, ev);
    ASSERT_EQ(ldcp::words(ldcp::unpack<W>(ldcp::pack<W>(s)), out), ldcp::words(s, out)) << "seed=" << seed << " " << i;
  }
}

TEST(LdcpStateWords, PackingLosesNothingAtTheShippedAndNarrowerWidths) {
  ldcp_round_trip<ldcp::Widths{}>(1);
  ldcp_round_trip<ldcp::Widths{16, 14, 12, 20}>(2);
}

template <timely::Widths W>
void timely_round_trip(uint64_t seed) {
  std::mt19937_64 rng(seed);
  timely::Params p;
  p.widths = W;
  ASSERT_EQ(timely::timely_params_error(p), "");
  const timely::Config c = timely::timely_config(p, 100000, 70000);
  timely::State s;
  uint32_t now = 0;
  for (int i = 0; i < 20000; ++i) {
    timely::Event ev;
    ev.kind = i == 0 ? timely::EventKind::kInit : static_cast<timely::EventKind>(1 + rng() % (timely::kEventKinds - 1));
    now += uint32_t(rng() % 20000);
    ev.now_ns = now;
    ev.echo_ns = now - uint32_t(5000 + rng() % 200000);
    ev.bytes = uint32_t(1024 * (1 + rng() % 16));
    ev.wire_bytes = ev.bytes + 82;
    const timely::TopOut out = timely::timely_step(s, c, ev);
    ASSERT_EQ(timely::words(timely::unpack<W>(timely::pack<W>(s)), out), timely::words(s, out))
        << "seed=" << seed << " " << i;
  }
}

TEST(TimelyStateWords, PackingLosesNothingAtTheShippedAndNarrowerWidths) {
  timely_round_trip<timely::Widths{}>(1);
  timely_round_trip<timely::Widths{16, 4, 20, 4, 4, 28, 20, 21}>(2);
}

}  // namespace
}  // namespace ccf::hls
