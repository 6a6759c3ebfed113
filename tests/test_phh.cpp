// PHH hand histories: reading (decimal money, .phhs tables, unknown keys,
// errors that name the file, hand and action), writing, and the round trip
// write -> read -> replay for seeded random hands of every game.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerengine/phh.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

std::vector<chips> stacks_of(const hand_state& h) { return {h.stacks().begin(), h.stacks().end()}; }

CardSet set_of(std::string_view cards) {
    CardSet set;
    for (Card c : parse_cards(cards)) set |= c;
    return set;
}

// `text` with the first `from` replaced by `to`.
std::string with(std::string text, std::string_view from, std::string_view to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.substr(0, at) + std::string(to) + text.substr(at + from.size());
}

// A seeded random hand's PHH text with the cards of the actions `hide` picks written as `??`.
template <class Pick>
std::string hidden_cards(const hand_state& original, Pick&& hide) {
    std::string text = write_phh(original);
    for (std::size_t at = 0; (at = text.find('\'', at)) != std::string::npos;) {
        const std::size_t end = text.find('\'', at + 1);
        std::string action = text.substr(at + 1, end - at - 1);
        if (hide(action)) {
            const std::size_t cards = action.rfind(' ') + 1;
            action.replace(cards, std::string::npos, action.size() - cards, '?');
            text.replace(at + 1, end - at - 1, action);
        }
        at = text.find('\'', at + 1) + 1;
    }
    return text;
}

// The replay of a hand with p1's cards partly hidden: every pot not
// undetermined ends as in the original, and only pots p1 contested are undetermined.
void check_determined_pots(const hand_state& original, const replay_result& r) {
    const hand_result was = original.result();
    std::vector<chips> expected = stacks_of(original);
    for (std::size_t p : r.undetermined) {
        REQUIRE(std::find(was.pots[p].eligible.begin(), was.pots[p].eligible.end(), 0) != was.pots[p].eligible.end());
        for (const pot_share& share : was.pots[p].shares)
            for (std::size_t k = 0; k < share.winners.size(); ++k) expected[share.winners[k]] -= share.won[k];
    }
    const hand_result now = r.state->result();
    std::vector<chips> got = stacks_of(*r.state);
    for (std::size_t p : r.undetermined)
        for (const pot_share& share : now.pots[p].shares)
            for (std::size_t k = 0; k < share.winners.size(); ++k) got[share.winners[k]] -= share.won[k];
    CHECK(got == expected);
}

const char* const decimal_hand = R"(
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.50, 1]   # heads-up: p1 posts 1, p2 (the button) 0.50
min_bet = 1
starting_stacks = [100.50, 200.25]
_venue = 'a home game'
event = "unknown to the engine"
time = 00:00:26
actions = [
  'd dh p1 AsAd', "d dh p2 KsKd",
  'p2 cbr 3.25',
  '# a comment',
  'p1 cbr 100.50',
  'p2 cc',
  'p1 sm AsAd',
  'p2 sm KsKd',
  'd db 2c7d9h',
  'd db Jc',
  'd db 3s',
]
finishing_stacks = [201.00, 99.75]
)";

}  // namespace

TEST_CASE("money is read from its decimal text; the unit is the finest fraction used") {
    const std::vector<phh_hand> hands = read_phh(decimal_hand, "decimal.phh");
    REQUIRE(hands.size() == 1);
    const phh_hand& h = hands[0];
    CHECK(h.variant == "NT");
    CHECK(traits_of(h.config.game).name == "holdem");
    CHECK(h.config.structure == betting_structure::no_limit);
    CHECK(h.decimals == 2);
    CHECK(h.config.starting_stacks == std::vector<chips>{10050, 20025});
    // PHH lists the big blind first heads-up; the engine's array is in seat order
    CHECK(h.config.forced.blinds_or_straddles == std::vector<chips>{100, 50});
    CHECK(h.config.limits.min_bet == 100);
    CHECK(to_phh(h.actions[2]) == "p2 cbr 325");
    CHECK(h.action_texts[2] == "p2 cbr 3.25");
    REQUIRE(h.finishing_stacks);
    CHECK(*h.finishing_stacks == std::vector<chips>{20100, 9975});
    SUBCASE("unknown keys are kept") {
        bool venue = false, event = false;
        for (const auto& [key, value] : h.other_fields) {
            venue |= key == "_venue" && value.find("a home game") != std::string::npos;
            event |= key == "event";
        }
        CHECK(venue);
        CHECK(event);
        CHECK(h.warnings.empty());  // `event` is one of the standard's optional fields, `_venue` a user field
        const phh_hand odd = read_phh(with(decimal_hand, "_venue", "venue_name"), "odd.phh").at(0);
        REQUIRE(odd.warnings.size() == 1);
        CHECK(odd.warnings[0] == "unknown field 'venue_name' kept (the standard's user-defined fields start with '_')");
    }
    SUBCASE("it replays to the recorded stacks") {
        const replay_result r = replay(h);
        REQUIRE(r.ok);
        REQUIRE(r.state->is_complete());
        CHECK(stacks_of(*r.state) == *h.finishing_stacks);
        CHECK(money_text(r.state->stacks()[0], h.decimals) == "201.00");
        CHECK(money_text(r.state->stacks()[1], h.decimals) == "99.75");
    }
    SUBCASE("written back in the file's unit") {
        const replay_result r = replay(h);
        const std::string text = write_phh(*r.state, h.decimals);
        CHECK(text.find("starting_stacks = [100.50, 200.25]") != std::string::npos);
        CHECK(text.find("blinds_or_straddles = [0.50, 1.00]") != std::string::npos);
        CHECK(text.find("'p2 cbr 3.25'") != std::string::npos);
        CHECK(text.find("finishing_stacks = [201.00, 99.75]") != std::string::npos);
    }
}

TEST_CASE("money_text") {
    CHECK(money_text(206740, 2) == "2067.40");
    CHECK(money_text(125945025, 2) == "1259450.25");
    CHECK(money_text(5, 2) == "0.05");
    CHECK(money_text(0, 3) == "0.000");
    CHECK(money_text(42, 0) == "42");
}

TEST_CASE(".phhs: the tables in numeric order, each its own hand") {
    std::string text;
    for (int n : {10, 2, 1}) {
        text += '[';
        text += std::to_string(n);
        text += "]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n";
        text += "starting_stacks = [";
        text += std::to_string(100 * n);
        text += ", 200, 200]\nactions = ['d dh p1 7h2c', 'd dh p2 8d3s', 'd dh p3 AsKs', 'p3 f', 'p1 f']\n\n";
    }
    const std::vector<phh_hand> hands = read_phh(text, "three.phhs");
    REQUIRE(hands.size() == 3);
    CHECK(hands[0].table == "1");
    CHECK(hands[1].table == "2");
    CHECK(hands[2].table == "10");
    CHECK(hands[2].index == 2);
    CHECK(hands[2].config.starting_stacks[0] == 1000);
    for (const phh_hand& h : hands) {
        const replay_result r = replay(h);
        REQUIRE(r.ok);
        CHECK(stacks_of(*r.state) ==
              std::vector<chips>{h.config.starting_stacks[0] - 1, 201, 200});  // a walk for the big blind
    }
}

TEST_CASE("reading errors name the file and the hand") {
    auto error_of = [](const std::string& text) {
        try {
            read_phh(text, "bad.phh");
        } catch (const phh_error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("variant = 'NT'\nantes = [0, 0]\n") ==
          "bad.phh, hand 0: the required field 'starting_stacks' is missing");
    CHECK(error_of("variant = 'XX'\n").find("unknown variant 'XX'") != std::string::npos);
    CHECK(error_of("variant = 'NT'\nantes = [0, 0\n").starts_with("bad.phh: line "));
    const std::string base = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nactions = []\n";
    CHECK(error_of(base + "antes = [0, 0]\nstarting_stacks = [1e3, 200]\n").find("no exponents") != std::string::npos);
    CHECK(error_of(base + "antes = [0, 0]\nstarting_stacks = [0.0000000001, 200]\n").find("9 decimal places") !=
          std::string::npos);
    CHECK(error_of(base + "antes = 'none'\nstarting_stacks = [200, 200]\n").find("antes must be an array") !=
          std::string::npos);
    CHECK(error_of("variant = 'x-five-card-draw'\n").find("_betting_structure") != std::string::npos);
}

TEST_CASE("an amount in an action that is not a number names the action") {
    const std::string text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                             "starting_stacks = [200, 200]\n"
                             "actions = ['d dh p1 7h2c', 'd dh p2 8d3s', 'p2 cc', 'p1 cbr 1e3']\n";
    try {
        read_phh(text, "amount.phh");
        FAIL("no error");
    } catch (const phh_error& e) {
        REQUIRE(e.action());
        CHECK(*e.action() == 3);
        CHECK(e.action_text() == "p1 cbr 1e3");
        CHECK(std::string(e.what()) == "amount.phh, hand 0: action 3 'p1 cbr 1e3': the amount: '1e3' is not a plain "
                                       "decimal amount (no exponents, inf or nan)");
    }
}

TEST_CASE("phh_document: a hand whose fields are wrong fails alone") {
    std::string text;
    for (int n : {1, 2, 3}) {
        text += "[" + std::to_string(n) + "]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n";
        if (n != 2) text += "min_bet = 2\n";
        text += "starting_stacks = [200, 200]\nactions = ['d dh p1 7h2c', 'd dh p2 8d3s', 'p2 f']\n";
    }
    for (bool general : {false, true}) {
        phh_read_options options;
        options.general_toml_reader = general;
        const phh_document document{text, "three.phhs", options};
        REQUIRE(document.size() == 3);
        CHECK(replay(document.hand(0)).ok);
        CHECK_THROWS_WITH_AS(document.hand(1), "three.phhs, hand 1 [2]: the required field 'min_bet' is missing",
                             phh_error);
        CHECK(replay(document.hand(2)).ok);
        CHECK_THROWS_AS(read_phh(text, "three.phhs", options), phh_error);
    }
}

TEST_CASE("replay stops at the first refused action, naming its index, text and code") {
    const char* const text = R"(
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 7h2c', 'd dh p2 8d3s', 'd dh p3 AsKs', 'p3 cbr 300', 'p1 cc']
)";
    const phh_hand h = read_phh(text, "over.phh").at(0);
    const replay_result r = replay(h);
    CHECK_FALSE(r.ok);
    REQUIRE(r.action);
    CHECK(*r.action == 3);
    CHECK(r.action_text == "p3 cbr 300");
    CHECK(r.code == "above_maximum");
    CHECK(r.error.find("player 3 cannot raise to 300") != std::string::npos);
    const phh_hand twice = read_phh(with(text, "8d3s", "7h3s"), "twice.phh").at(0);
    const replay_result t = replay(twice);
    CHECK(t.code == "card_already_dealt");
    CHECK(*t.action == 1);
    const phh_hand unknown = read_phh(with(text, "8d3s", "\?\?\?\?"), "u.phh").at(0);
    CHECK(replay(unknown).code == "above_maximum");  // unknown cards play on, to the refused raise
}

TEST_CASE("unknown cards: stand-ins, cards shown later, undetermined showdowns") {
    // p1 and p2 are dealt unknown cards; p1 folds, p2 calls down against AsKs.
    const std::string text = R"(
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AsKs', 'p3 cbr 6', 'p1 f', 'p2 cc',
  'd db 2c7d9h', 'p2 cc', 'p3 cbr 10', 'p2 cc', 'd db Jc', 'p2 cc', 'p3 cc', 'd db 3s', 'p2 cc', 'p3 cc',
  'p2 sm QhQd', 'p3 sm AsKs']
)";
    SUBCASE("cards shown at the showdown are the cards dealt: the pot is decided") {
        const replay_result r = replay(read_phh(text, "u.phh").at(0));
        REQUIRE(r.ok);
        REQUIRE(r.state->is_complete());
        CHECK(r.undetermined.empty());
        CHECK(stacks_of(*r.state) == std::vector<chips>{199, 217, 184});  // QQ holds: 16 + 16 + 1 to p2
        CHECK(r.state->hole_cards(1).all() == set_of("QhQd"));
        CHECK(r.stand_ins.size() == 2);  // p1's, folded
        CHECK((r.stand_ins & set_of("QhQdAsKs2c7d9hJc3s")).empty());
        const std::string written = write_phh(*r.state, 0, r.stand_ins);
        CHECK(written.find("'d dh p1 \?\?\?\?'") != std::string::npos);
        CHECK(written.find("'d dh p2 QhQd'") != std::string::npos);
    }
    SUBCASE("a showdown of unknown cards is undetermined, not guessed") {
        const replay_result r = replay(read_phh(with(text, "p2 sm QhQd", "p2 sm \?\?\?\?"), "u.phh").at(0));
        REQUIRE(r.ok);
        REQUIRE(r.state->is_complete());
        REQUIRE(r.undetermined.size() == 1);
        CHECK(r.undetermined[0] == 0);
        CHECK(r.stand_ins.size() == 4);
    }
    SUBCASE("a seat whose unknown cards fold away decides nothing") {
        const std::string folded = text.substr(0, text.find("'p2 cc'")) + "'p2 f']\n";
        const replay_result r = replay(read_phh(folded, "u.phh").at(0));
        INFO(r.error);
        REQUIRE(r.ok);
        CHECK(r.undetermined.empty());
        CHECK(stacks_of(*r.state) == std::vector<chips>{199, 198, 203});
    }
}

TEST_CASE("unknown cards: a discard of unknown cards by a seat dealt by name keeps the cards it shows") {
    // p1 is dealt AcJd5h8sKc, throws two cards it does not name, draws 2h7s and shows AcJdKc2h7s:
    // the cards thrown can only be 5h and 8s.
    const std::string text = R"(
variant = 'x-five-card-draw'
_betting_structure = 'fixed-limit'
antes = [0, 0]
blinds_or_straddles = [2, 5]
small_bet = 5
big_bet = 10
starting_stacks = [284, 390]
actions = ['d dh p1 AcJd5h8sKc', 'd dh p2 ??????????', 'p2 cc', 'p1 cc', 'p1 sd ????', 'p2 sd', 'd dh p1 2h7s',
  'p1 cbr 10', 'p2 cc', 'p1 sm AcJdKc2h7s', 'p2 sm']
)";
    const replay_result r = replay(read_phh(text, "d.phh").at(0));
    INFO(r.code, ": ", r.error, " (action '", r.action_text, "')");
    REQUIRE(r.ok);
    REQUIRE(r.state->is_complete());
    CHECK(r.state->hole_cards(0).all() == set_of("AcJdKc2h7s"));
    CHECK(stacks_of(*r.state) == std::vector<chips>{299, 375});
}

TEST_CASE("unknown cards: a hand with one seat's cards hidden replays to the same determined chips") {
    // Every game but stud (whose up cards decide who acts): write a seeded
    // random hand, hide every card of p1 (deals, discards, shows), replay.
    // Pots p1 did not contest end as they did; pots it contested with
    // others are undetermined, never given by guesswork.
    int undetermined = 0, hands = 0;
    for (const game_traits& t : all_games()) {
        if (t.family == game_family::stud) continue;
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            hand_config c = hand_config::standard(t.name, betting_structure::fixed_limit, 2 + static_cast<int>(seed % 4), 200);
            hand_state original{c, seed};
            xoshiro256ss rng{seed * 31};
            while (!original.is_complete()) original.apply(random_action(original, rng));
            const std::string text = hidden_cards(original, [](const std::string& action) {
                return action.starts_with("d dh p1 ") || action.starts_with("p1 sd ") ||
                       (action.starts_with("p1 sm ") && action != "p1 sm -");
            });
            CAPTURE(text);
            const replay_result r = replay(read_phh(text, "hidden.phh").at(0));
            INFO(r.code, ": ", r.error, " (action '", r.action_text, "')");
            REQUIRE(r.ok);
            REQUIRE(r.state->is_complete());
            check_determined_pots(original, r);
            undetermined += !r.undetermined.empty();
            ++hands;
        }
    }
    CHECK(undetermined > 0);        // some showdowns involved p1
    CHECK(undetermined < hands);    // and many did not
}

TEST_CASE("unknown cards: discards not named by a seat dealt by name are deduced or leave its hand unknown") {
    // Draw games: write a seeded random hand, hide p1's discards (its deals stay
    // named), and also its shown hand or not. When p1 shows by name, its discards
    // are the cards it no longer holds: every pot ends as it did. When it does not,
    // which cards it kept is not known: pots it contests are undetermined, the
    // others end as they did.
    int undetermined = 0, hands = 0;
    for (const game_traits& t : all_games()) {
        if (t.deal.draws == 0) continue;
        for (const bool hide_show : {false, true}) {
            for (std::uint64_t seed = 1; seed <= 40; ++seed) {
                const int seats = 2 + static_cast<int>(seed % 4);
                hand_config c = hand_config::standard(t.name, betting_structure::fixed_limit, seats, 200);
                hand_state original{c, seed};
                xoshiro256ss rng{seed * 37};
                while (!original.is_complete()) original.apply(random_action(original, rng));
                const std::string text = hidden_cards(original, [&](const std::string& action) {
                    return (action.starts_with("p1 sd ") && action != "p1 sd ") ||
                           (hide_show && action.starts_with("p1 sm ") && action != "p1 sm -");
                });
                CAPTURE(text);
                const replay_result r = replay(read_phh(text, "hidden.phh").at(0));
                INFO(r.code, ": ", r.error, " (action '", r.action_text, "')");
                REQUIRE(r.ok);
                REQUIRE(r.state->is_complete());
                if (!hide_show) CHECK(r.undetermined.empty());
                check_determined_pots(original, r);
                undetermined += !r.undetermined.empty();
                ++hands;
            }
        }
    }
    CHECK(undetermined > 0);
    CHECK(undetermined < hands);
}

TEST_CASE("write, read and replay: every game and structure, seeded random hands") {
    for (const game_traits& t : all_games()) {
        for (betting_structure structure :
             {betting_structure::fixed_limit, betting_structure::pot_limit, betting_structure::no_limit}) {
            for (std::uint64_t seed = 1; seed <= 40; ++seed) {
                const int players = 2 + static_cast<int>(seed % 5);
                hand_config c = hand_config::standard(t.name, structure, players, seed % 3 == 0 ? 25 : 200);
                c.forced.bring_in = std::min<chips>(c.forced.bring_in, 1);
                hand_state original{c, seed};
                xoshiro256ss rng{seed * 77};
                while (!original.is_complete()) original.apply(random_action(original, rng));
                const std::string text = write_phh(original);
                CAPTURE(text);
                const std::vector<phh_hand> hands = read_phh(text, "round-trip.phh");
                REQUIRE(hands.size() == 1);
                CHECK(hands[0].variant == phh_variant(c.game, structure));
                const replay_result r = replay(hands[0]);
                INFO(r.code, ": ", r.error, " (action '", r.action_text, "')");
                REQUIRE(r.ok);
                REQUIRE(r.state->is_complete());
                CHECK(stacks_of(*r.state) == stacks_of(original));
                CHECK(write_phh(*r.state) == text);
                phh_read_options general;
                general.general_toml_reader = true;  // toml++ reads the same hand
                const phh_hand by_toml = read_phh(text, "round-trip.phh", general).at(0);
                CHECK(by_toml.actions == hands[0].actions);
                CHECK(by_toml.config.starting_stacks == hands[0].config.starting_stacks);
                CHECK(by_toml.finishing_stacks == hands[0].finishing_stacks);
            }
        }
    }
}

TEST_CASE("a muck gives up only the pots still contested") {
    // p4 is all-in for 15: the main pot (45) is p1's, p2's and p4's, the side
    // pot (362) p1's and p2's. p1 mucks first, so p2 holds the side pot alone;
    // p2's own muck then gives up only the main pot, to p4.
    const std::string text = R"(
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 30, 15]
actions = ['d dh p1 Td2d', 'd dh p2 7d2s', 'd dh p3 QdQs', 'd dh p4 Ac7s',
  'p3 f', 'p4 cbr 4', 'p1 cc', 'p2 cbr 69', 'p4 cc', 'p1 cbr 134', 'p2 cc',
  'd db 4h9h4s', 'p1 cbr 56', 'p2 cc', 'd db Qc', 'p1 cc', 'p2 cbr 6', 'p1 cc',
  'd db 7h', 'p1 cc', 'p2 cc', 'p1 sm', 'p2 sm']
)";
    const replay_result r = replay(read_phh(text, "muck.phh").at(0));
    REQUIRE(r.ok);
    CHECK(stacks_of(*r.state) == std::vector<chips>{4, 366, 30, 45});
    const hand_result result = r.state->result();
    REQUIRE(result.pots.size() == 2);
    CHECK(result.pots[0].amount == 45);
    CHECK(result.pots[0].eligible == std::vector<std::size_t>{3});
    CHECK(result.pots[1].amount == 362);
    CHECK(result.pots[1].eligible == std::vector<std::size_t>{1});
    SUBCASE("when the short all-in seat mucks, its pot and the side pot are one") {
        // a cash game, where an all-in hand may be mucked
        const std::string shown =
            "_play_mode = 'cash-game'\n" + with(text, "'p1 sm', 'p2 sm'", "'p1 sm Td2d', 'p2 sm 7d2s', 'p4 sm'");
        const replay_result s = replay(read_phh(shown, "merge.phh").at(0));
        REQUIRE(s.ok);
        const hand_result merged = s.state->result();
        REQUIRE(merged.pots.size() == 1);
        CHECK(merged.pots[0].amount == 407);
        CHECK(merged.pots[0].eligible == std::vector<std::size_t>{0, 1});
        CHECK(stacks_of(*s.state) == std::vector<chips>{4, 411, 30, 0});  // p2: sevens and fours
    }
}

namespace {

// A walk for the big blind at table [n], the button's stack 100 n.
std::string walk_table(int n) {
    return "[" + std::to_string(n) +
           "]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
           "starting_stacks = [200, 200, " +
           std::to_string(100 * n) + "]\nactions = ['d dh p1 7h2c', 'd dh p2 8d3s', 'd dh p3 AsKs', 'p3 f', 'p1 f']\n\n";
}

// Every table of `text` as a stream cuts it, `block` bytes at a time.
std::vector<phh_table_text> tables_of(const std::string& text, std::size_t block) {
    std::istringstream in{text};
    phh_stream stream{in, "s.phhs", {}, block};
    std::vector<phh_table_text> all;
    for (auto tables = stream.next(2); !tables.empty(); tables = stream.next(2))
        all.insert(all.end(), tables.begin(), tables.end());
    return all;
}

// Where `header` is in `text`: " (line L, byte B)", counted here by hand.
std::string position_of(const std::string& text, const std::string& header) {
    const std::size_t at = text.find(header);
    REQUIRE(at != std::string::npos);
    return " (line " + std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
           ", byte " + std::to_string(at) + ")";
}

}  // namespace

TEST_CASE("phh_stream: the tables of a .phhs cut in blocks of any size, each where it starts") {
    std::string text = "# five walks\n\n";
    for (int n = 1; n <= 5; ++n) text += walk_table(n);
    const std::vector<phh_hand> whole = read_phh(text, "s.phhs");
    for (std::size_t block : {1, 2, 7, 64, 100000}) {
        CAPTURE(block);
        std::istringstream in{text};
        phh_stream stream{in, "s.phhs", {}, block};
        CHECK(stream.bytes_total() == text.size());
        std::size_t count = 0;
        for (auto tables = stream.next(2); !tables.empty(); tables = stream.next(2)) {
            CHECK(tables.size() <= 2);
            for (const phh_table_text& t : tables) {
                const std::string header = "[" + std::to_string(count + 1) + "]\n";
                CHECK(t.name == std::to_string(count + 1));
                CHECK(t.index == count);
                CHECK(" (line " + std::to_string(t.line) + ", byte " + std::to_string(t.offset) + ")" ==
                      position_of(text, header));
                const phh_hand h = stream.hand(t);
                CHECK(h.table == whole[count].table);
                CHECK(h.actions == whole[count].actions);
                CHECK(h.config.starting_stacks == whole[count].config.starting_stacks);
                CHECK(h.warnings.empty());
                ++count;
            }
        }
        CHECK(count == 5);
        CHECK(stream.bytes_read() == text.size());
    }
}

TEST_CASE("phh_stream: a bad hand is an error naming its line and byte; the others read") {
    std::string text;
    for (int n = 1; n <= 4; ++n) text += walk_table(n);
    text = with(text, "[2]\nvariant = 'NT'", "[2]\nvariant = 'N\x01T'");  // a control character
    text.resize(text.size() - 20);                                         // the last table cut short
    const std::vector<phh_table_text> tables = tables_of(text, 16);
    REQUIRE(tables.size() == 4);
    std::istringstream unused;
    const phh_stream stream{unused, "s.phhs"};
    CHECK(stream.hand(tables[0]).table == "1");
    CHECK(stream.hand(tables[2]).table == "3");
    const auto error_of = [&](const phh_table_text& t) -> std::string {
        try {
            (void)stream.hand(t);
        } catch (const phh_error& e) {
            return e.what();
        }
        return "no error";
    };
    // The bad byte is on the line after the header [2], counted in the whole file.
    const std::string second = position_of(text, "[2]\n");
    const std::string variant_line = std::to_string(std::stoi(second.substr(7)) + 1);
    CHECK(error_of(tables[1]).starts_with("s.phhs, hand 1 [2]" + second + ": line " + variant_line + ", column"));
    CHECK(error_of(tables[3]).starts_with("s.phhs, hand 3 [4]" + position_of(text, "[4]\n") + ": "));
}

TEST_CASE("phh_stream: tables out of order, text before the tables, a document of one hand") {
    SUBCASE("a table whose number is not above the one before is read in its place, with a warning") {
        const std::string text = walk_table(2) + walk_table(1) + walk_table(3);
        const std::vector<phh_table_text> tables = tables_of(text, 5);
        REQUIRE(tables.size() == 3);
        std::istringstream unused;
        const phh_stream stream{unused, "s.phhs"};
        CHECK(stream.hand(tables[0]).warnings.empty());
        CHECK(stream.hand(tables[1]).warnings ==
              std::vector<std::string>{"table [1] comes after [2]: the hands of a streamed file are replayed in file order"});
        CHECK(stream.hand(tables[2]).warnings.empty());
    }
    SUBCASE("fields before the first table: an error that is not a hand") {
        const std::string text = "variant = 'NT'\n" + walk_table(1);
        const std::vector<phh_table_text> tables = tables_of(text, 3);
        REQUIRE(tables.size() == 2);
        CHECK(tables[0].before_tables);
        CHECK(tables[1].index == 0);
        std::istringstream unused;
        const phh_stream stream{unused, "s.phhs"};
        CHECK_THROWS_WITH_AS(stream.hand(tables[0]), "s.phhs (line 1, byte 0): fields before the first table [N]",
                             phh_error);
        CHECK(stream.hand(tables[1]).table == "1");
    }
    SUBCASE("a document without tables is one hand, as read_phh reads it") {
        const std::vector<phh_table_text> tables = tables_of(decimal_hand, 10);
        REQUIRE(tables.size() == 1);
        std::istringstream unused;
        const phh_stream stream{unused, "decimal.phh"};
        const phh_hand h = stream.hand(tables[0]);
        CHECK(h.actions == read_phh(decimal_hand, "decimal.phh").at(0).actions);
        CHECK(h.decimals == 2);
    }
}

TEST_CASE("replay_stream: input order whatever the threads; the caller's exception stops it") {
    std::string text;
    for (int n = 1; n <= 50; ++n) text += walk_table(n);
    // The truth: each hand read whole and replayed in turn.
    std::string expected;
    for (const phh_hand& h : read_phh(text, "s.phhs")) {
        const replay_result r = replay(h);
        expected += h.table + ":" + std::to_string(r.state->stacks()[2]) + "\n";
    }
    const auto report = [](const streamed_hand& s) {
        REQUIRE(s.hand);
        return s.hand->table + ":" + std::to_string(s.result->state->stacks()[2]) + "\n";
    };
    for (unsigned threads : {1U, 2U, 5U}) {
        CAPTURE(threads);
        std::istringstream in{text};
        phh_stream stream{in, "s.phhs", {}, 100};
        std::string written;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
        stream_run_options run{threads, 7, [&](std::uint64_t done, std::uint64_t total) { reports.emplace_back(done, total); }};
        const std::uint64_t hands =
            replay_stream(stream, {}, report, [&](std::string_view block) { written += block; }, run);
        CHECK(hands == 50);
        CHECK(written == expected);
        REQUIRE(!reports.empty());
        CHECK(reports.back() == std::pair<std::uint64_t, std::uint64_t>{text.size(), text.size()});
    }
    SUBCASE("an exception of the report reaches the caller; the blocks before it were written") {
        std::istringstream in{text};
        phh_stream stream{in, "s.phhs"};
        std::string written;
        const auto failing = [&](const streamed_hand& s) -> std::string {
            if (s.table.index == 20) throw std::runtime_error("stop at 20");
            return report(s);
        };
        CHECK_THROWS_WITH_AS(replay_stream(stream, {}, failing, [&](std::string_view b) { written += b; },
                                           stream_run_options{2, 7, nullptr}),
                             "stop at 20", std::runtime_error);
        CHECK(written == expected.substr(0, written.size()));
        CHECK(std::count(written.begin(), written.end(), '\n') == 14);  // two blocks of 7
    }
    SUBCASE("an exception of the progress report stops the run") {
        std::istringstream in{text};
        phh_stream stream{in, "s.phhs"};
        const auto stop = [](std::uint64_t, std::uint64_t) { throw std::runtime_error("cancelled"); };
        CHECK_THROWS_WITH_AS(replay_stream(stream, {}, report, [](std::string_view) {}, stream_run_options{2, 7, stop}),
                             "cancelled", std::runtime_error);
    }
}
