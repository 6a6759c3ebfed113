// A table, hand after hand: the button and the blinds over joins, leaves and
// sit-outs, checked against the worked examples of the rule books (docs/table.md):
// the dead button (WSOP Tournament Rules (TR) 85; Robert's Rules of Poker, "Button and Blind
// Use", 2b and its worked cases: small blind out, big blind out, both out), the
// heads-up transition (TR 87; Robert's 3), new players posting or waiting for
// the big blind, missed blinds made up, stud tables; then chips conserved over
// 20,000 seeded random hands with busts and rebuys. Expected seats and posts are
// worked by hand from the rules. Physical seats are 0-based here (A in seat 0).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/table.hpp"
#include "table_support.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

using table_support::amounts;
using table_support::holdem;
using table_support::seat_list;

// Plays the next hand with checks and calls only and carries the stacks back.
hand_plan play_hand(table& t) {
    hand_state hand = t.start_hand();
    const hand_plan plan = *t.current();
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    t.finish_hand(hand);
    return plan;
}

amounts per_seat(const std::vector<chips>& v, std::size_t n) { return v.empty() ? amounts(n, 0) : v; }

// The seats dealt in (PHH order), the button, and who posts what.
void check_plan(const hand_plan& p, const seat_list& seats, std::optional<int> button, const amounts& blinds,
                const amounts& live = {}, const amounts& antes = {}) {
    CHECK(p.seats == seats);
    CHECK(p.button == button);
    const std::size_t n = seats.size();
    CHECK(per_seat(p.config.forced.blinds_or_straddles, n) == blinds);
    CHECK(per_seat(p.config.forced.live_posts, n) == (live.empty() ? amounts(n, 0) : live));
    CHECK(per_seat(p.config.forced.antes, n) == (antes.empty() ? amounts(n, 0) : antes));
}

// Five players, A to E in seats 0 to 4 of a six-seat table, the button on A.
table five_handed(play_mode mode = play_mode::tournament) {
    table_config c = holdem(6);
    c.mode = mode;
    table t{c, 7};
    const char* names[] = {"A", "B", "C", "D", "E"};
    for (int s = 0; s < 5; ++s) t.join(s, names[s], 200);
    t.set_button(0);
    return t;
}

}  // namespace

TEST_CASE("first hand: the button where placed, the small blind and the big blind after it") {
    table t = five_handed();
    // A has the button; B posts 1 and C 2; PHH order starts with the small blind, the button last.
    check_plan(play_hand(t), {1, 2, 3, 4, 0}, 0, {1, 2, 0, 0, 0});
    // Every player moves one seat: B has the button, C the small blind, D the big blind.
    check_plan(play_hand(t), {2, 3, 4, 0, 1}, 1, {1, 2, 0, 0, 0});
    CHECK(t.hands_started() == 2);
}

TEST_CASE("dead button: the big blind always moves forward one player") {
    // Robert's Rules, button and blind use 2b, with the three cases of the dead-button rule.
    table t = five_handed();
    check_plan(play_hand(t), {1, 2, 3, 4, 0}, 0, {1, 2, 0, 0, 0});  // A button, B small, C big

    SUBCASE("the small blind leaves") {
        t.leave(1);
        // C, the last big blind, posts the small blind and D the big blind; the button goes to
        // B's empty seat, so A has the last action again.
        check_plan(play_hand(t), {2, 3, 4, 0}, 1, {1, 2, 0, 0});
        // Then normal again: C's seat has the button, D the small blind, E the big blind.
        check_plan(play_hand(t), {3, 4, 0, 2}, 2, {1, 2, 0, 0});
    }
    SUBCASE("the big blind leaves") {
        t.leave(2);
        // B (the last small blind) has the button, D (left of the empty seat) the big blind,
        // and nobody posts a small blind: it falls on C's empty seat.
        check_plan(play_hand(t), {3, 4, 0, 1}, 1, {2, 0, 0, 0});
        // The button moves to C's empty seat, so B has the last action again; D small, E big.
        check_plan(play_hand(t), {3, 4, 0, 1}, 2, {1, 2, 0, 0});
        // And on: D's seat has the button, E the small blind, A the big blind.
        check_plan(play_hand(t), {4, 0, 1, 3}, 3, {1, 2, 0, 0});
    }
    SUBCASE("both blinds leave") {
        t.leave(1);
        t.leave(2);
        // The button on B's empty seat, no small blind (C's empty seat), D the big blind:
        // A has the last action for the second hand running.
        check_plan(play_hand(t), {3, 4, 0}, 1, {2, 0, 0});
        // The button on C's empty seat: A last a third time; D small, E big.
        check_plan(play_hand(t), {3, 4, 0}, 2, {1, 2, 0});
        // Normal: D's seat has the button, E small, A big.
        check_plan(play_hand(t), {4, 0, 3}, 3, {1, 2, 0});
    }
}

TEST_CASE("heads-up: the button posts the small blind, and nobody has the big blind twice running") {
    // Three players: A (seat 0) button, B small blind, C big blind; then one leaves.
    table t{holdem(3), 11};
    t.join(0, "A", 200);
    t.join(1, "B", 200);
    t.join(2, "C", 200);
    t.set_button(0);
    check_plan(play_hand(t), {1, 2, 0}, 0, {1, 2, 0});

    SUBCASE("the button leaves") {
        t.leave(0);
        // The big blind moves forward from C to B; C, the last big blind, has the button and posts
        // the small blind. Heads-up PHH order: the big blind first, the button second.
        check_plan(play_hand(t), {1, 2}, 2, {2, 1});
        // Then they alternate: C big blind, B button.
        check_plan(play_hand(t), {2, 1}, 1, {2, 1});
        check_plan(play_hand(t), {1, 2}, 2, {2, 1});
    }
    SUBCASE("the small blind leaves") {
        t.leave(1);
        // The big blind moves from C to A; C has the button and the small blind.
        check_plan(play_hand(t), {0, 2}, 2, {2, 1});
        check_plan(play_hand(t), {2, 0}, 0, {2, 1});
    }
    SUBCASE("the big blind leaves after a round") {
        // Hand 2: B button, C small, A big. Then A (the big blind) leaves: of B and C, C had the big
        // blind last (hand 1), so C has the button and B the big blind (Robert's 3: the player who had
        // the big blind most recently is given the button); the big blind moved forward from A to B.
        check_plan(play_hand(t), {2, 0, 1}, 1, {1, 2, 0});
        t.leave(0);
        check_plan(play_hand(t), {1, 2}, 2, {2, 1});
    }
    SUBCASE("back to three: a new player waits for the big blind") {
        t.leave(0);
        check_plan(play_hand(t), {1, 2}, 2, {2, 1});  // B big blind, C button
        t.join(0, "D", 300, entry::wait_for_big_blind);
        // The big blind moves from B to C; B, button and small blind. D waits.
        check_plan(play_hand(t), {2, 1}, 1, {2, 1});
        // The big blind reaches D: C small blind, D big blind, B on the button.
        check_plan(play_hand(t), {2, 0, 1}, 1, {1, 2, 0});
        // Three-handed rotation from there: C button, D small, B big.
        check_plan(play_hand(t), {0, 1, 2}, 2, {1, 2, 0});
    }
}

TEST_CASE("new players: post a live big blind at once, or wait for the big blind") {
    table t{holdem(6), 3};
    t.join(0, "A", 200);
    t.join(1, "B", 200);
    t.join(2, "C", 200);
    t.join(3, "D", 200);
    t.set_button(0);
    check_plan(play_hand(t), {1, 2, 3, 0}, 0, {1, 2, 0, 0});  // A button, B small, C big

    SUBCASE("posting") {
        t.join(4, "N", 100, entry::post_now);
        // B button, C small, D big; N is dealt in with a live big blind of 2 under the gun.
        const hand_plan p = play_hand(t);
        check_plan(p, {2, 3, 4, 0, 1}, 1, {1, 2, 0, 0, 0}, {0, 0, 2, 0, 0});
        CHECK(p.names == std::vector<std::string>{"C", "D", "N", "A", "B"});
        // The next hand N plays like everyone: D small, N big blind.
        check_plan(play_hand(t), {3, 4, 0, 1, 2}, 2, {1, 2, 0, 0, 0});
    }
    SUBCASE("waiting") {
        t.join(4, "N", 100, entry::wait_for_big_blind);
        check_plan(play_hand(t), {2, 3, 0, 1}, 1, {1, 2, 0, 0});         // D has the big blind; N waits
        check_plan(play_hand(t), {3, 4, 0, 1, 2}, 2, {1, 2, 0, 0, 0});   // the big blind reaches N
    }
    SUBCASE("not dealt in on the button or between the button and the small blind") {
        t.leave(1);  // B, the small blind, leaves: the button goes to B's empty seat next hand
        t.join(1, "N", 100, entry::post_now);
        // C small, D big, the button on seat 1, where N sits: N waits.
        check_plan(play_hand(t), {2, 3, 0}, 1, {1, 2, 0});
        // The button has passed N: C button, D small, A big; N posts a live big blind.
        check_plan(play_hand(t), {3, 0, 1, 2}, 2, {1, 2, 0, 0}, {0, 0, 2, 0});
    }
}

TEST_CASE("missed blinds: a player back posts the big blind live and the small blind dead, or waits") {
    table t = five_handed();
    check_plan(play_hand(t), {1, 2, 3, 4, 0}, 0, {1, 2, 0, 0, 0});  // A button, B small, C big
    t.sit_out(3);
    // The big blind passes D, who is out: E posts it; D owes both blinds.
    check_plan(play_hand(t), {2, 4, 0, 1}, 1, {1, 2, 0, 0});
    CHECK(t.at(3)->missed_big);
    CHECK(t.at(3)->missed_small);

    SUBCASE("posting") {
        t.come_back(3, entry::post_now);
        // C button, E small, A big: D sits between the button and the small blind and must wait.
        check_plan(play_hand(t), {4, 0, 1, 2}, 2, {1, 2, 0, 0});
        // E button, A small, B big; D is dealt in, posting 2 live and 1 dead.
        const hand_plan p = play_hand(t);
        check_plan(p, {0, 1, 2, 3, 4}, 4, {1, 2, 0, 0, 0}, {0, 0, 0, 2, 0}, {0, 0, 0, 1, 0});
        CHECK(p.dead == amounts{0, 0, 0, 1, 0});
        CHECK_FALSE(t.at(3)->owes());
    }
    SUBCASE("waiting for the big blind") {
        t.come_back(3, entry::wait_for_big_blind);
        check_plan(play_hand(t), {4, 0, 1, 2}, 2, {1, 2, 0, 0});  // A big blind
        check_plan(play_hand(t), {0, 1, 2, 4}, 4, {1, 2, 0, 0});  // B big blind
        check_plan(play_hand(t), {1, 2, 4, 0}, 0, {1, 2, 0, 0});  // C big blind
        // The big blind reaches D, who pays only the big blind.
        check_plan(play_hand(t), {2, 3, 4, 0, 1}, 1, {1, 2, 0, 0, 0});
    }
    SUBCASE("a missed small blind alone is posted dead") {
        t.come_back(3, entry::post_now);
        play_hand(t);  // D waits (between the button and the small blind)
        play_hand(t);  // D makes up the blinds: E button, A small, B big
        check_plan(play_hand(t), {1, 2, 3, 4, 0}, 0, {1, 2, 0, 0, 0});  // A button, B small, C big
        t.sit_out(2);
        // C, the last big blind, is out when the small blind reaches the seat: no small blind is
        // posted, D the big blind; C owes the small blind only.
        check_plan(play_hand(t), {3, 4, 0, 1}, 1, {2, 0, 0, 0});
        CHECK(t.at(2)->missed_small);
        CHECK_FALSE(t.at(2)->missed_big);
        t.come_back(2, entry::post_now);
        // C's seat has the button (dead button): C waits. D small, E big.
        check_plan(play_hand(t), {3, 4, 0, 1}, 2, {1, 2, 0, 0});
        // D button, E small, A big; C comes in posting the small blind dead, nothing live.
        check_plan(play_hand(t), {4, 0, 1, 2, 3}, 3, {1, 2, 0, 0, 0}, {}, {0, 0, 0, 1, 0});
    }
    SUBCASE("back before any blind passed: no post") {
        t.sit_out(4);
        t.come_back(4);
        check_plan(play_hand(t), {4, 0, 1, 2}, 2, {1, 2, 0, 0});
    }
}

TEST_CASE("a game below two players starts again: whoever asked to play is dealt in, owing nothing") {
    table t{holdem(3), 4};
    t.join(0, "A", 100);
    t.join(1, "B", 100);
    t.set_button(0);
    check_plan(play_hand(t), {1, 0}, 0, {2, 1});  // heads-up: A button and small blind, B big blind
    t.join(2, "C", 100, entry::wait_for_big_blind);
    t.sit_out(1);
    // Only A is in the game: C comes in without posting. The big blind moves forward from B to C and
    // A, the player before it, has the button and the small blind. B, the last big blind, is out when
    // the small blind would reach the seat.
    check_plan(play_hand(t), {2, 0}, 0, {2, 1});
    CHECK(t.at(1)->missed_small);
    CHECK_FALSE(t.at(1)->missed_big);
    // Then as usual: the big blind moves from C to A (B is out), C has the button.
    check_plan(play_hand(t), {0, 2}, 2, {2, 1});
}

TEST_CASE("antes and the big-blind ante") {
    table_config c = holdem(4);
    c.big_blind_ante = 2;
    table t{c, 5};
    t.join(0, "A", 100);
    t.join(1, "B", 100);
    t.set_button(0);
    // Heads-up: A button and small blind, B big blind and the ante for the table.
    check_plan(play_hand(t), {1, 0}, 0, {2, 1}, {}, {2, 0});
    c = holdem(4);
    c.ante = 1;
    table u{c, 5};
    u.join(0, "A", 100);
    u.join(2, "B", 100);
    u.join(3, "C", 100);
    u.set_button(2);
    check_plan(play_hand(u), {3, 0, 2}, 2, {1, 2, 0}, {}, {1, 1, 1});
}

TEST_CASE("stud tables: no button, seat order from the dealer's left, antes and the bring-in") {
    table t{table_config::standard("stud", betting_structure::fixed_limit, 8), 9};
    t.join(1, "A", 100);
    t.join(3, "B", 100);
    t.join(6, "C", 100);
    hand_plan p = play_hand(t);
    CHECK(p.seats == seat_list{1, 3, 6});
    CHECK_FALSE(p.button.has_value());
    CHECK(p.config.forced.antes == amounts{1, 1, 1});
    CHECK(p.config.forced.bring_in == 2);
    CHECK(p.config.forced.blinds_or_straddles.empty());
    t.join(0, "N", 50);  // a new stud player is dealt in at once: there is no blind to wait for
    t.sit_out(3);
    p = play_hand(t);
    CHECK(p.seats == seat_list{0, 1, 6});
}

TEST_CASE("a busted player is out until a rebuy, then makes up the blinds missed") {
    table t = five_handed();
    // A moves in every hand; the first player facing it calls and the rest fold (or check). Play
    // until someone busts: at most one player a hand.
    std::optional<int> busted;
    for (int n = 0; n < 200 && !busted; ++n) {
        hand_state hand = t.start_hand();
        const int a = t.current()->hand_seat(0);
        bool called = false;
        while (!hand.is_complete()) {
            const legal_actions l = hand.legal();
            if (l.at == phase::betting && *l.seat == a && l.can_raise) {
                hand.apply(action::raise_to(a, l.max_to));
            } else if (l.at == phase::betting && l.can_fold && !l.can_check && called) {
                hand.apply(action::fold_by(*l.seat));
            } else {
                called = called || (l.at == phase::betting && !l.can_check);
                hand.apply(l.passive());
            }
        }
        t.finish_hand(hand);
        for (int s = 0; s < 5; ++s)
            if (t.at(s)->stack == 0) busted = s;
    }
    REQUIRE(busted);
    const int b = *busted;
    // Out of the game until a rebuy: never dealt in, and the blinds that pass are owed (Robert's 4).
    for (int k = 0; k < 6; ++k) CHECK(play_hand(t).hand_seat(b) == -1);
    CHECK(t.at(b)->missed_big);
    const chips before = t.total_chips();
    t.rebuy(b, 150, entry::wait_for_big_blind);
    CHECK(t.total_chips() == before + 150);
    CHECK(t.at(b)->owes());
    CHECK_FALSE(t.at(b)->is_new);
    // Waiting for the big blind: dealt in first as the big blind.
    for (int k = 0; k < 6; ++k) {
        hand_plan p = play_hand(t);
        if (p.hand_seat(b) >= 0) {
            CHECK(p.big_blind == b);
            break;
        }
    }
}

TEST_CASE("seating errors") {
    table t{holdem(3), 1};
    t.join(0, "A", 10);
    CHECK_THROWS_AS(t.join(0, "B", 10), table_error);
    CHECK_THROWS_AS(t.join(3, "B", 10), table_error);
    CHECK_THROWS_AS(t.join(1, "B", 0), table_error);
    CHECK_THROWS_AS(t.sit_out(2), table_error);
    CHECK_FALSE(t.can_start_hand());
    CHECK_THROWS_AS(t.start_hand(), table_error);
    t.join(1, "B", 10);
    hand_state hand = t.start_hand();
    CHECK_THROWS_AS(t.join(2, "C", 10), table_error);  // between hands only
    CHECK_THROWS_AS(t.finish_hand(hand), std::invalid_argument);  // not complete
    CHECK_THROWS_AS(table(holdem(1), 1), config_error);
    table_config c = holdem(4);
    c.bring_in = 1;
    CHECK_THROWS_AS(table(c, 1), config_error);
    CHECK_THROWS_AS(table(table_config::standard("stud", betting_structure::fixed_limit, 10), 1), config_error);
    c = holdem(4);
    c.small_blind = 3;  // above the big blind
    CHECK_THROWS_AS(table(c, 1), config_error);
}

TEST_CASE("a hand dealt by hand") {
    table t = five_handed();
    hand_state hand = t.start_hand(manual_dealing);
    CHECK(hand.manual());
    CHECK(hand.current_phase() == phase::dealing);
    CHECK(hand.config() == t.current()->config);
    CHECK(t.hand_in_progress());
}

TEST_CASE("hand seeds come from the table's seed and the hand number") {
    CHECK(table::hand_seed(1234567, 1) == 6457827717110365317u);  // splitmix64's first output
    table a = five_handed(), b = five_handed();
    hand_state x = a.start_hand(), y = b.start_hand();
    CHECK(x == y);
    CHECK(a.current()->seed == table::hand_seed(7, 1));
}

TEST_CASE("a table's dealing order deals each hand as a hand of its seed in that order") {
    table_config by_card = holdem(6);
    by_card.dealing = dealing_order::card_by_card;
    table a{by_card, 7}, b = five_handed();
    const char* names[] = {"A", "B", "C", "D", "E"};
    for (int s = 0; s < 5; ++s) a.join(s, names[s], 200);
    a.set_button(0);
    hand_state x = a.start_hand(), y = b.start_hand();
    CHECK(a.current()->seed == b.current()->seed);
    CHECK(x.config().dealing == dealing_order::card_by_card);
    CHECK(x == hand_state{a.current()->config, a.current()->seed});
    CHECK(x.hole_cards(0).cards != y.hole_cards(0).cards);
}

TEST_CASE("a cap game's table: every hand has the table's cap, which leaves room for what a seat may post") {
    table_config capped = holdem(6);
    capped.cap = 20;
    table t{capped, 7};
    for (int s = 0; s < 3; ++s) t.join(s, std::string(1, static_cast<char>('A' + s)), 200);
    t.set_button(0);
    for (int k = 0; k < 30; ++k) {
        hand_state hand = t.start_hand();
        CHECK(hand.config().cap == 20);
        while (!hand.is_complete()) hand.apply(hand.legal().passive());
        t.finish_hand(hand);
        CHECK(t.total_chips() == 600);
        for (int s = 0; s < 3; ++s) CHECK(std::abs(t.at(s)->stack - 200) <= 40 * (k + 1));
    }
    capped.cap = 2;  // a returning player posts a dead small blind and a live big blind: 3
    try {
        capped.validate();
        FAIL("a cap below the blinds was accepted");
    } catch (const config_error& e) {
        CHECK(e.code() == config_error_code::cap_below_forced_bets);
        CHECK(std::string(e.what()) == "cap: 2 is below what one seat may have to post in a hand (ante 0, bring-in 0, "
                                       "blinds 1 and 2, big-blind ante 0)");
    }
}

TEST_CASE("the PHH stream: one table per hand, with seats and players, that replays to the same stacks") {
    table t = five_handed(play_mode::cash_game);
    xoshiro256ss rng{3};
    std::string phhs;
    std::vector<amounts> finishing;
    for (int n = 0; n < 6; ++n) {
        hand_state hand = t.start_hand();
        while (!hand.is_complete()) hand.apply(random_action(hand, rng));
        phhs += t.phhs_entry(hand);
        t.finish_hand(hand);
        finishing.emplace_back(hand.stacks().begin(), hand.stacks().end());
        if (n == 1) t.leave(2);
        for (int s = 0; s < 6; ++s)
            if (t.at(s) && t.at(s)->stack == 0) t.rebuy(s, 200);
    }
    CHECK(phhs.starts_with("[1]\nvariant = 'NT'\n"));
    CHECK(phhs.find("seats = [2, 3, 4, 5, 1]\nseat_count = 6\nplayers = [\"B\", \"C\", \"D\", \"E\", \"A\"]\n") !=
          std::string::npos);
    const std::vector<phh_hand> hands = read_phh(phhs, "table.phhs");
    REQUIRE(hands.size() == 6);
    for (std::size_t i = 0; i < hands.size(); ++i) {
        CAPTURE(i);
        CHECK(hands[i].table == std::to_string(i + 1));
        // PHH has no field for the play mode: the hand was a cash-game hand (a seat may muck an all-in hand).
        phh_hand h = hands[i];
        h.config.mode = play_mode::cash_game;
        const replay_result r = replay(h);
        CAPTURE(r.error);
        CAPTURE(r.action_text);
        REQUIRE(r.ok);
        CHECK(amounts(r.state->stacks().begin(), r.state->stacks().end()) == finishing[i]);
    }
}

TEST_CASE("chips are conserved over 20,000 random hands with joins, leaves, sit-outs, busts and rebuys") {
    const char* games[] = {"holdem", "omaha", "stud", "razz", "deuce-to-seven-triple-draw", "badugi"};
    for (const std::string game : games) {
        CAPTURE(game);
        const any_game g = find_game(game);
        table_config c = table_config::standard(game, hand_config::usual_structure(g), 8);
        c.mode = play_mode::cash_game;  // mucked all-in hands too
        if (game == "holdem") c.big_blind_ante = 2;
        if (game == "omaha") c.ante = 1;
        table t{c, 2024};
        xoshiro256ss rng{99};
        chips expected = 0;  // bought in minus taken away
        int next_name = 0;
        auto pick = [&](int n) { return static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(n))); };
        auto how = [&] { return pick(2) ? entry::post_now : entry::wait_for_big_blind; };
        std::optional<int> last_big_player_seat;
        const std::uint64_t hands = 20000 / std::size(games) + 1;
        for (int round = 0; t.hands_started() < hands; ++round) {
            REQUIRE(round < 100000);
            // Seating changes between hands.
            for (int s = 0; s < c.seats; ++s) {
                const auto& p = t.at(s);
                const int r = pick(100);
                if (!p) {
                    if (r < 15) {
                        const chips stack = 20 + pick(200);
                        std::string name = "p";
                        name += std::to_string(next_name++);
                        t.join(s, std::move(name), stack, how());
                        expected += stack;
                    }
                } else if (p->stack == 0) {
                    if (r < 40) {
                        const chips more = 20 + pick(200);
                        t.rebuy(s, more, how());
                        expected += more;
                    } else if (r < 50) {
                        t.leave(s);
                    }
                } else if (r < 3) {
                    expected -= t.leave(s);
                } else if (r < 8 && !p->sitting_out) {
                    t.sit_out(s);
                } else if (r < 40 && p->sitting_out) {
                    t.come_back(s, how());
                }
            }
            REQUIRE(t.total_chips() == expected);
            if (!t.can_start_hand()) continue;
            const hand_plan plan = t.plan_next_hand();
            hand_state hand = t.start_hand();
            REQUIRE(*t.current() == plan);
            // Nobody out or without chips is dealt in; in button games the big blind moved on and posts,
            // the small blind (when live) is the first dealt to, the button the last.
            for (int s : plan.seats) REQUIRE((t.at(s)->stack > 0 && !t.at(s)->sitting_out));
            if (c.button_game()) {
                const int big = plan.hand_seat(*plan.big_blind);
                REQUIRE(big >= 0);
                CHECK(plan.config.forced.blinds_or_straddles[static_cast<std::size_t>(big)] == c.big_blind);
                if (last_big_player_seat) CHECK(*plan.big_blind != *last_big_player_seat);
                last_big_player_seat = plan.big_blind;
                if (plan.seats.size() == 2) {
                    CHECK(big == 0);
                    CHECK(plan.seats[1] == *plan.button);
                } else if (const int small = plan.hand_seat(*plan.small_blind); small >= 0) {
                    CHECK(small == 0);
                }
                if (const int button = plan.hand_seat(*plan.button); button >= 0)
                    CHECK(button == static_cast<int>(plan.seats.size()) - 1);
            }
            while (!hand.is_complete()) hand.apply(random_action(hand, rng));
            if (t.hands_started() % 10 == 0) {
                // Every tenth hand's PHH record replays to the same stacks.
                std::vector<phh_hand> read = read_phh(t.phhs_entry(hand), "soak.phhs");
                REQUIRE(read.size() == 1);
                read[0].config.mode = c.mode;
                const replay_result r = replay(read[0]);
                CAPTURE(r.error);
                CAPTURE(t.phhs_entry(hand));
                REQUIRE(r.ok);
                CHECK(std::equal(hand.stacks().begin(), hand.stacks().end(), r.state->stacks().begin()));
            }
            t.finish_hand(hand);
            REQUIRE(t.total_chips() == expected);
        }
    }
}

TEST_CASE("table errors carry a code, and messages count seats from 1") {
    auto refused = [](auto&& call, table_error_code why) {
        try {
            call();
            FAIL("accepted");
        } catch (const table_error& e) {
            CHECK(e.code() == why);
            return std::string(e.what());
        }
        return std::string();
    };
    table t{holdem(3), 1};
    t.join(0, "Ann", 10);
    CHECK(refused([&] { t.join(0, "Bob", 10); }, table_error_code::seat_taken) == "seat 1 is taken by \"Ann\"");
    CHECK(refused([&] { t.join(3, "Bob", 10); }, table_error_code::no_such_seat) ==
          "seat 4 does not exist: the table has seats 1 to 3");
    CHECK(refused([&] { t.join(1, "Ann", 10); }, table_error_code::duplicate_name) ==
          "seat 2: \"Ann\" is the name of the player in seat 1");
    refused([&] { t.join(1, "", 10); }, table_error_code::empty_name);
    refused([&] { t.join(1, "  ", 10); }, table_error_code::empty_name);
    refused([&] { t.join(1, "Bob", 0); }, table_error_code::stack_not_positive);
    refused([&] { t.sit_out(2); }, table_error_code::seat_empty);
    refused([&] { t.rebuy(0, 0); }, table_error_code::amount_not_positive);
    refused([&] { t.rebuy(0, chips{1} << 62); }, table_error_code::too_many_chips);
    refused([&] { t.start_hand(); }, table_error_code::not_enough_players);
    t.join(1, "Bob", 10);
    hand_state hand = t.start_hand();
    refused([&] { t.join(2, "Cy", 10); }, table_error_code::hand_in_progress);
    refused([&] { t.finish_hand(hand); }, table_error_code::hand_not_complete);
    table other{holdem(3), 2};
    other.join(0, "Ann", 10);
    other.join(1, "Bob", 20);
    hand_state foreign = other.start_hand();
    while (!foreign.is_complete()) foreign.apply(foreign.legal().passive());
    refused([&] { t.finish_hand(foreign); }, table_error_code::not_this_tables_hand);
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    t.finish_hand(hand);
    refused([&] { t.finish_hand(hand); }, table_error_code::no_hand_in_progress);
    refused([&] { t.set_button(0); }, table_error_code::button_after_first_hand);
    CHECK(to_string(table_error_code::duplicate_name) == "duplicate_name");
    CHECK(to_string(table_error_code::not_this_tables_hand) == "not_this_tables_hand");
    // A name a player left behind may be taken again.
    t.leave(0);
    CHECK_NOTHROW(t.join(0, "Ann", 10));
}

TEST_CASE("a table configuration names the field at fault, with a code") {
    auto refused = [](const table_config& c, config_error_code why) {
        try {
            table t{c, 1};
            FAIL("accepted");
        } catch (const config_error& e) {
            CHECK(e.code() == why);
            return std::string(e.what());
        }
        return std::string();
    };
    // Seven-card stud deals to at most eight: the table's field is its seats.
    CHECK(refused(table_config::standard("stud", betting_structure::fixed_limit, 10),
                  config_error_code::too_many_for_deck) == "seats: 10 seats are too many for stud's deck of 52 cards");
    CHECK(refused(holdem(11), config_error_code::player_count).starts_with("seats: "));
    table_config c = holdem(4);
    c.big_blind = 0;
    c.small_blind = 0;
    refused(c, config_error_code::missing_big_blind);
    c = holdem(4);
    c.small_blind = 3;
    refused(c, config_error_code::small_blind_above_big_blind);
    c = table_config::standard("razz", betting_structure::fixed_limit, 6);
    c.big_blind = 2;
    refused(c, config_error_code::blinds_in_stud_game);
    c = holdem(4);
    c.ante = -1;
    refused(c, config_error_code::amount_out_of_range);
}
