// state_words.hpp: one flow's LDCP state as the one RAM word the hardware stores (docs/hls.md 2),
// for both variants: exactly the state bits of the widths W, packed and unpacked with the library's
// bit slices. A field kept at fewer bits than its container stores only those bits, which loses
// nothing: the kernel writes cw back rounded to its kept fraction bits and saturated, and the packet
// counts and the RTT saturated (widths.hpp).
//
// PAWA word, most significant field first: cw, stable, fs_left, fs_acked, rtt.
// CX6-DX PCC word: cw, rtt, probe_in_flight, probe_sent (PROBE_TIME_W bits, not a width knob).
#pragma once

#include <ac_int.h>

#include "hls/ldcp/ldcp_kernel.hpp"
#include "hls/ldcp/ldcp_pcc_kernel.hpp"

namespace ccf::hls::ldcp {

template <Widths W>
using Word = ac_int<int(W.state_bits()), false>;
template <Widths W>
using PccWord = ac_int<int(W.cw_int + W.cw_frac + W.rtt + 1 + PROBE_TIME_W), false>;
static_assert(Word<Widths{}>::width == LdcpState::kStateBits, "the PAWA word is the report's 93 bits");
static_assert(PccWord<Widths{}>::width == PccState::kStateBits, "the PCC word is the report's 85 bits");

template <Widths W>
struct Layout {
  static constexpr int kCw = int(W.cw_int + W.cw_frac), kCwDrop = int(CW_FRAC_BITS - W.cw_frac);
  static constexpr int kPkt = int(W.pkt), kRtt = int(W.rtt);
};

template <Widths W>
Word<W> pack(const LdcpState& s) {
  using L = Layout<W>;
  Word<W> w = 0;
  int at = int(W.state_bits()) - L::kCw;
  w.set_slc(at, ac_int<L::kCw, false>(s.cw >> L::kCwDrop));
  w[--at] = s.stable;
  w.set_slc(at -= L::kPkt, ac_int<L::kPkt, false>(s.fs_left));
  w.set_slc(at -= L::kPkt, ac_int<L::kPkt, false>(s.fs_acked));
  w.set_slc(at - L::kRtt, ac_int<L::kRtt, false>(s.rtt_ns));
  return w;
}

template <Widths W>
LdcpState unpack(const Word<W>& w) {
  using L = Layout<W>;
  LdcpState s;
  int at = int(W.state_bits()) - L::kCw;
  s.cw = ac_int<CW_W, false>(w.template slc<L::kCw>(at)) << L::kCwDrop;
  s.stable = w[--at] != 0;
  s.fs_left = w.template slc<L::kPkt>(at -= L::kPkt);
  s.fs_acked = w.template slc<L::kPkt>(at -= L::kPkt);
  s.rtt_ns = w.template slc<L::kRtt>(at - L::kRtt);
  return s;
}

template <Widths W>
PccWord<W> pcc_pack(const PccState& s) {
  using L = Layout<W>;
  PccWord<W> w = 0;
  w.set_slc(PccWord<W>::width - L::kCw, ac_int<L::kCw, false>(s.cw >> L::kCwDrop));
  w.set_slc(PROBE_TIME_W + 1, ac_int<L::kRtt, false>(s.rtt_ns));
  w[PROBE_TIME_W] = s.probe_in_flight;
  w.set_slc(0, ac_int<PROBE_TIME_W, false>(s.probe_sent_ns));
  return w;
}

template <Widths W>
PccState pcc_unpack(const PccWord<W>& w) {
  using L = Layout<W>;
  PccState s;
  s.cw = ac_int<CW_W, false>(w.template slc<L::kCw>(PccWord<W>::width - L::kCw)) << L::kCwDrop;
  s.rtt_ns = w.template slc<L::kRtt>(PROBE_TIME_W + 1);
  s.probe_in_flight = w[PROBE_TIME_W] != 0;
  s.probe_sent_ns = w.template slc<PROBE_TIME_W>(0);
  return s;
}

}  // namespace ccf::hls::ldcp
