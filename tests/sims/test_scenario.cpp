// Scenario loading: defaults, overrides, and a clear error (file, key, value, rule) for bad input.
#include <gtest/gtest.h>

#include <string>

#include "scenario/scenario.hpp"
#include "scenario_error.hpp"

namespace ccf::sims {
namespace {

using test::scenario_error_of;

TEST(Scenario, ShippedDefaultScenarioLoads) {
  const Scenario s = load_scenario(CCF_SCENARIO_DIR "/incast_dcqcn.toml");
  EXPECT_EQ(s.nic.cc, "dcqcn");
  EXPECT_EQ(s.fabric.hosts, 16u);
  ASSERT_EQ(s.traffic.size(), 1u);
  EXPECT_EQ(s.traffic[0].senders, 15u);
}

TEST(Scenario, SetOverridesKeysWithTomlValuesAndBareWords) {
  const Scenario s = parse_scenario("", "s.toml",
                                    {"switch.ecn.kmin_bytes=10000", "nic.cc=none", "switch.pfc=false", "sim.duration_us=50"});
  EXPECT_EQ(s.sw.ecn.kmin_bytes, 10000u);
  EXPECT_EQ(s.nic.cc, "none");
  EXPECT_FALSE(s.sw.pfc);
  EXPECT_DOUBLE_EQ(s.sim.duration_us, 50.0);
}

TEST(Scenario, SetIndexesTrafficEntries) {
  const std::string two = "[[traffic]]\nsenders = 3\n[[traffic]]\nsenders = 5\nreceiver = 9\n";
  const Scenario s = parse_scenario(two, "s.toml", {"traffic.1.senders=4", "traffic.0.bytes=1000"});
  ASSERT_EQ(s.traffic.size(), 2u);
  EXPECT_EQ(s.traffic[0].senders, 3u);
  EXPECT_EQ(s.traffic[0].bytes, 1000u);
  EXPECT_EQ(s.traffic[1].senders, 4u);
  const std::string e = scenario_error_of(two, {"traffic.2.senders=4"});
  EXPECT_NE(e.find("INDEX 0..1"), std::string::npos) << e;
}

TEST(Scenario, UnknownKeyIsNamedWithTheKnownKeys) {
  const std::string e = scenario_error_of("[switch.ecn]\nkmn_bytes = 5\n");
  EXPECT_NE(e.find("s.toml: unknown key 'switch.ecn.kmn_bytes'"), std::string::npos) << e;
  EXPECT_NE(e.find("kmin_bytes"), std::string::npos) << e;
}

TEST(Scenario, UnknownAlgorithmListsTheAllowedOnes) {
  EXPECT_EQ(scenario_error_of("[nic]\ncc = \"cubic\"\n"), "s.toml: nic.cc = \"cubic\" must be one of \"none\", \"dcqcn\", \"swift\", \"ldcp\", \"timely\"");
}

TEST(Scenario, CcTablesCarryNumbersAndBooleansPerAlgorithm) {
  const Scenario s = parse_scenario("[cc.dcqcn]\nr_ai_mbps = 100\nclamp_tgt_rate = false\n", "s.toml", {"cc.dcqcn.g=0.0625"});
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("r_ai_mbps"), 100.0);
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("clamp_tgt_rate"), 0.0);
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("g"), 0.0625);
  EXPECT_NE(scenario_error_of("[cc.cubic]\nx = 1\n").find("unknown table [cc.cubic]"), std::string::npos);
  EXPECT_NE(scenario_error_of("[cc.dcqcn]\nx = \"fast\"\n").find("cc.dcqcn.x must be a number"), std::string::npos);
}

TEST(Scenario, KminAboveKmaxIsRejected) {
  EXPECT_EQ(scenario_error_of("[switch.ecn]\nkmin_bytes = 300000\nkmax_bytes = 200000\n"),
            "s.toml: switch.ecn.kmin_bytes = 300000 must be <= switch.ecn.kmax_bytes = 200000");
}

TEST(Scenario, ZeroHostsIsRejected) {
  EXPECT_EQ(scenario_error_of("[fabric]\nhosts = 0\n"), "s.toml: fabric.hosts = 0 must be an integer from 2 to 32");
}

TEST(Scenario, NegativeRateIsRejected) {
  EXPECT_EQ(scenario_error_of("[fabric]\nlink_gbps = -100\n"), "s.toml: fabric.link_gbps = -100 must be a number > 0 and <= 1600");
}

TEST(Scenario, WrongTypeIsRejected) {
  EXPECT_EQ(scenario_error_of("[switch]\npfc = \"yes\"\n"), "s.toml: switch.pfc = \"yes\" must be true or false");
}

TEST(Scenario, BetaMustBeAPowerOfTwo) {
  EXPECT_EQ(scenario_error_of("", {"switch.pfc_beta=3"}), "s.toml: switch.pfc_beta = 3 must be a power of two from 1/64 to 64");
}

TEST(Scenario, IncastReceiverMayNotBeASender) {
  EXPECT_EQ(scenario_error_of("[[traffic]]\nsenders = 4\nreceiver = 2\n"),
            "s.toml: traffic[0].receiver = 2 must be 0 or above the senders 1..4");
}

TEST(Scenario, MalformedTomlNamesTheLine) {
  const std::string e = scenario_error_of("[sim\nduration_us = 1\n");
  EXPECT_EQ(e.rfind("s.toml:1:", 0), 0u) << e;
}

TEST(Scenario, CcWidthsTableAndDividerTextLoadAndDumpBack) {
  const Scenario s = parse_scenario("[cc.swift]\ndivider = \"shift\"\n[cc.swift.widths]\ncwnd_frac = 14\n", "s.toml",
                                    {"cc.dcqcn.widths.alpha=16"});
  EXPECT_DOUBLE_EQ(s.cc_params.at("swift").at("widths.cwnd_frac"), 14.0);
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("widths.alpha"), 16.0);
  EXPECT_EQ(s.cc_text.at("swift").at("divider"), "shift");
  const Scenario b = parse_scenario(s.to_toml(), "dump.toml");
  EXPECT_EQ(b.cc_params, s.cc_params);
  EXPECT_EQ(b.cc_text, s.cc_text);
  EXPECT_NE(scenario_error_of("[cc.dcqcn.widths]\nalpha = \"x\"\n").find("cc.dcqcn.widths.alpha must be a number of bits"),
            std::string::npos);
}

TEST(Scenario, TomlDumpLoadsBackToTheSameScenario) {
  const Scenario a = parse_scenario("[[traffic]]\nsenders = 3\nbytes = 1000000\n", "s.toml", {"nic.mtu_bytes=4096"});
  const Scenario b = parse_scenario(a.to_toml(), "dump.toml");
  EXPECT_EQ(a.to_toml(), b.to_toml());
}

}  // namespace
}  // namespace ccf::sims
