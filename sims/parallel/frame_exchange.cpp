// frame_exchange.cpp: see frame_exchange.hpp.
#include "sims/parallel/frame_exchange.hpp"

#include "sc/fabric/frame.hpp"

namespace ccf::parallel {
namespace {

// The fields of a Frame (frame.hpp), in order.
template <class A, class F>
void visit_frame(A& a, F& f) {
  fields(a, f.id, f.kind, f.src_host, f.dst_host, f.flow_id, f.psn, f.byte_seq, f.len_bytes, f.priority, f.dscp, f.ecn,
         f.ttl, f.cc, f.rtt_response, f.rtt_request_sent_ps, f.pfc_class_enable, f.pfc_pause_quanta, f.rcm_class,
         f.rcm_degree, f.rcm_id_count, f.rcm_ids);
}

}  // namespace

FrameExchange::FrameExchange(RankComm& comm, const Partition& p, const fabric::Topology& topo,
                             const std::vector<std::array<fabric::Link*, 2>>& link_dirs)
    : comm_(comm), link_dirs_(link_dirs) {
  for (size_t li : p.cut_links) {
    const fabric::LinkSpec& l = topo.links[li];
    const unsigned ra = p.rank_of(l.a), rb = p.rank_of(l.b);
    if (ra == comm.rank()) outgoing_.push_back({static_cast<uint32_t>(li), 0, rb});
    if (rb == comm.rank()) outgoing_.push_back({static_cast<uint32_t>(li), 1, ra});
  }
}

void FrameExchange::exchange() {
  std::vector<Packer> to(comm_.size());
  for (const Outgoing& o : outgoing_)
    link_dirs_[o.link][o.dir]->hand_over_in_flight([&](uint64_t arrival_ps, const fabric::Frame& f) {
      Packer& p = to[o.to_rank];
      fields(p, o.link, o.dir, arrival_ps);
      visit_frame(p, f);
      ++frames_sent_;
    });
  std::vector<Bytes> out(comm_.size());
  for (unsigned r = 0; r < comm_.size(); ++r) out[r] = to[r].take();
  ++exchanges_;
  for (const Bytes& in : comm_.alltoall(std::move(out))) {
    Unpacker u(in);
    while (!u.done()) {
      uint32_t link = 0;
      uint8_t dir = 0;
      uint64_t arrival_ps = 0;
      fabric::Frame f;
      fields(u, link, dir, arrival_ps);
      visit_frame(u, f);
      link_dirs_.at(link).at(dir)->put_in_flight(arrival_ps, fabric::default_frame_pool().make(f));
    }
  }
}

}  // namespace ccf::parallel
