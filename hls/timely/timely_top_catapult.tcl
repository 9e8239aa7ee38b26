# timely_top_catapult.tcl: Catapult HLS synthesis of ccf_timely_top (hls/timely/timely_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/timely/timely_top_catapult.tcl
set top ccf_timely_top
set sources {hls/timely/timely_top.cpp hls/timely/timely_kernel.cpp}
set testbench hls/timely/timely_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/timely_top_csim.vec }
source hls/scripts/catapult_open.tcl

# The per-flow state memory word: State::kStateBits = 242 bits per word.
source hls/scripts/catapult_unit_directives.tcl
ccf_catapult_unit_directives ccf_timely_top c $ram_lib

source hls/scripts/catapult_run.tcl
