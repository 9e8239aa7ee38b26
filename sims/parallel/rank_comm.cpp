// rank_comm.cpp: see rank_comm.hpp.
#include "sims/parallel/rank_comm.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#ifdef CCF_HAVE_MPI
#include <mpi.h>
#include <sched.h>
#endif

namespace ccf::parallel {

bool started_by_mpi_launcher() {
  for (const char* v : {"PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "PMIX_RANK"})
    if (std::getenv(v) != nullptr) return true;
  return false;
}

#ifdef CCF_HAVE_MPI

bool built_with_mpi() { return true; }

namespace {

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// Waits for a non-blocking collective, yielding the core between polls.
void wait_yielding(MPI_Request& req) {
  int done = 0;
  check(MPI_Test(&req, &done, MPI_STATUS_IGNORE), "MPI_Test");
  while (!done) {
    sched_yield();
    check(MPI_Test(&req, &done, MPI_STATUS_IGNORE), "MPI_Test");
  }
}

std::vector<int> displacements(const std::vector<int>& counts, size_t& total) {
  std::vector<int> displs(counts.size());
  total = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    displs[i] = static_cast<int>(total);
    total += static_cast<size_t>(counts[i]);
  }
  return displs;
}

class MpiComm : public RankComm {
 public:
  MpiComm() {
    int inited = 0;
    check(MPI_Initialized(&inited), "MPI_Initialized");
    if (!inited) check(MPI_Init(nullptr, nullptr), "MPI_Init");
    int r = 0, n = 1;
    check(MPI_Comm_rank(MPI_COMM_WORLD, &r), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &n), "MPI_Comm_size");
    rank_ = static_cast<unsigned>(r);
    size_ = static_cast<unsigned>(n);
  }
  ~MpiComm() override {
    if (!finished()) MPI_Abort(MPI_COMM_WORLD, 1);
  }
  void abort(int exit_code) override {
    // MPICH's launcher stops forwarding the ranks' output once one aborts: give the message the
    // caller has just written to stderr time to reach it first (without, about 1 run in 5 of
    // `mpiexec -n 2` lost it).
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    MPI_Abort(MPI_COMM_WORLD, exit_code);
  }
  unsigned rank() const override { return rank_; }
  unsigned size() const override { return size_; }

  std::vector<Bytes> allgather(Bytes mine) override {
    const int n = static_cast<int>(mine.size());
    std::vector<int> counts(size_);
    MPI_Request req;
    check(MPI_Iallgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD, &req), "MPI_Iallgather");
    wait_yielding(req);
    size_t total = 0;
    const std::vector<int> displs = displacements(counts, total);
    Bytes all(total);
    check(MPI_Iallgatherv(mine.data(), n, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
                          MPI_COMM_WORLD, &req),
          "MPI_Iallgatherv");
    wait_yielding(req);
    return split(all, counts, displs);
  }

  std::vector<Bytes> alltoall(std::vector<Bytes> to) override {
    std::vector<int> send_counts(size_), recv_counts(size_);
    for (unsigned r = 0; r < size_; ++r) send_counts[r] = static_cast<int>(to[r].size());
    MPI_Request req;
    check(MPI_Ialltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD, &req),
          "MPI_Ialltoall");
    wait_yielding(req);
    size_t send_total = 0, recv_total = 0;
    const std::vector<int> send_displs = displacements(send_counts, send_total);
    const std::vector<int> recv_displs = displacements(recv_counts, recv_total);
    Bytes send(send_total), recv(recv_total);
    for (unsigned r = 0; r < size_; ++r) std::copy(to[r].begin(), to[r].end(), send.begin() + send_displs[r]);
    check(MPI_Ialltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_BYTE, recv.data(),
                         recv_counts.data(), recv_displs.data(), MPI_BYTE, MPI_COMM_WORLD, &req),
          "MPI_Ialltoallv");
    wait_yielding(req);
    return split(recv, recv_counts, recv_displs);
  }

  bool any(bool mine) override {
    const int in = mine ? 1 : 0;
    int out = 0;
    MPI_Request req;
    check(MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD, &req), "MPI_Iallreduce");
    wait_yielding(req);
    return out != 0;
  }

  void finish_ranks() override { check(MPI_Finalize(), "MPI_Finalize"); }

 private:
  std::vector<Bytes> split(const Bytes& all, const std::vector<int>& counts, const std::vector<int>& displs) const {
    std::vector<Bytes> parts(size_);
    for (unsigned r = 0; r < size_; ++r)
      parts[r].assign(all.begin() + displs[r], all.begin() + displs[r] + counts[r]);
    return parts;
  }
  unsigned rank_ = 0, size_ = 1;
};

}  // namespace

std::unique_ptr<RankComm> make_mpi_comm() { return std::make_unique<MpiComm>(); }

#else

bool built_with_mpi() { return false; }

std::unique_ptr<RankComm> make_mpi_comm() {
  throw std::runtime_error("this ccfabric was built without MPI (install libmpich-dev and mpich, then rebuild)");
}

#endif

}  // namespace ccf::parallel
