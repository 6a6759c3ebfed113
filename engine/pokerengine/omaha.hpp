#pragma once
// Omaha selection: a hand is exactly two hole cards and exactly three board cards.

#include <array>
#include <cstddef>
#include <string>

#include "pokerengine/card_set.hpp"
#include "pokerengine/detail/choices.hpp"
#include "pokerengine/evaluator.hpp"

namespace pokerengine {

/// Evaluates Omaha hands under a ranking: the best of every hand made of
/// exactly two of the `HoleCards` hole cards (4, 5 or 6) and exactly three of
/// the board's cards (3 to 5). A four-flush in the hand with two of the suit on
/// the board is no flush; the best high and the best low may use different
/// hole cards (evaluate each with its own ranking).
///
///     omaha_evaluator<high, 4> omaha;
///     hand_value v = omaha.evaluate(parse_card_set("As Ks Qs Js"), parse_card_set("2s 3s 7d 8c 9h"));
///     assert(omaha.describe(v) == "Ace high, king-nine-eight-seven kickers");
template <ranking_policy Ranking, int HoleCards = 4>
class omaha_evaluator {
    static_assert(HoleCards >= 4 && HoleCards <= 6, "Omaha selection takes 4, 5 or 6 hole cards");

public:
    using ranking = Ranking;
    static constexpr int hole_cards = HoleCards;

    /// The best hand of two hole cards and three board cards. Throws
    /// `hand_error` for a wrong number of hole or board cards, a card in both,
    /// a joker or a card outside the ranking's deck.
    hand_value evaluate(CardSet hole, CardSet board) const {
        check(hole, board);
        std::uint32_t best = 0;
        for_each_two_plus_three(hole, board, [&](detail::key_and_bits five) {
            best = std::max(best, detail::value_of_size<Ranking, 5>(five[0], five[1]));
        });
        return hand_value{best};
    }
    hand_value evaluate(std::string_view hole, std::string_view board) const {
        return evaluate(parse_card_set(hole), parse_card_set(board));
    }

    /// The five cards (two hole, three board) that make the best hand, in reading order.
    CardList best_five(CardSet hole, CardSet board) const {
        check(hole, board);
        auto value_of = [](detail::key_and_bits five) { return detail::value_of_size<Ranking, 5>(five[0], five[1]); };
        detail::best_keeper keeper{value_of};
        for_each_two_plus_three(hole, board, keeper);
        return five_card_.best_five(CardSet{keeper.best.entry[1]});
    }

    std::string describe(hand_value v) const { return five_card_.describe(v); }
    hand_shape shape(hand_value v) const { return five_card_.shape(v); }
    hand_category category(hand_value v) const { return five_card_.category(v); }
    /// The category in words ("Flush"), or "No low" for 0 under a qualifier.
    std::string category_label(hand_value v) const { return five_card_.category_label(v); }

private:
    // Keys add: the sums of each pair of hole cards and each three board cards
    // are made once, then every choice of five is one addition and one lookup.
    template <class Visit>
    static void for_each_two_plus_three(CardSet hole, CardSet board, Visit&& visit) {
        std::array<detail::key_and_bits, HoleCards> h;
        std::array<detail::key_and_bits, 5> b;
        int nh = detail::entries_of_bits(hole.bits(), h);
        int nb = detail::entries_of_bits(board.bits(), b);
        detail::for_each_split_choice<2, 3, 5>(h.data(), nh, b.data(), nb, Hand{}.entry(), visit);
    }

    static void check(CardSet hole, CardSet board) {
        if (hole.size() != HoleCards)
            throw hand_error(std::to_string(HoleCards) + "-card Omaha takes " + std::to_string(HoleCards) +
                             " hole cards, got " + std::to_string(hole.size()) + ": \"" + to_string(hole) + "\"");
        if (board.size() < 3 || board.size() > 5)
            throw hand_error("an Omaha board holds 3 to 5 cards, got " + std::to_string(board.size()) +
                             (board.empty() ? "" : ": \"" + to_string(board) + "\""));
        if (CardSet both = hole & board; !both.empty())
            throw hand_error("card " + to_string(*both.begin()) + " is both in the hand and on the board");
        if ((hole | board).joker_count() > 0) throw hand_error("Omaha hands take natural cards only; remove the jokers");
        if (CardSet outside = (hole | board) - CardSet{detail::deck_bits<Ranking>}; !outside.empty())
            throw hand_error("card " + to_string(*outside.begin()) + " is not in the deck of these rules");
    }

    evaluator<Ranking> five_card_;
};

/// Omaha high with four, five or six hole cards, and the Omaha eight-or-better low.
using omaha_evaluator_high = omaha_evaluator<high, 4>;
using omaha5_evaluator_high = omaha_evaluator<high, 5>;
using omaha6_evaluator_high = omaha_evaluator<high, 6>;
using omaha_evaluator_low = omaha_evaluator<eight_or_better_low, 4>;
using omaha5_evaluator_low = omaha_evaluator<eight_or_better_low, 5>;

}  // namespace pokerengine
