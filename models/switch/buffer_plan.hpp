// buffer_plan.hpp: PFC/ECN buffer thresholds of a shared-buffer switch (DCQCN paper section 4
// "Buffer settings") and the PFC headroom a link needs (IEEE 802.1Qbb
// delay model). Formulas, sources and a worked example: docs/buffer-plan.md.
//
// Units: sizes in bytes, 1 KB = 1000 B (the unit in which the paper's figures come out).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ccf::sw {

inline constexpr double kBytesPerKB = 1000.0;

// The switch (docs/switch.md 2.4) and the paper's Trident II both define the dynamic threshold as
// beta * free / 8. This 8 is the hardware's scaling of beta, not the priority count.
inline constexpr double kBetaDivisor = 8.0;

// DCQCN defaults for 40 Gb/s (the DCQCN paper, section 5; ECN-or-Delay): Kmax = 200 KB, Pmax = 1 %.
inline constexpr double kDcqcnKmaxBytes = 200'000.0;
inline constexpr double kDcqcnPmax = 0.01;

// The link a PFC headroom is derived from.
struct LinkSpec {
  double link_gbps = 40.0;            // one of the rates in link_rate_classes()
  double cable_m = 0.0;               // one-way cable length
  double propagation_ns_per_m = 5.0;  // fibre ~5 ns/m, twin-ax copper ~4.8 ns/m
};

// Per-rate constants of the 802.1Qbb delay model, in bit times (docs/buffer-plan.md 3).
struct LinkRateClass {
  double gbps;
  unsigned response_quanta;       // peer's PAUSE reaction time, in quanta of 512 bit times
  unsigned interface_delay_bits;  // one PHY+MAC pair's transmit plus receive delay
};
const std::vector<LinkRateClass>& link_rate_classes();

// The terms of the worst-case headroom, each as the bytes that arrive at the link rate during it.
struct HeadroomTerms {
  double pause_sender_frame_bytes = 0;  // a max frame the PAUSE must wait behind (MTU + L2 + wire overhead)
  double pfc_frame_bytes = 0;           // the PFC frame itself (64 B + preamble + IFG)
  double interface_delay_bytes = 0;     // PHY/MAC delay, both directions
  double cable_bytes = 0;               // propagation, both directions
  double response_bytes = 0;            // the upstream's reaction time to the PAUSE
  double sender_frame_bytes = 0;        // the max frame the upstream cannot abandon
  double total_bytes() const;
};

// Headroom t_flight per (port, priority) for a link and an IP MTU. Call validate_link() first.
HeadroomTerms derive_headroom(const LinkSpec& link, double mtu_bytes);
// Cable length at which derive_headroom() gives `headroom_bytes` (link.cable_m is ignored);
// negative when even a 0 m cable needs more.
double cable_length_for_headroom_m(double headroom_bytes, const LinkSpec& link, double mtu_bytes);
// Empty if ok; else a message naming the option, the value and what is allowed.
std::string validate_link(const LinkSpec& link, double mtu_bytes);

struct BufferPlanInput {
  double buffer_bytes = 12'000'000.0;    // B, the switch's shared buffer
  int ports = 32;                        // n
  int priorities = 8;                    // P, PFC priorities in use
  std::optional<double> headroom_bytes;  // t_flight per (port, priority), given ...
  std::optional<LinkSpec> link;          // ... or derived from the link (exactly one of the two)
  double mtu_bytes = 1500.0;             // IP MTU: for the derivation and the feasibility check
  double beta = 8.0;                     // dynamic threshold factor, a power of two in 1/64..64
  double reserve_bytes = 0.0;            // guaranteed buffer per (port, priority), outside the pool
  int cell_bytes = 256;                  // the switch's accounting cell
  std::optional<double> kmin_bytes;      // a Kmin to check against the ECN bound
};

// Empty if ok; else a message naming the option, the value and what is allowed, e.g.
// "--ports = 0 must be between 1 and 1024".
std::string validate(const BufferPlanInput& in);

struct BufferPlan {
  BufferPlanInput input;
  std::optional<HeadroomTerms> headroom_terms;  // set when derived from the link

  // Buffer split (paper: B - 8 n t_flight; here with P priorities and a reserve r).
  double headroom_bytes = 0;        // t_flight per (port, priority)
  double total_headroom_bytes = 0;  // P n t_flight
  double total_reserve_bytes = 0;   // P n r
  double shared_pool_bytes = 0;     // S = B - P n (t_flight + r)

  // PFC thresholds (ingress queue, per port and priority).
  double static_pfc_threshold_bytes = 0;         // t_PFC <= S / (P n)
  double dynamic_pfc_threshold_empty_bytes = 0;  // beta S / 8 at shared occupancy s = 0
  int pfc_beta_log2 = 0;                         // PFC_BETA_LOG2 register value

  // ECN thresholds (egress queue); ECN fires before PFC iff t_ECN is below the bound.
  double static_ecn_bound_bytes = 0;     // t_ECN < t_PFC / n with the static t_PFC
  double ecn_threshold_bound_bytes = 0;  // t_ECN < beta S / (n (8 + beta P)) with the dynamic t_PFC
  double ingress_worst_case_bytes = 0;   // n t_ECN: one ingress queue feeding n egress queues at the bound
  double dynamic_pfc_threshold_at_s_n_tecn_bytes = 0;   // t_PFC at s = n t_ECN (the occupancy the paper prints)
  double dynamic_pfc_threshold_at_s_pn_tecn_bytes = 0;  // t_PFC at s = P n t_ECN (worst case; = n t_ECN)
  // The ECN bound again with the buffer, headroom and reserve rounded to whole cells the way the
  // switch holds them (buffer down, headroom and reserve up): what the hardware guarantees.
  double ecn_threshold_bound_cell_rounded_bytes = 0;

  // Recommended RED/ECN marking (docs/buffer-plan.md 4).
  double kmin_bytes = 0;  // largest whole KB below both ECN bounds
  double kmax_bytes = 0;  // max(200 KB, 2 Kmin)
  double pmax = 0;        // probability at Kmax (unitless)

  // Check of the given Kmin (input.kmin_bytes), if any.
  std::optional<bool> given_kmin_satisfies_bound;

  // The same figures in switch cells: sizes the switch must hold round up, thresholds round down.
  uint64_t buffer_cells = 0;
  uint64_t headroom_cells = 0;
  uint64_t reserve_cells = 0;
  uint64_t shared_pool_cells = 0;
  uint64_t static_pfc_threshold_cells = 0;
  uint64_t dynamic_pfc_threshold_empty_cells = 0;
  uint64_t ecn_threshold_bound_cells = 0;  // largest whole number of cells strictly below the bound
  uint64_t kmin_cells = 0;
  uint64_t kmax_cells = 0;

  std::vector<std::string> warnings;
};

// The plan for a valid input (validate(in) empty); throws std::invalid_argument otherwise.
BufferPlan plan_buffer(const BufferPlanInput& in);

// Dynamic PFC threshold beta (S - s) / 8 at shared occupancy s (DCQCN section 4), 0 when s >= S.
double dynamic_pfc_threshold_bytes(const BufferPlan& plan, double occupancy_bytes);

// The scenario's [switch] section (TOML) that configures the switch as planned.
std::string to_toml_switch_section(const BufferPlan& plan);

}  // namespace ccf::sw
