// Running the board more than once: a cash game's all-in where every seat still
// in asks for the rest of the board to be dealt two, three or four times, each
// board settling its share of every pot. The published hand below gives the
// expected stacks; the random hands are checked board by board against the
// evaluator, outside the settlement.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "play_support.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/pot.hpp"
#include "test_support.hpp"

using namespace pokerengine;
using namespace pokerengine::play;
using play_testing::check_invariants;

namespace {

using code = action_error_code;

void play_lines(hand_state& hand, std::initializer_list<std::string_view> lines) {
    for (std::string_view line : lines) {
        INFO(line);
        hand.apply(parse_action(line));
        check_invariants(hand);
    }
}

// A cash game whose board may run up to `most` times, blinds 1 and 2.
hand_config cash_game(std::string_view game, betting_structure structure, int seats, chips stack, int most) {
    hand_config c = hand_config::standard(game, structure, seats, stack);
    c.mode = play_mode::cash_game;
    c.rules.most_runouts = most;
    return c;
}

// Heads-up no-limit hold'em, 100 chips each.
hand_config heads_up_cash(int most) { return cash_game("holdem", betting_structure::no_limit, 2, 100, most); }

// Ten seats of `game` with 2 chips each, every seat calling all-in before the flop.
hand_state ten_seats_all_in(std::string_view game, betting_structure structure) {
    hand_state hand{cash_game(game, structure, 10, 2, 4), 9};
    while (hand.current_phase() == phase::betting) hand.apply(hand.legal().passive());
    return hand;
}

code refusal(const hand_state& hand, const action& a) {
    hand_state copy = hand;
    code why{};
    CHECK_FALSE(copy.try_apply(a, &why));
    CHECK(copy == hand);
    return why;
}

CardSet set_of(const CardList& cards) {
    CardSet s;
    for (Card c : cards) s |= c;
    return s;
}

}  // namespace

// A televised cash-game hand: Phil Hellmuth and Ernest Wiggins all-in on the flop,
// run four times. The hand and its final stacks as pokerkit's documentation
// (docs/examples.rst, "Multi-Runout in an All-In Situation", with the video it
// comes from, youtu.be/cnjJv7x0HMY) writes them: Hellmuth 79,400, Wiggins
// 149,700, Brunson 37,400.
// Worked by hand: 4 x 12,600 and Laak's 600 ante make 51,000 before the flop;
// Wiggins calls all-in for 74,300 on it, 29,500 of Hellmuth's raise comes back;
// the pot of 199,600 is 49,900 a board. Hellmuth's nines full of aces win the first
// board (Jh Ad); Wiggins's kings full win the second (Kh 3c) and fourth (Qc Kd)
// and his king-high spade flush the third (7s 8s).
TEST_CASE("the four-times hand of Hellmuth and Wiggins: 49,900 a board") {
    hand_config c;
    c.game = find_game("holdem");
    c.structure = betting_structure::no_limit;
    c.mode = play_mode::cash_game;
    c.rules.most_runouts = 4;
    c.forced.antes = {0, 0, 0, 0, 0, 600};
    c.forced.blinds_or_straddles = {200, 400, 800, 0, 0, 0};
    c.limits.min_bet = 400;
    // Tony G, Negreanu and Laak's stacks were not shown: large enough not to matter.
    c.starting_stacks = {1'000'000, 116'400, 86'900, 1'000'000, 50'000, 1'000'000};
    hand_state hand{c, manual_dealing};
    play_lines(hand, {"d dh p1 JsTh", "d dh p2 Ah9d", "d dh p3 KsKc", "d dh p4 5c2h", "d dh p5 6h5h", "d dh p6 6s3s",
                      "p4 f", "p5 cbr 2800", "p6 f", "p1 cc", "p2 cbr 12600", "p3 cc", "p5 cc", "p1 cc",
                      "d db 9hTs9s", "p1 cc", "p2 cbr 17000", "p3 cbr 36000", "p5 f", "p1 f", "p2 cbr 103800",
                      "p3 cc"});
    // Hellmuth raised last: he says first how many times to run it.
    const legal_actions l = hand.legal();
    REQUIRE(l.can_choose_runouts);
    CHECK(l.seat == 1);
    CHECK(l.most_runouts == 4);
    CHECK(l.passive() == action::choose_runouts_by(1, 1));
    play_lines(hand, {"p2 run 4", "p3 run 4", "p2 sm Ah9d", "p3 sm KsKc", "d db Jh", "d db Ad", "d db Kh", "d db 3c",
                      "d db 7s", "d db 8s", "d db Qc", "d db Kd"});
    REQUIRE(hand.is_complete());
    CHECK(hand.runouts() == 4);
    CHECK(hand.stacks()[1] == 79'400);
    CHECK(hand.stacks()[2] == 149'700);
    CHECK(hand.stacks()[4] == 37'400);
    const std::vector<CardList> boards = hand.boards();
    REQUIRE(boards.size() == 4);
    CHECK(boards[0] == parse_cards("9h Ts 9s Jh Ad"));
    CHECK(boards[3] == parse_cards("9h Ts 9s Qc Kd"));
    const hand_result r = hand.result();
    REQUIRE(r.runouts.size() == 4);
    CHECK(r.runouts[2].board == parse_cards("9h Ts 9s 7s 8s"));
    CHECK(r.runouts[2].high[2]->category == "Flush");
    CHECK(r.high[1]->description == "Full house, nines over aces");  // the first board's hands
    // One pot Hellmuth and Wiggins contest (the uncalled 29,500 is Hellmuth's alone).
    const pot_result& main = r.pots.at(0);
    CHECK(main.amount == 199'600);
    REQUIRE(main.shares.size() == 4);
    for (int b = 0; b < 4; ++b) {
        const pot_share& share = main.shares[static_cast<std::size_t>(b)];
        CHECK(share.runout == b);
        CHECK(share.amount == 49'900);
        CHECK(share.winners == std::vector<std::size_t>{b == 0 ? 1U : 2U});
    }
    // The PHH text of the hand replays to the same stacks; the seat views show the earlier boards.
    const hand_state again = restore(serialize(hand));
    CHECK(again == hand);
    CHECK(hand.view_for(0).runout_boards.size() == 3);
}

TEST_CASE("a seeded hand runs twice from the deck's next cards, each board with its burns") {
    const hand_config c = heads_up_cash(3);
    hand_state hand{c, 77};
    hand.apply(action::raise_to(1, 100));
    hand.apply(action::check_or_call_by(0));
    REQUIRE(hand.legal().can_choose_runouts);
    CHECK(hand.legal().most_runouts == 3);
    // The deck after the hole cards: burn, flop, burn, turn, burn, river, then the second runout the same.
    Deck deck = shuffled_deck(77);
    deck.deal(4);
    hand.apply(action::choose_runouts_by(*hand.to_act(), 2));
    hand.apply(action::choose_runouts_by(*hand.to_act(), 2));
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    const std::vector<CardList> boards = hand.boards();
    REQUIRE(boards.size() == 2);
    for (const CardList& board : boards) {
        CardList expected;
        for (int street : {3, 1, 1}) {
            deck.deal();  // the burn
            const CardList cards = deck.deal(street);
            expected.insert(expected.end(), cards.begin(), cards.end());
        }
        CHECK(board == expected);
    }
    CHECK((set_of(boards[0]) & set_of(boards[1])).empty());
    // 200 chips, 100 a board: each board's winner by the evaluator.
    const games::holdem::high_hand rule{};
    chips expected0 = 0;
    for (const CardList& board : boards) {
        const hand_value v0 = rule.evaluate(hand.hole_cards(0).all(), set_of(board));
        const hand_value v1 = rule.evaluate(hand.hole_cards(1).all(), set_of(board));
        expected0 += v0 > v1 ? 100 : v0 == v1 ? 50 : 0;
    }
    CHECK(hand.stacks()[0] == expected0);
    CHECK(hand.stacks()[0] + hand.stacks()[1] == 200);
}

TEST_CASE("the board runs once unless every seat asks the same number") {
    hand_state hand{heads_up_cash(2), 5};
    hand.apply(action::raise_to(1, 100));
    hand.apply(action::check_or_call_by(0));
    hand.apply(action::choose_runouts_by(*hand.to_act(), 2));
    hand.apply(action::choose_runouts_by(*hand.to_act(), 1));
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    CHECK(hand.runouts() == 1);
    CHECK(hand.boards().size() == 1);
    CHECK(hand.result().runouts.empty());
}

TEST_CASE("no choice in a tournament, with the rules' limit of one, at the river, or without the cards") {
    SUBCASE("a tournament") {
        hand_config c = heads_up_cash(3);
        c.mode = play_mode::tournament;
        hand_state hand{c, 5};
        hand.apply(action::raise_to(1, 100));
        hand.apply(action::check_or_call_by(0));
        CHECK_FALSE(hand.legal().can_choose_runouts);
        CHECK_FALSE(hand.is_legal(action::choose_runouts_by(*hand.to_act(), 1)));
    }
    SUBCASE("the default rules") {
        hand_state hand{heads_up_cash(1), 5};
        hand.apply(action::raise_to(1, 100));
        hand.apply(action::check_or_call_by(0));
        CHECK_FALSE(hand.legal().can_choose_runouts);
    }
    SUBCASE("all-in on the river: nothing to run") {
        hand_state hand{heads_up_cash(3), 5};
        hand.apply(action::check_or_call_by(1));
        hand.apply(action::check_or_call_by(0));
        for (int street = 0; street < 2; ++street) {
            hand.apply(action::check_or_call_by(0));
            hand.apply(action::check_or_call_by(1));
        }
        hand.apply(action::raise_to(0, 98));
        hand.apply(action::check_or_call_by(1));
        CHECK_FALSE(hand.legal().can_choose_runouts);
        CHECK(hand.current_phase() == phase::showdown);
    }
    SUBCASE("ten seats of Omaha: the stub holds one runout") {
        const hand_state hand = ten_seats_all_in("omaha", betting_structure::pot_limit);
        CHECK(hand.current_phase() == phase::showdown);
        CHECK_FALSE(hand.legal().can_choose_runouts);
    }
    SUBCASE("ten seats of hold'em all-in before the flop: 32 cards, four runouts of eight") {
        const hand_state hand = ten_seats_all_in("holdem", betting_structure::no_limit);
        REQUIRE(hand.legal().can_choose_runouts);
        CHECK(hand.legal().most_runouts == 4);
    }
}

TEST_CASE("refused choices name what is wrong") {
    hand_state hand{heads_up_cash(2), 5};
    CHECK(refusal(hand, action::choose_runouts_by(1, 2)) == code::wrong_phase);
    hand.apply(action::raise_to(1, 100));
    hand.apply(action::check_or_call_by(0));
    const int first = *hand.to_act();
    const int other = 1 - first;
    CHECK(refusal(hand, action::choose_runouts_by(other, 2)) == code::not_your_turn);
    CHECK(refusal(hand, action::choose_runouts_by(first, 0)) == code::below_minimum);
    CHECK(refusal(hand, action::choose_runouts_by(first, 3)) == code::above_maximum);
    CHECK(refusal(hand, action::show_by(first)) == code::wrong_phase);
    try {
        hand.apply(action::choose_runouts_by(first, 3));
        FAIL("accepted");
    } catch (const action_error& e) {
        CHECK(std::string(e.what()) == "player " + std::to_string(first + 1) +
                                           " cannot run the board 3 times: at most 2 by the rules");
    }
    hand_config bad = heads_up_cash(5);
    CHECK_THROWS_AS(hand_state(bad, 1), config_error);
    bad.rules.most_runouts = 0;
    try {
        hand_state h{bad, 1};
        FAIL("accepted");
    } catch (const config_error& e) {
        CHECK(e.code() == config_error_code::rule_out_of_range);
    }
}

TEST_CASE("the notation of a choice: 'p2 run 3'") {
    CHECK(parse_action("p2 run 3") == action::choose_runouts_by(1, 3));
    CHECK(to_phh(action::choose_runouts_by(0, 2)) == "p1 run 2");
    for (std::string_view bad : {"p1 run", "p1 run 0", "p1 run 5", "p1 run x", "p1 run 2 3"})
        CHECK_THROWS_AS(parse_action(bad), notation_error);
    rule_profile p;
    p.most_runouts = 3;
    CHECK(parse_rule_profile(rule_profile_text(p)) == p);
}

// Every pot share of hands run several times, checked outside the settlement:
// each board's part is the pot divided by the runouts (the first board takes
// the odd chips), and its winners are the eligible seats whose hand is best on
// that board by the game's own rule.
TEST_CASE("random hands run several times: each board's share goes to the best hands on it") {
    xoshiro256ss rng{2026};
    int checked = 0;
    for (const char* name : {"holdem", "omaha", "omaha-hi-lo", "short-deck"}) {
        for (int i = 0; i < 400; ++i) {
            const std::string_view game = name;
            hand_config c = cash_game(game, game == "holdem" || game == "short-deck" ? betting_structure::no_limit
                                                                                     : betting_structure::pot_limit,
                                      2 + static_cast<int>(uniform_below(rng, 4)), 20, 4);
            for (chips& s : c.starting_stacks) s = 4 + static_cast<chips>(uniform_below(rng, 60));
            hand_state hand{c, rng()};
            while (!hand.is_complete()) {
                const legal_actions l = hand.legal();
                const int s = *l.seat;
                if (l.can_choose_runouts) hand.apply(action::choose_runouts_by(s, l.most_runouts));
                else if (l.can_raise && uniform_below(rng, 3) == 0) hand.apply(action::raise_to(s, l.max_to));
                else hand.apply(l.passive());
                check_invariants(hand);
            }
            if (hand.runouts() == 1) continue;
            ++checked;
            const std::vector<CardList> boards = hand.boards();
            const hand_result r = hand.result();
            chips paid = 0;
            for (const pot_result& pot : r.pots) {
                if (pot.uncontested) continue;
                std::vector<chips> by_board(boards.size());
                for (const pot_share& share : pot.shares) {
                    by_board.at(static_cast<std::size_t>(share.runout)) += share.amount;
                    std::visit(
                        [&](const auto& game) {
                            using G = std::decay_t<decltype(game)>;
                            const CardSet board = set_of(boards[static_cast<std::size_t>(share.runout)]);
                            auto best_of = [&](const auto& rule) {
                                std::vector<std::size_t> best;
                                hand_value top{};
                                for (std::size_t p : pot.eligible) {
                                    const hand_value v = rule.evaluate(hand.hole_cards(static_cast<int>(p)).all(), board);
                                    if (best.empty() || v > top) best = {p}, top = v;
                                    else if (v == top) best.push_back(p);
                                }
                                return best;
                            };
                            if (share.half == pot_half::high) {
                                if constexpr (!std::same_as<typename G::high_hand, no_hand>)
                                    CHECK(share.winners == best_of(typename G::high_hand{}));
                            } else if constexpr (!std::same_as<typename G::low_hand, no_hand>) {
                                CHECK(share.winners == best_of(typename G::low_hand{}));
                            }
                        },
                        c.game);
                    for (chips w : share.won) paid += w;
                }
                const auto n = static_cast<chips>(boards.size());
                for (std::size_t b = 0; b < boards.size(); ++b)
                    CHECK(by_board[b] == pot.amount / n + (b == 0 ? pot.amount % n : 0));
            }
            chips uncontested = 0;
            for (const pot_result& pot : r.pots)
                if (pot.uncontested) uncontested += pot.amount;
            chips total_paid = 0;
            for (chips p : r.payouts) total_paid += p;
            CHECK(total_paid == paid + uncontested);
        }
    }
    CHECK(checked > 200);
}
