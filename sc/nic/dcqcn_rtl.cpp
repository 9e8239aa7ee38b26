// dcqcn_rtl.cpp: see dcqcn_rtl.hpp.
#include "sc/nic/dcqcn_rtl.hpp"

#include <stdexcept>
#include <string>

#include "Vdcqcn_np.h"
#include "Vdcqcn_rp_mlx.h"
#include "Vdcqcn_rp_ns3.h"
#include "Vdcqcn_rp_paper.h"

namespace ccf::nic {

namespace dk = hls::dcqcn;

namespace {

// Bits [lo, lo + width) of a Verilated wide signal (32-bit words, least significant first).
template <class Wide>
uint32_t wide_bits(const Wide& w, unsigned lo, unsigned width) {
  uint64_t v = 0;
  for (unsigned b = 0; b < width; ++b) v |= uint64_t{(w[(lo + b) / 32] >> ((lo + b) % 32)) & 1u} << b;
  return static_cast<uint32_t>(v);
}

// The state word of dcqcn_rp_pass.sv: {rc, rt, alpha, time_stage, byte_stage, bytes_left, limited,
// variant bits}, most significant first.
template <class Wide>
dk::RpState decode_rp_state(const Wide& w, dk::RpVariant variant) {
  dk::RpState s;
  s.rc = wide_bits(w, 85, dk::RATE_W);
  s.rt = wide_bits(w, 61, dk::RATE_W);
  s.alpha = wide_bits(w, 41, dk::ALPHA_W);
  s.time_stage = static_cast<uint8_t>(wide_bits(w, 34, dk::STAGE_W));
  s.byte_stage = static_cast<uint8_t>(wide_bits(w, 27, dk::STAGE_W));
  s.bytes_left = wide_bits(w, 3, dk::BYTES_W);
  s.limited = wide_bits(w, 2, 1) != 0;
  const uint32_t v = wide_bits(w, 0, 2);
  if (variant == dk::RpVariant::kNs3Rdma) s.hyper = (v & 1) != 0;
  if (variant == dk::RpVariant::kMlx) s.alpha_cnp = (v & 1) != 0, s.decrease_cnp = (v & 2) != 0;
  return s;
}

}  // namespace

const char* dcqcn_rp_rtl_error(const dk::RpParams& p) {
  if (p.widths != dk::RpWidths{}) return "the DCQCN RTL (rtl/nic/dcqcn_rp.sv) is built for the shipped widths only";
  return dk::rp_params_error(p);
}

const char* dcqcn_np_rtl_error(const dk::NpParams& p) {
  if (p.widths != dk::NpWidths{}) return "the DCQCN RTL (rtl/nic/dcqcn_np.sv) is built for the shipped widths only";
  return dk::np_params_error(p);
}

// ---- reaction point ----

struct DcqcnRpRtl::Model {
  virtual ~Model() = default;
  virtual std::optional<Result> clock(const dk::RpEvent* ev) = 0;
};

namespace {

template <class V>
struct RpModel final : DcqcnRpRtl::Model {
  V v;
  dk::RpVariant variant;

  explicit RpModel(const dk::RpParams& p) : variant(p.variant) {
    v.cfg_line_rate = p.line_rate;
    v.cfg_min_rate = p.min_rate;
    v.cfg_r_ai = p.r_ai;
    v.cfg_r_hai = p.r_hai;
    v.cfg_g = static_cast<uint16_t>(p.g);
    v.cfg_initial_alpha = p.initial_alpha;
    v.cfg_f = static_cast<uint8_t>(p.fast_recovery_steps);
    v.cfg_byte_counter = p.byte_counter_bytes;
    v.cfg_alpha_timer_ns = p.alpha_timer_ns;
    v.cfg_increase_timer_ns = p.increase_timer_ns;
    v.cfg_rate_decrease_ns = p.rate_decrease_period_ns;
    v.cfg_clamp = p.clamp_tgt_rate;
    v.cfg_clamp_ati = p.clamp_tgt_rate_after_time_inc;
    v.cfg_min_dec_fac = p.min_dec_fac;
    v.cfg_rate_on_first_cnp = p.rate_on_first_cnp;
    v.ev_valid = 0;
    v.rst = 1;
    for (unsigned i = 0; i < kDcqcnRpLatencyCycles; ++i) tick();
    v.rst = 0;
  }
  void tick() {
    v.clk = 0;
    v.eval();
    v.clk = 1;
    v.eval();
  }
  std::optional<DcqcnRpRtl::Result> clock(const dk::RpEvent* ev) override {
    v.ev_valid = ev != nullptr;
    if (ev) {
      v.ev_kind = static_cast<uint8_t>(ev->kind);
      v.ev_flow = static_cast<uint16_t>(ev->flow);
      v.ev_len = static_cast<uint16_t>(ev->len_bytes);
    }
    tick();
    if (!v.out_valid) return std::nullopt;
    DcqcnRpRtl::Result r;
    r.flow = v.out_flow;
    r.s = decode_rp_state(v.out_state, variant);
    r.out.action = static_cast<dk::RpAction>(v.out_action);
    r.out.arm_alpha_ns = v.out_arm_alpha_ns;
    r.out.arm_increase_ns = v.out_arm_increase_ns;
    r.out.arm_decrease_ns = v.out_arm_decrease_ns;
    r.out.byte_counter_expired = v.out_byte_counter_expired;
    r.out.target_divided = v.out_target_divided;
    r.out.hyper_i = v.out_hyper_i;
    r.out.rate_changed = v.out_rate_changed;
    return r;
  }
};

}  // namespace

DcqcnRpRtl::DcqcnRpRtl(const dk::RpParams& p) {
  if (const char* err = dcqcn_rp_rtl_error(p)) throw std::invalid_argument(std::string("DCQCN RTL: ") + err);
  switch (p.variant) {
    case dk::RpVariant::kPaper: m_ = std::make_unique<RpModel<Vdcqcn_rp_paper>>(p); break;
    case dk::RpVariant::kNs3Rdma: m_ = std::make_unique<RpModel<Vdcqcn_rp_ns3>>(p); break;
    case dk::RpVariant::kMlx: m_ = std::make_unique<RpModel<Vdcqcn_rp_mlx>>(p); break;
  }
}
DcqcnRpRtl::~DcqcnRpRtl() = default;

std::optional<DcqcnRpRtl::Result> DcqcnRpRtl::clock(const dk::RpEvent* ev) {
  if (ev && ev->flow >= kDcqcnRtlFlows)
    throw std::out_of_range("DCQCN RTL: flow " + std::to_string(ev->flow) + " >= 65536, the flows it is built for");
  if (ev && ev->len_bytes > 0xFFFF)
    throw std::out_of_range("DCQCN RTL: a TX event of " + std::to_string(ev->len_bytes) + " B > 65535 B (ev_len)");
  return m_->clock(ev);
}

dk::RpOut DcqcnRpRtl::step(const dk::RpEvent& ev, dk::RpState& s) {
  std::optional<Result> r = clock(&ev);
  for (unsigned i = 1; !r; ++i) {
    if (i > kDcqcnRpLatencyCycles) throw std::logic_error("DCQCN RTL: no result after the pipeline latency");
    r = clock(nullptr);
  }
  s = r->s;
  return r->out;
}

// ---- notification point ----

struct DcqcnNpRtl::Model {
  Vdcqcn_np v;
};

DcqcnNpRtl::DcqcnNpRtl(const dk::NpParams& p) : m_(std::make_unique<Model>()) {
  if (const char* err = dcqcn_np_rtl_error(p)) throw std::invalid_argument(std::string("DCQCN NP RTL: ") + err);
  Vdcqcn_np& v = m_->v;
  v.cfg_min_time = p.mode == dk::NpMode::kMinTimeBetweenCnps;
  v.cfg_interval_ns = p.interval_ns;
  v.ev_valid = 0;
  v.rst = 1;
  for (unsigned i = 0; i < kDcqcnNpLatencyCycles; ++i) clock(nullptr);
  v.rst = 0;
}
DcqcnNpRtl::~DcqcnNpRtl() = default;

std::optional<DcqcnNpRtl::Result> DcqcnNpRtl::clock(const dk::NpEvent* ev, bool clear) {
  Vdcqcn_np& v = m_->v;
  v.ev_valid = ev != nullptr;
  if (ev) {
    if (ev->flow >= kDcqcnRtlFlows)
      throw std::out_of_range("DCQCN NP RTL: flow " + std::to_string(ev->flow) + " >= 65536, the flows it is built for");
    v.ev_kind = clear ? kClearKind : static_cast<uint8_t>(ev->kind);
    v.ev_flow = static_cast<uint16_t>(ev->flow);
    v.ev_now_ns = ev->now_ns;
  }
  v.clk = 0;
  v.eval();
  v.clk = 1;
  v.eval();
  if (!v.out_valid) return std::nullopt;
  Result r;
  r.flow = v.out_flow;
  r.s.last_cnp_ns = v.out_state >> 2;
  r.s.open = (v.out_state >> 1) & 1;
  r.s.pending = v.out_state & 1;
  r.out.send_cnp = v.out_send_cnp;
  r.out.arm_window = v.out_arm_window;
  r.out.window_end_ns = v.out_window_end_ns;
  return r;
}

dk::NpOut DcqcnNpRtl::step(const dk::NpEvent& ev, dk::NpState& s) {
  std::optional<Result> r = clock(&ev);
  for (unsigned i = 1; !r; ++i) {
    if (i > kDcqcnNpLatencyCycles) throw std::logic_error("DCQCN NP RTL: no result after the pipeline latency");
    r = clock(nullptr);
  }
  s = r->s;
  return r->out;
}

void DcqcnNpRtl::clear(uint32_t flow) {
  dk::NpEvent ev{dk::NpEventKind::kMarked, flow, 0};
  dk::NpState s;
  std::optional<Result> r = clock(&ev, true);
  while (!r) r = clock(nullptr);
}

}  // namespace ccf::nic
