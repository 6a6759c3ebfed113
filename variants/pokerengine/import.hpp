#pragma once
// Hand histories of online rooms, read into recorded hands and checked by
// replaying them: each room's text is one reader (PokerStars, Full Tilt,
// Winamax, iPoker and PartyPoker today), which the first lines of a file choose; every hand it reads
// is replayed by the engine and its chips compared with what the room recorded.
//
//     const history_reader* reader = detect_reader(text);            // by the first lines
//     for (const imported_hand& hand : reader->read(text, "day1.txt"))
//         if (import_check c = check(hand); c.status != import_status::ok) std::cerr << c.reason << '\n';
//
// A file of any size is read a chunk at a time by a `history_stream`.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/blocks.hpp"
#include "pokerengine/replay.hpp"

namespace pokerengine::play {

/// What the replay of an imported hand says about the room's record.
enum class import_status : std::uint8_t {
    ok,           // every action legal and every seat's chips equal to the record
    mismatch,     // the replay ends with other chips than the record for some seat
    unsupported,  // the record holds something the engine cannot play yet (run it twice, a game not read)
    error,        // a line that cannot be read, or an action the rules refuse
};
/// "ok", "mismatch", "unsupported", "error".
std::string_view to_string(import_status status);

/// One hand as a room recorded it, read into the form every history shares.
/// Amounts are whole numbers of the hand's unit, 10^-decimals of the room's
/// money (read from its decimal text, never through floating point).
struct imported_hand {
    std::string room;                   // "pokerstars"
    std::string id;                     // the room's hand number
    std::string game;                   // the room's name of the game: "Hold'em No Limit"
    std::size_t first_line = 0;         // 1-based line of the hand's first line in the file
    std::vector<std::string> players;   // names in the engine's seat order (seat 0 first)
    recorded_hand hand;                 // configuration and actions; `hand.file`, `hand.index`
    std::vector<std::size_t> action_lines;  // per action of `hand.actions`: its 1-based line (0: implied)
    std::vector<chips> recorded_results;    // per seat: the room's net result (won, returned, less put in)
    std::vector<std::size_t> result_lines;  // per seat: the line that records what it won (0: none)
    chips rake = 0;                         // rake and fees the room took from the pots
    // Per seat, when a player cashed out (GGPoker's EV Cashout): what the room paid it beside the
    // pots, or took from it when negative; in `recorded_results` and the engine's results alike.
    // Empty: nobody cashed out.
    std::vector<chips> cash_outs;
    bool cancelled = false;                 // the room cancelled the hand: every chip goes back
    // Not empty: the hand is not replayed, and why, naming the line.
    import_status read_status = import_status::ok;  // error or unsupported when `reason` is set
    std::string reason;
};

/// A piece of a file that starts where a hand starts: a large file is read a
/// block at a time, so that its hands need not all be held at once.
struct text_block {
    std::size_t offset = 0;      // in bytes, from the start of the file
    std::size_t length = 0;
    std::size_t first_line = 1;  // the 1-based line number of its first byte
    std::size_t first_hand = 0;  // the index of its first hand in the file (the caller's count)
};

/// What a reader carries from one block of a file to the next when a hand
/// depends on the hands before it (ACPC's SCORE line, checked against them all).
class read_state {
public:
    virtual ~read_state() = default;
};

/// Where a text may be cut after a whole line: the bytes before the cut and
/// how many lines they hold.
struct line_cut {
    std::size_t bytes = 0;
    std::size_t lines = 0;
};

/// Reads one room's histories. A file may hold thousands of hands; a hand that
/// cannot be read is returned with its status and reason rather than thrown.
class history_reader {
public:
    virtual ~history_reader() = default;
    /// The room's name as `--from` takes it: "pokerstars".
    virtual std::string_view room() const = 0;
    /// Whether `head`, the first lines of a file, are this room's.
    virtual bool recognizes(std::string_view head) const = 0;
    /// Every hand of `text`, in order; `file` names them. `text` is a whole
    /// file, or one of its blocks with `where` saying which (for the hands'
    /// line numbers and indexes) and, for a reader with a `file_state`, the
    /// state the blocks before it left (read one after the other, in file order).
    virtual std::vector<imported_hand> read(std::string_view text, std::string_view file,
                                            const text_block& where = {}, read_state* state = nullptr) const = 0;
    /// `text` cut into blocks of about `bytes` each (at least one hand each), at the starts of hands.
    virtual std::vector<text_block> blocks(std::string_view text, std::size_t bytes) const = 0;
    /// The state to read one file's blocks with, in file order; null (the
    /// default) when each block is read on its own, in any order, on any thread.
    virtual std::unique_ptr<read_state> file_state() const { return nullptr; }
    /// The cut after the last whole line of `text` ({0, 0}: no line ends in it),
    /// where a stream cuts a run of text too long to hold in which no hand
    /// starts. By default lines end in \n.
    virtual line_cut last_line_end(std::string_view text) const;
};

/// A block of whole hands as a `history_stream` cut it: where it is in the
/// file (`first_hand` is 0: the caller counts the hands) and its text, valid
/// until the stream's next `next`.
struct history_block {
    text_block where;
    std::string_view text;
};

/// A history whose stream cannot be read (a failing disk, a file cut short by
/// the system), naming the byte where reading stopped.
class history_read_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    /// The error's code: "unreadable".
    static constexpr std::string_view code() { return "unreadable"; }
};

/// A room's history read from a stream a chunk at a time, so that a file of
/// any size is read in bounded memory: about one chunk and the blocks given
/// from it. The reader cuts the text into blocks at the starts of hands; the
/// last, whose hand may go on in the text not read yet, waits for the next
/// chunk. Text in which no hand starts for more than `max_run_bytes` (a run of
/// anything but hands) is given cut after a line, and the reader reports it as
/// hands it cannot read. The hands read from the blocks, their line numbers and
/// reasons are those of the whole file read at once.
///
///     std::ifstream in{"day1.txt", std::ios::binary};
///     history_stream stream{in};
///     const history_reader* reader = detect_reader(stream.head());
///     for (auto blocks = stream.next(*reader); !blocks.empty(); blocks = stream.next(*reader))
///         for (const history_block& b : blocks)
///             for (const imported_hand& hand : reader->read(b.text, "day1.txt", b.where)) use(hand);
class history_stream {
public:
    static constexpr std::size_t default_chunk_bytes = std::size_t{4} << 20;
    static constexpr std::size_t default_block_bytes = std::size_t{256} << 10;
    static constexpr std::size_t default_max_run_bytes = std::size_t{64} << 20;

    /// Reads from `in`, which must outlive the stream, `chunk_bytes` at a time (at least 1).
    explicit history_stream(std::istream& in, std::size_t chunk_bytes = default_chunk_bytes,
                            std::size_t max_run_bytes = default_max_run_bytes);
    /// The start of the file, to choose its reader by: the first chunk (the
    /// whole file when shorter); valid until `next`. Throws `history_read_error`
    /// when the stream cannot be read.
    std::string_view head();
    /// The next blocks of whole hands in file order, cut by `reader` into about
    /// `block_bytes` each; none at the end. Throws `history_read_error` when the
    /// stream cannot be read, once the blocks of the text read before were given.
    std::vector<history_block> next(const history_reader& reader, std::size_t block_bytes = default_block_bytes);
    /// Bytes read so far; whether the stream has no more text to read.
    std::uint64_t bytes_read() const { return consumed_ + buffer_.size(); }
    bool ended() const { return ended_; }

private:
    void read_chunk();
    std::istream& in_;
    std::size_t chunk_bytes_, max_run_bytes_;
    std::string buffer_;          // the text from byte `consumed_` of the stream on
    std::uint64_t consumed_ = 0;  // bytes before the buffer
    std::uint64_t line_ = 1;      // the line of the buffer's first byte
    std::size_t given_ = 0;       // the buffer's bytes given as blocks
    bool cut_ = true;             // the buffer was cut as it is: read more before cutting again
    bool ended_ = false;
    bool failed_ = false;         // a read failed: the text before it is given, then the error thrown
};

/// The hands of a room's history in file order, a round at a time, in bounded
/// memory: each `next` takes the stream's next blocks as `reader` cuts them,
/// reads them on up to `threads` threads (one after the other for a reader
/// whose hands depend on those before them) and gives their hands, each
/// `hand.index` counted from 0 over the file; none at the end. `next` throws
/// `history_read_error` when the stream cannot be read, after giving every
/// hand read before. `stream` and `reader` must outlive it.
///
///     std::ifstream in{"day1.txt", std::ios::binary};
///     history_stream stream{in};
///     history_hands hands{stream, *detect_reader(stream.head()), "day1.txt", 2};
///     for (auto round = hands.next(); !round.empty(); round = hands.next())
///         for (const imported_hand& hand : round) use(hand);
class history_hands {
public:
    history_hands(history_stream& stream, const history_reader& reader, std::string file, unsigned threads = 1,
                  std::size_t block_bytes = history_stream::default_block_bytes);
    std::vector<imported_hand> next();
    /// The bytes of the stream whose hands `next` gave.
    std::uint64_t bytes_done() const { return bytes_done_; }
    /// The hands `next` gave.
    std::size_t hands_given() const { return hands_given_; }

private:
    std::vector<imported_hand> read_round(const std::vector<history_block>& blocks);
    history_stream& stream_;
    const history_reader& reader_;
    std::string file_;
    unsigned threads_;
    std::size_t block_bytes_;
    std::unique_ptr<read_state> state_;
    std::uint64_t bytes_done_ = 0;
    std::size_t hands_given_ = 0;
};

/// The hands of a room's history in blocks run by `driver`, on threads or
/// across the processes of an MPI job: the merging process alone reads
/// `stream` (the others' may be empty) and shares each round of blocks. Each
/// block's hands are read where the driver runs it (a reader with state reads
/// every block, in order, on every process), numbered over the file from 0
/// (`hand.index`), and given to `report`, which writes what it makes of them
/// into `out`. `merge` gets each block's words in file order on the merging
/// process, with the bytes of the stream done with that block. What it gets
/// never depends on the driver. Throws `history_read_error` on every process
/// when the stream cannot be read, once the blocks before it were merged.
/// Returns the hands read.
///
///     thread_blocks threads{2};
///     for_each_hand_block(stream, *reader, "day1.txt", threads,
///         [](std::span<const imported_hand> hands, block_writer& out) { out.word(hands.size()); },
///         [&](block_reader& in, std::uint64_t) { total += in.word(); });
std::uint64_t for_each_hand_block(history_stream& stream, const history_reader& reader, const std::string& file,
                                  block_driver& driver,
                                  const std::function<void(std::span<const imported_hand> hands, block_writer& out)>& report,
                                  const std::function<void(block_reader& in, std::uint64_t bytes_done)>& merge,
                                  std::size_t block_bytes = history_stream::default_block_bytes);

/// Every reader, in the order auto-detection tries them.
std::span<const history_reader* const> readers();
/// The reader of a room ("pokerstars"); nullptr for a room without one.
const history_reader* find_reader(std::string_view room);
/// The reader whose room wrote `text`, judged by its first lines; nullptr when none.
const history_reader* detect_reader(std::string_view text);

/// A game definition that the ACPC reader cannot read or whose game it does
/// not play; `line()` is the 1-based line of the definition at fault.
class game_definition_error : public std::invalid_argument {
public:
    game_definition_error(std::size_t line, const std::string& message)
        : std::invalid_argument(message), line_(line) {}
    std::size_t line() const { return line_; }
    /// The error's code: "bad_game_definition".
    static constexpr std::string_view code() { return "bad_game_definition"; }

private:
    std::size_t line_;
};

/// The parts of an ACPC game definition (a `.game` file of the competition's
/// dealer) that the engine plays: hold'em with a 52-card deck, limit or
/// no-limit, per position (0: the first seat after the button) its stack and
/// blind. Limit has no stacks in ACPC: `stacks` then holds more than any hand
/// can put in.
struct acpc_game {
    betting_structure structure = betting_structure::fixed_limit;
    int players = 0;
    std::vector<chips> stacks, blinds;
    std::vector<chips> raise_sizes;  // limit: the raise of each of the 4 rounds
    int max_bets = 0;                // limit: bets and raises in a round, the blinds being the first (0: no cap)
};

/// Reads a game definition: the text from `GAMEDEF` to `END GAMEDEF`. Throws
/// `game_definition_error` naming the line of a definition it cannot read or
/// of a game it does not play.
///
///     acpc_game g = read_acpc_game(text_of("holdem.limit.2p.reverse_blinds.game"));
acpc_game read_acpc_game(std::string_view game_definition);

/// The configuration of one hand of `game`, every amount times `unit`: the
/// blinds and stacks of each position (engine seat = ACPC position), the bet
/// sizes, and the raise cap of the definition's `maxRaises`, which holds
/// heads-up too.
hand_config acpc_hand_config(const acpc_game& game, chips unit = 1);

/// The reader of the ACPC dealer's logs (`STATE:` lines and the `SCORE` line)
/// of the game that `game_definition`, the text of a `.game` file, defines:
/// hold'em, limit or no-limit, 2 to 10 players. Throws `game_definition_error`
/// naming the line of a definition it cannot read or of a game it does not play.
std::unique_ptr<history_reader> acpc_reader(std::string_view game_definition);

/// The verdict on one imported hand.
struct import_check {
    import_status status = import_status::ok;
    std::string reason;                 // empty when ok
    std::vector<chips> results;         // per seat: the engine's net result, the room's rake taken off
    replay_result replayed;             // the replay, when the hand was replayed
};

/// Replays the hand and compares every seat's chips with the record. The
/// engine does not know how a room shares its rake between several winners:
/// the differences must fall on seats the engine paid, none above what it
/// paid them, and add up to the recorded rake (one winner: exactly the rake).
import_check check(const imported_hand& hand, const replay_options& options = {});

/// The hand as PHH, as `check` replayed it (`verdict`): the engine's record
/// of it, with the room (`venue`), its number (`hand`, when it is a number) and
/// the players' names; empty when it was not replayed (`error`, `unsupported`).
std::string imported_phh(const imported_hand& hand, const import_check& verdict);

}  // namespace pokerengine::play
