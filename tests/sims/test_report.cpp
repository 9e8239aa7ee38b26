// test_report.cpp: `ccfabric report units` (sims/report/unit_report.*, sims/cc/cc_report.*): footprints against figures
// computed by hand from docs/units/*.md, field tables against the kernels' kStateBits, measured cycles
// per event against the declared II, and the command line (JSON = table, bad options exit 2).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>

#include "cli_run.hpp"
#include "hls/dcqcn/dcqcn_cost.hpp"
#include "hls/ldcp/ldcp_cost.hpp"
#include "hls/swift/swift_cost.hpp"
#include "hls/timely/timely_cost.hpp"
#include "sims/cc/cc_report.hpp"
#include "sims/report/unit_report.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::report {
namespace {

// One report for the whole process: the default 65,536 flows and a 10,000-event stream.
const Report& default_report() {
  static const Report r = cc::make_unit_report(ReportOptions{}, sims::Scenario{});
  return r;
}

const UnitReport& unit(const Report& r, const std::string& id) {
  for (const UnitReport& u : r.units)
    if (u.id == id) return u;
  throw std::runtime_error("no unit " + id);
}

TEST(ReportUnits, FieldTablesSumToEachKernelsStateBits) {
  EXPECT_EQ(hls::sum_bits(hls::dcqcn::kRpStateFields), hls::dcqcn::RpState::kStateBits);
  EXPECT_EQ(hls::sum_bits(hls::dcqcn::kNpStateFields), hls::dcqcn::NpState::kStateBits);
  EXPECT_EQ(hls::sum_bits(hls::swift::kStateFields), hls::swift::State::kStateBits);
  EXPECT_EQ(hls::sum_bits(hls::ldcp::kStateFields), hls::ldcp::LdcpState::kStateBits);
  EXPECT_EQ(hls::sum_bits(hls::ldcp::kPccStateFields), hls::ldcp::PccState::kStateBits);
  EXPECT_EQ(hls::sum_bits(hls::timely::kStateFields), hls::timely::State::kStateBits);
  for (const UnitReport& u : default_report().units) {
    unsigned sum = 0;
    for (const auto& f : u.fields) sum += f.bits;
    EXPECT_EQ(sum, u.state_bits_per_flow) << u.id;
  }
}

// DCQCN: RP 2x24 + 20 + 2x7 + 24 + 1 + 2 = 109, NP 17 + 2 = 19; 128 bits x 65,536 = 8,388,608 bits = 1 MiB.
TEST(ReportUnits, DcqcnRpPlusNpIs128BitsPerFlowAndOneMiBFor65536Flows) {
  const Report& r = default_report();
  EXPECT_EQ(unit(r, "dcqcn_rp").state_bits_per_flow, 109u);
  EXPECT_EQ(unit(r, "dcqcn_np").state_bits_per_flow, 19u);
  const auto both = std::find_if(r.combined.begin(), r.combined.end(),
                                 [](const CombinedState& c) { return c.id == "dcqcn_rp_plus_np"; });
  ASSERT_NE(both, r.combined.end());
  EXPECT_EQ(both->state_bits_per_flow, 128u);
  EXPECT_EQ(both->total_bits, 8'388'608u);
  EXPECT_EQ(both->total_bytes, 1024u * 1024u);
  const UnitReport& rp = unit(r, "dcqcn_rp");
  EXPECT_EQ(rp.total_bits, 7'143'424u);  // 109 x 65,536
  EXPECT_EQ(rp.total_bytes, 892'928u);
  EXPECT_EQ(rp.word_bits_8, 112u);
  EXPECT_EQ(rp.word_bits_32, 128u);
  EXPECT_EQ(rp.memory_bytes_32, 1'048'576u);  // 65,536 words x 16 B
  EXPECT_EQ(unit(r, "dcqcn_np").word_bits_8, 24u);
}

// Swift 2x32 + 2x32 + 26 + 34 + 1 + 5 + 32 = 226 bits; LDCP 36 + 1 + 2x16 + 24 = 93;
// TIMELY 24 + 24 + 33 + 4 + 32 + 20 + 32 + 20 + 32 + 21 = 242. For 65,536 flows: bits x 65,536 / 8 bytes.
TEST(ReportUnits, SwiftLdcpTimelyFootprintsMatchHandComputedFigures) {
  const Report& r = default_report();
  const UnitReport& sw = unit(r, "swift");
  EXPECT_EQ(sw.state_bits_per_flow, 226u);
  EXPECT_EQ(sw.total_bits, 14'811'136u);
  EXPECT_EQ(sw.total_bytes, 1'851'392u);
  EXPECT_EQ(sw.word_bits_8, 232u);
  EXPECT_EQ(sw.word_bits_32, 256u);
  EXPECT_EQ(sw.memory_bytes_32, 2'097'152u);  // 2 MiB
  const UnitReport& ld = unit(r, "ldcp");
  EXPECT_EQ(ld.state_bits_per_flow, 93u);
  EXPECT_EQ(ld.total_bits, 6'094'848u);
  EXPECT_EQ(ld.total_bytes, 761'856u);
  EXPECT_EQ(ld.word_bits_8, 96u);
  EXPECT_EQ(ld.word_bits_32, 96u);
  // LDCP CX6-DX PCC: 36 + 24 + 1 + 24 = 85 bits.
  const UnitReport& pcc = unit(r, "ldcp_pcc");
  EXPECT_EQ(pcc.state_bits_per_flow, 85u);
  EXPECT_EQ(pcc.total_bits, 5'570'560u);
  EXPECT_EQ(pcc.total_bytes, 696'320u);
  EXPECT_EQ(pcc.word_bits_8, 88u);
  EXPECT_EQ(pcc.word_bits_32, 96u);
  const UnitReport& ti = unit(r, "timely");
  EXPECT_EQ(ti.state_bits_per_flow, 242u);
  EXPECT_EQ(ti.total_bits, 15'859'712u);
  EXPECT_EQ(ti.total_bytes, 1'982'464u);
  EXPECT_EQ(ti.word_bits_8, 248u);
  EXPECT_EQ(ti.word_bits_32, 256u);
}

TEST(ReportUnits, FootprintScalesWithTheFlowCountAndRoundsBytesUp) {
  ReportOptions o;
  o.flows = 3;
  o.events = 10;
  const Report r = cc::make_unit_report(o, sims::Scenario{});
  EXPECT_EQ(unit(r, "dcqcn_np").total_bits, 57u);  // 3 x 19
  EXPECT_EQ(unit(r, "dcqcn_np").total_bytes, 8u);  // ceil(57 / 8)
  EXPECT_EQ(unit(r, "ldcp").total_bytes, 35u);     // ceil(279 / 8)
}

TEST(ReportUnits, DeclaredLatencyAndIiComeFromEachUnitsKCost) {
  const Report& r = default_report();
  EXPECT_EQ(unit(r, "dcqcn_rp").latency_cycles, 3u);
  EXPECT_EQ(unit(r, "dcqcn_np").latency_cycles, 2u);
  EXPECT_EQ(unit(r, "swift").latency_cycles, 10u);
  EXPECT_EQ(unit(r, "ldcp").latency_cycles, 5u);
  EXPECT_EQ(unit(r, "ldcp_pcc").latency_cycles, 6u);
  EXPECT_EQ(unit(r, "timely").latency_cycles, 30u);
  for (const UnitReport& u : r.units) EXPECT_EQ(u.ii_cycles, 1u) << u.id;
}

// Every event kind costs exactly II cycles per event, also a DCQCN RP timer call that serves the
// alpha timer and the increase timer together (K = T = 55 us in the paper preset: every CNP arms
// both, both re-arm with the same period): one merged kernel pass.
TEST(ReportUnits, MeasuredCyclesPerEventEqualTheDeclaredIi) {
  const Report& r = default_report();
  for (const UnitReport& u : r.units) {
    uint64_t events = 0;
    for (const MeasuredKind& m : u.measured) {
      events += m.events;
      ASSERT_GT(m.events, 0u) << u.id << " " << m.kind;
      const double per_event = double(m.busy_cycles) / double(m.events);
      EXPECT_DOUBLE_EQ(per_event, double(u.ii_cycles)) << u.id << " " << m.kind;
    }
    EXPECT_GE(events, 10'000u) << u.id;
    EXPECT_EQ(events, u.events);
  }
}

// ---- the command line ----------------------------------------------------------------------

using test::run_ccfabric;

// The summary rows of the table: id -> cells.
std::map<std::string, std::vector<std::string>> summary_rows(const std::string& table) {
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream in(table);
  std::string line;
  bool in_summary = false;
  while (std::getline(in, line)) {
    if (line == "## Summary") in_summary = true;
    else if (line.rfind("## ", 0) == 0) in_summary = false;
    if (!in_summary || line.rfind("| ", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream ls(line.substr(1));
    std::string c;
    while (std::getline(ls, c, '|')) {
      c.erase(std::remove(c.begin(), c.end(), ','), c.end());
      c.erase(0, c.find_first_not_of(' '));
      c.erase(c.find_last_not_of(' ') + 1);
      cells.push_back(c);
    }
    if (!cells.empty() && cells[0] != "unit") rows[cells[0]] = cells;
  }
  return rows;
}

TEST(ReportUnitsCli, JsonParsesAndCarriesTheTablesNumbers) {
  const auto table = run_ccfabric("report units --flows 1000 --events 2000");
  ASSERT_EQ(table.exit_code, 0) << table.output;
  const auto json = run_ccfabric("report units --flows 1000 --events 2000 --format json");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  const nlohmann::json j = nlohmann::json::parse(json.output);
  EXPECT_EQ(j["flows"].get<uint64_t>(), 1000u);
  const auto rows = summary_rows(table.output);
  ASSERT_EQ(j["units"].size(), 7u);  // DCQCN RP and NP, Swift, LDCP and its CX6-DX variant, TIMELY, DCTCP
  ASSERT_EQ(rows.size(), 7u) << table.output;
  for (const auto& u : j["units"]) {
    const std::string id = u["id"];
    ASSERT_TRUE(rows.count(id)) << id;
    const std::vector<std::string>& c = rows.at(id);
    ASSERT_EQ(c.size(), 10u);
    EXPECT_EQ(c[1], std::to_string(u["state_bits_per_flow"].get<unsigned>())) << id;
    EXPECT_EQ(c[2], std::to_string(u["memory"]["total_bits"].get<uint64_t>())) << id;
    EXPECT_EQ(c[3], std::to_string(u["memory"]["total_bytes"].get<uint64_t>())) << id;
    EXPECT_EQ(c[4], std::to_string(u["memory"]["word_bits_8"].get<unsigned>()) + " / " +
                        std::to_string(u["memory"]["word_bits_32"].get<unsigned>()))
        << id;
    EXPECT_EQ(c[5], std::to_string(u["memory"]["memory_bytes_8"].get<uint64_t>())) << id;
    EXPECT_EQ(c[6], std::to_string(u["memory"]["memory_bytes_32"].get<uint64_t>())) << id;
    EXPECT_EQ(c[7], std::to_string(u["latency_cycles"].get<unsigned>())) << id;
    EXPECT_EQ(c[8], std::to_string(u["ii_cycles"].get<unsigned>())) << id;
    EXPECT_NEAR(std::stod(c[9]), u["measured"]["cycles_per_event"].get<double>(), 5e-4) << id;
    unsigned sum = 0;
    for (const auto& f : u["state_fields"]) sum += f["bits"].get<unsigned>();
    EXPECT_EQ(sum, u["state_bits_per_flow"].get<unsigned>()) << id;
  }
  EXPECT_EQ(j["dcqcn_rp_plus_np"]["state_bits_per_flow"].get<unsigned>(), 128u);
  EXPECT_EQ(j["ldcp_pcc_plus_np"]["state_bits_per_flow"].get<unsigned>(), 85u + 19u);
}

TEST(ReportUnitsCli, CsvCarriesTheSameNumbersAndOutWritesAFile) {
  const std::string path = test::out_dir("report_csv") + ".csv";
  const auto r = run_ccfabric("report units --format csv --events 500 --out " + path);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = test::read_file(path);
  EXPECT_EQ(csv.rfind("unit,section,item,quantity,value\n", 0), 0u);
  EXPECT_NE(csv.find("dcqcn_rp_plus_np,memory,,total_bits,8388608\n"), std::string::npos);
  EXPECT_NE(csv.find("swift,state,total,state_bits_per_flow,226\n"), std::string::npos);
  EXPECT_NE(csv.find("timely,pipeline,,latency_cycles,30\n"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(ReportUnitsCli, ZeroFlowsExitsTwoNamingTheOption) {
  const auto r = run_ccfabric("report units --flows 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--flows"), std::string::npos) << r.output;
}

TEST(ReportUnitsCli, UnknownFormatExitsTwoNamingTheOption) {
  const auto r = run_ccfabric("report units --format xml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--format"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("xml"), std::string::npos) << r.output;
}

// A negative count is shown as given, not as the unsigned value CLI11 would convert it to.
TEST(ReportUnitsCli, NegativeFlowsExitsTwoShowingTheValueAsGiven) {
  const auto r = run_ccfabric("report units --flows -1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--flows: -1 must be an integer from 1 to 4294967296"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("18446744073709551615"), std::string::npos) << r.output;
}

// The seed too: -1 is reported as -1, not run as 2^64 - 1.
TEST(ReportUnitsCli, NegativeSeedExitsTwoShowingTheValueAsGiven) {
  const auto r = run_ccfabric("report units --seed -1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--seed: -1 must be an integer from 0 to 9223372036854775807"), std::string::npos)
      << r.output;
}

TEST(ReportUnitsCli, NonNumericFlowsExitsTwoNamingTheOption) {
  const auto r = run_ccfabric("report units --flows many");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--flows"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace ccf::report
