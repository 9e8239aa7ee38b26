# np_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_dcqcn_np_top (hls/dcqcn/np_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/dcqcn/np_top_vitis.tcl
set top ccf_dcqcn_np_top
set sources {hls/dcqcn/np_top.cpp}
set testbench hls/dcqcn/np_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/np_top_csim.vec }
source hls/scripts/vitis_open.tcl

# The per-flow state memory word: NpState::kStateBits = 19 bits per word.
source hls/scripts/vitis_unit_directives.tcl
ccf_vitis_unit_directives ccf_dcqcn_np_top p

source hls/scripts/vitis_run.tcl
