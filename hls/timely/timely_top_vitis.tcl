# timely_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_timely_top (hls/timely/timely_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/timely/timely_top_vitis.tcl
set top ccf_timely_top
set sources {hls/timely/timely_top.cpp hls/timely/timely_kernel.cpp}
set testbench hls/timely/timely_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/timely_top_csim.vec }
source hls/scripts/vitis_open.tcl

# The per-flow state memory word: State::kStateBits = 242 bits per word.
source hls/scripts/vitis_unit_directives.tcl
ccf_vitis_unit_directives ccf_timely_top c

source hls/scripts/vitis_run.tcl
