// Regional congestion mitigation in the switch RTL (docs/switch.md 2.11) against the reference
// model: directed tests of each mechanism checked against the RCM paper's equations computed here
// (the scoreboard keeps RTL and model in lock step meanwhile), a constrained-random regression with
// RCM on, and RCM built but off against the switch without it. CCF_SEED replays one seed.
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "Vsw_top_rcm_small.h"
#include "Vsw_top_small.h"
#include "random_run.hpp"
#include "tb/switch/harness.hpp"

namespace ccf::test {
namespace {

#ifndef CCF_LONG_REGRESSION
constexpr uint64_t kSeeds[] = {1, 2, 3, 4, 5, 6};
constexpr uint64_t kCyclesPerSeed = 300'000;
#else
constexpr uint64_t kSeeds[] = {101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
                               111, 112, 113, 114, 115, 116, 117, 118, 119, 120};
constexpr uint64_t kCyclesPerSeed = 1'000'000;
#endif

using H = tb::Harness<Vsw_top_rcm_small>;

// All lossy (no PFC in the way), RCM built and every part of it off.
sw::SwitchConfig rcm_config() {
  sw::SwitchConfig c = small_config(rcm_small_params());
  c.lossless_mask = 0;
  return c;
}

void expect_clean(H& h) {
  for (const auto& e : h.sb().errors()) ADD_FAILURE() << e;
  h.sb().check_conservation();
  h.sb().check_counters();
  for (const auto& e : h.sb().errors()) ADD_FAILURE() << e;
}

// RCM paper eq. 1 with 2.11.1's quantisation: Fb = (Q - Qeq) + w_q (Q - Q_last), w_q = 2^k, then a
// 6-bit degree fb = min(63, max(1, Fb >> shift)) for Fb > 0, else 0.
int64_t eq1_fb(int64_t q, int64_t qeq, int64_t qlast, int wq_log2) {
  return (q - qeq) + static_cast<int64_t>(std::floor(std::ldexp(double(q - qlast), wq_log2)));
}
unsigned quantised(int64_t fb, unsigned shift) {
  return fb <= 0 ? 0u : static_cast<unsigned>(std::clamp<int64_t>(fb >> shift, 1, 63));
}

// A sampler of one class as 2.11.1 describes it: a sample when the bytes since the last one reach
// `every`, of the class's length after the frame.
struct Eq1Sampler {
  int64_t every, qeq;
  int wq_log2;
  unsigned shift;
  int64_t acc = 0, qlast = 0;
  std::optional<int64_t> frame(int64_t q_after, int64_t len) {
    if (acc + len < every) {
      acc += len;
      return std::nullopt;
    }
    const int64_t fb = eq1_fb(q_after, qeq, qlast, wq_log2);
    qlast = q_after;
    acc = 0;
    return fb;
  }
};

TEST(RcmCrd, EgressDegreeFollowsEquationOneInBothDirections) {
  for (int wq_log2 : {1, -2}) {
    sw::SwitchConfig cfg = rcm_config();
    cfg.rcm.crd_en = true;
    cfg.rcm.sample_bytes = 1000;
    cfg.rcm.qeq_bytes = 2000;
    cfg.rcm.wq_log2 = wq_log2;
    cfg.rcm.fb_shift = 4;
    H h(rcm_small_params(), cfg);
    Eq1Sampler s{1000, 2000, wq_log2, 4};
    std::vector<unsigned> want;
    int64_t q = 0;
    auto burst = [&](unsigned n) {  // n frames of 500 B from port 0 to port 1 (blocked), class 0
      for (unsigned i = 0; i < n; ++i) {
        h.send(0, 500, 0, 1, 2, static_cast<uint16_t>(i));
        q += 500;
        if (auto fb = s.frame(q, 500)) want.push_back(quantised(*fb, 4));
      }
      h.settle();
    };
    burst(12);
    h.set_ready(1, true);  // drain: Q falls, no samples
    h.settle();
    h.set_ready(1, false);
    q = 0;
    burst(6);  // the first sample after the drain sees Q - Q_last < 0
    std::vector<unsigned> got;
    for (const auto& l : h.crd_log) {
      EXPECT_EQ(l.crd.port, 1u);
      EXPECT_EQ(l.crd.prio, 0u);
      got.push_back(l.crd.fb);
    }
    EXPECT_EQ(got, want) << "wq_log2 " << wq_log2;
    EXPECT_TRUE(std::find(want.begin(), want.end(), 0u) != want.end()) << "a sample with Fb <= 0";
    EXPECT_TRUE(std::find(want.begin(), want.end(), 63u) != want.end() || wq_log2 < 0) << "a saturated sample";
    expect_clean(h);
  }
}

// 2.11.2-2.11.3: every ingress sample of port 0 with Fb > 0 sends a CN upstream on port 0 carrying
// the CAM entries of the egress class that came in through port 0, in CAM order; the CAM (8 entries)
// is written by every frame and wraps. Port 2's neighbour is a host: no CN there.
TEST(RcmCn, NotifiesUpstreamWithTheFlowsOfThatPortInCamOrder) {
  sw::SwitchConfig cfg = rcm_config();
  cfg.rcm.crd_en = cfg.rcm.cn_en = true;
  cfg.rcm.sample_bytes = 1;
  cfg.rcm.qeq_ing_bytes = 0;
  cfg.rcm.wq_log2 = 0;
  cfg.rcm.fb_shift = 6;
  cfg.rcm.cfr_sample_bytes = 1;
  cfg.rcm.cn_w_shift = 1;
  cfg.rcm.flag_hold_cycles = 500;
  cfg.rcm.cn_port_mask = 0b0001;
  H h(rcm_small_params(), cfg);
  std::map<uint32_t, std::pair<unsigned, uint16_t>> sent;  // tag -> ingress port, hash
  for (unsigned i = 0; i < 10; ++i) {
    const uint16_t hash = static_cast<uint16_t>(0x100 + i);
    sent[h.send(0, 500, 0, 1, 2, hash)] = {0, hash};
    if (i % 3 == 0)
      sent[h.send(2, 500, 0, 1, 2, static_cast<uint16_t>(0x200 + i))] = {2, static_cast<uint16_t>(0x200 + i)};
  }
  h.settle();
  // The CAM and the ingress sampler replayed in admission order.
  std::array<std::optional<std::pair<unsigned, uint16_t>>, 8> cam;
  unsigned ptr = 0;
  Eq1Sampler ing0{1, 0, 0, 6};
  int64_t u0 = 0;  // port 0's ingress bytes in cells
  std::vector<sw::CnFrame> want;
  for (const auto& e : h.enqueue_log) {
    const auto [port, hash] = sent.at(e.e.tag);
    if (port == 0) {
      u0 += 2 * 256;  // a 500-B frame takes two 256-B cells
      const auto fb = ing0.frame(u0, 500);
      EXPECT_TRUE(fb && *fb > 0);
      sw::CnFrame f;
      f.fb = static_cast<uint8_t>(quantised(*fb, 6));
      for (const auto& m : cam)
        if (m && m->first == 0) f.ids[f.count++] = m->second;
      want.push_back(f);
    }
    cam[ptr] = std::pair{port, hash};
    ptr = (ptr + 1) % 8;
  }
  ASSERT_EQ(h.cn_log.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(h.cn_log[i].cn.port, 0u);
    EXPECT_EQ(h.cn_log[i].cn.frame, want[i])
        << "CN " << i << ": fb " << int(h.cn_log[i].cn.frame.fb) << " ids " << int(h.cn_log[i].cn.frame.count)
        << ", want fb " << int(want[i].fb) << " ids " << int(want[i].count);
  }
  EXPECT_LT(want.back().count, 8u) << "port 2's entries are not sent to port 0";

  // A CN from downstream on port 1: the next CN upstream combines degrees (eq. 2, w = 1/2) and
  // forwards the root's flow IDs.
  sw::CnOnPort down;
  down.port = 1;
  down.frame.fb = 40;
  down.frame.count = 3;
  down.frame.ids[0] = 0xAAAA, down.frame.ids[1] = 0xBBBB, down.frame.ids[2] = 0xCCCC;
  h.cn_in(down);
  h.tick();
  h.send(0, 500, 0, 1, 2, 0x10A);
  h.settle();
  cam[ptr] = std::pair{0u, uint16_t{0x10A}};
  ASSERT_EQ(h.cn_log.size(), want.size() + 1);
  const sw::CnFrame& fwd = h.cn_log.back().cn.frame;
  const unsigned own = quantised(ing0.frame(u0 + 512, 500).value(), 6);
  EXPECT_EQ(fwd.fb, own - own / 2 + 40 / 2);
  EXPECT_EQ(fwd.count, 3u);
  EXPECT_EQ(fwd.ids[0], 0xAAAA);
  EXPECT_EQ(fwd.ids[2], 0xCCCC);

  // The remote flag clears FLAG_HOLD_CYCLES after the CN: the port reports its own flows again.
  h.run(cfg.rcm.flag_hold_cycles + 1);
  h.send(0, 500, 0, 1, 2, 0x10B);
  h.settle();
  ASSERT_EQ(h.cn_log.size(), want.size() + 2);
  EXPECT_EQ(h.cn_log.back().cn.frame.fb, 63u);
  sw::CnFrame own_again;
  own_again.fb = 63;
  for (const auto& m : cam)
    if (m && m->first == 0) own_again.ids[own_again.count++] = m->second;
  EXPECT_EQ(h.cn_log.back().cn.frame, own_again);
  EXPECT_EQ(h.sb().model().rcm(1).cn_received, 1u);
  expect_clean(h);
}

TEST(RcmCn, AtMostOnePerIntervalPerIngressClass) {
  sw::SwitchConfig cfg = rcm_config();
  cfg.rcm.crd_en = cfg.rcm.cn_en = true;
  cfg.rcm.sample_bytes = 1;
  cfg.rcm.cn_interval_cycles = 300;
  cfg.rcm.cn_port_mask = 0b0001;
  H h(rcm_small_params(), cfg);
  for (unsigned i = 0; i < 5; ++i) h.send(0, 500, 0, 1);
  h.settle();
  ASSERT_EQ(h.cn_log.size(), 1u);
  const uint64_t first = h.cn_log[0].cycle;
  h.send(0, 500, 1, 1);  // another class of the same port has its own interval
  h.settle();
  ASSERT_EQ(h.cn_log.size(), 2u);
  while (h.cycle() < first + 299) h.tick();
  h.send(0, 500, 0, 1);  // admitted before the interval ends: no CN
  h.settle();
  ASSERT_EQ(h.cn_log.size(), 2u);
  while (h.cycle() < first + 300) h.tick();
  h.send(0, 500, 0, 1);
  h.settle();
  ASSERT_EQ(h.cn_log.size(), 3u);
  EXPECT_GE(h.cn_log[2].cycle, first + 300);
  expect_clean(h);
}

// RCC on class 3 with queue 2 for congestion flows: W = 40,000 B, floor 16,383 B.
sw::SwitchConfig rcc_config() {
  sw::SwitchConfig cfg = rcm_config();
  cfg.rcm.crd_en = cfg.rcm.rcc_en = true;
  cfg.rcm.rcc_class = 3;
  cfg.rcm.rcc_queue = 2;
  cfg.dwrr_group_mask = 0x0C;
  cfg.rcm.rcc_window_bytes = 40000;
  cfg.rcm.rcc_min_bytes = 16383;
  cfg.rcm.sample_bytes = 1;
  cfg.rcm.qeq_bytes = 0;
  cfg.rcm.wq_log2 = 0;
  cfg.rcm.fb_shift = 6;
  cfg.rcm.flag_hold_cycles = 5000;
  return cfg;
}

// RCM paper eq. 4-5: each congestion event cuts Wc by F_b G_d (F_bmax G_d = 63/128), from W when
// the window was not active, within [min, W - min].
TEST(RcmRcc, WindowCutFollowsEquationsFourAndFiveWithinItsBounds) {
  const sw::SwitchConfig cfg = rcc_config();
  H h(rcm_small_params(), cfg);
  const int64_t w = cfg.rcm.rcc_window_bytes, lo = cfg.rcm.rcc_min_bytes;
  Eq1Sampler s{1, 0, 0, 6};
  int64_t wc = 0, q = 0;
  bool active = false, hit_top = false, hit_floor = false;
  for (unsigned k = 0; k < 14; ++k) {
    h.send(0, 256, 3, 1, 2, 0x0010);  // one flow, port 1 blocked
    h.settle();
    q += 256;
    const unsigned f = quantised(s.frame(q, 256).value(), 6);
    const int64_t from = active ? wc : w;
    const int64_t cut = from - from * f / 128;
    wc = std::clamp(cut, lo, w - lo);
    hit_top |= cut > w - lo;
    hit_floor |= cut < lo;
    active = true;
    EXPECT_EQ(h.sb().read_reg(sw::regs::rcm_counter(1, sw::regs::kRccWc, false)), uint64_t(wc)) << "event " << k;
  }
  EXPECT_TRUE(hit_top && hit_floor) << "both clamps exercised";
  expect_clean(h);
}

// 2.11.1: only a sample with Fb > 0 sets the local flag of an egress class, its first sample
// included; a flow in the CAM of a class without the flag is no congestion flow (2.11.3) and stays in
// its class's queue (2.11.4).
TEST(RcmCrd, OnlyASampleAboveZeroFlagsTheClassTheFirstOneIncluded) {
  sw::SwitchConfig cfg = rcc_config();
  cfg.rcm.cfr_sample_bytes = 1;
  cfg.rcm.qeq_bytes = 1000;
  H h(rcm_small_params(), cfg);
  Eq1Sampler s{1, 1000, 0, 6};
  constexpr uint16_t kA = 0x0011;
  int64_t q = 0;
  std::vector<int64_t> fb;  // eq. 1 of each sample, one per frame
  auto send = [&] {
    h.send(0, 256, 3, 1, 2, kA);
    h.settle();
    q += 256;
    fb.push_back(s.frame(q, 256).value());
    return h.enqueue_log.back().e.prio;
  };
  auto drain = [&] {
    h.set_ready(1, true);
    h.settle();
    h.set_ready(1, false);
    q = 0;
  };
  EXPECT_EQ(send(), 3u) << "the class's first sample";
  drain();
  EXPECT_EQ(send(), 3u) << "in the CAM, the class not flagged";
  EXPECT_EQ(send(), 3u);
  // Q - Qeq + (Q - Q_last): the first sample from Q_last = 0, the next after the drain.
  EXPECT_EQ(fb, (std::vector<int64_t>{256 - 1000 + 256, 256 - 1000 + 0, 512 - 1000 + 256})) << "three samples with Fb <= 0";
  EXPECT_EQ(send(), 3u) << "its earlier frames wait in queue 3";
  EXPECT_GT(fb.back(), 0) << "this sample flags the class";
  drain();
  EXPECT_EQ(send(), 2u) << "a congestion flow";
  ASSERT_EQ(h.crd_log.size(), fb.size());
  for (size_t i = 0; i < fb.size(); ++i) EXPECT_EQ(h.crd_log[i].crd.fb, quantised(fb[i], 6)) << "sample " << i;
  expect_clean(h);
}

// 2.11.4: congestion flows (in the CAM of a congested class) join queue 2, other flows stay in 3,
// and a flow's frames never overtake each other: a hash bucket stays in its queue while it has
// frames queued. When the flag clears, congestion flows are ordinary again.
TEST(RcmRcc, CongestionFlowsWaitInTheirOwnQueueWithoutReordering) {
  sw::SwitchConfig cfg = rcc_config();
  cfg.rcm.cfr_sample_bytes = 1;
  H h(rcm_small_params(), cfg);
  std::map<uint32_t, uint16_t> hash_of;
  auto send = [&](uint16_t hash) {
    const uint32_t tag = h.send(0, 256, 3, 1, 2, hash);
    hash_of[tag] = hash;
    h.settle();
    return h.enqueue_log.back().e.prio;
  };
  auto drain = [&] {
    h.set_ready(1, true);
    h.settle();
    h.set_ready(1, false);
  };
  constexpr uint16_t kA = 0x0011, kB = 0x0022, kC = 0x0033, kD = 0x0041;  // kD shares kA's bucket 1
  EXPECT_EQ(send(kA), 3u) << "not yet in the CAM";
  EXPECT_EQ(send(kA), 3u) << "in the CAM, but its earlier frame waits in queue 3";
  EXPECT_EQ(send(kB), 3u);
  drain();
  EXPECT_EQ(send(kA), 2u) << "a congestion flow with nothing queued";
  EXPECT_EQ(send(kC), 3u) << "a new flow";
  EXPECT_EQ(send(kA), 2u);
  EXPECT_EQ(send(kD), 2u) << "not in the CAM, but its bucket's frames are in queue 2";
  EXPECT_EQ(send(kB), 2u);
  EXPECT_EQ(h.sb().model().rcm(1).rcc_held_bytes, 4u * 256);
  drain();
  h.run(cfg.rcm.flag_hold_cycles + 1);
  EXPECT_EQ(send(kA), 3u) << "the local flag has cleared";
  drain();
  std::map<uint16_t, uint32_t> last_tag;
  for (const auto& e : h.egress_log) {
    const uint16_t hash = hash_of.at(e.e.tag);
    EXPECT_GT(e.e.tag, last_tag[hash]) << "flow " << hash << " reordered";
    last_tag[hash] = e.e.tag;
  }
  expect_clean(h);
}

// 2.11.4, eq. 3-6: while RCC is active, congestion flows send at most Wc bytes (the last frame whole)
// per window of W bytes of line time, whether or not anything else is sent; a non-congestion flow
// uses the rest.
TEST(RcmRcc, CongestionFlowsSendWcPerWindowOfLineTime) {
  sw::SwitchConfig cfg = rcc_config();
  cfg.rcm.cfr_sample_bytes = 1;
  cfg.rcm.flag_hold_cycles = 1'000'000;
  H h(rcm_small_params(), cfg);
  constexpr uint16_t kA = 0x0011, kC = 0x0033;
  h.send(0, 500, 3, 1, 2, kA);  // kA into the CAM; the samples set the flag and cut Wc
  h.settle();
  h.set_ready(1, true);
  h.settle();
  h.set_ready(1, false);
  std::map<uint32_t, uint16_t> hash_of;
  constexpr unsigned kFramesA = 40, kFramesC = 10;  // 100 of the 128 cells of the shared pool
  for (unsigned i = 0; i < kFramesA; ++i) {
    hash_of[h.send(0, 500, 3, 1, 2, kA)] = kA;
    if (i < kFramesC) hash_of[h.send(2, 500, 3, 1, 2, kC)] = kC;
  }
  h.settle();
  ASSERT_TRUE(h.drop_log.empty());
  const uint64_t wc = h.sb().read_reg(sw::regs::rcm_counter(1, sw::regs::kRccWc, false));
  ASSERT_GE(wc, cfg.rcm.rcc_min_bytes);
  ASSERT_LT(wc, kFramesA * 500) << "the backlog is larger than one window's share";
  const size_t before = h.egress_log.size();
  const uint64_t window_cycles = uint64_t{cfg.rcm.rcc_window_bytes} * cfg.ports[1].quantum_cycles / 64;
  h.set_ready(1, true);
  h.run(100);  // Wc spent: kA waits for the window's end (a closed gate: the switch is idle meanwhile)
  for (unsigned i = 0; i < kFramesC; ++i) hash_of[h.send(2, 500, 3, 1, 2, kC)] = kC;
  h.run(3 * window_cycles);
  uint64_t win_end = 0, sent = 0, windows = 0, c_in_gate = 0;
  for (size_t i = before; i < h.egress_log.size(); ++i) {
    const auto& e = h.egress_log[i];
    if (hash_of.at(e.e.tag) != kA) {
      c_in_gate += win_end > e.cycle && sent >= wc;  // kC passes while kA waits
      continue;
    }
    EXPECT_EQ(e.e.prio, 2u);
    if (e.cycle >= win_end) {
      if (windows > 0) {
        EXPECT_GE(sent, wc) << "a window ended early";
      }
      win_end = e.cycle + window_cycles;
      sent = 0;
      ++windows;
    } else {
      EXPECT_LT(sent, wc) << "cycle " << e.cycle << ": sent after Wc was spent, before the window ended";
    }
    sent += e.e.len_bytes;
  }
  EXPECT_GE(windows, 2u);
  EXPECT_GT(c_in_gate, 0u);
  std::printf("Wc %llu of W %u bytes: %llu windows of %llu cycles\n", static_cast<unsigned long long>(wc),
              cfg.rcm.rcc_window_bytes, static_cast<unsigned long long>(windows),
              static_cast<unsigned long long>(window_cycles));
  expect_clean(h);
}

// ECMP group 0 = ports {1, 2} for destination 4 (2.3: member = (hash x 2) >> 16).
sw::SwitchConfig sar_config() {
  sw::SwitchConfig cfg = rcm_config();
  cfg.ecmp[0].size = 2;
  cfg.ecmp[0].members[0] = 1;
  cfg.ecmp[0].members[1] = 2;
  cfg.fwd[4] = {true, true, 0};
  cfg.rcm.crd_en = cfg.rcm.sar_en = true;
  cfg.rcm.sar_level = 1;
  cfg.rcm.sar_gap_cycles = 200;
  cfg.rcm.flag_hold_cycles = 1000;
  return cfg;
}

sw::CnOnPort cn_on(unsigned port, uint8_t fb, std::initializer_list<uint16_t> ids, uint8_t cls = 0) {
  sw::CnOnPort cn;
  cn.port = port;
  cn.frame.cls = cls;
  cn.frame.fb = fb;
  for (uint16_t id : ids) cn.frame.ids[cn.frame.count++] = id;
  return cn;
}

// 2.11.5 (RCM paper 3.4): in a congested region a new or non-congestion flow goes to the member with
// the least regional degree; a congestion flow is never detoured; a placed flow keeps its port
// within the flowlet gap; nothing is detoured when the region clears.
TEST(RcmSar, DetoursNewFlowsToTheLeastCongestedMember) {
  H h(rcm_small_params(), sar_config());
  auto port_of = [&](uint16_t hash) {
    h.send(0, 256, 0, 4, 2, hash);
    h.settle();
    return unsigned{h.enqueue_log.back().e.port};
  };
  // Member by hash 1, 1, 1, 2; distinct flow-table entries (the low SAR_TBL_LG bits).
  constexpr uint16_t kA = 0x1001, kB = 0x3002, kX = 0x2003, kC = 0x9004;
  EXPECT_EQ(port_of(kA), 1u);
  h.cn_in(cn_on(1, 40, {kX}));
  h.tick();
  EXPECT_EQ(port_of(kB), 2u) << "a new flow leaves the congested member";
  EXPECT_EQ(port_of(kX), 1u) << "a congestion flow stays";
  EXPECT_EQ(port_of(kA), 1u) << "a placed flow keeps its port within the gap";
  EXPECT_EQ(port_of(kC), 2u) << "its own member is not congested";
  EXPECT_EQ(h.sb().model().rcm(2).sar_reroutes, 1u);
  h.run(201);
  EXPECT_EQ(port_of(kA), 2u) << "after the gap it is placed anew";
  EXPECT_EQ(port_of(kB), 2u) << "its gap has passed too: placed anew, on the same member";
  h.run(1000);
  EXPECT_EQ(port_of(kB), 1u) << "the region has cleared: the hash decides";
  EXPECT_EQ(h.sb().model().rcm(2).sar_reroutes, 3u);
  EXPECT_EQ(h.sb().model().rcm(2).reordered, 0u) << "no RCC: nothing to count";
  expect_clean(h);
}

// 2.11.5: moving a flow while its frames still wait at the old port counts a reordered frame.
TEST(RcmSar, CountsAFlowMovedWhileItsFramesWait) {
  sw::SwitchConfig cfg = sar_config();
  cfg.rcm.rcc_en = true;
  cfg.rcm.rcc_class = 0;
  cfg.rcm.rcc_queue = 1;
  cfg.dwrr_group_mask = 0x03;
  cfg.rcm.rcc_window_bytes = 40000;
  cfg.rcm.rcc_min_bytes = 16383;
  cfg.rcm.sar_gap_cycles = 50;
  H h(rcm_small_params(), cfg);
  h.send(0, 256, 0, 4, 2, 0x1000);  // member 1, blocked: it waits there
  h.settle();
  h.cn_in(cn_on(1, 40, {}));
  h.run(60);
  h.send(0, 256, 0, 4, 2, 0x1000);
  h.settle();
  EXPECT_EQ(h.enqueue_log.back().e.port, 2u);
  EXPECT_EQ(h.sb().model().rcm(2).reordered, 1u);
  expect_clean(h);
}

class RcmSwitchRandom : public ::testing::TestWithParam<uint64_t> {};

TEST_P(RcmSwitchRandom, RtlMatchesReferenceModel) {
  run_random<Vsw_top_rcm_small>(rcm_small_params(), test_seed(GetParam()), env_u64("CCF_CYCLES", kCyclesPerSeed));
}

INSTANTIATE_TEST_SUITE_P(Seeds, RcmSwitchRandom, ::testing::ValuesIn(kSeeds));

// 2.11: with RCM_CTRL.crd_en clear, a switch built with RCM behaves as one without it, cycle for
// cycle, whatever its other RCM registers hold and whatever CNs arrive.
TEST(RcmSwitch, BuiltButOffEqualsSwitchWithout) {
  const uint64_t seed = test_seed(7);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  const sw::SwitchParams with = rcm_small_params();
  std::mt19937_64 rng(seed);
  sw::SwitchConfig cfg = tb::random_config(with, rng);
  cfg.rcm.crd_en = false;
  const tb::TrafficProfile prof = random_profile(with, rng);
  sw::SwitchParams without = with;
  without.rcm = false;
  driver::SwitchDut<Vsw_top_rcm_small> a(with);
  driver::SwitchDut<Vsw_top_small> b(without);
  uint64_t ca = a.configure(a.reset(0), cfg), cb = b.configure(b.reset(0), cfg);
  ASSERT_GT(ca, cb) << "the RCM registers take their own write cycles";
  tb::TrafficEnv env(with, prof, seed);
  uint64_t outputs = 0;
  for (uint64_t c = 0; c < 200'000; ++c) {
    const sw::CycleInputs in = env.inputs(c);
    const sw::CycleOutputs oa = a.step(ca + c, in);
    const sw::CycleOutputs ob = b.step(cb + c, in);
    ASSERT_FALSE(oa.cn_out || oa.crd) << "cycle " << c << ": RCM output while RCM is off";
    ASSERT_TRUE(oa.in_ready_mask == ob.in_ready_mask && oa.enqueue == ob.enqueue && oa.drop == ob.drop &&
                oa.egress == ob.egress && oa.pfc_out == ob.pfc_out && oa.idle == ob.idle)
        << "cycle " << c << "\n  rcm built: " << tb::describe(oa) << "\n  without:   " << tb::describe(ob);
    outputs += oa.egress.has_value();
    env.observe(c, in, oa);
  }
  EXPECT_GT(outputs, 1000u);
}

}  // namespace
}  // namespace ccf::test
