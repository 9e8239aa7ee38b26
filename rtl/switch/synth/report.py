#!/usr/bin/env python3
"""rtl/switch/synth/report.py: synthesise sw_top with yosys for several configurations (docs/switch.md 4).

Runs the passes of synth.ys once per port count and writes, per block (top-level instance of sw_top,
children included): word-level cells, flip-flop bits and memory bits (memories kept as $mem), the
total, and for the configurations in --gates also generic gate cells and the longest path (ltp -noff).
Output: <out>/report.json and <out>/report.md.  Python 3 standard library only.

usage: report.py [--ports 4 8 16] [--prio 2] [--buffer-bytes 16384 ...] [--gates 4 | --gates-all]
                 [--param NAME=VALUE] [--out synth/out] [--timeout 600] [--gate-timeout 1800] [--lock FILE]

Every combination of --ports and --buffer-bytes is one configuration; the per-block tables are
written for the first buffer size, the configuration table (cells, flip-flops, memory bits, generic
gates and logic depth) for all of them. A gate-level run that exceeds --gate-timeout is reported as
such and the configuration keeps its word-level figures. --lock FILE runs each yosys process under
flock(1) on FILE, so that a long sweep shares a machine with other builds between its runs.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.dirname(HERE)
FF_RE = re.compile(r"^\$(dff|dffe|sdff|sdffe|sdffce|adff|adffe|aldff|aldffe|dffsr|dffsre|dlatch|adlatch|dlatchsr)_(\d+)$")
GATE_FF_RE = re.compile(r"^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ADFF|ADFFE|ALDFF|ALDFFE|DFFSR|DFFSRE|DLATCH)\w*_$")


def sources():
    files = sorted(f for f in os.listdir(RTL) if f.startswith("sw_") and f.endswith(".sv") and f != "sw_pkg.sv")
    return ["sw_pkg.sv"] + files


def make_script(params, outdir, gates):
    """synth.ys with this run's file list, parameters and output paths."""
    lines = []
    for line in open(os.path.join(HERE, "synth.ys")):
        line = line.rstrip("\n")
        if line.startswith("# gate level") and not gates:
            break
        if line.startswith("read_verilog"):
            line = "read_verilog -sv " + " ".join(sources())
        elif line.startswith("chparam"):
            line = "chparam " + " ".join(f"-set {k} {v}" for k, v in params.items()) + " sw_top"
        line = line.replace("synth/out/", outdir + "/")
        lines.append(line)
    return "\n".join(lines) + "\n"


def parse_stat(path):
    """{module: {"cells": n, "types": {type: count}, "mem_bits": n}} from yosys 'stat' text."""
    mods = {}
    cur = None
    for line in open(path):
        m = re.match(r"^=== (.+) ===$", line.strip())
        if m:
            name = m.group(1)
            cur = None if name == "design hierarchy" else mods.setdefault(name, {"cells": 0, "types": {}, "mem_bits": 0})
            continue
        if cur is None:
            continue
        m = re.match(r"^\s+Number of cells:\s+(\d+)", line)
        if m:
            cur["cells"] = int(m.group(1))
            continue
        m = re.match(r"^\s+Number of memory bits:\s+(\d+)", line)
        if m:
            cur["mem_bits"] = int(m.group(1))
            continue
        m = re.match(r"^\s+(\S+)\s+(\d+)\s*$", line)
        if m:
            cur["types"][m.group(1)] = int(m.group(2))
    return mods


def base(name):
    return name.split("\\")[-1]


def is_sub(t, mods):
    return t in mods or t.lstrip("\\") in mods


def totals(mods, memmods, name, gate_mode, cache):
    """(cells, ff_bits, mem_bits) of module name including its children."""
    if name in cache:
        return cache[name]
    m = mods[name]
    cells = ff = 0
    mem = memmods.get(name, {}).get("mem_bits", 0)
    for t, n in m["types"].items():
        key = t if t in mods else t.lstrip("\\")
        if key in mods:
            c, f, b = totals(mods, memmods, key, gate_mode, cache)
            cells += n * c
            ff += n * f
            mem += n * b
            continue
        cells += n
        if gate_mode:
            if GATE_FF_RE.match(t):
                ff += n
        else:
            fm = FF_RE.match(t)
            if fm:
                ff += n * int(fm.group(2))
    cache[name] = (cells, ff, mem)
    return cache[name]


def blocks(mods, memmods, gate_mode):
    """Per top-level instance of sw_top: {block: {"cells", "ff_bits", "mem_bits"}} and the total."""
    # chparam names the top $paramod$...\sw_top when a parameter differs from its default
    top = next(m for m in mods if base(m) == "sw_top")
    cache = {}
    out = {}
    glue_cells = glue_ff = 0
    for t, n in mods[top]["types"].items():
        key = t if t in mods else t.lstrip("\\")
        if key in mods:
            c, f, b = totals(mods, memmods, key, gate_mode, cache)
            out[base(key)] = {"cells": c * n, "ff_bits": f * n, "mem_bits": b * n}
        else:
            glue_cells += n
            if gate_mode and GATE_FF_RE.match(t):
                glue_ff += n
            elif not gate_mode and FF_RE.match(t):
                glue_ff += n * int(FF_RE.match(t).group(2))
    out["sw_top (glue)"] = {"cells": glue_cells, "ff_bits": glue_ff, "mem_bits": memmods.get(top, {}).get("mem_bits", 0)}
    total = {k: sum(v[k] for v in out.values()) for k in ("cells", "ff_bits", "mem_bits")}
    return dict(sorted(out.items())), total


def yosys(script, log, timeout, lock):
    """Runs one yosys script; returns (exit code or "timeout", seconds of yosys itself, not of a wait
    for the lock). The timeout counts from when yosys starts."""
    timing = script + ".seconds"
    if os.path.exists(timing):
        os.remove(timing)
    # A small timer around yosys (inside flock when locked): writes its start time, then its run time.
    inner = [sys.executable, "-c",
             "import subprocess, sys, time\n"
             "t = time.time()\n"
             "open(sys.argv[1], 'w').write(f'start {t}\\n')\n"
             "rc = subprocess.call(sys.argv[2:])\n"
             "open(sys.argv[1], 'a').write(f'{time.time() - t}\\n')\n"
             "sys.exit(rc)\n",
             timing, "yosys", "-q", "-s", script]
    cmd = ["flock", lock] + inner if lock else inner
    with open(log, "w") as lf:
        proc = subprocess.Popen(cmd, cwd=RTL, stdout=lf, stderr=subprocess.STDOUT, start_new_session=True)
        rc = None
        while rc is None:
            try:
                rc = proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                started = None
                if os.path.exists(timing):
                    first = open(timing).read().split("\n")[0]
                    if first.startswith("start "):
                        started = float(first[6:])
                if started is not None and time.time() - started > timeout:
                    os.killpg(proc.pid, 15)
                    proc.wait()
                    return "timeout", time.time() - started
    lines = open(timing).read().split("\n") if os.path.exists(timing) else []
    secs = float(lines[1]) if len(lines) > 1 and lines[1] else 0.0
    return rc, secs


def run(params, outdir, gates, timeout, gate_timeout=None, lock=None):
    os.makedirs(outdir, exist_ok=True)
    script = os.path.join(outdir, "run.ys")
    with open(script, "w") as f:
        f.write(make_script(params, outdir, gates))
    log = os.path.join(outdir, "yosys.log")
    rc, secs = yosys(script, log, gate_timeout if gates and gate_timeout else timeout, lock)
    gate_note = None
    if gates and rc == "timeout":
        # The gate level did not finish: keep the word-level figures of a run without it.
        gate_note = f"timeout (> {gate_timeout or timeout} s)"
        gates = False
        with open(script, "w") as f:
            f.write(make_script(params, outdir, False))
        rc, secs = yosys(script, log, timeout, lock)
    if rc != 0:
        print(f"error: yosys {params}: exit {rc}, see {log}", file=sys.stderr)
        return None
    memmods = parse_stat(os.path.join(outdir, "mem.txt"))
    coarse = parse_stat(os.path.join(outdir, "coarse.txt"))
    res = {"params": params, "seconds": round(secs, 1)}
    if gate_note:
        res["gate_note"] = gate_note
    res["blocks"], res["total"] = blocks(coarse, memmods, False)
    if gates:
        g = parse_stat(os.path.join(outdir, "gates.txt"))
        gb, gt = blocks(g, memmods, True)
        res["gate_cells"] = {k: v["cells"] for k, v in gb.items()}
        res["gate_total"] = gt["cells"]
        res["gate_ff_bits"] = gt["ff_bits"]
        m = re.search(r"Longest topological path in \S+ \(length=(\d+)\)", open(os.path.join(outdir, "ltp.txt")).read())
        res["ltp_depth"] = int(m.group(1)) if m else None
    return res


def markdown(all_results):
    first_buf = all_results[0]["params"]["BUFFER_BYTES"]
    results = [r for r in all_results if r["params"]["BUFFER_BYTES"] == first_buf]
    names = sorted({b for r in results for b in r["blocks"]}, key=lambda s: (s.startswith("sw_top"), s))
    head = "| block | " + " | ".join(f"{r['params']['NPORTS']}p cells | {r['params']['NPORTS']}p FF bits | "
                                      f"{r['params']['NPORTS']}p mem bits" for r in results) + " |"
    rows = [head, "|---|" + "---:|" * (3 * len(results))]
    for n in names:
        cols = []
        for r in results:
            b = r["blocks"].get(n, {"cells": 0, "ff_bits": 0, "mem_bits": 0})
            cols += [f"{b['cells']:,}", f"{b['ff_bits']:,}", f"{b['mem_bits']:,}"]
        rows.append(f"| {n} | " + " | ".join(cols) + " |")
    cols = []
    for r in results:
        t = r["total"]
        cols += [f"**{t['cells']:,}**", f"**{t['ff_bits']:,}**", f"**{t['mem_bits']:,}**"]
    rows.append("| **total** | " + " | ".join(cols) + " |")
    for r in results:
        if "gate_cells" in r:
            rows.append("")
            rows.append(f"Generic gate cells per block at NPORTS={r['params']['NPORTS']} (techmap, no abc; memories stay $mem):")
            rows.append("")
            rows.append("| block | gate cells |")
            rows.append("|---|---:|")
            for n in names:
                rows.append(f"| {n} | {r['gate_cells'].get(n, 0):,} |")
            rows.append(f"| **total** | **{r['gate_total']:,}** |")
    rows.append("")
    rows.append("| NPORTS | BUFFER_BYTES | other parameters | word-level cells | FF bits | memory bits | generic gate cells "
                "| gate-level FF bits | logic depth (ltp -noff, gates) | yosys run (s) |")
    rows.append("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in sorted(all_results, key=lambda r: (int(r["params"]["NPORTS"]), int(r["params"]["BUFFER_BYTES"]))):
        other = " ".join(f"{k}={v}" for k, v in r["params"].items() if k not in ("NPORTS", "BUFFER_BYTES"))
        t = r["total"]
        gc = f"{r['gate_total']:,}" if "gate_total" in r else (r.get("gate_note") or "-")
        gf = f"{r['gate_ff_bits']:,}" if "gate_ff_bits" in r else "-"
        lt = str(r.get("ltp_depth") or r.get("gate_note") or "-")
        rows.append(f"| {r['params']['NPORTS']} | {int(r['params']['BUFFER_BYTES']):,} | {other} | {t['cells']:,} | "
                    f"{t['ff_bits']:,} | {t['mem_bits']:,} | {gc} | {gf} | {lt} | {r['seconds']} |")
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ports", type=int, nargs="+", default=[4, 8, 16])
    ap.add_argument("--nprio", "--prio", dest="nprio", type=int, default=2)
    ap.add_argument("--buffer-bytes", type=int, nargs="+", default=[16384])
    ap.add_argument("--gates", type=int, nargs="*", default=[4], help="port counts that also get gate level and ltp")
    ap.add_argument("--gates-all", action="store_true", help="gate level and ltp for every configuration")
    ap.add_argument("--gate-timeout", type=int, default=None,
                    help="seconds for a run with the gate level (default: --timeout); beyond it, word level only")
    ap.add_argument("--lock", default=None, help="run each yosys process under flock(1) on this file")
    ap.add_argument("--param", action="append", default=[], help="extra sw_top parameter NAME=VALUE")
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--timeout", type=int, default=600, help="seconds per yosys run")
    a = ap.parse_args()
    extra = {}
    for kv in a.param:
        if "=" not in kv:
            print(f"error: --param {kv}: expected NAME=VALUE", file=sys.stderr)
            return 2
        k, v = kv.split("=", 1)
        extra[k] = v
    results = []
    for buf in a.buffer_bytes:
        for n in a.ports:
            params = {"NPORTS": n, "NPRIO": a.nprio, "BUFFER_BYTES": buf, **extra}
            sub = f"p{n}" if len(a.buffer_bytes) == 1 else f"p{n}_b{buf}"
            r = run(params, os.path.join(a.out, sub), a.gates_all or n in a.gates, a.timeout, a.gate_timeout, a.lock)
            if r is None:
                return 1
            print(f"NPORTS={n} BUFFER_BYTES={buf}: {r['total']['cells']} cells, {r['total']['ff_bits']} FF bits, "
                  f"{r['total']['mem_bits']} memory bits, ltp {r.get('ltp_depth', r.get('gate_note', '-'))}, "
                  f"{r['seconds']} s", file=sys.stderr, flush=True)
            # Partial results after every configuration: a long sweep can be read while it runs.
            with open(os.path.join(a.out, "report.json"), "w") as f:
                json.dump(results + [r], f, indent=2)
            results.append(r)
    with open(os.path.join(a.out, "report.json"), "w") as f:
        json.dump(results, f, indent=2)
    md = markdown(results)
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
