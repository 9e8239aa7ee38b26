// random_run.hpp: constrained-random regression of the switch RTL against the reference model.
// Random configuration, random traffic profile (incast hot spots, bursts, PFC from downstream,
// transmitter stalls); every cycle checked by the scoreboard, then counters and conservation.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "switch_test_util.hpp"
#include "tb/switch/random_config.hpp"
#include "tb/switch/scoreboard.hpp"
#include "tb/switch/traffic_env.hpp"

namespace ccf::test {

inline tb::TrafficProfile random_profile(const sw::SwitchParams& params, std::mt19937_64& rng) {
  auto u = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  tb::TrafficProfile prof;
  prof.load = u(0.2, 1.0);
  prof.burst_prob = u(0.0, 0.3);
  prof.max_len = rng() % 2 ? 1500 : 4096;
  prof.jumbo_prob = u(0.0, 0.03);
  prof.not_ect_prob = u(0.0, 0.5);
  prof.ce_prob = u(0.0, 0.1);
  prof.bad_dst_prob = u(0.0, 0.02);
  prof.dst_range = params.nports + std::min<unsigned>(params.ngroups, 4);
  // Incast: a share of all traffic goes to one hot destination.
  prof.dst_weights.assign(prof.dst_range, 1.0);
  prof.dst_weights[rng() % params.nports] += u(0.0, 3.0) * params.nports;
  prof.pfc_response_cycles = static_cast<unsigned>(rng() % 200);
  prof.honour_pfc = rng() % 8 != 0;
  prof.out_stall_prob = rng() % 3 == 0 ? u(0.0, 0.3) : 0.0;
  prof.pfc_in_prob = rng() % 3 == 0 ? u(0.0, 0.002) : 0.0;
  for (auto& w : prof.prio_weights) w = u(0.0, 1.0);
  if (params.rcm) {  // repeated flows for the CAMs, flow table and buckets; CNs from neighbours (2.11)
    prof.flows_per_port = 1 + static_cast<unsigned>(rng() % 12);
    prof.cn_in_prob = u(0.0, 0.002);
  }
  return prof;
}

// Runs `cycles` cycles of traffic then drains; returns the number of frames accepted.
template <class V>
uint64_t run_random(const sw::SwitchParams& params, uint64_t seed, uint64_t cycles) {
  std::printf("seed=%llu cycles=%llu (replay: CCF_SEED=%llu)\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  const sw::SwitchConfig cfg = tb::random_config(params, rng);
  const tb::TrafficProfile prof = random_profile(params, rng);
  tb::Scoreboard<V> sb(params, cfg);
  tb::TrafficEnv env(params, prof, seed ^ 0x9E3779B97F4A7C15ull);
  const uint64_t end = sb.cycle() + cycles;
  uint64_t gated_cycles = 0;  // RCM: cycles with a closed RCC gate (2.11.4)
  while (sb.cycle() < end && sb.ok()) {
    const uint64_t c = sb.cycle();
    const sw::CycleInputs in = env.inputs(c, c + cycles / 10 < end);  // last tenth: drain
    env.observe(c, in, sb.step(in));
    for (unsigned p = 0; params.rcm && p < params.nports; ++p) gated_cycles += sb.model().rcm_gate_closed(p, c + 1);
  }
  sb.check_conservation();
  if (sb.ok()) sb.check_counters();
  for (const auto& e : sb.errors()) ADD_FAILURE() << "seed=" << seed << ": " << e;
  const auto& l = sb.ledger();
  std::printf("frames: injected %llu delivered %llu dropped %llu (no-route %llu wred %llu lossy %llu headroom %llu full %llu) in switch %zu\n",
              (unsigned long long)l.injected, (unsigned long long)l.delivered, (unsigned long long)l.dropped,
              (unsigned long long)l.drops_by_reason[1], (unsigned long long)l.drops_by_reason[2],
              (unsigned long long)l.drops_by_reason[3], (unsigned long long)l.drops_by_reason[4],
              (unsigned long long)l.drops_by_reason[5], l.in_switch.size());
  if (params.rcm) {  // what RCM did (2.11.6 counters), so that a run that exercised nothing shows
    sw::RcmCounters t;
    for (unsigned p = 0; p < params.nports; ++p) {
      const sw::RcmCounters& k = sb.model().rcm(p);
      t.cn_sent += k.cn_sent;
      t.cn_received += k.cn_received;
      t.cfr_samples += k.cfr_samples;
      t.rcc_held_bytes += k.rcc_held_bytes;
      t.sar_reroutes += k.sar_reroutes;
      t.reordered += k.reordered;
    }
    std::printf("rcm: ctrl crd %d cn %d rcc %d sar %d; cn sent %llu received %llu, cfr samples %llu, rcc held %llu B, "
                "sar reroutes %llu, reordered %llu, port-cycles gated %llu\n",
                cfg.rcm.crd_en, cfg.rcm.cn_en, cfg.rcm.rcc_en, cfg.rcm.sar_en, (unsigned long long)t.cn_sent,
                (unsigned long long)t.cn_received, (unsigned long long)t.cfr_samples,
                (unsigned long long)t.rcc_held_bytes, (unsigned long long)t.sar_reroutes,
                (unsigned long long)t.reordered, (unsigned long long)gated_cycles);
  }
  EXPECT_GT(l.injected, cycles / 1000) << "seed=" << seed << ": the run carried almost no traffic";
  return l.injected;
}

inline uint64_t env_u64(const char* name, uint64_t fallback) {
  const char* s = std::getenv(name);
  return s ? std::strtoull(s, nullptr, 0) : fallback;
}

}  // namespace ccf::test
