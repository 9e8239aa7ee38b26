// workload_rng.hpp: the random numbers of the workload generator. std::mt19937_64's output sequence
// is fixed by the C++ standard, but std::uniform_*_distribution and std::exponential_distribution
// are not (their results differ between standard libraries), so the draws are written out here:
// the same seed gives the same flows with any compiler and library.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

namespace ccf::sims {

// splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
// a well-mixed 64-bit seed for one stream from the run's seed and the stream's indices.
constexpr uint64_t mix_seed(uint64_t seed, uint64_t a, uint64_t b = 0) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ull * (a + 1) + 0xD1B54A32D192ED03ull * (b + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class WorkloadRng {
 public:
  explicit WorkloadRng(uint64_t seed) : g_(seed) {}
  // Uniform on [0, 1) with 53 random bits (every double of the form k / 2^53).
  double uniform01() { return double(g_() >> 11) * 0x1.0p-53; }
  // Uniform integer in [0, n), n >= 1, without modulo bias (rejection of the top partial range).
  uint64_t below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // a multiple of n
    uint64_t x = g_();
    while (x >= limit) x = g_();
    return x % n;
  }
  // Exponential with the given mean, by inversion: -mean * ln(1 - U), U in [0, 1).
  double exponential(double mean) { return -mean * std::log1p(-uniform01()); }

 private:
  std::mt19937_64 g_;
};

}  // namespace ccf::sims
