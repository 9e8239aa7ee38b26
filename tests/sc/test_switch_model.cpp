// The Verilated switch inside SystemC (sc/switch): hosts on fabric links send an incast through it.
// Checks: stepping only the cycles that can change something gives the same results as stepping
// every cycle (docs/README.md principle 1); every frame is delivered, dropped with a reason or held;
// with PFC the incast is lossless and the hosts are paused.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <systemc>
#include <tlm_utils/simple_target_socket.h>

#include "models/switch/switch_config.hpp"
#include "rtl/driver/switch_regs.hpp"
#include "sc/fabric/frame.hpp"
#include "sc/fabric/link.hpp"
#include "sc/fabric/roce_format.hpp"
#include "sc/switch/switch_model.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::test {
namespace {

constexpr double kGbps = 100.0;
constexpr uint8_t kPrio = 3;  // lossless in SwitchConfig::defaults

// A host NIC reduced to what the switch needs: a line-rate source of one flow that honours PFC,
// and a sink that logs what arrives.
class Host : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Host);
  tlm_utils::simple_target_socket<Host> in;
  fabric::Link tx;
  std::vector<std::string> log;
  uint64_t sent = 0, received = 0;

  Host(sc_core::sc_module_name name, unsigned id, int dst, uint64_t frames, uint32_t payload,
       sc_core::sc_time start = sc_core::SC_ZERO_TIME)
      : sc_core::sc_module(name),
        in("in"),
        tx("tx", kGbps, sc_core::sc_time(1000, sc_core::SC_NS)),
        id_(id),
        dst_(dst),
        frames_(frames),
        payload_(payload),
        start_(start) {
    in.register_b_transport(this, &Host::b_transport);
    tx.set_on_idle([this] { kick_.notify(sc_core::SC_ZERO_TIME); });
    tx.set_on_resume([this](unsigned) { kick_.notify(sc_core::SC_ZERO_TIME); });
    SC_METHOD(send);
    sensitive << kick_;
  }

 private:
  void send() {
    if (sc_core::sc_time_stamp() < start_) {
      next_trigger(start_ - sc_core::sc_time_stamp());
      return;
    }
    if (dst_ < 0 || sent == frames_ || !tx.idle() || !tx.may_start(kPrio)) return;
    fabric::Frame f;
    f.src_host = id_;
    f.dst_host = static_cast<uint32_t>(dst_);
    f.flow_id = id_;
    f.psn = static_cast<uint32_t>(sent);
    f.len_bytes = fabric::roce::data_frame_bytes(payload_, false);
    f.priority = kPrio;
    f.ecn = fabric::Ecn::kEct0;
    tx.transmit(fabric::default_frame_pool().make(f));
    ++sent;
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time&) {
    const fabric::Frame& f = *t.get_extension<fabric::Frame>();
    if (f.kind == fabric::FrameKind::kPfc) {
      tx.apply_received_pfc(f);
      log.push_back(fmt::format("{} pfc {:#x}", sc_core::sc_time_stamp().value(), f.pfc_class_enable));
    } else {
      ++received;
      log.push_back(fmt::format("{} rx {} {} {}", sc_core::sc_time_stamp().value(), f.src_host, f.psn, int(f.ecn)));
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  unsigned id_;
  int dst_;
  uint64_t frames_;
  uint32_t payload_;
  sc_core::sc_time start_;
  sc_core::sc_event kick_;
};

// A star: hosts 1..senders send to host 0 through one switch; links 100 Gb/s, 1 us.
struct Star {
  std::unique_ptr<swc::SwitchModel> sw;
  std::vector<std::unique_ptr<Host>> hosts;
  std::vector<std::unique_ptr<fabric::Link>> down;  // switch port p -> host p

  // ingress: attach the hosts' transmitters as the switch's ingress links (SwitchModel::attach_ingress).
  Star(const std::string& name, unsigned senders, uint64_t frames, bool every_cycle, bool pfc,
       sc_core::sc_time start = sc_core::SC_ZERO_TIME, bool ingress = false) {
    const sw::SwitchParams params;
    sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
    cfg.pfc_enable = pfc;
    // Headroom for a 1 us, 100 Gb/s link (docs/buffer-plan.md), counted in frames because the
    // buffer counts cells: the frames in flight during the PFC round trip (2 x 1 us x 100 Gb/s on
    // the wire), plus one being sent on each side and one more, each taking ceil(1086 / 256) cells.
    const uint64_t frame_bytes = fabric::roce::data_frame_bytes(1024, false);
    const uint64_t wire_bytes = frame_bytes + 20;
    const uint64_t frames_in_flight = (2 * 1000 /* ns */ * 100 /* bits per ns */ / 8 + wire_bytes - 1) / wire_bytes + 3;
    const uint32_t headroom_cells = static_cast<uint32_t>(frames_in_flight * ((frame_bytes + params.cell_bytes - 1) / params.cell_bytes));
    for (auto& port : cfg.ports) port.headroom_cells = headroom_cells;
    cfg.shared_pool_cells = static_cast<uint32_t>(params.ncells() - uint64_t{cfg.reserve_cells} * params.nports * params.nprio -
                                                  uint64_t{headroom_cells} * params.nports);
    const uint64_t ports_used = (uint64_t{1} << (senders + 1)) - 1;
    sw = std::make_unique<swc::SwitchModel>((name + "_sw").c_str(), params, cfg, ports_used,
                                            swc::SwitchModel::kDefaultPeriodPs, every_cycle);
    for (unsigned h = 0; h <= senders; ++h) {
      hosts.push_back(
          std::make_unique<Host>(fmt::format("{}_h{}", name, h).c_str(), h, h == 0 ? -1 : 0, frames, 1024, start));
      down.push_back(std::make_unique<fabric::Link>(fmt::format("{}_down{}", name, h).c_str(), kGbps,
                                                    sc_core::sc_time(1000, sc_core::SC_NS)));
      hosts[h]->tx.out.bind(sw->in_socket(h));
      down[h]->out.bind(hosts[h]->in);
      sw->attach_egress(h, down[h].get());
      if (ingress) sw->attach_ingress(h, &hosts[h]->tx);
    }
  }
  uint64_t sent() const {
    uint64_t n = 0;
    for (const auto& h : hosts) n += h->sent;
    return n;
  }
  uint64_t dropped() const {
    uint64_t n = 0;
    for (uint64_t d : sw->stats().drops) n += d;
    return n;
  }
  uint64_t in_flight() const {
    uint64_t n = sw->frames_held();
    for (const auto& h : hosts) n += h->tx.end_to_end_frames_in_flight();
    for (const auto& l : down) n += l->end_to_end_frames_in_flight();
    return n;
  }
};

TEST(SwitchModel, SteppingOnlyBusyCyclesMatchesSteppingEveryCycleInAnIncast) {
  Star skip("skip", 3, 400, false, true);
  Star every("every", 3, 400, true, true);
  sc_core::sc_start(sc_core::sc_time(120, sc_core::SC_US));
  for (size_t h = 0; h < skip.hosts.size(); ++h) EXPECT_EQ(skip.hosts[h]->log, every.hosts[h]->log) << "host " << h;
  EXPECT_EQ(skip.sw->stats().frames_out, every.sw->stats().frames_out);
  EXPECT_GT(skip.hosts[0]->received, 300u);
  EXPECT_LT(skip.sw->stats().cycles_stepped * 4, every.sw->stats().cycles_stepped);
  std::printf("stepped %llu of %llu cycles\n", static_cast<unsigned long long>(skip.sw->stats().cycles_stepped),
              static_cast<unsigned long long>(every.sw->stats().cycles_stepped));
}

// Runs a star whose switch steps ahead of the kernel (SwitchModel::set_step_horizon_ps, docs/fabric.md
// 8), taking frames from its ingress links if `take_from_links` (SwitchModel::attach_ingress), and a
// reference star stepping one cycle per activation; expects the same frames at the same times and the
// same cycles stepped. The reference starts 520 cycles later, so that the two switches do not act at
// the same instants (each would keep the other from stepping ahead); its log is compared shifted
// back. Returns the share of the cycles stepped ahead.
double expect_same_steps_as_one_activation_per_cycle(bool take_from_links) {
  const uint64_t shift_ps = 520 * swc::SwitchModel::kDefaultPeriodPs;
  Star ahead("ahead", 3, 400, false, true, sc_core::SC_ZERO_TIME, take_from_links);
  Star one("one", 3, 400, false, true, sc_core::sc_time::from_value(shift_ps));
  const sc_core::sc_time run(120, sc_core::SC_US);
  ahead.sw->set_step_horizon_ps(run.value() - 1);
  sc_core::sc_start(run + sc_core::sc_time::from_value(shift_ps));
  for (size_t h = 0; h < ahead.hosts.size(); ++h) {
    std::vector<std::string> shifted;
    for (const std::string& line : one.hosts[h]->log) {
      const size_t sp = line.find(' ');
      const uint64_t t = std::stoull(line.substr(0, sp)) - shift_ps;
      if (t < run.value()) shifted.push_back(std::to_string(t) + line.substr(sp));
    }
    EXPECT_EQ(ahead.hosts[h]->log, shifted) << "host " << h;
  }
  EXPECT_GT(ahead.hosts[0]->received, 300u);
  EXPECT_EQ(ahead.sw->stats().cycles_stepped, one.sw->stats().cycles_stepped);
  EXPECT_EQ(ahead.sw->stats().frames_in, one.sw->stats().frames_in);
  EXPECT_EQ(one.sw->stats().cycles_stepped_ahead, 0u);
  std::printf("stepped ahead %llu of %llu cycles\n",
              static_cast<unsigned long long>(ahead.sw->stats().cycles_stepped_ahead),
              static_cast<unsigned long long>(ahead.sw->stats().cycles_stepped));
  return double(ahead.sw->stats().cycles_stepped_ahead) / double(ahead.sw->stats().cycles_stepped);
}

// Consecutive cycles stepped in one activation are the steps separate activations make.
TEST(SwitchModel, SteppingAheadOfTheKernelMatchesOneActivationPerCycle) {
  EXPECT_GT(expect_same_steps_as_one_activation_per_cycle(false), 0.1);
}

// With its ingress links attached the switch also steps ahead of frames the kernel has not delivered
// yet, taking them from the links (up to the links' propagation delay): still the same steps, with
// most cycles stepped ahead.
TEST(SwitchModel, TakingFramesFromTheLinksAheadOfTheKernelMatchesOneActivationPerCycle) {
  EXPECT_GT(expect_same_steps_as_one_activation_per_cycle(true), 0.8);
}

TEST(SwitchModel, EveryFrameIsDeliveredDroppedOrInFlightAndPfcMakesTheIncastLossless) {
  Star star("star", 8, 4000, false, true);
  sc_core::sc_start(sc_core::sc_time(300, sc_core::SC_US));
  const uint64_t delivered = star.hosts[0]->received;
  EXPECT_EQ(star.sent(), delivered + star.dropped() + star.in_flight());
  EXPECT_EQ(star.dropped(), 0u);
  EXPECT_GT(star.sw->stats().pfc_out, 0u);
  // The receiver's link runs at line rate once the queue has built: at least 90 % of 100 Gb/s.
  const double gbps = delivered * fabric::roce::data_frame_bytes(1024, false) * 8.0 / 300e3;
  EXPECT_GT(gbps, 90.0);
  const uint64_t pauses = star.sw->read_counter(sw::regs::port_counter(1, sw::regs::kPfcPauseTx, false));
  EXPECT_GT(pauses, 0u);
}

// The sampler's queue depth (timeseries.csv) is kept from the RTL's enqueue and egress reports; it
// must equal the RTL's own queue length register (docs/switch.md 2.9, block 8 k = 10).
TEST(SwitchModel, QueueBytesKeptFromReportsEqualTheQueueLengthRegister) {
  Star star("qlen", 8, 4000, false, true);
  uint64_t largest = 0;
  for (int k = 0; k < 6; ++k) {
    sc_core::sc_start(sc_core::sc_time(17, sc_core::SC_US));
    const uint64_t kept = star.sw->queue_bytes(0, kPrio);
    // The register is latched from the state before the read cycle: the state `kept` describes.
    const uint64_t reg = star.sw->read_counter(sw::regs::queue_counter(0, kPrio, sw::regs::kLenBytes, false));
    EXPECT_EQ(kept, reg) << "sample " << k;
    largest = std::max(largest, kept);
  }
  EXPECT_GT(largest, 10'000u);  // the incast built a queue
  const uint64_t delivered = star.hosts[0]->received;
  EXPECT_EQ(star.sent(), delivered + star.dropped() + star.in_flight());
}

TEST(SwitchModel, WithoutPfcAnOverloadedQueueDropsWithACountedReason) {
  sw::SwitchParams params;
  Star star("lossy", 8, 20000, false, false);
  sc_core::sc_start(sc_core::sc_time(1500, sc_core::SC_US));
  EXPECT_GT(star.dropped(), 0u);
  EXPECT_EQ(star.sent(), star.hosts[0]->received + star.dropped() + star.in_flight());
  EXPECT_EQ(star.sw->stats().drops[static_cast<size_t>(sw::DropReason::kLossyTail)], star.dropped());
}

// A switch that another rank simulates (docs/fabric.md 10) is a module without a core: it takes no
// memory for one, and a frame or a register read reaching it is a logic error naming it, never a
// silent drop.
TEST(SwitchModel, AnotherRanksSwitchHasNoCoreAndRefusesFrames) {
  const sw::SwitchParams params;
  swc::SwitchModel elsewhere("elsewhere_sw", params, sw::SwitchConfig::defaults(params), 0b11,
                             swc::SwitchModel::kDefaultPeriodPs, false, nullptr, swc::SwitchImpl::kNone);
  fabric::Frame f;
  f.dst_host = 0;
  f.len_bytes = fabric::roce::data_frame_bytes(1024, false);
  tlm::tlm_generic_payload& trans = fabric::default_frame_pool().make(f);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  try {
    elsewhere.in_socket(1).get_base_export()->b_transport(trans, delay);
    ADD_FAILURE() << "a frame was taken by a switch without a core";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("elsewhere_sw: a frame arrived on a rank that does not simulate it"),
              std::string::npos)
        << e.what();
  }
  trans.release();
  EXPECT_THROW(elsewhere.read_counter(sw::regs::port_counter(0, sw::regs::kPfcPauseTx, false)),
               std::logic_error);
  EXPECT_EQ(elsewhere.frames_held(), 0u);
}

}  // namespace
}  // namespace ccf::test
