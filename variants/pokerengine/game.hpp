#pragma once
// A poker game as data: the deck, what each player holds at showdown, the
// shared board, which rules decide each half of the pot and who gets an odd
// chip. Games add no ranking logic of their own: each half of the pot is
// decided by one of the engine's evaluators.

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "pokerengine/badugi.hpp"
#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/omaha.hpp"

namespace pokerengine {

/// A mistake in a game's input: an unknown game name, the wrong number of
/// cards for the game, a negative contribution, a folded player showing cards.
class game_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The cards a game is dealt from.
enum class deck_kind : std::uint8_t {
    standard,    // 52 cards
    short_deck,  // 36 cards, six to ace
    one_joker,   // 52 cards and one joker
};

/// The cards of a deck: `deck_cards(deck_kind::short_deck).size() == 36`.
constexpr CardSet deck_cards(deck_kind deck) {
    constexpr std::uint64_t six_to_ace = 0x1FF0ULL * 0x0001000100010001ULL;
    switch (deck) {
        case deck_kind::short_deck: return CardSet{six_to_ace};
        case deck_kind::one_joker: return CardSet::standard_deck() | CardSet{Card::joker(0)};
        case deck_kind::standard: break;
    }
    return CardSet::standard_deck();
}

/// How a game deals: board games share cards, stud deals some cards face up,
/// draw games let players replace cards.
enum class game_family : std::uint8_t { board, stud, draw };

/// Who receives the odd chip when a pot or half does not divide evenly.
enum class odd_chip_rule : std::uint8_t {
    left_of_button,  // the first tied player clockwise from the button
    card_by_suit,    // stud: the tied player with the highest card by suit (spades > hearts > diamonds >
                     // clubs) for a high hand, the lowest card by suit (aces low) for a low hand
};

/// The cards of one hand at showdown.
struct deal_plan {
    int hole_cards = 0;   // each player's own cards
    int up_cards = 0;     // of those, dealt face up (stud)
    int board_cards = 0;  // shared cards
    int draws = 0;        // drawing rounds
    int hand_cards = 5;   // cards that make a hand (Omaha: two hole and three board)
};

/// Who opens a betting round.
enum class opener_rule : std::uint8_t {
    position,         // the first round: left of the largest blind; later rounds: the first seat from seat 0
    lowest_up_card,   // stud third street: the bring-in, lowest door card (aces high, clubs lowest)
    highest_up_card,  // razz third street: the bring-in, highest door card (aces low, spades highest)
    best_up_hand,     // stud later streets: the best hand showing
    worst_up_hand,    // razz later streets: the lowest hand showing
};

/// Which fixed-limit bet a betting round uses.
enum class bet_size : std::uint8_t { small, big };

/// One street: the cards dealt (or drawn), then a betting round.
struct street_plan {
    bool burn = false;            // a card is burned before this street's cards
    std::int8_t down_cards = 0;   // dealt to each player face down
    std::int8_t up_cards = 0;     // then dealt to each player face up (stud)
    std::int8_t board_cards = 0;  // shared cards
    bool draw = false;            // players discard and draw (the burn comes after the discards)
    opener_rule opener = opener_rule::position;
    bet_size fixed_limit_bet = bet_size::small;
};

/// A game's streets in order, at most five.
struct street_list {
    std::array<street_plan, 5> items{};
    int count = 0;

    constexpr std::span<const street_plan> streets() const { return {items.data(), static_cast<std::size_t>(count)}; }
};

/// Hold'em and Omaha: hole cards, flop, turn and river.
constexpr street_list board_game_streets(int hole_cards) {
    const auto hole = static_cast<std::int8_t>(hole_cards);
    return {{{{false, hole, 0, 0, false, opener_rule::position, bet_size::small},
              {true, 0, 0, 3, false, opener_rule::position, bet_size::small},
              {true, 0, 0, 1, false, opener_rule::position, bet_size::big},
              {true, 0, 0, 1, false, opener_rule::position, bet_size::big}}},
            4};
}

/// Seven-card stud, read high (stud, stud eight-or-better) or low (razz): two
/// down and one up, three more up, one down.
constexpr street_list stud_streets(bool low) {
    const opener_rule third = low ? opener_rule::highest_up_card : opener_rule::lowest_up_card;
    const opener_rule later = low ? opener_rule::worst_up_hand : opener_rule::best_up_hand;
    return {{{{false, 2, 1, 0, false, third, bet_size::small},
              {true, 0, 1, 0, false, later, bet_size::small},
              {true, 0, 1, 0, false, later, bet_size::big},
              {true, 0, 1, 0, false, later, bet_size::big},
              {true, 1, 0, 0, false, later, bet_size::big}}},
            5};
}

/// Draw games: the deal, then one draw (small then big bet) or three draws
/// (small, small, big, big).
constexpr street_list draw_streets(int hole_cards, int draws) {
    const auto hole = static_cast<std::int8_t>(hole_cards);
    street_list list{{{{false, hole, 0, 0, false, opener_rule::position, bet_size::small}}}, 1};
    for (int d = 1; d <= draws; ++d)
        list.items[static_cast<std::size_t>(list.count++)] = {
            false, 0, 0, 0, true, opener_rule::position, d == draws || d >= 2 ? bet_size::big : bet_size::small};
    return list;
}

/// How much a player may bet: a fixed amount per round, up to the pot, or anything.
enum class betting_structure : std::uint8_t { fixed_limit, pot_limit, no_limit };
/// "fixed-limit", "pot-limit", "no-limit".
std::string_view to_string(betting_structure s);
/// Parses those names (also "fixed", "limit", "pot", "no"); throws `std::invalid_argument` otherwise.
betting_structure parse_betting_structure(std::string_view name);

/// A game's variant code in the PHH standard under one betting structure
/// ("NT" is no-limit hold'em); the standard names eleven such pairs.
struct phh_code {
    betting_structure structure = betting_structure::no_limit;
    std::string_view code;  // empty: no code
};

/// Everything about a game except the rules that rank hands.
struct game_traits {
    std::string_view name;
    std::string_view description;
    game_family family = game_family::board;
    deck_kind deck = deck_kind::standard;
    deal_plan deal;
    odd_chip_rule odd_chip = odd_chip_rule::left_of_button;
    street_list streets;  // how the hand is played: dealing and betting rounds
    betting_structure usual_structure = betting_structure::fixed_limit;  // as it is most often played
    std::array<phh_code, 2> phh_codes{};  // its codes in the PHH standard, if it has any
};

/// A rule that decides one half of a pot (or the whole pot) from a player's
/// own cards and the board: a value (higher is better, 0 means the hand does
/// not qualify, as an eight-or-better hand with no low), the cards that play,
/// and the hand in words.
template <class R>
concept hand_rule = requires(const R& r, CardSet hole, CardSet board, hand_value v) {
    { r.evaluate(hole, board) } -> std::same_as<hand_value>;
    { r.best_cards(hole, board) } -> std::same_as<CardList>;
    { r.describe(v) } -> std::convertible_to<std::string>;
    { r.category_label(v) } -> std::convertible_to<std::string>;
};

/// The best hand from all of a player's cards and the board (hold'em, stud,
/// draw games, badugi).
template <class Evaluator>
struct best_of_all {
    Evaluator evaluator{};

    hand_value evaluate(CardSet hole, CardSet board) const { return evaluator.evaluate(hole | board); }
    CardList best_cards(CardSet hole, CardSet board) const {
        return evaluate(hole, board).value != 0 ? evaluator.best_five(hole | board) : CardList{};
    }
    std::string describe(hand_value v) const { return evaluator.describe(v); }
    std::string category_label(hand_value v) const { return evaluator.category_label(v); }
};

/// Omaha's hand: exactly two of the player's cards and three of the board.
template <class Ranking, int HoleCards>
struct two_plus_three {
    omaha_evaluator<Ranking, HoleCards> evaluator{};

    hand_value evaluate(CardSet hole, CardSet board) const { return evaluator.evaluate(hole, board); }
    CardList best_cards(CardSet hole, CardSet board) const {
        return evaluate(hole, board).value != 0 ? evaluator.best_five(hole, board) : CardList{};
    }
    std::string describe(hand_value v) const { return evaluator.describe(v); }
    std::string category_label(hand_value v) const { return evaluator.category_label(v); }
};

/// The absence of a half: a game with one winner per pot has no low hand
/// (hold'em), or no high hand (razz).
struct no_hand {};

template <class H>
inline constexpr bool is_hand_rule_or_none = std::same_as<H, no_hand> || hand_rule<H>;

/// A game: its traits and the rules for the high and the low half of each pot.
/// When both are hand rules the pot is split between them.
///
///     struct holdem {
///         static constexpr game_traits traits{"holdem", "...", game_family::board, deck_kind::standard,
///                                             {.hole_cards = 2, .board_cards = 5}};
///         using high_hand = best_of_all<high_evaluator>;
///         using low_hand = no_hand;
///     };
template <class G>
concept game = requires {
    { G::traits } -> std::convertible_to<const game_traits&>;
    typename G::high_hand;
    typename G::low_hand;
} && is_hand_rule_or_none<typename G::high_hand> && is_hand_rule_or_none<typename G::low_hand> &&
               !(std::same_as<typename G::high_hand, no_hand> && std::same_as<typename G::low_hand, no_hand>);

/// Whether the game splits each pot between a high and a low hand.
template <game G>
inline constexpr bool is_split_game =
    !std::same_as<typename G::high_hand, no_hand> && !std::same_as<typename G::low_hand, no_hand>;

}  // namespace pokerengine
