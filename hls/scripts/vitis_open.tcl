# vitis_open.tcl: opens the Vitis HLS project of one synthesis top (docs/hls.md 4). Sourced by the
# hls/<algo>/<top>_vitis.tcl scripts after they set:
#   top        the top function (global scope)          sources  synthesised files
#   testbench  the C simulation testbench (main)        vectors  the vector file it replays
# Optional: part (default xcu250-figd2104-2L-e, an Alveo U250), clock_ns (default 3.2 = 312.5 MHz),
# defines (e.g. {-DCCF_HLS_RP_WIDTHS={17,3,14,7,24}}: the top built for an explored width setting,
# docs/hls.md 2; the vector file must be recorded at the same setting).
if {![info exists part]} { set part xcu250-figd2104-2L-e }
if {![info exists defines]} { set defines "" }
if {![info exists clock_ns]} { set clock_ns 3.2 }
open_project -reset hls_build/${top}_vitis
set_top $top
foreach f $sources { add_files $f -cflags "-std=c++17 -I. $defines" }
add_files -tb $testbench -cflags "-std=c++17 -I. $defines"
open_solution -reset solution1 -flow_target vivado
set_part $part
create_clock -period $clock_ns -name default
