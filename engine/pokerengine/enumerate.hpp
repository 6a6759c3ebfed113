#pragma once
// Enumeration: every hand of a given size drawn from a set of cards, with its value.

#include <array>
#include <cstddef>

#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"

namespace pokerengine {

namespace detail {

// Each level adds one card's entry (key and bit) to the partial hand; the
// innermost level evaluates with the size known at compile time.
template <int Left, int Size, class Visit>
void nest_hands(const key_and_bits* first, const key_and_bits* last, key_and_bits partial, Visit& visit) {
    for (const key_and_bits* card = first; card + (Left - 1) < last; ++card) {
        key_and_bits hand = partial + *card;
        if constexpr (Left == 1)
            visit(Hand{hand}, hand_value{value_of_size<high, Size>(hand[0], hand[1])});
        else
            nest_hands<Left - 1, Size>(card + 1, last, hand, visit);
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
    std::array<detail::key_and_bits, 52> entries{};
    std::size_t count = 0;
    for (int r = 0; r < rank_count; ++r)
        for (int s = 0; s < suit_count; ++s)
            if (Card c{static_cast<Rank>(r), static_cast<Suit>(s)}; cards.contains(c))
                entries[count++] = detail::card_entries[c.code()];
    const detail::key_and_bits* first = entries.data();
    const detail::key_and_bits* last = first + count;
    const detail::key_and_bits empty = Hand{}.entry();
    switch (size) {
        case 5: detail::nest_hands<5, 5>(first, last, empty, visit); break;
        case 6: detail::nest_hands<6, 6>(first, last, empty, visit); break;
        default: detail::nest_hands<7, 7>(first, last, empty, visit); break;
    }
}

}  // namespace pokerengine
