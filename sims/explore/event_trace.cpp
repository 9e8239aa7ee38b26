// event_trace.cpp: see event_trace.hpp.
#include "sims/explore/event_trace.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <sstream>

namespace ccf::explore {

TraceWriter::TraceWriter(const std::string& path, const std::string& cc, const std::string& kinds)
    : path_(path), f_(path), kinds_(kinds) {
  if (!f_) throw TraceError(fmt::format("{}: cannot open for writing: {}", path, std::strerror(errno)));
  f_ << "# ccfabric events 1\n# cc " << cc << "\n# kind time_ps host flow [fields], docs/explore.md 4\n";
}

void TraceWriter::write(const TraceEvent& e) {
  if (kinds_.find(e.kind) == std::string::npos) return;
  ++n_;
  f_ << e.kind << ' ' << e.time_ps << ' ' << e.host << ' ' << e.flow;
  switch (e.kind) {
    case 'm':
    case 'x':
      f_ << ' ' << e.bytes;
      break;
    case 'a':
      f_ << ' ' << e.bytes << ' ' << int(e.ece) << ' ' << e.rtt_ps << ' ' << e.remote_queuing_ps << ' ' << e.hops << ' '
         << e.send_age_ps << ' ' << int(e.fast_start_echo) << ' ' << e.cum_bytes_acked;
      break;
    default:
      break;
  }
  f_ << '\n';
}

void TraceWriter::close() {
  f_.close();
  if (!f_) throw TraceError(fmt::format("{}: write failed", path_));
}

namespace {

// Number of fields after "kind time host flow" for each kind; -1: not a kind.
int fields_of(char kind) {
  switch (kind) {
    case 'i': case 'n': case 'c': case 'o': case 'e': return 0;
    case 'm': case 'x': return 1;
    case 'a': return 8;
    default: return -1;
  }
}

}  // namespace

EventTrace read_trace(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw TraceError(fmt::format("{}: cannot open the event trace: {}", path, std::strerror(errno)));
  EventTrace t;
  std::string line;
  unsigned n = 0;
  bool header = false;
  auto bad = [&](const std::string& what) { return TraceError(fmt::format("{}:{}: {}", path, n, what)); };
  while (std::getline(f, line)) {
    ++n;
    if (line.rfind("# ccfabric events ", 0) == 0) {
      if (line != "# ccfabric events 1") throw bad("unsupported trace version '" + line.substr(18) + "' (this ccfabric reads 1)");
      header = true;
      continue;
    }
    if (line.rfind("# cc ", 0) == 0) {
      t.cc = line.substr(5);
      continue;
    }
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!header) throw bad("not a ccfabric event trace (the first line must be '# ccfabric events 1')");
    std::istringstream ss(line);
    std::string kind;
    ss >> kind;
    const int nf = kind.size() == 1 ? fields_of(kind[0]) : -1;
    if (nf < 0) throw bad("unknown event kind '" + kind + "' (known: i m a n c x o e)");
    std::vector<uint64_t> v;
    std::string tok;
    while (ss >> tok) {
      uint64_t x = 0;
      const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), x);
      if (ec != std::errc() || p != tok.data() + tok.size()) throw bad("'" + tok + "' is not an unsigned integer");
      v.push_back(x);
    }
    if (v.size() != size_t(3 + nf))
      throw bad(fmt::format("event '{}' has {} numbers, expected {} (time_ps host flow{})", kind, v.size(), 3 + nf,
                            nf == 0 ? "" : nf == 1 ? " bytes" : " and 8 ACK fields"));
    TraceEvent e;
    e.kind = kind[0];
    e.time_ps = v[0];
    if (v[1] > UINT32_MAX || v[2] > UINT32_MAX) throw bad("host and flow must be < 2^32");
    e.host = static_cast<uint32_t>(v[1]);
    e.flow = static_cast<uint32_t>(v[2]);
    if (!t.events.empty() && e.time_ps < t.events.back().time_ps)
      throw bad(fmt::format("time {} ps is before the previous event's {} ps (events must be in time order)", e.time_ps,
                            t.events.back().time_ps));
    if (nf >= 1) e.bytes = v[3];
    if (nf == 8) {
      if (v[4] > 1 || v[9] > 1) throw bad("ece and fast_start_echo must be 0 or 1");
      e.ece = v[4] != 0;
      e.rtt_ps = v[5];
      e.remote_queuing_ps = v[6];
      e.hops = static_cast<uint32_t>(std::min<uint64_t>(v[7], 255));
      e.send_age_ps = v[8];
      e.fast_start_echo = v[9] != 0;
      e.cum_bytes_acked = v[10];
      if (e.send_age_ps > e.time_ps) throw bad("send_age_ps must be <= time_ps");
    }
    t.events.push_back(e);
  }
  if (!header) throw TraceError(fmt::format("{}: not a ccfabric event trace (no '# ccfabric events 1' line)", path));
  return t;
}

}  // namespace ccf::explore
