// unit_report.cpp: see unit_report.hpp.
#include "sims/report/unit_report.hpp"

#include <fmt/format.h>

#include <iterator>

namespace ccf::report {
namespace {

// 8388608 -> "8,388,608".
std::string grouped(uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

}  // namespace

std::string validate(const ReportOptions& o) {
  if (o.flows == 0 || o.flows > (uint64_t{1} << 32))
    return fmt::format("--flows = {} must be an integer from 1 to 4294967296", o.flows);
  if (o.events == 0 || o.events > 100'000'000)
    return fmt::format("--events = {} must be an integer from 1 to 100000000", o.events);
  return {};
}

std::string format_table(const Report& r) {
  std::string s;
  auto bi = std::back_inserter(s);
  fmt::format_to(bi, "# ccfabric report units\n\n");
  fmt::format_to(bi, "Per-flow state, state memory for {} flows, pipeline, arithmetic per event, and cycles per event measured "
      "in simulation. Unit clock {} MHz (1 cycle = {} ns); configurations are the defaults of `ccfabric run` "
      "({} Gb/s, MTU {} B). Measured: {} synthetic events per unit over {} flows (seed {}), plus the timer "
      "expiries they cause. 1 KiB = 1024 B.\n\n",
      grouped(r.options.flows), r.clock_mhz, 1000.0 / r.clock_mhz, r.link_gbps, r.mtu_bytes,
      grouped(r.options.events), r.options.stream_flows, r.options.seed);
  if (!r.options.widths_from.empty())
    fmt::format_to(bi, "State widths: those of {} (state_bits_per_flow below); the field tables show the shipped "
                       "widths.\n\n", r.options.widths_from);

  fmt::format_to(bi, "## Summary\n\n");
  fmt::format_to(bi, "| unit | state_bits_per_flow | total_bits | total_bytes | word_bits (x8 / x32) | memory_bytes (x8 words) | "
      "memory_bytes (x32 words) | latency_cycles | ii_cycles | measured_cycles_per_event |\n");
  fmt::format_to(bi, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const UnitReport& u : r.units)
    fmt::format_to(bi, "| {} | {} | {} | {} | {} / {} | {} | {} | {} | {} | {:.3f} |\n", u.id, u.state_bits_per_flow,
        grouped(u.total_bits), grouped(u.total_bytes), u.word_bits_8, u.word_bits_32, grouped(u.memory_bytes_8),
        grouped(u.memory_bytes_32), u.latency_cycles, u.ii_cycles, u.cycles_per_event);
  if (!r.combined.empty()) fmt::format_to(bi, "\n");
  for (const CombinedState& c : r.combined)
    fmt::format_to(bi, "{}: {} bits per flow, {} bits = {} bytes ({:.3f} MiB) for {} flows.\n", c.what, c.state_bits_per_flow,
        grouped(c.total_bits), grouped(c.total_bytes), double(c.total_bytes) / (1024.0 * 1024.0), grouped(r.options.flows));

  for (const UnitReport& u : r.units) {
    fmt::format_to(bi, "\n## {} (`{}`): {}\n\n", u.name, u.id, u.config);
    fmt::format_to(bi, "State per flow:\n\n| field | bits | unit_of_lsb | meaning |\n|---|---:|---|---|\n");
    for (const hls::StateField& f : u.fields) fmt::format_to(bi, "| {} | {} | {} | {} |\n", f.name, f.bits, f.unit, f.meaning);
    fmt::format_to(bi, "| **total** | **{}** | | kStateBits |\n\n", u.shipped_state_bits);
    if (u.state_bits_per_flow != u.shipped_state_bits)
      fmt::format_to(bi, "At the widths of {}: **{} bits per flow** (the table shows the shipped widths).\n\n",
                     r.options.widths_from, u.state_bits_per_flow);
    fmt::format_to(bi, "Memory for {} flows: {} bits = {} bytes packed; one word per flow: {} words of {} bits ({} bytes) or "
        "{} bits ({} bytes). Suggestion: {}.\n\n",
        grouped(u.flows), grouped(u.total_bits), grouped(u.total_bytes), grouped(u.words), u.word_bits_8,
        grouped(u.memory_bytes_8), u.word_bits_32, grouped(u.memory_bytes_32), u.ports);
    fmt::format_to(bi, "Pipeline (kCost): latency {} cycles, II {} cycle(s) per event.\n\n", u.latency_cycles, u.ii_cycles);
    fmt::format_to(bi, "Arithmetic per event:\n\n| event | adders | multipliers | dividers | shifts | comparators | roms | "
        "operators |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const hls::EventArithmetic& a : u.arithmetic) {
      const char* t = a.approx ? "~" : "";
      fmt::format_to(bi, "| {} | {}{} | {}{} | {} | {} | {}{} | {} | {} |\n", a.event, t, a.adders, t, a.multipliers, a.dividers,
          a.shifts, t, a.comparators, a.roms, a.note);
    }
    fmt::format_to(bi, "\nDivision: {}.\n\n", u.division);
    fmt::format_to(bi, "Measured:\n\n| event_kind | events | busy_cycles | cycles_per_event | declared_ii_cycles |\n"
        "|---|---:|---:|---:|---:|\n");
    for (const MeasuredKind& m : u.measured)
      fmt::format_to(bi, "| {} | {} | {} | {} | {} |\n", m.kind, grouped(m.events), grouped(m.busy_cycles),
          m.events ? fmt::format("{:.3f}", double(m.busy_cycles) / double(m.events)) : std::string("-"), u.ii_cycles);
    fmt::format_to(bi, "| **all** | {} | {} | {:.3f} | {} |\n", grouped(u.events), grouped(u.busy_cycles), u.cycles_per_event,
        u.ii_cycles);
  }
  return s;
}

nlohmann::ordered_json to_json(const Report& r) {
  nlohmann::ordered_json j;
  j["flows"] = r.options.flows;
  j["clock_mhz"] = r.clock_mhz;
  j["link_gbps"] = r.link_gbps;
  j["mtu_bytes"] = r.mtu_bytes;
  j["stream"] = {{"events", r.options.events}, {"flows", r.options.stream_flows}, {"seed", r.options.seed}};
  j["widths_from"] = r.options.widths_from.empty() ? "shipped" : r.options.widths_from;
  for (const CombinedState& c : r.combined)
    j[c.id] = {{"state_bits_per_flow", c.state_bits_per_flow}, {"total_bits", c.total_bits}, {"total_bytes", c.total_bytes}};
  nlohmann::ordered_json units = nlohmann::ordered_json::array();
  for (const UnitReport& u : r.units) {
    nlohmann::ordered_json ju;
    ju["id"] = u.id;
    ju["name"] = u.name;
    ju["config"] = u.config;
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const hls::StateField& f : u.fields)
      fields.push_back({{"name", f.name}, {"bits", f.bits}, {"unit", f.unit}, {"meaning", f.meaning}});
    ju["state_fields"] = fields;
    ju["state_bits_per_flow"] = u.state_bits_per_flow;
    ju["shipped_state_bits_per_flow"] = u.shipped_state_bits;
    ju["memory"] = {{"flows", u.flows},
                    {"total_bits", u.total_bits},
                    {"total_bytes", u.total_bytes},
                    {"words", u.words},
                    {"word_bits_8", u.word_bits_8},
                    {"word_bits_32", u.word_bits_32},
                    {"memory_bytes_8", u.memory_bytes_8},
                    {"memory_bytes_32", u.memory_bytes_32},
                    {"organisation", u.ports}};
    ju["latency_cycles"] = u.latency_cycles;
    ju["ii_cycles"] = u.ii_cycles;
    nlohmann::ordered_json ar = nlohmann::ordered_json::array();
    for (const hls::EventArithmetic& a : u.arithmetic)
      ar.push_back({{"event", a.event},
                    {"adders", a.adders},
                    {"multipliers", a.multipliers},
                    {"dividers", a.dividers},
                    {"shifts", a.shifts},
                    {"comparators", a.comparators},
                    {"roms", a.roms},
                    {"approx", a.approx},
                    {"operators", a.note}});
    ju["arithmetic_per_event"] = ar;
    ju["division"] = u.division;
    nlohmann::ordered_json ms = nlohmann::ordered_json::array();
    for (const MeasuredKind& m : u.measured)
      ms.push_back({{"kind", m.kind}, {"events", m.events}, {"busy_cycles", m.busy_cycles}});
    ju["measured"] = {{"by_kind", ms},
                      {"events", u.events},
                      {"busy_cycles", u.busy_cycles},
                      {"cycles_per_event", u.cycles_per_event}};
    units.push_back(ju);
  }
  j["units"] = units;
  return j;
}

std::string format_csv(const Report& r) {
  std::string s = "unit,section,item,quantity,value\n";
  auto q = [](const std::string& v) {  // RFC 4180 quoting
    if (v.find_first_of(",\"\n") == std::string::npos) return v;
    std::string o = "\"";
    for (char c : v) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
  };
  auto row = [&](const std::string& unit, const char* section, const std::string& item, const char* quantity,
                 const std::string& value) {
    s += fmt::format("{},{},{},{},{}\n", q(unit), section, q(item), quantity, q(value));
  };
  row("all", "config", "", "flows", std::to_string(r.options.flows));
  row("all", "config", "", "clock_mhz", std::to_string(r.clock_mhz));
  row("all", "config", "", "link_gbps", fmt::format("{}", r.link_gbps));
  row("all", "config", "", "mtu_bytes", std::to_string(r.mtu_bytes));
  row("all", "config", "", "stream_events", std::to_string(r.options.events));
  row("all", "config", "", "stream_flows", std::to_string(r.options.stream_flows));
  row("all", "config", "", "seed", std::to_string(r.options.seed));
  for (const CombinedState& c : r.combined) {
    row(c.id, "memory", "", "state_bits_per_flow", std::to_string(c.state_bits_per_flow));
    row(c.id, "memory", "", "total_bits", std::to_string(c.total_bits));
    row(c.id, "memory", "", "total_bytes", std::to_string(c.total_bytes));
  }
  for (const UnitReport& u : r.units) {
    row(u.id, "unit", "", "name", u.name);
    row(u.id, "unit", "", "config", u.config);
    for (const hls::StateField& f : u.fields) {
      row(u.id, "state", f.name, "bits", std::to_string(f.bits));
      row(u.id, "state", f.name, "unit", f.unit);
      row(u.id, "state", f.name, "meaning", f.meaning);
    }
    row(u.id, "state", "total", "state_bits_per_flow", std::to_string(u.state_bits_per_flow));
    row(u.id, "memory", "", "flows", std::to_string(u.flows));
    row(u.id, "memory", "", "total_bits", std::to_string(u.total_bits));
    row(u.id, "memory", "", "total_bytes", std::to_string(u.total_bytes));
    row(u.id, "memory", "", "words", std::to_string(u.words));
    row(u.id, "memory", "", "word_bits_8", std::to_string(u.word_bits_8));
    row(u.id, "memory", "", "word_bits_32", std::to_string(u.word_bits_32));
    row(u.id, "memory", "", "memory_bytes_8", std::to_string(u.memory_bytes_8));
    row(u.id, "memory", "", "memory_bytes_32", std::to_string(u.memory_bytes_32));
    row(u.id, "memory", "", "organisation", u.ports);
    row(u.id, "pipeline", "", "latency_cycles", std::to_string(u.latency_cycles));
    row(u.id, "pipeline", "", "ii_cycles", std::to_string(u.ii_cycles));
    for (const hls::EventArithmetic& a : u.arithmetic) {
      row(u.id, "arithmetic", a.event, "adders", std::to_string(a.adders));
      row(u.id, "arithmetic", a.event, "multipliers", std::to_string(a.multipliers));
      row(u.id, "arithmetic", a.event, "dividers", std::to_string(a.dividers));
      row(u.id, "arithmetic", a.event, "shifts", std::to_string(a.shifts));
      row(u.id, "arithmetic", a.event, "comparators", std::to_string(a.comparators));
      row(u.id, "arithmetic", a.event, "roms", std::to_string(a.roms));
      row(u.id, "arithmetic", a.event, "approx", a.approx ? "true" : "false");
      row(u.id, "arithmetic", a.event, "operators", a.note);
    }
    row(u.id, "arithmetic", "", "division", u.division);
    for (const MeasuredKind& m : u.measured) {
      row(u.id, "measured", m.kind, "events", std::to_string(m.events));
      row(u.id, "measured", m.kind, "busy_cycles", std::to_string(m.busy_cycles));
    }
    row(u.id, "measured", "all", "events", std::to_string(u.events));
    row(u.id, "measured", "all", "busy_cycles", std::to_string(u.busy_cycles));
    row(u.id, "measured", "all", "cycles_per_event", fmt::format("{:.6f}", u.cycles_per_event));
  }
  return s;
}

}  // namespace ccf::report
