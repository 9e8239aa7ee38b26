// ldcp_kernel.hpp: LDCP sender arithmetic (the LDCP draft,
// draft-dai-tsvwg-pfc-free-congestion-control-01, sections 2.2, 2.3 and 3.1). One pure function per event on a fixed-width per-flow state:
// no allocation, no recursion, no floating point, loops only with constant bounds. The SystemC unit
// (sc/nic/ldcp_unit) keeps the state memory and publishes window and pacing; the double-precision
// reference models/ldcp/ldcp_reference.* is what the tests compare against. State table, arithmetic
// per event and error bound: docs/units/ldcp.md.
//
// Per-flow state as the hardware stores it (LdcpState::kStateBits = 93):
//
//   field      bits  unit                         meaning
//   cw           36  2^-20 packet (16.20 fixed)   cw, congestion window in packets (max 65536 - 2^-20)
//   stable        1  flag                         0: zero-RTT fast start (2.3), 1: stable stage (2.2)
//   fs_left      16  packets                      fast-start frames still to send (the last one is ECT)
//   fs_acked     16  packets, saturating          packets cumulatively ACKed during fast start
//   rtt_ns       24  ns, saturating (16.7 ms)     latest RTT sample: the sub-one timer is RTT/cw
//
// Events: an ACK (PAWA, eq. 1 and 2, the sub-one rule, the fast-start exit on a full IW), a loss
// (NAK or retransmit timeout: the fast-start exit on loss), a data frame start (fast-start count).
// Outputs: window = cw packets (IW during fast start, one packet with a send interval of RTT/cw when
// cw < 1), and whether the next frame goes Not-ECT (every fast-start frame but the last).
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>
#include <string>

#include "hls/divider.hpp"
#include "hls/widths.hpp"

namespace ccf::hls::ldcp {

// ---- widths, stated once (docs/units/ldcp.md section 2) ----
inline constexpr unsigned CW_INT_BITS = 16;    // cw < 2^16 packets (IW <= 65535 packets)
inline constexpr unsigned CW_FRAC_BITS = 20;   // cw LSB = 2^-20 packet
inline constexpr unsigned CW_W = CW_INT_BITS + CW_FRAC_BITS;
inline constexpr unsigned GAIN_FRAC_BITS = 16; // alpha, beta, gamma, eta: value / 2^16 (exact)
inline constexpr unsigned N_W = 8;             // packets covered by one ACK, saturating at 255
inline constexpr unsigned PKT_W = 16;          // fs_left, fs_acked, IW
inline constexpr unsigned RTT_W = 24;          // rtt_ns
inline constexpr unsigned RECIP_IDX_BITS = 8;  // reciprocal seed table: 2^8 entries
inline constexpr unsigned RECIP_FRAC_BITS = 24;  // mantissa and reciprocal: value / 2^24

inline constexpr uint64_t kCwOne = uint64_t{1} << CW_FRAC_BITS;  // cw = 1 packet
inline constexpr uint64_t kCwMax = (uint64_t{1} << CW_W) - 1;
inline constexpr uint32_t kGainOne = 1u << GAIN_FRAC_BITS;
inline constexpr uint32_t kNMax = (1u << N_W) - 1;
inline constexpr uint32_t kPktMax = (1u << PKT_W) - 1;
inline constexpr uint32_t kRttMax = (1u << RTT_W) - 1;
inline constexpr uint32_t kMinGammaInv = 256;  // gamma >= 2^-8 bounds RTT/cw below 2^32 ns

static_assert(CW_FRAC_BITS >= GAIN_FRAC_BITS, "beta, gamma are shifted up into cw LSBs");
static_assert(CW_W <= 40 && RECIP_FRAC_BITS <= 24, "products must fit 64 bits (docs/units/ldcp.md 2)");
static_assert(GAIN_FRAC_BITS + 1 + N_W + RECIP_FRAC_BITS <= 63, "alpha * n * 1/cw must fit 64 bits");

// The widths the state memory keeps (docs/explore.md 2); at most the shipped widths above. cw is
// rounded to cw_frac fraction bits when written back and saturates at 2^cw_int packets; fs_acked
// and rtt_ns saturate at their widths; fs_left counts down from IW, which must fit. ldcp_config_error
// checks that the parameters fit. The defaults cost nothing: every quantisation is skipped.
struct Widths {
  unsigned cw_int = CW_INT_BITS;   // integer bits of cw (packets)
  unsigned cw_frac = CW_FRAC_BITS; // fraction bits of cw
  unsigned pkt = PKT_W;            // bits of fs_left and fs_acked (packets)
  unsigned rtt = RTT_W;            // bits of rtt_ns (ns, saturating)
  constexpr bool operator==(const Widths&) const = default;
  constexpr unsigned state_bits() const { return cw_int + cw_frac + 1 + 2 * pkt + rtt; }
};

inline constexpr std::array<WidthKnob, 4> kWidthKnobs{{
    {"cw_int", CW_INT_BITS, 1, "integer bits of cw: IW must be < 2^cw_int packets"},
    {"cw_frac", CW_FRAC_BITS, 1, "fraction bits of cw: gamma must be >= 2^-cw_frac; alpha/cw below LSB/2 stops the increase"},
    {"pkt", PKT_W, 1, "bits of fs_left and fs_acked: IW must be < 2^pkt packets"},
    {"rtt", RTT_W, 8, "bits of the RTT sample (ns, saturating): the sub-one send interval RTT/cw uses it"},
}};

// Which LDCP sender the unit is (scenario key cc.ldcp.variant):
//   kPawa      per-ACK window adjustment with zero-RTT fast start (the LDCP draft, sections 2.2, 2.3, 3.1): LdcpState, this file;
//   kCx6dxPcc  the variant for NICs without per-packet ACK (the LDCP draft, section 3.2, Mellanox CX6-DX programmable CC):
//              cw - beta on every CNP, cw + alpha per RTT probe response, rate = cw / RTT
//              (PccState, ldcp_pcc_kernel.hpp; docs/units/ldcp.md 11).
enum class Variant : uint8_t { kPawa = 0, kCx6dxPcc = 1 };
inline constexpr unsigned kVariants = 2;
constexpr const char* variant_name(Variant v) { return v == Variant::kPawa ? "pawa" : "cx6dx_pcc"; }

// User parameters (scenario keys cc.ldcp.<name>). Fractions are doubles here and must be exact
// multiples of 2^-16 (ldcp_params_error), so kernel and reference run on identical values.
struct Params {
  double alpha = 1.0;     // eq. 1 increase gain. The draft's section 2.2 gives only "0 < alpha, beta <= 1"; 1 is
                          // [INF] TCP's +1 packet per RTT (cw ACKs of alpha/cw each).
  double beta = 0.5;      // eq. 1 decrease per marked ACK. The draft's section 2.2 gives only the range; 1/2 is [INF]:
                          // a fully marked round (about cw ACKs) then takes about cw/2, TCP's halving.
  double gamma = 0.125;   // sub-one increase step and minimum cw. The draft's section 2.2: "typical values of gamma
                          // include 1/4, 1/8, 1/16"; 1/8 is the middle one.
  double eta = 0.5;       // sub-one decrease factor. The draft's section 2.2: "We choose eta = 1/2".
  uint64_t bdp_bytes = 0; // IW = BDP (the LDCP draft, section 2.3 "e.g., BDP", 3.1 "IW is set to BDP"); 0: derive it
                          // as base_rtt_ns x line rate.
  uint32_t base_rtt_ns = 10'000;  // base RTT: BDP when bdp_bytes = 0, and the RTT of the sub-one timer
                                  // until the first ACK brings a sample. [INF] the draft has no value;
                                  // set it to the topology's base RTT.
  bool fast_start = true; // zero-RTT bandwidth acquisition (the LDCP draft, section 2.3). false: start in the stable
                          // stage with cw = IW and ECT frames ([INF] an ablation switch).
  Widths widths;          // state widths (docs/explore.md); default: shipped
  Divider divider = Divider::kRecipTable;  // form of 1/cw (hls/divider.hpp)

  // ---- cc.ldcp.variant = "cx6dx_pcc" only (the LDCP draft, section 3.2; docs/units/ldcp.md 11) ----
  Variant variant = Variant::kPawa;
  double probe_timeout_us = 300.0;  // an RTT request without a response by then is sent again (the LDCP draft, section 3.2 "or a
                                    // timeout is experienced"). 300 us: ABORT_TIME of NVIDIA's DOCA PCC
                                    // rtt_template reference algorithm, which doubles it per abort (not modelled).
  bool cw_clamp = true;             // [INF] cw never exceeds the line-rate window RTT x line rate / frame bits
                                    // after a response (a cw beyond it cannot raise the rate, only delay the
                                    // reaction to congestion); false = the draft's rule alone (cw saturates at 2^16).
  uint32_t wire_overhead_bytes = 82;  // wire bytes of a full frame beyond its payload: Eth 14 + IPv4 20 + UDP 8 +
                                      // BTH 12 + ICRC 4 + FCS 4 + preamble/SFD/IFG 20 (RoCEv2; +4 with 802.1Q).
                                      // One frame per cw packet: rate = cw (mtu + this) x 8 / RTT.
};

// "" when p is valid, else "cc.ldcp.<key> = <value> must be <rule>".
std::string ldcp_params_error(const Params& p);
// As ldcp_params_error, plus the rules that need the NIC: mtu_bytes a power of two in 256..4096
// (so packets = bytes >> log2(mtu)), line_gbps > 0 and IW = ceil(BDP / mtu) in 1..65535 packets.
std::string ldcp_config_error(const Params& p, uint32_t mtu_bytes, double line_gbps);

// Configuration registers (not per flow), from Params by ldcp_config.
struct Config {
  uint32_t alpha = kGainOne;      // 2^-16 units, 1..2^16
  uint32_t beta = kGainOne / 2;   // 2^-16 units, 1..2^16
  uint32_t gamma = kGainOne / 8;  // 2^-16 units, 2^8..2^16-1
  uint32_t eta = kGainOne / 2;    // 2^-16 units, 1..2^16-1
  uint32_t iw_packets = 1;        // IW = ceil(BDP / mtu), 1..65535
  uint32_t mtu_shift = 10;        // log2(mtu_bytes)
  uint32_t base_rtt_ns = 10'000;  // 1..2^24-1
  bool fast_start = true;
  Widths widths;
  Divider divider = Divider::kRecipTable;
  // cx6dx_pcc (ldcp_pcc_kernel.hpp). T = wire bits of a full frame / line rate, the time one frame takes
  // at line rate, and 1/T, each as a 24-bit mantissa and a right shift (computed when configured, so no
  // divider in the datapath): T_ns = pkt_ns_mant / 2^pkt_ns_shift, 1/T_ns = line_win_mant / 2^line_win_shift.
  Variant variant = Variant::kPawa;
  uint32_t probe_timeout_ns = 300'000;  // 1..2^24-1 (the probe timestamp's range)
  bool cw_clamp = true;
  uint32_t pkt_ns_mant = 1u << 23, pkt_ns_shift = 23;      // T_ns, mantissa in [2^23, 2^24)
  uint32_t line_win_mant = 1u << 23, line_win_shift = 23;  // 1/T_ns (packets per ns at line rate)
};
// Requires ldcp_config_error(p, mtu_bytes, line_gbps) == "".
Config ldcp_config(const Params& p, uint32_t mtu_bytes, double line_gbps);
// BDP in bytes as the unit uses it: bdp_bytes, or base_rtt_ns x line_gbps / 8 rounded up.
uint64_t ldcp_bdp_bytes(const Params& p, double line_gbps);

// Per-flow state: one field of the library's exact-width unsigned integers per table row above.
struct LdcpState {
  ac_int<CW_W, false> cw = 0;         // 2^-20 packet
  bool stable = false;
  ac_int<PKT_W, false> fs_left = 0;
  ac_int<PKT_W, false> fs_acked = 0;
  ac_int<RTT_W, false> rtt_ns = 0;

  static constexpr unsigned kStateBits = CW_W + 1 + 2 * PKT_W + RTT_W;
};
static_assert(LdcpState::kStateBits == 93, "update the tables in ldcp_kernel.hpp and docs/units/ldcp.md");
static_assert(Widths{}.state_bits() == LdcpState::kStateBits, "the shipped widths are the state table's");

// What an ACK carries into the kernel (the unit fills it from nic::AckInfo).
struct AckIn {
  uint64_t acked_bytes = 0;      // payload bytes newly acknowledged (0: duplicate, nothing happens)
  uint64_t cum_bytes_acked = 0;  // LSN: payload bytes acknowledged so far
  bool ece = false;              // ECN-Echo
  bool fast_start_echo = false;  // the ACKed frame was a Not-ECT fast-start frame
  uint64_t rtt_ns = 0;           // RTT sample; 0 = none
};

enum class Action : uint8_t {
  kNone,
  kIncrease,         // eq. 1/2, ECE = 0: cw <- cw + n alpha / cw
  kDecrease,         // eq. 1/2, ECE = 1: cw <- max(gamma, cw - n beta)
  kSubOneIncrease,   // cw < 1, ECE = 0: cw <- cw + gamma
  kSubOneDecrease,   // cw < 1, ECE = 1: cw <- max(gamma, eta cw)
  kFullWindowAcked,  // fast start ends (3.1 condition 2): cw <- BDP = IW
  kLossExit,         // fast start ends (3.1 condition 1): cw <- packets ACKed before the loss
  kFastStartAck,     // an ACK during fast start: counted, cw unchanged
};

struct LdcpOut {
  Action action = Action::kNone;
  uint32_t n = 0;              // packets this ACK covers (eq. 2's n), saturated to 255
  bool window_changed = false; // the TX scheduler must re-read the window / send interval
};

// A new flow: fast start with window IW and fs_left = IW frames (or stable with cw = IW).
LdcpState ldcp_initial_state(const Config& c);
// The flow's message length, when known (0 = unlimited): a message shorter than IW sends all its
// frames in fast start and its last frame ECT (the LDCP draft, section 3.1). Call before the first frame.
void ldcp_set_message_bytes(LdcpState& s, const Config& c, uint64_t message_bytes);

LdcpOut ldcp_on_ack(LdcpState& s, const Config& c, const AckIn& a);
// Loss detected (NAK, go-back-N by the NIC; or a retransmit timeout).
LdcpOut ldcp_on_loss(LdcpState& s, const Config& c);
// A data frame started on the wire.
LdcpOut ldcp_on_tx(LdcpState& s, const Config& c);

// Outputs (combinational on the state).
bool ldcp_frame_not_ect(const LdcpState& s);
// Window in bytes << CW_FRAC_BITS: IW x mtu in fast start, cw x mtu for cw >= 1, one mtu for cw < 1.
uint64_t ldcp_window_bytes_fx(const LdcpState& s, const Config& c);
// Send interval RTT/cw in ns for cw < 1 (stable stage), else 0. Relative error <= 2^-16, plus 0.5 ns.
uint64_t ldcp_send_interval_ns(const LdcpState& s, Divider form = Divider::kRecipTable);

// Reciprocal unit (shared by alpha/cw and RTT/cw): x > 0 in cw LSBs gives r and p with
// 1/x_real ~= r * 2^(CW_FRAC_BITS - p - RECIP_FRAC_BITS), p = floor(log2(x)), relative error
// <= 2^-16 (256-entry seed table + one Newton-Raphson step; docs/units/ldcp.md 3.2).
struct Recip {
  uint32_t r = 0;  // 2^23 < r <= 2^24
  unsigned p = 0;  // 0..CW_W-1
};
Recip ldcp_reciprocal(uint64_t x, Divider form = Divider::kRecipTable);
// Seed table entry i: round(2^24 / (1 + (i + 1/2) / 256)).
uint32_t ldcp_recip_seed(unsigned i);
// cw as the state memory keeps it: rounded to widths.cw_frac, saturated at 2^cw_int (shared by both variants).
uint64_t ldcp_store_cw(uint64_t cw, const Config& c);

}  // namespace ccf::hls::ldcp
