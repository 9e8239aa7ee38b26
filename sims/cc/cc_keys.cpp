// cc_keys.cpp: see cc_keys.hpp.
#include "sims/cc/cc_keys.hpp"

#include <cmath>

namespace ccf::cc {

std::string unknown_key_message(const std::string& algo, const std::string& name, const std::vector<std::string>& known) {
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return fmt::format("unknown key 'cc.{}.{}' (known: {})", algo, name, list);
}

void check_value(const std::string& algo, const std::string& name, double v, bool flag, bool given_as_bool, double lo,
                 double hi, bool integer, const char* rule) {
  if (flag && !given_as_bool)
    throw BadInput(fmt::format("cc.{}.{} = {} must be true or false{}", algo, name, v,
                               std::string(rule) == "true or false" ? "" : std::string(": ") + rule));
  if (!flag && given_as_bool) throw BadInput(fmt::format("cc.{}.{} = {} must be a number, {}", algo, name, v != 0, rule));
  if (!(v >= lo && v <= hi) || (integer && v != std::floor(v)))
    throw BadInput(fmt::format("cc.{}.{} = {} must be {}", algo, name, v, rule));
}

void apply_text(const sims::Scenario& s, const std::string& algo, const std::string& allowed,
                const std::function<bool(const std::string&, const std::string&)>& read) {
  const auto it = s.cc_text.find(algo);
  if (it == s.cc_text.end()) return;
  for (const auto& [name, v] : it->second)
    if (!read(name, v))
      throw BadInput(fmt::format("cc.{}.{} = \"{}\": {}", algo, name, v,
                                 allowed.empty() ? fmt::format("[cc.{}] has no text key", algo)
                                                 : "a text value is allowed only for " + allowed));
}

void read_divider(const std::string& algo, const std::string& value, hls::Divider& d) {
  if (!hls::divider_from(value, d))
    throw BadInput(fmt::format("cc.{}.divider = \"{}\" must be one of \"recip_table\", \"recip_rom\", \"shift\", "
                               "\"exact\"", algo, value));
}

const double* given_value(const sims::Scenario& s, const std::string& algo, const std::string& key) {
  const auto a = s.cc_params.find(algo);
  if (a == s.cc_params.end()) return nullptr;
  const auto k = a->second.find(key);
  return k == a->second.end() ? nullptr : &k->second;
}

void require_ack_per_frame(const std::string& algo, unsigned ack_every) {
  if (ack_every != 1)
    throw BadInput(fmt::format("nic.ack_every = {} must be 1 with nic.cc = \"{}\" (a held ACK reads as network delay)",
                               ack_every, algo));
}

uint32_t us_to_ns(double us) { return static_cast<uint32_t>(std::llround(us * 1000.0)); }

// A value > 0 that rounds to 0 ns would be read as 0 (the paper window mode rejects it, the min-time
// mode sends a CNP per marked packet), so it is an error.
uint32_t cnp_interval_ns(const char* algo, double us) {
  const uint32_t ns = us_to_ns(us);
  if (us > 0 && ns == 0)
    throw BadInput(
        fmt::format("cc.{}.cnp_interval_us = {} must be 0 or at least 0.001 (us; the interval is held in "
                    "whole ns and this value rounds to 0 ns)",
                    algo, us));
  return ns;
}

}  // namespace ccf::cc
