// default_sources.cpp: see default_sources.hpp. The sources are those of docs/units/swift.md 4 and
// docs/units/timely.md 6.
#include "scenario/default_sources.hpp"

#include <array>
#include <utility>

namespace ccf::sims {
namespace {

struct Entry {
  const char* algo;
  const char* key;
  const char* source;
};

constexpr std::array kEntries = {
    Entry{"swift", "base_target_us", "htsim's guess (20 us); the Swift paper gives no value"},
    Entry{"swift", "per_hop_us", "htsim: base_target / 6.55"},
    Entry{"swift", "fs_range_us", "htsim: 5 x base_target"},
    Entry{"swift", "endpoint_target_us", "no source (the Swift paper: a fixed constant); base_target's value"},
    Entry{"swift", "endpoint_ewma_gain", "INET's AlphaEWMA 0.7 read as the old sample's weight (unverified)"},
    Entry{"swift", "max_cwnd", "htsim (1000 packets; INET 43)"},
    Entry{"swift", "init_cwnd", "no source (the Swift paper: its value has little effect)"},
    Entry{"swift", "retx_reset_threshold", "htsim (5; INET 12)"},
    Entry{"timely", "min_rate_mbps", "no source (the authors' code: optional); one delta, as the NIC needs a rate > 0"},
    Entry{"timely", "initial_rate_mbps", "no source: line rate (the TIMELY paper starts at C/(N+1))"},
    Entry{"timely", "max_outstanding_bytes", "no source (the authors: a static worst-case limit, no value); no limit"},
};

}  // namespace

std::vector<DefaultSource> default_sources(const Scenario& s) {
  std::vector<DefaultSource> out;
  const auto given = s.cc_params.find(s.nic.cc);
  const auto given_text = s.cc_text.find(s.nic.cc);
  for (const Entry& e : kEntries) {
    if (s.nic.cc != e.algo) continue;
    const bool set = (given != s.cc_params.end() && given->second.count(e.key)) ||
                     (given_text != s.cc_text.end() && given_text->second.count(e.key));
    out.push_back({std::string("cc.") + e.algo + "." + e.key, e.source, set});
  }
  return out;
}

}  // namespace ccf::sims
