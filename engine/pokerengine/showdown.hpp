#pragma once
// Showdown: who wins among several players' hands, with optional shared board cards.

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/hand_value.hpp"

namespace pokerengine {

/// The outcome of a showdown, one entry per player in the order given.
struct showdown_result {
    std::vector<hand_value> values;    // each player's best hand (hole cards plus board)
    std::vector<int> places;           // 1 for the best hand; tied hands share a place (1, 1, 3)
    std::vector<std::size_t> winners;  // players with place 1, in order; several when they tie
};

/// Throws `hand_error` naming the card if a card is in two hands, or in a hand
/// and on the board; the evaluator throws for a wrong number of cards.
void check_no_card_dealt_twice(std::span<const CardSet> hands, CardSet board);

/// Evaluates every player's hole cards together with the board and ranks them.
///
///     high_evaluator ev;
///     std::vector<CardSet> hands{parse_card_set("As Ad"), parse_card_set("Ks Kd")};
///     showdown_result r = showdown(ev, hands, parse_card_set("2c 7d 9h Jc Qs"));
///     assert(r.winners == std::vector<std::size_t>{0});
template <class Evaluator>
showdown_result showdown(const Evaluator& ev, std::span<const CardSet> hands, CardSet board = {}) {
    check_no_card_dealt_twice(hands, board);
    showdown_result r;
    r.values.reserve(hands.size());
    for (CardSet h : hands) r.values.push_back(ev.evaluate(h | board));
    for (hand_value v : r.values)
        r.places.push_back(1 + static_cast<int>(std::count_if(r.values.begin(), r.values.end(),
                                                               [v](hand_value o) { return o > v; })));
    for (std::size_t i = 0; i < r.values.size(); ++i)
        if (r.places[i] == 1) r.winners.push_back(i);
    return r;
}

/// Just the winners: indices of the best hands.
template <class Evaluator>
std::vector<std::size_t> winners(const Evaluator& ev, std::span<const CardSet> hands, CardSet board = {}) {
    return showdown(ev, hands, board).winners;
}

}  // namespace pokerengine
