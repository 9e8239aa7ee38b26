// frame_exchange.hpp: at the end of each window of a split run (docs/fabric.md 10), the frames on
// the links between ranks move from the sender's rank to the receiver's: the sender's copy of the
// link hands them over (Link::hand_over_in_flight), the receiver's copy puts them on its wire
// (Link::put_in_flight) to arrive when they would have.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sc/fabric/link.hpp"
#include "sc/fabric/topology.hpp"
#include "sims/parallel/partition.hpp"
#include "sims/parallel/rank_comm.hpp"

namespace ccf::parallel {

class FrameExchange {
 public:
  // link_dirs[li]: the a-to-b and b-to-a Link of topology link li on this rank.
  FrameExchange(RankComm& comm, const Partition& p, const fabric::Topology& topo,
                const std::vector<std::array<fabric::Link*, 2>>& link_dirs);
  // Collective: sends this rank's frames on cut links to their receivers' ranks and puts theirs here.
  void exchange();
  uint64_t frames_sent() const { return frames_sent_; }
  uint64_t exchanges() const { return exchanges_; }

 private:
  struct Outgoing {
    uint32_t link;
    uint8_t dir;
    unsigned to_rank;
  };
  RankComm& comm_;
  const std::vector<std::array<fabric::Link*, 2>>& link_dirs_;
  std::vector<Outgoing> outgoing_;  // the cut link directions this rank sends on
  uint64_t frames_sent_ = 0, exchanges_ = 0;
};

}  // namespace ccf::parallel
