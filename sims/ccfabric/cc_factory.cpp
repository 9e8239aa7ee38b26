// cc_factory.cpp: see cc_factory.hpp.
#include "sims/ccfabric/cc_factory.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {
namespace {

// The algorithm in use and every algorithm with a table (a typo there is an error too).
bool wanted(const sims::Scenario& s, const std::string& algo) {
  return s.nic.cc == algo || s.cc_params.count(algo) || s.cc_text.count(algo);
}

// The units and kernels name the NIC's line rate nic.link_gbps; in a scenario it is fabric.link_gbps.
std::string scenario_key(std::string message) {
  static const std::string nic_key = "nic.link_gbps = ";
  if (message.rfind(nic_key, 0) == 0) message.replace(0, nic_key.size(), "fabric.link_gbps = ");
  return message;
}

}  // namespace

bool needs_base_rtt(const sims::Scenario& s) {
  for (const cc::CcAlgorithm* a : cc::algorithms())
    if (a->needs_base_rtt() && wanted(s, a->name())) return true;
  return false;
}

CcFactory::CcFactory(const sims::Scenario& s, double fabric_base_rtt_ns) : s_(s) {
  if (s.nic.cc != "none" && !cc::find_algorithm(s.nic.cc))
    throw BadInput(fmt::format("nic.cc = \"{}\" is unknown (known: none, {})", s.nic.cc, cc::algorithm_list()));
  try {
    for (const cc::CcAlgorithm* a : cc::algorithms())
      if (wanted(s, a->name())) loaded_[a->name()] = a->load(s, a->needs_base_rtt() ? fabric_base_rtt_ns : 0.0);
    make_cc_unit();  // the units check what needs the NIC as well (std::invalid_argument naming the key)
  } catch (const std::invalid_argument& e) {
    throw BadInput(scenario_key(e.what()));
  } catch (const BadInput& e) {
    throw BadInput(scenario_key(e.what()));
  }
}

const cc::CcSettings* CcFactory::in_use() const {
  const auto it = loaded_.find(s_.nic.cc);
  return it == loaded_.end() ? nullptr : it->second.get();
}

std::unique_ptr<nic::CcUnit> CcFactory::make_cc_unit() const {
  if (const cc::CcSettings* c = in_use()) return c->make_cc_unit();
  return std::make_unique<nic::CcNone>();
}

std::unique_ptr<nic::NpUnit> CcFactory::make_np_unit() const {
  const cc::CcSettings* c = in_use();
  return c ? c->make_np_unit() : nullptr;
}

void CcFactory::configure_nic(nic::NicConfig& nc) const {
  // A RoCE receiver's ACKs: an ECN echo on the ACK of a CE-marked frame, ACKs held as nic.ack_every
  // says; the algorithm changes what it needs.
  nc.ack_ce_at_once = false;
  nc.ack_ecn_echo = true;
  if (const cc::CcSettings* c = in_use()) c->configure_nic(nc);
  // The retransmission timer of the algorithm's transport (sims/scenario: rto_mode_in_effect).
  const auto us = [](double v) { return sc_core::sc_time(v, sc_core::SC_US); };
  const std::string mode = s_.rto_mode_in_effect();
  nic::RetransmitConfig& rc = nc.retransmit;
  rc.mode = mode == "rtt_estimate" ? nic::RtoMode::kRttEstimate : nic::RtoMode::kFixed;
  rc.fixed = mode == "ib_ack_timeout" ? nic::ib_local_ack_timeout(s_.nic.ib_ack_timeout_exp) : us(s_.nic.rto_us);
  rc.initial = us(s_.nic.rto_initial_us);
  rc.min = us(s_.nic.rto_min_us);
  rc.max = us(s_.nic.rto_max_us);
  rc.backoff = s_.rto_backoff_in_effect();
  rc.retry_limit = s_.retry_limit_in_effect();
}

}  // namespace ccf::cli
