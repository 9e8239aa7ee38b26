// test_fabric.cpp: frames, RoCE lengths, link timing and PFC, topology (docs/fabric.md).
// Every TEST runs in its own process (gtest_discover_tests): SystemC elaborates once per process.
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/fabric/topology.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace {

using namespace ccf::fabric;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_PS;
using u128 = unsigned __int128;

sc_time ps(uint64_t v) { return sc_time::from_value(v); }

// Receiving end: records the arrival time and a copy of each frame.
struct Sink : sc_core::sc_module {
  struct Arrival {
    uint64_t ps;
    Frame frame;
  };
  tlm_utils::simple_target_socket<Sink> in;
  std::vector<Arrival> got;
  std::function<void(const Frame&)> on_frame;

  explicit Sink(sc_core::sc_module_name n) : sc_core::sc_module(n), in("in") {
    in.register_b_transport(this, &Sink::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_time&) {
    got.push_back({now_ps(), frame_of(t)});
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    if (on_frame) on_frame(frame_of(t));
  }
};

// Owner of a link: sends its queue back to back, each frame when the link becomes idle.
struct Owner {
  Link& link;
  std::deque<Frame> queue;
  std::vector<uint64_t> start_ps;
  explicit Owner(Link& l) : link(l) {
    link.set_on_idle([this] { send_next(); });
  }
  void send_next() {
    if (queue.empty() || !link.idle()) return;
    start_ps.push_back(now_ps());
    link.transmit(make_frame_payload(queue.front()));
    queue.pop_front();
  }
};

Frame data_frame(uint32_t len_bytes, uint8_t prio = 0) {
  Frame f;
  f.kind = FrameKind::kData;
  f.len_bytes = len_bytes;
  f.priority = prio;
  return f;
}

// Starts the owner at t0 from a spawned thread.
void start_at(Owner& o, uint64_t t0_ps) {
  sc_core::sc_spawn([&o, t0_ps] {
    sc_core::wait(ps(t0_ps));
    o.send_next();
  });
}

// n back-to-back frames of varied lengths at rate_bps; every arrival must equal
// ceil(t0 + cumulative wire bits * 1e12 / rate_bps) + delay, computed here in exact rationals.
void check_back_to_back(double gbps, uint64_t rate_bps, unsigned n) {
  const uint64_t t0_ps = 1'000;
  const uint64_t delay_ps = 1'234'567;
  Link link("link", gbps, ps(delay_ps));
  Sink sink("sink");
  link.out.bind(sink.in);
  Owner owner(link);
  const uint32_t lens[] = {1086, 64, 66, 78, 1500, 40, 4096 + 58, 9000, 333};
  for (unsigned i = 0; i < n; ++i) owner.queue.push_back(data_frame(lens[i % std::size(lens)]));
  start_at(owner, t0_ps);
  sc_core::sc_start();

  ASSERT_EQ(sink.got.size(), n);
  u128 cum_bits = 0;
  for (unsigned i = 0; i < n; ++i) {
    cum_bits += u128{roce::wire_bytes(lens[i % std::size(lens)])} * 8;
    const u128 num = u128{t0_ps} * rate_bps + cum_bits * 1'000'000'000'000ull;
    const uint64_t end_ps = static_cast<uint64_t>((num + rate_bps - 1) / rate_bps);
    ASSERT_EQ(sink.got[i].ps, end_ps + delay_ps) << "frame " << i << " at " << gbps << " Gb/s";
    // The owner started each frame at the first whole ps after the previous one ended.
    if (i + 1 < n) {
      ASSERT_EQ(owner.start_ps[i + 1], end_ps) << "frame " << i + 1;
    }
  }
  EXPECT_EQ(link.counters().frames_sent, n);
  EXPECT_EQ(link.counters().frames_delivered, n);
  EXPECT_EQ(link.frames_in_flight(), 0u);
  EXPECT_EQ(default_frame_pool().in_use(), 0u);
}

Frame pfc_frame(uint8_t class_enable, std::initializer_list<std::pair<unsigned, uint16_t>> quanta) {
  Frame f;
  f.kind = FrameKind::kPfc;
  f.len_bytes = roce::kPfcFrameBytes;
  f.pfc_class_enable = class_enable;
  for (auto [p, q] : quanta) f.pfc_pause_quanta[p] = q;
  return f;
}

}  // namespace

// ---------------------------------------------------------------- RoCE lengths (RoCEv2 Annex A17, 802.1Qbb)

TEST(RoceFormat, DataFrameIsHeadersPayloadIcrcAndFcs) {
  EXPECT_EQ(roce::data_frame_bytes(1024), 14u + 20 + 8 + 12 + 1024 + 4 + 4);
  EXPECT_EQ(roce::data_frame_bytes(1024), 1086u);
  EXPECT_EQ(roce::data_frame_bytes(1024, true), 1090u);
  EXPECT_EQ(roce::data_frame_bytes(0), 62u);
}

TEST(RoceFormat, AckIsBthAethIcrcAndCnpIsBthSixteenReservedIcrc) {
  EXPECT_EQ(roce::ack_frame_bytes(), 14u + 20 + 8 + 12 + 4 + 4 + 4);
  EXPECT_EQ(roce::cnp_frame_bytes(), 78u);  // RoCEv2 CNP: 74 B, 78 B with FCS
  EXPECT_EQ(roce::cnp_frame_bytes(true), 82u);
  EXPECT_EQ(roce::kCnpTransportBytes, 32u);
}

TEST(RoceFormat, WireBytesPadToSixtyFourAndAddTwentyBytesOverhead) {
  EXPECT_EQ(roce::pfc_frame_bytes(), 64u);
  EXPECT_EQ(roce::wire_bytes(64), 84u);
  EXPECT_EQ(roce::wire_bytes(40), 84u);
  EXPECT_EQ(roce::wire_bytes(1086), 1106u);
  EXPECT_EQ(roce::wire_bytes(1500), 1520u);
}

// ---------------------------------------------------------------- Frame

TEST(Frame, CloneAndCopyFromCopyEveryField) {
  Frame f;
  f.id = 42;
  f.kind = FrameKind::kAck;
  f.src_host = 3;
  f.dst_host = 7;
  f.flow_id = 99;
  f.psn = 0xABCDEF;
  f.byte_seq = 1ull << 40;
  f.len_bytes = 66;
  f.priority = 3;
  f.dscp = 26;
  f.ecn = Ecn::kCe;
  f.ttl = 61;
  f.cc.sent_ps = 88;
  f.cc.remote_queuing_delay_ps = 77;
  f.cc.hop_count = 3;
  f.cc.unit_flag = true;
  std::unique_ptr<Frame> c(static_cast<Frame*>(f.clone()));
  EXPECT_EQ(c->id, 42u);
  EXPECT_EQ(c->kind, FrameKind::kAck);
  EXPECT_EQ(c->psn, 0xABCDEFu);
  EXPECT_EQ(c->ecn, Ecn::kCe);
  EXPECT_EQ(c->cc.sent_ps, 88u);
  EXPECT_TRUE(c->cc.unit_flag);
  Frame d;
  d.copy_from(f);
  EXPECT_EQ(d.cc.remote_queuing_delay_ps, 77u);
  EXPECT_EQ(d.cc.hop_count, 3u);
  EXPECT_EQ(d.cc.sent_ps, 88u);
  EXPECT_EQ(d.byte_seq, 1ull << 40);
}

TEST(Frame, EcnCodepointsMatchRfc3168) {
  EXPECT_EQ(static_cast<int>(Ecn::kNotEct), 0);
  EXPECT_EQ(static_cast<int>(Ecn::kEct1), 1);
  EXPECT_EQ(static_cast<int>(Ecn::kEct0), 2);
  EXPECT_EQ(static_cast<int>(Ecn::kCe), 3);
}

TEST(Frame, PsnArithmeticWrapsAtTwoToTheTwentyFour) {
  EXPECT_EQ(psn_add(kPsnMask, 1), 0u);
  EXPECT_EQ(psn_add(kPsnMask - 1, 5), 3u);
  EXPECT_EQ(psn_diff(2, kPsnMask), 3);
  EXPECT_EQ(psn_diff(kPsnMask, 2), -3);
  EXPECT_TRUE(psn_before(kPsnMask, 0));
  EXPECT_FALSE(psn_before(0, kPsnMask));
}

TEST(Frame, ValidateNamesTheFieldValueAndRange) {
  Frame f = data_frame(100);
  EXPECT_EQ(f.validate(), "");
  f.priority = 8;
  EXPECT_EQ(f.validate(), "frame.priority = 8 must be 0..7");
  f.priority = 0;
  f.psn = 1u << 24;
  EXPECT_EQ(f.validate(), "frame.psn = 16777216 must be < 2^24");
}

// Link checks frames with valid() and builds validate()'s message only for a bad one: the two agree
// on every combination of each field's last legal and first illegal value.
TEST(Frame, ValidAgreesWithValidateAtEveryFieldsBoundary) {
  int checked = 0;
  for (unsigned kind : {0u, 5u, 6u, 255u})
    for (uint32_t psn : {0u, kPsnMask, kPsnMask + 1})
      for (uint32_t len : {0u, 1u})
        for (unsigned prio : {0u, 7u, 8u})
          for (unsigned dscp : {0u, 63u, 64u})
            for (unsigned ecn : {0u, 3u, 4u}) {
              Frame f = data_frame(100);
              f.kind = static_cast<FrameKind>(kind);
              f.psn = psn;
              f.len_bytes = len;
              f.priority = static_cast<uint8_t>(prio);
              f.dscp = static_cast<uint8_t>(dscp);
              f.ecn = static_cast<Ecn>(ecn);
              ASSERT_EQ(f.valid(), f.validate().empty()) << f.validate();
              ++checked;
            }
  EXPECT_EQ(checked, 4 * 3 * 2 * 3 * 3 * 3);
}

TEST(FramePool, PayloadsAreReusedAfterReleaseAndIdsAreUnique) {
  FramePool pool;
  tlm::tlm_generic_payload& a = pool.make(data_frame(100));
  a.acquire();
  const uint64_t id_a = frame_of(a).id;
  EXPECT_NE(id_a, 0u);
  EXPECT_EQ(pool.in_use(), 1u);
  a.release();
  EXPECT_EQ(pool.in_use(), 0u);
  tlm::tlm_generic_payload& b = pool.make(data_frame(200));
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(pool.allocated(), 1u);
  EXPECT_NE(frame_of(b).id, id_a);
  EXPECT_EQ(frame_of(b).len_bytes, 200u);
}

TEST(FramePool, PayloadWithoutFrameIsAClearError) {
  tlm::tlm_generic_payload t;
  EXPECT_THROW(frame_of(t), std::invalid_argument);
}

// ---------------------------------------------------------------- Link timing

TEST(Link, BitTimeIsAnExactRational) {
  Link l100("l100", 100, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(l100.bit_time_num_ps(), 10u);
  EXPECT_EQ(l100.bit_time_den(), 1u);
  Link l33("l33", 33, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(l33.bit_time_num_ps(), 1000u);
  EXPECT_EQ(l33.bit_time_den(), 33u);
  EXPECT_EQ(l100.serialization_time(1086), ps(1106 * 8 * 10));
  // 84 B * 8 * 1000/33 = 20363.63.. ps, rounded up.
  EXPECT_EQ(l33.serialization_time(64), ps(20364));
}

TEST(Link, FramesArriveExactlyAt10Gbps) { check_back_to_back(10, 10'000'000'000ull, 10'000); }
TEST(Link, FramesArriveExactlyAt25Gbps) { check_back_to_back(25, 25'000'000'000ull, 10'000); }
TEST(Link, FramesArriveExactlyAt40Gbps) { check_back_to_back(40, 40'000'000'000ull, 10'000); }
TEST(Link, FramesArriveExactlyAt100Gbps) { check_back_to_back(100, 100'000'000'000ull, 10'000); }
TEST(Link, FramesArriveExactlyAt400Gbps) { check_back_to_back(400, 400'000'000'000ull, 10'000); }
TEST(Link, FramesArriveWithoutDriftAt33GbpsWhereBitTimeIsNotWholePs) {
  check_back_to_back(33, 33'000'000'000ull, 10'000);
}
TEST(Link, FramesArriveWithoutDriftAtAFractionalRate) {
  check_back_to_back(2.5, 2'500'000'000ull, 10'000);  // 400 ps per bit
}
TEST(Link, FramesArriveWithoutDriftAtACoprimeRate) {
  check_back_to_back(33.333333337, 33'333'333'337ull, 10'000);  // bit time 1e12/33333333337 ps
}

TEST(Link, BackToBackFramesAreSpacedByExactlyTheirWireTime) {
  Link link("link", 100, sc_time(1, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  Owner owner(link);
  for (uint32_t len : {1086u, 64u, 1500u, 40u}) owner.queue.push_back(data_frame(len));
  start_at(owner, 0);
  sc_core::sc_start();
  ASSERT_EQ(sink.got.size(), 4u);
  EXPECT_EQ(sink.got[0].ps, 1106u * 80 + 1000);
  EXPECT_EQ(sink.got[1].ps - sink.got[0].ps, 84u * 80);
  EXPECT_EQ(sink.got[2].ps - sink.got[1].ps, 1520u * 80);
  EXPECT_EQ(sink.got[3].ps - sink.got[2].ps, 84u * 80);  // padded to 64 B
  EXPECT_EQ(link.counters().wire_bytes_sent, 1106u + 84 + 1520 + 84);
  EXPECT_EQ(link.counters().bytes_sent, 1086u + 64 + 1500 + 40);
}

TEST(Link, FrameAfterAnIdleGapStartsWhenTransmitted) {
  Link link("link", 33, sc_time(10, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  sc_core::sc_spawn([&] {
    link.transmit(make_frame_payload(data_frame(64)));
    sc_core::wait(ps(1'000'000));
    EXPECT_TRUE(link.idle());
    link.transmit(make_frame_payload(data_frame(64)));
  });
  sc_core::sc_start();
  ASSERT_EQ(sink.got.size(), 2u);
  EXPECT_EQ(sink.got[0].ps, 20364u + 10'000);
  EXPECT_EQ(sink.got[1].ps, 1'000'000u + 20364 + 10'000);  // no fraction carried over the gap
}

TEST(Link, TransmitWhileBusyIsRejected) {
  Link link("link", 100, sc_core::SC_ZERO_TIME);
  Sink sink("sink");
  link.out.bind(sink.in);
  bool threw = false;
  sc_core::sc_spawn([&] {
    link.transmit(make_frame_payload(data_frame(1000)));
    EXPECT_FALSE(link.idle());
    EXPECT_EQ(link.busy_until(), ps(1020 * 80));
    try {
      link.transmit(make_frame_payload(data_frame(1000)));
    } catch (const std::logic_error&) {
      threw = true;
    }
  });
  sc_core::sc_start();
  EXPECT_TRUE(threw);
  EXPECT_EQ(sink.got.size(), 1u);
}

TEST(Link, IdleLinkSchedulesNothing) {
  Link link("link", 100, sc_time(1, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  EXPECT_FALSE(sc_core::sc_pending_activity());
  EXPECT_TRUE(link.idle());
}

// notify_idle_only_when_asked: a frame's end tells the owner nothing unless the owner asked while the
// frame was on the wire, and then once, at the first whole ps after the frame's exact end.
TEST(Link, IdleNotificationOnlyWhenAsked) {
  Link link("link", 100, sc_time(1, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  link.notify_idle_only_when_asked();
  std::vector<uint64_t> told_ps;
  link.set_on_idle([&] { told_ps.push_back(now_ps()); });
  const uint64_t wire_ps = link.serialization_time(1000).value();
  sc_core::sc_spawn([&] {
    link.transmit(make_frame_payload(data_frame(1000)));  // not asked: no notification
    sc_core::wait(ps(2 * wire_ps));
    link.transmit(make_frame_payload(data_frame(1000)));
    sc_core::wait(ps(wire_ps / 2));
    link.ask_idle_notification();
    link.ask_idle_notification();  // asked twice: told once
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_US));
  ASSERT_EQ(told_ps.size(), 1u);
  EXPECT_EQ(told_ps[0], 3 * wire_ps);
  EXPECT_EQ(sink.got.size(), 2u);
  link.ask_idle_notification();  // idle: nothing to tell
  sc_core::sc_start(sc_time(1, sc_core::SC_US));
  EXPECT_EQ(told_ps.size(), 1u);
}

// The set-up of the tests of receivers that take the frames from the wire themselves: a 100 Gb/s
// link with a 1 ns delay into a sink, telling idleness only when asked, that sends one 1000-B frame
// of each given priority back to back from time 0; frame k arrives at arrival(k).
struct TakenLink {
  static constexpr uint64_t kDelayPs = 1'000;
  Link link{"link", 100, ps(kDelayPs)};
  Sink sink{"sink"};
  const uint64_t wire_ps = link.serialization_time(1000).value();
  TakenLink() {
    link.out.bind(sink.in);
    link.notify_idle_only_when_asked();
  }
  void send_back_to_back(std::vector<uint8_t> prios) {
    sc_core::sc_spawn([this, prios] {
      for (uint8_t p : prios) {
        link.transmit(make_frame_payload(data_frame(1000, p)));
        sc_core::wait(ps(wire_ps));
      }
    });
  }
  uint64_t arrival(uint64_t k) const { return (k + 1) * wire_ps + kDelayPs; }
};

// let_receiver_take: the receiver is told each frame's arrival time as the frame starts, the link
// delivers nothing through its socket and wakes for no arrival, and the frames wait on the wire
// until the receiver takes them, in order and each no earlier than its arrival.
TEST(Link, ReceiverThatTakesTheFramesIsToldEachArrivalAndGetsNoDelivery) {
  TakenLink t;
  Link& link = t.link;
  std::vector<uint64_t> told_ps;
  link.let_receiver_take([&](uint64_t arrival_ps) { told_ps.push_back(arrival_ps); });
  t.send_back_to_back({0, 1, 2});
  sc_core::sc_start(ps(t.arrival(2) + 1));
  ASSERT_EQ(told_ps.size(), 3u);
  for (uint64_t k = 0; k < 3; ++k) EXPECT_EQ(told_ps[k], t.arrival(k)) << "frame " << k;
  EXPECT_TRUE(t.sink.got.empty());
  EXPECT_FALSE(sc_core::sc_pending_activity());  // no wake-up for the arrivals
  EXPECT_EQ(link.frames_in_flight(), 3u);
  EXPECT_EQ(link.take_arrived_by(t.arrival(0) - 1).trans, nullptr);  // before the first arrival
  for (uint8_t k = 0; k < 3; ++k) {
    const Link::Arrived a = link.take_arrived_by(told_ps[k]);
    ASSERT_NE(a.frame, nullptr) << "frame " << unsigned{k};
    EXPECT_EQ(a.frame->priority, k);
    a.trans->release();
  }
  EXPECT_EQ(link.counters().frames_delivered, 3u);
  EXPECT_EQ(link.frames_in_flight(), 0u);
}

// let_receiver_take_late: the link wakes only at the arrival of a frame that wakes the receiver (here
// priority 5), and then asks the receiver to take every frame arrived by then; the others wait on the
// wire, in order, with their arrival times, and are delivered through no socket.
TEST(Link, ReceiverThatTakesFramesLateIsWokenOnlyForTheFramesThatWakeIt) {
  TakenLink t;
  Link& link = t.link;
  std::vector<std::pair<uint64_t, uint8_t>> taken;  // (arrival, priority)
  std::vector<uint64_t> woken_ps;
  link.let_receiver_take_late([](const Frame& f) { return f.priority == 5; },
                              [&](uint64_t now) {
                                woken_ps.push_back(now);
                                for (uint64_t at; (at = link.next_arrival_ps()) <= now;) {
                                  const Link::Arrived a = link.take_arrived_by(now);
                                  taken.emplace_back(at, a.frame->priority);
                                  a.trans->release();
                                }
                              });
  const std::vector<uint8_t> prios = {1, 2, 5, 3};
  t.send_back_to_back(prios);
  sc_core::sc_start(ps(t.arrival(3) + 1));
  ASSERT_EQ(woken_ps, std::vector<uint64_t>{t.arrival(2)});  // the priority-5 frame only
  ASSERT_EQ(taken.size(), 3u);
  for (uint64_t k = 0; k < 3; ++k) EXPECT_EQ(taken[k], std::make_pair(t.arrival(k), prios[k])) << "frame " << k;
  EXPECT_TRUE(t.sink.got.empty());
  EXPECT_FALSE(sc_core::sc_pending_activity());  // the last frame waits: no wake-up for it
  EXPECT_EQ(link.next_arrival_ps(), t.arrival(3));
  EXPECT_EQ(link.counters().frames_delivered, 3u);
}

// transmit_at: a frame given ahead of its start time (an owner stepping ahead of the kernel) starts
// then, not now; a start in the past is an error.
TEST(Link, TransmitAtStartsTheFrameAtItsTime) {
  const uint64_t delay_ps = 1'000;
  Link link("link", 100, ps(delay_ps));
  Sink sink("sink");
  link.out.bind(sink.in);
  const uint64_t wire_ps = link.serialization_time(1000).value();
  sc_core::sc_spawn([&] {
    sc_core::wait(ps(5'000));
    link.transmit_at(make_frame_payload(data_frame(1000)), 7'000);
    EXPECT_FALSE(link.idle());  // committed from now to the end of the frame
    EXPECT_THROW(link.transmit_at(make_frame_payload(data_frame(1000)), 4'000), std::logic_error);
  });
  sc_core::sc_start(sc_time(1, sc_core::SC_US));
  ASSERT_EQ(sink.got.size(), 1u);
  EXPECT_EQ(sink.got[0].ps, 7'000 + wire_ps + delay_ps);
}

TEST(Link, InvalidRateIsAClearError) {
  EXPECT_THROW(Link("zero", 0, sc_core::SC_ZERO_TIME), std::invalid_argument);
  EXPECT_THROW(Link("neg", -5, sc_core::SC_ZERO_TIME), std::invalid_argument);
  try {
    Link l("nan", std::nan(""), sc_core::SC_ZERO_TIME);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rate_gbps = nan must be a finite number > 0"), std::string::npos)
        << e.what();
  }
}

// ---------------------------------------------------------------- PFC

TEST(LinkPfc, PfcFrameOvertakesQueuedDataAtTheNextFrameBoundary) {
  Link link("link", 100, sc_time(500, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  Owner owner(link);
  for (int i = 0; i < 3; ++i) owner.queue.push_back(data_frame(1086));
  start_at(owner, 0);
  sc_core::sc_spawn([&] {
    sc_core::wait(sc_time(10, SC_NS));  // in the middle of the first data frame
    link.send_pfc(pfc_frame(1u << 3, {{3, 100}}));
    EXPECT_FALSE(link.idle());
  });
  sc_core::sc_start();
  ASSERT_EQ(sink.got.size(), 4u);
  const uint64_t data_ps = 1106 * 80, pfc_ps = 84 * 80, delay_ps = 500'000;
  EXPECT_EQ(sink.got[0].frame.kind, FrameKind::kData);
  EXPECT_EQ(sink.got[0].ps, data_ps + delay_ps);
  EXPECT_EQ(sink.got[1].frame.kind, FrameKind::kPfc);
  EXPECT_EQ(sink.got[1].ps, data_ps + pfc_ps + delay_ps);
  EXPECT_EQ(sink.got[1].frame.pfc_pause_quanta[3], 100);
  EXPECT_EQ(sink.got[2].frame.kind, FrameKind::kData);
  EXPECT_EQ(sink.got[2].ps, 2 * data_ps + pfc_ps + delay_ps);
  EXPECT_EQ(sink.got[3].ps, 3 * data_ps + pfc_ps + delay_ps);
  EXPECT_EQ(link.counters().pfc_frames_sent, 1u);
  EXPECT_EQ(link.counters().frames_sent, 4u);
  EXPECT_EQ(default_frame_pool().in_use(), 0u);
}

TEST(LinkPfc, PfcFrameOnAnIdleLinkStartsAtOnce) {
  Link link("link", 25, sc_time(100, SC_NS));
  Sink sink("sink");
  link.out.bind(sink.in);
  sc_core::sc_spawn([&] {
    sc_core::wait(ps(777));
    link.send_pfc(pfc_frame(0xFF, {}));
  });
  sc_core::sc_start();
  ASSERT_EQ(sink.got.size(), 1u);
  EXPECT_EQ(sink.got[0].ps, 777u + 84 * 8 * 40 + 100'000);
  EXPECT_EQ(sink.got[0].frame.len_bytes, 64u);
}

TEST(LinkPfc, PausedPriorityCannotStartUntilExactlyQuantaTimes512BitTimes) {
  Link link("link", 25, sc_core::SC_ZERO_TIME);  // 40 ps per bit: 1 quantum = 20480 ps
  Sink sink("sink");
  link.out.bind(sink.in);
  std::vector<std::pair<uint64_t, unsigned>> resumes;
  link.set_on_resume([&](unsigned p) { resumes.emplace_back(now_ps(), p); });
  const uint64_t t_pfc = 1'000, until = t_pfc + 10 * 20'480;
  bool threw = false;
  sc_core::sc_spawn([&] {
    sc_core::wait(ps(t_pfc));
    link.apply_received_pfc(pfc_frame(1u << 3, {{3, 10}}));
    EXPECT_EQ(link.paused_until(3), ps(until));
    EXPECT_FALSE(link.may_start(3));
    try {
      link.transmit(make_frame_payload(data_frame(100, 3)));
    } catch (const std::logic_error&) {
      threw = true;
    }
    sc_core::wait(ps(until - t_pfc - 1));
    EXPECT_FALSE(link.may_start(3));
    sc_core::wait(ps(1));
    EXPECT_TRUE(link.may_start(3));
    link.transmit(make_frame_payload(data_frame(100, 3)));
  });
  sc_core::sc_start();
  EXPECT_TRUE(threw);
  ASSERT_EQ(resumes.size(), 1u);
  EXPECT_EQ(resumes[0].first, until);
  EXPECT_EQ(resumes[0].second, 3u);
  ASSERT_EQ(sink.got.size(), 1u);
  EXPECT_EQ(sink.got[0].ps, until + 120u * 8 * 40);
  EXPECT_EQ(link.paused_time(3), ps(10 * 20'480));
  EXPECT_EQ(link.counters().pfc_frames_received, 1u);
}

TEST(LinkPfc, PauseAtANonWholePsBitTimeIsRoundedUpToTheNextPs) {
  Link link("link", 33, sc_core::SC_ZERO_TIME);
  // 7 quanta * 512 bits * 1000/33 ps = 108606.06.. ps
  EXPECT_EQ(link.pause_duration(7), ps(108607));
  EXPECT_EQ(link.pause_duration(65535), ps((u128{65535} * 512 * 1000 + 32) / 33));
}

TEST(LinkPfc, OtherPrioritiesAreNotPaused) {
  Link link("link", 100, sc_core::SC_ZERO_TIME);
  Sink sink("sink");
  link.out.bind(sink.in);
  sc_core::sc_spawn([&] {
    link.apply_received_pfc(pfc_frame(1u << 3, {{3, 1000}, {4, 1000}}));  // class 4 not enabled
    for (unsigned p = 0; p < kNumPriorities; ++p) EXPECT_EQ(link.may_start(p), p != 3) << "priority " << p;
    link.transmit(make_frame_payload(data_frame(1086, 0)));
  });
  sc_core::sc_start();
  ASSERT_EQ(sink.got.size(), 1u);
  EXPECT_EQ(sink.got[0].ps, 1106u * 80);
}

TEST(LinkPfc, ResumeWithZeroQuantaLiftsThePauseAtOnce) {
  Link link("link", 100, sc_core::SC_ZERO_TIME);
  Sink sink("sink");
  link.out.bind(sink.in);
  std::vector<std::pair<uint64_t, unsigned>> resumes;
  link.set_on_resume([&](unsigned p) { resumes.emplace_back(now_ps(), p); });
  sc_core::sc_spawn([&] {
    link.apply_received_pfc(pfc_frame(1u << 5, {{5, 65535}}));
    sc_core::wait(ps(1'000));
    EXPECT_FALSE(link.may_start(5));
    link.apply_received_pfc(pfc_frame(1u << 5, {{5, 0}}));
    EXPECT_TRUE(link.may_start(5));
    EXPECT_EQ(link.paused_until(5), ps(1'000));
    link.transmit(make_frame_payload(data_frame(64, 5)));
  });
  sc_core::sc_start();
  ASSERT_EQ(resumes.size(), 1u);
  EXPECT_EQ(resumes[0].first, 1'000u);
  EXPECT_EQ(link.paused_time(5), ps(1'000));
  EXPECT_EQ(sink.got.size(), 1u);
}

TEST(LinkPfc, NewPauseReplacesTheRunningOne) {
  Link link("link", 100, sc_core::SC_ZERO_TIME);  // 1 quantum = 5120 ps
  Sink sink("sink");
  link.out.bind(sink.in);
  sc_core::sc_spawn([&] {
    link.apply_received_pfc(pfc_frame(1u << 2, {{2, 100}}));
    sc_core::wait(ps(2'000));
    link.apply_received_pfc(pfc_frame(1u << 2, {{2, 1}}));
    EXPECT_EQ(link.paused_until(2), ps(2'000 + 5'120));
  });
  sc_core::sc_start();
  EXPECT_EQ(link.paused_time(2), ps(2'000 + 5'120));
}

TEST(LinkPfc, PfcFrameArrivingOnTheReverseDirectionPausesFromItsArrival) {
  // Host A <-> switch B at 100 Gb/s, 1 us. B sends PFC to A; A's transmitter (a_to_b) pauses.
  Link a_to_b("a_to_b", 100, sc_time(1, sc_core::SC_US));
  Link b_to_a("b_to_a", 100, sc_time(1, sc_core::SC_US));
  Sink at_a("at_a"), at_b("at_b");
  a_to_b.out.bind(at_b.in);
  b_to_a.out.bind(at_a.in);
  at_a.on_frame = [&](const Frame& f) {
    if (f.kind == FrameKind::kPfc) a_to_b.apply_received_pfc(f);
  };
  sc_core::sc_spawn([&] { b_to_a.send_pfc(pfc_frame(1u << 3, {{3, 200}})); });
  sc_core::sc_start();
  const uint64_t arrival = 84 * 80 + 1'000'000;
  ASSERT_EQ(at_a.got.size(), 1u);
  EXPECT_EQ(at_a.got[0].ps, arrival);
  EXPECT_EQ(a_to_b.paused_until(3), ps(arrival + 200 * 5'120));
  EXPECT_EQ(a_to_b.paused_time(3), ps(200 * 5'120));
}

// ---------------------------------------------------------------- Topology

TEST(Topology, StarPutsHostHOnSwitchPortH) {
  const Topology t = Topology::star(4, 100, 1000);
  EXPECT_EQ(t.hosts, 4u);
  EXPECT_EQ(t.switches(), 1u);
  ASSERT_EQ(t.links.size(), 4u);
  for (unsigned h = 0; h < 4; ++h) {
    const LinkSpec* l = t.link_at({NodeKind::kSwitch, 0}, h);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->a, (NodeRef{NodeKind::kHost, h}));
    EXPECT_EQ(l->gbps, 100);
    EXPECT_EQ(l->delay_ns, 1000);
  }
  const auto r = t.routes();
  for (unsigned h = 0; h < 4; ++h) EXPECT_EQ(r[0][h], static_cast<int>(h));
}

TEST(Topology, StarRejectsHostCountOutsideTheSwitchPorts) {
  try {
    Topology::star(0, 100, 1000);
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.hosts = 0 must be between 1 and 64 for topology star with 64-port switches");
  }
  EXPECT_THROW(Topology::star(65, 100, 1000), TopologyError);
  EXPECT_NO_THROW(Topology::star(64, 100, 1000));
  EXPECT_THROW(Topology::star(5, 100, 1000, 4), TopologyError);
}

TEST(Topology, BuildersRejectNonPositiveRateAndNegativeDelay) {
  try {
    Topology::star(2, 0, 1000);
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.link_gbps = 0 must be a finite number > 0 (Gb/s)");
  }
  try {
    Topology::star(2, 100, -1);
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.link_delay_ns = -1 must be a finite number >= 0 (ns)");
  }
  EXPECT_THROW(Topology::two_switch(2, 2, 100, 1000, -400), TopologyError);
}

TEST(Topology, TwoSwitchJoinsTheSwitchesOnTheirLastPorts) {
  const Topology t = Topology::two_switch(3, 2, 100, 500, 400, 8);
  EXPECT_EQ(t.hosts, 5u);
  EXPECT_EQ(t.switches(), 2u);
  const LinkSpec* trunk = t.link_at({NodeKind::kSwitch, 0}, 7);
  ASSERT_NE(trunk, nullptr);
  EXPECT_EQ(trunk->b, (NodeRef{NodeKind::kSwitch, 1}));
  EXPECT_EQ(trunk->port_b, 7u);
  EXPECT_EQ(trunk->gbps, 400);
  EXPECT_EQ(t.link_at({NodeKind::kSwitch, 1}, 1)->a, (NodeRef{NodeKind::kHost, 4}));
}

TEST(Topology, TwoSwitchRoutesLocalHostsToTheirPortsAndRemoteHostsToTheTrunk) {
  const Topology t = Topology::two_switch(3, 2, 100, 500, 400, 8);
  const auto r = t.routes();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0], (std::vector<int>{0, 1, 2, 7, 7}));
  EXPECT_EQ(r[1], (std::vector<int>{7, 7, 7, 0, 1}));
}

TEST(Topology, TwoSwitchRejectsTooManyHostsOnOneSide) {
  try {
    Topology::two_switch(64, 1, 100, 500, 400);
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(),
                 "fabric.hosts_left = 64 must be between 1 and 63 for topology two_switch with 64-port switches "
                 "(the last port joins the switches)");
  }
  EXPECT_THROW(Topology::two_switch(1, 0, 100, 500, 400), TopologyError);
}

TEST(Topology, ValidateRejectsPortOutOfRange) {
  Topology t = Topology::star(2, 100, 10, 4);
  t.links[1].port_b = 4;
  try {
    t.validate();
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.links[1].port_b = 4 is out of range: switch 0 has ports 0..3");
  }
}

TEST(Topology, ValidateRejectsAPortUsedTwice) {
  Topology t = Topology::star(3, 100, 10);
  t.links[2].port_b = 0;
  try {
    t.validate();
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.links[2].port_b = 0: switch 0 port 0 is already used by fabric.links[0]");
  }
}

TEST(Topology, ValidateRejectsBadLinkRateDelayAndUnconnectedHost) {
  Topology t = Topology::star(3, 100, 10);
  t.links[1].gbps = -2;
  EXPECT_THROW(t.validate(), TopologyError);
  t.links[1].gbps = 100;
  t.links[1].delay_ns = -0.5;
  try {
    t.validate();
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.links[1].delay_ns = -0.5 must be a finite number >= 0 (ns)");
  }
  t.links[1].delay_ns = 0;
  t.links.pop_back();
  try {
    t.validate();
    FAIL();
  } catch (const TopologyError& e) {
    EXPECT_STREQ(e.what(), "fabric.hosts = 3: host 2 is not connected by any of fabric.links");
  }
}

TEST(Topology, RoutesFollowTheShortestPathInAChainOfSwitches) {
  // host0 - sw0 - sw1 - sw2 - host1, plus a direct sw0 - sw2 link: sw0 must use it.
  Topology t;
  t.hosts = 2;
  t.switch_ports = {4, 4, 4};
  auto H = [](unsigned i) { return NodeRef{NodeKind::kHost, i}; };
  auto S = [](unsigned i) { return NodeRef{NodeKind::kSwitch, i}; };
  t.links = {{H(0), 0, S(0), 0, 100, 1}, {S(0), 1, S(1), 1, 100, 1}, {S(1), 2, S(2), 2, 100, 1},
             {S(2), 0, H(1), 0, 100, 1}, {S(0), 3, S(2), 3, 100, 1}};
  const auto r = t.routes();
  EXPECT_EQ(r[0][1], 3);
  EXPECT_EQ(r[1][1], 2);
  EXPECT_EQ(r[2][1], 0);
  EXPECT_EQ(r[2][0], 3);
  EXPECT_EQ(r[1][0], 1);
}
