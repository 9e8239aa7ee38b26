// Scenario loading: defaults, overrides, and a clear error (file, key, value, rule) for bad input.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "scenario_error.hpp"
#include "sims/scenario/scenario.hpp"
#include "test_tmp.hpp"

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

// An index past what size_t holds is out of range like any other, not a failed conversion.
TEST(Scenario, SetIndexTooLargeForAnIntegerNamesTheArrayAndItsIndices) {
  EXPECT_EQ(scenario_error_of("[[traffic]]\nsenders = 3\n", {"traffic.99999999999999999999.senders=2"}),
            "--set traffic.99999999999999999999.senders=2: traffic is an array of 1 tables; use traffic.INDEX.KEY "
            "with INDEX 0..0");
  const std::string links = "[fabric]\ntopology = \"explicit\"\n[[fabric.links]]\na = \"h0\"\nb = \"s0\"\n";
  EXPECT_EQ(scenario_error_of(links, {"fabric.links.99999999999999999999.a=h1"}),
            "--set fabric.links.99999999999999999999.a=h1: links is an array of 1 tables; use links.INDEX.KEY with "
            "INDEX 0..0");
}

// sim.deadlock_after_us: how long a cycle of paused queues must be stuck to be a PFC deadlock
// (docs/fabric.md 9); at least 1 us, as the checks run every quarter of it at most.
TEST(Scenario, DeadlockAfterHasADefaultARangeAndIsDumped) {
  EXPECT_DOUBLE_EQ(parse_scenario("", "s.toml", {}).sim.deadlock_after_us, 100.0);
  const Scenario s = parse_scenario("[sim]\ndeadlock_after_us = 250\n", "s.toml", {});
  EXPECT_DOUBLE_EQ(s.sim.deadlock_after_us, 250.0);
  EXPECT_DOUBLE_EQ(parse_scenario(s.to_toml(), "dump.toml", {}).sim.deadlock_after_us, 250.0);
  EXPECT_EQ(scenario_error_of("[sim]\ndeadlock_after_us = 0.5\n"),
            "s.toml: sim.deadlock_after_us = 0.5 must be a number >= 1 and <= 10000000");
  EXPECT_EQ(scenario_error_of("", {"sim.deadlock_after_us=2e7"}),
            "s.toml: sim.deadlock_after_us = 20000000.0 must be a number >= 1 and <= 10000000");
  EXPECT_NE(scenario_error_of("[sim]\ndeadlock_after_us = \"long\"\n").find("sim.deadlock_after_us = \"long\" must be a number"),
            std::string::npos);
}

// switch.buffer_bytes up to 64 MiB (the large Verilated build, sw::built_buffer_bytes), with RCM up
// to the 12,000,000 B it is built with; the HPCC profile's 32 MiB unless RCM is on.
TEST(Scenario, BufferUpTo64MiBWithoutRcmAnd12MbWithIt) {
  EXPECT_EQ(parse_scenario("[switch]\nbuffer_bytes = 67108864\n", "s.toml", {}).sw.buffer_bytes, 67'108'864u);
  EXPECT_EQ(scenario_error_of("[switch]\nbuffer_bytes = 67108865\n"),
            "s.toml: switch.buffer_bytes = 67108865 must be an integer from 65536 to 67108864");
  EXPECT_EQ(scenario_error_of("[switch]\nbuffer_bytes = 12000001\n[switch.rcm]\nenable = true\n"),
            "s.toml: switch.buffer_bytes = 12000001 must be <= 12000000 with switch.rcm.enable = true (the switch "
            "with RCM is built with a 12000000-B buffer; without RCM up to 67108864, rtl/CMakeLists.txt)");
  EXPECT_EQ(parse_scenario("[switch.rcm]\nenable = true\n", "s.toml", {}).sw.buffer_bytes, 12'000'000u);
  EXPECT_EQ(parse_scenario("[sim]\ncompat = \"hpcc_ns3\"\n", "s.toml", {}).sw.buffer_bytes, 33'554'432u);
  EXPECT_EQ(parse_scenario("[sim]\ncompat = \"hpcc_ns3\"\n[switch.rcm]\nenable = true\n", "s.toml", {}).sw.buffer_bytes,
            12'000'000u);
}

// The sampler's period rounds to SystemC's 1 ps: a shorter one would never advance. At most
// kMaxSamplesPerRun samples: at the default 1000 us, an interval of 0.001 us is the shortest.
TEST(Scenario, SampleIntervalBelowOnePicosecondOrOverAMillionSamplesIsRejected) {
  EXPECT_EQ(scenario_error_of("", {"sim.sample_interval_us=1e-9"}),
            "s.toml: sim.sample_interval_us = 1e-09 must be a number >= 1e-06 (1 ps, the time resolution of the "
            "simulation)");
  EXPECT_EQ(scenario_error_of("", {"sim.sample_interval_us=0.0005"}),
            "s.toml: sim.sample_interval_us = 0.0005 must be >= sim.duration_us / 1000000 = 0.001 (at most 1000000 "
            "samples per run)");
  EXPECT_EQ(scenario_error_of("", {"sim.sample_interval_us=0.001"}), "");
  EXPECT_EQ(scenario_error_of("", {"sim.duration_us=1", "sim.sample_interval_us=1e-6"}), "");
}

// A run of at least 1 ns, and a measurement window of at least 1 ps once both ends are rounded to ps.
TEST(Scenario, DurationBelowOneNanosecondOrAnEmptyMeasurementWindowIsRejected) {
  EXPECT_EQ(scenario_error_of("", {"sim.duration_us=1e-300", "sim.measure_from_us=0"}),
            "s.toml: sim.duration_us = 1e-300 must be a number >= 0.001 (1 ns) and <= 1e7");
  EXPECT_EQ(scenario_error_of("", {"sim.duration_us=100", "sim.measure_from_us=99.99999999999999"}),
            "s.toml: sim.measure_from_us = 99.99999999999999 must be at least 1 ps (1e-06 us) below sim.duration_us "
            "= 100 after rounding to the 1 ps time resolution (an empty measurement window)");
  EXPECT_EQ(scenario_error_of("", {"sim.duration_us=0.001", "sim.measure_from_us=0", "sim.sample_interval_us=0.001"}),
            "");
  EXPECT_EQ(scenario_error_of("", {"sim.duration_us=100", "sim.measure_from_us=99.999999"}), "");
}

// A scenario path that is not a regular file (reading /dev/zero never ends) or is over 16 MiB.
TEST(Scenario, FileThatIsNotARegularFileOrOver16MiBIsRejectedByName) {
  auto error_of = [](const std::string& path) -> std::string {
    try {
      load_scenario(path);
    } catch (const ScenarioError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error_of("/dev/zero"), "/dev/zero: must be a regular TOML file (it is a character device)");
  const auto dir = ccf::test::tmp_dir();
  EXPECT_EQ(error_of(dir.string()), dir.string() + ": must be a regular TOML file (it is a directory)");
  const std::string big = (dir / ("ccf_big_scenario_" + std::to_string(::getpid()) + ".toml")).string();
  std::ofstream(big) << std::string(kMaxTomlFileBytes + 1, '#');
  EXPECT_EQ(error_of(big),
            big + ": 16777217 bytes is larger than the limit of 16777216 bytes (16 MiB) for a TOML file");
  std::filesystem::remove(big);
}

TEST(Scenario, UnknownKeyIsNamedWithTheKnownKeys) {
  const std::string e = scenario_error_of("[switch.ecn]\nkmn_bytes = 5\n");
  EXPECT_NE(e.find("s.toml: unknown key 'switch.ecn.kmn_bytes'"), std::string::npos) << e;
  EXPECT_NE(e.find("kmin_bytes"), std::string::npos) << e;
}

TEST(Scenario, UnknownAlgorithmListsTheAllowedOnes) {
  EXPECT_EQ(scenario_error_of("[nic]\ncc = \"cubic\"\n"), "s.toml: nic.cc = \"cubic\" must be one of \"none\", \"dcqcn\", \"swift\", \"ldcp\", \"timely\", \"dctcp\"");
}

TEST(Scenario, CcTablesCarryNumbersAndBooleansPerAlgorithm) {
  const Scenario s = parse_scenario("[cc.dcqcn]\nr_ai_mbps = 100\nclamp_tgt_rate = false\n", "s.toml", {"cc.dcqcn.g=0.0625"});
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("r_ai_mbps"), 100.0);
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("clamp_tgt_rate"), 0.0);
  EXPECT_DOUBLE_EQ(s.cc_params.at("dcqcn").at("g"), 0.0625);
  EXPECT_NE(scenario_error_of("[cc.cubic]\nx = 1\n").find("unknown table [cc.cubic]"), std::string::npos);
  EXPECT_NE(scenario_error_of("[cc.dcqcn]\nx = \"fast\"\n").find("cc.dcqcn.x must be a number"), std::string::npos);
  // Which values were true/false is kept (a boolean key takes only those) and dumped back as such.
  EXPECT_EQ(s.cc_flags.at("dcqcn"), std::set<std::string>{"clamp_tgt_rate"});
  EXPECT_NE(s.to_toml().find("clamp_tgt_rate = false\n"), std::string::npos) << s.to_toml();
  EXPECT_EQ(parse_scenario(s.to_toml(), "dump.toml").cc_flags, s.cc_flags);
  // divider exists (text): a number there is a wrong type, not an unknown key.
  EXPECT_EQ(scenario_error_of("", {"cc.swift.divider=3"}),
            "s.toml: cc.swift.divider = 3 must be text: one of \"recip_table\", \"recip_rom\", \"shift\", \"exact\"");
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

// [switch.rcm] (docs/scenarios.md): each key's rule, named with its value; the dump loads back.
TEST(Scenario, RcmKeysHaveRulesAndDumpBack) {
  const std::pair<std::string, std::string> bad[] = {
      {"switch.rcm.wq=3", "s.toml: switch.rcm.wq = 3 must be a power of two from 1/16 to 16"},
      {"switch.rcm.degree_unit_bytes=3000", "s.toml: switch.rcm.degree_unit_bytes = 3000 must be a power of two from 1 to 2^31"},
      {"switch.rcm.cn_weight=0.3", "s.toml: switch.rcm.cn_weight = 0.3 must be a power of two from 1/64 to 1"},
      {"switch.rcm.flag_hold_us=0", "s.toml: switch.rcm.flag_hold_us = 0 must be a number > 0 and <= 1000000"},
      {"switch.rcm.sar_min_degree=64", "s.toml: switch.rcm.sar_min_degree = 64 must be an integer from 1 to 63"},
      {"switch.rcm.rcc_queue=3", "s.toml: switch.rcm.rcc_queue = 3 must be a class other than switch.rcm.rcc_class = 3"},
      {"switch.rcm.rcc_min_bytes=9000", "s.toml: switch.rcm.rcc_min_bytes = 9000 must be an integer from 16383 to 2147483647"},
      {"switch.rcm.speed=1", "s.toml: unknown key 'switch.rcm.speed' (known here: enable, cn, rcc, sar, qeq_bytes, "
                             "qeq_ingress_bytes, wq, sample_bytes, degree_unit_bytes, flag_hold_us, cn_interval_us, "
                             "cn_weight, cfr_sample_bytes, cam_entries, rcc_class, rcc_queue, rcc_window_bytes, "
                             "rcc_min_bytes, sar_min_degree, sar_gap_us)"},
  };
  for (const auto& [set, error] : bad) EXPECT_EQ(scenario_error_of("", {set}), error) << set;
  EXPECT_EQ(scenario_error_of("[switch.rcm]\nrcc_min_bytes = 20000\nrcc_window_bytes = 35000\n"),
            "s.toml: switch.rcm.rcc_window_bytes = 35000 must be >= 2 x switch.rcm.rcc_min_bytes = 40000");
  EXPECT_NE(scenario_error_of("", {"switch.rcm.cam_entries=32"}).find("CFR_DEPTH = 16"), std::string::npos);
  // The queue of congestion flows may not carry traffic (or ACKs and CNPs).
  EXPECT_EQ(scenario_error_of("[switch.rcm]\nenable = true\nrcc_queue = 6\n"),
            "s.toml: switch.rcm.rcc_queue = 6 must be a class no traffic uses (it holds the congestion flows of "
            "switch.rcm.rcc_class = 3); in use: traffic priorities and ACK/CNP priority 6");
  const Scenario a = parse_scenario("[switch.rcm]\nenable = true\nsar = false\nwq = 0.25\n", "s.toml");
  EXPECT_TRUE(a.sw.rcm.enable);
  EXPECT_FALSE(a.sw.rcm.sar);
  EXPECT_EQ(parse_scenario(a.to_toml(), "dump.toml").to_toml(), a.to_toml());
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
  // The dump carries every key, the ones the threshold or topology does not use at their defaults.
  for (const std::vector<std::string>& sets :
       {std::vector<std::string>{"switch.pfc_threshold=static", "switch.pfc_static_bytes=100000"},
        {"switch.pfc_beta=4"},
        {"fabric.topology=two_switch", "fabric.inter_switch_gbps=40"}}) {
    const Scenario c = parse_scenario("", "s.toml", sets);
    EXPECT_EQ(parse_scenario(c.to_toml(), "dump.toml").to_toml(), c.to_toml()) << sets[0];
  }
}

// A key that the PFC threshold or the topology does not use is an error; its default (which a dump
// carries) is not.
TEST(Scenario, KeysOfTheOtherPfcThresholdOrTopologyAreErrors) {
  EXPECT_EQ(scenario_error_of("[switch]\npfc_threshold = \"static\"\npfc_beta = 0.5\n"),
            "s.toml: switch.pfc_beta = 0.5 applies to switch.pfc_threshold = \"dynamic\" only (here \"static\")");
  EXPECT_EQ(scenario_error_of("[switch]\npfc_static_bytes = 24470\n"),
            "s.toml: switch.pfc_static_bytes = 24470 applies to switch.pfc_threshold = \"static\" only (here "
            "\"dynamic\")");
  for (const char* topology : {"star", "leaf_spine", "three_tier", "fat_tree", "explicit"})
    EXPECT_EQ(scenario_error_of(fmt::format("[fabric]\ntopology = \"{}\"\ninter_switch_gbps = 40\n", topology)),
              fmt::format("s.toml: fabric.inter_switch_gbps = 40 applies to topology \"two_switch\" only (here "
                          "topology = \"{}\")",
                          topology));
  EXPECT_EQ(scenario_error_of("[switch]\npfc_threshold = \"static\"\npfc_beta = 8\npfc_static_bytes = 1000\n"), "");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\ninter_switch_gbps = 0\n"), "");
}

// The retransmission timer: "auto" picks the algorithm's transport; a key of another timer is an
// error naming the timer in effect; the dump names the timer and loads back to it.
TEST(Scenario, RetransmitTimerFollowsTheAlgorithmAndRejectsKeysOfAnotherTimer) {
  const Scenario dcqcn = parse_scenario("", "s.toml");
  EXPECT_EQ(dcqcn.rto_mode_in_effect(), "ib_ack_timeout");
  EXPECT_EQ(dcqcn.retry_limit_in_effect(), 7u);
  EXPECT_EQ(dcqcn.rto_backoff_in_effect(), 1u);
  const Scenario swift = parse_scenario("", "s.toml", {"nic.cc=swift"});
  EXPECT_EQ(swift.rto_mode_in_effect(), "rtt_estimate");
  EXPECT_EQ(swift.retry_limit_in_effect(), 0u);
  EXPECT_EQ(swift.rto_backoff_in_effect(), 2u);
  EXPECT_EQ(parse_scenario("", "s.toml", {"nic.cc=ldcp"}).rto_mode_in_effect(), "rtt_estimate");
  EXPECT_EQ(parse_scenario("", "s.toml", {"nic.cc=ldcp", "cc.ldcp.variant=cx6dx_pcc"}).rto_mode_in_effect(),
            "ib_ack_timeout");
  EXPECT_EQ(parse_scenario("", "s.toml", {"nic.cc=timely"}).rto_mode_in_effect(), "ib_ack_timeout");
  EXPECT_EQ(scenario_error_of("[nic]\ncc = \"swift\"\nib_ack_timeout_exp = 12\n"),
            "s.toml: nic.ib_ack_timeout_exp = 12 applies to nic.rto_mode = \"ib_ack_timeout\" only (here "
            "\"rtt_estimate\", the transport of nic.cc = \"swift\")");
  EXPECT_EQ(scenario_error_of("[nic]\nrto_mode = \"fixed\"\nrto_min_us = 5\n"),
            "s.toml: nic.rto_min_us = 5 applies to nic.rto_mode = \"rtt_estimate\" only (here \"fixed\")");
  EXPECT_EQ(scenario_error_of("[nic]\nrto_mode = \"rtt_estimate\"\nrto_min_us = 500\nrto_initial_us = 100\n"),
            "s.toml: nic.rto_initial_us = 100 must be from nic.rto_min_us = 500 to nic.rto_max_us = 1000000");
  EXPECT_NE(scenario_error_of("[nic]\nib_ack_timeout_exp = 32\n").find("an integer from 0 to 31"), std::string::npos);
  EXPECT_NE(scenario_error_of("[nic]\nretry_limit = 256\n").find("an integer from 0 to 255"), std::string::npos);
  EXPECT_NE(scenario_error_of("[nic]\nrto_mode = \"tcp\"\n").find("one of \"auto\", \"ib_ack_timeout\""),
            std::string::npos);
  for (const std::vector<std::string>& sets :
       {std::vector<std::string>{"nic.cc=swift", "nic.rto_min_us=50"}, {"nic.ib_ack_timeout_exp=10", "nic.retry_limit=3"},
        {"nic.rto_mode=fixed", "nic.rto_us=250", "nic.rto_backoff=2"}}) {
    const Scenario c = parse_scenario("", "s.toml", sets);
    const Scenario d = parse_scenario(c.to_toml(), "dump.toml");
    EXPECT_EQ(d.to_toml(), c.to_toml()) << sets[0];
    EXPECT_EQ(d.rto_mode_in_effect(), c.rto_mode_in_effect());
    EXPECT_EQ(d.retry_limit_in_effect(), c.retry_limit_in_effect());
  }
}

// traffic.flows: an incast's flows in all, spread over the senders in turn; not with flows_per_sender.
TEST(Scenario, IncastFlowsInAllExcludeFlowsPerSender) {
  const Scenario s = parse_scenario("[[traffic]]\nsenders = 3\nflows = 100\n", "s.toml");
  EXPECT_EQ(s.traffic[0].flows, 100u);
  EXPECT_EQ(scenario_error_of("[[traffic]]\nsenders = 3\nflows = 100\nflows_per_sender = 2\n"),
            "s.toml: traffic[0].flows = 100 must be given without flows_per_sender (flows: in all, over the senders in "
            "turn; flows_per_sender: per sender)");
  EXPECT_EQ(scenario_error_of("[[traffic]]\npattern = \"permutation\"\nflows = 10\n"),
            "s.toml: traffic[0].flows applies to pattern \"incast\" only (here pattern = \"permutation\")");
  EXPECT_NE(scenario_error_of("[[traffic]]\nflows = 0\n").find("an integer from 1 to 65536"), std::string::npos);
  EXPECT_EQ(parse_scenario(s.to_toml(), "dump.toml").traffic[0].flows, 100u);
}

// A long array is shown cut to its first entries and its length, not in full.
TEST(Scenario, LongArraysInMessagesAreAbbreviated) {
  std::string hosts;
  for (int i = 0; i < 100000; ++i) hosts += (i ? ", " : "") + std::to_string(i % 16);
  const std::string e = scenario_error_of("[[traffic]]\nsender_hosts = [" + hosts + "]\n");
  EXPECT_EQ(e,
            "s.toml: traffic[0].sender_hosts = [ 0, 1, 2, 3, 4, 5, 6, 7, ... (100000 entries) ] must be an array "
            "of distinct host indices 0..15, e.g. [1, 2, 3]");
  EXPECT_EQ(
      scenario_error_of("[[traffic]]\nsender_hosts = [1, 1]\n"),
      "s.toml: traffic[0].sender_hosts = [ 1, 1 ] must be an array of distinct host indices 0..15, e.g. [1, 2, 3]");
}

}  // namespace
}  // namespace ccf::sims
