// traffic_env.cpp: see traffic_env.hpp.
#include "tb/switch/traffic_env.hpp"

#include <algorithm>

namespace ccf::tb {

namespace {
constexpr unsigned kPreambleIfgBytes = 20;  // preamble + SFD (8) + inter-frame gap (12)
}

TrafficEnv::TrafficEnv(const sw::SwitchParams& params, const TrafficProfile& prof, uint64_t seed)
    : params_(params), prof_(prof), rng_(seed),
      prio_dist_(prof.prio_weights.begin(), prof.prio_weights.begin() + std::min<size_t>(params.nprio, prof.prio_weights.size())),
      src_(params.nports), tx_(params.nports) {
  if (!prof_.dst_weights.empty()) {
    dst_dist_ = std::discrete_distribution<unsigned>(prof_.dst_weights.begin(), prof_.dst_weights.end());
    skew_ = true;
  }
  for (auto& s : src_) {
    s.pause_from.assign(sw::kMaxPrio, 0);
    s.pause_until.assign(sw::kMaxPrio, 0);
  }
  for (unsigned i = 0; i < params_.nports * prof_.flows_per_port; ++i) {
    sw::Descriptor f;
    f.prio = static_cast<uint8_t>(prio_dist_(rng_));
    pick_dst(f);
    f.hash = static_cast<uint16_t>(rng_());
    flows_.push_back(f);
  }
}

void TrafficEnv::pick_dst(sw::Descriptor& d) {
  std::uniform_real_distribution<double> u01(0.0, 1.0);
  const unsigned range = prof_.dst_range ? prof_.dst_range : params_.nports;
  if (u01(rng_) < prof_.bad_dst_prob) {
    d.dst = static_cast<uint16_t>(std::uniform_int_distribution<unsigned>(range, params_.ndst() - 1)(rng_));
  } else {
    d.dst = static_cast<uint16_t>(skew_ ? dst_dist_(rng_) : std::uniform_int_distribution<unsigned>(0, range - 1)(rng_));
  }
}

// A CN of a neighbour switch: a class, a degree and flow IDs, mostly of flows this environment sends.
sw::CnOnPort TrafficEnv::make_cn() {
  sw::CnOnPort cn;
  cn.port = std::uniform_int_distribution<unsigned>(0, params_.nports - 1)(rng_);
  cn.frame.cls = static_cast<uint8_t>(prio_dist_(rng_));
  cn.frame.fb = static_cast<uint8_t>(rng_() % 64);
  cn.frame.count = static_cast<uint8_t>(rng_() % (params_.cfr_depth + 1));
  for (unsigned i = 0; i < cn.frame.count; ++i)
    cn.frame.ids[i] = !flows_.empty() && rng_() % 4 != 0 ? flows_[rng_() % flows_.size()].hash
                                                         : static_cast<uint16_t>(rng_());
  return cn;
}

sw::Descriptor TrafficEnv::make_frame(unsigned p) {
  std::uniform_real_distribution<double> u01(0.0, 1.0);
  sw::Descriptor d;
  d.tag = next_tag_++;
  if (u01(rng_) < prof_.jumbo_prob) {
    d.len_bytes = static_cast<uint16_t>(std::uniform_int_distribution<unsigned>(prof_.max_len, 9216)(rng_));
  } else {
    d.len_bytes = static_cast<uint16_t>(std::uniform_int_distribution<unsigned>(prof_.min_len, prof_.max_len)(rng_));
  }
  const sw::Descriptor* flow = prof_.flows_per_port > 0
                                   ? &flows_[p * prof_.flows_per_port + rng_() % prof_.flows_per_port]
                                   : nullptr;
  d.prio = flow ? flow->prio : static_cast<uint8_t>(prio_dist_(rng_));
  const double e = u01(rng_);
  d.ecn = e < prof_.not_ect_prob ? 0 : e < prof_.not_ect_prob + prof_.ce_prob ? 3 : (u01(rng_) < 0.5 ? 1 : 2);
  if (flow) {
    d.dst = flow->dst;
    d.hash = flow->hash;
    return d;
  }
  pick_dst(d);
  d.hash = static_cast<uint16_t>(rng_());
  return d;
}

bool TrafficEnv::src_paused(unsigned p, unsigned c, uint64_t cycle) const {
  const Source& s = src_[p];
  return prof_.honour_pfc && cycle >= s.pause_from[c] && cycle < s.pause_until[c];
}

sw::CycleInputs TrafficEnv::inputs(uint64_t cycle, bool sources_on) {
  const unsigned n = params_.nports;
  std::uniform_real_distribution<double> u01(0.0, 1.0);
  sw::CycleInputs in;
  in.in_desc.resize(n);
  in.out_ready.resize(n);
  in.pfc_in.resize(n);
  for (unsigned p = 0; p < n; ++p) {
    Source& s = src_[p];
    if (sources_on && s.pending.empty() && cycle >= s.next_arrival) {
      s.pending.push_back(make_frame(p));
      const sw::Descriptor& d = s.pending.back();
      const uint64_t wire = ((d.len_bytes + kPreambleIfgBytes) * 8 + prof_.bits_per_cycle - 1) / prof_.bits_per_cycle;
      const bool burst = u01(rng_) < prof_.burst_prob;
      const double gap = burst ? 1.0 : double(wire) / std::max(prof_.load, 1e-6);
      s.next_arrival = cycle + std::max<uint64_t>(1, static_cast<uint64_t>(gap));
    }
    // The offer is held while its priority is paused upstream (a NIC would not start it).
    if (!s.pending.empty() && !src_paused(p, s.pending.front().prio < params_.nprio ? s.pending.front().prio : params_.nprio - 1, cycle)) {
      in.in_desc[p] = s.pending.front();
    }
    in.out_ready[p] = cycle >= tx_[p].busy_until && !(prof_.out_stall_prob > 0 && u01(rng_) < prof_.out_stall_prob);
    if (prof_.pfc_in_prob > 0 && u01(rng_) < prof_.pfc_in_prob) {
      sw::PfcFrame f;
      f.class_en = static_cast<uint8_t>(rng_());
      for (unsigned c = 0; c < 8; ++c) {
        f.time_quanta[c] = u01(rng_) < 0.3 ? 0 : static_cast<uint16_t>(std::uniform_int_distribution<unsigned>(1, prof_.pfc_in_max_quanta)(rng_));
      }
      in.pfc_in[p] = f;
    }
  }
  if (prof_.cn_in_prob > 0 && u01(rng_) < prof_.cn_in_prob) in.cn_in = make_cn();
  return in;
}

void TrafficEnv::observe(uint64_t cycle, const sw::CycleInputs& in, const sw::CycleOutputs& out) {
  for (unsigned p = 0; p < params_.nports; ++p) {
    if (in.in_desc[p] && out.in_ready(p)) {
      src_[p].pending.pop_front();
      ++accepted_;
    }
    if (out.pfc_out[p]) {
      // The upstream sender on port p obeys after the response delay; one quantum = 512 bits.
      const sw::PfcFrame& f = *out.pfc_out[p];
      const uint64_t from = cycle + prof_.pfc_response_cycles;
      for (unsigned c = 0; c < sw::kMaxPrio; ++c) {
        if (!((f.class_en >> c) & 1u)) continue;
        src_[p].pause_from[c] = from;
        src_[p].pause_until[c] = from + (uint64_t{f.time_quanta[c]} * 512 + prof_.bits_per_cycle - 1) / prof_.bits_per_cycle;
      }
    }
  }
  if (out.egress) {
    const uint64_t wire = ((out.egress->len_bytes + kPreambleIfgBytes) * 8 + prof_.bits_per_cycle - 1) / prof_.bits_per_cycle;
    tx_[out.egress->port].busy_until = cycle + wire;
  }
}

bool TrafficEnv::quiet(uint64_t cycle) const {
  for (unsigned p = 0; p < params_.nports; ++p) {
    if (!src_[p].pending.empty() || cycle < tx_[p].busy_until) return false;
  }
  return true;
}

}  // namespace ccf::tb
