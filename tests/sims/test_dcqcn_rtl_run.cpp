// `nic.dcqcn_impl = "rtl"`: the Verilated DCQCN units (rtl/nic/) run every reaction-point and
// notification-point pass of an 8:1 incast, and every output file equals the run on the C++ kernels,
// byte for byte, in each preset (the lockstep of single passes is tests/nic/test_dcqcn_rtl.cpp).
#include <gtest/gtest.h>

#include <string>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;

const std::string kScenario = std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn.toml";

class DcqcnRtlRun : public ::testing::TestWithParam<const char*> {};

TEST_P(DcqcnRtlRun, EightToOneIncastGivesTheKernelsFiles) {
  const std::string preset = GetParam();
  const std::string kernel = out_dir("dcqcn_kernel_" + preset), rtl = out_dir("dcqcn_rtl_" + preset);
  for (const auto& [impl, out] : {std::pair{"kernel", kernel}, std::pair{"rtl", rtl}}) {
    const auto r = ccf::test::run_ccfabric("run " + kScenario + " --set traffic.0.senders=8 --set nic.dcqcn_preset=" +
                                           preset + " --set nic.dcqcn_impl=" + impl +
                                           " --set sim.duration_us=3000 --plots none --out " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv", "/ports.csv", "/fct.csv", "/fct_buckets.csv"})
    EXPECT_EQ(read_file(kernel + f), read_file(rtl + f)) << f;
  auto jk = read_summary(kernel), jr = read_summary(rtl);
  EXPECT_GT(jr["frames"]["sent_by_kind"]["cnp"].get<uint64_t>(), 0u) << "the run must exercise the CNP path";
  for (auto* j : {&jk, &jr}) {
    *j = ccf::test::run_figures(*j);
    j->erase("scenario");  // names the implementation
  }
  EXPECT_EQ(jk, jr);
}

INSTANTIATE_TEST_SUITE_P(Presets, DcqcnRtlRun, ::testing::Values("paper", "hpcc_ns3", "mlx5"));

TEST(DcqcnRtlRun, SaysWhatTheRtlCannotRun) {
  const auto swift = ccf::test::run_ccfabric("run " + kScenario + " --set nic.cc=swift --set nic.dcqcn_impl=rtl");
  EXPECT_EQ(swift.exit_code, 2);
  EXPECT_NE(swift.output.find("nic.dcqcn_impl = \"rtl\" applies to nic.cc = \"dcqcn\" only (here \"swift\")"),
            std::string::npos)
      << swift.output;
  const auto widths =
      ccf::test::run_ccfabric("run " + kScenario + " --set nic.dcqcn_impl=rtl --set cc.dcqcn.widths.alpha=12");
  EXPECT_EQ(widths.exit_code, 2);
  EXPECT_NE(widths.output.find("built for the shipped widths only"), std::string::npos) << widths.output;
  const auto typo = ccf::test::run_ccfabric("run " + kScenario + " --set nic.dcqcn_impl=verilog");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.output.find("dcqcn_impl"), std::string::npos) << typo.output;
}

}  // namespace
