// `ccfabric sweep`: a grid of keys and seeds becomes one run per point; the merged CSV has the swept
// keys as columns; a restart skips finished points; job files for GNU parallel and Slurm; a bad value
// stops the sweep before anything runs.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>


#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::run_ccfabric;

// A sweep file next to its output: 2 fan-ins x 2 seeds of a short DCQCN incast.
std::string write_sweep(const std::string& dir, const std::string& senders = "[2, 3]") {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/s.toml";
  std::ofstream(path) << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\n"
                      << "seeds = [1, 2]\n[set]\n\"sim.duration_us\" = 200\n\"sim.measure_from_us\" = 50\n"
                      << "[grid]\n\"traffic.0.senders\" = " << senders << "\n";
  return path;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

TEST(Sweep, RunsEveryPointMergesTheSweptKeysAndSkipsFinishedPointsOnRestart) {
  const std::string dir = out_dir("sweep_local");
  const std::string sweep = write_sweep(dir);
  const auto r = run_ccfabric("sweep " + sweep + " --jobs 2 --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto rows = lines(read_file(dir + "/out/results.csv"));
  ASSERT_EQ(rows.size(), 5u) << r.output;
  EXPECT_EQ(rows[0].rfind("point,seed,traffic.0.senders,total_gbps,jain_index", 0), 0u) << rows[0];
  // Points: senders 2 (seeds 1, 2), then senders 3 (seeds 1, 2).
  EXPECT_EQ(rows[1].rfind("0,1,2,", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("1,2,2,", 0), 0u) << rows[2];
  EXPECT_EQ(rows[4].rfind("3,2,3,", 0), 0u) << rows[4];
  // Each point is the run it names: its summary carries the swept value and the seed.
  const auto summary = ccf::test::read_summary(dir + "/out/points/00003");
  EXPECT_EQ(summary["flows"].size(), 3u);
  EXPECT_EQ(summary["scenario"]["sim"]["seed"], 2);

  // Progress lines name each point's values; points draw no plots, the sweep draws one figure.
  EXPECT_NE(r.output.find("point 3 (traffic.0.senders=3, seed 2) done"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out/points/00003/throughput.png"));
  if (std::system("command -v gnuplot > /dev/null") == 0) {
    const std::string gp = read_file(dir + "/out/sweep.gp");
    EXPECT_NE(gp.find("set xlabel 'traffic.0.senders'"), std::string::npos) << gp;
    EXPECT_EQ(read_file(dir + "/out/sweep.png").substr(1, 3), "PNG");
  }

  const auto again = run_ccfabric("sweep " + sweep + " --jobs 2 --out " + dir + "/out");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("4 points, 4 already done, 0 to run"), std::string::npos) << again.output;
  EXPECT_EQ(read_file(dir + "/out/results.csv").substr(0, rows[0].size()), rows[0]);
}

// SIGINT to a sweep: no new point starts, the running ones end with their outputs marked partial and
// no point.json (a rerun runs them again: finished() needs it), and the sweep exits 130.
TEST(Sweep, SigintStopsTheRunningPointsAndARerunRunsThemAgain) {
  const std::string dir = out_dir("sweep_sigint");
  std::filesystem::create_directories(dir);
  const std::string sweep = dir + "/s.toml";
  std::ofstream(sweep) << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\n"
                       << "seeds = [1]\n[set]\n\"sim.duration_us\" = 10000000\n"
                       << "[grid]\n\"traffic.0.senders\" = [2, 3, 4]\n";
  const std::string log = dir + "/sweep.log";
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = std::string("exec ") + CCF_BINARY + " sweep " + sweep + " --jobs 2 --out " + dir +
                            "/out >" + log + " 2>&1";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until both running points hold their folders (their runs are past set-up).
  for (int i = 0; i < 600; ++i) {
    const bool both = std::filesystem::exists(dir + "/out/points/00000/.ccfabric.lock") &&
                      std::filesystem::exists(dir + "/out/points/00001/.ccfabric.lock");
    if (both) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << read_file(log);
  EXPECT_NE(read_file(log).find("rerun the same command to run the rest"), std::string::npos) << read_file(log);
  for (const char* p : {"00000", "00001"}) {
    const std::string pd = dir + "/out/points/" + p;
    EXPECT_FALSE(ccf::test::read_summary(pd)["sim"]["complete"].get<bool>()) << pd;
    EXPECT_FALSE(std::filesystem::exists(pd + "/point.json")) << pd;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/out/points/00002/summary.json"));  // never started
}

// Job lines name the binary, scenario and folders relative to the directory the sweep was emitted
// in (no absolute path: the project can move, or sit elsewhere on a cluster's shared disk).
TEST(Sweep, EmitsOneSelfContainedCommandPerPointForParallelAndSlurm) {
  const std::string dir = out_dir("sweep_emit");
  const std::string sweep = write_sweep(dir);
  const auto r = run_ccfabric("sweep " + sweep + " --emit slurm --slurm-time 00:30:00 --slurm-partition short "
                              "--slurm-account dv --slurm-mem 2G --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto jobs = lines(read_file(dir + "/out/jobs.txt"));
  ASSERT_EQ(jobs.size(), 4u);
  for (const auto& j : jobs) {
    EXPECT_NE(j.find("' 'run' '"), std::string::npos) << j;
    EXPECT_NE(j.find("'sim.seed="), std::string::npos) << j;
    EXPECT_NE(j.find("point.json"), std::string::npos) << j;
    EXPECT_EQ(j.find(std::filesystem::current_path().string()), std::string::npos) << "an absolute path in " << j;
    EXPECT_EQ(j.find(" '/"), std::string::npos) << "an absolute path in " << j;
  }
  const std::string sbatch = read_file(dir + "/out/sweep.sbatch");
  for (const char* line : {"#SBATCH --array=1-4\n", "#SBATCH --time=00:30:00\n", "#SBATCH --partition=short\n",
                           "#SBATCH --account=dv\n", "#SBATCH --mem=2G\n", "SLURM_ARRAY_TASK_ID"})
    EXPECT_NE(sbatch.find(line), std::string::npos) << line << " not in\n" << sbatch;
  // One job line run by hand (as a cluster node would) finishes its point, and --merge picks it up.
  ASSERT_EQ(std::system(("bash -c " + std::string("\"$(sed -n 2p '") + dir + "/out/jobs.txt')\"").c_str()), 0);
  const auto m = run_ccfabric("sweep " + sweep + " --merge --out " + dir + "/out");
  ASSERT_EQ(m.exit_code, 0) << m.output;
  const auto rows = lines(read_file(dir + "/out/results.csv"));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].rfind("1,2,2,", 0), 0u) << rows[1];
}

// --merge with no finished point is an error, not an empty results.csv.
TEST(Sweep, MergeOfNothingFinishedIsAnError) {
  const std::string dir = out_dir("sweep_merge_nothing");
  const auto r = run_ccfabric("sweep " + write_sweep(dir) + " --merge --out " + dir + "/out");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("no point of"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out/results.csv"));
}

// A key whose value is an array is swept like any other: each point runs with its array, and
// results.csv quotes the value (it holds commas).
TEST(Sweep, ArrayValuedKeysAreSwept) {
  const std::string dir = out_dir("sweep_array");
  std::filesystem::create_directories(dir);
  const std::string sweep = dir + "/s.toml";
  std::ofstream(sweep) << "scenario = \"" << CCF_SCENARIO_DIR << "/incast_dcqcn_100g.toml\"\n"
                       << "seeds = [1]\n[set]\n\"sim.duration_us\" = 100\n\"sim.measure_from_us\" = 20\n"
                       << "\"traffic.0.senders\" = 2\n"
                       << "[grid]\n\"traffic.0.sender_hosts\" = [[1, 2], [5, 9]]\n";
  const auto r = run_ccfabric("sweep " + sweep + " --out " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto rows = lines(read_file(dir + "/out/results.csv"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].rfind("1,1,\"[5, 9]\",", 0), 0u) << rows[2];
  const auto summary = ccf::test::read_summary(dir + "/out/points/00001");
  ASSERT_EQ(summary["flows"].size(), 2u);
  EXPECT_EQ(summary["flows"][0]["src"], 5);
  EXPECT_EQ(summary["flows"][1]["src"], 9);
}

TEST(Sweep, ABadValueStopsTheSweepBeforeAnythingRunsAndNamesThePointAndKey) {
  const std::string dir = out_dir("sweep_bad");
  const auto r = run_ccfabric("sweep " + write_sweep(dir, "[2, 40]") + " --out " + dir + "/out");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("sweep point 2:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("senders = 40 must be"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out/points"));
}

// The seed comes from seeds = [...] only, and a key is in [set] or [grid], not both: otherwise
// results.csv would name a value the point did not run with.
TEST(Sweep, AKeyGivenTwiceIsRejected) {
  const std::string dir = out_dir("sweep_twice");
  std::filesystem::create_directories(dir);
  const std::string head =
      std::string("scenario = \"") + CCF_SCENARIO_DIR + "/incast_dcqcn_100g.toml\"\nseeds = [1, 2]\n";
  const auto expect_rejected = [&](const std::string& body, const std::string& message) {
    std::ofstream(dir + "/s.toml") << head << body;
    const auto r = run_ccfabric("sweep " + dir + "/s.toml --out " + dir + "/out");
    EXPECT_EQ(r.exit_code, 2) << body;
    EXPECT_NE(r.output.find(message), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir + "/out/points"));
  };
  expect_rejected("[grid]\n\"sim.seed\" = [5]\n", "grid.\"sim.seed\": give seeds as seeds = [...]");
  expect_rejected("[set]\n\"sim.seed\" = 5\n", "set.\"sim.seed\": give seeds as seeds = [...]");
  expect_rejected("[set]\n\"traffic.0.senders\" = 2\n[grid]\n\"traffic.0.senders\" = [2, 3]\n",
                  "\"traffic.0.senders\" is in both [set] and [grid]");
}

}  // namespace
