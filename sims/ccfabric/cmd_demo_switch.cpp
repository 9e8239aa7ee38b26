// cmd_demo_switch.cpp: `ccfabric demo-switch`: an N:1 incast through the Verilated 16-port switch
// at 100 Gb/s with PFC and ECN, stepped only in cycles where something can change (docs/switch.md
// 2.1). Senders honour PFC after a response delay, as a NIC does. Prints a table, writes
// summary.json and, with --trace, an FST waveform of the switch.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <vector>

#include "Vsw_top.h"
#include "rtl/driver/switch_dut.hpp"
#include "rtl/driver/switch_regs.hpp"
#include "sims/ccfabric/cli_checks.hpp"
#include "sims/ccfabric/commands.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::cli {
namespace {

constexpr double kClockGhz = 1.5625;           // docs/switch.md 2.1
constexpr unsigned kLinkBitsPerCycle = 64;     // 100 Gb/s at 1.5625 GHz
constexpr unsigned kWireOverheadBytes = 20;    // preamble + SFD + inter-frame gap
constexpr unsigned kRoceHeaderBytes = 14 + 20 + 8 + 12 + 4 + 4;  // Eth, IPv4, UDP, BTH, ICRC, FCS (RoCEv2, Annex A17)
constexpr uint8_t kRoceFlowPrio = 3;

struct DemoOptions {
  unsigned senders = 8;
  double duration_us = 1000.0;
  unsigned payload_bytes = 1024;
  unsigned pfc_response_ns = 600;
  bool pfc = true;
  std::string out_dir = "out/demo-switch";
  bool trace = false;
};

struct Sender {
  uint64_t next_cycle = 0;      // earliest cycle the next frame may start (line rate)
  uint64_t paused_until = 0;    // PFC from the switch, as the NIC obeys it
  uint64_t pause_from = 0;
  uint64_t sent_frames = 0;
  bool offering = false;
  sw::Descriptor offer;
};

constexpr unsigned kReceiverPort = 0;

// The incast as it runs: the senders on ports 1..N, the receiver on port 0, the switch's inputs and
// what the demo counted.
struct Incast {
  Incast(const DemoOptions& opts, const sw::SwitchParams& params)
      : o(opts),
        frame_bytes(opts.payload_bytes + kRoceHeaderBytes),
        wire_cycles(((frame_bytes + kWireOverheadBytes) * 8 + kLinkBitsPerCycle - 1) / kLinkBitsPerCycle),
        response_cycles(static_cast<uint64_t>(opts.pfc_response_ns * kClockGhz)),
        snd(opts.senders + 1) {
    in.in_desc.resize(params.nports);
    in.out_ready.assign(params.nports, false);
    in.pfc_in.resize(params.nports);
  }

  const DemoOptions& o;
  const unsigned frame_bytes;
  const uint64_t wire_cycles;
  const uint64_t response_cycles;
  std::vector<Sender> snd;
  uint64_t rx_busy_until = 0, delivered = 0, delivered_bytes = 0, marked = 0, injected = 0, dropped = 0;
  uint64_t enqueued = 0;  // frames the switch queued (enq_valid); the others it took, it dropped
  uint64_t stepped = 0;
  uint32_t tag = 1;
  bool idle = false;
  uint64_t next_deadline = 0;
  sw::CycleInputs in;

  // The senders' inputs of cycle c; returns whether a sender offers a frame.
  bool set_inputs(uint64_t c) {
    bool activity = false;
    for (unsigned p = 1; p <= o.senders; ++p) {
      Sender& s = snd[p];
      const bool paused = c >= s.pause_from && c < s.paused_until;
      if (!s.offering && c >= s.next_cycle && !paused) {
        s.offer = sw::Descriptor{tag++, static_cast<uint16_t>(frame_bytes), kRoceFlowPrio, 2, kReceiverPort, static_cast<uint16_t>(p * 40503u)};
        s.offering = true;
      }
      in.in_desc[p].reset();
      if (s.offering) in.in_desc[p] = s.offer;
      activity |= s.offering;
    }
    return activity;
  }

  // What the switch did in cycle c: frames taken from the senders, PFC frames to them, the frame
  // delivered to the receiver.
  void take_outputs(const sw::CycleOutputs& out, uint64_t c) {
    idle = out.idle;
    next_deadline = out.next_deadline;
    for (unsigned p = 1; p <= o.senders; ++p) {
      Sender& s = snd[p];
      if (s.offering && out.in_ready(p)) {
        s.offering = false;
        ++s.sent_frames;
        ++injected;
        s.next_cycle = c + wire_cycles;
      }
      if (out.pfc_out[p]) {
        const sw::PfcFrame& f = *out.pfc_out[p];
        if ((f.class_en >> kRoceFlowPrio) & 1u) {
          s.pause_from = c + response_cycles;
          s.paused_until = s.pause_from + uint64_t{f.time_quanta[kRoceFlowPrio]} * 512 / kLinkBitsPerCycle;
        }
      }
    }
    if (out.egress) {
      ++delivered;
      delivered_bytes += out.egress->len_bytes;
      marked += out.egress->ecn == 3;
      rx_busy_until = c + wire_cycles;
    }
    dropped += out.drop.has_value();
    enqueued += out.enqueue.has_value();
  }

  // Idle at cycle c: the next cycle where an input changes or a timer fires.
  uint64_t next_change(uint64_t c, uint64_t end) const {
    uint64_t next = std::min(end, next_deadline);
    if (rx_busy_until > c) next = std::min(next, rx_busy_until);
    for (unsigned p = 1; p <= o.senders; ++p) next = std::min(next, std::max(snd[p].next_cycle, c + 1));
    for (unsigned p = 1; p <= o.senders; ++p)
      if (snd[p].paused_until > c) next = std::min(next, snd[p].paused_until);
    return std::max(next, c + 1);
  }

  // Runs from cycle c to end, stepping the switch only in cycles where something can change.
  void run(driver::SwitchDut<Vsw_top>& dut, uint64_t& c, uint64_t end) {
    while (c < end) {
      const bool activity = set_inputs(c);
      const bool ready = c >= rx_busy_until;
      const bool ready_changed = ready != in.out_ready[kReceiverPort];
      in.out_ready[kReceiverPort] = ready;
      if (!(idle && !activity && !ready_changed && c < next_deadline)) {
        const sw::CycleOutputs out = dut.step(c, in);
        ++stepped;
        take_outputs(out, c);
        ++c;
      } else {
        c = next_change(c, end);
      }
    }
  }

  // The run ends. Frames taken but still in the ingress skid FIFOs (docs/switch.md 2.2) are processed,
  // one per cycle, before the counters are read, so that each is queued or dropped; nothing is
  // offered or sent meanwhile.
  void drain(driver::SwitchDut<Vsw_top>& dut, uint64_t& c, const sw::SwitchParams& params) {
    for (auto& d : in.in_desc) d.reset();
    std::fill(in.out_ready.begin(), in.out_ready.end(), false);
    for (unsigned i = 0; i < params.nports * params.in_fifo_depth + 2; ++i) {
      const sw::CycleOutputs out = dut.step(c++, in);
      dropped += out.drop.has_value();
      enqueued += out.enqueue.has_value();
    }
  }
};

// The ports' table from the switch's PFC counters; returns the ports of summary.json.
nlohmann::json print_ports(const Incast& x, driver::SwitchDut<Vsw_top>& dut, uint64_t& c, double sim_us) {
  using namespace sw::regs;
  auto rd64 = [&](uint32_t a) { const uint64_t v = dut.read_counter(c, a); c += 2; return v; };
  nlohmann::json ports = nlohmann::json::array();
  fmt::print("ccfabric demo-switch: {}:1 incast into port {} of the 16 x 100 Gb/s RTL switch, {:.0f} us, PFC {}\n",
             x.o.senders, kReceiverPort, sim_us, x.o.pfc ? "on" : "off");
  fmt::print("{:>5} {:>10} {:>14} {:>14} {:>12} {:>12}\n", "port", "role", "sent_frames", "tx_Gbps", "pause_tx", "resume_tx");
  for (unsigned p = 0; p <= x.o.senders; ++p) {
    const uint64_t pause = rd64(port_counter(p, kPfcPauseTx, false));
    const uint64_t resume = rd64(port_counter(p, kPfcResumeTx, false));
    const double gbps = x.snd[p].sent_frames * x.frame_bytes * 8.0 / (sim_us * 1000.0);
    fmt::print("{:>5} {:>10} {:>14} {:>14.2f} {:>12} {:>12}\n", p, p == kReceiverPort ? "receiver" : "sender",
               x.snd[p].sent_frames, gbps, pause, resume);
    ports.push_back({{"port", p}, {"sent_frames", x.snd[p].sent_frames}, {"tx_gbps", gbps},
                     {"pfc_pause_frames_sent", pause}, {"pfc_resume_frames_sent", resume}});
  }
  return ports;
}

// The table, summary.json and the frame accounting, with the counters from the switch's registers.
void report(const Incast& x, driver::SwitchDut<Vsw_top>& dut, uint64_t c, uint64_t cycles, double wall_s,
            const std::string& trace_path) {
  using namespace sw::regs;
  const DemoOptions& o = x.o;
  const double sim_us = double(cycles) / (kClockGhz * 1000.0);
  const double rx_gbps = x.delivered_bytes * 8.0 / (sim_us * 1000.0);
  const nlohmann::json ports = print_ports(x, dut, c, sim_us);
  auto rd64 = [&](uint32_t a) { const uint64_t v = dut.read_counter(c, a); c += 2; return v; };
  const uint64_t peak = rd64(queue_counter(kReceiverPort, kRoceFlowPrio, kPeakBytes, false));
  const uint64_t held = rd64(queue_counter(kReceiverPort, kRoceFlowPrio, kLenFrames, false));
  const uint64_t injected = x.injected, delivered = x.delivered, dropped = x.dropped, enqueued = x.enqueued;
  fmt::print("receiver: {:.2f} Gb/s delivered, {} frames ({} ECN-marked), peak queue {:.1f} KB\n", rx_gbps, delivered,
             x.marked, peak / 1000.0);
  fmt::print("frames: injected {} = delivered {} + dropped {} + in switch {}\n", injected, delivered, dropped, held);
  fmt::print("speed: {} of {} cycles stepped ({:.1f} %), {:.3f} s wall, {:.2f} wall s per simulated ms\n", x.stepped,
             cycles, 100.0 * x.stepped / double(cycles), wall_s, wall_s / (sim_us / 1000.0));
  nlohmann::json summary = {
      {"scenario", {{"senders", o.senders}, {"link_gbps", 100}, {"payload_bytes", o.payload_bytes}, {"pfc", o.pfc}}},
      {"ports", ports},
      {"receiver", {{"throughput_gbps", rx_gbps}, {"frames", delivered}, {"ecn_marked", x.marked}, {"peak_queue_bytes", peak}}},
      {"frames", {{"injected", injected}, {"delivered", delivered}, {"dropped", dropped}, {"in_flight", held}}},
      {"sim", {{"simulated_us", sim_us}, {"wall_s", wall_s}, {"cycles", cycles}, {"cycles_stepped", x.stepped}}}};
  sims::write_output_file(o.out_dir + "/summary.json", summary.dump(2) + "\n");
  fmt::print("wrote {}/summary.json{}\n", o.out_dir, o.trace ? fmt::format(" and {}", trace_path) : "");
  // Every frame taken was queued or dropped, and the queue's length register agrees with the frames
  // seen entering and leaving it.
  if (injected != delivered + dropped + held || injected != enqueued + dropped || held != enqueued - delivered) {
    throw RunFailed(
        fmt::format("frame accounting does not balance: injected {} != delivered {} + dropped {} + held {} "
                    "(length register; {} enqueued and {} delivered seen)",
                    injected, delivered, dropped, held, enqueued, delivered));
  }
}

void run_demo(const DemoOptions& o) {
  const sw::SwitchParams params;
  sw::SwitchConfig cfg = sw::SwitchConfig::defaults(params);
  cfg.pfc_enable = o.pfc;
  if (const std::string err = cfg.validate(params); !err.empty()) throw BadInput(err);
  ensure_out_dir(o.out_dir);
  const std::string trace_path = o.out_dir + "/switch.fst";
  driver::SwitchDut<Vsw_top> dut(params, o.trace ? trace_path.c_str() : nullptr);
  uint64_t c = dut.configure(dut.reset(0), cfg);
  const uint64_t start = c;
  const uint64_t end = start + static_cast<uint64_t>(o.duration_us * 1000.0 * kClockGhz);
  Incast incast(o, params);
  const auto wall0 = std::chrono::steady_clock::now();
  incast.run(dut, c, end);
  incast.drain(dut, c, params);
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  report(incast, dut, c, end - start, wall_s, trace_path);
}

}  // namespace

void add_demo_switch_command(CLI::App& app) {
  auto opts = std::make_shared<DemoOptions>();
  CLI::App* cmd = app.add_subcommand("demo-switch", "N:1 incast through the Verilated switch RTL (PFC, ECN)");
  cmd->add_option("--senders", opts->senders, "senders on ports 1..N")->check(CLI::Range(1u, 15u));
  cmd->add_option("--duration-us", opts->duration_us, "simulated time in microseconds")
      ->check(finite_range(1.0, 100000.0));
  cmd->add_option("--payload-bytes", opts->payload_bytes, "RoCEv2 payload per frame")->check(CLI::Range(64u, 4096u));
  cmd->add_option("--pfc-response-ns", opts->pfc_response_ns, "sender reaction time to a PAUSE")->check(CLI::Range(0u, 100000u));
  cmd->add_flag("!--no-pfc", opts->pfc, "disable PFC (lossy)");
  cmd->add_option("--out", opts->out_dir, "output directory");
  cmd->add_flag("--trace", opts->trace, "write an FST waveform of the switch");
  cmd->callback([opts] { run_demo(*opts); });
}

}  // namespace ccf::cli
