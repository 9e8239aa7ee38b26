// launch.cpp: see launch.hpp.
#include "sims/parallel/launch.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace ccf::parallel {

void exec_under_mpiexec(unsigned ranks, const std::vector<std::string>& args) {
  std::error_code ec;
  const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  std::vector<std::string> cmd{"mpiexec", "-n", std::to_string(ranks), ec ? args.at(0) : self};
  cmd.insert(cmd.end(), args.begin() + 1, args.end());
  std::vector<char*> argv;
  for (std::string& a : cmd) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  execvp("mpiexec", argv.data());
  throw std::runtime_error(fmt::format("--ranks {} starts the ranks with mpiexec, which could not be run ({}): install "
                                       "an MPI (apt-get install mpich) or start ccfabric with your MPI's launcher "
                                       "(mpirun, srun)",
                                       ranks, std::strerror(errno)));
}

}  // namespace ccf::parallel
