// Video poker: pay tables, pay-table files, the value of every hold.
//
// Truth comes from outside the fast code: values worked out by hand, and a
// brute force written here that deals every draw of every hold card by card.
// The exact returns against the published figures are in
// test_video_poker_return.cpp (slow suite).

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "pokerengine/evaluator.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/video_poker.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

const pay_table& jacks() {
    static const pay_table t = pay_table::named("jacks-or-better-9-6");
    return t;
}
const pay_table& deuces() {
    static const pay_table t = pay_table::named("deuces-wild-full-pay");
    return t;
}
const pay_table& joker() {
    static const pay_table t = pay_table::named("joker-poker-kings");
    return t;
}

// The hold of `hand` that keeps exactly `held`.
hold_value hold_of(const std::vector<hold_value>& holds, CardSet held) {
    auto it = std::find_if(holds.begin(), holds.end(), [&](const hold_value& h) { return h.held == held; });
    REQUIRE(it != holds.end());
    return *it;
}

// Brute force: the total pay and the number of draws when `held` is kept,
// dealing the replacement cards one index at a time.
std::pair<std::int64_t, std::int64_t> dealt_total(const pay_table& table, CardSet hand, CardSet held) {
    std::vector<Card> stub;
    for (int code = 0; code < 64; ++code)
        if (Card::is_valid_code(code)) {
            Card c = Card::from_code(static_cast<std::uint8_t>(code));
            if (table.deck().contains(c) && !hand.contains(c)) stub.push_back(c);
        }
    int k = 5 - held.size();
    std::vector<std::size_t> pick(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < pick.size(); ++i) pick[i] = i;
    std::int64_t total = 0, draws = 0;
    while (true) {
        CardSet final_hand = held;
        for (std::size_t i : pick) final_hand |= stub[i];
        total += table.pays(final_hand);
        ++draws;
        // Next combination in lexicographic order.
        std::size_t i = pick.size();
        while (i > 0 && pick[i - 1] == stub.size() - pick.size() + i - 1) --i;
        if (i == 0) break;
        ++pick[i - 1];
        for (std::size_t j = i; j < pick.size(); ++j) pick[j] = pick[j - 1] + 1;
    }
    return {total, draws};
}

}  // namespace

TEST_CASE("the built-in pay tables") {
    SUBCASE("Jacks or Better 9/6") {
        std::vector<std::int64_t> pays;
        for (const pay_row& r : jacks().rows()) pays.push_back(r.pays);
        CHECK(pays == std::vector<std::int64_t>{800, 50, 25, 9, 6, 4, 3, 2, 1});
        CHECK(jacks().deck_size() == 52);
    }
    SUBCASE("full-pay Deuces Wild") {
        std::vector<std::int64_t> pays;
        for (const pay_row& r : deuces().rows()) pays.push_back(r.pays);
        CHECK(pays == std::vector<std::int64_t>{800, 200, 25, 15, 9, 5, 3, 2, 2, 1});
        CHECK(deuces().rows()[1].label == "Four deuces");
    }
    SUBCASE("Joker Poker, kings or better, 20-7-5") {
        std::vector<std::int64_t> pays;
        for (const pay_row& r : joker().rows()) pays.push_back(r.pays);
        CHECK(pays == std::vector<std::int64_t>{800, 200, 100, 50, 20, 7, 5, 3, 2, 1, 1});
        CHECK(joker().deck_size() == 53);
        CHECK(joker().deck().contains(Card::joker(0)));
    }
    SUBCASE("an unknown name lists the names") {
        CHECK_THROWS_WITH_AS(pay_table::named("jacks"),
                             "unknown pay table \"jacks\" (pay tables: jacks-or-better-9-6, deuces-wild-full-pay, "
                             "joker-poker-kings, or a pay-table file)",
                             paytable_error);
    }
}

TEST_CASE("what a final hand pays") {
    SUBCASE("Jacks or Better: a pair pays from jacks up") {
        CHECK(jacks().pays(parse_card_set("Jh Jd 2c 5s 9h")) == 1);
        CHECK(jacks().pays(parse_card_set("Th Td 2c 5s 9h")) == 0);
        CHECK(jacks().pays(parse_card_set("Ah Kh Qh Jh Th")) == 800);
        CHECK(jacks().pays(parse_card_set("9h Kh Qh Jh Th")) == 50);
        CHECK(jacks().pays(parse_card_set("Ah 2d 3c 4h 5s")) == 4);
    }
    SUBCASE("Deuces Wild: the pay-table order") {
        CHECK(deuces().pays(parse_card_set("Ah Kh Qh Jh Th")) == 800);
        CHECK(deuces().pays(parse_card_set("2c 2d 2h 2s 7d")) == 200);
        CHECK(deuces().pays(parse_card_set("2c Kh Qh Jh Th")) == 25);
        CHECK(deuces().pays(parse_card_set("2c 2d As Ah Ad")) == 15);
        CHECK(deuces().pays(parse_card_set("2c 7d 7h 9s Ks")) == 1);
        CHECK(deuces().pays(parse_card_set("Kc Kd 7h 7s 9d")) == 0);  // two pair pays nothing
    }
    SUBCASE("Joker Poker: a pair pays from kings up, the joker pairs the top card") {
        CHECK(joker().pays(parse_card_set("Xx Kd 7h 4s 9c")) == 1);
        CHECK(joker().pays(parse_card_set("Xx Qd 7h 4s 9c")) == 0);
        CHECK(joker().pays(parse_card_set("Xx As Ks Qs Js")) == 100);
        CHECK(joker().pays(parse_card_set("Xx 7s 7d 7h 7c")) == 200);
        CHECK(joker().pays(parse_card_set("As Ks Qs Js Ts")) == 800);
    }
}

TEST_CASE("pay-table files") {
    const std::string jacks_8_5 =
        "# Jacks or Better 8/5\n"
        "game jacks-or-better\n"
        "royal-flush 800\nstraight-flush 50\nfour-of-a-kind 25\n"
        "full-house 8   # the 8 of 8/5\n"
        "flush 5\nstraight 4\nthree-of-a-kind 3\ntwo-pair 2\njacks-or-better 1\n";
    SUBCASE("a good file") {
        pay_table t = pay_table::parse(jacks_8_5, "8-5.txt");
        CHECK(t.name() == "8-5.txt");
        CHECK(t.game() == video_poker_game::jacks_or_better);
        CHECK(t.rows()[3].pays == 8);
        CHECK(t.rows()[4].pays == 5);
    }
    SUBCASE("errors name the file and the line") {
        auto error_of = [](const std::string& text) {
            try {
                (void)pay_table::parse(text, "t.txt");
            } catch (const paytable_error& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        CHECK(error_of("\nroyal-flush 800\n") ==
              "t.txt: line 2: the first line must be 'game NAME' (games: jacks-or-better, deuces-wild, "
              "joker-poker-kings), got \"royal-flush 800\"");
        CHECK(error_of("game bonus-poker\n") ==
              "t.txt: line 1: unknown game \"bonus-poker\" (games: jacks-or-better, deuces-wild, joker-poker-kings)");
        CHECK(error_of("game deuces-wild\nfour-deuces 200\ntwo-pair 1\n") ==
              "t.txt: line 3: unknown category \"two-pair\" for deuces-wild (categories: natural-royal-flush, "
              "four-deuces, wild-royal-flush, five-of-a-kind, straight-flush, four-of-a-kind, full-house, flush, "
              "straight, three-of-a-kind)");
        CHECK(error_of("game jacks-or-better\nflush 6\nflush 5\n") ==
              "t.txt: line 3: category flush given twice (first on line 2)");
        CHECK(error_of("game jacks-or-better\nflush six\n") ==
              "t.txt: line 2: the payout of flush must be a whole number from 0 to 1000000, got \"six\"");
        CHECK(error_of("game jacks-or-better\nflush -1\n") ==
              "t.txt: line 2: the payout of flush must be a whole number from 0 to 1000000, got \"-1\"");
        CHECK(error_of("game jacks-or-better\nflush\n") == "t.txt: line 2: expected 'CATEGORY PAYS', e.g. \"flush 6\"");
        CHECK(error_of("game jacks-or-better\ngame deuces-wild\n") ==
              "t.txt: line 2: 'game' given twice (first on an earlier line)");
        CHECK(error_of("game jacks-or-better\nroyal-flush 800\n") ==
              "t.txt: missing categories for jacks-or-better: straight-flush, four-of-a-kind, full-house, flush, "
              "straight, three-of-a-kind, two-pair, jacks-or-better");
        CHECK(error_of("# nothing\n\n") == "t.txt: empty pay table: the first line must be 'game NAME'");
    }
}

TEST_CASE("hold values worked out by hand") {
    SUBCASE("a dealt royal flush holds all five for 800") {
        std::vector<hold_value> holds = analyze_hand(jacks(), parse_card_set("As Ks Qs Js Ts"));
        CHECK(holds.size() == 32);
        CHECK(holds[0].held.size() == 5);
        CHECK(holds[0].ev() == 800);
        CHECK(holds[0].draws == 1);
    }
    SUBCASE("a pat full house") {
        std::vector<hold_value> holds = analyze_hand(jacks(), parse_card_set("Ks Kd Kh 2c 2d"));
        CHECK(holds[0].held.size() == 5);
        CHECK(holds[0].ev() == 9);
    }
    SUBCASE("four to a royal beats a made flush") {
        // Ts: royal 800; the 7 other spades (not the 9s): flush 6; Tc Td Th: straight 4; 12 aces to jacks: 1.
        std::vector<hold_value> holds = analyze_hand(jacks(), parse_card_set("As Ks Qs Js 9s"));
        CHECK(holds[0].held == parse_card_set("As Ks Qs Js"));
        CHECK(holds[0].ev() == exact_fraction(800 + 7 * 6 + 3 * 4 + 12, 47));
        CHECK(hold_of(holds, parse_card_set("As Ks Qs Js 9s")).ev() == 6);
    }
    SUBCASE("deuces wild: four to a natural royal") {
        // Th: 800; four deuces: wild royal 25; seven other hearts: flush 2; three tens: straight 2.
        std::vector<hold_value> holds = analyze_hand(deuces(), parse_card_set("Ah Kh Qh Jh 3c"));
        CHECK(hold_of(holds, parse_card_set("Ah Kh Qh Jh")).ev() == exact_fraction(800 + 4 * 25 + 7 * 2 + 3 * 2, 47));
    }
    SUBCASE("deuces wild: four deuces, equal holds list the larger first") {
        std::vector<hold_value> holds = analyze_hand(deuces(), parse_card_set("2s 2h 2d 2c 7d"));
        CHECK(holds[0].held.size() == 5);
        CHECK(holds[0].ev() == 200);
        CHECK(holds[1].held == parse_card_set("2s 2h 2d 2c"));
        CHECK(holds[1].ev() == 200);
    }
    SUBCASE("joker poker: 48 cards to draw from") {
        // Ts: 800; eight other spades: flush 5; three tens: straight 3; six aces and kings: 1.
        std::vector<hold_value> holds = analyze_hand(joker(), parse_card_set("Xx As Ks Qs Js"));
        CHECK(holds[0].held.size() == 5);
        CHECK(holds[0].ev() == 100);
        hold_value four = hold_of(holds, parse_card_set("As Ks Qs Js"));
        CHECK(four.draws == 48);
        CHECK(four.ev() == exact_fraction(800 + 8 * 5 + 3 * 3 + 6, 48));
    }
    SUBCASE("discarding everything draws from the 47 others") {
        std::vector<hold_value> holds = analyze_hand(jacks(), parse_card_set("2c 3d 4h 6s 8c"));
        CHECK(hold_of(holds, CardSet{}).draws == 1'533'939);
    }
}

TEST_CASE("bad dealt hands") {
    CHECK_THROWS_WITH_AS(check_dealt_hand(jacks(), parse_cards("As Ks Qs Js")),
                         "video poker deals 5 cards, got 4: \"As Ks Qs Js\"", hand_error);
    CHECK_THROWS_WITH_AS(check_dealt_hand(jacks(), parse_cards("Xx Ks Qs Js Ts")),
                         "a joker (Xx) is not in the deck of jacks-or-better (only joker-poker-kings has one): "
                         "\"Xx Ks Qs Js Ts\"",
                         hand_error);
    CHECK_THROWS_WITH_AS(check_dealt_hand(joker(), parse_cards("Xx Xx Qs Js Ts")),
                         "joker poker has one joker: \"Xx Xx Qs Js Ts\"", hand_error);
    CHECK_NOTHROW(check_dealt_hand(joker(), parse_cards("Xx Ks Qs Js Ts")));
}

TEST_CASE("every hold agrees with dealing each draw card by card") {
    const char* hands[][2] = {
        {"jacks-or-better-9-6", "Ah Kd 7c 7s 2h"}, {"jacks-or-better-9-6", "Th Jh Qc 4h 5h"},
        {"deuces-wild-full-pay", "2h 5s 6s 9d Kc"}, {"deuces-wild-full-pay", "3c 4c 5d 8h Jc"},
        {"joker-poker-kings", "Xx 8d 9d Kc 3s"},   {"joker-poker-kings", "Ac Kc 4d 4h 9s"},
    };
    for (const auto& pair : hands) {
        const char* name = pair[0];  // not bindings: CAPTURE takes them into a lambda
        const char* cards = pair[1];
        CAPTURE(name);
        CAPTURE(cards);
        pay_table table = pay_table::named(name);
        CardSet hand = parse_card_set(cards);
        std::vector<hold_value> holds = analyze_hand(table, hand);
        for (std::size_t i = 0; i < holds.size(); ++i) {
            CAPTURE(holds[i].held);
            auto [total, draws] = dealt_total(table, hand, holds[i].held);
            CHECK(holds[i].pay_sum == total);
            CHECK(holds[i].draws == draws);
        }
        for (std::size_t i = 1; i < holds.size(); ++i) CHECK_FALSE(better_hold(holds[i], holds[i - 1]));
    }
}

TEST_CASE("counting draws by inclusion-exclusion agrees with dealing them") {
    xoshiro256ss rng{20261129};
    for (const char* name : {"jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings"}) {
        CAPTURE(name);
        pay_table table = pay_table::named(name);
        draw_tables tables{table};
        std::vector<CardSet> hands{parse_card_set("As Ks Qs Js Ts"), parse_card_set("2c 2d 2h 2s 3c")};
        if (table.deck_size() == 53) hands.push_back(parse_card_set("Xx 7d 7h 2c Ks"));
        for (int i = 0; i < 4; ++i) hands.push_back(testing::random_cards(rng, 5));
        for (CardSet hand : hands) {
            CAPTURE(hand);
            std::vector<hold_value> dealt = analyze_hand(table, hand);
            std::array<hold_value, 32> counted = tables.holds(hand);
            for (const hold_value& h : counted) {
                hold_value d = hold_of(dealt, h.held);
                CHECK(h.pay_sum == d.pay_sum);
                CHECK(h.draws == d.draws);
                CHECK(h.discarded == d.discarded);
            }
            // The row counts of the best hold add up to its pay sum and its draws.
            std::vector<std::int64_t> rows = tables.row_counts(hand, dealt[0].held);
            std::int64_t pays = 0, count = 0;
            for (std::size_t r = 0; r < rows.size(); ++r) {
                CHECK(rows[r] >= 0);
                count += rows[r];
                if (r < table.rows().size()) pays += rows[r] * table.rows()[r].pays;
            }
            CHECK(count == dealt[0].draws);
            CHECK(pays == dealt[0].pay_sum);
        }
    }
}
