// run_collect.cpp: see run_collect.hpp.
#include "run_collect.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "driver/switch_regs.hpp"
#include "nic/nic.hpp"

namespace ccf::cli {

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

}  // namespace ccf::cli
