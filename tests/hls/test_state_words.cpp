// The DCQCN state as one RAM word (hls/dcqcn/state_words.hpp): the word is exactly the state bits
// of its widths, and packing then unpacking every state the kernel writes back, at the shipped and at
// explored widths, in each variant, gives the state back field for field.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "dcqcn/rp_top.hpp"
#include "dcqcn/state_words.hpp"

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
