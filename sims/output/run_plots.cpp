// run_plots.cpp: see run_plots.hpp.
#include "sims/output/run_plots.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include <fmt/format.h>

#include "sims/output/fct_results.hpp"
#include "sims/output/output_file.hpp"

namespace ccf::sims {
namespace {

// Distinct colours for up to eight lines (Tableau 10 without its greys and olive).
constexpr const char* kLineColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                        "#9467bd", "#8c564b", "#e377c2", "#17becf"};

// A title as a double-quoted gnuplot string, its line breaks as "\n".
std::string gnuplot_title(const std::string& text) {
  std::string q = "\"";
  for (char c : text) q += c == '\n' ? std::string("\\n") : c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

// The lines every plot of a run starts with: terminal, axes, and the warm-up before the measurement
// window shaded.
void write_preamble(OutputFile& gp, const RunResults& r, const std::string& png, const std::string& title,
                    const std::string& ylabel) {
  gp << "set terminal pngcairo size 1200,600 noenhanced\n"
     << "set output " << gnuplot_quoted(png) << "\n"
     << "set title " << gnuplot_title(title) << "\n"
     << "set xlabel 'time (us)'\nset ylabel " << gnuplot_quoted(ylabel) << "\n"
     << "set grid\nset key outside right top\n";
  const double to_us = r.samples.empty() ? 0.0 : r.samples.back().time_us;
  gp << fmt::format("set xrange [0:{}]\n", std::max(to_us, 1e-3));
  if (r.window.from_us > 0)
    gp << fmt::format("set object 1 rect from 0, graph 0 to {}, graph 1 behind fillcolor rgb '#ececec' "
                      "fillstyle solid 1.0 noborder\n"
                      "set label 1 'warm-up (not measured)' at graph 0.01, graph 0.96 front\n",
                      r.window.from_us);
}

// A value for a datablock: "NaN" (a gap in the line) when there is none.
std::string cell(std::optional<double> v) { return v ? fmt::format("{:.6f}", *v) : std::string("NaN"); }

}  // namespace

bool write_throughput_script(const RunResults& r, const std::string& dir) {
  if (r.flows.empty() || r.samples.empty()) return false;
  OutputFile gp(dir + "/throughput.gp");
  const bool band = r.flows.size() > RunPlots::kFlowLines;
  // The flows drawn as lines: all of them, or those with the highest throughput over the window.
  std::vector<size_t> lines(r.flows.size());
  std::iota(lines.begin(), lines.end(), size_t{0});
  if (band) {
    std::stable_sort(lines.begin(), lines.end(),
                     [&](size_t a, size_t b) { return r.flows[a].throughput_gbps > r.flows[b].throughput_gbps; });
    lines.resize(RunPlots::kFlowLines - 3);
  }
  const std::string interval =
      r.samples.size() > 1 ? fmt::format("{:g} us", r.samples[1].time_us - r.samples[0].time_us) : "sample";
  write_preamble(gp, r, "throughput.png",
                 band ? fmt::format("per-flow rate of {} flows: median and 10th-90th percentile of the flows active\n"
                                    "in each {} interval, and the {} flows with the highest throughput",
                                    r.flows.size(), interval, lines.size())
                      : fmt::format("per-flow rate ({} flows)", r.flows.size()),
                 "rate (Gb/s)");
  std::map<uint32_t, size_t> column_of;  // flow id -> its column among the lines
  for (size_t i = 0; i < lines.size(); ++i) column_of[r.flows[lines[i]].id] = i;
  gp << "$rates << EOD\n";
  std::vector<double> active;
  std::vector<std::optional<double>> line(lines.size());
  for (const Sample& s : r.samples) {
    std::fill(line.begin(), line.end(), std::nullopt);
    active.clear();
    for (const ActiveFlowSample& f : s.active_flows) {
      active.push_back(f.rate_gbps);
      if (auto it = column_of.find(f.id); it != column_of.end()) line[it->second] = f.rate_gbps;
    }
    gp << fmt::format("{:.3f}", s.time_us);
    if (band) {
      std::sort(active.begin(), active.end());
      for (double p : {0.10, 0.50, 0.90})
        gp << " " << cell(active.empty() ? std::nullopt : std::optional<double>(nearest_rank(active, p)));
    }
    for (const auto& v : line) gp << " " << cell(v);
    gp << "\n";
  }
  gp << "EOD\nplot ";
  size_t col = 2;
  if (band) {
    gp << "$rates using 1:2:4 with filledcurves fillcolor rgb '#c6dbef' fillstyle solid 1.0 noborder "
          "title '10th-90th percentile', \\\n     $rates using 1:3 with lines lw 2 lc rgb '#08306b' title 'median', \\\n     ";
    col = 5;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    const FlowResult& f = r.flows[lines[i]];
    gp << fmt::format("{}$rates using 1:{} with lines lw {} lc rgb '{}' title {}", i ? ", \\\n     " : "", col + i,
                      band ? 1 : 2, kLineColours[(i + (band ? 1 : 0)) % std::size(kLineColours)],
                      gnuplot_quoted(fmt::format("flow {} ({:.2f} Gb/s)", f.id, f.throughput_gbps)));
  }
  gp << "\n";
  gp.commit();
  return true;
}

bool write_queue_script(const RunResults& r, const std::string& dir) {
  std::vector<uint64_t> peak(r.queues.size(), 0);
  for (const Sample& s : r.samples)
    for (size_t q = 0; q < s.queue_bytes.size() && q < peak.size(); ++q) peak[q] = std::max(peak[q], s.queue_bytes[q]);
  std::vector<size_t> held;
  for (size_t q = 0; q < peak.size(); ++q)
    if (peak[q] > 0) held.push_back(q);
  if (held.empty()) return false;
  std::vector<size_t> lines = held;
  std::stable_sort(lines.begin(), lines.end(), [&](size_t a, size_t b) { return peak[a] > peak[b]; });
  if (lines.size() > RunPlots::kQueueLines) lines.resize(RunPlots::kQueueLines);
  std::sort(lines.begin(), lines.end());  // legend in switch, port, priority order

  OutputFile gp(dir + "/queue.gp");
  std::string title = lines.size() < held.size()
                          ? fmt::format("switch queue depth: the {} of {} queues that held data with the highest peaks",
                                        lines.size(), held.size())
                          : fmt::format("switch queue depth: the {} of {} queues that held data", held.size(),
                                        r.queues.size());
  if (!r.queue_marks.pfc_note.empty()) title += "\n" + r.queue_marks.pfc_note;
  write_preamble(gp, r, "queue.png", title, "queue depth (KB)");
  const double top_kb = double(peak[lines.front()]) / 1000.0;
  double ymax_kb = 0;
  for (size_t q : lines) ymax_kb = std::max(ymax_kb, double(peak[q]) / 1000.0);
  // Thresholds within twice the highest peak are drawn; higher ones are named in the legend.
  struct Mark { std::string name; double kb; };
  std::vector<Mark> marks;
  const QueueMarks& m = r.queue_marks;
  if (m.ecn_kmin_bytes) marks.push_back({"ECN Kmin", double(*m.ecn_kmin_bytes) / 1000.0});
  if (m.ecn_kmax_bytes) marks.push_back({"ECN Kmax", double(*m.ecn_kmax_bytes) / 1000.0});
  if (m.pfc_xoff_bytes) marks.push_back({"PFC XOFF (static, per ingress port and priority)", double(*m.pfc_xoff_bytes) / 1000.0});
  const double limit_kb = 2.0 * std::max(ymax_kb, top_kb);
  for (const Mark& k : marks)
    if (k.kb <= limit_kb) ymax_kb = std::max(ymax_kb, k.kb);
  gp << fmt::format("set yrange [0:{:.6f}]\n", ymax_kb * 1.1);
  gp << "$queues << EOD\n";
  for (const Sample& s : r.samples) {
    gp << fmt::format("{:.3f}", s.time_us);
    for (size_t q : lines) gp << fmt::format(" {:.3f}", double(s.queue_bytes[q]) / 1000.0);
    gp << "\n";
  }
  gp << "EOD\nplot ";
  for (size_t i = 0; i < lines.size(); ++i)
    gp << fmt::format("{}$queues using 1:{} with lines lw 2 lc rgb '{}' title {}", i ? ", \\\n     " : "", i + 2,
                      kLineColours[i % std::size(kLineColours)], gnuplot_quoted(r.queues[lines[i]]));
  const char* mark_dash[] = {"2", "3", "4"};
  for (size_t i = 0; i < marks.size(); ++i) {
    const Mark& k = marks[i];
    if (k.kb <= limit_kb)
      gp << fmt::format(", \\\n     {:.3f} with lines dt {} lw 1.5 lc rgb '#404040' title {}", k.kb, mark_dash[i % 3],
                        gnuplot_quoted(fmt::format("{} {:.1f} KB", k.name, k.kb)));
    else
      gp << fmt::format(", \\\n     NaN with lines dt {} lc rgb '#404040' title {}", mark_dash[i % 3],
                        gnuplot_quoted(fmt::format("{} {:.1f} KB (above the plot)", k.name, k.kb)));
  }
  gp << "\n";
  gp.commit();
  return true;
}

RunPlots::RunPlots(const RunResults& r, const std::string& dir) {
  if (!gnuplot_installed()) {
    note_ = "gnuplot is not installed (sims/scripts/install-deps.sh installs gnuplot-nox): no PNG plots";
    return;
  }
  const bool throughput = write_throughput_script(r, dir);
  const bool queue = write_queue_script(r, dir);
  const bool fct = write_fct_plot_script(r.fct, dir);
  if (throughput) jobs_.push_back({"throughput.png", start_gnuplot(dir, "throughput.gp", "throughput_plot.log")});
  if (queue) jobs_.push_back({"queue.png", start_gnuplot(dir, "queue.gp", "queue_plot.log")});
  if (fct) jobs_.push_back({"fct.png", start_gnuplot(dir, "fct.gp", "fct_plot.log")});
}

RunPlots::~RunPlots() {
  if (!waited_)
    for (const Job& j : jobs_) wait_gnuplot(j.gnuplot);
}

void RunPlots::wait() {
  waited_ = true;
  std::string failed;
  for (const Job& j : jobs_)
    if (const std::string err = wait_gnuplot(j.gnuplot); !err.empty())
      failed += fmt::format("{}{} was not drawn ({})", failed.empty() ? "" : "; ", j.png, err);
  if (!failed.empty()) throw OutputError(failed);
}

std::vector<std::string> RunPlots::pngs() const {
  std::vector<std::string> names;
  for (const Job& j : jobs_) names.push_back(j.png);
  return names;
}

}  // namespace ccf::sims
