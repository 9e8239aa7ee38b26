// harness.hpp: directed-test driver on top of the scoreboard: offer frames on chosen ports, hold
// transmitters ready or not, inject PFC, run cycles, and keep a log of everything the switch did.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "tb/switch/scoreboard.hpp"

namespace ccf::tb {

struct LoggedPfc { uint64_t cycle; unsigned port; sw::PfcFrame frame; };
struct LoggedEgress { uint64_t cycle; sw::EgressReport e; };
struct LoggedDrop { uint64_t cycle; sw::DropReport d; };
struct LoggedEnqueue { uint64_t cycle; sw::EnqueueReport e; };
struct LoggedCn { uint64_t cycle; sw::CnOnPort cn; };
struct LoggedCrd { uint64_t cycle; sw::CrdReport crd; };

template <class V>
class Harness {
 public:
  Harness(const sw::SwitchParams& params, const sw::SwitchConfig& cfg)
      : params_(params), sb_(params, cfg), queues_(params.nports), out_ready_(params.nports, false),
        pfc_in_(params.nports) {}

  Scoreboard<V>& sb() { return sb_; }
  uint64_t cycle() const { return sb_.cycle(); }

  // Queues a frame for ingress port `p` (offered in order, held until accepted).
  uint32_t send(unsigned p, uint16_t len, uint8_t prio, uint16_t dst, uint8_t ecn = 2, uint16_t hash = 0) {
    sw::Descriptor d{next_tag_, len, prio, ecn, dst, hash};
    queues_[p].push_back(d);
    return next_tag_++;
  }
  void set_ready(unsigned p, bool r) { out_ready_[p] = r; }
  void pfc_in(unsigned p, const sw::PfcFrame& f) { pfc_in_[p] = f; }
  // An RCM congestion notification received on a port in the next cycle (docs/switch.md 2.11.3).
  void cn_in(const sw::CnOnPort& cn) { cn_in_ = cn; }

  // Runs one cycle; returns its outputs.
  sw::CycleOutputs tick() {
    sw::CycleInputs in;
    in.in_desc.resize(params_.nports);
    in.pfc_in = pfc_in_;
    in.out_ready = out_ready_;
    in.cn_in = cn_in_;
    cn_in_.reset();
    for (unsigned p = 0; p < params_.nports; ++p)
      if (!queues_[p].empty()) in.in_desc[p] = queues_[p].front();
    const uint64_t c = sb_.cycle();
    sw::CycleOutputs out = sb_.step(in);
    for (unsigned p = 0; p < params_.nports; ++p) {
      if (in.in_desc[p] && out.in_ready(p)) queues_[p].pop_front();
      if (out.pfc_out[p]) pfc_log.push_back({c, p, *out.pfc_out[p]});
      pfc_in_[p].reset();
    }
    if (out.egress) egress_log.push_back({c, *out.egress});
    if (out.drop) drop_log.push_back({c, *out.drop});
    if (out.enqueue) enqueue_log.push_back({c, *out.enqueue});
    if (out.cn_out) cn_log.push_back({c, *out.cn_out});
    if (out.crd) crd_log.push_back({c, *out.crd});
    return out;
  }
  void run(uint64_t cycles) { for (uint64_t i = 0; i < cycles; ++i) tick(); }
  // Runs until every queued offer is accepted and processed (the switch is idle).
  void settle(uint64_t max_cycles = 100000) {
    for (uint64_t i = 0; i < max_cycles; ++i) {
      bool pending = false;
      for (auto& q : queues_) pending |= !q.empty();
      if (!tick().idle) continue;
      if (!pending) return;
    }
  }
  bool offers_pending() const {
    for (auto& q : queues_) if (!q.empty()) return true;
    return false;
  }

  std::vector<LoggedPfc> pfc_log;
  std::vector<LoggedEgress> egress_log;
  std::vector<LoggedDrop> drop_log;
  std::vector<LoggedEnqueue> enqueue_log;
  std::vector<LoggedCn> cn_log;
  std::vector<LoggedCrd> crd_log;

 private:
  sw::SwitchParams params_;
  Scoreboard<V> sb_;
  std::vector<std::deque<sw::Descriptor>> queues_;
  std::vector<bool> out_ready_;
  std::vector<std::optional<sw::PfcFrame>> pfc_in_;
  std::optional<sw::CnOnPort> cn_in_;
  uint32_t next_tag_ = 1;
};

}  // namespace ccf::tb
