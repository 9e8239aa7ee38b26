// frame_tap.hpp: an observer of the frames a link starts on its wire, such as a packet capture
// (`ccfabric run --pcap`, docs/outputs.md 5). A link without a tap pays one pointer test per frame.
#pragma once

#include <cstdint>

#include "sc/fabric/frame.hpp"

namespace ccf::fabric {

class FrameTap {
 public:
  virtual ~FrameTap() = default;
  // Frame `f` starts on the wire of the link tapped as `tap_id` at `start_ps`: the whole ps at or
  // before the frame's exact first bit. Called from the link's own start of the frame; it must not
  // change the simulation.
  virtual void frame_started(unsigned tap_id, const Frame& f, uint64_t start_ps) = 0;
};

}  // namespace ccf::fabric
