// rcm_state.cpp: see rcm_state.hpp. Widths as declared in rtl/switch/sw_rcm.sv.
#include "models/switch/rcm_state.hpp"

#include <bit>

#include <fmt/format.h>

namespace ccf::sw {

namespace {
constexpr uint64_t kCycleBits = 48;    // deadlines and times (sw_pkg::CYC_W)
constexpr uint64_t kCountBits = 21;    // bucket frame counts (sw_pkg::CNT_W)
constexpr uint64_t kBuckets = 16;      // RCC order buckets per port (2.11.4)
constexpr uint64_t kCounters = 6;      // block 7 counters per port, 64 bits each (2.11.6)
constexpr uint64_t kCounterSlots = 8;  // counter words per port in sw_rcm (address port x 8 + k)

uint64_t clog2(uint64_t n) {
  return n <= 1 ? 0 : std::bit_width(n - 1);
}
}  // namespace

uint64_t RcmState::total_bits() const {
  uint64_t n = 0;
  for (const auto& i : items) n += i.total();
  return n;
}

double RcmState::bits_per_port(unsigned nports) const {
  uint64_t n = 0;
  for (const auto& i : items)
    if (i.per != "switch") n += i.total();
  return nports ? double(n) / nports : 0.0;
}

RcmState rcm_state(const SwitchParams& p) {
  const uint64_t nq = uint64_t{p.nports} * p.nprio, pid = clog2(p.nports), depth = p.cfr_depth;
  const uint64_t cam_entry = 1 + 16 + pid;  // {valid, hash, ingress port}
  RcmState s;
  s.items = {
      {"egress CRD", "class", "acc 32, qlast 32, fb 6, until 48, written 1", 32 + 32 + 6 + kCycleBits + 1, nq},
      {"ingress CRD", "class", "acc 32, qlast 32, cn_next 48, written 1", 32 + 32 + kCycleBits + 1, nq},
      {"CFR CAM", "class",
       fmt::format("{} entries x {} (valid, hash 16, port {}), pointer {}, acc 32, written 1", depth, cam_entry, pid,
                   clog2(depth)),
       depth * cam_entry + clog2(depth) + 32 + 1, nq},
      {"remote state", "class", fmt::format("until 48, fb 6, count 6, {} IDs x 16, written 1", depth),
       kCycleBits + 6 + 6 + depth * 16 + 1, nq},
      {"RCC share and window", "port", "Wc 32, class bytes 32, window end 48, Wc sent 32, written 2",
       32 + 32 + kCycleBits + 32 + 2, p.nports},
      {"RCC order buckets", "port", fmt::format("{} x (count {}, side 1, written 1)", kBuckets, kCountBits),
       kBuckets * (kCountBits + 2), p.nports},
      {"counters", "port",
       fmt::format("{} x 64 and a written bit each ({} of them used: block 7 addresses port x 8 + k)", kCounterSlots,
                   kCounters),
       kCounterSlots * 65, p.nports},
      {"SAR flow table", "switch",
       fmt::format("{} entries x (valid 1, port {}, last 48, written 1)", uint64_t{1} << p.sar_tbl_lg, pid),
       (uint64_t{1} << p.sar_tbl_lg) * (1 + pid + kCycleBits + 1), 1},
      {"registers", "switch",
       "block 6: 9 x 32, CN port mask 64, w_q 4, shift 5, CN w 3, classes 6, SAR level 6, "
       "control 4; read data 33",
       9 * 32 + 64 + 4 + 5 + 3 + 6 + 6 + 4 + 33, 1},
  };
  return s;
}

}  // namespace ccf::sw
