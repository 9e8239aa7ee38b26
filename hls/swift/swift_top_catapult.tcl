# swift_top_catapult.tcl: Catapult HLS synthesis of ccf_swift_top (hls/swift/swift_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/swift/swift_top_catapult.tcl
set top ccf_swift_top
set sources {hls/swift/swift_top.cpp hls/swift/swift_kernel.cpp}
set testbench hls/swift/swift_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/swift_top_csim.vec }
source hls/scripts/catapult_open.tcl

# The per-flow state memory word: State::kStateBits = 226 bits per word.
source hls/scripts/catapult_unit_directives.tcl
ccf_catapult_unit_directives ccf_swift_top r $ram_lib

source hls/scripts/catapult_run.tcl
