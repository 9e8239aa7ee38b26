#!/usr/bin/env bash
# compare_binaries.sh: the wall time of two ccfabric binaries on the same run, measured in interleaved
# rounds (this machine's speed drifts by up to 2x, docs/speed.md), and whether their outputs are
# identical, as a speed change must leave them; also the co-simulated switch's cycles per second of
# wall time in its process (the numerator of `ccfabric bench`'s ratio to the bare loop). Default
# run: the 16:1 DCQCN incast of `ccfabric bench`, 10 ms.
#   bash bench/compare_binaries.sh OLD_CCFABRIC NEW_CCFABRIC [ROUNDS] [OUT_DIR]
# e.g. a build without profile-guided optimization against the default one:
#   cmake -S . -B build-nopgo -DCCF_PGO=OFF && cmake --build build-nopgo --target ccfabric -j2
#   bash bench/compare_binaries.sh build-nopgo/sims/ccfabric build/sims/ccfabric 8
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 2 ]] || { echo "usage: $0 OLD_CCFABRIC NEW_CCFABRIC [ROUNDS] [OUT_DIR]" >&2; exit 2; }
old="$1" new="$2" rounds="${3:-6}" out="${4:-out/compare}"
for b in "$old" "$new"; do [[ -x "$b" ]] || { echo "compare_binaries: $b is not an executable" >&2; exit 2; }; done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "compare_binaries: ROUNDS = $rounds must be a positive integer" >&2; exit 2; }
run=(run "$root/sims/scenarios/incast_dcqcn_100g.toml" --set fabric.hosts=17 --set traffic.0.senders=16
     --set sim.duration_us=10000 --set sim.measure_from_us=1000)
rm -rf "$out" && mkdir -p "$out"
echo "compare_binaries: 16:1 DCQCN incast, 10 ms simulated, $rounds interleaved rounds (wall s)"
for ((i = 1; i <= rounds; ++i)); do
  "$old" "${run[@]}" --out "$out/old" >/dev/null
  "$new" "${run[@]}" --out "$out/new" >/dev/null
  python3 - "$out" <<'EOF'
import json, sys
s = [json.load(open(f"{sys.argv[1]}/{v}/summary.json")) for v in ("old", "new")]
w = [j["sim"]["wall_s"] for j in s]
# stepped switch cycles per wall second in the switch's process: summary.json's figure, computed
# here for binaries from before it was reported (2d66310)
c = [j["speed"].get("switch_cycles_per_s") or
     j["switch_cycles"]["stepped"] / (j["speed"]["wall_share"]["switch_rtl"] * j["sim"]["wall_s"]) for j in s]
print(f"old {w[0]:.3f}  new {w[1]:.3f}  new/old {w[1] / w[0]:.2f}   "
      f"co-simulated switch cycles/s: old {c[0]:.0f}  new {c[1]:.0f}  new/old {c[1] / c[0]:.2f}")
open(f"{sys.argv[1]}/rounds.txt", "a").write(f"{w[0]} {w[1]} {c[0]} {c[1]}\n")
EOF
done
python3 - "$out" <<'EOF'
import statistics, sys
rounds = [tuple(map(float, line.split())) for line in open(f"{sys.argv[1]}/rounds.txt")]
old, new = min(r[0] for r in rounds), min(r[1] for r in rounds)
print(f"fastest: old {old:.3f} s, new {new:.3f} s (new/old {new / old:.2f}); "
      f"median new/old within a round {statistics.median(r[1] / r[0] for r in rounds):.2f}")
old, new = max(r[2] for r in rounds), max(r[3] for r in rounds)
print(f"co-simulated switch, fastest: old {old:.0f}, new {new:.0f} cycles/s (new/old {new / old:.2f}); "
      f"median new/old within a round {statistics.median(r[3] / r[2] for r in rounds):.2f}")
EOF
same=yes
for f in flows.csv timeseries.csv pfc.csv ports.csv fct.csv; do
  if [[ -e "$out/old/$f" || -e "$out/new/$f" ]] && ! cmp -s "$out/old/$f" "$out/new/$f"; then
    echo "outputs differ: $f"; same=no
  fi
done
[[ $same == yes ]] && echo "outputs identical (flows, time series, PFC, ports, FCT)"
