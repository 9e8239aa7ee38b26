// test_buffer_plan.cpp: the buffer plan (models/switch/buffer_plan.*) against the DCQCN paper's own
// worked example (section 4), the 802.1Qbb headroom model, input validation, and the
// `ccfabric buffer-plan` command line (the binary at CCF_BINARY).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <toml++/toml.h>
#include <unistd.h>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "models/switch/buffer_plan.hpp"
#include "test_tmp.hpp"

namespace {

using ccf::sw::BufferPlan;
using ccf::sw::BufferPlanInput;
using ccf::sw::LinkSpec;

constexpr double kKB = 1000.0;

// The paper's testbed switch: Arista 7050QX32 (Trident II), 12 MB, 32 ports, 8 priorities,
// t_flight = 22.4 KB, beta = 8 (DCQCN section 4).
BufferPlanInput paper_input() {
  BufferPlanInput in;
  in.buffer_bytes = 12'000'000;
  in.ports = 32;
  in.priorities = 8;
  in.headroom_bytes = 22'400;
  in.beta = 8;
  return in;
}

LinkSpec paper_link(double cable_m) {
  LinkSpec l;
  l.link_gbps = 40;
  l.cable_m = cable_m;
  l.propagation_ns_per_m = 5.0;
  return l;
}

// The cable length at which the 802.1Qbb model gives the paper's 22.4 KB for a 40 Gb/s link and a
// 1500-B MTU (docs/buffer-plan.md 3.2).
constexpr double kPaperCableM = 110.72;

// ---- the paper's worked example -------------------------------------------------------------

TEST(BufferPlan, PaperExampleGivesStaticPfcThresholdOf24_47KB) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_NEAR(p.total_headroom_bytes / kKB, 5734.4, 1e-9);
  EXPECT_NEAR(p.shared_pool_bytes / kKB, 6265.6, 1e-9);
  EXPECT_NEAR(p.static_pfc_threshold_bytes / kKB, 24.47, 0.01);
}

TEST(BufferPlan, PaperExampleGivesEcnThresholdBoundOf21_75KB) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_NEAR(p.ecn_threshold_bound_bytes / kKB, 21.75, 0.01);
  // The paper's own form of the bound: beta (B - 8 n t_flight) / (8 n (beta + 1)).
  EXPECT_DOUBLE_EQ(p.ecn_threshold_bound_bytes, 8.0 * (12e6 - 8 * 32 * 22400.0) / (8.0 * 32 * 9));
}

TEST(BufferPlan, StaticThresholdLeavesEcnLessThanOneMtu) {
  // t_PFC / n = 24.475 KB / 32 = 0.765 KB (the paper prints 0.85 KB, see docs/buffer-plan.md 2.2).
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_NEAR(p.static_ecn_bound_bytes / kKB, 0.765, 0.001);
  EXPECT_LT(p.static_ecn_bound_bytes, 1500.0);
}

TEST(BufferPlan, DynamicThresholdAtWorstCaseOccupancyEqualsWorstIngressQueue) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_NEAR(p.dynamic_pfc_threshold_empty_bytes, p.shared_pool_bytes, 1e-6);  // beta / 8 = 1
  EXPECT_NEAR(p.dynamic_pfc_threshold_at_s_pn_tecn_bytes, p.ingress_worst_case_bytes, 1e-6);
  EXPECT_NEAR(p.ingress_worst_case_bytes, 32 * p.ecn_threshold_bound_bytes, 1e-6);
  EXPECT_GT(p.dynamic_pfc_threshold_at_s_n_tecn_bytes, p.dynamic_pfc_threshold_at_s_pn_tecn_bytes);
}

TEST(BufferPlan, RecommendsLargestWholeKbBelowTheBoundAndDcqcnKmaxPmax) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_EQ(p.kmin_bytes, 21'000);
  EXPECT_EQ(p.kmax_bytes, 200'000);
  EXPECT_EQ(p.pmax, 0.01);
  EXPECT_EQ(p.pfc_beta_log2, 3);
  EXPECT_TRUE(p.warnings.empty());
}

TEST(BufferPlan, KminIsStrictlyBelowABoundThatIsAWholeKb) {
  // Choose S so that the bound is exactly 21 KB: beta S / (n (8 + beta P)) = 21000.
  BufferPlanInput in = paper_input();
  in.headroom_bytes = 0;
  in.buffer_bytes = 21'000.0 * 32 * (8 + 8 * 8) / 8;
  const BufferPlan p = ccf::sw::plan_buffer(in);
  EXPECT_DOUBLE_EQ(p.ecn_threshold_bound_bytes, 21'000);
  EXPECT_EQ(p.kmin_bytes, 20'000);
}

TEST(BufferPlan, CountsCellsAsTheSwitchHoldsThem) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_EQ(p.buffer_cells, 46'875u);  // 12e6 / 256
  EXPECT_EQ(p.headroom_cells, 88u);    // ceil(22400 / 256)
  EXPECT_EQ(p.shared_pool_cells, 46'875u - 256u * 88u);
  EXPECT_EQ(p.static_pfc_threshold_cells, (46'875u - 256u * 88u) / 256u);
  // Whole cells of headroom leave a slightly smaller pool and bound; Kmin respects both.
  EXPECT_LT(p.ecn_threshold_bound_cell_rounded_bytes, p.ecn_threshold_bound_bytes);
  EXPECT_LT(p.kmin_bytes, p.ecn_threshold_bound_cell_rounded_bytes);
  EXPECT_LT(p.ecn_threshold_bound_cells * 256.0, p.ecn_threshold_bound_cell_rounded_bytes);
  EXPECT_GE((p.ecn_threshold_bound_cells + 1) * 256.0, p.ecn_threshold_bound_cell_rounded_bytes);
}

TEST(BufferPlan, ChecksAGivenKminAgainstTheBound) {
  BufferPlanInput in = paper_input();
  in.kmin_bytes = 5'000;  // the paper's testbed Kmin
  EXPECT_TRUE(*ccf::sw::plan_buffer(in).given_kmin_satisfies_bound);
  in.kmin_bytes = 22'000;
  EXPECT_FALSE(*ccf::sw::plan_buffer(in).given_kmin_satisfies_bound);
  EXPECT_FALSE(ccf::sw::plan_buffer(paper_input()).given_kmin_satisfies_bound.has_value());
}

TEST(BufferPlan, WarnsWhenTheEcnBoundIsBelowOneMtu) {
  BufferPlanInput in = paper_input();
  in.beta = 1.0 / 64;
  const BufferPlan p = ccf::sw::plan_buffer(in);
  EXPECT_LT(p.ecn_threshold_bound_bytes, 1500);
  ASSERT_FALSE(p.warnings.empty());
  EXPECT_NE(p.warnings[0].find("below one MTU"), std::string::npos);
}

// ---- beta and the priority count ------------------------------------------------------------

TEST(BufferPlan, LargerBetaRaisesEcnBoundAndDynamicThresholdButNotStaticOne) {
  BufferPlanInput in = paper_input();
  double prev_ecn = 0, prev_dyn = 0, static_thr = -1;
  for (int b = -6; b <= 6; ++b) {
    in.beta = std::ldexp(1.0, b);
    const BufferPlan p = ccf::sw::plan_buffer(in);
    EXPECT_EQ(p.pfc_beta_log2, b);
    EXPECT_GT(p.ecn_threshold_bound_bytes, prev_ecn) << "beta=" << in.beta;
    EXPECT_GT(p.dynamic_pfc_threshold_empty_bytes, prev_dyn) << "beta=" << in.beta;
    EXPECT_GE(p.kmin_bytes, 0);
    EXPECT_LT(p.kmin_bytes, p.ecn_threshold_bound_bytes);
    if (static_thr >= 0) {
      EXPECT_DOUBLE_EQ(p.static_pfc_threshold_bytes, static_thr);
    }
    prev_ecn = p.ecn_threshold_bound_bytes;
    prev_dyn = p.dynamic_pfc_threshold_empty_bytes;
    static_thr = p.static_pfc_threshold_bytes;
  }
  // As beta grows the bound tends to S / (n P) (the static t_PFC bound), never above it.
  EXPECT_LT(prev_ecn, static_thr);
}

TEST(BufferPlan, FewerPrioritiesLeaveMoreRoomForEcn) {
  BufferPlanInput in = paper_input();
  double prev = 1e300;
  for (int prio = 1; prio <= 8; ++prio) {
    in.priorities = prio;
    const BufferPlan p = ccf::sw::plan_buffer(in);
    const double S = 12e6 - prio * 32 * 22400.0;
    EXPECT_DOUBLE_EQ(p.shared_pool_bytes, S);
    EXPECT_DOUBLE_EQ(p.static_pfc_threshold_bytes, S / (prio * 32));
    EXPECT_DOUBLE_EQ(p.ecn_threshold_bound_bytes, 8.0 * S / (32 * (8 + 8.0 * prio)));
    EXPECT_LT(p.ecn_threshold_bound_bytes, prev) << "P=" << prio;
    prev = p.ecn_threshold_bound_bytes;
  }
}

TEST(BufferPlan, ReserveShrinksTheSharedPool) {
  BufferPlanInput in = paper_input();
  in.reserve_bytes = 4'000;
  const BufferPlan p = ccf::sw::plan_buffer(in);
  EXPECT_DOUBLE_EQ(p.total_reserve_bytes, 8 * 32 * 4000.0);
  EXPECT_DOUBLE_EQ(p.shared_pool_bytes, 12e6 - 8 * 32 * (22400.0 + 4000));
}

TEST(BufferPlan, DynamicThresholdFallsLinearlyWithOccupancyAndStopsAtZero) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  EXPECT_DOUBLE_EQ(ccf::sw::dynamic_pfc_threshold_bytes(p, 0), p.dynamic_pfc_threshold_empty_bytes);
  EXPECT_DOUBLE_EQ(ccf::sw::dynamic_pfc_threshold_bytes(p, 1e6), p.shared_pool_bytes - 1e6);
  EXPECT_EQ(ccf::sw::dynamic_pfc_threshold_bytes(p, 2 * p.shared_pool_bytes), 0.0);
}

// ---- headroom (802.1Qbb delay model) --------------------------------------------------------

TEST(Headroom, TermsAt40GbpsFollowThe8021QbbDelayModel) {
  const ccf::sw::HeadroomTerms t = ccf::sw::derive_headroom(paper_link(100), 1500);
  EXPECT_DOUBLE_EQ(t.pause_sender_frame_bytes, 1500 + 22 + 20);
  EXPECT_DOUBLE_EQ(t.sender_frame_bytes, 1542);
  EXPECT_DOUBLE_EQ(t.pfc_frame_bytes, 84);  // 672 bit times
  EXPECT_DOUBLE_EQ(t.interface_delay_bytes, 2 * 24576 / 8.0);
  EXPECT_DOUBLE_EQ(t.response_bytes, 118 * 512 / 8.0);      // 60416 bit times
  EXPECT_DOUBLE_EQ(t.cable_bytes, 2 * 100 * 5 * 40 / 8.0);  // 2 x 500 ns at 40 bit/ns
  EXPECT_DOUBLE_EQ(t.total_bytes(), 1542 + 84 + 6144 + 5000 + 7552 + 1542);
}

TEST(Headroom, PaperLinkReproduces22_4KBWithA110mCable) {
  // 40 Gb/s, 1500-B MTU: 22.4 KB at 110.72 m, within 0.01 KB (docs/buffer-plan.md 3.2).
  const double h = ccf::sw::derive_headroom(paper_link(kPaperCableM), 1500).total_bytes();
  EXPECT_NEAR(h / kKB, 22.4, 0.01);
  EXPECT_NEAR(ccf::sw::cable_length_for_headroom_m(22'400, paper_link(0), 1500), kPaperCableM, 0.01);
  // The customary 100 m design cable is within 3 % of the paper's figure.
  const double h100 = ccf::sw::derive_headroom(paper_link(100), 1500).total_bytes();
  EXPECT_NEAR(h100 / 22'400, 1.0, 0.03);
}

TEST(Headroom, GrowsWithCableLengthAndMtu) {
  const double base = ccf::sw::derive_headroom(paper_link(10), 1500).total_bytes();
  EXPECT_GT(ccf::sw::derive_headroom(paper_link(20), 1500).total_bytes(), base);
  EXPECT_DOUBLE_EQ(ccf::sw::derive_headroom(paper_link(10), 9000).total_bytes(), base + 2 * 7500);
}

TEST(Headroom, DerivedHeadroomFeedsThePlan) {
  BufferPlanInput in = paper_input();
  in.headroom_bytes.reset();
  in.link = paper_link(kPaperCableM);
  const BufferPlan p = ccf::sw::plan_buffer(in);
  ASSERT_TRUE(p.headroom_terms.has_value());
  EXPECT_NEAR(p.headroom_bytes / kKB, 22.4, 0.01);
  EXPECT_NEAR(p.static_pfc_threshold_bytes / kKB, 24.47, 0.02);
  EXPECT_NEAR(p.ecn_threshold_bound_bytes / kKB, 21.75, 0.02);
}

// ---- validation -----------------------------------------------------------------------------

// validate() names the option, the value and what is allowed; plan_buffer throws the same message.
void expect_invalid(const BufferPlanInput& in, const std::string& option_and_value, const std::string& allowed) {
  const std::string e = ccf::sw::validate(in);
  EXPECT_EQ(e.rfind(option_and_value, 0), 0u) << e;
  EXPECT_NE(e.find(allowed), std::string::npos) << e;
  EXPECT_THROW(ccf::sw::plan_buffer(in), std::invalid_argument);
}

TEST(BufferPlanValidate, AcceptsThePaperExample) {
  EXPECT_EQ(ccf::sw::validate(paper_input()), "");
}

TEST(BufferPlanValidate, NamesTheOptionTheValueAndTheRange) {
  BufferPlanInput in = paper_input();
  in.ports = 0;
  expect_invalid(in, "--ports = 0 ", "must be between 1 and 1024");
  in = paper_input();
  in.priorities = 9;
  expect_invalid(in, "--priorities = 9 ", "between 1 and 8");
  in = paper_input();
  in.beta = 3;
  expect_invalid(in, "--beta = 3 ", "power of two between 1/64 and 64");
  in.beta = 128;
  expect_invalid(in, "--beta = 128 ", "power of two between 1/64 and 64");
  in = paper_input();
  in.buffer_bytes = 0;
  expect_invalid(in, "--buffer-bytes = 0 ", "between 1 and");
  in.buffer_bytes = std::nan("");
  expect_invalid(in, "--buffer-bytes = nan ", "between 1 and");
  in = paper_input();
  in.headroom_bytes = -1;
  expect_invalid(in, "--headroom-bytes = -1 ", ">= 0");
  in = paper_input();
  in.cell_bytes = 100;
  expect_invalid(in, "--cell-bytes = 100 ", "power of two between 64 and 1024");
  in = paper_input();
  in.kmin_bytes = -5;
  expect_invalid(in, "--kmin-bytes = -5 ", ">= 0");
  in = paper_input();
  in.mtu_bytes = 10;
  expect_invalid(in, "--mtu-bytes = 10 ", "between 68 and 9216");
}

TEST(BufferPlanValidate, RejectsHeadroomThatFillsTheBuffer) {
  BufferPlanInput in = paper_input();
  in.buffer_bytes = 5'000'000;  // < 8 * 32 * 22400
  expect_invalid(in, "--buffer-bytes = 5000000 ", "must be larger than the headroom");
}

TEST(BufferPlanValidate, RejectsUnpublishedLinkRatesAndBadCables) {
  BufferPlanInput in = paper_input();
  in.headroom_bytes.reset();
  in.link = paper_link(100);
  in.link->link_gbps = 50;
  expect_invalid(in, "--link-gbps = 50 ", "must be one of 10, 25, 40, 100");
  in.link = paper_link(-1);
  expect_invalid(in, "--cable-m = -1 ", "between 0 and 100000");
}

TEST(BufferPlanValidate, RequiresExactlyOneHeadroomSource) {
  BufferPlanInput in = paper_input();
  in.link = paper_link(100);
  EXPECT_NE(ccf::sw::validate(in).find("--headroom-bytes and --link-gbps"), std::string::npos);
  in.headroom_bytes.reset();
  in.link.reset();
  EXPECT_NE(ccf::sw::validate(in).find("one of --headroom-bytes or --link-gbps"), std::string::npos);
}

// ---- the scenario's [switch] section --------------------------------------------------------

TEST(BufferPlanToml, SwitchSectionParsesWithThePlannedValues) {
  const BufferPlan p = ccf::sw::plan_buffer(paper_input());
  const toml::table t = toml::parse(ccf::sw::to_toml_switch_section(p));
  EXPECT_EQ(t["switch"]["buffer_bytes"].value<int64_t>(), 12'000'000);
  EXPECT_EQ(t["switch"]["pfc"].value<bool>(), true);
  EXPECT_EQ(t["switch"]["pfc_threshold"].value<std::string>(), "dynamic");
  EXPECT_EQ(t["switch"]["pfc_beta"].value<double>(), 8.0);
  EXPECT_EQ(t["switch"]["headroom_bytes"].value<int64_t>(), 22'400);
  EXPECT_EQ(t["switch"]["reserve_bytes"].value<int64_t>(), 0);
  EXPECT_EQ(t["switch"]["ecn"]["kmin_bytes"].value<int64_t>(), 21'000);
  EXPECT_EQ(t["switch"]["ecn"]["kmax_bytes"].value<int64_t>(), 200'000);
  EXPECT_EQ(t["switch"]["ecn"]["pmax"].value<double>(), 0.01);
}

TEST(BufferPlanToml, FractionalBetaIsATomlFloatAndHeadroomRoundsUp) {
  BufferPlanInput in = paper_input();
  in.beta = 0.125;
  in.headroom_bytes.reset();
  in.link = paper_link(100.1);
  in.link->propagation_ns_per_m = 5.01;  // cable term 2 * 100.1 * 5.01 * 5 = 5015.01 B: not whole
  const BufferPlan p = ccf::sw::plan_buffer(in);
  const toml::table t = toml::parse(ccf::sw::to_toml_switch_section(p));
  EXPECT_EQ(t["switch"]["pfc_beta"].value<double>(), 0.125);
  EXPECT_EQ(t["switch"]["headroom_bytes"].value<int64_t>(), static_cast<int64_t>(std::ceil(p.headroom_bytes)));
  EXPECT_GE(*t["switch"]["headroom_bytes"].value<int64_t>(), p.headroom_bytes);
}

// ---- the command line -----------------------------------------------------------------------

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

std::string slurp(const std::filesystem::path& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A scratch directory for one test (tests run in parallel processes), removed when it goes away.
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& tag) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path = ccf::test::tmp_dir() /
           (std::string("ccf_test_buffer_plan_") + info->name() + "_" + tag + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

CliResult run_ccfabric(const std::string& args) {
  const ScratchDir scratch("cli");
  const std::filesystem::path& dir = scratch.path;
  const std::string cmd = std::string("'") + CCF_BINARY + "' " + args + " >'" + (dir / "out").string() + "' 2>'" +
                          (dir / "err").string() + "'";
  const int status = std::system(cmd.c_str());
  CliResult r;
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  return r;
}

const std::string kPaperArgs =
    "buffer-plan --buffer-bytes 12e6 --ports 32 --priorities 8 --headroom-bytes 22400 --beta 8";

TEST(BufferPlanCli, BadPortsExitsWith2AndNamesTheOption) {
  const CliResult r =
      run_ccfabric("buffer-plan --buffer-bytes 12e6 --ports 0 --priorities 8 --headroom-bytes 22400 --beta 8");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: --ports = 0 must be between 1 and 1024", 0), 0u) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(BufferPlanCli, BetaThatIsNotAPowerOfTwoExitsWith2) {
  const CliResult r = run_ccfabric("buffer-plan --buffer-bytes 12e6 --ports 32 --headroom-bytes 22400 --beta 6");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: --beta = 6 must be a power of two", 0), 0u) << r.err;
}

TEST(BufferPlanCli, ParserErrorsExitWith2) {
  for (const std::string& args : {
           std::string("buffer-plan --buffer-bytes 12e6 --ports abc --headroom-bytes 22400"),
           std::string("buffer-plan --ports 32 --headroom-bytes 22400"),  // missing option
           std::string("buffer-plan --buffer-bytes 12e6 --ports 32 --headroom-bytes 1 --link-gbps 40"
                       " --cable-m 100"),                                             // exclusive
           std::string("buffer-plan --buffer-bytes 12e6 --ports 32 --link-gbps 40"),  // needs --cable-m
           std::string("no-such-command"),
           std::string(""),  // no subcommand
       }) {
    const CliResult r = run_ccfabric(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(BufferPlanCli, HelpAndVersionExitWith0) {
  EXPECT_EQ(run_ccfabric("--help").exit_code, 0);
  EXPECT_EQ(run_ccfabric("buffer-plan --help").exit_code, 0);
  const CliResult v = run_ccfabric("--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_NE(v.out.find("ccfabric"), std::string::npos);
}

TEST(BufferPlanCli, PaperExampleTableShowsTheThresholdsWithUnits) {
  const CliResult r = run_ccfabric(kPaperArgs);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("value_KB"), std::string::npos);
  EXPECT_NE(r.out.find("24.475"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("21.756"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PFC_BETA_LOG2 = 3"), std::string::npos) << r.out;
}

TEST(BufferPlanCli, JsonCarriesThePlan) {
  const CliResult r = run_ccfabric(kPaperArgs + " --kmin-bytes 5000 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["static_pfc_threshold_bytes"].get<double>() / kKB, 24.47, 0.01);
  EXPECT_NEAR(j["ecn_threshold_bound_bytes"].get<double>() / kKB, 21.75, 0.01);
  EXPECT_EQ(j["pfc_beta_log2"].get<int>(), 3);
  EXPECT_EQ(j["given_kmin_satisfies_bound"].get<bool>(), true);
  EXPECT_EQ(j["cells"]["buffer_cells"].get<uint64_t>(), 46'875u);
}

TEST(BufferPlanCli, WritesTheSwitchSectionFromADerivedHeadroom) {
  const ScratchDir scratch("toml");
  const auto path = scratch.path / "switch.toml";
  const CliResult r = run_ccfabric(
      "buffer-plan --buffer-bytes 12e6 --ports 32 --link-gbps 40 --cable-m 110.72 --mtu-bytes 1500 "
      "--beta 8 --write-toml '" +
      path.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("total t_flight"), std::string::npos) << r.out;
  const toml::table t = toml::parse_file(path.string());
  EXPECT_EQ(t["switch"]["headroom_bytes"].value<int64_t>(), 22'400);
  EXPECT_EQ(t["switch"]["ecn"]["kmin_bytes"].value<int64_t>(), 21'000);
}

TEST(BufferPlanCli, UnwritableTomlPathExitsWith1) {
  const CliResult r = run_ccfabric(kPaperArgs + " --write-toml /nonexistent-dir/x.toml");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("error: --write-toml = /nonexistent-dir/x.toml: cannot open", 0), 0u) << r.err;
}

}  // namespace
