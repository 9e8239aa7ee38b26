// vcd_writer.hpp: a value change dump (IEEE 1364-2005 section 18) written as values change, for
// the waveforms the Verilated models do not produce (`run --trace-nic`). Variables are declared
// first, in scopes; start() writes the header; set() records a value and writes it when it differs
// from the last one and its time is inside the window [from_ps, to_ps), whose first set() writes a
// $dumpvars of every variable. Times are ps and must not decrease. Written through OutputFile.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sims/output/output_file.hpp"

namespace ccf::sims {

class VcdWriter {
 public:
  VcdWriter(std::string path, uint64_t from_ps = 0, uint64_t to_ps = UINT64_MAX);

  // Declare a variable before start(); the handle names it in set().
  size_t add_wire(const std::vector<std::string>& scope, const std::string& name, unsigned bits);
  size_t add_real(const std::vector<std::string>& scope, const std::string& name);
  void start(const std::string& comment);
  void set(size_t var, uint64_t time_ps, uint64_t value);
  void set_real(size_t var, uint64_t time_ps, double value);
  // Flush, close and rename into place (OutputFile::commit).
  void commit();
  size_t variables() const { return vars_.size(); }

 private:
  struct Var {
    std::vector<std::string> scope;
    std::string name, code;
    unsigned bits = 0;  // 0: real
    uint64_t value = 0;
    double real = 0.0;
    bool known = false;
  };
  std::string value_text(const Var& v) const;
  // Writes v's new value at time_ps when it changed and the time is in the window; the window's
  // first set() writes the dump of every value instead, changed or not.
  void record(const Var& v, uint64_t time_ps, bool changed);
  // Writes "#t" (and the $dumpvars at the window's first time) before a change at time_ps; false when
  // time_ps is outside the window.
  bool at(uint64_t time_ps);

  OutputFile out_;
  uint64_t from_ps_, to_ps_;
  std::vector<Var> vars_;
  bool started_ = false, dumped_ = false;
  uint64_t time_ps_ = UINT64_MAX;
};

}  // namespace ccf::sims
