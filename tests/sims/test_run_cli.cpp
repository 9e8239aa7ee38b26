// `ccfabric run` as a user runs it: a short incast completes with every frame accounted for, the
// same scenario gives identical output files, and bad scenarios exit with code 2 and a clear message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "sims/cc/cc_algorithm.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;
using Result = ccf::test::CliResult;
Result run(const std::string& args) { return ccf::test::run_ccfabric(args); }

const std::string kScenario = std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn.toml";

TEST(RunCli, ShortIncastAccountsForEveryFrame) {
  const std::string out = out_dir("run_a");
  const Result r = run("run " + kScenario + " --set sim.duration_us=300 --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  const auto& fr = j["frames"];
  EXPECT_EQ(fr["injected"].get<uint64_t>(),
            fr["delivered"].get<uint64_t>() + fr["dropped"].get<uint64_t>() + fr["in_flight"].get<uint64_t>());
  EXPECT_GT(fr["delivered"].get<uint64_t>(), 1000u);
  EXPECT_EQ(j["flows"].size(), 15u);
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv"}) EXPECT_TRUE(std::filesystem::exists(out + f)) << f;
}

// Many PFC frames (link-local, outside the ledger) are in flight when the run ends: the ledger must
// still balance (the run exits 1 if it does not).
TEST(RunCli, LedgerBalancesWithPfcFramesInFlightAtTheEnd) {
  const std::string out = out_dir("run_pfc");
  const Result r = run("run " + kScenario + " --set nic.dcqcn_preset=hpcc_ns3 --set sim.duration_us=1200" +
                       " --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  EXPECT_GT(j["pfc"]["pause_frames"].get<uint64_t>(), 100u);
}

TEST(RunCli, SameScenarioGivesIdenticalOutputFiles) {
  const std::string a = out_dir("run_det_a");
  const std::string b = out_dir("run_det_b");
  for (const auto& out : {a, b}) {
    const Result r = run("run " + kScenario + " --set sim.duration_us=200 --set sim.measure_from_us=50 --out " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/timeseries_long.csv", "/pfc.csv", "/scenario.toml"})
    EXPECT_EQ(read_file(a + f), read_file(b + f)) << f;
  EXPECT_EQ(ccf::test::run_figures(read_summary(a)), ccf::test::run_figures(read_summary(b)));
}

// summary.json names the defaults of the run's algorithm that come from another simulator or from no
// source, and which of them the scenario sets itself (docs/units/swift.md 4).
TEST(RunCli, SummaryNamesTheDefaultsNoPaperGives) {
  const std::string out = out_dir("run_default_sources");
  const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/incast_swift.toml --set sim.duration_us=50 "
                       "--set sim.measure_from_us=10 --set cc.swift.max_cwnd=500 --plots none --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto list = read_summary(out)["default_sources"];
  std::map<std::string, bool> set;
  for (const auto& d : list) set[d["key"].get<std::string>()] = d["set_in_scenario"].get<bool>();
  ASSERT_TRUE(set.count("cc.swift.base_target_us")) << list.dump();
  EXPECT_FALSE(set["cc.swift.base_target_us"]);
  EXPECT_TRUE(set["cc.swift.max_cwnd"]);
  EXPECT_FALSE(set.count("cc.timely.min_rate_mbps")) << "only the run's algorithm";
}

// --bare-loop-cycles times the bare stepping loop of the run's switch configuration right before and
// after the simulation; the co-simulated switch's speed is its stepped cycles over the wall time spent
// stepping them, and the ratio is that over the mean of the two bare measurements. Without the option
// neither is measured.
TEST(RunCli, BareLoopCyclesTimesTheBareLoopBeforeAndAfterTheRun) {
  const std::string out = out_dir("run_bare");
  const std::string args = "run " + kScenario + " --set sim.duration_us=200 --set sim.measure_from_us=50";
  const Result r = run(args + " --bare-loop-cycles 2000 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  const auto& sp = j["speed"];
  const auto& bare = sp["bare_loop"];
  EXPECT_EQ(bare["ports"], 16);  // 16 hosts on one switch: the 16-port configuration
  EXPECT_EQ(bare["cycles"], 2000);
  const double before = bare["before_cycles_per_s"].get<double>(), after = bare["after_cycles_per_s"].get<double>();
  EXPECT_GT(before, 0.0);
  EXPECT_GT(after, 0.0);
  const double cosim = sp["switch_cycles_per_s"].get<double>();
  const double stepped = j["switch_cycles"]["stepped"].get<double>();
  const double switch_s = sp["wall_share"]["switch_rtl"].get<double>() * j["sim"]["wall_s"].get<double>();
  EXPECT_NEAR(cosim, stepped / switch_s, 1e-9 * cosim);
  EXPECT_NEAR(sp["cosim_over_bare"].get<double>(), cosim / ((before + after) / 2), 1e-12);
  EXPECT_NE(r.output.find("of its bare stepping loop (16-port configuration"), std::string::npos) << r.output;

  // Without the option: neither is measured, and the results are the same (the bare loop runs on a
  // switch of its own).
  const std::string plain = out_dir("run_no_bare");
  ASSERT_EQ(run(args + " --out " + plain).exit_code, 0);
  const auto k = read_summary(plain);
  EXPECT_TRUE(k["speed"]["bare_loop"].is_null());
  EXPECT_TRUE(k["speed"]["cosim_over_bare"].is_null());
  EXPECT_GT(k["speed"]["switch_cycles_per_s"].get<double>(), 0.0);
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv", "/ports.csv"})
    EXPECT_EQ(read_file(out + f), read_file(plain + f)) << f;
}

// One bare loop is the reference for every switch: a fabric on two Verilated configurations is bad
// input for the option (leaf-spine: leaves of 20 hosts and 2 spine ports take 32 ports, spines the 8-port build).
TEST(RunCli, BareLoopCyclesNeedsOneSwitchConfiguration) {
  const Result r = run("run " + kScenario +
                       " --set fabric.topology=\"leaf_spine\" --set fabric.hosts=40 --set fabric.leaves=2 --set "
                       "fabric.hosts_per_leaf=20" +
                       " --set sim.duration_us=50 --set sim.measure_from_us=10 --bare-loop-cycles 1000 --out " +
                       out_dir("run_bare_mixed"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("runs switches on 32- and 8-port Verilated configurations (switch 0 and switch 2)"),
            std::string::npos)
      << r.output;
}

// A buffer above 12,000,000 B runs on the 64 MiB build (sw::built_buffer_bytes), the same RTL with
// 18-bit slot pointers: where the buffer never binds (HPCC's 2:1 incast, no pause) every output
// file equals the 12 MB build's, byte for byte; the switch model takes more memory: its memories
// indexed by cell or slot have 262,144 entries against 46,875, more than 2 MB more (2.7 MB measured; the
// same in the coverage build, whose counters add as much to both builds).
TEST(RunCli, LargeBufferBuildGivesTheSameRunWhereTheBufferDoesNotBind) {
  const std::string args = "run " + std::string(CCF_SCENARIO_DIR) +
                           "/incast_hpcc_ns3.toml --set traffic.0.senders=2 --set sim.duration_us=3000 "
                           "--set sim.measure_from_us=1000 --plots none";
  const std::string small = out_dir("run_buffer_12mb"), large = out_dir("run_buffer_32mib");
  ASSERT_EQ(run(args + " --set switch.buffer_bytes=12000000 --out " + small).exit_code, 0);
  const Result r = run(args + " --out " + large);  // the profile's 32 MiB
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv", "/ports.csv", "/fct.csv"})
    EXPECT_EQ(read_file(small + f), read_file(large + f)) << f;
  const auto s = read_summary(small), l = read_summary(large);
  EXPECT_EQ(l["scenario"]["switch"]["buffer_bytes"], 33'554'432);
  EXPECT_EQ(l["pfc"]["pause_frames"], 0);
  EXPECT_GT(l["memory"]["bytes_per_switch"].get<double>() - s["memory"]["bytes_per_switch"].get<double>(), 2e6);
}

TEST(RunCli, BareLoopCyclesOutOfRangeIsBadInput) {
  const Result r = run("run " + kScenario + " --bare-loop-cycles -1 --out " + out_dir("run_bare_bad"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--bare-loop-cycles: -1 must be an integer from 0 to 100000000"), std::string::npos)
      << r.output;
}

// `ccfabric bench` runs every case in each round, the DCQCN one with the bare loop, and keeps the
// fastest; at 1 % load the switch steps far fewer cycles than at full load (idle time is free,
// docs/README.md principle 1).
// Speed itself is reported, not asserted.
TEST(BenchCli, ReportsEveryCaseAndStepsFewerSwitchCyclesAtLightLoad) {
  const std::string out = out_dir("bench");
  const Result r = run("bench --duration-us 400 --rounds 2 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(read_file(out + "/bench.json"));
  // One incast per registered algorithm, then the fixed cases, looked up by name.
  const auto& cases = j["cases"];
  ASSERT_EQ(cases.size(), ccf::cc::algorithms().size() + 10);
  for (size_t i = 0; i < ccf::cc::algorithms().size(); ++i) EXPECT_EQ(cases[i]["case"], ccf::cc::algorithms()[i]->name());
  const auto wall = [&](const std::string& name) {
    for (const auto& c : cases)
      if (c["case"] == name) return c["wall_s"].get<double>();
    ADD_FAILURE() << "no bench case " << name;
    return 1.0;
  };
  for (const char* name : {"swift_5000_flows", "dcqcn_5000_flows"}) EXPECT_GT(wall(name), 0.0) << name;
  EXPECT_DOUBLE_EQ(j["rcm_on_over_off_wall"].get<double>(), wall("rcm_burst_on") / wall("rcm_burst_off"));
  EXPECT_DOUBLE_EQ(j["dcqcn_rtl_over_kernel_wall"].get<double>(), wall("dcqcn_rtl") / wall("dcqcn"));
  EXPECT_DOUBLE_EQ(j["switch_reference_over_rtl_wall"]["dcqcn"].get<double>(),
                   wall("dcqcn_switch_reference") / wall("dcqcn"));
  EXPECT_DOUBLE_EQ(j["switch_reference_over_rtl_wall"]["rcm_burst_off"].get<double>(),
                   wall("rcm_burst_off_switch_reference") / wall("rcm_burst_off"));
  EXPECT_DOUBLE_EQ(j["two_ranks_over_one_wall"].get<double>(),
                   wall("websearch_k8_reference_2_ranks") / wall("websearch_k8_reference"));
  EXPECT_EQ(j["rounds"], 2);
  EXPECT_GE(j["bare_switch_cycles_per_s"].get<double>(), j["bare_switch_cycles_per_s_slowest_round"].get<double>());
  EXPECT_GT(j["bare_switch_cycles_per_s_slowest_round"].get<double>(), 0.0);
  for (const auto& c : j["cases"]) EXPECT_GE(c["slowest_wall_s"].get<double>(), c["wall_s"].get<double>()) << c["case"];
  const auto cycles = [&](const std::string& name) {
    for (const auto& c : cases)
      if (c["case"] == name) return c["switch_cycles"];
    ADD_FAILURE() << "no bench case " << name;
    return nlohmann::json();
  };
  const auto full = cycles("dcqcn"), light = cycles("dcqcn_1pct_load");
  EXPECT_LT(light["stepped"].get<double>() * 10, full["stepped"].get<double>());
  // One co-simulated-over-bare ratio per round, from the DCQCN run's own bare loop before and after
  // it; the median is theirs, the fastest bare speed the largest of those measurements, and a round
  // is steady when its two bare measurements agree within 5 %.
  const auto& ratios = j["cosim_over_bare_per_round"];
  const auto& rounds = j["dcqcn_rounds"];
  ASSERT_EQ(ratios.size(), 2u);
  ASSERT_EQ(rounds.size(), 2u);
  const double r0 = ratios[0].get<double>(), r1 = ratios[1].get<double>();
  EXPECT_GT(std::min(r0, r1), 0.0);
  EXPECT_DOUBLE_EQ(j["cosim_over_bare_median"].get<double>(), (r0 + r1) / 2);
  double fastest_bare = 0;
  std::vector<double> steady;
  for (size_t i = 0; i < 2; ++i) {
    const auto& x = rounds[i];
    const double before = x["bare_before_cycles_per_s"].get<double>(),
                 after = x["bare_after_cycles_per_s"].get<double>();
    EXPECT_DOUBLE_EQ(x["cosim_over_bare"].get<double>(), ratios[i].get<double>());
    EXPECT_NEAR(ratios[i].get<double>(), x["cosim_switch_cycles_per_s"].get<double>() / ((before + after) / 2), 1e-12);
    EXPECT_EQ(x["steady"].get<bool>(), std::abs(before - after) <= 0.05 * std::max(before, after));
    if (x["steady"].get<bool>()) steady.push_back(ratios[i].get<double>());
    fastest_bare = std::max({fastest_bare, before, after});
  }
  EXPECT_DOUBLE_EQ(j["bare_switch_cycles_per_s"].get<double>(), fastest_bare);
  if (steady.empty())
    EXPECT_TRUE(j["cosim_over_bare_median_steady"].is_null());
  else
    EXPECT_DOUBLE_EQ(j["cosim_over_bare_median_steady"].get<double>(),
                     steady.size() == 1 ? steady[0] : (steady[0] + steady[1]) / 2);
  // The switch floor is the DCQCN case's stepped cycles at the bare loop's (fastest) speed.
  EXPECT_NEAR(j["dcqcn_switch_floor_s"].get<double>() * j["bare_switch_cycles_per_s"].get<double>(),
              full["stepped"].get<double>(), 1e-6 * full["stepped"].get<double>());
  EXPECT_NE(r.output.find("wall time relative to dcqcn"), std::string::npos) << r.output;
}

// Bad scenarios: exit code 2 and a message naming the key, the value and what is allowed.
struct BadCase {
  const char* set;
  const char* message;
};

TEST(RunCli, BadScenariosExitWith2AndNameTheKey) {
  const BadCase cases[] = {
      {"switch.ecn.kmn_bytes=5", "unknown key 'switch.ecn.kmn_bytes'"},
      {"switch.ecn.kmin_bytes=300000", "switch.ecn.kmin_bytes = 300000 must be <= switch.ecn.kmax_bytes = 200000"},
      {"nic.cc=cubic", "nic.cc = \"cubic\" must be one of"},
      {"fabric.link_gbps=-100", "fabric.link_gbps = -100 must be"},
      {"fabric.hosts=0", "fabric.hosts = 0 must be"},
      {"cc.dcqcn.r_ai=5", "unknown key 'cc.dcqcn.r_ai' (known: r_ai_mbps,"},
      {"cc.dcqcn.g=0.75", "cc.dcqcn.g = 0.75 must be a fraction from 1/65536 to 32767/65536"},
      {"cc.timely.hai_n=2.5", "cc.timely.hai_n = 2.5 must be an integer from 1 to 255"},
      {"cc.dcqcn.cnp_interval_us=200", "cc.dcqcn.cnp_interval_us = 200 must be from 0 to 131.071"},
      // The switch's buffer: the keys that took it are named, with the file (the derived headroom of
      // a 10 ms link and the largest reserves).
      {"fabric.link_delay_ns=1e7 --set switch.reserve_bytes=100000",
       "incast_dcqcn.toml: switch.buffer_bytes = 12000000 leaves no shared buffer after reserves and headroom"},
      {"fabric.link_delay_ns=1e7 --set switch.reserve_bytes=100000",
       "switch.reserve_bytes = 100000 x 16 ports x 8 priorities = 12812288 B"},
      {"fabric.link_delay_ns=1e7", "derived from fabric.link_delay_ns = 10000000"},
      // [cc.*] value types: booleans only for boolean keys, numbers only for numeric ones.
      {"cc.dcqcn.np_min_time_mode=0.5", "incast_dcqcn.toml: cc.dcqcn.np_min_time_mode = 0.5 must be true or false"},
      {"cc.dcqcn.r_ai_mbps=true", "incast_dcqcn.toml: cc.dcqcn.r_ai_mbps = true must be a number"},
      {"cc.dcqcn.clamp_tgt_rate=1", "cc.dcqcn.clamp_tgt_rate = 1 must be true or false"},
      {"cc.swift.decrease_stamp_on_equal=0", "cc.swift.decrease_stamp_on_equal = 0 must be true or false"},
      {"cc.ldcp.fast_start=1", "cc.ldcp.fast_start = 1 must be true or false"},
      {"cc.ldcp.variant=cx6dx_pcc --set cc.ldcp.cw_clamp=1", "cc.ldcp.cw_clamp = 1 must be true or false"},
      {"cc.timely.paper_variant=1", "cc.timely.paper_variant = 1 must be true or false"},
      {"cc.timely.segment_pacing=0", "cc.timely.segment_pacing = 0 must be true or false"},
      {"cc.timely.hai_n=true", "cc.timely.hai_n = true must be a number"},
      // Values that the kernels' fixed point would round to 0, and the kernels' rules by scenario key.
      {"cc.swift.ai=1e-7",
       "incast_dcqcn.toml: cc.swift.ai = 1e-07 must be > 0 and <= 16 (packets; the smallest is 2^-20"},
      {"cc.swift.beta=1e-6", "cc.swift.beta = 1e-06 must be > 0 and <= 1 (the smallest is 2^-16"},
      {"cc.swift.max_mdf=0.9999999", "cc.swift.max_mdf = 0.9999999 must be > 0 and < 1"},
      {"cc.dcqcn.g=0.5", "cc.dcqcn.g = 0.5 must be a fraction from 1/65536 to 32767/65536"},
      {"cc.dcqcn.cnp_interval_us=0.0001", "cc.dcqcn.cnp_interval_us = 0.0001 must be 0 or at least 0.001"},
      {"cc.dcqcn.increase_timer_us=0.001", "cc.dcqcn.increase_timer_us = 0.001 must be from 0.002 to 4e6"},
      {"cc.dcqcn.r_hai_mbps=0.5",
       "cc.dcqcn.r_hai_mbps = 0.5 is not accepted at fabric.link_gbps = 100: r_hai too small for the stage counters"},
      {"nic.cc=timely --set fabric.link_gbps=800",
       "incast_dcqcn.toml: fabric.link_gbps = 800 must be in (0, 524.287] for cc.timely"},
      // An index past size_t: the array's message, not a failed conversion.
      {"traffic.99999999999999999999.senders=2",
       "--set traffic.99999999999999999999.senders=2: traffic is an array of 1 tables; use traffic.INDEX.KEY with "
       "INDEX 0..0"},
      // Below 1 ps the sampler's period rounds to 0 and the run never ends; 2000 us / 0.0001 us is 2e7 samples.
      {"sim.sample_interval_us=1e-9", "sim.sample_interval_us = 1e-09 must be a number >= 1e-06 (1 ps"},
      {"sim.sample_interval_us=0.0001",
       "sim.sample_interval_us = 0.0001 must be >= sim.duration_us / 1000000 = 0.002 (at most 1000000 samples"},
      // Keys that the configured topology or PFC threshold does not use.
      {"fabric.inter_switch_gbps=40",
       "incast_dcqcn.toml: fabric.inter_switch_gbps = 40 applies to topology \"two_switch\" only (here topology = "
       "\"star\")"},
      {"switch.pfc_static_bytes=100000",
       "incast_dcqcn.toml: switch.pfc_static_bytes = 100000 applies to switch.pfc_threshold = \"static\" only (here "
       "\"dynamic\")"},
      {"switch.pfc_threshold=static --set switch.pfc_beta=4",
       "incast_dcqcn.toml: switch.pfc_beta = 4 applies to switch.pfc_threshold = \"dynamic\" only (here \"static\")"},
      // The only entry gives no flow: its key, not the poisson hint.
      {"traffic.0.senders=0",
       "incast_dcqcn.toml: traffic[0].senders = 0 must be at least 1 when no other [[traffic]] entry gives a flow"},
  };
  for (const BadCase& c : cases) {
    const Result r = run("run " + kScenario + " --set " + c.set);
    EXPECT_EQ(r.exit_code, 2) << c.set;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.set << ": " << r.output;
  }
}

// The other patterns' sender_hosts needs two hosts: the message shows the list given.
TEST(RunCli, TooFewSenderHostsShowTheListGiven) {
  const std::pair<std::string, std::string> cases[] = {{"permutation_dcqcn.toml", "permutation"},
                                                       {"websearch_dcqcn.toml", "poisson"}};
  for (const auto& [file, pattern] : cases) {
    const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/" + file + " --set 'traffic.0.sender_hosts=[3]'");
    EXPECT_EQ(r.exit_code, 2) << file << ": " << r.output;
    EXPECT_NE(r.output.find(file + ": traffic[0].sender_hosts = [ 3 ] must be at least two hosts for pattern \"" +
                            pattern + "\""),
              std::string::npos)
        << file << ": " << r.output;
  }
}

// Reading /dev/zero as a scenario never ends: a path that is not a regular file is bad input, for
// `run` and for a sweep file alike (the same reader; the 16 MiB limit is in test_scenario.cpp).
TEST(RunCli, ScenarioThatIsNotARegularFileExitsWith2NamingIt) {
  for (const char* cmd : {"run", "sweep"}) {
    const Result r = run(std::string(cmd) + " /dev/zero");
    EXPECT_EQ(r.exit_code, 2) << cmd << ": " << r.output;
    EXPECT_NE(r.output.find("error: /dev/zero: must be a regular TOML file (it is a character device)"),
              std::string::npos)
        << cmd << ": " << r.output;
  }
}

// An --out directory that cannot be made is bad input, named with the reason, before anything runs.
TEST(RunCli, OutThatCannotBeCreatedExitsWith2NamingIt) {
  const std::string file = out_dir("out_is_a_file");
  std::ofstream(file) << "a regular file\n";
  const std::string under_file = file + "/sub";
  const std::string run_args = "run " + kScenario + " --set sim.duration_us=10 --set sim.measure_from_us=0 --out ";
  const std::pair<std::string, std::string> cases[] = {
      {run_args + "/dev/null", "--out = /dev/null: cannot create directory ("},
      {run_args + under_file, "--out = " + under_file + ": cannot create directory ("},
      {run_args + "''", "--out = \"\": cannot create directory (an empty path)"},
      {"sweep " + std::string(CCF_SCENARIO_DIR) + "/../sweeps/dcqcn_fanin.toml --out " + under_file,
       "--out = " + under_file + ": cannot create directory ("},
      {"experiment cc_incast --out " + under_file, "--out = " + under_file + ": cannot create directory ("},
      {"demo-switch --duration-us 5 --out " + under_file, "--out = " + under_file + ": cannot create directory ("},
      {"bench --duration-us 100 --rounds 1 --out " + under_file,
       "--out = " + under_file + ": cannot create directory ("},
      {"run " + kScenario + " --set sim.duration_us=10 --set sim.measure_from_us=0 --out " + out_dir("rec_out") +
           " --record-events " + under_file,
       "--record-events = " + under_file + ": cannot create directory ("},
  };
  for (const auto& [args, message] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
    EXPECT_NE(r.output.find("error: " + message), std::string::npos) << args << ": " << r.output;
  }
  std::filesystem::remove(file);
}

// --trace into an --out directory that does not exist yet: the switches open their waveform files in
// it, so it is made before them.
TEST(RunCli, TraceWritesTheWaveformIntoANewOutDirectory) {
  const std::string out = out_dir("run_trace") + "/new";
  const Result r =
      run("run " + kScenario + " --set sim.duration_us=20 --set sim.measure_from_us=0 --trace --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_TRUE(std::filesystem::exists(out + "/switch0.fst")) << r.output;
  EXPECT_GT(std::filesystem::file_size(out + "/switch0.fst"), 0u);
  std::filesystem::remove_all(std::filesystem::path(out).parent_path());
}

// The waveform is on the run's time axis (rtl/driver/switch_dut.hpp set_trace_time, 1 ps): the first
// PAUSE that pfc.csv reports shows on the switch's pfc_out_valid at the same picosecond. Read back
// with GTKWave's fst2vcd (sims/scripts/install-deps.sh installs it).
TEST(RunCli, TheWaveformShowsTheFirstPauseAtPfcCsvsTime) {
  const std::string out = out_dir("run_trace_time");
  const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=20 "
                       "--set sim.measure_from_us=0 --trace --plots none --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::istringstream pfc(read_file(out + "/pfc.csv"));
  std::string header, first;
  std::getline(pfc, header);
  ASSERT_TRUE(std::getline(pfc, first)) << "no PFC frame in 20 us: the scenario no longer pauses";
  const auto pause_ps = static_cast<uint64_t>(std::llround(std::stod(first.substr(0, first.find(','))) * 1e6));
  const std::string vcd = out + "/switch0.vcd";
  ASSERT_EQ(std::system(("fst2vcd " + out + "/switch0.fst > " + vcd + " 2>/dev/null").c_str()), 0)
      << "fst2vcd (Debian package gtkwave) is missing or failed";
  std::ifstream in(vcd);
  std::string line, code;
  uint64_t t = 0, first_valid_ps = 0;
  bool timescale_ps = false;
  while (std::getline(in, line)) {
    if (line.find("1ps") != std::string::npos) timescale_ps = true;
    if (code.empty() && line.find("$var") != std::string::npos && line.find(" pfc_out_valid ") != std::string::npos) {
      std::istringstream v(line);
      std::string var, type, width;
      v >> var >> type >> width >> code;
    } else if (!line.empty() && line[0] == '#') {
      t = std::stoull(line.substr(1));
    } else if (!code.empty() && line[0] == 'b' && line.ends_with(" " + code) &&
               line.substr(0, line.find(' ')).find('1') != std::string::npos) {
      first_valid_ps = t;
      break;
    }
  }
  EXPECT_TRUE(timescale_ps);
  ASSERT_FALSE(code.empty()) << "no pfc_out_valid in " << vcd;
  EXPECT_EQ(first_valid_ps, pause_ps) << "pfc.csv: " << first;
}

// --trace writes a saved GTKWave view beside each waveform (sims/output/gtkwave_view.hpp). Every
// signal it names is in the FST with the width it gives (fst2vcd's header); GTKWave itself, run
// headless (xvfb-run, sims/scripts/install-deps.sh), loads every trace of it and shows the first
// PAUSE of pfc.csv on that port's class-enable field at pfc.csv's time.
TEST(RunCli, TheSavedViewNamesRealSignalsAndGtkwaveShowsThePause) {
  const std::string out = out_dir("run_trace_view");
  const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=20 "
                       "--set sim.measure_from_us=0 --trace --plots none --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string view = read_file(out + "/switch0.gtkw");
  ASSERT_NE(view.find("[dumpfile] \"switch0.fst\""), std::string::npos) << view.substr(0, 300);
  // The FST's facilities of sw_top and their widths.
  ASSERT_EQ(std::system(("fst2vcd " + out + "/switch0.fst 2>/dev/null | sed '/enddefinitions/q' > " + out +
                         "/header.vcd").c_str()),
            0);
  std::map<std::string, unsigned> width_of;
  {
    std::istringstream header(read_file(out + "/header.vcd"));
    std::vector<std::string> scope;
    for (std::string line; std::getline(header, line);) {
      std::istringstream w(line);
      std::string tag, kind, name, code;
      unsigned width = 0;
      w >> tag;
      if (tag == "$scope") w >> kind >> name, scope.push_back(name);
      else if (tag == "$upscope") scope.pop_back();
      else if (tag == "$var" && scope.size() == 2 && (w >> kind >> width >> code >> name))
        width_of["TOP.sw_top." + name] = width;
    }
  }
  ASSERT_GT(width_of.size(), 50u);
  size_t traces = 0, facilities = 0;
  std::istringstream lines(view);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '@' || line[0] == '[') continue;
    ++traces;
    for (size_t at = line.find("TOP.sw_top."); at != std::string::npos; at = line.find("TOP.sw_top.", at + 1)) {
      const size_t end = line.find_first_of(" [", at);
      const std::string name = line.substr(at, end - at);
      ASSERT_TRUE(width_of.count(name)) << name << " is not in switch0.fst";
      const unsigned width = end != std::string::npos && line[end] == '[' ? std::stoul(line.substr(end + 1)) + 1 : 1;
      EXPECT_EQ(width, width_of[name]) << line;
      ++facilities;
    }
  }
  EXPECT_GT(facilities, 300u);
  if (std::system("command -v xvfb-run > /dev/null && command -v gtkwave > /dev/null") != 0)
    GTEST_SKIP() << "xvfb-run or gtkwave missing (sims/scripts/install-deps.sh installs xvfb and gtkwave): the "
                    "view's signals were checked against the FST only";
  std::istringstream pfc(read_file(out + "/pfc.csv"));
  std::string first;
  std::getline(pfc, first);
  ASSERT_TRUE(std::getline(pfc, first)) << "no PFC frame in 20 us";
  std::vector<std::string> f;
  for (std::istringstream cells(first); f.size() < 4;) f.emplace_back(), std::getline(cells, f.back(), ',');
  ASSERT_EQ(f[1], "switch0");
  const auto pause_ps = static_cast<uint64_t>(std::llround(std::stod(f[0]) * 1e6));
  const std::string alias = "port" + f[2] + "_pfc_out_class_en[7:0]";
  // The script quits whatever happens (a Tcl error would leave GTKWave waiting).
  std::ofstream(out + "/check.tcl")
      << "catch {\n  puts \"TRACES [gtkwave::getTotalNumTraces]\"\n"
      << "  gtkwave::setMarker " << pause_ps + 100 << "\n"
      << "  for {set i 0} {$i < [gtkwave::getTotalNumTraces]} {incr i} {\n"
      << "    if {[gtkwave::getTraceNameFromIndex $i] eq {" << alias << "}} {\n"
      << "      puts \"VALUE [gtkwave::getTraceValueAtMarkerFromIndex $i]\"\n    }\n  }\n} error\n"
      << "puts \"TCL $error\"\ngtkwave::/File/Quit\n";
  const std::string log = out + "/gtkwave.log";
  ASSERT_EQ(std::system(("cd " + out + " && timeout 60 xvfb-run -a gtkwave -S check.tcl switch0.gtkw > gtkwave.log 2>&1")
                            .c_str()),
            0)
      << read_file(log);
  const std::string shown = read_file(log);
  EXPECT_NE(shown.find("TRACES " + std::to_string(traces) + "\n"), std::string::npos) << shown;
  // class_enable 0x08 (class 3) in binary, bit 7 first.
  const unsigned class_enable = std::stoul(f[3], nullptr, 16);
  std::string bits;
  for (int b = 7; b >= 0; --b) bits += (class_enable >> b & 1) ? '1' : '0';
  EXPECT_NE(shown.find("VALUE " + bits + "\n"), std::string::npos) << alias << " at " << pause_ps << " ps\n" << shown;
}

// --trace-nic writes nic.vcd with each flow's DCQCN state after every event of its unit. At a flow's
// first CNP (limited goes to 1) the DCQCN paper's eq. 1 holds between consecutive values of the
// trace: RT takes the old RC and RC becomes RC (1 - alpha / 2) (alpha in units of 2^-20, within one
// rate LSB of rounding).
TEST(RunCli, NicTraceShowsEachFlowsStateAndTheFirstCutFollowsDcqcnEq1) {
  const std::string out = out_dir("run_trace_nic");
  const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=200 "
                       "--set sim.measure_from_us=0 --trace-nic --plots none --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Per variable code: its (scope, name); then the value history of each variable.
  std::istringstream vcd(read_file(out + "/nic.vcd"));
  std::map<std::string, std::string> name_of;  // code -> "hostH.flowN.field"
  std::vector<std::string> scope;
  std::map<std::string, std::vector<std::pair<uint64_t, double>>> history;  // "hostH.flowN.field" -> values
  uint64_t t = 0;
  for (std::string line; std::getline(vcd, line);) {
    std::istringstream w(line);
    std::string tag;
    w >> tag;
    if (tag == "$scope") {
      std::string kind, name;
      w >> kind >> name;
      scope.push_back(name);
    } else if (tag == "$upscope") {
      scope.pop_back();
    } else if (tag == "$var") {
      std::string kind, width, code, name;
      w >> kind >> width >> code >> name;
      name_of[code] = scope.at(0) + "." + scope.at(1) + "." + name;
    } else if (tag[0] == '#') {
      t = std::stoull(tag.substr(1));
    } else if (tag[0] == 'b' || tag[0] == 'r') {
      std::string code;
      w >> code;
      const double v = tag[0] == 'b' ? double(std::stoull(tag.substr(1), nullptr, 2)) : std::stod(tag.substr(1));
      history[name_of.at(code)].push_back({t, v});
    } else if (tag[0] == '0' || tag[0] == '1') {
      history[name_of.at(tag.substr(1))].push_back({t, double(tag[0] - '0')});
    }
  }
  ASSERT_TRUE(name_of.size() >= 8 * 11) << "8 flows x (rate_gbps + 10 fields)";
  // The value of a variable at time t (its last change at or before t).
  const auto at = [&](const std::string& var, uint64_t when) {
    double v = std::nan("");
    for (const auto& [tc, x] : history[var])
      if (tc <= when) v = x;
    return v;
  };
  int cuts = 0;
  for (int h = 1; h <= 8; ++h) {
    const std::string f = "host" + std::to_string(h) + ".flow" + std::to_string(h) + ".";
    const auto& limited = history[f + "limited"];
    const auto first = std::find_if(limited.begin(), limited.end(), [](const auto& p) { return p.second == 1; });
    if (first == limited.end()) continue;
    const uint64_t cnp = first->first;
    // Values just before the CNP's event and right after it.
    const double rc0 = at(f + "rc", cnp - 1), alpha0 = at(f + "alpha", cnp - 1);
    EXPECT_EQ(at(f + "rt", cnp), rc0) << f;
    EXPECT_NEAR(at(f + "rc", cnp), rc0 * (1.0 - alpha0 / double(1 << 21)), 1.0) << f << " at " << cnp << " ps";
    ++cuts;
  }
  EXPECT_GE(cuts, 4) << "too few flows were cut in 200 us to check eq. 1";
}

// --trace-window FROM_US:TO_US dumps only that window of simulated time, on the same axis; a window
// that is not inside the run is bad input.
TEST(RunCli, TraceWindowDumpsOnlyThatWindow) {
  const std::string out = out_dir("run_trace_window");
  const Result r = run("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=20 "
                       "--set sim.measure_from_us=0 --trace-window 9:10 --plots none --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_EQ(std::system(("fst2vcd " + out + "/switch0.fst > " + out + "/w.vcd 2>/dev/null").c_str()), 0);
  std::ifstream in(out + "/w.vcd");
  uint64_t first = UINT64_MAX, last = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] == '#') {
      const uint64_t t = std::stoull(line.substr(1));
      if (t > 0) first = std::min(first, t);  // fst2vcd writes the initial values at #0
      last = std::max(last, t);
    }
  EXPECT_GE(first, 9'000'000u);
  EXPECT_LT(last, 10'000'000u);
  EXPECT_GT(last, 9'900'000u);
  const Result bad = run("run " + kScenario + " --trace-window 5:2 --out " + out);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("--trace-window = 5:2 must be FROM_US:TO_US with 0 <= FROM_US < TO_US <= "
                            "sim.duration_us = 2000"),
            std::string::npos)
      << bad.output;
}

// CLI11's range check lets NaN through (every comparison with it is false): a NaN duration never
// ends. Every floating-point option with a range takes finite numbers only.
TEST(CliOptions, NanAndInfinityAreRejectedByTheFloatingPointOptions) {
  const std::pair<std::string, std::string> cases[] = {
      {"demo-switch --duration-us nan", "--duration-us: nan must be a finite number from 1 to 100000"},
      {"demo-switch --duration-us inf", "--duration-us: inf must be a finite number from 1 to 100000"},
      {"bench --duration-us nan", "--duration-us: nan must be a finite number from 100 to 1000000"},
      {"explore dcqcn --trace /nonexistent --max-rel-error nan", "--max-rel-error: nan must be a finite number"},
      {"explore dcqcn --trace /nonexistent --max-rel-error 0.01 --max-decision-mismatch nan",
       "--max-decision-mismatch: nan must be a finite number"},
  };
  for (const auto& [args, message] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
    EXPECT_NE(r.output.find("error: " + message), std::string::npos) << args << ": " << r.output;
  }
}

}  // namespace
