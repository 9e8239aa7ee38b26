# swift_top_vitis.tcl: Vitis HLS C simulation and synthesis of ccf_swift_top (hls/swift/swift_top.hpp,
# docs/hls.md 4). From the repository root, after `ctest -R HlsCsim` wrote the vectors:
#   vitis_hls -f hls/swift/swift_top_vitis.tcl
set top ccf_swift_top
set sources {hls/swift/swift_top.cpp hls/swift/swift_kernel.cpp}
set testbench hls/swift/swift_top_csim.cpp
if {![info exists vectors]} { set vectors build/tests/hls_vectors/swift_top_csim.vec }
source hls/scripts/vitis_open.tcl

# One event per clock: the whole top (state read, kernel, state write) is one pipeline, II = 1.
set_directive_pipeline -II 1 ccf_swift_top
# The per-flow state memory (State::kStateBits = 226 bits per word) is outside the kernel: a simple dual-port RAM,
# one read port (this event's flow) and one write port (the flow of the event `latency` cycles
# earlier). Two events of one flow inside the latency are the unit's bypass (docs/hls.md 2), so the
# memory carries no dependence the schedule must honour.
set_directive_interface -mode ap_memory -storage_type ram_s2p ccf_swift_top state_mem
set_directive_dependence -variable state_mem -type inter -dependent false ccf_swift_top
# Events in and results out as AXI4-Stream; the configuration registers (Regs) as an AXI4-Lite
# register file, stable while events flow.
set_directive_interface -mode axis ccf_swift_top ev
set_directive_interface -mode axis ccf_swift_top out
set_directive_interface -mode s_axilite ccf_swift_top r
set_directive_stable ccf_swift_top r
set_directive_interface -mode ap_ctrl_none ccf_swift_top

source hls/scripts/vitis_run.tcl
