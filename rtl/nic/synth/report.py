#!/usr/bin/env python3
"""rtl/nic/synth/report.py: synthesise the NIC units with yosys (docs/units/dcqcn.md 10).

For every unit configuration (DCQCN RP in each variant, DCQCN NP) and flow count, runs the passes of
synth.ys and reports generic gate cells, flip-flop bits, RAM bits and the longest combinational path
(ltp -noff, in generic 2-input gates), beside the state memory that `ccfabric report units` declares
(flows x state bits per flow). Output: <out>/report.json and <out>/report.md. Exit 1 if a RAM is not
the declared state memory. Python 3 standard library only.

usage: report.py [--flows 1024 65536] [--units rp_paper rp_ns3 rp_mlx np] [--out synth/out]
                 [--ccfabric build/sims/ccfabric]

With --ccfabric the declared state bits per flow are read from `ccfabric report units --format json`
(the kernels' state tables), so that a test holds the RTL and the report to each other.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.dirname(HERE)

# unit: (sources, top, parameters, state bits per flow as hls/dcqcn declares them, report units id)
RP_SOURCES = ["dcqcn_rp_pkg.sv", "dcqcn_rp_pass.sv", "dcqcn_rp.sv"]
UNITS = {
    "rp_paper": (RP_SOURCES, "dcqcn_rp", {"VARIANT": 0}, 109, "dcqcn_rp"),
    "rp_ns3": (RP_SOURCES, "dcqcn_rp", {"VARIANT": 1}, 109, "dcqcn_rp"),
    "rp_mlx": (RP_SOURCES, "dcqcn_rp", {"VARIANT": 2}, 109, "dcqcn_rp"),
    "np": (["dcqcn_np.sv"], "dcqcn_np", {}, 19, "dcqcn_np"),
}
GATE_FF_RE = re.compile(r"^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ADFF|ADFFE)\w*_$")


def make_script(unit, flows, outdir):
    sources, top, params = UNITS[unit][:3]
    params = dict(params, FLOW_W=flows.bit_length() - 1)
    lines = []
    for line in open(os.path.join(HERE, "synth.ys")):
        line = line.rstrip("\n")
        if line.startswith("read_verilog"):
            line = "read_verilog -sv " + " ".join(sources)
        elif line.startswith("chparam"):
            line = "chparam " + " ".join(f"-set {k} {v}" for k, v in params.items()) + " " + top
        elif line.startswith("hierarchy"):
            line = "hierarchy -check -top " + top
        lines.append(line.replace("synth/out/", outdir + "/"))
    return "\n".join(lines) + "\n"


def hierarchy_totals(path):
    """(cells, flip-flop bits, {cell type: count}) of the design hierarchy section of 'stat'."""
    text = open(path).read()
    section = text.split("=== design hierarchy ===")[-1]
    types = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\$\S+)\s+(\d+)\s*$", section, re.M)}
    cells = int(re.search(r"Number of cells:\s+(\d+)", section).group(1))
    ff = sum(n for t, n in types.items() if GATE_FF_RE.match(t))
    return cells, ff, types


def mem_bits(path):
    return sum(int(x) for x in re.findall(r"Number of memory bits:\s+(\d+)", open(path).read().split("=== design hierarchy ===")[0]))


def declared_bits(ccfabric):
    """{report units id: state bits per flow} from `ccfabric report units --format json`."""
    text = subprocess.check_output([ccfabric, "report", "units", "--format", "json", "--events", "10"])
    return {u["id"]: u["state_bits_per_flow"] for u in json.loads(text)["units"]}


def run(unit, flows, out, declared):
    outdir = os.path.join(out, f"{unit}_{flows}")
    os.makedirs(outdir, exist_ok=True)
    script = os.path.join(outdir, "run.ys")
    with open(script, "w") as f:
        f.write(make_script(unit, flows, outdir))
    with open(os.path.join(outdir, "yosys.log"), "w") as log:
        rc = subprocess.call(["yosys", "-q", "-s", script], cwd=RTL, stdout=log, stderr=subprocess.STDOUT)
    if rc != 0:
        sys.exit(f"error: yosys {unit} at {flows} flows: exit {rc}, see {outdir}/yosys.log")
    cells, ff, types = hierarchy_totals(os.path.join(outdir, "gates.txt"))
    depth = int(re.search(r"length=(\d+)", open(os.path.join(outdir, "ltp.txt")).read()).group(1))
    ram = mem_bits(os.path.join(outdir, "mem.txt"))
    coarse = open(os.path.join(outdir, "coarse.txt")).read().split("=== design hierarchy ===")[0]
    multipliers = sum(int(n) for n in re.findall(r"^\s+\$mul_\d+\s+(\d+)\s*$", coarse, re.M))
    state_bits = declared.get(UNITS[unit][4], UNITS[unit][3])
    logic = {t: n for t, n in types.items() if not GATE_FF_RE.match(t) and not t.startswith("$mem")}
    return {"unit": unit, "flows": flows, "gate_cells": cells - types.get("$mem_v2", 0), "logic_cells": sum(logic.values()),
            "ff_bits": ff, "ram_bits": ram, "multipliers": multipliers, "declared_state_bits": flows * state_bits,
            "state_bits_per_flow": state_bits, "depth_gates": depth}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--flows", type=int, nargs="+", default=[1024, 65536])
    ap.add_argument("--units", nargs="+", default=list(UNITS), choices=list(UNITS))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--ccfabric", help="read the declared state bits from this ccfabric's `report units`")
    a = ap.parse_args()
    for n in a.flows:
        if n < 2 or n > 65536 or n & (n - 1):
            sys.exit(f"error: --flows {n}: must be a power of two 2..65536 (FLOW_W 1..16)")
    out = os.path.abspath(a.out)
    declared = declared_bits(a.ccfabric) if a.ccfabric else {}
    rows = [run(u, n, out, declared) for u in a.units for n in a.flows]
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump(rows, f, indent=1)
    md = ["| unit | flows | logic cells | flip-flops | RAM bits | declared state (flows x bits) | multipliers | depth (gates) |",
          "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        md.append(f"| {r['unit']} | {r['flows']:,} | {r['logic_cells']:,} | {r['ff_bits']:,} | {r['ram_bits']:,} | "
                  f"{r['declared_state_bits']:,} ({r['flows']:,} x {r['state_bits_per_flow']}) | {r['multipliers']} | "
                  f"{r['depth_gates']} |")
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))
    bad = [r for r in rows if r["ram_bits"] != r["declared_state_bits"]]
    for r in bad:
        print(f"error: {r['unit']} at {r['flows']} flows: RAM {r['ram_bits']} bits, the report declares "
              f"{r['declared_state_bits']}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
