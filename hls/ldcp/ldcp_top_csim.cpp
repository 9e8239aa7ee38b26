// ldcp_top_csim.cpp: C simulation testbench of ldcp_top (see hls/dcqcn/rp_top_csim.cpp).
#include "hls/ldcp/ldcp_vectors.hpp"

namespace lk = ccf::hls::ldcp;

int main(int argc, char** argv) {
  static lk::TopWord state_mem[lk::kLdcpTopFlows];
  lk::Config c;
  return ccf::hls::csim::run_testbench(
      "ldcp_top_csim", argc, argv, lk::kEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "ldcp" || !lk::config_from(v, c)) return false;
        const lk::Widths& w = c.widths;
        const lk::Widths& b = lk::kLdcpTopWidths;
        return ccf::hls::csim::built_for("ldcp_top_csim", w == b && c.divider == lk::kLdcpTopDivider,
                                         {w.cw_int, w.cw_frac, w.pkt, w.rtt, uint64_t(c.divider)},
                                         {b.cw_int, b.cw_frac, b.pkt, b.rtt, uint64_t(lk::kLdcpTopDivider)},
                                         "CCF_HLS_LDCP_WIDTHS (last: CCF_HLS_LDCP_DIVIDER)");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        if (in.size() != 7) return std::vector<uint64_t>{};  // reported as a mismatch
        lk::Event ev;
        ev.kind = static_cast<lk::EventKind>(kind);
        ev.flow = static_cast<uint32_t>(in[0]);
        ev.message_bytes = in[1];
        ev.ack.acked_bytes = in[2], ev.ack.cum_bytes_acked = in[3], ev.ack.ece = in[4] != 0;
        ev.ack.fast_start_echo = in[5] != 0, ev.ack.rtt_ns = in[6];
        lk::LdcpOut out;
        ccf_ldcp_top(ev, c, state_mem, out);
        return lk::words(lk::unpack<lk::kLdcpTopWidths>(state_mem[ev.flow & (lk::kLdcpTopFlows - 1)]), out);
      });
}
