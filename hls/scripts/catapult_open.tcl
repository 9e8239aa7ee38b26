# catapult_open.tcl: opens the Catapult HLS project of one synthesis top (docs/hls.md 4). Sourced by
# the hls/<algo>/<top>_catapult.tcl scripts after they set top, sources, testbench and vectors (as in
# vitis_open.tcl). Optional: clock_ns (default 1.0 = 1 GHz, the units' clock in docs/units/),
# tech_lib (default nangate-45nm_beh), ram_lib (default ram_nangate-45nm-separate_beh) and defines
# (the compile-time widths of an explored setting, as in vitis_open.tcl).
if {![info exists clock_ns]} { set clock_ns 1.0 }
if {![info exists defines]} { set defines "" }
if {![info exists tech_lib]} { set tech_lib nangate-45nm_beh }
if {![info exists ram_lib]} { set ram_lib ram_nangate-45nm-separate_beh }
options set Input/CppStandard c++17
options set Input/CompilerFlags $defines
options set Input/SearchPath .
project new -dir hls_build -name ${top}_catapult
foreach f $sources { solution file add $f }
solution file add $testbench -exclude true
solution options set /Flows/SCVerify/INVOKE_ARGS $vectors
solution design set $top -top
go compile
solution library add $tech_lib
solution library add $ram_lib
go libraries
directive set -CLOCKS [list clk [list -CLOCK_PERIOD $clock_ns -CLOCK_EDGE rising -RESET_KIND sync \
    -RESET_SYNC_NAME rst -RESET_SYNC_ACTIVE high]]
go assembly
