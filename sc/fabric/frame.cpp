// frame.cpp: Frame extension and FramePool (docs/fabric.md 1).
#include "sc/fabric/frame.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace ccf::fabric {

const char* to_string(FrameKind k) {
  switch (k) {
    case FrameKind::kData: return "data";
    case FrameKind::kAck: return "ack";
    case FrameKind::kNack: return "nack";
    case FrameKind::kCnp: return "cnp";
    case FrameKind::kPfc: return "pfc";
    case FrameKind::kRttProbe: return "rtt_probe";
    case FrameKind::kRcmCn: return "rcm_cn";
  }
  return "?";
}

const char* to_string(Ecn e) {
  switch (e) {
    case Ecn::kNotEct: return "Not-ECT";
    case Ecn::kEct1: return "ECT(1)";
    case Ecn::kEct0: return "ECT(0)";
    case Ecn::kCe: return "CE";
  }
  return "?";
}

uint64_t Frame::new_id() {
  static uint64_t next = 1;
  return next++;
}

std::string Frame::validate() const {
  if (static_cast<unsigned>(kind) > static_cast<unsigned>(FrameKind::kRcmCn))
    return fmt::format("frame.kind = {} must be 0..6", static_cast<unsigned>(kind));
  if (psn > kPsnMask) return fmt::format("frame.psn = {} must be < 2^24", psn);
  if (len_bytes == 0) return "frame.len_bytes = 0 must be > 0";
  if (priority >= kNumPriorities)
    return fmt::format("frame.priority = {} must be 0..{}", unsigned{priority}, kNumPriorities - 1);
  if (dscp >= 64) return fmt::format("frame.dscp = {} must be 0..63", unsigned{dscp});
  if (static_cast<unsigned>(ecn) > 3) return fmt::format("frame.ecn = {} must be 0..3", static_cast<unsigned>(ecn));
  return {};
}

tlm::tlm_extension_base* Frame::clone() const { return new Frame(*this); }

void Frame::copy_from(const tlm::tlm_extension_base& ext) { *this = static_cast<const Frame&>(ext); }

FramePool::~FramePool() = default;

tlm::tlm_generic_payload& FramePool::make(const Frame& f) {
  tlm::tlm_generic_payload* trans = nullptr;
  if (free_.empty()) {
    all_.push_back(std::make_unique<tlm::tlm_generic_payload>(this));
    trans = all_.back().get();
    trans->set_extension(new Frame);  // owned by the payload, deleted with it
  } else {
    trans = free_.back();
    free_.pop_back();
  }
  Frame* frame = trans->get_extension<Frame>();
  *frame = f;
  if (frame->id == 0) frame->id = Frame::new_id();
  trans->set_command(tlm::TLM_WRITE_COMMAND);
  trans->set_address(f.dst_host);
  trans->set_data_ptr(nullptr);
  trans->set_data_length(0);
  trans->set_streaming_width(0);
  trans->set_byte_enable_ptr(nullptr);
  trans->set_byte_enable_length(0);
  trans->set_dmi_allowed(false);
  trans->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  return *trans;
}

void FramePool::free(tlm::tlm_generic_payload* trans) {
  trans->reset();  // drops auto extensions a receiver may have added; the Frame stays attached
  free_.push_back(trans);  // make() overwrites the whole Frame when it hands the payload out again
}

FramePool& default_frame_pool() {
  static FramePool pool;
  return pool;
}

tlm::tlm_generic_payload& make_frame_payload(const Frame& f) { return default_frame_pool().make(f); }

Frame& frame_of(tlm::tlm_generic_payload& trans) {
  Frame* f = trans.get_extension<Frame>();
  if (f == nullptr) throw std::invalid_argument("tlm_generic_payload carries no ccf::fabric::Frame extension");
  return *f;
}

const Frame& frame_of(const tlm::tlm_generic_payload& trans) {
  const Frame* f = trans.get_extension<Frame>();
  if (f == nullptr) throw std::invalid_argument("tlm_generic_payload carries no ccf::fabric::Frame extension");
  return *f;
}

}  // namespace ccf::fabric
