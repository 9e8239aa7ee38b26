// scoreboard.cpp: printing of cycle outputs for mismatch reports.
#include "tb/switch/scoreboard.hpp"

namespace ccf::tb {

std::string describe(const sw::CycleOutputs& o) {
  // Port 0 first, up to the highest port present in the outputs.
  std::string s = "ready=";
  for (size_t p = 0; p < o.pfc_out.size(); ++p) s += o.in_ready(unsigned(p)) ? '1' : '0';
  if (o.enqueue) s += fmt::format(" enqueue(tag={} port={} prio={})", o.enqueue->tag, o.enqueue->port, o.enqueue->prio);
  if (o.drop) s += fmt::format(" drop(tag={} reason={} port={} prio={})", o.drop->tag, sw::to_string(o.drop->reason), o.drop->port, o.drop->prio);
  if (o.egress) s += fmt::format(" egress(port={} tag={} ecn={} prio={} len={})", o.egress->port, o.egress->tag, o.egress->ecn, o.egress->prio, o.egress->len_bytes);
  for (size_t p = 0; p < o.pfc_out.size(); ++p) {
    if (!o.pfc_out[p]) continue;
    s += fmt::format(" pfc{}(en={:#04x} t=[", p, o.pfc_out[p]->class_en);
    for (unsigned c = 0; c < 8; ++c) s += fmt::format("{}{}", c ? "," : "", o.pfc_out[p]->time_quanta[c]);
    s += "])";
  }
  if (o.cn_out) {
    s += fmt::format(" cn(port={} class={} fb={} ids=[", o.cn_out->port, o.cn_out->frame.cls, o.cn_out->frame.fb);
    for (unsigned i = 0; i < o.cn_out->frame.count; ++i) s += fmt::format("{}{:#06x}", i ? "," : "", o.cn_out->frame.ids[i]);
    s += "])";
  }
  if (o.crd) s += fmt::format(" crd(port={} prio={} fb={})", o.crd->port, o.crd->prio, o.crd->fb);
  s += o.idle ? " idle" : " busy";
  return s;
}

}  // namespace ccf::tb
