// Constrained-random regression of the default 16-port, 12 MB switch against the reference model.
#include "Vsw_top.h"
#include "Vsw_top_rcm.h"
#include "random_run.hpp"

namespace ccf::test {
namespace {

#ifndef CCF_LONG_REGRESSION
constexpr uint64_t kSeeds[] = {11, 12};
constexpr uint64_t kCyclesPerSeed = 500'000;
constexpr uint64_t kRcmSeeds[] = {21, 22};
#else
constexpr uint64_t kRcmSeeds[] = {221, 222, 223, 224, 225, 226, 227, 228, 229, 230};
constexpr uint64_t kSeeds[] = {201, 202, 203, 204, 205, 206, 207, 208, 209, 210};
constexpr uint64_t kCyclesPerSeed = 2'000'000;
#endif

class SwitchRandom : public ::testing::TestWithParam<uint64_t> {};

TEST_P(SwitchRandom, RtlMatchesReferenceModel) {
  run_random<Vsw_top>(sw::SwitchParams{}, test_seed(GetParam()), env_u64("CCF_CYCLES", kCyclesPerSeed));
}

INSTANTIATE_TEST_SUITE_P(Seeds, SwitchRandom, ::testing::ValuesIn(kSeeds));

// The same 16-port switch with regional congestion mitigation (docs/switch.md 2.11) built in.
class RcmSwitchRandom : public ::testing::TestWithParam<uint64_t> {};

TEST_P(RcmSwitchRandom, RtlMatchesReferenceModel) {
  sw::SwitchParams params;
  params.rcm = true;
  run_random<Vsw_top_rcm>(params, test_seed(GetParam()), env_u64("CCF_CYCLES", kCyclesPerSeed));
}

INSTANTIATE_TEST_SUITE_P(Seeds, RcmSwitchRandom, ::testing::ValuesIn(kRcmSeeds));

}  // namespace
}  // namespace ccf::test
