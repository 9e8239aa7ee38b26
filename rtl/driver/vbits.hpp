// vbits.hpp: read and write a bit field of a Verilated port of any width (CData..QData, VlWide),
// so that one driver serves every parameterisation of a flattened per-port bus.
#pragma once

#include <cstdint>
#include <type_traits>

#include <verilated.h>

namespace ccf::driver {

// The number of 32-bit words of a VlWide (its only member is the word array).
template <class T>
inline constexpr unsigned kWideWords = sizeof(T) / sizeof(EData);
static_assert(kWideWords<VlWide<3>> == 3, "VlWide<N> must be N 32-bit words and nothing else");

template <class T>
inline uint64_t get_bits(const T& sig, unsigned lsb, unsigned width) {
  if constexpr (std::is_integral_v<T>) {
    const uint64_t v = static_cast<uint64_t>(sig) >> lsb;
    return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
  } else {  // VlWide<N>: 32-bit words, word 0 least significant
    if (width <= 32) {  // a per-port field: at most two words, read as one 64-bit value
      const unsigned word = lsb / 32, off = lsb % 32;
      uint64_t pair = sig[word];
      if (word + 1 < kWideWords<T>) pair |= uint64_t{sig[word + 1]} << 32;
      return (pair >> off) & ((uint64_t{1} << width) - 1);
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < width;) {
      const unsigned bit = lsb + i, word = bit / 32, off = bit % 32;
      const unsigned take = std::min(32u - off, width - i);
      const uint64_t chunk = (static_cast<uint64_t>(sig[word]) >> off) & ((uint64_t{1} << take) - 1);
      v |= chunk << i;
      i += take;
    }
    return v;
  }
}

template <class T>
inline void set_bits(T& sig, unsigned lsb, unsigned width, uint64_t value) {
  if constexpr (std::is_integral_v<T>) {
    const uint64_t mask = (width >= 64 ? ~uint64_t{0} : ((uint64_t{1} << width) - 1)) << lsb;
    sig = static_cast<T>((static_cast<uint64_t>(sig) & ~mask) | ((value << lsb) & mask));
  } else {
    if (width <= 32) {  // a per-port field: at most two words, written as one 64-bit value
      const unsigned word = lsb / 32, off = lsb % 32;
      const bool two = word + 1 < kWideWords<T>;
      uint64_t pair = sig[word];
      if (two) pair |= uint64_t{sig[word + 1]} << 32;
      const uint64_t mask = ((uint64_t{1} << width) - 1) << off;
      pair = (pair & ~mask) | ((value << off) & mask);
      sig[word] = static_cast<uint32_t>(pair);
      if (two) sig[word + 1] = static_cast<uint32_t>(pair >> 32);
      return;
    }
    for (unsigned i = 0; i < width;) {
      const unsigned bit = lsb + i, word = bit / 32, off = bit % 32;
      const unsigned take = std::min(32u - off, width - i);
      const uint32_t mask = static_cast<uint32_t>(((uint64_t{1} << take) - 1) << off);
      sig[word] = (sig[word] & ~mask) | (static_cast<uint32_t>((value >> i) << off) & mask);
      i += take;
    }
  }
}

inline bool get_bit(const auto& sig, unsigned i) { return get_bits(sig, i, 1) != 0; }
inline void set_bit(auto& sig, unsigned i, bool v) { set_bits(sig, i, 1, v ? 1 : 0); }

}  // namespace ccf::driver
