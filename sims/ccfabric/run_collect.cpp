// run_collect.cpp: see run_collect.hpp.
#include "sims/ccfabric/run_collect.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "rtl/driver/switch_regs.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/routing.hpp"
#include "sc/nic/nic.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/workload/ideal_fct.hpp"

namespace ccf::cli {

namespace {

// From a frame's last bit into a switch to its first bit out on an idle switch, the ideal FCT's
// per-switch term (docs/workloads.md 4): the frame is offered to the RTL in the first cycle at or
// after its arrival, processed in it (docs/switch.md 2.2) and leaves one cycle later, so one cycle is
// the least (measured: a frame that arrives on a clock edge leaves exactly 0.64 ns later).
constexpr double kSwitchLatencyPs = 1.0 * swc::SwitchModel::kDefaultPeriodPs;

// The links of flow `flow_id` from host src to host dst, in order: the path the switches' forwarding
// tables and ECMP hashes give it (the ideal FCT's path; sims/workload/ideal_fct.hpp).
std::vector<sims::PathLink> route_links(const fabric::Topology& topo, const fabric::Routing& routing,
                                        const std::vector<uint64_t>& ecmp_seeds, unsigned src, unsigned dst,
                                        uint32_t flow_id) {
  std::vector<sims::PathLink> path;
  try {
    for (size_t li : routing.path(src, dst, flow_id, ecmp_seeds))
      path.push_back({topo.links[li].gbps, topo.links[li].delay_ns});
  } catch (const fabric::TopologyError& e) {
    throw RunFailed(e.what());
  }
  return path;
}

}  // namespace

WindowStart open_window(Fabric& fab, std::vector<RunFlow>& flows) {
  fab.take_waiting_frames();
  WindowStart at(fab);
  for (auto& f : flows)
    if (f.here) f.acked_at_window = fab.nics[f.host]->flow(f.index).c.bytes_acked;
  for (auto& n : fab.nics) n->open_stall_window();
  for (const auto& sm : fab.switches)
    for (size_t k = 1; k < sw::kNumDropReasons; ++k) at.switch_drops += sm->stats().drops[k];
  for (size_t h = 0; h < fab.nics.size(); ++h) at.nics[h] = fab.nics[h]->counters();
  return at;
}

void collect_window(const Fabric& fab, const WindowStart& at, double from_us, double end_us, sims::RunResults& r) {
  const double window_us = end_us - from_us;
  for (unsigned h = 0; h < fab.nics.size(); ++h) {
    const nic::NicCounters &c = fab.nics[h]->counters(), &c0 = at.nics[h];
    if (c.data_frames_received == 0) continue;
    const double wire_bytes =
        double(c.data_bytes_received - c0.data_bytes_received) +
        double(fabric::roce::kWireOverheadBytes) * double(c.data_frames_received - c0.data_frames_received);
    r.receivers.push_back({h, double(c.bytes_delivered - c0.bytes_delivered) * 8.0 / (window_us * 1000.0),
                           wire_bytes * 8.0 / (window_us * 1000.0 * fab.nics[h]->config().link_gbps)});
  }
  r.window.from_us = from_us;
  r.window.to_us = end_us;
  for (unsigned h = 0; h < fab.nics.size(); ++h) {
    const nic::NicCounters &c = fab.nics[h]->counters(), &c0 = at.nics[h];
    const size_t dup = static_cast<size_t>(nic::DropReason::kDuplicate);
    r.window.data_frames_sent += c.data_frames_sent - c0.data_frames_sent;
    r.window.retransmitted += c.data_frames_retransmitted - c0.data_frames_retransmitted;
    r.window.duplicates += c.drops[dup] - c0.drops[dup];
    r.window.timeouts += c.timeouts - c0.timeouts;
    r.window.spurious_timeouts += c.timeouts_spurious - c0.timeouts_spurious;
  }
}

void collect_flow_results(const Fabric& fab, const std::vector<RunFlow>& flows, const fabric::Routing& routing,
                          const std::vector<uint64_t>& ecmp_seeds, const std::vector<std::string>& sw_names,
                          double window_us, double starved_after_us, sims::RunResults& r) {
  for (const auto& f : flows) {
    if (!f.here) continue;  // its rank's row
    const nic::FlowState& st = fab.nics[f.host]->flow(f.index);
    sims::FlowResult fr;
    fr.id = f.id;
    fr.src = f.host;
    fr.dst = st.spec.dst_host;
    fabric::NodeRef at{fabric::NodeKind::kHost, f.host};
    for (size_t li : routing.path(f.host, fr.dst, f.id, ecmp_seeds)) {
      at = routing.peer(li, at);
      if (at.kind == fabric::NodeKind::kSwitch) fr.path += (fr.path.empty() ? "" : " ") + sw_names[at.index];
    }
    fr.bytes_acked = st.c.bytes_acked;
    fr.throughput_gbps = (st.c.bytes_acked - f.acked_at_window) * 8.0 / (window_us * 1000.0);
    if (st.done) fr.fct_us = double(st.fct_ps) / 1e6;
    fr.longest_stall_us = double(fab.nics[f.host]->longest_stall_ps(f.index)) / 1e6;
    fr.failed = st.failed;
    r.starvation.longest_stall_us = std::max(r.starvation.longest_stall_us, fr.longest_stall_us);
    r.starvation.starved_flows += fr.longest_stall_us >= starved_after_us;
    r.flows.push_back(fr);
  }
  r.starvation.threshold_us = starved_after_us;
}

void collect_fct(const Fabric& fab, const std::vector<RunFlow>& flows,
                 const std::vector<sims::GeneratedFlow>& generated, const fabric::Topology& topo,
                 const fabric::Routing& routing, const std::vector<uint64_t>& ecmp_seeds, sims::RunResults& r) {
  const nic::NicConfig& nc = fab.nics[0]->config();
  sims::IdealFctParams ip;
  ip.switch_latency_ps = kSwitchLatencyPs;
  ip.switch_cycle_ps = double(swc::SwitchModel::kDefaultPeriodPs);
  ip.mtu_bytes = nc.mtu_bytes;
  ip.vlan = nc.vlan;
  ip.ack_every = nc.ack_every;
  ip.ack_coalesce_timeout_ps = double(nc.ack_coalesce_timeout.value());
  std::vector<sims::FctRecord> records;
  for (size_t i = 0; i < flows.size(); ++i) {
    if (!flows[i].here) continue;  // its rank's record
    const sims::GeneratedFlow& g = generated[i];
    const nic::FlowState& st = fab.nics[flows[i].host]->flow(flows[i].index);
    sims::FctRecord rec;
    rec.id = g.id;
    rec.src = g.src;
    rec.dst = g.dst;
    rec.bytes = g.bytes;
    rec.start_us = g.start_us;
    if (st.done) rec.fct_us = double(st.fct_ps) / 1e6;
    if (g.bytes > 0) {
      // The flow's own path both ways (its ACKs hash as frames from dst to src of the same flow).
      ip.forward = route_links(topo, routing, ecmp_seeds, g.src, g.dst, g.id);
      ip.reverse = route_links(topo, routing, ecmp_seeds, g.dst, g.src, g.id);
      ip.sender_max_gbps = g.max_gbps;
      rec.ideal_us = sims::ideal_fct_ps(g.bytes, ip) / 1e6;
    }
    records.push_back(rec);
  }
  r.fct = sims::summarize_fct(std::move(records));
}

void collect_frame_ledger(const Fabric& fab, uint64_t switch_drops_at_window, sims::RunResults& r) {
  uint64_t sent = 0, received = 0, held = 0;
  std::map<std::string, uint64_t> sent_by_kind;
  for (const auto& n : fab.nics) {
    const nic::NicCounters& c = n->counters();
    // RTT probes (LDCP CX6-DX) are end-to-end frames like ACKs: counted when queued, received on arrival.
    sent += c.data_frames_sent + c.acks_sent + c.naks_sent + c.cnps_sent + c.rtt_requests_sent + c.rtt_responses_sent;
    received += c.data_frames_received + c.acks_received + c.naks_received + c.cnps_received + c.rtt_requests_received +
                c.rtt_responses_received;
    for (const auto& [kind, count] : {std::pair<const char*, uint64_t>{"data", c.data_frames_sent},
                                      {"ack", c.acks_sent},
                                      {"nak", c.naks_sent},
                                      {"cnp", c.cnps_sent},
                                      {"rtt_request", c.rtt_requests_sent},
                                      {"rtt_response", c.rtt_responses_sent}})
      sent_by_kind[kind] += count;
    held += n->tx.end_to_end_frames_in_flight() + n->ctrl_queue_frames();  // counted as sent when queued
    r.frames.retransmitted += c.data_frames_retransmitted;
    r.frames.duplicates += c.drops[static_cast<size_t>(nic::DropReason::kDuplicate)];
    r.timeouts.total += c.timeouts;
    r.timeouts.spurious += c.timeouts_spurious;
    r.timeouts.flows_failed += c.flows_failed;
    for (size_t k = 0; k < nic::kNumDropReasons; ++k)
      if (c.drops[k]) r.drops[fmt::format("nic_{}", nic::to_string(static_cast<nic::DropReason>(k)))] += c.drops[k];
  }
  for (const auto& l : fab.links) held += l->end_to_end_frames_in_flight();
  uint64_t switch_drops = 0;
  for (const auto& sm : fab.switches) {
    held += sm->frames_held();
    for (size_t k = 1; k < sw::kNumDropReasons; ++k) {
      switch_drops += sm->stats().drops[k];
      if (sm->stats().drops[k]) r.drops[sw::to_string(static_cast<sw::DropReason>(k))] += sm->stats().drops[k];
    }
  }
  // PFC frames are link-local and not part of the end-to-end ledger.
  r.frames.injected = sent;
  r.frames.delivered = received;
  r.frames.dropped = switch_drops;
  r.window.frames_dropped = switch_drops - switch_drops_at_window;
  r.frames.in_flight = held;
  r.frames.sent_by_kind = sent_by_kind;
}

void collect_switch_counters(const Fabric& fab, const fabric::Topology& topo, const fabric::Routing& routing,
                             const std::vector<std::string>& sw_names, sims::RunResults& r) {
  for (unsigned k = 0; k < fab.switches.size(); ++k) {
    if (!fab.switch_here[k]) continue;  // its rank's rows
    swc::SwitchModel& sm = *fab.switches[k];
    if (r.rcm_enabled) r.rcm_switches.push_back({sw_names[k], {}});
    for (unsigned p = 0; p < fab.params[k].nports; ++p) {
      if (!(sm.ports_used() >> p & 1)) continue;  // an uncabled port sends and counts nothing
      sims::RcmCounts rcm;
      if (r.rcm_enabled) {  // docs/switch.md 2.11.6, block 7
        using namespace sw::regs;
        rcm.cn_frames_sent = sm.read_counter(rcm_counter(p, kCnSent, false));
        rcm.cn_frames_received = sm.read_counter(rcm_counter(p, kCnReceived, false));
        rcm.cfr_samples = sm.read_counter(rcm_counter(p, kCfrSamples, false));
        rcm.rcc_held_bytes = sm.read_counter(rcm_counter(p, kRccHeldBytes, false));
        rcm.sar_reroutes = sm.read_counter(rcm_counter(p, kSarReroutes, false));
        rcm.reordered_frames = sm.read_counter(rcm_counter(p, kReordered, false));
        r.rcm_switches.back().counts += rcm;
      }
      const uint64_t pause_tx = sm.read_counter(sw::regs::port_counter(p, sw::regs::kPfcPauseTx, false));
      r.pfc_pause_frames += pause_tx;
      r.pfc_resume_frames += sm.read_counter(sw::regs::port_counter(p, sw::regs::kPfcResumeTx, false));
      uint64_t peak = 0;
      for (unsigned c = 0; c < fab.params[k].nprio; ++c)
        peak = std::max(peak, sm.read_counter(sw::regs::queue_counter(p, c, sw::regs::kPeakBytes, false)));
      r.max_queue_bytes = std::max(r.max_queue_bytes, peak);
      // ports.csv: every cabled port, what left through it (all priorities).
      const size_t li = routing.link_index({fabric::NodeKind::kSwitch, k}, p);
      if (li == fabric::Routing::kNoLink) continue;
      sims::PortResult pr;
      pr.sw = sw_names[k];
      pr.port = p;
      const fabric::NodeRef peer = routing.peer(li, {fabric::NodeKind::kSwitch, k});
      pr.peer = peer.kind == fabric::NodeKind::kHost ? fmt::format("host{}", peer.index) : sw_names[peer.index];
      pr.gbps = topo.links[li].gbps;
      pr.pfc_pause_tx = pause_tx;
      pr.peak_queue_bytes = peak;
      pr.rcm = rcm;
      for (unsigned c = 0; c < fab.params[k].nprio; ++c) {
        pr.tx_frames += sm.read_counter(sw::regs::queue_counter(p, c, sw::regs::kDeqFrames, false));
        pr.tx_bytes += sm.read_counter(sw::regs::queue_counter(p, c, sw::regs::kDeqBytes, false));
        pr.ecn_marked_frames += sm.read_counter(sw::regs::queue_counter(p, c, sw::regs::kEcnMarks, false));
      }
      r.ports.push_back(pr);
    }
  }
  for (const auto& n : fab.nics) r.pfc_pause_frames += n->counters().pfc_sent;
  for (unsigned k = 0; k < fab.switches.size(); ++k) {
    for (const auto& e : fab.switches[k]->pfc_log()) {
      const unsigned c = static_cast<unsigned>(std::countr_zero(unsigned(e.frame.class_en) | 0x100u));
      r.pfc_events.push_back({double(e.time_ps) / 1e6, sw_names[k], e.port, e.frame.class_en,
                              c < 8 ? e.frame.time_quanta[c] : uint16_t{0}});
    }
  }
}

void collect_speed(const Fabric& fab, double end_us, sims::RunResults& r) {
  for (const auto& sm : fab.switches) {
    r.wall_switch_s += sm->wall_s();
    r.switch_cycles_stepped += sm->stats().cycles_stepped;
    r.switch_cycles_total += static_cast<uint64_t>(end_us * 1e6 / swc::SwitchModel::kDefaultPeriodPs);
  }
  for (const auto& n : fab.nics) r.wall_nic_s += n->wall_s();
}

void collect_topology(const fabric::Topology& topo, const fabric::Routing& routing, sims::RunResults& r) {
  r.topology.kind = topo.kind;
  r.topology.hosts = topo.hosts;
  r.topology.switches = topo.switches();
  r.topology.links = static_cast<unsigned>(topo.links.size());
  for (unsigned k = 0; k < topo.switches(); ++k) {
    const unsigned tier = topo.switch_tier(k);
    if (r.topology.switches_per_tier.size() <= tier) r.topology.switches_per_tier.resize(tier + 1);
    ++r.topology.switches_per_tier[tier];
    for (const auto& ports : routing.next_hop_sets(k)) r.topology.ecmp_groups += ports.size() > 1;
  }
}

}  // namespace ccf::cli
