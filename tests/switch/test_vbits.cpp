// rtl/driver/vbits.hpp: bit fields of Verilated ports (CData..QData, VlWide) read and written
// against a bit-by-bit reference, for every width and position, including the fields that cross a
// 32-bit word and those in the last word of a VlWide.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <random>

#include "rtl/driver/vbits.hpp"
#include "switch_test_util.hpp"

namespace ccf::test {
namespace {

// The reference: a port as an array of bits.
template <size_t NBits>
struct BitModel {
  std::array<bool, NBits> bit{};
  uint64_t get(unsigned lsb, unsigned width) const {
    uint64_t v = 0;
    for (unsigned i = 0; i < width; ++i) v |= uint64_t{bit[lsb + i]} << i;
    return v;
  }
  void set(unsigned lsb, unsigned width, uint64_t value) {
    for (unsigned i = 0; i < width; ++i) bit[lsb + i] = (value >> i) & 1u;
  }
};

template <class T, size_t NBits>
void check_all_fields(T& sig, BitModel<NBits>& model, std::mt19937_64& rng) {
  for (unsigned width = 1; width <= 64 && width <= NBits; ++width) {
    for (unsigned lsb = 0; lsb + width <= NBits; ++lsb) {
      const uint64_t value = rng();
      driver::set_bits(sig, lsb, width, value);
      model.set(lsb, width, value);
      // The field reads back, and so does every other bit (nothing outside the field changed).
      ASSERT_EQ(driver::get_bits(sig, lsb, width), model.get(lsb, width)) << "width " << width << " lsb " << lsb;
      for (unsigned b = 0; b < NBits; b += 8) {
        const unsigned w = std::min<unsigned>(8, NBits - b);
        ASSERT_EQ(driver::get_bits(sig, b, w), model.get(b, w)) << "after width " << width << " lsb " << lsb;
      }
    }
  }
}

TEST(Vbits, WideFieldsMatchBitByBitReference) {
  const uint64_t seed = test_seed(1);
  std::printf("seed=%llu (CCF_SEED replays it)\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  VlWide<5> wide5{};  // 160 bits: fields cross words, and the last word has no word after it
  for (auto& w : wide5.m_storage) w = static_cast<uint32_t>(rng());
  BitModel<160> m5;
  for (unsigned b = 0; b < 160; ++b) m5.bit[b] = (wide5[b / 32] >> (b % 32)) & 1u;
  check_all_fields(wide5, m5, rng);
  VlWide<3> wide3{};  // 96 bits
  BitModel<96> m3;
  check_all_fields(wide3, m3, rng);
}

TEST(Vbits, IntegralFieldsMatchBitByBitReference) {
  const uint64_t seed = test_seed(2);
  std::printf("seed=%llu (CCF_SEED replays it)\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  QData q = 0;
  BitModel<64> mq;
  check_all_fields(q, mq, rng);
  IData i = 0;
  BitModel<32> mi;
  check_all_fields(i, mi, rng);
}

}  // namespace
}  // namespace ccf::test
