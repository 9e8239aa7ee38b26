# catapult_run.tcl: scheduling and RTL generation after the directives (docs/hls.md 4); SCVerify
# (flow run /SCVerify/launch_make ./scverify/Verify_orig_cxx_osci.mk) replays the same vectors.
go architect
go extract
