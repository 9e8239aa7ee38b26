// random_config.cpp: see random_config.hpp. Ranges are chosen so that every mechanism fires in a
// short run: thresholds, headroom and ECN curves are small compared with the buffer.
#include "tb/switch/random_config.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace ccf::tb {

sw::SwitchConfig random_config(const sw::SwitchParams& params, std::mt19937_64& rng) {
  auto pick = [&](uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); };
  auto coin = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
  const uint64_t ncells = params.ncells();
  const unsigned nq = params.nports * params.nprio;
  cfg.pfc_enable = coin(0.85);
  cfg.pfc_dynamic = coin(0.6);
  cfg.mark_at_dequeue = coin(0.5);
  cfg.lossless_mask = static_cast<uint8_t>(pick(0, 255) & ((1u << params.nprio) - 1));
  cfg.reserve_cells = static_cast<uint32_t>(pick(0, std::max<uint64_t>(1, ncells / (nq * 8))));
  const unsigned lossless = std::popcount(unsigned(cfg.lossless_mask));
  uint64_t headroom_total = 0;
  for (auto& p : cfg.ports) {
    p.headroom_cells = static_cast<uint32_t>(pick(4, std::max<uint64_t>(5, ncells / (params.nports * 16))));
    p.quantum_cycles = static_cast<uint32_t>(std::array<unsigned, 5>{2, 4, 8, 16, 20}[pick(0, 4)]);
    headroom_total += uint64_t{p.headroom_cells} * lossless;
  }
  const uint64_t reserved = uint64_t{cfg.reserve_cells} * nq;
  const uint64_t left = ncells - std::min(ncells, reserved + headroom_total);
  // A pool smaller than the buffer makes shared exhaustion reachable; rarely, a larger one
  // (misconfigured) makes BUFFER_FULL reachable.
  cfg.shared_pool_cells = static_cast<uint32_t>(coin(0.05) ? ncells : pick(left / 4 + 1, std::max<uint64_t>(left, 2)));
  cfg.pfc_static_thr_cells = static_cast<uint32_t>(pick(1, std::max<uint64_t>(2, cfg.shared_pool_cells / params.nports)));
  cfg.pfc_beta_log2 = static_cast<int>(pick(0, 9)) - 6;
  cfg.lossy_beta_log2 = static_cast<int>(pick(0, 12)) - 6;
  cfg.resume_offset_cells = static_cast<uint32_t>(pick(0, 12));
  cfg.pause_quanta = static_cast<uint16_t>(coin(0.2) ? 0xFFFF : pick(16, 2000));
  for (auto& p : cfg.ports) {
    const uint64_t pause_cycles = uint64_t{cfg.pause_quanta} * p.quantum_cycles;
    p.pfc_refresh_cycles = static_cast<uint32_t>(std::max<uint64_t>(1, pause_cycles / 2));
  }
  cfg.dwrr_group_mask = static_cast<uint8_t>(pick(0, 255) & ((1u << params.nprio) - 1));
  cfg.lfsr_seed = static_cast<uint32_t>(rng());
  const uint64_t q_bytes = uint64_t{params.cell_bytes} * std::max<uint64_t>(4, ncells / 8);
  for (auto& q : cfg.queues) {
    q.kmin_bytes = static_cast<uint32_t>(pick(0, q_bytes / 4));
    q.kmax_bytes = static_cast<uint32_t>(q.kmin_bytes + (coin(0.1) ? 0 : pick(1, q_bytes)));
    q.pmax_65536 = static_cast<uint32_t>(coin(0.1) ? 65536 : pick(0, 65536));
    q.ecn_en = coin(0.8);
    q.wred_en = coin(0.3);
    q.wred_k_bytes = static_cast<uint32_t>(pick(0, q_bytes / 2));
    q.dwrr_quantum_bytes = static_cast<uint32_t>(pick(16383, 40000));
  }
  // Forwarding: every port reachable directly, a few destinations through ECMP groups.
  const unsigned ngroups_used = std::min<unsigned>(params.ngroups, 4);
  for (unsigned g = 0; g < ngroups_used; ++g) {
    sw::EcmpGroup& e = cfg.ecmp[g];
    e.size = static_cast<unsigned>(pick(1, std::min<unsigned>(sw::kEcmpMaxMembers, params.nports)));
    for (unsigned k = 0; k < e.size; ++k) e.members[k] = static_cast<uint8_t>(pick(0, params.nports - 1));
  }
  for (unsigned d = 0; d < cfg.fwd.size(); ++d) {
    sw::FwdEntry& f = cfg.fwd[d];
    if (d < params.nports) {
      f = {true, false, static_cast<uint8_t>(d)};
    } else if (d < params.nports + ngroups_used) {
      f = {true, true, static_cast<uint8_t>(d - params.nports)};
    } else {
      f = {false, false, 0};
    }
  }
  if (params.rcm) {  // 2.11: thresholds small enough that flags, CNs, RCC and SAR fire in a short run
    sw::RcmConfig& r = cfg.rcm;
    r.crd_en = coin(0.95);
    r.cn_en = coin(0.8);
    r.rcc_en = coin(0.7) && params.nprio >= 2;
    r.sar_en = coin(0.7);
    r.qeq_bytes = static_cast<uint32_t>(pick(0, q_bytes / 8));
    r.qeq_ing_bytes = static_cast<uint32_t>(pick(0, q_bytes / 8));
    r.wq_log2 = static_cast<int>(pick(0, 8)) - 4;
    r.sample_bytes = static_cast<uint32_t>(coin(0.05) ? 0 : pick(64, 16384));
    r.fb_shift = static_cast<unsigned>(coin(0.5) ? pick(0, 6) : pick(0, 14));
    r.flag_hold_cycles = static_cast<uint32_t>(pick(0, 20000));
    r.cn_interval_cycles = static_cast<uint32_t>(pick(0, 5000));
    r.cn_w_shift = static_cast<unsigned>(pick(0, 6));
    r.cfr_sample_bytes = static_cast<uint32_t>(coin(0.05) ? 0 : pick(64, 8192));
    r.rcc_class = static_cast<unsigned>(pick(0, params.nprio - 1));
    r.rcc_queue = static_cast<unsigned>((r.rcc_class + pick(1, std::max(1u, params.nprio - 1))) % params.nprio);
    if (r.rcc_en) cfg.dwrr_group_mask |= static_cast<uint8_t>((1u << r.rcc_class) | (1u << r.rcc_queue));
    r.rcc_min_bytes = static_cast<uint32_t>(pick(16383, 40000));
    r.rcc_window_bytes = static_cast<uint32_t>(pick(2 * uint64_t{r.rcc_min_bytes}, 400000));
    r.sar_level = static_cast<unsigned>(pick(1, coin(0.7) ? 4 : 63));
    r.sar_gap_cycles = static_cast<uint32_t>(pick(0, 5000));
    r.cn_port_mask = rng() & (params.nports >= 64 ? ~uint64_t{0} : (uint64_t{1} << params.nports) - 1);
  }
  return cfg;
}

}  // namespace ccf::tb
