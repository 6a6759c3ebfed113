#pragma once
// Equity: each player's expected share of the pot when the remaining cards
// are dealt, for hands or ranges, by exhaustive enumeration when the number of
// deals allows it and by seeded Monte Carlo otherwise.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "pokerengine/blocks.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/progress.hpp"
#include "pokerengine/range.hpp"
#include "pokerengine/thread_pool.hpp"

namespace pokerengine {

/// How `equity` finds its answer.
enum class equity_method : std::uint8_t {
    automatic,    // enumerate when the deals number at most `exact_limit`, else simulate
    exact,        // enumerate every deal, however many
    monte_carlo,  // simulate, even when enumeration would be quick
};

/// The bounds of `equity_options`, so that every calculation ends: at most
/// 10^12 simulated deals, at most a day of simulation, and a target standard
/// error of at least 0.00001 (about 2.5 * 10^9 deals at worst) unless a number
/// of deals or a time stops the run too.
inline constexpr std::uint64_t max_simulated_deals = 1'000'000'000'000;
inline constexpr double min_standard_error = 1e-5;
inline constexpr double max_simulation_seconds = 86'400;

/// Deals in one block of a simulation.
inline constexpr std::uint64_t equity_block = 1 << 16;

/// Settings of an equity calculation. Monte Carlo stops at the first rule met
/// among `max_deals`, `target_standard_error` and `max_seconds` (zero turns a
/// rule off; at least one must be on).
///
///     equity_options o;
///     o.method = equity_method::monte_carlo;
///     o.seed = 7;
///     o.threads = 2;
///     o.target_standard_error = 0.001;  // every player's equity within about 0.1%
struct equity_options {
    equity_method method = equity_method::automatic;
    /// The automatic method enumerates at most this many deals.
    std::uint64_t exact_limit = 200'000'000;
    /// Monte Carlo: the seed. The deals are made in blocks of `equity_block`,
    /// block b with `block_generator(seed, b)`, and merged in block order, so
    /// the result depends only on the seed (unless `max_seconds` stops the run),
    /// not on the number of threads or processes.
    std::uint64_t seed = 1;
    /// Threads for either method, 1 to `max_threads` (256).
    int threads = 1;
    /// The driver that runs the work's blocks (MPI ranks, say): Monte Carlo's
    /// blocks of deals, an enumeration's hand combinations (or parts of one).
    /// When null, `threads` threads of this process. The same answer either
    /// way; where the driver's `merges()` is false, the result is not filled in.
    block_driver* driver = nullptr;
    /// Monte Carlo: stop after this many deals (at most `max_simulated_deals`).
    std::uint64_t max_deals = 0;
    /// Monte Carlo: stop when every player's standard error of equity is at most
    /// this (0 to 1; below `min_standard_error` only beside `max_deals` or `max_seconds`).
    double target_standard_error = 0.0005;
    /// Monte Carlo: stop after about this many seconds (at most `max_simulation_seconds`).
    double max_seconds = 0;
    /// Enumeration: deal every board card by card even where the boards of
    /// hold'em and short deck could go by rank first, and enumerate every hand
    /// combination even when one alike up to the suits was done (the same
    /// counts, slower; kept to check the quick ways against).
    bool plain_enumeration = false;
    /// When set, called now and then on the calling thread (see `progress_callback`)
    /// with the deals done and the deals to do. An enumeration counts the deals
    /// of the hand combinations (or parts of one) finished, of all it visits,
    /// last with both equal. Monte Carlo counts the deals dealt, of `max_deals`
    /// when set, else under `max_seconds` of the deals that time allows at the
    /// rate so far, else of 0 (not known); last with both the deals dealt (a
    /// few blocks more than `deals` of the result when the standard error
    /// stopped the run in the middle of a wave of blocks). Under a driver of
    /// several processes, only where it `merges()`. The result is the same with
    /// or without it.
    ///
    ///     o.progress = [](std::uint64_t done, std::uint64_t total) {
    ///         if (total) std::fprintf(stderr, "\r%3d%%", int(100 * done / total));
    ///     };
    progress_callback progress;
    /// Monte Carlo: a checkpoint file (`checkpoint.hpp`) that keeps the
    /// finished blocks of deals, so that a run stopped by anything starts again
    /// where it was, with the same answer; empty for none. Its job names the
    /// game, the hands, board and dead cards, the seed, `max_deals` and the
    /// block size, so a file of another simulation is refused
    /// (`checkpoint_error`, `other_job`). An enumeration takes none (`game_error`).
    std::string checkpoint;
};

/// One player's result. Every field is a fraction from 0 to 1.
///
/// A pot won alone is a win; a pot shared by k players gives each 1/k of it;
/// in split games each half is half the pot and, when no low qualifies, the
/// high hand takes it all.
struct player_equity {
    double equity = 0;          // expected share of the pot
    double win = 0;             // chance of taking the whole pot alone (a scoop in split games)
    double tie = 0;             // chance of taking part of the pot but not all of it
    double high = 0;            // split games: expected share of the high half's winnings, ties split
    double low = 0;             // split games: expected share of the low half (0 when no low qualifies)
    double scoop = 0;           // split games: the same as `win`
    double standard_error = 0;  // Monte Carlo: the standard error of `equity`; 0 when exact
};

/// The answer of `equity`.
struct equity_result {
    std::vector<player_equity> players;  // in the order given
    bool exact = false;                  // enumerated rather than simulated
    bool split_pot = false;              // the game splits each pot between high and low
    std::uint64_t deals = 0;             // deals evaluated (hand combinations times boards)
    /// Enumeration: the combinations of one hand per player that share no card.
    std::uint64_t combinations = 0;
    /// The number of deals an enumeration visits, when it could be counted.
    boost::multiprecision::cpp_int deals_to_enumerate = 0;
    bool deals_to_enumerate_known = true;
    double standard_error = 0;  // the largest player's, Monte Carlo only
    std::string stopped_by;     // "enumeration", "deals", "standard error" or "time"
    double seconds = 0;         // wall-clock time taken
    double cpu_seconds = 0;     // processor time of the whole process meanwhile, all threads
    int threads = 1;
    std::uint64_t resumed_blocks = 0;  // Monte Carlo: blocks of deals taken from `checkpoint`, not dealt
};

/// Whether `equity` handles the game: the board and stud games (hold'em,
/// both short decks, Omaha 4/5/6 and hi/lo, stud, stud hi/lo, razz), not draw games.
bool has_equity(const any_game& game);
/// The names of the games `equity` handles, comma separated.
std::string equity_game_names();

/// Reads one player's hand or range for `game`: the hold'em range syntax
/// (`parse_range`) for two-card games, a list of explicit hands
/// (`parse_hand_list`) for the others. A hand may hold fewer cards than the
/// game deals (stud's known cards); the rest are dealt at random.
hand_range parse_player(const any_game& game, std::string_view text);

/// Each player's share of the pot over every way to deal the cards that are
/// not known: the missing board cards, the missing hole cards, and which hand
/// of each range the player holds (combos that share a card with the board,
/// dead cards or another player's hand are skipped; ranges are weighted).
///
///     any_game holdem = find_game("holdem");
///     std::vector<hand_range> players{parse_range("AsAh"), parse_range("KsKd")};
///     equity_result r = equity(holdem, players, CardSet{}, CardSet{});
///     // r.exact, r.deals == 1'712'304, r.players[0].equity about 0.8195
///
/// Throws `game_error` for a game without equity, fewer than 2 or more than 10
/// players, more cards than the deck holds, a board or hand of the wrong size,
/// a card outside the game's deck, a range left empty, a weight outside
/// `min_weight` .. `max_weight`, options outside their bounds (threads 1 to
/// `max_threads`, `max_simulated_deals`, `min_standard_error`, `max_simulation_seconds`);
/// `hand_error` for a card used twice. An error on a worker thread reaches the
/// caller the same way.
equity_result equity(const any_game& game, std::span<const hand_range> players, CardSet board, CardSet dead,
                     const equity_options& options = {});

/// Every hold'em starting-hand class against every class, heads-up before
/// the flop, exactly: a class's equity against another is the mean, over all
/// pairs of their hands that share no card, of the first hand's equity over
/// every board (each pair counts the same).
struct starting_hand_table {
    /// The 169 classes row by row of the usual 13x13 chart: AA, AKs, AQs, ...,
    /// A2s, AKo, KK, KQs, ..., 32o, 22.
    std::vector<std::string> classes;
    /// `equity[i][j]`: the share of the pot of class i against class j;
    /// `equity[i][j] + equity[j][i]` is 1.
    std::vector<std::vector<double>> equity;
    /// Pairs of hands enumerated: one for each set of pairs that differ only
    /// by a renaming of the suits or by which player holds which hand.
    std::uint64_t matchups = 0;
};

/// Computes the table on `threads` threads (1 to `max_threads`); about 47,000
/// enumerations of 1,712,304 boards. `progress(done, total)`, when given, is
/// called on the calling thread about ten times a second and at the end.
///
///     starting_hand_table t = starting_hand_equities(2);
///     // t.classes[0] == "AA", t.classes[14] == "KK", t.equity[0][14] about 0.8195
starting_hand_table starting_hand_equities(
    int threads = 1, const std::function<void(std::uint64_t done, std::uint64_t total)>& progress = {});

/// The same table with its matchups run by `driver`, one block each (`progress`
/// counts them): the same numbers for every driver. Where `driver.merges()` is
/// false (an MPI rank other than 0) the table comes back without its equities.
///
///     thread_blocks pool{2};
///     starting_hand_table t = starting_hand_equities(pool);
starting_hand_table starting_hand_equities(block_driver& driver, const progress_callback& progress = {});

}  // namespace pokerengine
