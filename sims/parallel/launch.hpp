// launch.hpp: `ccfabric run --ranks N` started without an MPI launcher starts itself again under
// one (docs/fabric.md 10): `mpiexec -n N` with this program and the same arguments.
#pragma once

#include <string>
#include <vector>

namespace ccf::parallel {

// Replaces this process by `mpiexec -n ranks PROGRAM args[1..]` (PROGRAM: this executable); returns
// only on failure, throwing std::runtime_error that says what to install.
[[noreturn]] void exec_under_mpiexec(unsigned ranks, const std::vector<std::string>& args);

}  // namespace ccf::parallel
