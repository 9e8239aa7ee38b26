// cc_registry.cpp: lookups in the registry; the list itself (algorithms()) is generated from
// CCF_CC_ALGORITHMS at configure time (sims/CMakeLists.txt, generated/cc_registry_list.cpp).
#include "sims/cc/cc_algorithm.hpp"

namespace ccf::cc {

const CcAlgorithm* find_algorithm(const std::string& name) {
  for (const CcAlgorithm* a : algorithms())
    if (a->name() == name) return a;
  return nullptr;
}

std::string algorithm_list() {
  std::string s;
  for (const CcAlgorithm* a : algorithms()) s += (s.empty() ? "" : ", ") + a->name();
  return s;
}

std::vector<DefaultSource> default_sources(const sims::Scenario& s) {
  std::vector<DefaultSource> out;
  const CcAlgorithm* a = find_algorithm(s.nic.cc);
  if (!a) return out;
  const auto given = s.cc_params.find(s.nic.cc);
  const auto given_text = s.cc_text.find(s.nic.cc);
  for (const UnsourcedDefault& d : a->unsourced_defaults()) {
    const bool set = (given != s.cc_params.end() && given->second.count(d.key)) ||
                     (given_text != s.cc_text.end() && given_text->second.count(d.key));
    out.push_back({"cc." + s.nic.cc + "." + d.key, d.source, set});
  }
  return out;
}

}  // namespace ccf::cc
