// `ccfabric demo-switch` as a user runs it: every frame a sender handed to the switch is delivered,
// dropped or still queued when the run ends, also when the ingress skid FIFOs (docs/switch.md 2.2)
// hold frames at the end (15 senders without PFC).
#include <gtest/gtest.h>

#include <string>

#include "cli_run.hpp"

namespace {

using ccf::test::out_dir;
using ccf::test::read_summary;

void expect_every_frame_accounted(const std::string& args, bool lossless) {
  const std::string out = out_dir("demo_switch");
  const auto r = ccf::test::run_ccfabric("demo-switch " + args + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = read_summary(out);
  ccf::test::expect_ledger_balances(j);
  const auto& f = j["frames"];
  EXPECT_GT(f["delivered"].get<uint64_t>(), 100u);
  if (lossless)
    EXPECT_EQ(f["dropped"].get<uint64_t>(), 0u);
  else
    EXPECT_GT(f["dropped"].get<uint64_t>(), 0u);  // 15 x 100 Gb/s into one port, no PFC
}

// 15 senders fill the ingress FIFOs faster than the switch processes one frame per cycle: frames
// taken but not yet processed wait there when the run ends.
TEST(DemoSwitchCli, FifteenSendersWithoutPfcAccountForFramesInIngressFifos) {
  expect_every_frame_accounted("--senders 15 --duration-us 50 --no-pfc", false);
}

TEST(DemoSwitchCli, EightSendersWithPfcLoseNothing) {
  expect_every_frame_accounted("--senders 8 --duration-us 50", true);
}

}  // namespace
