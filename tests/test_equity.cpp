// Equity: published figures, an independent brute force over every board,
// Monte Carlo against enumeration, ranges with card removal, and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "pokerengine/equity.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/omaha.hpp"
#include "pokerengine/random.hpp"
#include "test_support.hpp"

using namespace pokerengine;

namespace {

std::vector<hand_range> players_of(const any_game& game, std::initializer_list<const char*> texts) {
    std::vector<hand_range> players;
    for (const char* t : texts) players.push_back(parse_player(game, t));
    return players;
}

equity_result exact_equity(const char* game, std::initializer_list<const char*> hands, const char* board = "",
                           const char* dead = "") {
    any_game g = find_game(game);
    equity_options o;
    o.method = equity_method::exact;
    return equity(g, players_of(g, hands), *board ? parse_card_set(board) : CardSet{},
                  *dead ? parse_card_set(dead) : CardSet{}, o);
}

// The plain answer: every way to deal the missing cards, one card at a time in
// code order, each deal settled with the engine's public evaluators on card sets.
struct brute_force {
    std::vector<double> equity, win, tie;
    double deals = 0;
};

// `value(player, hole, board)` gives {high, low} (0 for no hand / no low);
// `split` says whether the pot is halved between high and low.
template <class Value>
brute_force brute(std::vector<CardSet> holes, CardSet board, std::vector<int> missing, int board_missing, CardSet deck,
                  bool split, Value value) {
    const std::size_t n = holes.size();
    brute_force out{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), 0};
    for (CardSet h : holes) deck -= h;
    deck -= board;
    std::vector<Card> cards(deck.begin(), deck.end());
    // Places to fill, board first: -1 is the board.
    std::vector<int> places;
    for (int k = 0; k < board_missing; ++k) places.push_back(-1);
    for (std::size_t i = 0; i < n; ++i)
        for (int k = 0; k < missing[i]; ++k) places.push_back(static_cast<int>(i));
    auto settle = [&] {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> v(n);
        std::uint32_t best_high = 0, best_low = 0;
        for (std::size_t i = 0; i < n; ++i) {
            v[i] = value(holes[i], board);
            best_high = std::max(best_high, v[i].first);
            best_low = std::max(best_low, v[i].second);
        }
        double high_winners = 0, low_winners = 0;
        for (std::size_t i = 0; i < n; ++i) {
            high_winners += v[i].first == best_high;
            low_winners += best_low != 0 && v[i].second == best_low;
        }
        for (std::size_t i = 0; i < n; ++i) {
            double share = 0;
            bool high_won = v[i].first == best_high;
            bool low_won = best_low != 0 && v[i].second == best_low;
            if (!split) {
                share = high_won ? 1 / high_winners : 0;
            } else if (low_winners == 0) {
                share = high_won ? 1 / high_winners : 0;
            } else {
                share = (high_won ? 0.5 / high_winners : 0) + (low_won ? 0.5 / low_winners : 0);
            }
            out.equity[i] += share;
            if (share > 1 - 1e-12)
                out.win[i] += 1;
            else if (share > 0)
                out.tie[i] += 1;
        }
        out.deals += 1;
    };
    // Cards for equal places are taken in increasing order so each deal counts once.
    auto deal = [&](auto&& self, std::size_t place, std::size_t from) -> void {
        if (place == places.size()) return settle();
        std::size_t start = place > 0 && places[place - 1] == places[place] ? from : 0;
        for (std::size_t c = start; c < cards.size(); ++c) {
            CardSet used = board;
            for (CardSet h : holes) used |= h;
            if (used.contains(cards[c])) continue;
            CardSet& target = places[place] < 0 ? board : holes[static_cast<std::size_t>(places[place])];
            target |= cards[c];
            self(self, place + 1, c + 1);
            target -= CardSet{cards[c]};
        }
    };
    deal(deal, 0, 0);
    for (std::size_t i = 0; i < n; ++i) {
        out.equity[i] /= out.deals;
        out.win[i] /= out.deals;
        out.tie[i] /= out.deals;
    }
    return out;
}

void check_same(const equity_result& r, const brute_force& b) {
    REQUIRE(r.players.size() == b.equity.size());
    CHECK(static_cast<double>(r.deals) == b.deals);
    for (std::size_t i = 0; i < r.players.size(); ++i) {
        CAPTURE(i);
        CHECK(r.players[i].equity == doctest::Approx(b.equity[i]).epsilon(1e-12));
        CHECK(r.players[i].win == doctest::Approx(b.win[i]).epsilon(1e-12));
        CHECK(r.players[i].tie == doctest::Approx(b.tie[i]).epsilon(1e-12));
    }
}

auto holdem_value = [](CardSet hole, CardSet board) {
    return std::pair<std::uint32_t, std::uint32_t>{high_evaluator{}.evaluate(hole | board).value, 0};
};

}  // namespace

TEST_CASE("published heads-up hold'em equities, exactly") {
    SUBCASE("AdAc against KhKs: 1,388,072 wins, 317,694 losses, 6,538 ties of 1,712,304 boards") {
        // GNU poker-eval's hcmp2, quoted at brainwagon.org, 2005-04-09.
        equity_result r = exact_equity("holdem", {"AdAc", "KhKs"});
        CHECK(r.exact);
        CHECK(r.deals == 1'712'304);
        CHECK(r.players[0].win == 1388072.0 / 1712304);
        CHECK(r.players[1].win == 317694.0 / 1712304);
        CHECK(r.players[0].tie == 6538.0 / 1712304);
        CHECK(r.players[0].equity == doctest::Approx((1388072 + 6538 / 2.0) / 1712304).epsilon(1e-12));
    }
    SUBCASE("AsAh against kings sharing one, no and two suits (82.6, 81.9, 81.3 percent)") {
        // Kevin Gong, "Calling Pre-Flop All-In with KK or AK", 2007: 81.946 on average.
        double one = exact_equity("holdem", {"AsAh", "KsKd"}).players[0].equity;
        double none = exact_equity("holdem", {"AsAh", "KdKc"}).players[0].equity;
        double two = exact_equity("holdem", {"AsAh", "KsKh"}).players[0].equity;
        CHECK(one == doctest::Approx(0.81946).epsilon(1e-4));
        CHECK(none == doctest::Approx(0.81255).epsilon(1e-4));
        CHECK(two == doctest::Approx(0.82637).epsilon(1e-4));
        CHECK((two + 4 * one + none) / 6 == doctest::Approx(0.81946).epsilon(1e-5));
        // The range form weighs the six king pairs the same way.
        CHECK(exact_equity("holdem", {"AsAh", "KK"}).players[0].equity ==
              doctest::Approx((two + 4 * one + none) / 6).epsilon(1e-12));
    }
    SUBCASE("AKs against QQ: about 46 percent") {
        equity_result r = exact_equity("holdem", {"AsKs", "QdQc"});
        CHECK(r.players[0].equity == doctest::Approx(0.46214).epsilon(1e-4));
    }
}

TEST_CASE("the fast enumeration agrees with a brute force over every board") {
    const CardSet deck = CardSet::standard_deck();
    SUBCASE("heads-up preflop") {
        check_same(exact_equity("holdem", {"AsKs", "QdQc"}),
                   brute({parse_card_set("AsKs"), parse_card_set("QdQc")}, {}, {0, 0}, 5, deck, false, holdem_value));
    }
    SUBCASE("three-way all-in preflop, with a dead card") {
        check_same(exact_equity("holdem", {"AsAh", "KsKd", "8c7c"}, "", "2d"),
                   brute({parse_card_set("AsAh"), parse_card_set("KsKd"), parse_card_set("8c7c")}, {}, {0, 0, 0}, 5,
                         deck - parse_card_set("2d"), false, holdem_value));
    }
    SUBCASE("four players on the flop, with ties") {
        check_same(
            exact_equity("holdem", {"AhKh", "AdKd", "7s7c", "QhJs"}, "Ts 9h 2h"),
            brute({parse_card_set("AhKh"), parse_card_set("AdKd"), parse_card_set("7s7c"), parse_card_set("QhJs")},
                  parse_card_set("Ts 9h 2h"), {0, 0, 0, 0}, 2, deck, false, holdem_value));
    }
    SUBCASE("a hand with one known card") {
        check_same(exact_equity("holdem", {"AsAh", "Kd"}, "Ks 7h 2c 9d"),
                   brute({parse_card_set("AsAh"), parse_card_set("Kd")}, parse_card_set("Ks 7h 2c 9d"), {0, 1}, 1, deck,
                         false, holdem_value));
    }
    SUBCASE("short deck") {
        auto value = [](CardSet hole, CardSet board) {
            return std::pair<std::uint32_t, std::uint32_t>{short_deck_evaluator{}.evaluate(hole | board).value, 0};
        };
        check_same(exact_equity("short-deck", {"AsKs", "9d9c"}, "6h 7h"),
                   brute({parse_card_set("AsKs"), parse_card_set("9d9c")}, parse_card_set("6h 7h"), {0, 0}, 3,
                         deck_cards(deck_kind::short_deck), false, value));
    }
    SUBCASE("Omaha on the flop") {
        auto value = [](CardSet hole, CardSet board) {
            return std::pair<std::uint32_t, std::uint32_t>{omaha_evaluator_high{}.evaluate(hole, board).value, 0};
        };
        check_same(exact_equity("omaha", {"AsAhKsKd", "QdJdTc9c"}, "2d 7s 8d"),
                   brute({parse_card_set("AsAhKsKd"), parse_card_set("QdJdTc9c")}, parse_card_set("2d 7s 8d"), {0, 0},
                         2, deck, false, value));
    }
    SUBCASE("Omaha hi/lo on the flop, high, low and scoop") {
        auto value = [](CardSet hole, CardSet board) {
            return std::pair<std::uint32_t, std::uint32_t>{omaha_evaluator_high{}.evaluate(hole, board).value,
                                                           omaha_evaluator_low{}.evaluate(hole, board).value};
        };
        equity_result r = exact_equity("omaha-hi-lo", {"As2hKsKd", "Ad3d4c9c", "QdJdTc9h"}, "5d 7s 8h");
        check_same(r, brute({parse_card_set("As2hKsKd"), parse_card_set("Ad3d4c9c"), parse_card_set("QdJdTc9h")},
                            parse_card_set("5d 7s 8h"), {0, 0, 0}, 2, deck, true, value));
        CHECK(r.split_pot);
        double high = 0, low = 0;
        for (const player_equity& p : r.players) {
            high += p.high;
            low += p.low;
            CHECK(p.scoop == p.win);
        }
        CHECK(high == doctest::Approx(1).epsilon(1e-12));
        CHECK(low == doctest::Approx(1).epsilon(1e-12));  // Ad3d with 5-7-8 always makes a low
    }
    SUBCASE("razz on sixth street") {
        auto value = [](CardSet hole, CardSet) {
            return std::pair<std::uint32_t, std::uint32_t>{razz_evaluator{}.evaluate(hole).value, 0};
        };
        check_same(exact_equity("razz", {"As2h3d9c Kd 4s", "2s3h4d5c Ks Qh"}, "", "6d 7c 8h"),
                   brute({parse_card_set("As2h3d9cKd4s"), parse_card_set("2s3h4d5cKsQh")}, {}, {1, 1}, 0,
                         deck - parse_card_set("6d 7c 8h"), false, value));
    }
    SUBCASE("stud hi/lo on sixth street") {
        auto value = [](CardSet hole, CardSet) {
            return std::pair<std::uint32_t, std::uint32_t>{high_evaluator{}.evaluate(hole).value,
                                                           eight_or_better_evaluator{}.evaluate(hole).value};
        };
        check_same(exact_equity("stud-hi-lo", {"As2h3d Kc Kd 9s", "4s5h6d 7c Qs Qh"}, "", "Jd"),
                   brute({parse_card_set("As2h3dKcKd9s"), parse_card_set("4s5h6d7cQsQh")}, {}, {1, 1}, 0,
                         deck - parse_card_set("Jd"), true, value));
    }
    SUBCASE("seven-card stud on fifth street") {
        auto value = [](CardSet hole, CardSet) {
            return std::pair<std::uint32_t, std::uint32_t>{high_evaluator{}.evaluate(hole).value, 0};
        };
        check_same(
            exact_equity("stud", {"AsAh5c7d8d", "KsQsJsTs2c"}),
            brute({parse_card_set("AsAh5c7d8d"), parse_card_set("KsQsJsTs2c")}, {}, {2, 2}, 0, deck, false, value));
    }
}

TEST_CASE("ranges: combos that clash are skipped, weights count") {
    SUBCASE("QQ+ against AKs: every pair of combos that shares no card, each over every board") {
        equity_result r = exact_equity("holdem", {"QQ+", "AKs"});
        // 18 x 4 pairs; AA and KK combos holding a card of an AKs combo clash.
        std::size_t pairs = 0;
        for (const weighted_combo& a : parse_range("QQ+").combos())
            for (const weighted_combo& b : parse_range("AKs").combos()) pairs += !a.cards.intersects(b.cards);
        CHECK(pairs == 18 * 4 - 2 * 3 * 4);
        CHECK(r.deals == pairs * 1'712'304);
    }
    SUBCASE("a weighted range is the weighted mean of its hands") {
        double aces = exact_equity("holdem", {"AsAh", "KsKd"}).players[1].equity;
        double queens = exact_equity("holdem", {"AsAh", "QsQd"}).players[1].equity;
        equity_result r = exact_equity("holdem", {"AsAh", "KsKd:0.25,QsQd:0.75"});
        CHECK(r.players[1].equity == doctest::Approx(0.25 * aces + 0.75 * queens).epsilon(1e-12));
    }
    SUBCASE("a range fully blocked by the board is an error") {
        CHECK_THROWS_WITH_AS(exact_equity("holdem", {"AsAh", "AA"}, "Ac Ad 2c"), doctest::Contains("no hand left"),
                             game_error);
    }
}

TEST_CASE("Monte Carlo agrees with enumeration within four standard errors") {
    struct spot {
        const char* game;
        std::initializer_list<const char*> hands;
        const char* board;
    };
    const spot spots[] = {
        {"holdem", {"AsAh", "KsKd"}, ""},
        {"holdem", {"AsAh", "KsKd", "8c7c"}, ""},
        {"holdem", {"QQ+", "AKs,AKo"}, ""},
        {"omaha", {"AsAhKsKd", "QdJdTc9c"}, "2d 7s"},
        {"omaha-hi-lo", {"As2hKsKd", "QdJdTc9c"}, "3d 7s 8h"},
    };
    for (const spot& s : spots) {
        CAPTURE(s.game);
        any_game g = find_game(s.game);
        std::vector<hand_range> players = players_of(g, s.hands);
        CardSet board = *s.board ? parse_card_set(s.board) : CardSet{};
        equity_options exact;
        exact.method = equity_method::exact;
        equity_result truth = equity(g, players, board, {}, exact);
        for (int threads : {1, 2}) {
            equity_options mc;
            mc.method = equity_method::monte_carlo;
            mc.seed = 20261129;
            mc.threads = threads;
            mc.max_deals = 400'000;
            mc.target_standard_error = 0;
            equity_result sim = equity(g, players, board, {}, mc);
            CHECK_FALSE(sim.exact);
            CHECK(sim.deals == 400'000);
            for (std::size_t i = 0; i < players.size(); ++i) {
                CAPTURE(i);
                CHECK(sim.players[i].standard_error > 0);
                CHECK(std::abs(sim.players[i].equity - truth.players[i].equity) <= 4 * sim.players[i].standard_error);
            }
            // The same seed and thread count give the same answer.
            equity_result again = equity(g, players, board, {}, mc);
            CHECK(again.players[0].equity == sim.players[0].equity);
        }
    }
}

// Runs the blocks of each wave last first, on one thread: the order a driver
// runs blocks in must not matter.
class backwards_blocks final : public block_driver {
public:
    std::vector<block_result> run(std::uint64_t first, std::uint64_t last, const block_work& work,
                                  const progress_callback&) override {
        std::vector<block_result> out(last - first);
        for (std::uint64_t b = last; b-- > first;) out[b - first] = work(b);
        ++waves;
        return out;
    }
    int workers() const override { return 5; }
    int waves = 0;
};

TEST_CASE("Monte Carlo gives the same answer on any number of threads and with any block driver") {
    any_game g = find_game("holdem");
    std::vector<hand_range> players = players_of(g, {"AKs,QQ", "JJ+", "random"});
    for (bool by_error : {false, true}) {
        CAPTURE(by_error);
        equity_options o;
        o.method = equity_method::monte_carlo;
        o.seed = 99;
        o.max_deals = by_error ? 0 : 5 * equity_block + 123;  // a last block of 123 deals
        o.target_standard_error = by_error ? 0.002 : 0;
        const equity_result one = equity(g, players, {}, {}, o);
        CHECK(one.deals == (by_error ? one.deals : 5 * equity_block + 123));
        CHECK(one.stopped_by == (by_error ? "standard error" : "deals"));
        o.threads = 3;
        const equity_result three = equity(g, players, {}, {}, o);
        backwards_blocks driver;
        o.driver = &driver;
        const equity_result backwards = equity(g, players, {}, {}, o);
        CHECK(driver.waves > 0);
        for (const equity_result* r : {&three, &backwards}) {
            CHECK(r->deals == one.deals);
            for (std::size_t i = 0; i < players.size(); ++i) {
                CHECK(r->players[i].equity == one.players[i].equity);
                CHECK(r->players[i].win == one.players[i].win);
                CHECK(r->players[i].standard_error == one.players[i].standard_error);
            }
        }
    }
}

TEST_CASE("an enumeration on a block driver gives one thread's answer to the bit") {
    struct sample {
        const char* game;
        std::initializer_list<const char*> hands;
        const char* board;
    };
    // One combination (cut into parts), ranges with fractional weights, Omaha
    // combinations alike up to the suits (counted once per pattern), stud.
    const sample samples[] = {{"holdem", {"AsAh", "KsKd"}, "2c 7d"},
                              {"holdem", {"QQ+:0.3,AKs", "JJ,T9s:0.7", "A5s-A2s,KQo"}, "2c 7d 9h"},
                              {"omaha", {"AsKsQhJh,AcKcQdJd,KhKdQsQc", "9c9d8c7d"}, "Ah 7h 2c"},
                              {"stud", {"AsAhKd7c8c", "QcQdJs2h3h"}, ""}};
    for (const sample& s : samples) {
        CAPTURE(s.game);
        CAPTURE(*s.hands.begin());
        any_game g = find_game(s.game);
        std::vector<hand_range> players = players_of(g, s.hands);
        CardSet board = *s.board ? parse_card_set(s.board) : CardSet{};
        equity_options o;
        o.method = equity_method::exact;
        const equity_result one = equity(g, players, board, {}, o);
        backwards_blocks driver;
        o.driver = &driver;
        const equity_result driven = equity(g, players, board, {}, o);
        CHECK(driver.waves == 1);
        CHECK(driven.exact);
        CHECK(driven.deals == one.deals);
        for (std::size_t i = 0; i < players.size(); ++i) {
            CHECK(driven.players[i].equity == one.players[i].equity);
            CHECK(driven.players[i].win == one.players[i].win);
            CHECK(driven.players[i].tie == one.players[i].tie);
        }
    }
}

TEST_CASE("a simulation's first block is the stream of xoshiro256ss{seed}, as before blocks") {
    // Up to one block, the deals are those of one generator seeded with the seed:
    // the figures printed by earlier versions for such runs are unchanged (docs/cli.md).
    any_game g = find_game("holdem");
    std::vector<hand_range> players = players_of(g, {"AsAh", "KsKd"});
    equity_options o;
    o.method = equity_method::monte_carlo;
    o.seed = 7;
    o.max_deals = 30'000;
    o.target_standard_error = 0;
    const equity_result r = equity(g, players, {}, {}, o);
    // poker equity --simulate 30000 --seed 7 AsAh KsKd, before work was split into blocks.
    CHECK(std::round(r.players[0].equity * 1e5) == 81903);
    CHECK(std::round(r.players[0].win * 1e5) == 81667);
}

TEST_CASE("an enumeration gives the same answer on any number of threads") {
    for (const char* board : {"", "2c 7d 9h"}) {
        CAPTURE(board);
        any_game g = find_game("holdem");
        std::vector<hand_range> players =
            board[0] ? players_of(g, {"QQ+", "AKs,KQo", "JJ"}) : players_of(g, {"AsAh", "KQo", "JdJc"});
        CardSet cards = board[0] ? parse_card_set(board) : CardSet{};
        equity_options one, three;
        one.method = three.method = equity_method::exact;
        three.threads = 3;
        equity_result a = equity(g, players, cards, {}, one), b = equity(g, players, cards, {}, three);
        CHECK(a.deals == b.deals);
        for (std::size_t i = 0; i < players.size(); ++i) {
            CHECK(a.players[i].equity == b.players[i].equity);
            CHECK(a.players[i].win == b.players[i].win);
            CHECK(a.players[i].tie == b.players[i].tie);
        }
    }
}

TEST_CASE("Monte Carlo stopping rules") {
    any_game g = find_game("holdem");
    std::vector<hand_range> players = players_of(g, {"AsAh", "random"});
    equity_options o;
    o.target_standard_error = 0.002;
    equity_result r = equity(g, players, {}, {}, o);
    CHECK_FALSE(r.exact);  // 1,225 hands times 1,712,304 boards is over the limit
    CHECK(r.stopped_by == "standard error");
    CHECK(r.standard_error <= 0.002);
    CHECK(r.deals_to_enumerate == boost::multiprecision::cpp_int(1225) * 1712304);
    CHECK(r.players[0].equity == doctest::Approx(0.8520).epsilon(0.01));  // AA against a random hand: 85.2%
}

TEST_CASE("bad input") {
    any_game holdem = find_game("holdem");
    auto run = [&](std::initializer_list<const char*> hands, const char* board = "", const char* dead = "") {
        return exact_equity("holdem", hands, board, dead);
    };
    CHECK_THROWS_WITH_AS(run({"AsAh", "AsKd"}), doctest::Contains("card As is in the hands of player 1 and player 2"),
                         hand_error);
    CHECK_THROWS_WITH_AS(run({"AsAh", "KsKd"}, "Ah 2c 3c"), doctest::Contains("on the board"), hand_error);
    CHECK_THROWS_WITH_AS(run({"AsAh", "KsKd"}, "", "Kd"), doctest::Contains("dead"), hand_error);
    CHECK_THROWS_WITH_AS(run({"AsAh"}), doctest::Contains("2 to 10 players"), game_error);
    CHECK_THROWS_WITH_AS(run({"AsAh", "KsKd"}, "2c 3c 4c 5c 6c 7c"), doctest::Contains("at most 5"), game_error);
    CHECK_THROWS_WITH_AS(exact_equity("short-deck", {"AsAh", "2s2d"}), doctest::Contains("not in the short-deck deck"),
                         game_error);
    CHECK_THROWS_WITH_AS(exact_equity("razz", {"As2h3d", "4s5h6d"}, "7c"), doctest::Contains("has no board"),
                         game_error);
    CHECK_THROWS_WITH_AS(exact_equity("omaha", {"AsAhKsKdQd", "random"}), doctest::Contains("at most 4 cards"),
                         range_error);
    std::vector<hand_range> eight(8, parse_range("random"));
    CHECK_THROWS_WITH_AS(equity(find_game("stud"), std::span<const hand_range>(eight), {}, {}),
                         doctest::Contains("deck holds 52"), game_error);
    std::vector<hand_range> two(2, parse_range("random"));
    CHECK_THROWS_WITH_AS(equity(find_game("badugi"), std::span<const hand_range>(two), {}, {}),
                         doctest::Contains("does not handle badugi"), game_error);
    CHECK_FALSE(has_equity(find_game("five-card-draw")));
    CHECK(equity_game_names() ==
          "holdem, short-deck, short-deck-wsop, omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo, stud, stud-hi-lo, "
          "razz");
    (void)holdem;
}

TEST_CASE("weights outside min_weight .. max_weight are refused, so equities stay finite") {
    const any_game holdem = find_game("holdem");
    const CardSet board = parse_card_set("2c 7d 9h Jc");
    for (double bad : {1e308, 5e-324, 0.0, -1.0, std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN()}) {
        CAPTURE(bad);
        const std::vector<hand_range> players{
            hand_range{{weighted_combo{parse_card_set("As Ks"), bad}, weighted_combo{parse_card_set("Qs Qd"), 1}}},
            parse_range("KdKc")};
        CHECK_THROWS_WITH_AS(equity(holdem, players, board, CardSet{}), doctest::Contains("weights are 1e-9 to 1e9"),
                             game_error);
    }
    // The extreme weights allowed, for every player, give finite equities that add up to one.
    const std::vector<hand_range> extreme{parse_range("AKs:1e9, QQ:1e-9"), parse_range("KsKd:1e-9"),
                                          parse_range("JJ:1e9, 88:1e-9")};
    for (equity_method method : {equity_method::exact, equity_method::monte_carlo}) {
        equity_options o;
        o.method = method;
        o.max_deals = 20'000;
        const equity_result r = equity(holdem, extreme, board, CardSet{}, o);
        double sum = 0;
        for (const player_equity& p : r.players) {
            CHECK(std::isfinite(p.equity));
            sum += p.equity;
        }
        CHECK(sum == doctest::Approx(1.0));
    }
}

TEST_CASE("options that would never stop are refused") {
    const any_game holdem = find_game("holdem");
    const std::vector<hand_range> players{parse_range("AsAh"), parse_range("random")};
    auto refused = [&](equity_options o) {
        o.method = equity_method::monte_carlo;
        CHECK_THROWS_AS(equity(holdem, players, CardSet{}, CardSet{}, o), game_error);
    };
    equity_options o;
    o.target_standard_error = 1e-300;
    refused(o);
    o.max_deals = max_simulated_deals + 1;
    refused(o);
    o = equity_options{};
    o.max_seconds = 1e9;
    refused(o);
    o = equity_options{};
    o.threads = 0;
    refused(o);
    o.threads = static_cast<int>(max_threads) + 1;
    refused(o);
    // A tiny target is fine beside a number of deals.
    o = equity_options{};
    o.method = equity_method::monte_carlo;
    o.target_standard_error = 1e-300;
    o.max_deals = 1000;
    CHECK(equity(holdem, players, CardSet{}, CardSet{}, o).stopped_by == "deals");
}

namespace {

// The same calculation enumerated both ways: boards by rank first (the
// default for hold'em and short deck) and every board dealt card by card.
// The plain enumeration, the slow one, is made once for every thread count.
void check_ranks_first_same_as_plain(const char* game, const std::vector<hand_range>& players, CardSet board,
                                     CardSet dead, std::initializer_list<int> thread_counts = {1}) {
    const any_game g = find_game(game);
    equity_options plain;
    plain.method = equity_method::exact;
    plain.plain_enumeration = true;
    const equity_result b = equity(g, players, board, dead, plain);
    for (int threads : thread_counts) {
        CAPTURE(threads);
        equity_options quick;
        quick.method = equity_method::exact;
        quick.threads = threads;
        const equity_result a = equity(g, players, board, dead, quick);
        CHECK(a.deals == b.deals);
        CHECK(a.combinations == b.combinations);
        for (std::size_t i = 0; i < players.size(); ++i) {
            CAPTURE(i);
            CHECK(a.players[i].equity == b.players[i].equity);
            CHECK(a.players[i].win == b.players[i].win);
            CHECK(a.players[i].tie == b.players[i].tie);
        }
    }
}
void check_ranks_first_same_as_plain(const char* game, const std::vector<hand_range>& players, CardSet board,
                                     CardSet dead, int threads) {
    check_ranks_first_same_as_plain(game, players, board, dead, {threads});
}

// `count` distinct cards of `deck` not in `used`, at random.
CardSet random_cards(xoshiro256ss& rng, CardSet deck, CardSet used, int count) {
    std::vector<Card> left;
    for (Card c : deck - used) left.push_back(c);
    CardSet out;
    for (int k = 0; k < count; ++k) {
        const std::size_t at = static_cast<std::size_t>(k) + uniform_below(rng, left.size() - static_cast<std::size_t>(k));
        std::swap(left[static_cast<std::size_t>(k)], left[at]);
        out |= left[static_cast<std::size_t>(k)];
    }
    return out;
}

}  // namespace

TEST_CASE("boards by rank first count exactly as dealing every board") {
    xoshiro256ss rng{20261201};
    for (const char* game : {"holdem", "short-deck", "short-deck-wsop"}) {
        const CardSet deck = deck_cards(traits_of(find_game(game)).deck);
        for (int round = 0; round < 40; ++round) {
            const int players = 2 + static_cast<int>(uniform_below(rng, round % 4 == 0 ? 5 : 2));
            // Mostly preflop, where boards go by rank first; flops and turns too, and suited hands.
            const int board_cards = std::array{0, 0, 0, 3, 4, 0, 3, 5}[round % 8];
            const int dead_cards = static_cast<int>(uniform_below(rng, 4));
            CardSet used;
            std::vector<hand_range> hands;
            for (int i = 0; i < players; ++i) {
                const CardSet h = random_cards(rng, deck, used, 2);
                used |= h;
                hands.push_back(hand_range{{weighted_combo{h, 1.0}}});
            }
            const CardSet board = random_cards(rng, deck, used, board_cards);
            const CardSet dead = random_cards(rng, deck, used | board, dead_cards);
            const std::string spot = std::string(game) + " board " + to_string(board) + " dead " + to_string(dead) +
                                     " first hands " + to_string(hands[0].combos()[0].cards) + " " +
                                     to_string(hands[1].combos()[0].cards);
            CAPTURE(spot);
            check_ranks_first_same_as_plain(game, hands, board, dead, 1 + round % 3);
        }
    }
    SUBCASE("suited hands, shared suits and a flush draw on the board") {
        for (auto hands : {std::initializer_list<const char*>{"AsKs", "QsJs"}, {"AsKs", "QdQc"}, {"7h6h", "AsAh", "KhKs"},
                           {"2c3c", "4c5c", "6c7c", "8c9c", "TcJc"}})
            for (const char* board : {"", "2s 9s", "8s 4h 2d", "8s 5s 2h", "8s 5s 3s Jd"}) {
                CAPTURE(board);
                const any_game g = find_game("holdem");
                check_ranks_first_same_as_plain("holdem", players_of(g, hands), *board ? parse_card_set(board) : CardSet{},
                                                CardSet{});
            }
    }
    SUBCASE("ranges, on one and on two threads") {
        const any_game g = find_game("holdem");
        check_ranks_first_same_as_plain("holdem", players_of(g, {"QQ+,AKs", "JJ-99,AQs+"}), parse_card_set("Kc 7h 2c"),
                                        parse_card_set("3d"), {1, 2});
        check_ranks_first_same_as_plain("holdem", players_of(g, {"AKs", "QQ", "T9s"}), CardSet{}, CardSet{}, {1, 2});
        check_ranks_first_same_as_plain("short-deck", players_of(find_game("short-deck"), {"AKs,KQs", "99"}), CardSet{},
                                        CardSet{}, 2);
    }
    SUBCASE("ranges with one card to come: each hand's value per last card worked out once") {
        const any_game g = find_game("holdem");
        check_ranks_first_same_as_plain("holdem", players_of(g, {"AA,KK:0.5", "QQ,JJ", "AKs,AQs", "T9s,98s:0.25"}),
                                        parse_card_set("2h 7d Tc 3s"), parse_card_set("4c"), {1, 2});
        check_ranks_first_same_as_plain("holdem", players_of(g, {"random", "AsKs"}), parse_card_set("Qs Js 2s 9d"),
                                        CardSet{}, {1, 2});
        check_ranks_first_same_as_plain("holdem", players_of(g, {"22+", "A2s+", "KTo+", "87s"}),
                                        parse_card_set("8h 8d 5c Ah"), CardSet{}, {1, 2});
        check_ranks_first_same_as_plain("short-deck-wsop", players_of(find_game("short-deck-wsop"), {"AKs,KQs", "99,TT"}),
                                        parse_card_set("As 9h 7s 6s"), CardSet{});
    }
    SUBCASE("hole cards to deal before the flop: listed as ranges, the same counts") {
        const any_game sd = find_game("short-deck");
        const CardSet sd_dead = parse_card_set("6c 7c 8c 6d 7d 8d 6h 7h 8h 6s");
        check_ranks_first_same_as_plain("short-deck", players_of(sd, {"AA", "random"}), CardSet{}, sd_dead);
        // Dead cards keep the plain way quick enough for a test.
        check_ranks_first_same_as_plain("short-deck", players_of(sd, {"random", "9s9h", "random"}), CardSet{},
                                        parse_card_set("Ac Kc Qc Jc Tc 6d 7d 8d 9d Td 6c 7c 8c 6h 7h 8h"), 2);
        const any_game g = find_game("holdem");
        const CardSet dead = parse_card_set("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 2h 3h 4h 5h 6h 2s 3s 4s 5s 6s");
        check_ranks_first_same_as_plain("holdem", players_of(g, {"AsKs", "random"}), CardSet{}, dead, {1, 2});
        check_ranks_first_same_as_plain("holdem", players_of(g, {"Qd", "random", "JJ+,AKs"}), CardSet{},
                                        dead | parse_card_set("7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s"), {1, 2});
        // Fractional weights: the same sums in another order.
        equity_options quick, plain;
        quick.method = plain.method = equity_method::exact;
        plain.plain_enumeration = true;
        const std::vector<hand_range> players = players_of(sd, {"AKs:0.3,QQ:0.7", "random"});
        const equity_result a = equity(sd, players, CardSet{}, sd_dead, quick);
        const equity_result b = equity(sd, players, CardSet{}, sd_dead, plain);
        CHECK(a.deals == b.deals);
        CHECK(a.combinations == b.combinations);
        for (std::size_t i = 0; i < 2; ++i) {
            CHECK(a.players[i].equity == doctest::Approx(b.players[i].equity).epsilon(1e-12));
            CHECK(a.players[i].tie == doctest::Approx(b.players[i].tie).epsilon(1e-12));
        }
    }
    SUBCASE("games without it take the plain way, with the same answer") {
        check_ranks_first_same_as_plain("omaha-hi-lo", players_of(find_game("omaha-hi-lo"), {"As2hKsKd", "Ad3d4c9c"}),
                                        parse_card_set("5d 7s 8h"), CardSet{});
        check_ranks_first_same_as_plain("stud", players_of(find_game("stud"), {"AsAh5c7d8d", "KsQsJsTs2c"}), CardSet{},
                                        CardSet{});
    }
}

TEST_CASE("Omaha flops and turns by rank first count exactly as dealing every board") {
    xoshiro256ss rng{20261202};
    for (const char* game : {"omaha", "omaha5", "omaha6"}) {
        const int hole = traits_of(find_game(game)).deal.hole_cards;
        const CardSet deck = CardSet::standard_deck();
        for (int round = 0; round < 30; ++round) {
            const int players = 2 + static_cast<int>(uniform_below(rng, 3));
            const int board_cards = std::array{3, 4, 3, 4, 0, 3}[round % 6];
            const int dead_cards = static_cast<int>(uniform_below(rng, 3));
            CardSet used;
            std::vector<hand_range> hands;
            for (int i = 0; i < players; ++i) {
                const CardSet h = random_cards(rng, deck, used, hole);
                used |= h;
                hands.push_back(hand_range{{weighted_combo{h, 1.0}}});
            }
            const CardSet board = random_cards(rng, deck, used, board_cards);
            const CardSet dead = random_cards(rng, deck, used | board, dead_cards);
            const std::string spot = std::string(game) + " board " + to_string(board) + " dead " + to_string(dead) +
                                     " hands " + to_string(hands[0].combos()[0].cards) + " " +
                                     to_string(hands[1].combos()[0].cards);
            CAPTURE(spot);
            check_ranks_first_same_as_plain(game, hands, board, dead, 1 + round % 2);
        }
    }
    SUBCASE("flush draws for two players in two suits, and ranges") {
        const any_game g = find_game("omaha");
        check_ranks_first_same_as_plain("omaha", players_of(g, {"AsKs2h3h", "QdJdTc9c", "8h7h6s5s"}),
                                        parse_card_set("2d 7s 8d"), CardSet{});
        check_ranks_first_same_as_plain("omaha", players_of(g, {"AsKs2h3h", "QdJdTc9c"}), parse_card_set("4s 9h 8d 2s"),
                                        CardSet{});
        check_ranks_first_same_as_plain("omaha", players_of(g, {"AAKK", "QQJJ"}), parse_card_set("2d 7s 8d"), CardSet{},
                                        2);
    }
}

TEST_CASE("an exact run splits into the same counts on any number of threads") {
    const any_game g = find_game("holdem");
    for (const char* board : {"", "Qs 4s", "Qs 4s 2c"}) {
        CAPTURE(board);
        const CardSet cards = *board ? parse_card_set(board) : CardSet{};
        const std::vector<hand_range> players = players_of(g, {"AsAh", "KsKd", "8s7s"});
        equity_options o;
        o.method = equity_method::exact;
        const equity_result one = equity(g, players, cards, {}, o);
        for (int threads : {2, 3, 5}) {
            o.threads = threads;
            const equity_result many = equity(g, players, cards, {}, o);
            for (std::size_t i = 0; i < players.size(); ++i) {
                CHECK(many.players[i].equity == one.players[i].equity);
                CHECK(many.players[i].win == one.players[i].win);
            }
        }
    }
}

// Every call of a progress callback: on which thread, with what counts.
struct progress_calls {
    std::thread::id caller = std::this_thread::get_id();
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    bool on_caller = true;
    progress_callback callback() {
        return [this](std::uint64_t done, std::uint64_t total) {
            on_caller = on_caller && std::this_thread::get_id() == caller;
            calls.emplace_back(done, total);
        };
    }
    // Done never goes down, and the last report is made once.
    bool monotone() const {
        for (std::size_t k = 1; k < calls.size(); ++k)
            if (calls[k].first < calls[k - 1].first) return false;
        return calls.size() < 2 || calls[calls.size() - 2] != calls.back();
    }
};

struct stop_asked {};

// The same answer to the last bit: the deals and every player's figures.
void check_identical(const equity_result& a, const equity_result& b) {
    CHECK(a.deals == b.deals);
    REQUIRE(a.players.size() == b.players.size());
    for (std::size_t i = 0; i < a.players.size(); ++i) {
        CAPTURE(i);
        CHECK(a.players[i].equity == b.players[i].equity);
        CHECK(a.players[i].win == b.players[i].win);
        CHECK(a.players[i].tie == b.players[i].tie);
        CHECK(a.players[i].standard_error == b.players[i].standard_error);
    }
}

TEST_CASE("the progress callback runs on the calling thread, on any number of threads, and changes no answer") {
    struct sample {
        const char* game;
        std::initializer_list<const char*> hands;
        const char* board;
        bool plain;
    };
    // One combination (cut into parts), combinations alike up to the suits,
    // every combination on its own, hole cards listed as ranges, Omaha by
    // rank first, stud with cards to deal.
    const sample samples[] = {{"holdem", {"AsAh", "KsKd"}, "", false},
                              {"holdem", {"QQ+", "AKs"}, "", false},
                              {"holdem", {"QQ+:0.3,AKs", "JJ,T9s:0.7", "A5s-A2s,KQo"}, "2c 7d 9h", true},
                              {"holdem", {"AsKs", "Qd"}, "", false},
                              {"omaha", {"AsKsQhJh,AcKcQdJd,KhKdQsQc", "9c9d8c7d"}, "Ah 7h 2c", false},
                              {"stud", {"AsAhKd7c8c", "QcQdJs2h3h"}, "", false}};
    SUBCASE("enumerations: the deals of the work finished, of all, last with both equal") {
        for (const sample& s : samples) {
            CAPTURE(s.game);
            CAPTURE(*s.hands.begin());
            const any_game g = find_game(s.game);
            const std::vector<hand_range> players = players_of(g, s.hands);
            const CardSet board = *s.board ? parse_card_set(s.board) : CardSet{};
            for (int threads : {1, 2, 3}) {
                CAPTURE(threads);
                equity_options o;
                o.method = equity_method::exact;
                o.plain_enumeration = s.plain;
                o.threads = threads;
                const equity_result quiet = equity(g, players, board, {}, o);
                progress_calls seen;
                o.progress = seen.callback();
                const equity_result told = equity(g, players, board, {}, o);
                REQUIRE_FALSE(seen.calls.empty());
                CHECK(seen.on_caller);
                CHECK(seen.monotone());
                CHECK(std::all_of(seen.calls.begin(), seen.calls.end(),
                                  [&](const auto& c) { return c.second == told.deals; }));
                CHECK(seen.calls.back().first == told.deals);
                check_identical(told, quiet);
            }
        }
    }
    SUBCASE("on a block driver, counted in its blocks") {
        const any_game g = find_game("holdem");
        const std::vector<hand_range> players = players_of(g, {"QQ+:0.3,AKs", "JJ,T9s:0.7"});
        equity_options o;
        o.method = equity_method::exact;
        const equity_result alone = equity(g, players, {}, {}, o);
        thread_blocks pool{2};
        o.driver = &pool;
        progress_calls seen;
        o.progress = seen.callback();
        const equity_result driven = equity(g, players, {}, {}, o);
        REQUIRE_FALSE(seen.calls.empty());
        CHECK(seen.monotone());
        CHECK(seen.calls.back() == std::pair{alone.deals, alone.deals});
        check_identical(driven, alone);
    }
    SUBCASE("Monte Carlo: the deals dealt, of max_deals") {
        const any_game g = find_game("holdem");
        const std::vector<hand_range> players = players_of(g, {"AKs,QQ", "JJ+", "random"});
        for (int threads : {1, 2}) {
            CAPTURE(threads);
            equity_options o;
            o.method = equity_method::monte_carlo;
            o.threads = threads;
            o.max_deals = 5 * equity_block + 123;
            o.target_standard_error = 0;
            const equity_result quiet = equity(g, players, {}, {}, o);
            progress_calls seen;
            o.progress = seen.callback();
            const equity_result told = equity(g, players, {}, {}, o);
            REQUIRE_FALSE(seen.calls.empty());
            CHECK(seen.on_caller);
            CHECK(seen.monotone());
            CHECK(seen.calls.back() == std::pair{o.max_deals, o.max_deals});
            check_identical(told, quiet);
        }
    }
    SUBCASE("Monte Carlo: stopped by the standard error or the time, last with the deals dealt") {
        const any_game g = find_game("holdem");
        const std::vector<hand_range> players = players_of(g, {"AsAh", "random"});
        for (bool by_time : {false, true}) {
            CAPTURE(by_time);
            equity_options o;
            o.method = equity_method::monte_carlo;
            o.threads = 2;
            o.target_standard_error = by_time ? 0 : 0.002;
            o.max_seconds = by_time ? 0.3 : 0;
            progress_calls seen;
            o.progress = seen.callback();
            const equity_result r = equity(g, players, {}, {}, o);
            CHECK(r.stopped_by == (by_time ? "time" : "standard error"));
            REQUIRE_FALSE(seen.calls.empty());
            CHECK(seen.on_caller);
            CHECK(seen.monotone());
            // Before the last: under a time, of the deals that time allows at the rate so far; else of none known.
            for (std::size_t k = 0; k + 1 < seen.calls.size(); ++k) {
                const auto [done, total] = seen.calls[k];
                CHECK((by_time ? total >= done && total > 0 : total == 0));
            }
            CHECK(seen.calls.back().first == seen.calls.back().second);
            CHECK(seen.calls.back().first >= r.deals);
            CHECK(seen.calls.back().first < r.deals + 2 * 16 * equity_block);  // at most a wave more
        }
    }
}

TEST_CASE("an exception of the progress callback stops every thread and reaches the caller") {
    const any_game g = find_game("holdem");
    equity_options o;
    o.threads = 2;
    // Each would run for hours: only a stop ends them within the time allowed.
    o.progress = [](std::uint64_t, std::uint64_t) { throw stop_asked{}; };
    const auto start = std::chrono::steady_clock::now();
    SUBCASE("an enumeration of every deal of about 100,000 hand combinations") {
        o.method = equity_method::exact;
        o.plain_enumeration = true;
        const std::vector<hand_range> players = players_of(g, {"22+", "A2s+", "K2s+"});
        CHECK_THROWS_AS(equity(g, players, {}, {}, o), stop_asked);
    }
    SUBCASE("a simulation of 10^12 deals") {
        o.method = equity_method::monte_carlo;
        o.max_deals = max_simulated_deals;
        o.target_standard_error = 0;
        const std::vector<hand_range> players = players_of(g, {"AsAh", "random"});
        CHECK_THROWS_AS(equity(g, players, {}, {}, o), stop_asked);
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(60));
}

// The whole table takes about 47,000 enumerations: in the slow suite.
TEST_CASE("the starting-hand table" * doctest::skip()) {
    const starting_hand_table t = starting_hand_equities(2);
    REQUIRE(t.classes.size() == 169);
    CHECK(t.classes[0] == "AA");
    CHECK(t.classes[1] == "AKs");
    CHECK(t.classes[13] == "AKo");
    CHECK(t.classes[14] == "KK");
    CHECK(t.classes[168] == "22");
    for (std::size_t i = 0; i < 169; ++i)
        for (std::size_t j = 0; j < 169; ++j) {
            CAPTURE(t.classes[i]);
            CAPTURE(t.classes[j]);
            if (i <= j) CHECK(t.equity[i][j] + t.equity[j][i] == doctest::Approx(1).epsilon(1e-12));
        }
    // Spot values against each pair of hands enumerated alone the plain way.
    auto by_combos = [](const char* a, const char* b) {
        const any_game g = find_game("holdem");
        equity_options o;
        o.method = equity_method::exact;
        o.plain_enumeration = true;
        double sum = 0;
        int pairs = 0;
        for (const weighted_combo& x : parse_range(a).combos())
            for (const weighted_combo& y : parse_range(b).combos()) {
                if (x.cards.intersects(y.cards)) continue;
                const std::vector<hand_range> players{hand_range{{x}}, hand_range{{y}}};
                sum += equity(g, players, CardSet{}, CardSet{}, o).players[0].equity;
                ++pairs;
            }
        return sum / pairs;
    };
    auto at = [&](const char* a, const char* b) {
        const auto i = std::find(t.classes.begin(), t.classes.end(), a) - t.classes.begin();
        const auto j = std::find(t.classes.begin(), t.classes.end(), b) - t.classes.begin();
        return t.equity[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    };
    CHECK(at("AA", "KK") == doctest::Approx(by_combos("AA", "KK")).epsilon(1e-12));
    CHECK(at("AA", "KK") == doctest::Approx(0.8195).epsilon(1e-3));  // published: about 81.9%
    CHECK(at("AKs", "QQ") == doctest::Approx(by_combos("AKs", "QQ")).epsilon(1e-12));
    CHECK(at("AKs", "QQ") == doctest::Approx(0.46).epsilon(0.01));  // published: about 46%
    CHECK(at("72o", "T9s") == doctest::Approx(by_combos("72o", "T9s")).epsilon(1e-12));
    CHECK(at("AKo", "AKo") == doctest::Approx(0.5).epsilon(1e-12));
    // A hand against `random` (its hole cards listed as range hands) against the
    // table's row: the mean over the classes, each weighted by its hands left.
    auto against_random = [&](const char* hand, const char* cls) {
        const any_game g = find_game("holdem");
        equity_options o;
        o.method = equity_method::exact;
        const CardSet hero = parse_card_set(hand);
        const double exact = equity(g, players_of(g, {hand, "random"}), CardSet{}, CardSet{}, o).players[0].equity;
        double from_table = 0;
        int hands = 0;
        for (const std::string& other : t.classes) {
            int left = 0;
            for (const weighted_combo& y : parse_range(other).combos()) left += !y.cards.intersects(hero);
            from_table += left * at(cls, other.c_str());
            hands += left;
        }
        CHECK(hands == 1225);
        CHECK(exact == doctest::Approx(from_table / hands).epsilon(1e-10));
        return exact;
    };
    CHECK(against_random("AsAh", "AA") == doctest::Approx(0.852).epsilon(1e-3));    // published: 85.2%
    CHECK(against_random("7s2h", "72o") == doctest::Approx(0.346).epsilon(3e-3));   // published: 34.6%
}
