# ldcp_top_catapult.tcl: Catapult HLS synthesis of ccf_ldcp_top (hls/ldcp/ldcp_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/ldcp/ldcp_top_catapult.tcl
set top ccf_ldcp_top
set sources {hls/ldcp/ldcp_top.cpp hls/ldcp/ldcp_kernel.cpp}
set testbench hls/ldcp/ldcp_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/ldcp_top_csim.vec }
source hls/scripts/catapult_open.tcl

# The per-flow state memory word: LdcpState::kStateBits = 93 bits per word.
source hls/scripts/catapult_unit_directives.tcl
ccf_catapult_unit_directives ccf_ldcp_top c $ram_lib

source hls/scripts/catapult_run.tcl
