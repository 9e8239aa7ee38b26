// run_table.cpp: see run_table.hpp.
#include "sims/ccfabric/run_table.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ccf::cli {

void print_run_table(const sims::RunResults& r, const RunHeadline& h) {
  fmt::print(
      "ccfabric run {}: {} hosts, {} switch(es) ({}), {} Gb/s host links, cc = {}, {:.0f} us ({:.0f} us "
      "measured){}\n",
      h.scenario, h.hosts, h.switches, h.topology, h.link_gbps, h.cc, h.duration_us, h.window_us,
      !h.stopped ? ""
      : r.stopped_on_deadlock
          ? fmt::format("; STOPPED at {:.3f} us by --stop-on-deadlock", h.end_us)
          : fmt::format("; STOPPED at {:.3f} us by {}: results partial (summary.json complete = false)", h.end_us,
                        r.stopped_by));
  fmt::print("{:>6} {:>5} {:>5} {:>16} {:>10}\n", "flow", "src", "dst", "throughput_Gbps", "fct_us");
  double total = 0;
  for (size_t i = 0; i < r.flows.size(); ++i) {
    const auto& f = r.flows[i];
    total += f.throughput_gbps;
    if (i < kPrintedFlows)
      fmt::print("{:>6} {:>5} {:>5} {:>16.2f} {:>10}\n", f.id, f.src, f.dst, f.throughput_gbps,
                 f.fct_us ? fmt::format("{:.1f}", *f.fct_us) : "-");
  }
  if (r.flows.size() > kPrintedFlows)
    fmt::print("  ... and {} more flows (every flow: {}/flows.csv, {}/fct.csv)\n", r.flows.size() - kPrintedFlows,
               h.out_dir, h.out_dir);
  if (r.fct.all.finished + r.fct.all.unfinished > 0) {
    fmt::print("FCT slowdown by size (FCT / ideal FCT on an idle fabric; {} finished, {} unfinished{}):\n",
               r.fct.all.finished, r.fct.all.unfinished,
               r.fct.unlimited ? fmt::format(", {} without a size", r.fct.unlimited) : "");
    fmt::print("{:>12} {:>8} {:>10} {:>8} {:>8} {:>8} {:>12}\n", "size", "finished", "unfinished", "p50", "p95", "p99",
               "mean_fct_us");
    for (const auto* b = r.fct.buckets.data(); b != r.fct.buckets.data() + r.fct.buckets.size() + 1; ++b) {
      const sims::FctBucket& x = b == r.fct.buckets.data() + r.fct.buckets.size() ? r.fct.all : *b;
      if (x.finished + x.unfinished == 0) continue;
      fmt::print("{:>12} {:>8} {:>10} {:>8.3f} {:>8.3f} {:>8.3f} {:>12.1f}\n", x.label(), x.finished, x.unfinished,
                 x.p50_slowdown, x.p95_slowdown, x.p99_slowdown, x.mean_fct_us);
    }
  }
  for (const auto& x : r.receivers)
    fmt::print("receiver host {}: goodput {:.2f} Gb/s, link utilisation {:.1f} %\n", x.host, x.goodput_gbps,
               100.0 * x.utilisation);
  fmt::print("total {:.2f} Gb/s, Jain's index {:.4f}, max queue {:.1f} KB, PFC pause frames {}, resume {}\n", total,
             r.jain_index(), r.max_queue_bytes / 1000.0, r.pfc_pause_frames, r.pfc_resume_frames);
  fmt::print(
      "frames: injected {} = delivered {} + dropped {} + in flight {}; data frames retransmitted {}, "
      "discarded as duplicates {}; timeouts {} ({} spurious)\n",
      r.frames.injected, r.frames.delivered, r.frames.dropped, r.frames.in_flight, r.frames.retransmitted,
      r.frames.duplicates, r.timeouts.total, r.timeouts.spurious);
  // What the network did to the flows, said as such (docs/README.md principle 8).
  if (r.starvation.starved_flows > 0)
    fmt::print(
        "starved: {} of {} flows went {:.0f} us or longer without an acknowledged byte in the measurement "
        "window (longest {:.0f} us)\n",
        r.starvation.starved_flows, r.flows.size(), r.starvation.threshold_us, r.starvation.longest_stall_us);
  if (r.timeouts.flows_failed > 0)
    fmt::print("failed: {} flows used up their retry limit (nic.retry_limit = {}) and stopped sending\n",
               r.timeouts.flows_failed, h.retry_limit);
  print_deadlocks(r);
  fmt::print(
      "wall {:.2f} s ({:.2f} wall s per simulated ms, {:.0f} frames per wall s; switch {} {:.0f} %, NICs {:.0f} %, "
      "SystemC kernel and links {:.0f} %; switch stepped {:.1f} % of its cycles); outputs in {}/\n",
      r.wall_s, r.wall_s / (h.end_us / 1000.0), double(r.frames.delivered) / r.wall_s,
      h.switch_impl == "rtl" ? "RTL" : "reference model",
      100.0 * r.wall_switch_s / r.wall_s, 100.0 * r.wall_nic_s / r.wall_s,
      100.0 * (1.0 - (r.wall_switch_s + r.wall_nic_s) / r.wall_s),
      100.0 * double(r.switch_cycles_stepped) / double(std::max<uint64_t>(1, r.switch_cycles_total)), h.out_dir);
  if (r.bare_loop && !r.cosim_over_bare()) {
    fmt::print(
        "co-simulated switch: stepped no cycle; its bare stepping loop ran {:.0f} cycles/s before the "
        "simulation and {:.0f} after\n",
        r.bare_loop->before_cycles_per_s, r.bare_loop->after_cycles_per_s);
  } else if (r.bare_loop) {
    fmt::print(
        "co-simulated switch: {:.0f} stepped cycles per wall s = {:.2f}x of its bare stepping loop ({}-port "
        "configuration, {:.0f} cycles/s before the simulation, {:.0f} after)\n",
        *r.switch_cycles_per_s(), *r.cosim_over_bare(), r.bare_loop->ports, r.bare_loop->before_cycles_per_s,
        r.bare_loop->after_cycles_per_s);
  }
  fmt::print(
      "memory: {} switch models took {:.1f} MB of resident memory ({:.2f} MB each); peak resident set {:.1f} MB\n",
      r.memory.switches, r.memory.switches_bytes / 1e6,
      r.memory.switches ? r.memory.switches_bytes / 1e6 / r.memory.switches : 0.0, r.memory.peak_rss_bytes / 1e6);
}

void print_deadlocks(const sims::RunResults& r) {
  if (r.deadlocks.empty()) return;
  const sims::PfcDeadlock& d = r.deadlocks.front();
  fmt::print(
      "DEADLOCK: {} PFC deadlock{} (a cycle of paused queues waiting for one another, none sending for "
      "sim.deadlock_after_us = {} us); the first found at {:.1f} us, {} queues, {} frames stuck; "
      "summary.json pfc.deadlocks\n",
      r.deadlocks.size(), r.deadlocks.size() == 1 ? "" : "s", r.deadlock_after_us, d.detected_at_us, d.cycle.size(),
      d.frames_stuck);
}

}  // namespace ccf::cli
