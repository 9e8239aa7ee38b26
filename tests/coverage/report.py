#!/usr/bin/env python3
"""The coverage report of tests/coverage/run.sh (docs/verification.md "Coverage").

    report.py --root SRC --out DIR --rtl MERGED.dat --cpp GCOVR.json [--seconds N] [--tests-failed]
              [--gcov-errors FILE]

RTL: MERGED.dat is `verilator_coverage --write` of the coverage file of every model the switch tests
ran. A point is one counter of Verilator: `v_line` a statement block and `v_branch` an if/else or case
branch (both from --coverage-line, together the line coverage here), `v_toggle` a bit seen 0->1 or
1->0, `v_user` a `cover property` (the functional points). A point of another parameterisation (16 or
4 ports, with or without RCM) is the same source point, covered when any configuration covered it.

C++: GCOVR.json is gcovr's --json-summary of hls/, models/ and sc/, counted per folder.

Writes DIR/summary.md, DIR/rtl.md, DIR/summary.json and DIR/rtl_lines.dat (the line and branch points
alone, for an lcov report of the RTL); exits 1 when a target is missed or a test failed.
"""
import argparse
import collections
import datetime
import json
import pathlib
import re
import sys

KINDS = ("v_line", "v_branch", "v_toggle", "v_user")
TARGETS = {"rtl_line": 95.0, "hls_line": 95.0, "hls_branch": 90.0}
CPP_DIRS = ("hls", "models", "sc")


def pct(hit, total):
    return 100.0 * hit / total if total else 100.0


def point_id(kind, f):
    """The source point, the same in every configuration: `page` names the parameterised module
    (sw_admission__N4_NC100) and differs between configurations, the point does not."""
    if kind == "v_toggle":
        return (f["f"], f.get("h", ""), f["o"])
    if kind == "v_user":
        return (f["f"], f["l"], f["o"])
    return (f["f"], f["l"], f.get("n", ""), f["o"])


def rtl_coverage(merged, root, out):
    """Counts of every kind over rtl/switch/, per file, the uncovered line and branch points and the
    functional points missed; writes rtl_lines.dat."""
    rtl_dir = str((root / "rtl" / "switch").resolve()) + "/"
    hits = {k: {} for k in KINDS}  # kind -> point -> count
    spans, kept = {}, []
    for raw in merged.read_text(encoding="latin-1").splitlines():
        m = re.match(r"C '(.*)' (\d+)$", raw)
        if not m:
            continue
        f = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if kv)
        kind = f.get("page", "").split("/")[0]
        if kind not in KINDS or not f.get("f", "").startswith(rtl_dir):
            continue
        pid = point_id(kind, f)
        hits[kind][pid] = hits[kind].get(pid, 0) + int(m.group(2))
        if kind in ("v_line", "v_branch"):
            spans[pid] = f.get("S") or f["l"]
            kept.append(raw)
    (out / "rtl_lines.dat").write_text("# SystemC::Coverage-3\n" + "\n".join(kept) + "\n")

    def rel(path):
        return "rtl/switch/" + path[len(rtl_dir):]

    totals = {k: [sum(1 for c in hits[k].values() if c), len(hits[k])] for k in KINDS}
    per_file = collections.defaultdict(lambda: {k: [0, 0] for k in KINDS})
    for kind in KINDS:
        for pid, c in hits[kind].items():
            per_file[rel(pid[0])][kind][0] += c > 0
            per_file[rel(pid[0])][kind][1] += 1
    sources = {}

    def source(name, line):
        if name not in sources:
            sources[name] = (root / name).read_text().splitlines()
        return sources[name][line - 1].strip()

    uncovered = sorted(({"file": rel(p[0]), "line": int(p[1]), "kind": kind[2:], "what": p[3], "span": spans[p]}
                        for kind in ("v_line", "v_branch") for p, c in hits[kind].items() if c == 0),
                       key=lambda u: (u["file"], u["line"], u["what"]))
    for u in uncovered:
        u["source"] = source(u["file"], u["line"])
    missed = sorted(({"file": rel(p[0]), "line": int(p[1]), "name": p[2]} for p, c in hits["v_user"].items() if c == 0),
                    key=lambda u: (u["file"], u["line"]))
    line = [totals["v_line"][0] + totals["v_branch"][0], totals["v_line"][1] + totals["v_branch"][1]]
    return {"line": line, "totals": totals, "per_file": per_file, "uncovered": uncovered, "missed": missed}


def cpp_coverage(summary, root):
    """Line and branch counts per folder from gcovr's --json-summary."""
    data = json.loads(summary.read_text())
    per_dir = {d: {"line": [0, 0], "branch": [0, 0]} for d in CPP_DIRS}
    for f in data["files"]:
        name = pathlib.Path(f["filename"])
        if name.is_absolute():
            name = name.relative_to(root.resolve())
        top = name.parts[0]
        if top in per_dir:
            per_dir[top]["line"][0] += f["line_covered"]
            per_dir[top]["line"][1] += f["line_total"]
            per_dir[top]["branch"][0] += f["branch_covered"]
            per_dir[top]["branch"][1] += f["branch_total"]
    return per_dir


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", type=pathlib.Path, required=True, help="source tree")
    ap.add_argument("--out", type=pathlib.Path, required=True)
    ap.add_argument("--rtl", type=pathlib.Path, required=True, help="merged Verilator coverage file")
    ap.add_argument("--cpp", type=pathlib.Path, required=True, help="gcovr --json-summary output")
    ap.add_argument("--seconds", type=int, default=0, help="wall time of the test run")
    ap.add_argument("--tests-failed", action="store_true")
    ap.add_argument("--gcov-errors", type=pathlib.Path, help="libgcov's reports of counts it could not merge")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rtl = rtl_coverage(args.rtl, args.root, args.out)
    cpp = cpp_coverage(args.cpp, args.root)
    t = rtl["totals"]
    figures = {
        "rtl_line": pct(*rtl["line"]), "rtl_toggle": pct(*t["v_toggle"]), "rtl_user": pct(*t["v_user"]),
        **{f"{d}_{k}": pct(*cpp[d][k]) for d in CPP_DIRS for k in ("line", "branch")},
    }
    missed = [f"{k} {figures[k]:.1f} % < {v:g} %" for k, v in TARGETS.items() if figures[k] < v]
    if rtl["missed"]:
        missed.append(f"{len(rtl['missed'])} functional points not covered")
    if args.tests_failed:
        missed.append("a test failed")
    if args.gcov_errors:
        missed.append(f"gcov could not merge some counts, the C++ figures miss them ({args.gcov_errors})")

    md = [f"# Coverage of `ctest -L default` ({datetime.date.today().isoformat()}, tests {args.seconds} s)", "",
          "## Switch RTL (rtl/switch/), Verilator", "",
          "| measure | covered | points | % | target |", "|---|---:|---:|---:|---|",
          f"| line: blocks and branches | {rtl['line'][0]} | {rtl['line'][1]} | {figures['rtl_line']:.1f} | >= 95 % |",
          f"| - blocks (v_line) | {t['v_line'][0]} | {t['v_line'][1]} | {pct(*t['v_line']):.1f} | |",
          f"| - branches (v_branch) | {t['v_branch'][0]} | {t['v_branch'][1]} | {pct(*t['v_branch']):.1f} | |",
          f"| toggle | {t['v_toggle'][0]} | {t['v_toggle'][1]} | {figures['rtl_toggle']:.1f} | - |",
          f"| functional (cover property) | {t['v_user'][0]} | {t['v_user'][1]} | {figures['rtl_user']:.1f} | all |",
          "", "## C++, gcov (throw and unreachable branches excluded)", "",
          "| folder | lines | % | branches | % | target |", "|---|---:|---:|---:|---:|---|"]
    for d in CPP_DIRS:
        (lh, lt), (bh, bt) = cpp[d]["line"], cpp[d]["branch"]
        target = ">= 95 % line, >= 90 % branch" if d == "hls" else "-"
        md.append(f"| {d}/ | {lh}/{lt} | {pct(lh, lt):.1f} | {bh}/{bt} | {pct(bh, bt):.1f} | {target} |")
    md += ["", "Targets: " + ("all met" if not missed else "MISSED: " + "; ".join(missed)), ""]
    (args.out / "summary.md").write_text("\n".join(md) + "\n")

    rmd = ["# Switch RTL coverage per file", "",
           "| file | blocks | branches | toggle | functional |", "|---|---:|---:|---:|---:|"]
    for name in sorted(rtl["per_file"]):
        row = rtl["per_file"][name]
        rmd.append(f"| {name} | " + " | ".join(f"{row[k][0]}/{row[k][1]}" for k in KINDS) + " |")
    rmd += ["", "## Line and branch points not covered", ""]
    rmd += [f"- {u['file']}:{u['line']} ({u['kind']} `{u['what']}`, lines {u['span']}): `{u['source']}`"
            for u in rtl["uncovered"]] or ["- none"]
    rmd += ["", "## Functional points not covered", ""]
    rmd += [f"- {u['file']}:{u['line']} `{u['name']}`" for u in rtl["missed"]] or ["- none"]
    (args.out / "rtl.md").write_text("\n".join(rmd) + "\n")
    (args.out / "summary.json").write_text(json.dumps(
        {"figures": figures, "rtl_line_points": rtl["line"], "rtl_points": t, "cpp": cpp,
         "rtl_uncovered": rtl["uncovered"], "rtl_user_missed": rtl["missed"], "missed": missed,
         "test_seconds": args.seconds}, indent=1) + "\n")
    print("\n".join(md))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
