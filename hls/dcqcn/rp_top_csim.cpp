// rp_top_csim.cpp: C simulation testbench of dcqcn_rp_top (Vitis HLS csim_design, Catapult C
// simulation, and CTest hls_csim_dcqcn_rp). Replays a vector file recorded from the SystemC unit and
// compares every pass with the unit's words (hls/csim/csim_vectors.hpp).
#include "hls/dcqcn/rp_vectors.hpp"

namespace dk = ccf::hls::dcqcn;

int main(int argc, char** argv) {
  static dk::RpTopWord state_mem[dk::kRpTopFlows];
  dk::RpParams p;
  return ccf::hls::csim::run_testbench(
      "rp_top_csim", argc, argv, dk::kRpEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "rp" || !dk::rp_params_from(v, p)) return false;
        const dk::RpWidths& w = p.widths;
        const dk::RpWidths& b = dk::kRpTopWidths;
        return ccf::hls::csim::built_for("rp_top_csim", w == b, {w.rate_int, w.rate_frac, w.alpha, w.stage, w.bytes},
                                         {b.rate_int, b.rate_frac, b.alpha, b.stage, b.bytes}, "CCF_HLS_RP_WIDTHS");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        const dk::RpEvent ev{static_cast<dk::RpEventKind>(kind), static_cast<uint32_t>(in.at(0)),
                             static_cast<uint32_t>(in.size() > 1 ? in[1] : 0)};
        dk::RpOut out;
        ccf_dcqcn_rp_top(ev, p, state_mem, out);
        return dk::rp_words(dk::rp_unpack<dk::kRpTopWidths>(state_mem[ev.flow & (dk::kRpTopFlows - 1)], p.variant), out);
      });
}
