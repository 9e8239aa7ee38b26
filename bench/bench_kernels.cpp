// bench_kernels.cpp: wall time of one kernel pass (the `<algo>_step` every SystemC unit and synthesis
// top runs) per event, with the shipped widths. The kernels take their widths as a run-time
// parameter (docs/explore.md); this measures what that costs the simulation path. Figures in
// docs/explore.md, never asserted.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "hls/dcqcn/np_top.hpp"
#include "hls/dcqcn/rp_top.hpp"
#include "hls/ldcp/ldcp_top.hpp"
#include "hls/swift/swift_top.hpp"
#include "hls/timely/timely_top.hpp"

namespace {

constexpr uint32_t kFlows = 64;

// DCQCN RP: 1 CNP, 1 alpha timer, 1 increase timer per 8 events, the rest frames of 1024 B.
void BM_DcqcnRpStep(benchmark::State& st) {
  namespace dk = ccf::hls::dcqcn;
  dk::RpParams p = dk::RpParams::paper(100000);
  p.byte_counter_bytes = 65536;
  std::vector<dk::RpState> mem(kFlows, dk::rp_initial_state(p));
  std::mt19937 rng(1);
  std::vector<dk::RpEvent> evs(4096);
  for (auto& e : evs) {
    const unsigned k = rng() % 8;
    e.kind = k == 0 ? dk::RpEventKind::kCnp
             : k == 1 ? dk::RpEventKind::kAlphaTimer
             : k == 2 ? dk::RpEventKind::kIncreaseTimer
                      : dk::RpEventKind::kTx;
    e.flow = rng() % kFlows;
    e.len_bytes = 1024;
  }
  size_t i = 0;
  for (auto _ : st) {
    const dk::RpEvent& e = evs[i++ & 4095];
    benchmark::DoNotOptimize(dk::rp_step(mem[e.flow], p, e));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_DcqcnRpStep);

void BM_DcqcnNpStep(benchmark::State& st) {
  namespace dk = ccf::hls::dcqcn;
  const dk::NpParams p = dk::NpParams::paper();
  std::vector<dk::NpState> mem(kFlows);
  std::mt19937 rng(2);
  uint64_t now = 0;
  for (auto _ : st) {
    now += 1 + rng() % 2000;
    dk::NpEvent e{rng() % 4 ? dk::NpEventKind::kMarked : dk::NpEventKind::kWindowEnd, uint32_t(rng() % kFlows), now};
    benchmark::DoNotOptimize(dk::np_step(mem[e.flow], p, e));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_DcqcnNpStep);

// Swift: ACKs with a delay around the target, 1 in 64 a timeout.
void BM_SwiftStep(benchmark::State& st) {
  namespace sk = ccf::hls::swift;
  const sk::Regs r = sk::swift_regs(sk::Params{}, 1024);
  std::vector<sk::State> mem(kFlows, sk::swift_initial_state(r, 0));
  std::mt19937 rng(3);
  uint32_t now = 0;
  for (auto _ : st) {
    now += 1 + rng() % 500;
    sk::Event e;
    e.flow = rng() % kFlows;
    e.kind = rng() % 64 ? sk::EventKind::kAck : sk::EventKind::kRetransmitTimeout;
    e.ack.now_ns = now;
    e.ack.rtt_ns = 15'000 + rng() % 20'000;
    e.ack.remote_queuing_ns = rng() % 2'000;
    e.ack.hops = 2;
    e.ack.acked_bytes = 1024;
    benchmark::DoNotOptimize(sk::swift_step(mem[e.flow], r, e));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_SwiftStep);

// LDCP: stable flows, ACKs with 1 in 4 ECE, frames in between.
void BM_LdcpStep(benchmark::State& st) {
  namespace lk = ccf::hls::ldcp;
  lk::Params prm;
  prm.fast_start = false;
  const lk::Config c = lk::ldcp_config(prm, 1024, 100.0);
  std::vector<lk::LdcpState> mem(kFlows, lk::ldcp_initial_state(c));
  std::mt19937 rng(4);
  for (auto _ : st) {
    lk::Event e;
    e.flow = rng() % kFlows;
    e.kind = rng() % 2 ? lk::EventKind::kAck : lk::EventKind::kTx;
    e.ack.acked_bytes = 1024;
    e.ack.ece = rng() % 4 == 0;
    e.ack.rtt_ns = 10'000 + rng() % 5'000;
    benchmark::DoNotOptimize(lk::ldcp_step(mem[e.flow], c, e));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_LdcpStep);

// TIMELY: frames and ACKs of 1 KiB, 64 KiB segments.
void BM_TimelyStep(benchmark::State& st) {
  namespace tk = ccf::hls::timely;
  const tk::Config c = tk::timely_config(tk::Params{}, 100000.0, 64 * 1106);
  std::vector<tk::State> mem(kFlows, tk::timely_initial_state(c));
  std::mt19937 rng(5);
  uint32_t now = 0;
  for (auto _ : st) {
    now += 1 + rng() % 200;
    tk::Event e;
    e.flow = rng() % kFlows;
    e.kind = rng() % 2 ? tk::EventKind::kAck : tk::EventKind::kTx;
    e.bytes = 1024;
    e.wire_bytes = 1106;
    e.now_ns = now;
    e.echo_ns = now - 20'000 - rng() % 30'000;
    benchmark::DoNotOptimize(tk::timely_step(mem[e.flow], c, e));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_TimelyStep);

}  // namespace

BENCHMARK_MAIN();
