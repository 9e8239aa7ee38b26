// switch_config.cpp: legality of the switch parameters (docs/switch.md 1), the default configuration
// and the software checks of a configuration (docs/switch.md 2.4 to 2.8).
#include "models/switch/switch_config.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include <fmt/format.h>

namespace ccf::sw {

namespace {

// Largest frame the switch can carry: the descriptor length field is 14 bits (docs/switch.md 1).
constexpr uint32_t kMaxFrameBytes = 16383;
constexpr uint64_t kMaxCells = uint64_t{1} << 20;

// Collects error lines; keeps the first few in full and counts the rest.
class Errors {
 public:
  template <class... Args>
  void add(fmt::format_string<Args...> f, Args&&... args) {
    if (n_++ < kKept) lines_.push_back(fmt::format(f, std::forward<Args>(args)...));
  }
  std::string str() const {
    std::string s;
    for (const std::string& l : lines_) s += (s.empty() ? "" : "\n") + l;
    if (n_ > kKept) s += fmt::format("\n({} more errors)", n_ - kKept);
    return s;
  }

 private:
  static constexpr size_t kKept = 8;
  std::vector<std::string> lines_;
  size_t n_ = 0;
};

uint64_t ceil_div(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

std::string SwitchParams::validate() const {
  Errors e;
  if (nports < 2 || nports > 64) e.add("NPORTS = {} must be in 2..64", nports);
  if (nprio < 1 || nprio > 8) e.add("NPRIO = {} must be in 1..8", nprio);
  const bool cell_ok = cell_bytes >= 64 && cell_bytes <= 1024 && std::has_single_bit(cell_bytes);
  if (!cell_ok) e.add("CELL_BYTES = {} must be a power of two in 64..1024", cell_bytes);
  if (cell_ok) {
    const uint64_t lo = uint64_t{nports} * nprio;
    if (ncells() < lo || ncells() > kMaxCells)
      e.add(
          "BUFFER_BYTES = {} gives NCELLS = BUFFER_BYTES / CELL_BYTES = {}, which must be in NPORTS*NPRIO .. 2^20 = "
          "{}..{}",
          buffer_bytes, ncells(), lo, kMaxCells);
  }
  if (in_fifo_depth < 2 || in_fifo_depth > 16 || !std::has_single_bit(in_fifo_depth))
    e.add("IN_FIFO_DEPTH = {} must be a power of two in 2..16", in_fifo_depth);
  if (tag_w < 8 || tag_w > 32) e.add("TAG_W = {} must be in 8..32", tag_w);
  if (dst_w < 1 || dst_w > 16) e.add("DST_W = {} must be in 1..16", dst_w);
  if (ngroups < 1 || ngroups > 256) e.add("NGROUPS = {} must be in 1..256", ngroups);
  if (cfr_depth != 8 && cfr_depth != 16 && cfr_depth != 32) e.add("CFR_DEPTH = {} must be 8, 16 or 32", cfr_depth);
  if (sar_tbl_lg < 4 || sar_tbl_lg > 12) e.add("SAR_TBL_LG = {} must be in 4..12", sar_tbl_lg);
  return e.str();
}

const char* to_string(DropReason r) {
  switch (r) {
    case DropReason::kNone:
      return "NONE";
    case DropReason::kNoRoute:
      return "NO_ROUTE";
    case DropReason::kWred:
      return "WRED";
    case DropReason::kLossyTail:
      return "LOSSY_TAIL";
    case DropReason::kHeadroomOverflow:
      return "HEADROOM_OVERFLOW";
    case DropReason::kBufferFull:
      return "BUFFER_FULL";
  }
  return "UNKNOWN";
}

uint32_t QueueConfig::ecn_slope() const {
  // floor(PMAX * 65536 / (KMAX - KMIN)), 0 when KMAX = KMIN (docs/switch.md 2.5). A KMAX below KMIN
  // (rejected by validate) also gives 0; a slope above the 32-bit register saturates.
  if (kmax_bytes <= kmin_bytes) return 0;
  const uint64_t slope = (uint64_t{pmax_65536} << 16) / (kmax_bytes - kmin_bytes);
  return static_cast<uint32_t>(std::min<uint64_t>(slope, std::numeric_limits<uint32_t>::max()));
}

SwitchConfig SwitchConfig::defaults(const SwitchParams& p) {
  SwitchConfig c;
  const uint64_t cell = std::max(1u, p.cell_bytes);
  const unsigned nprio = std::clamp(p.nprio, 1u, kMaxPrio);
  const uint64_t ncells = p.ncells();

  // Priority 3 lossless, as in RoCE deployments; with fewer than 4 priorities it lands in the
  // queue that priority 3 maps to (NPRIO-1, docs/switch.md 2.2).
  c.lossless_mask = static_cast<uint8_t>(1u << std::min(3u, nprio - 1));
  const unsigned nlossless = static_cast<unsigned>(std::popcount(unsigned{c.lossless_mask}));

  // 4 KB reserved per (port, priority) as in HPCC's MMU, 22.4 KB of headroom per port (the DCQCN
  // paper's t_flight, section 4), a resume offset of two 1500-B MTUs; all rounded up to cells.
  uint64_t reserve = ceil_div(4000, cell);
  uint64_t headroom = ceil_div(22400, cell);
  const uint64_t nq = uint64_t{p.nports} * nprio;
  if (reserve * nq + headroom * p.nports * nlossless > ncells) {
    // A small buffer: give reserves and headroom a quarter of it each.
    reserve = nq ? ncells / (4 * nq) : 0;
    headroom = p.nports ? ncells / (4 * uint64_t{p.nports} * nlossless) : 0;
  }
  c.reserve_cells = static_cast<uint32_t>(reserve);
  c.resume_offset_cells = static_cast<uint32_t>(ceil_div(3000, cell));
  const uint64_t fixed = reserve * nq + headroom * p.nports * nlossless;
  c.shared_pool_cells = static_cast<uint32_t>(ncells > fixed ? ncells - fixed : 0);
  c.pfc_static_thr_cells = p.nports ? c.shared_pool_cells / (8 * p.nports) : 0;  // DCQCN paper, section 4: t_PFC = S / (8 n)

  c.ports.resize(p.nports);
  for (PortConfig& port : c.ports) {
    port.headroom_cells = static_cast<uint32_t>(headroom);
    port.quantum_cycles = 8;  // 100G at 1.5625 GHz (docs/switch.md 2.1)
    port.pfc_refresh_cycles = uint32_t{c.pause_quanta} * port.quantum_cycles / 2;
  }
  c.queues.resize(size_t{p.nports} * kMaxPrio);
  for (QueueConfig& q : c.queues) {
    q.kmin_bytes = 5000;  // DCQCN defaults (the DCQCN paper, section 5; ECN-or-Delay)
    q.kmax_bytes = 200000;
    q.pmax_65536 = 655;  // 1 %
    q.ecn_en = true;
    q.wred_en = false;
    q.wred_k_bytes = q.kmax_bytes;  // used only if software enables WRED
    q.dwrr_quantum_bytes = 16384;
  }
  c.fwd.resize(p.dst_w <= 16 ? size_t{1} << p.dst_w : 0);
  for (size_t d = 0; d < c.fwd.size() && d < p.nports; ++d) c.fwd[d] = {true, false, static_cast<uint8_t>(d)};
  c.ecmp.resize(p.ngroups);
  for (size_t g = 0; g < c.ecmp.size(); ++g) {
    c.ecmp[g].size = 1;
    c.ecmp[g].members[0] = static_cast<uint8_t>(p.nports ? g % p.nports : 0);
  }
  return c;
}

std::string SwitchConfig::validate(const SwitchParams& p) const {
  Errors e;
  const unsigned nprio = std::clamp(p.nprio, 1u, kMaxPrio);
  const unsigned prio_mask = (1u << nprio) - 1;

  // Sizes first: the rest indexes these vectors.
  bool sizes_ok = true;
  auto check_size = [&](const char* name, size_t have, size_t want, const char* rule) {
    if (have != want) {
      e.add("switch.{} has {} entries, must have {} ({})", name, have, want, rule);
      sizes_ok = false;
    }
  };
  check_size("ports", ports.size(), p.nports, "NPORTS");
  check_size("queues", queues.size(), size_t{p.nports} * kMaxPrio, "NPORTS * 8");
  check_size("fwd", fwd.size(), p.dst_w <= 16 ? size_t{1} << p.dst_w : 0, "2^DST_W");
  check_size("ecmp", ecmp.size(), p.ngroups, "NGROUPS");

  if (lossless_mask & ~prio_mask)
    e.add("switch.lossless_mask = {:#04x} must only have bits below NPRIO = {}", lossless_mask, nprio);
  if (dwrr_group_mask & ~prio_mask)
    e.add("switch.dwrr_group_mask = {:#04x} must only have bits below NPRIO = {}", dwrr_group_mask, nprio);
  if (pfc_beta_log2 < -6 || pfc_beta_log2 > 6) e.add("switch.pfc_beta_log2 = {} must be in -6..6", pfc_beta_log2);
  if (lossy_beta_log2 < -6 || lossy_beta_log2 > 6)
    e.add("switch.lossy_beta_log2 = {} must be in -6..6", lossy_beta_log2);

  const bool pfc_used = pfc_enable && (lossless_mask & prio_mask) != 0;
  const unsigned nlossless = pfc_enable ? static_cast<unsigned>(std::popcount(lossless_mask & prio_mask)) : 0;
  if (pfc_used && pause_quanta == 0) e.add("switch.pause_quanta = 0 must be >= 1 when PFC is enabled (0 is a resume)");
  if (pfc_used && !pfc_dynamic && pfc_static_thr_cells == 0)
    e.add("switch.pfc_static_thr_cells = 0 must be >= 1 with a static PFC threshold (0 pauses at once)");
  if (pfc_used && !pfc_dynamic && pfc_static_thr_cells > shared_pool_cells)
    e.add("switch.pfc_static_thr_cells = {} must be <= switch.shared_pool_cells = {}", pfc_static_thr_cells,
          shared_pool_cells);
  if (!sizes_ok) return e.str();

  // Buffer plan: the pool, the reserves and the lossless headroom must fit (docs/switch.md 2.4:
  // BUFFER_FULL is only reachable when this fails).
  const uint64_t reserved = uint64_t{reserve_cells} * p.nports * nprio;
  uint64_t headroom = 0;
  for (const PortConfig& port : ports) headroom += uint64_t{port.headroom_cells} * nlossless;
  const uint64_t need = uint64_t{shared_pool_cells} + reserved + headroom;
  if (need > p.ncells())
    e.add(
        "switch.shared_pool_cells = {} + reserves {} (reserve_cells {} x {} queues) + lossless headroom {} = {} "
        "must be <= NCELLS = {}",
        shared_pool_cells, reserved, reserve_cells, p.nports * nprio, headroom, need, p.ncells());

  for (unsigned i = 0; i < ports.size(); ++i) {
    const PortConfig& port = ports[i];
    if (port.quantum_cycles < 1) e.add("switch.ports[{}].quantum_cycles = 0 must be >= 1", i);
    if (pfc_used) {
      const uint64_t pause_cycles = uint64_t{pause_quanta} * port.quantum_cycles;
      if (port.pfc_refresh_cycles < 1 || port.pfc_refresh_cycles >= pause_cycles)
        e.add(
            "switch.ports[{}].pfc_refresh_cycles = {} must be in 1..{} (less than the pause time "
            "pause_quanta {} x quantum_cycles {})",
            i, port.pfc_refresh_cycles, pause_cycles > 0 ? pause_cycles - 1 : 0, pause_quanta, port.quantum_cycles);
    }
  }

  for (unsigned port = 0; port < p.nports; ++port) {
    for (unsigned c = 0; c < nprio; ++c) {
      const QueueConfig& q = queue(port, c);
      if (q.kmin_bytes > q.kmax_bytes)
        e.add("switch.queue[{}][{}].kmin_bytes = {} must be <= switch.queue[{}][{}].kmax_bytes = {}", port, c,
              q.kmin_bytes, port, c, q.kmax_bytes);
      if (q.pmax_65536 > 65536)
        e.add("switch.queue[{}][{}].pmax_65536 = {} must be in 0..65536", port, c, q.pmax_65536);
      if (((dwrr_group_mask >> c) & 1u) && q.dwrr_quantum_bytes < kMaxFrameBytes)
        e.add(
            "switch.queue[{}][{}].dwrr_quantum_bytes = {} must be >= {} (the largest frame) for a priority in "
            "switch.dwrr_group_mask",
            port, c, q.dwrr_quantum_bytes, kMaxFrameBytes);
    }
  }

  if (p.rcm && rcm.crd_en) {
    if (rcm.wq_log2 < -4 || rcm.wq_log2 > 4) e.add("switch.rcm.wq_log2 = {} must be in -4..4", rcm.wq_log2);
    if (rcm.fb_shift > 31) e.add("switch.rcm.fb_shift = {} must be in 0..31", rcm.fb_shift);
    if (rcm.cn_w_shift > 6) e.add("switch.rcm.cn_w_shift = {} must be in 0..6", rcm.cn_w_shift);
    if (rcm.rcc_en) {
      if (rcm.rcc_class >= nprio || rcm.rcc_queue >= nprio || rcm.rcc_class == rcm.rcc_queue)
        e.add("switch.rcm.rcc_class = {} and rcc_queue = {} must differ and be below NPRIO = {}", rcm.rcc_class,
              rcm.rcc_queue, nprio);
      else if (((dwrr_group_mask >> rcm.rcc_class) & 1u) == 0 || ((dwrr_group_mask >> rcm.rcc_queue) & 1u) == 0)
        e.add("switch.dwrr_group_mask = {:#04x} must hold switch.rcm.rcc_class {} and rcc_queue {}", dwrr_group_mask,
              rcm.rcc_class, rcm.rcc_queue);
      if (rcm.rcc_min_bytes < kMaxFrameBytes)
        e.add("switch.rcm.rcc_min_bytes = {} must be >= {} (the largest frame: the DWRR quanta of RCC)",
              rcm.rcc_min_bytes, kMaxFrameBytes);
      if (uint64_t{rcm.rcc_window_bytes} < 2 * uint64_t{rcm.rcc_min_bytes})
        e.add("switch.rcm.rcc_window_bytes = {} must be >= 2 x rcc_min_bytes = {}", rcm.rcc_window_bytes,
              2 * uint64_t{rcm.rcc_min_bytes});
    }
    if (rcm.sar_en && (rcm.sar_level < 1 || rcm.sar_level > 63))
      e.add("switch.rcm.sar_level = {} must be in 1..63", rcm.sar_level);
  }

  for (size_t d = 0; d < fwd.size(); ++d) {
    const FwdEntry& f = fwd[d];
    if (!f.valid) continue;
    if (f.is_ecmp && f.port_or_group >= p.ngroups)
      e.add("switch.fwd[{}] ECMP group {} must be < NGROUPS = {}", d, f.port_or_group, p.ngroups);
    if (!f.is_ecmp && f.port_or_group >= p.nports)
      e.add("switch.fwd[{}] port {} must be < NPORTS = {}", d, f.port_or_group, p.nports);
  }
  for (size_t g = 0; g < ecmp.size(); ++g) {
    const EcmpGroup& grp = ecmp[g];
    if (grp.size < 1 || grp.size > kEcmpMaxMembers) {
      e.add("switch.ecmp[{}].size = {} must be in 1..{}", g, grp.size, kEcmpMaxMembers);
      continue;
    }
    for (unsigned k = 0; k < grp.size; ++k)
      if (grp.members[k] >= p.nports)
        e.add("switch.ecmp[{}].members[{}] = {} must be < NPORTS = {}", g, k, grp.members[k], p.nports);
  }
  return e.str();
}

}  // namespace ccf::sw
