# ldcp_pcc_top_catapult.tcl: Catapult HLS synthesis of ccf_ldcp_pcc_top (hls/ldcp/ldcp_pcc_top.hpp, docs/hls.md 4).
# From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   catapult -shell -file hls/ldcp/ldcp_pcc_top_catapult.tcl
set top ccf_ldcp_pcc_top
set sources {hls/ldcp/ldcp_pcc_top.cpp hls/ldcp/ldcp_pcc_kernel.cpp hls/ldcp/ldcp_kernel.cpp}
set testbench hls/ldcp/ldcp_pcc_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/ldcp_pcc_top_csim.vec }
source hls/scripts/catapult_open.tcl

# One event per clock (II = 1) through the top's main loop.
directive set /ccf_ldcp_pcc_top/core/main -PIPELINE_INIT_INTERVAL 1
# The per-flow state memory (PccState::kStateBits = 85 bits per word): a RAM with separate read and write ports; the
# unit's bypass covers two events of one flow inside the latency (docs/hls.md 2).
directive set /ccf_ldcp_pcc_top/state_mem:rsc -MAP_TO_MODULE $ram_lib.RAM_separateRW
directive set /ccf_ldcp_pcc_top/state_mem:rsc -PACKING_MODE absolute
# Events in and results out with valid/ready handshakes; the configuration registers as a plain
# input, written only while no event is in flight.
directive set /ccf_ldcp_pcc_top/ev:rsc -MAP_TO_MODULE ccs_ioport.ccs_in_wait
directive set /ccf_ldcp_pcc_top/out:rsc -MAP_TO_MODULE ccs_ioport.ccs_out_wait
directive set /ccf_ldcp_pcc_top/c:rsc -MAP_TO_MODULE ccs_ioport.ccs_in

source hls/scripts/catapult_run.tcl
