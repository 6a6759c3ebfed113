#pragma once
// Omaha selection: a hand is exactly two hole cards and exactly three board cards.

#include <array>
#include <bit>
#include <cstddef>
#include <string>

#include "pokerengine/card_set.hpp"
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
        // Keys add: sum the keys of each pair of hole cards and each three board
        // cards once, then every choice of five is one addition and one lookup.
        constexpr std::size_t pairs = HoleCards * (HoleCards - 1) / 2;
        std::array<std::uint64_t, pairs> pair_key{}, pair_bits{};
        std::array<std::uint64_t, 10> triple_key{}, triple_bits{};
        std::array<int, HoleCards> h{};
        std::array<int, 5> b{};
        std::size_t nh = 0, nb = 0;
        for (std::uint64_t rest = hole.bits(); rest; rest &= rest - 1) h[nh++] = std::countr_zero(rest);
        for (std::uint64_t rest = board.bits(); rest; rest &= rest - 1) b[nb++] = std::countr_zero(rest);
        auto key = [](int code) { return detail::card_keys[static_cast<std::size_t>(code)]; };
        std::size_t np = 0, nt = 0;
        for (std::size_t i = 0; i < nh; ++i)
            for (std::size_t j = i + 1; j < nh; ++j, ++np) {
                pair_key[np] = detail::empty_hand_key + key(h[i]) + key(h[j]);
                pair_bits[np] = (1ULL << h[i]) | (1ULL << h[j]);
            }
        for (std::size_t k = 0; k < nb; ++k)
            for (std::size_t l = k + 1; l < nb; ++l)
                for (std::size_t m = l + 1; m < nb; ++m, ++nt) {
                    triple_key[nt] = key(b[k]) + key(b[l]) + key(b[m]);
                    triple_bits[nt] = (1ULL << b[k]) | (1ULL << b[l]) | (1ULL << b[m]);
                }
        std::uint32_t best = 0;
        for (std::size_t p = 0; p < np; ++p)
            for (std::size_t t = 0; t < nt; ++t)
                best = std::max(best, detail::value_of_size<Ranking, 5>(pair_key[p] + triple_key[t],
                                                                         pair_bits[p] | triple_bits[t]));
        return hand_value{best};
    }
    hand_value evaluate(std::string_view hole, std::string_view board) const {
        return evaluate(parse_card_set(hole), parse_card_set(board));
    }

    /// The five cards (two hole, three board) that make the best hand, in reading order.
    CardList best_five(CardSet hole, CardSet board) const {
        hand_value v = evaluate(hole, board);
        CardList best;
        for (Card a : hole)
            for (Card b : hole)
                if (a < b)
                    for (Card c : board)
                        for (Card d : board)
                            for (Card e : board)
                                if (c < d && d < e && best.empty()) {
                                    CardSet five = CardSet{a} | b | c | d | e;
                                    if (five_card_.evaluate(five) == v) best = five_card_.best_five(five);
                                }
        return best;
    }

    std::string describe(hand_value v) const { return five_card_.describe(v); }
    hand_shape shape(hand_value v) const { return five_card_.shape(v); }
    hand_category category(hand_value v) const { return five_card_.category(v); }
    /// The category in words ("Flush"), or "No low" for 0 under a qualifier.
    std::string category_label(hand_value v) const { return five_card_.category_label(v); }

private:
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
