#pragma once
// Video poker: pay tables as data, the expected value of every hold of a dealt
// hand, and the exact return of a game under optimal play.

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "pokerengine/card_set.hpp"

namespace pokerengine {

/// An exact rational number (expected values, returns, probabilities).
using exact_fraction = boost::multiprecision::cpp_rational;

/// Thrown for an unknown pay-table name and for a pay-table file that cannot
/// be read; the message names the file and line, or lists the valid names.
class paytable_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The games whose pay rows the engine can classify: the deck, the wild
/// cards and the order of the rows come with the game.
enum class video_poker_game : std::uint8_t {
    jacks_or_better,    // 52 cards, high hands, a pair of jacks or better pays
    deuces_wild,        // 52 cards, the four deuces wild, three of a kind or better pays
    joker_poker_kings,  // 53 cards (one joker, wild), a pair of kings or better pays
};

/// `jacks-or-better`, `deuces-wild`, `joker-poker-kings`: the names pay-table files declare.
std::string_view game_name(video_poker_game game);

/// One row of a pay table: the hands it pays and what it pays per coin.
struct pay_row {
    std::string_view key;    // the row's name in pay-table files: "full-house"
    std::string_view label;  // the row in words: "Full house"
    std::int64_t pays = 0;   // per coin bet
};

/// A video-poker pay table: a game and one payout per row, best row first.
/// Payouts are per coin at the five-coin royal rate (royal flush 800).
///
///     pay_table t = pay_table::named("jacks-or-better-9-6");
///     assert(t.rows()[3].label == "Full house" && t.rows()[3].pays == 9);
///     pay_table own = pay_table::parse("game jacks-or-better\nroyal-flush 800\n...", "my.txt");
class pay_table {
public:
    /// The built-in tables, in the order they are listed to users.
    static constexpr std::array<std::string_view, 3> names{"jacks-or-better-9-6", "deuces-wild-full-pay",
                                                           "joker-poker-kings"};
    /// Largest payout a table may hold (keeps every sum inside 64 bits).
    static constexpr std::int64_t max_pays = 1'000'000;

    /// A built-in table by name; throws `paytable_error` listing the names.
    static pay_table named(std::string_view name);
    /// Reads a pay-table file's text: a line `game NAME` (a name of
    /// `game_name`), then one line `ROW PAYS` for every row of that game
    /// (`full-house 9`). Blank lines and text after `#` are ignored. Throws
    /// `paytable_error` naming `source` and the line for anything else.
    static pay_table parse(std::string_view text, std::string_view source);
    /// The row keys of a game, best row first (what a file must list).
    static std::vector<std::string_view> row_keys(video_poker_game game);

    video_poker_game game() const { return game_; }
    /// The built-in name, or the file's name for a table read from a file.
    const std::string& name() const { return name_; }
    /// The paying rows, best first; a final hand in none of them pays nothing.
    std::span<const pay_row> rows() const { return rows_; }
    /// Number of cards in the deck: 52, or 53 with the joker.
    int deck_size() const { return game_ == video_poker_game::joker_poker_kings ? 53 : 52; }
    /// The deck the game is dealt from.
    CardSet deck() const;

    /// The row a five-card hand of this game's deck falls in, or `rows().size()`
    /// when it pays nothing. Uses the engine's evaluators (the pay-table wild
    /// evaluators for deuces wild and joker poker).
    std::size_t row_of(CardSet five) const;
    /// What a five-card hand pays per coin.
    std::int64_t pays(CardSet five) const {
        std::size_t row = row_of(five);
        return row < rows_.size() ? rows_[row].pays : 0;
    }

private:
    pay_table(video_poker_game game, std::string name, std::vector<pay_row> rows)
        : game_(game), name_(std::move(name)), rows_(std::move(rows)) {}
    video_poker_game game_;
    std::string name_;
    std::vector<pay_row> rows_;
};

/// One way to play a dealt hand: the cards held and the exact expected
/// payout per coin, `pay_sum / draws` over every equally likely draw.
struct hold_value {
    CardSet held;
    CardSet discarded;
    std::int64_t pay_sum = 0;  // total payout over all draws
    std::int64_t draws = 1;    // number of draws: C(47, discarded) (C(48, .) with a joker)

    /// The expected value as an exact fraction.
    exact_fraction ev() const;
    double ev_decimal() const { return static_cast<double>(pay_sum) / static_cast<double>(draws); }
};

/// True when `a` is worth strictly more than `b` (exact comparison).
inline bool better_hold(const hold_value& a, const hold_value& b) {
    return a.pay_sum * b.draws > b.pay_sum * a.draws;
}

/// Validates a dealt hand: five different cards of the game's deck. Throws
/// `hand_error` naming the problem (count, a joker where the game has none).
void check_dealt_hand(const pay_table& table, std::span<const Card> hand);
inline void check_dealt_hand(const pay_table& table, const CardList& hand) {
    check_dealt_hand(table, std::span<const Card>(hand.data(), hand.size()));
}

/// Every one of the 32 holds of a dealt five-card hand with its exact
/// expected value, found by dealing every draw; best first, equal values
/// ordered by more cards held, then by higher cards. Throws `hand_error` for a
/// hand that is not five different cards of the game's deck.
///
///     std::vector<hold_value> holds = analyze_hand(pay_table::named("jacks-or-better-9-6"),
///                                                  parse_card_set("As Ks Qs Js Ts"));
///     assert(holds[0].held.size() == 5 && holds[0].ev() == 800);
std::vector<hold_value> analyze_hand(const pay_table& table, CardSet hand);

/// For every set of 0 to 5 cards of a game's deck, how many final hands
/// containing it fall in each pay row, and their total payout: the tables
/// behind counting a hold's draws by inclusion-exclusion over the discarded
/// cards instead of dealing them. Building them evaluates every five-card
/// hand once (about a second); afterwards they are read only, so one object
/// may serve any number of threads.
///
///     draw_tables tables{pay_table::named("deuces-wild-full-pay")};
///     std::array<hold_value, 32> holds = tables.holds(parse_card_set("2s 2h 2d 2c 7d"));
class draw_tables {
public:
    explicit draw_tables(const pay_table& table);

    const pay_table& table() const { return table_; }
    /// The 32 holds of a dealt hand, in the order of the held-card mask over
    /// the hand's cards sorted by code (mask 31 holds all five). Unchecked:
    /// the hand must be five different cards of the deck.
    std::array<hold_value, 32> holds(CardSet hand) const;
    /// The number of final hands in each pay row (the last entry: hands
    /// that pay nothing) when `held` is kept from `hand` and the rest drawn.
    std::vector<std::int64_t> row_counts(CardSet hand, CardSet held) const;

private:
    int card_index(Card c) const;
    pay_table table_;
    int deck_size_;
    int row_count_;  // paying rows
    std::array<std::int8_t, 64> index_of_code_{};
    std::array<std::uint8_t, 53> code_of_index_{};
    // Indexed by subset size (0 to 4) and then colex rank of the subset.
    std::array<std::vector<std::int64_t>, 5> pay_sums_;
    std::array<std::vector<std::uint32_t>, 5> row_counts_;  // row_count_ entries per subset
    std::vector<std::uint8_t> five_card_rows_;              // the row of every five-card hand
};

/// The return of a game under optimal play, exactly.
struct video_poker_return {
    exact_fraction value;  // expected payout per coin bet (1 is a 100% return)
    /// Probability of each pay row's final hand under the optimal holds; the
    /// last entry is the final hands that pay nothing. Of holds of equal value
    /// the one keeping more cards is played: the choice can move frequencies
    /// between rows but never changes the return.
    std::vector<exact_fraction> row_probability;
    std::uint64_t deals = 0;            // every dealt hand: 2,598,960 or 2,869,685
    std::uint64_t distinct_deals = 0;   // deals that differ other than by renaming suits
};

/// The exact return of a game under optimal play over every deal: suit
/// symmetry reduces the deals to one per class (weighted by its size) and
/// each hold's draws are counted from `draw_tables`. About a second on one core.
///
///     video_poker_return r = compute_return(draw_tables{pay_table::named("jacks-or-better-9-6")});
///     // 0.995439 < r.value < 0.995440
video_poker_return compute_return(const draw_tables& tables);

}  // namespace pokerengine
