// cmd_fluid.cpp: `ccfabric fluid SCENARIO.toml [--set k=v]... [--out DIR] [--no-packet]`: the DCQCN
// paper's fluid model (models/dcqcn/fluid_model.hpp, section 5.1) of a DCQCN scenario with one
// bottleneck, beside the packet model: DIR/timeseries.csv with the columns of `run` (each flow's
// rate and CC rate, the bottleneck queue) plus RT and alpha; the packet model's run in DIR/packet
// (unless --no-packet); and DIR/fluid.png with both (the paper's Figure 10).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "models/dcqcn/fluid_model.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/nic.hpp"
#include "sims/cc/dcqcn/dcqcn_algorithm.hpp"
#include "sims/ccfabric/cc_factory.hpp"
#include "sims/ccfabric/child_run.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/output/gnuplot.hpp"
#include "sims/output/output_file.hpp"
#include "sims/scenario/scenario.hpp"
#include "sims/workload/workload.hpp"

namespace ccf::cli {
namespace {

namespace fs = std::filesystem;
namespace dk = hls::dcqcn;

struct FluidOptions {
  std::string scenario;
  std::vector<std::string> sets;
  std::string out_dir = "out/fluid";
  bool no_packet = false;
  double step_us = 0.05;
};

// The fluid model's parameters for scenario s: its DCQCN values (the kernel's registers, in the
// paper's units), the RED curve, the bottleneck rate, and the loop delay of a star: data frame and
// CNP each cross two links.
models::dcqcn::FluidParams fluid_params(const sims::Scenario& s, const std::vector<sims::GeneratedFlow>& flows) {
  const std::unique_ptr<cc::DcqcnSettings> d = cc::dcqcn_settings(s);
  const dk::RpParams& rp = d->rp;
  const dk::NpParams& np = d->np;
  models::dcqcn::FluidParams p;
  p.C_gbps = s.fabric.link_gbps;
  p.packet_bytes = fabric::roce::wire_bytes(fabric::roce::data_frame_bytes(s.nic.mtu_bytes));
  p.Kmin_bytes = double(s.sw.ecn.kmin_bytes);
  p.Kmax_bytes = double(s.sw.ecn.kmax_bytes);
  p.Pmax = s.sw.ecn.pmax;
  const auto gbps = [](uint32_t r) { return r / 32.0 / 1000.0; };  // 1/32 Mb/s LSB
  p.g = double(rp.g) / dk::kGainOne;
  p.tau_us = np.interval_ns / 1000.0;
  p.tau_prime_us = rp.alpha_timer_ns / 1000.0;
  p.T_us = rp.increase_timer_ns / 1000.0;
  p.B_bytes = rp.byte_counter_bytes ? double(rp.byte_counter_bytes) : 1e18;
  p.F = static_cast<int>(rp.fast_recovery_steps);
  p.R_AI_gbps = gbps(rp.r_ai);
  p.min_rate_gbps = gbps(rp.min_rate);
  p.alpha_init = double(rp.initial_alpha) / dk::kAlphaOne;
  const double ns_per_byte = 8.0 / s.fabric.link_gbps;
  p.loop_us = (4.0 * s.fabric.link_delay_ns +
               2.0 * (p.packet_bytes + fabric::roce::wire_bytes(fabric::roce::cnp_frame_bytes())) * ns_per_byte) /
              1000.0;
  p.mark_on_arrival = !s.sw.mark_at_dequeue;
  for (const auto& g : flows) p.start_us.push_back(g.start_us);
  return p;
}

// The scenario must be what the model describes: DCQCN as the paper gives it, one star switch, every
// flow unlimited into one receiver.
void check_model_applies(const sims::Scenario& s, const std::vector<sims::GeneratedFlow>& flows, const std::string& file) {
  if (s.nic.cc != "dcqcn")
    throw BadInput(fmt::format("{}: nic.cc = \"{}\": ccfabric fluid models DCQCN (nic.cc = \"dcqcn\")", file, s.nic.cc));
  const CcFactory every_table(s);  // [cc.<algorithm>] tables are checked as `ccfabric run` checks them
  if (cc::dcqcn_settings(s)->rp.variant != dk::RpVariant::kPaper)
    throw BadInput(fmt::format("{}: nic.dcqcn_preset = \"{}\": the fluid model is the DCQCN paper's algorithm "
                               "(nic.dcqcn_preset = \"paper\")",
                               file, s.nic.dcqcn_preset));
  if (s.fabric.topology != "star")
    throw BadInput(fmt::format("{}: fabric.topology = \"{}\": ccfabric fluid models one bottleneck (\"star\")", file,
                               s.fabric.topology));
  for (const auto& g : flows) {
    if (g.bytes != 0)
      throw BadInput(fmt::format("{}: flow {} has {} bytes: the fluid model's flows never end (bytes = 0)", file,
                                 g.id, g.bytes));
    if (g.dst != flows.front().dst)
      throw BadInput(fmt::format("{}: flows to hosts {} and {}: the fluid model has one bottleneck (one receiver)",
                                 file, flows.front().dst, g.dst));
  }
}

void write_fluid_timeseries(const std::string& path, const std::vector<models::dcqcn::FluidSample>& samples,
                            const std::vector<sims::GeneratedFlow>& flows, double goodput_share,
                            const std::string& queue_column) {
  sims::OutputFile f(path);
  f << "time_us";
  for (const auto& g : flows) f << fmt::format(",flow{}_rate_gbps", g.id);
  for (const auto& g : flows) f << fmt::format(",flow{}_cc_rate_gbps", g.id);
  f << "," << queue_column;
  for (const auto& g : flows) f << fmt::format(",flow{}_rt_gbps", g.id);
  for (const auto& g : flows) f << fmt::format(",flow{}_alpha", g.id);
  f << "\n";
  for (const auto& x : samples) {
    f << fmt::format("{:.3f}", x.t_us);
    for (double v : x.rc_gbps) f << fmt::format(",{:.6f}", v * goodput_share);
    for (double v : x.rc_gbps) f << fmt::format(",{:.6f}", v);
    f << fmt::format(",{:.0f}", x.q_bytes);
    for (double v : x.rt_gbps) f << fmt::format(",{:.6f}", v);
    for (double v : x.alpha) f << fmt::format(",{:.6f}", v);
    f << "\n";
  }
  f.commit();
}

// fluid.png: flow 1's rate and the bottleneck queue, fluid model and packet model (the paper's
// Figure 10). Column numbers: time, then N goodputs, N CC rates, the queue.
void plot(const FluidOptions& o, size_t nflows, const std::string& queue_column, bool with_packet) {
  const size_t cc1 = 2 + nflows, queue = 2 + 2 * nflows;
  std::string gp = fmt::format(
      "set datafile separator ','\nset terminal pngcairo size 1200,800 noenhanced\nset output 'fluid.png'\n"
      "set multiplot layout 2,1 title {}\nset grid\nset key outside right\nset xlabel 'time (us)'\n"
      "set ylabel 'flow 1 rate (Gb/s)'\nplot 'timeseries.csv' using 1:{} with lines lw 2 title 'fluid model'",
      sims::gnuplot_quoted(fmt::format("DCQCN fluid model and packet model: {}", fs::path(o.scenario).filename().string())),
      cc1);
  if (with_packet) gp += fmt::format(", 'packet/timeseries.csv' using 1:{} with lines lw 1 title 'packet model'", cc1);
  gp += fmt::format("\nset ylabel 'queue (KB)'\nplot 'timeseries.csv' using 1:(${}/1000) with lines lw 2 title {}", queue,
                    sims::gnuplot_quoted("fluid model"));
  if (with_packet)
    gp += fmt::format(", 'packet/timeseries.csv' using 1:(column('{}')/1000) with lines lw 1 title 'packet model'",
                      queue_column);
  gp += "\nunset multiplot\n";
  sims::write_output_file(o.out_dir + "/fluid.gp", gp);
  if (!sims::gnuplot_installed()) {
    fmt::print(stderr, "note: gnuplot is not installed (sims/scripts/install-deps.sh installs it): no fluid.png\n");
    return;
  }
  if (const std::string err = sims::run_gnuplot(o.out_dir, "fluid.gp", "fluid_plot.log"); !err.empty())
    throw RunFailed(fmt::format("{}/fluid.png was not drawn ({})", o.out_dir, err));
}

void run_fluid(const FluidOptions& o) {
  sims::Scenario s;
  try {
    s = sims::load_scenario(o.scenario, o.sets);
  } catch (const sims::ScenarioError& e) {
    throw BadInput(e.what());
  }
  std::vector<sims::GeneratedFlow> flows;
  try {
    flows = sims::generate_flows(s.traffic, {s.fabric.hosts, s.fabric.link_gbps, s.sim.duration_us, s.sim.seed,
                                             nic::NicConfig{}.max_flows});
  } catch (const std::exception& e) {
    throw BadInput(fmt::format("{}: {}", o.scenario, e.what()));
  }
  if (flows.empty()) throw BadInput(fmt::format("{}: no flow: nothing to model", o.scenario));
  check_model_applies(s, flows, o.scenario);
  ensure_out_dir(o.out_dir);
  const models::dcqcn::FluidParams p = fluid_params(s, flows);
  const auto samples = models::dcqcn::solve_fluid(p, s.sim.duration_us, o.step_us, s.sim.sample_interval_us);
  // The bottleneck: the receiver's port of the star (port h for host h), its flows' priority.
  const std::string queue_column =
      fmt::format("switch0.port{}.prio{}_bytes", flows.front().dst, flows.front().priority);
  write_fluid_timeseries(o.out_dir + "/timeseries.csv", samples, flows,
                         double(s.nic.mtu_bytes) / p.packet_bytes, queue_column);
  fmt::print("fluid model of {}: {} flows, C = {} Gb/s, loop delay {:.2f} us{}, step {} us; {}/timeseries.csv\n",
             o.scenario, flows.size(), p.C_gbps, p.loop_us,
             p.mark_on_arrival ? " + the queueing delay (marking on arrival)" : " (marking at dequeue)", o.step_us,
             o.out_dir);
  if (!o.no_packet) {
    const std::string packet_dir = o.out_dir + "/packet";
    fs::create_directories(packet_dir);
    start_child(run_command(o.scenario, o.sets, packet_dir, {"--plots", "none"}), packet_dir + "/run.log");
    ChildResult r;
    wait_child(r);
    if (r.exit_code != 0)
      throw RunFailed(fmt::format("the packet model's run failed (exit {}): see {}/run.log", r.exit_code, packet_dir));
    fmt::print("packet model: {}/timeseries.csv\n", packet_dir);
  }
  plot(o, flows.size(), queue_column, !o.no_packet);
}

}  // namespace

void add_fluid_command(CLI::App& app) {
  auto o = std::make_shared<FluidOptions>();
  CLI::App* cmd = app.add_subcommand("fluid", "the DCQCN paper's fluid model of a scenario, beside its packet model");
  cmd->add_option("scenario", o->scenario, "scenario file (DCQCN, paper preset, a star, unlimited flows to one host)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", o->sets, "override a key, e.g. --set traffic.0.senders=8");
  cmd->add_option("--out", o->out_dir, "output directory");
  cmd->add_flag("--no-packet", o->no_packet, "only the fluid model (no packet-model run to compare with)");
  cmd->add_option("--step-us", o->step_us, "integration step in us")->check(finite_range(0.001, 1.0));
  cmd->callback([o] { run_fluid(*o); });
}

}  // namespace ccf::cli
