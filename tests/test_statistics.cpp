// Player statistics (variants/pokerengine/statistics.hpp) on hands worked by
// hand: each figure below is counted from the actions, with the definition of
// docs/stats.md, in the comment beside it.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "pokerengine/phh.hpp"
#include "pokerengine/statistics.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

// Six seats, blinds 1 and 2, stacks 200. C (UTG) opens to 6, D folds, E calls,
// F (button) 3-bets to 20, the blinds fold, C calls, E folds. Flop AhKd2c: C
// checks, F bets 30 (a continuation bet), C folds. The pot was 1 + 2 + 20 + 6
// + 20 = 49: F wins 29 net, C loses 20, E 6, A 1, B 2, D nothing.
constexpr const char* three_bet_hand = R"(variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200, 200, 200]
players = ['A', 'B', 'C', 'D', 'E', 'F']
actions = ['d dh p1 2s3s', 'd dh p2 4s5s', 'd dh p3 QcQd', 'd dh p4 7h2h', 'd dh p5 9c9d', 'd dh p6 AsKs',
  'p3 cbr 6', 'p4 f', 'p5 cc', 'p6 cbr 20', 'p1 f', 'p2 f', 'p3 cc', 'p5 f',
  'd db AhKd2c', 'p3 cc', 'p6 cbr 30', 'p3 f']
)";

// Three seats, blinds 1 and 2, stacks 100. C (button) folds, A (small blind)
// moves in for 100, B (big blind) calls; AdAc against KhKs, shown before the
// board (TR 70), which gives A the pot of 200: A +100, B -100, C 0.
// GNU poker-eval's hcmp2 (quoted at brainwagon.org, 2005-04-09): AdAc against
// KhKs wins 1,388,072 and ties 6,538 of 1,712,304 boards, so A's share of the
// pot at the all-in is (1,388,072 + 6,538 / 2) / 1,712,304.
constexpr const char* all_in_hand = R"(variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ['A', 'B', 'C']
actions = ['d dh p1 AdAc', 'd dh p2 KhKs', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 100', 'p2 cc', 'p1 sm AdAc', 'p2 sm KhKs',
  'd db 2c3c4d', 'd db 9h', 'd db Ts']
)";

const player_statistics& row(const std::vector<player_statistics>& rows, const std::string& player,
                             const std::string& position = "all") {
    const auto it = std::ranges::find_if(rows, [&](const player_statistics& p) {
        return p.player == player && p.position == position;
    });
    REQUIRE(it != rows.end());
    return *it;
}

statistics of(std::initializer_list<const char*> documents) {
    statistics s;
    for (const char* text : documents)
        for (const recorded_hand& hand : read_phh(text, "test.phh")) s.add(hand, hand.players);
    return s;
}

}  // namespace

TEST_CASE("a 3-bet and a continuation bet, counted by hand") {
    statistics s = of({three_bet_hand});
    const auto rows = s.players();
    CHECK(s.hands() == 1);
    CHECK(rows.size() == 6);

    const player_statistics& c = row(rows, "C");
    CHECK(c.vpip.made == 1);                 // opened to 6
    CHECK(c.pfr.made == 1);
    CHECK(c.three_bet.chances == 0);          // C made the first raise: nothing to re-raise
    CHECK(c.fold_to_three_bet.chances == 1);  // faced F's re-raise
    CHECK(c.fold_to_three_bet.made == 0);     // and called
    CHECK(c.cbet.chances == 0);               // F, not C, raised last before the flop
    CHECK(c.fold_to_cbet.chances == 1);       // faced F's bet on the flop
    CHECK(c.fold_to_cbet.made == 1);
    CHECK(c.folds == 1);                      // after the first round: the fold on the flop
    CHECK(c.calls == 0);                      // the check is not a call
    CHECK(c.aggressive == 0);
    CHECK(!c.aggression_factor());            // no call to divide by
    CHECK(c.aggression_frequency() == 0.0);
    CHECK(c.saw_second_round == 1);
    CHECK(c.went_to_showdown == 0);
    CHECK(c.net == -20);
    CHECK(c.net_big_blinds == -10.0);
    CHECK(c.position == "all");
    CHECK(row(s.by_position(), "C", "UTG").hands == 1);

    const player_statistics& f = row(rows, "F");
    CHECK(f.vpip.made == 1);
    CHECK(f.pfr.made == 1);
    CHECK(f.three_bet.chances == 1);
    CHECK(f.three_bet.made == 1);
    CHECK(f.cbet.chances == 1);
    CHECK(f.cbet.made == 1);
    CHECK(f.aggressive == 1);                 // the flop bet (the 3-bet is in the first round)
    CHECK(f.aggression_frequency() == 1.0);
    CHECK(f.won_after_second_round == 1);
    CHECK(f.wwsf() == 1.0);
    CHECK(f.net == 29);
    CHECK(f.bb_per_100() == doctest::Approx(1450.0));  // 14.5 big blinds in one hand
    CHECK(row(s.by_position(), "F", "BTN").hands == 1);

    const player_statistics& e = row(rows, "E");
    CHECK(e.vpip.made == 1);                  // called the open
    CHECK(e.pfr.made == 0);
    CHECK(e.three_bet.chances == 1);          // could re-raise C's open
    CHECK(e.three_bet.made == 0);
    CHECK(e.saw_second_round == 0);
    CHECK(e.net == -6);
    CHECK(row(s.by_position(), "E", "CO").hands == 1);

    const player_statistics& d = row(rows, "D");
    CHECK(d.vpip.made == 0);
    CHECK(d.vpip.chances == 1);
    CHECK(d.three_bet.chances == 1);
    CHECK(d.net == 0);
    CHECK(row(s.by_position(), "D", "HJ").hands == 1);

    CHECK(row(rows, "A").net == -1);
    CHECK(row(rows, "A").three_bet.chances == 0);  // acted after the re-raise
    CHECK(row(rows, "B").net == -2);
    CHECK(row(s.by_position(), "A", "SB").hands == 1);
    CHECK(row(s.by_position(), "B", "BB").hands == 1);
}

TEST_CASE("an all-in before the flop: showdown figures and the winnings adjusted by equity") {
    statistics s = of({all_in_hand});
    const auto rows = s.players();
    const player_statistics& a = row(rows, "A");
    const player_statistics& b = row(rows, "B");
    CHECK(a.net == 100);
    CHECK(b.net == -100);
    CHECK(a.went_to_showdown == 1);
    CHECK(a.won_at_showdown == 1);
    CHECK(b.went_to_showdown == 1);
    CHECK(b.won_at_showdown == 0);
    CHECK(a.saw_second_round == 1);  // all in, the flop came
    CHECK(a.showdown_net == 100);
    const double share = (1388072 + 6538 / 2.0) / 1712304;
    CHECK(a.all_in_hands == 1);
    CHECK(a.all_in_adjusted == doctest::Approx(200 * share - 100).epsilon(1e-12));
    CHECK(b.all_in_adjusted == doctest::Approx(200 * (1 - share) - 100).epsilon(1e-12));
    const player_statistics& c = row(rows, "C");
    CHECK(c.all_in_adjusted == 0.0);
    CHECK(c.all_in_hands == 0);
    CHECK(c.vpip.made == 0);
}

TEST_CASE("accumulators merge exactly, and the graph follows one player hand by hand") {
    statistics both = of({three_bet_hand, all_in_hand});
    statistics first = of({three_bet_hand}), second = of({all_in_hand});
    first.merge(second);
    const auto merged = first.players(), direct = both.players();
    REQUIRE(merged.size() == direct.size());
    for (std::size_t i = 0; i < merged.size(); ++i) {
        CHECK(merged[i].player == direct[i].player);
        CHECK(merged[i].hands == direct[i].hands);
        CHECK(merged[i].net == direct[i].net);
        CHECK(merged[i].vpip.made == direct[i].vpip.made);
        CHECK(merged[i].all_in_adjusted == direct[i].all_in_adjusted);
    }
    CHECK(row(direct, "A").hands == 2);
    CHECK(row(direct, "A").net == 99);  // -1, then +100
    CHECK(row(direct, "D").hands == 1);

    statistics followed;
    followed.follow("A");
    for (const char* text : {three_bet_hand, all_in_hand})
        for (const recorded_hand& hand : read_phh(text, "test.phh")) followed.add(hand, hand.players);
    REQUIRE(followed.graph().size() == 2);
    CHECK(followed.graph()[0].net == -1);
    CHECK(followed.graph()[0].non_showdown == -1);
    CHECK(followed.graph()[1].net == 99);
    CHECK(followed.graph()[1].showdown == 100);
    const std::string svg = winnings_graph_svg(followed.graph(), "A & <friends>");
    CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    CHECK(svg.find("A &amp; &lt;friends&gt;") != std::string::npos);
    CHECK(std::ranges::count(svg, '\n') > 10);
    CHECK(svg.ends_with("</svg>\n"));
}

TEST_CASE("a hand that does not replay is refused with its code, and nothing of it is counted") {
    const std::string bad = std::string(all_in_hand).replace(std::string(all_in_hand).find("'p2 cc'"), 7, "'p2 cbr 1'");
    statistics s;
    for (const recorded_hand& hand : read_phh(bad, "bad.phh")) {
        try {
            s.add(hand, hand.players);
            FAIL("an illegal raise was counted");
        } catch (const statistics_error& e) {
            CHECK(e.code() == "hand_failed");
            CHECK(std::string(e.what()).find("bad.phh") != std::string::npos);
        }
    }
    CHECK(s.hands() == 0);
    CHECK(s.players().empty());
}

TEST_CASE("over played hands the adjusted results add up as the net results do, and net won is the chips moved") {
    // Four seats of random no-limit play with unequal stacks: many all-ins, side
    // pots, folds to raises. Whatever the engine did, each hand's net results add
    // up to nothing, and so must the results valued at the equity.
    statistics s;
    std::mt19937_64 rng(7);
    std::uint64_t hands_all_in = 0;
    std::int64_t moved = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 4, 100);
        for (chips& stack : config.starting_stacks) stack = 20 + static_cast<chips>(rng() % 200);
        hand_state h(config, seed);
        while (!h.is_complete()) {
            const legal_actions l = h.legal();
            const int seat = *l.seat;
            const std::uint64_t pick = rng() % 4;
            if (l.can_raise && pick == 0) h.apply(action::raise_to(seat, l.max_to));
            else if (l.can_raise && pick == 1) h.apply(action::raise_to(seat, std::min(l.min_to, l.max_to)));  // all in when short
            else if (l.can_fold && pick == 2 && l.call_amount > 0) h.apply(action::fold_by(seat));
            else h.apply(l.passive());
        }
        for (int p = 0; p < h.players(); ++p) moved += std::abs(h.stacks()[static_cast<std::size_t>(p)] - config.starting_stacks[static_cast<std::size_t>(p)]);
        for (const recorded_hand& hand : read_phh(write_phh(h), "played.phh")) s.add(hand);
    }
    double adjusted = 0;
    std::int64_t net = 0, moved_seen = 0;
    for (const player_statistics& p : s.by_position()) {
        adjusted += p.all_in_adjusted;
        net += p.net;
        hands_all_in += p.all_in_hands;
    }
    CHECK(s.hands() == 150);
    CHECK(net == 0);
    CHECK(std::abs(adjusted) < 1e-6);
    CHECK(hands_all_in > 50);  // the check means something: many seats were valued at their equity
    for (const player_statistics& p : s.players()) moved_seen += std::abs(p.net);
    CHECK(moved_seen <= moved);
    CHECK(moved > 0);
}
