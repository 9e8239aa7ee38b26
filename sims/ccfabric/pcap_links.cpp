// pcap_links.cpp: see pcap_links.hpp.
#include "sims/ccfabric/pcap_links.hpp"

#include <charconv>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "sims/ccfabric/commands.hpp"

namespace ccf::cli {

namespace {

using fabric::NodeKind;
using fabric::NodeRef;

constexpr std::string_view kAllHostLinks = "all-host-links";
constexpr std::string_view kAllLinks = "all-links";

std::optional<unsigned> parse_unsigned(std::string_view s) {
  unsigned v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string end_name(NodeRef n, unsigned port, const std::vector<std::string>& switch_names) {
  return n.kind == NodeKind::kHost ? fmt::format("host{}", n.index) : fmt::format("{}:{}", switch_names[n.index], port);
}

fabric::wire::MacAddress end_mac(NodeRef n, unsigned port) {
  return n.kind == NodeKind::kHost ? fabric::wire::host_mac(n.index) : fabric::wire::switch_port_mac(n.index, port);
}

// Ascending numbers as ranges: "0..7, 15".
std::string number_ranges(const std::vector<unsigned>& v) {
  std::string out;
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    out += fmt::format("{}{}", out.empty() ? "" : ", ", v[i]) + (j > i ? fmt::format("..{}", v[j]) : "");
    i = j + 1;
  }
  return out;
}

// Names as ranges where a name is the previous one's prefix with the next number: "edge0..edge7, agg0..agg7".
std::string name_ranges(const std::vector<std::string>& names) {
  const auto split = [](const std::string& n) {
    size_t d = n.size();
    while (d > 0 && n[d - 1] >= '0' && n[d - 1] <= '9') --d;
    return std::pair{n.substr(0, d), parse_unsigned(std::string_view(n).substr(d))};
  };
  std::string out;
  for (size_t i = 0; i < names.size();) {
    size_t j = i;
    for (auto [prefix, num] = split(names[i]); num && j + 1 < names.size(); ++j) {
      const auto [next_prefix, next_num] = split(names[j + 1]);
      if (next_prefix != prefix || !next_num || *next_num != *num + (j + 1 - i)) break;
    }
    out += (out.empty() ? "" : ", ") + names[i] + (j > i ? ".." + names[j] : "");
    i = j + 1;
  }
  return out;
}

}  // namespace

std::vector<PcapDirection> pcap_directions(const std::string& spec, const fabric::Topology& topo,
                                           const std::vector<std::string>& switch_names) {
  const auto bad = [&](const std::string& why) {
    return BadInput(fmt::format("--pcap = {}: {}; give {} or {}, or a comma-separated list of links, each hostH "
                                "(H = 0..{}) or SWITCH:PORT, a cabled port of a switch as ports.csv names it "
                                "(SWITCH: {})",
                                spec, why, kAllHostLinks, kAllLinks, topo.hosts - 1, name_ranges(switch_names)));
  };
  const auto link_at = [&](NodeRef n, unsigned port) -> std::optional<size_t> {
    for (size_t li = 0; li < topo.links.size(); ++li) {
      const fabric::LinkSpec& l = topo.links[li];
      if ((l.a.kind == n.kind && l.a.index == n.index && l.port_a == port) ||
          (l.b.kind == n.kind && l.b.index == n.index && l.port_b == port))
        return li;
    }
    return std::nullopt;
  };
  std::vector<bool> chosen(topo.links.size(), false);
  std::string_view rest = spec;
  if (spec.empty()) throw bad("no link named");
  while (true) {
    const size_t comma = rest.find(',');
    const std::string item(rest.substr(0, comma));
    if (item == kAllHostLinks || item == kAllLinks) {
      for (size_t li = 0; li < topo.links.size(); ++li)
        chosen[li] = chosen[li] || item == kAllLinks || topo.links[li].a.kind == NodeKind::kHost ||
                     topo.links[li].b.kind == NodeKind::kHost;
    } else if (const auto h =
                   item.starts_with("host") ? parse_unsigned(std::string_view(item).substr(4)) : std::nullopt) {
      if (*h >= topo.hosts) throw bad(fmt::format("\"{}\" names no host of this fabric", item));
      chosen[*link_at({NodeKind::kHost, *h}, 0)] = true;  // validation connects every host
    } else if (const size_t colon = item.rfind(':'); colon != std::string::npos) {
      const std::string name = item.substr(0, colon);
      const auto port = parse_unsigned(std::string_view(item).substr(colon + 1));
      size_t sw = 0;
      while (sw < switch_names.size() && switch_names[sw] != name) ++sw;
      if (sw == switch_names.size()) throw bad(fmt::format("\"{}\" names no switch", name));
      std::vector<unsigned> cabled;
      for (unsigned p = 0; p < topo.switch_ports[sw]; ++p)
        if (link_at({NodeKind::kSwitch, static_cast<unsigned>(sw)}, p)) cabled.push_back(p);
      const auto li = port ? link_at({NodeKind::kSwitch, static_cast<unsigned>(sw)}, *port) : std::nullopt;
      if (!li)
        throw BadInput(fmt::format("--pcap = {}: \"{}\" is no link: the cabled ports of {} are {}", spec, item, name,
                                   number_ranges(cabled)));
      chosen[*li] = true;
    } else {
      throw bad(fmt::format("\"{}\" is not a link name", item));
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  std::vector<PcapDirection> dirs;
  for (size_t li = 0; li < topo.links.size(); ++li) {
    if (!chosen[li]) continue;
    const fabric::LinkSpec& l = topo.links[li];
    const std::string a = end_name(l.a, l.port_a, switch_names), b = end_name(l.b, l.port_b, switch_names);
    const std::string what = fmt::format("link {} - {}, {} Gb/s, {} ns propagation delay", a, b, l.gbps, l.delay_ns);
    dirs.push_back({li, true, {a + "->" + b, what, {end_mac(l.a, l.port_a), end_mac(l.b, l.port_b)}, l.gbps}});
    dirs.push_back({li, false, {b + "->" + a, what, {end_mac(l.b, l.port_b), end_mac(l.a, l.port_a)}, l.gbps}});
  }
  return dirs;
}

}  // namespace ccf::cli
