#!/usr/bin/env python3
"""Condense HPCC's fct.txt of one run into per-flow and per-size-group CSVs.

usage: condense_fct.py NAME OUT_DIR DATA_DIR FLOW_FILE
  reads  OUT_DIR/NAME_fct.txt: sip dip sport dport size_B start_ns fct_ns standalone_fct_ns
         (third.cc qp_finish; standalone = base RTT + size with headers / line rate)
         FLOW_FILE (HPCC flow file) to number the flows and find any that did not finish
  writes DATA_DIR/NAME_fct.csv       one row per flow, in flow-file order
         DATA_DIR/NAME_slowdown.csv  flows sorted by size and cut into 20 groups of 5 %
                                     (as HPCC's analysis/fct_analysis.py does): slowdown p50/p95/p99
  prints one summary line (CSV) on stdout
"""
import sys

T0_NS = 2000000000


def node_of(ip_hex):
    return (int(ip_hex, 16) >> 8) & 0xffff


def pctl(xs, p):  # fct_analysis.py's get_pctl: a[int(len(a) * p)]
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def main():
    name, out_dir, data_dir, flow_file = sys.argv[1:5]
    flows = []
    with open(flow_file) as f:
        n = int(f.readline().split()[0])
        for _ in range(n):
            src, dst, pg, dport, size, start = f.readline().split()
            flows.append((int(src), int(dst), int(size), int(round(float(start) * 1e9))))
    done = {}
    with open("%s/%s_fct.txt" % (out_dir, name)) as f:
        for line in f:
            sip, dip, sport, dport, size, start, fct, ideal = line.split()
            key = (node_of(sip), node_of(dip), int(size))
            done.setdefault(key, []).append((int(start), int(fct), int(ideal)))
    rows = []
    missing = 0
    with open("%s/%s_fct.csv" % (data_dir, name), "w") as f:
        f.write("flow,src,dst,size_bytes,start_ns,fct_ns,ideal_fct_ns,slowdown\n")
        for i, (src, dst, size, start) in enumerate(flows):
            # match on (src, dst, size) and the nearest start (Seconds(double) may round by 1 ns)
            hits = done.get((src, dst, size), [])
            best = min(range(len(hits)), key=lambda j: abs(hits[j][0] - start), default=None)
            if best is None or abs(hits[best][0] - start) > 1000:
                missing += 1
                f.write("%d,%d,%d,%d,%d,,,\n" % (i, src, dst, size, start - T0_NS))
                continue
            _, fct, ideal = hits.pop(best)
            slow = fct / float(ideal)
            rows.append((size, slow, fct))
            f.write("%d,%d,%d,%d,%d,%d,%d,%.4f\n" % (i, src, dst, size, start - T0_NS, fct, ideal, slow))
    rows.sort(key=lambda r: r[0])
    step = 5
    with open("%s/%s_slowdown.csv" % (data_dir, name), "w") as f:
        f.write("size_pct_lo,size_pct_hi,max_size_bytes,flows,slowdown_p50,slowdown_p95,slowdown_p99\n")
        for lo in range(0, 100, step):
            part = rows[lo * len(rows) // 100:(lo + step) * len(rows) // 100]
            if not part:
                continue
            slows = sorted(max(1.0, r[1]) for r in part)  # fct_analysis.py clamps at 1
            f.write("%d,%d,%d,%d,%.3f,%.3f,%.3f\n" % (lo, lo + step, part[-1][0], len(part),
                    pctl(slows, 0.5), pctl(slows, 0.95), pctl(slows, 0.99)))
    slows = sorted(max(1.0, r[1]) for r in rows)
    small = sorted(max(1.0, r[1]) for r in rows if r[0] <= 100000)
    large = sorted(max(1.0, r[1]) for r in rows if r[0] > 1000000)
    print("%s,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f" % (
        name, len(flows), len(rows), missing, sum(slows) / len(slows), pctl(slows, 0.5),
        pctl(slows, 0.95), pctl(slows, 0.99), pctl(small, 0.99) if small else 0,
        pctl(large, 0.5) if large else 0, max(r[2] for r in rows) / 1e3))


FCT_SUMMARY_COLUMNS = ("name,flows,finished,unfinished,slowdown_mean,slowdown_p50,slowdown_p95,"
                       "slowdown_p99,small_le100KB_slowdown_p99,large_gt1MB_slowdown_p50,max_fct_us")

if __name__ == "__main__":
    main()
