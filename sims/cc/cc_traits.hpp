// cc_traits.hpp: what the scenario loader needs of an algorithm before the registry loads it: the
// retransmission timer of its transport when nic.rto_mode = "auto". An algorithm whose transport
// estimates the timeout from RTT samples says so in sims/cc/<name>/<name>_traits.hpp (header-only,
// since the scenario loader sits below the registry); without one it has a RoCE QP's Local ACK
// Timeout (docs/nic.md 4.2). sims/generated/cc_list.hpp dispatches to them.
#pragma once

#include <map>
#include <string>

namespace ccf::cc {

// The text keys of the algorithm's [cc.<name>] table (sims::Scenario::cc_text).
using TextKeys = std::map<std::string, std::string>;

}  // namespace ccf::cc
