// switch_regs.hpp: the register map of sw_top (docs/switch.md 2.9) and the register writes that
// program a SwitchConfig. Shared by the RTL testbench and the SystemC switch wrapper.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "models/switch/switch_config.hpp"
#include "rtl/generated/switch_reg_map.hpp"

namespace ccf::sw::regs {

// The values are the generated names of rtl/switch/sw_pkg.sv, the map's one source (2.9).
enum Block : uint32_t {
  kGlobal = reg_map::BLK_GLOBAL,
  kPort = reg_map::BLK_PORT,
  kQueue = reg_map::BLK_QUEUE,
  kFwd = reg_map::BLK_FWD,
  kEcmpMember = reg_map::BLK_ECMP_M,
  kEcmpSize = reg_map::BLK_ECMP_N,
  kRcm = reg_map::BLK_RCM,
  kRcmCounters = reg_map::BLK_RCM_CNT,
  kQueueCounters = reg_map::BLK_QCNT,
  kPortCounters = reg_map::BLK_PCNT,
  kIngressState = reg_map::BLK_INGRESS,
  kGlobalState = reg_map::BLK_GSTATE,
};
inline constexpr uint32_t addr(Block b, uint32_t index) {
  return (uint32_t(b) << reg_map::IDX_W) | (index & ((1u << reg_map::IDX_W) - 1));
}

enum Global : uint32_t {
  kCtrl = reg_map::REG_G_CTRL,
  kLosslessMask = reg_map::REG_G_LOSSLESS_MASK,
  kSharedPoolCells = reg_map::REG_G_SHARED_POOL_CELLS,
  kReserveCells = reg_map::REG_G_RESERVE_CELLS,
  kPfcStaticThrCells = reg_map::REG_G_PFC_STATIC_THR_CELLS,
  kPfcBetaLog2 = reg_map::REG_G_PFC_BETA_LOG2,
  kLossyBetaLog2 = reg_map::REG_G_LOSSY_BETA_LOG2,
  kResumeOffsetCells = reg_map::REG_G_RESUME_OFFSET_CELLS,
  kPauseQuanta = reg_map::REG_G_PAUSE_QUANTA,
  kDwrrGroupMask = reg_map::REG_G_DWRR_GROUP_MASK,
  kLfsrSeed = reg_map::REG_G_LFSR_SEED,
};
enum PortReg : uint32_t {
  kHeadroomCells = reg_map::REG_P_HEADROOM_CELLS,
  kQuantumCycles = reg_map::REG_P_QUANTUM_CYCLES,
  kPfcRefreshCycles = reg_map::REG_P_PFC_REFRESH_CYCLES,
};
enum QueueReg : uint32_t {
  kKmin = reg_map::REG_Q_KMIN_BYTES,
  kKmax = reg_map::REG_Q_KMAX_BYTES,
  kPmax = reg_map::REG_Q_PMAX,
  kEcnSlope = reg_map::REG_Q_ECN_SLOPE,
  kWredK = reg_map::REG_Q_WRED_K_BYTES,
  kQctrl = reg_map::REG_Q_QCTRL,
  kDwrrQuantum = reg_map::REG_Q_DWRR_QUANTUM_BYTES,
};
enum QueueCounter : uint32_t {
  kEnqFrames = reg_map::QCNT_ENQ_FRAMES,
  kEnqBytes = reg_map::QCNT_ENQ_BYTES,
  kDeqFrames = reg_map::QCNT_DEQ_FRAMES,
  kDeqBytes = reg_map::QCNT_DEQ_BYTES,
  kEcnMarks = reg_map::QCNT_ECN_MARKS,
  kDropLossyTail = reg_map::QCNT_DROP_LOSSY_TAIL,
  kDropWred = reg_map::QCNT_DROP_WRED,
  kDropHeadroom = reg_map::QCNT_DROP_HEADROOM,
  kDropBufferFull = reg_map::QCNT_DROP_BUFFER_FULL,
  kPeakBytes = reg_map::QCNT_PEAK_BYTES,
  kLenBytes = reg_map::QCNT_LEN_BYTES,
  kLenFrames = reg_map::QCNT_LEN_FRAMES,
};
enum PortCounter : uint32_t {
  kPfcPauseTx = reg_map::PCNT_PFC_PAUSE_TX,
  kPfcResumeTx = reg_map::PCNT_PFC_RESUME_TX,
  kPfcRx = reg_map::PCNT_PFC_RX,
  kDropNoRoute = reg_map::PCNT_DROP_NO_ROUTE,
  kPausedCycles0 = reg_map::PCNT_PAUSED_CYCLES0,
};
enum IngressReg : uint32_t {
  kIngU = reg_map::ING_U,
  kIngH = reg_map::ING_H,
  kIngXoff = reg_map::ING_XOFF,
  kIngPeak = reg_map::ING_PEAK
};
enum GlobalState : uint32_t {
  kSharedUsed = reg_map::GST_SHARED_USED,
  kTotalUsed = reg_map::GST_TOTAL_USED,
  kFreeSlots = reg_map::GST_FREE_SLOTS,
  kLfsr = reg_map::GST_LFSR,
};
// RCM (docs/switch.md 2.11.6): block 6 registers and block 7 per-port counters.
enum RcmReg : uint32_t {
  kRcmCtrl = reg_map::RCM_CTRL,
  kCrdQeqBytes = reg_map::RCM_CRD_QEQ_BYTES,
  kCrdQeqIngBytes = reg_map::RCM_CRD_QEQ_ING_BYTES,
  kCrdWqLog2 = reg_map::RCM_CRD_WQ_LOG2,
  kCrdSampleBytes = reg_map::RCM_CRD_SAMPLE_BYTES,
  kCrdFbShift = reg_map::RCM_CRD_FB_SHIFT,
  kFlagHoldCycles = reg_map::RCM_FLAG_HOLD_CYCLES,
  kCnIntervalCycles = reg_map::RCM_CN_INTERVAL_CYCLES,
  kCnWShift = reg_map::RCM_CN_W_SHIFT,
  kCfrSampleBytes = reg_map::RCM_CFR_SAMPLE_BYTES,
  kRccClassQueue = reg_map::RCM_RCC_CLASS_QUEUE,
  kRccWindowBytes = reg_map::RCM_RCC_WINDOW_BYTES,
  kRccMinBytes = reg_map::RCM_RCC_MIN_BYTES,
  kSarLevel = reg_map::RCM_SAR_LEVEL,
  kSarGapCycles = reg_map::RCM_SAR_GAP_CYCLES,
  kCnPortMaskLo = reg_map::RCM_CN_PORT_MASK_LO,
  kCnPortMaskHi = reg_map::RCM_CN_PORT_MASK_HI,
};
enum RcmCounter : uint32_t {
  kCnSent = reg_map::RCMCNT_CN_SENT,
  kCnReceived = reg_map::RCMCNT_CN_RECEIVED,
  kCfrSamples = reg_map::RCMCNT_CFR_SAMPLES,
  kRccHeldBytes = reg_map::RCMCNT_RCC_HELD_BYTES,
  kSarReroutes = reg_map::RCMCNT_SAR_REROUTES,
  kReordered = reg_map::RCMCNT_REORDERED,
  kRccWc = reg_map::RCMCNT_RCC_WC,
};

// An index nests fields (2.9): `outer` above a field of `width` bits holding `inner`, i.e.
// outer * 2^width + inner. A slot is p or (p, c) = p * 8 + c; a register is slot * 2^K_W + k; a
// counter's word is (slot * 2^K_W + k) * 2 + hi.
inline constexpr uint32_t nest(uint32_t outer, uint32_t width, uint32_t inner) {
  return (outer << width) + inner;
}
inline constexpr uint32_t pc_slot(unsigned p, unsigned c) {
  return nest(p, reg_map::IDX_C_W, c);
}

inline uint32_t port_reg(unsigned p, PortReg r) {
  return addr(kPort, nest(p, reg_map::REG_P_K_W, r));
}
inline uint32_t queue_reg(unsigned p, unsigned c, QueueReg r) {
  return addr(kQueue, nest(pc_slot(p, c), reg_map::REG_Q_K_W, r));
}
inline uint32_t ecmp_member(unsigned g, unsigned k) {
  return addr(kEcmpMember, nest(g, reg_map::ECMP_M_K_W, k));
}
inline uint32_t queue_counter(unsigned p, unsigned c, QueueCounter k, bool hi) {
  return addr(kQueueCounters, nest(nest(pc_slot(p, c), reg_map::QCNT_K_W, k), reg_map::CNT_HI_W, hi ? 1 : 0));
}
inline uint32_t port_counter(unsigned p, unsigned k, bool hi) {
  return addr(kPortCounters, nest(nest(p, reg_map::PCNT_K_W, k), reg_map::CNT_HI_W, hi ? 1 : 0));
}
inline uint32_t rcm_counter(unsigned p, RcmCounter k, bool hi) {
  return addr(kRcmCounters, nest(nest(p, reg_map::RCMCNT_K_W, k), reg_map::CNT_HI_W, hi ? 1 : 0));
}
inline uint32_t ingress_reg(unsigned p, unsigned c, IngressReg k) {
  return addr(kIngressState, nest(pc_slot(p, c), reg_map::ING_K_W, k));
}

// The writes that program `cfg` into a switch elaborated with `params`, in order.
std::vector<std::pair<uint32_t, uint32_t>> config_writes(const SwitchParams& params, const SwitchConfig& cfg);

}  // namespace ccf::sw::regs

namespace ccf::driver {

// A register access made in a cycle (nothing else should change in that cycle).
struct CfgOp {
  bool write = false;
  uint32_t addr = 0;
  uint32_t data = 0;
};

}  // namespace ccf::driver
