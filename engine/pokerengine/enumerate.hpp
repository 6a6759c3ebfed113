#pragma once
// Enumeration: every hand of a given size drawn from a set of cards, with its value.

#include <array>
#include <cstddef>
#include <string>

#include "pokerengine/card_set.hpp"
#include "pokerengine/detail/choices.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/registry.hpp"

namespace pokerengine {

namespace detail {

// Natural hands know their size at compile time and skip every check; wild
// cards are taken out of each hand by the wild-card evaluator itself.
template <int Size, class Ranking, class Wild, class Visit>
void nest_hands_of_size(const evaluator<Ranking, Wild>& ev, const key_and_bits* first, const key_and_bits* last,
                        Visit& visit) {
    const key_and_bits empty = Hand{}.entry();
    if constexpr (std::is_same_v<Wild, no_wild>) {
        auto natural = [&visit](key_and_bits h) { visit(Hand{h}, hand_value{value_of_size<Ranking, Size>(h[0], h[1])}); };
        for_each_choice_of<Size>(first, last, empty, natural);
    } else {
        auto with_wild_cards = [&visit, &ev](key_and_bits h) { visit(Hand{h}, ev.evaluate(Hand{h})); };
        for_each_choice_of<Size>(first, last, empty, with_wild_cards);
    }
}

}  // namespace detail

/// Calls `visit(const Hand&, hand_value)` for every hand of `size` cards (5 to 7)
/// drawn from `cards`, each hand once, valued by `ev`: any evaluator of a
/// ranking, with or without wild cards. The hand is built card by card; for
/// natural rankings the size is known in advance, so each visit costs one
/// addition and one lookup. Cards are taken in rank-major order (2c 2d 2h 2s
/// 3c ...), so neighbouring hands often share their ranks. Throws `hand_error`
/// for another size, for jokers that are not wild, for cards outside the
/// ranking's deck (short deck's 36 cards), or if `cards` holds fewer than
/// `size` cards.
///
///     std::array<long, category_count> counts{};
///     for_each_hand(ev, CardSet::standard_deck(), 5,
///                   [&](const Hand&, hand_value v) { ++counts[int(ev.category(v))]; });
template <class Ranking, class Wild, class Visit>
void for_each_hand(const evaluator<Ranking, Wild>& ev, CardSet cards, int size, Visit&& visit) {
    constexpr std::string_view name = detail::ranking_name<Ranking>;
    if (size < 5 || size > 7) throw hand_error("hands to enumerate hold 5 to 7 cards, not " + std::to_string(size));
    CardSet natural = cards;
    if constexpr (!std::is_same_v<Wild, no_wild>) natural = cards - ev.wild_cards();
    if (natural.joker_count() > 0)
        throw hand_error(std::string(name) + " hands take natural cards only; remove the jokers" +
                         (std::is_same_v<Wild, no_wild> ? "" : " that are not wild"));
    if (CardSet outside = natural - CardSet{detail::deck_bits<Ranking>}; !outside.empty())
        throw hand_error("card " + to_string(*outside.begin()) + " is not in the " +
                         std::to_string(CardSet{detail::deck_bits<Ranking>}.size()) + "-card deck of " +
                         std::string(name) + " hands");
    if (cards.size() < size)
        throw hand_error("cannot make " + std::to_string(size) + "-card hands from " + std::to_string(cards.size()) +
                         " cards");
    std::array<detail::key_and_bits, 54> entries{};
    std::size_t count = 0;
    for (int r = 0; r < rank_count; ++r)
        for (int s = 0; s < suit_count; ++s)
            if (Card c{static_cast<Rank>(r), static_cast<Suit>(s)}; cards.contains(c))
                entries[count++] = detail::card_entries[c.code()];
    for (Card joker : cards & joker_cards()) entries[count++] = detail::card_entries[joker.code()];
    const detail::key_and_bits* first = entries.data();
    const detail::key_and_bits* last = first + count;
    switch (size) {
        case 5: detail::nest_hands_of_size<5>(ev, first, last, visit); break;
        case 6: detail::nest_hands_of_size<6>(ev, first, last, visit); break;
        default: detail::nest_hands_of_size<7>(ev, first, last, visit); break;
    }
}

}  // namespace pokerengine
