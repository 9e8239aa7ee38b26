// The DCQCN reaction-point unit (sc/nic/dcqcn_rp_unit) around the kernel: the rate it publishes
// after its pipeline latency, its timers as deadlines, and late timers applied one period at a time.
// The expected values come from the kernel run directly and from the paper's eq. 1 and 2.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <systemc>

#include "hls/dcqcn/rp_kernel.hpp"
#include "hls/dcqcn/rp_vectors.hpp"
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

// With let_silent_timers_wait (the NIC's call) the alpha update leaves next_deadline_ps and runs when
// the flow's next event reaches the unit, as the same pass at its own deadline. Two units driven as
// the NIC drives them (each one's next_deadline_ps fired when due; a CNP before the timers due at its
// instant, a frame after them), one whose alpha updates wait and one that runs them on time, hold
// the same state word and busy cycles after every event. Seeded; events fall on alpha deadlines too.
TEST(DcqcnRpUnit, AlphaUpdatesThatWaitForTheNextEventGiveTheSameStateAtEveryEvent) {
  const uint64_t seed = 20261126;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  for (const dk::RpParams& p : {dk::RpParams::hpcc_ns3(100000), dk::RpParams::paper(100000)}) {
    DcqcnRpUnit on_time(p), waiting(p);
    waiting.let_silent_timers_wait();
    on_time.init_flow(0, sc_core::SC_ZERO_TIME);
    waiting.init_flow(0, sc_core::SC_ZERO_TIME);
    uint64_t on_time_calls = 0, waiting_calls = 0;
    const auto fire_due = [](DcqcnRpUnit& u, uint64_t up_to_ps, uint64_t& calls) {
      for (uint64_t d; (d = u.next_deadline_ps(0)) <= up_to_ps; ++calls) u.on_timer(0, sc_time::from_value(d));
    };
    std::mt19937_64 rng(seed);
    uint64_t t = 0;
    for (int k = 0; k < 20000; ++k) {
      const uint64_t due = on_time.next_deadline_ps(0);
      t = rng() % 4 == 0 && due != kNoDeadline && due > t ? due : t + 1000 * (1 + rng() % 3000);
      if (rng() % 16 == 0) {
        fire_due(on_time, t - 1, on_time_calls);
        fire_due(waiting, t - 1, waiting_calls);
        on_time.on_cnp(0, sc_time::from_value(t));
        waiting.on_cnp(0, sc_time::from_value(t));
      } else {
        fire_due(on_time, t, on_time_calls);
        fire_due(waiting, t, waiting_calls);
        on_time.on_tx(0, 1000, sc_time::from_value(t));
        waiting.on_tx(0, 1000, sc_time::from_value(t));
      }
      ASSERT_EQ(dk::rp_words(on_time.state(0), {}), dk::rp_words(waiting.state(0), {})) << "event " << k << " at " << t;
      ASSERT_EQ(on_time.busy_cycles(), waiting.busy_cycles()) << "event " << k << " at " << t;
    }
    std::printf("alpha K %u ns: %llu timer calls on time, %llu waiting\n", p.alpha_timer_ns,
                static_cast<unsigned long long>(on_time_calls), static_cast<unsigned long long>(waiting_calls));
    // The paper's alpha and increase timers share K = T = 55 us and mostly fire as one pass.
    if (p.alpha_timer_ns < p.increase_timer_ns) {
      EXPECT_LT(2 * waiting_calls, on_time_calls);
    }
    EXPECT_LE(waiting_calls, on_time_calls);
  }
}

// When the NIC stops a flow's timers (the flow completed or failed), the passes it fired were those
// due before that instant; a CNP arriving later (a notification point's window ending after the last
// ACK) finds the same state in a unit whose alpha updates waited as in one that ran them on time.
TEST(DcqcnRpUnit, AfterTheNicStopsAFlowsTimersNoWaitingPassRuns) {
  const dk::RpParams p = dk::RpParams::hpcc_ns3(100000);
  DcqcnRpUnit on_time(p), waiting(p);
  waiting.let_silent_timers_wait();
  for (DcqcnRpUnit* u : {&on_time, &waiting}) {
    u->init_flow(0, sc_core::SC_ZERO_TIME);
    u->on_cnp(0, sc_time(1, SC_US));
  }
  const sc_time stop(20'500, SC_NS);  // alpha updates due at 2, 3, ..., 20 us run; not those after
  for (uint64_t d; (d = on_time.next_deadline_ps(0)) < stop.value();) on_time.on_timer(0, sc_time::from_value(d));
  for (uint64_t d; (d = waiting.next_deadline_ps(0)) < stop.value();) waiting.on_timer(0, sc_time::from_value(d));
  on_time.on_timers_stopped(0, stop);
  waiting.on_timers_stopped(0, stop);
  EXPECT_EQ(dk::rp_words(on_time.state(0), {}), dk::rp_words(waiting.state(0), {}));
  for (DcqcnRpUnit* u : {&on_time, &waiting}) u->on_cnp(0, sc_time(60, SC_US));
  EXPECT_EQ(dk::rp_words(on_time.state(0), {}), dk::rp_words(waiting.state(0), {}));
  EXPECT_EQ(on_time.busy_cycles(), waiting.busy_cycles());
}

}  // namespace
}  // namespace ccf::nic
