// test_explore.cpp: `ccfabric explore` (sims/explore and the replays of sims/cc/, docs/explore.md). The replay on a small trace
// whose arithmetic is exact at the shipped widths: the error is zero there and grows as a width
// shrinks, by the amounts computed by hand; the search on that trace finds the smallest footprint
// the parameter rules allow; footprints against hand sums for one setting per unit; the trace format
// and its errors; and through the command line: record a run, explore it, rerun it end to end, and
// bad input (unknown unit, width out of range, bad file) with exit code 2 and the key named.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <systemc>

#include "cli_run.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/cc/dcqcn/dcqcn_explore.hpp"
#include "sims/explore/event_trace.hpp"
#include "sims/explore/explore.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace {

using namespace ccf::explore;
using ccf::test::read_file;
using ccf::test::run_ccfabric;

constexpr uint64_t kUs = 1'000'000;  // ps

TraceEvent ev(char kind, uint64_t t_ps, uint32_t flow = 0, uint64_t bytes = 0) {
  TraceEvent e;
  e.kind = kind;
  e.time_ps = t_ps;
  e.flow = flow;
  e.bytes = bytes;
  return e;
}

// DCQCN at 40 Gb/s with alpha = 1/2 and g = 1/16 and no byte counter: one CNP cuts RC to 30,000
// Mb/s, then the increase timer (T = 55 us) halves the gap to RT = 40,000 Mb/s nine times:
// 35,000, 37,500, ..., 39,980.46875 Mb/s, which needs exactly 5 fraction bits (the shipped 1/32
// Mb/s). A frame sent after every timer makes the replay compare RC there.
// The replay of a registered algorithm with the parameters of the default scenario.
std::unique_ptr<Unit> unit_of(const std::string& name) {
  return ccf::cc::find_algorithm(name)->load(ccf::sims::Scenario{}, 0.0)->explore_unit(1024, 100.0);
}

ccf::cc::DcqcnReplayConfig exact_config() {
  ccf::cc::DcqcnReplayConfig c;
  c.rp = ccf::hls::dcqcn::RpParams::paper(40000);
  c.rp.initial_alpha = 1u << 19;  // 0.5
  c.rp.g = 4096;                  // 1/16
  c.rp.byte_counter_bytes = 0;
  c.link_gbps = 40;
  return c;
}

EventTrace exact_trace(bool with_np) {
  EventTrace t;
  t.cc = "dcqcn";
  t.events.push_back(ev('i', 0));
  t.events.push_back(ev('c', 1 * kUs));
  for (int k = 1; k <= 9; ++k) t.events.push_back(ev('x', 1 * kUs + k * 55 * kUs + 1000, 0, 1024));
  if (with_np) {
    // Marks of one received flow: the first gets a CNP, marks inside the 50-us window defer one to
    // its end, a quiet window closes it.
    std::vector<TraceEvent> np = {ev('e', 2 * kUs, 5), ev('e', 10 * kUs, 5), ev('e', 30 * kUs, 5), ev('e', 60 * kUs, 5),
                                  ev('e', 200 * kUs, 5), ev('e', 251 * kUs, 5), ev('e', 400 * kUs, 5)};
    t.events.insert(t.events.end(), np.begin(), np.end());
    std::stable_sort(t.events.begin(), t.events.end(), [](const TraceEvent& a, const TraceEvent& b) { return a.time_ps < b.time_ps; });
  }
  return t;
}

// Hand computation of the RC sequence at f fraction bits (rounding to nearest, ties to even, as the
// kernel's write-back) against the exact one: the largest relative error.
double hand_max_error(unsigned frac) {
  const double lsb = std::ldexp(1.0, -int(frac));
  auto q = [&](double v) { return std::nearbyint(v / lsb) * lsb; };  // ties to even (default rounding)
  double rc = q(30000), exact = 30000, worst = std::abs(rc - exact) / exact;
  for (int k = 0; k < 9; ++k) {
    rc = q((40000 + rc) / 2);
    exact = (40000 + exact) / 2;
    worst = std::max(worst, std::abs(rc - exact) / exact);
  }
  return worst;
}

TEST(ExploreReplay, ErrorIsZeroAtTheShippedWidthsAndGrowsAsTheRateLosesFractionBits) {
  const auto u = ccf::cc::make_dcqcn_explore(exact_config());
  const EventTrace t = exact_trace(true);
  const Metrics shipped = u->replay(t, Setting{});
  EXPECT_EQ(shipped.events, t.events.size() - 0u);
  EXPECT_EQ(shipped.compared, 10u);  // the CNP and nine frames
  EXPECT_EQ(shipped.max_rel_error, 0.0);
  EXPECT_EQ(shipped.decision_mismatches, 0u);
  double previous = 0;
  for (unsigned f = 4; f + 1 > 0; --f) {
    Setting s;
    s.widths["rate_frac"] = f;
    const Metrics m = u->replay(t, s);
    EXPECT_GT(m.max_rel_error, previous) << "rate_frac = " << f;
    EXPECT_NEAR(m.max_rel_error, hand_max_error(f), 1e-12) << "rate_frac = " << f;
    EXPECT_EQ(m.decision_mismatches, 0u);
    previous = m.max_rel_error;
  }
}

TEST(ExploreReplay, TheNotificationPointMatchesTheReferenceAtTheShippedWidths) {
  const auto u = ccf::cc::make_dcqcn_explore(exact_config());
  const Metrics m = u->replay(exact_trace(true), Setting{});
  const auto get = [&](const char* k) {
    for (const auto& [n, v] : m.extra)
      if (n == k) return v;
    return -1.0;
  };
  EXPECT_EQ(get("np_decisions"), 7);
  EXPECT_EQ(get("np_mismatches"), 0);
  // CNPs at 2 us (first mark), 52 us (window end: marks at 10, 30), 102 us (mark at 60), then the
  // window closes; 200 us a new first mark, 250 us its end (mark at ... none: 251 is after it),
  // 251 us and 400 us first marks.
  EXPECT_EQ(get("cnps_kernel"), get("cnps_reference"));
  EXPECT_EQ(get("cnps_kernel"), 6);
}

TEST(ExploreSearch, FindsTheSmallestFootprintTheBoundAndTheRulesAllow) {
  const auto u = ccf::cc::make_dcqcn_explore(exact_config());
  SearchOptions o;
  o.sweep = false;
  o.max_rel_error = 5e-6;  // rate_frac = 2 gives 3.13e-6, rate_frac = 1 6.27e-6 (hand_max_error)
  const Exploration x = explore(*u, exact_trace(false), o);
  ASSERT_TRUE(x.best);
  const Result& b = x.results[*x.best];
  // rate_int 16 (40,000 < 2^16), rate_frac 2, alpha 1 (0.5 is one bit and no second cut follows),
  // stage 5 (n = 32 - 2 - 5 = 25 hyper steps of 200 Mb/s must reach 40 Gb/s: 25 x 26 / 2 x 200 =
  // 65,000), bytes 1 (no byte counter), and the NP with no marks in this trace: 65.5-us ticks, a
  // 1-bit timestamp. RP 2 x 18 + 1 + 2 x 5 + 1 + 3 = 51 bits, NP 1 + 2 = 3.
  EXPECT_EQ(b.label, "rate_int=16,rate_frac=2,alpha=1,stage=5,bytes=1,np_time=1,np_time_lsb=16");
  EXPECT_EQ(b.state_bits, 54u);
  EXPECT_TRUE(b.meets);
  EXPECT_NEAR(b.m.max_rel_error, hand_max_error(2), 1e-12);
  for (const Result& r : x.results)
    if (r.meets) {
      EXPECT_GE(r.state_bits, b.state_bits) << r.label;
    }
}

TEST(ExploreReplay, IsDeterministic) {
  const auto u = ccf::cc::make_dcqcn_explore(exact_config());
  SearchOptions o;
  o.max_rel_error = 1e-5;
  const EventTrace t = exact_trace(true);
  EXPECT_EQ(format_csv(*u, explore(*u, t, o)), format_csv(*u, explore(*u, t, o)));
}

// ---- footprints: one non-shipped setting per unit, summed by hand ----

TEST(ExploreFootprint, EveryUnitReportsTheHandComputedBitsPerFlow) {
  Setting s;
  s.widths = {{"rate_frac", 3}, {"alpha", 16}, {"np_time", 16}};
  // RP: 2 x (19 + 3) + 16 + 2 x 7 + 24 + 1 + 2 = 101; NP: 16 + 2 = 18.
  EXPECT_EQ(unit_of("dcqcn")->state_bits(s), 101u + 18u);
  s.widths = {{"cwnd_frac", 14}, {"time", 24}, {"pacing", 20}};
  // 2 x (12 + 14) + 2 x 24 + 26 + (26 + 8) + 1 + 5 + 20 = 52 + 48 + 26 + 34 + 1 + 5 + 20.
  EXPECT_EQ(unit_of("swift")->state_bits(s), 186u);
  s.widths = {{"cw_frac", 12}, {"rtt", 20}};
  // 16 + 12 + 1 + 2 x 16 + 20.
  EXPECT_EQ(unit_of("ldcp")->state_bits(s), 81u);
  s.widths = {{"rate_frac", 2}, {"time", 24}, {"seg_wire", 18}};
  // (19 + 2) + 24 + (1 + 24 + 8) + 4 + 3 x 24 + 2 x 20 + 18.
  EXPECT_EQ(unit_of("timely")->state_bits(s), 212u);
  for (const ccf::cc::CcAlgorithm* a : ccf::cc::algorithms()) EXPECT_EQ(unit_of(a->name())->label(Setting{}), "shipped");
  EXPECT_EQ(unit_of("dcqcn")->state_bits(Setting{}), 128u);
}

TEST(ExploreSettings, ParseAndValidateNameTheKnobValueAndRule) {
  const auto u = unit_of("swift");
  Setting s;
  EXPECT_EQ(parse_setting("cwnd_frac=12,divider=shift", s), "");
  EXPECT_EQ(s.widths.at("cwnd_frac"), 12u);
  EXPECT_EQ(s.divider, "shift");
  EXPECT_EQ(u->validate(s), "");
  EXPECT_EQ(u->label(s), "cwnd_frac=12,divider=shift");
  const std::vector<std::string> sets = u->scenario_sets(s);  // every knob, shipped ones too, and the form
  ASSERT_EQ(sets.size(), u->knobs().size() + 1);
  EXPECT_EQ(sets[0], "cc.swift.widths.cwnd_int=12");
  EXPECT_EQ(sets[1], "cc.swift.widths.cwnd_frac=12");
  EXPECT_EQ(sets.back(), "cc.swift.divider=shift");
  EXPECT_EQ(parse_setting("cwnd_frac", s), "--widths cwnd_frac: 'cwnd_frac' must be NAME=BITS (e.g. alpha=16) or divider=FORM");
  EXPECT_EQ(parse_setting("cwnd_frac=1.5", s), "--widths cwnd_frac=1.5 must be a whole number of bits");
  ASSERT_EQ(parse_setting("cwnd_frac=21", s), "");
  EXPECT_EQ(u->validate(s), "--widths cwnd_frac=21 must be 1..20 bits for swift (shipped: 20)");
  ASSERT_EQ(parse_setting("alpha=3", s), "");
  EXPECT_EQ(u->validate(s).rfind("--widths alpha=3: swift has no width 'alpha' (known: cwnd_int, cwnd_frac", 0), 0u);
  ASSERT_EQ(parse_setting("divider=newton", s), "");
  EXPECT_EQ(u->validate(s), "--widths divider=newton must be recip_table, recip_rom, shift or exact");
  EXPECT_EQ(unit_of("timely")->validate(s), "--widths divider=newton: timely has no divider form");
}

// ---- the trace file ----

std::string write_text(const std::string& name, const std::string& text) {
  const std::string p = ccf::test::out_dir(name) + ".txt";
  std::ofstream(p) << text;
  return p;
}

TEST(EventTrace, WritesTheKindsItsUnitConsumesAndReadsThemBack) {
  const std::string p = ccf::test::out_dir("trace_rw") + ".txt";
  TraceEvent a = ev('a', 5000, 3, 1024);
  a.host = 2;
  a.ece = true, a.rtt_ps = 7777, a.remote_queuing_ps = 12, a.hops = 3, a.send_age_ps = 4000, a.fast_start_echo = true;
  a.cum_bytes_acked = 99'000;
  const std::vector<TraceEvent> all = {ev('i', 0),    ev('m', 0, 0, 65536), ev('x', 10, 0, 1024), a,
                                       ev('n', 6000), ev('o', 7000),        ev('c', 8000),        ev('e', 9000, 4)};
  {
    TraceWriter w(p, "ldcp", "imanox");  // LDCP consumes i m a n o x: no CNPs, no CE marks
    for (const TraceEvent& e : all) w.write(e);
    EXPECT_EQ(w.events(), 6u);
    w.close();
  }
  EventTrace t = read_trace(p);
  EXPECT_EQ(t.cc, "ldcp");
  ASSERT_EQ(t.events.size(), 6u);
  EXPECT_EQ(t.events[1].bytes, 65536u);
  const TraceEvent& r = t.events[3];
  EXPECT_EQ(r.kind, 'a');
  EXPECT_EQ(r.host, 2u);
  EXPECT_EQ(r.flow, 3u);
  EXPECT_TRUE(r.ece && r.fast_start_echo);
  EXPECT_EQ(r.rtt_ps, 7777u);
  EXPECT_EQ(r.remote_queuing_ps, 12u);
  EXPECT_EQ(r.hops, 3u);
  EXPECT_EQ(r.send_age_ps, 4000u);
  EXPECT_EQ(r.cum_bytes_acked, 99'000u);
  {
    TraceWriter w(p, "dcqcn", "icxe");  // DCQCN consumes i c x e: no ACKs
    for (const TraceEvent& e : all) w.write(e);
    w.close();
  }
  t = read_trace(p);
  std::string kinds;
  for (const TraceEvent& e : t.events) kinds += e.kind;
  EXPECT_EQ(kinds, "ixce");
  EXPECT_EQ(t.events[3].flow, 4u);
}

TEST(EventTrace, BadFilesNameTheLineAndTheRule) {
  const std::string head = "# ccfabric events 1\n# cc dcqcn\n";
  auto error_of = [](const std::string& path) {
    try {
      read_trace(path);
    } catch (const TraceError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string p = write_text("trace_kind", head + "i 0 0 0\nq 5 0 0\n");
  EXPECT_EQ(error_of(p), p + ":4: unknown event kind 'q' (known: i m a n c x o e)");
  p = write_text("trace_fields", head + "x 5 0 0\n");
  EXPECT_EQ(error_of(p), p + ":3: event 'x' has 3 numbers, expected 4 (time_ps host flow bytes)");
  p = write_text("trace_order", head + "c 9 0 0\nc 5 0 0\n");
  EXPECT_EQ(error_of(p), p + ":4: time 5 ps is before the previous event's 9 ps (events must be in time order)");
  p = write_text("trace_number", head + "c 9 0 -1\n");
  EXPECT_EQ(error_of(p), p + ":3: '-1' is not an unsigned integer");
  p = write_text("trace_header", "c 9 0 0\n");
  EXPECT_EQ(error_of(p), p + ":1: not a ccfabric event trace (the first line must be '# ccfabric events 1')");
  p = write_text("trace_version", "# ccfabric events 2\n");
  EXPECT_EQ(error_of(p), p + ":1: unsupported trace version '2' (this ccfabric reads 1)");
  EXPECT_EQ(error_of("/nonexistent/events.txt").rfind("/nonexistent/events.txt: cannot open the event trace", 0), 0u);
}

// ---- through the command line ----

// A 300-us 8:1 DCQCN incast at 100 Gb/s, recorded once per test process.
std::string recorded_dcqcn() {
  const std::string dir = ccf::test::out_dir("explore_rec");
  const auto r = run_ccfabric("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=300 "
                              "--set sim.measure_from_us=100 --record-events " + dir + " --out " + dir + "/run");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return dir;
}

TEST(ExploreCli, RecordsARunAndReportsAGivenSettingWithItsFootprintAndTheSearchsBest) {
  const std::string rec = recorded_dcqcn();
  EXPECT_TRUE(std::filesystem::exists(rec + "/scenario.toml"));
  const EventTrace t = read_trace(rec + "/events.txt");
  EXPECT_EQ(t.cc, "dcqcn");
  size_t cnps = 0, marks = 0;
  for (const TraceEvent& e : t.events) cnps += e.kind == 'c', marks += e.kind == 'e';
  EXPECT_GT(cnps, 0u);
  EXPECT_GT(marks, 0u);
  const std::string out = ccf::test::out_dir("explore_out");
  const auto x = run_ccfabric("explore dcqcn --trace " + rec + " --no-sweep --widths rate_frac=3,alpha=16 "
                              "--max-rel-error 0.005 --out " + out);
  ASSERT_EQ(x.exit_code, 0) << x.output;
  EXPECT_NE(x.output.find("| rate_frac=3,alpha=16 | given | 120 |"), std::string::npos) << x.output;
  const nlohmann::json j = nlohmann::json::parse(read_file(out + "/explore.json"));
  EXPECT_EQ(j.at("unit"), "dcqcn");
  bool found = false;
  for (const auto& res : j.at("results"))
    if (res.at("setting") == "rate_frac=3,alpha=16") {
      found = true;
      // RP 2 x (19 + 3) + 16 + 2 x 7 + 24 + 3 = 101, NP 19.
      EXPECT_EQ(res.at("state_bits_per_flow"), 120);
      EXPECT_EQ(res.at("widths").at("rate_frac"), 3);
    }
  EXPECT_TRUE(found);
  ASSERT_TRUE(j.contains("best"));
  EXPECT_LE(j.at("results").size(), 400u);
  EXPECT_TRUE(std::filesystem::exists(out + "/explore.csv"));
  EXPECT_EQ(read_file(out + "/explore.csv").rfind("setting,role,divider,width_rate_int,", 0), 0u);
}

// Explore to HLS in one step (docs/explore.md 5): the best setting is written as a settings file
// that `run --set-file` and `report units --widths` take, and as the defines of the HLS tops; the
// three agree on the bits per flow.
TEST(ExploreCli, TheBestSettingRoundTripsThroughRunReportAndTheHlsDefines) {
  const std::string rec = recorded_dcqcn();
  const std::string out = ccf::test::out_dir("explore_loop");
  const auto x = run_ccfabric("explore dcqcn --trace " + rec + " --no-sweep --max-rel-error 0.005 --out " + out);
  ASSERT_EQ(x.exit_code, 0) << x.output;
  const nlohmann::json j = nlohmann::json::parse(read_file(out + "/explore.json"));
  ASSERT_TRUE(j.contains("best"));
  nlohmann::json best;
  for (const auto& res : j.at("results"))
    if (res.at("setting") == j.at("best")) best = res;
  const unsigned bits = best.at("state_bits_per_flow").get<unsigned>();
  EXPECT_LT(bits, 128u);
  // run: the scenario carries the widths (its dump in summary.json), and the run completes.
  const std::string run_out = ccf::test::out_dir("explore_loop_run");
  const auto r = run_ccfabric("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set sim.duration_us=300 "
                              "--set sim.measure_from_us=100 --plots none --set-file " + out + "/best.toml --out " + run_out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string dumped = read_file(run_out + "/scenario.toml");
  for (const auto& [knob, value] : best.at("widths").items())
    EXPECT_NE(dumped.find(fmt::format("widths.{} = {}", knob, value.get<unsigned>())), std::string::npos) << knob;
  // report units: the RP and NP bits at those widths add up to the setting's.
  const auto rep = run_ccfabric("report units --events 100 --format json --widths " + out + "/best.toml");
  ASSERT_EQ(rep.exit_code, 0) << rep.output;
  const nlohmann::json u = nlohmann::json::parse(rep.output);
  EXPECT_EQ(u.at("dcqcn_rp_plus_np").at("state_bits_per_flow").get<unsigned>(), bits);
  EXPECT_EQ(u.at("widths_from"), out + "/best.toml");
  // The HLS defines list the same widths in the order of the kernels' Widths structs.
  const std::string hpp = read_file(out + "/best_hls.hpp");
  const auto& w = best.at("widths");
  EXPECT_NE(hpp.find(fmt::format("#define CCF_HLS_RP_WIDTHS {{{}, {}, {}, {}, {}}}", w.at("rate_int").get<unsigned>(),
                                 w.at("rate_frac").get<unsigned>(), w.at("alpha").get<unsigned>(),
                                 w.at("stage").get<unsigned>(), w.at("bytes").get<unsigned>())),
            std::string::npos)
      << hpp;
  EXPECT_NE(hpp.find(fmt::format("#define CCF_HLS_NP_WIDTHS {{{}, {}}}", w.at("np_time").get<unsigned>(),
                                 w.at("np_time_lsb").get<unsigned>())),
            std::string::npos)
      << hpp;
  EXPECT_NE(hpp.find("#define CCF_HLS_FLOW_W 16"), std::string::npos) << hpp;

  // A settings file with what a setting cannot be: named, exit 2.
  const std::string bad = out + "/bad.toml";
  std::ofstream(bad) << "cc.dcqcn.widths = [1, 2]\n";
  const auto b = run_ccfabric("report units --widths " + bad);
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.output.find(bad + ": cc.dcqcn.widths is an array; a settings file holds single values"), std::string::npos)
      << b.output;
  std::ofstream(bad) << "cc.dcqcn.widths.alpha = 99\n";
  const auto w99 = run_ccfabric("run " + std::string(CCF_SCENARIO_DIR) + "/incast_dcqcn_100g.toml --set-file " + bad);
  EXPECT_EQ(w99.exit_code, 2);
  EXPECT_NE(w99.output.find("cc.dcqcn.widths.alpha = 99 must be an integer number of bits from 1 to 20"), std::string::npos)
      << w99.output;
}

TEST(ExploreCli, EndToEndRerunsTheRecordedScenarioAtTheShippedAndTheGivenWidths) {
  const std::string rec = recorded_dcqcn();
  const nlohmann::json original = ccf::test::read_summary(rec + "/run");
  const std::string out = ccf::test::out_dir("explore_e2e");
  const auto x = run_ccfabric("explore dcqcn --trace " + rec + " --no-sweep --widths rate_frac=0,alpha=12 --end-to-end "
                              "--jobs 2 --out " + out);
  ASSERT_EQ(x.exit_code, 0) << x.output;
  const nlohmann::json j = nlohmann::json::parse(read_file(out + "/explore.json"));
  int runs = 0;
  for (const auto& res : j.at("results")) {
    if (!res.contains("end_to_end")) continue;
    ++runs;
    const auto& e = res.at("end_to_end");
    const nlohmann::json summary = ccf::test::read_summary(e.at("out_dir").get<std::string>());
    EXPECT_EQ(e.at("jain_index").get<double>(), summary.at("jain_index").get<double>());
    if (res.at("setting") == "shipped") {
      // The same scenario, seed and widths: the same run (same seed, same outputs).
      EXPECT_EQ(summary.at("jain_index"), original.at("jain_index"));
      EXPECT_EQ(summary.at("max_queue_bytes"), original.at("max_queue_bytes"));
      EXPECT_EQ(summary.at("frames"), original.at("frames"));
      // Every width is set explicitly (a recorded scenario may carry its own).
      EXPECT_EQ(summary.at("scenario").at("cc").at("dcqcn").at("widths").at("alpha"), 20);
    } else {
      EXPECT_EQ(res.at("setting"), "rate_frac=0,alpha=12");
      EXPECT_EQ(summary.at("scenario").at("cc").at("dcqcn").at("widths").at("alpha"), 12);
      EXPECT_GT(e.at("utilisation").get<double>(), 0.5);
    }
  }
  EXPECT_EQ(runs, 2);
  EXPECT_NE(x.output.find("end to end, rate_frac=0,alpha=12: Jain's index"), std::string::npos) << x.output;
}

// A trace directory written by hand: a scenario and a few events.
std::string hand_trace(const std::string& name, const std::string& cc, const std::string& events) {
  const std::string dir = ccf::test::out_dir(name);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/scenario.toml") << "[nic]\ncc = \"" << cc << "\"\n";
  std::ofstream(dir + "/events.txt") << "# ccfabric events 1\n# cc " << cc << "\n" << events;
  return dir;
}

TEST(ExploreCli, BadInputExitsWithTwoAndNamesTheKeyValueAndRule) {
  const std::string ok = hand_trace("explore_ok", "dcqcn", "i 0 0 0\nc 1000 0 0\nx 2000 0 0 1024\n");
  auto expect_bad = [](const std::string& args, const std::string& message) {
    const auto r = run_ccfabric(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  };
  expect_bad("explore hpcc --trace " + ok, "error: explore: UNIT = hpcc must be one of dcqcn, swift, ldcp, timely");
  expect_bad("explore dcqcn --trace /nonexistent/rec", "error: --trace = /nonexistent/rec: no event trace");
  expect_bad("explore swift --trace " + ok, "recorded with nic.cc = dcqcn, not swift");
  expect_bad("explore dcqcn --trace " + ok + " --widths alpha=30", "error: --widths alpha=30 must be 1..20 bits for dcqcn");
  expect_bad("explore dcqcn --trace " + ok + " --widths cwnd_frac=3", "dcqcn has no width 'cwnd_frac'");
  expect_bad("explore dcqcn --trace " + ok + " --widths divider=shift", "dcqcn has no divider form");
  expect_bad("explore dcqcn --trace " + ok + " --max-rel-error 1.5", "--max-rel-error = 1.5 must be a fraction in (0, 1)");
  const std::string bad = hand_trace("explore_bad", "dcqcn", "i 0 0 0\nc 1000 0\n");
  expect_bad("explore dcqcn --trace " + bad, bad + "/events.txt:4: event 'c' has 2 numbers, expected 3");
  // An events file that is not a regular file (a directory here; /dev/zero would be read forever).
  const std::string not_file = ccf::test::out_dir("explore_events_dir");
  std::filesystem::create_directories(not_file + "/events.txt");
  std::ofstream(not_file + "/scenario.toml") << "[nic]\ncc = \"dcqcn\"\n";
  expect_bad("explore dcqcn --trace " + not_file, "error: --trace = " + not_file + ": " + not_file +
                                                      "/events.txt: must be a regular event trace file (it is a "
                                                      "directory)");
  std::filesystem::remove_all(not_file);
  // A negative --jobs is shown as given.
  expect_bad("explore dcqcn --trace " + ok + " --jobs -1", "error: --jobs: -1 must be an integer from 1 to 64");
  // A width the recorded parameters do not fit is reported in the table, not an error.
  const std::string out = ccf::test::out_dir("explore_infeasible");
  const auto r = run_ccfabric("explore dcqcn --trace " + ok + " --no-sweep --widths rate_int=10 --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("| rate_int=10 | given | 110 | infeasible: line_rate must fit widths.rate_int"), std::string::npos)
      << r.output;
}

}  // namespace
