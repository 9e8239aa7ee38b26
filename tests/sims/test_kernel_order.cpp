// Results do not depend on the order in which the SystemC kernel runs processes that act at the same
// instant (docs/fabric.md 8): `ccfabric run --perturb-kernel-order SEED` changes that order, and every
// output file must stay the same. The web-search workload has such instants (a NIC's timer falling
// due as a frame arrives at it, a sample taken as an ACK arrives); before the NICs and the sampler
// waited for the end of the instant, its flows differed from 2.56 ms on with seeds 1 and 7.
#include <gtest/gtest.h>

#include <string>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::run_ccfabric;

const std::string kRun = std::string("run ") + CCF_SCENARIO_DIR +
                         "/websearch_dcqcn.toml --set sim.duration_us=3000 --set sim.measure_from_us=500 "
                         "--set traffic.0.stop_us=3000";

class KernelOrder : public ::testing::TestWithParam<int> {};

TEST_P(KernelOrder, OutputFilesDoNotDependOnTheOrderOfSameInstantProcesses) {
  const std::string plain = out_dir("order_plain");
  const std::string perturbed = out_dir("order_perturbed_" + std::to_string(GetParam()));
  const auto a = run_ccfabric(kRun + " --out " + plain);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  const auto b = run_ccfabric(kRun + " --perturb-kernel-order " + std::to_string(GetParam()) + " --out " + perturbed);
  ASSERT_EQ(b.exit_code, 0) << b.output;
  for (const char* f : {"/flows.csv", "/fct.csv", "/timeseries.csv", "/timeseries_long.csv", "/ports.csv", "/pfc.csv"})
    EXPECT_TRUE(read_file(plain + f) == read_file(perturbed + f))
        << f << " differs with --perturb-kernel-order " << GetParam() << " (" << plain << ", " << perturbed << ")";
}

INSTANTIATE_TEST_SUITE_P(Seeds, KernelOrder, ::testing::Values(1, 7));

TEST(KernelOrderCli, ANegativeSeedIsRejected) {
  const auto r = run_ccfabric(kRun + " --perturb-kernel-order -1 --out " + out_dir("order_bad"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("-1 must be an integer from 0"), std::string::npos) << r.output;
}

}  // namespace
