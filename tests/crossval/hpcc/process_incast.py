#!/usr/bin/env python3
"""Condense one HPCC incast run (binary packet trace of the switch + pfc.txt) into small CSVs.

usage: process_incast.py NAME OUT_DIR DATA_DIR
  reads  OUT_DIR/NAME.tr (HPCC's TraceFormat records, analysis/trace-format.h: 56 bytes each,
         after a SimSetting header) and OUT_DIR/NAME_pfc.txt
  writes DATA_DIR/NAME_flows.csv  per-sender payload throughput leaving the bottleneck port, 100 us bins
         DATA_DIR/NAME_queue.csv  bottleneck egress queue, wire throughput, CE marks, PFC pauses, 10 us bins
         and prints one summary line (CSV, columns SUMMARY_COLUMNS) on stdout

Times are microseconds since the flows started (t = 2.0 s in HPCC's clock). The bottleneck port is
the switch port towards host 0 (the receiver); senders are hosts 1..N.
"""
import struct
import sys

T0_NS = 2000000000
REC = struct.Struct("<QHBBIIIHBBBB2xHHIQHH4x")  # TraceFormat with the data-packet view of the union
assert REC.size == 56
EV_ENQU, EV_DEQU, EV_DROP = 1, 2, 3
UDP, PFC = 0x11, 0xFE
RECEIVER_IP = 0x0b000001  # node 0, third.cc node_id_to_ip
FLOW_BIN_US = 100
QUEUE_BIN_US = 10
SPLIT_US = 10000  # summary windows: [0, 10 ms) and [10 ms, end)
SUMMARY_COLUMNS = ("name,senders,duration_us,"
                   "total_payload_gbps_0_10ms,jain_0_10ms,qlen_mean_bytes_0_10ms,"
                   "total_payload_gbps_10ms_end,jain_10ms_end,min_flow_gbps_10ms_end,"
                   "max_flow_gbps_10ms_end,qlen_mean_bytes_10ms_end,qlen_p50_bytes_10ms_end,"
                   "qlen_p99_bytes_10ms_end,qlen_max_bytes,ce_marked_frac,pfc_pauses_rx_by_hosts,"
                   "pfc_pause_first_us,pfc_pause_last_us,drops")


def node_of(ip):
    return (ip >> 8) & 0xffff


def jain(xs):
    s = sum(xs)
    q = sum(x * x for x in xs)
    return s * s / (len(xs) * q) if q > 0 else 0.0


def main():
    name, out_dir, data_dir = sys.argv[1:4]
    with open("%s/%s.tr" % (out_dir, name), "rb") as f:
        blob = f.read()
    (nports,) = struct.unpack_from("<I", blob, 0)
    off = 4 + nports * 11 + 4  # SimSetting: count, (u16 node, u8 intf, u64 bps) each, u32 win
    assert (len(blob) - off) % REC.size == 0, "trace size is not a whole number of records"

    port = None
    senders = set()
    last_ns = T0_NS
    flow_bytes = {}  # (bin, sender) -> payload bytes
    q_bins = {}      # bin -> [qlen_end, qlen_max, wire_bytes, data_pkts, ce_pkts]
    qlen_now = 0
    qlen_samples = []  # queue at each 10 us boundary
    next_sample_ns = T0_NS + QUEUE_BIN_US * 1000
    drops = 0
    ce_total = data_total = 0
    for (t, node, intf, qidx, qlen, sip, dip, size, l3, ev, ecn, ntype,
         sport, dport, seq, ts, pg, payload) in REC.iter_unpack(memoryview(blob)[off:]):
        if ev == EV_DROP:
            drops += 1
        if l3 != UDP or dip != RECEIVER_IP or ev not in (EV_ENQU, EV_DEQU):
            continue
        if port is None:
            port = intf
        if intf != port or qidx != 3:
            continue
        while t >= next_sample_ns:
            qlen_samples.append(qlen_now)
            next_sample_ns += QUEUE_BIN_US * 1000
        qlen_now = qlen
        qb = (t - T0_NS) // (QUEUE_BIN_US * 1000)
        row = q_bins.setdefault(qb, [0, 0, 0, 0, 0])
        row[1] = max(row[1], qlen)
        if ev == EV_ENQU:
            continue
        last_ns = max(last_ns, t)
        s = node_of(sip)
        senders.add(s)
        fb = (t - T0_NS) // (FLOW_BIN_US * 1000)
        flow_bytes[(fb, s)] = flow_bytes.get((fb, s), 0) + payload
        row[2] += size
        row[3] += 1
        data_total += 1
        if ecn == 3:
            row[4] += 1
            ce_total += 1

    duration_us = int(round((last_ns - T0_NS) / 1000.0 / FLOW_BIN_US)) * FLOW_BIN_US
    n_qbins = duration_us // QUEUE_BIN_US
    n_fbins = duration_us // FLOW_BIN_US
    qlen_samples = (qlen_samples + [qlen_now] * n_qbins)[:n_qbins]

    pauses = []
    with open("%s/%s_pfc.txt" % (out_dir, name)) as f:
        for line in f:
            t, node, ntype, intf, typ = (int(x) for x in line.split())
            if ntype == 0 and typ == 1:
                pauses.append(t)
    pause_bins = {}
    for t in pauses:
        b = (t - T0_NS) // (QUEUE_BIN_US * 1000)
        pause_bins[b] = pause_bins.get(b, 0) + 1

    with open("%s/%s_queue.csv" % (data_dir, name), "w") as f:
        f.write("t_us,qlen_bytes,qlen_max_bytes,wire_gbps,data_pkts,ce_pkts,pfc_pauses\n")
        for b in range(n_qbins):
            row = q_bins.get(b, [0, 0, 0, 0, 0])
            f.write("%d,%d,%d,%.2f,%d,%d,%d\n" % (
                (b + 1) * QUEUE_BIN_US, qlen_samples[b], max(row[1], qlen_samples[b]),
                row[2] * 8.0 / (QUEUE_BIN_US * 1000), row[3], row[4], pause_bins.get(b, 0)))

    order = sorted(senders)
    rates = {s: [] for s in order}
    with open("%s/%s_flows.csv" % (data_dir, name), "w") as f:
        f.write("t_us," + ",".join("h%d_gbps" % s for s in order) + ",total_gbps\n")
        for b in range(n_fbins):
            vals = [flow_bytes.get((b, s), 0) * 8.0 / (FLOW_BIN_US * 1000) for s in order]
            for s, v in zip(order, vals):
                rates[s].append(v)
            f.write("%d," % ((b + 1) * FLOW_BIN_US) + ",".join("%.2f" % v for v in vals)
                    + ",%.2f\n" % sum(vals))

    def mean_rate(s, lo, hi):
        xs = rates[s][lo:hi]
        return sum(xs) / len(xs)

    fsplit = SPLIT_US // FLOW_BIN_US
    qsplit = SPLIT_US // QUEUE_BIN_US
    w1 = [mean_rate(s, 0, fsplit) for s in order]
    w2 = [mean_rate(s, fsplit, n_fbins) for s in order]
    q1 = qlen_samples[:qsplit]
    q2 = sorted(qlen_samples[qsplit:])
    summary = [name, len(order), duration_us,
               "%.2f" % sum(w1), "%.4f" % jain(w1), "%.0f" % (sum(q1) / len(q1)),
               "%.2f" % sum(w2), "%.4f" % jain(w2), "%.2f" % min(w2), "%.2f" % max(w2),
               "%.0f" % (sum(q2) / len(q2)), q2[len(q2) // 2],
               q2[min(len(q2) - 1, int(len(q2) * 0.99))], max(r[1] for r in q_bins.values()),
               "%.4f" % (ce_total / float(data_total) if data_total else 0), len(pauses),
               "%.1f" % ((min(pauses) - T0_NS) / 1000.0) if pauses else "",
               "%.1f" % ((max(pauses) - T0_NS) / 1000.0) if pauses else "", drops]
    print(",".join(str(x) for x in summary))


if __name__ == "__main__":
    main()
