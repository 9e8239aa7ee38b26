// traffic_env.hpp: constrained-random environment around the switch: per-port sources that offer
// descriptors at up to line rate and honour the switch's PFC after a response delay, transmitters
// that stay busy for a frame's wire time after each dequeue, and a downstream that sends PFC frames.
// Deterministic for a seed; independent of whether the RTL or the model is being driven.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <vector>

#include "models/switch/mmu_model.hpp"
#include "models/switch/switch_config.hpp"

namespace ccf::tb {

struct TrafficProfile {
  double load = 0.9;                 // offered fraction of line rate per ingress port
  double burst_prob = 0.1;           // chance that a port offers back to back, ignoring wire time
  unsigned bits_per_cycle = 64;      // link rate: 100 Gb/s at 1.5625 GHz
  unsigned min_len = 64, max_len = 1500;
  double jumbo_prob = 0.02;          // frames up to 9216 B
  std::vector<double> prio_weights = {1, 1, 1, 4, 1, 1, 1, 1};
  double not_ect_prob = 0.2, ce_prob = 0.05;
  double bad_dst_prob = 0.01;        // destinations with no route
  unsigned dst_range = 0;            // 0: nports
  std::vector<double> dst_weights;   // optional skew (hot spots): weight per destination
  unsigned pfc_response_cycles = 40; // upstream reacts to a pause after this many cycles
  bool honour_pfc = true;
  double out_stall_prob = 0.0;       // transmitter randomly not ready
  double pfc_in_prob = 0.0;          // per port per cycle: a PFC frame from downstream
  unsigned pfc_in_max_quanta = 64;
  // Flows: 0 = a random hash per frame; n = each source sends n flows, each with its own destination,
  // priority and hash (so the RCM CAMs, flow table and order buckets see repeated flows).
  unsigned flows_per_port = 0;
  double cn_in_prob = 0.0;           // per cycle: an RCM CN from a neighbour (2.11.3) on a random port
};

class TrafficEnv {
 public:
  TrafficEnv(const sw::SwitchParams& params, const TrafficProfile& prof, uint64_t seed);

  // Inputs for `cycle`; `sources_on` = false stops new offers (drain).
  sw::CycleInputs inputs(uint64_t cycle, bool sources_on = true);
  // What the switch did with them.
  void observe(uint64_t cycle, const sw::CycleInputs& in, const sw::CycleOutputs& out);

  uint64_t accepted() const { return accepted_; }
  // True when no source holds an offer and no transmitter is busy.
  bool quiet(uint64_t cycle) const;

 private:
  sw::Descriptor make_frame(unsigned p);
  void pick_dst(sw::Descriptor& d);
  sw::CnOnPort make_cn();
  bool src_paused(unsigned p, unsigned c, uint64_t cycle) const;

  sw::SwitchParams params_;
  TrafficProfile prof_;
  std::mt19937_64 rng_;
  std::discrete_distribution<unsigned> prio_dist_;
  std::discrete_distribution<unsigned> dst_dist_;
  bool skew_ = false;
  struct Source {
    std::deque<sw::Descriptor> pending;  // head is offered (valid held until accepted)
    uint64_t next_arrival = 0;
    // PFC from the switch as seen by the upstream sender: effective from `from` to `until`.
    std::vector<uint64_t> pause_from, pause_until;
  };
  struct Transmitter { uint64_t busy_until = 0; };
  std::vector<Source> src_;
  std::vector<sw::Descriptor> flows_;  // per (port, flow): dst, prio, hash
  std::vector<Transmitter> tx_;
  uint32_t next_tag_ = 1;
  uint64_t accepted_ = 0;
};

}  // namespace ccf::tb
