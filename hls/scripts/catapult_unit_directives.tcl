# catapult_unit_directives.tcl: the directives every unit top shares (docs/hls.md 4), as one
# procedure the hls/<algo>/<top>_catapult.tcl scripts call with their top function, the name of its
# configuration-register argument and the RAM library.
proc ccf_catapult_unit_directives {top regs ram_lib} {
    # One event per clock (II = 1) through the top's main loop.
    directive set /$top/core/main -PIPELINE_INIT_INTERVAL 1
    # The per-flow state memory: a RAM with separate read and write ports; the unit's bypass covers
    # two events of one flow inside the latency (docs/hls.md 2).
    directive set /$top/state_mem:rsc -MAP_TO_MODULE $ram_lib.RAM_separateRW
    directive set /$top/state_mem:rsc -PACKING_MODE absolute
    # Events in and results out with valid/ready handshakes; the configuration registers as a plain
    # input, written only while no event is in flight.
    directive set /$top/ev:rsc -MAP_TO_MODULE ccs_ioport.ccs_in_wait
    directive set /$top/out:rsc -MAP_TO_MODULE ccs_ioport.ccs_out_wait
    directive set /$top/$regs:rsc -MAP_TO_MODULE ccs_ioport.ccs_in
}
