// pcap_writer.hpp: a pcapng capture file (PCAP Next Generation, IETF draft-ietf-opsawg-pcapng):
// one Section Header Block (section 4.1), an Interface Description Block per interface (4.2, link
// type Ethernet, timestamps in ns: if_tsresol = 9), an Enhanced Packet Block per packet (4.3), all
// little-endian. Written through OutputFile (NAME.partial, renamed when committed; docs/outputs.md).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "sims/output/output_file.hpp"

namespace ccf::sims {

struct PcapInterface {
  std::string name;          // if_name
  std::string description;   // if_description; none when empty
  uint64_t speed_bps = 0;    // if_speed; none when 0
  uint8_t fcs_bytes = 4;     // if_fcslen: each packet ends with its Ethernet FCS
};

class PcapWriter {
 public:
  // Opens `path` (as path.partial) and writes the section header; `application`: shb_userappl.
  PcapWriter(const std::string& path, std::string_view application);

  // Adds an interface and returns its id (0, 1, ... in order).
  uint32_t add_interface(const PcapInterface& i);
  // One packet of `interface_id`, captured whole, at `time_ns`; `queue` is its epb_queue option.
  void write_packet(uint32_t interface_id, uint64_t time_ns, std::span<const uint8_t> bytes, uint32_t queue);
  // Writes what it holds; throws OutputError if a write has failed so far.
  void check();
  // Writes what it holds, flushes, closes and renames over the final name. Throws OutputError.
  void commit();

  uint64_t packets() const { return packets_; }
  uint64_t file_bytes() const { return file_bytes_; }

 private:
  void begin_block();
  void write_block(uint32_t type);  // block_ holds the body after begin_block; adds type and lengths
  void write_pending();

  OutputFile file_;
  std::string block_;    // the block being built, reused
  std::string pending_;  // blocks not yet handed to the file
  uint32_t interfaces_ = 0;
  uint64_t packets_ = 0;
  uint64_t file_bytes_ = 0;
};

}  // namespace ccf::sims
