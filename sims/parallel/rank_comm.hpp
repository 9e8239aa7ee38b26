// rank_comm.hpp: the processes (ranks) that simulate one run together (docs/fabric.md 10), and the
// collective exchanges between them. One process alone is rank 0 of 1 and needs no MPI; several are
// started by an MPI launcher (mpiexec, mpirun, srun) and talk through MPI.
//
// Every exchange is collective: each rank calls it, in the same order. While it waits for the
// others, a rank yields its core (sched_yield) instead of spinning in MPI's progress loop, so that
// more ranks than cores still make progress (4 ranks on 2 cores: an exchange costs ~12 us, against
// ~5 ms in MPICH's blocking collectives).
#pragma once

#include <memory>
#include <vector>

#include "sims/parallel/byte_buffer.hpp"

namespace ccf::parallel {

class RankComm {
 public:
  RankComm() = default;  // one process: rank 0 of 1
  RankComm(const RankComm&) = delete;
  RankComm& operator=(const RankComm&) = delete;
  virtual ~RankComm() = default;

  virtual unsigned rank() const { return 0; }
  virtual unsigned size() const { return 1; }
  // Every rank's `mine`, in rank order.
  virtual std::vector<Bytes> allgather(Bytes mine) { return {std::move(mine)}; }
  // `to[r]` goes to rank r; returns what each rank sent this one, in rank order.
  virtual std::vector<Bytes> alltoall(std::vector<Bytes> to) { return to; }
  // True on every rank when `mine` is true on any.
  virtual bool any(bool mine) { return mine; }
  // The end of the collective part of the run: every rank calls it once. A rank that is destroyed
  // without it (an error on one rank only) ends every rank of the run at once instead of leaving
  // them waiting for it.
  void finish() {
    if (finished_) return;
    finished_ = true;
    finish_ranks();
  }
  bool finished() const { return finished_; }
  // An error on this rank before finish(): ends every rank of the run, the launcher exiting with
  // `exit_code`. One process: returns (the caller then exits as it would anyway).
  virtual void abort(int exit_code) { (void)exit_code; }

 protected:
  virtual void finish_ranks() {}

 private:
  bool finished_ = false;
};

// Whether an MPI launcher started this process (its environment: PMI_SIZE from MPICH's mpiexec or
// Slurm's srun --mpi=pmi2, OMPI_COMM_WORLD_SIZE from Open MPI's mpirun, PMIX_RANK from PMIx).
bool started_by_mpi_launcher();
// Whether this ccfabric was built with MPI (CMake found it).
bool built_with_mpi();
// MPI_Init and the world communicator; throws std::runtime_error when built without MPI.
std::unique_ptr<RankComm> make_mpi_comm();

}  // namespace ccf::parallel
