// frame.hpp: the Frame contract (docs/fabric.md 1), PSN arithmetic and
// a pool of tlm_generic_payload objects that carry a Frame (docs/fabric.md 1).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <tlm>

namespace ccf::fabric {

enum class FrameKind : uint8_t { kData = 0, kAck = 1, kNack = 2, kCnp = 3, kPfc = 4, kRttProbe = 5, kRcmCn = 6 };
const char* to_string(FrameKind k);
// Frames that stay on one link (PFC, RCM congestion notifications): not part of the end-to-end ledger.
constexpr bool is_link_local(FrameKind k) { return k == FrameKind::kPfc || k == FrameKind::kRcmCn; }

// IP ECN codepoint, the two LSBs of the ToS byte (RFC 3168).
enum class Ecn : uint8_t { kNotEct = 0, kEct1 = 1, kEct0 = 2, kCe = 3 };
const char* to_string(Ecn e);

inline constexpr unsigned kNumPriorities = 8;   // 802.1p PCP values, PFC classes (IEEE 802.1Qbb)
inline constexpr uint32_t kPsnBits = 24;        // BTH PSN width (InfiniBand BTH)
inline constexpr uint32_t kPsnMask = (1u << kPsnBits) - 1;

// PSN arithmetic mod 2^24 (InfiniBand BTH).
constexpr uint32_t psn_add(uint32_t psn, uint32_t n) { return (psn + n) & kPsnMask; }
// Signed distance a - b, taken in the window [-2^23, 2^23).
constexpr int32_t psn_diff(uint32_t a, uint32_t b) {
  const uint32_t d = (a - b) & kPsnMask;
  return d >= (1u << (kPsnBits - 1)) ? static_cast<int32_t>(d) - (1 << kPsnBits) : static_cast<int32_t>(d);
}
constexpr bool psn_before(uint32_t a, uint32_t b) { return psn_diff(a, b) < 0; }

// What a data frame carries for its sender's congestion-control unit and its ACK echoes back
// (docs/nic.md 6), in ps of simulated time. A data frame carries sent_ps and unit_flag; the receiver
// copies them onto the ACK and adds what it measured.
struct CcEcho {
  // The data frame started on the sender's wire: the Swift paper's t1 (section 3.1, Figure 2), the
  // TIMELY paper's send time (section 3.1), and the NIC's own RTT sample (RFC 6298, RFC 7323 4.1).
  uint64_t sent_ps = 0;
  // ACK: from the data frame's arrival at the receiving NIC (t2) to its ACK being ready (t4), the
  // Swift paper's remote queuing delay (section 3.1).
  uint64_t remote_queuing_delay_ps = 0;
  uint8_t hop_count = 0;   // ACK: start TTL - the data frame's TTL on arrival
  bool unit_flag = false;  // the sender's unit flagged the frame (CcUnit::next_frame_not_ect: LDCP's fast start)
};

// One frame on the fabric. It travels as the extension of a tlm_generic_payload; the payload's own
// data pointer is unused (SystemC keeps no payload bytes, docs/README.md principle 3).
class Frame : public tlm::tlm_extension<Frame> {
 public:
  uint64_t id = 0;                    // unique per frame, for end-of-run accounting (new_id())
  FrameKind kind = FrameKind::kData;
  uint32_t src_host = 0;
  uint32_t dst_host = 0;
  uint32_t flow_id = 0;
  uint32_t psn = 0;                   // 24 bits: use psn_add / psn_diff (InfiniBand BTH)
  uint64_t byte_seq = 0;              // first payload byte of a data frame; acked bytes in an ACK
  uint32_t len_bytes = 0;             // Ethernet frame, DA to FCS inclusive (roce_format.hpp);
                                      // the link pads to 64 B and adds 20 B preamble/SFD/IFG
  uint8_t priority = 0;               // 802.1Q PCP, 0..7: the PFC class and switch queue
  uint8_t dscp = 0;                   // 6 bits
  Ecn ecn = Ecn::kNotEct;
  uint8_t ttl = 64;                   // IPv4 TTL; each switch decrements it

  CcEcho cc;                          // for the sender's congestion control, echoed on the ACK
  // RTT probe (kind == kRttProbe; LDCP's CX6-DX PCC variant, the LDCP draft, section 3.2, docs/nic.md 4.1): a request the
  // flow's sender puts on the wire among its data frames (rtt_response = false), or the receiver NIC's
  // response to it (true), which echoes the request's send time. Both are end-to-end frames.
  bool rtt_response = false;
  uint64_t rtt_request_sent_ps = 0;   // when the request started on the sender's wire

  // PFC (kind == kPfc, IEEE 802.1Qbb): bit i set means pause_quanta[i] is valid for priority i;
  // 1 quantum = 512 bit times at the receiving link's rate, 0 = resume.
  uint8_t pfc_class_enable = 0;
  std::array<uint16_t, kNumPriorities> pfc_pause_quanta{};

  // RCM congestion notification (kind == kRcmCn; docs/switch.md 2.11.7), from a switch to its
  // neighbour switch: the congested class, its 6-bit degree and the flow IDs (flow hashes) named.
  static constexpr unsigned kRcmMaxIds = 32;
  uint8_t rcm_class = 0;
  uint8_t rcm_degree = 0;
  uint8_t rcm_id_count = 0;
  std::array<uint16_t, kRcmMaxIds> rcm_ids{};

  // A fresh id, unique in this process (starts at 1; 0 means "not assigned").
  static uint64_t new_id();
  // Empty when the fields are in range, else a message naming the field, its value and the range.
  std::string validate() const;
  // The same check without the message (a link checks every frame it starts).
  bool valid() const {
    return static_cast<unsigned>(kind) <= static_cast<unsigned>(FrameKind::kRcmCn) && psn <= kPsnMask &&
           len_bytes != 0 && priority < kNumPriorities && dscp < 64 && static_cast<unsigned>(ecn) <= 3;
  }

  tlm::tlm_extension_base* clone() const override;
  void copy_from(const tlm::tlm_extension_base& ext) override;
};

// A pool of payloads that each carry one Frame extension. Implements TLM-2.0 memory management:
// allocate() returns a payload with reference count 0; whoever keeps it calls acquire(), and the
// last release() returns it to the pool. The pool owns every payload it made and deletes them on
// destruction, so nothing leaks even if a simulation stops with frames in flight.
class FramePool : public tlm::tlm_mm_interface {
 public:
  FramePool() = default;
  FramePool(const FramePool&) = delete;
  FramePool& operator=(const FramePool&) = delete;
  ~FramePool() override;

  // A payload carrying a copy of `f`; a zero id is replaced by Frame::new_id().
  tlm::tlm_generic_payload& make(const Frame& f);
  void free(tlm::tlm_generic_payload* trans) override;

  size_t allocated() const { return all_.size(); }
  size_t in_use() const { return all_.size() - free_.size(); }

 private:
  std::vector<std::unique_ptr<tlm::tlm_generic_payload>> all_;
  std::vector<tlm::tlm_generic_payload*> free_;
};

// The process-wide default pool.
FramePool& default_frame_pool();
// Shorthand for default_frame_pool().make(f).
tlm::tlm_generic_payload& make_frame_payload(const Frame& f);
// The Frame of a payload; throws std::invalid_argument if it carries none.
Frame& frame_of(tlm::tlm_generic_payload& trans);
const Frame& frame_of(const tlm::tlm_generic_payload& trans);

}  // namespace ccf::fabric
