// retransmit_timer.cpp: see retransmit_timer.hpp.
#include "sc/nic/retransmit_timer.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ccf::nic {

namespace {
constexpr unsigned kMaxBackoff = 16;
constexpr unsigned kMaxRetryLimit = 255;
std::string us(sc_core::sc_time t) {
  return fmt::format("{}", t.to_seconds() * 1e6);
}
}  // namespace

const char* to_string(RtoMode m) {
  switch (m) {
    case RtoMode::kFixed:
      return "fixed";
    case RtoMode::kRttEstimate:
      return "rtt_estimate";
  }
  return "?";
}

std::string RetransmitConfig::validate() const {
  if (mode == RtoMode::kRttEstimate) {
    if (min <= sc_core::SC_ZERO_TIME) return fmt::format("nic.rto_min_us = {} must be > 0", us(min));
    if (max < min) return fmt::format("nic.rto_max_us = {} must be >= nic.rto_min_us = {}", us(max), us(min));
    if (initial < min || initial > max)
      return fmt::format("nic.rto_initial_us = {} must be from nic.rto_min_us = {} to nic.rto_max_us = {}", us(initial),
                         us(min), us(max));
  }
  if (max <= sc_core::SC_ZERO_TIME) return fmt::format("nic.rto_max_us = {} must be > 0", us(max));
  if (backoff < 1 || backoff > kMaxBackoff)
    return fmt::format("nic.rto_backoff = {} must be 1..{} (1 = the same timeout every time)", backoff, kMaxBackoff);
  if (retry_limit > kMaxRetryLimit)
    return fmt::format("nic.retry_limit = {} must be 0..{} (0 = no limit)", retry_limit, kMaxRetryLimit);
  return {};
}

sc_core::sc_time ib_local_ack_timeout(unsigned exp) {
  if (exp == 0) return sc_core::SC_ZERO_TIME;
  // 4.096 us = 4,096,000 ps; exp <= 31 keeps the product within 2^54 ps.
  return sc_core::sc_time::from_value(uint64_t{4'096'000} << exp);
}

RtoState RetransmitTimer::initial_state() const {
  RtoState s;
  s.base_ps = (cfg_.mode == RtoMode::kFixed ? cfg_.fixed : cfg_.initial).value();
  return s;
}

void RetransmitTimer::on_rtt_sample(RtoState& s, uint64_t rtt_ps) const {
  if (cfg_.mode != RtoMode::kRttEstimate) return;
  if (s.srtt_x8_ps == 0) {  // RFC 6298 2.2: SRTT <- R, RTTVAR <- R/2
    s.srtt_x8_ps = std::max<uint64_t>(rtt_ps, 1) << 3;
    s.rttvar_x4_ps = rtt_ps << 1;
  } else {  // 2.3: RTTVAR <- 3/4 RTTVAR + 1/4 |SRTT - R'|, then SRTT <- 7/8 SRTT + 1/8 R'
    const uint64_t srtt = s.srtt_x8_ps >> 3;
    const uint64_t err = rtt_ps > srtt ? rtt_ps - srtt : srtt - rtt_ps;
    s.rttvar_x4_ps = s.rttvar_x4_ps - (s.rttvar_x4_ps >> 2) + err;
    s.srtt_x8_ps = std::max<uint64_t>(s.srtt_x8_ps - srtt + rtt_ps, 1);
  }
  // 2.3: RTO <- SRTT + max(G, K RTTVAR), K = 4 (the clock granularity G is 1 ps here); 2.4, 2.5.
  const uint64_t rto = (s.srtt_x8_ps >> 3) + s.rttvar_x4_ps;
  s.base_ps = std::clamp<uint64_t>(rto, cfg_.min.value(), cfg_.max.value());
}

bool RetransmitTimer::on_timeout(RtoState& s) const {
  if (cfg_.retry_limit > 0 && s.in_a_row >= cfg_.retry_limit) return false;
  ++s.in_a_row;
  return true;
}

uint64_t RetransmitTimer::timeout_ps(const RtoState& s) const {
  const uint64_t cap = std::max<uint64_t>(s.base_ps, cfg_.max.value());
  uint64_t t = s.base_ps;
  for (unsigned i = 0; i < s.in_a_row && cfg_.backoff > 1 && t < cap; ++i) t = std::min(t * cfg_.backoff, cap);
  return t;
}

}  // namespace ccf::nic
