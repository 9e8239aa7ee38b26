// build_info.hpp: what a run's outputs record about the tool that made them (summary.json
// "tool_version", "commit", "command_line"; docs/outputs.md 1).
#pragma once

#include <string>
#include <vector>

namespace ccf::sims {

// The project's version (CMakeLists.txt project()).
const char* tool_version();
// The git commit the binary was built from, "-dirty" appended when tracked files differed from it,
// "unknown" outside a git checkout. Generated at build time (cmake/build_info.cmake).
const char* build_commit();

// The process's command line, argv[0] first, as main() received it.
void set_command_line(int argc, const char* const* argv);
const std::vector<std::string>& command_line();

}  // namespace ccf::sims
