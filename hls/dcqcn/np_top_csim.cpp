// np_top_csim.cpp: C simulation testbench of dcqcn_np_top (see rp_top_csim.cpp).
#include "hls/dcqcn/np_vectors.hpp"

namespace dk = ccf::hls::dcqcn;

int main(int argc, char** argv) {
  static dk::NpTopWord state_mem[dk::kNpTopFlows];
  dk::NpParams p;
  return ccf::hls::csim::run_testbench(
      "np_top_csim", argc, argv, dk::kNpEventNames,
      [&](const std::string& preset, const std::vector<uint64_t>& v) {
        for (auto& s : state_mem) s = 0;
        if (preset != "np" || !dk::np_params_from(v, p)) return false;
        return ccf::hls::csim::built_for("np_top_csim", p.widths == dk::kNpTopWidths,
                                         {p.widths.time, p.widths.time_lsb},
                                         {dk::kNpTopWidths.time, dk::kNpTopWidths.time_lsb}, "CCF_HLS_NP_WIDTHS");
      },
      [&](size_t kind, const std::vector<uint64_t>& in) {
        const dk::NpEvent ev{static_cast<dk::NpEventKind>(kind), static_cast<uint32_t>(in.at(0)),
                             in.size() > 1 ? in[1] : 0};
        dk::NpOut out;
        ccf_dcqcn_np_top(ev, p, state_mem, out);
        return dk::np_words(dk::np_unpack<dk::kNpTopWidths>(state_mem[ev.flow & (dk::kNpTopFlows - 1)]), out);
      });
}
