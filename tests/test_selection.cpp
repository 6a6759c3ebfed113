// Best-part selection (selection.hpp): every choice visited once with the key
// of its cards, the best value and the first choice that has it, split
// choices (Omaha) and leaving cards out, against plain loops written here.

#include <cstdint>
#include <set>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/omaha.hpp"
#include "pokerengine/selection.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

std::vector<Card> as_vector(const CardList& cards) { return {cards.begin(), cards.end()}; }

// The value of a five-card hand, by the general path.
std::uint32_t five_value(const Hand& h) { return high_evaluator{}.evaluate(h.cards()).value; }

}  // namespace

TEST_CASE("for_each_choice visits every choice once, in order, with its key") {
    const std::vector<Card> cards = as_vector(parse_cards("As Ks Qs Js Ts 9s 2d"));
    for (int k = 0; k <= 7; ++k) {
        CAPTURE(k);
        std::set<std::uint64_t> seen;
        std::vector<std::uint64_t> order;
        long long wrong_keys = 0;
        for_each_choice(cards, k, [&](const Hand& h) {
            seen.insert(h.bits());
            order.push_back(h.bits());
            if (h.key() != Hand{h.cards()}.key() || h.size() != k) ++wrong_keys;
        });
        const long long expected = k == 0 ? 1 : k == 7 ? 1 : k == 1 || k == 6 ? 7 : k == 2 || k == 5 ? 21 : 35;
        CHECK(static_cast<long long>(order.size()) == expected);
        CHECK(static_cast<long long>(seen.size()) == expected);
        CHECK(wrong_keys == 0);
    }
    SUBCASE("lexicographic order of the places in the list") {
        std::vector<CardSet> order;
        for_each_choice(as_vector(parse_cards("2c 3c 4c")), 2, [&](const Hand& h) { order.push_back(h.cards()); });
        CHECK(order == std::vector<CardSet>{parse_card_set("2c 3c"), parse_card_set("2c 4c"), parse_card_set("3c 4c")});
    }
    SUBCASE("a base hand is added to every choice") {
        const Hand base = Hand{} + parse_card("Ah") + parse_card("Ad");
        int visits = 0;
        for_each_choice(as_vector(parse_cards("2c 3c 4c")), 1, [&](const Hand& h) {
            ++visits;
            CHECK(h.size() == 3);
            CHECK(h.cards().contains(parse_card_set("Ah Ad")));
            CHECK(h.key() == Hand{h.cards()}.key());
        }, base);
        CHECK(visits == 3);
    }
}

TEST_CASE("best_of_choices: the best five of seven is the evaluator's value, the first best five its cards") {
    xoshiro256ss rng{31};
    const high_evaluator ev;
    for (int i = 0; i < 2'000; ++i) {
        const CardSet seven = testing::random_cards(rng, 7);
        const std::vector<Card> cards(seven.begin(), seven.end());
        auto best = best_of_choices(cards, 5, [&](const Hand& h) { return ev.evaluate_as<5>(h); });
        CHECK(best.value == ev.evaluate(seven));
        CHECK(best.hand.size() == 5);
        CHECK(ev.evaluate(best.hand.cards()) == best.value);
        // The first choice in order with that value.
        CardSet first;
        for_each_choice(cards, 5, [&](const Hand& h) {
            if (first.empty() && ev.evaluate(h.cards()) == best.value) first = h.cards();
        });
        CHECK(best.hand.cards() == first);
    }
}

TEST_CASE("best_of_split_choices is Omaha's two hole cards and three board cards") {
    xoshiro256ss rng{32};
    const omaha_evaluator_high omaha;
    for (int i = 0; i < 2'000; ++i) {
        const CardSet nine = testing::random_cards(rng, 9);
        std::vector<Card> all(nine.begin(), nine.end());
        const std::vector<Card> hole(all.begin(), all.begin() + 4), board(all.begin() + 4, all.end());
        CardSet hole_set, board_set;
        for (Card c : hole) hole_set |= c;
        for (Card c : board) board_set |= c;
        auto best = best_of_split_choices<2, 3>(hole, board, five_value);
        CHECK(best.value == omaha.evaluate(hole_set, board_set).value);
        CHECK((best.hand.cards() & hole_set).size() == 2);
        CHECK((best.hand.cards() & board_set).size() == 3);
    }
}

TEST_CASE("best_leaving_out: the best seven of ten, and Hand minus a card") {
    xoshiro256ss rng{33};
    const high_evaluator ev;
    for (int i = 0; i < 500; ++i) {
        const CardSet ten = testing::random_cards(rng, 10);
        auto best = best_leaving_out(Hand{ten}, 3, [&](const Hand& h) { return ev.evaluate_as<7>(h); });
        CHECK(best.value == ev.evaluate(ten));
        CHECK(best.hand.size() == 7);
        CHECK(ten.contains(best.hand.cards()));
        const Card out = *ten.begin();
        const Hand nine = Hand{ten} - out;
        CHECK(nine.cards() == ten - out);
        CHECK(nine.key() == Hand{ten - out}.key());
    }
}

TEST_CASE("errors: impossible choices") {
    const std::vector<Card> four = as_vector(parse_cards("As Ks Qs Js"));
    CHECK_THROWS_WITH_AS(best_of_choices(four, 5, five_value),
                         "cannot choose 5 of 4 cards (a choice holds 0 to 10 of at most 64 cards)", hand_error);
    CHECK_THROWS_AS(for_each_choice(four, -1, [](const Hand&) {}), hand_error);
    CHECK_THROWS_WITH_AS(best_leaving_out(Hand{parse_card_set("As Ks")}, 3, five_value),
                         "cannot leave 3 of 2 cards out (a hand holds at most 10)", hand_error);
}
