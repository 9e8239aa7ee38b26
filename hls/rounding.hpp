// rounding.hpp: the rounding right shift the kernels' datapaths share: x / 2^sh rounded to nearest
// (ties up; for a signed x an arithmetic shift, so ties go towards +infinity), on the library's
// exact-width integers. One adder one bit wider than x and a shifter.
#pragma once

#include <ac_int.h>

namespace ccf::hls {

// sh >= 1 and sh <= W.
template <int W, bool S>
inline ac_int<W + 1, S> round_shift(ac_int<W, S> x, unsigned sh) {
  return (ac_int<W + 1, S>(x) + (ac_int<W + 1, S>(1) << (sh - 1))) >> sh;
}

}  // namespace ccf::hls
