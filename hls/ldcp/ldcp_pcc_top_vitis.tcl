# ldcp_pcc_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_ldcp_pcc_top (hls/ldcp/ldcp_pcc_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/ldcp/ldcp_pcc_top_vitis.tcl
set top ccf_ldcp_pcc_top
set sources {hls/ldcp/ldcp_pcc_top.cpp hls/ldcp/ldcp_pcc_kernel.cpp hls/ldcp/ldcp_kernel.cpp}
set testbench hls/ldcp/ldcp_pcc_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/ldcp_pcc_top_csim.vec }
source hls/scripts/vitis_open.tcl

# One event per clock: the whole top (state read, kernel, state write) is one pipeline, II = 1.
set_directive_pipeline -II 1 ccf_ldcp_pcc_top
# The per-flow state memory (PccState::kStateBits = 85 bits per word) is outside the kernel: a simple dual-port RAM,
# one read port (this event's flow) and one write port (the flow of the event `latency` cycles
# earlier). Two events of one flow inside the latency are the unit's bypass (docs/hls.md 2), so the
# memory carries no dependence the schedule must honour.
set_directive_interface -mode ap_memory -storage_type ram_s2p ccf_ldcp_pcc_top state_mem
set_directive_dependence -variable state_mem -type inter -dependent false ccf_ldcp_pcc_top
# Events in and results out as AXI4-Stream; the configuration registers (Config) as an AXI4-Lite
# register file, stable while events flow.
set_directive_interface -mode axis ccf_ldcp_pcc_top ev
set_directive_interface -mode axis ccf_ldcp_pcc_top out
set_directive_interface -mode s_axilite ccf_ldcp_pcc_top c
set_directive_stable ccf_ldcp_pcc_top c
set_directive_interface -mode ap_ctrl_none ccf_ldcp_pcc_top

source hls/scripts/vitis_run.tcl
