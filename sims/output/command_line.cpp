// command_line.cpp: the process's command line for build_info.hpp.
#include "sims/output/build_info.hpp"

namespace ccf::sims {
namespace {
std::vector<std::string>& stored_command_line() {
  static std::vector<std::string> args;
  return args;
}
}  // namespace

void set_command_line(int argc, const char* const* argv) {
  stored_command_line().assign(argv, argv + argc);
}

const std::vector<std::string>& command_line() { return stored_command_line(); }

}  // namespace ccf::sims
