# ldcp_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_ldcp_top (hls/ldcp/ldcp_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/ldcp/ldcp_top_vitis.tcl
set top ccf_ldcp_top
set sources {hls/ldcp/ldcp_top.cpp hls/ldcp/ldcp_kernel.cpp}
set testbench hls/ldcp/ldcp_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/ldcp_top_csim.vec }
source hls/scripts/vitis_open.tcl

# The per-flow state memory word: LdcpState::kStateBits = 93 bits per word.
source hls/scripts/vitis_unit_directives.tcl
ccf_vitis_unit_directives ccf_ldcp_top c

source hls/scripts/vitis_run.tcl
