// `ccfabric run` as a user runs it: a short incast completes with every frame accounted for, the
// same scenario gives identical output files, and bad scenarios exit with code 2 and a clear message.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

struct Result {
  int exit_code;
  std::string output;
};

Result run(const std::string& args) {
  const std::string log = std::filesystem::temp_directory_path() / "ccf_run_cli.log";
  const int rc = std::system((std::string(CCF_BINARY) + " " + args + " >" + log + " 2>&1").c_str());
  std::ifstream f(log);
  std::stringstream ss;
  ss << f.rdbuf();
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, ss.str()};
}

std::string read(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

const std::string kScenario = std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn.toml";

TEST(RunCli, ShortIncastAccountsForEveryFrame) {
  const std::string out = std::filesystem::temp_directory_path() / "ccf_run_a";
  const Result r = run("run " + kScenario + " --set sim.duration_us=300 --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(read(out + "/summary.json"));
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
  const std::string out = std::filesystem::temp_directory_path() / "ccf_run_pfc";
  const Result r = run("run " + kScenario + " --set nic.dcqcn_preset=hpcc_ns3 --set sim.duration_us=1200" +
                       " --set sim.measure_from_us=100 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(read(out + "/summary.json"));
  EXPECT_GT(j["pfc"]["pause_frames"].get<uint64_t>(), 100u);
}

TEST(RunCli, SameScenarioGivesIdenticalOutputFiles) {
  const std::string a = std::filesystem::temp_directory_path() / "ccf_run_det_a";
  const std::string b = std::filesystem::temp_directory_path() / "ccf_run_det_b";
  for (const auto& out : {a, b}) {
    const Result r = run("run " + kScenario + " --set sim.duration_us=200 --set sim.measure_from_us=50 --out " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  for (const char* f : {"/flows.csv", "/timeseries.csv", "/pfc.csv"}) EXPECT_EQ(read(a + f), read(b + f)) << f;
  auto ja = nlohmann::json::parse(read(a + "/summary.json")), jb = nlohmann::json::parse(read(b + "/summary.json"));
  ja["sim"].erase("wall_s");
  jb["sim"].erase("wall_s");
  EXPECT_EQ(ja, jb);
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
  };
  for (const BadCase& c : cases) {
    const Result r = run("run " + kScenario + " --set " + c.set);
    EXPECT_EQ(r.exit_code, 2) << c.set;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.set << ": " << r.output;
  }
}

}  // namespace
