// Playing a hand: the tricky cases of the specification (docs/play.md; the
// rule books behind each are cited beside it), every refused action, and
// random legal play of every game. Expected amounts are worked by hand from
// the WSOP 2024 Tournament and Live Action Rules (TR, LAR) and Robert's Rules
// of Poker; seats are 0-based in PHH order (p1 = seat 0).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "play_support.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/replay.hpp"
#include "test_support.hpp"

using namespace pokerengine;
using namespace pokerengine::play;
using play_testing::check_invariants;
using play_testing::to_vector;

namespace {

using amounts = std::vector<chips>;
using seats = std::vector<std::size_t>;
using code = action_error_code;

amounts blinds(int players, std::initializer_list<chips> small_big_straddles) {
    const amounts list(small_big_straddles);
    return forced_bets::blinds(players, list);
}

/// A blind game: small and big blind (and straddles) on the usual seats; in
/// fixed limit the small bet is the big blind and the big bet twice it, in pot
/// and no limit the minimum bet is the big blind.
hand_config blind_game(std::string_view game, betting_structure structure, amounts stacks,
                       std::initializer_list<chips> small_big = {1, 2}) {
    hand_config c;
    c.game = find_game(game);
    c.structure = structure;
    c.forced.blinds_or_straddles = blinds(static_cast<int>(stacks.size()), small_big);
    const chips big_blind = *(small_big.begin() + 1);
    c.limits = {big_blind, 2 * big_blind, big_blind};
    c.starting_stacks = std::move(stacks);
    return c;
}

hand_config no_limit(amounts stacks, chips small_blind = 1, chips big_blind = 2) {
    return blind_game("holdem", betting_structure::no_limit, std::move(stacks), {small_blind, big_blind});
}

/// A stud game: everybody antes, the bring-in, fixed limit small and big bet.
hand_config stud_game(std::string_view game, amounts stacks, chips ante, chips bring_in, chips small_bet,
                      chips big_bet) {
    hand_config c;
    c.game = find_game(game);
    c.structure = betting_structure::fixed_limit;
    c.forced.antes.assign(stacks.size(), ante);
    c.forced.bring_in = bring_in;
    c.limits = {small_bet, big_bet, small_bet};
    c.starting_stacks = std::move(stacks);
    return c;
}

/// Deals each seat its cards in seat order; an empty string skips a seat.
void deal_hole(hand_state& h, std::initializer_list<std::string_view> per_seat) {
    int seat = 0;
    for (std::string_view cards : per_seat) {
        if (!cards.empty()) h.apply(action::deal_hole_to(seat, parse_cards(cards)));
        ++seat;
    }
}

void deal_board(hand_state& h, std::string_view cards) { h.apply(action::deal_board_cards(parse_cards(cards))); }

/// Finishes a hand with no more betting: every seat asked shows all its
/// cards, and the dealer gives `dealer` in order when cards are owed.
void run_out(hand_state& h, const std::vector<action>& dealer) {
    std::size_t next = 0;
    for (int guard = 0; !h.is_complete() && guard < 100; ++guard) {
        if (h.current_phase() == phase::showdown) {
            REQUIRE(h.to_act());
            h.apply(action::show_by(*h.to_act()));
        } else if (h.current_phase() == phase::dealing) {
            REQUIRE(next < dealer.size());
            h.apply(dealer[next++]);
        } else {
            FAIL("no betting expected, but phase ", to_string(h.current_phase()), " with seat ",
                 h.to_act().value_or(-1), " to act");
        }
    }
    CHECK(h.is_complete());
    CHECK(next == dealer.size());
}

std::vector<action> boards(std::initializer_list<std::string_view> streets) {
    std::vector<action> out;
    for (std::string_view s : streets) out.push_back(action::deal_board_cards(parse_cards(s)));
    return out;
}

/// Plays the cheapest action (check, call, bring-in, stand pat, show) until the end.
void play_passively(hand_state& h) {
    for (int guard = 0; !h.is_complete() && guard < 1000; ++guard) {
        REQUIRE(h.to_act());
        h.apply(h.legal().passive());
        check_invariants(h);
    }
    REQUIRE(h.is_complete());
}

/// `a` is refused with `why`, by `apply`, `try_apply` and `is_legal`, and the
/// state is left exactly as it was (strong guarantee).
void check_rejected(hand_state& h, const action& a, code why) {
    INFO("action: ", play_testing::describe(a));
    const std::string before = h.serialize();
    const hand_state copy = h;
    code got{};
    CHECK_FALSE(h.try_apply(a, &got));
    CHECK(got == why);
    CHECK_FALSE(h.is_legal(a));
    bool threw = false;
    try {
        h.apply(a);
    } catch (const action_error& e) {
        threw = true;
        CHECK(e.code() == why);
        CHECK(std::string(e.what()).size() > 0);
    }
    CHECK(threw);
    CHECK(h.serialize() == before);
    CHECK(h == copy);
}

int count_kind(const hand_state& h, action::kind k) {
    return static_cast<int>(std::ranges::count_if(h.history(), [k](const action& a) { return a.what == k; }));
}

/// Index in the history of the first action of kind `k` at or after `from`, or -1.
int find_kind(const hand_state& h, action::kind k, std::size_t from = 0) {
    const auto history = h.history();
    for (std::size_t i = from; i < history.size(); ++i)
        if (history[i].what == k) return static_cast<int>(i);
    return -1;
}

const rule_profile wsop = rule_profile::wsop_2024();
const rule_profile roberts = rule_profile::roberts();
const rule_profile pokerkit = rule_profile::pokerkit();

}  // namespace

// --- Section 15 of the specification: the tricky cases ---------------------------------------------

TEST_CASE("case 1: heads-up the button posts the small blind, acts first pre-flop and last after") {
    // TR 87, LAR 153. PHH blinds [1, 2] mean p1 posts 2 and p2 (the button) posts 1.
    const hand_config c = no_limit({200, 200});
    CHECK(c.forced.blinds_or_straddles == amounts{2, 1});
    hand_state h{c, 1};
    CHECK(h.current_phase() == phase::betting);
    CHECK(h.street() == 0);
    CHECK(to_vector(h.street_bets()) == amounts{2, 1});
    CHECK(to_vector(h.stacks()) == amounts{198, 199});
    CHECK(h.pot_total() == 3);
    REQUIRE(h.to_act() == 1);
    legal_actions l = h.legal();
    CHECK(l.seat == 1);
    CHECK(l.at == phase::betting);
    CHECK(l.can_fold);
    CHECK_FALSE(l.can_check);
    CHECK(l.can_call);
    CHECK(l.call_amount == 1);
    CHECK(l.can_raise);
    CHECK(l.min_to == 4);
    CHECK(l.max_to == 200);
    CHECK_FALSE(l.raise_is_all_in_only);
    check_rejected(h, action::check_or_call_by(0), code::not_your_turn);

    h.apply(action::check_or_call_by(1));
    REQUIRE(h.to_act() == 0);
    l = h.legal();
    CHECK(l.can_check);
    CHECK(l.call_amount == 0);
    CHECK(l.can_raise);
    CHECK(l.min_to == 4);
    CHECK(l.max_to == 200);
    h.apply(action::check_or_call_by(0));

    CHECK(h.street() == 1);
    CHECK(h.board().size() == 3);
    CHECK(h.to_act() == 0);  // on the flop p1, the big blind, acts first
    h.apply(action::check_or_call_by(0));
    CHECK(h.to_act() == 1);
}

TEST_CASE("the pre-flop opener is left of the largest blind or straddle; a live post does not move it") {
    // Section 6 examples (pokerkit test_preflop_opener, test_post_bets).
    auto opener = [](amounts blinds_or_straddles, amounts live = {}) {
        hand_config c = no_limit(amounts(blinds_or_straddles.size(), 200));
        c.forced.blinds_or_straddles = std::move(blinds_or_straddles);
        c.forced.live_posts = std::move(live);
        hand_state h{c, 11};
        return h.to_act();
    };
    CHECK(opener(blinds(2, {1, 2})) == 1);
    CHECK(opener({1, 2, 0}) == 2);
    CHECK(opener({1, 2, 4, 0, 0, 0}) == 3);
    CHECK(opener({1, 2, 0, 0, 0, 4}) == 0);  // button straddle
    CHECK(opener({1, 2, 4, 0, 0, 8}) == 0);
    CHECK(opener({1, 2, 0, 0, 0, 0}, {0, 0, 0, 2, 0, 0}) == 2);
    CHECK(blinds(3, {1, 2}) == amounts{1, 2, 0});
    CHECK(blinds(6, {1, 2, 4}) == amounts{1, 2, 4, 0, 0, 0});
}

TEST_CASE("a straddle: the minimum raise after it (R9) and the straddler's option") {
    hand_config c = no_limit(amounts(6, 200));
    c.forced.blinds_or_straddles = blinds(6, {1, 2, 4});
    SUBCASE("wsop: straddle plus big blind (LAR 11)") {
        c.rules = wsop;
        hand_state h{c, 3};
        REQUIRE(h.to_act() == 3);
        CHECK(h.legal().call_amount == 4);
        CHECK(h.legal().min_to == 6);
    }
    SUBCASE("roberts: twice the straddle") {
        c.rules = roberts;
        hand_state h{c, 3};
        CHECK(h.legal().min_to == 8);
    }
    SUBCASE("pokerkit: straddle plus the minimum bet") {
        c.rules = pokerkit;
        hand_state h{c, 3};
        CHECK(h.legal().min_to == 6);
    }
    SUBCASE("everybody calls: the straddler may check or raise (LAR 152, 155)") {
        hand_state h{c, 3};
        for (int s : {3, 4, 5, 0, 1}) {
            REQUIRE(h.to_act() == s);
            h.apply(action::check_or_call_by(s));
        }
        REQUIRE(h.to_act() == 2);
        const legal_actions l = h.legal();
        CHECK(l.can_check);
        CHECK(l.can_raise);
        CHECK(h.street() == 0);
    }
}

TEST_CASE("case 2: a walk") {
    hand_state h{no_limit({200, 200, 200}), 7};
    CHECK_THROWS_AS(h.result(), std::logic_error);
    REQUIRE(h.to_act() == 2);
    h.apply(action::fold_by(2));
    h.apply(action::fold_by(0));
    REQUIRE(h.is_complete());
    CHECK(to_vector(h.stacks()) == amounts{199, 201, 200});
    CHECK(h.board().empty());
    CHECK(count_kind(h, action::kind::show) == 0);
    CHECK(count_kind(h, action::kind::deal_board) == 0);
    CHECK(h.status(0) == seat_status::folded);
    CHECK(h.status(2) == seat_status::folded);
    const hand_result r = h.result();
    CHECK(r.finishing_stacks == amounts{199, 201, 200});
    for (const auto& shown : r.high) CHECK_FALSE(shown.has_value());
    check_invariants(h);
    check_rejected(h, action::check_or_call_by(1), code::hand_complete);
}

TEST_CASE("case 3: the big blind's option") {
    hand_config c = no_limit({200, 200, 200});
    SUBCASE("tournament: check or raise, no fold") {
        hand_state h{c, 5};
        h.apply(action::fold_by(2));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.to_act() == 1);
        REQUIRE(h.street() == 0);
        const legal_actions l = h.legal();
        CHECK(l.can_check);
        CHECK(l.call_amount == 0);
        CHECK(l.can_raise);
        CHECK(l.min_to == 4);
        CHECK(l.max_to == 200);
        CHECK_FALSE(l.can_fold);  // R13: a fold when checking is free is refused in a tournament
        check_rejected(h, action::fold_by(1), code::unnecessary_fold);
        h.apply(action::check_or_call_by(1));
        CHECK(h.street() == 1);
    }
    SUBCASE("cash game: the big blind may also fold") {
        c.mode = play_mode::cash_game;
        hand_state h{c, 5};
        h.apply(action::fold_by(2));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.to_act() == 1);
        CHECK(h.legal().can_check);
        CHECK(h.legal().can_fold);
        h.apply(action::fold_by(1));
        REQUIRE(h.is_complete());
        CHECK(to_vector(h.stacks()) == amounts{202, 198, 200});
    }
}

TEST_CASE("case 4: an incomplete all-in raise does not re-open the betting (TR 96)") {
    hand_state h{no_limit({650, 20000, 20000}, 100, 200), 4};
    REQUIRE(h.to_act() == 2);
    h.apply(action::raise_to(2, 600));
    REQUIRE(h.to_act() == 0);
    legal_actions l = h.legal();
    CHECK(l.call_amount == 500);
    CHECK(l.can_raise);
    CHECK(l.raise_is_all_in_only);  // a full raise would be to 1,000
    CHECK(l.max_to == 650);
    h.apply(action::raise_to(0, 650));

    REQUIRE(h.to_act() == 1);
    l = h.legal();  // the big blind has not acted: it may raise, a full raise over 600
    CHECK(l.can_raise);
    CHECK(l.call_amount == 450);
    CHECK(l.min_to == 1050);
    CHECK(l.max_to == 20000);
    h.apply(action::check_or_call_by(1));

    REQUIRE(h.to_act() == 2);
    l = h.legal();
    CHECK(l.can_fold);
    CHECK(l.can_call);
    CHECK(l.call_amount == 50);
    CHECK_FALSE(l.can_raise);
    check_rejected(h, action::raise_to(2, 1050), code::betting_not_reopened);
    h.apply(action::check_or_call_by(2));
    CHECK(h.street() == 1);
    CHECK(to_vector(h.stacks()) == amounts{0, 19350, 19350});
    CHECK(h.pot_total() == 1950);
}

TEST_CASE("case 5: consecutive short all-ins that add up to a full raise re-open the betting (TR 96a)") {
    hand_config c;
    c.game = find_game("holdem");
    c.structure = betting_structure::no_limit;
    c.forced.antes.assign(5, 1);
    c.limits = {1, 2, 1};
    c.starting_stacks = {20001, 20001, 20001, 1301, 1701};
    hand_state h{c, 5};
    CHECK(h.pot_total() == 5);
    REQUIRE(h.to_act() == 0);
    h.apply(action::raise_to(0, 500));
    h.apply(action::raise_to(1, 1000));
    h.apply(action::check_or_call_by(2));
    REQUIRE(h.to_act() == 3);
    CHECK(h.legal().raise_is_all_in_only);
    h.apply(action::raise_to(3, 1300));  // 300 more: short
    REQUIRE(h.to_act() == 4);
    SUBCASE("p5 all-in to 1,700: 300 + 400 >= 500, the betting re-opens, minimum to 2,200") {
        legal_actions l = h.legal();
        CHECK(l.min_to == 1800);
        CHECK(l.raise_is_all_in_only);
        CHECK(l.max_to == 1700);
        h.apply(action::raise_to(4, 1700));
        REQUIRE(h.to_act() == 0);
        l = h.legal();
        CHECK(l.can_raise);
        CHECK(l.min_to == 2200);
        CHECK(l.call_amount == 1200);
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.to_act() == 1);
        l = h.legal();
        CHECK(l.can_raise);
        CHECK(l.call_amount == 700);
        CHECK(l.min_to == 2200);
        CHECK(l.max_to == 20000);
    }
    SUBCASE("p5 only calls 1,300: p2, who made the last full raise, may not raise again") {
        h.apply(action::check_or_call_by(4));
        REQUIRE(h.to_act() == 0);
        legal_actions l = h.legal();  // p1 has not acted since p2's full raise
        CHECK(l.can_raise);
        CHECK(l.min_to == 1800);
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.to_act() == 1);
        l = h.legal();
        CHECK_FALSE(l.can_raise);
        CHECK(l.call_amount == 300);
        check_rejected(h, action::raise_to(1, 1800), code::betting_not_reopened);
    }
}

TEST_CASE("case 6: a full all-in raise resets the pool of short all-ins (R1)") {
    auto play_to_p4 = [](const rule_profile& rules) {
        hand_config c = no_limit({19, 200, 16, 200});
        c.rules = rules;
        hand_state h{c, 6};
        REQUIRE(h.to_act() == 2);
        h.apply(action::raise_to(2, 16));  // all-in, a full raise of 14
        h.apply(action::check_or_call_by(3));
        REQUIRE(h.to_act() == 0);
        CHECK(h.legal().raise_is_all_in_only);
        h.apply(action::raise_to(0, 19));  // all-in, 3 more: short
        REQUIRE(h.to_act() == 1);
        CHECK(h.legal().can_raise);  // the big blind has not acted
        CHECK(h.legal().min_to == 33);
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.to_act() == 3);
        return h;
    };
    SUBCASE("wsop") {
        hand_state h = play_to_p4(wsop);
        const legal_actions l = h.legal();
        CHECK_FALSE(l.can_raise);
        CHECK(l.can_call);
        CHECK(l.call_amount == 3);
        CHECK(l.can_fold);
        check_rejected(h, action::raise_to(3, 33), code::betting_not_reopened);
    }
    SUBCASE("pokerkit() does not reproduce pokerkit's bug (issue #45)") {
        hand_state h = play_to_p4(pokerkit);
        CHECK_FALSE(h.legal().can_raise);
    }
}

TEST_CASE("case 7: the pot-limit maximum") {
    hand_state h{blind_game("omaha", betting_structure::pot_limit, {1000, 1000, 1000, 1000}), 7};
    REQUIRE(h.to_act() == 2);
    legal_actions l = h.legal();
    CHECK(l.min_to == 4);
    CHECK(l.pot_to == 7);  // call 2, then the pot of 5
    CHECK(l.max_to == 7);
    check_rejected(h, action::raise_to(2, 8), code::above_maximum);
    h.apply(action::check_or_call_by(2));
    REQUIRE(h.to_act() == 3);
    l = h.legal();
    CHECK(l.pot_to == 9);
    CHECK(l.max_to == 9);
    h.apply(action::check_or_call_by(3));
    REQUIRE(h.to_act() == 0);
    CHECK(h.legal().max_to == 10);  // pot 7, call 1 more: 8; raise 8 over 2
    h.apply(action::raise_to(0, 10));
    REQUIRE(h.to_act() == 1);
    l = h.legal();
    CHECK(l.min_to == 18);
    CHECK(l.max_to == 34);  // pot 16, call 8 more: 24; raise 24 over 10
    h.apply(action::raise_to(1, 25));
    h.apply(action::check_or_call_by(2));
    h.apply(action::check_or_call_by(3));
    h.apply(action::check_or_call_by(0));
    REQUIRE(h.street() == 1);
    CHECK(h.pot_total() == 100);
    REQUIRE(h.to_act() == 0);
    l = h.legal();
    CHECK(l.min_to == 2);
    CHECK(l.max_to == 100);
    h.apply(action::raise_to(0, 50));
    REQUIRE(h.to_act() == 1);
    l = h.legal();  // Robert's Rules: pot 100, bet 50: call 50 and raise 200, to 250
    CHECK(l.pot_to == 250);
    CHECK(l.max_to == 250);
    CHECK(l.min_to == 100);
    check_rejected(h, action::raise_to(1, 251), code::above_maximum);
}

TEST_CASE("case 8: the no-limit minimum raise after a short all-in stays the last full raise") {
    hand_state h{no_limit({1000, 142, 1000}), 8};
    h.apply(action::check_or_call_by(2));
    h.apply(action::check_or_call_by(0));
    h.apply(action::check_or_call_by(1));
    REQUIRE(h.street() == 1);
    REQUIRE(h.to_act() == 0);
    h.apply(action::raise_to(0, 100));  // A bets 100
    REQUIRE(h.to_act() == 1);
    CHECK(h.legal().raise_is_all_in_only);
    CHECK(h.legal().max_to == 140);
    h.apply(action::raise_to(1, 140));  // B all-in 140
    REQUIRE(h.to_act() == 2);
    legal_actions l = h.legal();
    CHECK(l.call_amount == 140);
    CHECK(l.min_to == 240);  // C: 140 + the full bet of 100
    CHECK(l.max_to == 998);
    check_rejected(h, action::raise_to(2, 239), code::below_minimum);
    h.apply(action::check_or_call_by(2));
    REQUIRE(h.to_act() == 0);
    l = h.legal();
    CHECK_FALSE(l.can_raise);
    CHECK(l.call_amount == 40);
}

TEST_CASE("case 9: the fixed-limit half-bet rule (R2)") {
    // Blinds 10/20, bets 20 and 40: the flop bet is 20, half a bet 10.
    auto flop = [](amounts stacks, const rule_profile& rules) {
        hand_config c = blind_game("holdem", betting_structure::fixed_limit, std::move(stacks), {10, 20});
        c.rules = rules;
        hand_state h{c, 9};
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.street() == 1);
        REQUIRE(h.to_act() == 0);
        return h;
    };
    const std::vector<rule_profile> half_bet_profiles{wsop, roberts};
    SUBCASE("an all-in bet of 15 is a full bet: the next seat may raise to 35") {
        for (const rule_profile& rules : half_bet_profiles) {
            CAPTURE(rules.name);
            hand_state h = flop({35, 1000, 1000}, rules);
            CHECK(h.legal().raise_is_all_in_only);
            CHECK(h.legal().max_to == 15);
            h.apply(action::raise_to(0, 15));
            REQUIRE(h.to_act() == 1);
            const legal_actions l = h.legal();
            CHECK(l.can_fold);
            CHECK(l.call_amount == 15);
            CHECK(l.can_raise);
            CHECK(l.min_to == 35);
            CHECK(l.max_to == 35);
        }
    }
    SUBCASE("an all-in bet of 5 is not: the next seat may complete to 20") {
        for (const rule_profile& rules : half_bet_profiles) {
            CAPTURE(rules.name);
            hand_state h = flop({25, 1000, 1000}, rules);
            h.apply(action::raise_to(0, 5));
            REQUIRE(h.to_act() == 1);
            const legal_actions l = h.legal();
            CHECK(l.can_fold);
            CHECK(l.call_amount == 5);
            CHECK(l.can_raise);
            CHECK(l.min_to == 20);
            CHECK(l.max_to == 20);
        }
    }
    SUBCASE("an all-in raise of 15 over a bet of 20 is a full raise: the bettor may raise again") {
        for (const rule_profile& rules : half_bet_profiles) {
            CAPTURE(rules.name);
            hand_state h = flop({1000, 55, 1000}, rules);
            h.apply(action::raise_to(0, 20));
            h.apply(action::raise_to(1, 35));
            h.apply(action::check_or_call_by(2));
            REQUIRE(h.to_act() == 0);
            const legal_actions l = h.legal();
            CHECK(l.call_amount == 15);
            CHECK(l.can_raise);
            CHECK(l.min_to == 55);
            CHECK(l.max_to == 55);
        }
    }
    SUBCASE("pokerkit: a full increment is needed") {
        hand_state h = flop({25, 1000, 1000}, pokerkit);
        h.apply(action::raise_to(0, 5));
        REQUIRE(h.to_act() == 1);
        CHECK(h.legal().min_to == 25);
        hand_state k = flop({1000, 55, 1000}, pokerkit);
        k.apply(action::raise_to(0, 20));
        k.apply(action::raise_to(1, 35));
        k.apply(action::check_or_call_by(2));
        REQUIRE(k.to_act() == 0);
        CHECK_FALSE(k.legal().can_raise);
        check_rejected(k, action::raise_to(0, 55), code::betting_not_reopened);
    }
}

TEST_CASE("case 10: the fixed-limit raise cap (R3)") {
    // Blinds 5/10, bets 10 and 20. Everybody limps; the flop bet is 10.
    auto flop = [](int players, const rule_profile& rules, play_mode mode, bool third_folds = false) {
        const amounts stacks(static_cast<std::size_t>(players), 1000);
        hand_config c = blind_game("holdem", betting_structure::fixed_limit, stacks, {5, 10});
        c.rules = rules;
        c.mode = mode;
        hand_state h{c, 10};
        for (int guard = 0; h.street() == 0 && guard < 20; ++guard) {
            const int s = *h.to_act();
            if (third_folds && s == 2)
                h.apply(action::fold_by(s));
            else
                h.apply(action::check_or_call_by(s));
        }
        REQUIRE(h.street() == 1);
        REQUIRE(h.to_act() == 0);
        return h;
    };
    auto raise = [](hand_state& h, int seat, chips to) {
        REQUIRE(h.to_act() == seat);
        CHECK(h.legal().can_raise);
        CHECK(h.legal().min_to == to);
        h.apply(action::raise_to(seat, to));
    };
    SUBCASE("wsop, four players: a bet and four raises") {
        hand_state h = flop(4, wsop, play_mode::tournament);
        raise(h, 0, 10);
        raise(h, 1, 20);
        raise(h, 2, 30);
        raise(h, 3, 40);
        raise(h, 0, 50);
        REQUIRE(h.to_act() == 1);
        CHECK_FALSE(h.legal().can_raise);
        CHECK(h.legal().call_amount == 30);
        check_rejected(h, action::raise_to(1, 60), code::raise_cap_reached);
    }
    SUBCASE("roberts, hold'em: a bet and three raises") {
        hand_state h = flop(4, roberts, play_mode::tournament);
        raise(h, 0, 10);
        raise(h, 1, 20);
        raise(h, 2, 30);
        raise(h, 3, 40);
        REQUIRE(h.to_act() == 0);
        CHECK_FALSE(h.legal().can_raise);
        check_rejected(h, action::raise_to(0, 50), code::raise_cap_reached);
    }
    SUBCASE("roberts, triple draw (four betting rounds): a bet and three raises") {
        hand_config c = blind_game("deuce-to-seven-triple-draw", betting_structure::fixed_limit, {1000, 1000, 1000});
        c.rules = roberts;
        hand_state h{c, 10};
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        for (int s = 0; s < 3; ++s) h.apply(action::discard(s, {}));
        REQUIRE(h.street() == 1);
        raise(h, 0, 2);  // the small bet after the first draw
        raise(h, 1, 4);
        raise(h, 2, 6);
        raise(h, 0, 8);
        REQUIRE(h.to_act() == 1);
        CHECK_FALSE(h.legal().can_raise);
        check_rejected(h, action::raise_to(1, 10), code::raise_cap_reached);
    }
    SUBCASE("roberts, a draw game: a bet and four raises") {
        hand_config c = blind_game("five-card-draw", betting_structure::fixed_limit, {1000, 1000, 1000});
        c.rules = roberts;
        hand_state h{c, 10};
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.current_phase() == phase::drawing);
        for (int s = 0; s < 3; ++s) h.apply(action::discard(s, {}));
        REQUIRE(h.current_phase() == phase::betting);
        REQUIRE(h.street() == 1);
        raise(h, 0, 4);  // the big bet after the draw
        raise(h, 1, 8);
        raise(h, 2, 12);
        raise(h, 0, 16);
        raise(h, 1, 20);
        REQUIRE(h.to_act() == 2);
        CHECK_FALSE(h.legal().can_raise);
    }
    SUBCASE("wsop tournament: no cap when the hand was dealt heads-up (TR 100b)") {
        hand_state h = flop(2, wsop, play_mode::tournament);
        for (chips to = 10; to <= 50; to += 10) raise(h, static_cast<int>((to / 10 + 1) % 2), to);
        raise(h, 1, 60);  // a fifth raise
        raise(h, 0, 70);
        CHECK(h.legal().can_raise);
    }
    SUBCASE("wsop: three dealt in, one folds before the flop") {
        SUBCASE("cash game: the round begins heads-up, no cap (LAR 127)") {
            hand_state h = flop(3, wsop, play_mode::cash_game, true);
            for (chips to = 10; to <= 50; to += 10) raise(h, static_cast<int>((to / 10 + 1) % 2), to);
            REQUIRE(h.to_act() == 1);
            CHECK(h.legal().can_raise);
        }
        SUBCASE("tournament: the cap holds") {
            hand_state h = flop(3, wsop, play_mode::tournament, true);
            for (chips to = 10; to <= 50; to += 10) raise(h, static_cast<int>((to / 10 + 1) % 2), to);
            REQUIRE(h.to_act() == 1);
            CHECK_FALSE(h.legal().can_raise);
            check_rejected(h, action::raise_to(1, 60), code::raise_cap_reached);
        }
    }
    SUBCASE("roberts: heads-up before the cap is reached, no cap") {
        hand_state h = flop(3, roberts, play_mode::tournament);
        raise(h, 0, 10);
        raise(h, 1, 20);
        h.apply(action::fold_by(2));
        raise(h, 0, 30);
        raise(h, 1, 40);
        REQUIRE(h.to_act() == 0);
        CHECK(h.legal().can_raise);
    }
    SUBCASE("roberts: heads-up only after the cap, the cap holds") {
        hand_state h = flop(3, roberts, play_mode::tournament);
        raise(h, 0, 10);
        raise(h, 1, 20);
        raise(h, 2, 30);
        raise(h, 0, 40);
        h.apply(action::fold_by(1));
        REQUIRE(h.to_act() == 2);
        CHECK_FALSE(h.legal().can_raise);
        CHECK(h.legal().call_amount == 10);
    }
    SUBCASE("pokerkit: four bets, never lifted") {
        hand_state h = flop(2, pokerkit, play_mode::tournament);
        raise(h, 0, 10);
        raise(h, 1, 20);
        raise(h, 0, 30);
        raise(h, 1, 40);
        REQUIRE(h.to_act() == 0);
        CHECK_FALSE(h.legal().can_raise);
    }
}

TEST_CASE("case 11: the uncalled part of a bet returns before the pots are built") {
    hand_state h{no_limit({50, 100, 300}), manual_dealing};
    CHECK(h.current_phase() == phase::dealing);
    CHECK_FALSE(h.to_act());
    deal_hole(h, {"As Ah", "Ks Kh", "Qs Qh"});
    REQUIRE(h.to_act() == 2);
    h.apply(action::raise_to(2, 300));
    h.apply(action::check_or_call_by(0));  // all-in for 50
    h.apply(action::check_or_call_by(1));  // all-in for 100
    CHECK(to_vector(h.stacks()) == amounts{0, 0, 200});
    CHECK(h.pot_total() == 250);
    const std::vector<pot> pots = h.pots();
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].amount == 150);
    CHECK(pots[0].eligible == seats{0, 1, 2});
    CHECK(pots[1].amount == 100);
    CHECK(pots[1].eligible == seats{1, 2});
    check_invariants(h);
    REQUIRE(h.current_phase() == phase::showdown);
    CHECK(h.to_act() == 2);  // the last to raise shows first (TR 72)
    run_out(h, boards({"2c 7h 9d", "Jc", "3s"}));
    CHECK(to_vector(h.stacks()) == amounts{150, 100, 200});
    const hand_result r = h.result();
    REQUIRE(r.pots.size() == 2);
    CHECK(r.pots[0].amount == 150);
    CHECK(r.pots[1].amount == 100);
    CHECK(r.payouts == amounts{150, 100, 0});
    check_invariants(h);
}

TEST_CASE("case 12: a short all-in big blind (R4)") {
    SUBCASE("wsop: the full big blind is called, the minimum raise is to twice it (LAR 150)") {
        hand_state h{no_limit({200, 1, 200}), 12};
        CHECK(to_vector(h.street_bets()) == amounts{1, 1, 0});
        CHECK(h.status(1) == seat_status::all_in);
        REQUIRE(h.to_act() == 2);
        const legal_actions l = h.legal();
        CHECK(l.call_amount == 2);
        CHECK(l.min_to == 4);
        h.apply(action::check_or_call_by(2));
        REQUIRE(h.to_act() == 0);
        CHECK(h.legal().call_amount == 1);
    }
    SUBCASE("pokerkit: call the posted chip, raise to 3") {
        hand_config c = no_limit({200, 1, 200});
        c.rules = pokerkit;
        hand_state h{c, 12};
        REQUIRE(h.to_act() == 2);
        CHECK(h.legal().call_amount == 1);
        CHECK(h.legal().min_to == 3);
    }
}

TEST_CASE("case 13: the stud bring-in") {
    // Doors 7s, 2d, 2c, Ah: stud brings in the lowest (2c, clubs lowest), razz the highest with aces low (7s).
    const amounts stacks{100, 100, 100, 100};
    SUBCASE("stud: p3 brings in and cannot fold or check") {
        hand_state h{stud_game("stud", stacks, 1, 2, 4, 8), manual_dealing};
        CHECK(h.pot_total() == 4);
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        CHECK_FALSE(h.hole_cards(0).is_up(0));
        CHECK_FALSE(h.hole_cards(0).is_up(1));
        CHECK(h.hole_cards(0).is_up(2));
        CHECK(h.hole_cards(0).up_cards() == parse_card_set("7s"));
        REQUIRE(h.to_act() == 2);
        const legal_actions l = h.legal();
        CHECK(l.can_bring_in);
        CHECK(l.bring_in_amount == 2);
        CHECK_FALSE(l.can_fold);
        CHECK_FALSE(l.can_check);
        CHECK(l.can_raise);  // complete to the small bet
        CHECK(l.min_to == 4);
        CHECK(l.max_to == 4);
        CHECK(l.passive() == action::bring_in_by(2));
        check_rejected(h, action::fold_by(2), code::must_post_bring_in);
        check_rejected(h, action::check_or_call_by(3), code::not_your_turn);
        h.apply(action::bring_in_by(2));
        REQUIRE(h.to_act() == 3);
        const legal_actions next = h.legal();
        CHECK(next.can_fold);
        CHECK(next.call_amount == 2);
        CHECK(next.min_to == 4);
        CHECK(next.max_to == 4);
    }
    SUBCASE("razz: p1 brings in") {
        hand_state h{stud_game("razz", stacks, 1, 2, 4, 8), manual_dealing};
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        REQUIRE(h.to_act() == 0);
        CHECK(h.legal().can_bring_in);
        CHECK_FALSE(h.legal().can_fold);
    }
}

TEST_CASE("stud: a bring-in for less, and the low card all-in from the ante (R5, R6)") {
    SUBCASE("R5 wsop: the others enter for the full bring-in") {
        // p3 has 2 chips: the ante leaves 1, its bring-in is 1 chip, all-in.
        hand_state h{stud_game("stud", {100, 100, 2, 100}, 1, 2, 4, 8), manual_dealing};
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        REQUIRE(h.to_act() == 2);
        h.apply(action::bring_in_by(2));
        CHECK(h.status(2) == seat_status::all_in);
        REQUIRE(h.to_act() == 3);
        CHECK(h.legal().call_amount == 2);
    }
    SUBCASE("R5 pokerkit: the others call the partial bring-in") {
        hand_config c = stud_game("stud", {100, 100, 2, 100}, 1, 2, 4, 8);
        c.rules = pokerkit;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        h.apply(action::bring_in_by(2));
        REQUIRE(h.to_act() == 3);
        CHECK(h.legal().call_amount == 1);
    }
    SUBCASE("R6 (decision 12.1): the seat left of a low card all-in from the ante must bring in") {
        hand_state h{stud_game("stud", {100, 100, 1, 100}, 1, 2, 4, 8), manual_dealing};
        CHECK(h.status(2) == seat_status::all_in);
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        REQUIRE(h.to_act() == 3);
        CHECK(h.legal().can_bring_in);
        CHECK_FALSE(h.legal().can_fold);
    }
}

TEST_CASE("case 14: a completion is a bet, not a raise: four raises follow it") {
    auto third_street = [](const rule_profile& rules) {
        hand_config c = stud_game("stud", amounts(4, 10000), 25, 100, 400, 800);
        c.rules = rules;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c", "Th Jh Ah"});
        REQUIRE(h.to_act() == 2);
        h.apply(action::bring_in_by(2));
        return h;
    };
    auto raise = [](hand_state& h, int seat, chips to) {
        REQUIRE(h.to_act() == seat);
        CHECK(h.legal().can_raise);
        CHECK(h.legal().min_to == to);
        h.apply(action::raise_to(seat, to));
    };
    SUBCASE("wsop: complete to 400, raises to 800, 1,200, 1,600, 2,000") {
        hand_state h = third_street(wsop);
        raise(h, 3, 400);
        raise(h, 0, 800);
        raise(h, 1, 1200);
        raise(h, 2, 1600);
        raise(h, 3, 2000);
        REQUIRE(h.to_act() == 0);
        CHECK_FALSE(h.legal().can_raise);
        CHECK(h.legal().call_amount == 1200);
        check_rejected(h, action::raise_to(0, 2400), code::raise_cap_reached);
    }
    SUBCASE("pokerkit: three raises, to 1,600") {
        hand_state h = third_street(pokerkit);
        raise(h, 3, 400);
        raise(h, 0, 800);
        raise(h, 1, 1200);
        raise(h, 2, 1600);
        REQUIRE(h.to_act() == 3);
        CHECK_FALSE(h.legal().can_raise);
        check_rejected(h, action::raise_to(3, 2000), code::raise_cap_reached);
    }
}

TEST_CASE("case 15: who opens fourth street in stud and razz") {
    // Up cards Kd 7c / 5s 5h / Ac Kh / p4 folded on third street.
    SUBCASE("stud: the pair of fives, and no double bet on an open pair (R11, wsop)") {
        hand_state h{stud_game("stud", amounts(4, 100), 1, 2, 4, 8), manual_dealing};
        deal_hole(h, {"3h 4h Kd", "6d 8d 5s", "9s Ts Ac", "Js Qs 2c"});
        REQUIRE(h.to_act() == 3);  // 2c brings in
        h.apply(action::bring_in_by(3));
        h.apply(action::raise_to(0, 4));
        h.apply(action::check_or_call_by(1));
        h.apply(action::check_or_call_by(2));
        h.apply(action::fold_by(3));
        REQUIRE(h.current_phase() == phase::dealing);
        deal_hole(h, {"7c", "5h", "Kh"});
        REQUIRE(h.street() == 1);
        CHECK(h.to_act() == 1);
        CHECK(h.legal().min_to == 4);
        CHECK(h.legal().max_to == 4);
    }
    SUBCASE("razz: K-A is the lowest hand showing") {
        hand_state h{stud_game("razz", amounts(4, 100), 1, 2, 4, 8), manual_dealing};
        deal_hole(h, {"3h 4h Kd", "6d 8d 5s", "9s Ts Ac", "Js Qs 2c"});
        REQUIRE(h.to_act() == 0);  // Kd brings in
        h.apply(action::bring_in_by(0));
        h.apply(action::raise_to(1, 4));
        h.apply(action::check_or_call_by(2));
        h.apply(action::fold_by(3));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.current_phase() == phase::dealing);
        deal_hole(h, {"7c", "5h", "Kh"});
        REQUIRE(h.street() == 1);
        CHECK(h.to_act() == 2);
    }
}

TEST_CASE("stud: equal hands showing on fourth street (R7)") {
    // Up cards Kc 7d / Ks 7h / 2c 3d: p1 and p2 show the same king-seven.
    auto opener = [](std::string_view game, const rule_profile& rules) {
        hand_config c = stud_game(game, amounts(3, 100), 1, 2, 4, 8);
        c.rules = rules;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"3h 4h Kc", "5h 6h Ks", "8h 9h 2c"});
        REQUIRE(h.to_act() == 2);
        h.apply(action::bring_in_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.current_phase() == phase::dealing);
        deal_hole(h, {"7d", "7h", "3d"});
        REQUIRE(h.street() == 1);
        return h.to_act();
    };
    CHECK(opener("stud", wsop) == 1);        // the king of spades is the highest card by suit (TR)
    CHECK(opener("stud", roberts) == 0);     // by position (Robert's stud rule 1)
    CHECK(opener("stud", pokerkit) == 0);
    CHECK(opener("stud-hi-lo", wsop) == 0);  // stud eight-or-better: first from the dealer's left (TR)
}

TEST_CASE("case 16: razz with nine players: community cards when the deck runs short") {
    // 27 cards on third street, a burn and 9 on fourth and on fifth leave 5: on sixth street a
    // burn leaves 4, too few for nine, so one card is dealt face up to the board; on seventh again.
    hand_state h{stud_game("razz", amounts(9, 1000), 1, 2, 4, 8), 16};
    for (int guard = 0; !h.is_complete() && guard < 1000; ++guard) {
        if (h.current_phase() == phase::betting && h.street() == 3) {
            CHECK(h.board().size() == 1);
            for (int s = 0; s < 9; ++s) CHECK(h.hole_cards(s).cards.size() == 5);
        }
        if (h.current_phase() == phase::betting && h.street() == 4) CHECK(h.board().size() == 2);
        h.apply(h.legal().passive());
        check_invariants(h);
    }
    REQUIRE(h.is_complete());
    CHECK(h.board().size() == 2);
    CardSet all = CardSet{};
    for (Card c : h.board()) all |= c;
    for (int s = 0; s < 9; ++s) {
        const seat_cards& sc = h.hole_cards(s);
        REQUIRE(sc.cards.size() == 5);
        CHECK_FALSE(sc.is_up(0));
        CHECK_FALSE(sc.is_up(1));
        CHECK(sc.is_up(2));
        CHECK(sc.is_up(3));
        CHECK(sc.is_up(4));
        all |= sc.all();
    }
    CHECK(all.size() == 47);
    CHECK(count_kind(h, action::kind::deal_board) == 2);
}

TEST_CASE("stud with eight players who all stay: one community card on seventh street") {
    // 24 + 3 x (burn + 8) = 51 cards leave one: there is no card for a seventh-street burn and
    // eight players, so the last card is a community card.
    hand_state h{stud_game("stud", amounts(8, 1000), 1, 2, 4, 8), 8};
    play_passively(h);
    CHECK(h.board().size() == 1);
    for (int s = 0; s < 8; ++s) CHECK(h.hole_cards(s).cards.size() == 6);
}

TEST_CASE("case 17: in a draw every seat declares before the replacements, and a card is burned") {
    hand_config c = blind_game("deuce-to-seven-triple-draw", betting_structure::fixed_limit, {100, 100, 100});
    hand_state h{c, 17};
    h.apply(action::check_or_call_by(2));
    h.apply(action::check_or_call_by(0));
    h.apply(action::check_or_call_by(1));
    REQUIRE(h.current_phase() == phase::drawing);
    REQUIRE(h.to_act() == 0);  // from p1
    CHECK(count_kind(h, action::kind::burn) == 0);
    CHECK(h.legal().can_draw);
    CHECK(h.legal().max_discards == 5);
    SUBCASE("discards, then one burn, then the replacements in order") {
        const CardList held0 = h.hole_cards(0).cards;
        const CardList held1 = h.hole_cards(1).cards;
        const CardList two{held0[0], held0[1]};
        check_rejected(h, action::discard(0, {held1[0]}), code::discard_not_held);
        const std::size_t first = h.history().size();
        h.apply(action::discard(0, two));
        CHECK(h.current_phase() == phase::drawing);
        CHECK(h.to_act() == 1);
        CHECK(h.history().back() == action::discard(0, two));
        h.apply(action::discard(1, {held1[4]}));
        CHECK(h.to_act() == 2);
        CHECK(h.history().back() == action::discard(1, {held1[4]}));
        const std::size_t last = h.history().size();  // where p3's declaration goes
        h.apply(action::discard(2, {}));
        CHECK(h.history()[last] == action::discard(2, {}));
        CHECK(find_kind(h, action::kind::deal_hole, first) > static_cast<int>(last));
        const int burn = find_kind(h, action::kind::burn, last);
        const int deal0 = find_kind(h, action::kind::deal_hole, last);
        REQUIRE(burn > 0);
        REQUIRE(deal0 > 0);
        CHECK(burn < deal0);
        CHECK(h.history()[static_cast<std::size_t>(deal0)].seat == 0);  // replacements in draw order
        std::array<std::size_t, 3> replaced{};
        int last_seat = 0;
        for (std::size_t i = last; i < h.history().size(); ++i) {
            const action& a = h.history()[i];
            if (a.what != action::kind::deal_hole) continue;
            CHECK(a.seat >= last_seat);
            last_seat = a.seat;
            replaced.at(static_cast<std::size_t>(a.seat)) += a.cards.size();
        }
        CHECK(replaced == std::array<std::size_t, 3>{2, 1, 0});
        CHECK(count_kind(h, action::kind::burn) == 1);
        CHECK(h.current_phase() == phase::betting);
        CHECK(h.street() == 1);
        CHECK(h.to_act() == 0);
        CHECK(h.hole_cards(0).cards.size() == 5);
        CHECK_FALSE(h.hole_cards(0).all().contains(held0[0]));
        CHECK_FALSE(h.hole_cards(0).all().contains(held0[1]));
        CHECK(h.hole_cards(0).all().contains(held0[2]));
        CHECK_FALSE(h.hole_cards(1).all().contains(held1[4]));
        check_invariants(h);
    }
    SUBCASE("everybody stands pat: a card is still burned") {
        for (int s = 0; s < 3; ++s) h.apply(action::discard(s, {}));
        CHECK(count_kind(h, action::kind::burn) == 1);
        CHECK(h.current_phase() == phase::betting);
        CHECK(h.street() == 1);
    }
}

TEST_CASE("cases 18, 19: the all-in runout and the showdown order") {
    SUBCASE("all-in on the flop: the hands are shown, then the turn and river dealt with no betting") {
        hand_state h{no_limit({100, 100}), manual_dealing};
        deal_hole(h, {"As Ah", "Ks Kh"});
        h.apply(action::check_or_call_by(1));
        h.apply(action::check_or_call_by(0));
        deal_board(h, "2c 7d 9h");
        REQUIRE(h.to_act() == 0);
        h.apply(action::raise_to(0, 98));
        h.apply(action::check_or_call_by(1));
        const std::size_t call = h.history().size() - 1;
        REQUIRE(h.current_phase() == phase::showdown);
        CHECK(h.to_act() == 0);  // the last to bet shows first
        CHECK(h.legal().must_show);
        run_out(h, boards({"Jc", "3s"}));
        const auto history = h.history();
        const int first_show = find_kind(h, action::kind::show, call);
        const int turn = find_kind(h, action::kind::deal_board, call);
        REQUIRE(first_show > 0);
        REQUIRE(turn > 0);
        CHECK(first_show < turn);
        const auto shows_before_turn = std::count_if(history.begin() + static_cast<std::ptrdiff_t>(call),
                                                     history.begin() + turn,
                                                     [](const action& a) { return a.what == action::kind::show; });
        CHECK(shows_before_turn == 2);
        CHECK(history[static_cast<std::size_t>(turn)].cards == parse_cards("Jc"));
        CHECK(count_kind(h, action::kind::check_or_call) == 3);
        CHECK(to_vector(h.stacks()) == amounts{200, 0});
        CHECK(h.board() == parse_cards("2c 7d 9h Jc 3s"));
    }
    SUBCASE("seeded all-in before the flop: shows before every board card") {
        hand_state h{no_limit({100, 100}), 18};
        h.apply(action::raise_to(1, 100));
        h.apply(action::check_or_call_by(0));
        play_passively(h);
        const int last_show = [&] {
            int i = -1;
            for (std::size_t k = 0; k < h.history().size(); ++k)
                if (h.history()[k].what == action::kind::show) i = static_cast<int>(k);
            return i;
        }();
        REQUIRE(last_show > 0);
        CHECK(last_show < find_kind(h, action::kind::deal_board));
        CHECK(count_kind(h, action::kind::show) == 2);
        CHECK(h.board().size() == 5);
    }
    auto to_river = [](hand_state& h) {
        deal_hole(h, {"2c 3d", "4h 5s", "6c 7d"});
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        for (std::string_view street : {"9h Th Jc", "Qd", "2s"}) {
            deal_board(h, street);
            if (h.board().size() == 5) break;
            for (int s = 0; s < 3; ++s) h.apply(action::check_or_call_by(s));
        }
        REQUIRE(h.street() == 3);
        REQUIRE(h.to_act() == 0);
    };
    SUBCASE("the river bettor shows first, then clockwise (TR 72, LAR 145)") {
        hand_state h{no_limit({100, 100, 100}), manual_dealing};
        to_river(h);
        h.apply(action::check_or_call_by(0));
        h.apply(action::raise_to(1, 10));
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.current_phase() == phase::showdown);
        CHECK(h.to_act() == 1);
        h.apply(action::show_by(1));
        CHECK(h.to_act() == 2);
        h.apply(action::show_by(2));
        CHECK(h.to_act() == 0);
        h.apply(action::show_by(0));
        CHECK(h.is_complete());
        check_invariants(h);
    }
    SUBCASE("nobody bets the river: the first seat left of the button shows first") {
        hand_state h{no_limit({100, 100, 100}), manual_dealing};
        to_river(h);
        for (int s = 0; s < 3; ++s) h.apply(action::check_or_call_by(s));
        REQUIRE(h.current_phase() == phase::showdown);
        CHECK(h.to_act() == 0);
    }
}

TEST_CASE("case 20: mucking") {
    SUBCASE("cash game: a beaten seat mucks and the pot goes to the shown hand") {
        hand_config c = no_limit({100, 100});
        c.mode = play_mode::cash_game;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"As Ah", "7c 2d"});
        h.apply(action::check_or_call_by(1));
        h.apply(action::check_or_call_by(0));
        for (std::string_view street : {"Kd 9s 4c", "Jh", "3s"}) {
            deal_board(h, street);
            h.apply(action::check_or_call_by(0));
            h.apply(action::check_or_call_by(1));
        }
        REQUIRE(h.current_phase() == phase::showdown);
        REQUIRE(h.to_act() == 0);
        h.apply(action::show_by(0));
        REQUIRE(h.to_act() == 1);
        CHECK(h.legal().can_muck);
        h.apply(action::muck_by(1));
        REQUIRE(h.is_complete());
        CHECK(h.status(1) == seat_status::mucked);
        CHECK(to_vector(h.stacks()) == amounts{102, 98});
        const hand_result r = h.result();
        CHECK(r.high[0].has_value());
        CHECK_FALSE(r.high[1].has_value());
    }
    SUBCASE("tournament all-in: mucking is refused") {
        hand_state h{no_limit({100, 100}), manual_dealing};
        deal_hole(h, {"As Ah", "7c 2d"});
        h.apply(action::raise_to(1, 100));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.current_phase() == phase::showdown);
        REQUIRE(h.to_act() == 1);
        const legal_actions l = h.legal();
        CHECK(l.must_show);
        CHECK(l.can_show);
        CHECK_FALSE(l.can_muck);
        check_rejected(h, action::muck_by(1), code::must_show);
    }
}

TEST_CASE("case 21: odd chips go clockwise from the button") {
    // 101 chips among p1, p3 and p4 (the button), who all play the board's royal flush: 34, 34, 33.
    hand_state h{no_limit({33, 100, 33, 33}), manual_dealing};
    deal_hole(h, {"2c 3d", "4h 5s", "6c 7d", "8h 9c"});
    h.apply(action::raise_to(2, 33));
    h.apply(action::check_or_call_by(3));
    h.apply(action::check_or_call_by(0));
    h.apply(action::fold_by(1));
    CHECK(h.pot_total() == 101);
    run_out(h, boards({"As Ks Qs", "Js", "Ts"}));
    CHECK(to_vector(h.stacks()) == amounts{34, 98, 34, 33});
    CHECK(to_vector(h.payouts()) == amounts{34, 0, 34, 33});
}

TEST_CASE("case 22: Omaha eight-or-better") {
    // p1 folds the small blind; p2 and p3 are all-in for 75 each: a 151-chip pot.
    auto deal_and_run = [](std::string_view p2, std::string_view p3, std::string_view flop, std::string_view turn,
                   std::string_view river) {
        hand_state h{blind_game("omaha-hi-lo", betting_structure::no_limit, {100, 75, 75}), manual_dealing};
        deal_hole(h, {"Qc Jc Tc 4s", p2, p3});
        h.apply(action::raise_to(2, 75));
        h.apply(action::fold_by(0));
        h.apply(action::check_or_call_by(1));
        CHECK(h.pot_total() == 151);
        run_out(h, boards({flop, turn, river}));
        return h;
    };
    SUBCASE("high and low split 151 as 76 and 75: the odd chip goes to the high half") {
        // p2: four kings (Kh Kd with Kc Ks 8h); p3: the low 8-5-3-2-A (As 3h with 2c 5d 8h).
        hand_state h = deal_and_run("Kh Kd 9s 9h", "As 3h Qd Jd", "2c 5d 8h", "Kc", "Ks");
        CHECK(to_vector(h.stacks()) == amounts{99, 76, 75});
    }
    SUBCASE("no qualifying low: the high hand scoops") {
        // Only 2s and 3c on the board are eight or lower: nobody has a low. p3's queens beat p2's sevens.
        hand_state h = deal_and_run("Ah Kd 7s 7h", "Qs Qd 4h 5h", "9c Td Jh", "2s", "3c");
        CHECK(to_vector(h.stacks()) == amounts{99, 0, 151});
        const hand_result r = h.result();
        REQUIRE_FALSE(r.pots.empty());
        CHECK(r.pots[0].no_qualifying_low);
    }
}

TEST_CASE("case 23: antes without trimming are dead money in the main pot") {
    // p1 (3 chips) is all-in after the small blind; p2 antes 2 and posts the big blind; p3 raises to 20,
    // p2 calls. p1 has aces, p2 kings, p3 queens.
    auto to_flop = [](bool trimming) {
        hand_config c = no_limit({3, 100, 100});
        c.forced.antes = {0, 2, 0};
        c.forced.ante_trimming = trimming;
        hand_state h{c, manual_dealing};
        CHECK(h.pot_total() == 5);
        deal_hole(h, {"As Ah", "Ks Kh", "Qs Qh"});
        h.apply(action::raise_to(2, 20));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        return h;
    };
    auto finish = [](hand_state& h) {
        for (std::string_view street : {"2c 5d 8c", "9d", "3h"}) {
            REQUIRE(h.current_phase() == phase::dealing);
            deal_board(h, street);
            REQUIRE(h.to_act() == 1);
            h.apply(action::check_or_call_by(1));
            h.apply(action::check_or_call_by(2));
        }
        run_out(h, {});
    };
    SUBCASE("no trimming: the main pot is 3 x 3 plus the dead ante of 2, all three can win it") {
        hand_state h = to_flop(false);
        const std::vector<pot> pots = h.pots();
        REQUIRE(pots.size() == 2);
        CHECK(pots[0].amount == 11);
        CHECK(pots[0].eligible == seats{0, 1, 2});
        CHECK(pots[1].amount == 34);
        CHECK(pots[1].eligible == seats{1, 2});
        finish(h);
        CHECK(to_vector(h.stacks()) == amounts{11, 112, 80});
    }
    SUBCASE("trimming: the ante is p2's contribution, p1 wins only what it matched") {
        hand_state h = to_flop(true);
        finish(h);
        CHECK(to_vector(h.stacks()) == amounts{9, 114, 80});
    }
}

TEST_CASE("case 24: a fixed-limit raise to the opponent's whole stack is below the minimum (strict)") {
    // Razz heads-up, bets 300 and 600: p1 bets 600 on sixth street with 750 left; p2 may raise only to 1,200.
    hand_state h{stud_game("razz", {900, 10000}, 50, 100, 300, 600), manual_dealing};
    deal_hole(h, {"2d 3c 2c", "Ac 6c Kd"});
    REQUIRE(h.to_act() == 1);  // Kd brings in
    h.apply(action::bring_in_by(1));
    h.apply(action::check_or_call_by(0));
    for (auto [p1, p2] : {std::pair{"3d", "Qd"}, std::pair{"4h", "Jc"}}) {
        REQUIRE(h.current_phase() == phase::dealing);
        deal_hole(h, {p1, p2});
        REQUIRE(h.to_act() == 0);  // the lowest hand showing
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
    }
    deal_hole(h, {"5s", "Ts"});
    REQUIRE(h.street() == 3);
    REQUIRE(h.to_act() == 0);
    CHECK(h.stacks()[0] == 750);
    h.apply(action::raise_to(0, 600));
    REQUIRE(h.to_act() == 1);
    const legal_actions l = h.legal();
    CHECK(l.min_to == 1200);
    CHECK(l.max_to == 1200);
    check_rejected(h, action::raise_to(1, 750), code::below_minimum);
    h.apply(action::raise_to(1, 1200));
    REQUIRE(h.to_act() == 0);
    CHECK(h.legal().call_amount == 150);
    h.apply(action::check_or_call_by(0));
    // p1's K-5-4-3-2 loses to p2's J-T-7-6-A; the 450 nobody called goes back to p2.
    run_out(h, {action::deal_hole_to(0, parse_cards("Kc")), action::deal_hole_to(1, parse_cards("7d"))});
    CHECK(to_vector(h.stacks()) == amounts{0, 10900});
}

TEST_CASE("case 25: a card dealt twice, the wrong count, out of turn, after the end") {
    hand_state h{no_limit({100, 100, 100}), manual_dealing};
    h.apply(action::deal_hole_to(0, parse_cards("As Ks")));
    check_rejected(h, action::deal_hole_to(1, parse_cards("As Qd")), code::card_already_dealt);
    check_rejected(h, action::deal_hole_to(1, parse_cards("Qd Jd Td")), code::wrong_card_count);
    deal_hole(h, {"", "Qd Jd", "9c 9d"});
    REQUIRE(h.to_act() == 2);
    check_rejected(h, action::check_or_call_by(0), code::not_your_turn);
    h.apply(action::check_or_call_by(2));
    h.apply(action::check_or_call_by(0));
    h.apply(action::check_or_call_by(1));
    REQUIRE(h.current_phase() == phase::dealing);
    check_rejected(h, action::deal_board_cards(parse_cards("2c 3c 4c 5c")), code::wrong_card_count);
    check_rejected(h, action::deal_board_cards(parse_cards("2c 3c Qd")), code::card_already_dealt);
    deal_board(h, "2c 3c 4c");
    h.apply(action::raise_to(0, 10));
    h.apply(action::fold_by(1));
    h.apply(action::fold_by(2));
    REQUIRE(h.is_complete());
    CHECK(to_vector(h.stacks()) == amounts{104, 98, 98});
    check_rejected(h, action::check_or_call_by(0), code::hand_complete);
    check_rejected(h, action::deal_board_cards(parse_cards("5c")), code::hand_complete);
}

// --- Every refused action ---------------------------------------------------------------------------

TEST_CASE("every action_error_code, with the state unchanged") {
    SUBCASE("not_your_turn") {
        hand_state h{no_limit({200, 200, 200}), 1};
        check_rejected(h, action::check_or_call_by(1), code::not_your_turn);
        check_rejected(h, action::raise_to(0, 10), code::not_your_turn);
    }
    SUBCASE("wrong_phase") {
        hand_state h{no_limit({200, 200, 200}), 1};
        REQUIRE(h.to_act() == 2);
        check_rejected(h, action::discard(2, {}), code::wrong_phase);
        check_rejected(h, action::show_by(2), code::wrong_phase);
        hand_state d{blind_game("badugi", betting_structure::fixed_limit, {100, 100, 100}), 1};
        d.apply(action::check_or_call_by(2));
        d.apply(action::check_or_call_by(0));
        d.apply(action::check_or_call_by(1));
        REQUIRE(d.current_phase() == phase::drawing);
        check_rejected(d, action::check_or_call_by(0), code::wrong_phase);
    }
    SUBCASE("below_minimum and above_maximum in no limit") {
        hand_state h{no_limit({200, 200, 200}), 1};
        check_rejected(h, action::raise_to(2, 3), code::below_minimum);
        check_rejected(h, action::raise_to(2, 201), code::above_maximum);
    }
    SUBCASE("not_a_legal_amount: fixed limit raises by exactly one bet") {
        hand_state h{blind_game("holdem", betting_structure::fixed_limit, {200, 200, 200}), 1};
        REQUIRE(h.legal().min_to == 4);
        REQUIRE(h.legal().max_to == 4);
        check_rejected(h, action::raise_to(2, 6), code::not_a_legal_amount);
        check_rejected(h, action::raise_to(2, 3), code::below_minimum);
    }
    SUBCASE("raise_cap_reached") {
        hand_state h{blind_game("holdem", betting_structure::fixed_limit, {200, 200, 200}), 1};
        h.apply(action::raise_to(2, 4));
        h.apply(action::raise_to(0, 6));
        h.apply(action::raise_to(1, 8));
        h.apply(action::raise_to(2, 10));  // the big blind and four raises: five bets
        REQUIRE(h.to_act() == 0);
        check_rejected(h, action::raise_to(0, 12), code::raise_cap_reached);
    }
    SUBCASE("betting_not_reopened") {
        hand_state h{no_limit({650, 20000, 20000}, 100, 200), 1};
        h.apply(action::raise_to(2, 600));
        h.apply(action::raise_to(0, 650));
        h.apply(action::check_or_call_by(1));
        check_rejected(h, action::raise_to(2, 2000), code::betting_not_reopened);
    }
    SUBCASE("nobody_left_to_call") {
        hand_state h{no_limit({50, 200}), 1};
        h.apply(action::raise_to(1, 10));
        h.apply(action::raise_to(0, 50));  // all-in, a full raise
        REQUIRE(h.to_act() == 1);
        CHECK_FALSE(h.legal().can_raise);
        CHECK(h.legal().call_amount == 40);
        check_rejected(h, action::raise_to(1, 100), code::nobody_left_to_call);
    }
    SUBCASE("card_not_in_deck") {
        hand_state h{blind_game("short-deck", betting_structure::no_limit, {100, 100}), manual_dealing};
        check_rejected(h, action::deal_hole_to(0, parse_cards("2c 3c")), code::card_not_in_deck);
        hand_state j{no_limit({100, 100}), manual_dealing};
        check_rejected(j, action::deal_hole_to(0, parse_cards("Xx As")), code::card_not_in_deck);
    }
    SUBCASE("card_already_dealt and wrong_card_count") {
        hand_state h{no_limit({100, 100}), manual_dealing};
        h.apply(action::deal_hole_to(0, parse_cards("As Ks")));
        check_rejected(h, action::deal_hole_to(1, parse_cards("Ks Qs")), code::card_already_dealt);
        check_rejected(h, action::deal_hole_to(1, parse_cards("Qs Js Ts")), code::wrong_card_count);
    }
    SUBCASE("discard_not_held and too_many_discards") {
        hand_state h{blind_game("deuce-to-seven-triple-draw", betting_structure::fixed_limit, {100, 100}), 1};
        h.apply(action::check_or_call_by(1));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.current_phase() == phase::drawing);
        REQUIRE(h.to_act() == 0);
        const CardList held = h.hole_cards(0).cards;
        check_rejected(h, action::discard(0, {h.hole_cards(1).cards[0]}), code::discard_not_held);
        CardList six = held;
        six.push_back(held[0]);  // five held cards and one of them again: six discards of five
        check_rejected(h, action::discard(0, six), code::too_many_discards);
    }
    SUBCASE("must_post_bring_in") {
        hand_state h{stud_game("stud", amounts(3, 100), 1, 2, 4, 8), manual_dealing};
        deal_hole(h, {"3h 4h 7s", "5h 6h 2d", "8h 9h 2c"});
        REQUIRE(h.to_act() == 2);
        check_rejected(h, action::fold_by(2), code::must_post_bring_in);
    }
    SUBCASE("must_show") {
        hand_state h{no_limit({100, 100}), 1};
        h.apply(action::raise_to(1, 100));
        h.apply(action::check_or_call_by(0));
        REQUIRE(h.current_phase() == phase::showdown);
        check_rejected(h, action::muck_by(*h.to_act()), code::must_show);
    }
    SUBCASE("hand_complete") {
        hand_state h{no_limit({100, 100}), 1};
        h.apply(action::fold_by(1));
        REQUIRE(h.is_complete());
        check_rejected(h, action::check_or_call_by(0), code::hand_complete);
        check_rejected(h, action::fold_by(1), code::hand_complete);
    }
    SUBCASE("unnecessary_fold") {
        hand_state h{no_limit({100, 100}), 1};
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.to_act() == 0);
        check_rejected(h, action::fold_by(0), code::unnecessary_fold);
    }
}

TEST_CASE("error codes have their script names") {
    const std::vector<std::pair<code, std::string_view>> names{
        {code::not_your_turn, "not_your_turn"},
        {code::wrong_phase, "wrong_phase"},
        {code::below_minimum, "below_minimum"},
        {code::above_maximum, "above_maximum"},
        {code::not_a_legal_amount, "not_a_legal_amount"},
        {code::raise_cap_reached, "raise_cap_reached"},
        {code::betting_not_reopened, "betting_not_reopened"},
        {code::nobody_left_to_call, "nobody_left_to_call"},
        {code::card_not_in_deck, "card_not_in_deck"},
        {code::card_already_dealt, "card_already_dealt"},
        {code::wrong_card_count, "wrong_card_count"},
        {code::discard_not_held, "discard_not_held"},
        {code::too_many_discards, "too_many_discards"},
        {code::must_post_bring_in, "must_post_bring_in"},
        {code::must_show, "must_show"},
        {code::hand_complete, "hand_complete"},
        {code::unnecessary_fold, "unnecessary_fold"},
    };
    for (const auto& [c, name] : names) CHECK(to_string(c) == name);
}

// --- Side pots, draws running out, configuration --------------------------------------------------

TEST_CASE("three all-ins of different sizes make a main pot and two side pots") {
    // Contributions 30, 60, 100, 100: main 120 (all), side 90 (p2, p3, p4), side 80 (p3, p4);
    // p4 keeps the 100 it did not need.
    auto stacks_after = [](std::initializer_list<std::string_view> hole) {
        hand_state h{no_limit({30, 60, 100, 200}), manual_dealing};
        deal_hole(h, hole);
        h.apply(action::raise_to(2, 100));
        h.apply(action::check_or_call_by(3));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        const std::vector<pot> pots = h.pots();
        REQUIRE(pots.size() == 3);
        CHECK(pots[0].amount == 120);
        CHECK(pots[0].eligible == seats{0, 1, 2, 3});
        CHECK(pots[1].amount == 90);
        CHECK(pots[1].eligible == seats{1, 2, 3});
        CHECK(pots[2].amount == 80);
        CHECK(pots[2].eligible == seats{2, 3});
        run_out(h, boards({"2c 5d 8c", "9d", "3h"}));
        check_invariants(h);
        return to_vector(h.stacks());
    };
    SUBCASE("the shortest stack has the best hand") {
        CHECK(stacks_after({"As Ah", "Ks Kh", "Qs Qh", "Js Jh"}) == amounts{120, 90, 80, 100});
    }
    SUBCASE("the second shortest has the best hand, the deepest the second best") {
        CHECK(stacks_after({"Qs Qh", "As Ah", "Js Jh", "Ks Kh"}) == amounts{0, 210, 0, 180});
    }
}

TEST_CASE("draws that run out of cards still deal every seat five different cards") {
    // Six seats of deuce-to-seven triple draw throw all five cards on every draw: 30 cards out,
    // 22 in the stub, 30 replacements wanted each time.
    for (const rule_profile& rules : {wsop, pokerkit}) {
        CAPTURE(rules.name);
        hand_config c = blind_game("deuce-to-seven-triple-draw", betting_structure::fixed_limit, amounts(6, 1000));
        c.rules = rules;
        hand_state h{c, 2024};
        for (int guard = 0; !h.is_complete() && guard < 1000; ++guard) {
            REQUIRE(h.to_act());
            const int s = *h.to_act();
            if (h.current_phase() == phase::drawing)
                h.apply(action::discard(s, h.hole_cards(s).cards));
            else
                h.apply(h.legal().passive());
            check_invariants(h);
        }
        REQUIRE(h.is_complete());
        CardSet all;
        for (int s = 0; s < 6; ++s) {
            CHECK(h.hole_cards(s).cards.size() == 5);
            CHECK(h.hole_cards(s).all().size() == 5);
            all |= h.hole_cards(s).all();
        }
        CHECK(all.size() == 30);
    }
}

TEST_CASE("a draw reshuffle under wsop leaves out this round's discards (R10)") {
    // Six seats throw three cards each draw: after the first draw 3 cards are left; the second draw
    // reshuffles the stub, the burn and the first draw's discards, never the second draw's.
    hand_config c = blind_game("deuce-to-seven-triple-draw", betting_structure::fixed_limit, amounts(6, 1000));
    c.rules = wsop;
    hand_state h{c, 99};
    CardSet thrown_now;
    int draws_seen = 0;
    for (int guard = 0; !h.is_complete() && guard < 1000; ++guard) {
        const int s = *h.to_act();
        if (h.current_phase() == phase::drawing) {
            if (s == 0) {
                ++draws_seen;
                thrown_now = CardSet{};
            }
            const CardList& held = h.hole_cards(s).cards;
            const CardList three{held[0], held[1], held[2]};
            for (Card card : three) thrown_now |= card;
            h.apply(action::discard(s, three));
            if (draws_seen == 2 && h.current_phase() != phase::drawing) {
                for (int t = 0; t < 6; ++t) CHECK_FALSE(h.hole_cards(t).all().intersects(thrown_now));
                break;
            }
        } else {
            h.apply(h.legal().passive());
        }
        check_invariants(h);
    }
    CHECK(draws_seen == 2);
}

TEST_CASE("bad configurations are refused with config_error") {
    using config_code = config_error_code;
    auto refused = [](const hand_config& c, config_code why) {
        CHECK_THROWS_AS(c.validate(), config_error);
        CHECK_THROWS_AS(hand_state(c, 1), config_error);
        CHECK_THROWS_AS(hand_state(c, manual_dealing), config_error);
        try {
            c.validate();
        } catch (const config_error& e) {
            CHECK(e.code() == why);
        }
    };
    SUBCASE("a forced-bet array of the wrong length") {
        hand_config c = no_limit({100, 100, 100});
        c.forced.blinds_or_straddles = {1, 2};
        refused(c, config_code::wrong_length);
        hand_config a = no_limit({100, 100, 100});
        a.forced.antes = {1, 1};
        refused(a, config_code::wrong_length);
    }
    SUBCASE("a stack of zero") { refused(no_limit({100, 0, 100}), config_code::stack_not_positive); }
    SUBCASE("stacks past 2^62 chips") {
        refused(no_limit({chips{1} << 61, chips{1} << 61, 1}), config_code::too_many_chips);
    }
    SUBCASE("a negative blind") {
        hand_config c = no_limit({100, 100, 100});
        c.forced.blinds_or_straddles = {1, -2, 0};
        refused(c, config_code::amount_out_of_range);
    }
    SUBCASE("a bring-in in hold'em") {
        hand_config c = no_limit({100, 100, 100});
        c.forced.bring_in = 1;
        refused(c, config_code::bring_in_in_blind_game);
    }
    SUBCASE("blinds beside a bring-in") {
        hand_config c = stud_game("stud", {100, 100, 100}, 1, 1, 2, 4);
        c.forced.blinds_or_straddles = {0, 1, 0};
        refused(c, config_code::blinds_in_stud_game);
    }
    SUBCASE("a bring-in above the small bet") {
        refused(stud_game("stud", {100, 100, 100}, 1, 3, 2, 4), config_code::bring_in_above_bet);
    }
    SUBCASE("too many seats for six-card Omaha: 8 x 6 + 5 + 3 burns > 52") {
        refused(blind_game("omaha6", betting_structure::pot_limit, amounts(8, 100)), config_code::too_many_for_deck);
        blind_game("omaha6", betting_structure::pot_limit, amounts(7, 100)).validate();
    }
    SUBCASE("one player, or more than ten") {
        hand_config one = no_limit({100, 100});
        one.starting_stacks = {100};
        one.forced.blinds_or_straddles = {2};
        refused(one, config_code::player_count);
        hand_config eleven = no_limit(amounts(10, 100));
        eleven.starting_stacks.assign(11, 100);
        eleven.forced.blinds_or_straddles = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        refused(eleven, config_code::player_count);
    }
    SUBCASE("fixed limit without bets, or a big bet below the small bet") {
        hand_config c = blind_game("holdem", betting_structure::fixed_limit, {100, 100});
        c.limits = {};
        refused(c, config_code::missing_bet_size);
        c.limits = {4, 2, 0};
        refused(c, config_code::big_bet_below_small_bet);
    }
    SUBCASE("no limit without a minimum bet") {
        hand_config c = no_limit({100, 100});
        c.limits.min_bet = 0;
        refused(c, config_code::missing_bet_size);
    }
    SUBCASE("forced_bets::blinds for no table") {
        const amounts small_big{1, 2};
        CHECK_THROWS_AS(forced_bets::blinds(1, small_big), config_error);
        CHECK_THROWS_AS(forced_bets::blinds(2, amounts{1, 2, 4}), config_error);
    }
    SUBCASE("every code has its script name") {
        const std::vector<std::pair<config_code, std::string_view>> names{
            {config_code::player_count, "player_count"},
            {config_code::stack_not_positive, "stack_not_positive"},
            {config_code::too_many_chips, "too_many_chips"},
            {config_code::wrong_length, "wrong_length"},
            {config_code::amount_out_of_range, "amount_out_of_range"},
            {config_code::bring_in_in_blind_game, "bring_in_in_blind_game"},
            {config_code::blinds_in_stud_game, "blinds_in_stud_game"},
            {config_code::bring_in_above_bet, "bring_in_above_bet"},
            {config_code::missing_bet_size, "missing_bet_size"},
            {config_code::big_bet_below_small_bet, "big_bet_below_small_bet"},
            {config_code::missing_big_blind, "missing_big_blind"},
            {config_code::small_blind_above_big_blind, "small_blind_above_big_blind"},
            {config_code::too_many_for_deck, "too_many_for_deck"},
        };
        for (const auto& [c, name] : names) CHECK(to_string(c) == name);
    }
}

TEST_CASE("the standard configuration of every game is valid") {
    for (const game_traits& t : all_games()) {
        CAPTURE(t.name);
        const any_game g = find_game(t.name);
        const betting_structure s = hand_config::usual_structure(g);
        const hand_config c = hand_config::standard(t.name, s, 2, 200);
        CHECK_NOTHROW(c.validate());
        CHECK(c.starting_stacks == amounts{200, 200});
        hand_state h{c, 1};
        play_passively(h);
    }
    const hand_config holdem = hand_config::standard("holdem", betting_structure::no_limit, 3, 200);
    CHECK(holdem.forced.blinds_or_straddles == amounts{1, 2, 0});
    CHECK(holdem.limits.min_bet == 2);
    CHECK(hand_config::usual_structure(find_game("holdem")) == betting_structure::no_limit);
    CHECK(hand_config::usual_structure(find_game("omaha")) == betting_structure::pot_limit);
    CHECK(hand_config::usual_structure(find_game("razz")) == betting_structure::fixed_limit);
}

// --- Profiles, names, views, PHH strings, serialization ---------------------------------------------

TEST_CASE("rule profiles and structures by name") {
    CHECK(rule_profile::named("wsop-2024") == wsop);
    CHECK(rule_profile::named("wsop") == wsop);
    CHECK(rule_profile::named("roberts") == roberts);
    CHECK(rule_profile::named("pokerkit") == pokerkit);
    CHECK_THROWS_AS(rule_profile::named("tda"), std::invalid_argument);
    try {
        (void)rule_profile::named("tda");
    } catch (const config_error& e) {
        CHECK(e.code() == config_error_code::unknown_rule_profile);
        CHECK(to_string(e.code()) == "unknown_rule_profile");
    }
    CHECK(wsop.fixed_limit_bets == 5);
    CHECK(roberts.fixed_limit_bets == 4);
    CHECK(roberts.fixed_limit_bets_two_rounds == 5);
    CHECK(pokerkit.fixed_limit_bets == 4);
    CHECK(pokerkit.reshuffle_current_discards);
    CHECK(wsop.cap_counts_forced_bet);
    CHECK_FALSE(pokerkit.cap_counts_forced_bet);
    CHECK(pokerkit.reopen_against_largest_raise);
    CHECK(pokerkit.short_all_in_ends_completion);
    CHECK(pokerkit.stud_hole_cards_from_reserve);
    CHECK_FALSE(roberts.reopen_against_largest_raise);
    CHECK_FALSE(roberts.short_all_in_ends_completion);
    CHECK_FALSE(roberts.stud_hole_cards_from_reserve);
    CHECK(roberts.cap_counts_forced_bet);
    CHECK(parse_betting_structure("fixed-limit") == betting_structure::fixed_limit);
    CHECK(parse_betting_structure("pot") == betting_structure::pot_limit);
    CHECK(parse_betting_structure("no") == betting_structure::no_limit);
    CHECK(to_string(betting_structure::no_limit) == "no-limit");
    CHECK_THROWS_AS(parse_betting_structure("spread"), std::invalid_argument);
}

TEST_CASE("PHH action strings") {
    CHECK(parse_action("p2 cbr 300") == action::raise_to(1, 300));
    CHECK(parse_action("p1 cc") == action::check_or_call_by(0));
    CHECK(parse_action("p3 f") == action::fold_by(2));
    CHECK(parse_action("p1 sd 7h2c") == action::discard(0, parse_cards("7h 2c")));
    CHECK(parse_action("p1 sd") == action::discard(0, {}));
    CHECK(parse_action("p2 pb") == action::bring_in_by(1));
    CHECK(parse_action("p2 sm -") == action::show_by(1));
    CHECK(parse_action("p2 sm") == action::muck_by(1));
    const action shown = parse_action("p2 sm AsKs");
    CHECK(shown.what == action::kind::show);
    CHECK(shown.cards == parse_cards("As Ks"));
    CHECK(parse_action("d dh p1 AcKd") == action::deal_hole_to(0, parse_cards("Ac Kd")));
    CHECK(parse_action("d db Jc3d5c") == action::deal_board_cards(parse_cards("Jc 3d 5c")));
    CHECK(to_phh(action::raise_to(1, 300)) == "p2 cbr 300");
    CHECK(to_phh(action::deal_hole_to(0, parse_cards("Ac Kd"))) == "d dh p1 AcKd");
    CHECK(to_phh(action::fold_by(2)) == "p3 f");
    for (std::string_view text : {"p2 cbr 300", "p1 cc", "p1 sd 7h2c", "p2 sm", "d db Jc3d5c"})
        CHECK(to_phh(parse_action(text)) == text);
    CHECK_THROWS_AS(parse_action("p2 xyz"), std::invalid_argument);
    CHECK_THROWS_AS(parse_action("p0 cc"), std::invalid_argument);
}

TEST_CASE("a seat's view shows its own cards, the up cards and amounts, never others' down cards") {
    hand_state h{stud_game("stud", amounts(3, 100), 1, 2, 4, 8), 5};
    const seat_view v = h.view_for(0);
    CHECK(v.seat == 0);
    CHECK(v.stacks == to_vector(h.stacks()));
    CHECK(v.pot_total == h.pot_total());
    REQUIRE(v.visible.size() == 3);
    CHECK(v.visible[0].all() == h.hole_cards(0).all());
    for (int s = 1; s < 3; ++s) {
        const CardSet down = h.hole_cards(s).all() - h.hole_cards(s).up_cards();
        CHECK(down.size() == 2);
        CHECK_FALSE(v.visible[static_cast<std::size_t>(s)].all().intersects(down));
        CHECK(v.visible[static_cast<std::size_t>(s)].all().contains(h.hole_cards(s).up_cards()));
        CHECK(v.card_counts[static_cast<std::size_t>(s)] == 3);
        for (const action& a : v.history)
            for (Card c : a.cards) CHECK_FALSE(down.contains(c));
    }
    CHECK(v.legal.seat.has_value() == (h.to_act() == 0));
}

TEST_CASE("serialize and restore continue a hand identically; a hand is a value") {
    hand_state h{blind_game("omaha-hi-lo", betting_structure::pot_limit, {100, 150, 200}), 31};
    h.apply(action::check_or_call_by(2));
    const hand_state copy = h;
    CHECK(copy == h);
    const std::string text = h.serialize();
    hand_state back = hand_state::restore(text);
    CHECK(back == h);
    CHECK(back.serialize() == text);
    play_passively(h);
    play_passively(back);
    CHECK(back == h);
    CHECK(to_vector(back.stacks()) == to_vector(h.stacks()));
    CHECK_FALSE(copy == h);
    hand_state same{blind_game("omaha-hi-lo", betting_structure::pot_limit, {100, 150, 200}), 31};
    same.apply(action::check_or_call_by(2));
    CHECK(same == copy);
    CHECK_THROWS(hand_state::restore("not a hand"));
}

TEST_CASE("dealing card by card: one draw per card, the documented order, saved with the hand") {
    hand_config c = no_limit({200, 200, 200});
    c.dealing = dealing_order::card_by_card;
    hand_state h{c, 42};
    // The deck's first cards for seed 42 drawn card by card, from the separate
    // Python model of tests/test_deck.cpp: 6c 9d Qh Js As 4s 2s 8s 7c Th Ah Jd
    // 7s Ad, dealt round the table from seat 0, then burn, flop, burn, turn,
    // burn, river (docs/play.md, "The seeded deal").
    CHECK(to_string(h.hole_cards(0).cards) == "6c Js");
    CHECK(to_string(h.hole_cards(1).cards) == "9d As");
    CHECK(to_string(h.hole_cards(2).cards) == "Qh 4s");
    play_passively(h);
    CHECK(to_string(h.board()) == "8s 7c Th Jd Ad");

    SUBCASE("the order is part of the configuration and of the saved text") {
        hand_state fresh{c, 42};
        CHECK(fresh.config().dealing == dealing_order::card_by_card);
        const std::string text = fresh.serialize();
        CHECK(text.find("\ndealing seeded 42 card-by-card\n") != std::string::npos);
        hand_state back = hand_state::restore(text);
        CHECK(back == fresh);
        hand_config whole = c;
        whole.dealing = dealing_order::whole_shuffle;
        CHECK_FALSE(hand_state{whole, 42} == fresh);
        CHECK(hand_state{whole, 42}.serialize().find("\ndealing seeded 42\n") != std::string::npos);
        hand_state manual{c, manual_dealing};
        CHECK(manual.serialize().find("\ndealing manual card-by-card\n") != std::string::npos);
        CHECK(hand_state::restore(manual.serialize()) == manual);
    }
    SUBCASE("an order that is not one of the two is refused") {
        c.dealing = static_cast<dealing_order>(7);
        try {
            hand_state bad{c, 1};
            FAIL("accepted dealing order 7");
        } catch (const config_error& e) {
            CHECK(e.code() == config_error_code::unknown_dealing_order);
            CHECK(std::string(e.what()).starts_with("dealing: order 7 is not known"));
        }
        CHECK(to_string(config_error_code::unknown_dealing_order) == "unknown_dealing_order");
    }
}

TEST_CASE("redeal: the same as a new hand of the same configuration, whatever came before") {
    xoshiro256ss rng{77};
    for (const game_traits& t : all_games()) {
        CAPTURE(t.name);
        for (int i = 0; i < 20; ++i) {
            hand_config c = play_testing::random_config(find_game(t.name), hand_config::usual_structure(find_game(t.name)), rng);
            if (i % 2 == 1) c.dealing = dealing_order::card_by_card;
            const std::uint64_t seed = rng();
            // Reused after a finished hand, a hand in its middle, and a hand dealt by hand.
            hand_state used{c, rng()};
            const int steps = static_cast<int>(uniform_below(rng, 40));
            for (int k = 0; k < steps && !used.is_complete(); ++k) used.apply(random_action(used, rng));
            if (i % 5 == 0) used = hand_state{c, manual_dealing};
            used.redeal(seed);
            const hand_state fresh{c, seed};
            REQUIRE(used == fresh);
            CHECK(used.serialize() == fresh.serialize());
            CHECK_FALSE(used.manual());
            // The same actions from here give the same hand.
            hand_state a = used, b = fresh;
            xoshiro256ss actions{seed}, same_actions{seed};
            while (!a.is_complete()) {
                a.apply(random_action(a, actions));
                b.apply(random_action(b, same_actions));
            }
            CHECK(a == b);
            CHECK(to_vector(a.stacks()) == to_vector(b.stacks()));
        }
    }
}

TEST_CASE("a cap game plays as the same hand with every stack cut to the cap, the rest given back at the end") {
    // The cap rule of PokerStars' and Full Tilt's cap tables: nobody puts more than the cap into the
    // hand. Played against a hand without a cap whose stacks are the capped ones: the same decisions
    // offered at every step (the same random actions follow), the same pots; the chips above the cap
    // come back at the end.
    xoshiro256ss rng{2015};
    int capped_hands = 0;
    for (const char* game : {"holdem", "omaha", "razz", "deuce-to-seven-triple-draw"}) {
        CAPTURE(game);
        for (int i = 0; i < 150; ++i) {
            hand_config c = play_testing::random_config(find_game(game), hand_config::usual_structure(find_game(game)), rng);
            c.cap = 10 + static_cast<chips>(uniform_below(rng, 40));
            hand_config trimmed = c;
            trimmed.cap = 0;
            bool cut = false;
            for (chips& s : trimmed.starting_stacks) {
                cut |= s > c.cap;
                s = std::min(s, c.cap);
            }
            capped_hands += cut;
            const std::uint64_t seed = rng();
            hand_state a{c, seed}, b{trimmed, seed};
            xoshiro256ss actions{seed}, same_actions{seed};
            while (!a.is_complete()) {
                REQUIRE_FALSE(b.is_complete());
                a.apply(random_action(a, actions));
                b.apply(random_action(b, same_actions));
                if (!a.is_complete()) CHECK(to_vector(a.stacks()) == to_vector(b.stacks()));  // what may still go in
            }
            REQUIRE(b.is_complete());
            CHECK(a.history().size() == b.history().size());
            CHECK(a.pot_results().size() == b.pot_results().size());
            for (int s = 0; s < a.players(); ++s) {
                const auto i = static_cast<std::size_t>(s);
                CHECK(a.stacks()[i] == b.stacks()[i] + c.starting_stacks[i] - trimmed.starting_stacks[i]);
                CHECK(a.payouts()[i] == b.payouts()[i]);
            }
            // Saved, written as PHH and read back, the cap comes along.
            CHECK(restore(serialize(a)) == a);
            const phh_hand read = read_phh(write_phh(a), "cap.phh").at(0);
            CHECK(read.config.cap == c.cap);
            const replay_result again = replay(read);
            REQUIRE(again.ok);
            CHECK(to_vector(again.state->stacks()) == to_vector(a.stacks()));
        }
    }
    CHECK(capped_hands > 100);

    hand_config c = hand_config::standard("holdem", betting_structure::no_limit, 3, 100);
    c.cap = 1;
    CHECK_THROWS_WITH_AS(c.validate(), "cap: 1 is below the 2 chips player 2 must post", config_error);
    try {
        c.validate();
    } catch (const config_error& e) {
        CHECK(e.code() == config_error_code::cap_below_forced_bets);
    }
    c.cap = -5;
    CHECK_THROWS_AS(c.validate(), config_error);
    c.cap = 0;
    CHECK_NOTHROW(c.validate());
}

// --- Random legal play: 300 seeded hands per game and structure ------------------------------------

namespace {
constexpr int unit_hands = 300;
void random_play(std::string_view game, std::uint64_t seed) {
    play_testing::check_random_hands_all_structures(game, unit_hands, seed);
}
}  // namespace

// Every game of the library, seeded by its place in the list.
TEST_CASE("random legal play: every game") {
    std::uint64_t seed = 101;
    for (const game_traits& t : all_games()) {
        CAPTURE(t.name);
        random_play(t.name, seed++);
    }
}

TEST_CASE("the pokerkit profile's own choices: odd chips, the cap, raising with no one to call more") {
    SUBCASE("every odd chip of a split goes to the first tied seat") {
        // Four seats, ante 1, blinds 1/2: p1 folds, p2, p3 and p4 play the board's straight.
        // 4 antes + the folded small blind + 3 x 2 = 11 chips for three: 3 each and 2 odd.
        auto play = [](const rule_profile& rules) {
            hand_config c = no_limit({100, 100, 100, 100});
            c.forced.antes.assign(4, 1);
            c.rules = rules;
            hand_state h{c, manual_dealing};
            deal_hole(h, {"7c 7d", "2c 3d", "4h 5s", "2h 3s"});
            h.apply(action::check_or_call_by(2));
            h.apply(action::check_or_call_by(3));
            h.apply(action::fold_by(0));
            h.apply(action::check_or_call_by(1));
            for (std::string_view street : {"9c Tc Jd", "Qh", "Kd"}) {
                deal_board(h, street);
                for (int s : {1, 2, 3}) h.apply(action::check_or_call_by(s));
            }
            run_out(h, {});
            return to_vector(h.stacks());
        };
        CHECK(play(wsop) == amounts{98, 101, 101, 100});     // one odd chip each from the button's left
        CHECK(play(pokerkit) == amounts{98, 102, 100, 100});  // both to the first
    }
    SUBCASE("a short all-in counts toward the fixed-limit cap") {
        // Blinds 1/2, bets 2/4: p3 raises to 4, p1 is all-in for 5, p2 raises to 7.
        auto after_p2 = [](const rule_profile& rules) {
            hand_config c = blind_game("holdem", betting_structure::fixed_limit, {5, 100, 100});
            c.rules = rules;
            hand_state h{c, 3};
            h.apply(action::raise_to(2, 4));
            h.apply(action::raise_to(0, 5));
            REQUIRE(h.legal().min_to == 7);
            h.apply(action::raise_to(1, 7));
            REQUIRE(h.to_act() == 2);
            return h;
        };
        hand_state w = after_p2(wsop);  // 5 is a full raise (half a bet or more): bets 2, 4, 5, 7; one more allowed
        CHECK(w.legal().can_raise);
        CHECK(w.legal().min_to == 9);
        // pokerkit counts completions, bets and raises, not the blind: 4, 5, 7 and 9 are its four.
        hand_state p = after_p2(pokerkit);
        REQUIRE(p.legal().can_raise);
        p.apply(action::raise_to(2, 9));
        REQUIRE(p.to_act() == 1);
        CHECK_FALSE(p.legal().can_raise);
        check_rejected(p, action::raise_to(1, 11), code::raise_cap_reached);
    }
    SUBCASE("no raise when nobody else can put in more than the bet") {
        // Blinds 1/2, stacks 22/22/100: everyone in for 2; on the flop p1 checks, p2 bets all-in 20.
        auto facing = [](const rule_profile& rules) {
            hand_config c = no_limit({22, 22, 100});
            c.rules = rules;
            hand_state h{c, manual_dealing};
            deal_hole(h, {"7c 7d", "2c 3d", "As Ks"});
            h.apply(action::check_or_call_by(2));
            h.apply(action::check_or_call_by(0));
            h.apply(action::check_or_call_by(1));
            deal_board(h, "9c Tc Jd");
            h.apply(action::check_or_call_by(0));
            h.apply(action::raise_to(1, 20));
            REQUIRE(h.to_act() == 2);
            return h;
        };
        hand_state w = facing(wsop);  // p1 could still call: a raise is allowed, its excess returned
        CHECK(w.legal().can_raise);
        CHECK(w.legal().min_to == 40);
        hand_state p = facing(pokerkit);  // p1 can put in at most 20
        CHECK_FALSE(p.legal().can_raise);
        check_rejected(p, action::raise_to(2, 40), code::nobody_left_to_call);
    }
}

// --- Fidelity: completions, all-in showdowns and the pokerkit profile's choices ------------------------

TEST_CASE("a completion re-opens the betting for the bring-in seat, under every profile") {
    // TR seven-card games: "Bring-in 100, complete to 400; four raises are then allowed". A completion
    // is a full bet however little it adds to the bring-in: bring-in 3, small bet 4, completion to 4.
    for (const rule_profile& rules : {wsop, roberts, pokerkit}) {
        CAPTURE(rules.name);
        hand_config c = stud_game("stud", {50, 50, 50}, 1, 3, 4, 8);
        c.rules = rules;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"Kd 4h 2c", "Qh Jd 8c", "7h Th Ah"});
        h.apply(action::bring_in_by(0));
        h.apply(action::raise_to(1, 4));
        h.apply(action::check_or_call_by(2));
        REQUIRE(h.to_act() == 0);
        const legal_actions l = h.legal();
        CHECK(l.can_raise);
        CHECK(l.min_to == 8);
        CHECK(h.is_legal(action::raise_to(0, 8)));
    }
}

TEST_CASE("betting_not_reopened names what came since the seat acted") {
    // NL 1/2, stacks 100, 100, 5, everyone in for 2. Flop: p1 bets 2, p2 calls, p3 is all-in for 3.
    hand_state h{no_limit({100, 100, 5}), 27};
    h.apply(action::check_or_call_by(2));
    h.apply(action::check_or_call_by(0));
    h.apply(action::check_or_call_by(1));
    REQUIRE(h.street() == 1);
    h.apply(action::raise_to(0, 2));
    h.apply(action::check_or_call_by(1));
    h.apply(action::raise_to(2, 3));  // the last chip: all-in, short of a full raise
    h.apply(action::check_or_call_by(0));
    REQUIRE(h.to_act() == 1);
    try {
        h.apply(action::raise_to(1, 7));
        FAIL("the raise was accepted");
    } catch (const action_error& e) {
        CHECK(e.code() == code::betting_not_reopened);
        CHECK(std::string(e.what()) ==
              "player 2 cannot raise: since they acted the bet rose only from 2 to 3, all-in short of a full raise");
    }
}

TEST_CASE("at a showdown with a seat all-in, hands are shown and mucked in any order (TR 70, 72)") {
    // NL 1/2, stacks 40, 100, 40: p3 all-in to 40, p1 calls all-in, p2 calls with 60 behind.
    auto all_in = [](play_mode mode) {
        hand_config c = no_limit({40, 100, 40});
        c.mode = mode;
        hand_state h{c, manual_dealing};
        deal_hole(h, {"Qs Qh", "Js Jh", "As Ah"});
        h.apply(action::raise_to(2, 40));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        REQUIRE(h.current_phase() == phase::showdown);
        return h;
    };
    SUBCASE("legal() and to_act() describe the seat first in the usual order; any seat may act") {
        hand_state h = all_in(play_mode::tournament);
        CHECK(h.to_act() == 2);  // the raiser, as TR 72 would have it
        const legal_actions l = h.legal();
        CHECK(l.seat == 2);
        CHECK(l.any_order);
        CHECK(l.must_show);
        CHECK(h.is_legal(action::show_by(0)));
        CHECK(h.is_legal(action::muck_by(1)));
        check_rejected(h, action::muck_by(0), code::must_show);  // all-in in a tournament, out of order too
        h.apply(action::show_by(1));
        CHECK(h.to_act() == 2);
        check_rejected(h, action::show_by(1), code::not_your_turn);  // it has shown
        h.apply(action::show_by(0));
        CHECK(h.to_act() == 2);
        h.apply(action::show_by(2));
        CHECK(h.current_phase() == phase::dealing);
        run_out(h, boards({"Kc 9d 4s", "2h", "2c"}));
        CHECK(to_vector(h.stacks()) == amounts{0, 60, 120});
    }
    SUBCASE("a muck out of order in a cash game") {
        hand_state h = all_in(play_mode::cash_game);
        h.apply(action::muck_by(1));
        h.apply(action::muck_by(0));  // all-in, but a cash game
        CHECK(h.is_complete());       // p3 is left: no more cards
        CHECK(to_vector(h.stacks()) == amounts{0, 60, 120});
    }
    SUBCASE("with nobody all-in the order holds") {
        hand_state h{no_limit({100, 100}), manual_dealing};
        deal_hole(h, {"As Ah", "Ks Kh"});
        h.apply(action::check_or_call_by(1));
        h.apply(action::check_or_call_by(0));
        for (std::string_view street : {"2c 7d 9h", "Jc", "3s"}) {
            deal_board(h, street);
            h.apply(action::check_or_call_by(0));
            h.apply(action::check_or_call_by(1));
        }
        REQUIRE(h.current_phase() == phase::showdown);
        CHECK(h.to_act() == 0);
        CHECK_FALSE(h.legal().any_order);
        check_rejected(h, action::show_by(1), code::not_your_turn);
    }
}

TEST_CASE("a stud hand all-in before seventh street shows its seventh-street card (TR 70)") {
    // Antes 1, bring-in 1, bets 2/4, stacks 5 and 100: p1 is all-in on fourth street
    // (tests/phh/rules/27-stud-all-in-seventh-street-shown.phh).
    hand_state h{stud_game("stud", {5, 100}, 1, 1, 2, 4), manual_dealing};
    deal_hole(h, {"As Ah 2c", "Ks Kh 9d"});
    h.apply(action::bring_in_by(0));
    h.apply(action::raise_to(1, 2));
    h.apply(action::check_or_call_by(0));
    deal_hole(h, {"3d", "9c"});
    h.apply(action::raise_to(1, 2));
    h.apply(action::check_or_call_by(0));
    REQUIRE(h.current_phase() == phase::showdown);
    h.apply(action::show_by(1));
    h.apply(action::show_by(0));
    for (std::string_view p1 : {"5h", "7s", "Ad"}) deal_hole(h, {p1, p1 == "5h" ? "Qc" : p1 == "7s" ? "Jd" : "4s"});
    REQUIRE_FALSE(h.is_complete());
    CHECK(h.current_phase() == phase::showdown);
    CHECK(h.to_act() == 1);  // the fourth-street bettor first, as before the runout
    CHECK(h.legal().any_order);
    check_rejected(h, action::muck_by(0), code::must_show);  // p1 is all-in in a tournament
    // Until shown, the seventh-street card stays hidden from the other seat.
    const seat_view p2_view = h.view_for(1);
    CHECK(p2_view.visible[0].cards.size() == 6);
    CHECK_FALSE(p2_view.visible[0].all().contains(parse_card("Ad")));
    h.apply(action::show_by(0));
    CHECK(h.view_for(1).visible[0].all().contains(parse_card("Ad")));
    h.apply(action::show_by(1));
    CHECK(h.is_complete());
    CHECK(to_vector(h.stacks()) == amounts{10, 95});  // three aces beat kings and nines
}

TEST_CASE("a seeded stud hand all-in early: every seat shows again after seventh street") {
    int runouts = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        CAPTURE(seed);
        hand_state h{stud_game("stud", {2, 100}, 1, 1, 2, 4), seed};
        play_passively(h);  // p1 is all-in on third street: its bring-in or its call of p2's
        const auto history = h.history();
        int shows = 0;
        bool dealt_after_shows = false;
        for (const action& a : history) {
            if (a.what == action::kind::show) ++shows;
            if (a.what == action::kind::deal_hole && shows > 0) dealt_after_shows = true;
        }
        if (!dealt_after_shows) continue;
        ++runouts;
        // The last action of the hand is a show of seven cards.
        CHECK(history.back().what == action::kind::show);
        CHECK(history.back().cards.size() == 7);
        check_invariants(h);
    }
    CHECK(runouts == 20);  // shows on third street, then fourth to seventh dealt
}

TEST_CASE("the pokerkit profile: its cap, re-opening, completion and short stud deck") {
    SUBCASE("four completions, bets and raises; the blind is not one of them") {
        hand_config c = blind_game("holdem", betting_structure::fixed_limit, {100, 100, 100});
        c.rules = pokerkit;
        hand_state h{c, 5};
        for (auto [seat, to] : {std::pair{2, 4}, {0, 6}, {1, 8}, {2, 10}}) {
            REQUIRE(h.to_act() == seat);
            REQUIRE(h.legal().can_raise);
            h.apply(action::raise_to(seat, to));
        }
        CHECK_FALSE(h.legal().can_raise);
        check_rejected(h, action::raise_to(0, 12), code::raise_cap_reached);
        c.rules = wsop;  // the blind and four raises under the WSOP too: a bet and four raises
        hand_state w{c, 5};
        for (auto [seat, to] : {std::pair{2, 4}, {0, 6}, {1, 8}, {2, 10}}) w.apply(action::raise_to(seat, to));
        CHECK_FALSE(w.legal().can_raise);
        c.rules = roberts;  // a bet and three raises
        hand_state r{c, 5};
        for (auto [seat, to] : {std::pair{2, 4}, {0, 6}, {1, 8}}) r.apply(action::raise_to(seat, to));
        CHECK_FALSE(r.legal().can_raise);
    }
    SUBCASE("the first short all-in of a round re-opens the betting") {
        // NL 1/2, stacks 20, 20, 20, 3: p3 calls, p4 is all-in for 3, p1 and p2 call.
        auto to_p3 = [](const rule_profile& rules) {
            hand_config c = no_limit({20, 20, 20, 3});
            c.rules = rules;
            hand_state h{c, 6};
            h.apply(action::check_or_call_by(2));
            h.apply(action::raise_to(3, 3));
            h.apply(action::check_or_call_by(0));
            h.apply(action::check_or_call_by(1));
            REQUIRE(h.to_act() == 2);
            return h;
        };
        hand_state p = to_p3(pokerkit);
        CHECK(p.legal().can_raise);
        CHECK(p.legal().min_to == 5);
        hand_state w = to_p3(wsop);  // TR 96: not a full raise, p3 has acted
        CHECK_FALSE(w.legal().can_raise);
        check_rejected(w, action::raise_to(2, 5), code::betting_not_reopened);
    }
    SUBCASE("a second short all-in re-opens only when it reaches the largest raise") {
        // NL 1/2 on the flop: p1 bets 10, p2 all-in to 15 (a raise of 5, short of the bet of 10), p3 calls:
        // p1 may not raise. pokerkit agrees: the largest raise of the round is 10.
        hand_config c = no_limit({100, 17, 100});
        c.rules = pokerkit;
        hand_state h{c, 8};
        h.apply(action::check_or_call_by(2));
        h.apply(action::check_or_call_by(0));
        h.apply(action::check_or_call_by(1));
        h.apply(action::raise_to(0, 10));
        h.apply(action::raise_to(1, 15));
        h.apply(action::check_or_call_by(2));
        REQUIRE(h.to_act() == 0);
        check_rejected(h, action::raise_to(0, 25), code::betting_not_reopened);
    }
    SUBCASE("an all-in above the bring-in ends the completion") {
        // Antes 1, bring-in 2, bets 10/20: p1 brings in, p2 is all-in for 3.
        auto to_p3 = [](const rule_profile& rules) {
            hand_config c = stud_game("stud", {100, 4, 100}, 1, 2, 10, 20);
            c.rules = rules;
            hand_state h{c, manual_dealing};
            deal_hole(h, {"Kc Kd 2c", "As Ah 7d", "Qs Qh 9s"});
            h.apply(action::bring_in_by(0));
            h.apply(action::raise_to(1, 3));
            REQUIRE(h.to_act() == 2);
            return h;
        };
        CHECK(to_p3(pokerkit).legal().min_to == 13);
        CHECK(to_p3(wsop).legal().min_to == 10);
        CHECK(to_p3(roberts).legal().min_to == 10);
    }
    SUBCASE("stud seventh street from the burned and mucked cards before a community card") {
        // Seven players who all stay: 21 + 3 x (1 + 7) = 45 cards before seventh street, 7 left and 3
        // burned. pokerkit burns and deals every seat its card, the last from the burns reshuffled; the
        // other profiles find the stub after the burn short of 7 cards and deal one community card.
        for (const rule_profile& rules : {pokerkit, wsop}) {
            CAPTURE(rules.name);
            hand_config c = stud_game("stud", amounts(7, 100), 1, 1, 2, 4);
            c.rules = rules;
            hand_state h{c, 31};
            play_passively(h);
            CardSet all;
            int held = 0;
            for (int s = 0; s < 7; ++s) {
                held += static_cast<int>(h.hole_cards(s).cards.size());
                all |= h.hole_cards(s).all();
            }
            for (Card b : h.board()) all |= b;
            const bool pokerkit_rules = rules.stud_hole_cards_from_reserve;
            CHECK(held == (pokerkit_rules ? 49 : 42));
            CHECK(h.board().size() == (pokerkit_rules ? 0U : 1U));
            CHECK(all.size() == held + static_cast<int>(h.board().size()));  // no card twice
        }
    }
}

TEST_CASE("default_action: a seat out of time checks if it may, else folds; stands pat; mucks unless it must show") {
    // A seat that has not acted when its time is over has a dead hand (TDA Rules, "Calling for a Clock":
    // "If a player has not acted by the time the countdown is over, the player's hand will be dead"), but
    // a check costs nothing and kills no hand: online rooms check for the seat when checking is free.
    SUBCASE("facing a bet: fold; the big blind's option: check") {
        // Three-handed 1/2: p3 (the button) acts first, facing the big blind of 2.
        hand_state hand{hand_config::standard("holdem", betting_structure::no_limit, 3, 100), 5};
        CHECK(default_action(hand) == action::fold_by(2));
        hand.apply(action::check_or_call_by(2));
        CHECK(default_action(hand) == action::fold_by(0));  // the small blind owes 1 more
        hand.apply(action::check_or_call_by(0));
        CHECK(default_action(hand) == action::check_or_call_by(1));  // the big blind may check
        hand.apply(default_action(hand));
        CHECK(hand.street() == 1);
        CHECK(default_action(hand) == action::check_or_call_by(0));  // first to act on the flop
    }
    SUBCASE("a cash game folds no hand that may check") {
        hand_config c = hand_config::standard("holdem", betting_structure::no_limit, 2, 100);
        c.mode = play_mode::cash_game;
        hand_state hand{c, 9};
        hand.apply(action::check_or_call_by(1));  // the button completes the small blind
        REQUIRE(hand.legal().can_fold);
        CHECK(default_action(hand) == action::check_or_call_by(0));
    }
    SUBCASE("the bring-in is posted: it cannot be folded") {
        hand_config c = hand_config::standard("stud", betting_structure::fixed_limit, 3, 100);
        c.forced.bring_in = 1;
        hand_state hand{c, 3};
        const legal_actions l = hand.legal();
        REQUIRE(l.can_bring_in);
        CHECK(default_action(hand) == action::bring_in_by(*l.seat));
    }
    SUBCASE("at a draw: stand pat") {
        hand_state hand{hand_config::standard("deuce-to-seven-triple-draw", betting_structure::fixed_limit, 2, 100), 4};
        hand.apply(action::check_or_call_by(1));
        hand.apply(action::check_or_call_by(0));
        REQUIRE(hand.current_phase() == phase::drawing);
        const int seat = *hand.to_act();
        CHECK(default_action(hand) == action::discard(seat, CardList{}));
        hand.apply(default_action(hand));
        CHECK(hand.hole_cards(seat).cards.size() == 5);
    }
    SUBCASE("at the showdown: the all-in seat shows in a tournament, the other mucks; in a cash game both may muck") {
        // Heads-up, p2 (the button, 200) moves in, p1 (the big blind, 300) calls: p2 was the last to bet and
        // shows first (TR 72). p2 is all-in: in a tournament it must show (TR 70), so the default shows it.
        for (const play_mode mode : {play_mode::tournament, play_mode::cash_game}) {
            CAPTURE(static_cast<int>(mode));
            hand_config c = hand_config::standard("holdem", betting_structure::no_limit, 2, 100);
            c.mode = mode;
            c.starting_stacks = {300, 200};
            hand_state hand{c, 8};
            hand.apply(action::raise_to(1, 200));
            hand.apply(action::check_or_call_by(0));
            REQUIRE(hand.current_phase() == phase::showdown);
            REQUIRE(hand.to_act() == 1);
            if (mode == play_mode::tournament) {
                CHECK(default_action(hand) == action::show_by(1));
                hand.apply(default_action(hand));
                CHECK(default_action(hand) == action::muck_by(0));  // p1 has chips behind: it may muck
                hand.apply(default_action(hand));
                // p1 mucked: the pot of 400 is p2's, shown alone.
                CHECK(to_vector(hand.stacks()) == amounts{100, 400});
            } else {
                CHECK(default_action(hand) == action::muck_by(1));
                hand.apply(default_action(hand));
                // p2 gave up: p1, left alone, takes the pot without showing.
                CHECK(hand.is_complete());
                CHECK(to_vector(hand.stacks()) == amounts{500, 0});
            }
        }
    }
    SUBCASE("no seat to act") {
        hand_state dealing{hand_config::standard("holdem", betting_structure::no_limit, 2, 100), manual_dealing};
        CHECK_THROWS_AS(default_action(dealing), std::logic_error);
        hand_state over{hand_config::standard("holdem", betting_structure::no_limit, 2, 100), 1};
        over.apply(action::fold_by(1));
        CHECK_THROWS_AS(default_action(over), std::logic_error);
    }
}
