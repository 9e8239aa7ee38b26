// priority_encoder.hpp: the leading-one detector in front of every normaliser (the reciprocal and
// reciprocal-square-root blocks of the Swift and LDCP kernels). An HLS tool reads the library's
// leading_sign(); a simulation build computes the same value with the processor's count-leading-zeros
// instruction, because ac_int's portable form costs a branch per byte on every event
// (tests/hls/test_priority_encoder.cpp holds the two equal).
#pragma once

#include <ac_int.h>

#include <bit>

namespace ccf::hls {

// floor(log2 x) for x >= 1 (W - 1 - the number of leading zeros).
template <int W>
inline unsigned msb_index(ac_int<W, false> x) {
  static_assert(W >= 1 && W <= 64, "a priority encoder over at most 64 bits");
#ifdef __SYNTHESIS__
  return W - 1 - x.leading_sign().to_uint();
#else
  return 63 - static_cast<unsigned>(std::countl_zero(x.to_uint64()));
#endif
}

// The library's form, for the test that holds the two equal.
template <int W>
inline unsigned msb_index_portable(ac_int<W, false> x) {
  return W - 1 - x.leading_sign().to_uint();
}

}  // namespace ccf::hls
