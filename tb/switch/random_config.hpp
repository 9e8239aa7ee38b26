// random_config.hpp: a random but legal switch configuration for constrained-random tests.
#pragma once

#include <cstdint>
#include <random>

#include "models/switch/switch_config.hpp"

namespace ccf::tb {

sw::SwitchConfig random_config(const sw::SwitchParams& params, std::mt19937_64& rng);

}  // namespace ccf::tb
