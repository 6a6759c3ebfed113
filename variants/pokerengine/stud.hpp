#pragma once
// Who acts first in stud games, read from the cards showing: the bring-in on
// third street and the first player to act on later streets.

#include <cstddef>
#include <cstdint>
#include <span>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/game.hpp"
#include "pokerengine/games.hpp"

namespace pokerengine {

/// How a stud game reads cards showing: for the high hand (stud, stud
/// eight-or-better) or the low hand (razz).
enum class showing_order : std::uint8_t { high, low };

template <game G>
constexpr showing_order showing_order_of() {
    static_assert(G::traits.family == game_family::stud, "bring-in and first to act are stud rules");
    return std::same_as<typename G::high_hand, no_hand> ? showing_order::low : showing_order::high;
}

/// The player who brings in: the lowest door card in high games (aces high,
/// clubs lowest of equal ranks), the highest in razz (aces low, spades highest).
/// `door_cards` holds each player's first up card, in seat order.
/// Throws `game_error` for no players, a joker, or a card given twice.
///
///     std::vector<Card> doors{parse_card("7s"), parse_card("2d"), parse_card("2c")};
///     assert(bring_in(showing_order::high, doors) == 2);   // 2c
std::size_t bring_in(showing_order order, std::span<const Card> door_cards);

/// The player who acts first on fourth street and later: the best hand
/// showing (high: four of a kind, three of a kind, two pair, a pair, high cards
/// — straights and flushes do not count; razz: the lowest hand, pairs worst).
/// Equal hands: the first in seat order, from the dealer's left. A player with
/// no up cards (folded) is skipped. Throws `game_error` when nobody shows cards.
///
///     std::vector<CardSet> up{parse_card_set("Kd 7c"), parse_card_set("5s 5h")};
///     assert(first_to_act(showing_order::high, up) == 1);  // the pair of fives
std::size_t first_to_act(showing_order order, std::span<const CardSet> up_cards);

/// The same for a stud game by type or chosen at run time; a game that is not
/// stud throws `game_error`.
template <game G>
std::size_t bring_in(const G&, std::span<const Card> door_cards) {
    return bring_in(showing_order_of<G>(), door_cards);
}
template <game G>
std::size_t first_to_act(const G&, std::span<const CardSet> up_cards) {
    return first_to_act(showing_order_of<G>(), up_cards);
}
std::size_t bring_in(const any_game& game, std::span<const Card> door_cards);
std::size_t first_to_act(const any_game& game, std::span<const CardSet> up_cards);

}  // namespace pokerengine
