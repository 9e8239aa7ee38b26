// switch_config.hpp: parameters and configuration of the shared-buffer switch (docs/switch.md 1, 2.9).
// The common currency of the RTL testbench (turned into register writes), the reference model and
// the scenario loader.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ccf::sw {

inline constexpr unsigned kMaxPrio = 8;
inline constexpr unsigned kEcmpMaxMembers = 16;
// The two buffer sizes the switch is built with (built_buffer_bytes below).
inline constexpr uint64_t kDefaultBufferBytes = 12'000'000;
inline constexpr uint64_t kLargeBufferBytes = uint64_t{64} << 20;

// Elaboration-time parameters of sw_top (docs/switch.md 1).
struct SwitchParams {
  unsigned nports = 16;
  unsigned nprio = 8;
  unsigned cell_bytes = 256;
  uint64_t buffer_bytes = kDefaultBufferBytes;
  unsigned in_fifo_depth = 4;
  unsigned tag_w = 32;
  unsigned dst_w = 12;
  unsigned ngroups = 64;
  // Regional congestion mitigation (docs/switch.md 2.11): built in, CAM depth, flow-table size.
  bool rcm = false;
  unsigned cfr_depth = 16;
  unsigned sar_tbl_lg = 10;

  uint64_t ncells() const { return buffer_bytes / cell_bytes; }
  constexpr unsigned ndst() const { return 1u << dst_w; }
  // Empty when legal, else a message naming the parameter, its value and the legal range.
  std::string validate() const;
};

// The port counts of the switch chips a topology's switches are: 16 and 32 ports, and the smallest
// of them with at least `ports` ports (0 if none). A switch's buffer is planned for its chip: a
// reserve per queue and PFC headroom for every port of the chip, cabled or not.
inline constexpr unsigned kChipPortCounts[] = {16, 32};
constexpr unsigned chip_port_count(unsigned ports) {
  for (unsigned n : kChipPortCounts)
    if (ports <= n) return n;
  return 0;
}

// The port counts of the Verilated switch configurations ccfabric is built with (rtl/CMakeLists.txt;
// other parameters at their defaults), and the smallest of them with at least `ports` ports (0 if
// none): a switch runs on the smallest that holds its cabled ports. The 8-port build is the 16-port
// chip without eight ports that no link uses (the switches of fat trees up to k = 8): the same
// outputs, a cycle 1.15x (12 MB) to 1.5x (64 MiB) faster in the bare loop (docs/speed.md 2.5). A
// 12-port build is not faster than the 16-port one, so k = 12 runs on 16.
inline constexpr unsigned kBuiltPortCounts[] = {8, 16, 32};
inline constexpr unsigned kMaxBuiltPorts = 32;
constexpr unsigned built_port_count(unsigned ports) {
  for (unsigned n : kBuiltPortCounts)
    if (ports <= n) return n;
  return 0;
}

// The buffer sizes of those configurations: every port count at 12,000,000 B (the default, also with
// RCM) and at 64 MiB (without RCM) for larger buffers; the smallest of them that holds `bytes` (0 if
// none). A scenario's buffer below the built one is the shared pool it configures.
constexpr uint64_t built_buffer_bytes(uint64_t bytes, bool rcm) {
  if (bytes <= kDefaultBufferBytes) return kDefaultBufferBytes;
  return !rcm && bytes <= kLargeBufferBytes ? kLargeBufferBytes : 0;
}

enum class DropReason : uint8_t { kNone = 0, kNoRoute = 1, kWred = 2, kLossyTail = 3, kHeadroomOverflow = 4, kBufferFull = 5 };
inline constexpr unsigned kNumDropReasons = 6;
const char* to_string(DropReason r);

enum class Ecn : uint8_t { kNotEct = 0, kEct1 = 1, kEct0 = 2, kCe = 3 };

struct QueueConfig {
  uint32_t kmin_bytes = 0;
  uint32_t kmax_bytes = 0;
  uint32_t pmax_65536 = 0;  // marking probability at KMAX, in 1/65536 (0..65536)
  bool ecn_en = false;
  bool wred_en = false;
  uint32_t wred_k_bytes = 0;
  uint32_t dwrr_quantum_bytes = 16384;
  // floor(PMAX * 65536 / (KMAX - KMIN)), 0 when KMAX == KMIN (docs/switch.md 2.5).
  uint32_t ecn_slope() const;
};

struct PortConfig {
  uint32_t headroom_cells = 0;
  uint32_t quantum_cycles = 8;        // cycles per PFC quantum (512 bit times) at the port's rate
  uint32_t pfc_refresh_cycles = 0;    // resend interval of a held pause
};

struct FwdEntry {
  bool valid = false;
  bool is_ecmp = false;
  uint8_t port_or_group = 0;
};

struct EcmpGroup {
  unsigned size = 1;
  std::array<uint8_t, kEcmpMaxMembers> members{};
};

// Regional congestion mitigation (docs/switch.md 2.11), registers of block 6.
struct RcmConfig {
  bool crd_en = false, cn_en = false, rcc_en = false, sar_en = false;
  uint32_t qeq_bytes = 0;           // egress equilibrium length Qeq
  uint32_t qeq_ing_bytes = 0;       // ingress equilibrium length
  int wq_log2 = 1;                  // w_q = 2^k, k in -4..4
  uint32_t sample_bytes = 0;        // CRD sampling interval (bytes admitted to a class); 0 = no samples
  unsigned fb_shift = 0;            // fb = min(63, Fb >> fb_shift): F_bmax = 63 << fb_shift
  uint32_t flag_hold_cycles = 0;    // a flag is active this long after the sample or CN that set it
  uint32_t cn_interval_cycles = 0;  // at least this long between two CNs of one ingress (port, class)
  unsigned cn_w_shift = 1;          // eq. 2's w = 2^-k
  uint32_t cfr_sample_bytes = 0;    // CAM write interval (bytes admitted to a queue); 0 = no CFR
  unsigned rcc_class = 3;           // the data class RCC covers
  unsigned rcc_queue = 2;           // the queue its congestion flows wait in
  uint32_t rcc_window_bytes = 0;    // W
  uint32_t rcc_min_bytes = 0;       // floor of Wc and of W - Wc
  unsigned sar_level = 0;           // regional degree at which SAR detours (1..63)
  uint32_t sar_gap_cycles = 0;      // flowlet gap: a flow keeps its port while its frames come closer
  uint64_t cn_port_mask = 0;        // ports whose neighbour is a switch (CNs are sent only there)
};

// A congestion notification (docs/switch.md 2.11.3): class, degree and flow IDs.
struct CnFrame {
  static constexpr unsigned kMaxIds = 32;
  uint8_t cls = 0;
  uint8_t fb = 0;
  uint8_t count = 0;
  std::array<uint16_t, kMaxIds> ids{};
  bool operator==(const CnFrame& o) const {
    if (cls != o.cls || fb != o.fb || count != o.count) return false;
    for (unsigned i = 0; i < count; ++i)
      if (ids[i] != o.ids[i]) return false;
    return true;
  }
};

struct SwitchConfig {
  bool pfc_dynamic = true;
  bool mark_at_dequeue = false;
  bool pfc_enable = true;
  uint8_t lossless_mask = 0;
  uint32_t shared_pool_cells = 0;
  uint32_t reserve_cells = 0;
  uint32_t pfc_static_thr_cells = 0;
  int pfc_beta_log2 = 3;    // beta = 2^b, threshold = beta * free / 8
  int lossy_beta_log2 = 3;
  uint32_t resume_offset_cells = 0;
  uint16_t pause_quanta = 0xFFFF;
  uint8_t dwrr_group_mask = 0;
  uint32_t lfsr_seed = 1;
  std::vector<PortConfig> ports;            // nports
  std::vector<QueueConfig> queues;          // nports * kMaxPrio, index p * 8 + c
  std::vector<FwdEntry> fwd;                // 2^dst_w
  std::vector<EcmpGroup> ecmp;              // ngroups
  RcmConfig rcm;                            // used when SwitchParams::rcm

  QueueConfig& queue(unsigned port, unsigned prio) { return queues[port * kMaxPrio + prio]; }
  const QueueConfig& queue(unsigned port, unsigned prio) const { return queues[port * kMaxPrio + prio]; }

  // Sized for `p`, all queues and ports at defaults, pool = all cells less reserves and headroom,
  // destination d routed to port d % nports for d < nports.
  static SwitchConfig defaults(const SwitchParams& p);
  // Empty when consistent with `p`, else a message naming the field, value and what is allowed.
  std::string validate(const SwitchParams& p) const;
};

// scale(x, b) = beta * x / 8 with beta = 2^b (docs/switch.md 2.4).
inline uint64_t scale_by_beta(uint64_t x, int beta_log2) {
  return beta_log2 >= 3 ? x << (beta_log2 - 3) : x >> (3 - beta_log2);
}

// One step of the switch LFSR (docs/switch.md 2.5).
inline uint32_t lfsr_step(uint32_t s) { return (s >> 1) ^ ((s & 1u) ? 0x80200003u : 0u); }
// One marking decision advances the LFSR by 16 steps, so that every decision sees 16 new bits.
inline uint32_t lfsr_advance(uint32_t s) {
  for (int i = 0; i < 16; ++i) s = lfsr_step(s);
  return s;
}

}  // namespace ccf::sw
