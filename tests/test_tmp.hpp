// test_tmp.hpp: where tests write scratch files: under the build tree (CCF_TEST_TMP_DIR, set by
// tests/CMakeLists.txt), never in the system's temporary directory, so that a test run leaves nothing
// behind outside build/.
#pragma once

#include <filesystem>

namespace ccf::test {

inline std::filesystem::path tmp_dir() {
  const std::filesystem::path d = CCF_TEST_TMP_DIR;
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace ccf::test
