// np_top.cpp: see np_top.hpp.
#include "hls/dcqcn/np_top.hpp"

namespace ccf::hls::dcqcn {
}  // namespace ccf::hls::dcqcn

void ccf_dcqcn_np_top(const ccf::hls::dcqcn::NpEvent& ev,
                      const ccf::hls::dcqcn::NpParams& p,
                      ccf::hls::dcqcn::NpTopWord state_mem[ccf::hls::dcqcn::kNpTopFlows],
                      ccf::hls::dcqcn::NpOut& out) {
  using namespace ccf::hls::dcqcn;
  const uint32_t addr = ev.flow & (kNpTopFlows - 1);
  NpState s = np_unpack<kNpTopWidths>(state_mem[addr]);
  NpParams q = p;
  q.widths = kNpTopWidths;  // compile-time widths (np_top.hpp)
  out = np_step(s, q, ev);
  state_mem[addr] = np_pack<kNpTopWidths>(s);
}
