// rp_reference.cpp: double-precision DCQCN reaction point (see rp_reference.hpp).
#include "models/dcqcn/rp_reference.hpp"

#include <algorithm>

namespace ccf::models::dcqcn {

RpReference::RpReference(const RpReferenceParams& params)
    : RC(params.C_mbps), RT(params.C_mbps), alpha(params.alpha_init), p_(params) {
  byte_counter = p_.B_bytes;
}

// RC (1 - alpha/2), at least RC * min_dec_fac (mlx rp_min_dec_fac) and at least the minimum rate.
double RpReference::cut(double rate) const {
  double r = rate * (1.0 - alpha / 2.0);
  if (p_.min_dec_fac > 0) r = std::max(r, rate * p_.min_dec_fac);
  return std::max(p_.min_rate_mbps, r);
}

// clamp_tgt_rate: RT <- RC on every cut. clamp_tgt_rate_after_time_inc: only if an increase happened
// since the last cut. Neither: only after a byte-counter increase (ns3-rdma rpr_cnm_received).
bool RpReference::clamp_target() const {
  if (p_.clamp_tgt_rate) return true;
  if (p_.clamp_tgt_rate_after_time_inc) return T != 0 || BC != 0;
  return BC != 0;
}

RpResult RpReference::on_cnp() {
  RpResult r;
  if (p_.variant == Variant::kMlx) {
    // cnp_received_mlx
    alpha_cnp_arrived = true;
    decrease_cnp_arrived = true;
    r.step = Step::kCnpLatched;
    if (!rate_limited) {  // m_first_cnp
      rate_limited = true;
      alpha = p_.alpha_init;
      alpha_cnp_arrived = false;
      r.alpha_timer_us = p_.K_us;
      r.decrease_timer_us = p_.decrease_period_us + 0.001;  // + 1 ns
      if (p_.rate_on_first_cnp_mbps > 0) RC = std::min(p_.rate_on_first_cnp_mbps, p_.C_mbps);
      RT = RC;
    }
    return r;
  }
  if (p_.variant == Variant::kNs3Rdma) {
    // rpr_cnm_received: target, counters, alpha, then the cut with the new alpha.
    if (clamp_target()) {
      RT = RC;
      byte_counter = p_.B_bytes;
    }
    BC = 0;
    T = 0;
    alpha = (1 - p_.g) * alpha + p_.g;
    RC = cut(RC);
    ns3_stage = 1;
  } else {
    // Paper eq. (1), in its order: RT <- RC, RC <- RC (1 - alpha/2), alpha <- (1 - g) alpha + g.
    if (clamp_target()) RT = RC;
    RC = cut(RC);
    alpha = (1 - p_.g) * alpha + p_.g;
    // Figure 7: Reset(Timer, ByteCounter, T, BC, AlphaTimer).
    byte_counter = p_.B_bytes;
    T = 0;
    BC = 0;
  }
  rate_limited = true;
  r.step = Step::kCut;
  r.alpha_timer_us = p_.K_us;
  r.increase_timer_us = p_.T_us;
  return r;
}

RpResult RpReference::on_alpha_timer() {
  RpResult r;
  r.step = Step::kAlphaUpdate;
  r.alpha_timer_us = p_.K_us;
  if (p_.variant == Variant::kMlx && alpha_cnp_arrived) {
    alpha = (1 - p_.g) * alpha + p_.g;  // UpdateAlphaMlx, CNP seen in the period
  } else {
    alpha = (1 - p_.g) * alpha;  // eq. (2)
  }
  alpha_cnp_arrived = false;
  return r;
}

RpResult RpReference::on_rate_decrease_timer() {
  RpResult r;
  if (p_.variant != Variant::kMlx) return r;
  r.decrease_timer_us = p_.decrease_period_us;  // CheckRateDecreaseMlx reschedules itself first
  if (!decrease_cnp_arrived) return r;
  // rp_clamp_tgt_rate_ati: RT <- RC if an increase (timer or byte counter) happened since the cut.
  if (clamp_target()) RT = RC;
  RC = cut(RC);
  // Figure 7: Reset(Timer, ByteCounter, T, BC); without a byte counter (B = 0) BC stays 0.
  T = 0;
  BC = 0;
  byte_counter = p_.B_bytes;
  decrease_cnp_arrived = false;
  r.step = Step::kCut;
  r.increase_timer_us = p_.T_us;
  return r;
}

RpResult RpReference::on_tx(int64_t bytes) {
  RpResult r;
  if (!rate_limited || p_.B_bytes == 0) return r;
  byte_counter -= bytes;
  if (byte_counter > 0) return r;
  r = on_increase_event(Source::kByteCounter);
  r.byte_counter_fired = true;
  return r;
}

RpResult RpReference::on_increase_event(Source src) {
  RpResult r;
  if (!rate_limited) return r;
  switch (p_.variant) {
    case Variant::kPaper:
      count_increase_event(src, r);
      paper_increase(r);
      break;
    case Variant::kNs3Rdma:
      if (src == Source::kTimer) {
        ns3_timer(r);
      } else {
        ns3_byte(r);
      }
      break;
    case Variant::kMlx:
      if (p_.B_bytes == 0) {  // rp_byte_reset = 0: timer only (HPCC ns-3 CC_MODE 1)
        if (src == Source::kTimer) mlx_rate_increase(r);
      } else {  // ConnectX with its byte counter: Figure 7's stages, constant hyper step
        count_increase_event(src, r);
        mlx_byte_counter_increase(r);
      }
      break;
  }
  return r;
}

// ---- paper (the DCQCN paper, section 3.1, eq. 1-4, Figure 7) ----
// Figure 7: Timer expires: Reset(Timer); T++. ByteCounter expires: Reset(ByteCounter); BC++.
void RpReference::count_increase_event(Source src, RpResult& r) {
  if (src == Source::kTimer) {
    ++T;
    r.increase_timer_us = p_.T_us;
  } else {
    ++BC;
    byte_counter = p_.B_bytes;
  }
}

void RpReference::paper_increase(RpResult& r) {
  const int64_t F = p_.F;
  if (std::max(T, BC) <= F) {
    r.step = Step::kFastRecovery;  // eq. (3)
  } else if (std::min(T, BC) > F) {
    r.step = Step::kHyperIncrease;
    r.i = std::min(T, BC) - F;
    RT = std::min(RT + static_cast<double>(r.i) * p_.R_HAI_mbps, p_.C_mbps);
  } else {
    r.step = Step::kAdditiveIncrease;  // eq. (4)
    RT = std::min(RT + p_.R_AI_mbps, p_.C_mbps);
  }
  RC = (RT + RC) / 2;
}

// ---- ns3-rdma (qbb-net-device.cc rpr_*) ----
void RpReference::ns3_adjust_rates(double increase, RpResult& r) {
  if ((BC == 1 || T == 1) && RT > 10 * RC) {
    RT /= 8;
    r.target_divided = true;
  } else {
    RT = std::min(RT + increase, p_.C_mbps);  // ns3-rdma does not cap RT; we do
  }
  RC = std::min(RC / 2 + RT / 2, p_.C_mbps);
}

void RpReference::ns3_active_increase(RpResult& r) {
  r.step = Step::kAdditiveIncrease;
  ns3_adjust_rates(p_.R_AI_mbps, r);
  ns3_stage = 2;
}

void RpReference::ns3_hyper_increase(RpResult& r) {
  r.step = Step::kHyperIncrease;
  r.i = std::min(BC, T) - p_.F + 1;
  ns3_adjust_rates(p_.R_HAI_mbps * static_cast<double>(r.i), r);
  ns3_stage = 3;
}

void RpReference::ns3_active_select(RpResult& r) {
  if (BC < p_.F || T < p_.F) {
    ns3_active_increase(r);
  } else {
    ns3_hyper_increase(r);
  }
}

void RpReference::ns3_timer(RpResult& r) {  // rpr_timer_wrapper
  ++T;
  if (ns3_stage == 1) {  // rpr_fast_time
    r.increase_timer_us = p_.T_us;
    if (T < p_.F) {
      r.step = Step::kFastRecovery;
      ns3_adjust_rates(0, r);
    } else {
      ns3_active_select(r);
    }
  } else if (ns3_stage == 2) {  // rpr_active_time
    r.increase_timer_us = p_.T_us;
    ns3_active_select(r);
  } else {  // rpr_hyper_time
    r.increase_timer_us = p_.T_us / 2;
    ns3_hyper_increase(r);
  }
}

void RpReference::ns3_byte(RpResult& r) {
  ++BC;
  if (ns3_stage == 1) {  // rpr_fast_byte
    byte_counter = p_.B_bytes;
    if (BC < p_.F) {
      r.step = Step::kFastRecovery;
      ns3_adjust_rates(0, r);
    } else {
      ns3_active_select(r);
    }
  } else if (ns3_stage == 2) {  // rpr_active_byte
    byte_counter = p_.B_bytes;
    ns3_active_increase(r);
  } else {  // rpr_hyper_byte
    byte_counter = p_.B_bytes / 2;
    ns3_hyper_increase(r);
  }
}

// ---- HPCC ns-3 CC_MODE 1 (rdma-hw.cc: RateIncEventTimerMlx, RateIncEventMlx) ----
void RpReference::mlx_rate_increase(RpResult& r) {
  r.increase_timer_us = p_.T_us;
  if (T < p_.F) {
    r.step = Step::kFastRecovery;  // FastRecoveryMlx
  } else if (T == p_.F) {
    r.step = Step::kAdditiveIncrease;  // ActiveIncreaseMlx
    RT = std::min(RT + p_.R_AI_mbps, p_.C_mbps);
  } else {
    r.step = Step::kHyperIncrease;  // HyperIncreaseMlx: constant step
    r.i = 1;
    RT = std::min(RT + p_.R_HAI_mbps, p_.C_mbps);
  }
  RC = RC / 2 + RT / 2;
  ++T;
}

// ConnectX with rp_byte_reset = B > 0: the event is counted (T or BC) first, then Figure 7:
// max(T, BC) <= F fast recovery, min(T, BC) > F hyper with the constant step R_HAI, else additive.
void RpReference::mlx_byte_counter_increase(RpResult& r) {
  const int64_t F = p_.F;
  if (std::max(T, BC) <= F) {
    r.step = Step::kFastRecovery;
  } else if (std::min(T, BC) > F) {
    r.step = Step::kHyperIncrease;
    r.i = 1;
    RT = std::min(RT + p_.R_HAI_mbps, p_.C_mbps);
  } else {
    r.step = Step::kAdditiveIncrease;
    RT = std::min(RT + p_.R_AI_mbps, p_.C_mbps);
  }
  RC = RC / 2 + RT / 2;
}

}  // namespace ccf::models::dcqcn
