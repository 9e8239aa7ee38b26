// test_hls_csim.cpp: C simulation of every HLS synthesis top (docs/hls.md 3). Each test drives the
// cycle-accurate SystemC unit with a seeded random event stream and records the vector file the unit
// writes (its registers, then every kernel pass with the unit's state and outputs after it); the
// top's C simulation testbench (hls/<algo>/<top>_csim.cpp, the file Vitis csim_design and Catapult
// run) replays it and must reproduce every pass word for word. A copy with one expected word changed
// must fail, so the comparison is live. Prints seed=...; CCF_SEED=<n> replays one seed.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <systemc>

#include "hls/dcqcn/np_vectors.hpp"
#include "sc/nic/dcqcn_np_unit.hpp"
#include "sc/nic/dcqcn_rp_unit.hpp"
#include "sc/nic/ldcp_pcc_unit.hpp"
#include "sc/nic/ldcp_unit.hpp"
#include "sc/nic/swift_unit.hpp"
#include "sc/nic/timely_unit.hpp"

int sc_main(int, char**) { return 0; }  // libsystemc references it; gtest_main provides main()

namespace ccf::nic {
namespace {

constexpr uint32_t kFlows = 8;  // < 2^CCF_HLS_FLOW_W: the top's memory holds every flow

uint64_t test_seed() {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 0) : 1;
}

sc_core::sc_time at_ps(uint64_t ps) { return sc_core::sc_time::from_value(ps); }

// Runs the testbench `tb` on `path`; returns its exit status (its output goes to path + ".log").
int run_csim(const std::string& tb, const std::string& path) {
  const int rc = std::system(fmt::format("'{}/{}' '{}' > '{}.log' 2>&1", CCF_CSIM_DIR, tb, path, path).c_str());
  return rc == -1 ? -1 : WEXITSTATUS(rc);
}

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Number of event records per event name in a vector text.
std::map<std::string, int> events_in(const std::string& text) {
  std::map<std::string, int> n;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const std::string word = line.substr(0, line.find(' '));
    if (!word.empty() && word != "params") ++n[word];
  }
  return n;
}

// Writes the vectors, checks that every listed event occurs, that the top's testbench reproduces
// them, and that a copy with the last word of a middle record changed is rejected.
void expect_top_reproduces_unit(const std::string& tb, const std::string& vectors,
                                const std::vector<std::string>& events, uint64_t seed) {
  SCOPED_TRACE(fmt::format("seed={}", seed));
  const std::string dir = CCF_VECTOR_DIR;
  std::filesystem::create_directories(dir);
  const std::string path = fmt::format("{}/{}.vec", dir, tb);
  std::ofstream(path) << vectors;
  const auto n = events_in(vectors);
  for (const auto& e : events) EXPECT_GT(n.count(e) ? n.at(e) : 0, 0) << "no '" << e << "' pass in " << path;
  EXPECT_EQ(run_csim(tb, path), 0) << read_text(path + ".log");
  std::cout << read_text(path + ".log");

  // Corrupt one word: the last expected word of the record in the middle of the file.
  std::string bad = vectors;
  size_t mid = bad.find('\n', bad.size() / 2) + 1;
  while (bad.compare(mid, 6, "params") == 0) mid = bad.find('\n', mid) + 1;
  const size_t eol = bad.find('\n', mid), sp = bad.rfind(' ', eol);
  bad.replace(sp + 1, eol - sp - 1, std::to_string(std::stoull(bad.substr(sp + 1, eol - sp - 1)) + 1));
  const std::string bad_path = fmt::format("{}/{}.corrupt.vec", dir, tb);
  std::ofstream(bad_path) << bad;
  EXPECT_EQ(run_csim(tb, bad_path), 1) << "the testbench accepted a changed word: " << read_text(bad_path + ".log");
}

// Fires every due timer of every flow up to now_ps, in deadline order per flow.
template <class Unit>
void run_timers(Unit& u, uint64_t now_ps) {
  for (uint32_t f = 0; f < kFlows; ++f)
    for (uint64_t d; (d = u.next_deadline_ps(f)) <= now_ps;) u.on_timer(f, at_ps(d));
}

TEST(HlsCsim, DcqcnRpTopReproducesTheSystemCUnitInThePaperAndMlxVariants) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  for (const auto& p : {hls::dcqcn::RpParams::paper(100000), hls::dcqcn::RpParams::mlx5(100000)}) {
    DcqcnRpUnit u(p);
    u.set_vector_log(&log);
    for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
    uint64_t t = 0;
    // The mlx alpha timer runs every 1 us per flow: fewer events keep its file small.
    const int events = p.variant == hls::dcqcn::RpVariant::kMlx ? 300 : 3000;
    for (int i = 0; i < events; ++i) {
      t += rng() % 20'000'000;  // up to 20 us between events
      run_timers(u, t);
      const auto f = static_cast<uint32_t>(rng() % kFlows);
      if (rng() % 4 == 0) u.on_cnp(f, at_ps(t));
      else u.on_tx(f, 1024, at_ps(t));
    }
  }
  expect_top_reproduces_unit("rp_top_csim", log.str(),
                             {"init", "cnp", "alpha_timer", "increase_timer", "rate_decrease_timer", "tx",
                              "alpha_increase_timer"},
                             seed);
}

TEST(HlsCsim, DcqcnNpTopReproducesTheSystemCUnitInBothModes) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  for (const auto& p : {hls::dcqcn::NpParams::paper(), hls::dcqcn::NpParams::mlx5()}) {
    DcqcnNpUnit u(p);
    u.set_vector_log(&log);
    uint64_t t = 0;
    for (int i = 0; i < 3000; ++i) {
      t += rng() % 30'000'000;
      for (uint32_t f = 0; f < kFlows; ++f)
        for (uint64_t d; (d = u.next_deadline_ps(f)) <= t;) u.on_timer(f, at_ps(d));
      u.on_ce(static_cast<uint32_t>(rng() % kFlows), at_ps(t));
    }
  }
  expect_top_reproduces_unit("np_top_csim", log.str(), {"marked", "window_end"}, seed);
}

TEST(HlsCsim, SwiftTopReproducesTheSystemCUnit) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  SwiftUnit u(hls::swift::Params{}, 1024);
  u.set_vector_log(&log);
  for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
  uint64_t t = 0;
  for (int i = 0; i < 4000; ++i) {
    t += rng() % 2'000'000;  // up to 2 us between events
    run_timers(u, t);
    const auto f = static_cast<uint32_t>(rng() % kFlows);
    const unsigned k = rng() % 100;
    if (k < 2) {
      u.on_timeout(f, at_ps(t));
    } else if (k < 5) {
      u.on_nack(f, at_ps(t));
    } else {
      AckInfo a;
      a.acked_bytes = k < 10 ? 0 : 1024 * (1 + rng() % 4);
      a.rtt_ps = 5'000'000 + rng() % 200'000'000;  // 5..205 us
      a.remote_queuing_delay_ps = rng() % 60'000'000;
      a.hop_count = static_cast<uint8_t>(1 + rng() % 5);
      u.on_ack(f, a, at_ps(t));
    }
  }
  expect_top_reproduces_unit("swift_top_csim", log.str(), {"init", "ack", "retransmit_timeout", "fast_recovery"},
                             seed);
}

TEST(HlsCsim, LdcpTopReproducesTheSystemCUnit) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  LdcpUnit u(hls::ldcp::Params{}, 1024, 100.0);
  u.set_vector_log(&log);
  std::vector<uint64_t> cum(kFlows, 0);
  for (uint32_t f = 0; f < kFlows; ++f) {
    u.init_flow(f, at_ps(0));
    u.set_message_bytes(f, f % 2 ? 30'000 : 0);
  }
  uint64_t t = 0;
  for (int i = 0; i < 4000; ++i) {
    t += rng() % 1'000'000;
    run_timers(u, t);
    const auto f = static_cast<uint32_t>(rng() % kFlows);
    const unsigned k = rng() % 100;
    if (k < 40) {
      u.on_tx(f, 1024, at_ps(t));
    } else if (k < 43) {
      u.on_nack(f, at_ps(t));
    } else {
      AckInfo a;
      a.acked_bytes = 1024 * (rng() % 3);
      cum[f] += a.acked_bytes;
      a.cum_bytes_acked = cum[f];
      a.ece = rng() % 3 == 0;
      a.unit_flag_echo = rng() % 4 == 0;
      a.rtt_ps = 8'000'000 + rng() % 50'000'000;
      u.on_ack(f, a, at_ps(t));
    }
  }
  expect_top_reproduces_unit("ldcp_top_csim", log.str(), {"init", "message", "ack", "loss", "tx"}, seed);
}

TEST(HlsCsim, LdcpPccTopReproducesTheSystemCUnit) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  hls::ldcp::Params p;
  p.probe_timeout_us = 30;
  LdcpPccUnit u(p, 1024, 100.0);
  u.set_vector_log(&log);
  std::vector<uint64_t> sent(kFlows, 0);
  for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
  uint64_t t = 0;
  for (int i = 0; i < 4000; ++i) {
    t += rng() % 3'000'000;  // up to 3 us between events
    run_timers(u, t);
    const auto f = static_cast<uint32_t>(rng() % kFlows);
    const unsigned k = rng() % 100;
    if (u.rtt_probe_wanted(f) && k < 60) {
      u.on_rtt_probe_sent(f, at_ps(t));
      sent[f] = t;
    } else if (k < 50) {
      u.on_cnp(f, at_ps(t));
    } else if (k < 90) {  // a response, one in ten of an older request
      u.on_rtt_response(f, rng() % 10 ? sent[f] : sent[f] - 1'000'000, at_ps(t));
    }
  }
  expect_top_reproduces_unit("ldcp_pcc_top_csim", log.str(), {"init", "cnp", "probe_sent", "rtt_response", "probe_timeout"},
                             seed);
}

TEST(HlsCsim, TimelyTopReproducesTheSystemCUnit) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  std::ostringstream log;
  hls::timely::Params p;
  p.segment_bytes = 16384;
  TimelyUnit u(p, 1024, 100.0);
  u.set_vector_log(&log);
  for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
  uint64_t t = 0;
  for (int i = 0; i < 6000; ++i) {
    t += rng() % 1'000'000;
    run_timers(u, t);
    const auto f = static_cast<uint32_t>(rng() % kFlows);
    const unsigned k = rng() % 100;
    if (k < 50) {
      u.on_tx(f, 1024, at_ps(t));
    } else if (k < 52) {
      u.on_nack(f, at_ps(t));
    } else {
      AckInfo a;
      a.acked_bytes = 1024;
      a.sent_ps = t > 30'000'000 ? t - 10'000'000 - rng() % 20'000'000 : 0;
      u.on_ack(f, a, at_ps(t));
    }
  }
  expect_top_reproduces_unit("timely_top_csim", log.str(), {"init", "ack", "tx", "restart_segment"}, seed);
}


// n numbers for a params line: `fill` everywhere, then the listed positions set.
std::string numbers(size_t n, uint64_t fill, const std::map<size_t, uint64_t>& set = {}) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += fmt::format(" {}", set.count(i) ? set.at(i) : fill);
  return s;
}

// A testbench refuses a file it cannot replay (exit status 2, the reason on stderr): a malformed
// line, registers its kernel does not take, a top built for another setting; and stops after ten
// mismatched passes (exit status 1).
TEST(HlsCsim, TestbenchesRefuseFilesTheyCannotReplay) {
  struct Case {
    const char* tb;
    std::string text;
    int status;
    const char* says;
  };
  const hls::ldcp::Widths lw;
  const hls::swift::Widths sw;
  const std::string ldcp_widths = fmt::format(" {} {} {} {}", lw.cw_int, lw.cw_frac, lw.pkt, lw.rtt);
  const std::string swift_widths = fmt::format(" {} {} {} {} {} {} {}", sw.cwnd_int, sw.cwnd_frac, sw.time, sw.rtt,
                                               sw.ewma_frac, sw.retx, sw.pacing);
  const std::string np = hls::dcqcn::np_params_line(hls::dcqcn::NpParams::paper()) + "\n";
  std::string mismatches = np;
  for (int i = 0; i < 11; ++i) mismatches += "marked 0 1 : 9\n";
  const std::vector<Case> cases = {
      // the file format (hls/csim/csim_vectors.hpp)
      {"np_top_csim", "params\n", 2, "params needs a preset name"},
      {"np_top_csim", "params np 0 x50\n", 2, "'x50' is not an unsigned integer"},
      {"np_top_csim", "params np 0 -1\n", 2, "'-1' is not an unsigned integer"},
      {"np_top_csim", "marked 0 1\n", 2, "an event line is"},
      {"np_top_csim", ": 1\n", 2, "an event line is"},
      {"np_top_csim", "marked 0 1 : 9\n", 2, "comes before any params line"},
      {"np_top_csim", np + "alpha_timer 0 1 : 9\n", 2, "is not an event of this unit"},
      {"np_top_csim", np, 1, "0 passes"},
      {"np_top_csim", mismatches, 1, "10 passes (marked 10, window_end 0), 10 mismatches"},
      // registers each kernel does not take
      {"rp_top_csim", "params np" + numbers(16, 1) + "\n", 2, "bad register values"},
      {"rp_top_csim", "params rp" + numbers(15, 1) + "\n", 2, "bad register values"},
      {"rp_top_csim", "params rp" + numbers(16, 1, {{0, 3}}) + "\n", 2, "bad register values"},
      {"rp_top_csim", "params rp" + numbers(16, 0) + "\n", 2, "bad register values"},
      {"np_top_csim", "params rp 0 50000\n", 2, "bad register values"},
      {"np_top_csim", "params np 0 50000 17\n", 2, "bad register values"},
      {"np_top_csim", "params np 2 50000\n", 2, "bad register values"},
      {"np_top_csim", "params np 0 0\n", 2, "bad register values"},
      {"swift_top_csim", "params ldcp" + numbers(17, 1) + "\n", 2, "bad register values"},
      {"swift_top_csim", "params swift" + numbers(18, 1) + "\n", 2, "bad register values"},
      {"swift_top_csim", "params swift" + numbers(25, 1, {{24, hls::kDividers}}) + "\n", 2, "bad register values"},
      {"swift_top_csim", "params swift" + numbers(17, 0) + "\n", 2, "bad register values"},
      {"swift_top_csim", "params swift" + numbers(17, 1, {{11, 2}}) + "\n", 2, "bad register values"},  // min > max
      {"ldcp_top_csim", "params swift" + numbers(8, 1) + "\n", 2, "bad register values"},
      {"ldcp_top_csim", "params ldcp" + numbers(9, 1) + "\n", 2, "bad register values"},
      {"ldcp_top_csim", "params ldcp" + numbers(13, 1, {{12, hls::kDividers}}) + "\n", 2, "bad register values"},
      {"ldcp_top_csim", "params ldcp" + numbers(8, 0, {{5, 10}}) + "\n", 2, "bad register values"},  // IW 0
      {"ldcp_top_csim", "params ldcp" + numbers(8, 1, {{5, 7}}) + "\n", 2, "bad register values"},   // mtu 128
      {"ldcp_top_csim", "params ldcp" + numbers(8, 1, {{5, 13}}) + "\n", 2, "bad register values"},  // mtu 8192
      {"ldcp_pcc_top_csim", "params ldcp" + numbers(16, 1, {{15, 0}}) + "\n", 2, "bad register values"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(15, 1) + "\n", 2, "bad register values"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(16, 1, {{15, hls::kDividers}}) + "\n", 2,
       "bad register values"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(16, 1, {{3, 0}, {15, 0}}) + "\n", 2, "bad register values"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(16, 1, {{8, 40}, {15, 0}}) + "\n", 2, "bad register values"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(16, 1, {{10, 64}, {15, 0}}) + "\n", 2, "bad register values"},
      {"timely_top_csim", "params swift" + numbers(15, 1) + "\n", 2, "bad register values"},
      {"timely_top_csim", "params timely" + numbers(16, 1) + "\n", 2, "bad register values"},
      {"timely_top_csim", "params timely" + numbers(15, 1, {{0, 2}}) + "\n", 2, "bad register values"},
      {"timely_top_csim", "params timely" + numbers(15, 1, {{11, 0}}) + "\n", 2, "bad register values"},
      {"timely_top_csim", "params timely" + numbers(15, 1, {{8, 2}}) + "\n", 2, "bad register values"},  // min > max
      // registers at the shipped widths with another divider form than the top's
      {"ldcp_top_csim", "params ldcp" + numbers(8, 1, {{5, 10}}) + ldcp_widths + " 1\n", 2, "rebuild with"},
      {"ldcp_pcc_top_csim", "params ldcp_pcc" + numbers(11, 1) + ldcp_widths + " 1\n", 2, "rebuild with"},
      {"swift_top_csim", "params swift" + numbers(17, 1) + swift_widths + " 1\n", 2, "rebuild with"},
  };
  const std::string dir = CCF_VECTOR_DIR;
  std::filesystem::create_directories(dir);
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const std::string path = fmt::format("{}/refused_{}.vec", dir, i);
    std::ofstream(path) << c.text;
    EXPECT_EQ(run_csim(c.tb, path), c.status) << c.tb << " on:\n" << c.text << read_text(path + ".log");
    EXPECT_NE(read_text(path + ".log").find(c.says), std::string::npos)
        << c.tb << " on:\n"
        << c.text << "says:\n"
        << read_text(path + ".log") << "want: " << c.says;
  }
  // No file, and a file that does not exist.
  const std::string usage = fmt::format("{}/usage.log", dir);
  const int rc = std::system(fmt::format("'{}/np_top_csim' > '{}' 2>&1", CCF_CSIM_DIR, usage).c_str());
  EXPECT_EQ(rc == -1 ? -1 : WEXITSTATUS(rc), 2);
  EXPECT_NE(read_text(usage).find("usage: np_top_csim VECTOR_FILE"), std::string::npos) << read_text(usage);
  const std::string missing = fmt::format("{}/no_such_file.vec", dir);
  std::filesystem::remove(missing);
  EXPECT_EQ(run_csim("np_top_csim", missing), 2);
  EXPECT_NE(read_text(missing + ".log").find("cannot open the vector file"), std::string::npos);
}

// Widths and the divider form are compile-time constants of a top (hls/<algo>/<top>.hpp): a top
// built for an explored setting reproduces a unit run at that setting, and a top built for the
// shipped widths refuses those vectors, naming the macro to rebuild with.
TEST(HlsCsim, TopsBuiltForExploredWidthsReproduceUnitsAtThoseWidthsAndOthersRefuseThem) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  {
    std::ostringstream log;
    hls::dcqcn::RpParams p = hls::dcqcn::RpParams::paper(100000);
    p.widths = hls::dcqcn::RpWidths{17, 3, 14, 7, 24};  // as rp_top_csim_explored (hls/CMakeLists.txt)
    DcqcnRpUnit u(p);
    u.set_vector_log(&log);
    for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
    uint64_t t = 0;
    for (int i = 0; i < 2000; ++i) {
      t += rng() % 20'000'000;
      run_timers(u, t);
      const auto f = static_cast<uint32_t>(rng() % kFlows);
      if (rng() % 4 == 0) u.on_cnp(f, at_ps(t));
      else u.on_tx(f, 1024, at_ps(t));
    }
    expect_top_reproduces_unit("rp_top_csim_explored", log.str(), {"cnp", "alpha_increase_timer", "tx"}, seed);
    const std::string path = std::string(CCF_VECTOR_DIR) + "/rp_top_csim_explored.vec";
    EXPECT_EQ(run_csim("rp_top_csim", path), 2);
    EXPECT_NE(read_text(path + ".log").find("recorded at widths {17,3,14,7,24}, the top is built for {19,5,20,7,24}: "
                                            "rebuild with -DCCF_HLS_RP_WIDTHS=\"{17,3,14,7,24}\""),
              std::string::npos)
        << read_text(path + ".log");
  }
  {
    std::ostringstream log;
    hls::swift::Params p;
    p.widths = hls::swift::Widths{12, 14, 24, 24, 4, 5, 24};  // as swift_top_csim_explored
    p.divider = hls::Divider::kShift;
    SwiftUnit u(p, 1024);
    u.set_vector_log(&log);
    for (uint32_t f = 0; f < kFlows; ++f) u.init_flow(f, at_ps(0));
    uint64_t t = 0;
    for (int i = 0; i < 2000; ++i) {
      t += rng() % 2'000'000;
      run_timers(u, t);
      const auto f = static_cast<uint32_t>(rng() % kFlows);
      AckInfo a;
      a.acked_bytes = 1024;
      a.rtt_ps = 5'000'000 + rng() % 200'000'000;
      a.remote_queuing_delay_ps = rng() % 60'000'000;
      a.hop_count = 2;
      if (rng() % 50 == 0) u.on_timeout(f, at_ps(t));
      else u.on_ack(f, a, at_ps(t));
    }
    expect_top_reproduces_unit("swift_top_csim_explored", log.str(), {"ack", "retransmit_timeout"}, seed);
    EXPECT_EQ(run_csim("swift_top_csim", std::string(CCF_VECTOR_DIR) + "/swift_top_csim_explored.vec"), 2);
  }
}

}  // namespace
}  // namespace ccf::nic
