// fluid_model.hpp: the fluid model of DCQCN (DCQCN paper section 5.1, eq. 5-9, Tables 1 and 2) in
// its per-flow form: flows i = 1..N through one bottleneck of capacity C, each with its current rate
// RC_i, target rate RT_i and alpha_i, and the bottleneck queue q. The switch marks with RED (eq. 5);
// the senders see the marking probability and their own rate as they were tau* earlier (the control
// loop delay). Rates count packets of one size (the marking probability is per packet).
//   dq/dt       = sum_i RC_i - C                                                              (6)
//   dalpha_i/dt = g/tau' [(1 - (1 - p~)^(tau' R~_i)) - alpha_i]                                (7)
//   dRT_i/dt    = -(RT_i - RC_i)/tau (1 - (1 - p~)^(tau R~_i))
//                 + R_AI R~_i p~ (1 - p~)^(F B)      / ((1 - p~)^-B - 1)
//                 + R_AI R~_i p~ (1 - p~)^(F T R~_i) / ((1 - p~)^(-T R~_i) - 1)                  (8)
//   dRC_i/dt    = -RC_i alpha_i/(2 tau) (1 - (1 - p~)^(tau R~_i))
//                 + (RT_i - RC_i)/2 R~_i p~ / ((1 - p~)^-B - 1)
//                 + (RT_i - RC_i)/2 R~_i p~ / ((1 - p~)^(-T R~_i) - 1)                          (9)
// with p~ = p(t - tau*), R~_i = RC_i(t - tau*); at p~ = 0 the byte and timer terms are R~/B and 1/T.
// As in the DCQCN paper's model: no hyper increase, no PFC; RC is kept in [min rate, C] and RT <= C.
#pragma once

#include <vector>

namespace ccf::models::dcqcn {

struct FluidParams {
  double C_gbps = 40.0;              // bottleneck capacity C (on the wire)
  double packet_bytes = 1106.0;      // one packet on the wire: the unit of rates, B and the queue's packets
  double Kmin_bytes = 5'000, Kmax_bytes = 200'000, Pmax = 0.01;  // eq. 5
  double g = 1.0 / 256;
  double tau_us = 50.0;              // tau: CNP interval of the notification point
  double tau_prime_us = 55.0;        // tau': interval of eq. 2 (alpha timer K)
  double T_us = 55.0;                // rate-increase timer
  double B_bytes = 10'000'000;       // byte counter
  int F = 5;                         // fast-recovery steps
  double R_AI_gbps = 0.04;
  double min_rate_gbps = 0.1;
  double alpha_init = 1.0;
  // tau*: the fixed control loop (propagation, serialisation, CNP) and, when the switch marks on
  // arrival, the queueing delay the mark waits behind: a mark seen at t was decided at the arrival
  // t_a with t_a + q(t_a) / C = t - loop_us, and carries p(t_a).
  double loop_us = 4.0;
  bool mark_on_arrival = false;
  std::vector<double> start_us;      // one per flow: it starts at line rate then (RC = RT = C)
};

struct FluidSample {
  double t_us = 0.0;
  double q_bytes = 0.0;
  std::vector<double> rc_gbps, rt_gbps, alpha;
};

// RED's marking probability at queue q (eq. 5).
double red_probability(const FluidParams& p, double q_bytes);

// Integrates the model from t = 0 (empty queue) to duration_us with a fixed step (explicit Euler;
// the history of p and RC is kept per step, as floats), sampling every sample_us.
std::vector<FluidSample> solve_fluid(const FluidParams& p, double duration_us, double step_us, double sample_us);

}  // namespace ccf::models::dcqcn
