// output_file.cpp: see output_file.hpp.
#include "sims/output/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace ccf::sims {
namespace {

// The system's reason for the last failed call, or `fallback` when it left none.
std::string reason(const char* fallback) { return errno != 0 ? std::strerror(errno) : fallback; }

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)), temp_(path_ + ".partial") {
  errno = 0;
  stream_.open(temp_, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!stream_) throw OutputError(fmt::format("{}: cannot be written ({})", path_, reason("cannot open")));
}

OutputFile::~OutputFile() {
  if (committed_) return;
  stream_.close();
  std::error_code ec;
  std::filesystem::remove(temp_, ec);  // nothing to report from a destructor: the error is already thrown
}

void OutputFile::check() {
  if (!stream_) throw OutputError(fmt::format("{}: cannot be written ({})", path_, reason("write failed")));
}

void OutputFile::commit() {
  if (stream_) errno = 0;  // a stream that failed already keeps the reason its write left in errno
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  const std::string why = written ? "" : reason("write failed");
  stream_.close();
  if (!written || stream_.fail())
    throw OutputError(fmt::format("{}: cannot be written ({})", path_, written ? reason("close failed") : why));
  errno = 0;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    throw OutputError(fmt::format("{}: cannot be written ({} renaming {})", path_, reason("rename failed"), temp_));
  committed_ = true;
}

void write_output_file(const std::string& path, const std::string& text) {
  OutputFile f(path);
  f << text;
  f.commit();
}

}  // namespace ccf::sims
