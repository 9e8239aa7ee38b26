// parallel::make_partition (docs/fabric.md 10) against the topologies' own layout (fabric/clos.hpp):
// the pods of a fat tree stay whole, hosts go with their switch, only the links between ranks are
// cut, the lookahead is the least delay among them, and a cut link without delay is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "sc/fabric/clos.hpp"
#include "sims/parallel/partition.hpp"

namespace {

using ccf::fabric::NodeKind;
using ccf::fabric::Topology;
using ccf::parallel::make_partition;
using ccf::parallel::Partition;

// Every link crosses ranks exactly when it is listed as cut, and hosts sit with their switch.
void expect_consistent(const Topology& t, const Partition& p) {
  std::set<size_t> cut(p.cut_links.begin(), p.cut_links.end());
  for (size_t li = 0; li < t.links.size(); ++li) {
    const auto& l = t.links[li];
    EXPECT_EQ(cut.count(li) == 1, p.rank_of(l.a) != p.rank_of(l.b)) << "link " << li;
    if (l.a.kind == NodeKind::kHost || l.b.kind == NodeKind::kHost) {
      EXPECT_EQ(cut.count(li), 0u) << "link " << li;
    }
  }
}

TEST(Partition, FatTreePodsStayWholeAndCoresSpread) {
  ccf::fabric::ClosLinks links;
  links.tier2.delay_ns = 1500;  // agg to core: the only links a pod partition cuts
  const Topology t = ccf::fabric::fat_tree(4, links);
  const Partition p = make_partition(t, 2, "auto");
  expect_consistent(t, p);
  // Switches: edges (pod-major, 2 per pod), aggs (2 per pod), 4 cores (clos.hpp).
  for (unsigned pod = 0; pod < 4; ++pod) {
    const unsigned want = pod < 2 ? 0 : 1;
    for (unsigned i = 0; i < 2; ++i) {
      EXPECT_EQ(p.switch_rank[pod * 2 + i], want) << "edge of pod " << pod;
      EXPECT_EQ(p.switch_rank[8 + pod * 2 + i], want) << "agg of pod " << pod;
    }
  }
  EXPECT_EQ(std::count(p.switch_rank.begin() + 16, p.switch_rank.end(), 0u), 2);
  EXPECT_EQ(p.lookahead_ps, 1'500'000u);
  EXPECT_EQ(p.cut_links.size(), 8u);  // each pod's 4 agg-core links, half of them to the other rank's cores
}

TEST(Partition, SchemesOnALeafSpine) {
  ccf::fabric::LeafSpineSpec spec;
  spec.leaves = 4;
  spec.spines = 2;
  spec.hosts_per_leaf = 3;
  const Topology t = ccf::fabric::leaf_spine(spec);
  for (const char* scheme : {"pods", "tiers", "blocks"})
    for (unsigned ranks : {1u, 2u, 3u, 8u}) {
      SCOPED_TRACE(testing::Message() << scheme << " on " << ranks);
      const Partition p = make_partition(t, ranks, scheme);
      expect_consistent(t, p);
      for (unsigned r : p.switch_rank) EXPECT_LT(r, ranks);
      if (ranks == 1) {
        EXPECT_TRUE(p.cut_links.empty());
      }
    }
  const Partition tiers = make_partition(t, 2, "tiers");
  for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(tiers.switch_rank[k], 0u);  // leaves
  for (unsigned k = 4; k < 6; ++k) EXPECT_EQ(tiers.switch_rank[k], 1u);  // spines
  EXPECT_EQ(tiers.cut_links.size(), 8u);
  // Pods: each leaf a group of its own, in blocks; spines in blocks.
  const Partition pods = make_partition(t, 2, "pods");
  EXPECT_EQ(pods.switch_rank, (std::vector<unsigned>{0, 0, 1, 1, 0, 1}));
}

TEST(Partition, RefusesWhatCannotBeSplit) {
  ccf::fabric::LeafSpineSpec spec;
  spec.links.tier1.delay_ns = 0;
  const Topology t = ccf::fabric::leaf_spine(spec);
  EXPECT_THROW(make_partition(t, 2, "tiers"), std::invalid_argument);
  EXPECT_NO_THROW(make_partition(t, 1, "tiers"));  // nothing cut
  EXPECT_THROW(make_partition(t, 2, "rings"), std::invalid_argument);
  EXPECT_THROW(make_partition(t, 0, "auto"), std::invalid_argument);
}

}  // namespace
