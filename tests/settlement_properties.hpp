#pragma once
// Random showdowns of one game, checked against the reference settlement and
// for the properties every settlement has: chips are conserved, nobody wins
// more than they could match, folded players win nothing, and the seat order
// changes nothing but who gets odd chips.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "pokerengine/deck.hpp"
#include "pokerengine/random.hpp"
#include "reference_settlement.hpp"

namespace testing {

struct random_showdown {
    std::vector<pokerengine::seat> seats;
    pokerengine::CardSet board;
    std::size_t button = 0;
};

template <pokerengine::game G>
random_showdown deal_random_showdown(pokerengine::xoshiro256ss& rng) {
    using namespace pokerengine;
    const game_traits& traits = G::traits;
    Deck deck{deck_cards(traits.deck)};
    deck.shuffle(rng);
    const int hole = traits.deal.hole_cards;
    const int most_players = std::min(10, (deck.size() - traits.deal.board_cards) / hole);
    const auto players = static_cast<std::size_t>(2 + uniform_below(rng, static_cast<std::uint64_t>(most_players - 1)));
    random_showdown r;
    for (Card c : deck.deal(traits.deal.board_cards)) r.board |= c;
    // A few stack sizes shared by several players make ties of all-ins common.
    const chips stacks[3] = {static_cast<chips>(uniform_below(rng, 40)), static_cast<chips>(uniform_below(rng, 120)),
                             static_cast<chips>(uniform_below(rng, 200))};
    std::size_t live = 0;
    std::vector<CardSet> dealt(players);
    for (std::size_t i = 0; i < players; ++i) {
        seat s;
        for (Card c : deck.deal(hole)) dealt[i] |= c;
        s.contribution = stacks[uniform_below(rng, 3)];
        s.folded = uniform_below(rng, 4) == 0;
        if (!s.folded) s.cards = dealt[i];
        live += s.folded ? 0 : 1;
        r.seats.push_back(s);
    }
    if (live == 0) {
        r.seats[0].folded = false;
        r.seats[0].cards = dealt[0];
        live = 1;
    }
    if (live == 1 && uniform_below(rng, 2) == 0)
        for (auto& s : r.seats) s.cards = {};  // the last player left need not show
    r.button = static_cast<std::size_t>(uniform_below(rng, players));
    return r;
}

inline std::string describe(const random_showdown& r) {
    std::string out = "board " + to_string(r.board) + ", button " + std::to_string(r.button) + ";";
    for (const auto& s : r.seats)
        out +=
            " [" + (s.folded ? std::string("fold") : to_string(s.cards)) + " : " + std::to_string(s.contribution) + "]";
    return out;
}

// Checks `count` random showdowns of `G`; stops after a few failures.
template <pokerengine::game G>
void check_random_showdowns(std::uint64_t count, std::uint64_t seed) {
    using namespace pokerengine;
    xoshiro256ss rng(seed);
    int failures = 0;
    // The reference hands stud's odd chips out by all of a player's cards.
    const settlement_rules robert{stud_odd_chip::all_cards_by_suit};
    for (std::uint64_t k = 0; k < count && failures < 5; ++k) {
        random_showdown r = deal_random_showdown<G>(rng);
        const std::size_t n = r.seats.size();
        const settlement s = settle(G{}, r.seats, r.board, r.button, robert);
        bool ok = s.payouts == reference::payouts<G>(r.seats, r.board, r.button);

        chips put_in = 0, paid = 0;
        for (std::size_t i = 0; i < n; ++i) {
            put_in += r.seats[i].contribution;
            paid += s.payouts[i];
            if (r.seats[i].folded && s.payouts[i] != 0) ok = false;
            chips could_match = 0;
            bool covers_everyone = true;
            for (const seat& o : r.seats) {
                could_match += std::min(o.contribution, r.seats[i].contribution);
                if (!o.folded && o.contribution > r.seats[i].contribution) covers_everyone = false;
            }
            if (!covers_everyone && s.payouts[i] > could_match) ok = false;
        }
        if (paid != put_in) ok = false;

        // Rotating the seats with the button changes nothing at all; any other
        // order moves at most the odd chips (stud's follow the cards: none move).
        const auto turn = static_cast<std::size_t>(uniform_below(rng, n));
        std::vector<seat> rotated(n);
        for (std::size_t i = 0; i < n; ++i) rotated[(i + turn) % n] = r.seats[i];
        const settlement t = settle(G{}, rotated, r.board, (r.button + turn) % n, robert);
        for (std::size_t i = 0; i < n; ++i)
            if (t.payouts[(i + turn) % n] != s.payouts[i]) ok = false;

        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[uniform_below(rng, i)]);
        std::vector<seat> shuffled(n);
        for (std::size_t i = 0; i < n; ++i) shuffled[order[i]] = r.seats[i];
        const settlement u = settle(G{}, shuffled, r.board, order[r.button], robert);
        const auto most_odd_chips = static_cast<chips>(2 * s.pots.size());
        for (std::size_t i = 0; i < n; ++i) {
            chips moved = u.payouts[order[i]] - s.payouts[i];
            if (G::traits.odd_chip == odd_chip_rule::card_by_suit ? moved != 0 : std::abs(moved) > most_odd_chips)
                ok = false;
        }
        if (!ok) {
            ++failures;
            std::string got, want;
            for (chips c : s.payouts) got += std::to_string(c) + " ";
            for (chips c : reference::payouts<G>(r.seats, r.board, r.button)) want += std::to_string(c) + " ";
            FAIL_CHECK(std::string(G::traits.name)
                       << " showdown " << k << ": " << describe(r) << " paid " << got << "; reference " << want);
        }
    }
    CHECK(failures == 0);
}

}  // namespace testing
