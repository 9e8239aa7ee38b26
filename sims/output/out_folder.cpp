// out_folder.cpp: see out_folder.hpp.
#include "sims/output/out_folder.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

#include "sims/output/output_file.hpp"

namespace ccf::sims {
namespace {

namespace fs = std::filesystem;

// What `ccfabric run` writes into its folder (docs/outputs.md), summary.json first in the list.
constexpr std::string_view kResultFiles[] = {
    "summary.json", "scenario.toml", "flows.csv", "timeseries.csv", "timeseries_long.csv", "pfc.csv", "ports.csv",
    "fct.csv",      "fct_buckets.csv", "throughput.gp", "throughput_plot.log", "queue.gp", "queue_plot.log", "fct.gp",
    "fct_plot.log", "throughput.png", "queue.png", "fct.png", "nic.vcd",
    "capture.pcapng"};

bool is_earlier_result(const std::string& name) {
  if (name.ends_with(".partial")) return true;
  if (name.starts_with("switch") && (name.ends_with(".fst") || name.ends_with(".gtkw"))) return true;  // --trace
  return false;
}

}  // namespace

OutFolder::OutFolder(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw OutputError(fmt::format("{}: cannot create directory ({})", dir, ec.message()));
  const std::string lock = dir + "/.ccfabric.lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) throw OutputError(fmt::format("{}: cannot be written ({})", lock, std::strerror(errno)));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    char pid[32] = {};
    const ssize_t n = ::pread(lock_fd_, pid, sizeof pid - 1, 0);
    ::close(lock_fd_);
    lock_fd_ = -1;
    throw OutFolderBusy(fmt::format("{} is being written by another ccfabric run (pid {}); give this run another "
                                    "--out or wait for that one to end",
                                    dir, n > 0 ? std::string(pid, static_cast<size_t>(n)) : "unknown"));
  }
  const std::string pid = std::to_string(::getpid());
  if (::ftruncate(lock_fd_, 0) != 0 || ::pwrite(lock_fd_, pid.data(), pid.size(), 0) < 0)
    throw OutputError(fmt::format("{}: cannot be written ({})", lock, std::strerror(errno)));
  for (std::string_view name : kResultFiles) {
    fs::remove(fs::path(dir) / name, ec);
    if (ec) throw OutputError(fmt::format("{}/{}: an earlier run's file cannot be removed ({})", dir, name, ec.message()));
  }
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (is_earlier_result(e.path().filename().string())) fs::remove(e.path(), ec);
}

OutFolder::~OutFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock; the file stays (harmless, reused)
}

}  // namespace ccf::sims
