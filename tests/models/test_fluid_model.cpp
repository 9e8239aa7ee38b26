// The DCQCN fluid model (models/dcqcn/fluid_model.hpp) against the paper's equations in cases whose
// solution is known in closed form, and against itself at half the step.
#include <gtest/gtest.h>

#include <cmath>

#include "models/dcqcn/fluid_model.hpp"

namespace ccf::models::dcqcn {
namespace {

// RED (eq. 5): 0 up to Kmin, linear to Pmax at Kmax, 1 above.
TEST(FluidModel, RedProbabilityIsEquationFive) {
  FluidParams p;
  p.Kmin_bytes = 5'000, p.Kmax_bytes = 200'000, p.Pmax = 0.01;
  EXPECT_EQ(red_probability(p, 5'000), 0.0);
  EXPECT_DOUBLE_EQ(red_probability(p, 102'500), 0.005);
  EXPECT_DOUBLE_EQ(red_probability(p, 200'000), 0.01);
  EXPECT_EQ(red_probability(p, 200'001), 1.0);
}

// Without marks (Kmin above any queue) nothing cuts: two flows at line rate fill the queue at C
// (eq. 6: dq/dt = 2C - C), and RC, RT stay at C while alpha decays as (1 - g/tau')^t (eq. 7, p = 0).
TEST(FluidModel, WithoutMarksTheQueueGrowsAtTheExcessRateAndAlphaDecays) {
  FluidParams p;
  p.C_gbps = 40, p.Kmin_bytes = p.Kmax_bytes = 1e12;
  p.start_us = {0.0, 0.0};
  const auto s = solve_fluid(p, 100.0, 0.01, 10.0);
  ASSERT_EQ(s.size(), 11u);
  for (const auto& x : s) {
    EXPECT_NEAR(x.q_bytes, 40.0 * 125.0 * x.t_us, 1e-6 * 40.0 * 125.0 * x.t_us + 1.0) << x.t_us;  // 5,000 B/us
    EXPECT_DOUBLE_EQ(x.rc_gbps[0], 40.0);
    EXPECT_DOUBLE_EQ(x.rt_gbps[1], 40.0);
    EXPECT_NEAR(x.alpha[0], std::exp(-p.g / p.tau_prime_us * x.t_us), 1e-4) << x.t_us;
  }
}

// A flow that starts later joins at line rate then and is absent before.
TEST(FluidModel, AFlowStartsAtLineRateAtItsStartTime) {
  FluidParams p;
  p.C_gbps = 100, p.Kmin_bytes = p.Kmax_bytes = 1e12;
  p.start_us = {0.0, 50.0};
  const auto s = solve_fluid(p, 100.0, 0.05, 25.0);
  EXPECT_EQ(s[1].rc_gbps[1], 0.0);   // 25 us
  EXPECT_EQ(s[3].rc_gbps[1], 100.0);  // 75 us
  EXPECT_NEAR(s[4].q_bytes, 100.0 * 125.0 * 50.0, 200.0);  // one excess flow for 50 us
}

// The integration converges: an 8:1 incast at 40 Gb/s (the DCQCN paper's values) gives the same
// trajectory at half the step, within 2 % of C/N in RC and 5 KB in the queue.
TEST(FluidModel, HalvingTheStepKeepsTheTrajectory) {
  FluidParams p;
  p.start_us.assign(8, 0.0);
  const auto a = solve_fluid(p, 10'000.0, 0.05, 100.0), b = solve_fluid(p, 10'000.0, 0.025, 100.0);
  ASSERT_EQ(a.size(), b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_NEAR(a[k].rc_gbps[0], b[k].rc_gbps[0], 0.02 * 40.0 / 8) << a[k].t_us;
    EXPECT_NEAR(a[k].q_bytes, b[k].q_bytes, 5'000.0) << a[k].t_us;
  }
}

}  // namespace
}  // namespace ccf::models::dcqcn
