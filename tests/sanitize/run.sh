#!/usr/bin/env bash
# tests/sanitize/run.sh: the default test label under AddressSanitizer and UndefinedBehaviorSanitizer
# on the project's own code (docs/verification.md "Sanitizers"; the Verilated models stay
# uninstrumented). Builds into build-sanitize/ and runs `ctest -L default`; any report fails the test
# that triggers it.
#   bash tests/sanitize/run.sh [ctest arguments, e.g. -R Nic]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/build-sanitize"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCCF_SANITIZE=ON -DCCF_PGO=OFF -DCCF_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$(nproc)"
# halt_on_error: a UBSan report fails its test like an ASan one. detect_leaks: the tests must not leak
# either. detect_stack_use_after_return stays off: SystemC switches its processes' stacks itself.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0"
ctest --test-dir "$build" -L default -j "$(nproc)" --output-on-failure --timeout 1800 "$@"
