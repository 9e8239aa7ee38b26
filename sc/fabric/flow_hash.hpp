// flow_hash.hpp: the ECMP flow hash of a frame and the switch's member selection (docs/fabric.md 6,
// docs/switch.md 2.3). The switch wrapper computes the hash of every frame it offers to the RTL;
// the fabric's path function (routing.hpp) computes the same hash to tell which path a flow takes.
#pragma once

#include <cstdint>

namespace ccf::fabric {

// 16-bit hash of (source host, destination host, flow id) under a per-switch seed. Every frame of a
// flow in one direction hashes alike at a switch (one path per flow, no reordering); different
// switches use different seeds, so that the choice at one tier is independent of the choice at the
// previous one (with one hash everywhere, a fat tree's aggregation switch would pick the core by the
// same bits the edge used to pick it, and reach only one core in k/2: "ECMP polarisation").
// The mix is MurmurHash3's 64-bit finaliser (fmix64) of the fields XOR the seed; the top 16 bits.
inline uint16_t ecmp_flow_hash(uint32_t src_host, uint32_t dst_host, uint32_t flow_id, uint64_t seed) {
  uint64_t x = (uint64_t{src_host} << 40) ^ (uint64_t{dst_host} << 20) ^ flow_id ^ seed;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return static_cast<uint16_t>(x >> 48);
}

// The 16-bit flow ID an RCM congestion notification carries on the wire (docs/switch.md 2.11.7): the
// same hash seeded with 0, one value per flow for every switch (each switch maps it to its own hash).
inline uint16_t rcm_flow_id(uint32_t src_host, uint32_t dst_host, uint32_t flow_id) {
  return ecmp_flow_hash(src_host, dst_host, flow_id, 0);
}

// The ECMP member the switch RTL picks for a hash in a group of n members (docs/switch.md 2.3):
// (hash * n) >> 16, so members get equal ranges of the 16-bit hash (to within one hash value).
inline unsigned ecmp_member_index(uint16_t hash, unsigned n) {
  return static_cast<unsigned>((uint32_t{hash} * n) >> 16);
}

// A switch's ECMP seed from the run's seed: splitmix64 of (seed, switch index), a different stream
// from the switches' LFSR seeds.
inline uint64_t ecmp_seed(uint64_t run_seed, unsigned switch_index) {
  uint64_t z = run_seed ^ (0xD1B54A32D192ED03ull * (uint64_t{switch_index} + 1));
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace ccf::fabric
