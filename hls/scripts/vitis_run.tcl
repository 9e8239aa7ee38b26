# vitis_run.tcl: C simulation on the vector file, then synthesis (docs/hls.md 4). Sourced last by
# the hls/<algo>/<top>_vitis.tcl scripts. The C simulation exits non-zero on the first mismatch.
csim_design -argv $vectors
csynth_design
exit
