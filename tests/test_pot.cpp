#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "pokerengine/pot.hpp"

using namespace pokerengine;

namespace {
chips total(const std::vector<pot>& pots) {
    return std::accumulate(pots.begin(), pots.end(), chips{0}, [](chips s, const pot& p) { return s + p.amount; });
}
using players = std::vector<std::size_t>;
}  // namespace

TEST_CASE("equal contributions make one pot") {
    auto pots = build_pots(std::vector<stake>{{100}, {100}, {100}});
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].amount == 300);
    CHECK(pots[0].eligible == players{0, 1, 2});
    CHECK_FALSE(pots[0].uncontested());
}

TEST_CASE("all-in players close side pots") {
    SUBCASE("three different stacks") {
        // 25 all-in, 60 all-in, 100: main 75, side 70, and 40 back to the big stack.
        auto pots = build_pots(std::vector<stake>{{25}, {60}, {100}});
        REQUIRE(pots.size() == 3);
        CHECK(pots[0].amount == 75);
        CHECK(pots[0].eligible == players{0, 1, 2});
        CHECK(pots[1].amount == 70);
        CHECK(pots[1].eligible == players{1, 2});
        CHECK(pots[2].amount == 40);
        CHECK(pots[2].eligible == players{2});
        CHECK(pots[2].uncontested());
    }
    SUBCASE("two players all-in for the same amount share a level") {
        auto pots = build_pots(std::vector<stake>{{50}, {50}, {80}, {80}});
        REQUIRE(pots.size() == 2);
        CHECK(pots[0].amount == 200);
        CHECK(pots[1].amount == 60);
        CHECK(pots[1].eligible == players{2, 3});
    }
}

TEST_CASE("folded players' chips stay in the pots they reached") {
    SUBCASE("a folded blind") {
        auto pots = build_pots(std::vector<stake>{{10, true}, {100}, {100}});
        REQUIRE(pots.size() == 1);
        CHECK(pots[0].amount == 210);
        CHECK(pots[0].eligible == players{1, 2});
    }
    SUBCASE("a folded player who put in more than an all-in player") {
        // player 0 all-in for 30; player 1 bet 80 and folded later; player 2 put in 80.
        auto pots = build_pots(std::vector<stake>{{30}, {80, true}, {80}});
        REQUIRE(pots.size() == 2);
        CHECK(pots[0].amount == 90);
        CHECK(pots[0].eligible == players{0, 2});
        CHECK(pots[1].amount == 100);
        CHECK(pots[1].eligible == players{2});
    }
    SUBCASE("chips beyond every live contribution go to the last pot") {
        auto pots = build_pots(std::vector<stake>{{20}, {50, true}, {20}});
        REQUIRE(pots.size() == 1);
        CHECK(pots[0].amount == 90);
        CHECK(pots[0].eligible == players{0, 2});
    }
    SUBCASE("everyone else folded") {
        auto pots = build_pots(std::vector<stake>{{5, true}, {10, true}, {10}});
        REQUIRE(pots.size() == 1);
        CHECK(pots[0].amount == 25);
        CHECK(pots[0].eligible == players{2});
    }
    SUBCASE("a live player who put in nothing wins nothing of others' chips") {
        auto pots = build_pots(std::vector<stake>{{0}, {40}, {40}});
        REQUIRE(pots.size() == 1);
        CHECK(pots[0].amount == 80);
        CHECK(pots[0].eligible == players{1, 2});
    }
    SUBCASE("nothing put in at all") {
        auto pots = build_pots(std::vector<stake>{{0}, {0}});
        REQUIRE(pots.size() == 1);
        CHECK(pots[0].amount == 0);
        CHECK(pots[0].eligible == players{0, 1});
    }
}

TEST_CASE("the pots hold exactly the chips put in") {
    // Every pattern of contributions 0..4 and folds for four players.
    for (int code = 0; code < 5 * 5 * 5 * 5 * 16; ++code) {
        std::vector<stake> stakes;
        int c = code;
        for (int i = 0; i < 4; ++i, c /= 5) stakes.push_back({c % 5, false});
        for (int i = 0; i < 4; ++i, c /= 2) stakes[static_cast<std::size_t>(i)].folded = c % 2 == 1;
        bool anyone_left = false;
        chips put_in = 0;
        for (const stake& s : stakes) {
            anyone_left |= !s.folded;
            put_in += s.contribution;
        }
        if (!anyone_left) {
            CHECK_THROWS_AS(build_pots(stakes), pot_error);
            continue;
        }
        auto pots = build_pots(stakes);
        CHECK(total(pots) == put_in);
        for (const pot& p : pots) {
            REQUIRE_FALSE(p.eligible.empty());
            for (std::size_t i : p.eligible) CHECK_FALSE(stakes[i].folded);
        }
        // A player's pots can pay them at most what each opponent could match.
        for (std::size_t i = 0; i < stakes.size(); ++i) {
            chips reachable = 0, most = 0;
            for (const pot& p : pots)
                if (std::find(p.eligible.begin(), p.eligible.end(), i) != p.eligible.end()) reachable += p.amount;
            for (const stake& o : stakes) most += std::min(o.contribution, stakes[i].contribution);
            bool is_biggest_live = true;
            for (const stake& o : stakes)
                if (!o.folded && o.contribution > stakes[i].contribution) is_biggest_live = false;
            if (!is_biggest_live) CHECK(reachable <= most);
        }
    }
}

TEST_CASE("bad stakes are errors") {
    CHECK_THROWS_WITH_AS(build_pots(std::vector<stake>{{10}, {-1}}), "player 2 has a negative contribution (-1)",
                         pot_error);
    CHECK_THROWS_WITH_AS(build_pots(std::vector<stake>{{10, true}, {10, true}}),
                         "every player folded: nobody can win the pot", pot_error);
}

TEST_CASE("chip totals beyond 2^62 are refused before anything is added up") {
    CHECK(max_chips == 4'611'686'018'427'387'904);
    CHECK(total_chips(std::vector<stake>{{max_chips - 1}, {1, true}}) == max_chips);
    const auto pots = build_pots(std::vector<stake>{{max_chips / 2}, {max_chips / 2}});
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].amount == max_chips);
    CHECK_THROWS_WITH_AS(total_chips(std::vector<stake>{{max_chips}, {1}}),
                         "the contributions add up to more than 4611686018427387904 chips (2^62, the most a pot may "
                         "hold) by player 2",
                         pot_error);
    // 9,300 folded players at 10^15 each once overflowed the sum of the main pot.
    std::vector<stake> many(9'300, stake{1'000'000'000'000'000, true});
    many.push_back({1'000'000'000'000'000});
    CHECK_THROWS_AS(build_pots(many), pot_error);
    // Every contribution at the int64 limit, each on its own beyond max_chips.
    const chips most = std::numeric_limits<chips>::max();
    CHECK_THROWS_AS(build_pots(std::vector<stake>{{most}, {most}}), pot_error);
    CHECK_THROWS_AS(build_pots(std::vector<stake>{{most, true}, {1}}), pot_error);
    CHECK_THROWS_AS(split_chips(max_chips + 1, 2), pot_error);
    CHECK_THROWS_AS(split_chips(-1, 2), pot_error);
    CHECK(split_chips(max_chips, 3) == std::vector<chips>{max_chips / 3 + 1, max_chips / 3, max_chips / 3});
}

TEST_CASE("split_chips gives the odd chips to the first winners") {
    CHECK(split_chips(10, 3) == std::vector<chips>{4, 3, 3});
    CHECK(split_chips(11, 3) == std::vector<chips>{4, 4, 3});
    CHECK(split_chips(9, 3) == std::vector<chips>{3, 3, 3});
    CHECK(split_chips(1, 4) == std::vector<chips>{1, 0, 0, 0});
    CHECK(split_chips(0, 2) == std::vector<chips>{0, 0});
    CHECK_THROWS_AS(split_chips(5, 0), pot_error);
}

TEST_CASE("build_pot_masks: the same pots in fixed storage, with dead money in the main pot") {
    SUBCASE("the same pots as build_pots") {
        const std::vector<stake> stakes{{25}, {60}, {100}, {10, true}};
        const pot_masks masks = build_pot_masks(stakes);
        REQUIRE(masks.size() == 3);
        CHECK(masks[0] == pot_mask{85, 0b0111});
        CHECK(masks[1] == pot_mask{70, 0b0110});
        CHECK(masks[2] == pot_mask{40, 0b0100});
    }
    SUBCASE("dead antes go to the main pot") {
        // Antes of 1 from each of three players as dead money; player 0 all-in for 20 more.
        const pot_masks masks = build_pot_masks(std::vector<stake>{{20}, {50}, {50}}, 3);
        REQUIRE(masks.size() == 2);
        CHECK(masks[0] == pot_mask{63, 0b111});
        CHECK(masks[1] == pot_mask{60, 0b110});
    }
    SUBCASE("a player all-in from the ante alone can win the antes, and nothing more") {
        const pot_masks masks = build_pot_masks(std::vector<stake>{{0}, {8}, {8}, {2, true}}, 4);
        REQUIRE(masks.size() == 2);
        CHECK(masks[0] == pot_mask{4, 0b0111});
        CHECK(masks[1] == pot_mask{18, 0b0110});
        // Without dead money the empty pot of the player who put in nothing is skipped.
        REQUIRE(build_pot_masks(std::vector<stake>{{0}, {8}, {8}, {2, true}}).size() == 1);
    }
    SUBCASE("bad input") {
        CHECK_THROWS_WITH_AS(build_pot_masks(std::vector<stake>{{1}, {1}}, -1), "dead money cannot be negative (-1)",
                             pot_error);
        CHECK_THROWS_AS(build_pot_masks(std::vector<stake>{{max_chips - 1}, {1}}, 1), pot_error);
        CHECK_NOTHROW(build_pot_masks(std::vector<stake>(max_pot_players, stake{1})));
        CHECK_THROWS_WITH_AS(build_pot_masks(std::vector<stake>(max_pot_players + 1, stake{1})),
                             "a hand has at most 64 players, not 65", pot_error);
    }
}
