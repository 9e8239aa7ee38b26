// gnuplot.cpp: see gnuplot.hpp.
#include "sims/output/gnuplot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>

extern char** environ;

namespace ccf::sims {

bool gnuplot_installed() {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string_view rest = path;
  while (!rest.empty()) {
    const size_t colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    if (!dir.empty() && ::access((dir + "/gnuplot").c_str(), X_OK) == 0) return true;
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return false;
}

GnuplotJob start_gnuplot(const std::string& dir, const std::string& script, const std::string& log) {
  GnuplotJob job;
  job.log_path = (std::filesystem::path(dir) / log).string();
  // The log opens after the change of directory: by its name there.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  std::string script_arg = script;
  char arg0[] = "gnuplot";
  char* argv[] = {arg0, script_arg.data(), nullptr};
  const int err = posix_spawnp(&job.pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    job.pid = -1;
    job.error = fmt::format("gnuplot could not be started: {}", std::strerror(err));
  }
  return job;
}

std::string wait_gnuplot(const GnuplotJob& job) {
  if (job.pid < 0) return job.error;
  int status = 0;
  while (::waitpid(job.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  return fmt::format("gnuplot failed: see {}", job.log_path);
}

std::string run_gnuplot(const std::string& dir, const std::string& script, const std::string& log) {
  return wait_gnuplot(start_gnuplot(dir, script, log));
}

std::string gnuplot_quoted(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("''") : std::string(1, c);
  return q + "'";
}

}  // namespace ccf::sims
