// The register interface of the switch RTL (docs/switch.md 2.9, 2.11.6), on the 4-port switch without
// and with RCM: every register of the configuration reads back what was written, within its field
// (bits written outside the field are dropped); an address that holds no register reads 0, and a write
// to it, or to a read-only counter, changes nothing. The scoreboard keeps the reference model, which
// never sees these accesses, in lock step throughout, and compares every counter at the end.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <vector>

#include "Vsw_top_rcm_small.h"
#include "Vsw_top_small.h"
#include "rtl/driver/switch_regs.hpp"
#include "switch_test_util.hpp"
#include "tb/switch/harness.hpp"
#include "tb/switch/random_config.hpp"

namespace ccf::test {
namespace {

using namespace sw::regs;

// The bits a register keeps, from the widths 2.9 and 2.11.6 give its fields.
uint32_t field_mask(uint32_t a) {
  const uint32_t idx = a & 0xFFFFu;
  switch (Block(a >> 16)) {
    case kGlobal:
      switch (idx) {
        case kCtrl: return 0x7;                                 // bits 0-2
        case kLosslessMask: case kDwrrGroupMask: return 0xFF;   // [7:0]
        case kPfcBetaLog2: case kLossyBetaLog2: return 0xF;     // signed 4 bits
        case kPauseQuanta: return 0xFFFF;                       // [15:0]
        default: return 0xFFFFFFFF;
      }
    case kQueue: return idx % 8 == kQctrl ? 0x3 : 0xFFFFFFFF;  // QCTRL bits 0, 1
    case kFwd: return 0xC00000FF;                               // bit 31 valid, 30 is_ecmp, [7:0]
    case kEcmpMember: return 0xFF;                              // [7:0]
    case kEcmpSize: return 0x1F;                                // [4:0], 1..16
    case kRcm:
      switch (idx) {
        case kRcmCtrl: case kCrdWqLog2: return 0xF;  // bits 0-3; signed 4 bits
        case kCrdFbShift: return 0x1F;               // 0..31
        case kCnWShift: return 0x7;                  // 0..6
        case kRccClassQueue: return 0x77;            // [2:0] and [6:4]
        case kSarLevel: return 0x3F;                 // 0..63
        default: return 0xFFFFFFFF;
      }
    default: return 0xFFFFFFFF;  // block 1
  }
}

// Addresses in the register blocks that hold no register: past a block's last index, a port or
// (p,c) the switch does not have, a k no register uses, and the blocks 2.9 leaves free.
std::vector<uint32_t> unmapped(const sw::SwitchParams& p) {
  std::vector<uint32_t> a = {
      addr(kGlobal, kLfsrSeed + 1), addr(kGlobal, 0xFFFF),
      port_reg(0, PortReg(3)), addr(kPort, p.nports * 4), addr(kPort, 0x100),
      queue_reg(0, 0, QueueReg(7)), addr(kQueue, p.nports * 64), addr(kQueue, 0x1000),
      addr(kFwd, p.ndst()), addr(kEcmpMember, p.ngroups * 16), addr(kEcmpSize, p.ngroups),
      queue_counter(0, 0, QueueCounter(12), false), queue_counter(p.nports - 1, 7, QueueCounter(15), true),
      port_counter(0, kPausedCycles0 + p.nprio, false), addr(kPortCounters, p.nports * 32),
      addr(kIngressState, p.nports * 32), addr(kIngressState, 0x800),
      addr(kGlobalState, kLfsr + 1), addr(Block(12), 0), addr(Block(15), 0xFFFF)};
  if (p.rcm) {
    a.insert(a.end(), {addr(kRcm, kCnPortMaskHi + 1), addr(kRcm, 0x20), rcm_counter(0, RcmCounter(7), false),
                       rcm_counter(0, kRccWc, true), addr(kRcmCounters, p.nports * 16)});
  } else {  // blocks 6 and 7 exist with RCM only (2.11.6)
    a.insert(a.end(), {addr(kRcm, kRcmCtrl), rcm_counter(0, kCnSent, false)});
  }
  return a;
}

template <class V>
void check_register_interface(const sw::SwitchParams& params) {
  const uint64_t seed = test_seed(17);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  const sw::SwitchConfig cfg = tb::random_config(params, rng);  // a value of its own in every field
  tb::Harness<V> h(params, cfg);
  tb::Scoreboard<V>& sb = h.sb();
  const auto writes = config_writes(params, cfg);
  for (const auto& [a, d] : writes) ASSERT_EQ(sb.read_reg(a), d & field_mask(a)) << std::hex << "address 0x" << a;

  // The same values again with every bit outside the field set: each register keeps its field.
  for (const auto& [a, d] : writes)
    if (a != addr(kGlobal, kLfsrSeed)) sb.write_reg(a, d | ~field_mask(a));  // that write reloads the LFSR (2.5)
  for (const auto& [a, d] : writes) ASSERT_EQ(sb.read_reg(a), d & field_mask(a)) << std::hex << "address 0x" << a;

  for (const uint32_t a : unmapped(params)) {
    sb.write_reg(a, 0xFFFFFFFF);
    EXPECT_EQ(sb.read_reg(a), 0u) << std::hex << "address 0x" << a;
  }
  // Writes to the read-only blocks 7-11 change none of their counters: compared with the model below.
  std::vector<uint32_t> read_only = {queue_counter(0, 0, kEnqFrames, false), port_counter(1, kPfcRx, true),
                                     ingress_reg(0, 0, kIngU), addr(kGlobalState, kSharedUsed)};
  if (params.rcm) read_only.push_back(rcm_counter(1, kCnReceived, false));
  for (const uint32_t a : read_only) sb.write_reg(a, 0xFFFFFFFF);

  // The configuration still in force: traffic between every pair of ports as the model forwards it.
  for (unsigned p = 0; p < params.nports; ++p) {
    h.set_ready(p, true);
    for (unsigned q = 0; q < params.nports; ++q) h.send(p, static_cast<uint16_t>(64 + 300 * q), static_cast<uint8_t>(p + q), static_cast<uint16_t>(q));
  }
  h.settle();
  EXPECT_EQ(sb.ledger().injected, uint64_t{params.nports} * params.nports);
  for (const auto& e : sb.errors()) ADD_FAILURE() << e;
  sb.check_conservation();
  sb.check_counters();
  for (const auto& e : sb.errors()) ADD_FAILURE() << e;
}

TEST(SwitchRegisters, ReadBackWithinTheirFieldsAndNothingElsewhere) {
  check_register_interface<Vsw_top_small>(small_params());
}

TEST(SwitchRegisters, ReadBackWithinTheirFieldsAndNothingElsewhereWithRcm) {
  check_register_interface<Vsw_top_rcm_small>(rcm_small_params());
}

}  // namespace
}  // namespace ccf::test
