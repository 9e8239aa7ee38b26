// swift_top_csim.cpp: C simulation testbench of swift_top (see hls/dcqcn/rp_top_csim.cpp).
#include "hls/swift/swift_vectors.hpp"

namespace sk = ccf::hls::swift;

int main(int argc, char** argv) {
  static sk::TopWord state_mem[sk::kSwiftTopFlows];
  sk::Regs r;
  return ccf::hls::csim::run_testbench(
      "swift_top_csim", argc, argv, sk::kEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "swift" || !sk::regs_from(v, r)) return false;
        const sk::Widths& w = r.widths;
        const sk::Widths& b = sk::kSwiftTopWidths;
        return ccf::hls::csim::built_for(
            "swift_top_csim", w == b && r.divider == sk::kSwiftTopDivider,
            {w.cwnd_int, w.cwnd_frac, w.time, w.rtt, w.ewma_frac, w.retx, w.pacing, uint64_t(r.divider)},
            {b.cwnd_int, b.cwnd_frac, b.time, b.rtt, b.ewma_frac, b.retx, b.pacing, uint64_t(sk::kSwiftTopDivider)},
            "CCF_HLS_SWIFT_WIDTHS (last: CCF_HLS_SWIFT_DIVIDER)");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        sk::Event ev;
        ev.kind = static_cast<sk::EventKind>(kind);
        if (in.size() != 6) return std::vector<uint64_t>{};  // reported as a mismatch
        ev.flow = static_cast<uint32_t>(in[0]);
        ev.ack.now_ns = static_cast<uint32_t>(in[1]);
        ev.ack.rtt_ns = in[2], ev.ack.remote_queuing_ns = in[3], ev.ack.hops = static_cast<uint32_t>(in[4]);
        ev.ack.acked_bytes = in[5];
        sk::Out out;
        ccf_swift_top(ev, r, state_mem, out);
        return sk::words(sk::unpack<sk::kSwiftTopWidths>(state_mem[ev.flow & (sk::kSwiftTopFlows - 1)]), out);
      });
}
