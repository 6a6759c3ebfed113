#include "cli/distributed.hpp"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "pokerengine/card.hpp"
#include "pokerengine/thread_pool.hpp"

#if POKERENGINE_MPI
#include "mpi_blocks.hpp"
#endif

namespace poker_cli {
namespace {

#if POKERENGINE_MPI
pokerengine::mpi_session* session = nullptr;
bool in_job() { return session && session->active(); }
#else
bool in_job() { return false; }
#endif

}  // namespace

job_group::job_group([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#if POKERENGINE_MPI
    session = new pokerengine::mpi_session(argc, argv);
    // One result, written by rank 0: the other ranks' standard output goes nowhere.
    if (!writes_output() && !std::freopen("/dev/null", "w", stdout)) session->abort(1);
#endif
}

job_group::~job_group() {
#if POKERENGINE_MPI
    delete session;
    session = nullptr;
#endif
}

bool job_group::writes_output() const { return poker_cli::writes_output(); }

int job_group::fail(int status, const std::string& message, [[maybe_unused]] bool shared) const {
    std::string where;
#if POKERENGINE_MPI
    const bool alone = in_job() && session->size() > 1 && !shared;
    if (in_job() && shared && !writes_output()) return status;
    if (alone && !writes_output())
        where = "rank " + std::to_string(session->rank()) + " of " + std::to_string(session->size()) + ": ";
#endif
    std::fprintf(stderr, "poker: error: %s%s\n", where.c_str(), pokerengine::printable(message).c_str());
#if POKERENGINE_MPI
    if (alone) {
        std::fflush(stdout);
        std::fflush(stderr);
        session->abort(status);
    }
#endif
    return status;
}

std::unique_ptr<pokerengine::block_driver> mpi_driver_for([[maybe_unused]] int threads) {
#if POKERENGINE_MPI
    if (in_job()) return std::make_unique<pokerengine::mpi_blocks>(*session, threads);
#endif
    return nullptr;
}

std::unique_ptr<pokerengine::block_driver> block_driver_for(int threads) {
    if (std::unique_ptr<pokerengine::block_driver> ranks = mpi_driver_for(threads)) return ranks;
    return std::make_unique<pokerengine::thread_blocks>(threads);
}

int default_threads() {
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, pokerengine::max_threads));
}

bool writes_output() {
#if POKERENGINE_MPI
    if (in_job()) return session->rank() == 0;
#endif
    return true;
}

}  // namespace poker_cli
