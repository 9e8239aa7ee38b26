// run_results.cpp: see run_results.hpp.
#include "sims/output/run_results.hpp"

#include "sims/output/build_info.hpp"
#include "sims/output/output_file.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

namespace ccf::sims {

double RunResults::jain_index() const {
  double sum = 0.0, sum_sq = 0.0;
  for (const auto& f : flows) {
    sum += f.throughput_gbps;
    sum_sq += f.throughput_gbps * f.throughput_gbps;
  }
  if (flows.empty() || sum_sq == 0.0) return 0.0;
  return sum * sum / (double(flows.size()) * sum_sq);
}

std::string RunResults::accounting_error() const {
  if (frames.injected == frames.delivered + frames.dropped + frames.in_flight) return "";
  return fmt::format("frames injected {} != delivered {} + dropped {} + in flight {}", frames.injected,
                     frames.delivered, frames.dropped, frames.in_flight);
}

std::optional<double> RunResults::switch_cycles_per_s() const {
  if (switch_cycles_stepped == 0 || wall_switch_s <= 0) return std::nullopt;
  return double(switch_cycles_stepped) / wall_switch_s;
}

std::optional<double> RunResults::cosim_over_bare() const {
  const std::optional<double> cosim = switch_cycles_per_s();
  if (!cosim || !bare_loop) return std::nullopt;
  return *cosim / bare_loop->mean_cycles_per_s();
}

RcmCounts& RcmCounts::operator+=(const RcmCounts& o) {
  cn_frames_sent += o.cn_frames_sent;
  cn_frames_received += o.cn_frames_received;
  cfr_samples += o.cfr_samples;
  rcc_held_bytes += o.rcc_held_bytes;
  sar_reroutes += o.sar_reroutes;
  reordered_frames += o.reordered_frames;
  return *this;
}

namespace {
nlohmann::json rcm_counts_json(const RcmCounts& c) {
  return {{"cn_frames_sent", c.cn_frames_sent},   {"cn_frames_received", c.cn_frames_received},
          {"cfr_samples", c.cfr_samples},         {"rcc_held_bytes", c.rcc_held_bytes},
          {"sar_reroutes", c.sar_reroutes},       {"reordered_frames", c.reordered_frames}};
}
// summary.json "rcm": enabled, the totals and one entry per switch (docs/scenarios.md [switch.rcm]).
nlohmann::json rcm_json(const RunResults& r) {
  nlohmann::json switches = nlohmann::json::array();
  RcmCounts total;
  for (const auto& x : r.rcm_switches) {
    nlohmann::json e = rcm_counts_json(x.counts);
    e["switch"] = x.sw;
    switches.push_back(e);
    total += x.counts;
  }
  return {{"enabled", r.rcm_enabled}, {"total", rcm_counts_json(total)}, {"switches", switches}};
}
// summary.json "pfc.deadlocks" (docs/fabric.md 9).
nlohmann::json deadlocks_json(const std::vector<PfcDeadlock>& deadlocks) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : deadlocks) {
    nlohmann::json cycle = nlohmann::json::array();
    for (const auto& q : d.cycle) cycle.push_back({{"switch", q.sw}, {"port", q.port}, {"priority", q.prio}});
    list.push_back({{"detected_at_us", d.detected_at_us}, {"since_us", d.since_us}, {"cycle", cycle},
                    {"frames_stuck", d.frames_stuck}, {"bytes_stuck", d.bytes_stuck}});
  }
  return list;
}
// The scenario as run, from its TOML text to a JSON object (toml++'s JSON formatter, then parsed).
nlohmann::json scenario_json(const std::string& scenario_toml) {
  std::ostringstream text;
  text << toml::json_formatter{toml::parse(scenario_toml)};
  return nlohmann::json::parse(text.str());
}
// summary.json "default_sources": the algorithm's defaults that no paper gives, with their source.
nlohmann::json default_sources_json(const std::vector<DefaultSourceNote>& notes) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& n : notes)
    list.push_back({{"key", n.key}, {"source", n.source}, {"set_in_scenario", n.set_in_scenario}});
  return list;
}

// timeseries.csv: one row per sample, a column per figure (the first kTimeseriesFlows flows and
// kTimeseriesQueues queues).
void write_timeseries(const RunResults& r, const std::string& dir) {
  OutputFile ts(dir + "/timeseries.csv");
  ts << "time_us";
  const size_t ts_flows = std::min(r.flows.size(), RunResults::kTimeseriesFlows);
  const size_t ts_queues = std::min(r.queues.size(), RunResults::kTimeseriesQueues);
  for (size_t i = 0; i < ts_flows; ++i) ts << fmt::format(",flow{}_rate_gbps", r.flows[i].id);
  for (size_t i = 0; i < ts_flows; ++i) ts << fmt::format(",flow{}_{}", r.flows[i].id, r.flow_cc_metric);
  for (size_t q = 0; q < ts_queues; ++q) ts << "," << r.queues[q] << "_bytes";
  if (r.rcm_enabled)
    for (size_t q = 0; q < ts_queues; ++q) ts << "," << r.queues[q] << "_rcm_degree";
  ts << "\n";
  for (const auto& s : r.samples) {
    ts << fmt::format("{:.3f}", s.time_us);
    for (double v : s.flow_rate_gbps) ts << fmt::format(",{:.6f}", v);
    for (double v : s.flow_cc) ts << fmt::format(",{:.6f}", v);
    for (size_t q = 0; q < ts_queues; ++q) ts << "," << s.queue_bytes[q];
    for (size_t q = 0; q < ts_queues && q < s.rcm_degree.size(); ++q) ts << "," << unsigned{s.rcm_degree[q]};
    ts << "\n";
  }
  ts.commit();
}

// timeseries_long.csv: one row per (sample, entity, metric), every active flow and every queue.
void write_timeseries_long(const RunResults& r, const std::string& dir) {
  OutputFile ts(dir + "/timeseries_long.csv");
  ts << "time_us,entity,metric,value\n";
  std::string row;
  for (const auto& s : r.samples) {
    const std::string t = fmt::format("{:.3f}", s.time_us);
    row.clear();
    for (const auto& f : s.active_flows) {
      fmt::format_to(std::back_inserter(row), "{},flow{},rate_gbps,{:.6f}\n", t, f.id, f.rate_gbps);
      fmt::format_to(std::back_inserter(row), "{},flow{},{},{:.6f}\n", t, f.id, r.flow_cc_metric, f.cc);
    }
    for (size_t q = 0; q < s.queue_bytes.size(); ++q)
      fmt::format_to(std::back_inserter(row), "{},{},queue_bytes,{}\n", t, r.queues[q], s.queue_bytes[q]);
    for (size_t q = 0; q < s.rcm_degree.size(); ++q)
      fmt::format_to(std::back_inserter(row), "{},{},rcm_degree,{}\n", t, r.queues[q], unsigned{s.rcm_degree[q]});
    ts << row;
  }
  ts.commit();
}

nlohmann::json flows_json(const RunResults& r) {
  nlohmann::json flows = nlohmann::json::array();
  for (const auto& f : r.flows) {
    flows.push_back({{"id", f.id}, {"src", f.src}, {"dst", f.dst}, {"bytes_acked", f.bytes_acked},
                     {"throughput_gbps", f.throughput_gbps},
                     {"fct_us", f.fct_us ? nlohmann::json(*f.fct_us) : nlohmann::json(nullptr)},
                     {"path", f.path}, {"longest_stall_us", f.longest_stall_us}, {"failed", f.failed}});
  }
  return flows;
}

nlohmann::json receivers_json(const RunResults& r) {
  nlohmann::json receivers = nlohmann::json::array();
  for (const auto& x : r.receivers)
    receivers.push_back({{"host", x.host}, {"goodput_gbps", x.goodput_gbps}, {"utilisation", x.utilisation}});
  return receivers;
}

// "speed": everything here depends on the machine and its load (not part of the bit-identical
// output); null where RunResults has no figure (no stepped cycle, no bare loop).
nlohmann::json speed_json(const RunResults& r) {
  const auto or_null = [](std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  nlohmann::json bare_loop = nullptr;
  if (r.bare_loop) {
    const BareLoopFigures& b = *r.bare_loop;
    bare_loop = {{"ports", b.ports},
                 {"cycles", b.cycles},
                 {"before_cycles_per_s", b.before_cycles_per_s},
                 {"after_cycles_per_s", b.after_cycles_per_s}};
  }
  nlohmann::json parallel = nullptr;
  if (r.parallel) {
    const ParallelFigures& p = *r.parallel;
    parallel = {{"ranks", p.ranks},
                {"partition", p.partition},
                {"lookahead_us", p.lookahead_us},
                {"cut_links", p.cut_links},
                {"windows", p.windows},
                {"frames_exchanged", p.frames_exchanged},
                {"wall_in_exchanges_s", p.wall_in_exchanges_s}};
  }
  return {{"wall_s_per_simulated_ms", r.simulated_us > 0 ? r.wall_s / (r.simulated_us / 1000.0) : 0.0},
          {"frames_per_wall_s", r.wall_s > 0 ? double(r.frames.delivered) / r.wall_s : 0.0},
          {"wall_share", {{"switch_rtl", r.wall_s > 0 ? r.wall_switch_s / r.wall_s : 0.0},
                          {"nic_models", r.wall_s > 0 ? r.wall_nic_s / r.wall_s : 0.0},
                          {"systemc_kernel_links_other",
                           r.wall_s > 0 ? 1.0 - (r.wall_switch_s + r.wall_nic_s) / r.wall_s : 0.0}}},
          {"switch_cycles_per_s", or_null(r.switch_cycles_per_s())},
          {"bare_loop", bare_loop},
          {"cosim_over_bare", or_null(r.cosim_over_bare())},
          {"parallel", parallel}};
}

// "memory": machine dependent, like "speed" (not part of the bit-identical output).
nlohmann::json memory_json(const RunResults& r) {
  return {{"switches", r.memory.switches},
          {"rss_before_switches_bytes", r.memory.rss_before_switches_bytes},
          {"switches_bytes", r.memory.switches_bytes},
          {"bytes_per_switch", r.memory.switches ? double(r.memory.switches_bytes) / r.memory.switches : 0.0},
          {"peak_rss_bytes", r.memory.peak_rss_bytes}};
}

// summary.json (docs/outputs.md).
nlohmann::json summary_json(const RunResults& r) {
  return {
      {"schema_version", kSummarySchemaVersion},
      {"tool_version", tool_version()},
      {"commit", build_commit()},
      {"command_line", command_line()},
      {"flows", flows_json(r)},
      {"receivers", receivers_json(r)},
      {"frames", {{"injected", r.frames.injected}, {"delivered", r.frames.delivered}, {"dropped", r.frames.dropped},
                  {"in_flight", r.frames.in_flight}, {"sent_by_kind", r.frames.sent_by_kind},
                  {"retransmitted", r.frames.retransmitted}, {"duplicates", r.frames.duplicates}}},
      {"timeouts", {{"total", r.timeouts.total}, {"spurious", r.timeouts.spurious},
                    {"flows_failed", r.timeouts.flows_failed}}},
      {"window", {{"from_us", r.window.from_us}, {"to_us", r.window.to_us},
                  {"data_frames_sent", r.window.data_frames_sent}, {"frames_dropped", r.window.frames_dropped},
                  {"retransmitted", r.window.retransmitted}, {"duplicates", r.window.duplicates},
                  {"timeouts", r.window.timeouts}, {"spurious_timeouts", r.window.spurious_timeouts}}},
      {"starvation", {{"threshold_us", r.starvation.threshold_us}, {"starved_flows", r.starvation.starved_flows},
                      {"longest_stall_us", r.starvation.longest_stall_us}}},
      {"drops", r.drops},
      {"pfc", {{"pause_frames", r.pfc_pause_frames}, {"resume_frames", r.pfc_resume_frames},
               {"deadlock_after_us", r.deadlock_after_us}, {"deadlocks", deadlocks_json(r.deadlocks)}}},
      {"max_queue_bytes", r.max_queue_bytes},
      {"jain_index", r.jain_index()},
      {"sim", {{"simulated_us", r.simulated_us}, {"duration_us", r.duration_us},
               {"complete", r.complete()},
               {"stopped_by", r.complete() ? nlohmann::json(nullptr) : nlohmann::json(r.stopped_by)},
               {"stopped_on_deadlock", r.stopped_on_deadlock}, {"wall_s", r.wall_s}}},
      {"speed", speed_json(r)},
      {"switch_cycles", {{"stepped", r.switch_cycles_stepped}, {"total", r.switch_cycles_total}}},
      {"topology", {{"kind", r.topology.kind}, {"hosts", r.topology.hosts}, {"switches", r.topology.switches},
                    {"links", r.topology.links}, {"switches_per_tier", r.topology.switches_per_tier},
                    {"ecmp_groups", r.topology.ecmp_groups}}},
      {"memory", memory_json(r)},
      {"fct", fct_json(r.fct)},
      {"rcm", rcm_json(r)},
      {"scenario", scenario_json(r.scenario_toml)},
      {"default_sources", default_sources_json(r.default_sources)}};
}

void write_flows_csv(const RunResults& r, const std::string& dir) {
  OutputFile flows_csv(dir + "/flows.csv");
  flows_csv << "id,src,dst,bytes_acked,throughput_gbps,fct_us\n";
  for (const auto& f : r.flows)
    flows_csv << fmt::format("{},{},{},{},{:.6f},{}\n", f.id, f.src, f.dst, f.bytes_acked, f.throughput_gbps,
                             f.fct_us ? fmt::format("{:.3f}", *f.fct_us) : "");
  flows_csv.commit();
}

void write_pfc_csv(const RunResults& r, const std::string& dir) {
  OutputFile pfc(dir + "/pfc.csv");
  pfc << "time_us,node,port,class_enable,quanta\n";
  for (const auto& e : r.pfc_events)
    pfc << fmt::format("{:.6f},{},{},{:#04x},{}\n", e.time_us, e.node, e.port, e.class_enable, e.quanta);
  pfc.commit();
}

// ports.csv; the RCM columns with RCM enabled.
void write_ports_csv(const RunResults& r, const std::string& dir) {
  OutputFile ports(dir + "/ports.csv");
  ports << "switch,port,peer,gbps,tx_frames,tx_bytes,ecn_marked_frames,pfc_pause_tx,peak_queue_bytes";
  if (r.rcm_enabled)
    ports << ",rcm_cn_frames_sent,rcm_cn_frames_received,rcm_cfr_samples,rcm_rcc_held_bytes,rcm_sar_reroutes,"
             "rcm_reordered_frames";
  ports << "\n";
  for (const auto& p : r.ports) {
    ports << fmt::format("{},{},{},{},{},{},{},{},{}", p.sw, p.port, p.peer, p.gbps, p.tx_frames, p.tx_bytes,
                         p.ecn_marked_frames, p.pfc_pause_tx, p.peak_queue_bytes);
    if (r.rcm_enabled)
      ports << fmt::format(",{},{},{},{},{},{}", p.rcm.cn_frames_sent, p.rcm.cn_frames_received, p.rcm.cfr_samples,
                           p.rcm.rcc_held_bytes, p.rcm.sar_reroutes, p.rcm.reordered_frames);
    ports << "\n";
  }
  ports.commit();
}

}  // namespace

void write_results(const RunResults& r, const std::string& dir) {
  std::filesystem::create_directories(dir);
  const nlohmann::json summary = summary_json(r);
  // Every data file first, summary.json last: a folder with a summary.json holds the whole run.
  write_flows_csv(r, dir);
  write_timeseries(r, dir);
  write_timeseries_long(r, dir);
  write_pfc_csv(r, dir);
  write_ports_csv(r, dir);
  write_fct_files(r.fct, dir);
  write_output_file(dir + "/scenario.toml", r.scenario_toml);
  write_output_file(dir + "/summary.json", summary.dump(2) + "\n");
}

}  // namespace ccf::sims
