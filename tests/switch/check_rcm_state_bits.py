#!/usr/bin/env python3
"""The state bits `ccfabric report switch` lists for regional congestion mitigation (models/switch/
rcm_state.cpp) against what yosys finds in rtl/switch/sw_rcm.sv: flip-flop plus memory bits of the
sw_rcm block after word-level synthesis (docs/switch.md 4.3), for a small configuration.

usage: check_rcm_state_bits.py CCFABRIC OUT_DIR"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "..", "..", "rtl", "switch", "synth", "report.py")
PORTS, PRIO, CAM, SAR_LG = 4, 2, 8, 4


def main():
    ccfabric, out = sys.argv[1], sys.argv[2]
    subprocess.run([sys.executable, REPORT, "--ports", str(PORTS), "--prio", str(PRIO), "--buffer-bytes", "16384",
                    "--gates", "--param", "RCM=1", "--param", f"CFR_DEPTH={CAM}", "--param", f"SAR_TBL_LG={SAR_LG}",
                    "--out", out], check=True)
    block = json.load(open(os.path.join(out, "report.json")))[0]["blocks"]["sw_rcm"]
    synthesised = block["ff_bits"] + block["mem_bits"]
    listed = json.loads(subprocess.run([ccfabric, "report", "switch", "--ports", str(PORTS), "--prio", str(PRIO),
                                        "--cam-entries", str(CAM), "--sar-table-log2", str(SAR_LG), "--format",
                                        "json"], check=True, capture_output=True, text=True).stdout)["total_bits"]
    print(f"sw_rcm at {PORTS} ports, {PRIO} priorities, CAM {CAM}, flow table 2^{SAR_LG}: yosys {block['ff_bits']} "
          f"FF + {block['mem_bits']} memory bits = {synthesised}; ccfabric report switch: {listed}")
    if synthesised != listed:
        print("error: the listed state differs from the synthesised one", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
