// vcd_writer.cpp: see vcd_writer.hpp.
#include "sims/output/vcd_writer.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace ccf::sims {
namespace {

// Identifier codes: printable ASCII '!'..'~' in base 94 (section 18.2.1).
std::string code_of(size_t i) {
  std::string c;
  do {
    c += static_cast<char>('!' + i % 94);
    i /= 94;
  } while (i > 0);
  return c;
}

}  // namespace

VcdWriter::VcdWriter(std::string path, uint64_t from_ps, uint64_t to_ps)
    : out_(std::move(path)), from_ps_(from_ps), to_ps_(to_ps) {}

size_t VcdWriter::add_wire(const std::vector<std::string>& scope, const std::string& name, unsigned bits) {
  vars_.push_back({scope, name, code_of(vars_.size()), bits});
  return vars_.size() - 1;
}

size_t VcdWriter::add_real(const std::vector<std::string>& scope, const std::string& name) {
  return add_wire(scope, name, 0);
}

void VcdWriter::start(const std::string& comment) {
  out_ << "$comment " << comment << " $end\n$timescale 1ps $end\n";
  // Variables grouped by scope, scopes nested (section 18.2.3.5).
  std::vector<size_t> order(vars_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return vars_[a].scope < vars_[b].scope; });
  std::vector<std::string> open;
  for (size_t i : order) {
    const Var& v = vars_[i];
    size_t common = 0;
    while (common < open.size() && common < v.scope.size() && open[common] == v.scope[common]) ++common;
    for (size_t k = open.size(); k > common; --k) out_ << "$upscope $end\n";
    open.resize(common);
    for (size_t k = common; k < v.scope.size(); ++k) {
      out_ << "$scope module " << v.scope[k] << " $end\n";
      open.push_back(v.scope[k]);
    }
    if (v.bits == 0) out_ << fmt::format("$var real 64 {} {} $end\n", v.code, v.name);
    else if (v.bits == 1) out_ << fmt::format("$var wire 1 {} {} $end\n", v.code, v.name);
    else out_ << fmt::format("$var wire {} {} {} [{}:0] $end\n", v.bits, v.code, v.name, v.bits - 1);
  }
  for (size_t k = open.size(); k > 0; --k) out_ << "$upscope $end\n";
  out_ << "$enddefinitions $end\n";
  started_ = true;
}

std::string VcdWriter::value_text(const Var& v) const {
  if (v.bits == 0) return fmt::format("r{:.17g} {}\n", v.real, v.code);
  if (v.bits == 1) return fmt::format("{}{}\n", v.value & 1, v.code);
  return fmt::format("b{:b} {}\n", v.value, v.code);
}

bool VcdWriter::at(uint64_t time_ps) {
  if (!started_ || time_ps < from_ps_ || time_ps >= to_ps_) return false;
  if (time_ps != time_ps_) {
    out_ << fmt::format("#{}\n", time_ps);
    time_ps_ = time_ps;
  }
  if (!dumped_) {
    dumped_ = true;
    out_ << "$dumpvars\n";
    for (const Var& v : vars_)
      if (v.known) out_ << value_text(v);
    out_ << "$end\n";
  }
  return true;
}

void VcdWriter::set(size_t var, uint64_t time_ps, uint64_t value) {
  Var& v = vars_[var];
  const bool changed = !v.known || v.value != value;
  v.value = value;
  v.known = true;
  record(v, time_ps, changed);
}

void VcdWriter::set_real(size_t var, uint64_t time_ps, double value) {
  Var& v = vars_[var];
  const bool changed = !v.known || v.real != value;
  v.real = value;
  v.known = true;
  record(v, time_ps, changed);
}

void VcdWriter::record(const Var& v, uint64_t time_ps, bool changed) {
  if (dumped_ && !changed) return;
  const bool first = !dumped_;  // the dump at the window's first time holds v already
  if (at(time_ps) && !first) out_ << value_text(v);
}

void VcdWriter::commit() { out_.commit(); }

}  // namespace ccf::sims
