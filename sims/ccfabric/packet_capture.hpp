// packet_capture.hpp: `ccfabric run --pcap` (docs/outputs.md 5). Taps link directions, keeps the
// frames they start until no earlier frame can start any more, then writes them in time order as
// pcapng packets (sims/output/pcap_writer.hpp) with the bytes fabric::wire::encode gives them, one
// interface per link direction, stamped with the time the frame starts on the wire.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc/fabric/frame.hpp"
#include "sc/fabric/frame_encoder.hpp"
#include "sc/fabric/frame_tap.hpp"
#include "sims/output/pcap_writer.hpp"

namespace ccf::cli {

// One captured link direction: a pcapng interface.
struct CapturedLink {
  std::string name;          // "host3->switch0:3" (docs/outputs.md 5.1)
  std::string description;
  fabric::wire::LinkEnds ends;
  double gbps = 0;
};

class PacketCapture : public fabric::FrameTap {
 public:
  // Opens `path` and describes the interfaces, tap id i = links[i]. `vlan`: RoCE frames carry an
  // 802.1Q tag (fabric::wire::encode). Throws sims::OutputError.
  PacketCapture(const std::string& path, const std::vector<CapturedLink>& links, bool vlan);

  void frame_started(unsigned tap_id, const fabric::Frame& f, uint64_t start_ps) override;
  // Writes the frames that started before `before_ps`, in time order (ties by interface). Call it
  // when no frame can start before `before_ps` any more: when the simulated time has reached it.
  // Throws sims::OutputError when a write failed.
  void flush_before(uint64_t before_ps);
  // Writes the rest and commits the file. Throws sims::OutputError.
  void commit();

  uint64_t packets() const { return writer_.packets(); }
  uint64_t file_bytes() const { return writer_.file_bytes(); }
  size_t interfaces() const { return links_.size(); }

 private:
  struct Pending {
    uint64_t start_ps;
    unsigned tap;
    uint64_t seq;  // per tap: a tap's frames start in order, so (start_ps, tap, seq) orders all
    fabric::Frame frame;
  };
  void write(const Pending& p);

  sims::PcapWriter writer_;
  std::vector<CapturedLink> links_;
  bool vlan_;
  std::vector<uint64_t> seq_;
  std::vector<Pending> pending_;
  std::vector<uint8_t> bytes_;  // the frame being written, reused
};

}  // namespace ccf::cli
