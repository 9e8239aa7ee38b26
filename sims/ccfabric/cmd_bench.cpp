// cmd_bench.cpp: `ccfabric bench`: the speed report of docs/speed.md. Each case is
// one `ccfabric run` in a child process (SystemC elaborates once per process), timed by the child
// itself (summary.json "speed") and measured for peak memory by wait4(); the DCQCN case also times the
// bare stepping loop of its switch right before and after its simulation (`ccfabric run
// --bare-loop-cycles`). Figures are reported, never asserted. The machine's
// speed drifts between runs (a shared VM: the same run takes 1.5 s or 2.1 s), so every case and the
// bare loop are measured in several interleaved rounds and the fastest of each is reported, with the
// spread.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/switch/switch_config.hpp"
#include "sims/cc/cc_algorithm.hpp"
#include "sims/ccfabric/child_run.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::cli {
namespace {

struct BenchOptions {
  std::string scenario_dir = CCF_SCENARIO_DIR;
  std::string out_dir = "out/bench";
  double duration_us = 10000;
  unsigned senders = 16;  // a 16:1 incast (17 hosts: the 32-port Verilated build)
  unsigned rounds = 5;  // the fastest of each case is reported
};

// Bare stepping cycles per measurement: about 0.15 s on a 32-port switch.
constexpr uint64_t kBareLoopCycles = 400'000;
// A round whose two bare measurements differ by more than this fraction of the larger is not steady.
constexpr double kSteadyBareTolerance = 0.05;

struct Case {
  std::string name, scenario, sets;
  std::vector<std::string> run_args;  // more options of `ccfabric run`
};

struct CaseResult {
  Case c;
  nlohmann::json summary;  // of the fastest round
  double peak_rss_mb = 0;
  double slowest_wall_s = 0;
};

// Runs `ccfabric run` in a child; its output goes to DIR/run.log.
CaseResult run_case(const Case& c, const BenchOptions& o) {
  const std::string dir = o.out_dir + "/" + c.name;
  std::filesystem::create_directories(dir);
  std::vector<std::string> sets;
  std::istringstream in(c.sets);
  for (std::string kv; in >> kv;) sets.push_back(kv);
  fmt::print(stderr, "  {} ...\n", c.name);
  std::vector<std::string> args = run_command(o.scenario_dir + "/" + c.scenario, sets, dir);
  args.insert(args.end(), c.run_args.begin(), c.run_args.end());
  start_child(args, dir + "/run.log");
  ChildResult child;
  wait_child(child);
  if (child.exit_code != 0) throw RunFailed(fmt::format("bench case {} failed: see {}/run.log", c.name, dir));
  std::ifstream f(dir + "/summary.json");
  return CaseResult{c, nlohmann::json::parse(f), child.peak_rss_mb};
}

double wall_s(const CaseResult& r) { return r.summary["sim"]["wall_s"].get<double>(); }

// The co-simulated switch's speed: cycles stepped per second of wall time spent stepping them.
// 0 when the switch stepped no cycle (summary.json null).
double cosim_cycles_per_s(const CaseResult& r) {
  const auto& v = r.summary["speed"]["switch_cycles_per_s"];
  return v.is_null() ? 0.0 : v.get<double>();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One incast per registered algorithm, then the cases of other loads and scales. The first also
// runs the bare loop of its switch's configuration right before and after the simulation, in the
// same process: the reference for the co-simulated switch's speed (docs/speed.md).
std::vector<Case> bench_cases(const BenchOptions& o) {
  const std::string dur = fmt::format("sim.duration_us={} sim.measure_from_us={} fabric.hosts={} traffic.0.senders={}",
                                      o.duration_us, o.duration_us / 10, o.senders + 1, o.senders);
  const std::string large =
      fmt::format("sim.duration_us={} sim.measure_from_us={} fabric.hosts=32 traffic.0.senders=31 traffic.0.flows=5000",
                  o.duration_us, o.duration_us / 2);
  const double k8_us = std::min(o.duration_us / 10, 1000.0);
  const std::string k8 = fmt::format("sim.duration_us={} sim.measure_from_us={} switch.impl=reference", k8_us, k8_us / 2);
  std::vector<Case> cases;
  for (const cc::CcAlgorithm* a : cc::algorithms())
    cases.push_back({a->name(), a->bench_scenario(), dur, {}});
  cases.front().run_args = {"--bare-loop-cycles", std::to_string(kBareLoopCycles)};
  cases.insert(cases.end(), {
      // 1 % load: every sender limited to 1 / senders of a percent of the link.
      {"dcqcn_1pct_load", "incast_dcqcn_100g.toml", dur + fmt::format(" traffic.0.rate_gbps={}", 1.0 / o.senders), {}},
      // 5,000 flows from 31 senders into one port (docs/experiments/large_incast.md): Swift at its design
      // point (no PFC) and DCQCN with PFC.
      {"swift_5000_flows", "incast_swift.toml", large + " switch.pfc=false", {}},
      {"dcqcn_5000_flows", "incast_dcqcn_100g.toml", large + " switch.pfc=true", {}},
      // The RCM paper's micro-burst as shipped (500 us, 180 switches), without and with regional
      // congestion mitigation (docs/experiments/rcm.md, "Speed").
      {"rcm_burst_off", "rcm_incast_burst.toml", "switch.rcm.enable=false", {}},
      {"rcm_burst_on", "rcm_incast_burst.toml", "switch.rcm.enable=true", {}},
      // The first case with DCQCN's passes run by the Verilated RTL of rtl/nic/ (docs/units/dcqcn.md 10).
      {"dcqcn_rtl", "incast_dcqcn_100g.toml", dur + " nic.dcqcn_impl=rtl", {}},
      // The first case and the micro-burst without RCM on the switch's reference model in place of its
      // Verilated RTL (switch.impl = "reference", docs/switch.md 8): the same outputs.
      {"dcqcn_switch_reference", "incast_dcqcn_100g.toml", dur + " switch.impl=reference", {}},
      {"rcm_burst_off_switch_reference", "rcm_incast_burst.toml", "switch.rcm.enable=false switch.impl=reference", {}},
      // HPCC's web-search flows on the k = 8 fat tree (docs/crossval.md) on the reference model, in one
      // process and split over 2 by pods (`run --ranks 2`, docs/fabric.md 10): the same outputs.
      {"websearch_k8_reference", "websearch_hpcc_k8.toml", k8, {}},
      {"websearch_k8_reference_2_ranks", "websearch_hpcc_k8.toml", k8, {"--ranks", "2"}},
  });
  return cases;
}

// Co-simulated over bare within each round: the DCQCN case times the bare loop right before and
// right after its simulation, so that the two see the same machine speed, where the fastest of
// each may come from different rounds. A round is steady when the two bare measurements agree
// within kSteadyBareTolerance: the machine's speed did not change during the run (docs/speed.md).
struct PairedRound {
  double cosim_cps, bare_before_cps, bare_after_cps, ratio;
  bool steady;
};

PairedRound paired_round(const CaseResult& r, const BenchOptions& o) {
  const auto& sp = r.summary["speed"];
  if (sp["cosim_over_bare"].is_null())
    throw RunFailed(
        fmt::format("bench case {}: the switch stepped no cycle, so there is no ratio to its bare "
                    "loop (see {}/{}/run.log)",
                    r.c.name, o.out_dir, r.c.name));
  const double before = sp["bare_loop"]["before_cycles_per_s"].get<double>();
  const double after = sp["bare_loop"]["after_cycles_per_s"].get<double>();
  return {sp["switch_cycles_per_s"].get<double>(), before, after, sp["cosim_over_bare"].get<double>(),
          std::abs(before - after) <= kSteadyBareTolerance * std::max(before, after)};
}

// One round of every case: results keeps each case's fastest run and its slowest wall time.
void run_round(unsigned round, const std::vector<Case>& cases, const BenchOptions& o,
               std::vector<CaseResult>& results, std::vector<PairedRound>& paired) {
  fmt::print(stderr, " round {}/{}\n", round + 1, o.rounds);
  for (size_t k = 0; k < cases.size(); ++k) {
    CaseResult r = run_case(cases[k], o);
    if (k == 0) paired.push_back(paired_round(r, o));
    if (round == 0) {
      r.slowest_wall_s = wall_s(r);
      results.push_back(std::move(r));
      continue;
    }
    CaseResult& best = results[k];
    const double slowest = std::max(best.slowest_wall_s, wall_s(r));
    if (wall_s(r) < wall_s(best)) best = std::move(r);
    best.slowest_wall_s = slowest;
  }
}

// The table of the cases; returns their entries of bench.json.
nlohmann::json print_case_table(const std::vector<CaseResult>& results, const BenchOptions& o, unsigned switch_ports) {
  fmt::print(
      "ccfabric bench: {}:1 incast at 100 Gb/s, 1 us links, {:.0f} us simulated per run, {}-port switch, "
      "fastest of {} rounds\n",
      o.senders, o.duration_us, switch_ports, o.rounds);
  fmt::print("{:<16} {:>8} {:>9} {:>12} {:>13} {:>9} {:>7} {:>9} {:>10} {:>13} {:>8}\n", "case", "wall_s", "slowest_s",
             "wall_s/sim_ms",
             "frames/wall_s", "switch_%", "nics_%", "kernel_%", "stepped_%", "switch_cyc/s", "rss_MB");
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : results) {
    const auto& sp = r.summary["speed"];
    const auto& sh = sp["wall_share"];
    const double stepped = r.summary["switch_cycles"]["stepped"].get<double>();
    const double total = r.summary["switch_cycles"]["total"].get<double>();
    const double cosim_cps = cosim_cycles_per_s(r);
    fmt::print("{:<16} {:>8.2f} {:>9.2f} {:>12.3f} {:>13.0f} {:>9.0f} {:>7.0f} {:>9.0f} {:>10.2f} {:>13.0f} {:>8.1f}\n",
               r.c.name, wall_s(r), r.slowest_wall_s, sp["wall_s_per_simulated_ms"].get<double>(), sp["frames_per_wall_s"].get<double>(),
               100 * sh["switch_rtl"].get<double>(), 100 * sh["nic_models"].get<double>(),
               100 * sh["systemc_kernel_links_other"].get<double>(), 100 * stepped / total, cosim_cps, r.peak_rss_mb);
    out.push_back({{"case", r.c.name}, {"scenario", r.c.scenario}, {"sets", r.c.sets}, {"wall_s", wall_s(r)},
                   {"slowest_wall_s", r.slowest_wall_s},
                   {"speed", sp}, {"switch_cycles", r.summary["switch_cycles"]},
                   {"cosim_switch_cycles_per_s", cosim_cps}, {"peak_rss_mb", r.peak_rss_mb}});
  }
  return out;
}

// The bare loop over the rounds: its fastest and slowest speed, and co-simulated over bare per
// round and per steady round.
struct BareLoopSummary {
  double bare_cps = 0, bare_cps_slowest = 0;
  std::vector<double> round_ratios, steady_ratios;
  nlohmann::json rounds_json = nlohmann::json::array();
};

BareLoopSummary summarize_bare_loop(const std::vector<PairedRound>& paired) {
  BareLoopSummary b;
  b.bare_cps_slowest = paired[0].bare_before_cps;
  for (const PairedRound& x : paired) {
    b.bare_cps = std::max({b.bare_cps, x.bare_before_cps, x.bare_after_cps});
    b.bare_cps_slowest = std::min({b.bare_cps_slowest, x.bare_before_cps, x.bare_after_cps});
    b.round_ratios.push_back(x.ratio);
    if (x.steady) b.steady_ratios.push_back(x.ratio);
    b.rounds_json.push_back({{"cosim_switch_cycles_per_s", x.cosim_cps},
                             {"bare_before_cycles_per_s", x.bare_before_cps},
                             {"bare_after_cycles_per_s", x.bare_after_cps},
                             {"cosim_over_bare", x.ratio},
                             {"steady", x.steady}});
  }
  return b;
}

void print_bare_loop_lines(const BareLoopSummary& b, double cosim, size_t rounds) {
  const auto [ratio_min, ratio_max] = std::minmax_element(b.round_ratios.begin(), b.round_ratios.end());
  fmt::print(
      "bare switch loop (full load): {:.0f} cycles/s (slowest {:.0f}); co-simulated switch (dcqcn case) "
      "{:.0f} cycles/s = {:.2f}x of it; within a round: median {:.2f}x ({:.2f}x to {:.2f}x)\n",
      b.bare_cps, b.bare_cps_slowest, cosim, cosim / b.bare_cps, median(b.round_ratios), *ratio_min, *ratio_max);
  if (b.steady_ratios.empty()) {
    fmt::print("no steady round (the bare loop's speed before and after the run differed by more than {:.0f} %)\n",
               100 * kSteadyBareTolerance);
  } else {
    const auto [lo, hi] = std::minmax_element(b.steady_ratios.begin(), b.steady_ratios.end());
    fmt::print(
        "within the {} of {} steady rounds (the bare loop before and after within {:.0f} %): median {:.2f}x "
        "({:.2f}x to {:.2f}x)\n",
        b.steady_ratios.size(), rounds, 100 * kSteadyBareTolerance, median(b.steady_ratios), *lo, *hi);
  }
}

const CaseResult& case_named(const std::vector<CaseResult>& results, const std::string& name) {
  return *std::find_if(results.begin(), results.end(), [&](const CaseResult& r) { return r.c.name == name; });
}

// The cases' wall times relative to the first registered algorithm's incast, the reference of the
// other cases.
void print_relative_walls(const std::vector<CaseResult>& results, const BenchOptions& o) {
  const CaseResult& first = results[0];
  const std::string& first_name = first.c.name;
  const double dcqcn = wall_s(first);
  // The algorithms move different numbers of frames in the same simulated time (utilisation, ACKs).
  const auto per_frame = [](const CaseResult& r) { return 1.0 / r.summary["speed"]["frames_per_wall_s"].get<double>(); };
  std::string relative, relative_per_frame;
  for (const cc::CcAlgorithm* a : cc::algorithms()) {
    if (a->name() == first_name) continue;
    const CaseResult& r = case_named(results, a->name());
    relative += fmt::format("{}{} {:.2f}x", relative.empty() ? "" : ", ", a->name(), wall_s(r) / dcqcn);
    relative_per_frame += fmt::format("{}{} {:.2f}x", relative_per_frame.empty() ? "" : ", ", a->name(),
                                      per_frame(r) / per_frame(first));
  }
  const double light = wall_s(case_named(results, "dcqcn_1pct_load"));
  const double rcm_off = wall_s(case_named(results, "rcm_burst_off")), rcm_on = wall_s(case_named(results, "rcm_burst_on"));
  const double rtl = wall_s(case_named(results, "dcqcn_rtl"));
  fmt::print("wall time relative to {}: {}; full load / 1 % load: {:.1f}x\n", first_name, relative, dcqcn / light);
  fmt::print("5,000 flows from 31 senders, {:.0f} us simulated: swift {:.2f} s, dcqcn {:.2f} s of wall time\n",
             o.duration_us, wall_s(case_named(results, "swift_5000_flows")), wall_s(case_named(results, "dcqcn_5000_flows")));
  fmt::print("RCM micro-burst (500 us, 432 hosts, 180 switches): off {:.2f} s, on {:.2f} s of wall time: {:.2f}x\n",
             rcm_off, rcm_on, rcm_on / rcm_off);
  fmt::print("DCQCN on the Verilated RTL units (nic.dcqcn_impl = \"rtl\"): {:.2f} s of wall time, {:.2f}x the kernels'\n",
             rtl, rtl / dcqcn);
  const double ref = wall_s(case_named(results, "dcqcn_switch_reference"));
  const double rcm_ref = wall_s(case_named(results, "rcm_burst_off_switch_reference"));
  fmt::print("switch reference model in place of its RTL (switch.impl = \"reference\"): {} {:.2f} s ({:.2f}x), "
             "RCM micro-burst off {:.2f} s ({:.2f}x)\n",
             first_name, ref, ref / dcqcn, rcm_ref, rcm_ref / rcm_off);
  const double k8 = wall_s(case_named(results, "websearch_k8_reference"));
  const double k8_2 = wall_s(case_named(results, "websearch_k8_reference_2_ranks"));
  fmt::print("k = 8 web search on the reference model: {:.2f} s in one process, {:.2f} s split over 2 ranks "
             "(run --ranks 2): {:.2f}x\n",
             k8, k8_2, k8_2 / k8);
  fmt::print("wall time per frame relative to {}: {}\n", first_name, relative_per_frame);
}

void run_bench(const BenchOptions& o) {
  ensure_out_dir(o.out_dir);
  const std::vector<Case> cases = bench_cases(o);
  fmt::print(stderr, "ccfabric bench: {} rounds of {} runs of {} us simulated and the bare switch loop\n", o.rounds,
             cases.size(), o.duration_us);
  const unsigned switch_ports = sw::built_port_count(o.senders + 1);
  std::vector<CaseResult> results;
  std::vector<PairedRound> paired;
  for (unsigned round = 0; round < o.rounds; ++round) run_round(round, cases, o, results, paired);

  const nlohmann::json out = print_case_table(results, o, switch_ports);
  const BareLoopSummary bare = summarize_bare_loop(paired);
  const double cosim = out[0]["cosim_switch_cycles_per_s"].get<double>();
  print_bare_loop_lines(bare, cosim, paired.size());
  print_relative_walls(results, o);
  // The least the cycle-accurate switch can cost in the DCQCN case: its stepped cycles at the bare
  // loop's speed. The rest of the case's wall time is the NICs, the links, the kernel and the driver.
  const CaseResult& first = results[0];
  const double dcqcn = wall_s(first);
  const double dcqcn_stepped = first.summary["switch_cycles"]["stepped"].get<double>();
  const double switch_floor_s = dcqcn_stepped / bare.bare_cps;
  fmt::print(
      "dcqcn: its {:.0f} stepped switch cycles at the bare loop's speed take {:.2f} s of its {:.2f} s; "
      "everything else {:.2f} s\n",
      dcqcn_stepped, switch_floor_s, dcqcn, dcqcn - switch_floor_s);
  const double light = wall_s(case_named(results, "dcqcn_1pct_load"));
  const double rcm_off = wall_s(case_named(results, "rcm_burst_off")), rcm_on = wall_s(case_named(results, "rcm_burst_on"));
  const double rtl = wall_s(case_named(results, "dcqcn_rtl"));
  const double ref = wall_s(case_named(results, "dcqcn_switch_reference"));
  const double rcm_ref = wall_s(case_named(results, "rcm_burst_off_switch_reference"));
  nlohmann::json report = {{"senders", o.senders},
                           {"switch_ports", switch_ports},
                           {"duration_us", o.duration_us},
                           {"rounds", o.rounds},
                           {"cases", out},
                           {"bare_switch_cycles_per_s", bare.bare_cps},
                           {"bare_switch_cycles_per_s_slowest_round", bare.bare_cps_slowest},
                           {"cosim_over_bare", cosim / bare.bare_cps},
                           {"cosim_over_bare_per_round", bare.round_ratios},
                           {"cosim_over_bare_median", median(bare.round_ratios)},
                           {"cosim_over_bare_median_steady",
                            bare.steady_ratios.empty() ? nlohmann::json(nullptr) : nlohmann::json(median(bare.steady_ratios))},
                           {"dcqcn_rounds", bare.rounds_json},
                           {"dcqcn_switch_floor_s", switch_floor_s},
                           {"full_over_light_wall", dcqcn / light},
                           {"rcm_on_over_off_wall", rcm_on / rcm_off},
                           {"dcqcn_rtl_over_kernel_wall", rtl / dcqcn},
                           {"switch_reference_over_rtl_wall", {{"dcqcn", ref / dcqcn}, {"rcm_burst_off", rcm_ref / rcm_off}}},
                           {"two_ranks_over_one_wall", wall_s(case_named(results, "websearch_k8_reference_2_ranks")) /
                                                           wall_s(case_named(results, "websearch_k8_reference"))}};
  sims::write_output_file(o.out_dir + "/bench.json", report.dump(2) + "\n");
  fmt::print("outputs in {}/ (bench.json, one run directory per case)\n", o.out_dir);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "speed report: the incast with every algorithm, 1 % load, 5,000 flows, RCM off and on, bare switch loop");
  cmd->add_option("--duration-us", o->duration_us, "simulated time per run (us)")->check(finite_range(100.0, 1e6));
  cmd->add_option("--senders", o->senders, "incast fan-in")->check(CLI::Range(1, 31));
  cmd->add_option("--rounds", o->rounds, "rounds; the fastest run of each case is reported")
      ->check(CLI::Range(1, 20));
  cmd->add_option("--scenario-dir", o->scenario_dir, "folder of the shipped scenarios")->check(CLI::ExistingDirectory);
  cmd->add_option("--out", o->out_dir, "output directory");
  cmd->callback([o] { run_bench(*o); });
}

}  // namespace ccf::cli
