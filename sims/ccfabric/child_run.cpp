// child_run.cpp: see child_run.hpp.
#include "sims/ccfabric/child_run.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {

namespace {
std::string path_as(const std::filesystem::path& p, Paths paths) {
  namespace fs = std::filesystem;
  if (paths == Paths::kAbsolute) return fs::absolute(p).string();
  const std::string rel = fs::relative(fs::absolute(p)).string();
  // A bare name would be looked up on PATH when it is the command.
  return rel.find('/') == std::string::npos ? "./" + rel : rel;
}
}  // namespace

std::vector<std::string> run_command(const std::string& scenario, const std::vector<std::string>& sets,
                                     const std::string& out_dir, const std::vector<std::string>& extra, Paths paths) {
  std::vector<std::string> args = {path_as(std::filesystem::read_symlink("/proc/self/exe"), paths), "run",
                                   path_as(scenario, paths)};
  for (const auto& kv : sets) args.insert(args.end(), {"--set", kv});
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--out", path_as(out_dir, paths)});
  return args;
}

std::string shell_line(const std::vector<std::string>& args) {
  std::string line;
  for (const auto& a : args) {
    std::string q = "'";
    for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += (line.empty() ? "" : " ") + q + "'";
  }
  return line;
}

int start_child(const std::vector<std::string>& args, const std::string& log_path) {
  const pid_t pid = fork();
  if (pid < 0) throw RunFailed("fork failed: cannot start `ccfabric run`");
  if (pid == 0) {
    const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

int wait_child(ChildResult& result) {
  int status = 0;
  rusage ru{};
  const pid_t pid = wait4(-1, &status, 0, &ru);
  if (pid < 0) return -1;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.peak_rss_mb = double(ru.ru_maxrss) / 1024.0;
  return pid;
}

}  // namespace ccf::cli
