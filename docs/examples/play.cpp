// Playing hands with pokerengine, as a game server does: build a
// configuration, deal a seeded hand, ask `legal()` what the seat to act may
// do, send each player only its own view, apply the choices (refusing the
// illegal ones with an error code), then read the pots and the finishing
// stacks. Then a hand dealt by hand with known cards, whose outcome is worked
// out below; a hand saved with `serialize` and continued after `restore`; the
// stud odd chip under the three rule profiles; pots built after a muck; and a
// board run twice.
// Built and run by the test suite (docs); docs/play.md quotes it.
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/random.hpp"
#include "example_check.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

std::vector<chips> to_vector(std::span<const chips> amounts) { return {amounts.begin(), amounts.end()}; }
chips total(std::span<const chips> amounts) { return std::accumulate(amounts.begin(), amounts.end(), chips{0}); }

/// What the server sends to `seat`: nothing of another seat's down cards may be in it.
bool view_is_private(const hand_state& hand, int seat) {
    const seat_view v = hand.view_for(seat);
    for (int s = 0; s < hand.players(); ++s) {
        if (s == seat) continue;
        const CardSet down = hand.hole_cards(s).all() - hand.hole_cards(s).up_cards();
        if (hand.status(s) != seat_status::mucked && v.visible[static_cast<std::size_t>(s)].all().intersects(down)) {
            // A hand shown at the showdown is public; before that, down cards never are.
            bool shown = false;
            for (const action& a : hand.history()) shown |= a.what == action::kind::show && a.seat == s;
            if (!shown) return false;
        }
        for (const action& a : v.history)
            if (a.what == action::kind::deal_hole && a.seat == s)
                for (Card c : a.cards)
                    if (down.contains(c)) return false;
    }
    return v.legal.seat.has_value() == (hand.to_act() == seat);
}

}  // namespace

int main() {
    // 1. A server loop: no-limit hold'em, four players, blinds 1 and 2, a seeded deck.
    {
        hand_config config;
        config.game = find_game("holdem");
        config.structure = betting_structure::no_limit;
        config.starting_stacks = {200, 200, 200, 200};
        // PHH seat order: seat 0 the small blind, seat 1 the big blind, seat 3 the button.
        const std::vector<chips> small_big{1, 2};
        config.forced.blinds_or_straddles = forced_bets::blinds(4, small_big);
        check((config.forced.blinds_or_straddles == std::vector<chips>{1, 2, 0, 0}), "blinds on seats 0 and 1");
        config.limits.min_bet = 2;
        config.validate();  // throws config_error naming the bad field; the constructor checks too

        hand_state hand{config, 2024};  // posts the blinds and deals the hole cards from the seeded deck
        check(hand.current_phase() == phase::betting && hand.to_act() == 2, "seat 2 opens, left of the big blind");
        check(hand.pot_total() == 3 && hand.street_bets()[1] == 2, "the blinds are in");

        // What seat 2 may do: fold, call 2, raise to 4 up to its whole stack (all-in is a raise to 200).
        const legal_actions first = hand.legal();
        check(first.can_fold && first.can_call && first.call_amount == 2 && !first.can_check, "facing the big blind");
        check(first.can_raise && first.min_to == 4 && first.max_to == 200, "raise to 4..200, amounts are totals");

        // Refused actions change nothing; try_apply gives the reason as a code.
        action_error_code why{};
        check(!hand.try_apply(action::check_or_call_by(3), &why) && why == action_error_code::not_your_turn,
              "seat 3 is not to act");
        check(!hand.try_apply(action::raise_to(2, 3), &why) && why == action_error_code::below_minimum,
              "a raise to 3 is below the minimum of 4");
        check(!hand.is_legal(action::raise_to(2, 201)), "more than the stack");
        try {
            hand.apply(action::raise_to(2, 201));
            check(false, "a raise beyond the stack accepted");
        } catch (const action_error& e) {
            check(e.code() == action_error_code::above_maximum, "apply throws action_error");
            check(std::string(e.what()) == "player 3 cannot raise to 201: they have only 200", e.what());
        }

        // The loop: each seat gets its own view; here a fixed strategy stands in for the players:
        // seat 2 raises to three times the big blind, seat 0 folds to the raise, and everyone
        // else checks or calls, bets half the pot on the river when checked to, and shows.
        int actions = 0;
        while (!hand.is_complete()) {
            for (int s = 0; s < hand.players(); ++s) check(view_is_private(hand, s), "a view leaks down cards");
            const legal_actions l = hand.legal();
            const int seat = *l.seat;
            action choice = l.passive();
            if (hand.street() == 0 && seat == 2 && l.can_raise) choice = action::raise_to(seat, 6);
            else if (hand.street() == 0 && seat == 0) choice = action::fold_by(seat);
            else if (hand.street() == 3 && l.can_check && l.can_raise)
                choice = action::raise_to(seat, std::max(l.min_to, hand.pot_total() / 2));
            hand.apply(choice);
            ++actions;
            check(total(hand.stacks()) + hand.pot_total() == 800, "chips are conserved");
        }
        check(hand.board().size() == 5, "the hand went to the river");

        const hand_result r = hand.result();
        check(total(r.finishing_stacks) == 800, "the finishing stacks add up to the starting stacks");
        check(r.pots.size() == 1 && r.pots[0].amount == total(r.payouts), "one pot, all of it paid");
        for (const pot_share& share : r.pots[0].shares)
            for (std::size_t w : share.winners) check(r.high[w].has_value(), "a winner's hand is described");
        std::printf("seeded hand: %d actions, board %s, pot %lld won by player %zu with %s\n", actions,
                    to_string(hand.board()).c_str(), static_cast<long long>(r.pots[0].amount),
                    r.pots[0].shares[0].winners[0] + 1, r.high[r.pots[0].shares[0].winners[0]]->description.c_str());
        std::printf("finishing stacks: %lld %lld %lld %lld\n", static_cast<long long>(r.finishing_stacks[0]),
                    static_cast<long long>(r.finishing_stacks[1]), static_cast<long long>(r.finishing_stacks[2]),
                    static_cast<long long>(r.finishing_stacks[3]));

        // The same seed and the same actions give the same hand: here, replayed from its history.
        hand_state again{config, 2024};
        for (const action& a : hand.history())
            if (a.is_seat_decision()) again.apply(a);
        check(again == hand, "a seeded hand replays identically");
        check(write_phh(hand).starts_with("variant = 'NT'\n"), "the hand as a PHH document");
    }

    // 2. A hand dealt by hand with known cards, worked out in advance.
    // No-limit 1/2, three players: p1 (seat 0) small blind with 60, p2 big blind with 100,
    // p3 (the button) with 150. p1 As Ad, p2 Kc Ks, p3 Qd Jd.
    {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 3, 100);
        config.starting_stacks = {60, 100, 150};
        hand_state hand{config, manual_dealing};
        check(hand.current_phase() == phase::dealing && !hand.to_act(), "the dealer owes the hole cards");
        hand.apply(action::deal_hole_to(0, parse_cards("As Ad")));
        action_error_code why{};
        check(!hand.try_apply(action::deal_hole_to(1, parse_cards("As Kc")), &why) &&
                  why == action_error_code::card_already_dealt,
              "a card dealt twice");
        hand.apply(action::deal_hole_to(1, parse_cards("Kc Ks")));
        hand.apply(action::deal_hole_to(2, parse_cards("Qd Jd")));

        // Pre-flop: p3 raises to 6, p1 re-raises to 20, p2 and p3 call: a pot of 60.
        hand.apply(action::raise_to(2, 6));
        check(hand.legal().min_to == 10, "the next raise is at least 4 more: to 10");
        hand.apply(action::raise_to(0, 20));
        hand.apply(action::check_or_call_by(1));
        hand.apply(action::check_or_call_by(2));
        check(hand.current_phase() == phase::dealing && hand.pot_total() == 60, "pot 60 before the flop");

        // Flop Kd 7d 2c: p1 bets its last 40, p2 raises all-in to 80 (a full raise), p3 calls 80
        // and keeps 50.
        hand.apply(action::deal_board_cards(parse_cards("Kd 7d 2c")));
        check(hand.to_act() == 0, "after the flop the first seat left of the button acts first");
        check(!hand.try_apply(action::fold_by(0), &why) && why == action_error_code::unnecessary_fold,
              "a tournament refuses a fold when checking is free");
        hand.apply(action::raise_to(0, 40));
        hand.apply(action::raise_to(1, 80));
        const legal_actions p3 = hand.legal();
        check(p3.can_call && p3.call_amount == 80 && p3.can_fold && !p3.can_raise, "p3 may call 80 or fold");
        check(!hand.try_apply(action::raise_to(2, 130), &why) && why == action_error_code::nobody_left_to_call,
              "nobody could call a raise: both others are all-in");
        hand.apply(action::check_or_call_by(2));

        // Only p3 has chips left: the hands are shown before the turn and river (TR 70).
        // The last to raise on the flop, p2, shows first; then p3; then p1.
        check(hand.current_phase() == phase::showdown && hand.to_act() == 1, "p2 shows first");
        check(hand.legal().must_show && !hand.legal().can_muck, "an all-in hand is shown in a tournament");
        hand.apply(action::show_by(1));
        check(hand.to_act() == 2 && hand.legal().can_muck, "p3 is not all-in: it may muck");
        hand.apply(action::show_by(2));
        hand.apply(action::show_by(0));
        check(hand.current_phase() == phase::dealing, "now the turn");
        check(view_is_private(hand, 1) && hand.view_for(1).visible[0].cards.size() == 2, "shown hands are public");
        hand.apply(action::deal_board_cards(parse_cards("Ac")));
        hand.apply(action::deal_board_cards(parse_cards("3h")));
        check(hand.is_complete(), "no betting after the all-in");

        // Contributions 60, 100 and 100: a main pot of 3 x 60 = 180 for everybody and a side
        // pot of 2 x 40 = 80 for p2 and p3. p1's three aces take the main pot, p2's three kings
        // the side pot; p3 (queen high) keeps its 50.
        const hand_result r = hand.result();
        check(r.pots.size() == 2, "a main pot and a side pot");
        check(r.pots[0].amount == 180 && (r.pots[0].eligible == std::vector<std::size_t>{0, 1, 2}), "main pot");
        check(r.pots[1].amount == 80 && (r.pots[1].eligible == std::vector<std::size_t>{1, 2}), "side pot");
        check((r.pots[0].shares[0].winners == std::vector<std::size_t>{0}), "p1 wins the main pot");
        check((r.pots[1].shares[0].winners == std::vector<std::size_t>{1}), "p2 wins the side pot");
        check(r.high[0]->description == "Three of a kind, aces, king-seven kickers", r.high[0]->description);
        check(r.high[1]->description == "Three of a kind, kings, ace-seven kickers", r.high[1]->description);
        check((r.payouts == std::vector<chips>{180, 80, 0}), "payouts");
        check((r.finishing_stacks == std::vector<chips>{180, 80, 50}), "finishing stacks 180, 80, 50");
        check(!hand.try_apply(action::check_or_call_by(0), &why) && why == action_error_code::hand_complete,
              "nothing is accepted after the end");
    }

    // 3. Save a hand in progress and continue it elsewhere: restore(serialize()) is the same
    // value, and the same actions give the same future (the seeded deck is part of it).
    {
        const hand_config config = hand_config::standard("omaha-hi-lo", betting_structure::pot_limit, 3, 150);
        hand_state hand{config, 7};
        hand.apply(action::check_or_call_by(2));
        const std::string saved = hand.serialize();
        check(saved.starts_with("pokerengine-hand 2\ngame omaha-hi-lo\n"), "a versioned text form");
        hand_state restored = hand_state::restore(saved);
        check(restored == hand && restored.serialize() == saved, "restore gives the same hand");

        xoshiro256ss rng_a{99}, rng_b{99};
        while (!hand.is_complete()) hand.apply(random_action(hand, rng_a));
        while (!restored.is_complete()) restored.apply(random_action(restored, rng_b));
        check(restored == hand, "both copies played to the same end");
        check(total(hand.stacks()) == 450, "chips are conserved");
    }

    // 4. The stud odd chip (R8) under the three profiles. Three players ante 1, p1 (9d, the
    // lowest door card) brings in 1, p2 calls, p3 folds: a pot of 5. p1 and p2 tie with
    // ace-king-nine-seven-five flushes; p1 also holds the As, p2 plays the Ah.
    for (const rule_profile& rules : {rule_profile::wsop_2024(), rule_profile::roberts(), rule_profile::pokerkit()}) {
        hand_config config = hand_config::standard("stud", betting_structure::fixed_limit, 3, 100);
        config.forced.bring_in = 1;
        config.rules = rules;
        hand_state hand{config, manual_dealing};
        hand.apply(action::deal_hole_to(0, parse_cards("Ad Kd 9d")));  // two down, one up
        hand.apply(action::deal_hole_to(1, parse_cards("Ah Kh 9h")));
        hand.apply(action::deal_hole_to(2, parse_cards("3c 4c Tc")));
        hand.apply(action::bring_in_by(0));
        hand.apply(action::check_or_call_by(1));
        hand.apply(action::fold_by(2));
        const std::pair<const char*, const char*> later[]{{"7d", "7h"}, {"5d", "5h"}, {"As", "Qc"}, {"2c", "2d"}};
        for (auto [p1, p2] : later) {
            hand.apply(action::deal_hole_to(0, parse_cards(p1)));
            hand.apply(action::deal_hole_to(1, parse_cards(p2)));
            while (hand.current_phase() == phase::betting) hand.apply(hand.legal().passive());  // checks
        }
        while (!hand.is_complete()) hand.apply(hand.legal().passive());  // both show
        // wsop-2024: the highest card by suit among the five cards used: Ah (p2) beats Ad (p1).
        // roberts: among all the cards: p1's As. pokerkit: the first seat, p1.
        const std::vector<chips> expected = rules.name == "wsop-2024" ? std::vector<chips>{2, 3, 0}
                                                                      : std::vector<chips>{3, 2, 0};
        check(to_vector(hand.payouts()) == expected, "odd chip under " + std::string(rules.name));
    }

    // 5. Pots are built after the shows and mucks. Cash game: p1 is all-in for 20, p2 and p3
    // for 100. Had p1 shown, there would be a main pot of 60 and a side pot of 160; p1 mucks,
    // so one pot of 220 is left, for p2 and p3 only. p2 and p3 play the board and split it.
    {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 3, 100);
        config.starting_stacks = {20, 100, 100};
        config.mode = play_mode::cash_game;
        hand_state hand{config, manual_dealing};
        hand.apply(action::deal_hole_to(0, parse_cards("2c 3d")));
        hand.apply(action::deal_hole_to(1, parse_cards("4c 5d")));
        hand.apply(action::deal_hole_to(2, parse_cards("4h 5h")));
        hand.apply(action::raise_to(2, 100));
        hand.apply(action::check_or_call_by(0));  // all-in for 20
        hand.apply(action::check_or_call_by(1));
        check(hand.pots().size() == 2 && hand.pots()[0].amount == 60, "a main pot and a side pot, for now");
        check(hand.current_phase() == phase::showdown && hand.to_act() == 2, "the raiser shows first");
        hand.apply(action::show_by(2));
        check(hand.to_act() == 0 && hand.legal().can_muck, "clockwise: p1, and a cash game lets it muck all-in");
        hand.apply(action::muck_by(0));
        hand.apply(action::show_by(1));
        for (const char* card : {"As Ks Qs", "Js", "Ts"}) hand.apply(action::deal_board_cards(parse_cards(card)));
        const hand_result r = hand.result();
        check(r.pots.size() == 1 && r.pots[0].amount == 220, "one pot once p1 has mucked");
        check((r.payouts == std::vector<chips>{0, 110, 110}), "p2 and p3 split the royal flush on the board");
    }

    // 6. Running the board twice (docs/play.md section 8.12): a cash game whose profile allows it.
    // Heads-up, all-in before the flop; both seats ask for two runs, so two boards are dealt and
    // each settles half the pot of 200. p1's aces win the first board, p2's flush the second.
    {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 2, 100);
        config.mode = play_mode::cash_game;
        config.rules.most_runouts = 2;
        hand_state hand{config, manual_dealing};
        hand.apply(action::deal_hole_to(0, parse_cards("As Ad")));
        hand.apply(action::deal_hole_to(1, parse_cards("Kh Qh")));
        hand.apply(action::raise_to(1, 100));  // the button, first before the flop
        hand.apply(action::check_or_call_by(0));
        check(hand.legal().can_choose_runouts && hand.legal().most_runouts == 2, "how many times to run it?");
        hand.apply(action::choose_runouts_by(1, 2));  // the raiser first
        hand.apply(action::choose_runouts_by(0, 2));
        hand.apply(action::show_by(1));
        hand.apply(action::show_by(0));
        for (const char* cards : {"2c 7d 9s", "Jc", "3d",      // the first board: aces hold
                                  "2h 7h 9h", "Jd", "4s"})     // the second: hearts
            hand.apply(action::deal_board_cards(parse_cards(cards)));
        check(hand.boards().size() == 2 && hand.runouts() == 2, "two boards");
        const hand_result r = hand.result();
        check(r.pots.size() == 1 && r.pots[0].shares.size() == 2, "one pot, a share a board");
        check(r.pots[0].shares[0].winners == std::vector<std::size_t>{0} && r.pots[0].shares[0].amount == 100,
              "the first board's half to p1");
        check(r.pots[0].shares[1].runout == 1 && r.pots[0].shares[1].winners == std::vector<std::size_t>{1},
              "the second board's half to p2");
        check(r.runouts[1].high[1]->category == "Flush", "p2's flush on the second board");
        check((to_vector(hand.stacks()) == std::vector<chips>{100, 100}), "each takes half");
    }

    // 7. A simulation: one hand_state, dealt again for every seed, each card drawn as it is
    // dealt (version 2 of the order, docs/play.md section 2). Chips are conserved hand by hand,
    // and a redealt hand is the hand a new object would be.
    {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 6, 200);
        config.dealing = dealing_order::card_by_card;
        hand_state hand{config, 0};
        xoshiro256ss decisions{11};
        chips moved = 0;
        for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
            hand.redeal(seed);
            while (!hand.is_complete()) hand.apply(random_action(hand, decisions));
            chips total = 0;
            for (chips stack : hand.stacks()) total += stack;
            check(total == 6 * 200, "no chip lost or made");
            moved += hand.stacks()[0] - 200;
        }
        hand.redeal(7);
        check(hand == hand_state(config, 7), "a redealt hand is a new hand");
        std::printf("seat 0 won %lld chips over 1,000 hands\n", static_cast<long long>(moved));
    }

    // 8. A cap game (docs/play.md section 8.13): nobody puts more than 40 into the hand. The first
    // to act raises to the most it may, the cap, the other calls; each keeps the rest of its stack.
    {
        hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 2, 300);
        config.starting_stacks = {300, 100};
        config.cap = 40;
        hand_state hand{config, 5};
        const legal_actions first = hand.legal();
        check(first.max_to == 40, "the button can raise to the cap, no more");
        hand.apply(action::raise_to(*first.seat, first.max_to));
        hand.apply(hand.legal().passive());
        while (!hand.is_complete()) hand.apply(hand.legal().passive());
        chips total = 0;
        for (chips stack : hand.stacks()) total += stack;
        check(total == 400, "the chips above the cap come back");
        check(hand.stacks()[0] == 260 || hand.stacks()[0] == 340 || hand.stacks()[0] == 300,
              "p1 wins or loses the cap, or splits");
    }

    std::printf("%s\n", failures ? "play example: FAILED" : "play example: ok");
    return failures ? 1 : 0;
}
