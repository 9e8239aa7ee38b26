// test_nic.cpp: the host NIC (sc/nic, docs/nic.md): flows, TX scheduler, go-back-N, ACK/NAK/CNP,
// host receive path with PFC, the CC interface, accounting; and NICs through the Verilated switch.
// Every TEST runs in its own process (gtest_discover_tests): SystemC elaborates once per process.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <systemc>

#include "models/switch/switch_config.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/nic/cc_unit.hpp"
#include "hls/dcqcn/rp_kernel.hpp"
#include "hls/dcqcn/rp_vectors.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/dcqcn_rp_unit.hpp"
#include "sc/nic/forwarding_cc_unit.hpp"
#include "sc/nic/nic.hpp"
#include "sc/switch/switch_model.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::test {
namespace {

using nic::CcFixed;
using nic::DropReason;
using nic::FlowSpec;
using nic::Nic;
using nic::NicConfig;
using sc_core::SC_US;
using sc_core::sc_time;

constexpr uint32_t kMtu = 1024;
constexpr double kLinkGbps = 100.0;
constexpr uint64_t kDelayPs = 1'000'000;  // 1 us

uint64_t now_ps() { return sc_core::sc_time_stamp().value(); }
// Serialization of a frame at 100 Gb/s (10 ps per bit), with padding, preamble, SFD and IFG.
uint64_t ser_ps(uint32_t len_bytes) { return uint64_t{fabric::roce::wire_bytes(len_bytes)} * 8 * 10; }
uint32_t data_len(uint32_t payload) { return fabric::roce::data_frame_bytes(payload); }

// Two NICs back to back over two links (100 Gb/s, 1 us): host 0 sends, host 1 receives.
struct Pair {
  Nic* a = nullptr;
  Nic* b = nullptr;
  CcFixed* cc = nullptr;  // A's unit (a test double)
  std::unique_ptr<Nic> a_own, b_own;

  explicit Pair(NicConfig ca = {}, NicConfig cb = {}, std::unique_ptr<CcFixed> cc_a = nullptr,
                std::unique_ptr<nic::NpUnit> np_b = nullptr) {
    ca.host_id = 0;
    cb.host_id = 1;
    if (!cc_a) cc_a = std::make_unique<CcFixed>();
    cc = cc_a.get();
    a_own = std::make_unique<Nic>("nic_a", ca, std::move(cc_a));
    b_own = std::make_unique<Nic>("nic_b", cb, nullptr, std::move(np_b));
    a = a_own.get();
    b = b_own.get();
    a->tx.out.bind(b->in);
    b->tx.out.bind(a->in);
  }
  // Data frames A injected = delivered to B's host + dropped at B + in B's host queue + on A's wire.
  void expect_balanced() const {
    EXPECT_EQ(a->counters().data_frames_sent, b->counters().data_frames_delivered + b->counters().drops_total() +
                                                  b->host_queue_frames() + a->tx.frames_in_flight())
        << "at " << now_ps() << " ps";
  }
};

// Records what B's host receives per flow and checks it is every byte once, in order.
struct DeliveryLog {
  std::vector<uint64_t> next_byte;  // per flow id
  uint64_t errors = 0;
  void attach(Nic& n, size_t flows) {
    next_byte.assign(flows, 0);
    n.set_on_deliver([this](uint32_t, uint32_t flow, uint32_t, uint64_t byte_seq, uint32_t bytes) {
      if (byte_seq != next_byte.at(flow)) ++errors;
      next_byte[flow] = byte_seq + bytes;
    });
  }
};

// Drops the first `copies` arrivals of data frame `psn` at `n` and records when every copy arrived.
struct LostCopies {
  std::vector<uint64_t> arrivals_ps;
  LostCopies(Nic& n, uint32_t psn, unsigned copies) {
    n.set_rx_hook([this, psn, copies](fabric::Frame& f) {
      if (f.psn != psn) return true;
      arrivals_ps.push_back(now_ps());
      return arrivals_ps.size() > copies;
    });
  }
};

TEST(Nic, OneFlowCompletesWithinOnePercentOfTheIdealFct) {
  Pair p;
  constexpr uint64_t kBytes = 1'000'000;  // 976 full frames and one of 576 B
  const uint32_t i = p.a->add_flow({.id = 0, .dst_host = 1, .priority = 3, .bytes = kBytes});
  sc_core::sc_start(sc_time(200, SC_US));
  const nic::FlowState& f = p.a->flow(i);
  ASSERT_TRUE(f.done);
  const uint64_t full = kBytes / kMtu, last = kBytes % kMtu;
  // Ideal: all frames back to back, one propagation, the last ACK's serialization and propagation.
  const uint64_t ideal_ps = full * ser_ps(data_len(kMtu)) + ser_ps(data_len(last)) + kDelayPs +
                            ser_ps(fabric::roce::ack_frame_bytes()) + kDelayPs;
  std::printf("fct %llu ps, ideal %llu ps (%.4f %%)\n", static_cast<unsigned long long>(f.fct_ps),
              static_cast<unsigned long long>(ideal_ps), 100.0 * (double(f.fct_ps) - double(ideal_ps)) / ideal_ps);
  EXPECT_NEAR(double(f.fct_ps), double(ideal_ps), 0.01 * ideal_ps);
  EXPECT_GE(f.fct_ps, ideal_ps);
  EXPECT_EQ(f.c.bytes_acked, kBytes);
  EXPECT_EQ(f.c.data_frames_sent, full + 1);
  EXPECT_EQ(f.c.data_frames_retransmitted, 0u);
  EXPECT_EQ(p.b->counters().bytes_delivered, kBytes);
  EXPECT_EQ(p.b->counters().acks_sent, full + 1);
  EXPECT_EQ(p.a->counters().acks_received, full + 1);
  EXPECT_EQ(p.b->counters().drops_total(), 0u);
  EXPECT_EQ(p.cc->events().tx, full + 1);
  EXPECT_EQ(p.cc->events().acked_bytes, kBytes);
}

// Nic::receive_from: a NIC that acts on delivered frames in the link's process (when nothing else runs
// at that instant) does what it would do in its own process a delta cycle later. Two pairs run side by
// side, one bound each way and started later by an odd time so that the two rarely act at one instant:
// the same deliveries, ACKs and completions at the same times after the start.
TEST(Nic, ActingInTheDeliveringLinksProcessChangesNothing) {
  struct Side {
    std::unique_ptr<Nic> a, b;
    std::vector<uint64_t> events;  // (time, flow, byte) of B's deliveries, then (time, flow) of A's completions
  };
  auto make = [](const std::string& tag, bool in_link_process) {
    Side s;
    NicConfig ca, cb;
    ca.host_id = 0;
    cb.host_id = 1;
    cb.ack_every = 3;  // the coalescing timer acts too
    s.a = std::make_unique<Nic>(("a_" + tag).c_str(), ca, std::make_unique<CcFixed>(30.0));
    s.b = std::make_unique<Nic>(("b_" + tag).c_str(), cb);
    if (in_link_process) {
      s.b->receive_from(s.a->tx);
      s.a->receive_from(s.b->tx);
    } else {
      s.a->tx.out.bind(s.b->in);
      s.b->tx.out.bind(s.a->in);
    }
    return s;
  };
  Side inl = make("inline", true), own = make("own", false);
  constexpr uint64_t kShiftPs = 333'331;
  for (Side* s : {&inl, &own}) {
    const uint64_t t0 = s == &own ? kShiftPs : 0;
    s->b->set_on_deliver([s, t0](uint32_t, uint32_t flow, uint32_t, uint64_t byte_seq, uint32_t) {
      s->events.insert(s->events.end(), {now_ps() - t0, flow, byte_seq});
    });
    s->a->set_on_complete([s, t0](uint32_t i) { s->events.insert(s->events.end(), {now_ps() - t0, 1000 + i}); });
    const auto at = [t0](uint64_t ps) { return sc_time::from_value(t0 + ps); };
    s->a->add_flow({.id = 0, .dst_host = 1, .bytes = 300'000, .start = at(0)});
    s->a->add_flow({.id = 1, .dst_host = 1, .bytes = 200'000, .start = at(0), .max_gbps = 7.0});
    s->a->add_flow({.id = 2, .dst_host = 1, .bytes = 100'000, .start = at(13'000'000)});
  }
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  for (uint32_t i = 0; i < 3; ++i) {
    ASSERT_TRUE(inl.a->flow(i).done && own.a->flow(i).done) << "flow " << i;
    EXPECT_EQ(inl.a->flow(i).fct_ps, own.a->flow(i).fct_ps) << "flow " << i;
  }
  EXPECT_EQ(inl.events, own.events);
  EXPECT_EQ(inl.b->counters().acks_sent, own.b->counters().acks_sent);
  std::printf("%zu deliveries and completions; acted in the link's process: A %llu, B %llu times\n", inl.events.size(),
              static_cast<unsigned long long>(inl.a->acted_in_link_process()),
              static_cast<unsigned long long>(inl.b->acted_in_link_process()));
  EXPECT_GT(inl.a->acted_in_link_process(), 0u);
  EXPECT_GT(inl.b->acted_in_link_process(), 0u);
  EXPECT_EQ(own.a->acted_in_link_process() + own.b->acted_in_link_process(), 0u);
}

// DCQCN's alpha update changes no rate, and on a NIC with one flow the ring it would put the flow in
// holds no other flow, so that NIC lets it wait for the flow's next event (Nic::no_more_flows,
// CcUnit::let_silent_timers_wait); a unit behind an observer (ForwardingCcUnit), or on a NIC with
// more flows, runs every pass at its deadline. Pairs with HPCC's profile (alpha every 1 us, the rate
// decrease check every 4 us), a flow each way and CE marks at both ends drawn from a seed: the same
// deliveries and completions at the same times, and the same unit state once both units have run
// every pass due by the end.
struct AlphaTimerPair {
  struct TimerCalls : nic::DcqcnRpUnit {
    using DcqcnRpUnit::DcqcnRpUnit;
    uint64_t calls = 0;
    void on_timer(uint32_t flow, sc_time now) override {
      ++calls;
      DcqcnRpUnit::on_timer(flow, now);
    }
  };
  struct Options {
    unsigned flows_a = 1;
    uint64_t bytes_a = 600'000;  // host 0's first flow; 0 = unlimited
    unsigned loss_one_in = 0;    // data frames lost at arrival, drawn from the seed; 0 = none
  };
  std::unique_ptr<Nic> nic[2];
  TimerCalls* unit[2] = {};
  std::mt19937_64 marks[2], losses[2];
  std::vector<uint64_t> events;  // (time, host, flow, byte) of deliveries, (time, host, flow) of completions

  AlphaTimerPair(const std::string& tag, bool observed, uint64_t seed, Options o) {
    for (unsigned h = 0; h < 2; ++h) {
      NicConfig c;
      c.host_id = h;
      auto u = std::make_unique<TimerCalls>(hls::dcqcn::RpParams::hpcc_ns3(100000));
      unit[h] = u.get();
      std::unique_ptr<nic::CcUnit> cc = std::move(u);
      if (observed) cc = std::make_unique<nic::ForwardingCcUnit>(std::move(cc));
      nic[h] = std::make_unique<Nic>(fmt::format("{}_{}", tag, h).c_str(), c, std::move(cc),
                                     std::make_unique<nic::NpEveryCe>());
      marks[h].seed(seed + h);
      losses[h].seed(seed + 2 + h);
    }
    for (unsigned h = 0; h < 2; ++h) {
      nic[h]->receive_from(nic[1 - h]->tx);
      nic[h]->set_rx_hook([this, h, o](fabric::Frame& f) {
        if (f.kind == fabric::FrameKind::kData && marks[h]() % 40 == 0) f.ecn = fabric::Ecn::kCe;
        return o.loss_one_in == 0 || losses[h]() % o.loss_one_in != 0;
      });
      nic[h]->set_on_deliver([this, h](uint32_t, uint32_t flow, uint32_t, uint64_t byte_seq, uint32_t) {
        events.insert(events.end(), {now_ps(), h, flow, byte_seq});
      });
      nic[h]->set_on_complete([this, h](uint32_t i) { events.insert(events.end(), {now_ps(), h, 1000 + i}); });
    }
    const auto us = [](double t) { return sc_time(t, SC_US); };
    nic[0]->add_flow({.id = 0, .dst_host = 1, .bytes = o.bytes_a, .start = us(0)});
    if (o.flows_a > 1) nic[0]->add_flow({.id = 2, .dst_host = 1, .bytes = 300'000, .start = us(7), .max_gbps = 30.0});
    nic[1]->add_flow({.id = 1, .dst_host = 0, .bytes = 400'000, .start = us(3)});
    for (auto& n : nic) n->no_more_flows();
  }
  // Both units run every pass due by now (a flow's timers stop being asked for when it completes).
  void run_due_passes() {
    for (unsigned h = 0; h < 2; ++h)
      for (uint32_t i = 0; i < nic[h]->flow_count(); ++i) unit[h]->on_timer(i, sc_core::sc_time_stamp());
  }
};

void expect_same_run(AlphaTimerPair& x, AlphaTimerPair& y) {
  for (unsigned h = 0; h < 2; ++h) {
    for (uint32_t i = 0; i < x.nic[h]->flow_count(); ++i) {
      ASSERT_TRUE(x.nic[h]->flow(i).done && y.nic[h]->flow(i).done) << "host " << h << " flow " << i;
      EXPECT_EQ(x.nic[h]->flow(i).fct_ps, y.nic[h]->flow(i).fct_ps) << "host " << h << " flow " << i;
      EXPECT_EQ(hls::dcqcn::rp_words(x.unit[h]->state(i), {}), hls::dcqcn::rp_words(y.unit[h]->state(i), {}))
          << "host " << h << " flow " << i;
    }
    EXPECT_GT(x.nic[h]->counters().cnps_received, 10u) << "host " << h;
    EXPECT_EQ(x.unit[h]->busy_cycles(), y.unit[h]->busy_cycles()) << "host " << h;
  }
  EXPECT_EQ(x.events, y.events);
}

TEST(Nic, DcqcnAlphaUpdatesThatWaitForTheFlowsNextEventChangeNothing) {
  const uint64_t seed = 7;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  AlphaTimerPair waiting("waiting", false, seed, {}), on_time("on_time", true, seed, {});
  AlphaTimerPair two_flows("two_flows", false, seed, {.flows_a = 2}),
      two_flows_on_time("two_flows_on_time", true, seed, {.flows_a = 2});
  sc_core::sc_start(sc_time(20, sc_core::SC_MS));
  for (unsigned h = 0; h < 2; ++h) {
    std::printf("host %u: unit timer calls %llu on time, %llu waiting; with two flows at host 0: %llu, %llu\n", h,
                static_cast<unsigned long long>(on_time.unit[h]->calls),
                static_cast<unsigned long long>(waiting.unit[h]->calls),
                static_cast<unsigned long long>(two_flows_on_time.unit[h]->calls),
                static_cast<unsigned long long>(two_flows.unit[h]->calls));
    EXPECT_LT(2 * waiting.unit[h]->calls, on_time.unit[h]->calls) << "host " << h;
  }
  EXPECT_EQ(two_flows.unit[0]->calls, two_flows_on_time.unit[0]->calls);  // more than one flow: on time
  std::printf("FCT of host 0's first flow: %.1f us\n", double(waiting.nic[0]->flow(0).fct_ps) / 1e6);
  for (AlphaTimerPair* p : {&waiting, &on_time, &two_flows, &two_flows_on_time}) p->run_due_passes();
  expect_same_run(waiting, on_time);
  expect_same_run(two_flows, two_flows_on_time);
}

// DCQCN's unit takes no per-ACK feedback (the DCQCN paper, section 3.1), so a NIC whose one flow it
// controls takes the flow's ACKs from the wire at its next event, each as at its arrival
// (Nic::no_more_flows, Link::let_receiver_take_late); an observed unit takes each at its arrival.
// Pairs as above with host 0's flow unlimited and 1 in 300 data frames lost (NAKs, go-back-N),
// stopped every 37 us: once the waiting ACKs are taken in, each NIC holds the same sender state in
// both pairs, and both deliver the same bytes at the same times.
TEST(Nic, AcksTakenAtTheFlowsNextEventLeaveTheStateOfAcksTakenAtTheirArrival) {
  const uint64_t seed = 11;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  const AlphaTimerPair::Options o{.bytes_a = 0, .loss_one_in = 300};
  AlphaTimerPair late("late", false, seed, o), on_time("on_time", true, seed, o);
  for (unsigned step = 0; step < 270; ++step) {
    sc_core::sc_start(sc_time(37, SC_US));
    for (AlphaTimerPair* p : {&late, &on_time})
      for (auto& n : p->nic) n->take_waiting_frames(now_ps() - 1);  // the next instant is the next sc_start's
    for (unsigned h = 0; h < 2; ++h) {
      SCOPED_TRACE(fmt::format("host {} at {} ps", h, now_ps()));
      const nic::FlowState &x = late.nic[h]->flow(0), &y = on_time.nic[h]->flow(0);
      ASSERT_EQ(x.una, y.una);
      ASSERT_EQ(x.nxt, y.nxt);
      ASSERT_EQ(x.rto_deadline_ps, y.rto_deadline_ps);
      ASSERT_EQ(x.rto.srtt_x8_ps, y.rto.srtt_x8_ps);
      ASSERT_EQ(x.rto.base_ps, y.rto.base_ps);
      ASSERT_EQ(x.rto.in_a_row, y.rto.in_a_row);
      ASSERT_EQ(x.last_progress_ps, y.last_progress_ps);
      ASSERT_EQ(late.nic[h]->longest_stall_ps(0), on_time.nic[h]->longest_stall_ps(0));
      ASSERT_EQ(x.c.bytes_acked, y.c.bytes_acked);
      ASSERT_EQ(x.c.acks_received, y.c.acks_received);
      ASSERT_EQ(x.c.naks_received, y.c.naks_received);
      ASSERT_EQ(x.c.timeouts, y.c.timeouts);
      ASSERT_EQ(x.fct_ps, y.fct_ps);
    }
  }
  for (unsigned h = 0; h < 2; ++h) {
    std::printf("host %u: %llu ACKs received, %llu taken late, %llu NAKs, %llu timeouts\n", h,
                static_cast<unsigned long long>(late.nic[h]->counters().acks_received),
                static_cast<unsigned long long>(late.nic[h]->acks_taken_late()),
                static_cast<unsigned long long>(late.nic[h]->counters().naks_received),
                static_cast<unsigned long long>(late.nic[h]->counters().timeouts));
    EXPECT_GT(2 * late.nic[h]->acks_taken_late(), late.nic[h]->counters().acks_received) << "host " << h;
    EXPECT_EQ(on_time.nic[h]->acks_taken_late(), 0u) << "host " << h;
  }
  EXPECT_GT(late.nic[0]->counters().naks_received, 10u);  // losses of host 0's flow: go-back-N
  EXPECT_TRUE(late.nic[1]->flow(0).done);
  EXPECT_EQ(late.events, on_time.events);
}

TEST(Nic, AFlowAddedAfterTheTableIsCompleteIsRejected) {
  Pair p;
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = kMtu});
  p.a->no_more_flows();
  EXPECT_THROW(p.a->add_flow({.id = 1, .dst_host = 1, .bytes = kMtu}), std::logic_error);
}

TEST(Nic, AnIdleNicSchedulesNothingOnceItsFlowsComplete) {
  Pair p;
  p.a->add_flow({.id = 7, .dst_host = 1, .bytes = 64 * 1024});
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  EXPECT_TRUE(p.a->flow(0).done);
  EXPECT_FALSE(sc_core::sc_pending_activity());  // no RTO, no send deadline, no timer left
}

TEST(Nic, ADroppedFrameTriggersOneNakAndGoBackNAndEveryByteArrivesOnceInOrder) {
  Pair p;
  DeliveryLog log;
  log.attach(*p.b, 1);
  bool dropped = false;
  p.b->set_rx_hook([&](fabric::Frame& f) {
    if (f.psn == 100 && !dropped) return !(dropped = true);
    return true;
  });
  constexpr uint64_t kBytes = 400 * kMtu;
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = kBytes});
  sc_core::sc_start(sc_time(200, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  ASSERT_TRUE(f.done);
  EXPECT_TRUE(dropped);
  EXPECT_EQ(p.b->counters().naks_sent, 1u);
  EXPECT_EQ(f.c.naks_received, 1u);
  EXPECT_EQ(p.cc->events().nack, 1u);
  EXPECT_EQ(p.b->counters().drops[size_t(DropReason::kInjectedLoss)], 1u);
  // Everything sent after frame 100 and before the NAK arrived is discarded and sent again.
  const uint64_t ooo = p.b->counters().drops[size_t(DropReason::kOutOfOrder)];
  EXPECT_GT(ooo, 0u);
  EXPECT_EQ(f.c.data_frames_retransmitted, ooo + 1);
  EXPECT_EQ(f.c.data_frames_sent, 400 + ooo + 1);
  EXPECT_EQ(log.errors, 0u);
  EXPECT_EQ(log.next_byte[0], kBytes);
  EXPECT_EQ(p.b->counters().bytes_delivered, kBytes);
  EXPECT_EQ(f.c.timeouts, 0u);
  p.expect_balanced();
}

TEST(Nic, ARetransmitTimeoutRecoversALostLastFrame) {
  Pair p;
  bool dropped = false;
  p.b->set_rx_hook([&](fabric::Frame& f) {
    if (f.psn == 99 && !dropped) return !(dropped = true);
    return true;
  });
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 100 * kMtu});
  sc_core::sc_start(sc_time(500, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  ASSERT_TRUE(f.done);
  EXPECT_EQ(f.c.timeouts, 1u);
  EXPECT_EQ(p.cc->events().timeout, 1u);
  EXPECT_EQ(f.c.data_frames_retransmitted, 1u);
  EXPECT_EQ(p.b->counters().naks_sent, 0u);
  // The timer restarts on the ACK of frame 98: FCT ~ 98 frames + RTT + 100 us + one frame + RTT.
  EXPECT_GT(f.fct_ps, 100'000'000u);
  EXPECT_LT(f.fct_ps, 115'000'000u);
  EXPECT_EQ(p.b->counters().bytes_delivered, 100u * kMtu);
  EXPECT_EQ(f.c.timeouts_spurious, 0u);  // the frame was lost
  p.expect_balanced();
}

// A timeout shorter than the round trip retransmits frames that were not lost: the first ACK after it
// echoes the send time of a frame sent before the timeout (RFC 3522), and the receiver discards the
// retransmissions as duplicates.
TEST(Nic, ATimeoutShorterThanTheRoundTripIsCountedSpuriousAndItsRetransmissionsAreDuplicates) {
  NicConfig ca;
  ca.retransmit.fixed = sc_time(1, SC_US);  // the round trip is 2 us of propagation plus serialisation
  Pair p(ca);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 4 * kMtu});
  sc_core::sc_start(sc_time(100, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  ASSERT_TRUE(f.done);
  EXPECT_GE(f.c.timeouts, 1u);
  EXPECT_EQ(f.c.timeouts_spurious, f.c.timeouts);
  EXPECT_EQ(p.a->counters().timeouts_spurious, f.c.timeouts);
  EXPECT_EQ(p.b->counters().drops[size_t(DropReason::kDuplicate)], f.c.data_frames_retransmitted);
  EXPECT_EQ(p.b->counters().bytes_delivered, 4u * kMtu);
  p.expect_balanced();
}

// The timer guards frames on the wire: after a timeout it restarts when the retransmission starts
// (RFC 6298 5.5-5.6), so a flow whose retransmission waits for its pacing deadline takes one timeout,
// not one per RTO until the deadline.
TEST(Nic, AfterATimeoutTheTimerWaitsForTheRetransmissionToStart) {
  NicConfig ca;
  ca.retransmit.fixed = sc_time(100, SC_US);
  Pair p(ca, {}, std::make_unique<CcFixed>(nic::kUnlimited, double(kMtu), sc_time(500, SC_US)));
  const LostCopies lost(*p.b, 0, 1);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 2 * kMtu});
  sc_core::sc_start(sc_time(2000, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  ASSERT_TRUE(f.done);
  EXPECT_EQ(f.c.timeouts, 1u);
  ASSERT_EQ(lost.arrivals_ps.size(), 2u);
  // The retransmission goes at the pacing deadline, 500 us after the first start.
  EXPECT_EQ(lost.arrivals_ps[1] - lost.arrivals_ps[0], 500'000'000u);
  p.expect_balanced();
}

// Backoff (RFC 6298 5.5): each timeout in a row doubles the next one; progress restores it.
TEST(Nic, EachTimeoutInARowDoublesTheNextOne) {
  NicConfig ca;
  ca.retransmit.fixed = sc_time(100, SC_US);
  ca.retransmit.backoff = 2;
  Pair p(ca);
  const LostCopies lost(*p.b, 9, 3);  // the first three copies of the last frame are lost
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 10 * kMtu});
  sc_core::sc_start(sc_time(5000, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  ASSERT_TRUE(f.done);
  EXPECT_EQ(f.c.timeouts, 3u);
  ASSERT_EQ(lost.arrivals_ps.size(), 4u);
  // Each retransmission starts when the timer expires on an idle link: the gaps are the timeouts.
  EXPECT_EQ(lost.arrivals_ps[2] - lost.arrivals_ps[1], 200'000'000u);
  EXPECT_EQ(lost.arrivals_ps[3] - lost.arrivals_ps[2], 400'000'000u);
  p.expect_balanced();
}

// The retry limit (a QP's retry count): after that many timeouts in a row the flow fails, sends
// nothing more and takes no ACK; everything it sent is still accounted for.
TEST(Nic, AFlowThatUsesUpItsRetryLimitFailsAndStopsSending) {
  NicConfig ca;
  ca.retransmit.fixed = sc_time(10, SC_US);
  ca.retransmit.retry_limit = 3;
  Pair p(ca);
  p.b->set_rx_hook([&](fabric::Frame& f) { return f.psn != 5; });  // frame 5 never arrives
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 10 * kMtu});
  sc_core::sc_start(sc_time(1000, SC_US));
  const nic::FlowState& f = p.a->flow(0);
  EXPECT_TRUE(f.failed);
  EXPECT_FALSE(f.done);
  EXPECT_EQ(f.c.timeouts, 3u);
  EXPECT_EQ(p.a->counters().flows_failed, 1u);
  EXPECT_EQ(f.una, 5u);
  const uint64_t sent = f.c.data_frames_sent;
  sc_core::sc_start(sc_time(1000, SC_US));
  EXPECT_EQ(p.a->flow(0).c.data_frames_sent, sent);
  EXPECT_FALSE(sc_core::sc_pending_activity());  // a failed flow leaves no timer behind
  p.expect_balanced();
}

// Starvation is measured from ACK progress: a flow held back by a lost frame for a fixed timeout has
// a stall of at least that timeout.
TEST(Nic, TheLongestStallIsTheLongestTimeWithoutAnAcknowledgedByte) {
  NicConfig ca;
  ca.retransmit.fixed = sc_time(300, SC_US);
  Pair p(ca);
  bool dropped = false;
  p.b->set_rx_hook([&](fabric::Frame& f) {
    if (f.psn == 9 && !dropped) return !(dropped = true);
    return true;
  });
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 10 * kMtu});
  sc_core::sc_start(sc_time(1000, SC_US));
  ASSERT_TRUE(p.a->flow(0).done);
  const uint64_t stall = p.a->longest_stall_ps(0);
  EXPECT_GE(stall, 300'000'000u);           // the timeout
  EXPECT_LT(stall, 300'000'000u + 5 * kDelayPs);  // plus the retransmission's round trip
  p.a->open_stall_window();
  EXPECT_EQ(p.a->longest_stall_ps(0), 0u);  // a completed flow stalls no more
}

TEST(Nic, ACcRateOfTenGbpsGivesTenGbpsOnTheWireAndItsShareOfGoodput) {
  Pair p({}, {}, std::make_unique<CcFixed>(10.0));
  p.a->add_flow({.id = 0, .dst_host = 1});  // unlimited
  sc_core::sc_start(sc_time(20, SC_US));
  const uint64_t b0 = p.b->counters().bytes_delivered;
  sc_core::sc_start(sc_time(200, SC_US));
  const double goodput_gbps = (p.b->counters().bytes_delivered - b0) * 8.0 / 200e3;
  const double expected = 10.0 * kMtu / fabric::roce::wire_bytes(data_len(kMtu));  // payload share of the wire
  std::printf("goodput %.4f Gb/s, expected %.4f Gb/s (10 Gb/s on the wire)\n", goodput_gbps, expected);
  EXPECT_NEAR(goodput_gbps, expected, 0.01 * expected);
}

// The application's own limit (FlowSpec::max_gbps) and the CC rate: the lower one wins.
TEST(Nic, AFlowRateLimitBelowTheCcRateSetsTheRateOnTheWire) {
  Pair p({}, {}, std::make_unique<CcFixed>(40.0));
  p.a->add_flow({.id = 0, .dst_host = 1, .max_gbps = 5.0});
  p.a->add_flow({.id = 1, .dst_host = 1, .max_gbps = 80.0});
  sc_core::sc_start(sc_time(20, SC_US));
  const auto* f0 = p.b->rx_flow(0, 0);
  const auto* f1 = p.b->rx_flow(0, 1);
  ASSERT_TRUE(f0 && f1);
  const uint64_t b0 = f0->bytes_delivered, b1 = f1->bytes_delivered;
  sc_core::sc_start(sc_time(200, SC_US));
  const double share = double(kMtu) / fabric::roce::wire_bytes(data_len(kMtu));  // payload share of the wire
  EXPECT_NEAR((f0->bytes_delivered - b0) * 8.0 / 200e3, 5.0 * share, 0.01 * 5.0 * share);
  EXPECT_NEAR((f1->bytes_delivered - b1) * 8.0 / 200e3, 40.0 * share, 0.01 * 40.0 * share);
  EXPECT_THROW(p.a->add_flow({.id = 2, .dst_host = 1, .max_gbps = -1.0}), std::invalid_argument);
}

TEST(Nic, FourFlowsAtLineRateShareTheLinkEquallyRoundRobin) {
  Pair p;
  for (uint32_t id = 0; id < 4; ++id) p.a->add_flow({.id = id, .dst_host = 1});
  sc_core::sc_start(sc_time(200, SC_US));
  uint64_t total = 0;
  for (uint32_t id = 0; id < 4; ++id) total += p.b->rx_flow(0, id)->bytes_delivered;
  for (uint32_t id = 0; id < 4; ++id)
    EXPECT_NEAR(double(p.b->rx_flow(0, id)->bytes_delivered), total / 4.0, 0.01 * total / 4.0) << "flow " << id;
  const double goodput = total * 8.0 / 200e3;
  const double line = kLinkGbps * kMtu / fabric::roce::wire_bytes(data_len(kMtu));
  std::printf("4 flows: %.3f Gb/s of %.3f Gb/s payload line rate\n", goodput, line);
  EXPECT_GT(goodput, 0.97 * line);  // less the first RTT
}

TEST(Nic, AWindowOfEightFramesGivesEightFramesPerRoundTrip) {
  Pair p({}, {}, std::make_unique<CcFixed>(nic::kUnlimited, 8.0 * kMtu));
  p.a->add_flow({.id = 0, .dst_host = 1});
  sc_core::sc_start(sc_time(20, SC_US));
  const uint64_t b0 = p.b->counters().bytes_delivered;
  sc_core::sc_start(sc_time(200, SC_US));
  const double goodput_gbps = (p.b->counters().bytes_delivered - b0) * 8.0 / 200e3;
  // A frame is released by the ACK of the frame 8 before it: one RTT = data + ACK serialization + 2 us.
  const double rtt_ps = double(ser_ps(data_len(kMtu)) + ser_ps(fabric::roce::ack_frame_bytes()) + 2 * kDelayPs);
  const double expected = 8.0 * kMtu * 8.0 / (rtt_ps / 1000.0);
  std::printf("window 8 KiB: %.4f Gb/s, expected %.4f Gb/s\n", goodput_gbps, expected);
  EXPECT_NEAR(goodput_gbps, expected, 0.01 * expected);
}

TEST(Nic, AUnitTimerIsKeptInTheCalendarAndFiresOnItsDeadline) {
  Pair p({}, {}, std::make_unique<CcFixed>(nic::kUnlimited, nic::kUnlimited, sc_core::SC_ZERO_TIME,
                                           sc_time(10, SC_US)));
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 10 * kMtu});
  sc_core::sc_start(sc_time(95, SC_US));
  EXPECT_TRUE(p.a->flow(0).done);
  // Timers at 10, 20, ... us: the flow completes at ~2.9 us, after which the NIC stops asking.
  EXPECT_EQ(p.cc->events().timer, 0u);
  EXPECT_FALSE(sc_core::sc_pending_activity());
}

TEST(Nic, AUnitTimerFiresEveryPeriodWhileTheFlowRuns) {
  Pair p({}, {}, std::make_unique<CcFixed>(nic::kUnlimited, nic::kUnlimited, sc_core::SC_ZERO_TIME,
                                           sc_time(10, SC_US)));
  p.a->add_flow({.id = 0, .dst_host = 1});  // unlimited
  sc_core::sc_start(sc_time(95, SC_US));
  EXPECT_EQ(p.cc->events().timer, 9u);
}

TEST(Nic, GoBackNWorksAcrossThePsnWrap) {
  Pair p;
  DeliveryLog log;
  log.attach(*p.b, 1);
  bool dropped = false;
  p.b->set_rx_hook([&](fabric::Frame& f) {
    if (f.psn == 2 && !dropped) return !(dropped = true);  // 0xFFFFF0 + 18 wraps to 2
    return true;
  });
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 64 * kMtu, .start_psn = 0xFFFFF0});
  sc_core::sc_start(sc_time(100, SC_US));
  ASSERT_TRUE(p.a->flow(0).done);
  EXPECT_TRUE(dropped);
  EXPECT_EQ(p.b->counters().naks_sent, 1u);
  EXPECT_EQ(log.errors, 0u);
  EXPECT_EQ(log.next_byte[0], 64u * kMtu);
  EXPECT_EQ(p.a->flow(0).next_psn(), fabric::psn_add(0xFFFFF0, 64));
}

TEST(Nic, SixtyFiveThousandFlowsCanBeCreatedAndASampleOfThemComplete) {
  Pair p;
  constexpr uint32_t kFlows = 65536;
  for (uint32_t id = 0; id < kFlows; ++id) {
    // Every 256th flow is a short message; the rest start later than this test runs.
    const bool sample = id % 256 == 0;
    p.a->add_flow({.id = id, .dst_host = 1, .bytes = 4 * kMtu,
                   .start = sample ? sc_core::SC_ZERO_TIME : sc_time(10, sc_core::SC_MS)});
  }
  EXPECT_EQ(p.a->flow_count(), kFlows);
  EXPECT_THROW(p.a->add_flow({.id = kFlows, .dst_host = 1}), std::invalid_argument);
  sc_core::sc_start(sc_time(100, SC_US));
  unsigned done = 0;
  for (uint32_t id = 0; id < kFlows; id += 256) done += p.a->flow(id).done;
  EXPECT_EQ(done, kFlows / 256);
  EXPECT_EQ(p.a->counters().flows_completed, kFlows / 256);
  EXPECT_FALSE(p.a->flow(1).done);
  EXPECT_EQ(p.a->flow(1).c.data_frames_sent, 0u);
}

TEST(Nic, ASlowHostBackpressuresTheLinkWithPfcAndLosesNothing) {
  NicConfig rx;
  rx.host_gbps = 10.0;
  Pair p({}, rx);
  p.a->add_flow({.id = 0, .dst_host = 1});
  sc_core::sc_start(sc_time(50, SC_US));
  const uint64_t b0 = p.b->counters().bytes_delivered;
  sc_core::sc_start(sc_time(250, SC_US));
  const double goodput_gbps = (p.b->counters().bytes_delivered - b0) * 8.0 / 250e3;
  std::printf("slow host: %.4f Gb/s, PFC sent %llu, host queue max %llu B\n", goodput_gbps,
              static_cast<unsigned long long>(p.b->counters().pfc_sent),
              static_cast<unsigned long long>(p.b->counters().host_queue_max_bytes));
  EXPECT_GT(p.b->counters().pfc_sent, 0u);
  EXPECT_EQ(p.a->counters().pfc_received, p.b->counters().pfc_sent);
  EXPECT_GT(p.a->tx.paused_time(3), sc_time(100, SC_US));
  EXPECT_EQ(p.b->counters().drops_total(), 0u);
  EXPECT_EQ(p.a->counters().data_frames_retransmitted, 0u);
  EXPECT_LE(p.b->counters().host_queue_max_bytes, rx.host_queue_bytes);
  EXPECT_NEAR(goodput_gbps, 10.0, 0.1);
  // The slow host shows up as remote queuing delay on the ACKs.
  EXPECT_GT(p.cc->last_ack.remote_queuing_delay_ps, 10'000'000u);
  p.expect_balanced();
}

// The host queue's thresholds (docs/nic.md): PFC pause once the queue holds more than host_xoff_bytes,
// resume once it holds host_xon_bytes or less. With every frame of one length L, thresholds at whole
// multiples of L put each boundary on a frame: the pause comes with the (xoff/L + 1)-th frame, not the
// (xoff/L)-th, and the resume when the queue is down to xon/L frames, not one fewer.
void expect_host_pfc_boundaries(unsigned xoff_frames, unsigned xon_frames) {
  const uint64_t frame = data_len(kMtu);
  NicConfig rx;
  rx.host_gbps = 1.0;  // 8.2 us per frame: the queue moves by at most one frame per 10-ns step
  rx.host_queue_bytes = 64 * frame;
  rx.host_xoff_bytes = xoff_frames * frame;
  rx.host_xon_bytes = xon_frames * frame;
  Pair p({}, rx);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 40 * kMtu});
  size_t frames_at_pause = 0, frames_at_resume = 0;
  bool paused = false;
  for (int step = 0; step < 40'000 && frames_at_resume == 0; ++step) {
    sc_core::sc_start(sc_time(10, sc_core::SC_NS));
    if (p.b->host_paused() != paused) {
      paused = p.b->host_paused();
      (paused ? frames_at_pause : frames_at_resume) = p.b->host_queue_frames();
    }
    if (!paused) {
      ASSERT_LE(p.b->host_queue_bytes(), rx.host_xoff_bytes) << "above XOFF without a pause at " << now_ps() << " ps";
    }
  }
  std::printf("host PFC: pause at %zu frames, resume at %zu frames (%.1f us)\n", frames_at_pause, frames_at_resume,
              now_ps() / 1e6);
  EXPECT_EQ(frames_at_pause, xoff_frames + 1) << "xoff = " << xoff_frames << " frames";
  EXPECT_EQ(frames_at_resume, xon_frames) << "xon = " << xon_frames << " frames";
  p.expect_balanced();
}

TEST(Nic, HostPfcPausesAboveXoffAndResumesAtXon) { expect_host_pfc_boundaries(6, 3); }
TEST(Nic, HostPfcWithXonEqualToXoffResumesAtXoff) { expect_host_pfc_boundaries(4, 4); }

// The host queue holds host_queue_bytes of frames: a frame that fills it exactly is accepted, the
// next one is dropped as an overflow (docs/nic.md).
TEST(Nic, AFrameThatExactlyFillsTheHostQueueIsAcceptedAndTheNextIsDropped) {
  const uint64_t frame = data_len(kMtu);
  NicConfig rx;
  rx.host_gbps = 0.01;  // 0.8 ms per frame: nothing leaves the queue during the test
  rx.host_pfc = false;
  rx.host_queue_bytes = 8 * frame;
  Pair p({}, rx);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 9 * kMtu});
  sc_core::sc_start(sc_time(5, SC_US));
  EXPECT_EQ(p.b->host_queue_bytes(), rx.host_queue_bytes);
  EXPECT_EQ(p.b->host_queue_frames(), 8u);
  EXPECT_EQ(p.b->counters().drops[size_t(DropReason::kHostQueueOverflow)], 1u);
  p.expect_balanced();
}

TEST(Nic, WithoutHostPfcASlowHostOverflowsCountsTheDropsAndGoBackNStillDeliversEverything) {
  NicConfig rx;
  rx.host_gbps = 10.0;
  rx.host_pfc = false;
  Pair p({}, rx);
  DeliveryLog log;
  log.attach(*p.b, 1);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 200 * kMtu});
  sc_core::sc_start(sc_time(2, sc_core::SC_MS));
  ASSERT_TRUE(p.a->flow(0).done);
  EXPECT_GT(p.b->counters().drops[size_t(DropReason::kHostQueueOverflow)], 0u);
  EXPECT_EQ(p.b->counters().pfc_sent, 0u);
  EXPECT_GT(p.a->counters().data_frames_retransmitted, 0u);
  EXPECT_EQ(log.errors, 0u);
  EXPECT_EQ(log.next_byte[0], 200u * kMtu);
  p.expect_balanced();
}

TEST(Nic, CeMarkedFramesProduceCnpsThroughNpEveryCe) {
  Pair p({}, {}, nullptr, std::make_unique<nic::NpEveryCe>());
  p.b->set_rx_hook([](fabric::Frame& f) {
    if (f.psn % 2 == 0) f.ecn = fabric::Ecn::kCe;
    return true;
  });
  p.a->add_flow({.id = 5, .dst_host = 1, .bytes = 100 * kMtu});
  sc_core::sc_start(sc_time(100, SC_US));
  ASSERT_TRUE(p.a->flow(0).done);
  EXPECT_EQ(p.b->counters().ce_received, 50u);
  EXPECT_EQ(p.b->counters().cnps_sent, 50u);
  EXPECT_EQ(p.a->counters().cnps_received, 50u);
  EXPECT_EQ(p.a->flow(0).c.cnps_received, 50u);
  EXPECT_EQ(p.cc->events().cnp, 50u);
  EXPECT_EQ(p.cc->events().ece, 50u);  // one ACK per frame, ECE on the CE-marked ones
  EXPECT_EQ(p.b->np().busy_cycles(), 50u);
}

// DCQCN NP, paper Figure 6 with N = 50 us: the first marked packet gets a CNP at once; then at most
// one CNP per N, sent when a window in which a packet was marked ends; a window without marks closes
// the state. Frames are marked while they arrive before 120 us.
struct NpWindowRun {
  std::vector<uint64_t> cnp_ps;
  explicit NpWindowRun(hls::dcqcn::NpParams np) {
    Pair p({}, {}, std::make_unique<CcFixed>(10.0), std::make_unique<nic::DcqcnNpUnit>(np));
    p.b->set_rx_hook([](fabric::Frame& f) {
      if (now_ps() < 120'000'000) f.ecn = fabric::Ecn::kCe;
      return true;
    });
    p.a->add_flow({.id = 1, .dst_host = 1, .bytes = 0});
    uint64_t seen = 0;
    for (uint64_t t = 0; t < 400'000'000; t += 10'000) {  // 10 ns steps: note each CNP's send time
      sc_core::sc_start(sc_time(10'000, sc_core::SC_PS));
      for (; seen < p.b->counters().cnps_sent; ++seen) cnp_ps.push_back(now_ps());
    }
  }
};

TEST(Nic, DcqcnNpPaperWindowSendsACnpAtOnceThenOnePerMarkedWindowAtItsEnd) {
  const NpWindowRun r(hls::dcqcn::NpParams::paper());
  const uint64_t t0 = kDelayPs + ser_ps(data_len(kMtu));  // the first frame lands on B
  ASSERT_EQ(r.cnp_ps.size(), 4u);
  for (unsigned k = 0; k < 4; ++k) {
    const uint64_t want = t0 + k * 50'000'000ull;
    EXPECT_GE(r.cnp_ps[k], want) << "CNP " << k;
    EXPECT_LT(r.cnp_ps[k], want + 10'000) << "CNP " << k;  // within the 10 ns observation step
  }
}

TEST(Nic, DcqcnNpMinTimeModeIgnoresMarksInsideTheIntervalAndSendsNothingLater) {
  const NpWindowRun r(hls::dcqcn::NpParams{hls::dcqcn::NpMode::kMinTimeBetweenCnps, 50'000, {}});
  // CNPs at the first mark and at the first marks at least 50 us later: 0, ~50, ~100 us; none after 120.
  ASSERT_EQ(r.cnp_ps.size(), 3u);
  const uint64_t gap = ser_ps(data_len(kMtu)) * 10;  // frames arrive every ~0.9 us at 10 Gb/s
  for (unsigned k = 1; k < 3; ++k) {
    EXPECT_GE(r.cnp_ps[k] - r.cnp_ps[k - 1], 50'000'000u);
    EXPECT_LT(r.cnp_ps[k] - r.cnp_ps[k - 1], 50'000'000u + gap);
  }
}

TEST(Nic, AckCoalescingEveryFourPacketsSendsAQuarterOfTheAcks) {
  NicConfig rx;
  rx.ack_every = 4;
  Pair p({}, rx);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 400 * kMtu});
  sc_core::sc_start(sc_time(100, SC_US));
  ASSERT_TRUE(p.a->flow(0).done);
  EXPECT_EQ(p.b->counters().acks_sent, 100u);
  EXPECT_EQ(p.a->counters().acks_received, 100u);
  EXPECT_EQ(p.a->flow(0).c.bytes_acked, 400u * kMtu);
}

TEST(Nic, AckCoalescingTimerAcknowledgesTheTailOfAMessage) {
  NicConfig rx;
  rx.ack_every = 4;
  Pair p({}, rx);
  p.a->add_flow({.id = 0, .dst_host = 1, .bytes = 402 * kMtu});
  sc_core::sc_start(sc_time(100, SC_US));
  ASSERT_TRUE(p.a->flow(0).done);
  EXPECT_EQ(p.b->counters().acks_sent, 101u);
}

TEST(Nic, InjectedFramesEqualDeliveredPlusDroppedPlusInFlightThroughoutALossyRun) {
  NicConfig rx;
  rx.host_gbps = 50.0;
  Pair p({}, rx);
  uint64_t n = 0;
  p.b->set_rx_hook([&](fabric::Frame&) { return ++n % 97 != 0; });  // lose about 1 %
  for (uint32_t id = 0; id < 3; ++id) p.a->add_flow({.id = id, .dst_host = 1, .bytes = 300 * kMtu});
  for (int k = 0; k < 40; ++k) {
    sc_core::sc_start(sc_time(7.3, SC_US));
    p.expect_balanced();
  }
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  EXPECT_EQ(p.a->counters().flows_completed, 3u);
  EXPECT_GT(p.b->counters().drops[size_t(DropReason::kInjectedLoss)], 0u);
  EXPECT_EQ(p.b->counters().bytes_delivered, 900u * kMtu);
  EXPECT_EQ(p.b->counters().data_frames_received, p.a->counters().data_frames_sent);
  EXPECT_EQ(p.a->counters().acks_received + p.a->counters().naks_received,
            p.b->counters().acks_sent + p.b->counters().naks_sent);
  EXPECT_EQ(p.a->in_flight() + p.b->in_flight(), 0u);
  p.expect_balanced();
}

TEST(Nic, BadConfigurationIsRejectedWithTheKeyAndValue) {
  NicConfig c;
  c.mtu_bytes = 9000;
  try {
    Nic n("bad", c);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("nic.mtu_bytes = 9000"), std::string::npos) << e.what();
  }
}

// Three NICs send to a fourth through the Verilated switch (ports 0..3, 100 Gb/s, 1 us links) with
// PFC on priority 3: every flow completes and nothing is dropped anywhere.
TEST(NicThroughSwitch, ThreeNicsIntoOneCompleteWithPfcAndZeroDrops) {
  const sw::SwitchParams params;
  sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
  cfg.pfc_enable = true;
  cfg.pfc_dynamic = false;  // static XOFF threshold (shared pool / 128, ~91 KB): a 3:1 incast reaches it
  // Headroom for a 1 us, 100 Gb/s link (as in tests/sc/test_switch_model.cpp), counted in frames
  // because a 1086-B frame takes 5 cells of 256 B (1280 B): the wire bytes of the PFC round trip
  // (2 x 1 us x 100 Gb/s = 25,000 B) plus a frame each side and the PFC frame, in 1106-B wire frames.
  const uint64_t wire_frame = fabric::roce::wire_bytes(data_len(kMtu));
  const uint64_t headroom_frames = (2 * 1000 * 100 / 8 + 3 * wire_frame + 84 + wire_frame - 1) / wire_frame;
  const uint64_t cells_per_frame = (data_len(kMtu) + params.cell_bytes - 1) / params.cell_bytes;
  const auto headroom_cells = static_cast<uint32_t>(headroom_frames * cells_per_frame);
  for (auto& port : cfg.ports) port.headroom_cells = headroom_cells;
  cfg.shared_pool_cells = static_cast<uint32_t>(params.ncells() -
                                                uint64_t{cfg.reserve_cells} * params.nports * params.nprio -
                                                uint64_t{headroom_cells} * params.nports);
  constexpr unsigned kHosts = 4;
  swc::SwitchModel sw("sw", params, cfg, (1u << kHosts) - 1);
  std::vector<std::unique_ptr<Nic>> nics;
  std::vector<CcFixed*> ccs;
  std::vector<std::unique_ptr<fabric::Link>> down;
  for (unsigned h = 0; h < kHosts; ++h) {
    NicConfig c;
    c.host_id = h;
    auto cc = std::make_unique<CcFixed>();
    ccs.push_back(cc.get());
    nics.push_back(std::make_unique<Nic>(fmt::format("nic{}", h).c_str(), c, std::move(cc)));
    down.push_back(std::make_unique<fabric::Link>(fmt::format("down{}", h).c_str(), kLinkGbps, sc_time(1, SC_US)));
    nics[h]->tx.out.bind(sw.in_socket(h));
    down[h]->out.bind(nics[h]->in);
    sw.attach_egress(h, down[h].get());
  }
  constexpr uint64_t kBytes = 1000 * 1000;
  for (unsigned h = 1; h < kHosts; ++h) nics[h]->add_flow({.id = h, .dst_host = 0, .priority = 3, .bytes = kBytes});
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  uint64_t sw_drops = 0;
  for (size_t r = 0; r < sw.stats().drops.size(); ++r) {
    sw_drops += sw.stats().drops[r];
    if (sw.stats().drops[r]) std::printf("switch drops reason %zu: %llu\n", r, (unsigned long long)sw.stats().drops[r]);
  }
  EXPECT_EQ(sw_drops, 0u);
  EXPECT_GT(sw.stats().pfc_out, 0u);
  uint64_t pfc_rx = 0;
  for (unsigned h = 1; h < kHosts; ++h) {
    const nic::FlowState& f = nics[h]->flow(0);
    EXPECT_TRUE(f.done) << "host " << h;
    EXPECT_EQ(f.c.data_frames_retransmitted, 0u) << "host " << h;
    EXPECT_EQ(ccs[h]->last_ack.hop_count, 1u) << "host " << h;  // one switch on the way
    pfc_rx += nics[h]->counters().pfc_received;
    std::printf("host %u: fct %.3f us\n", h, f.fct_ps / 1e6);
  }
  EXPECT_GT(pfc_rx, 0u);
  EXPECT_EQ(nics[0]->counters().drops_total(), 0u);
  EXPECT_EQ(nics[0]->counters().bytes_delivered, 3 * kBytes);
  EXPECT_EQ(sw.frames_held(), 0u);
}

}  // namespace
}  // namespace ccf::test
