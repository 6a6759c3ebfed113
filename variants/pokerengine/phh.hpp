#pragma once
// Hand histories in PHH, the poker hand history format of the University of
// Toronto (phh-std): a TOML document per hand, every action in order, the
// dealing included, so that anyone can replay the hand to the same chips.
//
//     hand_state hand{config, 42};
//     ... play it ...
//     std::string document = write_phh(hand);   // variant = 'NT', antes = [...], actions = [...]

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/blocks.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/progress.hpp"
#include "pokerengine/replay.hpp"
#include "pokerengine/table.hpp"

namespace pokerengine::play {

/// The PHH variant code of a game played under a structure: "NT" (no-limit
/// hold'em), "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
/// "FB"; `x-<game name>` for a game and structure PHH has no code for.
std::string phh_variant(const any_game& game, betting_structure structure);

/// The hand as a PHH document: the variant and its required fields (antes,
/// blinds or bring-in, bet sizes, starting stacks), every action in order
/// (hole and board dealing, bets, draws, shows; antes, blinds and burns are
/// implicit in PHH and not written) and, once the hand is complete, the
/// finishing stacks. For two players PHH lists the antes and blinds in
/// reverse seat order (the big blind first), and so does this writer.
/// Amounts are written in the unit of `decimals` fraction digits (a hand read
/// from a PHH file keeps its own).
/// Cards in `unknown` are written as `??` (a replayed hand's stand-ins).
/// A rule profile other than `wsop-2024` is written as the user field
/// `_rule_profile` (`rule_profile_text`), which `read_phh` reads back.
std::string write_phh(const hand_state& hand, int decimals = 0, CardSet unknown = {});

/// `text` as a TOML basic string for a PHH field (`"..."`, with `"`, `\` and
/// control characters escaped): the one way the writers quote names and venues.
std::string phh_string(std::string_view text);

/// The hand last started at a table, as a table `[N]` of a `.phhs` document:
/// `write_phh(hand)` with the PHH optional fields `hand`, `seats` (1-based),
/// `seat_count` and `players`. Throws `std::invalid_argument` for another hand.
std::string phhs_entry(const table& at, const hand_state& hand);

/// A hand history that cannot be read: the message names the file, the hand
/// and, for an action, its index (0-based into `actions`) and its text.
class phh_error : public std::invalid_argument {
public:
    explicit phh_error(const std::string& message, std::optional<std::size_t> action = std::nullopt,
                       std::string action_text = {})
        : std::invalid_argument(message), action_(action), action_text_(std::move(action_text)) {}
    /// The action the error is about, when it is about one (an amount that is not a number).
    std::optional<std::size_t> action() const { return action_; }
    const std::string& action_text() const { return action_text_; }

private:
    std::optional<std::size_t> action_;
    std::string action_text_;
};

/// How to read the variants where the engine has a choice.
struct phh_read_options {
    bool triton_short_deck = false;  // NS as `short-deck` (trips beat a straight) instead of `short-deck-wsop`
    // Documents in the plain form PHH writers use (`key = value` lines, numbers,
    // strings without escapes, arrays, `[N]` tables) are read by a fast reader
    // of that form, anything else by toml++; true sends every document to toml++.
    bool general_toml_reader = false;
};

/// A PHH document, read once, whose hands are made one at a time (a large
/// `.phhs` need not hold every hand at once). The constructor throws
/// `phh_error` for a document that is not TOML or holds no hands; `hand(i)`
/// throws `phh_error` naming the hand when that hand's fields are wrong.
class phh_document {
public:
    phh_document(std::string_view text, std::string_view file, const phh_read_options& options = {});
    std::size_t size() const;               // hands, in order: the tables by number
    phh_hand hand(std::size_t index) const;  // 0-based; safe to call from several threads
    const std::string& file() const;        // as given

private:
    struct contents;
    std::shared_ptr<const contents> contents_;
};

/// One table `[N]` of a `.phhs` as a `phh_stream` cut it from the text, not
/// yet read: its text and where it starts in the file.
struct phh_table_text {
    std::string text;            // from the header `[N]` to the next header
    std::size_t index = 0;       // 0-based, in file order
    std::uint64_t offset = 0;    // byte offset of the header in the file
    std::uint64_t line = 1;      // 1-based line of the header
    std::string name;            // "3" for [3]; empty for a document that is one hand, or text before the tables
    bool before_tables = false;  // fields or other text before the first table: an error, not a hand
    bool too_large = false;      // more than `phh_stream::max_table_bytes`: skipped, an error of the hand
    std::string note;            // a warning about the table's place (a number not above the one before)
};

/// A `.phhs` read from a stream in blocks, a few hands at a time, so that a
/// file of any size is read in bounded memory: about one block and the
/// tables asked for. A table starts at every line that is `[name]`, a bare
/// key alone (a comment may follow); hands come in file order, the order
/// every writer uses, and a table whose number is not above the one before
/// is read all the same, with a warning. A document without tables is one
/// hand (a `.phh`) and is held whole. A table of more than `max_table_bytes`
/// is skipped, an error of that hand. Text before the first table other than
/// blank lines and comments is reported as an error that is not a hand.
///
///     std::ifstream in{"big.phhs", std::ios::binary};
///     phh_stream stream{in, "big.phhs"};
///     for (auto tables = stream.next(1000); !tables.empty(); tables = stream.next(1000))
///         for (const phh_table_text& t : tables) replay(stream.hand(t));
class phh_stream {
public:
    static constexpr std::size_t default_block_bytes = std::size_t{1} << 20;
    static constexpr std::size_t max_table_bytes = std::size_t{64} << 20;

    /// Reads from `in`, which must outlive the stream, `block_bytes` at a time
    /// (at least 1); `file` names it in errors.
    phh_stream(std::istream& in, std::string_view file, const phh_read_options& options = {},
               std::size_t block_bytes = default_block_bytes);
    /// The next tables in file order, at most `count`; none at the end. Throws
    /// `phh_error` when the stream cannot be read (the tables before it were given).
    std::vector<phh_table_text> next(std::size_t count);
    /// A table's hand. Throws `phh_error` naming the file, the hand, its line
    /// and byte offset. Safe to call from several threads.
    phh_hand hand(const phh_table_text& table) const;
    /// Bytes read so far, and the stream's size when it could be told (0 when not: a pipe).
    std::uint64_t bytes_read() const { return read_.load(std::memory_order_relaxed); }
    std::uint64_t bytes_total() const { return total_; }
    const std::string& file() const { return file_; }

private:
    void read_block();
    std::optional<std::size_t> find_header();
    void take(std::vector<phh_table_text>& out, std::size_t end, bool before_tables);
    std::istream& in_;
    std::string file_;
    phh_read_options options_;
    std::size_t block_bytes_;
    std::string buffer_;            // the text from byte `consumed_` of the stream on
    std::uint64_t consumed_ = 0;    // bytes before the buffer
    std::atomic<std::uint64_t> read_{0};
    std::uint64_t total_ = 0;
    std::size_t start_ = 0;         // where the table being cut starts in the buffer
    std::uint64_t line_ = 1;        // the line of `start_`
    std::size_t scanned_ = 0;       // a line start: no header from `start_` up to it
    std::size_t index_ = 0;
    bool started_ = false;          // the first header was found
    bool skipping_ = false;         // the table being cut is too large: dropped up to the next header
    bool ended_ = false;            // the stream has no more text
    bool done_ = false;
    std::exception_ptr failure_;    // a read error, thrown once the tables before it were given
    std::optional<std::uint64_t> last_number_;
};

/// A hand of a stream as read and replayed, given to `replay_stream`'s report
/// on a worker thread: the hand, or the error that kept it from being read.
struct streamed_hand {
    const phh_table_text& table;
    const phh_hand* hand = nullptr;          // null when it could not be read
    const phh_error* error = nullptr;        // why, when it could not
    const replay_result* result = nullptr;   // the replay, when it was read
};

/// How `replay_stream` runs: threads (1 to `max_threads`), hands per block,
/// and the progress report (bytes read of the stream's size, 0 when unknown).
struct stream_run_options {
    unsigned threads = 1;
    std::size_t hands_per_block = 4096;
    progress_callback progress = nullptr;
};

/// Reads `stream` block by block, the next block while the threads replay
/// one, and replays its hands on the threads; `report` turns each hand into
/// text on a worker thread, and `write` gets each block's text in input order
/// on the calling thread. The output never depends on the threads. An
/// exception of `report`, `write`, the progress report or the stream stops
/// the work and reaches the caller once every thread has been joined.
/// Returns the hands replayed.
std::uint64_t replay_stream(phh_stream& stream, const replay_options& options,
                            const std::function<std::string(const streamed_hand&)>& report,
                            const std::function<void(std::string_view)>& write, const stream_run_options& run = {});

/// The tables of a stream in blocks run by `driver`, on threads or across the
/// processes of an MPI job, where every process calls this with its own
/// stream of the same file name and options: the merging process's stream
/// alone is read, a round of `tables_per_round` tables ahead while the blocks
/// of the round before run, and each round is shared with the others, in
/// `driver.workers() x 16` blocks. `work` writes what it makes of a block's
/// tables into `out` where the driver runs it; `merge` gets each block's words
/// in input order on the merging process, where `progress` is reported (bytes
/// read of the stream's size). A stream that cannot be read throws `phh_error`
/// on every process, once the blocks before it were merged. Returns the tables.
std::uint64_t for_each_table_block(phh_stream& stream, block_driver& driver, std::size_t tables_per_round,
                                   const std::function<void(std::span<const phh_table_text> tables, block_writer& out)>& work,
                                   const std::function<void(block_reader& in)>& merge,
                                   const progress_callback& progress = {});

/// A hand's text as a report gives it, and whether the hand failed.
struct replayed_text {
    std::string text;
    bool failed = false;
};

/// As above, with the hands' blocks run by `driver`: on threads, or across
/// the processes of an MPI job, where every process calls this with its own
/// stream of the same file name and options, the merging process's stream
/// alone is read and each round of `hands_per_round` tables is shared with
/// the others, in `driver.workers() x 16` blocks. `write` gets each block's
/// text, its hands and how many of them failed, in input order, on the
/// merging process only, and `progress` is reported there. A stream that cannot be read throws
/// `phh_error` on every process. The output never depends on the driver.
/// Returns the hands replayed.
std::uint64_t replay_stream(phh_stream& stream, const replay_options& options,
                            const std::function<replayed_text(const streamed_hand&)>& report,
                            const std::function<void(std::string_view text, std::uint64_t hands, std::uint64_t failed)>& write,
                            block_driver& driver, std::size_t hands_per_round = 4096,
                            const progress_callback& progress = {});

/// Reads every hand of a PHH document: one hand, or the tables `[1]`, `[2]`,
/// ... of a `.phhs`. Throws `phh_error` naming `file` and the hand. Each
/// action is parsed once (`read_action`); one that is not an action is kept
/// with its error, and `replay` stops there (`bad_action`), while an amount
/// that is not a decimal number is an error of the hand.
std::vector<phh_hand> read_phh(std::string_view text, std::string_view file, const phh_read_options& options = {});

}  // namespace pokerengine::play
