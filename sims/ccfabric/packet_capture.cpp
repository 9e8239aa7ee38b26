// packet_capture.cpp: see packet_capture.hpp.
#include "sims/ccfabric/packet_capture.hpp"

#include <algorithm>
#include <cmath>

namespace ccf::cli {

PacketCapture::PacketCapture(const std::string& path, const std::vector<CapturedLink>& links, bool vlan)
    : writer_(path, "ccfabric run"), links_(links), vlan_(vlan), seq_(links.size(), 0) {
  for (const CapturedLink& l : links_)
    writer_.add_interface({l.name, l.description, static_cast<uint64_t>(std::llround(l.gbps * 1e9)), 4});
}

void PacketCapture::frame_started(unsigned tap_id, const fabric::Frame& f, uint64_t start_ps) {
  pending_.push_back({start_ps, tap_id, seq_[tap_id]++, f});
}

void PacketCapture::flush_before(uint64_t before_ps) {
  std::sort(pending_.begin(), pending_.end(), [](const Pending& a, const Pending& b) {
    if (a.start_ps != b.start_ps) return a.start_ps < b.start_ps;
    return a.tap != b.tap ? a.tap < b.tap : a.seq < b.seq;
  });
  const auto end =
      std::find_if(pending_.begin(), pending_.end(), [&](const Pending& p) { return p.start_ps >= before_ps; });
  for (auto it = pending_.begin(); it != end; ++it) write(*it);
  pending_.erase(pending_.begin(), end);
  writer_.check();
}

void PacketCapture::commit() {
  flush_before(UINT64_MAX);
  writer_.commit();
}

void PacketCapture::write(const Pending& p) {
  fabric::wire::encode(p.frame, links_[p.tap].ends, vlan_, bytes_);
  writer_.write_packet(p.tap, p.start_ps / 1000, bytes_, p.frame.priority);
}

}  // namespace ccf::cli
