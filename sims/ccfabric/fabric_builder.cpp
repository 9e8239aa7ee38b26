// fabric_builder.cpp: see fabric_builder.hpp.
#include "sims/ccfabric/fabric_builder.hpp"

#include <bit>

#include <fmt/format.h>

#include "sc/fabric/flow_hash.hpp"
#include "sims/ccfabric/in_scenario_file.hpp"
#include "sims/ccfabric/process_memory.hpp"
#include "sims/ccfabric/switch_setup.hpp"
#include "sims/output/gtkwave_view.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::cli {

std::vector<sw::SwitchParams> switch_params(const sims::Scenario& s, const fabric::Topology& topo) {
  const std::vector<uint64_t> cabled_ports = topo.switch_cabled_ports();
  std::vector<sw::SwitchParams> params(topo.switches());
  for (unsigned k = 0; k < topo.switches(); ++k) {
    const auto cabled = static_cast<unsigned>(std::bit_width(cabled_ports[k]));  // 1 + the highest cabled port
    // A build between the cabled ports and the chip's (whose buffer plan the configuration holds).
    const unsigned chip = sw::chip_port_count(topo.switch_ports[k]);
    if (s.sw.built_ports != 0 && (s.sw.built_ports < cabled || s.sw.built_ports > chip)) {
      std::string allowed;
      for (unsigned n : sw::kBuiltPortCounts)
        if (n >= cabled && n <= chip) allowed += fmt::format(" or {}", n);
      throw BadInput(fmt::format("switch.built_ports = {}: {} cables {} ports (its highest cabled port is {}) and is a "
                                 "{}-port chip; allowed: 0{} (a build with its cabled ports, at most its chip's)",
                                 s.sw.built_ports, topo.switch_name(k), cabled, cabled - 1, chip, allowed));
    }
    params[k].nports = s.sw.built_ports != 0 ? s.sw.built_ports : sw::built_port_count(cabled);
    params[k].rcm = s.sw.rcm.enable;
    params[k].buffer_bytes = sw::built_buffer_bytes(s.sw.buffer_bytes, s.sw.rcm.enable);
  }
  return params;
}

Fabric::Fabric(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
               const CcFactory& cc, const FabricOptions& o)
    : params(switch_params(s, topo)),
      switch_here(o.switch_here.empty() ? std::vector<bool>(topo.switches(), true) : o.switch_here),
      host_here(o.host_here.empty() ? std::vector<bool>(topo.hosts, true) : o.host_here) {
  build_switches(s, topo, routing, o);
  build_nics(s, topo, routing, cc, o);
  build_links(topo);
}

// The memory of the switch models is measured as the growth of the resident set while they are built.
void Fabric::build_switches(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
                            const FabricOptions& o) {
  std::vector<sw::SwitchConfig> configs;
  for (unsigned k = 0; k < topo.switches(); ++k)
    configs.push_back(in_scenario_file(o.scenario_file, [&] { return switch_config(s, params[k], topo, routing, k); }));
  const std::vector<uint64_t> cabled_ports = topo.switch_cabled_ports();
  rss_before_switches_bytes = resident_set_bytes();
  for (unsigned k = 0; k < topo.switches(); ++k) {
    const uint64_t used = cabled_ports[k];
    const bool trace = !o.trace_dir.empty();
    const std::string trace_path = o.trace_dir + fmt::format("/switch{}.fst", k);
    switches.push_back(std::make_unique<swc::SwitchModel>(fmt::format("switch{}", k).c_str(), params[k], configs[k],
                                                          used, swc::SwitchModel::kDefaultPeriodPs, false,
                                                          trace ? trace_path.c_str() : nullptr,
                                                          !switch_here[k]    ? swc::SwitchImpl::kNone
                                                          : s.sw.impl == "rtl" ? swc::SwitchImpl::kRtl
                                                                               : swc::SwitchImpl::kReference));
    switches.back()->set_ecmp_seed(fabric::ecmp_seed(s.sim.seed, k));
    if (trace) {
      switches.back()->set_trace_window(o.trace_from_ps, o.trace_to_ps);
      const sw::SwitchParams& sp = params[k];
      sims::write_output_file(o.trace_dir + fmt::format("/switch{}.gtkw", k),
                              sims::gtkwave_view({fmt::format("switch{}", k), fmt::format("switch{}.fst", k), sp.nports,
                                                  sp.nprio, sp.tag_w, sp.dst_w, sp.cfr_depth, sp.rcm, used}));
    }
  }
  const uint64_t rss_after = resident_set_bytes();
  switches_bytes = rss_after > rss_before_switches_bytes ? rss_after - rss_before_switches_bytes : 0;
  for (const auto& c : configs) lossless_mask |= c.pfc_enable ? c.lossless_mask : 0;
  if (!configs.empty()) queue_marks = cli::queue_marks(s, params[0], configs[0]);
}

void Fabric::build_nics(const sims::Scenario& s, const fabric::Topology& topo, const fabric::Routing& routing,
                        const CcFactory& cc, const FabricOptions& o) {
  for (unsigned h = 0; h < topo.hosts; ++h) {
    nic::NicConfig nc;
    nc.host_id = h;
    const fabric::LinkSpec& hl = topo.links[routing.link_index({fabric::NodeKind::kHost, h}, 0)];
    nc.link_gbps = hl.gbps;
    nc.link_delay = sc_core::sc_time(hl.delay_ns, sc_core::SC_NS);
    nc.mtu_bytes = s.nic.mtu_bytes;
    nc.ack_every = s.nic.ack_every;
    nc.host_gbps = s.nic.host_gbps;
    nc.host_queue_bytes = s.nic.host_queue_bytes;
    nc.host_xoff_bytes = s.nic.host_queue_bytes / 2;
    nc.host_xon_bytes = s.nic.host_queue_bytes / 8 * 3;
    cc.configure_nic(nc);
    if (const std::string err = nc.validate(); !err.empty()) throw BadInput(err);
    std::unique_ptr<nic::CcUnit> rp = cc.make_cc_unit();
    std::unique_ptr<nic::NpUnit> np = cc.make_np_unit();
    if (o.wrap_units) o.wrap_units(h, rp, np);
    nics.push_back(std::make_unique<nic::Nic>(fmt::format("host{}", h).c_str(), nc, std::move(rp), std::move(np)));
  }
}

// A host's link is the NIC's transmitter one way and a Link the other; a switch-to-switch link is
// two Links.
void Fabric::build_links(const fabric::Topology& topo) {
  auto new_link = [&](const fabric::LinkSpec& l, const std::string& name) {
    links.push_back(std::make_unique<fabric::Link>(name.c_str(), l.gbps, sc_core::sc_time(l.delay_ns, sc_core::SC_NS)));
    return links.back().get();
  };
  link_dirs.resize(topo.links.size());
  for (size_t li = 0; li < topo.links.size(); ++li) {
    const fabric::LinkSpec& l = topo.links[li];
    const bool a_host = l.a.kind == fabric::NodeKind::kHost, b_host = l.b.kind == fabric::NodeKind::kHost;
    if (a_host != b_host) {
      const fabric::NodeRef host = a_host ? l.a : l.b, sw_node = a_host ? l.b : l.a;
      const unsigned port = a_host ? l.port_b : l.port_a;
      nic::Nic& n = *nics[host.index];
      swc::SwitchModel& sm = *switches[sw_node.index];
      n.tx.out.bind(sm.in_socket(port));
      sm.attach_ingress(port, &n.tx);
      fabric::Link* down = new_link(l, fmt::format("switch{}_p{}_to_host{}", sw_node.index, port, host.index));
      n.receive_from(*down);
      sm.attach_egress(port, down);
      link_dirs[li] = a_host ? std::array{&n.tx, down} : std::array{down, &n.tx};
    } else {
      fabric::Link* ab = new_link(l, fmt::format("switch{}_p{}_to_switch{}", l.a.index, l.port_a, l.b.index));
      fabric::Link* ba = new_link(l, fmt::format("switch{}_p{}_to_switch{}", l.b.index, l.port_b, l.a.index));
      ab->out.bind(switches[l.b.index]->in_socket(l.port_b));
      ba->out.bind(switches[l.a.index]->in_socket(l.port_a));
      switches[l.b.index]->attach_ingress(l.port_b, ab);
      switches[l.a.index]->attach_ingress(l.port_a, ba);
      switches[l.a.index]->attach_egress(l.port_a, ab);
      switches[l.b.index]->attach_egress(l.port_b, ba);
      link_dirs[li] = {ab, ba};
    }
  }
}

std::vector<RunFlow> Fabric::add_flows(const std::vector<sims::GeneratedFlow>& generated) {
  std::vector<RunFlow> flows;
  for (const auto& g : generated) {
    nic::FlowSpec fs;
    fs.id = g.id;
    fs.dst_host = g.dst;
    fs.priority = static_cast<uint8_t>(g.priority);
    fs.bytes = g.bytes;
    fs.start = sc_core::sc_time(g.start_us, sc_core::SC_US);
    fs.max_gbps = g.max_gbps;
    if (host_here[g.src])
      flows.push_back({g.src, nics[g.src]->add_flow(fs), g.id});
    else
      flows.push_back({g.src, 0, g.id, 0, false});
  }
  for (const auto& n : nics)
    if (n) n->no_more_flows();
  return flows;
}

void Fabric::take_waiting_frames() {
  const uint64_t now = fabric::now_ps();
  for (const auto& n : nics)
    if (n) n->take_waiting_frames(now == 0 ? 0 : now - 1);  // now's frames are the next sc_start's
}

}  // namespace ccf::cli
