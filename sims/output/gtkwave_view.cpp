// gtkwave_view.cpp: see gtkwave_view.hpp. The save-file syntax is GTKWave's own (GTKWave 3.3 user's
// guide, "Save files"): "@flags" sets the display format of the lines that follow (0x22 hex, 0x24
// decimal, 0x28 binary), "-name" under @800200 / @1000200 opens and closes a group (@c00200 /
// @1401200: collapsed), "(i)sig[msb:lsb]" is bit i of sig counted from the left, and
// "#{alias} bit bit ..." joins bits into one vector shown under the alias.
#include "sims/output/gtkwave_view.hpp"

#include <bit>

#include <fmt/format.h>

namespace ccf::sims {
namespace {

constexpr const char* kTop = "TOP.sw_top.";
constexpr const char* kBinary = "@28\n";
constexpr const char* kHex = "@22\n";
constexpr const char* kDecimal = "@24\n";

// A whole facility of sw_top.
std::string whole(const std::string& sig, unsigned width) {
  return width == 1 ? fmt::format("{}{}\n", kTop, sig) : fmt::format("{}{}[{}:0]\n", kTop, sig, width - 1);
}

// Bit `bit` of a facility `width` bits wide.
std::string bit_of(const std::string& sig, unsigned width, unsigned bit) {
  return fmt::format("({}){}{}[{}:0]\n", width - 1 - bit, kTop, sig, width - 1);
}

// Bits [lo + n - 1 : lo] of a facility, shown as `alias`.
std::string slice(const std::string& alias, const std::string& sig, unsigned width, unsigned lo, unsigned n) {
  if (n == 1) return bit_of(sig, width, lo);
  std::string line = fmt::format("#{{{}[{}:0]}}", alias, n - 1);
  for (unsigned b = lo + n; b-- > lo;) line += fmt::format(" ({}){}{}[{}:0]", width - 1 - b, kTop, sig, width - 1);
  return line + "\n";
}

std::string group(const std::string& name, const std::string& body, bool open) {
  return fmt::format("{}-{}\n{}{}-{}\n", open ? "@800200\n" : "@c00200\n", name, body, open ? "@1000200\n" : "@1401200\n",
                     name);
}

}  // namespace

std::string gtkwave_view(const SwitchWaveform& w) {
  const unsigned n = w.nports, pid_w = std::bit_width(n - 1), cnt_w = 21, port_w = 6;
  std::string v = fmt::format(
      "[*] {0}: saved view of {1} (ccfabric run --trace): time in ps of simulated time\n"
      "[dumpfile] \"{1}\"\n[savefile] \"{0}.gtkw\"\n[timestart] 0\n[size] 1600 1000\n[sst_width] 260\n"
      "[signals_width] 300\n[sst_expanded] 1\n",
      w.name, w.fst_file);
  v += kDecimal + whole("cycle", 48);

  // PFC per cabled port: ingress XOFF state and the frames sent (2.6); frames received and the
  // egress classes they pause (2.7). Bit c of an 8-bit field is class c.
  std::string pfc = kDecimal + whole("pfc_out_quanta", 16);
  for (unsigned p = 0; p < n; ++p) {
    if (!(w.ports_used >> p & 1)) continue;
    pfc += kBinary + slice(fmt::format("port{}_xoff", p), "xoff", 8 * n, 8 * p, 8) +
           bit_of("pfc_out_valid", n, p) + slice(fmt::format("port{}_pfc_out_class_en", p), "pfc_out_class_en", 8 * n, 8 * p, 8) +
           bit_of("pfc_in_valid", n, p) + slice(fmt::format("port{}_pfc_in_class_en", p), "pfc_in_class_en", 8 * n, 8 * p, 8) +
           slice(fmt::format("port{}_paused", p), "paused", 8 * n, 8 * p, 8);
  }
  v += group("PFC", pfc, true);

  // RED/ECN marking and WRED (2.5): the decision of the cycle and the queue depth it compared.
  v += group("ECN and WRED",
             kBinary + whole("ecn_mark", 1) + whole("wred_drop", 1) + whole("mark_deq", 1) + kDecimal +
                 whole("mark_q_bytes", 32) + whole("mark_kmin", 32) + whole("mark_kmax", 32) + kBinary +
                 whole("out_desc_ecn", 2),
             true);
  // Drop reports (2.4): reason 1 no route, 2 WRED, 3 lossy tail, 4 headroom overflow, 5 buffer full.
  v += group("drops",
             kBinary + whole("drop_valid", 1) + kDecimal + whole("drop_reason", 3) + whole("drop_port", port_w) +
                 whole("drop_prio", 3) + kHex + whole("drop_tag", 32),
             true);
  // Enqueue and dequeue with the queue's depth in bytes, and the shared pool in cells (2.3, 2.4).
  v += group("queues",
             kBinary + whole("enq_valid", 1) + kDecimal + whole("enq_port", port_w) + whole("enq_prio", 3) +
                 whole("adm_qbytes", 32) + kBinary + whole("deq_valid", 1) + kDecimal + whole("deq_port", pid_w) +
                 whole("deq_c", 3) + whole("deq_qbytes", 32) + whole("shared_cells", cnt_w) +
                 whole("total_cells", cnt_w) + whole("free_slots", cnt_w),
             true);
  // The frame leaving this cycle (one per cycle at most, 2.8).
  v += group("egress frame",
             kBinary + whole("out_desc_valid", n) + kHex + whole("out_desc_tag", w.tag_w) + kDecimal +
                 whole("out_desc_len", 14) + whole("out_desc_prio", 3) + kBinary + whole("out_desc_ecn", 2),
             true);
  if (w.rcm)
    v += group("RCM",
               kBinary + whole("crd_valid", 1) + kDecimal + whole("crd_port", port_w) + whole("crd_prio", 3) +
                   whole("crd_fb", 6) + kBinary + whole("cn_out_valid", 1) + kDecimal + whole("cn_out_port", port_w) +
                   whole("cn_out_class", 3) + whole("cn_out_fb", 6) + kBinary + whole("cn_in_valid", 1) + kDecimal +
                   whole("cn_in_port", port_w) + whole("cn_in_class", 3) + whole("cn_in_fb", 6),
               true);
  // One group per cabled port, closed: its ingress descriptor's fields (2.2) and its egress handshake.
  for (unsigned p = 0; p < n; ++p) {
    if (!(w.ports_used >> p & 1)) continue;
    const auto field = [&](const char* name, const char* sig, unsigned fw) {
      return slice(fmt::format("port{}_{}", p, name), sig, fw * n, fw * p, fw);
    };
    v += group(fmt::format("port {}", p),
               kBinary + bit_of("in_desc_valid", n, p) + bit_of("in_desc_ready", n, p) + kHex +
                   field("in_tag", "in_desc_tag", w.tag_w) + kDecimal + field("in_len", "in_desc_len", 14) +
                   field("in_prio", "in_desc_prio", 3) + kBinary + field("in_ecn", "in_desc_ecn", 2) + kDecimal +
                   field("in_dst", "in_desc_dst", w.dst_w) + kHex + field("in_hash", "in_desc_hash", 16) + kBinary +
                   bit_of("out_desc_valid", n, p) + bit_of("out_desc_ready", n, p),
               false);
  }
  return v;
}

}  // namespace ccf::sims
