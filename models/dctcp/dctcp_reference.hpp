// dctcp_reference.hpp: the DCTCP example's sender rules (RFC 8257 section 3.3, loss as section 3.5)
// in double precision: the reference its kernel (hls/dctcp) is tested and explored against. The same
// events as the kernel, no widths: alpha <- (1 - g) alpha + g M exactly, cwnd <- cwnd (1 - alpha/2).
#pragma once

#include <cstdint>

namespace ccf::models::dctcp {

struct Params {
  double g = 1.0 / 16;  // RFC 8257 section 4.2
  double init_cwnd = 64, min_cwnd = 1, max_cwnd = 1000;  // packets
  uint32_t mtu_bytes = 1024;
};

struct Flow {
  double cwnd = 0;    // packets
  double alpha = 1;   // RFC 8257 section 3.3: initialised to 1
  double acked = 0, marked = 0, window = 0;  // bytes of the observation window
  bool cut = false;
};

class Reference {
 public:
  explicit Reference(const Params& p) : p_(p) {}
  Flow init() const;
  void on_ack(Flow& f, double acked_bytes, bool ece) const;
  void on_nack(Flow& f) const;
  void on_timeout(Flow& f) const;

 private:
  void open_window(Flow& f) const;
  Params p_;
};

}  // namespace ccf::models::dctcp
