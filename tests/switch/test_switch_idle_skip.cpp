// docs/README.md principle 1: stepping the RTL only in cycles where something can change gives
// bit-identical results to stepping every cycle, with either rule of docs/switch.md 2.1: after a
// busy cycle (stat_idle), or as predicted after the edge (stat_next_busy, stat_eg_pending).
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "Vsw_top.h"
#include "Vsw_top_rcm.h"
#include "rtl/driver/switch_dut.hpp"
#include "switch_test_util.hpp"
#include "tb/switch/random_config.hpp"
#include "tb/switch/scoreboard.hpp"
#include "tb/switch/traffic_env.hpp"

namespace ccf::test {
namespace {

struct RunLog {
  std::vector<std::string> events;
  uint64_t stepped = 0;
  std::vector<uint32_t> counters;
  uint64_t rcc_gated = 0;  // RCM, stepping every cycle: port-cycles with a closed RCC gate (the model's)
};

bool has_activity(const sw::CycleInputs& in) {
  for (const auto& d : in.in_desc) if (d) return true;
  for (const auto& f : in.pfc_in) if (f) return true;
  return in.cn_in.has_value();
}

enum class Stepping { kEveryCycle, kAfterBusy, kPredicted };

uint64_t ready_mask(const sw::CycleInputs& in) {
  uint64_t m = 0;
  for (size_t p = 0; p < in.out_ready.size(); ++p)
    if (in.out_ready[p]) m |= uint64_t{1} << p;
  return m;
}

template <class V>
RunLog run(const sw::SwitchParams& params, const sw::SwitchConfig& cfg, const tb::TrafficProfile& prof,
           uint64_t seed, uint64_t cycles, Stepping stepping) {
  driver::SwitchDut<V> dut(params);
  uint64_t c = dut.reset(0);
  c = dut.configure(c, cfg);
  std::optional<sw::MmuModel> model;  // RCM, every cycle: how often a gate is closed (2.11.4)
  if (params.rcm && stepping == Stepping::kEveryCycle) model.emplace(params, cfg);
  tb::TrafficEnv env(params, prof, seed);
  RunLog log;
  bool idle = false;
  uint64_t next_deadline = 0;
  std::vector<bool> last_ready;
  sw::CycleOutputs last;  // next_busy = true before the first step
  const uint64_t end = c + cycles;
  for (; c < end; ++c) {
    const sw::CycleInputs in = env.inputs(c);
    bool must_step = true;
    if (stepping == Stepping::kAfterBusy)
      must_step = !idle || has_activity(in) || in.out_ready != last_ready || c >= next_deadline;
    if (stepping == Stepping::kPredicted)
      must_step = last.next_busy || has_activity(in) || (last.eg_pending & ready_mask(in)) != 0 ||
                  c >= last.next_deadline_post;
    sw::CycleOutputs out;
    if (model) {
      model->step(c, in);
      for (unsigned p = 0; p < params.nports; ++p) log.rcc_gated += model->rcm_gate_closed(p, c + 1);
    }
    if (must_step) {
      out = dut.step(c, in);
      ++log.stepped;
      idle = out.idle;
      next_deadline = out.next_deadline;
      last_ready = in.out_ready;
      last = out;
    } else {
      out.in_ready_mask = ~uint64_t{0};  // unused: no offer in a skipped cycle
      out.pfc_out.resize(params.nports);
    }
    env.observe(c, in, out);
    for (unsigned p = 0; p < params.nports; ++p) {
      if (in.in_desc[p] && out.in_ready(p)) log.events.push_back(fmt::format("{} in {} {}", c, p, in.in_desc[p]->tag));
      if (out.pfc_out[p]) log.events.push_back(fmt::format("{} pfc {} {}", c, p, out.pfc_out[p]->class_en));
    }
    if (out.egress) log.events.push_back(fmt::format("{} out {} {} {}", c, out.egress->port, out.egress->tag, out.egress->ecn));
    if (out.drop) log.events.push_back(fmt::format("{} drop {} {}", c, out.drop->tag, int(out.drop->reason)));
    if (out.cn_out) log.events.push_back(fmt::format("{} cn {} {} {}", c, out.cn_out->port, out.cn_out->frame.fb, out.cn_out->frame.count));
    if (out.crd) log.events.push_back(fmt::format("{} crd {} {} {}", c, out.crd->port, out.crd->prio, out.crd->fb));
  }
  for (unsigned p = 0; p < params.nports; ++p)
    for (unsigned k = 0; k < 12; ++k) log.counters.push_back(static_cast<uint32_t>(dut.read_reg(c++, sw::regs::port_counter(p, k, false))));
  if (params.rcm)
    for (unsigned p = 0; p < params.nports; ++p)
      for (unsigned k = 0; k < 6; ++k)
        log.counters.push_back(static_cast<uint32_t>(dut.read_reg(c++, sw::regs::rcm_counter(p, sw::regs::RcmCounter(k), false))));
  return log;
}

template <class V>
void expect_skipping_exact(const sw::SwitchParams& params) {
  const uint64_t seed = test_seed(42);
  std::printf("seed=%llu\n", static_cast<unsigned long long>(seed));
  for (double load : {0.01, 0.3}) {
    std::mt19937_64 rng(seed);
    sw::SwitchConfig cfg = tb::random_config(params, rng);
    tb::TrafficProfile prof;
    prof.load = load;
    prof.pfc_in_prob = 0.0005;
    prof.dst_weights.assign(params.nports, 1.0);
    prof.dst_weights[3] = params.nports * 2.0;  // an incast: PFC, refresh and pause timers fire
    if (params.rcm) {  // RCM's flags expire and RCC gates open while nothing is stepped (2.11)
      cfg.rcm.crd_en = cfg.rcm.cn_en = cfg.rcm.rcc_en = cfg.rcm.sar_en = true;
      cfg.rcm.qeq_bytes = 0;
      cfg.rcm.sample_bytes = 2000;
      cfg.rcm.cfr_sample_bytes = 500;
      cfg.rcm.rcc_min_bytes = 16383;
      cfg.rcm.rcc_window_bytes = 40000;
      prof.flows_per_port = 4;
      prof.cn_in_prob = 0.0002;
    }
    const uint64_t cycles = 300'000;
    const RunLog every = run<V>(params, cfg, prof, seed, cycles, Stepping::kEveryCycle);
    const RunLog skip = run<V>(params, cfg, prof, seed, cycles, Stepping::kAfterBusy);
    const RunLog predicted = run<V>(params, cfg, prof, seed, cycles, Stepping::kPredicted);
    std::printf("load %.2f: %zu events; stepped %llu of %llu cycles after busy cycles, %llu as predicted\n", load,
                every.events.size(), static_cast<unsigned long long>(skip.stepped),
                static_cast<unsigned long long>(every.stepped), static_cast<unsigned long long>(predicted.stepped));
    ASSERT_GT(every.events.size(), 100u);
    if (params.rcm) std::printf("port-cycles with a closed RCC gate: %llu\n", static_cast<unsigned long long>(every.rcc_gated));
    if (params.rcm && load > 0.1) {
      EXPECT_GT(every.rcc_gated, 0u) << "the run exercised no RCC gate";
    }
    EXPECT_EQ(skip.events, every.events) << "load " << load;
    EXPECT_EQ(skip.counters, every.counters) << "load " << load;
    EXPECT_LT(skip.stepped, every.stepped);
    EXPECT_EQ(predicted.events, every.events) << "load " << load;
    EXPECT_EQ(predicted.counters, every.counters) << "load " << load;
    EXPECT_LT(predicted.stepped, skip.stepped);
  }
}

TEST(SwitchIdleSkip, SteppingOnlyBusyCyclesIsBitIdenticalToSteppingEveryCycle) {
  expect_skipping_exact<Vsw_top>(sw::SwitchParams{});
}

// 2.11: RCM's flags are deadlines compared with the cycle, so skipping stays exact with RCM on.
TEST(SwitchIdleSkip, SkippingStaysExactWithRcm) {
  sw::SwitchParams params;
  params.rcm = true;
  expect_skipping_exact<Vsw_top_rcm>(params);
}

}  // namespace
}  // namespace ccf::test
