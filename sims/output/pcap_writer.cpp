// pcap_writer.cpp: see pcap_writer.hpp.
#include "sims/output/pcap_writer.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace ccf::sims {

namespace {

// Block types (pcapng draft sections 4.1 to 4.3).
constexpr uint32_t kSectionHeaderBlock = 0x0A0D0D0A;
constexpr uint32_t kInterfaceDescriptionBlock = 0x00000001;
constexpr uint32_t kEnhancedPacketBlock = 0x00000006;
constexpr uint32_t kByteOrderMagic = 0x1A2B3C4D;
constexpr uint16_t kLinkTypeEthernet = 1;  // LINKTYPE_ETHERNET
// Option codes (section 3.5: opt_endofopt; 4.1: shb_userappl; 4.2: if_*; 4.3: epb_queue).
constexpr uint16_t kOptEndOfOpt = 0;
constexpr uint16_t kShbUserAppl = 4;
constexpr uint16_t kIfName = 2;
constexpr uint16_t kIfDescription = 3;
constexpr uint16_t kIfSpeed = 8;
constexpr uint16_t kIfTsResol = 9;
constexpr uint16_t kIfFcsLen = 13;
constexpr uint16_t kEpbQueue = 6;
constexpr uint8_t kNanoseconds = 9;  // if_tsresol: 10^-9 s
// Blocks are gathered and written this many bytes at a time: one system call per about 900 frames.
constexpr size_t kWriteBytes = size_t{1} << 20;

void put_le(std::string& b, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) b.push_back(static_cast<char>(v >> (8 * i)));
}

void pad32(std::string& b) {
  while (b.size() % 4 != 0) b.push_back('\0');
}

// An option: code, length, value padded to 32 bits (section 3.5).
void put_option(std::string& b, uint16_t code, std::string_view value) {
  put_le(b, code, 2);
  put_le(b, value.size(), 2);
  b.append(value);
  pad32(b);
}

void put_option(std::string& b, uint16_t code, uint64_t value, int bytes) {
  std::string v;
  put_le(v, value, bytes);
  put_option(b, code, v);
}

void end_options(std::string& b) { put_le(b, kOptEndOfOpt, 4); }  // opt_endofopt, length 0

}  // namespace

PcapWriter::PcapWriter(const std::string& path, std::string_view application) : file_(path) {
  begin_block();
  put_le(block_, kByteOrderMagic, 4);
  put_le(block_, 1, 2);                 // major version
  put_le(block_, 0, 2);                 // minor version
  put_le(block_, UINT64_MAX, 8);        // section length: not given
  put_option(block_, kShbUserAppl, application);
  end_options(block_);
  write_block(kSectionHeaderBlock);
}

uint32_t PcapWriter::add_interface(const PcapInterface& i) {
  begin_block();
  put_le(block_, kLinkTypeEthernet, 2);
  put_le(block_, 0, 2);  // reserved
  put_le(block_, 0, 4);  // snap length: none
  put_option(block_, kIfName, i.name);
  if (!i.description.empty()) put_option(block_, kIfDescription, i.description);
  if (i.speed_bps != 0) put_option(block_, kIfSpeed, i.speed_bps, 8);
  put_option(block_, kIfTsResol, kNanoseconds, 1);
  put_option(block_, kIfFcsLen, i.fcs_bytes, 1);
  end_options(block_);
  write_block(kInterfaceDescriptionBlock);
  return interfaces_++;
}

void PcapWriter::write_packet(uint32_t interface_id, uint64_t time_ns, std::span<const uint8_t> bytes,
                              uint32_t queue) {
  if (interface_id >= interfaces_)
    throw std::logic_error(fmt::format("pcapng: packet on interface {}, but {} were added", interface_id, interfaces_));
  begin_block();
  put_le(block_, interface_id, 4);
  put_le(block_, time_ns >> 32, 4);
  put_le(block_, time_ns & 0xFFFFFFFFu, 4);
  put_le(block_, bytes.size(), 4);  // captured length
  put_le(block_, bytes.size(), 4);  // original length
  block_.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  pad32(block_);
  put_option(block_, kEpbQueue, queue, 4);
  end_options(block_);
  write_block(kEnhancedPacketBlock);
  ++packets_;
}

void PcapWriter::begin_block() { block_.assign(8, '\0'); }  // type and length, filled in by write_block

void PcapWriter::write_block(uint32_t type) {
  // Type, total length, body, total length again (section 3.1).
  const uint64_t total = block_.size() + 4;
  std::string head;
  put_le(head, type, 4);
  put_le(head, total, 4);
  block_.replace(0, 8, head);
  put_le(block_, total, 4);
  pending_ += block_;
  file_bytes_ += total;
  if (pending_.size() >= kWriteBytes) write_pending();
}

void PcapWriter::write_pending() {
  file_.stream().write(pending_.data(), static_cast<std::streamsize>(pending_.size()));
  pending_.clear();
}

void PcapWriter::check() {
  write_pending();
  file_.check();
}

void PcapWriter::commit() {
  write_pending();
  file_.commit();
}

}  // namespace ccf::sims
