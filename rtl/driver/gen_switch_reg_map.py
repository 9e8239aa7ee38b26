#!/usr/bin/env python3
"""The switch's register map (docs/switch.md 2.9, 2.11.6) as a C++ header, from its one source: the
localparams of rtl/switch/sw_pkg.sv. Usage: gen_switch_reg_map.py SW_PKG_SV OUT_HPP

Every name below must be defined once in the package as `localparam int NAME = N;` (a layout width)
or `localparam logic [W-1:0] NAME = W'dN;` (a block or an index). The indices of a group must be
0..n-1, each once, and fit the group's field. Anything else stops the build with a message naming
the localparam."""
import os
import re
import sys

# Address layout: field widths of an address and of the indices of each block (2.9).
LAYOUT = ["ADDR_W", "IDX_W", "IDX_C_W", "CNT_HI_W", "REG_P_K_W", "REG_Q_K_W", "ECMP_M_K_W", "RCM_IDX_W",
          "RCMCNT_K_W", "QCNT_K_W", "PCNT_K_W", "ING_K_W"]

# (table, prefix, field width of its indices, names without the prefix, in the order of 2.9 and 2.11.6)
GROUPS = [
    ("blocks", "BLK_", None, ["GLOBAL", "PORT", "QUEUE", "FWD", "ECMP_M", "ECMP_N", "RCM", "RCM_CNT", "QCNT",
                              "PCNT", "INGRESS", "GSTATE"]),
    ("global_regs", "REG_G_", "IDX_W", ["CTRL", "LOSSLESS_MASK", "SHARED_POOL_CELLS", "RESERVE_CELLS",
                                        "PFC_STATIC_THR_CELLS", "PFC_BETA_LOG2", "LOSSY_BETA_LOG2",
                                        "RESUME_OFFSET_CELLS", "PAUSE_QUANTA", "DWRR_GROUP_MASK", "LFSR_SEED"]),
    ("port_regs", "REG_P_", "REG_P_K_W", ["HEADROOM_CELLS", "QUANTUM_CYCLES", "PFC_REFRESH_CYCLES"]),
    ("queue_regs", "REG_Q_", "REG_Q_K_W", ["KMIN_BYTES", "KMAX_BYTES", "PMAX", "ECN_SLOPE", "WRED_K_BYTES", "QCTRL",
                                          "DWRR_QUANTUM_BYTES"]),
    ("rcm_regs", "RCM_", "RCM_IDX_W", ["CTRL", "CRD_QEQ_BYTES", "CRD_QEQ_ING_BYTES", "CRD_WQ_LOG2",
                                       "CRD_SAMPLE_BYTES", "CRD_FB_SHIFT", "FLAG_HOLD_CYCLES",
                                       "CN_INTERVAL_CYCLES", "CN_W_SHIFT", "CFR_SAMPLE_BYTES", "RCC_CLASS_QUEUE",
                                       "RCC_WINDOW_BYTES", "RCC_MIN_BYTES", "SAR_LEVEL", "SAR_GAP_CYCLES",
                                       "CN_PORT_MASK_LO", "CN_PORT_MASK_HI"]),
    ("rcm_counters", "RCMCNT_", "RCMCNT_K_W", ["CN_SENT", "CN_RECEIVED", "CFR_SAMPLES", "RCC_HELD_BYTES",
                                               "SAR_REROUTES", "REORDERED", "RCC_WC"]),
    ("queue_counters", "QCNT_", "QCNT_K_W", ["ENQ_FRAMES", "ENQ_BYTES", "DEQ_FRAMES", "DEQ_BYTES", "ECN_MARKS",
                                             "DROP_LOSSY_TAIL", "DROP_WRED", "DROP_HEADROOM", "DROP_BUFFER_FULL",
                                             "PEAK_BYTES", "LEN_BYTES", "LEN_FRAMES"]),
    ("port_counters", "PCNT_", "PCNT_K_W", ["PFC_PAUSE_TX", "PFC_RESUME_TX", "PFC_RX", "DROP_NO_ROUTE",
                                            "PAUSED_CYCLES0"]),
    ("ingress_regs", "ING_", "ING_K_W", ["U", "H", "XOFF", "PEAK"]),
    ("global_state", "GST_", "IDX_W", ["SHARED_USED", "TOTAL_USED", "FREE_SLOTS", "LFSR"]),
]
NPRIO_MAX = 8  # classes per port (docs/switch.md 1)

LOCALPARAM = re.compile(r"\blocalparam\b([^=;]*?)\b(\w+)\s*=\s*([^;]*);")
INT_TYPE = re.compile(r"^\s*int\s*$")
LOGIC_TYPE = re.compile(r"^\s*logic\s*\[\s*(?:(\d+)|(\w+)\s*-\s*1)\s*:\s*0\s*\]\s*$")
SIZED = re.compile(r"^(\d+)'d(\d+)$")


def fail(msg):
    sys.exit(f"gen_switch_reg_map: {msg}")


def parse(path):
    """Every localparam of the package: name -> (type text, value text); a name defined twice fails."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"//[^\n]*|/\*.*?\*/", "", f.read(), flags=re.S)
    found = {}
    for m in LOCALPARAM.finditer(text):
        name = m.group(2)
        if name in found:
            found[name] = None  # defined twice (e.g. under `ifdef): not usable as a map value
        else:
            found[name] = (m.group(1), m.group(3).strip())
    return found


def value_of(name, found, ints, pkg):
    if name not in found:
        fail(f"{pkg} defines no localparam {name}, which the register map needs (docs/switch.md 2.9)")
    if found[name] is None:
        fail(f"{pkg} defines {name} more than once")
    typ, val = found[name]
    if INT_TYPE.match(typ):
        if not re.fullmatch(r"\d+", val):
            fail(f"{name} = {val!r} in {pkg}: expected a decimal number")
        return int(val)
    m = LOGIC_TYPE.match(typ)
    lit = SIZED.match(val)
    if not m or not lit:
        fail(f"{name} in {pkg}: expected `localparam logic [W-1:0] {name} = W'dN;`, found "
             f"`localparam{typ}{name} = {val};`")
    width = int(m.group(1)) + 1 if m.group(1) else ints.get(m.group(2))
    if width is None:
        fail(f"{name} in {pkg}: width {m.group(2)} is not a layout localparam")
    if int(lit.group(1)) != width or int(lit.group(2)) >= 1 << width:
        fail(f"{name} = {val} in {pkg} does not fit its type of {width} bits")
    return int(lit.group(2))


def main():
    if len(sys.argv) != 3:
        fail("usage: gen_switch_reg_map.py SW_PKG_SV OUT_HPP")
    pkg, out = sys.argv[1], sys.argv[2]
    found = parse(pkg)
    layout = {}
    for name in LAYOUT:
        layout[name] = value_of(name, found, layout, pkg)
    if layout["IDX_W"] >= layout["ADDR_W"]:
        fail(f"IDX_W = {layout['IDX_W']} leaves no block bits below ADDR_W = {layout['ADDR_W']}")

    tables = []
    for table, prefix, field, names in GROUPS:
        full = [prefix + n for n in names]
        unknown = sorted(n for n in found if n.startswith(prefix) and n not in full and n not in LAYOUT)
        if unknown:
            fail(f"{pkg} defines {', '.join(unknown)}, which {sys.argv[0]} does not know: add it to GROUPS "
                 f"and to rtl/driver/switch_regs.hpp")
        values = [value_of(n, found, layout, pkg) for n in full]
        bits = layout[field] if field else layout["ADDR_W"] - layout["IDX_W"]
        for n, v in zip(full, values):
            if v >= 1 << bits:
                fail(f"{n} = {v} does not fit its field of {bits} bits")
        if sorted(values) != list(range(len(values))):
            twice = sorted({n for n, v in zip(full, values) if values.count(v) > 1})
            fail(f"the {prefix}* indices are not 0..{len(values) - 1} each once" +
                 (f": {', '.join(twice)} share an index" if twice else ""))
        if prefix == "QCNT_":  # sw_top tells the two length words apart by bit 0 of k
            v = dict(zip(names, values))
            if (v["LEN_BYTES"] ^ v["LEN_FRAMES"]) & 1 == 0:
                fail("QCNT_LEN_BYTES and QCNT_LEN_FRAMES must differ in bit 0")
        if prefix == "PCNT_":  # the paused cycles of class c at k = PAUSED_CYCLES0 + c, the last k
            v = dict(zip(names, values))["PAUSED_CYCLES0"]
            if v != len(values) - 1 or v + NPRIO_MAX > 1 << bits:
                fail(f"PCNT_PAUSED_CYCLES0 = {v}: the k of {NPRIO_MAX} classes from it must follow every "
                     f"other PCNT_* k and fit the field of {bits} bits")
        tables.append((table, list(zip(full, values))))

    lines = ["// switch_reg_map.hpp: generated from rtl/switch/sw_pkg.sv by rtl/driver/gen_switch_reg_map.py;",
             "// do not edit. The switch's register map (docs/switch.md 2.9, 2.11.6) by the package's names.",
             "#pragma once", "", "#include <cstdint>", "", "namespace ccf::sw::reg_map {", "",
             "// Address layout: field widths"]
    lines += [f"inline constexpr uint32_t {n} = {v};" for n, v in layout.items()]
    for table, entries in tables:
        lines += ["", f"// {table}"]
        lines += [f"inline constexpr uint32_t {n} = {v};" for n, v in entries]
    lines += ["", "struct Entry {", "  const char* name;", "  uint32_t value;", "};", ""]
    for table, entries in tables:
        lines.append(f"inline constexpr Entry {table}[] = {{")
        lines += [f'    {{"{n}", {n}}},' for n, _ in entries]
        lines.append("};")
    lines += ["", "}  // namespace ccf::sw::reg_map", ""]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
