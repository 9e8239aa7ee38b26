// csim_vectors.hpp: the vector files of the HLS C simulation testbenches (docs/hls.md 3). Testbench
// code only (std::string, streams): the synthesis tops never include it.
//
// A vector file is text, one record per line, '#' starts a comment:
//   params <preset> <n1> <n2> ...     configuration registers for the records that follow (the
//                                     testbench builds them from the preset and the numbers) and a
//                                     cleared state memory
//   <event> <flow> <in1> <in2> ... : <exp1> <exp2> ...
//                                     one kernel pass: the event, its flow and inputs, then the
//                                     words the SystemC unit had after the pass (state fields in
//                                     the order of the kernel's state table, then its outputs)
// The SystemC units write these lines when a vector log is attached (CcUnit::set_vector_log).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ccf::hls::csim {

struct Record {
  unsigned line = 0;
  std::string word;             // "params" or the event name
  std::string preset;           // params only
  std::vector<uint64_t> in;     // params: the numbers; event: flow, then inputs
  std::vector<uint64_t> expect; // event only
};

// Formats one event record.
inline std::string event_line(const char* event, const std::vector<uint64_t>& in, const std::vector<uint64_t>& expect) {
  std::string s = event;
  for (uint64_t v : in) s.append(1, ' ').append(std::to_string(v));
  s += " :";
  for (uint64_t v : expect) s.append(1, ' ').append(std::to_string(v));
  return s;
}

// Reads a vector file; on a malformed line prints "FILE:LINE: what" and returns false.
inline bool read_vectors(const std::string& path, std::vector<Record>& out) {
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "%s: cannot open the vector file\n", path.c_str());
    return false;
  }
  std::string text;
  unsigned n = 0;
  while (std::getline(f, text)) {
    ++n;
    if (const auto hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    std::istringstream ss(text);
    Record r;
    r.line = n;
    if (!(ss >> r.word)) continue;
    if (r.word == "params" && !(ss >> r.preset)) {
      std::fprintf(stderr, "%s:%u: params needs a preset name\n", path.c_str(), n);
      return false;
    }
    bool after_colon = false;
    std::string tok;
    while (ss >> tok) {
      if (tok == ":") {
        after_colon = true;
        continue;
      }
      char* end = nullptr;
      const uint64_t v = std::strtoull(tok.c_str(), &end, 10);
      if (*end != '\0' || tok[0] == '-') {
        std::fprintf(stderr, "%s:%u: '%s' is not an unsigned integer\n", path.c_str(), n, tok.c_str());
        return false;
      }
      (after_colon ? r.expect : r.in).push_back(v);
    }
    if (r.word != "params" && (!after_colon || r.in.empty())) {
      std::fprintf(stderr, "%s:%u: an event line is '<event> <flow> <inputs...> : <expected words...>'\n",
                   path.c_str(), n);
      return false;
    }
    out.push_back(std::move(r));
  }
  return true;
}

// The widths (and divider form) a vector file was recorded at must be the ones the top was built
// for (compile-time constants of the top, docs/hls.md 2). Prints what to rebuild with otherwise.
inline bool built_for(const char* tb, bool same, const std::vector<uint64_t>& recorded, const std::vector<uint64_t>& built,
                      const char* macro) {
  if (same) return true;
  auto list = [](const std::vector<uint64_t>& v) {
    std::string s;
    for (uint64_t x : v) {
      if (!s.empty()) s += ',';
      s += std::to_string(x);
    }
    return s;
  };
  std::fprintf(stderr, "%s: the vectors were recorded at widths {%s}, the top is built for {%s}: rebuild with -D%s=\"{%s}\"\n",
               tb, list(recorded).c_str(), list(built).c_str(), macro, list(recorded).c_str());
  return false;
}

// Compares and reports; returns true when equal.
inline bool check(const std::string& path, const Record& r, const std::vector<uint64_t>& got) {
  if (got == r.expect) return true;
  std::string e, g;
  for (uint64_t v : r.expect) e.append(1, ' ').append(std::to_string(v));
  for (uint64_t v : got) g.append(1, ' ').append(std::to_string(v));
  std::fprintf(stderr, "%s:%u: %s flow %llu: SystemC unit had%s, the synthesis top has%s\n", path.c_str(), r.line,
               r.word.c_str(), static_cast<unsigned long long>(r.in[0]), e.c_str(), g.c_str());
  return false;
}

// The main() of a C simulation testbench: replays argv[1] through the top. on_params(preset,
// numbers) loads registers and clears the state memory (false: bad record); on_event(kind, inputs)
// runs one pass and returns the words to compare (kind indexes event_names). Prints the passes per
// event and returns the exit status: 0 only if every pass matched and there was at least one.
template <class OnParams, class OnEvent, size_t N>
int run_testbench(const char* tb, int argc, char** argv, const std::array<const char*, N>& event_names,
                  OnParams on_params, OnEvent on_event) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s VECTOR_FILE\n", tb);
    return 2;
  }
  const std::string path = argv[1];
  std::vector<Record> recs;
  if (!read_vectors(path, recs)) return 2;
  std::array<uint64_t, N> passes{};
  uint64_t total = 0, bad = 0;
  bool have_params = false;
  for (const Record& r : recs) {
    if (r.word == "params") {
      if (!on_params(r.preset, r.in)) {
        std::fprintf(stderr, "%s:%u: params %s: bad register values\n", path.c_str(), r.line, r.preset.c_str());
        return 2;
      }
      have_params = true;
      continue;
    }
    size_t kind = N;
    for (size_t k = 0; k < N; ++k)
      if (r.word == event_names[k]) kind = k;
    if (kind == N || !have_params) {
      std::fprintf(stderr, "%s:%u: '%s' %s\n", path.c_str(), r.line, r.word.c_str(),
                   kind == N ? "is not an event of this unit" : "comes before any params line");
      return 2;
    }
    ++passes[kind];
    ++total;
    if (!check(path, r, on_event(kind, r.in)) && ++bad >= 10) break;
  }
  std::printf("%s: %s: %llu passes (", tb, path.c_str(), static_cast<unsigned long long>(total));
  for (size_t k = 0; k < N; ++k)
    std::printf("%s%s %llu", k ? ", " : "", event_names[k], static_cast<unsigned long long>(passes[k]));
  std::printf("), %llu mismatches\n", static_cast<unsigned long long>(bad));
  return bad == 0 && total > 0 ? 0 : 1;
}

}  // namespace ccf::hls::csim
