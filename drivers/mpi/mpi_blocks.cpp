#include "mpi_blocks.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include <mpi.h>

namespace pokerengine {
namespace {

// Set by every MPI launcher we know of: Open MPI, MPICH and Intel MPI (PMI), Slurm's srun (PMIx).
bool started_by_launcher() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
        if (std::getenv(name)) return true;
    return false;
}

constexpr std::uint64_t ok = 0, failed = 1;

// Waits for a non-blocking collective by testing it between short sleeps. A
// rank waiting in a blocking collective polls without pause, and on a machine
// whose cores share their hardware that slowed the rank still working: two
// ranks of a simulation used 1.4 times the processor time of one (docs/performance.md).
void finish(MPI_Request& request) {
    for (int done = 0;;) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done) return;
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
}

void broadcast(void* data, int count, MPI_Datatype type) {
    MPI_Request request;
    MPI_Ibcast(data, count, type, 0, MPI_COMM_WORLD, &request);
    finish(request);
}

// A message as words, and back.
void append_text(block_result& out, const std::string& text) {
    out.push_back(text.size());
    const std::size_t start = out.size();
    out.resize(start + (text.size() + 7) / 8);
    if (!text.empty()) std::memcpy(out.data() + start, text.data(), text.size());
}

std::string text_at(const std::uint64_t* words) {
    return std::string(reinterpret_cast<const char*>(words + 1), static_cast<std::size_t>(words[0]));
}

}  // namespace

mpi_session::mpi_session(int& argc, char**& argv) {
    if (!started_by_launcher()) return;
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    active_ = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

mpi_session::~mpi_session() {
    if (active_) MPI_Finalize();
}

void mpi_session::abort(int status) const {
    if (active_) MPI_Abort(MPI_COMM_WORLD, status);
    std::exit(status);
}

mpi_blocks::mpi_blocks(const mpi_session& session, int threads)
    : threads_(threads), rank_(session.rank()), size_(session.size()) {}

std::vector<block_result> mpi_blocks::run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                          const progress_callback& progress) {
    const std::uint64_t count = last > first ? last - first : 0;
    const auto rank = static_cast<std::uint64_t>(rank_), size = static_cast<std::uint64_t>(size_);
    const std::uint64_t mine = count > rank ? (count - rank + size - 1) / size : 0;

    // This rank's results, packed: a status word, then either the message of
    // its failure or each block's length and words.
    block_result packed{ok};
    try {
        progress_callback report;
        if (progress && rank_ == 0)
            report = [&](std::uint64_t done, std::uint64_t) { progress(std::min(done * size, count), count); };
        for (const block_result& r :
             threads_.run(0, mine, [&](std::uint64_t i) { return work(first + rank + i * size); }, report)) {
            packed.push_back(r.size());
            packed.insert(packed.end(), r.begin(), r.end());
        }
    } catch (const std::exception& e) {
        packed.assign(1, failed);
        append_text(packed, e.what());
    } catch (...) {
        packed.assign(1, failed);
        append_text(packed, "unexpected internal error");
    }

    const int length = static_cast<int>(packed.size());
    std::vector<int> lengths(rank_ == 0 ? size : 0), offsets(lengths.size());
    MPI_Request request;
    MPI_Igather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
    finish(request);
    std::vector<std::uint64_t> all;
    if (rank_ == 0) {
        for (std::size_t r = 1; r < lengths.size(); ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
        all.resize(static_cast<std::size_t>(offsets.back() + lengths.back()));
    }
    MPI_Igatherv(packed.data(), length, MPI_UINT64_T, all.data(), lengths.data(), offsets.data(), MPI_UINT64_T, 0,
                 MPI_COMM_WORLD, &request);
    finish(request);

    // Rank 0 unpacks, or finds the lowest failing rank; either way every rank learns the outcome.
    std::vector<block_result> results;
    block_result verdict{ok};
    if (rank_ == 0) {
        results.resize(count);
        for (std::size_t r = 0; r < lengths.size() && verdict[0] == ok; ++r) {
            const std::uint64_t* at = all.data() + offsets[r];
            if (*at++ == failed) {
                verdict.assign(1, failed);
                append_text(verdict, "rank " + std::to_string(r) + " of " + std::to_string(size) + ": " + text_at(at));
                break;
            }
            for (std::uint64_t b = r; b < count; b += size) {
                const std::uint64_t n = *at++;
                results[b].assign(at, at + n);
                at += n;
            }
        }
    }
    std::uint64_t verdict_length = verdict.size();
    broadcast(&verdict_length, 1, MPI_UINT64_T);
    verdict.resize(verdict_length);
    broadcast(verdict.data(), static_cast<int>(verdict_length), MPI_UINT64_T);
    if (verdict[0] == failed) throw block_error(text_at(verdict.data() + 1));
    return results;
}

void mpi_blocks::share_words(block_result& words) {
    std::uint64_t length = words.size();
    broadcast(&length, 1, MPI_UINT64_T);
    words.resize(length);
    // MPI counts in int: a long message goes in parts.
    constexpr std::uint64_t part = std::uint64_t{1} << 28;
    for (std::uint64_t at = 0; at < length; at += part)
        broadcast(words.data() + at, static_cast<int>(std::min(part, length - at)), MPI_UINT64_T);
}

}  // namespace pokerengine
