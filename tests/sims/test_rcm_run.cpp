// Regional congestion mitigation in `ccfabric run` (docs/switch.md 2.11, docs/scenarios.md
// [switch.rcm]): the RCM build of the switch with its notifications, window control and adaptive
// routing off carries traffic exactly as the switch without RCM; with RCM on, notifications cross
// only switch-to-switch links, every one sent is received or still on its link, the per-port and
// per-switch figures agree, and a run is reproducible.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_csv;
using ccf::test::read_file;
using ccf::test::read_summary;

const std::string kTwoSwitch = std::string(CCF_SCENARIO_DIR) + "/two_switch_pfc.toml";
const std::string kShort = " --plots none --set sim.duration_us=400 --set sim.measure_from_us=100";

std::string run_ok(const std::string& name, const std::string& args) {
  const std::string out = out_dir(name);
  const ccf::test::CliResult r = ccf::test::run_ccfabric("run " + args + kShort + " --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return out;
}

// Congestion degree and flow recognition alone change no frame's fate (2.11: CN, RCC and SAR act).
TEST(RcmRun, RcmBuildWithItsActionsOffCarriesTrafficAsTheSwitchWithout) {
  const std::string off = run_ok("rcm_off", kTwoSwitch);
  const std::string passive = run_ok("rcm_passive", kTwoSwitch +
                                                        " --set switch.rcm.enable=true --set switch.rcm.cn=false "
                                                        "--set switch.rcm.rcc=false --set switch.rcm.sar=false");
  EXPECT_EQ(read_file(off + "/flows.csv"), read_file(passive + "/flows.csv"));
  EXPECT_EQ(read_file(off + "/pfc.csv"), read_file(passive + "/pfc.csv"));
  const auto j = read_summary(passive);
  EXPECT_TRUE(j["rcm"]["enabled"].get<bool>());
  EXPECT_GT(j["rcm"]["total"]["cfr_samples"].get<uint64_t>(), 0u);
  EXPECT_EQ(j["rcm"]["total"]["cn_frames_sent"].get<uint64_t>(), 0u);
  EXPECT_FALSE(read_summary(off)["rcm"]["enabled"].get<bool>());
}

TEST(RcmRun, NotificationsCrossSwitchLinksOnlyAndAreAllAccountedFor) {
  const std::string args = kTwoSwitch + " --set switch.rcm.enable=true --set switch.rcm.qeq_ingress_bytes=10000";
  const std::string out = run_ok("rcm_on", args);
  const auto j = read_summary(out);
  const auto& total = j["rcm"]["total"];
  const uint64_t sent = total["cn_frames_sent"].get<uint64_t>(), received = total["cn_frames_received"].get<uint64_t>();
  EXPECT_GT(sent, 0u) << "switch 0's ingress from switch 1 is congested: it notifies switch 1";
  EXPECT_LE(received, sent);
  EXPECT_LE(sent - received, 1u) << "one inter-switch link in each direction: at most one CN on it at the end";
  // The ports' figures add up to their switch's, and host ports never send a notification.
  std::map<std::string, uint64_t> sent_by_switch;
  for (const auto& row : read_csv(out + "/ports.csv")) {
    const uint64_t n = std::stoull(row.at("rcm_cn_frames_sent"));
    sent_by_switch[row.at("switch")] += n;
    if (row.at("peer").rfind("host", 0) == 0) {
      EXPECT_EQ(n, 0u) << row.at("switch") << " port " << row.at("port");
    }
  }
  for (const auto& sw : j["rcm"]["switches"])
    EXPECT_EQ(sent_by_switch[sw["switch"].get<std::string>()], sw["cn_frames_sent"].get<uint64_t>());
  // timeseries.csv carries the degree of the sampled queues; the congested one is not always 0.
  const auto rows = read_csv(out + "/timeseries.csv");
  ASSERT_FALSE(rows.empty());
  unsigned nonzero = 0;
  for (const auto& row : rows)
    for (const auto& [k, v] : row)
      if (k.find("_rcm_degree") != std::string::npos) nonzero += v != "0";
  EXPECT_GT(nonzero, 0u);
  // Same seed, same inputs: the same outputs.
  const std::string again = run_ok("rcm_on_again", args);
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/ports.csv", "/pfc.csv"})
    EXPECT_EQ(read_file(out + f), read_file(again + f)) << f;
}

}  // namespace
