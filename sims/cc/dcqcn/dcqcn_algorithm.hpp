// dcqcn_algorithm.hpp: DCQCN's registration (hls/dcqcn, docs/units/dcqcn.md): the reaction point and
// the notification point, their [cc.dcqcn] keys and presets. The settings are visible for the
// commands built on DCQCN alone (`ccfabric fluid`).
#pragma once

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"
#include "sims/cc/cc_algorithm.hpp"

namespace ccf::cc {

class DcqcnSettings : public CcSettings {
 public:
  std::unique_ptr<nic::CcUnit> make_cc_unit() const override;
  std::unique_ptr<nic::NpUnit> make_np_unit() const override;
  std::unique_ptr<explore::Unit> explore_unit(uint32_t mtu_bytes, double link_gbps) const override;

  hls::dcqcn::RpParams rp;
  hls::dcqcn::NpParams np;
  bool rtl = false;  // nic.dcqcn_impl = "rtl": the Verilated RP and NP run every pass (docs/units/dcqcn.md 10)
};

// The DCQCN parameters scenario s gives (checked; BadInput naming the key otherwise).
std::unique_ptr<DcqcnSettings> dcqcn_settings(const sims::Scenario& s);

// The [cc.<algo>] key a rule of the DCQCN kernels is about: rp_params_error and np_params_error start
// their messages with the register's name. nullptr for the widths and the line rate. LDCP's CX6-DX
// variant shares the notification point and its keys.
const char* dcqcn_rule_key(const std::string& err);

}  // namespace ccf::cc
