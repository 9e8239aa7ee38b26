// bench_switch: cycles per second of the Verilated 16-port switch, idle and fully loaded, through
// the testbench driver and as a bare clk/eval loop, beside the reference model.
// Run: build/bench/bench_switch   (figures quoted in docs/switch.md 5)
#include <benchmark/benchmark.h>

#include "Vsw_top.h"
#include "rtl/driver/bare_step.hpp"
#include "rtl/driver/switch_dut.hpp"
#include "tb/switch/traffic_env.hpp"

namespace {

using ccf::sw::CycleInputs;
using ccf::sw::SwitchConfig;
using ccf::sw::SwitchParams;

ccf::tb::TrafficProfile full_load() {
  ccf::tb::TrafficProfile prof;
  prof.load = 1.0;
  prof.burst_prob = 0.0;
  prof.bad_dst_prob = 0.0;
  return prof;
}

// Bare loop: the model's eval() twice per cycle with constant inputs, nothing else.
void bare_loop(benchmark::State& state, ccf::driver::SwitchDut<Vsw_top>& dut, uint64_t c) {
  Vsw_top& m = dut.rtl();
  for (auto _ : state) ccf::driver::bare_step(m, c++);
  state.counters["cycles_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_BareStepIdle(benchmark::State& state) {
  const SwitchParams params;
  ccf::driver::SwitchDut<Vsw_top> dut(params);
  bare_loop(state, dut, dut.configure(dut.reset(0), SwitchConfig::defaults(params)));
}
BENCHMARK(BM_BareStepIdle);

// Bare loop under full load: every port offers a descriptor every cycle and every transmitter is
// always ready, so the switch admits and dequeues one frame per cycle.
void BM_BareStepLoaded(benchmark::State& state) {
  const SwitchParams params;
  ccf::driver::SwitchDut<Vsw_top> dut(params);
  const uint64_t c = dut.configure(dut.reset(0), SwitchConfig::defaults(params));
  ccf::driver::drive_full_load(dut, params);
  bare_loop(state, dut, c);
}
BENCHMARK(BM_BareStepLoaded);

void BM_DriverIdle(benchmark::State& state) {
  const SwitchParams params;
  ccf::driver::SwitchDut<Vsw_top> dut(params);
  uint64_t c = dut.configure(dut.reset(0), SwitchConfig::defaults(params));
  CycleInputs in;
  in.in_desc.resize(params.nports);
  in.out_ready.assign(params.nports, true);
  in.pfc_in.resize(params.nports);
  for (auto _ : state) benchmark::DoNotOptimize(dut.step(c++, in));
  state.counters["cycles_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DriverIdle);

// Full load at line rate: 16 x 100 Gb/s sources, uniform destinations, transmitters busy for each
// frame's wire time.
void BM_DriverLoaded(benchmark::State& state) {
  const SwitchParams params;
  ccf::driver::SwitchDut<Vsw_top> dut(params);
  uint64_t c = dut.configure(dut.reset(0), SwitchConfig::defaults(params));
  ccf::tb::TrafficEnv env(params, full_load(), 1);
  uint64_t frames = 0;
  for (auto _ : state) {
    const CycleInputs in = env.inputs(c);
    const auto out = dut.step(c, in);
    env.observe(c++, in, out);
    frames += out.egress.has_value();
  }
  state.counters["cycles_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["frames_per_s"] = benchmark::Counter(double(frames), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DriverLoaded);

void BM_ModelLoaded(benchmark::State& state) {
  const SwitchParams params;
  ccf::sw::MmuModel model(params, SwitchConfig::defaults(params));
  ccf::tb::TrafficEnv env(params, full_load(), 1);
  uint64_t c = 0;
  for (auto _ : state) {
    const CycleInputs in = env.inputs(c);
    const auto out = model.step(c, in);
    env.observe(c++, in, out);
  }
  state.counters["cycles_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ModelLoaded);

}  // namespace

BENCHMARK_MAIN();
