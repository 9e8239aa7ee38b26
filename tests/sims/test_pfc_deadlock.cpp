// PFC deadlock detection in `ccfabric run` (docs/fabric.md 9): the shipped ring of five switches
// deadlocks and is reported (its cycle checked link by link against ports.csv, within the
// configured time), --stop-on-deadlock ends the run there with exit code 3 and its outputs, the same
// ring with a cut edge is not reported, and neither are the shipped scenarios with heavy PFC nor
// long pause storms without a cyclic buffer dependency, even with every queue of the ring paused.
// The long label runs the storms for longer.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;
using nlohmann::json;

const std::string kDir = std::string(CCF_SCENARIO_DIR) + "/";
const std::string kRing = kDir + "pfc_ring_deadlock.toml";
const std::string kCut = kDir + "pfc_ring_cut.toml";

struct RunOut {
  int exit_code;
  std::string output;
  std::string out;  // the output directory
  json summary;
};

RunOut run(const std::string& name, const std::string& args) {
  const std::string out = out_dir(name);
  const ccf::test::CliResult r = ccf::test::run_ccfabric("run " + args + " --plots none --out " + out);
  json summary;
  if (std::ifstream(out + "/summary.json").good()) summary = read_summary(out);
  return {r.exit_code, r.output, out, summary};
}

// No report where PFC pauses without a cyclic dependency, with a short sim.deadlock_after_us (20 us)
// so that any queue paused for long would count.
void expect_no_deadlock(const std::string& name, const std::string& args) {
  const RunOut r = run(name, args + " --set sim.deadlock_after_us=20");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("DEADLOCK"), std::string::npos) << r.output;
  EXPECT_TRUE(r.summary["pfc"]["deadlocks"].empty()) << r.summary["pfc"].dump();
  EXPECT_GT(r.summary["pfc"]["pause_frames"].get<uint64_t>(), 0u) << name << ": the case needs PFC pauses";
}

#ifndef CCF_LONG_DEADLOCK

// ports.csv: the node at the other end of each (switch, port).
std::map<std::pair<std::string, unsigned>, std::string> port_peers(const std::string& dir) {
  std::istringstream in(read_file(dir + "/ports.csv"));
  std::string line;
  std::getline(in, line);  // switch,port,peer,...
  std::map<std::pair<std::string, unsigned>, std::string> peers;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string sw, port, peer;
    std::getline(f, sw, ',');
    std::getline(f, port, ',');
    std::getline(f, peer, ',');
    peers[{sw, static_cast<unsigned>(std::stoul(port))}] = peer;
  }
  return peers;
}

// The check period the docs give (docs/fabric.md 9): the sample interval when at most half of
// sim.deadlock_after_us, else a quarter of it.
double check_period_us(double after_us, double sample_us) { return sample_us <= after_us / 2 ? sample_us : after_us / 4; }

// The reported cycle is a cycle of the fabric: each queue's port leads to the next queue's switch,
// the last one's to the first's; all on the flows' priority (3), each switch once.
void expect_ring_cycle(const RunOut& r) {
  ASSERT_EQ(r.summary["pfc"]["deadlocks"].size(), 1u) << r.output;
  const json& d = r.summary["pfc"]["deadlocks"][0];
  const json& cycle = d["cycle"];
  ASSERT_EQ(cycle.size(), 5u) << d.dump();
  const auto peers = port_peers(r.out);
  std::set<std::string> switches;
  for (size_t i = 0; i < cycle.size(); ++i) {
    const std::string sw = cycle[i]["switch"];
    const json& next = cycle[(i + 1) % cycle.size()];
    EXPECT_EQ(peers.at({sw, cycle[i]["port"].get<unsigned>()}), next["switch"].get<std::string>()) << d.dump();
    EXPECT_EQ(cycle[i]["priority"].get<unsigned>(), 3u);
    switches.insert(sw);
  }
  EXPECT_EQ(switches, (std::set<std::string>{"S0", "S1", "S2", "S3", "S4"}));
  // Frames stuck: some, at least 64 B each, and no more than the run has in flight.
  const uint64_t frames = d["frames_stuck"];
  EXPECT_GT(frames, 0u);
  EXPECT_GE(d["bytes_stuck"].get<uint64_t>(), 64 * frames);
  EXPECT_LE(frames, r.summary["frames"]["in_flight"].get<uint64_t>());
}

// Found after the queues have been stuck sim.deadlock_after_us, at most two check periods later.
void expect_found_within(const json& d, double after_us, double sample_us) {
  const double stuck_for = d["detected_at_us"].get<double>() - d["since_us"].get<double>();
  EXPECT_GE(stuck_for, after_us) << d.dump();
  EXPECT_LE(stuck_for, after_us + 2 * check_period_us(after_us, sample_us)) << d.dump();
}

TEST(PfcDeadlock, TheRingDeadlocksAndIsReportedWithItsCycleWithinTheConfiguredTime) {
  const RunOut r = run("ring", kRing);
  ASSERT_EQ(r.exit_code, 0) << r.output;  // without --stop-on-deadlock the run completes...
  EXPECT_NE(r.output.find("DEADLOCK at "), std::string::npos) << r.output;  // ... and says so
  EXPECT_NE(r.output.find("DEADLOCK: 1 PFC deadlock"), std::string::npos) << r.output;
  expect_ring_cycle(r);
  const json& d = r.summary["pfc"]["deadlocks"][0];
  expect_found_within(d, 100.0, 10.0);  // the defaults
  EXPECT_DOUBLE_EQ(r.summary["pfc"]["deadlock_after_us"].get<double>(), 100.0);
  EXPECT_FALSE(r.summary["sim"]["stopped_on_deadlock"].get<bool>());
  // What the deadlock does: nothing reaches the receivers after it (less than 1 % of their links).
  for (const auto& x : r.summary["receivers"]) EXPECT_LT(x["utilisation"].get<double>(), 0.01) << x.dump();
  ccf::test::expect_ledger_balances(r.summary);

  // A longer sim.deadlock_after_us finds the same cycle later; a shorter sample interval checks more often.
  const RunOut later = run("ring_later", kRing + " --set sim.deadlock_after_us=400 --set sim.sample_interval_us=50");
  ASSERT_EQ(later.exit_code, 0) << later.output;
  expect_ring_cycle(later);
  expect_found_within(later.summary["pfc"]["deadlocks"][0], 400.0, 50.0);
  EXPECT_EQ(later.summary["pfc"]["deadlocks"][0]["since_us"], d["since_us"]);
  EXPECT_EQ(later.summary["pfc"]["deadlocks"][0]["cycle"], d["cycle"]);
}

TEST(PfcDeadlock, StopOnDeadlockEndsTheRunThereWithExitCode3AndItsOutputs) {
  const RunOut r = run("ring_stop", kRing + " --stop-on-deadlock");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("STOPPED at"), std::string::npos) << r.output;
  ASSERT_FALSE(r.summary.is_null()) << r.output;
  expect_ring_cycle(r);
  const double at = r.summary["pfc"]["deadlocks"][0]["detected_at_us"];
  EXPECT_TRUE(r.summary["sim"]["stopped_on_deadlock"].get<bool>());
  EXPECT_DOUBLE_EQ(r.summary["sim"]["simulated_us"].get<double>(), at);
  EXPECT_LT(at, r.summary["sim"]["duration_us"].get<double>());
  EXPECT_DOUBLE_EQ(r.summary["window"]["to_us"].get<double>(), at);
  ccf::test::expect_ledger_balances(r.summary);
  // The time series ends at the stop.
  std::istringstream ts(read_file(r.out + "/timeseries.csv"));
  std::string line, last;
  while (std::getline(ts, line)) last = line;
  EXPECT_LE(std::stod(last.substr(0, last.find(','))), at);
  // The same run without the flag reports the same deadlock and goes on to the end.
  const RunOut full = run("ring_full", kRing);
  EXPECT_EQ(full.summary["pfc"]["deadlocks"], r.summary["pfc"]["deadlocks"]);
  EXPECT_DOUBLE_EQ(full.summary["sim"]["simulated_us"].get<double>(), full.summary["sim"]["duration_us"].get<double>());
}

// Same seed, same report; and the report does not depend on the kernel's order of same-instant
// processes (docs/fabric.md 8).
TEST(PfcDeadlock, TheReportIsReproducibleAndIndependentOfKernelOrder) {
  const RunOut a = run("ring_a", kRing), b = run("ring_b", kRing + " --perturb-kernel-order 7");
  EXPECT_EQ(a.summary["pfc"], b.summary["pfc"]);
  EXPECT_EQ(read_file(a.out + "/pfc.csv"), read_file(b.out + "/pfc.csv"));
}

TEST(PfcDeadlock, TheRingWithACutEdgeIsNotADeadlock) {
  const RunOut r = run("cut", kCut);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("DEADLOCK"), std::string::npos) << r.output;
  EXPECT_TRUE(r.summary["pfc"]["deadlocks"].empty());
  EXPECT_GT(r.summary["pfc"]["pause_frames"].get<uint64_t>(), 0u);  // PFC pauses, yet every flow goes on
  for (const auto& x : r.summary["receivers"]) EXPECT_GT(x["utilisation"].get<double>(), 0.1) << x.dump();
  // The flows that crossed the cut edge go the long way.
  for (const auto& f : r.summary["flows"])
    if (f["src"] == 3 && f["dst"] == 0) {
      EXPECT_EQ(f["path"], "S3 S2 S1 S0");
    }
}

TEST(PfcDeadlock, NoFalsePositiveOnTheShippedScenariosWithHeavyPfc) {
  expect_no_deadlock("two_switch", kDir + "two_switch_pfc.toml");
  expect_no_deadlock("incast", kDir + "incast_dcqcn.toml");
  expect_no_deadlock("incast_100g", kDir + "incast_dcqcn_100g.toml");
  // PFC alone on multi-switch fabrics: the DCQCN testbed and web search on a fat tree.
  expect_no_deadlock("parking_lot", kDir + "dcqcn_parking_lot.toml --set nic.cc=none");
  expect_no_deadlock("websearch", kDir + "websearch_fat_tree.toml --set nic.cc=none --set sim.duration_us=1500 "
                                           "--set sim.measure_from_us=500 --set traffic.0.stop_us=1500");
}

// A slow receiver (10 Gb/s) behind two switches: the pause storm runs for 100 ms back through the
// inter-switch link to the senders, without a cycle.
TEST(PfcDeadlock, NoFalsePositiveInALongPauseStormBehindASlowReceiver) {
  expect_no_deadlock("slow_receiver", kDir + "two_switch_pfc.toml --set nic.host_gbps=10 --set sim.duration_us=100000");
}

// The ring with every host sending to its clockwise neighbour, a slow receiver (10 Gb/s): each
// switch pauses the ring link into it, so all five ring queues hold frames and are paused at once,
// a cycle of paused queues around the ring. But the frames each switch holds from the previous one
// wait for its host, not for the next ring queue: no queue waits for another and there is no
// deadlock, even at the shortest sim.deadlock_after_us (1 us).
TEST(PfcDeadlock, NoFalsePositiveWhenEveryRingQueueIsPausedWithoutWaitingForAnother) {
  const RunOut r = run("ring_neighbours", kRing +
                                           " --set traffic.0.receiver=1 --set traffic.1.receiver=2 --set traffic.2.receiver=3 "
                                           "--set traffic.3.receiver=4 --set traffic.4.receiver=0 --set nic.host_gbps=10 "
                                           "--set sim.deadlock_after_us=1 --set sim.sample_interval_us=1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(r.summary["pfc"]["deadlocks"].empty()) << r.summary["pfc"].dump();
  // Every switch paused the ring link into it (port 2)...
  std::istringstream ports(read_file(r.out + "/ports.csv"));
  std::string line;
  std::getline(ports, line);
  unsigned paused_ring_ports = 0;
  while (std::getline(ports, line)) {
    std::vector<std::string> f;
    for (std::istringstream in(line); std::getline(in, line, ',');) f.push_back(line);
    if (f[1] == "2" && std::stoull(f[7]) > 0) ++paused_ring_ports;  // port, pfc_pause_tx
  }
  EXPECT_EQ(paused_ring_ports, 5u);
  // ... and at some sample all five ring queues held frames at once.
  std::istringstream ts(read_file(r.out + "/timeseries.csv"));
  std::getline(ts, line);
  std::vector<size_t> ring_columns;
  {
    std::istringstream h(line);
    std::string name;
    for (size_t i = 0; std::getline(h, name, ','); ++i)
      if (name.find(".port1.prio3_bytes") != std::string::npos) ring_columns.push_back(i);
  }
  ASSERT_EQ(ring_columns.size(), 5u) << line;
  bool all_held = false;
  while (!all_held && std::getline(ts, line)) {
    std::vector<std::string> f;
    for (std::istringstream in(line); std::getline(in, line, ',');) f.push_back(line);
    all_held = true;
    for (size_t c : ring_columns) all_held = all_held && std::stod(f[c]) > 0;
  }
  EXPECT_TRUE(all_held);
}

#else
// One second of the slow-receiver pause storm, and web search without congestion control on the
// fat tree for the scenario's full 4 ms.
TEST(PfcDeadlockLong, NoFalsePositiveInLongPauseStorms) {
  expect_no_deadlock("slow_receiver_1s", kDir + "two_switch_pfc.toml --set nic.host_gbps=10 --set sim.duration_us=1000000");
  expect_no_deadlock("websearch_full", kDir + "websearch_fat_tree.toml --set nic.cc=none");
  expect_no_deadlock("parking_lot_slow", kDir + "dcqcn_parking_lot.toml --set nic.cc=none --set nic.host_gbps=10");
}
#endif

}  // namespace
