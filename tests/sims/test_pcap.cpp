// `ccfabric run --pcap` (docs/outputs.md 5): a capture of every link of a two-switch incast with PFC
// pauses and DCQCN CNPs, read back by Wireshark's dissectors (tshark): nothing malformed, no expert
// warning with the FCS and IP checksum checks on, and per link direction the frames, bytes, CE marks,
// PFC frames and CNPs that the run's own reports (ports.csv, pfc.csv, summary.json) give; the same
// run gives the same bytes, also in another kernel order; RTT probes and RCM notifications dissect
// cleanly; bad link names are bad input.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_csv;
using ccf::test::read_file;
using ccf::test::read_summary;
using ccf::test::run_ccfabric;

const std::string kDir = std::string(CCF_SCENARIO_DIR) + "/";
// Hosts 1..8 send 100 KB each to host 0 over switch 0, host 8 through switch 1 and the trunk
// (switch0:15 - switch1:15); the static PFC threshold pauses the senders and the trunk; DCQCN's
// notification point answers the CE marks with CNPs. The flows finish well before the end, so no
// frame is on a wire or in a queue when the capture closes.
const std::string kIncast = kDir + "two_switch_pfc.toml --set nic.cc=dcqcn --set traffic.0.bytes=100000" +
                            " --set sim.duration_us=300 --set sim.measure_from_us=0";

bool have_tshark() { return std::system("tshark --version >/dev/null 2>&1") == 0; }
#define REQUIRE_TSHARK()                                                                                       \
  if (!have_tshark()) GTEST_SKIP() << "tshark is not installed (Debian package tshark; sims/scripts/install-deps.sh " \
                                      "installs it)"

// tshark's standard output (it warns on standard error when run as root), with the FCS and IP
// checksum checks on; a tshark that fails (a bad filter, an unreadable file) fails the test.
std::string tshark(const std::string& args) {
  const std::string cmd = "tshark -o eth.check_fcs:TRUE -o ip.check_checksum:TRUE " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[65536];
  for (size_t n; p && (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = p ? pclose(p) : -1;
  EXPECT_EQ(status, 0) << cmd;
  return out;
}

// `filter` displays no packet of `file`; else the first lines tshark prints are in the failure.
void expect_none(const std::string& file, const std::string& filter) {
  const std::string out = tshark("-r " + file + " -Y '" + filter + "'");
  EXPECT_TRUE(out.empty()) << filter << ":\n" << out.substr(0, 1000);
}

// One row per packet of `file` that `filter` displays: the `fields`, comma-separated.
std::vector<std::vector<std::string>> packets(const std::string& file, const std::string& filter,
                                              const std::vector<std::string>& fields) {
  std::string args = "-r " + file + " -T fields -E separator=, -E occurrence=f";
  for (const auto& f : fields) args += " -e " + f;
  if (!filter.empty()) args += " -Y '" + filter + "'";
  std::istringstream in(tshark(args));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> row;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, ',');) row.push_back(c);
    row.resize(fields.size());
    rows.push_back(row);
  }
  return rows;
}

// Packets per interface name that `filter` displays.
std::map<std::string, uint64_t> count_by_interface(const std::string& file, const std::string& filter) {
  std::map<std::string, uint64_t> n;
  for (const auto& row : packets(file, filter, {"frame.interface_name"})) ++n[row[0]];
  return n;
}

// The interface of a switch port's transmitter: "switch0:3->host3" (names from ports.csv).
std::string egress_interface(const std::map<std::string, std::string>& port_row, const std::set<std::string>& names) {
  const std::string prefix = port_row.at("switch") + ":" + port_row.at("port") + "->";
  for (const auto& n : names)
    if (n.starts_with(prefix)) return n;
  return "";
}

struct Capture {
  std::string out, pcap;
};

Capture run_with_pcap(const std::string& name, const std::string& args) {
  const std::string out = out_dir(name);
  const ccf::test::CliResult r = run_ccfabric("run " + args + " --plots none --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return {out, out + "/capture.pcapng"};
}

TEST(Pcap, TsharkReadsEveryLinkOfAnIncastAsTheRunReportsIt) {
  REQUIRE_TSHARK();
  const Capture run = run_with_pcap("pcap_incast", kIncast + " --pcap all-host-links,switch0:15");
  const nlohmann::json summary = read_summary(run.out);
  ASSERT_EQ(summary["frames"]["in_flight"].get<uint64_t>(), 0u) << "the flows must end before the run";
  const uint64_t cnps = summary["frames"]["sent_by_kind"]["cnp"].get<uint64_t>();
  ASSERT_GT(cnps, 0u) << "the case needs CNPs";
  ASSERT_GT(summary["pfc"]["pause_frames"].get<uint64_t>(), 0u) << "the case needs PFC pauses";

  // Nothing malformed, and no expert warning or error (bad FCS, bad IP checksum, ...).
  expect_none(run.pcap, "_ws.malformed");
  expect_none(run.pcap, "_ws.expert.severity >= warning");
  expect_none(run.pcap, "frame.time_delta < 0");  // packets in time order

  // One interface per direction of the 16 host links and the trunk: all the links of two_switch.
  const auto all = count_by_interface(run.pcap, "");
  std::set<std::string> names;
  for (const auto& [n, count] : all) names.insert(n);
  std::set<std::string> want{"switch0:15->switch1:15", "switch1:15->switch0:15"};
  for (unsigned h = 0; h < 16; ++h) {
    const std::string sw = h < 8 ? "switch0:" + std::to_string(h) : "switch1:" + std::to_string(h - 8);
    want.insert("host" + std::to_string(h) + "->" + sw);
    want.insert(sw + "->host" + std::to_string(h));
  }
  // Hosts 9..15 send and receive nothing: their links have no packet.
  std::set<std::string> seen_or_idle = names;
  for (unsigned h = 9; h < 16; ++h) {
    seen_or_idle.insert("host" + std::to_string(h) + "->switch1:" + std::to_string(h - 8));
    seen_or_idle.insert("switch1:" + std::to_string(h - 8) + "->host" + std::to_string(h));
  }
  EXPECT_EQ(seen_or_idle, want);

  // Every switch transmitter: the frames and bytes it dequeued and the ECN marks it made
  // (ports.csv), the PFC frames it sent in order (pfc.csv).
  std::map<std::string, uint64_t> frames, bytes, ce;
  for (const auto& row : packets(run.pcap, "ip", {"frame.interface_name", "frame.len", "infiniband.bth.opcode",
                                                 "ip.dsfield.ecn"})) {
    ++frames[row[0]];
    bytes[row[0]] += std::stoull(row[1]);
    if (row[2] == "7" && row[3] == "3") ++ce[row[0]];  // RDMA WRITE data frames carrying CE
  }
  std::map<std::string, std::vector<std::string>> pfc;
  for (const auto& row : packets(run.pcap, "macc.opcode == 0x0101",
                                 {"frame.interface_name", "macc.cbfc.enbv", "macc.cbfc.pause_time.c0",
                                  "macc.cbfc.pause_time.c1", "macc.cbfc.pause_time.c2", "macc.cbfc.pause_time.c3",
                                  "macc.cbfc.pause_time.c4", "macc.cbfc.pause_time.c5", "macc.cbfc.pause_time.c6",
                                  "macc.cbfc.pause_time.c7"})) {
    const unsigned enable = static_cast<unsigned>(std::stoul(row[1], nullptr, 0));
    unsigned c = 0;
    while (c < 8 && !(enable >> c & 1u)) ++c;
    pfc[row[0]].push_back(std::to_string(enable) + "/" + (c < 8 ? row[2 + c] : "0"));
  }
  std::map<std::string, std::vector<std::string>> pfc_csv;
  for (const auto& row : read_csv(run.out + "/pfc.csv")) {
    const unsigned enable = static_cast<unsigned>(std::stoul(row.at("class_enable"), nullptr, 0));
    pfc_csv[row.at("node") + ":" + row.at("port")].push_back(std::to_string(enable) + "/" + row.at("quanta"));
  }
  uint64_t marks_on_trunk = 0, ce_on_trunk = 0;
  for (const auto& port : read_csv(run.out + "/ports.csv")) {
    const std::string iface = egress_interface(port, names);
    const std::string where = port.at("switch") + ":" + port.at("port");
    SCOPED_TRACE(where);
    EXPECT_EQ(frames[iface], std::stoull(port.at("tx_frames")));
    EXPECT_EQ(bytes[iface], std::stoull(port.at("tx_bytes")));
    EXPECT_EQ(pfc[iface], pfc_csv[where]);
    if (where == "switch1:15") {
      marks_on_trunk = std::stoull(port.at("ecn_marked_frames"));
      ce_on_trunk = ce[iface];
    }
  }
  // ECN: host 8's data enter switch 1 ECT(0), so the CE frames on the trunk are switch 1's marks;
  // switch 0 marks only ECT frames, so towards host 0 go its own marks and the CE frames of the trunk.
  EXPECT_EQ(ce_on_trunk, marks_on_trunk);
  for (const auto& port : read_csv(run.out + "/ports.csv")) {
    if (port.at("switch") == "switch0" && port.at("port") == "0") {
      EXPECT_EQ(ce["switch0:0->host0"], std::stoull(port.at("ecn_marked_frames")) + ce_on_trunk);
    }
  }
  EXPECT_GT(ce["switch0:0->host0"], 0u);

  // PFC: every pause and resume of the run is on a captured link (summary.json counts the hosts' too).
  uint64_t pauses = 0, resumes = 0;
  for (const auto& [iface, list] : pfc)
    for (const auto& p : list) (p.ends_with("/0") ? resumes : pauses) += 1;
  EXPECT_EQ(pauses, summary["pfc"]["pause_frames"].get<uint64_t>());
  EXPECT_EQ(resumes, summary["pfc"]["resume_frames"].get<uint64_t>());

  // CNPs (opcode 0x81): each one leaves its host and reaches the sender's host once.
  uint64_t cnp_out = 0, cnp_in = 0;
  for (const auto& [iface, n] : count_by_interface(run.pcap, "infiniband.bth.opcode == 0x81")) {
    if (iface.starts_with("host")) cnp_out += n;                          // a host's transmitter
    else if (iface.find("->host") != std::string::npos) cnp_in += n;      // towards a host
  }
  EXPECT_EQ(cnp_out, cnps);
  EXPECT_EQ(cnp_in, cnps);
}

// The same run gives the same bytes; so does another order of the kernel's same-instant processes
// (docs/fabric.md 8).
TEST(Pcap, SameRunSameBytes) {
  const Capture a = run_with_pcap("pcap_same_a", kIncast + " --pcap all-links");
  const Capture b = run_with_pcap("pcap_same_b", kIncast + " --pcap all-links");
  const Capture c = run_with_pcap("pcap_same_c", kIncast + " --pcap all-links --perturb-kernel-order 7");
  const std::string bytes = read_file(a.pcap);
  EXPECT_GT(bytes.size(), 100'000u);
  EXPECT_TRUE(bytes == read_file(b.pcap));
  EXPECT_TRUE(bytes == read_file(c.pcap));
  // A run without --pcap writes no capture.
  const Capture d = run_with_pcap("pcap_none", kIncast);
  EXPECT_FALSE(std::filesystem::exists(d.pcap));
}

// RTT probes (LDCP's CX6-DX variant) and RCM congestion notifications between switches dissect
// without a fault.
TEST(Pcap, RttProbesAndRcmNotificationsDissectCleanly) {
  REQUIRE_TSHARK();
  const Capture probes = run_with_pcap("pcap_probes", kDir + "incast_ldcp_pcc.toml --set sim.duration_us=100 "
                                                         "--set sim.measure_from_us=0 --pcap host0,host1");
  EXPECT_GT(count_by_interface(probes.pcap, "infiniband.bth.opcode == 0xe0")["host1->switch0:1"], 0u);
  EXPECT_GT(count_by_interface(probes.pcap, "infiniband.bth.opcode == 0xe1")["host0->switch0:0"], 0u);
  const Capture rcm = run_with_pcap("pcap_rcm", kDir + "rcm_incast_burst.toml --set switch.rcm.enable=true "
                                                       "--set sim.duration_us=300 --set sim.measure_from_us=0 "
                                                       "--pcap all-links");
  EXPECT_GT(packets(rcm.pcap, "eth.type == 0x88b5", {"frame.len"}).size(), 0u);
  for (const Capture* r : {&probes, &rcm}) {
    expect_none(r->pcap, "_ws.malformed");
    expect_none(r->pcap, "_ws.expert.severity >= warning");
  }
}

// A link name that is not one is bad input (exit code 2) naming the value and what is allowed.
TEST(Pcap, UnknownLinksAreBadInput) {
  const std::string out = out_dir("pcap_bad");
  const std::pair<std::string, std::string> cases[] = {
      {"nonsense", "--pcap = nonsense: \"nonsense\" is not a link name; give all-host-links or all-links, or a "
                   "comma-separated list of links, each hostH (H = 0..15) or SWITCH:PORT, a cabled port of a switch "
                   "as ports.csv names it (SWITCH: switch0..switch1)"},
      {"host0,host16", "--pcap = host0,host16: \"host16\" names no host of this fabric"},
      {"leaf0:1", "--pcap = leaf0:1: \"leaf0\" names no switch"},
      {"switch1:9", "--pcap = switch1:9: \"switch1:9\" is no link: the cabled ports of switch1 are 0..7, 15"},
      {"''", "--pcap = : no link named"},
  };
  for (const auto& [value, message] : cases) {
    const ccf::test::CliResult r =
        run_ccfabric("run " + kDir + "two_switch_pfc.toml --pcap " + value + " --out " + out);
    EXPECT_EQ(r.exit_code, 2) << value << ": " << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << value << ": " << r.output;
    EXPECT_FALSE(std::filesystem::exists(out + "/capture.pcapng")) << value;
  }
}

}  // namespace
