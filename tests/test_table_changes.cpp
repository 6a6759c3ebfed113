// A table whose seating and settings change at any moment: seating changes
// asked during a hand wait for its end and are reported with the chips they
// move; a new level of blinds, or the next game of a mixed rotation, applies
// from the next hand ("The new level applies to the next hand": TDA Rules,
// "New Limits"); the button placed again when a table is rebuilt; players
// known by an id apart from their seat and name. Expected seats and posts are
// worked by hand from the rules of docs/table.md (physical seats 0-based, A in seat 0).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/table.hpp"
#include "table_support.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

using table_support::amounts;
using table_support::holdem;
using table_support::seat_list;

// Five players, A to E in seats 0 to 4 of a six-seat table, 200 each, the button on A.
table five_handed() {
    table t{holdem(6), 7};
    const char* names[] = {"A", "B", "C", "D", "E"};
    for (int s = 0; s < 5; ++s) t.join(s, names[s], 200, entry::wait_for_big_blind, std::string("id-") + names[s]);
    t.set_button(0);
    return t;
}

// Everybody folds to the big blind, who wins the small blind.
void fold_to_big_blind(hand_state& hand) {
    while (!hand.is_complete()) hand.apply(default_action(hand));
}

std::vector<seat_event> play_passively(table& t) {
    hand_state hand = t.start_hand();
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    return t.finish_hand(hand);
}

template <class Call>
table_error_code refused(Call&& call) {
    try {
        call();
    } catch (const table_error& e) {
        return e.code();
    }
    FAIL("accepted");
    return table_error_code::no_such_seat;
}

}  // namespace

TEST_CASE("seating changes asked during a hand wait for its end, in order, and report the chips they move") {
    table t = five_handed();
    hand_state hand = t.start_hand();  // A button, B small blind 1, C big blind 2
    CHECK_FALSE(t.request(seat_change::leave(2)).has_value());
    CHECK_FALSE(t.request(seat_change::join(5, "F", 300, entry::post_now, "id-F")).has_value());
    CHECK_FALSE(t.request(seat_change::sit_out(3)).has_value());
    CHECK_FALSE(t.request(seat_change::rebuy(4, 50)).has_value());
    CHECK(t.requests().size() == 4);
    // Nothing changes while the hand is played.
    CHECK(t.at(2)->name == "C");
    CHECK_FALSE(t.at(5).has_value());
    CHECK(t.total_chips() == 1000);
    fold_to_big_blind(hand);  // D, E, A and B fold: C wins B's small blind and has 201
    const std::vector<seat_event> made = t.finish_hand(hand);
    REQUIRE(made.size() == 4);
    CHECK(made[0].change == seat_change::leave(2));
    CHECK(made[0].chips_out == 201);
    CHECK(made[0].player.name == "C");
    CHECK(made[0].player.id == "id-C");
    CHECK(made[0].after_hand == 1);
    CHECK(made[1].chips_in == 300);
    CHECK(made[1].player.id == "id-F");
    CHECK(made[2].player.sitting_out);
    CHECK(made[3].chips_in == 50);
    CHECK(made[3].player.stack == 250);
    CHECK(t.requests().empty());
    CHECK_FALSE(t.at(2).has_value());
    CHECK(t.at(5)->name == "F");
    // 1,000 at the start, C took 201 away, F and E brought 350.
    CHECK(t.total_chips() == 1000 - 201 + 350);
    // The next hand: C's empty seat takes the small blind (dead), D is out, so E has the big blind; F, new,
    // posts a live big blind (not between the button and the small blind); the button on B's seat.
    const hand_plan p = t.plan_next_hand();
    CHECK(p.seats == seat_list{4, 5, 0, 1});
    CHECK(p.button == 1);
    CHECK(p.config.forced.live_posts == amounts{0, 2, 0, 0});
}

TEST_CASE("between hands a change is made at once and reported") {
    table t = five_handed();
    const std::optional<seat_event> left = t.request(seat_change::leave(1));
    REQUIRE(left.has_value());
    CHECK(left->chips_out == 200);
    CHECK(left->after_hand == 0);
    CHECK_FALSE(t.at(1).has_value());
    const std::optional<seat_event> joined = t.request(seat_change::join(1, "G", 80));
    REQUIRE(joined.has_value());
    CHECK(joined->chips_in == 80);
    CHECK_FALSE(joined->player.is_new);  // before the first hand every player is in the game
}

TEST_CASE("a change is refused when asked if it would be refused after the changes already waiting") {
    table t = five_handed();
    hand_state hand = t.start_hand();
    CHECK(refused([&] { t.request(seat_change::join(0, "Z", 10)); }) == table_error_code::seat_taken);
    CHECK(refused([&] { t.request(seat_change::leave(5)); }) == table_error_code::seat_empty);
    CHECK(refused([&] { t.request(seat_change::join(9, "Z", 10)); }) == table_error_code::no_such_seat);
    t.request(seat_change::leave(0));
    // A's seat is free once A has gone, and A may sit down again there after leaving.
    t.request(seat_change::join(0, "A", 100, entry::post_now, "id-A"));
    t.request(seat_change::join(5, "Y", 100, entry::post_now, "id-Y"));
    CHECK(refused([&] { t.request(seat_change::join(5, "X", 10)); }) == table_error_code::seat_taken);
    t.request(seat_change::leave(4));
    CHECK(refused([&] { t.request(seat_change::rebuy(4, 10)); }) == table_error_code::seat_empty);
    CHECK(refused([&] { t.request(seat_change::join(4, "Y2", 10, entry::post_now, "id-Y")); }) ==
          table_error_code::duplicate_player);
    CHECK(refused([&] { t.request(seat_change::rebuy(1, 0)); }) == table_error_code::amount_not_positive);
    // The direct calls still refuse during a hand.
    CHECK(refused([&] { t.leave(1); }) == table_error_code::hand_in_progress);
    const std::size_t waiting = t.requests().size();
    fold_to_big_blind(hand);
    CHECK(t.finish_hand(hand).size() == waiting);
    CHECK(t.at(0)->stack == 100);
    CHECK(t.at(0)->is_new);  // back after leaving: a new player, posting
    CHECK_FALSE(t.at(4).has_value());
}

TEST_CASE("player ids: apart from the seat and the name, unique at the table") {
    table t = five_handed();
    CHECK(t.seat_of("id-C") == 2);
    CHECK_FALSE(t.seat_of("id-Q").has_value());
    CHECK_FALSE(t.seat_of("").has_value());
    CHECK(refused([&] { t.join(5, "F", 10, entry::post_now, "id-C"); }) == table_error_code::duplicate_player);
    t.join(5, "F", 10);  // no id: allowed, and not looked up
    CHECK(t.at(5)->id.empty());
    // PHH names the players; it has no field for an account, so the record holds names only.
    hand_state hand = t.start_hand();
    fold_to_big_blind(hand);
    const std::string record = phhs_entry(t, hand);
    CHECK(record.find("players = [\"B\", \"C\", \"D\", \"E\", \"F\", \"A\"]") != std::string::npos);
    CHECK(record.find("id-") == std::string::npos);
    CHECK(to_string(table_error_code::duplicate_player) == "duplicate_player");
}

TEST_CASE("a new level of blinds and antes applies from the next hand") {
    table t = five_handed();
    table_config next = t.config();
    next.small_blind = 2;
    next.big_blind = 4;
    next.ante = 1;
    next.limits.min_bet = 4;
    hand_state hand = t.start_hand();
    t.change_config(next);
    CHECK(t.config().big_blind == 2);  // the hand in progress keeps its level
    CHECK(t.next_config() == next);
    fold_to_big_blind(hand);
    t.finish_hand(hand);
    CHECK(t.config() == next);
    // B button, C small blind 2, D big blind 4, every player antes 1.
    const hand_plan p = t.plan_next_hand();
    CHECK(p.seats == seat_list{2, 3, 4, 0, 1});
    CHECK(p.config.forced.blinds_or_straddles == amounts{2, 4, 0, 0, 0});
    CHECK(p.config.forced.antes == amounts{1, 1, 1, 1, 1});
    // Between hands it applies at once.
    next.ante = 0;
    t.change_config(next);
    CHECK(t.plan_next_hand().config.forced.antes.empty());
    // The seats stay; a bad configuration is refused.
    next.seats = 9;
    CHECK(refused([&] { t.change_config(next); }) == table_error_code::seat_count_changed);
    next = t.config();
    next.small_blind = 9;
    CHECK_THROWS_AS(t.change_config(next), config_error);
}

TEST_CASE("a mixed rotation: stud hands freeze the button, and the flop game goes on where it stopped") {
    table t = five_handed();
    // Hand 1, hold'em: A button, B small blind, C big blind.
    play_passively(t);
    const table_config flop = t.config();
    table_config stud = table_config::standard("razz", betting_structure::fixed_limit, 6);
    t.change_config(stud);
    // Razz: no button, everyone dealt in from seat 0.
    for (int k = 0; k < 2; ++k) {
        const hand_plan p = t.plan_next_hand();
        CHECK(p.seats == seat_list{0, 1, 2, 3, 4});
        CHECK_FALSE(p.button.has_value());
        play_passively(t);
    }
    t.change_config(flop);
    // Back to hold'em: the big blind moves on from C, the last hold'em big blind, to D; B has the button.
    const hand_plan p = t.plan_next_hand();
    CHECK(p.seats == seat_list{2, 3, 4, 0, 1});
    CHECK(p.button == 1);
    CHECK(p.config.forced.blinds_or_straddles == amounts{1, 2, 0, 0, 0});
}

TEST_CASE("the button placed again: the next hand is dealt as a first hand") {
    table t = five_handed();
    play_passively(t);
    play_passively(t);  // B button, C small, D big
    t.sit_out(4);
    play_passively(t);  // C button, D small, A big: E missed the big blind
    REQUIRE(t.at(4)->missed_big);
    CHECK(refused([&] { t.set_button(3); }) == table_error_code::button_after_first_hand);
    hand_state hand = t.start_hand();
    t.place_button(3);  // asked during a hand: from the next hand on
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
    t.finish_hand(hand);
    // D has the button, A the small blind and B the big blind (E sits out, and still owes).
    const hand_plan p = t.plan_next_hand();
    CHECK(p.seats == seat_list{0, 1, 2, 3});
    CHECK(p.button == 3);
    CHECK(p.config.forced.blinds_or_straddles == amounts{1, 2, 0, 0});
    CHECK(t.at(4)->missed_big);
    CHECK(refused([&] { t.place_button(6); }) == table_error_code::no_such_seat);
}

TEST_CASE("a hand cancelled: every bet returned, the button moved on, the changes asked made") {
    table t = five_handed();
    CHECK(refused([&] { t.cancel_hand(); }) == table_error_code::no_hand_in_progress);
    hand_state hand = t.start_hand();  // A button, B small blind, C big blind
    hand.apply(action::raise_to(2, 10));  // D raises; then the hand is cut short
    hand.apply(action::check_or_call_by(3));
    t.request(seat_change::leave(3));
    const std::vector<seat_event> made = t.cancel_hand();
    REQUIRE(made.size() == 1);
    CHECK(made[0].chips_out == 200);  // D leaves with the stack the hand started with
    CHECK_FALSE(t.hand_in_progress());
    CHECK(t.total_chips() == 800);
    for (int s : {0, 1, 2, 4}) CHECK(t.at(s)->stack == 200);
    // The next hand is hand 2, from its own seed: B's seat has the button, C small blind, and the big
    // blind passes D's empty seat to E.
    const hand_plan p = t.plan_next_hand();
    CHECK(p.number == 2);
    CHECK(p.seats == seat_list{2, 4, 0, 1});
    CHECK(p.button == 1);
}
