// gnuplot.hpp: runs gnuplot on a script that an output writer put in its output directory. gnuplot
// runs inside that directory, started without a shell, so the scripts name their data and PNG files
// by their plain names and a directory name with spaces or quotes needs no quoting anywhere.
#pragma once

#include <sys/types.h>

#include <string>

namespace ccf::sims {

// Whether a `gnuplot` executable is on PATH.
bool gnuplot_installed();

// A gnuplot process started in the background.
struct GnuplotJob {
  pid_t pid = -1;          // -1: not started (error says why)
  std::string log_path;    // its standard error
  std::string error;
};

// Starts `gnuplot SCRIPT` in `dir` with its standard error in dir/LOG, without waiting.
GnuplotJob start_gnuplot(const std::string& dir, const std::string& script, const std::string& log);
// Waits for it: "" when it exited 0, else a message naming the log (or why it could not start).
std::string wait_gnuplot(const GnuplotJob& job);

// start_gnuplot then wait_gnuplot.
std::string run_gnuplot(const std::string& dir, const std::string& script, const std::string& log);

// `text` as a gnuplot single-quoted string: quotes doubled, in quotes.
std::string gnuplot_quoted(const std::string& text);

}  // namespace ccf::sims
