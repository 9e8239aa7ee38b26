// state_words.hpp: one flow's DCQCN state as the one RAM word the hardware stores (docs/hls.md 2):
// exactly the state bits of the widths W (RpWidths::state_bits, NpWidths::state_bits), packed and
// unpacked with the library's bit slices. A field kept at fewer bits than its container stores its
// kept bits only (RC, RT: rate_int + rate_frac bits, alpha: alpha bits, the counters: stage and
// bytes bits), which loses nothing: the kernel writes back every value rounded and saturated to
// those bits (widths.hpp). The synthesis tops keep their state memory as an array of these words.
//
// RP word, most significant field first (as rtl/nic/dcqcn_rp_pass.sv at the shipped widths):
//   rc, rt, alpha, time_stage, byte_stage, bytes_left, limited, 2 variant bits
// (ns3-rdma: bit 0 = hyper; mlx: bit 0 = alpha_cnp, bit 1 = decrease_cnp). NP word: last_cnp,
// open, pending.
#pragma once

#include <ac_int.h>

#include "hls/dcqcn/np_kernel.hpp"
#include "hls/dcqcn/rp_kernel.hpp"

namespace ccf::hls::dcqcn {

template <RpWidths W>
using RpWord = ac_int<int(W.state_bits()), false>;
template <NpWidths W>
using NpWord = ac_int<int(W.state_bits()), false>;

static_assert(RpWord<RpWidths{}>::width == RpState::kStateBits, "the RP word is the report's 109 bits");
static_assert(NpWord<NpWidths{}>::width == NpState::kStateBits, "the NP word is the report's 19 bits");

// Bit positions of the RP word's fields at the widths W (the least significant bit of each).
template <RpWidths W>
struct RpLayout {
  static constexpr int kRate = int(W.rate_int + W.rate_frac), kRateDrop = int(RATE_FRAC_BITS - W.rate_frac);
  static constexpr int kAlpha = int(W.alpha), kAlphaDrop = int(ALPHA_W - W.alpha);
  static constexpr int kStage = int(W.stage), kBytes = int(W.bytes);
  static constexpr int kRc = int(W.state_bits()) - kRate, kRt = kRc - kRate, kAlphaAt = kRt - kAlpha;
  static constexpr int kTimeStage = kAlphaAt - kStage, kByteStage = kTimeStage - kStage;
  static constexpr int kBytesLeft = kByteStage - kBytes, kLimited = 2;
  static_assert(kBytesLeft == kLimited + 1, "the fields fill the word");
};

template <RpWidths W>
RpWord<W> rp_pack(const RpState& s, RpVariant variant) {
  using L = RpLayout<W>;
  RpWord<W> w = 0;
  w.set_slc(L::kRc, ac_int<L::kRate, false>(s.rc >> L::kRateDrop));
  w.set_slc(L::kRt, ac_int<L::kRate, false>(s.rt >> L::kRateDrop));
  w.set_slc(L::kAlphaAt, ac_int<L::kAlpha, false>(s.alpha >> L::kAlphaDrop));
  w.set_slc(L::kTimeStage, ac_int<L::kStage, false>(s.time_stage));
  w.set_slc(L::kByteStage, ac_int<L::kStage, false>(s.byte_stage));
  w.set_slc(L::kBytesLeft, ac_int<L::kBytes, false>(s.bytes_left));
  w[L::kLimited] = s.limited;
  w[1] = variant == RpVariant::kMlx && s.decrease_cnp;
  w[0] = variant == RpVariant::kNs3Rdma ? s.hyper : variant == RpVariant::kMlx && s.alpha_cnp;
  return w;
}

template <RpWidths W>
RpState rp_unpack(const RpWord<W>& w, RpVariant variant) {
  using L = RpLayout<W>;
  RpState s;
  s.rc = ac_int<RATE_W, false>(w.template slc<L::kRate>(L::kRc)) << L::kRateDrop;
  s.rt = ac_int<RATE_W, false>(w.template slc<L::kRate>(L::kRt)) << L::kRateDrop;
  s.alpha = ac_int<ALPHA_W, false>(w.template slc<L::kAlpha>(L::kAlphaAt)) << L::kAlphaDrop;
  s.time_stage = w.template slc<L::kStage>(L::kTimeStage);
  s.byte_stage = w.template slc<L::kStage>(L::kByteStage);
  s.bytes_left = w.template slc<L::kBytes>(L::kBytesLeft);
  s.limited = w[L::kLimited] != 0;
  s.hyper = variant == RpVariant::kNs3Rdma && w[0] != 0;
  s.alpha_cnp = variant == RpVariant::kMlx && w[0] != 0;
  s.decrease_cnp = variant == RpVariant::kMlx && w[1] != 0;
  return s;
}

template <NpWidths W>
NpWord<W> np_pack(const NpState& s) {
  NpWord<W> w = 0;
  w.set_slc(2, ac_int<int(W.time), false>(s.last_cnp_ns));
  w[1] = s.open;
  w[0] = s.pending;
  return w;
}

template <NpWidths W>
NpState np_unpack(const NpWord<W>& w) {
  NpState s;
  s.last_cnp_ns = w.template slc<int(W.time)>(2);
  s.open = w[1] != 0;
  s.pending = w[0] != 0;
  return s;
}

}  // namespace ccf::hls::dcqcn
