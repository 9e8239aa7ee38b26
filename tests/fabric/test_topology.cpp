// Multi-tier topologies and ECMP routes (sc/fabric/clos.*, routing.*, flow_hash.hpp): counts from
// the closed-form formulas, hop counts and path counts from an independent all-pairs shortest-path
// computation (Floyd-Warshall over every node, hosts included, instead of the BFS over switches
// that Routing uses), ECMP spreading checked with a chi-square test, and bad parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sc/fabric/clos.hpp"
#include "sc/fabric/flow_hash.hpp"
#include "sc/fabric/routing.hpp"
#include "sc/fabric/topology.hpp"

namespace ccf::fabric {
namespace {

uint64_t test_seed() {
  const char* s = std::getenv("CCF_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 1;
}

ClosLinks uniform_links(double gbps = 100, double delay_ns = 1000) {
  return {{gbps, delay_ns}, {gbps, delay_ns}, {gbps, delay_ns}};
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TopologyError& e) {
    return e.what();
  }
  return "";
}

// All-pairs shortest paths over every node (hosts 0..H-1, then switches), where a path may not
// pass *through* a host: a host's edges are only usable as the first or the last hop. dist counts
// links. Independent of Routing (which runs a BFS over switches from each destination).
struct Reference {
  unsigned H, N;
  std::vector<std::vector<unsigned>> d;  // switch-to-switch links
  static constexpr unsigned kInf = 1u << 28;
  explicit Reference(const Topology& t) : H(t.hosts), N(t.hosts + t.switches()) {
    d.assign(t.switches(), std::vector<unsigned>(t.switches(), kInf));
    for (unsigned s = 0; s < t.switches(); ++s) d[s][s] = 0;
    for (const auto& l : t.links)
      if (l.a.kind == NodeKind::kSwitch && l.b.kind == NodeKind::kSwitch) d[l.a.index][l.b.index] = d[l.b.index][l.a.index] = 1;
    const unsigned S = t.switches();
    for (unsigned k = 0; k < S; ++k)
      for (unsigned i = 0; i < S; ++i)
        for (unsigned j = 0; j < S; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
    host_switch.resize(H);
    for (const auto& l : t.links) {
      if (l.a.kind == NodeKind::kHost) host_switch[l.a.index] = l.b.index;
      if (l.b.kind == NodeKind::kHost) host_switch[l.b.index] = l.a.index;
    }
  }
  // Links on a shortest host-to-host path.
  unsigned links(unsigned a, unsigned b) const { return d[host_switch[a]][host_switch[b]] + 2; }
  std::vector<unsigned> host_switch;
};

// Follows Routing::path and checks that it is a walk of links from src to dst.
std::vector<size_t> checked_path(const Topology& t, const Routing& r, unsigned src, unsigned dst, uint32_t flow,
                                 const std::vector<uint64_t>& seeds) {
  const std::vector<size_t> p = r.path(src, dst, flow, seeds);
  NodeRef at{NodeKind::kHost, src};
  for (size_t li : p) {
    const LinkSpec& l = t.links[li];
    EXPECT_TRUE(l.a == at || l.b == at) << "path of " << src << "->" << dst << " is not a walk";
    at = r.peer(li, at);
  }
  EXPECT_EQ(at, (NodeRef{NodeKind::kHost, dst}));
  return p;
}

// ---------------------------------------------------------------- counts

TEST(FatTree, CountsMatchTheClosedFormsUpToK16) {
  for (unsigned k = 2; k <= 16; k += 2) {
    const Topology t = fat_tree(k, uniform_links(), 16);
    EXPECT_EQ(t.hosts, k * k * k / 4) << "k=" << k;             // k^3/4 hosts
    EXPECT_EQ(t.switches(), 5 * k * k / 4) << "k=" << k;         // k^2 edge+agg, k^2/4 core
    EXPECT_EQ(t.links.size(), size_t{3} * k * k * k / 4) << k;   // hosts, edge-agg, agg-core: k^3/4 each
    std::vector<unsigned> per_tier(3, 0);
    for (unsigned s = 0; s < t.switches(); ++s) {
      EXPECT_EQ(t.switch_ports[s], k);
      ++per_tier[t.switch_tier(s)];
    }
    EXPECT_EQ(per_tier, (std::vector<unsigned>{k * k / 2, k * k / 2, k * k / 4})) << k;
    // Every port of every switch is cabled (a fat tree has no spare port).
    const Routing r(t);
    for (unsigned s = 0; s < t.switches(); ++s)
      for (unsigned p = 0; p < k; ++p) EXPECT_NE(r.link_index({NodeKind::kSwitch, s}, p), Routing::kNoLink);
  }
  // The RCM paper's set-up: 12-port switches, 432 hosts, 180 switches.
  const Topology t12 = fat_tree(12, uniform_links());
  EXPECT_EQ(t12.hosts, 432u);
  EXPECT_EQ(t12.switches(), 180u);
}

TEST(LeafSpine, CountsAndPortsFollowTheParameters) {
  LeafSpineSpec s;
  s.leaves = 6;
  s.spines = 3;
  s.hosts_per_leaf = 5;
  const Topology t = leaf_spine(s);
  EXPECT_EQ(t.hosts, 30u);
  EXPECT_EQ(t.switches(), 9u);
  EXPECT_EQ(t.links.size(), 30u + 6 * 3);
  EXPECT_EQ(t.switch_ports[0], 8u);  // 5 hosts + 3 spines
  EXPECT_EQ(t.switch_ports[6], 6u);  // one per leaf
  EXPECT_EQ(t.switch_name(6), "spine0");
}

TEST(ThreeTier, DcqcnTestbedShapeHasFourTorsFourLeavesTwoSpines) {
  ThreeTierSpec s;  // defaults: 2 pods x (2 ToRs, 2 leaves), 2 spines, every leaf to every spine
  s.hosts_per_tor = 3;
  s.links = uniform_links(40, 1000);
  const Topology t = three_tier(s);
  EXPECT_EQ(t.hosts, 12u);
  EXPECT_EQ(t.switches(), 10u);
  EXPECT_EQ(t.switch_names, (std::vector<std::string>{"tor0", "tor1", "tor2", "tor3", "leaf0", "leaf1", "leaf2",
                                                       "leaf3", "spine0", "spine1"}));
  EXPECT_EQ(t.links.size(), 12u + 4 * 2 + 4 * 2);
  for (const auto& l : t.links) EXPECT_EQ(l.gbps, 40);
  const Routing r(t);
  EXPECT_EQ(r.switch_hops(0, 1), 1u);   // same ToR
  EXPECT_EQ(r.switch_hops(0, 3), 3u);   // ToR, leaf, ToR
  EXPECT_EQ(r.switch_hops(0, 9), 5u);   // ToR, leaf, spine, leaf, ToR
  EXPECT_EQ(r.path_count(0, 3), 2u);    // two leaves
  EXPECT_EQ(r.path_count(0, 9), 8u);    // 2 leaves x 2 spines x 2 leaves
}

TEST(Topology, TierRatesAndDelaysApplyPerTier) {
  ClosLinks l{{25, 500}, {100, 1000}, {400, 2000}};
  const Topology t = fat_tree(4, l);
  for (const auto& x : t.links) {
    const bool host = x.a.kind == NodeKind::kHost || x.b.kind == NodeKind::kHost;
    const unsigned tier = host ? 0 : std::max(t.switch_tier(x.a.index), t.switch_tier(x.b.index));
    const TierLink& want = tier == 0 ? l.host : tier == 1 ? l.tier1 : l.tier2;
    EXPECT_EQ(x.gbps, want.gbps);
    EXPECT_EQ(x.delay_ns, want.delay_ns);
  }
}

// ---------------------------------------------------------------- routes against the reference

void expect_routes_match_reference(const Topology& t, uint64_t seed) {
  const Routing r(t);
  const Reference ref(t);
  std::vector<uint64_t> seeds(t.switches());
  for (unsigned k = 0; k < t.switches(); ++k) seeds[k] = ecmp_seed(seed, k);
  for (unsigned a = 0; a < t.hosts; ++a)
    for (unsigned b = 0; b < t.hosts; ++b) {
      if (a == b) continue;
      const unsigned want = ref.links(a, b);
      ASSERT_EQ(r.switch_hops(a, b) + 1, want) << a << "->" << b;
      const auto p = checked_path(t, r, a, b, a * 7919u + b, seeds);
      ASSERT_EQ(p.size(), want) << a << "->" << b << " seed=" << seed;
    }
  // Every next hop of every switch is one hop closer (reference distances), and every port one hop
  // closer is a next hop (all equal-cost ports, not only the lowest).
  for (unsigned s = 0; s < t.switches(); ++s)
    for (unsigned h = 0; h < t.hosts; ++h) {
      const unsigned here = ref.d[s][ref.host_switch[h]];
      std::vector<unsigned> want;
      for (unsigned p = 0; p < t.switch_ports[s]; ++p) {
        const size_t li = r.link_index({NodeKind::kSwitch, s}, p);
        if (li == Routing::kNoLink) continue;
        const NodeRef n = r.peer(li, {NodeKind::kSwitch, s});
        if ((n.kind == NodeKind::kHost && n.index == h) ||
            (n.kind == NodeKind::kSwitch && here > 0 && ref.d[n.index][ref.host_switch[h]] + 1 == here))
          want.push_back(p);
      }
      ASSERT_EQ(r.next_hops(s, h), want) << t.switch_name(s) << " towards host " << h;
    }
}

TEST(Routing, EveryHostPairOfAFatTreeIsRoutableOnAShortestPath) {
  const uint64_t seed = test_seed();
  SCOPED_TRACE("seed=" + std::to_string(seed));
  expect_routes_match_reference(fat_tree(4, uniform_links()), seed);
  expect_routes_match_reference(fat_tree(6, uniform_links()), seed);
}

TEST(Routing, EveryHostPairOfLeafSpineAndThreeTierIsRoutableOnAShortestPath) {
  const uint64_t seed = test_seed();
  SCOPED_TRACE("seed=" + std::to_string(seed));
  LeafSpineSpec ls;
  ls.leaves = 5;
  ls.spines = 3;
  ls.hosts_per_leaf = 3;
  expect_routes_match_reference(leaf_spine(ls), seed);
  ThreeTierSpec tt;
  tt.pods = 3;
  tt.tors_per_pod = 3;
  tt.leaves_per_pod = 2;
  tt.spines = 4;
  tt.hosts_per_tor = 2;
  expect_routes_match_reference(three_tier(tt), seed);
  tt.wiring = SpineWiring::kPlanes;
  expect_routes_match_reference(three_tier(tt), seed);
}

TEST(Routing, FatTreeHopAndPathCountsFollowThePods) {
  // Hosts h: edge switch h / (k/2), pod h / (k^2/4). Same edge: 1 switch, 1 path; same pod: 3
  // switches, k/2 paths (one per aggregation switch); other pods: 5 switches, (k/2)^2 paths.
  for (unsigned k : {4u, 8u}) {
    const Topology t = fat_tree(k, uniform_links());
    const Routing r(t);
    const unsigned half = k / 2;
    for (unsigned a = 0; a < t.hosts; a += 3)
      for (unsigned b = 0; b < t.hosts; ++b) {
        if (a == b) continue;
        const bool same_edge = a / half == b / half, same_pod = a / (half * half) == b / (half * half);
        EXPECT_EQ(r.switch_hops(a, b), same_edge ? 1u : same_pod ? 3u : 5u) << a << "->" << b;
        EXPECT_EQ(r.path_count(a, b), same_edge ? 1u : same_pod ? half : half * half) << a << "->" << b;
      }
  }
}

// ---------------------------------------------------------------- ECMP spreading

// Pearson's chi-square statistic of counts against equal expected counts.
double chi_square(const std::vector<unsigned>& counts) {
  double total = 0;
  for (unsigned c : counts) total += c;
  const double e = total / double(counts.size());
  double x2 = 0;
  for (unsigned c : counts) x2 += (c - e) * (c - e) / e;
  return x2;
}

TEST(Ecmp, FlowsSpreadOverEveryCoreSwitchOfAFatTree) {
  // k = 8: 16 core switches, each on exactly one shortest path between two pods. 32,000 flows from
  // one host of pod 0 to one host of pod 7: the core each crosses must be uniform over the 16.
  // Chi-square with 15 degrees of freedom: 37.70 is the 0.999 quantile (a correct hash fails this
  // one time in a thousand seeds).
  const uint64_t seed = test_seed();
  SCOPED_TRACE("seed=" + std::to_string(seed) + " (CCF_SEED=N replays)");
  const Topology t = fat_tree(8, uniform_links());
  const Routing r(t);
  std::vector<uint64_t> seeds(t.switches());
  for (unsigned k = 0; k < t.switches(); ++k) seeds[k] = ecmp_seed(seed, k);
  const unsigned first_core = 64, cores = 16;
  std::vector<unsigned> per_core(cores, 0);
  for (uint32_t flow = 1; flow <= 32000; ++flow) {
    const auto p = r.path(0, 127, flow, seeds);
    ASSERT_EQ(p.size(), 6u);
    const NodeRef core = r.peer(p[2], r.peer(p[1], r.peer(p[0], {NodeKind::kHost, 0})));
    ASSERT_GE(core.index, first_core);
    ++per_core[core.index - first_core];
  }
  for (unsigned c = 0; c < cores; ++c) EXPECT_GT(per_core[c], 0u) << "core " << c << " never used";
  EXPECT_LT(chi_square(per_core), 37.70);
}

TEST(Ecmp, OneSeedAtEverySwitchPolarisesAFatTree) {
  // The reason each switch has its own seed: with the same hash at the edge and the aggregation
  // switch, a flow's aggregation switch fixes its core, and only k/2 of the (k/2)^2 cores carry the
  // flows of one pair of hosts.
  const Topology t = fat_tree(8, uniform_links());
  const Routing r(t);
  const std::vector<uint64_t> same(t.switches(), ecmp_seed(test_seed(), 0));
  std::set<unsigned> used;
  for (uint32_t flow = 1; flow <= 4000; ++flow) {
    const auto p = r.path(0, 127, flow, same);
    used.insert(r.peer(p[2], r.peer(p[1], r.peer(p[0], {NodeKind::kHost, 0}))).index);
  }
  EXPECT_EQ(used.size(), 4u);
}

TEST(Ecmp, MemberIndexGivesEqualHashRangesToEveryMember) {
  // (hash * n) >> 16 over all 65,536 hashes: each of n members gets floor or ceil of 65536 / n.
  for (unsigned n = 1; n <= 16; ++n) {
    std::vector<unsigned> c(n, 0);
    for (uint32_t h = 0; h < 65536; ++h) ++c[ecmp_member_index(static_cast<uint16_t>(h), n)];
    for (unsigned v : c) {
      EXPECT_GE(v, 65536 / n);
      EXPECT_LE(v, 65536 / n + 1);
    }
  }
}

TEST(Ecmp, EveryFrameOfAFlowHashesAlike) {
  const uint64_t s = ecmp_seed(3, 5);
  EXPECT_EQ(ecmp_flow_hash(1, 2, 77, s), ecmp_flow_hash(1, 2, 77, s));
  EXPECT_NE(ecmp_seed(3, 5), ecmp_seed(3, 6));
  EXPECT_NE(ecmp_seed(3, 5), ecmp_seed(4, 5));
}

// ---------------------------------------------------------------- bad parameters

TEST(FatTree, RejectsOddKAndKAboveTheSwitchPorts) {
  EXPECT_EQ(error_of([] { fat_tree(5, uniform_links(), 16); }),
            "fabric.k = 5 must be an even number from 2 to 16 (every switch of a k-ary fat tree has k ports; the "
            "switch has at most 16)");
  EXPECT_NE(error_of([] { fat_tree(18, uniform_links(), 16); }), "");
  EXPECT_NE(error_of([] { fat_tree(0, uniform_links(), 16); }), "");
  EXPECT_EQ(error_of([] { fat_tree(4, {{100, 1000}, {0, 1000}, {100, 1000}}); }),
            "fabric.tier1_gbps = 0 must be a finite number > 0 (Gb/s)");
  EXPECT_EQ(error_of([] { fat_tree(4, {{100, 1000}, {100, 1000}, {100, -1}}); }),
            "fabric.tier2_delay_ns = -1 must be a finite number >= 0 (ns)");
}

TEST(LeafSpine, RejectsSwitchesThatNeedMorePortsThanTheBuild) {
  LeafSpineSpec s;
  s.hosts_per_leaf = 14;
  s.spines = 4;
  s.max_ports = 16;
  EXPECT_EQ(error_of([&] { leaf_spine(s); }),
            "fabric.hosts_per_leaf = 14 and fabric.spines = 4 need 18-port leaf switches; the switch has at most 16 "
            "ports");
  s.hosts_per_leaf = 4;
  s.leaves = 17;
  EXPECT_EQ(error_of([&] { leaf_spine(s); }),
            "fabric.leaves = 17 need 17-port spine switches; the switch has at most 16 ports");
  s.leaves = 0;
  EXPECT_EQ(error_of([&] { leaf_spine(s); }), "fabric.leaves = 0 must be an integer from 1 to 65536");
}

TEST(ThreeTier, RejectsPlanesThatDoNotDivideTheSpines) {
  ThreeTierSpec s;
  s.leaves_per_pod = 3;
  s.spines = 4;
  s.wiring = SpineWiring::kPlanes;
  EXPECT_EQ(error_of([&] { three_tier(s); }),
            "fabric.spines = 4 must be a multiple of fabric.leaves_per_pod = 3 with fabric.spine_wiring = \"planes\" "
            "(one plane of spines per leaf of a pod)");
}

// The cabled-port masks (which pick each switch's Verilated build) name exactly the ports link_at
// finds a link on: a k = 6 fat tree (6 of 16 ports cabled) and a star of 5 hosts on 16 ports.
TEST(Topology, CabledPortsAreThePortsWithALink) {
  for (const Topology& t : {fat_tree(6, uniform_links(), 16), Topology::star(5, 100, 1000, 16)}) {
    const std::vector<uint64_t> cabled = t.switch_cabled_ports();
    ASSERT_EQ(cabled.size(), t.switches());
    for (unsigned s = 0; s < t.switches(); ++s)
      for (unsigned p = 0; p < 64; ++p)
        EXPECT_EQ((cabled[s] >> p) & 1, p < t.switch_ports[s] && t.link_at({NodeKind::kSwitch, s}, p) != nullptr)
            << "switch " << s << " port " << p;
  }
}

TEST(Topology, ValidateRejectsHostToHostAndSelfLinks) {
  Topology t = Topology::star(2, 100, 10, 4);
  t.links.push_back({{NodeKind::kSwitch, 0}, 2, {NodeKind::kSwitch, 0}, 3, 100, 1});
  EXPECT_EQ(error_of([&] { t.validate(); }), "fabric.links[2] joins switch 0 to itself");
  t.links.pop_back();
  t.hosts = 4;
  t.links.push_back({{NodeKind::kHost, 2}, 0, {NodeKind::kHost, 3}, 0, 100, 1});
  EXPECT_EQ(error_of([&] { t.validate(); }),
            "fabric.links[2] joins host 2 and host 3: a host connects to a switch only");
}

TEST(Routing, PathToAnUnreachableHostIsAnError) {
  // Two stars that are not joined.
  Topology t;
  t.hosts = 2;
  t.switch_ports = {2, 2};
  t.links = {{{NodeKind::kHost, 0}, 0, {NodeKind::kSwitch, 0}, 0, 100, 1},
             {{NodeKind::kHost, 1}, 0, {NodeKind::kSwitch, 1}, 0, 100, 1}};
  const Routing r(t);
  EXPECT_EQ(r.switch_hops(0, 1), Routing::kUnreachable);
  EXPECT_TRUE(r.next_hops(0, 1).empty());
  EXPECT_EQ(error_of([&] { r.path(0, 1, 1, {}); }), "no route from host 0 to host 1 in the topology");
}

}  // namespace
}  // namespace ccf::fabric
