# np_top_catapult.tcl: Catapult HLS synthesis of ccf_dcqcn_np_top (hls/dcqcn/np_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/dcqcn/np_top_catapult.tcl
set top ccf_dcqcn_np_top
set sources {hls/dcqcn/np_top.cpp}
set testbench hls/dcqcn/np_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/np_top_csim.vec }
source hls/scripts/catapult_open.tcl

# The per-flow state memory word: NpState::kStateBits = 19 bits per word.
source hls/scripts/catapult_unit_directives.tcl
ccf_catapult_unit_directives ccf_dcqcn_np_top p $ram_lib

source hls/scripts/catapult_run.tcl
