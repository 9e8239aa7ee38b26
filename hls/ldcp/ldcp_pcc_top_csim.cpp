// ldcp_pcc_top_csim.cpp: C simulation testbench of ldcp_pcc_top (see hls/dcqcn/rp_top_csim.cpp).
#include "hls/ldcp/ldcp_pcc_vectors.hpp"

namespace lk = ccf::hls::ldcp;

int main(int argc, char** argv) {
  static lk::PccTopWord state_mem[lk::kLdcpTopFlows];
  lk::Config c;
  return ccf::hls::csim::run_testbench(
      "ldcp_pcc_top_csim", argc, argv, lk::kPccEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "ldcp_pcc" || !lk::pcc_config_from(v, c)) return false;
        const lk::Widths& w = c.widths;
        const lk::Widths& b = lk::kLdcpTopWidths;
        return ccf::hls::csim::built_for("ldcp_pcc_top_csim", w == b && c.divider == lk::kLdcpTopDivider,
                                         {w.cw_int, w.cw_frac, w.pkt, w.rtt, uint64_t(c.divider)},
                                         {b.cw_int, b.cw_frac, b.pkt, b.rtt, uint64_t(lk::kLdcpTopDivider)},
                                         "CCF_HLS_LDCP_WIDTHS (last: CCF_HLS_LDCP_DIVIDER)");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        if (in.size() != 3) return std::vector<uint64_t>{};  // reported as a mismatch
        lk::PccEvent ev;
        ev.kind = static_cast<lk::PccEventKind>(kind);
        ev.flow = static_cast<uint32_t>(in[0]);
        ev.now_ns = in[1];
        ev.echo_sent_ns = in[2];
        lk::PccOut out;
        ccf_ldcp_pcc_top(ev, c, state_mem, out);
        return lk::pcc_words(lk::pcc_unpack<lk::kLdcpTopWidths>(state_mem[ev.flow & (lk::kLdcpTopFlows - 1)]), out);
      });
}
