#pragma once
// Work split into numbered blocks: a job is a count of blocks, a function that
// computes one block from its index alone, and a merge that takes the blocks'
// results in index order. Whoever runs the blocks (threads here, MPI ranks, a
// scheduler, a process pool), the merge sees the same results in the same
// order, so the answer is the same to the last bit.

#include <bit>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/progress.hpp"

namespace pokerengine {

/// What one block gives back: plain 64-bit words (counts, or doubles stored bit
/// for bit with `word_of`), so any driver can move it between processes unchanged.
using block_result = std::vector<std::uint64_t>;

/// Computes block `block` of a job; the same index gives the same result
/// wherever and whenever it runs.
using block_work = std::function<block_result(std::uint64_t block)>;

/// A double as a word of a `block_result`, and back: the bits travel unchanged.
///
///     assert(double_of(word_of(0.1)) == 0.1);
constexpr std::uint64_t word_of(double x) { return std::bit_cast<std::uint64_t>(x); }
constexpr double double_of(std::uint64_t word) { return std::bit_cast<double>(word); }

/// Texts and numbers written into a block's words, read back in the same
/// order by `block_reader`: how a block that gives text (a replayed hand's
/// line) travels between processes.
///
///     block_writer w;
///     w.word(7);
///     w.text("ok");
///     block_reader r{w.words()};
///     // r.word() == 7, r.text() == "ok", r.done()
class block_writer {
public:
    block_writer() = default;
    /// Writes into `reuse`, emptied, keeping its memory.
    explicit block_writer(block_result reuse) : words_(std::move(reuse)) { words_.clear(); }
    void word(std::uint64_t w) { words_.push_back(w); }
    void text(std::string_view text);
    const block_result& words() const { return words_; }
    block_result take() { return std::move(words_); }

private:
    block_result words_;
};

/// Reads what a `block_writer` wrote. Throws `std::out_of_range` past the end.
class block_reader {
public:
    explicit block_reader(const block_result& words) : words_(words) {}
    /// A reader keeps a reference to the words: not to a temporary's.
    explicit block_reader(block_result&&) = delete;
    std::uint64_t word();
    std::string_view text();
    bool done() const { return at_ == words_.size(); }

private:
    const block_result& words_;
    std::size_t at_ = 0;
};

/// A block's failure on another process of a driver that spans several: every
/// process throws it together, with the message of the process that failed
/// ("rank 2 of 4: ..."), so that none is left waiting for another.
struct block_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Runs the blocks of a job, each exactly once, and returns their results in
/// index order to the one process that merges them.
///
///     thread_blocks pool{4};
///     std::vector<block_result> r = pool.run(0, 10, [](std::uint64_t b) { return block_result{b * b}; });
///     // r[3] == block_result{9}
class block_driver {
public:
    virtual ~block_driver() = default;

    /// Runs `work(b)` for every b in [`first`, `last`) and returns the results,
    /// element b - `first` for block b, where `merges()` is true; elsewhere an
    /// empty vector. `progress(done, total)`, counted in blocks, is called on
    /// the merging process only. The first exception of a block reaches the
    /// caller (in a driver of several processes, every process's caller, as `block_error`).
    virtual std::vector<block_result> run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                          const progress_callback& progress = {}) = 0;

    /// True on the process that receives the results and decides (always in
    /// one process; rank 0 under MPI).
    virtual bool merges() const { return true; }

    /// The merging process's `words`, on every process (each process's own
    /// are replaced): what the merging process alone read or decided, such as
    /// the next hands of a file only it can read. Collective, like `run`.
    virtual void share_words(block_result& words) { (void)words; }

    /// The merging process's `decision`, on every process: whether a
    /// simulation that stops by a rule on the merged results goes on.
    bool share(bool decision);

    /// The merging process's `count`, on every process: how many blocks a
    /// job that resumes from a checkpoint skips.
    std::uint64_t share_count(std::uint64_t count);

    /// How many blocks run at once (threads, times ranks under MPI): a job
    /// that runs in waves gives each wave this many blocks.
    virtual int workers() const = 0;
};

/// Blocks on threads of this process, taken in turn as threads finish theirs.
class thread_blocks final : public block_driver {
public:
    /// Throws `std::invalid_argument` unless `threads` is 1 to `max_threads`.
    explicit thread_blocks(int threads);
    std::vector<block_result> run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                  const progress_callback& progress = {}) override;
    int workers() const override { return threads_; }

private:
    int threads_;
};

}  // namespace pokerengine
