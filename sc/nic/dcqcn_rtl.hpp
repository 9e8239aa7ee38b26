// dcqcn_rtl.hpp: the Verilated DCQCN units of rtl/nic/ (docs/units/dcqcn.md 10) driven one clock
// cycle at a time, with the kernels' types at the boundary: an hls::dcqcn::RpEvent or NpEvent in,
// the state word written back and the RpOut or NpOut out. `nic.dcqcn_impl = "rtl"` runs the NIC's
// DCQCN through them (DcqcnRpUnit, DcqcnNpUnit); tests/nic/test_dcqcn_rtl.cpp holds them bit-exact
// with the kernels.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "hls/dcqcn/np_top.hpp"
#include "hls/dcqcn/rp_top.hpp"

namespace ccf::nic {

// The RTL is built for the shipped state widths and 2^16 flows.
inline constexpr uint32_t kDcqcnRtlFlows = 1u << 16;
inline constexpr unsigned kDcqcnRpLatencyCycles = 3;  // dcqcn_rp.sv: event to out_valid
inline constexpr unsigned kDcqcnNpLatencyCycles = 2;   // dcqcn_np.sv

// nullptr if the RTL can run these parameters, else why not (the widths it is built for).
const char* dcqcn_rp_rtl_error(const hls::dcqcn::RpParams& p);
const char* dcqcn_np_rtl_error(const hls::dcqcn::NpParams& p);

class DcqcnRpRtl {
 public:
  struct Result {
    uint32_t flow = 0;
    hls::dcqcn::RpState s;  // the word written back
    hls::dcqcn::RpOut out;
  };
  // p.variant selects the Verilated model (VARIANT 0, 1, 2); throws std::invalid_argument if the
  // RTL cannot run p.
  explicit DcqcnRpRtl(const hls::dcqcn::RpParams& p);
  ~DcqcnRpRtl();
  DcqcnRpRtl(const DcqcnRpRtl&) = delete;
  DcqcnRpRtl& operator=(const DcqcnRpRtl&) = delete;

  // One clock cycle with this event (or none) on ev_*: the result leaving the pipeline at its end,
  // that of the event presented kDcqcnRpLatencyCycles - 1 calls earlier.
  std::optional<Result> clock(const hls::dcqcn::RpEvent* ev);
  // One event through the whole pipeline: the state word written back is decoded into s.
  hls::dcqcn::RpOut step(const hls::dcqcn::RpEvent& ev, hls::dcqcn::RpState& s);

  struct Model;

 private:
  std::unique_ptr<Model> m_;
};

class DcqcnNpRtl {
 public:
  struct Result {
    uint32_t flow = 0;
    hls::dcqcn::NpState s;
    hls::dcqcn::NpOut out;
  };
  // A flow's event without a kernel counterpart: its state word cleared (a RAM is not reset).
  static constexpr unsigned kClearKind = 2;

  explicit DcqcnNpRtl(const hls::dcqcn::NpParams& p);
  ~DcqcnNpRtl();
  DcqcnNpRtl(const DcqcnNpRtl&) = delete;
  DcqcnNpRtl& operator=(const DcqcnNpRtl&) = delete;

  // One clock cycle with this event (or none); clear = true clears the flow of ev instead. Returns the
  // result of the event presented kDcqcnNpLatencyCycles - 1 calls earlier.
  std::optional<Result> clock(const hls::dcqcn::NpEvent* ev, bool clear = false);
  hls::dcqcn::NpOut step(const hls::dcqcn::NpEvent& ev, hls::dcqcn::NpState& s);
  void clear(uint32_t flow);

  struct Model;

 private:
  std::unique_ptr<Model> m_;
};

}  // namespace ccf::nic
