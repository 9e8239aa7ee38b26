#!/usr/bin/env bash
# ice40_timing.sh: place and route the DCQCN units on Lattice iCE40 FPGAs with yosys and nextpnr-ice40
# for a timing figure (docs/units/dcqcn.md 10). Each unit sits in its scan harness (ice40/*_scan.sv:
# inputs from a scan chain, outputs registered), so every path of the unit runs register to register.
# Needs yosys, nextpnr-ice40 (Debian packages yosys, nextpnr-ice40; not in CI). Prints one table row
# per configuration: logic cells, block RAMs, DSPs and the routed maximum clock frequency.
#   bash rtl/nic/synth/ice40_timing.sh [FLOW_W] [OUT_DIR]     (defaults: 8 = 256 flows, synth/out/ice40)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rtl="$(dirname "$here")"
flow_w="${1:-8}" out="${2:-$here/out/ice40}"
placement_seed=1  # nextpnr's: the figures of docs/units/dcqcn.md 10 are for this one
[[ "$flow_w" =~ ^[0-9]+$ && "$flow_w" -ge 1 && "$flow_w" -le 16 ]] || { echo "ice40_timing: FLOW_W = $flow_w must be 1..16" >&2; exit 2; }
for tool in yosys nextpnr-ice40; do
  command -v "$tool" >/dev/null || { echo "ice40_timing: $tool not found (apt-get install yosys nextpnr-ice40)" >&2; exit 2; }
done
mkdir -p "$out"
rp=(dcqcn_rp_pkg.sv dcqcn_rp_pass.sv dcqcn_rp.sv synth/ice40/dcqcn_rp_scan.sv)
echo "| unit | flows | device | logic cells | RAM blocks | DSPs | Fmax (MHz) |"
echo "|---|---:|---|---:|---:|---:|---:|"
run() {  # name top params device sources...
  local name=$1 top=$2 params=$3 device=$4; shift 4
  local synth_opts="" pnr_opts="--hx8k --package ct256"
  [[ $device == up5k ]] && synth_opts="-dsp" pnr_opts="--up5k --package sg48"
  local base="$out/${name}_${device}"
  (cd "$rtl" && yosys -q -l "$base.yosys.log" -p "read_verilog -sv $*; chparam $params $top;
      synth_ice40 $synth_opts -top $top -json $base.json" >/dev/null)
  nextpnr-ice40 $pnr_opts --json "$base.json" --freq 100 --timing-allow-fail --seed "$placement_seed" >"$base.pnr.log" 2>&1 || {
    echo "| $name | $((1 << flow_w)) | $device | (does not fit: $base.pnr.log) | | | |"; return; }
  local lc ram dsp fmax
  lc=$(grep -oP 'ICESTORM_LC:\s+\K\d+' "$base.pnr.log" | tail -1)
  ram=$(grep -oP 'ICESTORM_RAM:\s+\K\d+' "$base.pnr.log" | tail -1)
  dsp=$(grep -oP 'ICESTORM_DSP:\s+\K\d+' "$base.pnr.log" | tail -1 || true)
  fmax=$(grep -oP "Max frequency for clock\s+'clk[^']*': \K[0-9.]+" "$base.pnr.log" | tail -1)  # the unit's clock, routed
  echo "| $name | $((1 << flow_w)) | $device | $lc | $ram | ${dsp:-0} | $fmax |"
}
for device in hx8k up5k; do
  run np dcqcn_np_scan "-set FLOW_W $flow_w" $device dcqcn_np.sv synth/ice40/dcqcn_np_scan.sv
  for v in 0 1 2; do
    name=(rp_paper rp_ns3 rp_mlx)
    run "${name[$v]}" dcqcn_rp_scan "-set VARIANT $v -set FLOW_W $flow_w" $device "${rp[@]}"
  done
done
