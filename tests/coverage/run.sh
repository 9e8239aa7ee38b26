#!/usr/bin/env bash
# tests/coverage/run.sh: coverage of the default test label (docs/verification.md "Coverage").
# Builds build-coverage/ with -DCCF_COVERAGE=ON, runs `ctest -L default` there and reports
#  - the switch RTL (rtl/switch/): Verilator line (blocks and branches), toggle and functional
#    (cover property) coverage of the models the switch tests ran, merged with verilator_coverage;
#  - the C++ of hls/, models/ and sc/: gcov line and branch coverage through gcovr, with
#    --exclude-throw-branches --exclude-unreachable-branches.
# Writes build-coverage/coverage/summary.md (figures and targets), rtl.md (per file, the points not
# covered), html/index.html (C++) and rtl-html/index.html (RTL). Exits 1 when a test fails or a target
# is missed: every functional point, >= 95 % RTL line coverage, >= 95 % line and >= 90 % branch of hls/.
#   bash tests/coverage/run.sh [--jobs N] [ctest arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/build-coverage"
out="$build/coverage"
jobs="$(nproc)"
if [ "${1:-}" = "--jobs" ]; then
  jobs="$2"
  shift 2
fi
bash "$root/sims/scripts/install-deps.sh" gcovr lcov
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCCF_COVERAGE=ON -DCCF_PGO=OFF -DCCF_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$jobs"

# Counts of earlier runs out of the way: the .gcda files of gcov, the models' files of Verilator.
find "$build" -name '*.gcda' -delete
rm -rf "$out"
mkdir -p "$out/rtl" "$out/html" "$out/gcov-scratch"
# libgcov reports a profile file it cannot merge into on stderr, where it would end up in the output of
# the command-line tests; here it goes to a file instead, and any such report fails the run.
export GCOV_ERROR_FILE="$out/gcov-errors.txt"
start=$(date +%s)
flags=()
ctest --test-dir "$build" -L default -j "$jobs" --output-on-failure "$@" || flags=(--tests-failed)
seconds=$(($(date +%s) - start))
# (the run under the file-size limit cannot write its own, in the scratch folder, and says so in
# gcov-scratch/gcov-errors.txt: those do not count)
if [ -s "$GCOV_ERROR_FILE" ]; then
  flags+=(--gcov-errors "$GCOV_ERROR_FILE")
fi

verilator_coverage --write "$out/rtl-merged.dat" "$out"/rtl/*.dat
gcovr --root "$root" --filter "$root/hls/" --filter "$root/models/" --filter "$root/sc/" \
      --exclude-throw-branches --exclude-unreachable-branches -j "$jobs" \
      --json-summary "$out/cpp.json" --html-details "$out/html/index.html" "$build"
rc=0
python3 "$root/tests/coverage/report.py" --root "$root" --out "$out" --rtl "$out/rtl-merged.dat" \
        --cpp "$out/cpp.json" --seconds "$seconds" "${flags[@]}" || rc=$?
verilator_coverage --write-info "$out/rtl.info" "$out/rtl_lines.dat"
genhtml --quiet --output-directory "$out/rtl-html" "$out/rtl.info"
echo "report: $out/summary.md, $out/rtl.md, $out/html/index.html, $out/rtl-html/index.html"
exit "$rc"
