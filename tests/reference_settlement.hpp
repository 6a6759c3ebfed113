#pragma once
// A slow settlement written apart from variants/src/settlement.cpp, for the
// property tests: pots are built chip level by chip level, hands are valued
// by trying every allowed choice of cards, and odd chips are handed out by
// walking the table. Random showdowns are checked against it.

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "pokerengine/games.hpp"
#include "pokerengine/settlement.hpp"

namespace reference {

using pokerengine::Card;
using pokerengine::CardSet;
using pokerengine::chips;
using pokerengine::hand_value;

// Omaha: every pair of hole cards with every three board cards, valued as five cards.
template <class FiveCardEvaluator>
hand_value best_two_plus_three(const FiveCardEvaluator& ev, CardSet hole, CardSet board) {
    std::vector<Card> h(hole.begin(), hole.end()), b(board.begin(), board.end());
    hand_value best{0};
    for (std::size_t i = 0; i < h.size(); ++i)
        for (std::size_t j = i + 1; j < h.size(); ++j)
            for (std::size_t x = 0; x < b.size(); ++x)
                for (std::size_t y = x + 1; y < b.size(); ++y)
                    for (std::size_t z = y + 1; z < b.size(); ++z) {
                        CardSet five = CardSet{h[i]} | h[j] | b[x] | b[y] | b[z];
                        best = std::max(best, ev.evaluate(five));
                    }
    return best;
}

struct hand_values {
    std::vector<hand_value> high, low;  // empty when the game has no such half
};

template <class Half>
struct half_evaluator;
template <class E>
struct half_evaluator<pokerengine::best_of_all<E>> {
    static hand_value value(CardSet hole, CardSet board) { return E{}.evaluate(hole | board); }
};
template <class R, int N>
struct half_evaluator<pokerengine::two_plus_three<R, N>> {
    static hand_value value(CardSet hole, CardSet board) {
        return best_two_plus_three(pokerengine::evaluator<R>{}, hole, board);
    }
};

template <class Half>
std::vector<hand_value> values_of(std::span<const pokerengine::seat> seats, CardSet board) {
    std::vector<hand_value> v(seats.size(), hand_value{0});
    if constexpr (!std::same_as<Half, pokerengine::no_hand>)
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (!seats[i].folded && !seats[i].cards.empty()) v[i] = half_evaluator<Half>::value(seats[i].cards, board);
    return v;
}

struct ref_pot {
    chips amount = 0;
    std::vector<std::size_t> eligible;
};

// One layer per chip level; consecutive layers with the same eligible players
// are one pot; layers nobody still in the hand reached join the pot below.
inline std::vector<ref_pot> pots_by_layers(std::span<const pokerengine::seat> seats) {
    chips top = 0;
    for (const auto& s : seats) top = std::max(top, s.contribution);
    std::vector<ref_pot> pots;
    for (chips level = 1; level <= top; ++level) {
        ref_pot layer;
        for (std::size_t i = 0; i < seats.size(); ++i) {
            if (seats[i].contribution >= level) {
                ++layer.amount;
                if (!seats[i].folded) layer.eligible.push_back(i);
            }
        }
        if (!pots.empty() && (layer.eligible.empty() || layer.eligible == pots.back().eligible))
            pots.back().amount += layer.amount;
        else
            pots.push_back(layer);
    }
    if (pots.empty() || pots.front().eligible.empty()) {
        // Nobody still in the hand put in a chip: one pot for everybody left.
        ref_pot all;
        for (const auto& p : pots) all.amount += p.amount;
        for (std::size_t i = 0; i < seats.size(); ++i)
            if (!seats[i].folded) all.eligible.push_back(i);
        pots = {all};
    }
    return pots;
}

// The order odd chips go in among `winners`.
inline std::vector<std::size_t> table_order(const pokerengine::game_traits& traits,
                                            std::span<const pokerengine::seat> seats, std::size_t button,
                                            std::vector<std::size_t> winners, bool low_half) {
    if (traits.odd_chip == pokerengine::odd_chip_rule::left_of_button) {
        std::vector<std::size_t> order;
        for (std::size_t step = 1; step <= seats.size(); ++step) {
            std::size_t seat = (button + step) % seats.size();
            if (std::find(winners.begin(), winners.end(), seat) != winners.end()) order.push_back(seat);
        }
        return order;
    }
    // Stud: the highest card by suit (aces high) for a high hand, the lowest
    // (aces low) for a low hand; suits rank clubs, diamonds, hearts, spades.
    auto card_worth = [&](Card c) {
        int rank = static_cast<int>(c.rank()) + 2;  // 2..14
        if (low_half && rank == 14) rank = 1;
        return rank * 10 + static_cast<int>(c.suit());
    };
    auto key = [&](std::size_t p) {
        std::vector<int> worths;
        for (Card c : seats[p].cards) worths.push_back(card_worth(c));
        return low_half ? *std::min_element(worths.begin(), worths.end())
                        : -*std::max_element(worths.begin(), worths.end());
    };
    std::sort(winners.begin(), winners.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    return winners;
}

// The table order, except that players who already had an odd chip from this
// pot come last: nobody receives two.
inline std::vector<std::size_t> odd_chip_order(const pokerengine::game_traits& traits,
                                               std::span<const pokerengine::seat> seats, std::size_t button,
                                               const std::vector<std::size_t>& winners, bool low_half,
                                               const std::vector<bool>& had_odd_chip) {
    std::vector<std::size_t> first, last;
    for (std::size_t p : table_order(traits, seats, button, winners, low_half))
        (had_odd_chip[p] ? last : first).push_back(p);
    first.insert(first.end(), last.begin(), last.end());
    return first;
}

template <pokerengine::game G>
std::vector<chips> payouts(std::span<const pokerengine::seat> seats, CardSet board, std::size_t button) {
    constexpr bool has_high = !std::same_as<typename G::high_hand, pokerengine::no_hand>;
    constexpr bool has_low = !std::same_as<typename G::low_hand, pokerengine::no_hand>;
    std::vector<hand_value> high = values_of<typename G::high_hand>(seats, board);
    std::vector<hand_value> low = values_of<typename G::low_hand>(seats, board);
    std::vector<chips> paid(seats.size(), 0);
    std::vector<bool> had_odd_chip(seats.size(), false);
    auto award = [&](chips amount, const std::vector<std::size_t>& eligible, const std::vector<hand_value>& values,
                     bool low_half) {
        hand_value best{0};
        for (std::size_t p : eligible) best = std::max(best, values[p]);
        std::vector<std::size_t> winners;
        for (std::size_t p : eligible)
            if (values[p] == best) winners.push_back(p);
        std::vector<std::size_t> order = odd_chip_order(G::traits, seats, button, winners, low_half, had_odd_chip);
        chips each = amount / static_cast<chips>(order.size());
        chips left = amount - each * static_cast<chips>(order.size());
        for (std::size_t p : order) {
            paid[p] += each + (left > 0 ? 1 : 0);
            if (left > 0) had_odd_chip[p] = true;
            if (left > 0) --left;
        }
    };
    for (const ref_pot& pot : pots_by_layers(seats)) {
        std::fill(had_odd_chip.begin(), had_odd_chip.end(), false);
        if (pot.eligible.size() == 1) {
            paid[pot.eligible[0]] += pot.amount;
        } else if (has_high && has_low) {
            bool someone_low = false;
            for (std::size_t p : pot.eligible) someone_low |= low[p].value != 0;
            if (!someone_low) {
                award(pot.amount, pot.eligible, high, false);
            } else {
                award((pot.amount + 1) / 2, pot.eligible, high, false);
                award(pot.amount / 2, pot.eligible, low, true);
            }
        } else {
            award(pot.amount, pot.eligible, has_high ? high : low, !has_high);
        }
    }
    return paid;
}

}  // namespace reference
