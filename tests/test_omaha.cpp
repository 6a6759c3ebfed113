// Omaha selection: exactly two hole cards and exactly three board cards.
#include <doctest/doctest.h>

#include "pokerengine/omaha.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

// Every two-plus-three choice evaluated as a five-card hand, written out
// plainly, to check the selection against.
template <class Ranking>
std::uint32_t by_every_choice(CardSet hole, CardSet board) {
    evaluator<Ranking> five;
    std::uint32_t best = 0;
    CardList h(hole.begin(), hole.end()), b(board.begin(), board.end());
    for (std::size_t i = 0; i < h.size(); ++i)
        for (std::size_t j = i + 1; j < h.size(); ++j)
            for (std::size_t k = 0; k < b.size(); ++k)
                for (std::size_t l = k + 1; l < b.size(); ++l)
                    for (std::size_t m = l + 1; m < b.size(); ++m) {
                        CardSet hand = CardSet{h[i]} | h[j] | b[k] | b[l] | b[m];
                        best = std::max(best, five.evaluate(hand).value);
                    }
    return best;
}

}  // namespace

TEST_CASE("Omaha uses exactly two hole cards and three board cards") {
    omaha_evaluator_high omaha;
    SUBCASE("a four-flush in the hand with two of the suit on the board is no flush") {
        hand_value v = omaha.evaluate("As Ks Qs Js", "2s 3s 7d 8c 9h");
        CHECK(omaha.category(v) == hand_category::high_card);
        CHECK(omaha.describe(v) == "Ace high, king-nine-eight-seven kickers");
    }
    SUBCASE("three hole cards of a straight are not a straight") {
        hand_value v = omaha.evaluate("9c Tc Jc 2d", "Qh Kh 3s 4d 7c");
        CHECK(omaha.category(v) != hand_category::straight);
        CHECK(high_evaluator{}.category(high_evaluator{}.evaluate("9c Tc Jc 2d Qh Kh 3s 4d 7c")) ==
              hand_category::straight);
    }
    SUBCASE("a board flush needs two hole cards of the suit") {
        CHECK(omaha.category(omaha.evaluate("Ah Kh 2c 3c", "4h 7h 9h Jh Qh")) == hand_category::flush);
        CHECK(omaha.category(omaha.evaluate("Ah Kd 2c 3c", "4h 7h 9h Jh Qh")) != hand_category::flush);
        CHECK(omaha.category(omaha.evaluate("Ad Kd 2c 3c", "4h 7h 9h Jh Qh")) != hand_category::flush);
    }
    SUBCASE("a pair on a board of trips plays as a full house, not four of a kind") {
        hand_value v = omaha.evaluate("Kc Kd 2c 3d", "Ks 7h 7d 7c 2h");
        CHECK(omaha.describe(v) == "Full house, kings over sevens");
    }
    SUBCASE("best five shows the two hole cards and three board cards used") {
        CardList five = omaha.best_five(parse_card_set("As Ks Qs Js"), parse_card_set("2s 3s 7d 8c 9h"));
        CHECK(to_string(five) == "As Ks 9h 8c 7d");
    }
}

TEST_CASE("Omaha eight-or-better low") {
    omaha_evaluator_low low;
    CHECK(low.describe(low.evaluate("As 2s Kd Kh", "3c 4d 8h Qs Jc")) == "Eight-four low (8-4-3-2-A)");
    SUBCASE("no low without two qualifying hole cards") {
        CHECK(low.evaluate("As Kd Qh Jc", "2c 3d 4h 9s Tc").value == 0);
    }
    SUBCASE("no low without three qualifying board cards") {
        CHECK(low.evaluate("As 2s 3d 4h", "5c 9d Th Qs Kc").value == 0);
    }
}

TEST_CASE_TEMPLATE("Omaha agrees with trying every two-plus-three choice", Ranking, high, eight_or_better_low,
                   deuce_to_seven_low, ace_to_six_low) {
    xoshiro256ss rng{2027};
    omaha_evaluator<Ranking, 4> o4;
    omaha_evaluator<Ranking, 5> o5;
    omaha_evaluator<Ranking, 6> o6;
    for (int round = 0; round < 3000; ++round) {
        int hole_count = 4 + round % 3;
        int board_count = 3 + round % 3;
        CardSet all = testing::random_cards(rng, hole_count + board_count);
        CardSet hole;
        for (Card c : all)
            if (hole.size() < hole_count) hole |= c;
        CardSet board = all - hole;
        std::uint32_t expected = by_every_choice<Ranking>(hole, board);
        std::uint32_t got = hole_count == 4   ? o4.evaluate(hole, board).value
                            : hole_count == 5 ? o5.evaluate(hole, board).value
                                              : o6.evaluate(hole, board).value;
        REQUIRE(got == expected);
    }
}

TEST_CASE("Omaha rejects a wrong number of cards and cards dealt twice") {
    omaha_evaluator_high omaha;
    CHECK_THROWS_WITH_AS(omaha.evaluate("As Ks Qs", "2c 3c 4c"), "4-card Omaha takes 4 hole cards, got 3: \"As Ks Qs\"",
                         hand_error);
    CHECK_THROWS_WITH_AS(omaha.evaluate("As Ks Qs Js", "2c 3c"), "an Omaha board holds 3 to 5 cards, got 2: \"3c 2c\"",
                         hand_error);
    CHECK_THROWS_WITH_AS(omaha.evaluate(parse_card_set("As Ks Qs Js"), parse_card_set("As 3c 4c")),
                         "card As is both in the hand and on the board", hand_error);
    CHECK_THROWS_AS(omaha.evaluate("As Ks Qs Xx", "2c 3c 4c"), hand_error);
}
