// Showdown: winners and places with and without a board, split pots, and
// cards dealt twice.

#include <cstddef>
#include <initializer_list>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "pokerengine/showdown.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

const high_evaluator ev;

std::vector<CardSet> hands_of(std::initializer_list<const char*> texts) {
    std::vector<CardSet> hands;
    for (const char* t : texts) hands.push_back(parse_card_set(t));
    return hands;
}

using indices = std::vector<std::size_t>;
using places = std::vector<int>;

}  // namespace

TEST_CASE("showdown with a board") {
    const CardSet board = parse_card_set("2c 7d 9h Jc Qs");

    SUBCASE("one winner") {
        const std::vector<CardSet> hands = hands_of({"As Ad", "Ks Kd"});
        const showdown_result r = showdown(ev, hands, board);
        CHECK(r.winners == indices{0});
        CHECK(r.places == places{1, 2});
        REQUIRE(r.values.size() == 2);
        CHECK(r.values[0] == ev.evaluate(hands[0] | board));
        CHECK(r.values[1] == ev.evaluate(hands[1] | board));
        CHECK(ev.describe(r.values[0]) == "Pair of aces, queen-jack-nine kickers");
        CHECK(winners(ev, hands, board) == indices{0});
    }

    SUBCASE("the winner need not be first") {
        const std::vector<CardSet> hands = hands_of({"3s 4d", "Ks Kd", "8c Tc", "As Ad"});
        const showdown_result r = showdown(ev, hands, board);
        CHECK(r.winners == indices{2});  // 8-9-T-J-Q straight
        CHECK(r.places == places{4, 3, 1, 2});
        CHECK(ev.category(r.values[2]) == hand_category::straight);
    }

    SUBCASE("identical hands in different suits split the pot") {
        const std::vector<CardSet> hands = hands_of({"As Kd", "Ah Kc", "3s 4d"});
        const showdown_result r = showdown(ev, hands, board);
        CHECK(r.winners == indices{0, 1});
        CHECK(r.places == places{1, 1, 3});
        CHECK(r.values[0] == r.values[1]);
        CHECK(ev.describe(r.values[0]) == "Ace high, king-queen-jack-nine kickers");
    }

    SUBCASE("places after a tie skip: 1, 1, 3, and a tie for third: 1, 3, 3") {
        const std::vector<CardSet> three = hands_of({"As Kd", "Ah Kc", "3s 4d"});
        CHECK(showdown(ev, three, board).places == places{1, 1, 3});
        const std::vector<CardSet> four = hands_of({"Qd Qh", "3s 4d", "3d 4h", "8c Tc"});
        const showdown_result r = showdown(ev, four, board);
        CHECK(r.places == places{2, 3, 3, 1});
        CHECK(r.winners == indices{3});
    }

    SUBCASE("the board plays for everyone") {
        const CardSet broadway = parse_card_set("As Kd Qh Jc Td");
        const std::vector<CardSet> hands = hands_of({"2c 3d", "4h 5s", "9s 9c"});
        const showdown_result r = showdown(ev, hands, broadway);
        CHECK(r.winners == indices{0, 1, 2});
        CHECK(r.places == places{1, 1, 1});
        CHECK(ev.describe(r.values[0]) == "Ace-high straight");
    }

    SUBCASE("the board plays for some: a kicker beats the board") {
        const CardSet quads = parse_card_set("9s 9d 9h 9c Kd");
        const std::vector<CardSet> hands = hands_of({"2c 3d", "Ac 3h", "Qh Qs", "As 4s"});
        const showdown_result r = showdown(ev, hands, quads);
        CHECK(r.winners == indices{1, 3});
        CHECK(r.places == places{3, 1, 3, 1});
    }

    SUBCASE("a four-flush on the board: the highest heart wins") {
        const CardSet flush_board = parse_card_set("2h 7h 9h Jh 4c");
        const std::vector<CardSet> hands = hands_of({"Ah 3c", "Kh Qh", "As Ad"});
        const showdown_result r = showdown(ev, hands, flush_board);
        CHECK(r.winners == indices{0});
        CHECK(r.places == places{1, 2, 3});
        CHECK(ev.describe(r.values[0]) == "Ace-high flush, jack-nine-seven-two");
    }

    SUBCASE("a single player wins alone") {
        const std::vector<CardSet> one = hands_of({"3s 4d"});
        const showdown_result r = showdown(ev, one, board);
        CHECK(r.winners == indices{0});
        CHECK(r.places == places{1});
    }

    SUBCASE("no players") {
        const showdown_result r = showdown(ev, std::vector<CardSet>{}, board);
        CHECK(r.winners.empty());
        CHECK(r.places.empty());
        CHECK(r.values.empty());
    }
}

TEST_CASE("showdown without a board: each hand is complete") {
    SUBCASE("five-card hands") {
        const std::vector<CardSet> hands = hands_of({"Ks Kd Kh 2c 2d", "Qs Qd Qh Ac Ad", "As 2s 3s 4s 5s"});
        const showdown_result r = showdown(ev, hands);
        CHECK(r.winners == indices{2});
        CHECK(r.places == places{2, 3, 1});
    }

    SUBCASE("split pot between flushes of different suits") {
        const std::vector<CardSet> hands = hands_of({"As Js 9s 6s 3s", "Ac Jc 9c 6c 3c", "Ah Jh 9h 6h 2h"});
        const showdown_result r = showdown(ev, hands);
        CHECK(r.winners == indices{0, 1});
        CHECK(r.places == places{1, 1, 3});
    }

    SUBCASE("seven-card stud hands") {
        const std::vector<CardSet> hands = hands_of({"Ah Ad Kc Ks Qh Qd 2c", "As Ac Kh Kd Js Jd 3c"});
        const showdown_result r = showdown(ev, hands);
        CHECK(r.winners == indices{0});  // the queen kicker beats the jack
        CHECK(r.places == places{1, 2});
    }

    SUBCASE("the evaluator's errors come through") {
        CHECK_THROWS_AS(showdown(ev, hands_of({"As Kd"})), hand_error);
        CHECK_THROWS_AS(showdown(ev, hands_of({"As Kd Qh Jc Td", "Xx 2c 3c 4c 5c"})), hand_error);
        CHECK_THROWS_AS(showdown(ev, hands_of({"As Kd"}), parse_card_set("2c 3d")), hand_error);
    }
}

TEST_CASE("a card dealt twice is an error naming the card and both owners") {
    const CardSet board = parse_card_set("2c 7d 9h Jc Qs");

    SUBCASE("between two players") {
        const std::vector<CardSet> hands = hands_of({"As Ad", "Ks As"});
        CHECK_THROWS_WITH_AS(showdown(ev, hands, board), "card As dealt twice: player 1 and player 2", hand_error);
        CHECK_THROWS_WITH_AS(winners(ev, hands, board), "card As dealt twice: player 1 and player 2", hand_error);
    }

    SUBCASE("between later players") {
        const std::vector<CardSet> hands = hands_of({"3s 3d", "Ks Kd", "Ah 5c", "Kh Kd"});
        CHECK_THROWS_WITH_AS(showdown(ev, hands, board), "card Kd dealt twice: player 2 and player 4", hand_error);
    }

    SUBCASE("between a player and the board") {
        const std::vector<CardSet> hands = hands_of({"As Ad", "Qs Kd"});
        CHECK_THROWS_WITH_AS(showdown(ev, hands, board), "card Qs dealt twice: player 2 and the board", hand_error);
    }

    SUBCASE("without a board") {
        const std::vector<CardSet> hands = hands_of({"As Ks Qs Js Ts", "9s 8s 7s 6s As"});
        CHECK_THROWS_WITH_AS(showdown(ev, hands), "card As dealt twice: player 1 and player 2", hand_error);
    }

    SUBCASE("checked directly, before any evaluation") {
        const std::vector<CardSet> hands = hands_of({"2c 3d"});
        CHECK_THROWS_WITH_AS(check_no_card_dealt_twice(hands, board), "card 2c dealt twice: player 1 and the board",
                             hand_error);
        CHECK_NOTHROW(check_no_card_dealt_twice(hands_of({"As Ad", "Ks Kd"}), board));
        CHECK_NOTHROW(check_no_card_dealt_twice({}, board));
    }
}
