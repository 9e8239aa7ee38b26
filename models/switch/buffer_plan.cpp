// buffer_plan.cpp: PFC/ECN buffer thresholds (DCQCN paper section 4)
// and the 802.1Qbb PFC headroom. Every formula is explained with its source in docs/buffer-plan.md.
#include "models/switch/buffer_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ccf::sw {
namespace {

// Frame overheads in bytes (IEEE 802.3): the MTU is the IP MTU; a PFC-tagged frame adds the
// Ethernet header (14), the 802.1Q tag that carries the priority (4) and the FCS (4); on the wire
// every frame also takes the preamble and SFD (8) and the inter-frame gap (12).
constexpr double kL2OverheadBytes = 14 + 4 + 4;
constexpr double kWireOverheadBytes = 8 + 12;
constexpr double kPfcFrameBytes = 64;    // a PFC frame is a minimum-size MAC control frame
constexpr double kBitsPerQuantum = 512;  // a pause quantum is 512 bit times
constexpr double kMaxCableM = 100'000;
constexpr double kMinPropagationNsPerM = 3.3;  // 1/c = 3.34 ns/m
constexpr double kMaxPropagationNsPerM = 10;
constexpr double kMinMtuBytes = 68;                  // IPv4 minimum MTU
constexpr double kMaxMtuBytes = 9216;                // the usual jumbo maximum
constexpr double kMaxBufferBytes = 1099511627776.0;  // 2^40
constexpr int kMaxPorts = 1024;
constexpr int kMaxPriorities = 8;                   // PFC classes
constexpr int kMinBetaLog2 = -6, kMaxBetaLog2 = 6;  // beta = 1/64 .. 64 (docs/switch.md 2.4)

const LinkRateClass* find_rate_class(double gbps) {
  for (const auto& rc : link_rate_classes()) {
    if (gbps == rc.gbps) return &rc;
  }
  return nullptr;
}

bool finite_at_least(double x, double lo) {
  return std::isfinite(x) && x >= lo;
}
bool finite_between(double x, double lo, double hi) {
  return std::isfinite(x) && x >= lo && x <= hi;
}

// log2(x) if x is a power of two (of any sign of exponent), else nullopt.
std::optional<int> exact_log2(double x) {
  if (!std::isfinite(x) || x <= 0) return std::nullopt;
  int e = 0;
  if (std::frexp(x, &e) != 0.5) return std::nullopt;
  return e - 1;
}

std::string rate_list() {
  std::string s;
  for (const auto& rc : link_rate_classes()) s += fmt::format("{}{}", s.empty() ? "" : ", ", rc.gbps);
  return s;
}

// Largest multiple of `step` strictly below `bound` (0 if none).
double largest_multiple_below(double bound, double step) {
  const double k = std::ceil(bound / step) - 1;
  return k >= 1 ? k * step : 0;
}

// `x` as a TOML float (always with a decimal point or exponent).
std::string toml_float(double x) {
  std::string s = fmt::format("{}", x);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

}  // namespace

const std::vector<LinkRateClass>& link_rate_classes() {
  // Response: the upstream's PAUSE reaction time, D-Resp; interface: D-Intf, the transmit plus
  // receive delay of one PHY/MAC pair. Both from the IEEE 802.3 limits as tabulated in the
  // headroom guidance cited in docs/buffer-plan.md 3 (e.g. 40 GbE: 60416 and 24576 bit times).
  static const std::vector<LinkRateClass> kClasses = {
      {10, 60, 8192},
      {25, 80, 6144},
      {40, 118, 24576},
      {100, 394, 122880},
  };
  return kClasses;
}

double HeadroomTerms::total_bytes() const {
  return pause_sender_frame_bytes + pfc_frame_bytes + interface_delay_bytes + cable_bytes + response_bytes +
         sender_frame_bytes;
}

std::string validate_link(const LinkSpec& link, double mtu_bytes) {
  if (!find_rate_class(link.link_gbps)) {
    return fmt::format(
        "--link-gbps = {} must be one of {} (the rates with published PFC response and interface "
        "delays); for another rate give --headroom-bytes",
        link.link_gbps, rate_list());
  }
  if (!finite_between(link.cable_m, 0, kMaxCableM)) {
    return fmt::format("--cable-m = {} must be between 0 and {}", link.cable_m, kMaxCableM);
  }
  if (!finite_between(link.propagation_ns_per_m, kMinPropagationNsPerM, kMaxPropagationNsPerM)) {
    return fmt::format("--prop-ns-per-m = {} must be between {} and {}", link.propagation_ns_per_m,
                       kMinPropagationNsPerM, kMaxPropagationNsPerM);
  }
  if (!finite_between(mtu_bytes, kMinMtuBytes, kMaxMtuBytes)) {
    return fmt::format("--mtu-bytes = {} must be between {} and {}", mtu_bytes, kMinMtuBytes, kMaxMtuBytes);
  }
  return {};
}

// Worst case of the 802.1Qbb delay model (docs/buffer-plan.md 3): the ingress queue crosses its
// threshold just as this port starts a max frame toward the upstream; the PAUSE waits behind that
// frame, is transmitted, crosses both PHYs and the cable, the upstream takes its response time to
// act and then finishes the max frame it has started; and the data sent meanwhile crosses both PHYs
// and the cable back. Everything the upstream sends during that time lands in the headroom.
HeadroomTerms derive_headroom(const LinkSpec& link, double mtu_bytes) {
  const LinkRateClass* rc = find_rate_class(link.link_gbps);
  if (!rc) throw std::invalid_argument(validate_link(link, mtu_bytes));
  const double bytes_per_ns = link.link_gbps / 8.0;  // 1 Gb/s = 1 bit/ns
  const double max_frame_bytes = mtu_bytes + kL2OverheadBytes + kWireOverheadBytes;
  HeadroomTerms t;
  t.pause_sender_frame_bytes = max_frame_bytes;
  t.pfc_frame_bytes = kPfcFrameBytes + kWireOverheadBytes;
  t.interface_delay_bytes = 2.0 * rc->interface_delay_bits / 8.0;
  t.cable_bytes = 2.0 * link.cable_m * link.propagation_ns_per_m * bytes_per_ns;
  t.response_bytes = rc->response_quanta * kBitsPerQuantum / 8.0;
  t.sender_frame_bytes = max_frame_bytes;
  return t;
}

double cable_length_for_headroom_m(double headroom_bytes, const LinkSpec& link, double mtu_bytes) {
  LinkSpec no_cable = link;
  no_cable.cable_m = 0;
  const double fixed_bytes = derive_headroom(no_cable, mtu_bytes).total_bytes();
  const double bytes_per_m = 2.0 * link.propagation_ns_per_m * link.link_gbps / 8.0;
  return (headroom_bytes - fixed_bytes) / bytes_per_m;
}

std::string validate(const BufferPlanInput& in) {
  if (!finite_between(in.buffer_bytes, 1, kMaxBufferBytes)) {
    return fmt::format("--buffer-bytes = {} must be between 1 and {}", in.buffer_bytes, kMaxBufferBytes);
  }
  if (in.ports < 1 || in.ports > kMaxPorts) {
    return fmt::format("--ports = {} must be between 1 and {}", in.ports, kMaxPorts);
  }
  if (in.priorities < 1 || in.priorities > kMaxPriorities) {
    return fmt::format("--priorities = {} must be between 1 and {} (PFC classes)", in.priorities, kMaxPriorities);
  }
  if (in.headroom_bytes && in.link) {
    return "--headroom-bytes and --link-gbps/--cable-m exclude each other: give the headroom or the "
           "link to derive it from";
  }
  if (!in.headroom_bytes && !in.link) {
    return "one of --headroom-bytes or --link-gbps with --cable-m is required";
  }
  if (in.headroom_bytes && !finite_at_least(*in.headroom_bytes, 0)) {
    return fmt::format("--headroom-bytes = {} must be a finite number >= 0", *in.headroom_bytes);
  }
  if (in.link) {
    if (std::string e = validate_link(*in.link, in.mtu_bytes); !e.empty()) return e;
  }
  if (!finite_between(in.mtu_bytes, kMinMtuBytes, kMaxMtuBytes)) {
    return fmt::format("--mtu-bytes = {} must be between {} and {}", in.mtu_bytes, kMinMtuBytes, kMaxMtuBytes);
  }
  const std::optional<int> beta_log2 = exact_log2(in.beta);
  if (!beta_log2 || *beta_log2 < kMinBetaLog2 || *beta_log2 > kMaxBetaLog2) {
    return fmt::format(
        "--beta = {} must be a power of two between 1/64 and 64 (the switch holds PFC_BETA_LOG2 = "
        "log2(beta) in {}..{})",
        in.beta, kMinBetaLog2, kMaxBetaLog2);
  }
  if (!finite_at_least(in.reserve_bytes, 0)) {
    return fmt::format("--reserve-bytes = {} must be a finite number >= 0", in.reserve_bytes);
  }
  const std::optional<int> cell_log2 = exact_log2(in.cell_bytes);
  if (!cell_log2 || in.cell_bytes < 64 || in.cell_bytes > 1024) {
    return fmt::format("--cell-bytes = {} must be a power of two between 64 and 1024", in.cell_bytes);
  }
  if (in.kmin_bytes && !finite_at_least(*in.kmin_bytes, 0)) {
    return fmt::format("--kmin-bytes = {} must be a finite number >= 0", *in.kmin_bytes);
  }
  // The pool left for sharing must be positive: B > P n (t_flight + r).
  const double t_flight =
      in.headroom_bytes ? *in.headroom_bytes : derive_headroom(*in.link, in.mtu_bytes).total_bytes();
  const double held_bytes = double(in.priorities) * in.ports * (t_flight + in.reserve_bytes);
  if (held_bytes >= in.buffer_bytes) {
    return fmt::format(
        "--buffer-bytes = {} must be larger than the headroom and reserve it holds: P*n*(t_flight + r) "
        "= {}*{}*({:.0f} + {}) B = {:.0f} B",
        in.buffer_bytes, in.priorities, in.ports, t_flight, in.reserve_bytes, held_bytes);
  }
  return {};
}

BufferPlan plan_buffer(const BufferPlanInput& in) {
  if (std::string e = validate(in); !e.empty()) throw std::invalid_argument(e);

  BufferPlan p;
  p.input = in;
  const double B = in.buffer_bytes;
  const double n = in.ports;
  const double P = in.priorities;
  const double beta = in.beta;
  const double cell = in.cell_bytes;

  if (in.link) p.headroom_terms = derive_headroom(*in.link, in.mtu_bytes);
  p.headroom_bytes = in.headroom_bytes ? *in.headroom_bytes : p.headroom_terms->total_bytes();

  // Section 4: every (port, priority) keeps t_flight of headroom (and here a reserve r); the rest
  // of the buffer, S = B - P n (t_flight + r), is shared. The paper has P = 8 and r = 0.
  p.total_headroom_bytes = P * n * p.headroom_bytes;
  p.total_reserve_bytes = P * n * in.reserve_bytes;
  p.shared_pool_bytes = B - p.total_headroom_bytes - p.total_reserve_bytes;

  // Static threshold: P n ingress queues share S equally, t_PFC <= (B - 8 n t_flight) / (8 n).
  p.static_pfc_threshold_bytes = p.shared_pool_bytes / (P * n);
  // ECN before PFC: one ingress queue may feed all n egress queues, so t_PFC >= n t_ECN.
  p.static_ecn_bound_bytes = p.static_pfc_threshold_bytes / n;

  // Dynamic threshold t_PFC = beta (B - 8 n t_flight - s) / 8 at shared occupancy s.
  p.pfc_beta_log2 = *exact_log2(beta);
  p.dynamic_pfc_threshold_empty_bytes = beta * p.shared_pool_bytes / kBetaDivisor;

  // ECN before PFC with the dynamic threshold: just before any egress queue marks, each of the
  // P n egress queues holds at most t_ECN, so s <= P n t_ECN, and one ingress queue holds at most
  // n t_ECN. Requiring n t_ECN <= beta (S - P n t_ECN) / 8 gives
  //   t_ECN < beta S / (n (8 + beta P)),
  // which for P = 8 is the paper's beta (B - 8 n t_flight) / (8 n (beta + 1)).
  const auto ecn_bound = [&](double shared_bytes) { return beta * shared_bytes / (n * (kBetaDivisor + beta * P)); };
  p.ecn_threshold_bound_bytes = ecn_bound(p.shared_pool_bytes);
  p.ingress_worst_case_bytes = n * p.ecn_threshold_bound_bytes;
  p.dynamic_pfc_threshold_at_s_n_tecn_bytes = dynamic_pfc_threshold_bytes(p, n * p.ecn_threshold_bound_bytes);
  p.dynamic_pfc_threshold_at_s_pn_tecn_bytes = dynamic_pfc_threshold_bytes(p, P * n * p.ecn_threshold_bound_bytes);

  // Cells: the switch holds floor(B / cell) cells and reserves whole cells of headroom and reserve.
  p.buffer_cells = static_cast<uint64_t>(std::floor(B / cell));
  p.headroom_cells = static_cast<uint64_t>(std::ceil(p.headroom_bytes / cell));
  p.reserve_cells = static_cast<uint64_t>(std::ceil(in.reserve_bytes / cell));
  const uint64_t queues = static_cast<uint64_t>(in.priorities) * static_cast<uint64_t>(in.ports);
  const uint64_t held_cells = queues * (p.headroom_cells + p.reserve_cells);
  p.shared_pool_cells = p.buffer_cells > held_cells ? p.buffer_cells - held_cells : 0;
  p.static_pfc_threshold_cells = p.shared_pool_cells / queues;
  p.dynamic_pfc_threshold_empty_cells =
      static_cast<uint64_t>(std::floor(beta * double(p.shared_pool_cells) / kBetaDivisor));
  p.ecn_threshold_bound_cell_rounded_bytes = ecn_bound(double(p.shared_pool_cells) * cell);
  const double safe_bound_bytes = std::min(p.ecn_threshold_bound_bytes, p.ecn_threshold_bound_cell_rounded_bytes);
  p.ecn_threshold_bound_cells = static_cast<uint64_t>(largest_multiple_below(safe_bound_bytes, cell) / cell);

  // Recommended marking: Kmin is the largest whole KB strictly below the bound (or, below 1 KB, the
  // largest whole number of cells); Kmax the DCQCN default 200 KB, or 2 Kmin when Kmin >= 100 KB so
  // the RED ramp is never narrower than Kmin; Pmax the DCQCN default 1 %.
  p.kmin_bytes = largest_multiple_below(safe_bound_bytes, kBytesPerKB);
  if (p.kmin_bytes == 0) p.kmin_bytes = largest_multiple_below(safe_bound_bytes, cell);
  p.kmax_bytes = std::max(kDcqcnKmaxBytes, 2.0 * p.kmin_bytes);
  p.pmax = kDcqcnPmax;
  p.kmin_cells = static_cast<uint64_t>(std::floor(p.kmin_bytes / cell));
  p.kmax_cells = static_cast<uint64_t>(std::floor(p.kmax_bytes / cell));

  if (in.kmin_bytes) p.given_kmin_satisfies_bound = *in.kmin_bytes < safe_bound_bytes;

  if (safe_bound_bytes < in.mtu_bytes) {
    p.warnings.push_back(
        fmt::format("the ECN threshold bound {:.3f} KB is below one MTU ({} B): ECN cannot fire before PFC on "
                    "a full-size frame (DCQCN section 4 calls this infeasible); raise --beta, lower the headroom "
                    "or use fewer --priorities",
                    safe_bound_bytes / kBytesPerKB, in.mtu_bytes));
  }
  if (p.kmin_bytes == 0) {
    p.warnings.push_back(
        fmt::format("no whole {}-B cell fits below the ECN threshold bound: Kmin = 0 (every ECT frame is a "
                    "marking candidate)",
                    in.cell_bytes));
  }
  return p;
}

double dynamic_pfc_threshold_bytes(const BufferPlan& plan, double occupancy_bytes) {
  return plan.input.beta * std::max(0.0, plan.shared_pool_bytes - occupancy_bytes) / kBetaDivisor;
}

std::string to_toml_switch_section(const BufferPlan& p) {
  const BufferPlanInput& in = p.input;
  std::string out;
  out += "# [switch] section written by `ccfabric buffer-plan` (docs/buffer-plan.md); 1 KB = 1000 B.\n";
  out += fmt::format("# B = {:.0f} B, n = {} ports, P = {} priorities, t_flight = {:.1f} B, beta = {}", in.buffer_bytes,
                     in.ports, in.priorities, p.headroom_bytes, in.beta);
  if (in.link) {
    out += fmt::format(" (headroom from {} Gb/s, {} m, MTU {} B)", in.link->link_gbps, in.link->cable_m, in.mtu_bytes);
  }
  out += ".\n";
  out += fmt::format(
      "# static t_PFC <= {:.3f} KB; dynamic t_PFC at s = 0: {:.3f} KB; t_ECN < {:.3f} KB; "
      "PFC_BETA_LOG2 = {}.\n",
      p.static_pfc_threshold_bytes / kBytesPerKB, p.dynamic_pfc_threshold_empty_bytes / kBytesPerKB,
      p.ecn_threshold_bound_bytes / kBytesPerKB, p.pfc_beta_log2);
  out += "[switch]\n";
  out += fmt::format("buffer_bytes = {:.0f}\n", std::floor(in.buffer_bytes));
  out += "pfc = true\n";
  out += "pfc_threshold = \"dynamic\"\n";
  out += fmt::format("pfc_beta = {}\n", toml_float(in.beta));
  out += fmt::format("headroom_bytes = {:.0f}\n", std::ceil(p.headroom_bytes));
  out += fmt::format("reserve_bytes = {:.0f}\n", std::ceil(in.reserve_bytes));
  out += "\n[switch.ecn]\n";
  out += fmt::format("kmin_bytes = {:.0f}\n", p.kmin_bytes);
  out += fmt::format("kmax_bytes = {:.0f}\n", p.kmax_bytes);
  out += fmt::format("pmax = {}\n", toml_float(p.pmax));
  return out;
}

}  // namespace ccf::sw
