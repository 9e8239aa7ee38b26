# rp_top_catapult.tcl: Catapult HLS synthesis of ccf_dcqcn_rp_top (hls/dcqcn/rp_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/dcqcn/rp_top_catapult.tcl
set top ccf_dcqcn_rp_top
set sources {hls/dcqcn/rp_top.cpp hls/dcqcn/rp_kernel.cpp}
set testbench hls/dcqcn/rp_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/rp_top_csim.vec }
source hls/scripts/catapult_open.tcl

# The per-flow state memory word: RpState::kStateBits = 109 bits per word.
source hls/scripts/catapult_unit_directives.tcl
ccf_catapult_unit_directives ccf_dcqcn_rp_top p $ram_lib

source hls/scripts/catapult_run.tcl
