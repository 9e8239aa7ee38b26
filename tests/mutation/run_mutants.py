#!/usr/bin/env python3
"""tests/mutation/run_mutants.py: the mutation score of the NIC side (docs/verification.md).

Applies each planted bug of mutants.toml to a copy of the source tree, rebuilds the test targets the
mutant lists and runs the CTests (label default) whose names match its group's pattern; a mutant is
killed when one of them fails. The copy and its build live under --work (default build/mutation), so
the source tree is never modified; a second run rebuilds only what changed.

usage: run_mutants.py [--work DIR] [--only ID ...] [--jobs N] [--list]
Exit 0 when every mutant is killed, 1 when one survives or does not compile, 2 on a usage error or a
baseline that fails before any mutant is applied. Writes DIR/report.md and DIR/report.json.
Python 3.11 standard library only.
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_mutants():
    with open(os.path.join(HERE, "mutants.toml"), "rb") as f:
        data = tomllib.load(f)
    d = data["defaults"]
    mutants = data["mutant"]
    for m in mutants:
        g = m["group"]
        m["tests"] = d[f"{g}_tests"]
        m["targets"] = d[f"{g}_targets"]
    return mutants


def tracked_files():
    try:
        out = subprocess.check_output(["git", "-C", ROOT, "ls-files", "-z"], stderr=subprocess.DEVNULL)
        return [p for p in out.decode().split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for base, dirs, names in os.walk(ROOT):
            dirs[:] = [x for x in dirs if not x.startswith(("build", "out", "."))]
            files += [os.path.relpath(os.path.join(base, n), ROOT) for n in names]
        return files


def sync_copy(src_dir):
    """Copies every tracked file whose content differs into src_dir (unchanged files keep their mtime)."""
    copied = 0
    for rel in tracked_files():
        a, b = os.path.join(ROOT, rel), os.path.join(src_dir, rel)
        if not os.path.isfile(a):
            continue
        with open(a, "rb") as f:
            data = f.read()
        if os.path.isfile(b):
            with open(b, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(b), exist_ok=True)
        shutil.copy2(a, b)
        copied += 1
    return copied


# A mutant can make a test loop or grow without bound: each test process gets at most this much
# memory (and ctest a timeout per test), so a runaway counts as a failure, not a swapping machine.
TEST_MEMORY_BYTES = 4 << 30


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (TEST_MEMORY_BYTES, TEST_MEMORY_BYTES))


def run(cmd, log, limited=False):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        return subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, preexec_fn=limit_memory if limited else None)


def build(build_dir, targets, jobs, log):
    return run(["cmake", "--build", build_dir, "-j", str(jobs), "--target", *targets], log) == 0


def ctest(build_dir, regex, jobs, log):
    return run(["ctest", "--test-dir", build_dir, "-L", "default", "-R", regex, "-j", str(jobs),
                "--timeout", "120", "--output-on-failure"], log, limited=True) == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "mutation"))
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    mutants = load_mutants()
    known = {m["id"] for m in mutants}
    for i in a.only:
        if i not in known:
            print(f"run_mutants: --only {i}: no such mutant (see --list)", file=sys.stderr)
            return 2
    if a.only:
        mutants = [m for m in mutants if m["id"] in a.only]
    if a.list:
        for m in mutants:
            print(f"{m['id']:40s} {m['file']}: {m['what']}")
        return 0
    work = os.path.abspath(a.work)
    src, bld, log = os.path.join(work, "src"), os.path.join(work, "build"), os.path.join(work, "log.txt")
    os.makedirs(src, exist_ok=True)
    open(log, "w").close()
    print(f"run_mutants: {len(mutants)} mutants, copy in {src}, log {log}", flush=True)
    sync_copy(src)
    for m in mutants:  # every mutant applies to the tree as it is
        n = open(os.path.join(src, m["file"])).read().count(m["from"])
        if n != 1:
            print(f"run_mutants: {m['id']}: `{m['from']}` occurs {n} times in {m['file']} (must be once)", file=sys.stderr)
            return 2
    if not os.path.isfile(os.path.join(bld, "CMakeCache.txt")):
        if run(["cmake", "-S", src, "-B", bld, "-DCMAKE_BUILD_TYPE=Release", "-DCCF_PGO=OFF",
                "-DCCF_BUILD_BENCH=OFF"], log) != 0:
            print(f"run_mutants: configure failed (see {log})", file=sys.stderr)
            return 2
    targets = sorted({t for m in mutants for t in m["targets"]})
    regex = "|".join(sorted({m["tests"] for m in mutants}))
    t0 = time.time()
    if not build(bld, targets, a.jobs, log) or not ctest(bld, regex, a.jobs, log):
        print(f"run_mutants: the baseline (no mutant) does not build or pass (see {log})", file=sys.stderr)
        return 2
    print(f"baseline: built and passed in {time.time() - t0:.0f} s", flush=True)
    results = []
    for m in mutants:
        path = os.path.join(src, m["file"])
        original = open(path).read()
        t0 = time.time()
        try:
            with open(path, "w") as f:
                f.write(original.replace(m["from"], m["to"]))
            if not build(bld, m["targets"], a.jobs, log):
                status = "does not compile"
            else:
                status = "survived" if ctest(bld, m["tests"], a.jobs, log) else "killed"
        finally:
            with open(path, "w") as f:
                f.write(original)
        results.append({"id": m["id"], "file": m["file"], "what": m["what"], "status": status,
                        "seconds": round(time.time() - t0, 1)})
        print(f"{status:16s} {m['id']} ({results[-1]['seconds']:.0f} s)", flush=True)
    killed = sum(r["status"] == "killed" for r in results)
    with open(os.path.join(work, "report.json"), "w") as f:
        json.dump({"killed": killed, "total": len(results), "mutants": results}, f, indent=2)
    with open(os.path.join(work, "report.md"), "w") as f:
        f.write(f"Mutation score: {killed} of {len(results)} killed\n\n| mutant | file | bug | result |\n|---|---|---|---|\n")
        for r in results:
            f.write(f"| {r['id']} | {r['file']} | {r['what']} | {r['status']} |\n")
    print(f"mutation score: {killed} of {len(results)} killed (report: {work}/report.md)")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
