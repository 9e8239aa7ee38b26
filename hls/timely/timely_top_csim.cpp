// timely_top_csim.cpp: C simulation testbench of timely_top (see hls/dcqcn/rp_top_csim.cpp).
#include "hls/timely/timely_vectors.hpp"

namespace tk = ccf::hls::timely;

int main(int argc, char** argv) {
  static tk::TopWord state_mem[tk::kTimelyTopFlows];
  tk::Config c;
  return ccf::hls::csim::run_testbench(
      "timely_top_csim", argc, argv, tk::kEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "timely" || !tk::config_from(v, c)) return false;
        const tk::Widths& w = c.widths;
        const tk::Widths& b = tk::kTimelyTopWidths;
        return ccf::hls::csim::built_for(
            "timely_top_csim", w == b, {w.rate_int, w.rate_frac, w.rtt, w.diff_frac, w.count, w.time, w.seg, w.seg_wire},
            {b.rate_int, b.rate_frac, b.rtt, b.diff_frac, b.count, b.time, b.seg, b.seg_wire}, "CCF_HLS_TIMELY_WIDTHS");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        if (in.size() != 5) return std::vector<uint64_t>{};  // reported as a mismatch
        tk::Event ev;
        ev.kind = static_cast<tk::EventKind>(kind);
        ev.flow = static_cast<uint32_t>(in[0]);
        ev.bytes = static_cast<uint32_t>(in[1]), ev.wire_bytes = static_cast<uint32_t>(in[2]);
        ev.echo_ns = static_cast<uint32_t>(in[3]), ev.now_ns = static_cast<uint32_t>(in[4]);
        tk::TopOut out;
        ccf_timely_top(ev, c, state_mem, out);
        return tk::words(tk::unpack<tk::kTimelyTopWidths>(state_mem[ev.flow & (tk::kTimelyTopFlows - 1)]), out);
      });
}
