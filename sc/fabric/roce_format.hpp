// roce_format.hpp: frame lengths of RoCEv2 over Ethernet and of PFC frames (RoCEv2: InfiniBand Annex A17; PFC: IEEE 802.1Qbb).
// All lengths are bytes. A "frame" length runs from the destination MAC address to the FCS inclusive;
// the wire adds padding to the 64-byte minimum and 20 bytes of preamble, SFD and inter-frame gap.
#pragma once

#include <algorithm>
#include <cstdint>

namespace ccf::fabric::roce {

// Ethernet II header: DA 6 + SA 6 + EtherType 2 (RoCEv2, Annex A17); an 802.1Q tag adds 4.
inline constexpr uint32_t kEthHeaderBytes = 14;
inline constexpr uint32_t kVlanTagBytes = 4;
// IPv4 header without options (RoCEv2, Annex A17).
inline constexpr uint32_t kIpv4HeaderBytes = 20;
// UDP header; RoCEv2 destination port 4791 (Annex A17).
inline constexpr uint32_t kUdpHeaderBytes = 8;
inline constexpr uint16_t kRoceUdpPort = 4791;
// InfiniBand Base Transport Header (InfiniBand Architecture Specification, BTH).
inline constexpr uint32_t kBthBytes = 12;
// ACK Extended Transport Header: Syndrome 8 bits + MSN 24 bits (InfiniBand Architecture Specification, AETH).
inline constexpr uint32_t kAethBytes = 4;
// Invariant CRC after the IB payload (RoCEv2, Annex A17).
inline constexpr uint32_t kIcrcBytes = 4;
// Ethernet frame check sequence (IEEE 802.3).
inline constexpr uint32_t kFcsBytes = 4;
// CNP body: BTH (opcode 0x81) + 16 reserved bytes + ICRC (RoCEv2 CNP, Annex A17).
inline constexpr uint32_t kCnpReservedBytes = 16;
inline constexpr uint32_t kCnpTransportBytes = kBthBytes + kCnpReservedBytes + kIcrcBytes;  // 32
// RTT probe body (LDCP CX6-DX PCC, the LDCP draft, section 3.2): the CX6-DX's RTT request/response format is not in our
// sources; modelled as a CNP-sized RoCEv2 packet, BTH + 16 bytes (the request's send timestamp and the
// responder's receive timestamp, 8 B each) + ICRC. [INF] docs/nic.md 4.1.
inline constexpr uint32_t kRttProbeBodyBytes = 16;
// Minimum Ethernet frame, shorter frames are padded (IEEE 802.3).
inline constexpr uint32_t kMinFrameBytes = 64;
// PFC (802.1Qbb MAC control) frame: 14 header + 2 opcode + 2 class-enable + 16 times + 26 pad = 60,
// + FCS = 64 (IEEE 802.1Qbb).
inline constexpr uint32_t kPfcFrameBytes = 64;
// Preamble (7) + SFD (1) and the minimum inter-frame gap (12): per-frame overhead on the wire.
inline constexpr uint32_t kPreambleSfdBytes = 8;
inline constexpr uint32_t kInterFrameGapBytes = 12;
inline constexpr uint32_t kWireOverheadBytes = kPreambleSfdBytes + kInterFrameGapBytes;  // 20
// PFC pause quantum: 512 bit times (IEEE 802.1Qbb).
inline constexpr uint32_t kPfcQuantumBits = 512;
// RoCE header stack before the IB transport headers: Ethernet + IPv4 + UDP (RoCEv2, Annex A17).
constexpr uint32_t l2_l4_bytes(bool vlan) {
  return kEthHeaderBytes + (vlan ? kVlanTagBytes : 0) + kIpv4HeaderBytes + kUdpHeaderBytes;
}

// RoCEv2 data frame (e.g. RDMA WRITE or SEND) with IPv4, no extension headers:
// Eth / IPv4 / UDP / BTH / payload / ICRC / FCS (RoCEv2, Annex A17). 1024-B payload untagged: 1086 B.
constexpr uint32_t data_frame_bytes(uint32_t payload_bytes, bool vlan = false) {
  return l2_l4_bytes(vlan) + kBthBytes + payload_bytes + kIcrcBytes + kFcsBytes;
}

// RoCEv2 ACK/NAK: BTH (opcode 0x11) + AETH + ICRC inside Eth/IPv4/UDP, plus FCS (RoCEv2, Annex A17).
// Untagged: 66 B.
constexpr uint32_t ack_frame_bytes(bool vlan = false) {
  return l2_l4_bytes(vlan) + kBthBytes + kAethBytes + kIcrcBytes + kFcsBytes;
}

// RoCEv2 CNP: BTH (opcode 0x81) + 16 reserved + ICRC, plus FCS (RoCEv2, Annex A17). Untagged: 78 B.
constexpr uint32_t cnp_frame_bytes(bool vlan = false) {
  return l2_l4_bytes(vlan) + kCnpTransportBytes + kFcsBytes;
}

// RTT request or response (kRttProbe): BTH + 16-byte body + ICRC, plus FCS. Untagged: 78 B, as a CNP.
constexpr uint32_t rtt_probe_frame_bytes(bool vlan = false) {
  return l2_l4_bytes(vlan) + kBthBytes + kRttProbeBodyBytes + kIcrcBytes + kFcsBytes;
}

// PFC frame (IEEE 802.1Qbb); MAC control frames are sent untagged.
constexpr uint32_t pfc_frame_bytes() { return kPfcFrameBytes; }

// RCM congestion notification (docs/switch.md 2.11.7): Ethernet header, 4 B of class, degree and ID
// count, 2 B per flow ID, FCS; the link pads it to 64 B (up to 24 IDs fit in the minimum frame).
constexpr uint32_t rcm_cn_frame_bytes(unsigned ids) { return kEthHeaderBytes + 4 + 2 * ids + kFcsBytes; }

// Bytes a frame occupies on the wire: padded to the 64-B minimum (IEEE 802.3) plus preamble, SFD
// and inter-frame gap.
constexpr uint32_t wire_bytes(uint32_t frame_bytes) {
  return std::max(frame_bytes, kMinFrameBytes) + kWireOverheadBytes;
}

static_assert(data_frame_bytes(1024) == 1086);
static_assert(ack_frame_bytes() == 66);
static_assert(cnp_frame_bytes() == 78);
static_assert(cnp_frame_bytes(true) == 82);
static_assert(rtt_probe_frame_bytes() == 78);
static_assert(wire_bytes(kPfcFrameBytes) == 84);
static_assert(wire_bytes(rcm_cn_frame_bytes(0)) == 84 && rcm_cn_frame_bytes(32) == 86);

}  // namespace ccf::fabric::roce
