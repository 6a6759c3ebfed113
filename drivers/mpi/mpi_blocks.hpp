#pragma once
// Blocks across the ranks of an MPI job (and across threads inside each rank):
// rank r runs blocks first + r, first + r + size, ..., and rank 0 gathers the
// results in index order, so the merge is the same as in one process.


#include "pokerengine/blocks.hpp"

namespace pokerengine {

/// The MPI environment of this process: initialised on construction when the
/// process was started by an MPI launcher (mpirun, mpiexec, srun), finalised on
/// destruction; without a launcher nothing is initialised and the process is
/// rank 0 of 1.
class mpi_session {
public:
    mpi_session(int& argc, char**& argv);
    ~mpi_session();
    mpi_session(const mpi_session&) = delete;
    mpi_session& operator=(const mpi_session&) = delete;

    /// Whether MPI was initialised (the process was started by a launcher).
    bool active() const { return active_; }
    int rank() const { return rank_; }
    int size() const { return size_; }
    /// Ends every rank of the job with `status` (MPI_Abort): for a failure
    /// that the other ranks cannot learn of, which would otherwise leave them waiting.
    [[noreturn]] void abort(int status) const;

private:
    bool active_ = false;
    int rank_ = 0, size_ = 1;
};

/// The blocks on every rank of MPI_COMM_WORLD, on `threads` threads in each.
/// Every rank must call `run` and `share_words` (and `share`, `share_count`) in the same order (they are collective).
/// A block that throws on any rank makes `run` throw `block_error` on every rank
/// with the message "rank R: ..." of the lowest failing rank.
class mpi_blocks final : public block_driver {
public:
    mpi_blocks(const mpi_session& session, int threads);
    std::vector<block_result> run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                  const progress_callback& progress = {}) override;
    bool merges() const override { return rank_ == 0; }
    void share_words(block_result& words) override;
    int workers() const override { return size_ * threads_.workers(); }

private:
    thread_blocks threads_;
    int rank_, size_;
};

}  // namespace pokerengine
