// switch_regs.hpp: the register map of sw_top (docs/switch.md 2.9) and the register writes that
// program a SwitchConfig. Shared by the RTL testbench and the SystemC switch wrapper.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "models/switch/switch_config.hpp"

namespace ccf::sw::regs {

enum Block : uint32_t {
  kGlobal = 0, kPort = 1, kQueue = 2, kFwd = 3, kEcmpMember = 4, kEcmpSize = 5, kRcm = 6, kRcmCounters = 7,
  kQueueCounters = 8, kPortCounters = 9, kIngressState = 10, kGlobalState = 11,
};
inline constexpr uint32_t addr(Block b, uint32_t index) { return (uint32_t(b) << 16) | (index & 0xFFFFu); }

enum Global : uint32_t {
  kCtrl = 0, kLosslessMask, kSharedPoolCells, kReserveCells, kPfcStaticThrCells, kPfcBetaLog2,
  kLossyBetaLog2, kResumeOffsetCells, kPauseQuanta, kDwrrGroupMask, kLfsrSeed,
};
enum PortReg : uint32_t { kHeadroomCells = 0, kQuantumCycles = 1, kPfcRefreshCycles = 2 };
enum QueueReg : uint32_t { kKmin = 0, kKmax, kPmax, kEcnSlope, kWredK, kQctrl, kDwrrQuantum };
enum QueueCounter : uint32_t {
  kEnqFrames = 0, kEnqBytes, kDeqFrames, kDeqBytes, kEcnMarks, kDropLossyTail, kDropWred,
  kDropHeadroom, kDropBufferFull, kPeakBytes, kLenBytes, kLenFrames,
};
enum PortCounter : uint32_t { kPfcPauseTx = 0, kPfcResumeTx, kPfcRx, kDropNoRoute, kPausedCycles0 };
enum IngressReg : uint32_t { kIngU = 0, kIngH, kIngXoff, kIngPeak };
enum GlobalState : uint32_t { kSharedUsed = 0, kTotalUsed, kFreeSlots, kLfsr };
// RCM (docs/switch.md 2.11.6): block 6 registers and block 7 per-port counters.
enum RcmReg : uint32_t {
  kRcmCtrl = 0, kCrdQeqBytes, kCrdQeqIngBytes, kCrdWqLog2, kCrdSampleBytes, kCrdFbShift, kFlagHoldCycles,
  kCnIntervalCycles, kCnWShift, kCfrSampleBytes, kRccClassQueue, kRccWindowBytes, kRccMinBytes, kSarLevel,
  kSarGapCycles, kCnPortMaskLo, kCnPortMaskHi,
};
enum RcmCounter : uint32_t { kCnSent = 0, kCnReceived, kCfrSamples, kRccHeldBytes, kSarReroutes, kReordered, kRccWc };

inline uint32_t port_reg(unsigned p, PortReg r) { return addr(kPort, p * 4 + r); }
inline uint32_t queue_reg(unsigned p, unsigned c, QueueReg r) { return addr(kQueue, (p * 8 + c) * 8 + r); }
inline uint32_t queue_counter(unsigned p, unsigned c, QueueCounter k, bool hi) {
  return addr(kQueueCounters, ((p * 8 + c) * 16 + k) * 2 + (hi ? 1 : 0));
}
inline uint32_t port_counter(unsigned p, unsigned k, bool hi) {
  return addr(kPortCounters, (p * 16 + k) * 2 + (hi ? 1 : 0));
}
inline uint32_t rcm_counter(unsigned p, RcmCounter k, bool hi) {
  return addr(kRcmCounters, (p * 8 + k) * 2 + (hi ? 1 : 0));
}
inline uint32_t ingress_reg(unsigned p, unsigned c, IngressReg k) { return addr(kIngressState, (p * 8 + c) * 4 + k); }

// The writes that program `cfg` into a switch elaborated with `params`, in order.
std::vector<std::pair<uint32_t, uint32_t>> config_writes(const SwitchParams& params, const SwitchConfig& cfg);

}  // namespace ccf::sw::regs
