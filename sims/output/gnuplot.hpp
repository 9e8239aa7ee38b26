// gnuplot.hpp: runs gnuplot on a script that an output writer put in its output directory. gnuplot
// runs inside that directory, started without a shell, so the scripts name their data and PNG files
// by their plain names and a directory name with spaces or quotes needs no quoting anywhere.
#pragma once

#include <string>

namespace ccf::sims {

// Whether a `gnuplot` executable is on PATH.
bool gnuplot_installed();

// Runs `gnuplot SCRIPT` in `dir` with its standard error in dir/LOG. "" when it exits 0, else a
// message naming the log (or why gnuplot could not be started).
std::string run_gnuplot(const std::string& dir, const std::string& script, const std::string& log);

}  // namespace ccf::sims
