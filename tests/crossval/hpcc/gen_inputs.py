#!/usr/bin/env python3
"""Write the HPCC ns-3 (scratch/third) input files for the cross-validation runs into inputs/.

Deterministic: running it again rewrites the same files. The web-search flow files
(inputs/flow_websearch_k<k>.txt) are not written here: they come from HPCC's traffic_gen.py
(see README.md) and are kept as recorded.

Every config starts from HPCC's mix/config.txt (commit in README.md); the lines that differ from
it are listed in CONFIG_NOTES below and in README.md.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "inputs")

INCAST_NS = (2, 4, 8, 16)
INCAST_STOP_S = "2.03"          # flows start at 2.0 s (HPCC's convention): 30 ms of incast
INCAST_FLOW_BYTES = 1000000000  # long-lived: never finishes within 30 ms at 100 Gb/s
LINK = "100Gbps 0.001ms 0"      # rate, one-way delay (1 us), error rate
WEBSEARCH_STOP_S = "3.0"        # safety stop; the run ends by itself when every flow is done
WEBSEARCH_KS = (4, 8)           # fat trees of the web-search runs (flow files from traffic_gen.py)

# DCQCN parameter sets. "hpcc": the values in HPCC's mix/config.txt (with CC_MODE 1).
# "paper": the DCQCN paper's (SIGCOMM 2015) values where HPCC's config exposes them.
PARAMS = {
    "hpcc": dict(ALPHA_RESUME_INTERVAL="1", RATE_DECREASE_INTERVAL="4", CLAMP_TARGET_RATE="0",
                 RP_TIMER="900", EWMA_GAIN="0.00390625", FAST_RECOVERY_TIMES="1",
                 RATE_AI="50Mb/s", RATE_HAI="100Mb/s", MIN_RATE="100Mb/s",
                 KMAX_MAP="3 25000000000 400 50000000000 800 100000000000 1600",
                 KMIN_MAP="3 25000000000 100 50000000000 200 100000000000 400",
                 PMAX_MAP="3 25000000000 0.2 50000000000 0.2 100000000000 0.2"),
    "paper": dict(ALPHA_RESUME_INTERVAL="55", RATE_DECREASE_INTERVAL="50", CLAMP_TARGET_RATE="1",
                  RP_TIMER="55", EWMA_GAIN="0.00390625", FAST_RECOVERY_TIMES="5",
                  RATE_AI="40Mb/s", RATE_HAI="200Mb/s", MIN_RATE="100Mb/s",
                  KMAX_MAP="1 100000000000 200",
                  KMIN_MAP="1 100000000000 5",
                  PMAX_MAP="1 100000000000 0.01"),
}
BUFFERS_MB = (32, 12)

CONFIG_TEMPLATE = """ENABLE_QCN 1
USE_DYNAMIC_PFC_THRESHOLD 1

PACKET_PAYLOAD_SIZE 1000

TOPOLOGY_FILE {topo}
FLOW_FILE {flow}
TRACE_FILE {trace}
TRACE_OUTPUT_FILE out/{name}.tr
FCT_OUTPUT_FILE out/{name}_fct.txt
PFC_OUTPUT_FILE out/{name}_pfc.txt

SIMULATOR_STOP_TIME {stop}

CC_MODE 1
ALPHA_RESUME_INTERVAL {ALPHA_RESUME_INTERVAL}
RATE_DECREASE_INTERVAL {RATE_DECREASE_INTERVAL}
CLAMP_TARGET_RATE {CLAMP_TARGET_RATE}
RP_TIMER {RP_TIMER}
EWMA_GAIN {EWMA_GAIN}
FAST_RECOVERY_TIMES {FAST_RECOVERY_TIMES}
RATE_AI {RATE_AI}
RATE_HAI {RATE_HAI}
MIN_RATE {MIN_RATE}
DCTCP_RATE_AI 1000Mb/s

ERROR_RATE_PER_LINK 0.0000
L2_CHUNK_SIZE 4000
L2_ACK_INTERVAL 1
L2_BACK_TO_ZERO 0

HAS_WIN 0
GLOBAL_T 1
VAR_WIN 0
FAST_REACT 0
U_TARGET 0.95
MI_THRESH 0
INT_MULTI 1
MULTI_RATE 0
SAMPLE_FEEDBACK 0
PINT_LOG_BASE 1.05
PINT_PROB 1.0

RATE_BOUND 1

ACK_HIGH_PRIO 1

LINK_DOWN 0 0 0

ENABLE_TRACE {enable_trace}

KMAX_MAP {KMAX_MAP}
KMIN_MAP {KMIN_MAP}
PMAX_MAP {PMAX_MAP}
BUFFER_SIZE {buffer_mb}
QLEN_MON_FILE out/{name}_qlen.txt
QLEN_MON_START 9000000000
QLEN_MON_END 9000000000
"""


def write(name, text):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(text)


def star(n):
    """Hosts 0..n (0 receives, 1..n send), switch n+1."""
    sw = n + 1
    lines = ["%d 1 %d" % (n + 2, n + 1), str(sw)]
    lines += ["%d %d %s" % (h, sw, LINK) for h in range(n + 1)]
    return "\n".join(lines) + "\n"


def fat_tree(k):
    """The k-ary fat tree as ccfabric builds it (sc/fabric/clos.cpp): k^3/4 hosts first, then the
    edge, aggregation and core switches; host h under edge h // (k/2), edge r of pod p linked to
    every aggregation switch of its pod, aggregation switch j of a pod to cores j k/2 .. j k/2 + k/2 - 1.
    k = 4: hosts 0-15, edge 16-23, aggregation 24-31, core 32-35."""
    half = k // 2
    hosts = k * k * k // 4
    edge0, agg0 = hosts, hosts + k * half
    core0 = agg0 + k * half
    nodes = core0 + half * half
    links = [(h, edge0 + h // half) for h in range(hosts)]
    for pod in range(k):
        for r in range(half):
            for j in range(half):
                links.append((edge0 + pod * half + r, agg0 + pod * half + j))
        for j in range(half):
            for i in range(half):
                links.append((agg0 + pod * half + j, core0 + j * half + i))
    lines = ["%d %d %d" % (nodes, nodes - hosts, len(links)), " ".join(str(s) for s in range(hosts, nodes))]
    lines += ["%d %d %s" % (a, b, LINK) for a, b in links]
    return "\n".join(lines) + "\n"


def main():
    os.makedirs(OUT, exist_ok=True)
    for n in INCAST_NS:
        write("topo_star_n%d.txt" % n, star(n))
        write("trace_star_n%d.txt" % n, "1\n%d\n" % (n + 1))
        flows = ["%d" % n] + ["%d 0 3 100 %d 2.0" % (s, INCAST_FLOW_BYTES) for s in range(1, n + 1)]
        write("flow_incast_n%d.txt" % n, "\n".join(flows) + "\n")
        for pname, p in PARAMS.items():
            for buf in BUFFERS_MB:
                name = "incast_n%d_%s_%dmb" % (n, pname, buf)
                write("config_%s.txt" % name, CONFIG_TEMPLATE.format(
                    name=name, topo="topo_star_n%d.txt" % n, flow="flow_incast_n%d.txt" % n,
                    trace="trace_star_n%d.txt" % n, stop=INCAST_STOP_S, enable_trace=1,
                    buffer_mb=buf, **p))
    write("trace_none.txt", "0\n")
    for k in WEBSEARCH_KS:
        write("topo_fat_tree_k%d.txt" % k, fat_tree(k))
        for pname, p in PARAMS.items():
            if k != 4 and pname != "hpcc":
                continue  # the paper's values on the k = 4 fabric only
            name = "websearch_k%d_%s_32mb" % (k, pname)
            write("config_%s.txt" % name, CONFIG_TEMPLATE.format(
                name=name, topo="topo_fat_tree_k%d.txt" % k, flow="flow_websearch_k%d.txt" % k,
                trace="trace_none.txt", stop=WEBSEARCH_STOP_S, enable_trace=0, buffer_mb=32, **p))


if __name__ == "__main__":
    main()
