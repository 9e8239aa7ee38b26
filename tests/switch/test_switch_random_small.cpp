// Constrained-random regression, 4-port switch with a 256-cell buffer: every threshold, drop
// reason and PFC path fires within a few thousand cycles. CCF_SEED replays one seed.
#include "Vsw_top_small.h"
#include "random_run.hpp"

namespace ccf::test {
namespace {

#ifndef CCF_LONG_REGRESSION
constexpr uint64_t kSeeds[] = {1, 2, 3, 4, 5, 6};
constexpr uint64_t kCyclesPerSeed = 400'000;
#else
constexpr uint64_t kSeeds[] = {101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120};
constexpr uint64_t kCyclesPerSeed = 1'000'000;
#endif

class SmallSwitchRandom : public ::testing::TestWithParam<uint64_t> {};

TEST_P(SmallSwitchRandom, RtlMatchesReferenceModel) {
  run_random<Vsw_top_small>(small_params(), test_seed(GetParam()), env_u64("CCF_CYCLES", kCyclesPerSeed));
}

INSTANTIATE_TEST_SUITE_P(Seeds, SmallSwitchRandom, ::testing::ValuesIn(kSeeds));

}  // namespace
}  // namespace ccf::test
