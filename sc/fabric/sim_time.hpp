// sim_time.hpp: the current SystemC time read inline from the simulation context, for the links,
// NICs, units and switch that ask for it on every event (sc_core::sc_time_stamp() is a call into
// the SystemC library, 2 % of a 16:1 incast's instructions).
#pragma once

#include <cstdint>

#include <systemc>

namespace ccf::fabric {

inline const sc_core::sc_time& sim_now() {
  return sc_core::sc_get_curr_simcontext()->time_stamp();
}

// In ps: the models check that the time resolution is 1 ps.
inline uint64_t now_ps() {
  return sim_now().value();
}

}  // namespace ccf::fabric
