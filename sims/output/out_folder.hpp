// out_folder.hpp: the folder one run writes (`ccfabric run --out`, docs/outputs.md). Claiming it
// creates it, takes an exclusive lock on DIR/.ccfabric.lock for the life of the OutFolder (a second
// run writing the same folder at the same time is refused; the lock goes with the process, however it
// ends) and removes the result files of an earlier run, summary.json first: the folder never mixes two
// runs, and a run that dies leaves no earlier complete-looking set behind.
#pragma once

#include <stdexcept>
#include <string>

namespace ccf::sims {

// Another process holds the folder's lock; the message names the folder and that process.
struct OutFolderBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OutFolder {
 public:
  // Throws OutFolderBusy, or OutputError when the folder or its lock cannot be made.
  explicit OutFolder(const std::string& dir);
  ~OutFolder();
  OutFolder(const OutFolder&) = delete;
  OutFolder& operator=(const OutFolder&) = delete;

 private:
  int lock_fd_ = -1;
};

}  // namespace ccf::sims
