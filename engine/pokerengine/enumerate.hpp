#pragma once
// Enumeration: every hand of a given size drawn from a set of cards, with its value.

#include <array>
#include <cstddef>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"

namespace pokerengine {

namespace detail {

template <int Left, int Size, class Visit>
void nest_hands(const std::array<Card, 54>& cards, int count, int from, const Hand& partial, Visit& visit) {
    for (int i = from; i <= count - Left; ++i) {
        Hand hand = partial + cards[static_cast<std::size_t>(i)];
        if constexpr (Left == 1)
            visit(hand, hand_value{high_value_of_size<Size>(hand.key(), hand.bits())});
        else
            nest_hands<Left - 1, Size>(cards, count, i + 1, hand, visit);
    }
}

}  // namespace detail

/// Calls `visit(const Hand&, hand_value)` for every hand of `size` cards (5 to 7)
/// drawn from `cards`, each hand once. The hand is built card by card and the
/// size is known in advance, so each visit costs one addition and one lookup.
/// Cards are taken in rank-major order (2c 2d 2h 2s 3c ...), so neighbouring
/// hands often share their ranks. Throws `hand_error` for another size, for
/// jokers, or if `cards` holds fewer than `size` cards.
///
///     std::array<long, category_count> counts{};
///     for_each_hand(ev, CardSet::standard_deck(), 5,
///                   [&](const Hand&, hand_value v) { ++counts[int(ev.category(v))]; });
template <class Visit>
void for_each_hand(const high_evaluator&, CardSet cards, int size, Visit&& visit) {
    if (size < 5 || size > 7) throw hand_error("hands to enumerate hold 5 to 7 cards, not " + std::to_string(size));
    if (cards.joker_count() > 0) throw hand_error("high hands take natural cards only; remove the jokers");
    if (cards.size() < size)
        throw hand_error("cannot make " + std::to_string(size) + "-card hands from " + std::to_string(cards.size()) +
                         " cards");
    std::array<Card, 54> ordered{};
    int count = 0;
    for (int r = 0; r < rank_count; ++r)
        for (int s = 0; s < suit_count; ++s)
            if (Card c{static_cast<Rank>(r), static_cast<Suit>(s)}; cards.contains(c))
                ordered[static_cast<std::size_t>(count++)] = c;
    switch (size) {
        case 5: detail::nest_hands<5, 5>(ordered, count, 0, Hand{}, visit); break;
        case 6: detail::nest_hands<6, 6>(ordered, count, 0, Hand{}, visit); break;
        default: detail::nest_hands<7, 7>(ordered, count, 0, Hand{}, visit); break;
    }
}

}  // namespace pokerengine
