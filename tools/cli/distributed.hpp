#pragma once
// Where a command's blocks run: across the ranks of an MPI job when poker was
// built with MPI and started by mpirun (or srun), else on threads of this
// process, exactly as without MPI. Only rank 0 writes output and progress.

#include <memory>
#include <stdexcept>
#include <string>

#include "pokerengine/blocks.hpp"
#include "pokerengine/checkpoint.hpp"

namespace poker_cli {

/// The job this process belongs to; made once, at the start of `main`.
class job_group {
public:
    job_group(int& argc, char**& argv);
    ~job_group();
    job_group(const job_group&) = delete;
    job_group& operator=(const job_group&) = delete;

    /// True on the one process that writes output (rank 0, or the only process).
    bool writes_output() const;
    /// Prints `message`, the error that ends the command, and returns `status`.
    /// Under MPI an error of this rank alone is printed with the rank and stops
    /// every rank (MPI_Abort), which could otherwise wait for this one; an error
    /// all ranks share (`shared`: a `block_error`) is printed by rank 0 only.
    int fail(int status, const std::string& message, bool shared) const;
};

/// The driver for a command's blocks on `threads` threads per process.
std::unique_ptr<pokerengine::block_driver> block_driver_for(int threads);
/// The MPI driver on `threads` threads per rank when this process is a rank
/// of an MPI job; else null (the command runs on its own threads, as always).
std::unique_ptr<pokerengine::block_driver> mpi_driver_for(int threads);
/// The machine's hardware threads, 1 to `max_threads`: the thread count of a
/// command whose default is every core.
int default_threads();

/// Runs `f`: a checkpoint that cannot be used ends the command with its code
/// first, `other_job: the checkpoint "t.ck" is of another job: ...`, the same
/// for every command that takes `--checkpoint`.
template <class F>
decltype(auto) with_checkpoint(F&& f) {
    try {
        return f();
    } catch (const pokerengine::checkpoint_error& e) {
        throw std::runtime_error(std::string(to_string(e.code())) + ": " + e.what());
    }
}

/// Whether this process writes the output (false on MPI ranks other than 0).
bool writes_output();

}  // namespace poker_cli
