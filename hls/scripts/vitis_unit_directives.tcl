# vitis_unit_directives.tcl: the directives every unit top shares (docs/hls.md 4), as one procedure
# the hls/<algo>/<top>_vitis.tcl scripts call with their top function and the name of its
# configuration-register argument.
proc ccf_vitis_unit_directives {top regs} {
    # One event per clock: the whole top (state read, kernel, state write) is one pipeline, II = 1.
    set_directive_pipeline -II 1 $top
    # The per-flow state memory is outside the kernel: a simple dual-port RAM, one read port (this
    # event's flow) and one write port (the flow of the event `latency` cycles earlier). Two events
    # of one flow inside the latency are the unit's bypass (docs/hls.md 2), so the memory carries no
    # dependence the schedule must honour.
    set_directive_interface -mode ap_memory -storage_type ram_s2p $top state_mem
    set_directive_dependence -variable state_mem -type inter -dependent false $top
    # Events in and results out as AXI4-Stream; the configuration registers as an AXI4-Lite
    # register file, stable while events flow.
    set_directive_interface -mode axis $top ev
    set_directive_interface -mode axis $top out
    set_directive_interface -mode s_axilite $top $regs
    set_directive_stable $top $regs
    set_directive_interface -mode ap_ctrl_none $top
}
