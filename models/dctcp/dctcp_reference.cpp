// dctcp_reference.cpp: see dctcp_reference.hpp.
#include "models/dctcp/dctcp_reference.hpp"

#include <algorithm>

namespace ccf::models::dctcp {

void Reference::open_window(Flow& f) const {
  f.acked = f.marked = 0;
  f.window = f.cwnd * p_.mtu_bytes;
  f.cut = false;
}

Flow Reference::init() const {
  Flow f;
  f.cwnd = p_.init_cwnd;
  open_window(f);
  return f;
}

void Reference::on_ack(Flow& f, double acked_bytes, bool ece) const {
  f.acked += acked_bytes;
  if (ece) f.marked += acked_bytes;
  if (ece && !f.cut) {
    f.cwnd = std::max(f.cwnd * (1 - f.alpha / 2), p_.min_cwnd);
    f.cut = true;
  }
  if (f.acked < f.window) return;
  f.alpha = (1 - p_.g) * f.alpha + p_.g * (f.marked / f.acked);
  if (!f.cut) f.cwnd = std::min(f.cwnd + 1, p_.max_cwnd);
  open_window(f);
}

void Reference::on_nack(Flow& f) const {
  f.cwnd = std::max(f.cwnd / 2, p_.min_cwnd);
  f.cut = true;
}

void Reference::on_timeout(Flow& f) const {
  f.cwnd = p_.min_cwnd;
  open_window(f);
}

}  // namespace ccf::models::dctcp
