// The games as data: the registry by name, each game's declaration, and the
// stud queries.
#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerengine/games.hpp"
#include "pokerengine/stud.hpp"

using namespace pokerengine;

TEST_CASE("every game the issue names is in the registry, with its deal") {
    struct expected {
        const char* name;
        deck_kind deck;
        int hole, up, board, draws, hand;
        bool split;
    };
    const expected all[] = {
        {"holdem", deck_kind::standard, 2, 0, 5, 0, 5, false},
        {"short-deck", deck_kind::short_deck, 2, 0, 5, 0, 5, false},
        {"short-deck-wsop", deck_kind::short_deck, 2, 0, 5, 0, 5, false},
        {"omaha", deck_kind::standard, 4, 0, 5, 0, 5, false},
        {"omaha5", deck_kind::standard, 5, 0, 5, 0, 5, false},
        {"omaha6", deck_kind::standard, 6, 0, 5, 0, 5, false},
        {"omaha-hi-lo", deck_kind::standard, 4, 0, 5, 0, 5, true},
        {"omaha5-hi-lo", deck_kind::standard, 5, 0, 5, 0, 5, true},
        {"stud", deck_kind::standard, 7, 4, 0, 0, 5, false},
        {"stud-hi-lo", deck_kind::standard, 7, 4, 0, 0, 5, true},
        {"razz", deck_kind::standard, 7, 4, 0, 0, 5, false},
        {"five-card-draw", deck_kind::standard, 5, 0, 0, 1, 5, false},
        {"deuce-to-seven-single-draw", deck_kind::standard, 5, 0, 0, 1, 5, false},
        {"deuce-to-seven-triple-draw", deck_kind::standard, 5, 0, 0, 3, 5, false},
        {"ace-to-five-triple-draw", deck_kind::standard, 5, 0, 0, 3, 5, false},
        {"badugi", deck_kind::standard, 4, 0, 0, 3, 4, false},
        {"joker-draw", deck_kind::one_joker, 5, 0, 0, 1, 5, false},
        {"deuces-wild-draw", deck_kind::standard, 5, 0, 0, 1, 5, false},
    };
    CHECK(all_games().size() == std::size(all));
    for (const expected& e : all) {
        CAPTURE(e.name);
        any_game g = find_game(e.name);
        const game_traits& t = traits_of(g);
        CHECK(t.name == e.name);
        CHECK_FALSE(t.description.empty());
        CHECK(t.deck == e.deck);
        CHECK(t.deal.hole_cards == e.hole);
        CHECK(t.deal.up_cards == e.up);
        CHECK(t.deal.board_cards == e.board);
        CHECK(t.deal.draws == e.draws);
        CHECK(t.deal.hand_cards == e.hand);
        CHECK(t.odd_chip == (t.family == game_family::stud ? odd_chip_rule::card_by_suit
                                                           : odd_chip_rule::left_of_button));
        bool split = std::visit([](const auto& game) { return is_split_game<std::decay_t<decltype(game)>>; }, g);
        CHECK(split == e.split);
    }
}

TEST_CASE("the PHH standard's variant codes name one game and structure each") {
    // The eleven codes of the PHH specification (github.com/uoftcprg/phh-std, "variant").
    struct expected {
        const char* code;
        const char* game;
        betting_structure structure;
    };
    const expected standard[] = {
        {"FT", "holdem", betting_structure::fixed_limit},
        {"NT", "holdem", betting_structure::no_limit},
        {"NS", "short-deck-wsop", betting_structure::no_limit},
        {"PO", "omaha", betting_structure::pot_limit},
        {"FO/8", "omaha-hi-lo", betting_structure::fixed_limit},
        {"F7S", "stud", betting_structure::fixed_limit},
        {"F7S/8", "stud-hi-lo", betting_structure::fixed_limit},
        {"FR", "razz", betting_structure::fixed_limit},
        {"N2L1D", "deuce-to-seven-single-draw", betting_structure::no_limit},
        {"F2L3D", "deuce-to-seven-triple-draw", betting_structure::fixed_limit},
        {"FB", "badugi", betting_structure::fixed_limit},
    };
    std::size_t declared = 0;
    for (const game_traits& t : all_games())
        for (const phh_code& c : t.phh_codes) {
            if (c.code.empty()) continue;
            ++declared;
            CAPTURE(c.code);
            const auto e = std::ranges::find_if(standard, [&](const expected& x) { return x.code == c.code; });
            REQUIRE(e != std::end(standard));
            CHECK(t.name == e->game);
            CHECK(c.structure == e->structure);
        }
    CHECK(declared == std::size(standard));
}

TEST_CASE("betting structures by name") {
    CHECK(to_string(betting_structure::pot_limit) == "pot-limit");
    for (betting_structure s : {betting_structure::fixed_limit, betting_structure::pot_limit, betting_structure::no_limit})
        CHECK(parse_betting_structure(to_string(s)) == s);
    CHECK(parse_betting_structure("limit") == betting_structure::fixed_limit);
    CHECK_THROWS_WITH_AS(parse_betting_structure("spread"), doctest::Contains("unknown betting structure 'spread'"),
                         std::invalid_argument);
}

TEST_CASE("decks") {
    CHECK(deck_cards(deck_kind::standard).size() == 52);
    CHECK(deck_cards(deck_kind::short_deck).size() == 36);
    CHECK_FALSE(deck_cards(deck_kind::short_deck).contains(parse_card("5s")));
    CHECK(deck_cards(deck_kind::short_deck).contains(parse_card("6s")));
    CHECK(deck_cards(deck_kind::one_joker).size() == 53);
    CHECK(deck_cards(deck_kind::one_joker).joker_count() == 1);
}

TEST_CASE("an unknown game lists the valid names") {
    std::string valid;
    for (const game_traits& t : all_games()) valid += (valid.empty() ? "" : ", ") + std::string(t.name);
    CHECK_THROWS_WITH_AS(find_game("hold'em"), ("unknown game 'hold'em' (valid games: " + valid + ")").c_str(),
                         game_error);
    CHECK_THROWS_AS(find_game(""), game_error);
}

namespace {
struct no_rules {
    static constexpr game_traits traits{};
    using high_hand = no_hand;
    using low_hand = no_hand;
};
struct not_a_rule {};
struct bad_rule {
    static constexpr game_traits traits{};
    using high_hand = not_a_rule;
    using low_hand = no_hand;
};
}  // namespace

TEST_CASE("games are types checked at compile time") {
    static_assert(game<games::holdem>);
    static_assert(game<games::omaha_hi_lo>);
    static_assert(is_split_game<games::stud_hi_lo>);
    static_assert(!is_split_game<games::razz>);
    static_assert(!game<no_rules>, "a game needs a rule for at least one half");
    static_assert(!game<bad_rule>, "each half is a hand rule or no_hand");
}

TEST_CASE("stud: the bring-in") {
    auto cards = [](std::initializer_list<const char*> texts) {
        std::vector<Card> v;
        for (const char* t : texts) v.push_back(parse_card(t));
        return v;
    };
    SUBCASE("high games: the lowest card, aces high, clubs lowest of a rank") {
        CHECK(bring_in(games::seven_card_stud{}, cards({"7s", "2d", "Kc"})) == 1);
        CHECK(bring_in(games::seven_card_stud{}, cards({"2s", "2d", "2h"})) == 1);
        CHECK(bring_in(games::seven_card_stud{}, cards({"2s", "2c", "2h"})) == 1);
        CHECK(bring_in(games::stud_hi_lo{}, cards({"As", "Kd", "Qh"})) == 2);  // the ace is high
    }
    SUBCASE("razz: the highest card, aces low, spades highest of a rank") {
        CHECK(bring_in(games::razz{}, cards({"7s", "Kd", "As"})) == 1);
        CHECK(bring_in(games::razz{}, cards({"Kc", "Kd", "Ks", "Kh"})) == 2);
        CHECK(bring_in(games::razz{}, cards({"As", "2c"})) == 1);  // the ace is the lowest card
    }
    SUBCASE("by name, and errors") {
        CHECK(bring_in(find_game("razz"), cards({"7s", "Kd"})) == 1);
        CHECK_THROWS_WITH_AS(bring_in(find_game("holdem"), cards({"7s", "Kd"})),
                             "holdem is not a stud game: it has no bring-in", game_error);
        CHECK_THROWS_WITH_AS(bring_in(showing_order::high, cards({"7s", "7s"})),
                             "7s is given as two players' door card", game_error);
        CHECK_THROWS_AS(bring_in(showing_order::high, std::vector<Card>{}), game_error);
    }
}

TEST_CASE("stud: first to act on later streets is the best hand showing") {
    auto up = [](std::initializer_list<const char*> texts) {
        std::vector<CardSet> v;
        for (const char* t : texts) v.push_back(*t ? parse_card_set(t) : CardSet{});
        return v;
    };
    SUBCASE("high: pairs beat high cards, trips beat two pair, and straights and flushes do not count") {
        CHECK(first_to_act(games::seven_card_stud{}, up({"Kd 7c", "5s 5h", "Ah Qs"})) == 1);
        CHECK(first_to_act(games::seven_card_stud{}, up({"Kd 7c", "Ah 2s", "Ad Qs"})) == 2);
        CHECK(first_to_act(games::seven_card_stud{}, up({"9s 9h 4d 4c", "3s 3h 3d 2c", "As Ks Qs Js"})) == 1);
        CHECK(first_to_act(games::seven_card_stud{}, up({"6h 7h 8h 9h", "Ts 2d 3c 4s"})) == 1);
        CHECK(first_to_act(games::seven_card_stud{}, up({"Kd Kc 2s", "Ks Kh 2d"})) == 0);  // tie: first seat
        CHECK(first_to_act(games::seven_card_stud{}, up({"Kd Kc 2s", "Ks Kh 3d"})) == 1);
        CHECK(first_to_act(games::stud_hi_lo{}, up({"Ad 4c", "Qs Qh"})) == 1);
    }
    SUBCASE("razz: the lowest hand showing, aces low, pairs worst") {
        CHECK(first_to_act(games::razz{}, up({"7d 4c", "6s 5h", "Kh Qs"})) == 1);
        CHECK(first_to_act(games::razz{}, up({"2d 2c", "Ks Qh"})) == 1);
        CHECK(first_to_act(games::razz{}, up({"Ad 2c 3h", "As 2s 4h"})) == 0);
        CHECK(first_to_act(games::razz{}, up({"3d 3c Kh", "4s 4h 2d"})) == 0);
    }
    SUBCASE("players who folded are skipped") {
        CHECK(first_to_act(games::seven_card_stud{}, up({"", "5s 2h", "Ah Qs"})) == 2);
        CHECK_THROWS_WITH_AS(first_to_act(games::seven_card_stud{}, up({"", ""})), "nobody shows any up cards",
                             game_error);
    }
}
