// Hand-checked showdowns of every game, side pots, split pots and odd chips.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "pokerengine/games.hpp"
#include "pokerengine/settlement.hpp"

using namespace pokerengine;

namespace {

struct player {
    std::string cards;  // "fold" for a folded player
    chips put_in = 0;
};

std::vector<seat> seats_of(const std::vector<player>& players) {
    std::vector<seat> seats;
    for (const player& p : players) {
        seat s;
        s.contribution = p.put_in;
        if (p.cards == "fold")
            s.folded = true;
        else if (!p.cards.empty())
            s.cards = parse_card_set(p.cards);
        seats.push_back(s);
    }
    return seats;
}

settlement play(std::string_view game, std::string_view board, const std::vector<player>& players,
                std::size_t button = 0, const settlement_rules& rules = {}) {
    std::vector<seat> seats = seats_of(players);
    return settle(find_game(game), seats, board.empty() ? CardSet{} : parse_card_set(board), button, rules);
}

using payouts = std::vector<chips>;

}  // namespace

TEST_CASE("hold'em: the best hand takes the pot; equal hands split it") {
    SUBCASE("aces beat kings") {
        auto s = play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 100}, {"Ks Kd", 100}});
        CHECK(s.payouts == payouts{200, 0});
        REQUIRE(s.high[0]);
        CHECK(s.high[0]->description == "Pair of aces, queen-jack-nine kickers");
        CHECK(to_string(s.high[0]->best_cards) == "As Ad Qs Jc 9h");
        CHECK_FALSE(s.low[0]);
    }
    SUBCASE("everybody plays the board: odd chips go clockwise from the button") {
        const std::vector<player> players{{"2c 3d", 33}, {"2d 3c", 33}, {"4h 5h", 33}, {"fold", 1}};
        // 100 chips among three: the extra chip to the first of them clockwise from the button.
        CHECK(play("holdem", "As Ks Qs Js Ts", players, 0).payouts == payouts{33, 34, 33, 0});
        CHECK(play("holdem", "As Ks Qs Js Ts", players, 1).payouts == payouts{33, 33, 34, 0});
        CHECK(play("holdem", "As Ks Qs Js Ts", players, 2).payouts == payouts{34, 33, 33, 0});
        CHECK(play("holdem", "As Ks Qs Js Ts", players, 3).payouts == payouts{34, 33, 33, 0});
    }
    SUBCASE("only one player left: no cards need be shown") {
        auto s = play("holdem", "2c 7d 9h Jc Qs", {{"fold", 10}, {"", 30}, {"fold", 20}});
        CHECK(s.payouts == payouts{0, 60, 0});
        REQUIRE(s.pots.size() == 1);
        CHECK(s.pots[0].uncontested);
    }
}

TEST_CASE("side pots: an all-in player wins only what they could match") {
    // Player 1 all-in for 20 with the best hand, player 2 all-in for 50 with the
    // second best, player 3 covers with 80 and the worst hand.
    auto s = play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 20}, {"Ks Kd", 50}, {"3s 4s", 80}});
    REQUIRE(s.pots.size() == 3);
    CHECK(s.pots[0].amount == 60);
    CHECK(s.pots[0].eligible == std::vector<std::size_t>{0, 1, 2});
    CHECK(s.pots[1].amount == 60);
    CHECK(s.pots[1].eligible == std::vector<std::size_t>{1, 2});
    CHECK(s.pots[2].amount == 30);
    CHECK(s.pots[2].uncontested);
    CHECK(s.payouts == payouts{60, 60, 30});

    SUBCASE("a side pot is split on its own") {
        // Player 1 (all-in for 20) makes the royal flush; players 2 and 3 tie with
        // broadway for the side pot of 71, the odd chip clockwise from the button.
        auto t = play("holdem", "As Ks Qs Js 2d", {{"Ts 9s", 20}, {"Th 3c", 50}, {"Td 4c", 50}, {"fold", 31}}, 0);
        REQUIRE(t.pots.size() == 2);
        CHECK(t.pots[0].amount == 80);
        CHECK(t.pots[1].amount == 71);
        CHECK(t.payouts == payouts{80, 36, 35, 0});
        auto u = play("holdem", "As Ks Qs Js 2d", {{"Ts 9s", 20}, {"Th 3c", 50}, {"Td 4c", 50}, {"fold", 31}}, 1);
        CHECK(u.payouts == payouts{80, 35, 36, 0});
    }
}

TEST_CASE("short deck: a flush beats a full house") {
    auto s = play("short-deck", "6h 7h 9h Ks Kd", {{"Ah Th", 50}, {"Kc 9s", 50}});
    CHECK(s.payouts == payouts{100, 0});
    CHECK(s.high[0]->category == "Flush");
    CHECK(s.high[1]->category == "Full house");
    CHECK_THROWS_WITH_AS(play("short-deck", "6h 7h 9h Ks Kd", {{"Ah 5h", 50}, {"Kc 9s", 50}}),
                         "player 1: 5h is not in the 36-card short deck (six to ace)", game_error);
}

TEST_CASE("Omaha: exactly two hole cards and three board cards") {
    SUBCASE("four hearts in hand with two on the board is no flush") {
        auto s = play("omaha", "2h 3h 9c Tc 4d", {{"Ah Kh Qh Jh", 40}, {"9s 9d 7c 7s", 40}});
        CHECK(s.high[0]->category != "Flush");
        CHECK(s.high[1]->category == "Three of a kind");
        CHECK(s.payouts == payouts{0, 80});
    }
    SUBCASE("three hole cards of a straight are no straight") {
        auto s = play("omaha", "Qh Kd 3c 4s 7h", {{"9s Ts Jd 2c", 40}, {"3d 8h 8c 5s", 40}});
        CHECK(s.high[0]->category == "High card");
        CHECK(s.high[1]->category == "One pair");
        CHECK(s.payouts == payouts{0, 80});
    }
    SUBCASE("five and six hole cards") {
        auto five = play("omaha5", "Qh Kd Jc 4s 7h", {{"9s Ts 2c 2d Ah", 10}, {"3d 8h 8c 5s 6d", 10}});
        CHECK(five.high[0]->description == "Ace-high straight");
        CHECK(five.payouts == payouts{20, 0});
        auto six = play("omaha6", "Qh Kd 3c 4s 7h", {{"9s Ts Jd 2c Ah 6h", 10}, {"3d 8h 8c 5s 6d 2d", 10}});
        CHECK(six.high[1]->description == "Seven-high straight");
        CHECK(six.payouts == payouts{0, 20});
        CHECK_THROWS_WITH_AS(play("omaha6", "Qh Kd 3c 4s 7h", {{"9s Ts Jd 2c", 10}, {"3d 8h 8c 5s 6d 2d", 10}}),
                             "player 1 shows 4 cards; omaha6 needs 6", game_error);
    }
}

TEST_CASE("Omaha eight-or-better: high and low halves") {
    SUBCASE("one player scoops with different hole cards high and low") {
        auto s = play("omaha-hi-lo", "2c 5d 8h Kc Qc", {{"Ac 3d Jc Tc", 100}, {"Ad 4h 9s 9d", 100}});
        CHECK(s.high[0]->category == "Flush");
        CHECK(s.low[0]->description == "Eight-five low (8-5-3-2-A)");
        CHECK(s.payouts == payouts{200, 0});
        REQUIRE(s.pots[0].shares.size() == 2);
        CHECK(s.pots[0].shares[0].winners == std::vector<std::size_t>{0});
        CHECK(s.pots[0].shares[1].winners == std::vector<std::size_t>{0});
    }
    SUBCASE("identical lows are quartered") {
        auto s = play("omaha-hi-lo", "3c 4d 8h Ks 9c", {{"Ah 2h Kc Kd", 200}, {"As 2s Qd Jd", 200}});
        CHECK(s.payouts == payouts{300, 100});
    }
    SUBCASE("no qualifying low: the high hand takes it all") {
        auto s = play("omaha-hi-lo", "9c Td Jh Ks Qc", {{"Ah 2h Kc Kd", 50}, {"As 2s 8d 7d", 51}});
        CHECK(s.pots[0].no_qualifying_low);
        CHECK(s.low[0]->description == "No qualifying low");
        CHECK(s.payouts == payouts{100, 1});
    }
    SUBCASE("the odd chip of the split goes to the high half") {
        // Player 1 scoops the main pot (three kings; 8-4-3-2-A beats 8-5-4-3-A);
        // player 2's extra chip is a pot of their own.
        auto s = play("omaha-hi-lo", "3c 4d 8h Ks 9c", {{"Ah 2h Kc Kd", 50}, {"As 5s Qd Jd", 51}, {"fold", 0}});
        CHECK(s.payouts == payouts{100, 1, 0});
        auto odd = play("omaha-hi-lo", "3c 4d 8h Ks 9c", {{"Kc Kd Qh Jh", 50}, {"As 2s Qd Jd", 50}, {"fold", 1}});
        // 101 chips: high (player 1, three kings) 51, low (player 2) 50.
        CHECK(odd.payouts == payouts{51, 50, 0});
    }
}

TEST_CASE("nobody receives two odd chips from one pot") {
    // The same two players tie high and low: 66 chips split 33 each, not 34 and 32.
    auto s = play("omaha-hi-lo", "3c 4d 5h Ks Qd", {{"As 2s Jc Tc", 33}, {"Ad 2d Jh Th", 33}});
    CHECK(s.payouts == payouts{33, 33});
    auto odd = play("omaha-hi-lo", "3c 4d 5h Ks Qd", {{"As 2s Jc Tc", 33}, {"Ad 2d Jh Th", 33}, {"fold", 1}}, 2);
    // 67: high 34 (17 each), low 33: the first left of the button gets it.
    CHECK(odd.payouts == payouts{34, 33, 0});
    auto stud = play("stud-hi-lo", "", {{"Ac 2c 3c 4c 5c Kd Kh", 33}, {"As 2s 3s 4s 5s Qd Qh", 33}});
    CHECK(stud.payouts == payouts{33, 33});
}

TEST_CASE("everybody else folded before the board was dealt out") {
    auto s = play("holdem", "", {{"fold", 1}, {"", 2}, {"fold", 2}});
    CHECK(s.payouts == payouts{0, 5, 0});
    CHECK_FALSE(s.high[1]);
    auto t = play("holdem", "2c 7d 9h", {{"fold", 10}, {"As Ad", 30}});
    CHECK(t.payouts == payouts{0, 40});
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h", {{"Ks Kd", 10}, {"As Ad", 30}}),
                         "holdem needs 5 board cards at showdown, got 3", game_error);
}

TEST_CASE("stud: the odd chip goes by the highest card by suit") {
    // Both players make the same ace-high straight; player 2 holds the ace of spades.
    auto s = play("stud", "", {{"Ac Kd Qh Jc Tc 2d 3d", 50}, {"As Kh Qd Js Ts 2h 3h", 51}});
    REQUIRE(s.pots.size() == 2);
    CHECK(s.payouts == payouts{50, 51});
    auto t = play("stud", "", {{"Ac Kd Qh Jc Tc 2d 3d", 50}, {"As Kh Qd Js Ts 2h 3h", 50}, {"fold", 1}});
    CHECK(t.payouts == payouts{50, 51, 0});
    auto three =
        play("stud", "",
             {{"Ac Kd Qh Jc Tc 2d 3d", 25}, {"As Kh Qd Js Ts 2h 3h", 25}, {"Ah Ks Qs Jd Th 4c 5c", 25}, {"fold", 0}});
    // 75 among three: 25 each, no odd chip.
    CHECK(three.payouts == payouts{25, 25, 25, 0});
    auto odd =
        play("stud", "",
             {{"Ac Kd Qh Jc Tc 2d 3d", 25}, {"As Kh Qd Js Ts 2h 3h", 25}, {"Ah Ks Qs Jd Th 4c 5c", 25}, {"fold", 2}});
    // 77: 26 to player 2 (As), 26 to player 3 (Ah), 25 to player 1 (Ac).
    CHECK(odd.payouts == payouts{25, 26, 26, 0});
}

TEST_CASE("stud odd chips follow the settlement rules") {
    // Two nine-high straights: player 1 uses the nine of spades, player 2 holds
    // the king of clubs outside the straight (WSOP 2024 TR 73 against Robert's "Ties").
    const std::vector<player> hand{{"9s 8h 7d 6c 5s 3d 2d", 7}, {"9h 8s 7c 6d 5h Kc 2c", 7}, {"fold", 3}};
    const std::vector<player> swapped{hand[1], hand[0], hand[2]};
    SUBCASE("by default, the highest card by suit among the five cards used") {
        CHECK(play("stud", "", hand).payouts == payouts{9, 8, 0});
        CHECK(play("stud", "", swapped).payouts == payouts{8, 9, 0});
    }
    SUBCASE("Robert's Rules: among all the player's cards") {
        const settlement_rules all{stud_odd_chip::all_cards_by_suit};
        CHECK(play("stud", "", hand, 0, all).payouts == payouts{8, 9, 0});
        CHECK(play("stud", "", swapped, 0, all).payouts == payouts{9, 8, 0});
    }
    SUBCASE("pokerkit: the seat order, whatever the cards and the button") {
        const settlement_rules seats{stud_odd_chip::seat_order, true};
        CHECK(play("stud", "", hand, 2, seats).payouts == payouts{9, 8, 0});
        CHECK(play("stud", "", swapped, 1, seats).payouts == payouts{9, 8, 0});
    }
}

TEST_CASE("pokerkit: every odd chip of a split to the first tied player") {
    // Three royal flushes on the board, 101 chips: two odd chips.
    const std::vector<player> three{{"2c 3d", 30}, {"4h 5c", 30}, {"6d 7h", 30}, {"fold", 11}};
    CHECK(play("holdem", "As Ks Qs Js Ts", three, 1).payouts == payouts{34, 33, 34, 0});
    const settlement_rules first{stud_odd_chip::seat_order, true};
    CHECK(play("holdem", "As Ks Qs Js Ts", three, 1, first).payouts == payouts{33, 33, 35, 0});
    CHECK(play("holdem", "As Ks Qs Js Ts", three, 2, first).payouts == payouts{35, 33, 33, 0});
}

TEST_CASE("stud eight-or-better and razz") {
    SUBCASE("stud hi-lo: high and low split") {
        auto s = play("stud-hi-lo", "", {{"Kc Kd Kh 9c 9d 2s Qs", 50}, {"Ac 2c 4d 6h 7s Jd Jh", 50}, {"fold", 1}});
        CHECK(s.payouts == payouts{51, 50, 0});
        auto tied = play(
            "stud-hi-lo", "",
            {{"Kc Kd Kh 9c 9d 2s Qs", 50}, {"Ac 2c 4d 6h 7s Jd Jh", 50}, {"Ah 2d 4s 6c 7h Td Th", 50}, {"fold", 3}});
        // 153: high 77 to player 1; low 76 split by the lowest card by suit: Ac (player 2) first.
        CHECK(tied.payouts == payouts{77, 38, 38, 0});
        CHECK(s.low[1]->description == "Seven-six low (7-6-4-2-A)");
    }
    SUBCASE("razz: the wheel wins") {
        auto s = play("razz", "", {{"As 2d 3c 4h 5s Kd Kc", 60}, {"Ah 2s 3d 4c 6h 7d 8c", 60}});
        CHECK(s.low[0]->description == "Wheel, five-four low (5-4-3-2-A)");
        CHECK(s.payouts == payouts{120, 0});
        CHECK_FALSE(s.high[0]);
    }
    SUBCASE("razz: the odd chip goes by the lowest card by suit, aces low") {
        auto s = play("razz", "", {{"As 2d 3c 4h 5s Kd Kc", 50}, {"Ac 2s 3d 4c 5h Qd Qc", 50}, {"fold", 1}});
        CHECK(s.payouts == payouts{50, 51, 0});  // the ace of clubs is the lowest card
    }
}

TEST_CASE("draw games") {
    SUBCASE("five-card draw") {
        auto s = play("five-card-draw", "", {{"As Ad Kc Kd 2h", 10}, {"Qs Qd Qc 3d 4h", 10}});
        CHECK(s.payouts == payouts{0, 20});
    }
    SUBCASE("deuce-to-seven: 7-5-4-3-2 wins, and A-2-3-4-5 loses to king high") {
        auto s = play("deuce-to-seven-single-draw", "",
                      {{"7s 5d 4c 3h 2s", 30}, {"Ah 2d 3c 4s 5h", 30}, {"Kd 9c 6h 8d 3d", 30}});
        CHECK(s.payouts == payouts{90, 0, 0});
        auto t = play("deuce-to-seven-triple-draw", "", {{"Ah 2d 3c 4s 5h", 30}, {"Kd 9c 6h 8d 3d", 30}});
        CHECK(t.payouts == payouts{0, 60});
    }
    SUBCASE("ace-to-five triple draw: the wheel is best") {
        auto s = play("ace-to-five-triple-draw", "", {{"Ah 2d 3c 4s 5h", 30}, {"6d 4c 3h 2s Ad", 30}});
        CHECK(s.payouts == payouts{60, 0});
    }
    SUBCASE("badugi") {
        auto s = play("badugi", "", {{"Ah 2d 3c 4s", 30}, {"As 2h 3d 3s", 30}});
        CHECK(s.payouts == payouts{60, 0});
        CHECK(s.low[0]->category == "Badugi");
    }
    SUBCASE("joker draw: five aces beat a royal flush") {
        auto s = play("joker-draw", "", {{"Xx As Ah Ad Ac", 30}, {"Ks Qs Js Ts 9s", 30}});
        CHECK(s.payouts == payouts{60, 0});
        CHECK(s.high[0]->category == "Five of a kind");
        CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"Xx Ad", 10}, {"Ks Kd", 10}}),
                             "player 1: Xx is not in the 52-card deck (no jokers)", game_error);
    }
    SUBCASE("deuces wild draw: five aces beat a royal flush") {
        auto s = play("deuces-wild-draw", "", {{"2c 2d As Ah Ad", 30}, {"Ks Qs Js Ts 9s", 30}});
        CHECK(s.payouts == payouts{60, 0});
        CHECK(s.high[0]->category == "Five of a kind");
    }
}

TEST_CASE("bad input is an error and nothing is paid") {
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc", {{"As Ad", 10}, {"Ks Kd", 10}}),
                         "holdem needs 5 board cards at showdown, got 4", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad Ac", 10}, {"Ks Kd", 10}}),
                         "player 1 shows 3 cards; holdem needs 2", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 10}, {"", 10}}),
                         "player 2 shows 0 cards; holdem needs 2", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 10}, {"As Kd", 10}}),
                         "As is dealt twice (player 1 and player 2)", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As 2c", 10}, {"Ks Kd", 10}}),
                         "2c is dealt twice (the board and player 1)", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 10}, {"Ks Kd", -10}}),
                         "player 2 has a negative contribution (-10)", pot_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", max_chips}, {"Ks Kd", max_chips}}),
                         "the contributions add up to more than 4611686018427387904 chips (2^62, the most a pot may "
                         "hold) by player 2",
                         pot_error);
    CHECK_THROWS_WITH_AS(play("stud", "", {{"As Ad Kc Kd Qc Qd 2h", 10}, {"Kd Kh 3c 3d 4c 4d 5h", 10}}),
                         "Kd is dealt twice (player 1 and player 2)", game_error);
    CHECK_THROWS_WITH_AS(play("razz", "2c", {{"As Ad Kc Kd Qc Qd 2h", 10}, {"Ks Kh 3c 3d 4c 4d 5h", 10}}),
                         "player 1 shows 7 cards; razz needs 6", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"fold", 10}, {"fold", 10}}),
                         "every player folded: nobody can win the pot", pot_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 10}}),
                         "a showdown needs at least two players, got 1", game_error);
    CHECK_THROWS_WITH_AS(play("holdem", "2c 7d 9h Jc Qs", {{"As Ad", 10}, {"Ks Kd", 10}}, 2),
                         "the button must be one of the 2 players (index 2 given)", game_error);
    std::vector<seat> seats = seats_of({{"As Ad", 10}, {"Ks Kd", 10}});
    seats[1].folded = true;
    CHECK_THROWS_WITH_AS(settle(games::holdem{}, seats, parse_card_set("2c 7d 9h Jc Qs"), 0),
                         "player 2 folded and cannot show cards", game_error);
    CHECK_THROWS_WITH_AS(
        find_game("texas"),
        doctest::Contains("unknown game 'texas' (valid games: holdem, short-deck, short-deck-wsop, omaha"), game_error);
}

TEST_CASE("stud with a shared last card when the deck runs short") {
    std::vector<player> eight;
    const char* hands[] = {"2c 2d 3c 3d 4c 4d", "5c 5d 6c 6d 7c 7d", "8c 8d 9c 9d Tc Td", "Jc Jd Qc Qd Kc Kd",
                           "Ac Ad 2h 2s 3h 3s", "4h 4s 5h 5s 6h 6s", "7h 7s 8h 8s 9h 9s", "Th Ts Jh Js Qh Qs"};
    for (const char* h : hands) eight.push_back({h, 10});
    auto s = play("stud", "Ah", eight);
    // Player 5 makes aces full of... three aces with 2s and 3s: aces full of threes.
    CHECK(s.payouts[4] == 80);
}

#include "settlement_properties.hpp"

TEST_CASE_TEMPLATE("random showdowns match the reference settlement", G, games::holdem, games::short_deck_holdem,
                   games::short_deck_wsop_holdem, games::omaha, games::omaha5, games::omaha6, games::omaha_hi_lo,
                   games::omaha5_hi_lo, games::seven_card_stud, games::stud_hi_lo, games::razz, games::five_card_draw,
                   games::deuce_to_seven_single_draw, games::deuce_to_seven_triple_draw, games::ace_to_five_triple_draw,
                   games::badugi, games::joker_draw, games::deuces_wild_draw) {
    testing::check_random_showdowns<G>(3000, 20261129);
}

// ------------------------------------------------- played hands against settle()

#include <algorithm>
#include <variant>

#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"

namespace {

// Plays `hands` random hands of `G` to the end under `rules` (random stacks,
// so all-ins make side pots; every seat still in at the end shows) and checks
// that the hand paid what settle() pays for the same cards and contributions.
struct played {
    int failures = 0;
    int with_side_pots = 0;  // hands that ended with more than one pot
};

template <game G>
played check_played_hands(const play::rule_profile& rules, int hands, std::uint64_t seed) {
    using namespace play;
    xoshiro256ss rng(seed);
    int failures = 0, with_side_pots = 0;
    const std::string name(G::traits.name);
    for (int k = 0; k < hands && failures < 3; ++k) {
        const auto structure = static_cast<betting_structure>(uniform_below(rng, 3));
        int players = 2 + static_cast<int>(uniform_below(rng, max_seats - 1));
        hand_config config;
        for (;; --players) {  // fewer players where the deck cannot deal to as many
            config = hand_config::standard(name, structure, players, 100);
            for (chips& stack : config.starting_stacks) stack = 10 + static_cast<chips>(uniform_below(rng, 120));
            config.mode = uniform_below(rng, 2) == 0 ? play_mode::tournament : play_mode::cash_game;
            config.rules = rules;
            try {
                config.validate();
                break;
            } catch (const config_error&) {
                REQUIRE(players > 2);
            }
        }
        hand_state hand(config, rng());
        while (!hand.is_complete()) {
            action a = random_action(hand, rng);
            if (a.what == action::kind::muck) a = action::show_by(a.seat);
            hand.apply(a);
        }

        const std::vector<chips> put_in = hand.contributions();
        int live = 0;
        for (int s = 0; s < players; ++s) live += hand.status(s) != seat_status::folded ? 1 : 0;
        const bool alone = live == 1;  // the last seat left need not show
        std::vector<seat> seats(static_cast<std::size_t>(players));
        for (int s = 0; s < players; ++s) {
            seat& st = seats[static_cast<std::size_t>(s)];
            st.contribution = put_in[static_cast<std::size_t>(s)];
            st.folded = hand.status(s) == seat_status::folded;
            if (!st.folded && !alone) st.cards = hand.hole_cards(s).all();
        }
        CardSet board;
        for (Card c : hand.board()) board |= c;
        const settlement want = settle(G{}, seats, board, static_cast<std::size_t>(players - 1), rules.settling());
        const std::span<const chips> got = hand.payouts();
        with_side_pots += want.pots.size() > 1 ? 1 : 0;
        if (!std::equal(got.begin(), got.end(), want.payouts.begin(), want.payouts.end())) {
            ++failures;
            std::string paid, settled;
            for (chips c : got) paid += std::to_string(c) + " ";
            for (chips c : want.payouts) settled += std::to_string(c) + " ";
            std::string shown;
            for (const seat& st : seats)
                shown += " [" + (st.folded ? std::string("fold") : to_string(st.cards)) + " : " +
                         std::to_string(st.contribution) + "]";
            FAIL_CHECK(name << " under " << std::string(rules.name) << ", hand " << k << ": board " << to_string(board)
                            << ";" << shown << " played " << paid << "; settle() " << settled);
        }
    }
    return {failures, with_side_pots};
}

template <std::size_t... I>
void check_every_game(const play::rule_profile& rules, int hands, std::index_sequence<I...>) {
    auto check_game = [&]<class G>(std::size_t seed) {
        CAPTURE(G::traits.name);
        const played p = check_played_hands<G>(rules, hands, seed);
        CHECK(p.failures == 0);
        CHECK(p.with_side_pots > 0);
    };
    (check_game.template operator()<std::variant_alternative_t<I, any_game>>(1000 + I), ...);
}

}  // namespace

TEST_CASE("every game played to the end pays what settle() pays, under every rule profile") {
    for (const char* profile : {"wsop-2024", "roberts", "pokerkit"}) {
        CAPTURE(profile);
        check_every_game(play::rule_profile::named(profile), 400,
                         std::make_index_sequence<std::variant_size_v<any_game>>{});
    }
}
