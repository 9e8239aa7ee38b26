#!/usr/bin/env bash
# The main job: installs what it needs, builds, and runs the default scenario (an 8:1 DCQCN incast at
# 100 Gb/s through the Verilated switch; about 10 s) and prints its table. Extra arguments go to
# `ccfabric run`, e.g. --set traffic.0.senders=4 or --trace.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/sims/scripts/install-deps.sh"
bash "$root/sims/scripts/build.sh" --target ccfabric
"$root/build/sims/ccfabric" run "$root/sims/scenarios/incast_dcqcn_100g.toml" --out "$root/out/run" "$@"
