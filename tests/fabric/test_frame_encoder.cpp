// test_frame_encoder.cpp: the bytes fabric::wire::encode gives each kind of frame (docs/outputs.md 5),
// field by field against the standards' layouts, the IPv4 checksum, the ICRC and the FCS against
// computations written here from RFC 1071, IBA 7.8 / RoCEv2 Annex A17 and IEEE 802.3, and the
// lengths against roce_format.hpp.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "sc/fabric/frame.hpp"
#include "sc/fabric/frame_encoder.hpp"
#include "sc/fabric/roce_format.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace {

using namespace ccf::fabric;
using Bytes = std::vector<uint8_t>;

uint32_t be16(const Bytes& b, size_t o) { return uint32_t{b[o]} << 8 | b[o + 1]; }
uint32_t be24(const Bytes& b, size_t o) { return uint32_t{b[o]} << 16 | be16(b, o + 1); }
uint32_t be32(const Bytes& b, size_t o) { return be16(b, o) << 16 | be16(b, o + 2); }
uint32_t le32(const Bytes& b, size_t o) {
  return uint32_t{b[o]} | uint32_t{b[o + 1]} << 8 | uint32_t{b[o + 2]} << 16 | uint32_t{b[o + 3]} << 24;
}

// CRC-32 of IEEE 802.3 bit by bit: reflected polynomial 0xEDB88320, preset and final complement.
uint32_t crc32_bitwise(const Bytes& d, size_t from, size_t to) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = from; i < to; ++i) {
    c ^= d[i];
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  }
  return ~c;
}

// RFC 1071: the one's-complement sum of a correct header, its checksum included, is 0xFFFF.
uint32_t ones_complement_sum(const Bytes& b, size_t from, size_t n) {
  uint32_t s = 0;
  for (size_t i = from; i < from + n; i += 2) s += be16(b, i);
  while (s >> 16) s = (s & 0xFFFFu) + (s >> 16);
  return s;
}

// The ICRC as IBA 7.8 and RoCEv2 Annex A17 define it: a CRC-32 over 64 one bits standing for the
// LRH, then the packet from the IP header to the end of the payload with the IP ToS, TTL and
// checksum, the UDP checksum and the BTH's FECN/BECN/reserved byte replaced by ones.
uint32_t icrc_reference(const Bytes& frame, size_t ip) {
  Bytes p = frame;  // the IP header at ip, the ICRC and FCS in the last 8 bytes
  for (size_t k : {ip + 1, ip + 8, ip + 10, ip + 11, ip + 20 + 6, ip + 20 + 7, ip + 28 + 4}) p.at(k) = 0xFF;
  for (size_t k = ip - 8; k < ip; ++k) p.at(k) = 0xFF;
  return crc32_bitwise(p, ip - 8, p.size() - 8);
}

const wire::LinkEnds kEnds{wire::host_mac(3), wire::switch_port_mac(0, 3)};

Frame roce_frame(FrameKind kind, uint32_t len) {
  Frame f;
  f.kind = kind;
  f.src_host = 3;
  f.dst_host = 258;
  f.flow_id = 7;
  f.psn = 0xABCDEF;
  f.len_bytes = len;
  f.priority = 3;
  f.dscp = 26;
  f.ecn = Ecn::kEct0;
  f.ttl = 63;
  return f;
}

Bytes encode(const Frame& f, bool vlan = false) {
  Bytes b;
  wire::encode(f, kEnds, vlan, b);
  return b;
}

// The frame ends with an FCS that IEEE 802.3's CRC accepts: its own computation, and the receiver's
// residue (the CRC over frame and FCS is the constant 0x2144DF1C).
void expect_fcs(const Bytes& b) {
  EXPECT_EQ(le32(b, b.size() - 4), crc32_bitwise(b, 0, b.size() - 4));
  EXPECT_EQ(crc32_bitwise(b, 0, b.size()), 0x2144DF1Cu);
}

TEST(FrameEncoder, DataFrameFieldsByteForByte) {
  for (const Ecn ecn : {Ecn::kNotEct, Ecn::kEct1, Ecn::kEct0, Ecn::kCe}) {
    Frame f = roce_frame(FrameKind::kData, roce::data_frame_bytes(1024));
    f.ecn = ecn;
    const Bytes b = encode(f);
    ASSERT_EQ(b.size(), f.len_bytes);
    // Ethernet II: DA = the receiver, SA = the transmitter, IPv4.
    EXPECT_EQ(Bytes(b.begin(), b.begin() + 6), Bytes(kEnds.rx.begin(), kEnds.rx.end()));
    EXPECT_EQ(Bytes(b.begin() + 6, b.begin() + 12), Bytes(kEnds.tx.begin(), kEnds.tx.end()));
    EXPECT_EQ(be16(b, 12), 0x0800u);
    // IPv4 (RFC 791): version 4, IHL 5; ToS = DSCP << 2 | ECN (RFC 3168 section 5); the length of
    // everything after the Ethernet header but the FCS; DF; TTL; UDP; a checksum RFC 1071 accepts.
    const size_t ip = 14;
    EXPECT_EQ(b[ip], 0x45);
    EXPECT_EQ(b[ip + 1] >> 2, 26);
    EXPECT_EQ(b[ip + 1] & 3, static_cast<int>(ecn));
    EXPECT_EQ(be16(b, ip + 2), f.len_bytes - 14 - 4);
    EXPECT_EQ(be16(b, ip + 6), 0x4000u);
    EXPECT_EQ(b[ip + 8], 63);
    EXPECT_EQ(b[ip + 9], 17);
    EXPECT_EQ(ones_complement_sum(b, ip, 20), 0xFFFFu);
    EXPECT_EQ(be32(b, ip + 12), (10u << 24) | (1u << 16) | 3u);    // 10.1.0.3
    EXPECT_EQ(be32(b, ip + 16), (10u << 24) | (1u << 16) | 258u);  // 10.1.1.2
    // UDP (RFC 768) to the RoCEv2 port, length, checksum 0.
    const size_t udp = ip + 20;
    EXPECT_GE(be16(b, udp), 0xC000u);
    EXPECT_EQ(be16(b, udp + 2), 4791u);
    EXPECT_EQ(be16(b, udp + 4), f.len_bytes - 14 - 4 - 20);
    EXPECT_EQ(be16(b, udp + 6), 0u);
    // BTH (IBA 9.2): RDMA WRITE Middle, default P_Key, the flow's QP, the 24-bit PSN.
    const size_t bth = udp + 8;
    EXPECT_EQ(b[bth], 0x07);
    EXPECT_EQ(b[bth + 1], 0);
    EXPECT_EQ(be16(b, bth + 2), 0xFFFFu);
    EXPECT_EQ(b[bth + 4], 0);
    EXPECT_EQ(be24(b, bth + 5), 7u + 0x100u);
    EXPECT_EQ(be24(b, bth + 9), 0xABCDEFu);
    // A payload of 1024 zero bytes, the ICRC, the FCS.
    for (size_t i = bth + 12; i < bth + 12 + 1024; ++i) ASSERT_EQ(b[i], 0) << i;
    EXPECT_EQ(le32(b, b.size() - 8), icrc_reference(b, ip));
    expect_fcs(b);
  }
}

TEST(FrameEncoder, TheIcrcCoversTheInvariantFieldsOnly) {
  // A switch changes the ECN bits and the TTL (and so the IP checksum): the ICRC stays; a changed PSN
  // or payload length changes it.
  const Frame f = roce_frame(FrameKind::kData, roce::data_frame_bytes(512));
  Frame marked = f;
  marked.ecn = Ecn::kCe;
  marked.ttl = 60;
  const Bytes a = encode(f), m = encode(marked);
  EXPECT_NE(be16(a, 24), be16(m, 24));
  EXPECT_EQ(le32(a, a.size() - 8), le32(m, m.size() - 8));
  Frame other = f;
  other.psn = 1;
  EXPECT_NE(le32(encode(other), a.size() - 8), le32(a, a.size() - 8));
}

TEST(FrameEncoder, AckNakCnpAndRttProbes) {
  struct Case {
    FrameKind kind;
    uint32_t len;
    uint8_t opcode;
  };
  for (const Case& c : {Case{FrameKind::kAck, roce::ack_frame_bytes(), 0x11},
                        Case{FrameKind::kNack, roce::ack_frame_bytes(), 0x11},
                        Case{FrameKind::kCnp, roce::cnp_frame_bytes(), 0x81},
                        Case{FrameKind::kRttProbe, roce::rtt_probe_frame_bytes(), 0xE0}}) {
    Frame f = roce_frame(c.kind, c.len);
    f.rtt_request_sent_ps = 0x0102030405060708ull;
    const Bytes b = encode(f);
    SCOPED_TRACE(to_string(c.kind));
    ASSERT_EQ(b.size(), c.len);
    const size_t bth = 14 + 20 + 8;
    EXPECT_EQ(be16(b, 14 + 20 + 2), 4791u);
    EXPECT_EQ(b[bth], c.opcode);
    EXPECT_EQ(be24(b, bth + 5), 7u + 0x100u);
    if (c.kind == FrameKind::kAck || c.kind == FrameKind::kNack) {
      // AETH (IBA 9.3.5): syndrome bits 6..5 = 00 ACK (credit count 11111) or 11 NAK (code 0, a PSN
      // sequence error); the PSN is the one acknowledged.
      EXPECT_EQ(b[bth + 12], c.kind == FrameKind::kAck ? 0x1F : 0x60);
      EXPECT_EQ(be24(b, bth + 9), 0xABCDEFu);
    } else if (c.kind == FrameKind::kCnp) {
      // RoCEv2 Annex A17.9.3: BECN set, PSN 0, 16 reserved zero bytes.
      EXPECT_EQ(b[bth + 4], 0x40);
      EXPECT_EQ(be24(b, bth + 9), 0u);
      for (size_t i = bth + 12; i < bth + 28; ++i) EXPECT_EQ(b[i], 0) << i;
    } else {
      EXPECT_EQ(be32(b, bth + 12), 0x01020304u);  // the request's send time, ps
      EXPECT_EQ(be32(b, bth + 16), 0x05060708u);
      f.rtt_response = true;
      EXPECT_EQ(encode(f)[bth], 0xE1);
    }
    EXPECT_EQ(ones_complement_sum(b, 14, 20), 0xFFFFu);
    EXPECT_EQ(le32(b, b.size() - 8), icrc_reference(b, 14));
    expect_fcs(b);
  }
}

TEST(FrameEncoder, VlanTagCarriesThePriority) {
  for (uint8_t prio = 0; prio < kNumPriorities; ++prio) {
    Frame f = roce_frame(FrameKind::kAck, roce::ack_frame_bytes(true));
    f.priority = prio;
    const Bytes b = encode(f, true);
    ASSERT_EQ(b.size(), roce::ack_frame_bytes(true));
    EXPECT_EQ(be16(b, 12), 0x8100u);  // IEEE 802.1Q TPID
    EXPECT_EQ(be16(b, 14) >> 13, prio);
    EXPECT_EQ(be16(b, 14) & 0x0FFFu, 0u);  // VID 0: a priority tag
    EXPECT_EQ(be16(b, 16), 0x0800u);
    EXPECT_EQ(b[18], 0x45);
    EXPECT_EQ(be16(b, 18 + 2), b.size() - 18 - 4);
    EXPECT_EQ(ones_complement_sum(b, 18, 20), 0xFFFFu);
    EXPECT_EQ(le32(b, b.size() - 8), icrc_reference(b, 18));
    expect_fcs(b);
  }
}

TEST(FrameEncoder, PfcFrame) {
  Frame f;
  f.kind = FrameKind::kPfc;
  f.len_bytes = roce::pfc_frame_bytes();
  f.pfc_class_enable = 0x09;  // priorities 0 and 3
  f.pfc_pause_quanta[0] = 0;
  f.pfc_pause_quanta[3] = 0xFFFF;
  f.pfc_pause_quanta[5] = 77;  // not enabled: sent as 0
  const Bytes b = encode(f);
  ASSERT_EQ(b.size(), 64u);
  // IEEE 802.3 Annex 31D: to 01-80-C2-00-00-01 from the transmitter, MAC control, opcode 0x0101,
  // the class-enable vector, eight times, zero padding.
  EXPECT_EQ(Bytes(b.begin(), b.begin() + 6), (Bytes{0x01, 0x80, 0xC2, 0x00, 0x00, 0x01}));
  EXPECT_EQ(Bytes(b.begin() + 6, b.begin() + 12), Bytes(kEnds.tx.begin(), kEnds.tx.end()));
  EXPECT_EQ(be16(b, 12), 0x8808u);
  EXPECT_EQ(be16(b, 14), 0x0101u);
  EXPECT_EQ(be16(b, 16), 0x0009u);
  for (unsigned c = 0; c < 8; ++c) EXPECT_EQ(be16(b, 18 + 2 * c), c == 3 ? 0xFFFFu : 0u) << c;
  for (size_t i = 34; i < 60; ++i) EXPECT_EQ(b[i], 0) << i;
  expect_fcs(b);
}

TEST(FrameEncoder, RcmCongestionNotificationIsPaddedToTheMinimumFrame) {
  Frame f;
  f.kind = FrameKind::kRcmCn;
  f.rcm_class = 3;
  f.rcm_degree = 41;
  f.rcm_id_count = 2;
  f.rcm_ids[0] = 0xBEEF;
  f.rcm_ids[1] = 0x0102;
  f.len_bytes = roce::rcm_cn_frame_bytes(2);
  const Bytes b = encode(f);
  ASSERT_EQ(b.size(), roce::kMinFrameBytes);  // as the link pads it on the wire
  EXPECT_EQ(be16(b, 12), 0x88B5u);
  EXPECT_EQ(b[14], 3);
  EXPECT_EQ(b[15], 41);
  EXPECT_EQ(b[16], 2);
  EXPECT_EQ(be16(b, 18), 0xBEEFu);
  EXPECT_EQ(be16(b, 20), 0x0102u);
  expect_fcs(b);
  // 32 IDs: 86 bytes, no padding.
  f.rcm_id_count = Frame::kRcmMaxIds;
  f.len_bytes = roce::rcm_cn_frame_bytes(Frame::kRcmMaxIds);
  EXPECT_EQ(encode(f).size(), 86u);
}

TEST(FrameEncoder, LengthsAreRoceFormats) {
  for (uint32_t payload : {0u, 1u, 3u, 256u, 1024u, 4096u})
    for (bool vlan : {false, true}) {
      const Frame f = roce_frame(FrameKind::kData, roce::data_frame_bytes(payload, vlan));
      const Bytes b = encode(f, vlan);
      EXPECT_EQ(b.size(), std::max(roce::data_frame_bytes(payload, vlan), roce::kMinFrameBytes));
      // The IP packet ends with the ICRC; padding to the minimum frame follows it.
      const size_t ip = vlan ? 18 : 14;
      EXPECT_EQ(be16(b, ip + 2), f.len_bytes - ip - 4);
      expect_fcs(b);
    }
  EXPECT_EQ(wire::encoded_bytes(roce_frame(FrameKind::kCnp, roce::cnp_frame_bytes())), roce::cnp_frame_bytes());
  // A length that cannot hold the headers is an error, not a short frame.
  EXPECT_THROW(encode(roce_frame(FrameKind::kAck, roce::ack_frame_bytes() - 1)), std::invalid_argument);
  EXPECT_THROW(encode(roce_frame(FrameKind::kData, roce::data_frame_bytes(0, true) - 1), true), std::invalid_argument);
}

TEST(FrameEncoder, SynthesisedAddresses) {
  EXPECT_EQ(wire::host_mac(0x0102), (wire::MacAddress{0x02, 0, 0, 0, 0x01, 0x02}));
  EXPECT_EQ(wire::switch_port_mac(0x0304, 15), (wire::MacAddress{0x02, 0x53, 0, 0x03, 0x04, 15}));
  EXPECT_EQ(wire::host_ipv4(0x0102), 0x0A010102u);
  EXPECT_THROW(wire::host_mac(1u << 16), std::invalid_argument);
  EXPECT_THROW(wire::switch_port_mac(0, 256), std::invalid_argument);
}

TEST(FrameEncoder, Crc32KnownAnswer) {
  // The CRC-32 check value of "123456789" (IEEE 802.3's CRC as catalogued: 0xCBF43926).
  const uint8_t digits[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  EXPECT_EQ(wire::crc32(digits, sizeof digits), 0xCBF43926u);
  EXPECT_EQ(wire::crc32(digits + 4, 5, wire::crc32(digits, 4)), 0xCBF43926u);
  // Passing over zero bytes without reading them gives what reading them gives.
  for (size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{1024}, size_t{1500}, size_t{4096 + 33}}) {
    Bytes d(digits, digits + sizeof digits);
    d.resize(d.size() + n, 0);
    EXPECT_EQ(wire::crc32_zeros(wire::crc32(digits, sizeof digits), n), crc32_bitwise(d, 0, d.size())) << n;
  }
}

}  // namespace
