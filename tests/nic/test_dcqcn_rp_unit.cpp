// The DCQCN reaction-point unit (sc/nic/dcqcn_rp_unit) around the kernel: the rate it publishes
// after its pipeline latency, its timers as deadlines, and late timers applied one period at a time.
// The expected values come from the kernel run directly and from the paper's eq. 1 and 2.
#include <gtest/gtest.h>

#include <systemc>

#include "hls/dcqcn/rp_kernel.hpp"
#include "sc/nic/dcqcn_rp_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

namespace dk = hls::dcqcn;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_PS;
using sc_core::SC_US;

double gbps(uint32_t rate) { return double(rate) / 32.0 / 1000.0; }

TEST(DcqcnRpUnit, CnpHalvesTheRateAfterExactlyThePipelineLatency) {
  DcqcnRpUnit u(dk::RpParams::paper(100000));
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  EXPECT_DOUBLE_EQ(u.rate_gbps(0), 100.0);  // start at line rate (the DCQCN paper, section 3.1)
  sc_core::sc_start(sc_time(10, SC_US));
  u.on_cnp(0, sc_core::sc_time_stamp());
  // eq. 1 with alpha = 1 (initial): RC <- RC (1 - 1/2).
  sc_core::sc_start(sc_time(2, SC_NS));  // 2 cycles of 1 ns: not yet visible
  EXPECT_DOUBLE_EQ(u.rate_gbps(0), 100.0);
  sc_core::sc_start(sc_time(1, SC_NS));  // the third cycle: visible
  EXPECT_NEAR(u.rate_gbps(0), 100.0 * (1 - (1 - 1.0 / (1 << 20)) / 2), 1e-3);
  EXPECT_EQ(u.busy_cycles(), 1u);
}

TEST(DcqcnRpUnit, TimersAreDeadlinesAndFireTheKernelsEvents) {
  const dk::RpParams p = dk::RpParams::paper(100000);
  DcqcnRpUnit u(p);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(u.next_deadline_ps(0), kNoDeadline);  // no timer before the first CNP
  const sc_time t0(5, SC_US);
  u.on_cnp(0, t0);
  EXPECT_EQ(u.next_deadline_ps(0), t0.value() + sc_time(55, SC_US).value());  // K = T = 55 us
  // The same events run on the kernel directly give the expected state.
  dk::RpState ref = dk::rp_initial_state(p);
  dk::on_cnp(ref, p);
  dk::on_alpha_timer(ref, p);
  dk::on_increase_event(ref, p, dk::IncreaseSource::kTimer);
  u.on_timer(0, t0 + sc_time(55, SC_US));
  EXPECT_EQ(u.state(0).alpha, ref.alpha);
  EXPECT_EQ(u.state(0).rc, ref.rc);
  EXPECT_EQ(u.state(0).time_stage, ref.time_stage);
  // Both timers re-armed one period after their deadline, not after the late call.
  EXPECT_EQ(u.next_deadline_ps(0), t0.value() + sc_time(110, SC_US).value());
}

TEST(DcqcnRpUnit, ALateTimerCallAppliesEveryPeriodItMissed) {
  const dk::RpParams p = dk::RpParams::hpcc_ns3(100000);  // alpha every 1 us, forever
  DcqcnRpUnit u(p);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  u.on_cnp(0, sc_time(0, SC_PS));
  dk::RpState ref = dk::rp_initial_state(p);
  dk::on_cnp(ref, p);
  // 10.5 us later: the alpha timer (1 us) fired 10 times and the decrease check (4 us + 1 ns) twice.
  u.on_timer(0, sc_time(10500, SC_NS));
  uint64_t alpha_at = 1000, decrease_at = 4001;
  while (std::min(alpha_at, decrease_at) <= 10500) {
    if (alpha_at <= decrease_at) {
      dk::on_alpha_timer(ref, p);
      alpha_at += 1000;
    } else {
      dk::on_rate_decrease_timer(ref, p);
      decrease_at += 4000;
    }
  }
  EXPECT_EQ(u.state(0).alpha, ref.alpha);
  EXPECT_EQ(u.state(0).rc, ref.rc);
  EXPECT_LT(gbps(ref.rc), 100.0);  // the latched CNP cut the rate at the first decrease check
}

TEST(DcqcnRpUnit, ByteCounterIncreaseRunsFromTransmittedBytes) {
  dk::RpParams p = dk::RpParams::paper(100000);
  p.byte_counter_bytes = 100'000;
  DcqcnRpUnit u(p);
  u.init_flow(0, sc_core::SC_ZERO_TIME);
  u.on_cnp(0, sc_time(1, SC_US));
  const uint32_t cut = u.state(0).rc;
  for (int i = 0; i < 100; ++i) u.on_tx(0, 1000, sc_time(2, SC_US));  // exactly B bytes
  EXPECT_EQ(u.state(0).byte_stage, 1u);
  // Fast recovery (eq. 3): RC <- (RT + RC) / 2, with RT = the rate before the cut.
  EXPECT_NEAR(u.state(0).rc, (cut + dk::rate_from_mbps(100000)) / 2.0, 1.0);
}

}  // namespace
}  // namespace ccf::nic
