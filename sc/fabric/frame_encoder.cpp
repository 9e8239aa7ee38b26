// frame_encoder.cpp: see frame_encoder.hpp.
#include "sc/fabric/frame_encoder.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "sc/fabric/roce_format.hpp"

namespace ccf::fabric::wire {

namespace {

// CRC-32 tables for eight bytes a step ("slicing by 8"): kCrc[0] is the byte-wise table of the
// reflected polynomial 0xEDB88320 (IEEE 802.3 clause 3.2.9), kCrc[k] a byte followed by k zero bytes.
using CrcTables = std::array<std::array<uint32_t, 256>, 8>;
constexpr CrcTables make_crc_tables() {
  CrcTables t{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t c = b;
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    t[0][b] = c;
  }
  for (size_t k = 1; k < 8; ++k)
    for (uint32_t b = 0; b < 256; ++b) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFFu];
  return t;
}
constexpr CrcTables kCrc = make_crc_tables();

// a(x) b(x) modulo the CRC-32 polynomial, bit-reflected as the tables (the lowest power in the MSB).
constexpr uint32_t multmodp(uint32_t a, uint32_t b) {
  uint32_t product = 0;
  for (uint32_t m = 1u << 31; m != 0 && a != 0; m >>= 1) {
    if (a & m) {
      product ^= b;
      a &= ~m;
    }
    b = (b & 1u) ? (b >> 1) ^ 0xEDB88320u : b >> 1;
  }
  return product;
}
// kX2n[k] = x^(2^k) modulo the polynomial: appending n zero bytes multiplies the CRC register by
// x^(8n), the product of kX2n[k + 3] over the bits k set in n.
using X2nTable = std::array<uint32_t, 64>;
constexpr X2nTable make_x2n_table() {
  X2nTable t{};
  t[0] = 1u << 30;  // x^1
  for (size_t k = 1; k < t.size(); ++k) t[k] = multmodp(t[k - 1], t[k - 1]);
  return t;
}
constexpr X2nTable kX2n = make_x2n_table();

// Zero bytes inside a frame (the payload), which the CRCs pass over without reading them.
struct ZeroRun {
  size_t at = 0;
  size_t bytes = 0;
};

void put16(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 8);
  p[1] = static_cast<uint8_t>(v);
}
void put24(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 16);
  put16(p + 1, v);
}
void put32(uint8_t* p, uint32_t v) {
  put16(p, v >> 16);
  put16(p + 2, v);
}
void put64(uint8_t* p, uint64_t v) {
  put32(p, static_cast<uint32_t>(v >> 32));
  put32(p + 4, static_cast<uint32_t>(v));
}
// A CRC-32 as the FCS and the ICRC carry it: least significant byte first.
void put_crc(uint8_t* p, uint32_t crc) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(crc >> (8 * i));
}

// Ethernet II header (IEEE 802.3 clause 3.2): destination, source, EtherType. Returns its length.
size_t put_ethernet(uint8_t* p, const MacAddress& dst, const MacAddress& src, uint16_t ether_type) {
  std::memcpy(p, dst.data(), dst.size());
  std::memcpy(p + 6, src.data(), src.size());
  put16(p + 12, ether_type);
  return roce::kEthHeaderBytes;
}

// RFC 791 section 3.1 header checksum, computed as RFC 1071 section 4.1 does.
uint16_t ipv4_checksum(const uint8_t* h) {
  uint32_t sum = 0;
  for (size_t i = 0; i < roce::kIpv4HeaderBytes; i += 2) sum += uint32_t{h[i]} << 8 | h[i + 1];
  while (sum >> 16) sum = (sum & 0xFFFFu) + (sum >> 16);
  return static_cast<uint16_t>(~sum);
}

// Bytes of the IB transport header that follows the BTH, per kind (roce_format.hpp).
uint32_t extension_bytes(FrameKind k) {
  switch (k) {
    case FrameKind::kAck:
    case FrameKind::kNack: return roce::kAethBytes;
    case FrameKind::kCnp: return roce::kCnpReservedBytes;
    case FrameKind::kRttProbe: return roce::kRttProbeBodyBytes;
    default: return 0;
  }
}

uint8_t bth_opcode(const Frame& f) {
  switch (f.kind) {
    case FrameKind::kAck:
    case FrameKind::kNack: return kOpRcAcknowledge;
    case FrameKind::kCnp: return kOpCnp;
    case FrameKind::kRttProbe: return f.rtt_response ? kOpRttResponse : kOpRttRequest;
    default: return kOpRcRdmaWriteMiddle;
  }
}

// RoCEv2 (Annex A17): Ethernet, IPv4, UDP to port 4791, BTH, extension, zero payload, ICRC, in
// len_bytes less the FCS (any padding to the minimum frame follows the ICRC). Returns the payload.
ZeroRun put_roce(const Frame& f, const LinkEnds& ends, bool vlan, uint8_t* p) {
  const uint32_t n = f.len_bytes;
  const uint32_t ext = extension_bytes(f.kind);
  const uint32_t headers = roce::l2_l4_bytes(vlan) + roce::kBthBytes + ext + roce::kIcrcBytes + roce::kFcsBytes;
  if (n < headers)
    throw std::invalid_argument(fmt::format("frame {} ({}): len_bytes = {} cannot hold its {} bytes of headers{}",
                                            f.id, to_string(f.kind), f.len_bytes, headers,
                                            vlan ? " with an 802.1Q tag" : ""));
  size_t o = 0;
  if (vlan) {  // IEEE 802.1Q section 9.6: TPID, then PCP, DEI 0 and VID 0 (a priority-tagged frame)
    o = put_ethernet(p, ends.rx, ends.tx, kEtherTypeVlan);
    put16(p + o, uint32_t{f.priority} << 13);
    put16(p + o + 2, kEtherTypeIpv4);
    o += roce::kVlanTagBytes;
  } else {
    o = put_ethernet(p, ends.rx, ends.tx, kEtherTypeIpv4);
  }
  uint8_t* ip = p + o;  // RFC 791 section 3.1; the ToS byte is DSCP and ECN (RFC 2474, RFC 3168 section 5)
  const uint32_t ip_bytes = n - roce::kFcsBytes - static_cast<uint32_t>(o);
  ip[0] = 0x45;  // version 4, 5 words
  ip[1] = static_cast<uint8_t>(f.dscp << 2 | static_cast<uint8_t>(f.ecn));
  put16(ip + 2, ip_bytes);
  put16(ip + 6, 0x4000);  // DF; identification 0, as RFC 6864 section 4.1 allows for atomic datagrams
  ip[8] = f.ttl;
  ip[9] = kIpProtoUdp;
  put32(ip + 12, host_ipv4(f.src_host));
  put32(ip + 16, host_ipv4(f.dst_host));
  put16(ip + 10, ipv4_checksum(ip));
  uint8_t* udp = ip + roce::kIpv4HeaderBytes;  // RFC 768; checksum 0, as RoCEv2 sends it
  const uint32_t qpn = flow_qpn(f.flow_id);
  put16(udp, kUdpSourcePortBase | (qpn & 0x3FFFu));
  put16(udp + 2, roce::kRoceUdpPort);
  put16(udp + 4, ip_bytes - roce::kIpv4HeaderBytes);
  uint8_t* bth = udp + roce::kUdpHeaderBytes;  // IBA 9.2: SE, M, PadCnt, TVer and A all 0
  const bool cnp = f.kind == FrameKind::kCnp;
  bth[0] = bth_opcode(f);
  put16(bth + 2, kDefaultPKey);
  bth[4] = cnp ? kBthBecn : 0;
  put24(bth + 5, qpn);
  put24(bth + 9, cnp ? 0 : f.psn & kPsnMask);  // a CNP's PSN is reserved (Annex A17.9.3)
  uint8_t* xh = bth + roce::kBthBytes;
  if (f.kind == FrameKind::kAck || f.kind == FrameKind::kNack) {  // IBA 9.3.5: syndrome, MSN 0
    xh[0] = f.kind == FrameKind::kAck ? kAethAck : kAethNakPsnSequenceError;
  } else if (f.kind == FrameKind::kRttProbe) {  // the request's send time in ps; the responder stamps none
    put64(xh, f.rtt_request_sent_ps);
  }
  // ICRC (IBA 7.8, over RoCEv2 Annex A17's headers): the CRC-32 of 8 bytes of ones in place of the
  // LRH, the IP and UDP headers and the BTH with their variant fields (ToS, TTL, IP checksum, UDP
  // checksum, BTH byte 4) set to ones, then the rest of the IB packet.
  uint8_t masked[8 + roce::kIpv4HeaderBytes + roce::kUdpHeaderBytes + roce::kBthBytes];
  std::memset(masked, 0xFF, 8);
  std::memcpy(masked + 8, ip, sizeof masked - 8);
  uint8_t* m = masked + 8;
  m[1] = m[8] = m[10] = m[11] = 0xFF;
  m[roce::kIpv4HeaderBytes + 6] = m[roce::kIpv4HeaderBytes + 7] = 0xFF;
  m[roce::kIpv4HeaderBytes + roce::kUdpHeaderBytes + 4] = 0xFF;
  uint8_t* payload = xh + ext;
  uint8_t* icrc = p + n - roce::kFcsBytes - roce::kIcrcBytes;
  const auto payload_bytes = static_cast<size_t>(icrc - payload);
  put_crc(icrc, crc32_zeros(crc32(xh, ext, crc32(masked, sizeof masked)), payload_bytes));
  return {static_cast<size_t>(payload - p), payload_bytes};
}

// PFC (IEEE 802.3 Annex 31D, IEEE 802.1Qbb): a MAC control frame to 01:80:C2:00:00:01, opcode
// 0x0101, the priority-enable vector (its low byte), eight pause times in quanta, zero padding.
void put_pfc(const Frame& f, const LinkEnds& ends, uint8_t* p) {
  size_t o = put_ethernet(p, kPfcDestination, ends.tx, kEtherTypeMacControl);
  put16(p + o, kPfcOpcode);
  put16(p + o + 2, f.pfc_class_enable);
  o += 4;
  for (unsigned c = 0; c < kNumPriorities; ++c, o += 2)
    put16(p + o, (f.pfc_class_enable >> c) & 1u ? f.pfc_pause_quanta[c] : 0);
}

// RCM congestion notification (docs/switch.md 2.11.7): class, degree, ID count, a reserved byte,
// then the 16-bit flow IDs.
void put_rcm_cn(const Frame& f, const LinkEnds& ends, uint8_t* p, uint32_t n) {
  const unsigned ids = std::min<unsigned>(f.rcm_id_count, Frame::kRcmMaxIds);
  if (n < roce::rcm_cn_frame_bytes(ids))
    throw std::invalid_argument(fmt::format("frame {} (rcm_cn): len_bytes = {} cannot hold {} flow IDs", f.id,
                                            f.len_bytes, ids));
  size_t o = put_ethernet(p, ends.rx, ends.tx, kEtherTypeRcmCn);
  p[o] = f.rcm_class;
  p[o + 1] = f.rcm_degree;
  p[o + 2] = static_cast<uint8_t>(ids);
  o += 4;
  for (unsigned i = 0; i < ids; ++i, o += 2) put16(p + o, f.rcm_ids[i]);
}

void check_id(uint32_t v, uint32_t limit, const char* what) {
  if (v >= limit)
    throw std::invalid_argument(fmt::format("{} {} has no synthesised address (at most {})", what, v, limit - 1));
}

}  // namespace

MacAddress host_mac(uint32_t host) {
  check_id(host, 1u << 16, "host");
  return {0x02, 0x00, 0x00, 0x00, static_cast<uint8_t>(host >> 8), static_cast<uint8_t>(host)};
}

MacAddress switch_port_mac(uint32_t sw, uint32_t port) {
  check_id(sw, 1u << 16, "switch");
  check_id(port, 1u << 8, "switch port");
  return {0x02, 0x53, 0x00, static_cast<uint8_t>(sw >> 8), static_cast<uint8_t>(sw), static_cast<uint8_t>(port)};
}

uint32_t host_ipv4(uint32_t host) {
  check_id(host, 1u << 16, "host");
  return 10u << 24 | 1u << 16 | host;
}

uint32_t encoded_bytes(const Frame& f) { return std::max(f.len_bytes, roce::kMinFrameBytes); }

void encode(const Frame& f, const LinkEnds& ends, bool vlan, std::vector<uint8_t>& out) {
  const uint32_t n = encoded_bytes(f);
  out.assign(n, 0);
  uint8_t* p = out.data();
  ZeroRun zeros;
  switch (f.kind) {
    case FrameKind::kPfc: put_pfc(f, ends, p); break;
    case FrameKind::kRcmCn: put_rcm_cn(f, ends, p, n); break;
    default: zeros = put_roce(f, ends, vlan, p); break;
  }
  // FCS (IEEE 802.3 clause 3.2.9) over everything before it.
  const size_t after = zeros.at + zeros.bytes;
  const uint32_t fcs = crc32(p + after, n - roce::kFcsBytes - after, crc32_zeros(crc32(p, zeros.at), zeros.bytes));
  put_crc(p + n - roce::kFcsBytes, fcs);
}

uint32_t crc32_zeros(uint32_t crc, size_t n) {
  uint32_t c = ~crc;
  for (size_t k = 3; n != 0 && k < kX2n.size(); n >>= 1, ++k)
    if (n & 1u) c = multmodp(kX2n[k], c);
  return ~c;
}

uint32_t crc32(const uint8_t* p, size_t n, uint32_t crc) {
  uint32_t c = ~crc;
  for (; n >= 8; n -= 8, p += 8) {
    const uint32_t lo = c ^ (uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24);
    c = kCrc[7][lo & 0xFFu] ^ kCrc[6][(lo >> 8) & 0xFFu] ^ kCrc[5][(lo >> 16) & 0xFFu] ^ kCrc[4][lo >> 24] ^
        kCrc[3][p[4]] ^ kCrc[2][p[5]] ^ kCrc[1][p[6]] ^ kCrc[0][p[7]];
  }
  for (; n > 0; --n, ++p) c = (c >> 8) ^ kCrc[0][(c ^ *p) & 0xFFu];
  return ~c;
}

}  // namespace ccf::fabric::wire
