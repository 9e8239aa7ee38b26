// The [fabric] table of a scenario: topologies by kind and parameters, explicit nodes and links,
// per-tier rates, and a clear error (file, key, value, rule) for every bad input
// (sims/scenario/scenario.cpp, scenario_topology.cpp).
#include <gtest/gtest.h>

#include <string>

#include "sc/fabric/clos.hpp"
#include "sc/fabric/routing.hpp"
#include "scenario_error.hpp"
#include "sims/scenario/scenario.hpp"
#include "sims/scenario/scenario_topology.hpp"

namespace ccf::sims {
namespace {

using test::scenario_error_of;

// A four-host, two-switch fabric written out node by node.
const char* kExplicit = R"(
[fabric]
topology = "explicit"
link_gbps = 40
[[fabric.nodes]]
name = "T1"
kind = "switch"
ports = 4
[[fabric.nodes]]
name = "T2"
kind = "switch"
[[fabric.nodes]]
name = "R"
kind = "host"
[[fabric.nodes]]
name = "H1"
kind = "host"
[[fabric.links]]
a = "R"
b = "T2"
[[fabric.links]]
a = "H1"
b = "T1"
port_b = 3
[[fabric.links]]
a = "T1"
b = "T2"
gbps = 100
delay_ns = 500
)";

TEST(ScenarioTopology, FatTreeDerivesItsHostCount) {
  const Scenario s = parse_scenario("[fabric]\ntopology = \"fat_tree\"\nk = 12\n", "s.toml");
  EXPECT_EQ(s.fabric.hosts, 432u);
  const fabric::Topology t = scenario_topology(s.fabric);
  EXPECT_EQ(t.switches(), 180u);
  EXPECT_EQ(t.kind, "fat_tree");
  // Traffic keys are checked against the derived count.
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\nk = 4\n[[traffic]]\nreceiver = 16\n"),
            "s.toml: traffic[0].receiver = 16 must be an integer from 0 to 15");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\nk = 4\nhosts = 20\n"),
            "s.toml: fabric.hosts = 20 must be 16 (the hosts of this fat_tree topology) or left out");
}

// The switches' forwarding table holds 2^DST_W = 4096 destinations: k = 24 (3,456 hosts) is the
// largest fat tree, k = 26 (4,394 hosts) is refused before any route is computed.
TEST(ScenarioTopology, AFatTreeWithMoreHostsThanTheForwardingTableIsRefusedNamingK) {
  EXPECT_EQ(fabric::fat_tree(24, {}, kSwitchPortsBuilt).hosts, 3456u);
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\nk = 26\n"),
            "s.toml: fabric.k = 26 gives 4394 hosts; the switches' forwarding table holds 4096 destinations "
            "(DST_W = 12): k must be at most 24");
}

TEST(ScenarioTopology, TierKeysDefaultToTheHostLinkAndOverridePerTier) {
  const Scenario s = parse_scenario(
      "[fabric]\ntopology = \"three_tier\"\nhosts_per_tor = 2\nlink_gbps = 40\nlink_delay_ns = 100\n"
      "tier2_gbps = 100\ntier2_delay_ns = 2000\n",
      "s.toml");
  const fabric::Topology t = scenario_topology(s.fabric);
  for (const auto& l : t.links) {
    const bool core = l.a.kind == fabric::NodeKind::kSwitch && l.b.kind == fabric::NodeKind::kSwitch &&
                      t.switch_tier(l.a.index) + t.switch_tier(l.b.index) == 3;
    EXPECT_EQ(l.gbps, core ? 100 : 40);
    EXPECT_EQ(l.delay_ns, core ? 2000 : 100);
  }
}

TEST(ScenarioTopology, ExplicitNodesAndLinksBuildTheTopologyInListOrder) {
  const Scenario s = parse_scenario(kExplicit, "s.toml");
  EXPECT_EQ(s.fabric.hosts, 2u);
  const fabric::Topology t = scenario_topology(s.fabric);
  EXPECT_EQ(t.switch_names, (std::vector<std::string>{"T1", "T2"}));
  EXPECT_EQ(t.host_names, (std::vector<std::string>{"R", "H1"}));
  EXPECT_EQ(t.switch_ports, (std::vector<unsigned>{4, kSwitchPortsDefault}));
  ASSERT_EQ(t.links.size(), 3u);
  EXPECT_EQ(t.links[0].port_b, 0u);  // R on T2's lowest free port
  EXPECT_EQ(t.links[1].port_b, 3u);  // given
  EXPECT_EQ(t.links[2].port_a, 0u);  // T1's lowest port not given
  EXPECT_EQ(t.links[2].port_b, 1u);
  EXPECT_EQ(t.links[0].gbps, 40);
  EXPECT_EQ(t.links[2].gbps, 100);
  EXPECT_EQ(t.links[2].delay_ns, 500);
  EXPECT_EQ(fabric::Routing(t).switch_hops(0, 1), 2u);
}

TEST(ScenarioTopology, EveryTopologyRoundTripsThroughItsDump) {
  const std::vector<std::string> texts = {
      kExplicit,
      "[fabric]\ntopology = \"leaf_spine\"\nleaves = 3\nspines = 2\nhosts_per_leaf = 2\ntier1_gbps = 400\n",
      "[fabric]\ntopology = \"three_tier\"\npods = 3\nspine_wiring = \"planes\"\nspines = 4\ntier1_delay_ns = 10\n",
      "[fabric]\ntopology = \"fat_tree\"\nk = 6\ntier2_gbps = 400\n"};
  for (const auto& text : texts) {
    const Scenario a = parse_scenario(text, "s.toml");
    const Scenario b = parse_scenario(a.to_toml(), "dump.toml");
    EXPECT_EQ(a.to_toml(), b.to_toml()) << text;
    EXPECT_EQ(a.fabric.hosts, b.fabric.hosts);
  }
}

TEST(ScenarioTopology, KeysOfAnotherTopologyAreErrors) {
  EXPECT_EQ(scenario_error_of("[fabric]\nk = 4\n"),
            "s.toml: fabric.k applies to topology \"fat_tree\" only (here topology = \"star\")");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\nspines = 4\n"),
            "s.toml: fabric.spines applies to topology \"leaf_spine\", \"three_tier\" only (here topology = \"fat_tree\")");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"leaf_spine\"\ntier2_gbps = 400\n"),
            "s.toml: fabric.tier2_gbps applies to topology \"three_tier\", \"fat_tree\" only (here topology = "
            "\"leaf_spine\")");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"mesh\"\n"),
            "s.toml: fabric.topology = \"mesh\" must be one of \"star\", \"two_switch\", \"leaf_spine\", \"three_tier\", "
            "\"fat_tree\", \"explicit\"");
}

TEST(ScenarioTopology, BadParametersNameTheKeyValueAndRule) {
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\nk = 34\n"),
            "s.toml: fabric.k = 34 must be an even number from 2 to 32 (every switch of a k-ary fat tree has k ports; "
            "the switch has at most 32)");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"leaf_spine\"\nhosts_per_leaf = 31\n"),
            "s.toml: fabric.hosts_per_leaf = 31 and fabric.spines = 2 need 33-port leaf switches; the switch has at "
            "most 32 ports");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\ntier1_gbps = 33\n"),
            "s.toml: fabric.tier1_gbps = 33 must make 800 / rate a whole number of switch cycles per pause quantum "
            "from 1 to 131074 (e.g. 10, 20, 25, 40, 50, 80, 100, 160, 200, 400 or 800; the slowest link is 800/131074 "
            "= 0.00610342 Gb/s, the largest pause that the switch's 32-bit PFC refresh register holds)");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"three_tier\"\nspine_wiring = \"ring\"\n"),
            "s.toml: fabric.spine_wiring = \"ring\" must be one of \"full\", \"planes\"");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"three_tier\"\ntier1_delay_ns = -5\n"),
            "s.toml: fabric.tier1_delay_ns = -5 must be a number >= 0 and <= 10000000");
}

// 800 / rate whole but above 131074 cycles per quantum (1e-12 Gb/s: 8e14) would overflow the switch's
// 32-bit PFC refresh register; every link rate key is checked at load, naming the key.
TEST(ScenarioTopology, LinkRatesBelowTheSlowestTheSwitchHoldsAreRejectedByKey) {
  const std::string rule = " must make 800 / rate a whole number of switch cycles per pause quantum from 1 to 131074";
  EXPECT_EQ(scenario_error_of("", {"fabric.link_gbps=1e-12"}).rfind("s.toml: fabric.link_gbps = 1e-12" + rule, 0), 0u);
  EXPECT_EQ(scenario_error_of("", {"fabric.link_gbps=1e-20"}).rfind("s.toml: fabric.link_gbps = 1e-20" + rule, 0), 0u);
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"two_switch\"\ninter_switch_gbps = 1e-9\n")
                .rfind("s.toml: fabric.inter_switch_gbps = 1e-09" + rule, 0),
            0u);
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"fat_tree\"\ntier1_gbps = 1e-12\n")
                .rfind("s.toml: fabric.tier1_gbps = 1e-12" + rule, 0),
            0u);
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"three_tier\"\ntier2_gbps = 1e-12\n")
                .rfind("s.toml: fabric.tier2_gbps = 1e-12" + rule, 0),
            0u);
  std::string expl = kExplicit;
  expl.replace(expl.find("gbps = 100"), 10, "gbps = 1e-12");
  EXPECT_EQ(scenario_error_of(expl).rfind("s.toml: fabric.links[2].gbps = 1e-12" + rule, 0), 0u);
  // The slowest rate is accepted, one cycle more per quantum is not.
  EXPECT_EQ(link_rate_rule(800.0 / 131074), "");
  EXPECT_NE(link_rate_rule(800.0 / 131075), "");
}

TEST(ScenarioTopology, BadExplicitListsNameTheEntry) {
  const std::string base = kExplicit;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string t = base;
    const auto at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return t.replace(at, from.size(), to);
  };
  EXPECT_EQ(scenario_error_of(with("b = \"T2\"\n[[fabric.links]]", "b = \"T9\"\n[[fabric.links]]")),
            "s.toml: fabric.links[0].b = \"T9\" must name one of fabric.nodes (\"T1\", \"T2\", \"R\", \"H1\")");
  EXPECT_EQ(scenario_error_of(with("name = \"T2\"", "name = \"T1\"")),
            "s.toml: fabric.nodes[1].name = \"T1\" is already the name of fabric.nodes[0]");
  EXPECT_EQ(scenario_error_of(with("port_b = 3", "port_b = 4")),
            "s.toml: fabric.links[1].port_b = 4 is out of range: switch 0 (\"T1\") has ports 0..3");
  EXPECT_EQ(scenario_error_of(with("gbps = 100", "port_a = 3\ngbps = 100")),
            "s.toml: fabric.links[2].port_a = 3: switch 0 (\"T1\") port 3 is already used by fabric.links[1]");
  EXPECT_EQ(scenario_error_of(with("kind = \"host\"\n[[fabric.nodes]]\nname = \"H1\"", "kind = \"hub\"\n[[fabric.nodes]]\nname = \"H1\"")),
            "s.toml: fabric.nodes[2].kind = \"hub\" must be one of \"host\", \"switch\"");
  EXPECT_EQ(scenario_error_of(with("ports = 4", "ports = 33")),
            "s.toml: fabric.nodes[0].ports = 33 must be an integer from 1 to 32");
  EXPECT_EQ(scenario_error_of(with("a = \"T1\"\nb = \"T2\"", "a = \"T1\"\nb = \"T1\"")),
            "s.toml: fabric.links[2] joins switch 0 (\"T1\") to itself");
  // A host left out of the links, a fabric split in two.
  EXPECT_EQ(scenario_error_of(with("[[fabric.links]]\na = \"H1\"\nb = \"T1\"\nport_b = 3\n", "")),
            "s.toml: fabric.hosts = 2: host 1 (\"H1\") is not connected by any of fabric.links");
  EXPECT_EQ(scenario_error_of("[fabric]\ntopology = \"explicit\"\n"),
            "s.toml: fabric.nodes is required with topology = \"explicit\" ([[fabric.nodes]] entries, docs/scenarios.md)");
  EXPECT_EQ(scenario_error_of(with("delay_ns = 500", "delay_ns = 500\nspeed = 3")).find("s.toml: unknown key 'fabric.links[2].speed'"),
            0u);
}

TEST(ScenarioTopology, DisconnectedFabricIsAnError) {
  const std::string text = R"(
[fabric]
topology = "explicit"
nodes = [{name = "A", kind = "switch"}, {name = "B", kind = "switch"},
         {name = "h0", kind = "host"}, {name = "h1", kind = "host"}]
links = [{a = "h0", b = "A"}, {a = "h1", b = "B"}]
)";
  EXPECT_EQ(scenario_error_of(text), "s.toml: fabric: host 1 (\"h1\") cannot reach host 0 (\"h0\"): no path through the switches "
                            "(every host must reach every other host)");
}

TEST(ScenarioTraffic, SendersPicksTheFirstHostsOfSenderHosts) {
  const std::string t = "[fabric]\ntopology = \"fat_tree\"\nk = 4\n[[traffic]]\nsender_hosts = [5, 9, 13]\nreceiver = 0\n";
  EXPECT_EQ(parse_scenario(t, "s.toml", {"traffic.0.senders=2"}).traffic[0].sender_hosts,
            (std::vector<unsigned>{5, 9}));
  const Scenario none = parse_scenario(t, "s.toml", {"traffic.0.senders=0"});
  EXPECT_TRUE(none.traffic[0].sender_hosts.empty());
  EXPECT_EQ(none.traffic[0].senders, 0u);
  EXPECT_EQ(scenario_error_of(t, {"traffic.0.senders=4"}),
            "s.toml: traffic[0].senders = 4 must be at most the 3 hosts of sender_hosts (the first `senders` of them "
            "send)");
}

}  // namespace
}  // namespace ccf::sims
