// Lockstep of the DCQCN units in RTL (rtl/nic/dcqcn_rp.sv, dcqcn_np.sv, Verilated) against the
// kernels (hls/dcqcn/rp_kernel, np_kernel): constrained-random parameters and event streams, one
// event per cycle with random gaps and a few flows (so that a flow's events follow each other
// through the pipeline's forwarding), every state word and output compared bit for bit, and every
// event kind and rate-update branch counted and required. CCF_SEED replays one seed, CCF_SEEDS and
// CCF_EVENTS set the amount (the `long` label runs more).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "hls/dcqcn/np_vectors.hpp"
#include "hls/dcqcn/rp_vectors.hpp"
#include "sc/nic/dcqcn_rtl.hpp"

extern "C" int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace dk = hls::dcqcn;

uint64_t env_u64(const char* name, uint64_t fallback) {
  const char* s = std::getenv(name);
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}

#ifndef CCF_DCQCN_RTL_SEEDS
#define CCF_DCQCN_RTL_SEEDS 40
#endif
#ifndef CCF_DCQCN_RTL_EVENTS
#define CCF_DCQCN_RTL_EVENTS 10000
#endif

constexpr unsigned kFlows = 6;

// Legal random RP parameters of one variant (rp_params_error decides; drawn until it accepts).
dk::RpParams random_rp_params(dk::RpVariant variant, std::mt19937_64& rng) {
  auto uni = [&](uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); };
  for (;;) {
    dk::RpParams p = variant == dk::RpVariant::kMlx ? dk::RpParams::hpcc_ns3() : dk::RpParams::paper();
    p.variant = variant;
    static constexpr std::array<uint32_t, 6> kLineMbps{10000, 25000, 40000, 100000, 200000, 400000};
    p.line_rate = uni(0, 3) == 0 ? uint32_t(uni(64, dk::kRateMax)) : dk::rate_from_mbps(kLineMbps[uni(0, 5)]);
    p.min_rate = uint32_t(uni(0, 2) == 0 ? uni(1, p.line_rate) : uni(1, p.line_rate / 64 + 1));
    p.r_ai = uint32_t(uni(1, p.line_rate / 16 + 1));
    p.r_hai = uint32_t(uni(p.line_rate / 2000 + 1, p.line_rate / 4 + 1));
    p.g = uint32_t(uni(0, 1) ? uni(1, 32767) : dk::kGainOne / 256);
    p.initial_alpha = uint32_t(uni(0, 1) ? dk::kAlphaMax : uni(0, dk::kAlphaMax));
    p.fast_recovery_steps = uint32_t(uni(variant == dk::RpVariant::kNs3Rdma ? 1 : 0, uni(0, 3) ? 6 : 31));
    p.byte_counter_bytes = uint32_t(uni(0, 4) == 0 ? 0 : uni(0, 1) ? uni(2, 30000) : uni(2, dk::kBytesMax));
    p.alpha_timer_ns = uint32_t(uni(1, 100000));
    p.increase_timer_ns = uint32_t(uni(2, 2000000));
    p.rate_decrease_period_ns = uint32_t(uni(1, 10000));
    p.clamp_tgt_rate = uni(0, 1);
    p.clamp_tgt_rate_after_time_inc = uni(0, 1);
    p.min_dec_fac = uint32_t(uni(0, 1) ? 0 : uni(1, dk::kGainOne));
    p.rate_on_first_cnp = uint32_t(uni(0, 1) ? 0 : uni(1, p.line_rate));
    if (!dk::rp_params_error(p)) return p;
  }
}

// What the random streams must have reached, per variant, summed over the seeds.
struct RpCoverage {
  std::map<std::string, uint64_t> bins;
  void hit(const std::string& bin) { ++bins[bin]; }
};

// One seed: init every flow, then `events` random events with random gaps; the RTL's results are
// compared, in order, with the kernel run on the same events.
void run_rp_seed(dk::RpVariant variant, uint64_t seed, uint64_t events, RpCoverage& cov) {
  std::mt19937_64 rng(seed);
  const dk::RpParams p = random_rp_params(variant, rng);
  DcqcnRpRtl rtl(p);
  std::array<dk::RpState, kFlows> ref{};
  std::deque<std::pair<dk::RpEvent, std::vector<uint64_t>>> expected;
  // The kinds' weights vary per seed: CNP-heavy seeds cut, timer-heavy seeds climb to hyper and
  // saturate the stage counters.
  std::array<double, dk::kRpEventKinds> w{0.2, 3, 3, 3, 3, 6, 2};
  w[1] = std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? 0.003 : std::uniform_real_distribution<double>(0.05, 4)(rng);
  std::discrete_distribution<unsigned> kind_of(w.begin(), w.end());
  auto uni = [&](uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); };
  uint32_t last_flow = kFlows;
  uint64_t presented = 0, checked = 0;

  auto check = [&](const std::optional<DcqcnRpRtl::Result>& r) {
    if (!r) return;
    ASSERT_FALSE(expected.empty()) << "seed=" << seed << ": a result without an event";
    const auto& [ev, words] = expected.front();
    ASSERT_EQ(r->flow, ev.flow) << "seed=" << seed;
    ASSERT_EQ(dk::rp_words(r->s, r->out), words)
        << "seed=" << seed << " event " << checked << ": " << dk::rp_event_line(ev, r->s, r->out)
        << "\n  kernel words differ (replay: CCF_SEED=" << seed << ")";
    expected.pop_front();
    ++checked;
  };
  auto present = [&](const dk::RpEvent& ev) {
    dk::RpState& s = ref[ev.flow];
    const dk::RpState before = s;
    const dk::RpOut out = dk::rp_step(s, p, ev);
    expected.emplace_back(ev, dk::rp_words(s, out));
    // coverage of the kinds and the branches the kernel took
    cov.hit(std::string("event ") + dk::kRpEventNames[unsigned(ev.kind)]);
    cov.hit("action " + std::to_string(unsigned(out.action)));
    if (ev.flow == last_flow) cov.hit("same flow on consecutive cycles");
    if (out.byte_counter_expired) cov.hit("byte counter expired");
    if (out.target_divided) cov.hit("target divided by 8");
    if (out.hyper_i >= 2) cov.hit("hyper step i >= 2");
    if (s.time_stage == 127 && before.time_stage == 127 && out.action != dk::RpAction::kNone)
      cov.hit("stage counter saturated");
    if (out.action == dk::RpAction::kRateCut) {
      if (s.rc == p.min_rate && before.rc != p.min_rate) cov.hit("cut floored at min_rate");
      if (p.min_dec_fac != 0 && s.rc > p.min_rate &&
          s.rc == uint32_t((uint64_t{before.rc} * p.min_dec_fac + dk::kGainOne / 2) >> dk::GAIN_FRAC_BITS))
        cov.hit("cut floored by min_dec_fac");
      cov.hit(s.rt == before.rc ? "cut with RT <- RC" : "cut keeping RT");
    }
    if (s.alpha == dk::kAlphaMax && before.alpha != dk::kAlphaMax) cov.hit("alpha saturated");
    if (s.rt == p.line_rate && before.rt != p.line_rate && out.action >= dk::RpAction::kFastRecovery)
      cov.hit("target capped at line rate");
    last_flow = ev.flow;
    ++presented;
    check(rtl.clock(&expected.back().first));
  };

  for (uint32_t f = 0; f < kFlows; ++f) present({dk::RpEventKind::kInit, f, 0});
  for (uint32_t f = 0; f < kFlows; ++f) present({dk::RpEventKind::kCnp, f, 0});  // rate-limited: counters run
  for (uint64_t i = 0; i < events && !::testing::Test::HasFatalFailure(); ++i) {
    const unsigned gap = uni(0, 3) == 0 ? unsigned(uni(1, 3)) : 0;
    for (unsigned g = 0; g < gap; ++g, last_flow = kFlows) check(rtl.clock(nullptr));
    unsigned kind = kind_of(rng);
    const uint32_t flow = uni(0, 2) == 0 ? (last_flow < kFlows ? last_flow : 0) : uint32_t(uni(0, kFlows - 1));
    const uint32_t len = uint32_t(uni(0, 7) == 0 ? uni(0, 65535) : uni(64, 9000));
    present({static_cast<dk::RpEventKind>(kind), flow, kind == unsigned(dk::RpEventKind::kTx) ? len : 0});
  }
  for (unsigned i = 0; i < kDcqcnRpLatencyCycles && !::testing::Test::HasFatalFailure(); ++i) check(rtl.clock(nullptr));
  EXPECT_TRUE(expected.empty()) << "seed=" << seed << ": " << expected.size() << " events without a result";
  EXPECT_EQ(checked, presented);
}

class DcqcnRpRtlLockstep : public ::testing::TestWithParam<dk::RpVariant> {};

TEST_P(DcqcnRpRtlLockstep, EveryStateWordAndOutputEqualsTheKernel) {
  const dk::RpVariant variant = GetParam();
  const uint64_t seeds = env_u64("CCF_SEEDS", CCF_DCQCN_RTL_SEEDS);
  const uint64_t events = env_u64("CCF_EVENTS", CCF_DCQCN_RTL_EVENTS);
  const uint64_t base = env_u64("CCF_SEED", 1000 * (uint64_t(variant) + 1));
  std::printf("variant %u: seeds %llu..%llu, %llu events each (replay one: CCF_SEED=<seed> CCF_SEEDS=1)\n",
              unsigned(variant), (unsigned long long)base, (unsigned long long)(base + seeds - 1),
              (unsigned long long)events);
  RpCoverage cov;
  for (uint64_t s = 0; s < seeds && !HasFatalFailure(); ++s) run_rp_seed(variant, base + s, events, cov);
  for (const auto& [bin, n] : cov.bins) std::printf("  %-34s %llu\n", bin.c_str(), (unsigned long long)n);
  if (std::getenv("CCF_SEED")) return;  // one replayed seed need not reach every bin
  // Every event kind and every branch of the variant was exercised.
  std::vector<std::string> need{"event init", "event cnp", "event alpha_timer", "event increase_timer",
                                "event alpha_increase_timer", "event tx", "action 0", "action 1", "action 3",
                                "action 4", "action 5", "action 6", "same flow on consecutive cycles",
                                "cut floored at min_rate", "cut floored by min_dec_fac", "cut with RT <- RC",
                                "alpha saturated", "target capped at line rate", "byte counter expired"};
  if (variant == dk::RpVariant::kMlx) {
    need.insert(need.end(), {"event rate_decrease_timer", "action 2", "cut keeping RT"});
  } else {
    need.insert(need.end(), {"hyper step i >= 2", "stage counter saturated", "cut keeping RT"});
  }
  if (variant == dk::RpVariant::kNs3Rdma) need.push_back("target divided by 8");
  for (const std::string& bin : need) EXPECT_GT(cov.bins[bin], 0u) << "not covered: " << bin;
}

std::string variant_name(const ::testing::TestParamInfo<dk::RpVariant>& info) {
  static constexpr std::array<const char*, 3> kNames{"Paper", "Ns3Rdma", "Mlx"};
  return kNames[unsigned(info.param)];
}
INSTANTIATE_TEST_SUITE_P(Variants, DcqcnRpRtlLockstep,
                         ::testing::Values(dk::RpVariant::kPaper, dk::RpVariant::kNs3Rdma, dk::RpVariant::kMlx),
                         variant_name);

// ---- notification point ----

void run_np_seed(uint64_t seed, uint64_t events, std::map<std::string, uint64_t>& cov) {
  std::mt19937_64 rng(seed);
  auto uni = [&](uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); };
  dk::NpParams p;
  p.mode = uni(0, 1) ? dk::NpMode::kPaperWindow : dk::NpMode::kMinTimeBetweenCnps;
  p.interval_ns = uint32_t(uni(0, 3) == 0 ? uni(p.mode == dk::NpMode::kPaperWindow ? 1 : 0, dk::kNpTimeMask)
                                          : uni(1, 60000));
  DcqcnNpRtl rtl(p);
  std::array<dk::NpState, kFlows> ref{};
  std::deque<std::pair<dk::NpEvent, std::vector<uint64_t>>> expected;
  uint64_t now = uni(0, uint64_t{1} << 40), checked = 0;
  auto check = [&](const std::optional<DcqcnNpRtl::Result>& r) {
    if (!r) return;
    ASSERT_FALSE(expected.empty()) << "seed=" << seed;
    const auto& [ev, words] = expected.front();
    ASSERT_EQ(r->flow, ev.flow) << "seed=" << seed;
    ASSERT_EQ(dk::np_words(r->s, r->out), words)
        << "seed=" << seed << " event " << checked << ": " << dk::np_event_line(ev, r->s, r->out)
        << " (replay: CCF_SEED=" << seed << ")";
    expected.pop_front();
    ++checked;
  };
  for (uint32_t f = 0; f < kFlows; ++f) {  // a new flow: cleared, as the kernel's NpState{}
    const dk::NpEvent ev{dk::NpEventKind::kMarked, f, 0};
    expected.emplace_back(ev, dk::np_words(dk::NpState{}, dk::NpOut{}));
    check(rtl.clock(&ev, true));
  }
  for (uint64_t i = 0; i < events && !::testing::Test::HasFatalFailure(); ++i) {
    // time advances by up to a few windows, sometimes not at all (same-ns marks and window ends)
    now += uni(0, 2) == 0 ? 0 : uni(1, p.interval_ns ? 2 * p.interval_ns : 5000);
    const dk::NpEvent ev{uni(0, 2) == 0 ? dk::NpEventKind::kWindowEnd : dk::NpEventKind::kMarked,
                         uint32_t(uni(0, kFlows - 1)), now};
    dk::NpState& s = ref[ev.flow];
    const bool was_open = s.open;
    const dk::NpOut out = dk::np_step(s, p, ev);
    cov[ev.kind == dk::NpEventKind::kMarked ? "marked" : "window_end"]++;
    if (out.send_cnp) cov[ev.kind == dk::NpEventKind::kMarked ? "CNP on a mark" : "CNP at a window end"]++;
    if (ev.kind == dk::NpEventKind::kMarked && !out.send_cnp) cov["mark inside a window"]++;
    if (was_open && !s.open) cov["window closed"]++;
    if (s.pending) cov["pending"]++;
    expected.emplace_back(ev, dk::np_words(s, out));
    check(rtl.clock(&ev));
    if (uni(0, 3) == 0) check(rtl.clock(nullptr));
  }
  for (unsigned i = 0; i < kDcqcnNpLatencyCycles && !::testing::Test::HasFatalFailure(); ++i) check(rtl.clock(nullptr));
  EXPECT_TRUE(expected.empty()) << "seed=" << seed;
}

TEST(DcqcnNpRtlLockstep, EveryStateWordAndOutputEqualsTheKernel) {
  const uint64_t seeds = env_u64("CCF_SEEDS", CCF_DCQCN_RTL_SEEDS);
  const uint64_t events = env_u64("CCF_EVENTS", CCF_DCQCN_RTL_EVENTS);
  const uint64_t base = env_u64("CCF_SEED", 7000);
  std::printf("seeds %llu..%llu, %llu events each\n", (unsigned long long)base,
              (unsigned long long)(base + seeds - 1), (unsigned long long)events);
  std::map<std::string, uint64_t> cov;
  for (uint64_t s = 0; s < seeds && !HasFatalFailure(); ++s) run_np_seed(base + s, events, cov);
  for (const auto& [bin, n] : cov) std::printf("  %-24s %llu\n", bin.c_str(), (unsigned long long)n);
  if (std::getenv("CCF_SEED")) return;
  for (const char* bin : {"marked", "window_end", "CNP on a mark", "CNP at a window end", "mark inside a window",
                          "window closed", "pending"})
    EXPECT_GT(cov[bin], 0u) << "not covered: " << bin;
}

// The pipeline's latencies are the ones the SystemC units declare (docs/units/dcqcn.md 7).
TEST(DcqcnRtl, ResultsLeaveAfterTheDeclaredLatency) {
  DcqcnRpRtl rp(dk::RpParams::paper());
  const dk::RpEvent init{dk::RpEventKind::kInit, 3, 0};
  unsigned cycles = 1;
  for (auto r = rp.clock(&init); !r; r = rp.clock(nullptr)) ++cycles;
  EXPECT_EQ(cycles, kDcqcnRpLatencyCycles);
  DcqcnNpRtl np(dk::NpParams::paper());
  const dk::NpEvent mark{dk::NpEventKind::kMarked, 3, 100};
  cycles = 1;
  for (auto r = np.clock(&mark); !r; r = np.clock(nullptr)) ++cycles;
  EXPECT_EQ(cycles, kDcqcnNpLatencyCycles);
}

TEST(DcqcnRtl, RefusesWhatItIsNotBuiltFor) {
  dk::RpParams p = dk::RpParams::paper();
  p.widths.alpha = 12;
  EXPECT_THROW(DcqcnRpRtl{p}, std::invalid_argument);
  DcqcnRpRtl rp(dk::RpParams::paper());
  const dk::RpEvent far{dk::RpEventKind::kInit, kDcqcnRtlFlows, 0};
  EXPECT_THROW(rp.clock(&far), std::out_of_range);
}

}  // namespace
}  // namespace ccf::nic
