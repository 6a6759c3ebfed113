// A table saved and restored (serialize, restore_table of notation.hpp): the
// text round-trips, a restored table finishes the hand it was playing and
// deals on exactly as the original would; every damaged text is refused with
// a code. Then the property: thousands of random hands with random seating
// changes asked at any moment, new levels and games, hands cancelled, the
// table saved and restored at random moments, against a twin table never
// saved: the same hands, cards and stacks, and the chips on the table plus
// the chips taken away always equal the chips brought.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/table.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

table_config holdem(int seats) { return table_config::standard("holdem", betting_structure::no_limit, seats); }

// Four players in seats 0, 1, 3 and 4 of six; names and ids with bytes the text escapes.
table seated() {
    table t{holdem(6), 77};
    t.join(0, "Ann Lee", 200, entry::wait_for_big_blind, "user:1");
    t.join(1, "Bob,=%", 150, entry::wait_for_big_blind, "user:2");
    t.join(3, "Cé", 300);
    t.join(4, "Dee", 100, entry::post_now, "user:4");
    t.set_button(1);
    return t;
}

void play_out(hand_state& hand) {
    while (!hand.is_complete()) hand.apply(hand.legal().passive());
}

// `text` with its first `from` made `to`, restored: the error's code and words ("bad_saved_table: ...").
std::string restore_error(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    try {
        (void)restore_table(text);
    } catch (const notation_error& e) {
        return std::string(to_string(e.code())) + ": " + e.what();
    } catch (const table_error& e) {
        return std::string(to_string(e.code())) + ": " + e.what();
    } catch (const config_error& e) {
        return std::string(to_string(e.code())) + ": " + e.what();
    }
    FAIL("accepted: " << text);
    return {};
}

}  // namespace

TEST_CASE("a table between hands round-trips") {
    table t = seated();
    SUBCASE("before the first hand") {}
    SUBCASE("after hands, a sit-out and a missed blind") {
        // B (seat 1) has the button, C the small blind, D the big blind; C sits out, and the big blind
        // passes C in hand 4.
        for (int k = 0; k < 4; ++k) {
            hand_state hand = t.start_hand();
            play_out(hand);
            t.finish_hand(hand);
            if (k == 0) t.sit_out(3);
        }
        REQUIRE(t.at(3)->missed_big);
    }
    const std::string text = serialize(t);
    CAPTURE(text);
    CHECK(text.starts_with("pokerengine-table 1\nseed 77\n"));
    CHECK(text.find("name=Bob%2C%3D%25 id=user%3A2") != std::string::npos);
    const restored_table back = restore_table(text);
    CHECK(back.restored == t);
    CHECK_FALSE(back.hand.has_value());
    CHECK(serialize(back.restored) == text);
}

TEST_CASE("a table restored during a hand finishes it and deals on as the original") {
    table t = seated();
    hand_state first = t.start_hand();
    first.apply(first.legal().passive());
    t.request(seat_change::leave(0));
    t.request(seat_change::join(2, "Eve", 90, entry::post_now, "user:5"));
    table_config next = t.config();
    next.big_blind = 4;
    next.small_blind = 2;
    next.limits.min_bet = 4;
    t.change_config(next);
    t.place_button(3);
    const std::string text = serialize(t, first);
    restored_table back = restore_table(text);
    REQUIRE(back.hand.has_value());
    CHECK(back.restored == t);
    CHECK(*back.hand == first);
    CHECK(serialize(back.restored, *back.hand) == text);
    // Both finish the hand and play three more: the same events, cards and stacks.
    table& u = back.restored;
    hand_state& copy = *back.hand;
    play_out(first);
    play_out(copy);
    CHECK(t.finish_hand(first) == u.finish_hand(copy));
    for (int k = 0; k < 3; ++k) {
        hand_state a = t.start_hand(), b = u.start_hand();
        CHECK(a == b);
        play_out(a);
        play_out(b);
        t.finish_hand(a);
        u.finish_hand(b);
    }
    CHECK(t == u);
    CHECK(t.config() == next);
}

TEST_CASE("a hand saved on its own finishes on its table restored without it") {
    // The embedding that once failed with "the hand is not hand 1 of this table": the table saved
    // between actions, the hand saved apart, both restored.
    table t = seated();
    hand_state hand = t.start_hand();
    hand.apply(hand.legal().passive());
    restored_table back = restore_table(serialize(t));
    hand_state again = restore(serialize(hand));
    play_out(again);
    CHECK_NOTHROW(back.restored.finish_hand(again));
    // A fresh table of the same configuration and seed is not the table that dealt it.
    table fresh = seated();
    CHECK_THROWS_AS(fresh.finish_hand(again), table_error);
}

TEST_CASE("a reseeded table keeps its button and debts and deals other cards") {
    // What a server started again after a failure does: restore the table saved between hands,
    // reseed it, and deal the hand the failure cancelled again, with its button but new cards.
    table t = seated();
    for (int k = 0; k < 3; ++k) {
        hand_state hand = t.start_hand();
        play_out(hand);
        t.finish_hand(hand);
        if (k == 0) t.sit_out(3);
    }
    const std::string saved = serialize(t);
    const hand_state interrupted = t.start_hand();
    table back = restore_table(saved).restored;
    back.reseed(9001);
    CHECK(back.seed() == 9001);
    CHECK(back.current()->seed == 0);  // the last hand's seed would give the old table seed
    CHECK(back.at(3)->sitting_out);
    const hand_state again = back.start_hand();
    CHECK(again.config().starting_stacks == interrupted.config().starting_stacks);
    CHECK(back.current()->button == t.current()->button);
    CHECK(back.current()->seats == t.current()->seats);
    CHECK(again.seed() == table::hand_seed(9001, 4));
    CHECK(again.seed() != interrupted.seed());
    // Saved in the middle of the reseeded hand, the table restores with the hand; between hands, with the plan
    // whose seed it forgot.
    hand_state playing = again;
    playing.apply(playing.legal().passive());
    restored_table mid = restore_table(serialize(back, playing));
    CHECK(mid.restored == back);
    CHECK(*mid.hand == playing);
    play_out(playing);
    back.finish_hand(playing);
    CHECK(restore_table(serialize(back)).restored == back);
    // Never during a hand.
    hand_state next = back.start_hand();
    try {
        back.reseed(1);
        FAIL("reseeded during a hand");
    } catch (const table_error& e) {
        CHECK(e.code() == table_error_code::hand_in_progress);
    }
    CHECK(back.seed() == 9001);
}

TEST_CASE("saving checks the hand is the table's") {
    table t = seated();
    table other{holdem(6), 1};
    other.join(0, "X", 50);
    other.join(1, "Y", 50);
    hand_state foreign = other.start_hand();
    auto code = [](auto&& call) {
        try {
            call();
        } catch (const table_error& e) {
            return e.code();
        }
        FAIL("accepted");
        return table_error_code::no_such_seat;
    };
    CHECK(code([&] { (void)serialize(t, foreign); }) == table_error_code::no_hand_in_progress);
    hand_state hand = t.start_hand();
    CHECK(code([&] { (void)serialize(t, foreign); }) == table_error_code::not_this_tables_hand);
    CHECK_NOTHROW((void)serialize(t, hand));
}

TEST_CASE("a table dealing card by card keeps its order in its saved text, and its hand's") {
    table_config by_card = holdem(6);
    by_card.dealing = dealing_order::card_by_card;
    table t{by_card, 77};
    t.join(0, "Ann", 200);
    t.join(3, "Bob", 200);
    // Version 1 of the order, the default, writes no line: older saved tables read as before.
    CHECK(serialize(seated()).find("dealing") == std::string::npos);
    // A cap game's table, likewise only when it has a cap.
    table_config capped = by_card;
    capped.cap = 40;
    const std::string cap_text = serialize(table{capped, 3});
    CHECK(cap_text.find("\ndealing card-by-card\ncap 40\npositions ") != std::string::npos);
    CHECK(restore_table(cap_text).restored.config().cap == 40);
    CHECK(serialize(seated()).find("\ncap ") == std::string::npos);
    CHECK(restore_error(cap_text, "\ncap 40\n", "\ncap 0\n")
              .starts_with("bad_saved_table: restore_table: line 8: cap must be a whole number from 1 to "));
    const std::string before = serialize(t);
    CHECK(before.find("\nprofile wsop-2024\ndealing card-by-card\npositions ") != std::string::npos);
    CHECK(restore_table(before).restored == t);
    hand_state hand = t.start_hand();
    CHECK(hand.config().dealing == dealing_order::card_by_card);
    CHECK(hand == hand_state{t.current()->config, t.current()->seed});
    hand.apply(hand.legal().passive());
    table_config next = holdem(6);  // the next hands shuffle the whole deck again
    t.change_config(next);
    const std::string during = serialize(t, hand);
    CAPTURE(during);
    CHECK(during.find("\nnext_profile wsop-2024\npositions ") != std::string::npos);
    CHECK(during.find("\nplan_dealing card-by-card\nhand ") != std::string::npos);
    restored_table back = restore_table(during);
    REQUIRE(back.hand.has_value());
    CHECK(back.restored == t);
    CHECK(*back.hand == hand);
    CHECK(serialize(back.restored, *back.hand) == during);
    // Without the plan's line the hand in progress is not the plan's.
    std::string lost = during;
    lost.erase(lost.find("plan_dealing card-by-card\n"), 26);
    CHECK_THROWS_AS((void)restore_table(lost), table_error);
    CHECK(restore_error(before, "dealing card-by-card", "dealing riffle") ==
          "bad_saved_table: restore_table: line 7: dealing: 'riffle' is not an order (whole-shuffle or card-by-card)");
}

TEST_CASE("a damaged saved table is refused with a code, never read wrong") {
    table t = seated();
    hand_state hand = t.start_hand();
    hand.apply(hand.legal().passive());
    t.request(seat_change::rebuy(4, 25));
    const std::string text = serialize(t, hand);

    // Every text cut short is refused: the last line, `end`, says the text is whole (its line break
    // may go).
    REQUIRE(text.ends_with("\nend\n"));
    for (std::size_t n = 0; n + 1 < text.size(); ++n) {
        CAPTURE(n);
        try {
            (void)restore_table(std::string_view(text).substr(0, n));
            FAIL("a text cut to " << n << " bytes was read");
        } catch (const notation_error& e) {
            CHECK(e.code() == notation_error_code::bad_saved_table);
        } catch (const std::invalid_argument&) {
            // config_error, table_error or the hand's own errors: documented, with codes
        }
    }
    auto error_of = [&](const std::string& from, const std::string& to) { return restore_error(text, from, to); };
    CHECK(error_of("pokerengine-table 1", "pokerengine-table 2") ==
          "bad_saved_table: restore_table: line 1: version '2' is not known (this library reads version 1)");
    CHECK(error_of("seed 77", "seed x").starts_with("bad_saved_table: restore_table: line 2: seed must be"));
    CHECK(error_of("player seat=4", "player seat=1").starts_with("bad_saved_table: "));  // two players in a seat
    CHECK(error_of("player seat=4", "player seat=9").starts_with("bad_saved_table: "));  // no such seat
    CHECK(error_of("player seat=4", "player seat=-").starts_with("bad_saved_table: "));  // a player needs a seat
    CHECK(error_of("name=Dee", "name=Ann%20Lee").starts_with("duplicate_name: "));
    CHECK(error_of("id=user%3A4", "id=user%3A1").starts_with("duplicate_player: "));
    CHECK(error_of("stack=300", "stack=301").starts_with("inconsistent_saved_table: "));
    CHECK(error_of(" big_blind=2 ", " big_blind=0 ").starts_with("missing_big_blind: "));
    CHECK(error_of("sitting_out=0", "sitting_out=2").starts_with("bad_saved_table: "));
    CHECK(error_of("what=rebuy", "what=steal").starts_with("bad_saved_table: "));
    CHECK(error_of("what=rebuy seat=5", "what=rebuy seat=3").starts_with("seat_empty: "));
    CHECK(error_of("in_progress 1", "in_progress 0").starts_with("inconsistent_saved_table: "));
    {
        // A hand in progress needs the plan it was dealt from.
        table fresh{holdem(6), 5};
        std::string bad = serialize(fresh);
        bad.replace(bad.find("in_progress 0"), 13, "in_progress 1");
        CHECK_THROWS_AS((void)restore_table(bad), table_error);
    }
    CHECK(error_of(" stack=200 ", " stack=200 stack=1 ").starts_with("bad_saved_table: "));
    CHECK(error_of("game=holdem", "game=chess").starts_with("bad_saved_table: "));
    CHECK(error_of("end\n", "end\nmore\n").starts_with("bad_saved_table: "));
    // The hand saved with the table must be its hand: another seed deals other cards.
    CHECK(error_of("dealing seeded ", "dealing seeded 1").starts_with("not_this_tables_hand: "));
}

TEST_CASE("random play, saved and restored at random moments, matches a twin table never saved") {
    // Eight seats: hold'em (no limit, then levels up), then razz and back, as a mixed rotation might.
    const table_config start = holdem(8);
    table_config razz = table_config::standard("razz", betting_structure::fixed_limit, 8);
    razz.mode = play_mode::cash_game;
    table saved{start, 2025}, twin{start, 2025};
    std::optional<hand_state> saved_hand, twin_hand;
    xoshiro256ss rng{123};
    auto pick = [&](int n) { return static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(n))); };
    chips brought = 0, taken = 0;
    int names = 0, restores = 0, restores_mid_hand = 0, queued = 0, cancelled = 0;
    auto count = [&](const seat_event& e) {
        brought += e.chips_in;
        taken += e.chips_out;
    };
    auto random_change = [&]() -> seat_change {
        const int seat = pick(8);
        const entry how = pick(2) ? entry::post_now : entry::wait_for_big_blind;
        switch (pick(6)) {
            case 0:
            case 1: {
                std::string id = "u", name = "P ";
                id += std::to_string(names++);
                name += id;
                return seat_change::join(seat, std::move(name), 20 + pick(300), how, pick(4) ? id : std::string{});
            }
            case 2: return seat_change::leave(seat);
            case 3: return seat_change::sit_out(seat);
            case 4: return seat_change::come_back(seat, how);
            default: return seat_change::rebuy(seat, 1 + pick(200), how);
        }
    };
    for (int step = 0; twin.hands_started() < 3000; ++step) {
        REQUIRE(step < 400000);
        // Changes asked at any moment, made on both tables (or refused by both, with one code).
        if (pick(4) == 0) {
            const seat_change c = random_change();
            std::optional<table_error_code> a, b;
            std::optional<seat_event> made_a, made_b;
            try {
                made_a = saved.request(c);
            } catch (const table_error& e) {
                a = e.code();
            }
            try {
                made_b = twin.request(c);
            } catch (const table_error& e) {
                b = e.code();
            }
            REQUIRE(a == b);
            REQUIRE(made_a == made_b);
            if (made_a) count(*made_a);
            if (!a && !made_a) ++queued;
        }
        if (pick(200) == 0) {
            table_config next = pick(3) == 0 ? razz : start;
            if (next.button_game() && pick(2)) {
                next.small_blind = 1 + pick(3);
                next.big_blind = next.small_blind * 2;
                next.limits.min_bet = next.big_blind;
                next.ante = pick(2);
            }
            // Both orders of the seeded deal, chosen without a draw so that the run is as before.
            if (twin.hands_started() % 2 == 1) next.dealing = dealing_order::card_by_card;
            saved.change_config(next);
            twin.change_config(next);
        }
        if (pick(300) == 0) {
            const int seat = pick(8);
            saved.place_button(seat);
            twin.place_button(seat);
        }
        // Saved and restored at random moments, with the hand in progress when there is one.
        if (pick(25) == 0) {
            const std::string text = saved_hand ? serialize(saved, *saved_hand) : serialize(saved);
            restored_table back = restore_table(text);
            REQUIRE(back.restored == saved);
            REQUIRE(back.hand == saved_hand);
            saved = std::move(back.restored);
            saved_hand = std::move(back.hand);
            ++restores;
            restores_mid_hand += saved_hand.has_value();
        }
        if (!twin_hand) {
            REQUIRE(saved.can_start_hand() == twin.can_start_hand());
            if (!twin.can_start_hand()) {
                // Nobody to play: seat someone so that the game goes on.
                for (int s = 0; s < 8; ++s)
                    if (!twin.at(s)) {
                        std::string name = "Q";
                        name += std::to_string(names++);
                        const seat_change c = seat_change::join(s, std::move(name), 100);
                        count(*saved.request(c));
                        twin.request(c);
                    }
                continue;
            }
            saved_hand = saved.start_hand();
            twin_hand = twin.start_hand();
            REQUIRE(*saved_hand == *twin_hand);
            continue;
        }
        if (pick(400) == 0) {
            // A hand cut short and cancelled: every bet back, the changes asked made.
            const std::vector<seat_event> made = saved.cancel_hand();
            REQUIRE(made == twin.cancel_hand());
            for (const seat_event& e : made) count(e);
            saved_hand.reset();
            twin_hand.reset();
            ++cancelled;
            REQUIRE(saved == twin);
            REQUIRE(saved.total_chips() + taken == brought);
            continue;
        }
        if (!twin_hand->is_complete()) {
            const action a = pick(10) == 0 ? default_action(*twin_hand) : random_action(*twin_hand, rng);
            twin_hand->apply(a);
            saved_hand->apply(a);
            continue;
        }
        REQUIRE(*saved_hand == *twin_hand);
        const std::vector<seat_event> made = saved.finish_hand(*saved_hand);
        REQUIRE(made == twin.finish_hand(*twin_hand));
        for (const seat_event& e : made) count(e);
        saved_hand.reset();
        twin_hand.reset();
        REQUIRE(saved == twin);
        REQUIRE(saved.total_chips() + taken == brought);
    }
    CHECK(saved == twin);
    CHECK(saved.total_chips() + taken == brought);
    CHECK(restores > 1000);
    CHECK(restores_mid_hand > 500);
    CHECK(queued > 500);
    CHECK(cancelled > 10);
    MESSAGE(restores << " restores (" << restores_mid_hand << " during a hand), " << queued << " changes queued, "
                     << cancelled << " hands cancelled");
}
