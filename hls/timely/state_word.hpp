// state_word.hpp: one flow's TIMELY state as the one RAM word the hardware stores (docs/hls.md 2):
// exactly Widths::state_bits() bits for the widths W, packed and unpacked with the library's bit
// slices. A field kept at fewer bits than its container stores only those bits, which loses nothing:
// the kernel writes the rate back rounded to its kept fraction bits and saturated, the gradient EWMA
// rounded to its kept fraction bits (its magnitude stays below 2^rtt ns), the RTT and the counters
// saturated, the timestamps modulo 2^time (widths.hpp).
//
// Word, most significant field first: rate, prev_rtt, avg_rtt_diff (signed), neg_count,
// last_update, seg_acked, seg_send, tx_seg_bytes, tx_seg_start, tx_seg_wire.
#pragma once

#include <ac_int.h>

#include "hls/timely/timely_kernel.hpp"

namespace ccf::hls::timely {

template <Widths W>
using Word = ac_int<int(W.state_bits()), false>;
static_assert(Word<Widths{}>::width == State::kStateBits, "the word is the report's 242 bits");

template <Widths W>
struct Layout {
  static constexpr int kRate = int(W.rate_int + W.rate_frac), kRateDrop = int(RATE_FRAC_BITS - W.rate_frac);
  static constexpr int kRtt = int(W.rtt), kAvg = int(1 + W.rtt + W.diff_frac), kAvgDrop = int(DIFF_FRAC_BITS - W.diff_frac);
  static constexpr int kCount = int(W.count), kTime = int(W.time), kSeg = int(W.seg), kWire = int(W.seg_wire);
};

template <Widths W>
Word<W> pack(const State& s) {
  using L = Layout<W>;
  Word<W> w = 0;
  int at = Word<W>::width;
  w.set_slc(at -= L::kRate, ac_int<L::kRate, false>(s.rate >> L::kRateDrop));
  w.set_slc(at -= L::kRtt, ac_int<L::kRtt, false>(s.prev_rtt));
  w.set_slc(at -= L::kAvg, ac_int<L::kAvg, true>(s.avg_rtt_diff >> L::kAvgDrop));  // arithmetic shift
  w.set_slc(at -= L::kCount, ac_int<L::kCount, false>(s.neg_count));
  w.set_slc(at -= L::kTime, ac_int<L::kTime, false>(s.last_update));
  w.set_slc(at -= L::kSeg, ac_int<L::kSeg, false>(s.seg_acked));
  w.set_slc(at -= L::kTime, ac_int<L::kTime, false>(s.seg_send));
  w.set_slc(at -= L::kSeg, ac_int<L::kSeg, false>(s.tx_seg_bytes));
  w.set_slc(at -= L::kTime, ac_int<L::kTime, false>(s.tx_seg_start));
  w.set_slc(at - L::kWire, ac_int<L::kWire, false>(s.tx_seg_wire));
  return w;
}

template <Widths W>
State unpack(const Word<W>& w) {
  using L = Layout<W>;
  State s;
  int at = Word<W>::width;
  s.rate = ac_int<RATE_W, false>(w.template slc<L::kRate>(at -= L::kRate)) << L::kRateDrop;
  s.prev_rtt = w.template slc<L::kRtt>(at -= L::kRtt);
  ac_int<L::kAvg, true> avg;  // the slice read as a signed number
  avg.set_slc(0, w.template slc<L::kAvg>(at -= L::kAvg));
  s.avg_rtt_diff = ac_int<AVG_W, true>(avg) << L::kAvgDrop;
  s.neg_count = w.template slc<L::kCount>(at -= L::kCount);
  s.last_update = w.template slc<L::kTime>(at -= L::kTime);
  s.seg_acked = w.template slc<L::kSeg>(at -= L::kSeg);
  s.seg_send = w.template slc<L::kTime>(at -= L::kTime);
  s.tx_seg_bytes = w.template slc<L::kSeg>(at -= L::kSeg);
  s.tx_seg_start = w.template slc<L::kTime>(at -= L::kTime);
  s.tx_seg_wire = w.template slc<L::kWire>(at - L::kWire);
  return s;
}

}  // namespace ccf::hls::timely
