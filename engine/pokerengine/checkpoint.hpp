#pragma once
// A job's finished blocks kept in a file, so that a job that was stopped (a
// killed process, a lost node, a time limit) starts again where it was: the
// blocks the file holds are not computed again. Blocks are computed from their
// index alone (blocks.hpp), so a resumed job gives the same answer to the last
// bit as one that never stopped.
//
//     thread_blocks pool{4};
//     checkpoint_blocks saved{pool, "table.checkpoint", "starting-hand table 1"};
//     std::vector<block_result> r = saved.run(0, n, work);  // again after a kill: only the rest
//
// The file is text: a first line `pokerengine checkpoint 1`, a line `job `
// and the job's name, then one line a block: its index in decimal and its
// words in hexadecimal, separated by single spaces. Lines are appended a
// group of blocks at a time by the merging process only (rank 0 under MPI).
// A last line cut short (no line end: the process died while writing) is
// left out; anything else that is not in this form is an error.

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerengine/blocks.hpp"

namespace pokerengine {

/// What is wrong with a checkpoint file.
enum class checkpoint_error_code : std::uint8_t {
    unreadable,         // the file exists but cannot be read
    unwritable,         // the file cannot be created or appended to
    not_a_checkpoint,   // the first line is not `pokerengine checkpoint 1`
    other_job,          // the file is of another job (its `job` line differs)
    bad_line,           // a block's line is not an index and hexadecimal words
    conflicting_block,  // one block twice with different results
};

/// The code's name: `other_job`.
const char* to_string(checkpoint_error_code code);

/// A checkpoint that cannot be used, with its code; the message names the
/// file and, for a bad line, its number.
class checkpoint_error : public std::invalid_argument {
public:
    checkpoint_error(checkpoint_error_code code, const std::string& message)
        : std::invalid_argument(message), code_(code) {}
    checkpoint_error_code code() const { return code_; }

private:
    checkpoint_error_code code_;
};

/// The blocks a checkpoint's `text` holds, by index, for the job named `job`
/// (`file` names it in messages). Throws `checkpoint_error`.
///
///     auto blocks = read_checkpoint("pokerengine checkpoint 1\njob j\n3 a ff\n", "j");
///     // blocks.at(3) == block_result{10, 255}
std::map<std::uint64_t, block_result> read_checkpoint(std::string_view text, std::string_view job,
                                                      std::string_view file = "checkpoint");

/// Sixteen hexadecimal digits that stand for a long description of what a
/// job's blocks depend on (its 64-bit FNV-1a digest), so that its `job` line
/// stays short however large the job's inputs.
///
///     std::string job = "my simulation " + job_digest("hands AsAh,KsKd; seed 5");
std::string job_digest(std::string_view description);

/// A driver that runs another one's blocks and keeps them in a file: at each
/// `run`, the blocks from `first` on that the file already holds come from it,
/// and the rest run on `inner` in groups of `workers() x 64` blocks, each
/// group appended to the file when it is done. Under MPI every process makes
/// one with the same arguments; only the merging process touches the file.
class checkpoint_blocks final : public block_driver {
public:
    /// Reads `path` when it exists (on the merging process). Throws
    /// `checkpoint_error` for a file that is not a checkpoint of `job`.
    checkpoint_blocks(block_driver& inner, std::string path, std::string job);

    std::vector<block_result> run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                  const progress_callback& progress = {}) override;
    bool merges() const override { return inner_.merges(); }
    void share_words(block_result& words) override { inner_.share_words(words); }
    int workers() const override { return inner_.workers(); }

    /// Blocks taken from the file rather than computed, over every `run` so far.
    std::uint64_t resumed() const { return resumed_; }

private:
    void append(std::uint64_t first, const std::vector<block_result>& results);

    block_driver& inner_;
    std::string path_, job_;
    std::map<std::uint64_t, block_result> saved_;
    std::uint64_t resumed_ = 0;
};

}  // namespace pokerengine
