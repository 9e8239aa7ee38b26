#!/usr/bin/env bash
# Installs what it needs, builds, and runs the default test suite (label "default").
# The long regression: ctest --test-dir build -L long
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/sims/scripts/install-deps.sh"
bash "$root/sims/scripts/build.sh"
ctest --test-dir "$root/build" -L default -j "$(nproc)" --output-on-failure "$@"
