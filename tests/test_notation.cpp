// The notation layer: the tokenizer of PHH actions and its error codes,
// recorded actions with unknown cards, a seat's view written as PHH, rule
// profiles as text, saved hands (versions 1 and 2), and replays of draw
// games whose every card is unknown.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "pokerengine/phh.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

notation_error_code code_of(std::string_view text) {
    try {
        (void)parse_action(text);
    } catch (const notation_error& e) {
        return e.code();
    }
    FAIL("no error for '", text, "'");
    return {};
}

std::vector<chips> stacks_of(const hand_state& h) { return {h.stacks().begin(), h.stacks().end()}; }

// A seeded random hand played to its end.
hand_state played(const hand_config& c, std::uint64_t seed) {
    hand_state h{c, seed};
    xoshiro256ss rng{seed * 13 + 1};
    while (!h.is_complete()) h.apply(random_action(h, rng));
    return h;
}

// The PHH text with every card of every deal and discard written `??`, and
// (when `shows` is false) every card shown too.
std::string all_unknown(std::string text, bool shows) {
    for (std::size_t at = 0; (at = text.find("  '", at)) != std::string::npos;) {
        const std::size_t begin = at + 3, end = text.find('\'', begin);
        std::string a = text.substr(begin, end - begin);
        const bool cards = a.starts_with("d dh ") || a.starts_with("d db ") ||
                           (a.find(" sd ") != std::string::npos) ||
                           (!shows && a.find(" sm ") != std::string::npos && !a.ends_with(" -"));
        if (cards) {
            const std::size_t word = a.rfind(' ') + 1;
            a.replace(word, std::string::npos, a.size() - word, '?');
            text.replace(begin, end - begin, a);
        }
        at = begin;
    }
    return text;
}

}  // namespace

TEST_CASE("parse_action: one tokenizer, every error with a code") {
    CHECK(parse_action("p2 cbr 300") == action::raise_to(1, 300));
    CHECK(parse_action("p1 cc # a comment") == action::check_or_call_by(0));
    CHECK(parse_action("d dh p3 AcKd") == action::deal_hole_to(2, parse_cards("AcKd")));
    CHECK(parse_action("p2 sm -") == action::show_by(1));
    CHECK(parse_action("p2 sm") == action::muck_by(1));
    CHECK(parse_action("p1 sd") == action::discard(0, CardList{}));
    using c = notation_error_code;
    CHECK(code_of("") == c::empty_action);
    CHECK(code_of("# only a comment") == c::empty_action);
    CHECK(code_of("p1 cbr 3 4 5 6") == c::too_many_words);
    CHECK(code_of("x1 cc") == c::bad_player);
    CHECK(code_of("p11 cc") == c::bad_player);
    CHECK(code_of("p1 raise 6") == c::unknown_action);
    CHECK(code_of("d xx 2c") == c::unknown_action);
    CHECK(code_of("p1 f now") == c::wrong_arguments);
    CHECK(code_of("d dh p1") == c::wrong_arguments);
    CHECK(code_of("p1 cbr 0") == c::bad_amount);
    CHECK(code_of("p1 cbr 2.5") == c::bad_amount);
    CHECK(code_of("p1 sd AsAs") == c::bad_cards);
    CHECK(code_of("d dh p1 ????") == c::unknown_cards);
    CHECK(to_string(c::bad_amount) == "bad_amount");
    try {
        (void)parse_action("p3 xyz");
        FAIL("no error");
    } catch (const std::invalid_argument& e) {  // a notation_error is an invalid_argument
        CHECK(std::string(e.what()) == "action 'p3 xyz': unknown action 'xyz' (f, cc, cbr, pb, sd, sm, run)");
    }
}

TEST_CASE("read_action: unknown cards keep their places; decimal amounts are left to the reader") {
    const recorded_action r = read_action("d dh p1 ??Kd");
    CHECK(r.is_action());
    CHECK(r.act.what == action::kind::deal_hole);
    CHECK(r.act.seat == 0);
    REQUIRE(r.act.cards.size() == 2);
    CHECK(r.unknown == 0b01);
    CHECK(r.act.cards[1] == parse_card("Kd"));
    CHECK(to_phh(r) == "d dh p1 ??Kd");
    CHECK(read_action("# a comment").commentary);
    CHECK(read_action("  ").commentary);  // a blank entry of a history is skipped, as before
    decimal_amount amount;
    const recorded_action raise = read_action("p2 cbr 3.25", &amount);
    CHECK(amount.digits == 325);
    CHECK(amount.fraction == 2);
    CHECK(in_units(amount, 3) == chips{3250});
    CHECK_FALSE(in_units(amount, 1));
    recorded_action scaled = raise;
    scaled.act.amount = 325;
    CHECK(to_phh(scaled, 2) == "p2 cbr 3.25");
    CHECK_THROWS_AS(read_action("p2 cbr 1e3", &amount), notation_error);
}

TEST_CASE("a seat's view writes another seat's hidden deal and discard as ??, and reads back") {
    hand_state h{hand_config::standard("badugi", betting_structure::fixed_limit, 3, 100), 9};
    std::vector<std::string> texts;
    for (const action& a : h.view_for(0).history)
        if (std::string t = to_phh(a); !t.empty()) texts.push_back(t);
    CHECK(std::find(texts.begin(), texts.end(), "d dh p2 ????????") != texts.end());
    for (const std::string& t : texts) {
        CAPTURE(t);
        const recorded_action r = read_action(t);
        CHECK(r.is_action());
        if (t.starts_with("d dh p2")) CHECK(r.unknown == 0b1111);
    }
    // Play to the first draw: another seat's discard is how many, not which.
    xoshiro256ss rng{4};
    while (h.current_phase() != phase::drawing) h.apply(random_action(h, rng));
    while (h.current_phase() == phase::drawing && h.to_act() == 0) h.apply(random_action(h, rng));
    const int seat = *h.to_act();
    const CardList held = h.hole_cards(seat).cards;
    h.apply(action::discard(seat, CardList{held[0], held[1]}));
    const seat_view v = h.view_for(seat == 0 ? 1 : 0);
    const std::string written = to_phh(v.history.back());
    CHECK(written == "p" + std::to_string(seat + 1) + " sd ????");
    CHECK(read_action(written).unknown == 0b11);
}

TEST_CASE("rule profiles as text: named ones by name, a custom one in full, both read back") {
    for (const rule_profile& p : {rule_profile::wsop_2024(), rule_profile::roberts(), rule_profile::pokerkit()}) {
        CHECK(rule_profile_text(p) == p.name);
        CHECK(parse_rule_profile(rule_profile_text(p)) == p);
        CHECK(parse_rule_profile(rule_profile_text_in_full(p)) == p);
    }
    rule_profile house = rule_profile::roberts();
    house.name = std::string("the house, 2026");  // a name that outlives no temporary
    house.fixed_limit_bets = 4;
    house.odd_chip = rule_profile::stud_odd_chip::seat_order;
    const std::string text = rule_profile_text(house);
    CHECK(text.starts_with("the%20house%2C%202026 fixed_limit_half_bet_rule="));
    CHECK(parse_rule_profile(text) == house);
    // Renamed, each built-in profile is written in full and read back whole:
    // every field that differs from wsop-2024's must be in the text.
    for (rule_profile p : {rule_profile::roberts(), rule_profile::pokerkit()}) {
        p.name = "copy of " + p.name;
        CHECK(parse_rule_profile(rule_profile_text(p)) == p);
    }
    CHECK_THROWS_AS(parse_rule_profile("house no_such_field=1"), notation_error);
    CHECK_THROWS_AS(parse_rule_profile("house fixed_limit_bets=-1"), notation_error);
    CHECK_THROWS_AS(parse_rule_profile(""), notation_error);
}

TEST_CASE("serialize and restore: a custom profile round-trips, version 1 still reads, errors name the version") {
    hand_config c = hand_config::standard("stud", betting_structure::fixed_limit, 4, 200);
    {
        std::string name = "custom-house rules";  // dies before the hand is compared
        c.rules.name = name;
    }
    c.rules.fixed_limit_bets = 3;
    c.rules.reshuffle_current_discards = true;
    hand_state h{c, 77};
    xoshiro256ss rng{5};
    for (int i = 0; i < 4 && !h.is_complete(); ++i) h.apply(random_action(h, rng));
    const std::string text = serialize(h);
    CHECK(text.starts_with("pokerengine-hand 2\n"));
    CHECK(restore(text) == h);
    CHECK(hand_state::restore(h.serialize()) == h);
    CHECK(restore(text).config().rules.name == "custom-house rules");

    // Version 1: the profile's fields by position; a named profile keeps its name.
    hand_state named{hand_config::standard("holdem", betting_structure::no_limit, 3, 200), 3};
    named.apply(action::check_or_call_by(2));
    const std::string v1 = "pokerengine-hand 1\ngame holdem\nstructure no-limit\nmode tournament\n"
                           "profile wsop-2024 1 5 5 1 2 1 1 0 0 0 0 0 0 0\nantes -\nante_trimming 0\n"
                           "blinds 1,2,0\nlive_posts -\nbring_in 0\nstakes 2 4 2\nstacks 200,200,200\n"
                           "dealing seeded 3\np3 cc\n";
    CHECK(restore(v1) == named);

    auto error_of = [](const std::string& t) {
        try {
            (void)restore(t);
        } catch (const notation_error& e) {
            CHECK(e.code() == notation_error_code::bad_saved_hand);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("pokerengine-hand 7\n") ==
          "restore: version '7' is not known (this library reads versions 1 and 2)");
    CHECK(error_of("hello\n").find("not a serialized hand") != std::string::npos);
}

TEST_CASE("PHH records the rule profile and reads it back; replay's own profile overrides it") {
    hand_config c = hand_config::standard("holdem", betting_structure::fixed_limit, 3, 100);
    c.rules = rule_profile::roberts();
    const hand_state h = played(c, 12);
    const std::string text = write_phh(h);
    CHECK(text.find("_rule_profile = 'roberts'\n") != std::string::npos);
    const recorded_hand read = read_phh(text, "roberts.phh").at(0);
    CHECK(read.config.rules == rule_profile::roberts());
    CHECK(read.warnings.empty());
    const replay_result as_played = replay(read);
    REQUIRE(as_played.ok);
    CHECK(as_played.state->config().rules == rule_profile::roberts());
    CHECK(write_phh(*as_played.state) == text);
    const replay_result overridden = replay(read, {rule_profile::pokerkit(), false});
    CHECK(overridden.state->config().rules == rule_profile::pokerkit());
    CHECK(write_phh(played(hand_config::standard("holdem", betting_structure::no_limit, 3, 100), 12))
              .find("_rule_profile") == std::string::npos);  // the default profile is not written
    std::string bad = text;
    bad.replace(bad.find("'roberts'"), 9, "'house bad=1'");
    CHECK_THROWS_WITH_AS(read_phh(bad, "bad.phh"), "bad.phh, hand 0: _rule_profile: unknown field 'bad'", phh_error);
}

TEST_CASE("draw games with every card unknown: all draws, a reshuffle, stand-ins never repeat") {
    // Six seats of a five-card game deal 30 cards; three draws of many cards
    // reach past the 52-card deck, so the dealer reshuffles the discards.
    int reshuffles = 0, hands = 0;
    for (const game_traits& t : all_games()) {
        if (t.family != game_family::draw) continue;
        for (std::uint64_t seed = 1; seed <= 25; ++seed) {
            const int players = 2 + static_cast<int>(seed % 5);
            const hand_config c = hand_config::standard(t.name, betting_structure::fixed_limit, players, 1000);
            const hand_state original = played(c, seed);
            const std::string text = write_phh(original);
            int discarded = 0;
            for (const action& a : original.history())
                if (a.what == action::kind::stand_pat_or_discard) discarded += static_cast<int>(a.cards.size());
            const int dealt = players * static_cast<int>(original.hole_cards(0).cards.size());
            reshuffles += dealt + discarded > deck_cards(t.deck).size() - 3;
            CAPTURE(t.name);
            CAPTURE(seed);
            for (bool shows : {true, false}) {
                const std::string hidden = all_unknown(text, shows);
                CAPTURE(hidden);
                const replay_result r = replay(read_phh(hidden, "unknown.phh").at(0));
                INFO(r.code, ": ", r.error);
                REQUIRE(r.ok);
                REQUIRE(r.state->is_complete());
                auto decisions = [](const hand_state& h) {
                    return std::count_if(h.history().begin(), h.history().end(),
                                         [](const action& a) { return a.is_seat_decision(); });
                };
                CHECK(decisions(*r.state) == decisions(original));
                if (shows) {
                    // The cards shown are the cards held at the end: every pot is decided as it was.
                    CHECK(r.undetermined.empty());
                    CHECK(stacks_of(*r.state) == stacks_of(original));
                }
                ++hands;
            }
        }
    }
    CHECK(hands > 0);
    CHECK(reshuffles > 0);
}
