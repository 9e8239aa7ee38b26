#!/usr/bin/env bash
# pgo_train.sh: the training step of a profile-guided build (the Verilated switch: rtl/CMakeLists.txt;
# the switch's driver and the host code: sims/CMakeLists.txt; docs/speed.md "Profile-guided
# optimization"). Runs ccfabric built against the instrumented objects on the 16-port default incast,
# the same on 8 hosts (the 8-port build), the 32-port 16:1 incast of `ccfabric bench` and HPCC's 16:1
# incast on the reference model, then copies the profile of every object under each instrumented
# folder to the same place under its optimized one, and touches STAMP (the runs' outputs go next to it).
# A pair that names one folder twice is a profile read where it is written (no copy).
#   pgo_train.sh TRAIN_BIN SCENARIO_DIR STAMP INSTRUMENTED_OBJ_DIR OPTIMIZED_OBJ_DIR [INSTRUMENTED OPTIMIZED ...]
set -euo pipefail
bin="$1" scenarios="$2" stamp="$3"
shift 3
out="$(dirname "$stamp")"
for ((i = 1; i < $#; i += 2)); do
  if [[ -d "${!i}" ]]; then find "${!i}" -name '*.gcda' -delete; fi
done
rm -rf "$out" && mkdir -p "$out"
train() {  # NAME SCENARIO [--set ...]
  local name="$1"
  shift
  if ! "$bin" run "$@" --out "$out/$name" >"$out/$name.log" 2>&1; then
    echo "pgo_train.sh: the training run $name failed (the end of $out/$name.log follows)" >&2
    tail -n 20 "$out/$name.log" >&2
    exit 1
  fi
}
train default "$scenarios/incast_dcqcn.toml"
train incast12 "$scenarios/incast_dcqcn.toml" --set fabric.hosts=8 --set traffic.0.senders=7 \
  --set sim.duration_us=1000 --set sim.measure_from_us=500
train incast16 "$scenarios/incast_dcqcn_100g.toml" --set fabric.hosts=17 --set traffic.0.senders=16 \
  --set sim.duration_us=2000 --set sim.measure_from_us=500
train hpcc_reference "$scenarios/incast_hpcc_ns3.toml" --set switch.impl=reference \
  --set sim.duration_us=3000 --set sim.measure_from_us=1000 --plots none
# Verilated sources live under the library's own object folder, so their objects' paths name it
# twice (CMakeFiles/LIB.dir/CMakeFiles/LIB.dir/...): the copy renames the inner one too.
while (($# >= 2)); do
  from="$1" to="$2"
  shift 2
  if [[ "$from" == "$to" ]]; then continue; fi
  from_dir="/$(basename "$from")/" to_dir="/$(basename "$to")/"
  (cd "$from" && find . -name '*.gcda') | while read -r f; do
    g="${f//"$from_dir"/$to_dir}"
    mkdir -p "$to/$(dirname "$g")"
    cp "$from/$f" "$to/$g"
  done
done
touch "$stamp"
