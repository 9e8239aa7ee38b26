// The register map's one source is rtl/switch/sw_pkg.sv (docs/switch.md 2.9, 2.11.6): the driver's
// names (driver/switch_regs.hpp) are the ones generated from it, its address helpers put each field
// where the generated layout says, and the Verilated switch, elaborated from the same package, answers
// at every generated address on the 4-port switch without and with RCM: a register of blocks 0-6 reads
// back its own value, a read-only word of blocks 7-11 its value after configuration, unchanged by a
// write.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "Vsw_top_rcm_small.h"
#include "Vsw_top_small.h"
#include "models/switch/mmu_model.hpp"
#include "rtl/driver/switch_dut.hpp"
#include "rtl/driver/switch_regs.hpp"
#include "rtl/generated/switch_reg_map.hpp"
#include "switch_test_util.hpp"

namespace ccf::test {
namespace {

using namespace sw::regs;
namespace map = sw::reg_map;
using driver::CfgOp;
using driver::SwitchDut;

// The driver's enumerators of one group, in the order the generated table lists the package's names.
template <class E, size_t N>
void expect_same(const map::Entry (&generated)[N], std::initializer_list<E> driver) {
  ASSERT_EQ(driver.size(), N) << generated[0].name << "...";
  size_t i = 0;
  for (const E e : driver) {
    EXPECT_EQ(uint32_t(e), generated[i].value) << generated[i].name;
    ++i;
  }
}

TEST(SwitchRegMap, DriverNamesAreTheGeneratedOnes) {
  expect_same<Block>(map::blocks, {kGlobal, kPort, kQueue, kFwd, kEcmpMember, kEcmpSize, kRcm, kRcmCounters,
                                   kQueueCounters, kPortCounters, kIngressState, kGlobalState});
  expect_same<Global>(map::global_regs, {kCtrl, kLosslessMask, kSharedPoolCells, kReserveCells, kPfcStaticThrCells,
                                         kPfcBetaLog2, kLossyBetaLog2, kResumeOffsetCells, kPauseQuanta,
                                         kDwrrGroupMask, kLfsrSeed});
  expect_same<PortReg>(map::port_regs, {kHeadroomCells, kQuantumCycles, kPfcRefreshCycles});
  expect_same<QueueReg>(map::queue_regs, {kKmin, kKmax, kPmax, kEcnSlope, kWredK, kQctrl, kDwrrQuantum});
  expect_same<RcmReg>(map::rcm_regs, {kRcmCtrl, kCrdQeqBytes, kCrdQeqIngBytes, kCrdWqLog2, kCrdSampleBytes,
                                      kCrdFbShift, kFlagHoldCycles, kCnIntervalCycles, kCnWShift, kCfrSampleBytes,
                                      kRccClassQueue, kRccWindowBytes, kRccMinBytes, kSarLevel, kSarGapCycles,
                                      kCnPortMaskLo, kCnPortMaskHi});
  expect_same<RcmCounter>(map::rcm_counters,
                          {kCnSent, kCnReceived, kCfrSamples, kRccHeldBytes, kSarReroutes, kReordered, kRccWc});
  expect_same<QueueCounter>(map::queue_counters, {kEnqFrames, kEnqBytes, kDeqFrames, kDeqBytes, kEcnMarks,
                                                  kDropLossyTail, kDropWred, kDropHeadroom, kDropBufferFull,
                                                  kPeakBytes, kLenBytes, kLenFrames});
  expect_same<PortCounter>(map::port_counters, {kPfcPauseTx, kPfcResumeTx, kPfcRx, kDropNoRoute, kPausedCycles0});
  expect_same<IngressReg>(map::ingress_regs, {kIngU, kIngH, kIngXoff, kIngPeak});
  expect_same<GlobalState>(map::global_state, {kSharedUsed, kTotalUsed, kFreeSlots, kLfsr});
}

// Takes the lowest `width` bits off `index` and returns them.
uint32_t take(uint32_t& index, uint32_t width) {
  const uint32_t f = index & ((1u << width) - 1);
  index >>= width;
  return f;
}

// The helpers' addresses for 64 ports and 8 classes: each field read back by the generated layout,
// and no two registers at one address.
TEST(SwitchRegMap, HelpersPutEveryFieldWhereTheLayoutSays) {
  std::set<uint32_t> seen;
  size_t made = 0;
  // Checks block `b` of `a` and returns its index.
  auto index_in = [&](uint32_t a, Block b) {
    seen.insert(a);
    ++made;
    EXPECT_EQ(a >> map::IDX_W, uint32_t(b)) << std::hex << "address 0x" << a;
    EXPECT_LT(a, 1u << map::ADDR_W);
    return a & ((1u << map::IDX_W) - 1);
  };
  for (const auto& e : map::global_regs) EXPECT_EQ(index_in(addr(kGlobal, e.value), kGlobal), e.value) << e.name;
  for (const auto& e : map::global_state) EXPECT_EQ(index_in(addr(kGlobalState, e.value), kGlobalState), e.value);
  for (const auto& e : map::rcm_regs) EXPECT_EQ(index_in(addr(kRcm, e.value), kRcm), e.value) << e.name;
  for (unsigned p = 0; p < 64; ++p) {
    for (const auto& e : map::port_regs) {
      uint32_t i = index_in(port_reg(p, PortReg(e.value)), kPort);
      EXPECT_EQ(take(i, map::REG_P_K_W), e.value);
      EXPECT_EQ(i, p) << e.name;
    }
    for (unsigned k = 0; k < kPausedCycles0 + 8; ++k) {
      for (const bool hi : {false, true}) {
        uint32_t i = index_in(port_counter(p, k, hi), kPortCounters);
        EXPECT_EQ(take(i, map::CNT_HI_W), hi ? 1u : 0u);
        EXPECT_EQ(take(i, map::PCNT_K_W), k);
        EXPECT_EQ(i, p) << "k " << k;
      }
    }
    for (const auto& e : map::rcm_counters) {
      for (const bool hi : {false, true}) {
        uint32_t i = index_in(rcm_counter(p, RcmCounter(e.value), hi), kRcmCounters);
        EXPECT_EQ(take(i, map::CNT_HI_W), hi ? 1u : 0u);
        EXPECT_EQ(take(i, map::RCMCNT_K_W), e.value);
        EXPECT_EQ(i, p) << e.name;
      }
    }
    for (unsigned c = 0; c < 8; ++c) {
      for (const auto& e : map::queue_regs) {
        uint32_t i = index_in(queue_reg(p, c, QueueReg(e.value)), kQueue);
        EXPECT_EQ(take(i, map::REG_Q_K_W), e.value);
        EXPECT_EQ(take(i, map::IDX_C_W), c);
        EXPECT_EQ(i, p) << e.name;
      }
      for (const auto& e : map::queue_counters) {
        for (const bool hi : {false, true}) {
          uint32_t i = index_in(queue_counter(p, c, QueueCounter(e.value), hi), kQueueCounters);
          EXPECT_EQ(take(i, map::CNT_HI_W), hi ? 1u : 0u);
          EXPECT_EQ(take(i, map::QCNT_K_W), e.value);
          EXPECT_EQ(take(i, map::IDX_C_W), c);
          EXPECT_EQ(i, p) << e.name;
        }
      }
      for (const auto& e : map::ingress_regs) {
        uint32_t i = index_in(ingress_reg(p, c, IngressReg(e.value)), kIngressState);
        EXPECT_EQ(take(i, map::ING_K_W), e.value);
        EXPECT_EQ(take(i, map::IDX_C_W), c);
        EXPECT_EQ(i, p) << e.name;
      }
    }
  }
  for (unsigned g = 0; g < 256; ++g) {
    for (unsigned k = 0; k < 16; ++k) {
      uint32_t i = index_in(ecmp_member(g, k), kEcmpMember);
      EXPECT_EQ(take(i, map::ECMP_M_K_W), k);
      EXPECT_EQ(i, g);
    }
  }
  EXPECT_EQ(seen.size(), made) << "two registers share an address";
}

struct Word {
  std::string name;
  uint32_t addr;
};

// Every register of blocks 0-6 of the switch at its generated address (one entry of each forwarding
// table), and every read-only word of blocks 7-11.
void every_word(const sw::SwitchParams& params, std::vector<Word>& rw, std::vector<Word>& ro) {
  auto at = [](const map::Entry& e, unsigned p, int c = -1) {
    return std::string(e.name) + " p" + std::to_string(p) + (c < 0 ? "" : " c" + std::to_string(c));
  };
  for (const auto& e : map::global_regs) rw.push_back({e.name, addr(kGlobal, e.value)});
  rw.push_back({"BLK_FWD 0", addr(kFwd, 0)});
  rw.push_back({"BLK_ECMP_M 0 1", ecmp_member(0, 1)});
  rw.push_back({"BLK_ECMP_N 0", addr(kEcmpSize, 0)});
  for (const auto& e : map::global_state) ro.push_back({e.name, addr(kGlobalState, e.value)});
  if (params.rcm)
    for (const auto& e : map::rcm_regs) rw.push_back({e.name, addr(kRcm, e.value)});
  for (unsigned p = 0; p < params.nports; ++p) {
    for (const auto& e : map::port_regs) rw.push_back({at(e, p), port_reg(p, PortReg(e.value))});
    for (const auto& e : map::port_counters) {
      const unsigned classes = e.value == kPausedCycles0 ? params.nprio : 1;
      for (unsigned c = 0; c < classes; ++c)
        for (const bool hi : {false, true})
          ro.push_back({at(e, p, int(c)) + (hi ? " hi" : ""), port_counter(p, e.value + c, hi)});
    }
    if (params.rcm)
      for (const auto& e : map::rcm_counters)
        for (const bool hi : {false, true})
          ro.push_back({at(e, p) + (hi ? " hi" : ""), rcm_counter(p, RcmCounter(e.value), hi)});
    for (unsigned c = 0; c < params.nprio; ++c) {
      for (const auto& e : map::queue_regs) rw.push_back({at(e, p, int(c)), queue_reg(p, c, QueueReg(e.value))});
      for (const auto& e : map::queue_counters)
        for (const bool hi : {false, true})
          ro.push_back({at(e, p, int(c)) + (hi ? " hi" : ""), queue_counter(p, c, QueueCounter(e.value), hi)});
      for (const auto& e : map::ingress_regs) ro.push_back({at(e, p, int(c)), ingress_reg(p, c, IngressReg(e.value))});
    }
  }
}

template <class V>
void check_every_address(const sw::SwitchParams& params) {
  const sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
  const sw::MmuModel idle(params, cfg);  // the read-only words of a configured switch without traffic
  SwitchDut<V> dut(params);
  uint64_t cycle = dut.reset(0);
  cycle = dut.configure(cycle, cfg);
  std::vector<Word> rw, ro;
  every_word(params, rw, ro);

  for (const Word& w : ro) {
    const uint32_t want = w.addr == addr(kGlobalState, kFreeSlots) ? uint32_t(idle.free_slots())
                          : w.addr == addr(kGlobalState, kLfsr)     ? idle.lfsr()
                                                                     : 0u;
    EXPECT_EQ(dut.read_reg(cycle++, w.addr), want) << w.name;
    dut.cfg_cycle(cycle++, CfgOp{true, w.addr, 0xFFFFFFFF});
    EXPECT_EQ(dut.read_reg(cycle++, w.addr), want) << w.name << " after a write";
  }

  // All ones first: each register keeps the bits of its field, at least one. Then a value of its own
  // in each, all written before any is read back: no two names share a register.
  std::vector<uint32_t> field(rw.size());
  for (size_t j = 0; j < rw.size(); ++j) {
    dut.cfg_cycle(cycle++, CfgOp{true, rw[j].addr, 0xFFFFFFFF});
    field[j] = dut.read_reg(cycle++, rw[j].addr);
    EXPECT_NE(field[j], 0u) << rw[j].name << " holds no bit";
  }
  auto value = [](size_t j) { return uint32_t(j + 1) * 0x9E3779B1u; };
  for (size_t j = 0; j < rw.size(); ++j) dut.cfg_cycle(cycle++, CfgOp{true, rw[j].addr, value(j)});
  for (size_t j = 0; j < rw.size(); ++j)
    EXPECT_EQ(dut.read_reg(cycle++, rw[j].addr), value(j) & field[j]) << rw[j].name;
}

TEST(SwitchRegMap, EveryRegisterAtItsGeneratedAddress) { check_every_address<Vsw_top_small>(small_params()); }

TEST(SwitchRegMap, EveryRegisterAtItsGeneratedAddressWithRcm) {
  check_every_address<Vsw_top_rcm_small>(rcm_small_params());
}

}  // namespace
}  // namespace ccf::test
