#!/usr/bin/env bash
# The main job: installs what it needs, builds, and runs the default demonstration.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/sims/scripts/install-deps.sh"
bash "$root/sims/scripts/build.sh" --target ccfabric
"$root/build/sims/ccfabric" demo-switch --out "$root/out/demo-switch" "$@"
