// frame_encoder.hpp: the bytes of a Frame on the wire, from the Ethernet destination address to the
// FCS, built from the frame's fields (docs/outputs.md 5): RoCEv2 frames (Ethernet II, an 802.1Q tag
// when the fabric models one, IPv4, UDP, BTH, AETH, a payload of zeros, ICRC), PFC frames and RCM
// congestion notifications, each with its FCS. Lengths are roce_format.hpp's: a frame is encoded
// in exactly `len_bytes`, padded to the 64-byte minimum as the link pads it on the wire.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sc/fabric/frame.hpp"

namespace ccf::fabric::wire {

using MacAddress = std::array<uint8_t, 6>;

// Synthesised addresses (docs/outputs.md 5.2). MACs are locally administered unicast addresses
// (IEEE 802 section 8.2: the U/L bit set, the I/G bit clear).
MacAddress host_mac(uint32_t host);                      // 02:00:00:00:HH:HH, host < 65536
MacAddress switch_port_mac(uint32_t sw, uint32_t port);  // 02:53:00:SS:SS:PP, switch < 65536, port < 256
uint32_t host_ipv4(uint32_t host);                       // 10.1.HH.HH, host < 65536

// The Ethernet addresses of one link direction: its transmitter's and its receiver's. The fabric
// routes at layer 3, so a frame carries the addresses of the link it is on (every hop rewrites them).
struct LinkEnds {
  MacAddress tx{};
  MacAddress rx{};
};

// Field values: the BTH (IBA volume 1 section 9.2) and AETH (section 9.3.5), RoCEv2 Annex A17.
inline constexpr uint16_t kEtherTypeIpv4 = 0x0800;
inline constexpr uint16_t kEtherTypeVlan = 0x8100;          // IEEE 802.1Q section 9.5
inline constexpr uint16_t kEtherTypeMacControl = 0x8808;    // IEEE 802.3 clause 31
inline constexpr uint16_t kEtherTypeRcmCn = 0x88B5;         // IEEE 802 local experimental EtherType 1
inline constexpr MacAddress kPfcDestination{0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};  // IEEE 802.3 31B.1
inline constexpr uint16_t kPfcOpcode = 0x0101;              // IEEE 802.3 Annex 31D
inline constexpr uint8_t kIpProtoUdp = 17;
inline constexpr uint8_t kOpRcRdmaWriteMiddle = 0x07;       // data frames: no RETH (docs/fabric.md 2)
inline constexpr uint8_t kOpRcAcknowledge = 0x11;           // ACK and NAK, with an AETH
inline constexpr uint8_t kOpCnp = 0x81;                     // RoCEv2 Annex A17.9.3
inline constexpr uint8_t kOpRttRequest = 0xE0;              // opcodes 111xxxxx are manufacturer specific (IBA 9.2)
inline constexpr uint8_t kOpRttResponse = 0xE1;
inline constexpr uint16_t kDefaultPKey = 0xFFFF;            // the default partition key
inline constexpr uint8_t kAethAck = 0x1F;                   // ACK (00), credit count 11111: no credits given
inline constexpr uint8_t kAethNakPsnSequenceError = 0x60;   // NAK (11), code 0: PSN sequence error
inline constexpr uint8_t kBthBecn = 0x40;                   // the B bit of BTH byte 4 (Annex A17.9.3)
inline constexpr uint16_t kUdpSourcePortBase = 0xC000;      // RoCEv2 source ports carry flow entropy
inline constexpr uint32_t kQpnBase = 0x100;                 // QPs 0 and 1 are the SMI and GSI QPs

// The queue pair number both ends of flow `flow_id` use.
constexpr uint32_t flow_qpn(uint32_t flow_id) { return (flow_id + kQpnBase) & 0xFFFFFFu; }

// Bytes `encode` writes for `f`: len_bytes, at least the 64-byte minimum frame.
uint32_t encoded_bytes(const Frame& f);

// Writes the bytes of `f` on the link direction `ends` into `out` (resized to encoded_bytes(f)).
// `vlan`: the fabric's RoCE frames carry an 802.1Q tag (NicConfig::vlan; their len_bytes include it).
// Throws std::invalid_argument when len_bytes cannot hold the frame's headers.
void encode(const Frame& f, const LinkEnds& ends, bool vlan, std::vector<uint8_t>& out);

// The IEEE 802.3 CRC-32 of `n` bytes (clause 3.2.9; RFC 1952's algorithm), continued from `crc`.
uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc = 0);
// The same continued over `n` zero bytes, without reading them: in time logarithmic in n.
uint32_t crc32_zeros(uint32_t crc, size_t n);

}  // namespace ccf::fabric::wire
