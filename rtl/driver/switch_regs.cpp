// switch_regs.cpp: SwitchConfig to register writes (docs/switch.md 2.9).
#include "rtl/driver/switch_regs.hpp"

namespace ccf::sw::regs {

std::vector<std::pair<uint32_t, uint32_t>> config_writes(const SwitchParams& params, const SwitchConfig& cfg) {
  std::vector<std::pair<uint32_t, uint32_t>> w;
  auto signed4 = [](int v) { return uint32_t(v) & 0xFu; };
  w.emplace_back(addr(kGlobal, kCtrl), (cfg.pfc_dynamic ? 1u : 0u) | (cfg.mark_at_dequeue ? 2u : 0u) |
                                           (cfg.pfc_enable ? 4u : 0u));
  w.emplace_back(addr(kGlobal, kLosslessMask), cfg.lossless_mask);
  w.emplace_back(addr(kGlobal, kSharedPoolCells), cfg.shared_pool_cells);
  w.emplace_back(addr(kGlobal, kReserveCells), cfg.reserve_cells);
  w.emplace_back(addr(kGlobal, kPfcStaticThrCells), cfg.pfc_static_thr_cells);
  w.emplace_back(addr(kGlobal, kPfcBetaLog2), signed4(cfg.pfc_beta_log2));
  w.emplace_back(addr(kGlobal, kLossyBetaLog2), signed4(cfg.lossy_beta_log2));
  w.emplace_back(addr(kGlobal, kResumeOffsetCells), cfg.resume_offset_cells);
  w.emplace_back(addr(kGlobal, kPauseQuanta), cfg.pause_quanta);
  w.emplace_back(addr(kGlobal, kDwrrGroupMask), cfg.dwrr_group_mask);
  w.emplace_back(addr(kGlobal, kLfsrSeed), cfg.lfsr_seed);
  for (unsigned p = 0; p < params.nports; ++p) {
    const PortConfig& pc = cfg.ports[p];
    w.emplace_back(port_reg(p, kHeadroomCells), pc.headroom_cells);
    w.emplace_back(port_reg(p, kQuantumCycles), pc.quantum_cycles);
    w.emplace_back(port_reg(p, kPfcRefreshCycles), pc.pfc_refresh_cycles);
    for (unsigned c = 0; c < params.nprio; ++c) {
      const QueueConfig& q = cfg.queue(p, c);
      w.emplace_back(queue_reg(p, c, kKmin), q.kmin_bytes);
      w.emplace_back(queue_reg(p, c, kKmax), q.kmax_bytes);
      w.emplace_back(queue_reg(p, c, kPmax), q.pmax_65536);
      w.emplace_back(queue_reg(p, c, kEcnSlope), q.ecn_slope());
      w.emplace_back(queue_reg(p, c, kWredK), q.wred_k_bytes);
      w.emplace_back(queue_reg(p, c, kQctrl), (q.ecn_en ? 1u : 0u) | (q.wred_en ? 2u : 0u));
      w.emplace_back(queue_reg(p, c, kDwrrQuantum), q.dwrr_quantum_bytes);
    }
  }
  for (unsigned d = 0; d < cfg.fwd.size(); ++d) {
    const FwdEntry& f = cfg.fwd[d];
    w.emplace_back(addr(kFwd, d), (f.valid ? 1u << 31 : 0u) | (f.is_ecmp ? 1u << 30 : 0u) | f.port_or_group);
  }
  for (unsigned g = 0; g < cfg.ecmp.size(); ++g) {
    const EcmpGroup& e = cfg.ecmp[g];
    w.emplace_back(addr(kEcmpSize, g), e.size);
    for (unsigned k = 0; k < e.size; ++k) w.emplace_back(ecmp_member(g, k), e.members[k]);
  }
  if (params.rcm) {  // 2.11.6
    const RcmConfig& r = cfg.rcm;
    w.emplace_back(addr(kRcm, kCrdQeqBytes), r.qeq_bytes);
    w.emplace_back(addr(kRcm, kCrdQeqIngBytes), r.qeq_ing_bytes);
    w.emplace_back(addr(kRcm, kCrdWqLog2), signed4(r.wq_log2));
    w.emplace_back(addr(kRcm, kCrdSampleBytes), r.sample_bytes);
    w.emplace_back(addr(kRcm, kCrdFbShift), r.fb_shift);
    w.emplace_back(addr(kRcm, kFlagHoldCycles), r.flag_hold_cycles);
    w.emplace_back(addr(kRcm, kCnIntervalCycles), r.cn_interval_cycles);
    w.emplace_back(addr(kRcm, kCnWShift), r.cn_w_shift);
    w.emplace_back(addr(kRcm, kCfrSampleBytes), r.cfr_sample_bytes);
    w.emplace_back(addr(kRcm, kRccClassQueue), r.rcc_class | (r.rcc_queue << 4));
    w.emplace_back(addr(kRcm, kRccWindowBytes), r.rcc_window_bytes);
    w.emplace_back(addr(kRcm, kRccMinBytes), r.rcc_min_bytes);
    w.emplace_back(addr(kRcm, kSarLevel), r.sar_level);
    w.emplace_back(addr(kRcm, kSarGapCycles), r.sar_gap_cycles);
    w.emplace_back(addr(kRcm, kCnPortMaskLo), static_cast<uint32_t>(r.cn_port_mask));
    w.emplace_back(addr(kRcm, kCnPortMaskHi), static_cast<uint32_t>(r.cn_port_mask >> 32));
    w.emplace_back(addr(kRcm, kRcmCtrl), (r.crd_en ? 1u : 0u) | (r.cn_en ? 2u : 0u) | (r.rcc_en ? 4u : 0u) |
                                             (r.sar_en ? 8u : 0u));  // last: enables with every value set
  }
  return w;
}

}  // namespace ccf::sw::regs
