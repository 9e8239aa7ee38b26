// test_mmu_model.cpp: the switch MMU reference model (models/switch/mmu_model) against
// docs/switch.md 2, one behaviour per test. Expected values come from that page's formulas, worked out
// by hand in the comments or computed here from the formula, never from running the model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/switch/mmu_model.hpp"
#include "models/switch/switch_config.hpp"
#include "switch_test_util.hpp"

namespace ccf::sw {
namespace {

constexpr uint8_t kNotEct = 0, kEct1 = 1, kEct0 = 2, kCe = 3;
constexpr uint8_t kLossless = 3, kLossy = 0;

using test::small_config;
using test::small_params;
using test::test_seed;

struct LoggedPfc {
  uint64_t cycle;
  unsigned port;
  PfcFrame frame;
};
struct LoggedEgress {
  uint64_t cycle;
  EgressReport e;
};
struct LoggedDrop {
  uint64_t cycle;
  DropReport d;
};

// Drives the model one cycle at a time: per-port offers held until accepted, transmitter ready
// levels, PFC frames to receive; logs everything the switch does.
class Bench {
 public:
  Bench(const SwitchParams& p, const SwitchConfig& c)
      : params(p), model(p, c), offers_(p.nports), ready_(p.nports, false), pfc_in_(p.nports) {}

  uint32_t send(unsigned port, uint16_t len, uint8_t prio, uint16_t dst, uint8_t ecn = kEct0, uint16_t hash = 0) {
    offers_[port].push_back(Descriptor{next_tag_, len, prio, ecn, dst, hash});
    return next_tag_++;
  }
  void set_ready(unsigned port, bool r) { ready_[port] = r; }
  void set_all_ready(bool r) { ready_.assign(params.nports, r); }
  void pfc_in(unsigned port, const PfcFrame& f) { pfc_in_[port] = f; }
  uint64_t cycle() const { return cycle_; }

  CycleOutputs tick() {
    CycleInputs in;
    in.in_desc.resize(params.nports);
    in.out_ready = ready_;
    in.pfc_in = pfc_in_;
    for (unsigned p = 0; p < params.nports; ++p)
      if (!offers_[p].empty()) in.in_desc[p] = offers_[p].front();
    const CycleOutputs out = model.step(cycle_, in);
    for (unsigned p = 0; p < params.nports; ++p) {
      if (in.in_desc[p] && out.in_ready(p)) {
        accepted_at[in.in_desc[p]->tag] = cycle_;
        offers_[p].pop_front();
      }
      if (out.pfc_out[p]) pfc_log.push_back({cycle_, p, *out.pfc_out[p]});
      pfc_in_[p].reset();
    }
    if (out.egress) egress_log.push_back({cycle_, *out.egress});
    if (out.drop) drop_log.push_back({cycle_, *out.drop});
    ++cycle_;
    return out;
  }
  void run(uint64_t cycles) {
    for (uint64_t i = 0; i < cycles; ++i) tick();
  }
  // Runs until every offer has been accepted and the model reports an idle cycle.
  void settle(uint64_t max_cycles = 2'000'000) {
    for (uint64_t i = 0; i < max_cycles; ++i) {
      bool pending = false;
      for (const auto& q : offers_) pending |= !q.empty();
      if (tick().idle && !pending) return;
    }
    ADD_FAILURE() << "the switch did not settle";
  }
  std::vector<LoggedPfc> pfc_on(unsigned port) const {
    std::vector<LoggedPfc> r;
    for (const LoggedPfc& f : pfc_log)
      if (f.port == port) r.push_back(f);
    return r;
  }

  SwitchParams params;
  MmuModel model;
  std::vector<LoggedPfc> pfc_log;
  std::vector<LoggedEgress> egress_log;
  std::vector<LoggedDrop> drop_log;
  std::map<uint32_t, uint64_t> accepted_at;

 private:
  std::vector<std::deque<Descriptor>> offers_;
  std::vector<bool> ready_;
  std::vector<std::optional<PfcFrame>> pfc_in_;
  uint64_t cycle_ = 0;
  uint32_t next_tag_ = 1;
};

// Sends `n` one-cell (256-B) frames from `in_port` to `dst` and lets the switch process them.
void send_cells(Bench& b, unsigned n, uint8_t prio, uint8_t ecn = kEct0, unsigned in_port = 0, uint16_t dst = 1) {
  for (unsigned i = 0; i < n; ++i) b.send(in_port, 256, prio, dst, ecn);
  b.settle();
}

// beta * x / 8 with beta = 2^b, rounded down (docs/switch.md 2.4), written independently of the model.
uint64_t beta_times_over_8(uint64_t x, int b) {
  return static_cast<uint64_t>(std::floor(std::ldexp(double(x), b) / 8.0));
}

// =============================================================================================
// Parameters and configuration (docs/switch.md 1)

TEST(SwitchParams, DefaultParametersAreLegal) {
  EXPECT_EQ(SwitchParams{}.validate(), "");
}

TEST(SwitchParams, IllegalParameterIsNamedWithItsValueAndRange) {
  SwitchParams p;
  p.nports = 65;
  EXPECT_NE(p.validate().find("NPORTS = 65 must be in 2..64"), std::string::npos) << p.validate();
  p = SwitchParams{};
  p.cell_bytes = 200;
  EXPECT_NE(p.validate().find("CELL_BYTES = 200 must be a power of two in 64..1024"), std::string::npos);
  p = SwitchParams{};
  p.buffer_bytes = 1000;  // 3 cells < 16 * 8
  EXPECT_NE(p.validate().find("NCELLS"), std::string::npos);
  p = SwitchParams{};
  p.in_fifo_depth = 3;
  EXPECT_NE(p.validate().find("IN_FIFO_DEPTH = 3"), std::string::npos);
}

TEST(SwitchConfig, DefaultsFollowTheDcqcnBufferRecipe) {
  const SwitchParams p;  // 46875 cells of 256 B
  const SwitchConfig c = SwitchConfig::defaults(p);
  EXPECT_EQ(c.validate(p), "");
  EXPECT_EQ(c.lossless_mask, 0x08);
  EXPECT_EQ(c.reserve_cells, 16u);                                   // ceil(4000 / 256)
  EXPECT_EQ(c.ports[0].headroom_cells, 88u);                         // ceil(22400 / 256)
  EXPECT_EQ(c.resume_offset_cells, 12u);                             // ceil(3000 / 256)
  EXPECT_EQ(c.shared_pool_cells, 46875u - 16u * 16 * 8 - 88u * 16);  // 43419
  EXPECT_EQ(c.pfc_static_thr_cells, 43419u / (8 * 16));
  EXPECT_EQ(c.ports[0].pfc_refresh_cycles, 65535u * 8 / 2);
  EXPECT_EQ(c.queue(5, 2).kmin_bytes, 5000u);
  EXPECT_EQ(c.queue(5, 2).kmax_bytes, 200000u);
  EXPECT_EQ(c.queue(5, 2).pmax_65536, 655u);
  ASSERT_EQ(c.fwd.size(), 4096u);
  EXPECT_TRUE(c.fwd[15].valid && !c.fwd[15].is_ecmp && c.fwd[15].port_or_group == 15);
  EXPECT_FALSE(c.fwd[16].valid);
  ASSERT_EQ(c.ecmp.size(), 64u);
  EXPECT_EQ(c.ecmp[63].size, 1u);
}

TEST(SwitchConfig, DefaultsOfASmallBufferStillValidate) {
  const SwitchParams p = small_params();
  EXPECT_EQ(SwitchConfig::defaults(p).validate(p), "");
  EXPECT_EQ(small_config().validate(p), "");
}

TEST(SwitchConfig, ErrorNamesFieldValueAndRule) {
  const SwitchParams p;
  SwitchConfig c = SwitchConfig::defaults(p);
  c.queue(3, 2).kmin_bytes = 300000;
  EXPECT_EQ(c.validate(p), "switch.queue[3][2].kmin_bytes = 300000 must be <= switch.queue[3][2].kmax_bytes = 200000");
}

TEST(SwitchConfig, RejectsOvercommittedBufferAndShortDwrrQuantum) {
  const SwitchParams p;
  SwitchConfig c = SwitchConfig::defaults(p);
  c.shared_pool_cells += 1;
  EXPECT_NE(c.validate(p).find("must be <= NCELLS = 46875"), std::string::npos) << c.validate(p);
  c = SwitchConfig::defaults(p);
  c.dwrr_group_mask = 0x06;
  c.queue(0, 2).dwrr_quantum_bytes = 9000;
  EXPECT_NE(c.validate(p).find("switch.queue[0][2].dwrr_quantum_bytes = 9000 must be >= 16383"), std::string::npos);
  c = SwitchConfig::defaults(p);
  c.ecmp[4].size = 17;
  EXPECT_NE(c.validate(p).find("switch.ecmp[4].size = 17 must be in 1..16"), std::string::npos);
  c = SwitchConfig::defaults(p);
  c.ports[2].pfc_refresh_cycles = 65535 * 8;
  EXPECT_NE(c.validate(p).find("switch.ports[2].pfc_refresh_cycles = 524280"), std::string::npos);
}

TEST(SwitchConfig, EcnSlopeIsFloorOfPmaxTimes65536OverTheSpan) {
  QueueConfig q;
  q.kmin_bytes = 5000;
  q.kmax_bytes = 200000;
  q.pmax_65536 = 655;
  EXPECT_EQ(q.ecn_slope(), 220u);  // floor(655 * 65536 / 195000) = floor(220.13)
  q.kmax_bytes = q.kmin_bytes;
  EXPECT_EQ(q.ecn_slope(), 0u);
}

TEST(SwitchConfig, DropReasonsPrintWithTheirSpecNames) {
  EXPECT_STREQ(to_string(DropReason::kHeadroomOverflow), "HEADROOM_OVERFLOW");
  EXPECT_STREQ(to_string(DropReason::kLossyTail), "LOSSY_TAIL");
  EXPECT_STREQ(to_string(DropReason::kNoRoute), "NO_ROUTE");
}

// =============================================================================================
// Ingress and forwarding (2.2, 2.3)

TEST(MmuIngress, ADescriptorOfferedToAnEmptyFifoIsProcessedInItsArrivalCycle) {
  SwitchConfig cfg = small_config();
  cfg.fwd[7] = {};
  Bench b(small_params(), cfg);
  const uint32_t tag = b.send(2, 300, kLossy, 7);
  b.settle();
  ASSERT_EQ(b.drop_log.size(), 1u);
  EXPECT_EQ(b.drop_log[0].cycle, b.accepted_at[tag]);  // bypass (2.2)
  EXPECT_EQ(b.drop_log[0].d, (DropReport{tag, DropReason::kNoRoute, 2, kLossy}));
  EXPECT_EQ(b.model.port(2).drops_no_route, 1u);
}

TEST(MmuIngress, ADescriptorThatLosesTheArbitrationIsStoredAndProcessedInALaterCycleInOrder) {
  // Ports 0, 1 and 2 offer one frame each in cycle 0: port 0 wins (round robin from 0) and is
  // processed at once; ports 1 and 2 are stored and processed in cycles 1 and 2.
  SwitchConfig cfg = small_config();
  cfg.fwd[7] = {};
  Bench b(small_params(), cfg);
  const uint32_t t0 = b.send(0, 64, kLossy, 7), t1 = b.send(1, 64, kLossy, 7), t2 = b.send(2, 64, kLossy, 7);
  b.settle();
  ASSERT_EQ(b.drop_log.size(), 3u);
  for (uint32_t t : {t0, t1, t2}) EXPECT_EQ(b.accepted_at[t], 0u);
  const uint32_t want_tag[] = {t0, t1, t2};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(b.drop_log[i].cycle, i);
    EXPECT_EQ(b.drop_log[i].d.tag, want_tag[i]);
  }
}

TEST(MmuIngress, ReadyFallsExactlyWhenTheFifoWasFullAtTheStartOfTheCycle) {
  // Two ports offer every cycle, the arbiter serves one per cycle alternately, port 0's first frame
  // by bypass. FIFO counts at the start of cycles 0..9 (port 0, port 1): 00 01 11 12 22 23 33 34 43
  // 34 ... so port 1 is not ready in cycle 7, port 0 in 8, port 1 in 9, and so on (every frame is
  // unrouted and dropped).
  SwitchConfig cfg = small_config();
  cfg.fwd[9] = {};
  Bench b(small_params(), cfg);
  for (int i = 0; i < 40; ++i) {
    b.send(0, 64, kLossy, 9);
    b.send(1, 64, kLossy, 9);
  }
  const char* want[] = {"11", "11", "11", "11", "11", "11", "11", "10", "01", "10", "01", "10"};
  for (const char* w : want) {
    const CycleOutputs o = b.tick();
    std::string got = {o.in_ready(0) ? '1' : '0', o.in_ready(1) ? '1' : '0'};
    EXPECT_EQ(got, w) << "cycle " << b.cycle() - 1;
  }
  // The arbiter alternates from cycle 0 on: port 0, 1, 0, 1, ...
  for (size_t i = 0; i < b.drop_log.size(); ++i) {
    EXPECT_EQ(b.drop_log[i].cycle, i);
    EXPECT_EQ(b.drop_log[i].d.port, i % 2);
  }
}

TEST(MmuForwarding, EcmpPicksMemberHashTimesSizeShiftedRightBy16) {
  SwitchConfig cfg = small_config();
  cfg.ecmp[2].size = 3;
  cfg.ecmp[2].members = {0, 2, 3};
  cfg.fwd[9] = {true, true, 2};
  cfg.ecmp[5].size = 16;
  for (unsigned k = 0; k < 16; ++k) cfg.ecmp[5].members[k] = static_cast<uint8_t>(k % 4);
  cfg.ecmp[5].members[15] = 1;
  cfg.fwd[10] = {true, true, 5};
  Bench b(small_params(), cfg);
  // (h * 3) >> 16 for h = 0, 21845, 21846, 43690, 43691, 65535 is 0, 0, 1, 1, 2, 2.
  const uint16_t hashes[] = {0, 21845, 21846, 43690, 43691, 65535};
  const unsigned want_port[] = {0, 0, 2, 2, 3, 3};
  std::map<uint32_t, unsigned> want;
  for (int i = 0; i < 6; ++i) want[b.send(1, 256, kLossy, 9, kEct0, hashes[i])] = want_port[i];
  want[b.send(1, 256, kLossy, 10, kEct0, 65535)] = 1;  // (65535 * 16) >> 16 = 15
  want[b.send(1, 256, kLossy, 10, kEct0, 4096)] = 1;   // (4096 * 16) >> 16 = 1
  b.settle();
  b.set_all_ready(true);
  b.settle();
  ASSERT_EQ(b.egress_log.size(), want.size());
  for (const LoggedEgress& e : b.egress_log) EXPECT_EQ(e.e.port, want[e.e.tag]) << "tag " << e.e.tag;
}

// =============================================================================================
// PFC generation (2.4 rule 4, 2.6)

TEST(MmuPfc, XoffExactlyWhenSharedUseReachesStaticThresholdAndPauseGoesOutNextCycle) {
  Bench b(small_params(), small_config());
  // u = k after k one-cell frames; shared = k - R = k - 2 reaches 20 at the 22nd frame.
  send_cells(b, 21, kLossless);
  EXPECT_FALSE(b.model.ingress(0, kLossless).xoff);
  EXPECT_TRUE(b.pfc_log.empty());
  const uint32_t tag = b.send(0, 256, kLossless, 1);
  b.settle();
  EXPECT_TRUE(b.model.ingress(0, kLossless).xoff);
  EXPECT_EQ(b.model.ingress(0, kLossless).u_cells, 22u);
  ASSERT_EQ(b.pfc_log.size(), 1u);
  // Accepted and processed (bypass, XOFF registered) at t, the PFC frame sent at t + 1.
  EXPECT_EQ(b.pfc_log[0].cycle, b.accepted_at[tag] + 1);
  EXPECT_EQ(b.pfc_log[0].port, 0u);
  EXPECT_EQ(b.pfc_log[0].frame.class_en, 1u << kLossless);
  EXPECT_EQ(b.pfc_log[0].frame.time_quanta[kLossless], 0xFFFF);
  EXPECT_EQ(b.model.port(0).pfc_pause_tx, 1u);
}

TEST(MmuPfc, XonWhenSharedUseFallsToThresholdMinusResumeOffset) {
  Bench b(small_params(), small_config());
  send_cells(b, 22, kLossless);
  ASSERT_EQ(b.pfc_log.size(), 1u);
  // shared = 20 after XOFF; XON needs h = 0 and shared + 4 <= 20: after the 4th dequeue.
  b.set_ready(1, true);
  const uint64_t first = b.cycle();
  b.run(3);
  EXPECT_TRUE(b.model.ingress(0, kLossless).xoff);
  b.run(1);
  EXPECT_FALSE(b.model.ingress(0, kLossless).xoff);
  EXPECT_EQ(b.model.ingress(0, kLossless).u_cells - small_config().reserve_cells, 16u);
  b.settle();
  ASSERT_EQ(b.pfc_log.size(), 2u);
  EXPECT_EQ(b.pfc_log[1].cycle, first + 4);  // XON registered at the 4th dequeue (first + 3)
  EXPECT_EQ(b.pfc_log[1].frame.class_en, 1u << kLossless);
  EXPECT_EQ(b.pfc_log[1].frame.time_quanta[kLossless], 0);
  EXPECT_EQ(b.model.port(0).pfc_resume_tx, 1u);
}

// Smallest k (one-cell lossless frames, reserve 0) with k >= beta * (POOL - S0 - k) / 8.
unsigned dynamic_xoff_frame(uint64_t pool, uint64_t s0, int b) {
  for (unsigned k = 1;; ++k)
    if (k >= beta_times_over_8(pool - s0 - k, b)) return k;
}

TEST(MmuPfc, DynamicThresholdIsBetaTimesFreePoolOverEight) {
  const SwitchParams p = small_params(262144);  // 1024 cells
  for (int beta : {-2, 0, 3, 5}) {
    for (unsigned s0 : {0u, 320u, 640u}) {
      SwitchConfig cfg = small_config(p);
      cfg.pfc_dynamic = true;
      cfg.pfc_beta_log2 = beta;
      cfg.reserve_cells = 0;
      cfg.shared_pool_cells = 1024 - 16 * 4;  // 960
      Bench b(p, cfg);
      // Other traffic holds S0 shared cells: lossy frames from port 1 to port 2.
      for (unsigned i = 0; i < s0; ++i) b.send(1, 256, kLossy, 2);
      b.settle();
      ASSERT_EQ(b.model.shared_used_cells(), s0);
      const unsigned k = dynamic_xoff_frame(960, s0, beta);
      for (unsigned i = 1; i <= k; ++i) {
        b.send(0, 256, kLossless, 3);
        b.settle();
        EXPECT_EQ(b.model.ingress(0, kLossless).xoff, i == k) << "beta_log2 " << beta << " S0 " << s0 << " frame " << i;
      }
      EXPECT_TRUE(b.drop_log.empty());
    }
  }
}

TEST(MmuPfc, UntouchedIngressIsNotReEvaluatedWhenTheThresholdFalls) {
  const SwitchParams p = small_params(262144);
  SwitchConfig cfg = small_config(p);
  cfg.pfc_dynamic = true;
  cfg.pfc_beta_log2 = 3;
  cfg.reserve_cells = 0;
  cfg.shared_pool_cells = 960;
  Bench b(p, cfg);
  send_cells(b, 100, kLossless, kEct0, 0, 3);  // shared 100 < 960 - 100
  ASSERT_FALSE(b.model.ingress(0, kLossless).xoff);
  // Other ports fill the pool: threshold 960 - S' falls below 100, but (0, 3) is not touched.
  for (unsigned i = 0; i < 800; ++i) b.send(1 + i % 2, 256, kLossy, static_cast<uint16_t>(1 + i % 2));
  b.settle();
  ASSERT_EQ(b.model.shared_used_cells(), 900u);
  EXPECT_FALSE(b.model.ingress(0, kLossless).xoff);
  // The next frame of (0, 3) touches it: 101 >= 960 - 901.
  send_cells(b, 1, kLossless, kEct0, 0, 3);
  EXPECT_TRUE(b.model.ingress(0, kLossless).xoff);
}

TEST(MmuPfc, HeadroomAbsorbsArrivalsAfterXoffThenOverflowsWithItsOwnReason) {
  Bench b(small_params(), small_config());
  send_cells(b, 22 + 16, kLossless);  // XOFF at 22, then exactly 16 headroom cells
  EXPECT_TRUE(b.drop_log.empty());
  EXPECT_EQ(b.model.ingress(0, kLossless).h_cells, 16u);
  EXPECT_EQ(b.model.ingress(0, kLossless).u_cells, 22u);
  send_cells(b, 1, kLossless);
  ASSERT_EQ(b.drop_log.size(), 1u);
  EXPECT_EQ(b.drop_log[0].d, (DropReport{39, DropReason::kHeadroomOverflow, 0, kLossless}));
  EXPECT_EQ(b.model.queue(1, kLossless).drops[size_t(DropReason::kHeadroomOverflow)], 1u);
}

TEST(MmuPfc, CellsReturnToHeadroomFirstAndXonWaitsForEmptyHeadroom) {
  Bench b(small_params(), small_config());
  send_cells(b, 22 + 5, kLossless);  // u = 22, h = 5
  b.set_ready(1, true);
  b.run(5);  // five dequeues drain the headroom first
  EXPECT_EQ(b.model.ingress(0, kLossless).h_cells, 0u);
  EXPECT_EQ(b.model.ingress(0, kLossless).u_cells, 22u);
  EXPECT_TRUE(b.model.ingress(0, kLossless).xoff);  // shared + 4 = 24 > 20
  b.run(4);                                         // shared 20 -> 16
  EXPECT_FALSE(b.model.ingress(0, kLossless).xoff);
}

TEST(MmuPfc, HeldPauseIsRefreshedEveryRefreshIntervalAndStopsAfterXon) {
  SwitchConfig cfg = small_config();
  cfg.pause_quanta = 100;
  for (PortConfig& port : cfg.ports) port.pfc_refresh_cycles = 400;  // half of 100 quanta x 8 cycles
  Bench b(small_params(), cfg);
  send_cells(b, 22, kLossless);
  ASSERT_EQ(b.pfc_log.size(), 1u);
  const uint64_t first = b.pfc_log[0].cycle;
  while (b.cycle() < first + 1300) b.tick();
  ASSERT_EQ(b.pfc_log.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(b.pfc_log[i].cycle, first + 400 * i);
    EXPECT_EQ(b.pfc_log[i].frame.class_en, 1u << kLossless);
    EXPECT_EQ(b.pfc_log[i].frame.time_quanta[kLossless], 100);
  }
  b.set_ready(1, true);
  b.settle();
  ASSERT_EQ(b.pfc_log.size(), 5u);
  EXPECT_EQ(b.pfc_log[4].frame.time_quanta[kLossless], 0);
  b.run(2000);
  EXPECT_EQ(b.pfc_log.size(), 5u);
  EXPECT_EQ(b.model.port(0).pfc_pause_tx, 4u);
  EXPECT_EQ(b.model.port(0).pfc_resume_tx, 1u);
}

// =============================================================================================
// PFC reception (2.7)

TEST(MmuPfc, ReceivedPauseBlocksUntilPauseUntilAndNotAtPauseUntilMinusOne) {
  for (uint32_t quantum_cycles : {8u, 20u}) {
    SwitchConfig cfg = small_config();
    for (PortConfig& port : cfg.ports) port.quantum_cycles = quantum_cycles;
    Bench b(small_params(), cfg);
    send_cells(b, 1, kLossless);
    PfcFrame pause;
    pause.class_en = 1u << kLossless;
    pause.time_quanta[kLossless] = 7;
    const uint64_t t = b.cycle();
    const uint64_t until = t + 1 + 7 * quantum_cycles;
    b.pfc_in(1, pause);
    b.tick();  // cycle t: the frame is received, pause_until = t + 1 + 7 * quantum_cycles from the edge
    b.set_ready(1, true);
    while (b.cycle() < until) b.tick();  // through until - 1: paused
    EXPECT_TRUE(b.egress_log.empty()) << "quantum_cycles " << quantum_cycles;
    b.tick();  // cycle until
    ASSERT_EQ(b.egress_log.size(), 1u);
    EXPECT_EQ(b.egress_log[0].cycle, until);
    // Paused in cycles t + 1 .. until - 1: exactly 7 quanta of 512 bit times.
    EXPECT_EQ(b.model.paused_cycles(1, kLossless, b.cycle()), 7 * quantum_cycles);
    EXPECT_EQ(b.model.port(1).pfc_rx, 1u);
  }
}

TEST(MmuPfc, PauseReceivedInCycleTDoesNotStopADequeueInCycleT) {
  Bench b(small_params(), small_config());
  send_cells(b, 2, kLossless);
  PfcFrame pause;
  pause.class_en = 1u << kLossless;
  pause.time_quanta[kLossless] = 10;
  const uint64_t t = b.cycle();
  b.pfc_in(1, pause);
  b.set_ready(1, true);
  b.run(82);
  ASSERT_EQ(b.egress_log.size(), 2u);
  EXPECT_EQ(b.egress_log[0].cycle, t);           // decided from the start-of-cycle pause_until
  EXPECT_EQ(b.egress_log[1].cycle, t + 1 + 80);  // then held for the 80 cycles after t
}

TEST(MmuPfc, ResumeFrameLiftsThePauseFromTheNextCycle) {
  Bench b(small_params(), small_config());
  send_cells(b, 1, kLossless);
  PfcFrame pause;
  pause.class_en = 1u << kLossless;
  pause.time_quanta[kLossless] = 60000;
  const uint64_t t = b.cycle();
  b.pfc_in(1, pause);
  b.tick();
  b.set_ready(1, true);
  b.run(100);
  EXPECT_TRUE(b.egress_log.empty());
  PfcFrame resume;
  resume.class_en = 1u << kLossless;  // time 0
  const uint64_t t1 = b.cycle();
  b.pfc_in(1, resume);
  b.settle();
  ASSERT_EQ(b.egress_log.size(), 1u);
  EXPECT_EQ(b.egress_log[0].cycle, t1 + 1);
  EXPECT_EQ(b.model.paused_cycles(1, kLossless, b.cycle()), t1 - t);  // cycles t + 1 .. t1
  EXPECT_EQ(b.model.port(1).pfc_rx, 2u);
}

TEST(MmuPfc, PausedCycleCounterIncludesTheRunningPause) {
  Bench b(small_params(), small_config());
  PfcFrame pause;
  pause.class_en = 0x21;  // classes 0 and 5
  pause.time_quanta[0] = 100;
  pause.time_quanta[5] = 2;
  const uint64_t t = b.cycle();
  b.pfc_in(2, pause);
  b.tick();
  b.run(49);
  // Reading at cycle t + 50 counts cycles t + 1 .. t + 49; class 5 expired at t + 17.
  EXPECT_EQ(b.model.paused_cycles(2, 0, t + 50), 49u);
  EXPECT_EQ(b.model.paused_cycles(2, 5, t + 50), 16u);
  EXPECT_EQ(b.model.paused_cycles(2, 3, t + 50), 0u);
  EXPECT_EQ(b.model.next_deadline_after(t + 49), t + 801);
}

// =============================================================================================
// Lossy admission and WRED (2.4 rules 2, 3, 5)

// Frames admitted before the first tail drop, one one-cell lossy flow into an idle queue.
TEST(MmuAdmission, LossyTailDropAtTheDynamicEgressThreshold) {
  struct Case {
    uint32_t reserve;
    int beta;
    unsigned admitted;
  };
  // Frame i (0-based) sees qc = i, u = i, S = max(0, i - R); admitted iff it fits the reserve or
  // i + 1 <= beta * (128 - S) / 8:
  //   R = 0, b = 3: i + 1 <= 128 - i         -> i <= 63: 64 frames
  //   R = 0, b = 1: i + 1 <= (128 - i) >> 2  -> i <= 24: 25 frames
  //   R = 2, b = 3: i + 1 <= 130 - i         -> i <= 64: 65 frames
  for (const Case& k : {Case{0, 3, 64}, Case{0, 1, 25}, Case{2, 3, 65}}) {
    SwitchConfig cfg = small_config();
    cfg.reserve_cells = k.reserve;
    cfg.lossy_beta_log2 = k.beta;
    Bench b(small_params(), cfg);
    send_cells(b, k.admitted + 3, kLossy);
    ASSERT_EQ(b.drop_log.size(), 3u) << "R " << k.reserve << " beta_log2 " << k.beta;
    for (const LoggedDrop& d : b.drop_log) EXPECT_EQ(d.d.reason, DropReason::kLossyTail);
    EXPECT_EQ(b.drop_log[0].d.tag, k.admitted + 1);
    EXPECT_EQ(b.model.queue(1, kLossy).len_frames, k.admitted);
    EXPECT_EQ(b.model.queue(1, kLossy).drops[size_t(DropReason::kLossyTail)], 3u);
  }
}

TEST(MmuAdmission, WredDropsNotEctExactlyFromQueueLengthK) {
  SwitchConfig cfg = small_config();
  cfg.queue(1, kLossy).wred_en = true;
  cfg.queue(1, kLossy).wred_k_bytes = 10 * 256;
  Bench b(small_params(), cfg);
  send_cells(b, 10, kLossy, kNotEct);  // q = 0 .. 2304 < K: admitted
  EXPECT_TRUE(b.drop_log.empty());
  for (uint8_t ecn : {kNotEct, kEct1, kEct0, kCe, kNotEct}) b.send(0, 256, kLossy, 1, ecn);
  b.settle();
  ASSERT_EQ(b.drop_log.size(), 2u);
  EXPECT_EQ(b.drop_log[0].d, (DropReport{11, DropReason::kWred, 0, kLossy}));
  EXPECT_EQ(b.drop_log[1].d, (DropReport{15, DropReason::kWred, 0, kLossy}));
  EXPECT_EQ(b.model.queue(1, kLossy).drops[size_t(DropReason::kWred)], 2u);
}

TEST(MmuAdmission, WredNeverDropsEctOrCeFrames) {
  SwitchConfig cfg = small_config();
  cfg.queue(1, kLossy).wred_en = true;
  cfg.queue(1, kLossy).wred_k_bytes = 0;  // every Not-ECT frame would go
  Bench b(small_params(), cfg);
  for (int i = 0; i < 30; ++i) b.send(0, 256, kLossy, 1, static_cast<uint8_t>(1 + i % 3));
  b.settle();
  EXPECT_TRUE(b.drop_log.empty());
  EXPECT_EQ(b.model.queue(1, kLossy).len_frames, 30u);
}

TEST(MmuAdmission, MisconfiguredPoolEndsInBufferFullDrops) {
  SwitchConfig cfg = small_config();
  cfg.reserve_cells = 0;
  cfg.shared_pool_cells = 100000;  // larger than the 256-cell buffer
  cfg.lossless_mask = 0;
  Bench b(small_params(), cfg);
  // 16383-B frames take 64 cells: four fill the buffer, the fifth needs T + 64 > 256.
  for (int i = 0; i < 5; ++i) b.send(1, 16383, kLossy, 2);
  b.settle();
  ASSERT_EQ(b.drop_log.size(), 1u);
  EXPECT_EQ(b.drop_log[0].d, (DropReport{5, DropReason::kBufferFull, 1, kLossy}));
  EXPECT_EQ(b.model.total_used_cells(), 256u);
}

TEST(MmuAdmission, PriorityAboveNprioUsesTheLastQueue) {
  SwitchParams p = small_params();
  p.nprio = 4;
  SwitchConfig cfg = SwitchConfig::defaults(p);
  Bench b(p, cfg);
  b.send(0, 100, 6, 1);
  b.settle();
  EXPECT_EQ(b.model.queue(1, 3).len_frames, 1u);
  b.set_ready(1, true);
  b.settle();
  ASSERT_EQ(b.egress_log.size(), 1u);
  EXPECT_EQ(b.egress_log[0].e.prio, 3u);
}

// =============================================================================================
// RED/ECN marking and the LFSR (2.5)

TEST(MmuEcn, FixedPointCurveIsWithinOneStepOfTheExactCurveWhenTheSlopeIsExact) {
  QueueConfig q;
  q.kmin_bytes = 5000;
  q.kmax_bytes = 5000 + 65536;  // ECN_SLOPE = PMAX exactly: only the final floor remains
  for (uint32_t pmax : {655u, 6554u, 32768u, 65536u}) {
    q.pmax_65536 = pmax;
    for (uint64_t len = 0; len <= 80000; len += 7) {
      const double exact = MmuModel::red_probability(q, len);
      const double fixed = MmuModel::red_probability_65536(q, len) / 65536.0;
      EXPECT_LE(fixed, exact + 1e-15);
      EXPECT_LT(exact - fixed, 1.0 / 65536) << "pmax " << pmax << " q " << len;
    }
  }
}

TEST(MmuEcn, FixedPointCurveStaysWithinTheSlopeTruncationBoundAtDcqcnDefaults) {
  // With ECN_SLOPE = floor(PMAX * 65536 / d), d = KMAX - KMIN, p16 = floor(x * slope / 65536) loses
  // less than 1 + x * frac / 65536 steps of 1/65536, frac = (PMAX * 65536 mod d) / d. At 5 KB /
  // 200 KB / 1 % that is below 1.4 / 65536 (slope 220 instead of 220.13).
  QueueConfig q;
  q.kmin_bytes = 5000;
  q.kmax_bytes = 200000;
  q.pmax_65536 = 655;
  const uint64_t d = q.kmax_bytes - q.kmin_bytes;
  const double frac = double((uint64_t{q.pmax_65536} * 65536) % d) / double(d);
  for (uint64_t len = 0; len <= 210000; len += 13) {
    const double exact = MmuModel::red_probability(q, len) * 65536.0;
    const double fixed = MmuModel::red_probability_65536(q, len);
    const double x = len > q.kmin_bytes ? double(std::min<uint64_t>(len, q.kmax_bytes) - q.kmin_bytes) : 0.0;
    EXPECT_LE(fixed, exact + 1e-9);
    EXPECT_LT(exact - fixed, 1.0 + x * frac / 65536.0) << "q " << len;
  }
  EXPECT_EQ(MmuModel::red_probability_65536(q, 5000), 0u);
  EXPECT_EQ(MmuModel::red_probability_65536(q, 200001), 65536u);
  EXPECT_DOUBLE_EQ(MmuModel::red_probability(q, 200001), 1.0);
}

// Holds egress queue (1, 0) at `depth` frames of `len` bytes and passes `n` ECT(0) frames through
// it, each admitted at that depth (marking at admission, q before the frame joins).
void hold_queue_and_mark(Bench& b, unsigned depth, uint16_t len, unsigned n) {
  for (unsigned i = 0; i < depth; ++i) b.send(0, len, kLossy, 1, kNotEct);
  b.settle();
  b.set_ready(1, true);
  for (unsigned i = 0; i < n; ++i) {
    b.send(0, len, kLossy, 1, kEct0);
    b.tick();  // this frame admitted at `depth` frames in its arrival cycle (2.2), one frame leaves
    ASSERT_EQ(b.model.queue(1, kLossy).len_frames, depth);
  }
  b.settle();  // the last frame's decision, then the queue drains: every mark is seen at egress
}

TEST(MmuEcn, MeasuredMarkingFractionFollowsTheCurveOver100kFramesPerDepth) {
  struct Curve {
    uint32_t kmin, kmax, pmax;
    uint16_t len;
    std::vector<unsigned> depths;
    uint64_t buffer;
  };
  const Curve curves[] = {
      {2560, 12800, 32768, 256, {10, 12, 30, 45, 50, 51}, 65536},       // Pmax 0.5, one-cell frames
      {5000, 200000, 655, 1024, {5, 50, 100, 150, 195, 196}, 1 << 20},  // DCQCN defaults, 1 KB frames
  };
  const uint32_t seed = static_cast<uint32_t>(test_seed(0xC0FFEE));
  std::printf("seed=%u\n", seed);
  const unsigned n = 100000;
  for (const Curve& cv : curves) {
    for (unsigned depth : cv.depths) {
      const SwitchParams p = small_params(cv.buffer);
      SwitchConfig cfg = small_config(p);
      cfg.reserve_cells = 0;
      cfg.lfsr_seed = seed;
      QueueConfig& q = cfg.queue(1, kLossy);
      q.ecn_en = true;
      q.kmin_bytes = cv.kmin;
      q.kmax_bytes = cv.kmax;
      q.pmax_65536 = cv.pmax;
      Bench b(p, cfg);
      hold_queue_and_mark(b, depth, cv.len, n);
      ASSERT_TRUE(b.drop_log.empty());
      // docs/switch.md 2.5: p16 = min(65536, ((q - KMIN) * floor(PMAX * 65536 / (KMAX - KMIN))) >> 16).
      const uint64_t qlen = uint64_t{depth} * cv.len;
      const uint64_t slope = (uint64_t{cv.pmax} << 16) / (cv.kmax - cv.kmin);
      const double prob = qlen <= cv.kmin ? 0.0
                          : qlen > cv.kmax
                              ? 1.0
                              : double(std::min<uint64_t>(65536, ((qlen - cv.kmin) * slope) >> 16)) / 65536.0;
      uint64_t marked = 0;
      for (const LoggedEgress& e : b.egress_log) marked += e.e.ecn == kCe;
      EXPECT_EQ(b.model.queue(1, kLossy).ecn_marks, marked);
      const double sigma = std::sqrt(n * prob * (1 - prob));
      EXPECT_LE(std::fabs(double(marked) - n * prob), 4 * sigma)
          << "q = " << qlen << " B, p = " << prob << ", seed=" << seed;
    }
  }
}

TEST(MmuEcn, LfsrStepsOncePerDecisionOnlyBetweenKminAndKmax) {
  SwitchConfig cfg = small_config();
  cfg.lfsr_seed = 0;  // replaced by 1
  QueueConfig& q = cfg.queue(1, kLossy);
  q.ecn_en = true;
  q.kmin_bytes = 512;  // q <= 512: no step; 512 < q <= 1024: step; q > 1024: mark, no step
  q.kmax_bytes = 1024;
  q.pmax_65536 = 0;  // never marks inside the curve
  Bench b(small_params(), cfg);
  EXPECT_EQ(b.model.lfsr(), 1u);
  // Six frames see q = 0, 256, 512, 768, 1024, 1280: two steps, one certain mark. Not-ECT and CE
  // frames at q = 1536 and 1792 neither step nor mark.
  send_cells(b, 6, kLossy, kEct1);
  send_cells(b, 1, kLossy, kNotEct);
  send_cells(b, 1, kLossy, kCe);
  EXPECT_EQ(b.model.lfsr(), lfsr_advance(lfsr_advance(1)));
  EXPECT_EQ(b.model.queue(1, kLossy).ecn_marks, 1u);
  b.set_ready(1, true);
  b.settle();
  const uint8_t want[] = {kEct1, kEct1, kEct1, kEct1, kEct1, kCe, kNotEct, kCe};
  ASSERT_EQ(b.egress_log.size(), 8u);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(b.egress_log[i].e.ecn, want[i]) << i;
}

TEST(MmuEcn, MarkCompareReadsTheLfsrBeforeItsStep) {
  // Seed 0x0000FFFF: lfsr[15:0] = 65535 is below no p16 <= 65535, while the stepped value
  // (0x7FFF ^ 0x80200003 = 0x80207FFC, low half 32764) would be below 65279.
  const SwitchParams p = small_params(1 << 20);
  SwitchConfig cfg = small_config(p);
  cfg.lfsr_seed = 0xFFFF;
  QueueConfig& q = cfg.queue(1, kLossy);
  q.ecn_en = true;
  q.kmin_bytes = 0;
  q.kmax_bytes = 65536;
  q.pmax_65536 = 65535;  // ECN_SLOPE = 65535
  Bench b(p, cfg);
  for (int i = 0; i < 255; ++i) b.send(0, 256, kLossy, 1, kNotEct);
  b.settle();
  b.send(0, 256, kLossy, 1, kEct0);  // q = 65280 B: p16 = (65280 * 65535) >> 16 = 65279
  b.settle();
  EXPECT_EQ(b.model.queue(1, kLossy).ecn_marks, 0u);
  EXPECT_EQ(b.model.lfsr(), lfsr_advance(0xFFFF));
}

TEST(MmuEcn, MarkingAtDequeueUsesTheQueueLeftBehindTheFrame) {
  SwitchConfig cfg = small_config();
  cfg.mark_at_dequeue = true;
  QueueConfig& q = cfg.queue(1, kLossy);
  q.ecn_en = true;
  q.kmin_bytes = 0;
  q.kmax_bytes = 256 * 4;  // marked for sure while more than 4 frames stay behind
  q.pmax_65536 = 0;
  Bench b(small_params(), cfg);
  send_cells(b, 10, kLossy, kEct0);
  EXPECT_EQ(b.model.queue(1, kLossy).ecn_marks, 0u);
  b.set_ready(1, true);
  b.settle();
  ASSERT_EQ(b.egress_log.size(), 10u);
  // The i-th frame leaves 9 - i frames behind: CE iff (9 - i) * 256 > 1024; 1..4 behind step.
  for (unsigned i = 0; i < 10; ++i) EXPECT_EQ(b.egress_log[i].e.ecn == kCe, (9 - i) * 256 > 1024) << i;
  EXPECT_EQ(b.model.queue(1, kLossy).ecn_marks, 5u);
  EXPECT_EQ(b.model.lfsr(), lfsr_advance(lfsr_advance(lfsr_advance(lfsr_advance(cfg.lfsr_seed)))));
}

// =============================================================================================
// Egress scheduling (2.8)

TEST(MmuScheduler, StrictPriorityServesHighestFirstAndFifoWithinAPriority) {
  Bench b(small_params(), small_config());
  std::map<uint32_t, uint8_t> prio_of;
  for (uint8_t prio : {1, 5, 3, 5, 1, 3}) prio_of[b.send(0, 256, prio, 1)] = prio;
  b.settle();
  b.set_ready(1, true);
  b.settle();
  const uint32_t want_tags[] = {2, 4, 3, 6, 1, 5};
  ASSERT_EQ(b.egress_log.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(b.egress_log[i].e.tag, want_tags[i]) << "position " << i;
    EXPECT_EQ(b.egress_log[i].e.prio, prio_of[want_tags[i]]);
    EXPECT_EQ(b.egress_log[i].e.port, 1u);
  }
}

TEST(MmuScheduler, PausedPriorityIsSkippedByStrictPriority) {
  Bench b(small_params(), small_config());
  for (uint8_t prio : {1, 5, 3, 5, 1, 3}) b.send(0, 256, prio, 1);
  b.settle();
  PfcFrame pause;
  pause.class_en = 1u << 5;
  pause.time_quanta[5] = 10;  // 80 cycles
  b.pfc_in(1, pause);
  const uint64_t t = b.cycle();
  b.tick();
  b.set_ready(1, true);
  // Not settle(): while 5 waits for its pause to expire the switch is idle (2.1), with a deadline.
  while (b.cycle() < t + 90) b.tick();
  const uint8_t want[] = {3, 3, 1, 1, 5, 5};
  ASSERT_EQ(b.egress_log.size(), 6u);
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(b.egress_log[i].e.prio, want[i]) << "position " << i;
  EXPECT_EQ(b.egress_log[4].cycle, t + 81);  // pause_until = t + 1 + 10 quanta x 8 cycles
}

TEST(MmuScheduler, DwrrGroupSitsAtItsHighestMemberAndServesTheDeficitHolderFirst) {
  SwitchConfig cfg = small_config();
  cfg.dwrr_group_mask = 0x0A;  // priorities 1 and 3: one level at 3, above strict priority 2
  Bench b(small_params(), cfg);
  for (uint8_t prio : {2, 1, 5, 3, 2, 1, 3}) b.send(0, 256, prio, 1);
  b.settle();
  b.set_ready(1, true);
  b.settle();
  // 5 (strict, highest); then the group: dptr = 0 is no member, the next member after it is 1, which
  // gets a quantum (16384) and keeps the turn while D covers its head; then 3 likewise; then 2.
  const uint8_t want[] = {5, 1, 1, 3, 3, 2, 2};
  ASSERT_EQ(b.egress_log.size(), 7u);
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(b.egress_log[i].e.prio, want[i]) << "position " << i;
}

TEST(MmuScheduler, DwrrSharesBytesInProportionToQuantaWithinOnePercent) {
  const SwitchParams p = small_params(uint64_t{4} << 20, 64);  // 65536 cells of 64 B
  SwitchConfig cfg = SwitchConfig::defaults(p);
  cfg.pfc_enable = false;
  cfg.reserve_cells = 0;
  for (PortConfig& port : cfg.ports) port.headroom_cells = 0;
  cfg.shared_pool_cells = static_cast<uint32_t>(p.ncells());
  cfg.lossy_beta_log2 = 6;
  cfg.dwrr_group_mask = 0x07;
  const uint16_t max_len = 256;
  const uint32_t quantum[3] = {max_len, 2 * max_len, 4 * max_len};  // each at least the largest frame
  for (unsigned c = 0; c < 3; ++c) {
    cfg.queue(1, c).dwrr_quantum_bytes = quantum[c];
    cfg.queue(1, c).ecn_en = false;
  }
  Bench b(p, cfg);
  const uint64_t seed = test_seed(7);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<unsigned> len(64, max_len);
  for (unsigned i = 0; i < 4000; ++i)
    for (uint8_t c = 0; c < 3; ++c) b.send(c, static_cast<uint16_t>(len(rng)), c, 1);
  b.settle();
  ASSERT_TRUE(b.drop_log.empty());
  b.set_ready(1, true);
  b.settle();
  ASSERT_EQ(b.egress_log.size(), 12000u);
  // Bytes per priority while all three queues were backlogged.
  std::array<uint64_t, 3> bytes{}, left{};
  for (const LoggedEgress& e : b.egress_log) ++left[e.e.prio];
  for (const LoggedEgress& e : b.egress_log) {
    if (left[0] == 0 || left[1] == 0 || left[2] == 0) break;
    bytes[e.e.prio] += e.e.len_bytes;
    --left[e.e.prio];
  }
  const double total = double(bytes[0] + bytes[1] + bytes[2]);
  ASSERT_GT(total, 500.0 * (quantum[0] + quantum[1] + quantum[2]));  // hundreds of rounds
  for (unsigned c = 0; c < 3; ++c) {
    const double want = double(quantum[c]) / (quantum[0] + quantum[1] + quantum[2]);
    EXPECT_NEAR(bytes[c] / total, want, 0.01 * want) << "priority " << c << " seed=" << seed;
  }
}

TEST(MmuScheduler, PortsTakeTurnsRoundRobin) {
  Bench b(small_params(), small_config());
  for (unsigned dst : {1, 2, 3})
    for (int i = 0; i < 3; ++i) b.send(0, 256, kLossy, static_cast<uint16_t>(dst));
  b.settle();
  b.set_all_ready(true);
  b.settle();
  const unsigned want[] = {1, 2, 3, 1, 2, 3, 1, 2, 3};
  ASSERT_EQ(b.egress_log.size(), 9u);
  for (size_t i = 0; i < 9; ++i) EXPECT_EQ(b.egress_log[i].e.port, want[i]) << i;
}

// =============================================================================================
// Conservation, counters, idle (2.1, 2.8, 2.9)

// Random traffic on all ports and priorities; checks the accounting invariants every cycle.
struct RandomRun {
  uint64_t accepted = 0, enq = 0, deq = 0, dropped = 0;
};

TEST(MmuAccounting, FramesAndCellsAreConservedAndReturnToZeroAfterDraining) {
  const SwitchParams p = small_params(131072);  // 512 cells
  SwitchConfig cfg = small_config(p);
  cfg.lossless_mask = 0x88;
  cfg.pfc_dynamic = true;
  cfg.pfc_beta_log2 = 1;
  cfg.reserve_cells = 3;
  for (PortConfig& port : cfg.ports) {
    port.headroom_cells = 20;
    port.pfc_refresh_cycles = 200;
  }
  cfg.pause_quanta = 50;
  cfg.shared_pool_cells = 512 - 3 * 32 - 20 * 4 * 2;
  cfg.dwrr_group_mask = 0x06;
  for (QueueConfig& q : cfg.queues) {
    q.ecn_en = true;
    q.kmin_bytes = 1000;
    q.kmax_bytes = 20000;
    q.pmax_65536 = 20000;
    q.wred_en = true;
    q.wred_k_bytes = 15000;
  }
  cfg.fwd[5] = {};  // some unrouted traffic
  ASSERT_EQ(cfg.validate(p), "");
  const uint64_t seed = test_seed(11);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  MmuModel m(p, cfg);
  RandomRun r;
  std::vector<std::optional<Descriptor>> held(p.nports);
  uint32_t tag = 1;
  auto uni = [&](unsigned lo, unsigned hi) { return std::uniform_int_distribution<unsigned>(lo, hi)(rng); };
  for (uint64_t cycle = 0; cycle < 60000; ++cycle) {
    const bool sources_on = cycle < 50000;
    CycleInputs in;
    in.in_desc.resize(p.nports);
    in.out_ready.resize(p.nports);
    in.pfc_in.resize(p.nports);
    for (unsigned e = 0; e < p.nports; ++e) {
      if (sources_on && !held[e] && uni(0, 99) < 40)
        held[e] = Descriptor{tag++,
                             static_cast<uint16_t>(uni(64, 3000)),
                             static_cast<uint8_t>(uni(0, 7)),
                             static_cast<uint8_t>(uni(0, 3)),
                             static_cast<uint16_t>(uni(0, 5)),
                             static_cast<uint16_t>(uni(0, 65535))};
      in.in_desc[e] = held[e];
      in.out_ready[e] = !sources_on || uni(0, 99) < 70;
      if (sources_on && uni(0, 999) == 0) {
        PfcFrame f;
        f.class_en = static_cast<uint8_t>(uni(0, 255));
        for (auto& t : f.time_quanta) t = static_cast<uint16_t>(uni(0, 20));
        in.pfc_in[e] = f;
      }
    }
    const CycleOutputs o = m.step(cycle, in);
    for (unsigned e = 0; e < p.nports; ++e)
      if (held[e] && o.in_ready(e)) {
        held[e].reset();
        ++r.accepted;
      }
    r.dropped += o.drop.has_value();
    // Invariants of 2.4 and 2.8, every cycle.
    uint64_t enq = 0, deq = 0, frames = 0, qcells = 0, shared = 0, uh = 0;
    for (unsigned e = 0; e < p.nports; ++e)
      for (unsigned c = 0; c < p.nprio; ++c) {
        const QueueCounters& q = m.queue(e, c);
        enq += q.enq_frames;
        deq += q.deq_frames;
        frames += q.len_frames;
        qcells += q.len_cells;
        const IngressState& s = m.ingress(e, c);
        shared += s.u_cells > cfg.reserve_cells ? s.u_cells - cfg.reserve_cells : 0;
        uh += s.u_cells + s.h_cells;
        ASSERT_LE(s.h_cells, cfg.ports[e].headroom_cells);
      }
    ASSERT_EQ(enq, deq + frames) << "cycle " << cycle;
    ASSERT_EQ(m.total_used_cells(), qcells) << "cycle " << cycle;
    ASSERT_EQ(uh, qcells) << "cycle " << cycle;
    ASSERT_EQ(m.shared_used_cells(), shared) << "cycle " << cycle;
    ASSERT_LE(m.shared_used_cells(), cfg.shared_pool_cells);
    ASSERT_EQ(m.free_slots(), p.ncells() - frames);
    r.enq = enq;
    r.deq = deq;
  }
  EXPECT_GT(r.enq, 10000u);
  EXPECT_GT(r.dropped, 0u);
  EXPECT_EQ(r.accepted, r.enq + r.dropped);  // FIFOs drained
  EXPECT_EQ(r.enq, r.deq);
  EXPECT_EQ(m.total_used_cells(), 0u);
  EXPECT_EQ(m.shared_used_cells(), 0u);
  EXPECT_EQ(m.free_slots(), p.ncells());
  for (unsigned e = 0; e < p.nports; ++e)
    for (unsigned c = 0; c < p.nprio; ++c) {
      EXPECT_EQ(m.ingress(e, c).u_cells, 0u);
      EXPECT_EQ(m.ingress(e, c).h_cells, 0u);
      EXPECT_EQ(m.queue(e, c).len_bytes, 0u);
    }
}

TEST(MmuAccounting, QueueCountersCountFramesBytesAndPeak) {
  Bench b(small_params(), small_config());
  for (uint16_t len : {100, 600, 1500}) b.send(0, len, kLossy, 1);
  b.settle();
  const QueueCounters& q = b.model.queue(1, kLossy);
  EXPECT_EQ(q.enq_frames, 3u);
  EXPECT_EQ(q.enq_bytes, 2200u);
  EXPECT_EQ(q.len_cells, 1u + 3u + 6u);
  EXPECT_EQ(q.peak_bytes, 2200u);
  b.set_ready(1, true);
  b.settle();
  EXPECT_EQ(q.deq_frames, 3u);
  EXPECT_EQ(q.deq_bytes, 2200u);
  EXPECT_EQ(q.len_bytes, 0u);
  EXPECT_EQ(q.peak_bytes, 2200u);
  EXPECT_EQ(b.model.ingress(0, kLossy).peak_cells, 10u);
}

TEST(MmuIdle, IdleCycleChangesNothingAndTimersAreDeadlines) {
  Bench b(small_params(), small_config());
  b.run(2);
  const CycleOutputs quiet = b.tick();
  EXPECT_TRUE(quiet.idle);
  EXPECT_EQ(quiet.next_deadline, UINT64_MAX);
  b.send(0, 256, kLossy, 1);
  EXPECT_FALSE(b.tick().idle);  // handshake, processed in the same cycle (bypass, 2.2)
  EXPECT_TRUE(b.tick().idle);   // held in a queue whose transmitter is not ready
  PfcFrame pause;
  pause.class_en = 1u << kLossy;
  pause.time_quanta[kLossy] = 2;
  const uint64_t t = b.cycle();
  b.pfc_in(1, pause);
  EXPECT_FALSE(b.tick().idle);  // a PFC frame received
  EXPECT_EQ(b.model.next_deadline_after(t), t + 17);
  while (b.cycle() < t + 17) EXPECT_TRUE(b.tick().idle);
  const CycleOutputs at_expiry = b.tick();  // the deadline itself is not idle
  EXPECT_FALSE(at_expiry.idle);
  EXPECT_EQ(at_expiry.next_deadline, t + 17);
  EXPECT_TRUE(b.tick().idle);
}

std::string fmt_in(uint64_t c, unsigned port, uint32_t tag) {
  return fmt::format("{} in {} {}", c, port, tag);
}
std::string fmt_pfc(uint64_t c, unsigned port, const PfcFrame& f) {
  return fmt::format("{} pfc {} {:#04x} {}", c, port, f.class_en, fmt::join(f.time_quanta, ","));
}
std::string fmt_out(uint64_t c, const EgressReport& e) {
  return fmt::format("{} out {} {} {} {} {}", c, e.port, e.tag, e.ecn, e.prio, e.len_bytes);
}
std::string fmt_drop(uint64_t c, const DropReport& d) {
  return fmt::format("{} drop {} {} {} {}", c, d.tag, to_string(d.reason), d.port, d.prio);
}

// docs/README.md principle 1: stepping only the cycles that can change something (the previous step was
// busy, an input is active or changed, or a deadline is due) gives the same outputs and counters as
// stepping every cycle.
TEST(MmuIdle, SteppingOnlyBusyCyclesIsBitIdenticalToSteppingEveryCycle) {
  const SwitchParams p = small_params(131072);
  SwitchConfig cfg = small_config(p);
  cfg.lossless_mask = 0x09;
  cfg.pfc_dynamic = true;
  cfg.pfc_beta_log2 = 0;  // XOFF at (POOL - S) / 8: one burst into a stopped port reaches it
  cfg.pause_quanta = 40;
  for (PortConfig& port : cfg.ports) port.pfc_refresh_cycles = 150;
  cfg.shared_pool_cells = 512 - 2 * 32 - 16 * 4 * 2;
  for (QueueConfig& q : cfg.queues) {
    q.ecn_en = true;
    q.kmin_bytes = 500;
    q.kmax_bytes = 8000;
    q.pmax_65536 = 30000;
  }
  const uint64_t seed = test_seed(5);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  // A schedule of bursts with long gaps, transmitter level changes and received PFC frames.
  std::mt19937_64 rng(seed);
  auto uni = [&](uint64_t lo, uint64_t hi) { return std::uniform_int_distribution<uint64_t>(lo, hi)(rng); };
  const uint64_t end = 200000;
  std::map<uint64_t, std::vector<std::pair<unsigned, Descriptor>>> arrivals;
  std::map<uint64_t, std::vector<std::pair<unsigned, PfcFrame>>> pfcs;
  std::map<uint64_t, std::vector<bool>> ready_changes;
  uint32_t tag = 1;
  for (uint64_t t = 100; t < end - 20000; t += uni(500, 5000)) {
    // Half of the bursts are one flow (one ingress, priority and destination): they reach XOFF.
    const bool one_flow = uni(0, 1) == 0;
    const unsigned port = unsigned(uni(0, 3));
    const uint8_t prio = one_flow && uni(0, 1) == 0 ? 3 : uint8_t(uni(0, 7));
    const uint16_t dst = uint16_t(uni(0, 3));
    const uint64_t n = uni(1, 80);
    for (uint64_t i = 0; i < n; ++i)
      arrivals[t + uni(0, 200)].push_back(
          {one_flow ? port : unsigned(uni(0, 3)),
           Descriptor{tag++, uint16_t(uni(64, 2000)), one_flow ? prio : uint8_t(uni(0, 7)), uint8_t(uni(0, 3)),
                      one_flow ? dst : uint16_t(uni(0, 3)), uint16_t(uni(0, 65535))}});
    if (uni(0, 2) == 0) {
      PfcFrame f;
      f.class_en = uint8_t(uni(1, 255));
      for (auto& q : f.time_quanta) q = uint16_t(uni(0, 300));
      pfcs[t + uni(0, 3000)].push_back({unsigned(uni(0, 3)), f});
    }
    std::vector<bool> r(p.nports);
    for (unsigned e = 0; e < p.nports; ++e) r[e] = uni(0, 1) != 0;
    ready_changes[t + uni(0, 4000)] = r;
  }

  auto run = [&](bool skip, uint64_t& stepped) {
    MmuModel m(p, cfg);
    std::vector<std::string> log;
    std::vector<std::deque<Descriptor>> offers(p.nports);
    std::vector<bool> ready(p.nports, false), last_ready;
    bool idle = false;
    uint64_t next_deadline = 0;
    stepped = 0;
    for (uint64_t c = 0; c < end; ++c) {
      if (auto it = arrivals.find(c); it != arrivals.end())
        for (const auto& [port, d] : it->second) offers[port].push_back(d);
      if (auto it = ready_changes.find(c); it != ready_changes.end()) ready = it->second;
      CycleInputs in;
      in.in_desc.resize(p.nports);
      in.pfc_in.resize(p.nports);
      in.out_ready = ready;
      bool active = false;
      for (unsigned e = 0; e < p.nports; ++e)
        if (!offers[e].empty()) {
          in.in_desc[e] = offers[e].front();
          active = true;
        }
      if (auto it = pfcs.find(c); it != pfcs.end())
        for (const auto& [port, f] : it->second) {
          in.pfc_in[port] = f;
          active = true;
        }
      if (skip && idle && !active && ready == last_ready && c < next_deadline) continue;
      const CycleOutputs o = m.step(c, in);
      ++stepped;
      idle = o.idle;
      next_deadline = m.next_deadline_after(c);
      last_ready = ready;
      for (unsigned e = 0; e < p.nports; ++e) {
        if (in.in_desc[e] && o.in_ready(e)) {
          offers[e].pop_front();
          log.push_back(fmt_in(c, e, in.in_desc[e]->tag));
        }
        if (o.pfc_out[e]) log.push_back(fmt_pfc(c, e, *o.pfc_out[e]));
      }
      if (o.egress) log.push_back(fmt_out(c, *o.egress));
      if (o.drop) log.push_back(fmt_drop(c, *o.drop));
    }
    for (unsigned e = 0; e < p.nports; ++e) {
      for (unsigned k = 0; k < p.nprio; ++k) {
        const QueueCounters& q = m.queue(e, k);
        log.push_back(std::to_string(q.enq_frames) + " " + std::to_string(q.deq_frames) + " " +
                      std::to_string(q.ecn_marks) + " " + std::to_string(q.peak_bytes) + " " +
                      std::to_string(m.paused_cycles(e, k, end)));
      }
      log.push_back(std::to_string(m.port(e).pfc_pause_tx) + " " + std::to_string(m.port(e).pfc_resume_tx));
    }
    log.push_back(std::to_string(m.lfsr()));
    return log;
  };
  uint64_t stepped_all = 0, stepped_skip = 0;
  const std::vector<std::string> every = run(false, stepped_all);
  const std::vector<std::string> skipping = run(true, stepped_skip);
  EXPECT_LT(stepped_skip * 4, stepped_all) << "the schedule should leave most cycles idle";
  ASSERT_EQ(every.size(), skipping.size());
  for (size_t i = 0; i < every.size(); ++i) ASSERT_EQ(every[i], skipping[i]) << "event " << i;
  size_t pfc_events = 0;
  for (const std::string& s : every) pfc_events += s.find(" pfc ") != std::string::npos;
  EXPECT_GT(pfc_events, 0u) << "the schedule should exercise PFC";
}

}  // namespace
}  // namespace ccf::sw
