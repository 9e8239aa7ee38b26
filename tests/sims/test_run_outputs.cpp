// A run's output folder (docs/outputs.md): complete, marked partial, or an error that names the file.
// SIGINT/SIGTERM end a run with its outputs marked partial and exit 130/143; a write that fails (a
// file-size limit standing in for a full disk) exits 1 naming the file and leaves no summary.json and
// no half-written file; a second run on a folder another run is writing is refused; an earlier run's
// files are replaced.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "cli_run.hpp"

namespace {

namespace fs = std::filesystem;
using ccf::test::out_dir;
using ccf::test::read_file;
using ccf::test::read_summary;

const std::string kScenario = std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn.toml";

// Starts `ccfabric run` on kScenario for `duration_us` into `dir`, output to `log`; returns its pid.
pid_t start_run(const std::string& dir, const std::string& log, double duration_us) {
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = std::string("exec ") + CCF_BINARY + " run " + kScenario + " --set sim.duration_us=" +
                            std::to_string(duration_us) + " --plots none --out " + dir + " >" + log + " 2>&1";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Waits until `dir` holds the run's lock with its pid in it (the run is past its set-up).
void wait_until_running(const std::string& dir, pid_t pid) {
  for (int i = 0; i < 600; ++i) {
    if (read_file(dir + "/.ccfabric.lock") == std::to_string(pid)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // into the simulation proper
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  FAIL() << "the run did not start within 30 s";
}

int exit_code(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void expect_partial_run_ends_with(int sig, int code) {
  const std::string dir = out_dir(sig == SIGINT ? "sigint" : "sigterm"), log = dir + ".log";
  const pid_t pid = start_run(dir, log, 10'000'000);  // 10 s simulated: far longer than the test waits
  wait_until_running(dir, pid);
  kill(pid, sig);
  EXPECT_EQ(exit_code(pid), code) << read_file(log);
  const auto j = read_summary(dir);
  EXPECT_FALSE(j["sim"]["complete"].get<bool>());
  EXPECT_EQ(j["sim"]["stopped_by"], sig == SIGINT ? "SIGINT" : "SIGTERM");
  EXPECT_GT(j["sim"]["simulated_us"].get<double>(), 0.0);
  EXPECT_LT(j["sim"]["simulated_us"].get<double>(), 10'000'000.0);
  ccf::test::expect_ledger_balances(j);
  for (const char* f : {"flows.csv", "timeseries.csv", "pfc.csv", "ports.csv", "fct.csv"})
    EXPECT_TRUE(fs::exists(dir + "/" + f)) << f;
  EXPECT_NE(read_file(log).find("summary.json complete = false"), std::string::npos) << read_file(log);
  fs::remove(log);
}

TEST(RunOutputs, SigintEndsTheRunWithPartialOutputsAndExit130) { expect_partial_run_ends_with(SIGINT, 130); }
TEST(RunOutputs, SigtermEndsTheRunWithPartialOutputsAndExit143) { expect_partial_run_ends_with(SIGTERM, 143); }

TEST(RunOutputs, ACompleteRunSaysSo) {
  const std::string dir = out_dir("complete");
  const auto r = ccf::test::run_ccfabric("run " + kScenario + " --set sim.duration_us=600 --plots none --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(dir);
  EXPECT_TRUE(j["sim"]["complete"].get<bool>());
  EXPECT_TRUE(j["sim"]["stopped_by"].is_null());
  EXPECT_EQ(j["sim"]["simulated_us"].get<double>(), 600.0);
}

TEST(RunOutputs, AFailedWriteExitsOneNamingTheFileAndLeavesNoSummaryNorPartialFile) {
  const std::string dir = out_dir("fsize");
  // ulimit -f 8: no file may grow past 8 KiB; timeseries.csv of a 2-ms run is larger.
  const std::string log = dir + ".log";
#ifdef CCF_GCOV_SCRATCH_DIR
  // The coverage build: the limit would cut the gcov files the run writes at its exit, and every later
  // process would fail to add its counts to them; this run writes them, and libgcov's messages about
  // them, under a scratch folder.
  const std::string exec =
      "exec env GCOV_PREFIX=" CCF_GCOV_SCRATCH_DIR " GCOV_ERROR_FILE=" CCF_GCOV_SCRATCH_DIR "/gcov-errors.txt ";
#else
  const std::string exec = "exec ";
#endif
  const std::string cmd = "(ulimit -f 8; " + exec + std::string(CCF_BINARY) + " run " + kScenario +
                          " --set sim.duration_us=2000 --plots none --out " + dir + ") >" + log + " 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 1) << read_file(log);
  const std::string out = read_file(log);
  EXPECT_NE(out.find("timeseries.csv: cannot be written (File too large)"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(dir + "/summary.json"));
  for (const auto& e : fs::directory_iterator(dir)) EXPECT_NE(e.path().extension(), ".partial") << e.path();
  fs::remove(log);
}

TEST(RunOutputs, ASecondRunOnAFolderBeingWrittenIsRefused) {
  const std::string dir = out_dir("busy"), log = dir + ".log";
  const pid_t pid = start_run(dir, log, 10'000'000);
  wait_until_running(dir, pid);
  const auto second = ccf::test::run_ccfabric("run " + kScenario + " --plots none --out " + dir);
  kill(pid, SIGINT);
  EXPECT_EQ(exit_code(pid), 130);
  EXPECT_EQ(second.exit_code, 2) << second.output;
  EXPECT_NE(second.output.find("is being written by another ccfabric run (pid " + std::to_string(pid) + ")"),
            std::string::npos)
      << second.output;
  fs::remove(log);
}

TEST(RunOutputs, AnEarlierRunsFilesAreReplaced) {
  const std::string dir = out_dir("replace");
  const std::string run = "run " + kScenario + " --set sim.duration_us=600 --plots none --out " + dir;
  ASSERT_EQ(ccf::test::run_ccfabric(run + " --trace").exit_code, 0);
  ASSERT_TRUE(fs::exists(dir + "/switch0.fst"));
  std::ofstream(dir + "/timeseries.csv.partial") << "left by a run that died";
  ASSERT_EQ(ccf::test::run_ccfabric(run).exit_code, 0);
  EXPECT_FALSE(fs::exists(dir + "/switch0.fst"));             // the earlier run's waveform
  EXPECT_FALSE(fs::exists(dir + "/timeseries.csv.partial"));  // and a dead run's half file
  EXPECT_TRUE(fs::exists(dir + "/summary.json"));
}

}  // namespace
