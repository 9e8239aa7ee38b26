// switch_setup.cpp: see switch_setup.hpp.
#include "sims/ccfabric/switch_setup.hpp"

#include <bit>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "sc/fabric/roce_format.hpp"
#include "sc/switch/switch_model.hpp"
#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {

uint32_t lfsr_seed(uint64_t seed, unsigned k) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ull * (k + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  const auto v = static_cast<uint32_t>(z ^ (z >> 31));
  return v ? v : 1;
}

// [switch.rcm] as the registers of docs/switch.md 2.11.6; times in switch cycles, CNs only towards
// neighbour switches.
sw::RcmConfig rcm_config(const sims::Scenario::Switch::Rcm& r, const fabric::Topology& topo,
                         const fabric::Routing& routing, unsigned k) {
  const auto cycles = [](double us) {
    return static_cast<uint32_t>(std::llround(us * 1e6 / double(swc::SwitchModel::kDefaultPeriodPs)));
  };
  sw::RcmConfig c;
  c.crd_en = true;
  c.cn_en = r.cn;
  c.rcc_en = r.rcc;
  c.sar_en = r.sar;
  c.qeq_bytes = static_cast<uint32_t>(r.qeq_bytes);
  c.qeq_ing_bytes = static_cast<uint32_t>(r.qeq_ingress_bytes);
  c.wq_log2 = static_cast<int>(std::lround(std::log2(r.wq)));
  c.sample_bytes = static_cast<uint32_t>(r.sample_bytes);
  c.fb_shift = static_cast<unsigned>(std::countr_zero(r.degree_unit_bytes));
  c.flag_hold_cycles = cycles(r.flag_hold_us);
  c.cn_interval_cycles = cycles(r.cn_interval_us);
  c.cn_w_shift = static_cast<unsigned>(std::lround(-std::log2(r.cn_weight)));
  c.cfr_sample_bytes = static_cast<uint32_t>(r.cfr_sample_bytes);
  c.rcc_class = r.rcc_class;
  c.rcc_queue = r.rcc_queue;
  c.rcc_window_bytes = static_cast<uint32_t>(r.rcc_window_bytes);
  c.rcc_min_bytes = static_cast<uint32_t>(r.rcc_min_bytes);
  c.sar_level = r.sar_min_degree;
  c.sar_gap_cycles = cycles(r.sar_gap_us);
  for (unsigned p = 0; p < topo.switch_ports[k]; ++p) {
    const size_t li = routing.link_index({fabric::NodeKind::kSwitch, k}, p);
    if (li != fabric::Routing::kNoLink && routing.peer(li, {fabric::NodeKind::kSwitch, k}).kind == fabric::NodeKind::kSwitch)
      c.cn_port_mask |= uint64_t{1} << p;
  }
  return c;
}

namespace {

// Bytes in whole cells of the switch's buffer.
uint32_t whole_cells(uint64_t bytes, uint64_t cell) { return static_cast<uint32_t>((bytes + cell - 1) / cell); }

// Per port, from the port's own link: cycles per pause quantum at 1.5625 GHz (800 / rate,
// docs/switch.md 2.1), and the PFC headroom (docs/buffer-plan.md): the frames that arrive during
// the PFC round trip plus the ones being sent at both ends, each counted in whole cells. Ports
// without a link get the values of fabric.link_gbps and fabric.link_delay_ns. Returns the headroom
// of the chip's `chip_ports` ports in cells, built or not (sw::chip_port_count).
uint64_t configure_ports(sw::SwitchConfig& c, const sims::Scenario& s, const sw::SwitchParams& params,
                         unsigned chip_ports, const fabric::Topology& topo, const fabric::Routing& routing,
                         unsigned k) {
  const uint64_t cell = params.cell_bytes;
  auto headroom_for = [&](double gbps, double delay_ns) -> uint32_t {
    if (s.sw.headroom_bytes != 0) return whole_cells(s.sw.headroom_bytes, cell);
    const uint64_t frame = fabric::roce::data_frame_bytes(s.nic.mtu_bytes, false);
    const double rtt_bytes = 2.0 * delay_ns * gbps / 8.0;
    const uint64_t frames = static_cast<uint64_t>(std::ceil(rtt_bytes / double(frame + 20))) + 3;
    return static_cast<uint32_t>(frames * whole_cells(frame, cell));
  };
  auto quantum_for = [&](double gbps) -> uint32_t {
    const double qc = 800.0 / gbps;
    if (qc != std::floor(qc) || qc < 1)
      throw BadInput(fmt::format("a link of switch {} at {} Gb/s must make 800 / rate a whole number of switch cycles per "
                                 "pause quantum (10, 20, 25, 40, 50, 80, 100, 160, 200, 400 or 800)",
                                 topo.switch_name(k), gbps));
    return static_cast<uint32_t>(qc);
  };
  uint64_t headroom_total = 0;
  for (unsigned p = 0; p < chip_ports; ++p) {  // the build has at most the chip's ports
    const size_t li = routing.link_index({fabric::NodeKind::kSwitch, k}, p);
    const double gbps = li == fabric::Routing::kNoLink ? s.fabric.link_gbps : topo.links[li].gbps;
    const double delay_ns = li == fabric::Routing::kNoLink ? s.fabric.link_delay_ns : topo.links[li].delay_ns;
    const uint32_t headroom_cells = headroom_for(gbps, delay_ns);
    headroom_total += headroom_cells;
    if (p >= params.nports) continue;
    sw::PortConfig& pc = c.ports[p];
    pc.headroom_cells = headroom_cells;
    pc.quantum_cycles = quantum_for(gbps);
    pc.pfc_refresh_cycles = static_cast<uint32_t>(uint64_t{c.pause_quanta} * pc.quantum_cycles / 2);
  }
  return headroom_total;
}

// The shared pool: the buffer less the per-queue reserves and, with PFC, the headroom of every
// port of the chip; and the static PFC threshold.
void size_shared_pool(sw::SwitchConfig& c, const sims::Scenario& s, const sw::SwitchParams& params,
                      unsigned chip_ports, uint64_t headroom_total) {
  const uint64_t cell = params.cell_bytes;
  const uint64_t usable = std::min<uint64_t>(params.ncells(), s.sw.buffer_bytes / cell);
  const uint64_t lossless = c.pfc_enable ? std::popcount(unsigned(c.lossless_mask)) : 0;
  const uint64_t fixed = uint64_t{c.reserve_cells} * chip_ports * params.nprio + headroom_total * lossless;
  if (fixed >= usable) {
    // Name what takes the buffer: the per-queue reserves and, with PFC, the headroom of every port.
    const std::string headroom =
        s.sw.headroom_bytes != 0
            ? fmt::format("switch.headroom_bytes = {}", s.sw.headroom_bytes)
            : fmt::format(
                  "switch.headroom_bytes = 0: derived from fabric.link_delay_ns = {}, the link rates "
                  "(fabric.link_gbps = {}) and nic.mtu_bytes = {}",
                  s.fabric.link_delay_ns, s.fabric.link_gbps, s.nic.mtu_bytes);
    throw BadInput(fmt::format(
        "switch.buffer_bytes = {} leaves no shared buffer after reserves and headroom ({} B; usable {} B): "
        "switch.reserve_bytes = {} x {} ports x {} priorities = {} B, PFC headroom {} B ({} lossless {} x {} B over "
        "the ports; {}); lower switch.reserve_bytes, switch.headroom_bytes or fabric.link_delay_ns",
        s.sw.buffer_bytes, fixed * cell, usable * cell, s.sw.reserve_bytes, chip_ports, params.nprio,
        uint64_t{c.reserve_cells} * chip_ports * params.nprio * cell, headroom_total * lossless * cell, lossless,
        lossless == 1 ? "class" : "classes", headroom_total * cell, headroom));
  }
  c.shared_pool_cells = static_cast<uint32_t>(usable - fixed);
  c.pfc_static_thr_cells = s.sw.pfc_static_bytes ? whole_cells(s.sw.pfc_static_bytes, cell)
                                                 : static_cast<uint32_t>(c.shared_pool_cells / (8 * chip_ports));
}

void configure_ecn(sw::SwitchConfig& c, const sims::Scenario& s) {
  c.mark_at_dequeue = s.sw.mark_at_dequeue;
  for (auto& q : c.queues) {
    q.ecn_en = s.sw.ecn.enable;
    q.kmin_bytes = static_cast<uint32_t>(s.sw.ecn.kmin_bytes);
    q.kmax_bytes = static_cast<uint32_t>(s.sw.ecn.kmax_bytes);
    q.pmax_65536 = static_cast<uint32_t>(std::lround(s.sw.ecn.pmax * 65536.0));
    q.wred_en = s.sw.ecn.wred_k_bytes > 0;
    q.wred_k_bytes = static_cast<uint32_t>(s.sw.ecn.wred_k_bytes);
  }
}

// Forwarding (docs/switch.md 2.3): a destination with one next hop goes to that port; one with
// several equal-cost next hops goes to the ECMP group of that set of ports, members ascending (the
// order fabric::Routing::path assumes). One group per distinct set.
void configure_forwarding(sw::SwitchConfig& c, const sw::SwitchParams& params, const fabric::Topology& topo,
                          const fabric::Routing& routing, unsigned k) {
  if (topo.hosts > c.fwd.size())
    throw BadInput(fmt::format("the fabric has {} hosts; the switch's forwarding table holds {} destinations (DST_W = {})",
                               topo.hosts, c.fwd.size(), params.dst_w));
  for (auto& f : c.fwd) f = {};
  std::map<int, uint8_t> group_of_set;
  const auto& sets = routing.next_hop_sets(k);
  for (unsigned h = 0; h < topo.hosts; ++h) {
    const int si = routing.next_hop_set(k, h);
    if (si < 0) continue;
    const std::vector<unsigned>& ports = sets[static_cast<size_t>(si)];
    if (ports.size() == 1) {
      c.fwd[h] = {true, false, static_cast<uint8_t>(ports[0])};
      continue;
    }
    auto it = group_of_set.find(si);
    if (it == group_of_set.end()) {
      if (group_of_set.size() >= params.ngroups)
        throw BadInput(fmt::format("{} needs more than {} ECMP groups (one per distinct set of equal-cost ports; the "
                                   "switch RTL has NGROUPS = {})",
                                   topo.switch_name(k), params.ngroups, params.ngroups));
      if (ports.size() > sw::kEcmpMaxMembers)
        throw BadInput(fmt::format("{} has {} equal-cost ports towards {}; an ECMP group holds at most {}",
                                   topo.switch_name(k), ports.size(), topo.host_name(h), sw::kEcmpMaxMembers));
      const auto g = static_cast<uint8_t>(group_of_set.size());
      sw::EcmpGroup& grp = c.ecmp[g];
      grp.size = static_cast<unsigned>(ports.size());
      for (size_t i = 0; i < ports.size(); ++i) grp.members[i] = static_cast<uint8_t>(ports[i]);
      it = group_of_set.emplace(si, g).first;
    }
    c.fwd[h] = {true, true, it->second};
  }
}

}  // namespace

sw::SwitchConfig switch_config(const sims::Scenario& s, const sw::SwitchParams& params, const fabric::Topology& topo,
                               const fabric::Routing& routing, unsigned k) {
  sw::SwitchConfig c = sw::SwitchConfig::defaults(params);
  c.lfsr_seed = lfsr_seed(s.sim.seed, k);
  c.pfc_enable = s.sw.pfc;
  c.pfc_dynamic = s.sw.pfc_threshold == "dynamic";
  c.pfc_beta_log2 = static_cast<int>(std::lround(std::log2(s.sw.pfc_beta)));
  c.reserve_cells = whole_cells(s.sw.reserve_bytes, params.cell_bytes);
  // The buffer is planned for the switch's chip, whichever build runs it (sw::chip_port_count).
  const unsigned chip_ports = sw::chip_port_count(topo.switch_ports[k]);
  const uint64_t headroom_total = configure_ports(c, s, params, chip_ports, topo, routing, k);
  size_shared_pool(c, s, params, chip_ports, headroom_total);
  configure_ecn(c, s);
  configure_forwarding(c, params, topo, routing, k);
  if (s.sw.rcm.enable) c.rcm = rcm_config(s.sw.rcm, topo, routing, k);
  // 2.11.4: the DWRR shares the port between RCC's two queues.
  if (s.sw.rcm.enable && s.sw.rcm.rcc)
    c.dwrr_group_mask |= static_cast<uint8_t>((1u << c.rcm.rcc_class) | (1u << c.rcm.rcc_queue));
  if (const std::string err = c.validate(params); !err.empty()) throw BadInput(err);
  return c;
}

sims::QueueMarks queue_marks(const sims::Scenario& s, const sw::SwitchParams& params, const sw::SwitchConfig& c) {
  sims::QueueMarks m;
  if (s.sw.ecn.enable) {
    m.ecn_kmin_bytes = s.sw.ecn.kmin_bytes;
    m.ecn_kmax_bytes = s.sw.ecn.kmax_bytes;
  }
  if (!c.pfc_enable) return m;
  if (c.pfc_dynamic)
    m.pfc_note = fmt::format("PFC XOFF dynamic: {} x free shared buffer / 8", s.sw.pfc_beta);
  else
    m.pfc_xoff_bytes = uint64_t{c.pfc_static_thr_cells} * params.cell_bytes;
  return m;
}

}  // namespace ccf::cli
