#!/usr/bin/env bash
# rtl/switch/formal/prove.sh: formal proofs of the switch's invariants with yosys and yosys-smtbmc
# (docs/verification.md "Formal proofs"). No SymbiYosys: yosys writes the SMT-LIB model of one block
# with the property's FORMAL_* define, yosys-smtbmc checks it with z3 by BMC from reset and, where
# the property has an induction depth, by k-induction.
#
#   rtl/switch/formal/prove.sh PROPERTY [--work DIR]     one property
#   rtl/switch/formal/prove.sh all [--work DIR]          every property, one after the other
#   rtl/switch/formal/prove.sh list                      the properties
#
# Prints "PASS" or "FAIL" per property with the run time; exit 0 all passed, 1 a failure (the
# counterexample trace, a VCD, is in the work directory), 77 yosys, yosys-smtbmc or z3 missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rtl="$(cd "$here/.." && pwd)"

# property: top block, parameters (chparam), FORMAL_* define, BMC depth, k-induction depth (0: BMC only)
props=(conservation overcommit lossless xoff_first linklist pause_timer pause_timer_classes pause_bound
       pause_bound_qc4 pause_bound_qc16 pause_bound_qc20 pause_bound_qc32 pause_bound_qc80 reg_reset)
spec() {
    case "$1" in
        conservation)      echo "sw_admission|-set NPORTS 2 -set NPRIO 2 -set NCELLS 16|FORMAL_CONSERVATION|4|0" ;;
        overcommit)        echo "sw_admission|-set NPORTS 2 -set NPRIO 2 -set NCELLS 16|FORMAL_OVERCOMMIT|4|0" ;;
        lossless)          echo "sw_admission|-set NPORTS 2 -set NPRIO 2 -set NCELLS 16|FORMAL_LOSSLESS|4|0" ;;
        xoff_first)        echo "sw_admission|-set NPORTS 2 -set NPRIO 2 -set NCELLS 16|FORMAL_XOFF|4|0" ;;
        linklist)          echo "sw_queue_mgr|-set NPORTS 2 -set NPRIO 2 -set NCELLS 4 -set TAG_W 1|FORMAL_LINKLIST|8|1" ;;
        pause_timer)       echo "sw_pfc_rx|-set NPORTS 2 -set NPRIO 1|FORMAL_PAUSE_TIMER|5|0" ;;
        pause_timer_classes) echo "sw_pfc_rx|-set NPORTS 2 -set NPRIO 2|FORMAL_PAUSE_TIMER|3|0" ;;
        # QUANTUM_CYCLES of 200, 100, 50, 40, 25 and 10 Gb/s at 1.5625 GHz: 4, 8 (the default), 16, 20, 32, 80
        pause_bound)       echo "sw_pfc_rx|-set NPORTS 2 -set NPRIO 1|FORMAL_PAUSE_BOUND|4|0" ;;
        pause_bound_qc*)   echo "sw_pfc_rx|-set NPORTS 2 -set NPRIO 1|FORMAL_PAUSE_BOUND -DFORMAL_PAUSE_QC=${1#pause_bound_qc}|4|0" ;;
        reg_reset)         echo "sw_regs|-set NPORTS 2 -set NPRIO 2|FORMAL_REGS|4|2" ;;
        *) return 1 ;;
    esac
}

prop="${1:-}"
shift || true
work="${TMPDIR:-/tmp}/ccf_formal"
while (($#)); do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        *) echo "error: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -z "$prop" ] || [ "$prop" = "-h" ] || [ "$prop" = "--help" ]; then
    sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 2
fi
if [ "$prop" = "list" ]; then
    printf '%s\n' "${props[@]}"
    exit 0
fi
for tool in yosys yosys-smtbmc z3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool not found (sims/scripts/install-deps.sh installs it)"
        exit 77
    fi
done

prove_one() {
    local p="$1" line top params def depth kind dir t0 t1 status
    line="$(spec "$p")" || { echo "error: unknown property $p (list: ${props[*]})" >&2; return 2; }
    IFS='|' read -r top params def depth kind <<<"$line"
    dir="$work/$p"
    mkdir -p "$dir"
    t0=$(date +%s%N)
    status=PASS
    # the block and what it instantiates; the proof's parameters by chparam (as synth/synth.ys)
    if ! yosys -q -l "$dir/yosys.log" -p "read_verilog -sv -formal -DFORMAL -D$def \
            $rtl/sw_pkg.sv $rtl/sw_clr_ram.sv $rtl/$top.sv; \
            chparam $params $top; prep -top $top; flatten; memory_map; opt -fast; async2sync; dffunmap; \
            write_smt2 -wires $dir/model.smt2" >/dev/null; then
        echo "FAIL $p: yosys (see $dir/yosys.log)"
        return 1
    fi
    # BMC from reset to the depth, then k-induction
    if ! yosys-smtbmc -s z3 --unroll -t "$depth" --dump-vcd "$dir/bmc.vcd" "$dir/model.smt2" >"$dir/bmc.log" 2>&1 ||
       ! grep -q "Status: PASSED" "$dir/bmc.log"; then
        status="FAIL (BMC, trace $dir/bmc.vcd)"
    elif [ "$kind" -gt 0 ]; then
        if ! yosys-smtbmc -s z3 --unroll -i -t "$kind" --dump-vcd "$dir/ind.vcd" "$dir/model.smt2" >"$dir/ind.log" 2>&1 ||
           ! grep -q "Status: PASSED" "$dir/ind.log"; then
            status="FAIL (induction k=$kind: no proof, trace $dir/ind.vcd)"
        fi
    fi
    t1=$(date +%s%N)
    local what="BMC depth $depth"
    [ "$kind" -gt 0 ] && what="$what, k-induction k=$kind"
    printf '%s %s: %s on %s (%s), %s s\n' "${status%% *}" "$p" "$what" "$top" "$params" "$(((t1 - t0) / 1000000000)).$((((t1 - t0) / 100000000) % 10))"
    [ "$status" = PASS ] || { echo "  $status"; return 1; }
}

if [ "$prop" = "all" ]; then
    rc=0
    for p in "${props[@]}"; do prove_one "$p" || rc=1; done
    exit $rc
fi
prove_one "$prop"
