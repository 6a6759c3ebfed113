#pragma once
// Best-part selection: the best value over every choice of some cards of a
// list (the best five of seven, the best seven of ten), or of exactly so many
// from each of two lists (Omaha's two hole cards and three board cards). Each
// choice is a Hand reached from the previous one by adding card keys, so it
// costs about one addition before the value is read.

#include <array>
#include <span>
#include <string>
#include <type_traits>

#include "pokerengine/card_set.hpp"
#include "pokerengine/detail/choices.hpp"
#include "pokerengine/evaluator.hpp"

namespace pokerengine {

/// The best value over a set of choices, and the first choice that has it.
template <class Value>
struct best_choice {
    Value value{};
    Hand hand;  // the cards chosen, with their key
};

/// The most cards one choice may hold.
inline constexpr int max_choice_size = detail::max_choice_size;

namespace detail {

template <class Keeper>
auto public_choice(const Keeper& keeper) {
    return best_choice<typename Keeper::value_type>{keeper.best.value, Hand{keeper.best.entry}};
}

inline int choice_entries(std::span<const Card> cards, int count, std::array<key_and_bits, 64>& out) {
    if (count < 0 || count > max_choice_size || static_cast<std::size_t>(count) > cards.size() || cards.size() > out.size())
        throw hand_error("cannot choose " + std::to_string(count) + " of " + std::to_string(cards.size()) +
                         " cards (a choice holds 0 to " + std::to_string(max_choice_size) + " of at most 64 cards)");
    for (std::size_t i = 0; i < cards.size(); ++i) out[i] = card_entries[cards[i].code()];
    return static_cast<int>(cards.size());
}

// A value of a Hand as a value of an entry.
template <class ValueOf>
struct on_entries {
    ValueOf& value_of;
    auto operator()(key_and_bits e) { return value_of(Hand{e}); }
};
template <class ValueOf>
on_entries(ValueOf&) -> on_entries<ValueOf>;

}  // namespace detail

/// Calls `visit(const Hand&)` for every choice of `count` of `cards`, in
/// lexicographic order of their places in `cards`; each hand is `base` plus
/// the cards chosen. Throws `hand_error` if `count` is negative, above
/// `max_choice_size` or above the number of cards.
///
///     for_each_choice(parse_cards("As Ks Qs Js"), 2, [&](const Hand& h) { ++pairs; });  // 6 pairs
template <class Visit>
void for_each_choice(std::span<const Card> cards, int count, Visit&& visit, const Hand& base = Hand{}) {
    std::array<detail::key_and_bits, 64> entry;
    int n = detail::choice_entries(cards, count, entry);
    detail::for_each_choice(entry.data(), n, count, base.entry(), [&](detail::key_and_bits e) { visit(Hand{e}); });
}

/// The largest `value_of(const Hand&)` over every choice of `count` of `cards`
/// (added to `base`), and the first choice that has it. Values need only `<`.
///
///     const high_evaluator ev;
///     CardList cards = parse_cards("As Ks Qs Js Ts 9s 2d 2c");
///     auto best = best_of_choices(cards, 5, [&](const Hand& h) { return ev.evaluate_as<5>(h); });
///     // best.value is the royal flush, best.hand.cards() its five cards
template <class ValueOf>
auto best_of_choices(std::span<const Card> cards, int count, ValueOf&& value_of, const Hand& base = Hand{}) {
    std::array<detail::key_and_bits, 64> entry;
    int n = detail::choice_entries(cards, count, entry);
    detail::on_entries of{value_of};
    detail::best_keeper keeper{of};
    detail::for_each_choice(entry.data(), n, count, base.entry(), keeper);
    return detail::public_choice(keeper);
}

/// The best over every hand of exactly `FirstCount` of `first` and exactly
/// `SecondCount` of `second` (at most 10 cards): Omaha's two hole cards and
/// three board cards. The second list's choices are summed once.
///
///     auto best = best_of_split_choices<2, 3>(hole, board, [&](const Hand& h) { return ev.evaluate_as<5>(h); });
template <int FirstCount, int SecondCount, class ValueOf>
auto best_of_split_choices(std::span<const Card> first, std::span<const Card> second, ValueOf&& value_of) {
    static_assert(FirstCount >= 0 && SecondCount >= 0 && FirstCount + SecondCount <= max_choice_size,
                  "a split choice holds 0 to max_choice_size cards");
    std::array<detail::key_and_bits, 64> first_entry, second_entry;
    int n1 = detail::choice_entries(first, FirstCount, first_entry);
    int n2 = detail::choice_entries(second, SecondCount, second_entry);
    if (n2 > max_choice_size)
        throw hand_error("the second list of a split choice holds at most " + std::to_string(max_choice_size) +
                         " cards, not " + std::to_string(n2));
    detail::on_entries of{value_of};
    detail::best_keeper keeper{of};
    detail::for_each_split_choice<FirstCount, SecondCount, max_choice_size>(first_entry.data(), n1,
                                                                            second_entry.data(), n2, Hand{}.entry(),
                                                                            keeper);
    return detail::public_choice(keeper);
}

/// The best over every hand made from `hand` by leaving out `count` of its
/// cards (at most `max_choice_size` cards in all): each is the whole hand's key
/// minus the keys of the cards left out.
///
///     auto best = best_leaving_out(Hand{parse_card_set("As Ks Qs Js Ts 9s 2d")}, 2, value_of_five);
template <class ValueOf>
auto best_leaving_out(const Hand& hand, int count, ValueOf&& value_of) {
    if (count < 0 || count > hand.size() || hand.size() > max_choice_size)
        throw hand_error("cannot leave " + std::to_string(count) + " of " + std::to_string(hand.size()) +
                         " cards out (a hand holds at most " + std::to_string(max_choice_size) + ")");
    detail::on_entries of{value_of};
    detail::best_keeper keeper{of};
    detail::for_each_leaving_out(hand.entry(), count, keeper);
    return detail::public_choice(keeper);
}

}  // namespace pokerengine
