// pcap_links.hpp: the links `ccfabric run --pcap LINKS` captures (docs/outputs.md 5.1). LINKS is
// `all-host-links`, `all-links`, or a comma-separated list of them and of link names: `hostH` (the
// link of host H) or `SWITCH:PORT` (the link on that port of the switch, named as ports.csv names
// them). Each link is captured in both directions, as the interfaces "A->B" and "B->A", where an end
// is `hostH` or `SWITCH:PORT`.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sc/fabric/topology.hpp"
#include "sims/ccfabric/packet_capture.hpp"

namespace ccf::cli {

// One direction of a captured link: topology link `link`, from its end a to b or from b to a.
struct PcapDirection {
  size_t link = 0;
  bool a_to_b = true;
  CapturedLink captured;
};

// The directions `spec` selects, by ascending link, a to b first; a link named twice is captured
// once. Throws BadInput naming the value and what is allowed.
std::vector<PcapDirection> pcap_directions(const std::string& spec, const fabric::Topology& topo,
                                           const std::vector<std::string>& switch_names);

}  // namespace ccf::cli
