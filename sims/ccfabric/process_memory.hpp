// process_memory.hpp: the resident set of this process (Linux /proc/self/status), for the memory
// figures of a run (summary.json "memory", docs/fabric.md 7).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace ccf::cli {

// VmRSS (field "VmRSS") or VmHWM (field "VmHWM", the peak) in bytes; 0 where /proc is not there.
inline uint64_t proc_status_bytes(const char* field = "VmRSS") {
  std::ifstream f("/proc/self/status");
  std::string line;
  const std::string key = std::string(field) + ":";
  while (std::getline(f, line))
    if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size())) * 1024;  // "VmRSS:  1234 kB"
  return 0;
}

inline uint64_t resident_set_bytes() { return proc_status_bytes("VmRSS"); }
inline uint64_t peak_resident_set_bytes() { return proc_status_bytes("VmHWM"); }

}  // namespace ccf::cli
