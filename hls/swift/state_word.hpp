// state_word.hpp: one flow's Swift state as the one RAM word the hardware stores (docs/hls.md 2):
// exactly Widths::state_bits() bits for the widths W, packed and unpacked with the library's bit
// slices. A field kept at fewer bits than its container stores only those bits, which loses nothing:
// the kernel writes back windows and the EWMA rounded to their kept fraction bits and saturated,
// timestamps modulo 2^time, the RTT, the counter and the pacing gap saturated (widths.hpp).
//
// Word, most significant field first: fcwnd, ecwnd, t_last_decrease_f, t_last_decrease_e, rtt,
// endpoint_delay, endpoint_valid, retransmit_cnt, pacing.
#pragma once

#include <ac_int.h>

#include "hls/swift/swift_kernel.hpp"

namespace ccf::hls::swift {

template <Widths W>
using Word = ac_int<int(W.state_bits()), false>;
static_assert(Word<Widths{}>::width == State::kStateBits, "the word is the report's 226 bits");

// Bit positions of the fields at the widths W (the least significant bit of each).
template <Widths W>
struct Layout {
  static constexpr int kCwnd = int(W.cwnd_int + W.cwnd_frac), kCwndDrop = int(CWND_FRAC_BITS - W.cwnd_frac);
  static constexpr int kTime = int(W.time), kRtt = int(W.rtt), kEwma = int(W.rtt + W.ewma_frac);
  static constexpr int kEwmaDrop = int(Q8 - W.ewma_frac), kRetx = int(W.retx), kPacing = int(W.pacing);
  static constexpr int kF = int(W.state_bits()) - kCwnd, kE = kF - kCwnd, kTf = kE - kTime, kTe = kTf - kTime;
  static constexpr int kRttAt = kTe - kRtt, kEwmaAt = kRttAt - kEwma, kValid = kEwmaAt - 1;
  static constexpr int kRetxAt = kValid - kRetx, kPacingAt = kRetxAt - kPacing;
  static_assert(kPacingAt == 0, "the fields fill the word");
};

template <Widths W>
Word<W> pack(const State& s) {
  using L = Layout<W>;
  Word<W> w = 0;
  w.set_slc(L::kF, ac_int<L::kCwnd, false>(s.fcwnd >> L::kCwndDrop));
  w.set_slc(L::kE, ac_int<L::kCwnd, false>(s.ecwnd >> L::kCwndDrop));
  w.set_slc(L::kTf, ac_int<L::kTime, false>(s.t_last_decrease_f_ns));
  w.set_slc(L::kTe, ac_int<L::kTime, false>(s.t_last_decrease_e_ns));
  w.set_slc(L::kRttAt, ac_int<L::kRtt, false>(s.rtt_ns));
  w.set_slc(L::kEwmaAt, ac_int<L::kEwma, false>(s.endpoint_delay_q8 >> L::kEwmaDrop));
  w[L::kValid] = s.endpoint_valid;
  w.set_slc(L::kRetxAt, ac_int<L::kRetx, false>(s.retransmit_cnt));
  w.set_slc(L::kPacingAt, ac_int<L::kPacing, false>(s.pacing_ns));
  return w;
}

template <Widths W>
State unpack(const Word<W>& w) {
  using L = Layout<W>;
  State s;
  s.fcwnd = Cwnd(w.template slc<L::kCwnd>(L::kF)) << L::kCwndDrop;
  s.ecwnd = Cwnd(w.template slc<L::kCwnd>(L::kE)) << L::kCwndDrop;
  s.t_last_decrease_f_ns = w.template slc<L::kTime>(L::kTf);
  s.t_last_decrease_e_ns = w.template slc<L::kTime>(L::kTe);
  s.rtt_ns = w.template slc<L::kRtt>(L::kRttAt);
  s.endpoint_delay_q8 = ac_int<EWMA_W, false>(w.template slc<L::kEwma>(L::kEwmaAt)) << L::kEwmaDrop;
  s.endpoint_valid = w[L::kValid] != 0;
  s.retransmit_cnt = w.template slc<L::kRetx>(L::kRetxAt);
  s.pacing_ns = w.template slc<L::kPacing>(L::kPacingAt);
  return s;
}

}  // namespace ccf::hls::swift
