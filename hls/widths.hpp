// widths.hpp: state widths as a parameter of a kernel (docs/explore.md 2). Every kernel keeps one
// source of arithmetic on fixed-width integer containers sized for its shipped widths; a `Widths`
// struct in its register set (defaults: the shipped widths) says how many of those bits the state
// memory keeps. The kernel quantises to them where hardware of that width would:
//
//   value fields (rates, alpha, windows, EWMAs): the datapath computes at full precision and the
//     result is rounded to the kept fraction bits when it is written to the state memory (round to
//     nearest, ties to even: unbiased), and saturated at the largest value the kept integer bits hold;
//   counters: saturate at 2^bits - 1 in the increment itself;
//   timestamps (ns modulo 2^bits): every elapsed-time subtraction is taken modulo 2^bits.
//
// With the shipped widths every helper here is the identity, so the SystemC units (which use the
// defaults) compute exactly what they computed before widths were a parameter.
#pragma once

#include <cstdint>

namespace ccf::hls {

// One width knob of a kernel, for `ccfabric explore` and the docs.
struct WidthKnob {
  const char* name;   // scenario key cc.<algo>.widths.<name>, explore --widths <name>=<bits>
  unsigned shipped;   // the shipped width (the most the containers and the datapath hold)
  unsigned min;       // the least the kernel accepts
  const char* what;   // which fields, and what one bit less does
};

constexpr uint64_t ones(unsigned bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }

// x rounded to a multiple of 2^drop: to nearest, ties to even (of x / 2^drop).
constexpr uint64_t round_lsbs(uint64_t x, unsigned drop) {
  if (drop == 0) return x;
  const uint64_t half = uint64_t{1} << (drop - 1);
  const uint64_t rem = x & ones(drop);
  uint64_t q = x >> drop;
  if (rem > half || (rem == half && (q & 1))) ++q;
  return q << drop;
}

// The same for a signed value (rounding of the magnitude is symmetric: -x rounds to -(round x)).
constexpr int64_t round_lsbs_signed(int64_t x, unsigned drop) {
  if (drop == 0) return x;
  return x < 0 ? -static_cast<int64_t>(round_lsbs(static_cast<uint64_t>(-x), drop))
               : static_cast<int64_t>(round_lsbs(static_cast<uint64_t>(x), drop));
}

// Largest value of a field of `full_bits` whose low `drop` bits are not stored.
constexpr uint64_t field_max(unsigned full_bits, unsigned drop) { return ones(full_bits) & ~ones(drop); }

// A value field written to the state memory: rounded to the kept LSB, saturated at `max`.
constexpr uint64_t store_value(uint64_t x, unsigned drop, uint64_t max) {
  const uint64_t r = round_lsbs(x, drop);
  return r < max ? r : max;
}

static_assert(round_lsbs(5, 1) == 4 && round_lsbs(7, 1) == 8 && round_lsbs(6, 2) == 8 && round_lsbs(10, 2) == 8);
static_assert(round_lsbs_signed(-7, 1) == -8 && round_lsbs_signed(-5, 1) == -4);
static_assert(field_max(24, 0) == 0xFFFFFF && field_max(24, 2) == 0xFFFFFC);

}  // namespace ccf::hls
