// kernel_passes.cpp: a fixed stream of 200,000 kernel passes of one unit (argv[1]: rp, np, swift,
// ldcp, timely) and a checksum of the outputs, for counting instructions per pass with
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null build/bench/kernel_passes swift
// (deterministic, unlike wall time on a shared machine). docs/explore.md 1 compares the counts
// before and after the widths became a kernel parameter; the checksums must be equal.
#include <cstdio>
#include <random>
#include <vector>
#include <cstring>
#include "hls/dcqcn/np_top.hpp"
#include "hls/dcqcn/rp_top.hpp"
#include "hls/ldcp/ldcp_top.hpp"
#include "hls/swift/swift_top.hpp"
#include "hls/timely/timely_top.hpp"
constexpr int N = 200000; constexpr uint32_t F = 64;
int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kernel_passes rp|np|swift|ldcp|timely\n");
    return 2;
  }
  const char* w = argv[1]; uint64_t sink = 0; std::mt19937 rng(1);
  if (!strcmp(w, "rp")) { namespace dk = ccf::hls::dcqcn; dk::RpParams p = dk::RpParams::paper(100000); p.byte_counter_bytes = 65536;
    std::vector<dk::RpState> m(F, dk::rp_initial_state(p));
    for (int i = 0; i < N; ++i) { dk::RpEvent e; unsigned k = rng() % 8; e.kind = k==0?dk::RpEventKind::kCnp:k==1?dk::RpEventKind::kAlphaTimer:k==2?dk::RpEventKind::kIncreaseTimer:dk::RpEventKind::kTx; e.flow = rng()%F; e.len_bytes=1024; sink += dk::rp_step(m[e.flow], p, e).rate_changed; } }
  if (!strcmp(w, "np")) { namespace dk = ccf::hls::dcqcn; const dk::NpParams p = dk::NpParams::paper(); std::vector<dk::NpState> m(F); uint64_t now=0;
    for (int i = 0; i < N; ++i) { now += 1 + rng()%2000; dk::NpEvent e{rng()%4?dk::NpEventKind::kMarked:dk::NpEventKind::kWindowEnd, uint32_t(rng()%F), now}; sink += dk::np_step(m[e.flow], p, e).send_cnp; } }
  if (!strcmp(w, "swift")) { namespace sk = ccf::hls::swift; const sk::Regs r = sk::swift_regs(sk::Params{}, 1024); std::vector<sk::State> m(F, sk::swift_initial_state(r, 0)); uint32_t now = 0;
    for (int i = 0; i < N; ++i) { now += 1 + rng()%500; sk::Event e; e.flow = rng()%F; e.kind = rng()%64 ? sk::EventKind::kAck : sk::EventKind::kRetransmitTimeout; e.ack.now_ns = now; e.ack.rtt_ns = 15000 + rng()%20000; e.ack.remote_queuing_ns = rng()%2000; e.ack.hops = 2; e.ack.acked_bytes = 1024; sink += sk::swift_step(m[e.flow], r, e).cwnd; } }
  if (!strcmp(w, "ldcp")) { namespace lk = ccf::hls::ldcp; lk::Params prm; prm.fast_start = false; const lk::Config c = lk::ldcp_config(prm, 1024, 100.0); std::vector<lk::LdcpState> m(F, lk::ldcp_initial_state(c));
    for (int i = 0; i < N; ++i) { lk::Event e; e.flow = rng()%F; e.kind = rng()%2 ? lk::EventKind::kAck : lk::EventKind::kTx; e.ack.acked_bytes = 1024; e.ack.ece = rng()%4==0; e.ack.rtt_ns = 10000 + rng()%5000; sink += lk::ldcp_step(m[e.flow], c, e).n; } }
  if (!strcmp(w, "timely")) { namespace tk = ccf::hls::timely; const tk::Config c = tk::timely_config(tk::Params{}, 100000.0, 64*1106); std::vector<tk::State> m(F, tk::timely_initial_state(c)); uint32_t now = 0;
    for (int i = 0; i < N; ++i) { now += 1 + rng()%200; tk::Event e; e.flow = rng()%F; e.kind = rng()%2 ? tk::EventKind::kAck : tk::EventKind::kTx; e.bytes = 1024; e.wire_bytes = 1106; e.now_ns = now; e.echo_ns = now - 20000 - rng()%30000; sink += tk::timely_step(m[e.flow], c, e).ack.completion; } }
  printf("%llu\n", (unsigned long long)sink); }
