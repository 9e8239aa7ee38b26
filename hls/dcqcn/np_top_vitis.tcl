# np_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_dcqcn_np_top (hls/dcqcn/np_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/dcqcn/np_top_vitis.tcl
set top ccf_dcqcn_np_top
set sources {hls/dcqcn/np_top.cpp}
set testbench hls/dcqcn/np_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/np_top_csim.vec }
source hls/scripts/vitis_open.tcl

# One event per clock: the whole top (state read, kernel, state write) is one pipeline, II = 1.
set_directive_pipeline -II 1 ccf_dcqcn_np_top
# The per-flow state memory (NpState::kStateBits = 19 bits per word) is outside the kernel: a simple dual-port RAM,
# one read port (this event's flow) and one write port (the flow of the event `latency` cycles
# earlier). Two events of one flow inside the latency are the unit's bypass (docs/hls.md 2), so the
# memory carries no dependence the schedule must honour.
set_directive_interface -mode ap_memory -storage_type ram_s2p ccf_dcqcn_np_top state_mem
set_directive_dependence -variable state_mem -type inter -dependent false ccf_dcqcn_np_top
# Events in and results out as AXI4-Stream; the configuration registers (NpParams) as an AXI4-Lite
# register file, stable while events flow.
set_directive_interface -mode axis ccf_dcqcn_np_top ev
set_directive_interface -mode axis ccf_dcqcn_np_top out
set_directive_interface -mode s_axilite ccf_dcqcn_np_top p
set_directive_stable ccf_dcqcn_np_top p
set_directive_interface -mode ap_ctrl_none ccf_dcqcn_np_top

source hls/scripts/vitis_run.tcl
