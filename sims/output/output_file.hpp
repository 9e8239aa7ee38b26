// output_file.hpp: a result file written whole or not at all. The text goes to "<path>.partial";
// commit() flushes and closes it, checks the stream and renames it over <path>, so a folder never
// holds a half-written file under a result's name (docs/outputs.md). Every failure throws
// OutputError naming the file and the system's reason ("No space left on device", "File too large").
// An OutputFile not committed removes its temporary file when it goes away.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

namespace ccf::sims {

struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class OutputFile {
 public:
  explicit OutputFile(std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  template <class T>
  OutputFile& operator<<(const T& v) {
    stream_ << v;
    return *this;
  }
  std::ostream& stream() { return stream_; }
  // Throws OutputError if a write has failed so far (for a file written during a long run).
  void check();
  // Flush, close, check and rename over the final name. Throws OutputError.
  void commit();

 private:
  std::string path_, temp_;
  std::ofstream stream_;
  bool committed_ = false;
};

// One file from one string, committed.
void write_output_file(const std::string& path, const std::string& text);

}  // namespace ccf::sims
