// The workload generator (sims/workload): flow-size CDFs against their means, Poisson arrivals
// against the load's definition, the patterns' structure, determinism, bad input; and the ideal FCT
// against a frame-by-frame store-and-forward reference.
// Random tests print seed=...; CCF_SEED=<n> replays one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unistd.h>

#include "sims/scenario/scenario.hpp"
#include "sims/workload/hpcc_flow_file.hpp"
#include "sims/workload/ideal_fct.hpp"
#include "sims/workload/size_cdf.hpp"
#include "sims/workload/workload.hpp"
#include "sims/workload/workload_rng.hpp"
#include "test_tmp.hpp"

namespace ccf::sims {
namespace {

uint64_t test_seed(uint64_t fallback) {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 10) : fallback;
}

// The first two moments of a piecewise-linear CDF, computed here from its points: on a segment
// uniform on [a, b] with mass m, E[X] gets m (a + b) / 2 and E[X^2] gets m (a^2 + ab + b^2) / 3.
struct Moments {
  double mean = 0, second = 0;
};
Moments moments(const SizeCdf& c) {
  Moments m;
  const auto& p = c.points();
  m.mean = p[0].size_bytes * p[0].cum_prob;
  m.second = p[0].size_bytes * p[0].size_bytes * p[0].cum_prob;
  for (size_t i = 1; i < p.size(); ++i) {
    const double a = p[i - 1].size_bytes, b = p[i].size_bytes, w = p[i].cum_prob - p[i - 1].cum_prob;
    m.mean += w * (a + b) / 2;
    m.second += w * (a * a + a * b + b * b) / 3;
  }
  return m;
}

// The mean flow size stated with the web-search CDF by ns-2 scripts that use it as CDF_dctcp.tcl
// (mean_flow_size = 1711250); the data-mining file's mean is the piecewise-linear mean of its points,
// computed here independently (docs/workloads.md 2).
TEST(SizeCdf, ShippedWebSearchMeanIsTheOnePublishedWithIt) {
  EXPECT_NEAR(SizeCdf::load("web_search").mean_bytes(), 1711250.0, 0.5);
  EXPECT_NEAR(moments(SizeCdf::load("web_search")).mean, 1711250.0, 0.5);
  EXPECT_NEAR(SizeCdf::load("data_mining").mean_bytes(), moments(SizeCdf::load("data_mining")).mean, 1e-3);
}

// 10^6 draws: the sample mean is within 5 standard errors (sigma / sqrt(n), sigma from the CDF's own
// second moment) of the CDF's mean, plus 0.5 B for rounding sizes to whole bytes.
TEST(SizeCdf, SampleMeanOfAMillionDrawsMatchesTheCdfMean) {
  const uint64_t seed = test_seed(42);
  for (const char* name : {"web_search", "data_mining"}) {
    const SizeCdf c = SizeCdf::load(name);
    const Moments m = moments(c);
    WorkloadRng rng(seed);
    const int n = 1'000'000;
    double sum = 0;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < n; ++i) {
      const uint64_t x = c.size_at(rng.uniform01());
      sum += double(x);
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
    const double sigma = std::sqrt(m.second - m.mean * m.mean);
    const double tol = 5 * sigma / std::sqrt(double(n)) + 0.5;
    EXPECT_NEAR(sum / n, m.mean, tol) << name << " seed=" << seed << " (tolerance " << tol / m.mean * 100 << " %)";
    EXPECT_GE(lo, std::max<uint64_t>(1, uint64_t(c.points().front().size_bytes))) << name;
    EXPECT_LE(hi, uint64_t(c.points().back().size_bytes)) << name;
  }
}

TEST(SizeCdf, InverseIsLinearBetweenPoints) {
  const SizeCdf c = SizeCdf::parse("100 0\n200 0.5\n1000 1\n", "t.cdf");
  EXPECT_EQ(c.size_at(0.0), 100u);
  EXPECT_EQ(c.size_at(0.25), 150u);
  EXPECT_EQ(c.size_at(0.5), 200u);
  EXPECT_EQ(c.size_at(0.75), 600u);
  EXPECT_DOUBLE_EQ(c.mean_bytes(), 0.5 * 150 + 0.5 * 600);
}

std::string cdf_error(const std::string& text) {
  try {
    SizeCdf::parse(text, "bad.cdf");
  } catch (const WorkloadError& e) {
    return e.what();
  }
  return "";
}

TEST(SizeCdf, MalformedFilesNameTheLineAndTheRule) {
  EXPECT_NE(cdf_error("").find("bad.cdf: has 0 point(s)"), std::string::npos) << cdf_error("");
  EXPECT_NE(cdf_error("# only a comment\n\n").find("at least two lines"), std::string::npos);
  EXPECT_EQ(cdf_error("0 0\n10 abc\n"), "bad.cdf:2: '10 abc' must be two numbers: SIZE_BYTES CUMULATIVE_PROBABILITY");
  EXPECT_NE(cdf_error("0 0\n10 0.5 7\n").find("bad.cdf:2:"), std::string::npos);
  EXPECT_NE(cdf_error("0 0\n10 0.5\n5 1\n").find("bad.cdf:3: size 5 must be >= the previous point's size 10"),
            std::string::npos) << cdf_error("0 0\n10 0.5\n5 1\n");
  EXPECT_NE(cdf_error("0 0\n10 0.6\n20 0.5\n30 1\n").find("bad.cdf:3: cumulative probability 0.5 must be >= the "
                                                          "previous point's 0.6 (the CDF must be monotonic)"),
            std::string::npos);
  EXPECT_NE(cdf_error("0 0\n10 1.5\n").find("must be in [0, 1]"), std::string::npos);
  EXPECT_NE(cdf_error("0 0\n10 0.9\n").find("bad.cdf:2: the last cumulative probability is 0.9; it must be 1"),
            std::string::npos);
  EXPECT_NE(cdf_error("-5 0\n10 1\n").find("must be a finite number >= 0"), std::string::npos);
}

TEST(SizeCdf, MissingFileSaysWhatCdfMayBe) {
  try {
    SizeCdf::load("/nonexistent/x.cdf");
    FAIL();
  } catch (const WorkloadError& e) {
    EXPECT_NE(std::string(e.what()).find("\"web_search\", \"data_mining\" or the path"), std::string::npos) << e.what();
  }
}

// A CDF path that is not a regular file (reading /dev/zero never ends) is named, as a scenario file is.
TEST(SizeCdf, FileThatIsNotARegularFileIsRejectedByName) {
  for (const auto& [path, kind] : {std::pair<std::string, std::string>{"/dev/zero", "a character device"},
                                   {ccf::test::tmp_dir().string(), "a directory"}}) {
    try {
      SizeCdf::load(path);
      ADD_FAILURE() << path;
    } catch (const WorkloadError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ": must be a regular CDF file (it is " + kind + ")"),
                std::string::npos)
          << e.what();
    }
  }
}

TrafficSpec poisson(double load, const std::string& cdf = "web_search") {
  TrafficSpec t;
  t.pattern = "poisson";
  t.load = load;
  t.cdf = cdf;
  return t;
}

// Offered load = payload bytes started per sender / (host link rate x time): within 5 standard
// deviations of the target. For a compound Poisson process of N flows the relative standard
// deviation of the byte sum is sqrt(E[X^2] / N) / E[X].
TEST(Workload, PoissonOfferedBytesMatchTheLoad) {
  const uint64_t seed = test_seed(7);
  WorkloadParams p;
  p.hosts = 16;
  p.host_link_gbps = 100;
  p.duration_us = 2e6;  // 2 s: about 7,300 flows per sender at load 0.5
  p.seed = seed;
  p.max_flows_per_host = 1'000'000;
  for (double load : {0.2, 0.5, 0.9}) {
    const auto flows = generate_flows({poisson(load)}, p);
    const Moments m = moments(SizeCdf::load("web_search"));
    double bytes = 0;
    std::map<unsigned, std::vector<double>> starts;
    for (const auto& f : flows) {
      bytes += double(f.bytes);
      starts[f.src].push_back(f.start_us);
      ASSERT_NE(f.src, f.dst);
      ASSERT_LT(f.start_us, p.duration_us);
    }
    const double offered = bytes * 8 / (p.hosts * p.host_link_gbps * 1e3 * p.duration_us);
    const double n = double(flows.size());
    const double rel_sd = std::sqrt(m.second / n) / m.mean;
    EXPECT_NEAR(offered / load, 1.0, 5 * rel_sd) << "load " << load << " seed=" << seed << " flows " << flows.size();
    // Inter-arrival times: exponential with mean E[X] x 8 / (load x rate); standard error mean / sqrt(n).
    const double gap = poisson_mean_interarrival_us(m.mean, load, p.host_link_gbps);
    double gaps = 0;
    size_t ngaps = 0;
    for (auto& [h, s] : starts) {
      ASSERT_TRUE(std::is_sorted(s.begin(), s.end()));
      gaps += s.back() - s.front();
      ngaps += s.size() - 1;
    }
    EXPECT_NEAR(gaps / double(ngaps) / gap, 1.0, 5 / std::sqrt(double(ngaps))) << "load " << load << " seed=" << seed;
  }
}

TEST(Workload, PoissonArrivalsStayInsideStartAndStop) {
  WorkloadParams p;
  p.duration_us = 10'000;
  TrafficSpec t = poisson(0.5, "data_mining");
  t.start_us = 1000;
  t.stop_us = 3000;
  const auto flows = generate_flows({t}, p);
  ASSERT_FALSE(flows.empty());
  for (const auto& f : flows) {
    EXPECT_GT(f.start_us, 1000.0);
    EXPECT_LT(f.start_us, 3000.0);
  }
}

TEST(Workload, PermutationIsADerangementOfTheSet) {
  const uint64_t seed = test_seed(1);
  for (uint64_t k = 0; k < 50; ++k) {
    WorkloadParams p;
    p.hosts = 16;
    p.seed = seed + k;
    TrafficSpec t;
    t.pattern = "permutation";
    t.bytes = 1000;
    std::vector<unsigned> set;
    for (unsigned h = 0; h < 16; ++h) set.push_back(h);
    if (k % 2) set = {3, 5, 8, 13};  // a subset
    if (k % 2) t.sender_hosts = set;
    const auto flows = generate_flows({t}, p);
    ASSERT_EQ(flows.size(), set.size()) << "seed=" << p.seed;
    std::set<unsigned> srcs, dsts;
    for (const auto& f : flows) {
      EXPECT_NE(f.src, f.dst) << "seed=" << p.seed;
      EXPECT_TRUE(std::count(set.begin(), set.end(), f.dst)) << "seed=" << p.seed;
      srcs.insert(f.src);
      dsts.insert(f.dst);
    }
    EXPECT_EQ(srcs.size(), set.size()) << "seed=" << p.seed;
    EXPECT_EQ(dsts.size(), set.size()) << "seed=" << p.seed;
  }
}

TEST(Workload, AllToAllGivesEveryOrderedPairOnce) {
  for (unsigned n : {2u, 5u, 16u}) {
    WorkloadParams p;
    p.hosts = n;
    TrafficSpec t;
    t.pattern = "all_to_all";
    t.bytes = 5000;
    t.flows_per_sender = 2;
    const auto flows = generate_flows({t}, p);
    EXPECT_EQ(flows.size(), size_t{n} * (n - 1) * 2);
    std::map<std::pair<unsigned, unsigned>, int> pairs;
    for (const auto& f : flows) {
      ASSERT_NE(f.src, f.dst);
      ++pairs[{f.src, f.dst}];
    }
    EXPECT_EQ(pairs.size(), size_t{n} * (n - 1));
    for (const auto& [k, v] : pairs) EXPECT_EQ(v, 2);
  }
}

// traffic.flows: an incast's flows in all go to the senders in turn, so shares differ by at most one.
TEST(Workload, IncastFlowsInAllGoToTheSendersInTurn) {
  WorkloadParams p;
  p.hosts = 32;
  TrafficSpec t;
  t.senders = 31;
  t.flows = 5000;
  const auto flows = generate_flows({t}, p);
  ASSERT_EQ(flows.size(), 5000u);
  std::map<unsigned, unsigned> per_sender;
  for (size_t i = 0; i < flows.size(); ++i) {
    EXPECT_EQ(flows[i].src, 1 + i % 31);
    EXPECT_EQ(flows[i].dst, 0u);
    EXPECT_EQ(flows[i].id, i + 1);
    ++per_sender[flows[i].src];
  }
  EXPECT_EQ(per_sender.size(), 31u);
  for (const auto& [src, n] : per_sender) EXPECT_TRUE(n == 5000 / 31 || n == 5000 / 31 + 1) << "host " << src;
}

// The share of flows to hot hosts is hot_fraction within 5 binomial standard deviations.
TEST(Workload, HotSpotShareMatchesHotFraction) {
  const uint64_t seed = test_seed(3);
  WorkloadParams p;
  p.hosts = 16;
  p.seed = seed;
  TrafficSpec t;
  t.pattern = "hot_spot";
  t.bytes = 1000;
  t.flows_per_sender = 4096;
  t.hot_hosts = {0, 1};
  t.hot_fraction = 0.3;
  const auto flows = generate_flows({t}, p);
  ASSERT_EQ(flows.size(), 16u * 4096u);
  size_t hot = 0;
  for (const auto& f : flows) {
    ASSERT_NE(f.src, f.dst);
    hot += f.dst <= 1;
  }
  const double n = double(flows.size()), share = double(hot) / n;
  EXPECT_NEAR(share, 0.3, 5 * std::sqrt(0.3 * 0.7 / n)) << "seed=" << seed;
}

TEST(Workload, IncastTakesExplicitSenderHostsOrHostsOneToN) {
  WorkloadParams p;
  p.hosts = 16;
  TrafficSpec t;
  t.senders = 3;
  t.receiver = 0;
  t.flows_per_sender = 2;
  auto flows = generate_flows({t}, p);
  ASSERT_EQ(flows.size(), 6u);
  EXPECT_EQ(flows[0].src, 1u);
  EXPECT_EQ(flows[5].src, 3u);
  t.sender_hosts = {9, 12};
  t.receiver = 4;
  flows = generate_flows({t}, p);
  ASSERT_EQ(flows.size(), 4u);
  EXPECT_EQ(flows[0].src, 9u);
  EXPECT_EQ(flows[3].src, 12u);
  for (size_t i = 0; i < flows.size(); ++i) {
    EXPECT_EQ(flows[i].dst, 4u);
    EXPECT_EQ(flows[i].id, i + 1);
  }
}

TEST(Workload, SameSeedSameFlowsOtherSeedOtherFlows) {
  WorkloadParams p;
  p.duration_us = 20'000;
  TrafficSpec perm;
  perm.pattern = "permutation";
  perm.bytes = 100;
  const std::vector<TrafficSpec> spec{poisson(0.5), perm, poisson(0.3, "data_mining")};
  p.seed = 11;
  const auto a = generate_flows(spec, p), b = generate_flows(spec, p);
  p.seed = 12;
  const auto c = generate_flows(spec, p);
  ASSERT_EQ(a.size(), b.size());
  bool differs = a.size() != c.size();
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].id, b[i].id);
    EXPECT_EQ(a[i].src, b[i].src);
    EXPECT_EQ(a[i].dst, b[i].dst);
    EXPECT_EQ(a[i].bytes, b[i].bytes);
    EXPECT_EQ(a[i].start_us, b[i].start_us);  // bit-identical
    if (i < c.size()) differs |= a[i].bytes != c[i].bytes || a[i].start_us != c[i].start_us;
  }
  EXPECT_TRUE(differs);
}

// The generator's draws are written out (no std:: distribution): these are the first values of
// std::mt19937_64 with its default seed 5489, whose 10000th output the standard fixes.
TEST(Workload, RngUsesOnlyTheStandardFixedEngine) {
  std::mt19937_64 ref;  // seed 5489
  for (int i = 1; i < 10000; ++i) ref();
  EXPECT_EQ(ref(), 9981545732273789042ull);  // [rand.predef]
  WorkloadRng rng(5489);
  std::mt19937_64 e(5489);
  EXPECT_EQ(rng.uniform01(), double(e() >> 11) * 0x1.0p-53);
}

TEST(Workload, FlowTableOverflowIsBadInputNamingTheHost) {
  WorkloadParams p;
  p.duration_us = 100'000;
  p.max_flows_per_host = 100;
  try {
    generate_flows({poisson(0.9, "data_mining")}, p);
    FAIL();
  } catch (const WorkloadError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 100 flows, the NIC's flow table"), std::string::npos) << e.what();
  }
}

// HPCC's flow files (hpcc_flow_file.hpp): read line by line, each start less the offset; every
// malformed file named with its line.
TEST(Workload, HpccFlowFilesAreReadAsTheirFlowsAndBadOnesNamed) {
  const std::string path = ccf::test::tmp_dir() / "ccf_test_hpcc_flows.txt";
  std::ofstream(path) << "2\n13 15 3 100 5101961 2.000000577\n9 0 2 100 99564 2.000007873\n";
  TrafficSpec t;
  t.pattern = "hpcc_flows";
  t.file = path;
  const auto flows = generate_flows({t}, {16, 100.0, 1000.0, 1, 100});
  ASSERT_EQ(flows.size(), 2u);
  EXPECT_EQ(flows[0].src, 13u);
  EXPECT_EQ(flows[0].dst, 15u);
  EXPECT_EQ(flows[0].bytes, 5'101'961u);
  EXPECT_NEAR(flows[0].start_us, 0.577, 1e-6);
  EXPECT_EQ(flows[1].priority, 2u);
  EXPECT_NEAR(flows[1].start_us, 7.873, 1e-6);
  const auto error = [&](const std::string& text, unsigned hosts = 16) {
    std::ofstream(path) << text;
    try {
      read_hpcc_flow_file(path, hosts);
    } catch (const WorkloadError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error("2\n1 2 3 100 10 2.0\n"), path + ": the first line says 2 flows, the file has 1");
  EXPECT_EQ(error("1\n1 2 3 100 ten 2.0\n"), path + ":2: \"1 2 3 100 ten 2.0\" is not \"src dst priority dport size_bytes start_s\"");
  EXPECT_EQ(error("1\n1 16 3 100 10 2.0\n"), path + ":2: hosts 1 and 16 must be two hosts of 0..15");
  EXPECT_EQ(error("1\n1 2 9 100 10 2.0\n"), path + ":2: priority 9 is above 7");
  EXPECT_EQ(error("x\n"), path + ":1: the first line must be the number of flows");
  t.start_offset_s = 3.0;
  std::ofstream(path) << "1\n1 2 3 100 10 2.5\n";
  EXPECT_THROW(generate_flows({t}, {16, 100.0, 1000.0, 1, 100}), WorkloadError);
}

std::string scenario_error(const std::string& text) {
  try {
    parse_scenario(text, "s.toml");
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

TEST(Workload, ScenarioRejectsBadTrafficKeysWithKeyValueAndRule) {
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"ring\"\n"),
            "s.toml: traffic[0].pattern = \"ring\" must be one of \"incast\", \"permutation\", \"all_to_all\", "
            "\"hot_spot\", \"poisson\", \"hpcc_flows\"");
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"hpcc_flows\"\n"),
            "s.toml: traffic[0].file = (missing) must be given for pattern \"hpcc_flows\": an HPCC flow file");
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"hpcc_flows\"\nfile = \"f.txt\"\nbytes = 3\n"),
            "s.toml: traffic[0].bytes applies to pattern \"incast\", \"permutation\", \"all_to_all\", \"hot_spot\" "
            "only (here pattern = \"hpcc_flows\")");
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"poisson\"\ncdf = \"web_search\"\nload = 0\n"),
            "s.toml: traffic[0].load = 0 must be a number > 0 and <= 1");
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"poisson\"\ncdf = \"web_search\"\nload = 1.5\n"),
            "s.toml: traffic[0].load = 1.5 must be a number > 0 and <= 1");
  EXPECT_NE(scenario_error("[[traffic]]\npattern = \"poisson\"\ncdf = \"web_search\"\n").find("traffic[0].load = (missing)"),
            std::string::npos);
  EXPECT_NE(scenario_error("[[traffic]]\npattern = \"poisson\"\nload = 0.5\n").find("traffic[0].cdf = (missing)"),
            std::string::npos);
  EXPECT_EQ(scenario_error("[fabric]\nhosts = 8\n[[traffic]]\npattern = \"permutation\"\nsender_hosts = [1, 8]\n"),
            "s.toml: traffic[0].sender_hosts = [ 1, 8 ] must be an array of distinct host indices 0..7, e.g. [1, 2, 3]");
  EXPECT_NE(scenario_error("[[traffic]]\nsender_hosts = [1, 1]\n").find("distinct host indices"), std::string::npos);
  EXPECT_NE(scenario_error("[[traffic]]\nsender_hosts = [1, 2]\nreceiver = 2\n").find("a host not in sender_hosts"),
            std::string::npos);
  EXPECT_NE(scenario_error("[[traffic]]\npattern = \"hot_spot\"\n").find("traffic[0].hot_hosts = [] must be at least one host"),
            std::string::npos);
  EXPECT_EQ(scenario_error("[[traffic]]\npattern = \"all_to_all\"\nload = 0.5\n"),
            "s.toml: traffic[0].load applies to pattern \"poisson\" only (here pattern = \"all_to_all\")");
  EXPECT_NE(scenario_error("[[traffic]]\npattern = \"poisson\"\nload = 0.5\ncdf = \"web_search\"\nbytes = 10\n")
                .find("traffic[0].bytes applies to pattern"),
            std::string::npos);
  EXPECT_NE(scenario_error("[[traffic]]\npattern = \"hot_spot\"\nhot_hosts = [2]\nhot_fraction = 1.2\n")
                .find("hot_fraction = 1.2 must be a number >= 0 and <= 1"),
            std::string::npos);
}

TEST(Workload, ScenarioRoundTripsEveryNewKey) {
  const Scenario s = parse_scenario(
      "[[traffic]]\npattern = \"poisson\"\nload = 0.4\ncdf = \"data_mining\"\nstop_us = 500\nsender_hosts = [0, 3, 5]\n"
      "hot_hosts = [5]\nhot_fraction = 0.25\n[[traffic]]\nsender_hosts = [2, 4]\nreceiver = 7\nbytes = 100\n",
      "s.toml");
  const Scenario t = parse_scenario(s.to_toml(), "dump.toml");
  ASSERT_EQ(t.traffic.size(), 2u);
  EXPECT_EQ(t.traffic[0].pattern, "poisson");
  EXPECT_EQ(t.traffic[0].load, 0.4);
  EXPECT_EQ(t.traffic[0].cdf, "data_mining");
  EXPECT_EQ(t.traffic[0].stop_us, 500.0);
  EXPECT_EQ(t.traffic[0].sender_hosts, (std::vector<unsigned>{0, 3, 5}));
  EXPECT_EQ(t.traffic[0].hot_hosts, (std::vector<unsigned>{5}));
  EXPECT_EQ(t.traffic[0].hot_fraction, 0.25);
  EXPECT_EQ(t.traffic[1].sender_hosts, (std::vector<unsigned>{2, 4}));
  EXPECT_EQ(t.traffic[1].receiver, 7u);
}

TEST(Workload, RelativeCdfPathIsFoundNextToTheScenario) {
  const auto dir = ccf::test::tmp_dir() / ("ccf_wl_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "tiny.cdf") << "# two sizes\n1000 0.5\n1000 0.5\n3000 1\n";
  std::ofstream(dir / "s.toml") << "[[traffic]]\npattern = \"poisson\"\nload = 0.5\ncdf = \"tiny.cdf\"\n";
  const Scenario s = load_scenario((dir / "s.toml").string());
  EXPECT_EQ(s.traffic[0].cdf, (dir / "tiny.cdf").string());
  const auto flows = generate_flows(s.traffic, WorkloadParams{});
  ASSERT_FALSE(flows.empty());
  for (const auto& f : flows) EXPECT_TRUE(f.bytes >= 1000 && f.bytes <= 3000) << f.bytes;
  std::filesystem::remove_all(dir);
}

// ---------------------------------------------------------------- ideal FCT

// Reference: every frame through every link by the store-and-forward recursion, frame by frame, with
// the wire lengths written out (RoCEv2: 62 B of headers per data frame, ACK 66 B, 64-B minimum,
// 20 B preamble/SFD/IFG; docs/fabric.md 2).
double reference_fct_ps(uint64_t bytes, const IdealFctParams& p) {
  const uint64_t n = (bytes + p.mtu_bytes - 1) / p.mtu_bytes;
  auto wire = [](uint64_t frame) { return double(std::max<uint64_t>(frame, 64) + 20); };
  const double send_gbps = p.sender_max_gbps > 0 ? std::min(p.sender_max_gbps, p.forward[0].gbps) : p.forward[0].gbps;
  std::vector<double> prev_start(p.forward.size(), -1e300), prev_spacing(p.forward.size(), 0);
  double last_arrival = 0;
  for (uint64_t j = 0; j < n; ++j) {
    const uint64_t payload = std::min<uint64_t>(p.mtu_bytes, bytes - j * p.mtu_bytes);
    const double w = wire(payload + 62);
    double ready = double(j) * wire(p.mtu_bytes + 62) * 8000.0 / send_gbps;  // the sender's pacing
    for (size_t k = 0; k < p.forward.size(); ++k) {
      if (k > 0) ready += p.forward[k - 1].delay_ns * 1000.0 + p.switch_latency_ps;
      const double ser = w * 8000.0 / p.forward[k].gbps;
      const double start = std::max(prev_start[k] + prev_spacing[k], ready);
      prev_start[k] = start;
      // After a switch the next frame starts on a clock edge: whole cycles after this one's start.
      prev_spacing[k] = k > 0 && p.switch_cycle_ps > 0 ? std::ceil(ser / p.switch_cycle_ps - 1e-9) * p.switch_cycle_ps : ser;
      ready = start + ser;
    }
    last_arrival = ready + p.forward.back().delay_ns * 1000.0;
  }
  double t = last_arrival;
  for (size_t k = 0; k < p.reverse.size(); ++k)
    t += wire(66) * 8000.0 / p.reverse[k].gbps + p.reverse[k].delay_ns * 1000.0 + (k ? p.switch_latency_ps : 0.0);
  return t;
}

TEST(IdealFct, OneFrameOnOneSwitchByHand) {
  IdealFctParams p;
  p.forward = p.reverse = {{100, 1000}, {100, 1000}};
  // 1000 B payload: frame 1062 B, wire 1082 B = 86.56 ns at 100 Gb/s, twice, + 2 x 1 us; ACK 86 B
  // = 6.88 ns, twice, + 2 x 1 us.
  EXPECT_NEAR(ideal_fct_ps(1000, p), 2 * 86560.0 + 2e6 + 2 * 6880.0 + 2e6, 1e-6);
}

TEST(IdealFct, ClosedFormMatchesFrameByFrameRecursion) {
  const uint64_t seed = test_seed(5);
  WorkloadRng rng(seed);
  const double rates[] = {10, 25, 40, 100, 200, 400};
  for (int trial = 0; trial < 300; ++trial) {
    IdealFctParams p;
    const size_t hops = 1 + rng.below(6);
    for (size_t k = 0; k < hops; ++k) p.forward.push_back({rates[rng.below(6)], double(rng.below(3000))});
    p.reverse = p.forward;
    std::reverse(p.reverse.begin(), p.reverse.end());
    p.switch_latency_ps = double(rng.below(5000));
    if (rng.below(2)) p.switch_cycle_ps = double(1 + rng.below(1000));
    p.mtu_bytes = 256u << rng.below(5);
    if (rng.below(3) == 0) p.sender_max_gbps = rates[rng.below(6)];
    const uint64_t bytes = 1 + rng.below(rng.below(2) ? 5000 : 3'000'000);
    const double want = reference_fct_ps(bytes, p), got = ideal_fct_ps(bytes, p);
    ASSERT_NEAR(got, want, 1e-9 * want) << "seed=" << seed << " trial " << trial << " bytes " << bytes;
  }
}

TEST(IdealFct, AckCoalescingWaitsForTheTimerOnAPartialGroup) {
  IdealFctParams p;
  p.forward = p.reverse = {{100, 1000}, {100, 1000}};
  const double base = ideal_fct_ps(4096, p);  // 4 frames
  p.ack_every = 4;
  EXPECT_DOUBLE_EQ(ideal_fct_ps(4096, p), base);  // the 4th frame fills the group
  p.ack_every = 8;
  // The timer armed at the first frame's arrival fires 2 us later, after the 4th frame arrived.
  const double frame_ps = (1086.0 + 20) * 80;
  EXPECT_NEAR(ideal_fct_ps(4096, p), base + 2e6 - 3 * frame_ps, 1e-6);
}

TEST(IdealFct, BadPathIsRejected) {
  IdealFctParams p;
  EXPECT_THROW(ideal_fct_ps(1000, p), std::invalid_argument);
  p.forward = p.reverse = {{0, 1000}};
  EXPECT_THROW(ideal_fct_ps(1000, p), std::invalid_argument);
}

}  // namespace
}  // namespace ccf::sims
