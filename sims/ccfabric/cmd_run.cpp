// cmd_run.cpp: `ccfabric run SCENARIO.toml [--set key=value]... [--out DIR] [--trace]`: builds the
// fabric of a scenario (Verilated switches, NICs with their congestion-control units, links),
// runs it, checks that every frame is accounted for and writes the output files (docs/outputs.md).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <systemc>

#include "models/switch/switch_config.hpp"
#include "sc/fabric/flow_hash.hpp"
#include "sc/fabric/kernel_order_perturber.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"
#include "sc/nic/nic.hpp"
#include "sc/switch/switch_model.hpp"
#include "sims/ccfabric/bare_loop.hpp"
#include "sims/ccfabric/cc_factory.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/ccfabric/deadlock_detector.hpp"
#include "sims/ccfabric/fabric_builder.hpp"
#include "sims/ccfabric/in_scenario_file.hpp"
#include "sims/ccfabric/interrupt.hpp"
#include "sims/ccfabric/nic_state_trace.hpp"
#include "sims/ccfabric/packet_capture.hpp"
#include "sims/ccfabric/pcap_links.hpp"
#include "sims/ccfabric/process_memory.hpp"
#include "sims/ccfabric/run_collect.hpp"
#include "sims/ccfabric/run_loop.hpp"
#include "sims/ccfabric/run_table.hpp"
#include "sims/ccfabric/timeseries_probe.hpp"
#include "sims/explore/recording_units.hpp"
#include "sims/output/build_info.hpp"
#include "sims/output/out_folder.hpp"
#include "sims/output/output_file.hpp"
#include "sims/output/run_plots.hpp"
#include "sims/output/run_results.hpp"
#include "sims/parallel/frame_exchange.hpp"
#include "sims/parallel/launch.hpp"
#include "sims/parallel/partition.hpp"
#include "sims/parallel/rank_comm.hpp"
#include "sims/parallel/results_merge.hpp"
#include "sims/scenario/scenario.hpp"
#include "sims/scenario/scenario_topology.hpp"
#include "sims/workload/workload.hpp"

namespace ccf::cli {
namespace {

struct RunOptions {
  std::string scenario;
  std::vector<std::string> sets;
  std::vector<std::string> set_files;  // --set-file: settings files, applied before --set
  std::string out_dir = "out/run";
  bool trace = false;
  bool trace_nic = false;    // nic.vcd: every flow's CC state after each event (nic_state_trace.hpp)
  std::string trace_window;  // FROM_US:TO_US, empty = the whole run
  std::string record_dir;  // --record-events: the units' input events (docs/explore.md 4)
  // --perturb-kernel-order SEED (fabric/kernel_order_perturber.hpp): outputs must not change
  bool perturb_kernel_order = false;
  uint64_t perturb_seed = 0;
  // --bare-loop-cycles N: time N bare stepping cycles of switch 0's configuration right before and
  // right after the simulation (summary.json speed.bare_loop; `ccfabric bench`)
  uint64_t bare_loop_cycles = 0;
  std::string plots = "png";  // --plots png|none
  bool stop_on_deadlock = false;  // end the run at the first PFC deadlock found, exit code 3
  bool pcap_given = false;  // --pcap LINKS: capture.pcapng of those links (pcap_links.hpp)
  std::string pcap;
  // --ranks N: the run split over N processes (docs/fabric.md 10; 0: not given), --partition: how
  unsigned ranks = 0;
  std::string partition = "auto";
};

// The capture's file in the run's folder (docs/outputs.md 5).
constexpr const char* kCaptureFile = "capture.pcapng";

// Samples the flows' acked bytes and the switches' held frames every interval.
class Sampler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Sampler);
  Sampler(sc_core::sc_module_name n, sc_core::sc_time period, std::function<void()> fn)
      : sc_core::sc_module(n), period_(period), fn_(std::move(fn)) {
    SC_METHOD(tick);
  }

 private:
  // Samples the state at the end of the instant: after every other process acting at it, which
  // defer at most once (docs/fabric.md 8), so this ends.
  void tick() {
    if (sc_core::sc_pending_activity_at_current_time()) {
      next_trigger(sc_core::SC_ZERO_TIME);
      return;
    }
    fn_();
    next_trigger(period_);
  }
  sc_core::sc_time period_;
  std::function<void()> fn_;
};

// The idle round trip of the longest host-to-host path (LDCP's base RTT when the scenario gives
// none): propagation both ways plus a data frame and an ACK serialised on every link of the path
// (store and forward), over the lowest-port shortest path of every pair of hosts.
double longest_idle_rtt_ns(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing) {
  const double data = fabric::roce::wire_bytes(fabric::roce::data_frame_bytes(s.nic.mtu_bytes));
  const double ack = fabric::roce::wire_bytes(fabric::roce::ack_frame_bytes());
  std::vector<double> link_rtt_ns(topo.links.size());
  for (size_t i = 0; i < topo.links.size(); ++i)
    link_rtt_ns[i] = 2.0 * topo.links[i].delay_ns + (data + ack) * 8.0 / topo.links[i].gbps;
  // Hosts on the same switch tier see the same paths: one source host per (switch, port-rate) class
  // would do, but every pair is cheap enough (432 hosts: 186,000 paths of at most 6 links).
  double longest = 0;
  for (unsigned a = 0; a < topo.hosts; ++a)
    for (unsigned b = 0; b < topo.hosts; ++b) {
      if (a == b) continue;
      double rtt = 0;
      for (size_t li : routing.path(a, b, 0, {})) rtt += link_rtt_ns[li];
      longest = std::max(longest, rtt);
    }
  return longest;
}

// --trace-window FROM_US:TO_US as [from, to) in ps of simulated time; the whole run when empty.
std::pair<uint64_t, uint64_t> trace_window_ps(const std::string& text, double duration_us) {
  if (text.empty()) return {0, UINT64_MAX};
  const size_t colon = text.find(':');
  double from = -1, to = -1;
  try {
    size_t used_from = 0, used_to = 0;
    if (colon != std::string::npos) {
      from = std::stod(text.substr(0, colon), &used_from);
      to = std::stod(text.substr(colon + 1), &used_to);
    }
    if (used_from != colon || used_to != text.size() - colon - 1) from = to = -1;
  } catch (const std::exception&) {
    from = to = -1;
  }
  if (!(from >= 0 && from < to && to <= duration_us))
    throw BadInput(fmt::format("--trace-window = {} must be FROM_US:TO_US with 0 <= FROM_US < TO_US <= "
                               "sim.duration_us = {} (us of simulated time)",
                               text, duration_us));
  return {static_cast<uint64_t>(std::llround(from * 1e6)), static_cast<uint64_t>(std::llround(to * 1e6))};
}

// The scenario with the --set-file settings, then the --set ones.
sims::Scenario load_run_scenario(const RunOptions& o) {
  try {
    std::vector<std::string> sets;
    for (const std::string& f : o.set_files) {
      const std::vector<std::string> from_file = sims::sets_from_file(f);
      sets.insert(sets.end(), from_file.begin(), from_file.end());
    }
    sets.insert(sets.end(), o.sets.begin(), o.sets.end());
    return sims::load_scenario(o.scenario, sets);
  } catch (const sims::ScenarioError& e) {
    throw BadInput(e.what());
  }
}

// The flows of every [[traffic]] entry (sims/workload/workload.hpp); none at all is bad input.
std::vector<sims::GeneratedFlow> generate_workload(const RunOptions& o, const sims::Scenario& s,
                                                   const fabric::Topology& topo) {
  std::vector<sims::GeneratedFlow> generated = in_scenario_file(o.scenario, [&] {
    return sims::generate_flows(
        s.traffic, {topo.hosts, s.fabric.link_gbps, s.sim.duration_us, s.sim.seed, nic::NicConfig{}.max_flows});
  });
  if (generated.empty()) {
    // An incast entry with senders = 0 gives no flow (docs/scenarios.md): name it when no entry gives one.
    for (size_t i = 0; i < s.traffic.size(); ++i)
      if (s.traffic[i].pattern == "incast" && s.traffic[i].senders == 0)
        throw BadInput(
            fmt::format("{}: traffic[{}].senders = 0 must be at least 1 when no other [[traffic]] entry "
                        "gives a flow (0 = the entry gives none, and a run needs at least one flow)",
                        o.scenario, i));
    throw BadInput(fmt::format("{}: the [[traffic]] entries give no flow (a poisson entry's first arrival falls after "
                               "its stop_us: raise load or stop_us)", o.scenario));
  }
  return generated;
}

// --trace dumps the RTL's signals and --bare-loop-cycles times the RTL: the reference model has neither.
void check_switch_impl_options(const RunOptions& o, const sims::Scenario& s) {
  if (s.sw.impl == "rtl") return;
  const char* option = o.trace ? "--trace" : !o.trace_window.empty() ? "--trace-window" : nullptr;
  if (option)
    throw BadInput(fmt::format("{} writes the switch RTL's waveform; {} has switch.impl = \"{}\", which has no "
                               "signals (use switch.impl = \"rtl\")",
                               option, o.scenario, s.sw.impl));
  if (o.bare_loop_cycles > 0)
    throw BadInput(fmt::format("--bare-loop-cycles {} times the Verilated switch; {} has switch.impl = \"{}\" (use "
                               "switch.impl = \"rtl\")",
                               o.bare_loop_cycles, o.scenario, s.sw.impl));
}

// --bare-loop-cycles times one Verilated configuration: every switch must run on it.
void check_bare_loop_option(const RunOptions& o, const std::vector<sw::SwitchParams>& params) {
  if (o.bare_loop_cycles > 0 && params.empty())
    throw BadInput(fmt::format("--bare-loop-cycles {}: {} has no switch to time bare", o.bare_loop_cycles, o.scenario));
  for (unsigned k = 1; o.bare_loop_cycles > 0 && k < params.size(); ++k)
    if (params[k].nports != params[0].nports)
      throw BadInput(
          fmt::format("--bare-loop-cycles {}: {} runs switches on {}- and {}-port Verilated configurations "
                      "(switch 0 and switch {}); the option needs every switch on one configuration",
                      o.bare_loop_cycles, o.scenario, params[0].nports, params[k].nports, k));
}

// --record-events DIR: DIR/scenario.toml (this scenario with every key) and the writer of
// DIR/events.txt; nullptr without the option. The event trace of `ccfabric explore` holds the PAWA
// unit's events (docs/explore.md 4); the CX6-DX variant's probe events are not in its format yet.
std::unique_ptr<explore::TraceWriter> open_event_recorder(const RunOptions& o, const sims::Scenario& s,
                                                          const CcFactory& cc_factory) {
  if (o.record_dir.empty()) return nullptr;
  const cc::CcSettings* unit = cc_factory.in_use();
  if (const std::string why = unit ? unit->explore_unsupported() : ""; !why.empty())
    throw BadInput(fmt::format("--record-events: {}", why));
  ensure_out_dir(o.record_dir, "--record-events");  // one that cannot be made is bad input
  std::ofstream sf(o.record_dir + "/scenario.toml");
  sf << s.to_toml();
  sf.close();
  if (!sf) throw RunFailed(fmt::format("--record-events = {}: cannot write {}/scenario.toml", o.record_dir, o.record_dir));
  try {
    const cc::CcAlgorithm* algo = cc::find_algorithm(s.nic.cc);
    return std::make_unique<explore::TraceWriter>(o.record_dir + "/events.txt", s.nic.cc, algo ? algo->trace_kinds() : "");
  } catch (const explore::TraceError& e) {
    throw RunFailed(fmt::format("--record-events: {}", e.what()));
  }
}

// --pcap: the capture file and its taps on the chosen link directions; nullptr without the option.
std::unique_ptr<PacketCapture> open_capture(const std::string& out_dir, const std::vector<PcapDirection>& pcap,
                                            Fabric& fab) {
  if (pcap.empty()) return nullptr;
  std::vector<CapturedLink> captured;
  for (const PcapDirection& d : pcap) captured.push_back(d.captured);
  auto capture = std::make_unique<PacketCapture>(out_dir + "/" + kCaptureFile, captured, fab.nics.front()->config().vlan);
  for (size_t i = 0; i < pcap.size(); ++i)
    fab.link_dirs[pcap[i].link][pcap[i].a_to_b ? 0 : 1]->set_tap(capture.get(), static_cast<unsigned>(i));
  return capture;
}

// gnuplot started in the background on the written results (--plots none: none).
std::optional<sims::RunPlots> start_plots(const RunOptions& o, const sims::RunResults& r) {
  if (o.plots == "none") return std::nullopt;
  try {
    return std::optional<sims::RunPlots>(std::in_place, r, o.out_dir);
  } catch (const sims::OutputError& e) {
    throw RunFailed(fmt::format("{}; the run's results in {}/ are complete, its plots are not", e.what(), o.out_dir));
  }
}

void wait_for_plots(sims::RunPlots& plots, const std::string& out_dir) {
  try {
    plots.wait();
  } catch (const sims::OutputError& e) {
    throw RunFailed(fmt::format("{}; the run's results in {}/ are complete, its plots are not", e.what(), out_dir));
  }
  if (!plots.note().empty()) fmt::print(stderr, "note: {}\n", plots.note());
}

// A run that a signal or --stop-on-deadlock ended at end_us: its distinct exit.
[[noreturn]] void throw_stopped(const sims::RunResults& r, double end_us, const std::string& out_dir) {
  if (!r.stopped_on_deadlock)
    throw Interrupted(interrupt_signal(),
                      fmt::format("{} at {:.3f} us simulated; the outputs in {}/ cover 0 to {:.3f} us (summary.json "
                                  "complete = false)",
                                  r.stopped_by, end_us, out_dir, end_us));
  throw StoppedOnDeadlock(fmt::format("PFC deadlock at {:.3f} us; the run ended there (--stop-on-deadlock), its "
                                      "outputs in {}/ cover 0 to {:.3f} us",
                                      end_us, out_dir, end_us));
}

// Each switch hashes flows onto its equal-cost ports with its own seed (fabric/flow_hash.hpp).
std::vector<uint64_t> ecmp_seeds_of(const sims::Scenario& s, const fabric::Topology& topo) {
  std::vector<uint64_t> ecmp_seeds(topo.switches());
  for (unsigned k = 0; k < topo.switches(); ++k) ecmp_seeds[k] = fabric::ecmp_seed(s.sim.seed, k);
  return ecmp_seeds;
}

// Display names: "switch0".. for star and two_switch (as before), the topology's own otherwise.
std::vector<std::string> switch_display_names(const fabric::Topology& topo) {
  std::vector<std::string> sw_names(topo.switches());
  for (unsigned k = 0; k < topo.switches(); ++k)
    sw_names[k] = topo.switch_names.empty() ? fmt::format("switch{}", k) : topo.switch_names[k];
  return sw_names;
}

// The output directory before the switches: with --trace each opens its waveform file in it. Held
// (locked, an earlier run's results removed) until the run ends (out_folder.hpp).
void hold_out_folder(const std::string& out_dir, std::optional<sims::OutFolder>& out_folder) {
  ensure_out_dir(out_dir);
  try {
    out_folder.emplace(out_dir);
  } catch (const sims::OutFolderBusy& e) {
    throw BadInput(fmt::format("--out = {}", e.what()));
  } catch (const sims::OutputError& e) {
    throw RunFailed(e.what());
  }
}

// The modules' options: the switches' waveforms, and each host's units wrapped for
// --record-events and --trace-nic.
FabricOptions fabric_options(const RunOptions& o, uint64_t trace_from_ps, uint64_t trace_to_ps,
                             const std::unique_ptr<explore::TraceWriter>& recorder,
                             const std::unique_ptr<NicStateTrace>& nic_trace) {
  FabricOptions fo;
  fo.scenario_file = o.scenario;
  if (o.trace || !o.trace_window.empty()) fo.trace_dir = o.out_dir;
  fo.trace_from_ps = trace_from_ps;
  fo.trace_to_ps = trace_to_ps;
  fo.wrap_units = [&recorder, &nic_trace](unsigned h, std::unique_ptr<nic::CcUnit>& cc,
                                          std::unique_ptr<nic::NpUnit>& np) {
    if (recorder) {
      cc = std::make_unique<explore::RecordingCcUnit>(std::move(cc), *recorder, h);
      if (np) np = std::make_unique<explore::RecordingNpUnit>(std::move(np), *recorder, h);
    }
    if (nic_trace) cc = std::make_unique<TracingCcUnit>(std::move(cc), *nic_trace, h);
  };
  return fo;
}

// The built fabric's queue marks and memory figures.
void record_fabric(const Fabric& fab, const fabric::Topology& topo, sims::RunResults& r) {
  if (fab.queue_marks) r.queue_marks = *fab.queue_marks;
  r.memory.switches = topo.switches();
  r.memory.rss_before_switches_bytes = fab.rss_before_switches_bytes;
  r.memory.switches_bytes = fab.switches_bytes;
}

// nic.vcd: one scope per flow, then its header.
void start_nic_trace(NicStateTrace& nic_trace, const Fabric& fab, const std::vector<RunFlow>& flows,
                     const std::string& scenario) {
  for (const RunFlow& f : flows) nic_trace.add_flow(fab.nics[f.host]->cc(), f.host, f.index, f.id);
  nic_trace.start(fmt::format("ccfabric run {}: NIC congestion-control state per flow, time in ps", scenario));
}

// The scenario as run (every key), where its defaults come from, and the fabric's layout.
void record_scenario(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
                     sims::RunResults& r) {
  r.scenario_toml = s.to_toml();
  for (const cc::DefaultSource& d : cc::default_sources(s)) r.default_sources.push_back({d.key, d.source, d.set_in_scenario});
  collect_topology(topo, routing, r);
}

std::vector<const swc::SwitchModel*> switch_views(const Fabric& fab) {
  std::vector<const swc::SwitchModel*> views;
  for (const auto& sm : fab.switches) views.push_back(sm.get());
  return views;
}

// The simulated span: where the measurement window opened, what each counter held then, and
// where the run ended (the scenario's end, or where --stop-on-deadlock or a signal ended it).
struct SimulatedSpan {
  WindowStart at_window;
  double window_from_us = 0, end_us = 0;
  bool stopped = false;
};

// Runs from the current time to the end of the scenario or a stop, a progress line every ~2 s of
// wall time.
void run_to_end(RunLoop& loop, double duration_us, std::chrono::steady_clock::time_point wall0,
                double bare_before_wall_s, bool progress) {
  const sc_core::sc_time end(duration_us, sc_core::SC_US);
  auto last_print = std::chrono::steady_clock::now();
  const sc_core::sc_time chunk(50, sc_core::SC_US);
  while (!loop.stopped() && sc_core::sc_time_stamp() < end) {
    loop.run_for(std::min(chunk, end - sc_core::sc_time_stamp()));
    const auto now = std::chrono::steady_clock::now();
    if (progress && now - last_print > std::chrono::seconds(2)) {
      const double wall = std::chrono::duration<double>(now - wall0).count() - bare_before_wall_s;
      fmt::print(stderr, "  {:.0f} of {:.0f} us simulated, {:.1f} s wall, {:.2f} wall s per simulated ms\n",
                 sc_core::sc_time_stamp().to_seconds() * 1e6, duration_us, wall,
                 wall / (sc_core::sc_time_stamp().to_seconds() * 1e3));
      last_print = now;
    }
  }
}

// Run: the throughput window starts at measure_from. --bare-loop-cycles times the bare loop right
// before and right after the simulation; its wall time is not the run's.
SimulatedSpan simulate(RunLoop& loop, Fabric& fab, std::vector<RunFlow>& flows, const RunOptions& o,
                       const sims::Scenario& s, const std::vector<sw::SwitchParams>& params,
                       std::chrono::steady_clock::time_point wall0, bool progress, sims::RunResults& r) {
  const sc_core::sc_time from(s.sim.measure_from_us, sc_core::SC_US);
  double bare_before_wall_s = 0;
  if (o.bare_loop_cycles > 0) {
    const auto t0 = std::chrono::steady_clock::now();
    const double cps = bare_loop_cycles_per_s(params[0].nports, params[0].buffer_bytes, o.bare_loop_cycles);
    r.bare_loop = sims::BareLoopFigures{params[0].nports, o.bare_loop_cycles, cps, 0.0};
    bare_before_wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  if (from > sc_core::SC_ZERO_TIME) loop.run_for(from);
  // A run stopped (deadlock, signal) before the window opened measures from 0.
  const double window_from_us = loop.stopped() ? 0.0 : s.sim.measure_from_us;
  SimulatedSpan span{loop.stopped() ? WindowStart(fab) : open_window(fab, flows), window_from_us, 0.0, false};
  run_to_end(loop, s.sim.duration_us, wall0, bare_before_wall_s, progress);
  fab.take_waiting_frames();
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count() - bare_before_wall_s;
  if (r.bare_loop)
    r.bare_loop->after_cycles_per_s =
        bare_loop_cycles_per_s(params[0].nports, params[0].buffer_bytes, o.bare_loop_cycles);
  r.memory.peak_rss_bytes = peak_resident_set_bytes();
  span.stopped = loop.stopped();
  span.end_us = span.stopped ? double(sc_core::sc_time_stamp().value()) / 1e6 : s.sim.duration_us;
  r.simulated_us = span.end_us;
  r.duration_us = s.sim.duration_us;
  r.stopped_on_deadlock = r.stopped_by == "deadlock";
  collect_speed(fab, span.end_us, r);
  return span;
}

// A failure to write an output before summary.json.
RunFailed incomplete_results(const sims::OutputError& e, const std::string& out_dir) {
  return RunFailed(fmt::format("{}; the run's results in {}/ are incomplete (no summary.json)", e.what(), out_dir));
}

// nic.vcd, capture.pcapng and the results' files (docs/outputs.md).
void write_outputs(NicStateTrace* nic_trace, PacketCapture* capture, const sims::RunResults& r,
                   const std::string& out_dir) {
  try {
    if (nic_trace) nic_trace->commit();
    if (capture) capture->commit();
    sims::write_results(r, out_dir);
  } catch (const sims::OutputError& e) {
    throw incomplete_results(e, out_dir);
  }
}

// The short table, and the capture's line.
void print_run_summary(const RunOptions& o, const sims::Scenario& s, const fabric::Topology& topo,
                       const SimulatedSpan& span, const PacketCapture* capture, const sims::RunResults& r) {
  RunHeadline head{o.scenario, o.out_dir, topo.kind, topo.hosts, topo.switches(), s.fabric.link_gbps, s.nic.cc,
                   s.sim.duration_us, span.end_us - span.window_from_us, span.end_us, span.stopped,
                   s.retry_limit_in_effect(), s.sw.impl};
  print_run_table(r, head);
  if (capture)
    fmt::print("capture: {} frames on {} link directions, {:.1f} MB in {}/{} (wireshark or tshark -r opens it)\n",
               capture->packets(), capture->interfaces(), double(capture->file_bytes()) / 1e6, o.out_dir, kCaptureFile);
}

// The plots' end, then the wall time in all and of the outputs.
void finish_plots(std::optional<sims::RunPlots>& plots, const std::string& out_dir,
                  std::chrono::steady_clock::time_point process0, std::chrono::steady_clock::time_point outputs0) {
  if (plots) wait_for_plots(*plots, out_dir);
  const auto now = std::chrono::steady_clock::now();
  const std::vector<std::string> pngs = plots ? plots->pngs() : std::vector<std::string>{};
  fmt::print("wall in all {:.2f} s: set-up and simulation {:.2f} s, outputs{} {:.2f} s{}\n",
             std::chrono::duration<double>(now - process0).count(),
             std::chrono::duration<double>(outputs0 - process0).count(), pngs.empty() ? "" : " and plots",
             std::chrono::duration<double>(now - outputs0).count(),
             pngs.empty() ? "" : fmt::format(" ({})", fmt::join(pngs, ", ")));
}

// --record-events: events.txt completed, and how to replay it.
void close_recorder(explore::TraceWriter& recorder, const RunOptions& o, const sims::Scenario& s) {
  try {
    recorder.close();
  } catch (const explore::TraceError& e) {
    throw RunFailed(e.what());
  }
  fmt::print("recorded {} unit input events to {}/events.txt (replay: ccfabric explore {} --trace {})\n",
             recorder.events(), o.record_dir, s.nic.cc, o.record_dir);
}

// A run split over ranks (docs/fabric.md 10) holds each part of the fabric in another process: the
// options that write one file from all of it are for runs in one process.
void check_rank_options(const RunOptions& o, unsigned ranks) {
  const char* option = o.trace || !o.trace_window.empty() ? "--trace"
                       : o.trace_nic                      ? "--trace-nic"
                       : o.pcap_given                     ? "--pcap"
                       : !o.record_dir.empty()            ? "--record-events"
                       : o.bare_loop_cycles > 0           ? "--bare-loop-cycles"
                                                          : nullptr;
  if (option)
    throw BadInput(fmt::format("{} is not available in a run split over ranks (--ranks {}): each rank holds its own "
                               "part of the fabric; run it in one process (--ranks 1)",
                               option, ranks));
}

// This rank's part of the fabric: the switches and hosts the partition gives it.
void own_part(const parallel::Partition& part, unsigned rank, FabricOptions& fo) {
  for (unsigned k = 0; k < part.switch_rank.size(); ++k) fo.switch_here.push_back(part.owns_switch(rank, k));
  for (unsigned h = 0; h < part.host_rank.size(); ++h) fo.host_here.push_back(part.owns_host(rank, h));
}

// Rank 0: the results of every rank, as one process gives them (parallel/results_merge.hpp). Every
// rank: the end of the collective part of the run.
void merge_ranks(parallel::RankComm& comm, const parallel::Partition& part, const std::vector<RunFlow>& flows,
                 const TimeseriesProbe& probe, const std::vector<std::string>& sw_names, sims::RunResults& r) {
  std::vector<parallel::Bytes> packed = comm.allgather(parallel::pack_rank_results(r));
  comm.finish();
  if (comm.rank() != 0) return;
  parallel::ResultOwners owners;
  owners.switch_names = sw_names;
  for (size_t i = 0; i < std::min(flows.size(), sims::RunResults::kTimeseriesFlows); ++i)
    owners.flow_column_rank.push_back(part.host_rank[flows[i].host]);
  for (unsigned k : probe.queue_switches()) owners.queue_rank.push_back(part.switch_rank[k]);
  std::vector<sims::RunResults> parts(comm.size());
  parts[0] = std::move(r);
  for (unsigned k = 1; k < comm.size(); ++k) parts[k] = parallel::unpack_rank_results(packed[k]);
  r = parallel::merge_rank_results(std::move(parts), owners);
}

void print_rank_figures(const sims::ParallelFigures& p) {
  fmt::print("ranks: {} (partition {}, {} links between ranks, lookahead {:.3f} us): {} windows, {} frames exchanged, "
             "{:.2f} s of rank 0's wall time in the exchanges\n",
             p.ranks, p.partition, p.cut_links, p.lookahead_us, p.windows, p.frames_exchanged, p.wall_in_exchanges_s);
}

void run_scenario(const RunOptions& o, parallel::RankComm* comm) {
  const auto process0 = std::chrono::steady_clock::now();  // wall time in all, plots included
  const InterruptGuard interrupts;  // SIGINT/SIGTERM end the run at a sample, outputs marked partial
  const unsigned nranks = comm ? comm->size() : std::max(o.ranks, 1u);
  if (comm && o.ranks != 0 && o.ranks != nranks)
    throw BadInput(fmt::format("--ranks = {}, but the MPI launcher started {} ranks (give the same number, or leave "
                               "--ranks out under a launcher)",
                               o.ranks, nranks));
  if (nranks > 1) check_rank_options(o, nranks);
  const sims::Scenario s = load_run_scenario(o);
  if (s.traffic.empty()) throw BadInput(fmt::format("{}: no [[traffic]] entry: nothing to run", o.scenario));
  check_switch_impl_options(o, s);
  const auto wall0 = std::chrono::steady_clock::now();

  const fabric::Topology topo = in_scenario_file(o.scenario, [&] { return sims::scenario_topology(s.fabric); });
  const fabric::Routing routing(topo);
  const std::vector<uint64_t> ecmp_seeds = ecmp_seeds_of(s, topo);
  const std::vector<std::string> sw_names = switch_display_names(topo);
  // --pcap: the link directions to capture, checked before anything is built.
  const std::vector<PcapDirection> pcap =
      o.pcap_given ? pcap_directions(o.pcap, topo, sw_names) : std::vector<PcapDirection>{};
  // Flows of every [[traffic]] entry, generated before anything is built so that a bad workload
  // stops the run as bad input.
  const std::vector<sims::GeneratedFlow> generated = generate_workload(o, s, topo);
  std::optional<parallel::Partition> part;
  if (comm || nranks > 1) {
    try {
      part = parallel::make_partition(topo, nranks, o.partition);
    } catch (const std::invalid_argument& e) {
      throw BadInput(e.what());
    }
  }
  if (!comm && nranks > 1) {  // the inputs are good: the ranks start
    if (!parallel::built_with_mpi())
      throw RunFailed(fmt::format("--ranks {} needs MPI, and this ccfabric was built without it: install libmpich-dev "
                                  "and mpich (sims/scripts/install-deps.sh) and rebuild",
                                  nranks));
    try {
      parallel::exec_under_mpiexec(nranks, sims::command_line());
    } catch (const std::runtime_error& e) {
      throw RunFailed(e.what());
    }
  }
  const unsigned rank = comm ? comm->rank() : 0;
  std::optional<sims::OutFolder> out_folder;
  if (rank == 0) hold_out_folder(o.out_dir, out_folder);  // the other ranks write nothing

  sims::RunResults r;
  // The ratio compares the switches' stepping with one Verilated configuration's bare loop.
  const std::vector<sw::SwitchParams> params = switch_params(s, topo);
  check_bare_loop_option(o, params);
  const auto [trace_from_ps, trace_to_ps] = trace_window_ps(o.trace_window, s.sim.duration_us);
  // LDCP's base RTT defaults to the fabric's longest idle round trip.
  const CcFactory cc_factory = in_scenario_file(
      o.scenario, [&] { return CcFactory(s, needs_base_rtt(s) ? longest_idle_rtt_ns(s, topo, routing) : 0.0); });
  std::unique_ptr<explore::TraceWriter> recorder = open_event_recorder(o, s, cc_factory);
  std::unique_ptr<NicStateTrace> nic_trace;
  if (o.trace_nic) nic_trace = std::make_unique<NicStateTrace>(o.out_dir + "/nic.vcd", trace_from_ps, trace_to_ps);

  // The modules. Names are unique per run; everything lives until the end of this function.
  FabricOptions fo = fabric_options(o, trace_from_ps, trace_to_ps, recorder, nic_trace);
  if (part) own_part(*part, rank, fo);
  Fabric fab(s, topo, routing, cc_factory, fo);
  record_fabric(fab, topo, r);
  std::unique_ptr<PacketCapture> capture;
  try {
    capture = open_capture(o.out_dir, pcap, fab);
  } catch (const sims::OutputError& e) {
    throw incomplete_results(e, o.out_dir);
  }
  std::vector<RunFlow> flows = fab.add_flows(generated);
  if (nic_trace) start_nic_trace(*nic_trace, fab, flows, o.scenario);
  record_scenario(s, topo, routing, r);
  // Time series (docs/outputs.md 2): sampled at the end of every interval.
  TimeseriesProbe probe(fab, flows, s, sw_names, r);
  r.rcm_enabled = s.sw.rcm.enable;
  std::unique_ptr<fabric::KernelOrderPerturber> perturber;
  if (o.perturb_kernel_order) perturber = std::make_unique<fabric::KernelOrderPerturber>("perturber", o.perturb_seed);
  const sc_core::sc_time interval(s.sim.sample_interval_us, sc_core::SC_US);
  Sampler sampler("sampler", interval, [&] { r.samples.push_back(probe.sample()); });
  // PFC deadlock detection (deadlock_detector.hpp), between two sc_start calls every period.
  DeadlockDetector detector(topo, routing, switch_views(fab), fab.lossless_mask,
                            sc_core::sc_time(s.sim.deadlock_after_us, sc_core::SC_US).value(), interval.value(), comm,
                            part ? part->switch_rank : std::vector<unsigned>{});
  r.deadlock_after_us = s.sim.deadlock_after_us;
  std::optional<parallel::FrameExchange> exchange;
  std::optional<RankSync> sync;
  if (comm) {
    exchange.emplace(*comm, *part, topo, fab.link_dirs);
    sync.emplace(RankSync{*comm, *exchange, part->lookahead_ps});
  }
  RunLoop loop(fab, detector, capture.get(), interval.value(), sw_names, o.stop_on_deadlock, r,
               [&](const sims::OutputError& e) { throw incomplete_results(e, o.out_dir); }, sync ? &*sync : nullptr);
  const SimulatedSpan span = simulate(loop, fab, flows, o, s, params, wall0, rank == 0, r);

  // Results.
  const double window_us = span.end_us - span.window_from_us;
  collect_flow_results(fab, flows, routing, ecmp_seeds, sw_names, window_us, s.sim.starved_after_us, r);
  collect_fct(fab, flows, generated, topo, routing, ecmp_seeds, r);
  collect_window(fab, span.at_window, span.window_from_us, span.end_us, r);
  collect_frame_ledger(fab, span.at_window.switch_drops, r);
  collect_switch_counters(fab, topo, routing, sw_names, r);
  if (comm) {
    r.parallel = sims::ParallelFigures{nranks,
                                       o.partition,
                                       part->cut_links.empty() ? 0.0 : double(part->lookahead_ps) / 1e6,
                                       static_cast<unsigned>(part->cut_links.size()),
                                       exchange->exchanges(),
                                       exchange->frames_sent(),
                                       sync->wall_s};
    merge_ranks(*comm, *part, flows, probe, sw_names, r);
    if (rank != 0) return;
  }
  const auto outputs0 = std::chrono::steady_clock::now();
  write_outputs(nic_trace.get(), capture.get(), r, o.out_dir);
  // gnuplot draws in the background while the table is printed.
  std::optional<sims::RunPlots> plots = start_plots(o, r);
  print_run_summary(o, s, topo, span, capture.get(), r);
  if (r.parallel) print_rank_figures(*r.parallel);
  finish_plots(plots, o.out_dir, process0, outputs0);
  if (recorder) close_recorder(*recorder, o, s);
  if (const std::string err = r.accounting_error(); !err.empty()) throw RunFailed(err);
  if (span.stopped) throw_stopped(r, span.end_us, o.out_dir);
}

// One process, or one rank of several that an MPI launcher started: only rank 0 prints and writes.
// An error on a rank before the ranks' last exchange ends them all (RankComm::finish).
void run_scenario(const RunOptions& o) {
  if (!parallel::started_by_mpi_launcher()) return run_scenario(o, nullptr);
  std::unique_ptr<parallel::RankComm> comm;
  try {
    comm = parallel::make_mpi_comm();
  } catch (const std::runtime_error& e) {
    throw RunFailed(fmt::format("started by an MPI launcher, but {}", e.what()));
  }
  if (comm->rank() != 0 && !std::freopen("/dev/null", "w", stdout))
    throw RunFailed(fmt::format("rank {}: cannot silence its output", comm->rank()));
  try {
    run_scenario(o, comm.get());
  } catch (const std::exception& e) {
    if (comm->finished()) throw;  // rank 0's own end (a stop, a failed write): main says it
    fmt::print(stderr, "error: rank {} of {}: {}\n", comm->rank(), comm->size(), e.what());
    std::fflush(stderr);
    comm->abort(dynamic_cast<const BadInput*>(&e) ? kExitBadInput : kExitRunFailed);
    throw;
  }
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "run a scenario (sims/scenarios/*.toml)");
  cmd->add_option("scenario", o->scenario, "scenario file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--set", o->sets, "override a key, e.g. --set switch.ecn.kmin_bytes=10000");
  cmd->add_option("--set-file", o->set_files,
                  "apply the keys of a settings file before --set, e.g. the best.toml of `ccfabric explore`")
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  cmd->add_option("--out", o->out_dir, "output directory");
  cmd->add_flag("--trace", o->trace, "write an FST waveform of each switch (GTKWave opens it)");
  cmd->add_flag("--trace-nic", o->trace_nic,
                "write nic.vcd: every flow's congestion-control state (rate or window, the state memory's fields) "
                "after each event of its unit, on the switches' time axis (GTKWave opens it)");
  cmd->add_option("--trace-window", o->trace_window,
                  "FROM_US:TO_US: with --trace, dump only that window of simulated time (implies --trace)");
  cmd->add_option("--plots", o->plots, "png: throughput, queue and FCT plots (gnuplot); none: no plots")
      ->check(CLI::IsMember({"png", "none"}))
      ->capture_default_str();
  cmd->add_option("--record-events", o->record_dir,
                  "write the CC units' input events and the scenario into DIR (for ccfabric explore)")
      ->type_name("DIR");
  CLI::Option* perturb = cmd->add_option("--perturb-kernel-order", o->perturb_seed,
                                         "a check: change the kernel's order of same-instant processes with this seed; "
                                         "outputs must be the same as without it (docs/fabric.md 8)")
                             ->type_name("SEED")
                             ->check(integer_range(0, INT64_MAX));
  cmd->add_option("--bare-loop-cycles", o->bare_loop_cycles,
                  "also time N cycles of switch 0's Verilated configuration stepped bare at full load, right before "
                  "and right after the simulation: the reference for the co-simulated switch's speed "
                  "(summary.json speed.bare_loop, speed.cosim_over_bare; docs/speed.md)")
      ->type_name("N")
      ->check(integer_range(0, 100'000'000));
  CLI::Option* pcap = cmd->add_option("--pcap", o->pcap,
                  "write capture.pcapng (pcapng, RoCEv2 framing; wireshark or tshark -r opens it) of these links, "
                  "both directions: all-host-links, all-links, or a comma-separated list of hostH and SWITCH:PORT "
                  "(the switch and port of ports.csv); docs/outputs.md 5")
      ->type_name("LINKS");
  cmd->add_option("--ranks", o->ranks,
                  "split the run over N processes through MPI (started with mpiexec; under mpirun or srun the "
                  "launcher's count), with the same output files as one process (docs/fabric.md 10)")
      ->type_name("N")
      ->check(integer_range(1, 4096));
  cmd->add_option("--partition", o->partition,
                  "with --ranks: which rank simulates which switch: auto (= pods), pods, tiers or blocks "
                  "(docs/fabric.md 10)")
      ->check(CLI::IsMember({"auto", "pods", "tiers", "blocks"}))
      ->capture_default_str();
  cmd->add_flag("--stop-on-deadlock", o->stop_on_deadlock,
                "end the run at the first PFC deadlock found (sim.deadlock_after_us), write its outputs up to "
                "then and exit with code 3 (docs/fabric.md 9)");
  cmd->callback([o, perturb, pcap] {
    o->perturb_kernel_order = perturb->count() > 0;
    o->pcap_given = pcap->count() > 0;
    run_scenario(*o);
  });
}

}  // namespace ccf::cli

// libsystemc references sc_main; ccfabric has its own main() and starts SystemC from `run`.
int sc_main(int, char**) { return 0; }
