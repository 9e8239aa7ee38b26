// divider.hpp: the hardware forms of a reciprocal and a reciprocal square root that the Swift and
// LDCP kernels offer where their algorithms divide (docs/hls.md 1, docs/explore.md 3). All forms
// take a normalised mantissa (a leading-one detector and a shifter in front, shared by every form)
// and return a 2^-24 fixed-point result; they differ in what sits between:
//
//   form          hardware                                           relative error (1/m, 1/sqrt m)
//   recip_table   256-entry ROM + one Newton-Raphson step (shipped)  <= 2^-16, <= 2^-15
//   recip_rom     the 256-entry ROM alone                            <= 2^-9,  <= 2^-9
//   shift         shift-and-subtract chord, no ROM, no multiplier    <= 6.3 %, <= 5.0 %
//   exact         a 24-bit restoring divider / square-root unit      <= 2^-24 (rounding only)
//
// The ROM + Newton form stays in each kernel (its rounding is part of the shipped, tested
// behaviour); this header holds the other three and the ROM contents both kernels share. The ROM is
// built at compile time; the datapath is on Algorithmic C integers (ac_int) of the widths the
// hardware has. No floating point, no allocation; loops have constant bounds.
#pragma once

#include <ac_int.h>

#include <array>
#include <cstdint>
#include <string_view>

namespace ccf::hls {

enum class Divider : uint8_t { kRecipTable, kRecipRom, kShift, kExact };
inline constexpr unsigned kDividers = 4;

constexpr const char* divider_name(Divider d) {
  switch (d) {
    case Divider::kRecipTable: return "recip_table";
    case Divider::kRecipRom: return "recip_rom";
    case Divider::kShift: return "shift";
    case Divider::kExact: return "exact";
  }
  return "?";
}
// false if `name` is not a form.
constexpr bool divider_from(std::string_view name, Divider& d) {
  for (unsigned i = 0; i < kDividers; ++i)
    if (name == divider_name(static_cast<Divider>(i))) {
      d = static_cast<Divider>(i);
      return true;
    }
  return false;
}

namespace divider {

inline constexpr unsigned kFrac = 24;  // results in 2^-24
inline constexpr uint64_t kOne = uint64_t{1} << kFrac;

// The reciprocal ROM: 1/m at the midpoint of [1 + i/256, 1 + (i+1)/256), in 2^-24, rounded:
// round(2^33 / (513 + 2i)). Swift's kRecipRom and LDCP's seed table hold these same values.
constexpr std::array<uint32_t, 256> make_recip_rom() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    const uint64_t den = 513 + 2 * uint64_t{i};
    t[i] = static_cast<uint32_t>(((uint64_t{1} << 34) + den) / (2 * den));
  }
  return t;
}
inline constexpr std::array<uint32_t, 256> kRecipRom = make_recip_rom();

// The datapath of the forms, on the library's exact-width integers: the normalised mantissa is Q2.30
// (m30 = m 2^30, m in [1, 2) for 1/m and in [1, 4) for 1/sqrt m), the result is in 2^-24.
using Mant30 = ac_int<32, false>;
using Recip24 = ac_int<kFrac + 1, false>;  // <= 2^24

// 1/m for m = m30 / 2^30 in [1, 2), in 2^-24 (so the result lies in (2^23, 2^24]).
inline Recip24 recip_rom(Mant30 m30) { return kRecipRom[m30.slc<8>(22).to_uint()]; }

// Chord of 1/m on [1, 2): 1.5 - m/2 (one subtractor, wiring shifts), times 15/16 (a shift and a
// subtractor) to centre the error: relative error in [-6.25 %, +5.5 %].
inline Recip24 recip_shift(Mant30 m30) {
  const ac_int<32, false> d = ac_int<32, false>(3u << 30) - m30;  // 3 - m in 2^-30, (1, 2]
  const Recip24 t = d.slc<kFrac + 1>(7);                          // (3 - m)/2 in 2^-24
  return t - (t >> 4);
}

// round(2^54 / m30): a restoring divider of 24 quotient bits (written as the operator; the bound is
// the quotient width).
inline Recip24 recip_exact(Mant30 m30) {
  const ac_int<55, false> num = (ac_int<55, false>(1) << 54) + (m30 >> 1);
  return num / m30;
}

// floor(sqrt(v)) for v < 2^62, bit by bit: 31 steps, a constant bound.
inline ac_int<31, false> isqrt62(ac_int<62, false> v) {
  ac_int<31, false> r = 0;
  for (int b = 30; b >= 0; --b) {
    ac_int<31, false> t = r;
    t[b] = 1;
    if (ac_int<62, false>(t * t) <= v) r = t;
  }
  return r;
}

// 1/sqrt(m) for m = m30 / 2^30 in [1, 4), in 2^-24, correctly rounded to within 1 LSB: a square-root
// unit (y = sqrt(m) 2^30, 31 steps) and the divider.
inline Recip24 rsqrt_exact(Mant30 m30) {
  const ac_int<31, false> y = isqrt62(ac_int<62, false>(m30) << 30);  // in [2^30, 2^31)
  const ac_int<55, false> num = (ac_int<55, false>(1) << 54) + (y >> 1);
  return num / y;
}

// Chord of 1/sqrt(m) on each octave [1, 2) and [2, 4): 1 - (m - 1)(1/4 + 1/32 + 1/64), and for the
// upper octave the same on m/2 times 1/2 + 1/8 + 1/16 + 1/64 + 1/128 (~ 1/sqrt 2, 0.5 % high).
// Shifts and adds only; relative error <= 4.6 % on [1, 2), <= 5.0 % on [2, 4).
inline Recip24 rsqrt_shift(Mant30 m30) {
  const bool upper = m30[31];
  const ac_int<31, false> x = upper ? ac_int<31, false>(m30 >> 1) : ac_int<31, false>(m30);  // [1, 2) as Q.30
  const ac_int<24, false> d = (x - (1u << 30)) >> 6;                                        // m - 1 in 2^-24
  const Recip24 r = Recip24(kOne) - ((d >> 2) + (d >> 5) + (d >> 6));                      // chord, 2^-24
  return upper ? Recip24((r >> 1) + (r >> 3) + (r >> 4) + (r >> 6) + (r >> 7)) : r;
}

}  // namespace divider
}  // namespace ccf::hls
