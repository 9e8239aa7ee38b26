// cc_factory.hpp: the congestion-control units of a scenario: `nic.cc` picks the algorithm, its
// preset gives the parameters, and the scenario's [cc.<algorithm>] table overrides single keys.
// Every key has its unit in its name and a rule; a bad one throws BadInput naming it.
#pragma once

#include <memory>
#include <optional>

#include "dcqcn/np_kernel.hpp"
#include "dcqcn/rp_kernel.hpp"
#include "ldcp/ldcp_kernel.hpp"
#include "nic/cc_unit.hpp"
#include "nic/nic.hpp"
#include "scenario/scenario.hpp"
#include "swift/swift_kernel.hpp"
#include "timely/timely_kernel.hpp"

namespace ccf::cli {

// The [cc.ldcp] table as loaded: the sender's parameters, and the receiver's notification point for
// cc.ldcp.variant = "cx6dx_pcc" (docs/units/ldcp.md 11.7).
struct LdcpSettings {
  hls::ldcp::Params p;
  hls::dcqcn::NpParams np;
};

// Checks every [cc.<algorithm>] table of the scenario once (a scenario may carry tables for several
// algorithms, so that --set nic.cc=... switches between them), then builds one unit per NIC.
class CcFactory {
 public:
  // fabric_base_rtt_ns: the fabric's longest idle round trip (LDCP's default base RTT); 0 = derive
  // it from the star or two_switch scenario.
  explicit CcFactory(const sims::Scenario& s, double fabric_base_rtt_ns = 0.0);
  // The sender-side unit (reaction point) of one NIC.
  std::unique_ptr<nic::CcUnit> make_cc_unit() const;
  // The receiver-side unit (notification point) of one NIC; nullptr = none.
  std::unique_ptr<nic::NpUnit> make_np_unit() const;
  // NIC settings the algorithm needs (e.g. LDCP's delayed ACK with ECE at once).
  void configure_nic(nic::NicConfig& nc) const;

  // The parameters of each algorithm as loaded (preset, [cc.<algo>] keys, widths), for
  // `ccfabric explore`, which replays a recorded trace through the same units.
  const hls::dcqcn::RpParams& dcqcn_rp() const { return dcqcn_rp_; }
  const hls::dcqcn::NpParams& dcqcn_np() const { return dcqcn_np_; }
  const hls::swift::Params& swift() const { return swift_; }
  const hls::ldcp::Params& ldcp() const { return ldcp_; }
  // LDCP's CX6-DX PCC variant is in use (nic.cc = "ldcp", cc.ldcp.variant = "cx6dx_pcc").
  bool ldcp_pcc() const { return s_.nic.cc == "ldcp" && ldcp_.variant == hls::ldcp::Variant::kCx6dxPcc; }
  const hls::dcqcn::NpParams& ldcp_np() const { return ldcp_np_; }
  const hls::timely::Params& timely() const { return timely_; }

 private:
  const sims::Scenario& s_;
  double fabric_base_rtt_ns_;
  hls::dcqcn::RpParams dcqcn_rp_;
  hls::dcqcn::NpParams dcqcn_np_;
  hls::swift::Params swift_;
  hls::ldcp::Params ldcp_;
  hls::dcqcn::NpParams ldcp_np_;
  hls::timely::Params timely_;
};

}  // namespace ccf::cli
