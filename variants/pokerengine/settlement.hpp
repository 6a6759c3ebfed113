#pragma once
// The end of a hand: which chips each player receives. Pots are built from
// what everybody put in (main pot and side pots), each pot is split between
// the best high and the best qualifying low in split games, tied hands share
// their part, and odd chips follow the game's convention and the settlement
// rules. Every settlement (a showdown, a hand played or replayed) goes through
// one path: `detail::pay_pots`, on fixed arrays.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/game.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/pot.hpp"

namespace pokerengine {

/// One player at showdown, in seat order (clockwise).
struct seat {
    CardSet cards;           // the player's own cards; empty for a folded player
    chips contribution = 0;  // everything the player put in this hand
    bool folded = false;
};

/// Which part of a pot: the high half, the low half (lowball games have only a low).
enum class pot_half : std::uint8_t { high, low };

/// A player's hand for one half of the pot.
struct shown_hand {
    hand_value value;        // higher is better; 0 is no qualifying low
    CardList best_cards;     // the cards that play (empty when no low)
    std::string description; // "Full house, sixes over queens", "No qualifying low"
    std::string category;    // "Full house", "No low"
};

/// How a stud game hands out the odd chip of a split pot. Button games always
/// give it to the first tied player clockwise from the button.
enum class stud_odd_chip : std::uint8_t {
    best_five_by_suit,  // the highest card by suit among the five cards used (WSOP 2024 TR 73; the default)
    all_cards_by_suit,  // the highest card by suit among all the player's own cards (Robert's Rules, "Ties")
    seat_order,         // the first tied player from the dealer's left (pokerkit)
};

/// The settlement part of a rule profile: who receives the odd chips of a
/// split. For a low half "highest card by suit" reads "lowest card by suit, aces low".
///
///     settlement_rules roberts{stud_odd_chip::all_cards_by_suit};
struct settlement_rules {
    stud_odd_chip stud = stud_odd_chip::best_five_by_suit;
    bool odd_chips_to_first_winner = false;  // every odd chip of a split to the first tied player (pokerkit)

    friend bool operator==(const settlement_rules&, const settlement_rules&) = default;
};

/// One half of a pot (or the whole pot), and who won it.
struct pot_share {
    pot_half half = pot_half::high;
    chips amount = 0;
    std::vector<std::size_t> winners;  // in seat order
    std::vector<chips> won;            // chips of each winner, beside `winners`
    int runout = 0;                    // a hand run more than once: the board it was won on, 0 for the first
};

/// One pot and how it was divided.
struct pot_result {
    chips amount = 0;
    std::vector<std::size_t> eligible;  // players who could win it, in seat order
    std::vector<pot_share> shares;      // one part, or high then low in a split game
    bool uncontested = false;           // one eligible player: it goes back to them
    bool no_qualifying_low = false;     // split game where no eligible hand made a low (on some board, when run more than once)
};

/// The outcome of a showdown.
struct settlement {
    std::vector<pot_result> pots;                  // main pot first, then the side pots
    std::vector<std::optional<shown_hand>> high;   // each player's high hand (none: folded or no high half)
    std::vector<std::optional<shown_hand>> low;    // each player's low hand (none: folded or no low half)
    std::vector<chips> payouts;                    // chips each player receives, in seat order
};

namespace detail {
// The cards a player uses for one half: odd chips by the cards used.
using best_cards_fn = CardList (*)(pot_half half, CardSet own, CardSet board);

template <game G>
CardList best_cards_of(pot_half half, CardSet own, CardSet board) {
    constexpr bool has_high = !std::same_as<typename G::high_hand, no_hand>;
    constexpr bool has_low = !std::same_as<typename G::low_hand, no_hand>;
    if constexpr (has_high && has_low)
        return half == pot_half::high ? typename G::high_hand{}.best_cards(own, board)
                                      : typename G::low_hand{}.best_cards(own, board);
    else if constexpr (has_high)
        return typename G::high_hand{}.best_cards(own, board);
    else
        return typename G::low_hand{}.best_cards(own, board);
}

// Everything the one settlement path reads, in the caller's storage: one entry
// per player in each span. Nothing is allocated unless `pots` is asked for.
struct pay_input {
    const game_traits* traits = nullptr;
    settlement_rules rules;
    std::size_t button = 0;                    // button games: the player on the button
    std::span<const stake> stakes;             // contributions; folded players
    chips dead_money = 0;                      // antes that are nobody's contribution: the main pot's
    std::span<const std::uint8_t> muck_order;  // 1 for the first to muck at showdown, 2 for the next; empty: none
    bool showdown = true;                      // false: one player left, who takes every pot
    std::span<const CardSet> cards;            // each player's own cards
    CardSet board;
    std::span<const hand_value> high, low;     // each player's value for that half; empty: no such half
    best_cards_fn best_cards = nullptr;
    // A hand run more than once: the other boards, each with every player's values. Each pot is
    // divided into equal parts, one a board (the first board takes the odd chips of the division),
    // and each part is settled on its board as a pot of its own.
    struct runout {
        CardSet board;
        std::span<const hand_value> high, low;
    };
    std::span<const runout> more_runouts;
};
// Adds each player's winnings to `payouts`; appends each pot to `pots` when given.
void pay_pots(const pay_input& in, std::span<chips> payouts, std::vector<pot_result>* pots);

struct half_values {
    std::vector<hand_value> values;  // per player; unused for players who do not show
    std::vector<std::optional<shown_hand>> shown;
};
settlement settle_pots(const game_traits& traits, std::span<const seat> seats, CardSet board, std::size_t button,
                       const settlement_rules& rules, best_cards_fn best_cards, const half_values* high,
                       const half_values* low);
// Checks everything about the input; returns whether there is a showdown
// (false when one player is left and the board was not dealt out).
bool check_showdown(const game_traits& traits, std::span<const seat> seats, CardSet board, std::size_t button);
bool shows_cards(std::span<const seat> seats, std::size_t player);

template <class Rule>
half_values evaluate_half(const Rule& rule, std::span<const seat> seats, CardSet board, bool showdown) {
    half_values h;
    h.values.resize(seats.size());
    h.shown.resize(seats.size());
    for (std::size_t i = 0; i < seats.size() && showdown; ++i) {
        if (!shows_cards(seats, i)) continue;
        hand_value v = rule.evaluate(seats[i].cards, board);
        h.values[i] = v;
        h.shown[i] = shown_hand{v, rule.best_cards(seats[i].cards, board), rule.describe(v), rule.category_label(v)};
    }
    return h;
}
}  // namespace detail

/// Settles a hand of game `G`: builds the pots from the contributions, finds
/// each pot's winners among the players eligible for it, and pays them, odd
/// chips by `rules` (the default: WSOP 2024, as `play::rule_profile`'s).
/// `button` is the index of the player on the button (button games use it for
/// odd chips; stud games ignore it). Every player still in the hand shows the
/// game's number of cards, except a lone player left, who need not show, and
/// whose pot may be settled before the board is complete.
/// Throws `game_error` (wrong card counts, a card dealt twice or not in the
/// game's deck, a folded player showing cards, a bad button, more than
/// `max_pot_players` players) or `pot_error` (negative contribution, everybody
/// folded); nothing is paid on an error.
///
///     std::vector<seat> seats{{parse_card_set("As Ad"), 100}, {parse_card_set("Ks Kd"), 100}};
///     settlement s = settle(games::holdem{}, seats, parse_card_set("2c 7d 9h Jc Qs"), 0);
///     assert((s.payouts == std::vector<chips>{200, 0}));
template <game G>
settlement settle(const G&, std::span<const seat> seats, CardSet board, std::size_t button,
                  const settlement_rules& rules = {}) {
    const bool showdown = detail::check_showdown(G::traits, seats, board, button);
    std::optional<detail::half_values> high, low;
    if constexpr (!std::same_as<typename G::high_hand, no_hand>)
        high = detail::evaluate_half(typename G::high_hand{}, seats, board, showdown);
    if constexpr (!std::same_as<typename G::low_hand, no_hand>)
        low = detail::evaluate_half(typename G::low_hand{}, seats, board, showdown);
    return detail::settle_pots(G::traits, seats, board, button, rules, &detail::best_cards_of<G>,
                               high ? &*high : nullptr, low ? &*low : nullptr);
}

/// The same for a game chosen at run time (`find_game("omaha-hi-lo")`).
settlement settle(const any_game& game, std::span<const seat> seats, CardSet board, std::size_t button,
                  const settlement_rules& rules = {});

}  // namespace pokerengine
