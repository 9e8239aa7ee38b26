#!/usr/bin/env bash
# Regenerate the HPCC cross-validation data in data/ from an already built HPCC simulator.
#
# usage: tests/crossval/hpcc/run_hpcc.sh HPCC_SIMULATION_DIR [NAME_REGEX]
#   HPCC_SIMULATION_DIR  the simulation/ folder of an HPCC checkout, built (build/scratch/third)
#   NAME_REGEX           run only the configs whose name matches (default: all)
# environment:
#   RUN_DIR=dir          where runs happen and raw outputs stay (default: a new temporary folder)
#   KEEP_TRACE=1         keep the binary packet traces (about 0.1-0.5 GB per incast run)
#   REGEN_FLOWS=1        first regenerate inputs/flow_websearch_k{4,8}.txt with HPCC's traffic_gen.py
#                        (needs PYTHON2, a Python 2.7 interpreter; random.seed(1): the files as recorded)
# Every run is timed with /usr/bin/time -v; data/runs.csv gets wall time and peak memory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sim=$(cd "${1:?usage: run_hpcc.sh HPCC_SIMULATION_DIR [NAME_REGEX]}" && pwd)
only=${2:-.}
bin=""
for c in "$sim"/build/scratch/third "$sim"/build/scratch/*third*; do
  if [[ -x $c && -f $c ]]; then bin=$c; break; fi
done
[[ -n $bin ]] || { echo "error: no built scratch/third under $sim/build" >&2; exit 2; }

if [[ ${REGEN_FLOWS:-0} == 1 ]]; then
  tg="$sim/../traffic_gen"
  # k, hosts, seconds of arrivals: load 0.5 on the k = 4 fabric for 20 ms, on k = 8 for 4 ms
  for spec in "4 16 0.02" "8 128 0.004"; do
    read -r k hosts seconds <<< "$spec"
    (cd "$tg" && "${PYTHON2:?set PYTHON2 to a Python 2.7 interpreter}" -c "
import random, sys
random.seed(1)
sys.argv = ['traffic_gen.py', '-c', 'WebSearch_distribution.txt', '-n', '$hosts', '-l', '0.5',
            '-b', '100G', '-t', '$seconds', '-o', '$here/inputs/flow_websearch_k$k.txt']
execfile('traffic_gen.py')")
    # traffic_gen.py writes an estimated count first and overwrites it in place; make it exact
    f="$here/inputs/flow_websearch_k$k.txt"
    { echo $(( $(wc -l < "$f") - 1 )); tail -n +2 "$f"; } > "$f.tmp" && mv "$f.tmp" "$f"
  done
fi

run=${RUN_DIR:-$(mktemp -d)}
mkdir -p "$run/out" "$here/data"
cp "$here"/inputs/*.txt "$run/"
echo "runs in $run"

data="$here/data"
incast_cols=$(python3 -c "import sys; sys.path.insert(0, '$here'); import process_incast as p; print(p.SUMMARY_COLUMNS)")
fct_cols=$(python3 -c "import sys; sys.path.insert(0, '$here'); import condense_fct as p; print(p.FCT_SUMMARY_COLUMNS)")
[[ -f $data/runs.csv ]] || echo "name,wall_s,max_rss_kb,exit_code" > "$data/runs.csv"
[[ -f $data/incast_summary.csv ]] || echo "$incast_cols" > "$data/incast_summary.csv"
[[ -f $data/websearch_summary.csv ]] || echo "$fct_cols" > "$data/websearch_summary.csv"

upsert() {  # upsert FILE NAME LINE: replace the row for NAME (first column) or append it
  local file=$1 name=$2 line=$3
  grep -v "^$name," "$file" > "$file.tmp" || true
  echo "$line" >> "$file.tmp"
  { head -1 "$file.tmp"; tail -n +2 "$file.tmp" | sort -t, -k1,1 -V; } > "$file"
  rm -f "$file.tmp"
}

for cfg in "$run"/config_*.txt; do
  name=$(basename "$cfg" .txt); name=${name#config_}
  [[ $name =~ $only ]] || continue
  echo "== $name"
  set +e
  (cd "$run" && LD_LIBRARY_PATH="$sim/build" /usr/bin/time -v -o "out/${name}_time.txt" \
     "$bin" "config_$name.txt" > "out/${name}_stdout.txt" 2>&1)
  rc=$?
  set -e
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0;
         for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s}' "$run/out/${name}_time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$run/out/${name}_time.txt")
  upsert "$data/runs.csv" "$name" "$name,$wall,$rss,$rc"
  echo "   wall ${wall}s, peak RSS ${rss} kB, exit $rc"
  [[ $rc == 0 ]] || { echo "error: $name failed, see $run/out/${name}_stdout.txt" >&2; exit 1; }
  case $name in
    incast_*)
      line=$(python3 "$here/process_incast.py" "$name" "$run/out" "$data")
      upsert "$data/incast_summary.csv" "$name" "$line"
      [[ ${KEEP_TRACE:-0} == 1 ]] || rm -f "$run/out/$name.tr";;
    websearch_*)
      k=${name#websearch_}; k=${k%%_*}  # websearch_k8_hpcc_32mb: k8
      line=$(python3 "$here/condense_fct.py" "$name" "$run/out" "$data" "$run/flow_websearch_$k.txt")
      upsert "$data/websearch_summary.csv" "$name" "$line";;
  esac
  echo "   $line"
done
