// Importing room histories: recognising a room by its first lines, reading a
// real PokerStars or Full Tilt hand and an ACPC dealer's line into seats, actions and the
// room's results, and the verdicts ok, mismatch (naming the seat), error
// (naming the line) and unsupported. The expected results are worked by hand
// from the records, in the comments.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "pokerengine/import.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

namespace {

// Hand 109690806574 of PokerStars, from tests/import/pokerstars/ok/CashGame-GeneralHands-SidePot.txt
// (HHSmithy/PokerHandHistoryParser, MIT licence), with a separator line before it.
constexpr std::string_view side_pot =
    "*********** # 1 **************\n"
    "PokerStars Game #109690806574:  Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06 11:19:47 ET\n"
    "Table 'Skat III 100-250 bb, Ante' 6-max Seat #5 is the button\n"
    "Seat 1: Shupstix ($10.58 in chips) \n"
    "Seat 2: lold.lold ($11.12 in chips) \n"
    "Seat 3: T_Leroy ($25.96 in chips) \n"
    "Seat 4: SW_KaiZ\xE2\x82\xACR ($15.80 in chips) \n"
    "Seat 5: pak87 ($25.60 in chips) \n"
    "Seat 6: ilya44rus ($14.57 in chips) \n"
    "ilya44rus: posts small blind $0.05\n"
    "Shupstix: posts big blind $0.10\n"
    "Shupstix: posts the ante $0.02\n"
    "lold.lold: posts the ante $0.02\n"
    "T_Leroy: posts the ante $0.02\n"
    "SW_KaiZ\xE2\x82\xACR: posts the ante $0.02\n"
    "pak87: posts the ante $0.02\n"
    "ilya44rus: posts the ante $0.02\n"
    "*** HOLE CARDS ***\n"
    "lold.lold: folds \n"
    "lold.lold leaves the table\n"
    "T_Leroy: raises $0.10 to $0.20\n"
    "SW_KaiZ\xE2\x82\xACR: folds \n"
    "pak87: folds \n"
    "NastiKate joins the table at seat #2 \n"
    "ilya44rus: raises $0.70 to $0.90\n"
    "Shupstix: calls $0.80\n"
    "T_Leroy: raises $1.20 to $2.10\n"
    "ilya44rus: calls $1.20\n"
    "Shupstix: calls $1.20\n"
    "*** FLOP *** [8c 6c 9s]\n"
    "ilya44rus: bets $3.10\n"
    "Shupstix: raises $5.36 to $8.46 and is all-in\n"
    "T_Leroy: calls $8.46\n"
    "ilya44rus: raises $3.99 to $12.45 and is all-in\n"
    "T_Leroy: calls $3.99\n"
    "*** TURN *** [8c 6c 9s] [7h]\n"
    "*** RIVER *** [8c 6c 9s 7h] [3c]\n"
    "*** SHOW DOWN ***\n"
    "ilya44rus: shows [Qd Qc] (a pair of Queens)\n"
    "T_Leroy: shows [Kc Ks] (a pair of Kings)\n"
    "T_Leroy collected $7.91 from side pot\n"
    "Shupstix: mucks hand \n"
    "T_Leroy collected $30.37 from main pot\n"
    "*** SUMMARY ***\n"
    "Total pot $39.78 Main pot $30.37. Side pot $7.91. | Rake $1.50 \n"
    "Board [8c 6c 9s 7h 3c]\n"
    "Seat 1: Shupstix (big blind) mucked\n"
    "Seat 3: T_Leroy showed [Kc Ks] and won ($38.28) with a pair of Kings\n";

// Hand 124689908714 of PokerStars, from tests/import/pokerstars/ok/CashGame-PlayerTests-RunItTwice.txt
// (without its byte order mark): pot-limit Omaha run twice on the river.
constexpr std::string_view run_twice =
    "PokerStars Hand #124689908714:  Omaha Pot Limit ($10/$20 USD) - 2014/11/08 0:40:18 WET [2014/11/07 19:40:18 ET]\n"
    "Table 'Pomona III' 6-max Seat #1 is the button\n"
    "Seat 1: jedimaster82 ($1000 in chips) \n"
    "Seat 2: OneMoreSpin ($1859.80 in chips) \n"
    "Seat 3: FLATC@T ($2000 in chips) \n"
    "Seat 4: KENZA_MILOU ($1000 in chips) \n"
    "Seat 5: Legheliel ($2000 in chips) \n"
    "Seat 6: danfiu ($2000 in chips) \n"
    "OneMoreSpin: posts small blind $10\n"
    "FLATC@T: posts big blind $20\n"
    "*** HOLE CARDS ***\n"
    "Dealt to OneMoreSpin [Qh 3c Ks 7c]\n"
    "KENZA_MILOU: raises $40 to $60\n"
    "Legheliel: calls $60\n"
    "danfiu: folds \n"
    "jedimaster82: folds \n"
    "OneMoreSpin: folds \n"
    "FLATC@T: raises $190 to $250\n"
    "KENZA_MILOU: calls $190\n"
    "Legheliel: raises $760 to $1010\n"
    "FLATC@T said, \"hehe\"\n"
    "FLATC@T: calls $760\n"
    "KENZA_MILOU: calls $750 and is all-in\n"
    "*** FLOP *** [3d Kd 9h]\n"
    "FLATC@T: checks \n"
    "Legheliel: checks \n"
    "*** TURN *** [3d Kd 9h] [8h]\n"
    "FLATC@T: bets $990 and is all-in\n"
    "Legheliel said, \"hero-fold\"\n"
    "Legheliel: folds \n"
    "Uncalled bet ($990) returned to FLATC@T\n"
    "*** FIRST RIVER *** [3d Kd 9h 8h] [4s]\n"
    "*** SECOND RIVER *** [3d Kd 9h 8h] [Kc]\n"
    "*** FIRST SHOW DOWN ***\n"
    "FLATC@T: shows [Jd Ts Qd Qs] (a pair of Queens)\n"
    "FLATC@T collected $10 from side pot\n"
    "KENZA_MILOU: shows [7s 9s 7h Jh] (a pair of Nines)\n"
    "FLATC@T collected $1503.50 from main pot\n"
    "*** SECOND SHOW DOWN ***\n"
    "FLATC@T: shows [Jd Ts Qd Qs] (two pair, Kings and Queens)\n"
    "FLATC@T collected $10 from side pot\n"
    "KENZA_MILOU: shows [7s 9s 7h Jh] (two pair, Kings and Nines)\n"
    "FLATC@T collected $1503.50 from main pot\n"
    "*** SUMMARY ***\n"
    "Total pot $3030 Main pot $3007. Side pot $20. | Rake $3 \n"
    "Hand was run twice\n"
    "FIRST Board [3d Kd 9h 8h 4s]\n"
    "SECOND Board [3d Kd 9h 8h Kc]\n"
    "Seat 1: jedimaster82 (button) folded before Flop (didn't bet)\n"
    "Seat 2: OneMoreSpin (small blind) folded before Flop\n"
    "Seat 3: FLATC@T (big blind) showed [Jd Ts Qd Qs] and won ($1513.50) with a pair of Queens, and won ($1513.50) with two pair, Kings and Queens\n"
    "Seat 4: KENZA_MILOU showed [7s 9s 7h Jh] and lost with a pair of Nines, and lost with two pair, Kings and Nines\n"
    "Seat 5: Legheliel folded on the Turn\n"
    "Seat 6: danfiu folded before Flop (didn't bet)\n";

// `text` with the first `from` replaced by `to`.
std::string with(std::string_view text, std::string_view from, std::string_view to) {
    std::string s(text);
    const std::size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
}

// Whether the hand's PHH actions hold `text` ("d dh p2 ????6s").
bool has_action(const imported_hand& h, std::string_view text) {
    return std::find(h.hand.action_texts.begin(), h.hand.action_texts.end(), text) != h.hand.action_texts.end();
}

imported_hand only_hand(std::string_view text) {
    const std::vector<imported_hand> hands = find_reader("pokerstars")->read(text, "hand.txt");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

// A real seven-card stud hand of PokerStars (scott-ad-riley/poker-hand-parser, test/fixtures/stud.txt,
// ISC License; tests/import/pokerstars/README.md), unchanged.
constexpr std::string_view stud_hand =
    "PokerStars Hand #182639671213:  7 Card Stud Limit ($0.10/$0.20 USD) - 2018/02/17 16:08:46 WET [2018/02/17 11:08:46 ET]\n"
    "Table 'Amalia II' 8-max\n"
    "Seat 1: rorrrr ($4 in chips) \n"
    "Seat 3: drachensüss ($2 in chips) \n"
    "rorrrr: posts the ante $0.02\n"
    "drachensüss: posts the ante $0.02\n"
    "*** 3rd STREET ***\n"
    "Dealt to rorrrr [Kh Ah Js]\n"
    "Dealt to drachensüss [6s]\n"
    "drachensüss: brings in for $0.04\n"
    "rorrrr: raises $0.06 to $0.10\n"
    "drachensüss: calls $0.06\n"
    "*** 4th STREET ***\n"
    "Dealt to rorrrr [Kh Ah Js] [5c]\n"
    "Dealt to drachensüss [6s] [Qh]\n"
    "drachensüss: checks \n"
    "rorrrr: bets $0.10\n"
    "drachensüss: calls $0.10\n"
    "*** 5th STREET ***\n"
    "Dealt to rorrrr [Kh Ah Js 5c] [3s]\n"
    "Dealt to drachensüss [6s Qh] [Kc]\n"
    "drachensüss: checks \n"
    "rorrrr: checks \n"
    "*** 6th STREET ***\n"
    "Dealt to rorrrr [Kh Ah Js 5c 3s] [5h]\n"
    "Dealt to drachensüss [6s Qh Kc] [4h]\n"
    "rorrrr: bets $0.20\n"
    "drachensüss: calls $0.20\n"
    "*** RIVER ***\n"
    "Dealt to rorrrr [Kh Ah Js 5c 3s 5h] [8d]\n"
    "rorrrr: checks \n"
    "drachensüss: checks \n"
    "*** SHOW DOWN ***\n"
    "rorrrr: shows [Kh Ah Js 5c 3s 5h 8d] (a pair of Fives)\n"
    "drachensüss: mucks hand \n"
    "rorrrr collected $0.80 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $0.84 | Rake $0.04 \n"
    "Seat 1: rorrrr showed [Kh Ah Js 5c 3s 5h 8d] and won ($0.80) with a pair of Fives\n"
    "Seat 3: drachensüss mucked [8h 7h 6s Qh Kc 4h Ad]\n";

// A triple draw hand in PokerStars' words, written for these tests (the lines of the room's draw
// games as public histories show them; the amounts worked by hand: a pot of 16.50, rake 0.80).
constexpr std::string_view triple_draw_hand =
    "PokerStars Hand #200000000001:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2019/01/01 10:00:00 ET\n"
    "Table 'Test' 6-max Seat #1 is the button\n"
    "Seat 1: clynchh ($50 in chips)\n"
    "Seat 2: toky909 ($50 in chips)\n"
    "Seat 3: James UK7 ($50 in chips)\n"
    "toky909: posts small blind $0.50\n"
    "James UK7: posts big blind $1\n"
    "*** DEALING HANDS ***\n"
    "Dealt to clynchh [7s 3c 8d Qs 9c]\n"
    "clynchh: calls $1\n"
    "toky909: folds\n"
    "James UK7: checks\n"
    "*** FIRST DRAW ***\n"
    "James UK7: discards 2 cards\n"
    "clynchh: discards 2 cards [Qs 9c]\n"
    "Dealt to clynchh [7s 3c 8d] [As 5h]\n"
    "James UK7: checks\n"
    "clynchh: bets $1\n"
    "James UK7: calls $1\n"
    "*** SECOND DRAW ***\n"
    "James UK7: discards 1 card\n"
    "clynchh: discards 1 card [As]\n"
    "Dealt to clynchh [7s 3c 8d 5h] [9s]\n"
    "James UK7: checks\n"
    "clynchh: bets $2\n"
    "James UK7: raises $2 to $4\n"
    "clynchh: calls $2\n"
    "*** THIRD DRAW ***\n"
    "James UK7: stands pat\n"
    "clynchh: discards 1 card [9s]\n"
    "Dealt to clynchh [7s 3c 8d 5h] [4s]\n"
    "James UK7: bets $2\n"
    "clynchh: calls $2\n"
    "*** SHOW DOWN ***\n"
    "James UK7: shows [2h 6s 4c 3s 7d] (Lo: 7,6,4,3,2)\n"
    "clynchh: mucks hand\n"
    "James UK7 collected $15.70 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $16.50 | Rake $0.80\n"
    "Seat 1: clynchh (button) mucked [7s 3c 8d 5h 4s]\n"
    "Seat 2: toky909 (small blind) folded before the Draw\n"
    "Seat 3: James UK7 (big blind) showed [2h 6s 4c 3s 7d] and won ($15.70) with Lo: 7,6,4,3,2\n";

// A five-card draw hand in the words of older PokerStars histories (the discards before "*** DRAW ***",
// the history owner's without its cards), written for these tests; worked by hand: a pot of 0.30, rake 0.02.
constexpr std::string_view five_card_draw_hand =
    "PokerStars Hand #200000000002:  5 Card Draw Limit ($0.05/$0.10 USD) - 2009/11/25 19:17:00 ET\n"
    "Table 'Test' 6-max Seat #1 is the button\n"
    "Seat 1: Ann ($0.47 in chips)\n"
    "Seat 2: Hero ($2.84 in chips)\n"
    "Seat 3: Bob ($3.90 in chips)\n"
    "Hero: posts small blind $0.02\n"
    "Bob: posts big blind $0.05\n"
    "*** DEALING HANDS ***\n"
    "Dealt to Hero [Ac Jd 5h 8s Kc]\n"
    "Ann: folds\n"
    "Hero: calls $0.03\n"
    "Bob: checks\n"
    "Hero: discards 2\n"
    "Bob: stands pat\n"
    "*** DRAW ***\n"
    "Dealt to Hero [Ac Jd Kc] [2h 7s]\n"
    "Hero: bets $0.10\n"
    "Bob: calls $0.10\n"
    "*** SHOW DOWN ***\n"
    "Hero: shows [Ac Jd Kc 2h 7s] (high card Ace)\n"
    "Bob: mucks hand\n"
    "Hero collected $0.28 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $0.30 | Rake $0.02\n";

// A real GGPoker hand with an EV Cashout (tests/import/ggpoker/ok/CashGame-HandActionTests-ReceivesCashout.txt,
// MIT License; tests/import/ggpoker/README.md), unchanged.
constexpr std::string_view ggpoker_cash_out =
    "Poker Hand #HD2281523: Hold'em No Limit  ($0.25/$0.5) - 2019/01/11 09:15:06\n"
    "Table 'NLHBronze21' 6-max Seat #1 is the button\n"
    "Seat 1: c12290be ($22 in chips)\n"
    "Seat 2: 1xfd8bbx ($123.61 in chips)\n"
    "Seat 3: 88989dfa ($116.2 in chips)\n"
    "Seat 4: fdfa4dax ($7 in chips)\n"
    "Seat 5: fdac21ts ($52.5 in chips)\n"
    "Seat 6: Hero ($95.82 in chips)\n"
    "1xfd8bbx: posts small blind $0.25\n"
    "88989dfa: posts big blind $0.5\n"
    "*** HOLE CARDS ***\n"
    "Dealt to c12290be \n"
    "Dealt to 1xfd8bbx \n"
    "Dealt to 88989dfa \n"
    "Dealt to fdfa4dax \n"
    "Dealt to fdac21ts \n"
    "Dealt to Hero [2h 8h]\n"
    "fdfa4dax: calls $0.5\n"
    "fdac21ts: raises $1.32 to $1.82\n"
    "Hero: folds\n"
    "c12290be: folds\n"
    "1xfd8bbx: folds\n"
    "88989dfa: calls $1.32\n"
    "fdfa4dax: raises $5.18 to $7 and is all-in\n"
    "fdac21ts: folds\n"
    "88989dfa: calls $5.18\n"
    "fdfa4dax: shows [Ah 5h]\n"
    "88989dfa: shows [6s 6d]\n"
    "*** FLOP *** [Ts Qc 4d]\n"
    "*** TURN *** [Ts Qc 4d] [9h]\n"
    "*** RIVER *** [Ts Qc 4d 9h] [Ac]\n"
    "88989dfa: Receives Cashout ($9.98)\n"
    "*** SHOWDOWN ***\n"
    "fdfa4dax collected $14.8 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $16.07 | Rake $0.77 | Jackpot $0.5 | Bingo $0\n"
    "Board [Ts Qc 4d 9h Ac]\n"
    "Seat 1: c12290be (button) folded before Flop (didn't bet)\n"
    "Seat 2: 1xfd8bbx (small blind) folded before Flop\n"
    "Seat 3: 88989dfa (big blind) showed [6s 6d] and lost with Pair of Sixes, EV Cashout ($9.98)\n"
    "Seat 4: fdfa4dax showed [Ah 5h] and won ($14.8) with Pair of Aces\n"
    "Seat 5: fdac21ts folded before Flop\n"
    "Seat 6: Hero folded before Flop (didn't bet)\n";

constexpr std::string_view nolimit_2p =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr std::string_view nolimit_3p =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\nblind = 50 100 0\n"
    "firstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

}  // namespace

TEST_CASE("a room is recognised by its first lines") {
    REQUIRE(find_reader("pokerstars") != nullptr);
    CHECK(find_reader("nowhere") == nullptr);
    CHECK(detect_reader(side_pot) == find_reader("pokerstars"));
    CHECK(detect_reader("\xEF\xBB\xBF" "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD)\n") == find_reader("pokerstars"));
    CHECK(detect_reader("STATE:0:cc//:AsKs|2c2d/...\n") == nullptr);  // ACPC logs need their game definition
    CHECK(detect_reader("Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em\n") == find_reader("fulltilt"));
    CHECK(detect_reader("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01\xE2\x82\xAC/0.02\xE2\x82\xAC)\n") ==
          find_reader("winamax"));
    CHECK(detect_reader("Poker Hand #RC1234567: Hold'em No Limit ($0.01/$0.02) - 2024/01/01 10:00:00\n") ==
          find_reader("ggpoker"));
    CHECK(detect_reader("Poker Hand RC1234567 Hold'em\n") == nullptr);
    CHECK(acpc_reader(nolimit_2p)->recognizes("# name/game/hands/seed m g 1 7\nSTATE:0:f:AsKs|2c2d:50|-50:A|B\n"));
}

TEST_CASE("a PokerStars hand: seats from the button, forced bets, the room's results") {
    const imported_hand h = only_hand(side_pot);
    CHECK(h.room == "pokerstars");
    CHECK(h.id == "109690806574");
    CHECK(h.game == "Hold'em No Limit");
    CHECK(h.first_line == 2);
    // The button is seat 5: the small blind (seat 6) is the engine's seat 0.
    CHECK(h.players == std::vector<std::string>{"ilya44rus", "Shupstix", "lold.lold", "T_Leroy",
                                                "SW_KaiZ\xE2\x82\xACR", "pak87"});
    const hand_config& c = h.hand.config;
    CHECK(h.hand.decimals == 2);
    CHECK(c.mode == play_mode::cash_game);
    CHECK(c.starting_stacks == std::vector<chips>{1457, 1058, 1112, 2596, 1580, 2560});
    CHECK(c.forced.blinds_or_straddles == std::vector<chips>{5, 10, 0, 0, 0, 0});
    CHECK(c.forced.antes == std::vector<chips>{2, 2, 2, 2, 2, 2});
    CHECK(c.limits.min_bet == 10);
    CHECK(h.rake == 150);
    // By hand: T_Leroy puts in 0.02 + 2.10 + 8.46 + 3.99 = 14.57 and collects 7.91 + 30.37 = 38.28: +23.71.
    // ilya44rus and Shupstix lose their stacks; the others their antes.
    CHECK(h.recorded_results == std::vector<chips>{-1457, -1058, -2, 2371, -2, -2});
    const import_check verdict = check(h);
    CHECK(verdict.status == import_status::ok);
    CHECK(verdict.reason.empty());
    // The engine pays T_Leroy the whole pot of 39.78 (net +25.21); the room took the rake from it.
    CHECK(verdict.results == h.recorded_results);
    REQUIRE(verdict.replayed.state);
    CHECK(verdict.replayed.state->stacks()[3] == 2596 + 2521);
}

TEST_CASE("the game and stakes of a mixed game's header") {
    // The header of a mixed game names the game and stakes in parentheses (the same hand, its header changed).
    const imported_hand h = only_hand(with(side_pot, "Hold'em No Limit ($0.05/$0.10 USD)",
                                           "Mixed NLH/PLO (Hold'em No Limit, $0.05/$0.10 USD)"));
    CHECK(h.game == "Hold'em No Limit");
    CHECK(h.hand.config.limits.min_bet == 10);
    CHECK(check(h).status == import_status::ok);
}

TEST_CASE("a PokerStars stud hand: antes, the bring-in, each street's cards, the hands known at the end") {
    const imported_hand h = only_hand(stud_hand);
    CHECK(h.game == "7 Card Stud Limit");
    CHECK(h.players == std::vector<std::string>{"rorrrr", "drachens\xC3\xBCss"});  // by seat number: no button
    const hand_config& c = h.hand.config;
    CHECK(c.game.index() == find_game("stud").index());
    CHECK(c.structure == betting_structure::fixed_limit);
    CHECK(c.forced.antes == std::vector<chips>{2, 2});
    CHECK(c.forced.bring_in == 4);
    CHECK(c.forced.blinds_or_straddles.empty());
    CHECK(c.limits.small_bet == 10);
    CHECK(c.limits.big_bet == 20);
    // By hand: rorrrr puts in 0.02 + 0.10 + 0.10 + 0.20 = 0.42 and collects 0.80; drachensüss loses 0.42.
    CHECK(h.recorded_results == std::vector<chips>{38, -42});
    CHECK(h.rake == 4);
    // The mucked hand is in the summary, in the order dealt: its down cards are dealt as they were.
    CHECK(has_action(h, "d dh p2 8h7h6s"));
    CHECK(has_action(h, "d dh p2 Ad"));
    CHECK(has_action(h, "p2 pb"));
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);

    SUBCASE("without the summary's cards the other hand's down cards stay unknown") {
        const imported_hand u = only_hand(with(stud_hand, "mucked [8h 7h 6s Qh Kc 4h Ad]", "mucked"));
        CHECK(has_action(u, "d dh p2 ????6s"));
        CHECK(has_action(u, "d dh p2 ??"));
        CHECK(check(u).status == import_status::ok);
    }
    SUBCASE("a completion written as such") {
        CHECK(check(only_hand(with(stud_hand, "rorrrr: raises $0.06 to $0.10", "rorrrr: completes it to $0.10"))).status ==
              import_status::ok);
    }
    SUBCASE("an up card the summary contradicts is an error naming the line") {
        const import_check e = check(only_hand(with(stud_hand, "Dealt to drachens\xC3\xBCss [6s Qh] [Kc]",
                                                    "Dealt to drachens\xC3\xBCss [6s Qh] [Kd]")));
        CHECK(e.status == import_status::error);
        CHECK(e.reason == "line 40: drachens\xC3\xBCss's cards at the end are not those dealt: Kc where 5th street dealt Kd");
    }
    SUBCASE("streets out of order, a community card, a wrong count") {
        const import_check order = check(only_hand(with(stud_hand, "*** 4th STREET ***", "*** 5th STREET ***")));
        CHECK(order.status == import_status::error);
        CHECK(order.reason == "line 13: a street out of order: '*** 5th STREET ***'");
        const import_check river = check(only_hand(with(stud_hand, "*** RIVER ***", "*** RIVER *** [2d]")));
        CHECK(river.status == import_status::unsupported);
        const import_check count = check(only_hand(with(stud_hand, "Dealt to drachens\xC3\xBCss [6s]\n",
                                                        "Dealt to drachens\xC3\xBCss [6s 2d]\n")));
        CHECK(count.status == import_status::error);
        CHECK(count.reason.find("is dealt 2 cards on 3rd street, where the game deals 3") != std::string::npos);
    }
    SUBCASE("cards dealt to nobody seated, or before the 3rd street") {
        const import_check nobody = check(only_hand(with(stud_hand, "Dealt to drachens\xC3\xBCss [6s]\n",
                                                         "Dealt to nobody [6s]\n")));
        CHECK(nobody.status == import_status::error);
        CHECK(nobody.reason == "line 9: cards dealt to a player not seated: 'Dealt to nobody [6s]'");
        const import_check early = check(only_hand(with(stud_hand, "*** 3rd STREET ***\n", "")));
        CHECK(early.status == import_status::error);
        CHECK(early.reason == "line 7: cards dealt before the 3rd street: 'Dealt to rorrrr [Kh Ah Js]'");
    }
}

TEST_CASE("a PokerStars draw hand: discards known and unknown, the new cards, a hand shown after the draws") {
    const imported_hand h = only_hand(triple_draw_hand);
    CHECK(h.game == "Triple Draw 2-7 Lowball Limit");
    CHECK(h.hand.config.game.index() == find_game("deuce-to-seven-triple-draw").index());
    // By hand: James UK7 puts in 1 + 1 + 4 + 2 = 8 and collects 15.70; clynchh 8; toky909 0.50.
    CHECK(h.recorded_results == std::vector<chips>{-50, 770, -800});
    CHECK(has_action(h, "d dh p3 7s3c8dQs9c"));  // the history's owner, seat 3 from the button
    CHECK(has_action(h, "p2 sd ????"));          // another player's discard: how many, not which
    CHECK(has_action(h, "p3 sd Qs9c"));
    CHECK(has_action(h, "d dh p3 As5h"));        // the new cards of "Dealt to clynchh [7s 3c 8d] [As 5h]"
    CHECK(has_action(h, "p2 sd"));               // stands pat
    CHECK(has_action(h, "p2 sm 2h6s4c3s7d"));    // shown after the last draw
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);

    SUBCASE("the cards named must be as many as discarded") {
        const imported_hand e = only_hand(with(triple_draw_hand, "discards 2 cards [Qs 9c]", "discards 2 cards [Qs]"));
        CHECK(e.read_status == import_status::error);
        CHECK(check(e).reason == "line 15: 2 cards discarded, 1 named: 'clynchh: discards 2 cards [Qs]'");
    }
    SUBCASE("draws in order, and no discard before the first") {
        const import_check order = check(only_hand(with(triple_draw_hand, "*** FIRST DRAW ***", "*** SECOND DRAW ***")));
        CHECK(order.status == import_status::error);
        CHECK(order.reason == "line 13: a draw out of order: '*** SECOND DRAW ***'");
        const import_check early = check(only_hand(with(triple_draw_hand, "clynchh: calls $1", "clynchh: stands pat")));
        CHECK(early.status == import_status::error);
        CHECK(early.reason == "line 10: a discard before the draw: 'clynchh: stands pat'");
    }
    SUBCASE("a discard that is no number, new cards without a discard") {
        const import_check number = check(only_hand(with(triple_draw_hand, "James UK7: discards 2 cards", "James UK7: discards two cards")));
        CHECK(number.status == import_status::error);
        CHECK(number.reason == "line 14: not a number of cards discarded: 'James UK7: discards two cards'");
        const import_check none = check(only_hand(with(triple_draw_hand, "clynchh: discards 2 cards [Qs 9c]\n", "")));
        CHECK(none.status == import_status::error);
        CHECK(none.reason == "line 15: new cards without a discard: 'Dealt to clynchh [7s 3c 8d] [As 5h]'");
    }
    SUBCASE("discards before the draw's header; the cards kept name a discard the record does not") {
        const imported_hand d = only_hand(five_card_draw_hand);
        CHECK(has_action(d, "p1 sd 5h8s"));
        CHECK(has_action(d, "d dh p1 2h7s"));
        const import_check dv = check(d);
        CHECK(dv.status == import_status::ok);
        CHECK(dv.results == std::vector<chips>{13, -15, 0});
        const imported_hand e = only_hand(with(five_card_draw_hand, "[Ac Jd Kc] [2h 7s]", "[Ac Jd 9c] [2h 7s]"));
        CHECK(e.read_status == import_status::error);
        CHECK(check(e).reason ==
              "line 16: the cards kept are not those held less those discarded: 'Dealt to Hero [Ac Jd 9c] [2h 7s]'");
    }
    SUBCASE("the history's owner standing pat") {
        std::string pat = with(triple_draw_hand, "clynchh: discards 1 card [9s]\nDealt to clynchh [7s 3c 8d 5h] [4s]\n",
                               "clynchh: stands pat\nDealt to clynchh [7s 3c 8d 5h 9s]\n");
        const imported_hand p = only_hand(pat);
        CHECK(check(p).status == import_status::ok);
        const imported_hand e = only_hand(with(pat, "Dealt to clynchh [7s 3c 8d 5h 9s]", "Dealt to clynchh [7s 3c 8d 5h 9d]"));
        CHECK(check(e).reason == "line 31: a hand that stood pat is not the hand held: 'Dealt to clynchh [7s 3c 8d 5h 9d]'");
    }
    SUBCASE("a changed new card contradicts the discards that follow") {
        const import_check e = check(only_hand(with(triple_draw_hand, "[7s 3c 8d] [As 5h]", "[7s 3c 8d] [Ad 5h]")));
        CHECK(e.status == import_status::error);
    }
}

// A real PokerStars cap game hand (ItalyToast/PokerHandHistoryParser, MIT; tests/import/pokerstars/README.md),
// unchanged but for its byte-order mark: both players reach the $80 cap before the flop and run it twice.
constexpr std::string_view pokerstars_cap_hand =
    "PokerStars Hand #133974380110:  Hold'em No Limit ($2/$4 - $80 Cap -  USD) - 2015/04/19 11:46:35 ET\n"
    "Table 'Gemma II' 6-max Seat #2 is the button\n"
    "Seat 1: willybeer22 ($385.96 in chips) \n"
    "Seat 2: fede_carita ($78.98 in chips) \n"
    "Seat 3: Gamz11 ($433.06 in chips) \n"
    "Seat 4: bobloblaw87 ($102.94 in chips) \n"
    "Seat 5: nobre13 ($150 in chips) \n"
    "Seat 6: Garnerus ($156.39 in chips) \n"
    "Gamz11: posts small blind $2\n"
    "bobloblaw87: posts big blind $4\n"
    "*** HOLE CARDS ***\n"
    "nobre13: folds \n"
    "Garnerus: raises $4 to $8\n"
    "willybeer22: folds \n"
    "fede_carita: folds \n"
    "Gamz11: raises $72 to $80 and has reached the $80 cap\n"
    "bobloblaw87: folds \n"
    "Garnerus: calls $72 and has reached the $80 cap\n"
    "*** FIRST FLOP *** [Qd Qs 4h]\n"
    "*** FIRST TURN *** [Qd Qs 4h] [Ts]\n"
    "*** FIRST RIVER *** [Qd Qs 4h Ts] [7s]\n"
    "*** SECOND FLOP *** [6s 8h 6h]\n"
    "*** SECOND TURN *** [6s 8h 6h] [Td]\n"
    "*** SECOND RIVER *** [6s 8h 6h Td] [6c]\n"
    "*** FIRST SHOW DOWN ***\n"
    "Gamz11: shows [Ad Ks] (a pair of Queens)\n"
    "Garnerus: shows [Kh Ac] (a pair of Queens)\n"
    "Gamz11 collected $40.30 from pot\n"
    "Garnerus collected $40.30 from pot\n"
    "*** SECOND SHOW DOWN ***\n"
    "Gamz11: shows [Ad Ks] (three of a kind, Sixes)\n"
    "Garnerus: shows [Kh Ac] (three of a kind, Sixes)\n"
    "Gamz11 collected $40.30 from pot\n"
    "Garnerus collected $40.30 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $164 | Rake $2.80 \n"
    "Hand was run twice\n"
    "FIRST Board [Qd Qs 4h Ts 7s]\n"
    "SECOND Board [6s 8h 6h Td 6c]\n"
    "Seat 1: willybeer22 folded before Flop (didn't bet)\n"
    "Seat 2: fede_carita (button) folded before Flop (didn't bet)\n"
    "Seat 3: Gamz11 (small blind) showed [Ad Ks] and won ($40.30) with a pair of Queens, and won ($40.30) with three of a kind, Sixes\n"
    "Seat 4: bobloblaw87 (big blind) folded before Flop\n"
    "Seat 5: nobre13 folded before Flop (didn't bet)\n"
    "Seat 6: Garnerus showed [Kh Ac] and won ($40.30) with a pair of Queens, and won ($40.30) with three of a kind, Sixes\n";

TEST_CASE("a PokerStars cap game: the header's cap, two players at it, the board run twice") {
    const imported_hand h = only_hand(pokerstars_cap_hand);
    CHECK(h.hand.config.cap == 8000);
    const import_check v = check(h);
    REQUIRE(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    CHECK(v.replayed.state->boards().size() == 2);
    // Gamz11 (p1) keeps the $353.06 of his $433.06 above the cap and takes back half of the $164 pot.
    CHECK(v.replayed.state->stacks()[0] == 43306 - 8000 + 8200);
    SUBCASE("a cap other than the header's is an error") {
        const imported_hand off = only_hand(with(pokerstars_cap_hand, "reached the $80 cap\nbobloblaw87",
                                                 "reached the $60 cap\nbobloblaw87"));
        CHECK(off.read_status == import_status::error);
        CHECK(off.reason == "line 16: a cap other than the header's: 'Gamz11: raises $72 to $80 and has reached the $60 cap'");
    }
    SUBCASE("a player short of the cap who says he reached it is an error") {
        const imported_hand off = only_hand(with(with(pokerstars_cap_hand, "Garnerus: calls $72 and has", "Garnerus: calls $70 and has"),
                                                 "Total pot $164", "Total pot $162"));
        CHECK(off.read_status == import_status::error);
        CHECK(off.reason == "line 18: the player has put 78.00 in, not the cap of 80.00");
    }
    SUBCASE("the cap in a game with none is an error") {
        const imported_hand off = only_hand(with(pokerstars_cap_hand, " - $80 Cap - ", " - "));
        CHECK(off.read_status == import_status::error);
        CHECK(off.reason.starts_with("line 16: a cap reached in a game with no cap"));
    }
    SUBCASE("a cap that is no amount, and a cap line that is not one, are errors") {
        const imported_hand header = only_hand(with(pokerstars_cap_hand, " - $80 Cap - ", " - eighty Cap - "));
        CHECK(header.read_status == import_status::error);
        CHECK(header.reason.starts_with("line 1: a cap that is not an amount: "));
        const imported_hand line = only_hand(with(pokerstars_cap_hand, "reached the $80 cap\nbobloblaw87",
                                                  "reached the $80 ceiling\nbobloblaw87"));
        CHECK(line.read_status == import_status::error);
        CHECK(line.reason.starts_with("line 16: not a cap reached: "));
    }
}

// PokerStars' All-in Cash Out in the room's words (its lines as public histories show them: "NAME
// cashed out the hand for $X | Cash Out Fee $Y", a summary's "(cashed out)" and "(pot not awarded as
// player cashed out)"), written for these tests; the amounts worked by hand. alpha's aces are all-in
// before the flop against charlie; alpha cashes out for $12.59. The pot is $16.05, the rake $0.45.
constexpr std::string_view cash_out_hand =
    "PokerStars Hand #250000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/02 20:15:00 ET\n"
    "Table 'Testa' 6-max Seat #1 is the button\n"
    "Seat 1: alpha ($10 in chips)\n"
    "Seat 2: bravo ($12.40 in chips)\n"
    "Seat 3: charlie ($8 in chips)\n"
    "bravo: posts small blind $0.05\n"
    "charlie: posts big blind $0.10\n"
    "*** HOLE CARDS ***\n"
    "alpha: raises $0.20 to $0.30\n"
    "bravo: folds\n"
    "charlie: raises $7.70 to $8 and is all-in\n"
    "alpha: calls $7.70\n"
    "*** FLOP *** [Kd 7s 2c]\n"
    "*** TURN *** [Kd 7s 2c] [9h]\n"
    "*** RIVER *** [Kd 7s 2c 9h] [4d]\n"
    "*** SHOW DOWN ***\n"
    "charlie: shows [Kh Ks] (three of a kind, Kings)\n"
    "alpha: shows [Ac Ad] (a pair of Aces)\n"
    "charlie collected $15.60 from pot\n"
    "alpha cashed out the hand for $12.59 | Cash Out Fee $0.13\n"
    "*** SUMMARY ***\n"
    "Total pot $16.05 | Rake $0.45\n"
    "Board [Kd 7s 2c 9h 4d]\n"
    "Seat 1: alpha (button) showed [Ac Ad] and lost with a pair of Aces (cashed out)\n"
    "Seat 2: bravo (small blind) folded before Flop\n"
    "Seat 3: charlie (big blind) showed [Kh Ks] and won ($15.60) with three of a kind, Kings\n";

// The same, but alpha's aces hold: the pot alpha wins goes to the room.
std::string cash_out_winner_hand() {
    std::string text = with(cash_out_hand, "[Kh Ks] (three of a kind, Kings)", "[Qh Qs] (a pair of Queens)");
    text = with(text, "charlie collected $15.60 from pot\n", "");
    text = with(text, "showed [Ac Ad] and lost with a pair of Aces (cashed out)",
                "showed [Ac Ad] and won ($15.60) with a pair of Aces (pot not awarded as player cashed out)");
    return with(text, "showed [Kh Ks] and won ($15.60) with three of a kind, Kings",
                "showed [Qh Qs] and lost with a pair of Queens");
}

TEST_CASE("PokerStars' All-in Cash Out: the payment beside the pots, a pot not awarded to the player who cashed out") {
    // Seats from the button's left: bravo, charlie, alpha.
    SUBCASE("the player who cashed out loses: the winner collects the pot, the room pays the cash-out") {
        // alpha puts in 8 and is paid 12.59: +4.59; charlie puts in 8 and collects 15.60: +7.60.
        const imported_hand h = only_hand(cash_out_hand);
        CHECK(h.cash_outs == std::vector<chips>{0, 0, 1259});
        CHECK(h.recorded_results == std::vector<chips>{-5, 760, 459});
        const import_check v = check(h);
        REQUIRE(v.status == import_status::ok);
        CHECK(v.results == h.recorded_results);
    }
    SUBCASE("the player who cashed out wins: the pot goes to the room") {
        // alpha's aces win the 16.05 pot (15.60 after the rake), which the room keeps: the room pays
        // 12.59 and takes 15.60, -3.01 beside the pots; alpha's result is still 12.59 - 8 = +4.59.
        const imported_hand h = only_hand(cash_out_winner_hand());
        CHECK(h.cash_outs == std::vector<chips>{0, 0, 1259 - 1560});
        CHECK(h.recorded_results == std::vector<chips>{-5, -800, 459});
        const import_check v = check(h);
        REQUIRE(v.status == import_status::ok);
        CHECK(v.results == h.recorded_results);
        // The pot not awarded must be the engine's pot less the rake.
        const import_check off = check(only_hand(with(cash_out_winner_hand(), "won ($15.60)", "won ($15.90)")));
        CHECK(off.status == import_status::mismatch);
    }
    SUBCASE("lines that do not hold together are errors naming them") {
        const imported_hand fee = only_hand(with(cash_out_hand, " | Cash Out Fee $0.13", ""));
        CHECK(fee.read_status == import_status::error);
        CHECK(fee.reason == "line 20: a cash-out without its fee: 'alpha cashed out the hand for $12.59'");
        const imported_hand other =
            only_hand(with(cash_out_winner_hand(), "alpha cashed out the hand for $12.59 | Cash Out Fee $0.13\n", ""));
        CHECK(other.read_status == import_status::error);
        CHECK(other.reason.starts_with("line 22: a pot not awarded to a player who did not cash out"));
        const imported_hand words = only_hand(with(cash_out_hand, "Cash Out Fee $0.13", "Cash Out Fee $0.13 thanks"));
        CHECK(words.read_status == import_status::error);
        CHECK(words.reason.starts_with("line 20: words after the cash-out fee: "));
        const imported_hand unnamed = only_hand(with(cash_out_winner_hand(), "won ($15.60)", "won (all)"));
        CHECK(unnamed.read_status == import_status::error);
        CHECK(unnamed.reason.starts_with("line 23: a pot not awarded without its amount: "));
    }
}

TEST_CASE("a dead small blind and a live big blind posted by a returning player") {
    // The same hand with the button (pak87) posting both blinds, $0.15, and folding: by hand, its
    // 0.10 is live (a post that does not move the first to act) and its 0.05 dead money, like an
    // ante; the main pot and T_Leroy's collection grow by 0.15 (30.37 + 0.15 = 30.52).
    std::string text = with(side_pot, "pak87: posts the ante $0.02\n", "pak87: posts the ante $0.02\npak87: posts small & big blinds $0.15\n");
    text = with(text, "collected $30.37 from main pot", "collected $30.52 from main pot");
    const imported_hand h = only_hand(text);
    CHECK(h.hand.config.forced.antes == std::vector<chips>{2, 2, 2, 2, 2, 7});
    CHECK(h.hand.config.forced.live_posts == std::vector<chips>{0, 0, 0, 0, 0, 10});
    CHECK(h.recorded_results == std::vector<chips>{-1457, -1058, -2, 2386, -2, -17});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
}

TEST_CASE("verdicts: a changed amount, a malformed line, a hand run twice") {
    SUBCASE("mismatch names the seat, both results and the line") {
        const import_check v = check(only_hand(with(side_pot, "collected $7.91 from side pot", "collected $8.91 from side pot")));
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 43: seat 4 (T_Leroy): the engine's result is 25.21, the room's 24.71 (rake 1.50)");
    }
    SUBCASE("a rake the winner did not pay is a mismatch too") {
        CHECK(check(only_hand(with(side_pot, "| Rake $1.50", "| Rake $1.40"))).status == import_status::mismatch);
    }
    SUBCASE("error names the line") {
        const imported_hand h = only_hand(with(side_pot, "pak87: folds", "pak87: foldz"));
        CHECK(h.read_status == import_status::error);
        CHECK(check(h).reason == "line 23: a line the reader does not know: 'pak87: foldz'");
    }
    SUBCASE("an illegal action is an error with the rule's code") {
        // T_Leroy's re-raise to 2.10 written as a raise to 1.00, below the minimum of 1.60.
        const import_check v = check(only_hand(with(side_pot, "T_Leroy: raises $1.20 to $2.10", "T_Leroy: raises $0.10 to $1.00")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 27: below_minimum: player 4 cannot raise to 100: the least is 160");
    }
    SUBCASE("a runout's section in a hand not run more than once is an error") {
        const import_check v = check(only_hand(with(side_pot, "*** TURN *** [8c 6c 9s] [7h]", "*** FIRST TURN *** [8c 6c 9s] [7h]")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 36: '*** FIRST TURN ***' in a hand whose board was dealt once");
    }
    SUBCASE("a summary that says another number of runs is an error") {
        const import_check v = check(only_hand(with(run_twice, "Hand was run twice", "Hand was run three times")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 46: the hand was run 2 times by its sections");
    }
}

TEST_CASE("a PokerStars hand run twice: the players still in ask for it, each board wins its half of each pot") {
    const imported_hand h = only_hand(run_twice);
    CHECK(h.hand.config.rules.most_runouts == 2);
    std::vector<std::string> after_bets(h.hand.action_texts.end() - 6, h.hand.action_texts.end());
    // FLATC@T bet last: he asks first, then KENZA_MILOU (all-in); they show; the river twice.
    CHECK(after_bets == std::vector<std::string>{"p2 run 2", "p3 run 2", "p2 sm JdTsQdQs", "p3 sm 7s9s7hJh",
                                                 "d db 4s", "d db Kc"});
    const import_check v = check(h);
    REQUIRE(v.status == import_status::ok);
    CHECK(v.results[1] == 201'700);  // cents: $1,513.50 twice less the $1,010 put in, the $3 rake off
    const std::vector<CardList> boards = v.replayed.state->boards();
    REQUIRE(boards.size() == 2);
    CHECK(boards[0] == parse_cards("3d Kd 9h 8h 4s"));
    CHECK(boards[1] == parse_cards("3d Kd 9h 8h Kc"));
    // The main pot of $3,010 before the rake, $1,505 a board. The side pot of $20 (the room writes $10 a
    // board) is FLATC@T's alone once Legheliel folded: it goes back to him whole.
    const std::vector<pot_result> pots = v.replayed.state->pot_results();
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].amount == 301'000);
    REQUIRE(pots[0].shares.size() == 2);
    for (int b = 0; b < 2; ++b) {
        const pot_share& share = pots[0].shares[static_cast<std::size_t>(b)];
        CHECK(share.runout == b);
        CHECK(share.amount == 150'500);
        CHECK(share.winners == std::vector<std::size_t>{1});
    }
    CHECK(pots[1].amount == 2'000);
    CHECK(pots[1].uncontested);
}

// Hand HD1245993 of GGPoker, from tests/import/ggpoker/ok/CashGame-GeneralHands-RunThreeTimes.txt: all-in
// on the flop, run three times.
constexpr std::string_view ggpoker_three_times =
    "Poker Hand #HD1245993: Hold'em No Limit  ($0.5/$1) - 2018/11/16 13:15:16\n"
    "Table 'NLHGold14' 6-max Seat #2 is the button\n"
    "Seat 1: 88kkaa62 ($110.97 in chips)\n"
    "Seat 2: 25611aab ($179.23 in chips)\n"
    "Seat 3: Hero ($118.31 in chips)\n"
    "Seat 4: thg124da ($100 in chips)\n"
    "Seat 5: 22ab6yhc ($26.77 in chips)\n"
    "Seat 6: ma2fcaaf ($114.72 in chips)\n"
    "Hero: posts small blind $0.5\n"
    "thg124da: posts big blind $1\n"
    "*** HOLE CARDS ***\n"
    "Dealt to 88kkaa62\n"
    "Dealt to 25611aab\n"
    "Dealt to Hero [8d 3s]\n"
    "Dealt to thg124da\n"
    "Dealt to 22ab6yhc\n"
    "Dealt to ma2fcaaf\n"
    "22ab6yhc: calls $1\n"
    "ma2fcaaf: folds\n"
    "88kkaa62: raises $4 to $5\n"
    "25611aab: folds\n"
    "Hero: folds\n"
    "thg124da: folds\n"
    "22ab6yhc: calls $4\n"
    "*** FLOP *** [Th 9c 5s]\n"
    "22ab6yhc: checks\n"
    "88kkaa62: bets $11.5\n"
    "22ab6yhc: raises $10.27 to $21.77 and is all-in\n"
    "88kkaa62: calls $10.27\n"
    "22ab6yhc: shows [Kc Qs] (King-High)\n"
    "88kkaa62: shows [Js Jd] (Pair of Jacks)\n"
    "*** FIRST TURN *** [Th 9c 5s] [6h]\n"
    "*** FIRST RIVER *** [Th 9c 5s 6h] [Jc]\n"
    "*** SECOND TURN *** [Th 9c 5s] [4d]\n"
    "*** SECOND RIVER *** [Th 9c 5s 4d] [Kd]\n"
    "*** THIRD TURN *** [Th 9c 5s] [Ad]\n"
    "*** THIRD RIVER *** [Th 9c 5s Ad] [2h]\n"
    "*** FIRST SHOWDOWN ***\n"
    "22ab6yhc collected $17.12 from pot\n"
    "*** SECOND SHOWDOWN ***\n"
    "22ab6yhc collected $17.11 from pot\n"
    "*** THIRD SHOWDOWN ***\n"
    "88kkaa62 collected $17.11 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $55.04 | Rake $2.7 | Jackpot $1 | Bingo $0\n"
    "Hand was run three times\n"
    "FIRST Board [Th 9c 5s 6h Jc]\n"
    "SECOND Board [4d Kd]\n"
    "THIRD Board [Ad 2h]\n"
    "Seat 1: 88kkaa62 showed [Js Jd] and lost with Three Jacks, and lost, and won ($17.11)\n"
    "Seat 2: 25611aab (button) folded before Flop (didn't bet)\n"
    "Seat 3: Hero (small blind) folded before Flop\n"
    "Seat 4: thg124da (big blind) folded before Flop\n"
    "Seat 5: 22ab6yhc showed [Kc Qs] and won ($17.12) with Kings-High Straight, and won ($17.11), and lost\n"
    "Seat 6: ma2fcaaf folded before Flop (didn't bet)\n";

// Hand HD582731 of GGPoker, from tests/import/ggpoker/ok/CashGame-GeneralHands-Straddle.txt.
constexpr std::string_view ggpoker_straddle =
    "Poker Hand #HD582731: Hold'em No Limit  ($0.5/$1) - 2018/12/11 16:21:51\n"
    "Table 'NLHGold7' 6-max Seat #6 is the button\n"
    "Seat 1: xnvdam1 ($103.5 in chips)\n"
    "Seat 2: 3fak3jfj2 ($106.89 in chips)\n"
    "Seat 3: Hero ($100.23 in chips)\n"
    "Seat 4: 62dfdfaf ($105.63 in chips)\n"
    "Seat 5: fdafscsa ($100 in chips)\n"
    "Seat 6: 123dca2d ($133.34 in chips)\n"
    "xnvdam1: posts small blind $0.5\n"
    "3fak3jfj2: posts big blind $1\n"
    "62dfdfaf: straddle $2\n"
    "*** HOLE CARDS ***\n"
    "Dealt to xnvdam1\n"
    "Dealt to 3fak3jfj2\n"
    "Dealt to Hero [Tc Ks]\n"
    "Dealt to 62dfdfaf\n"
    "Dealt to fdafscsa\n"
    "Dealt to 123dca2d\n"
    "fdafscsa: folds\n"
    "123dca2d: folds\n"
    "xnvdam1: raises $5 to $7\n"
    "3fak3jfj2: folds\n"
    "Hero: folds\n"
    "62dfdfaf: calls $5\n"
    "*** FLOP *** [Th Jh 7d]\n"
    "xnvdam1: bets $6.95\n"
    "62dfdfaf: calls $6.95\n"
    "*** TURN *** [Th Jh 7d] [Ac]\n"
    "xnvdam1: bets $22.68\n"
    "62dfdfaf: folds\n"
    "Uncalled bet ($22.68) returned to xnvdam1\n"
    "*** SHOWDOWN ***\n"
    "xnvdam1 collected $27.46 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $28.9 | Rake $1.44 | Jackpot $0 | Bingo $0\n"
    "Board [Th Jh 7d Ac]\n"
    "Seat 1: xnvdam1 (small blind) won ($27.46)\n"
    "Seat 2: 3fak3jfj2 (big blind) folded before Flop\n"
    "Seat 3: Hero folded before Flop (didn't bet)\n"
    "Seat 4: 62dfdfaf folded on the Turn\n"
    "Seat 5: fdafscsa folded before Flop (didn't bet)\n"
    "Seat 6: 123dca2d (button) folded before Flop (didn't bet)\n";

imported_hand only_ggpoker_hand(std::string_view text) {
    REQUIRE(detect_reader(text) == find_reader("ggpoker"));
    const std::vector<imported_hand> hands = find_reader("ggpoker")->read(text, "hand.txt");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

TEST_CASE("GGPoker: a hand run three times, the fees after the rake, a straddle") {
    SUBCASE("three runs, three boards; the jackpot fee is taken with the rake") {
        const imported_hand h = only_ggpoker_hand(ggpoker_three_times);
        CHECK(h.room == "ggpoker");
        CHECK(h.id == "HD1245993");
        CHECK(h.hand.config.rules.most_runouts == 3);
        CHECK(h.rake == 370);  // $2.70 and the $1 jackpot, in cents
        const import_check v = check(h);
        REQUIRE(v.status == import_status::ok);
        const std::vector<CardList> boards = v.replayed.state->boards();
        REQUIRE(boards.size() == 3);
        CHECK(boards[1] == parse_cards("Th 9c 5s 4d Kd"));
        CHECK(boards[2] == parse_cards("Th 9c 5s Ad 2h"));
        // Kc Qs: a straight on the first board, a pair of kings on the second; Js Jd on the third.
        const std::vector<pot_result> pots = v.replayed.state->pot_results();
        REQUIRE(pots.size() == 1);
        REQUIRE(pots[0].shares.size() == 3);
        CHECK(pots[0].shares[0].winners == pots[0].shares[1].winners);
        CHECK(pots[0].shares[2].winners != pots[0].shares[0].winners);
        CHECK(pots[0].shares[0].amount == 1'836);  // 5,504 cents: the first board takes the odd two
        CHECK(pots[0].shares[2].amount == 1'834);
    }
    SUBCASE("a straddle two seats after the big blind is a blind of its own; the seat after it acts first") {
        const imported_hand h = only_ggpoker_hand(ggpoker_straddle);
        CHECK(h.hand.config.forced.blinds_or_straddles == std::vector<chips>{50, 100, 0, 200, 0, 0});
        CHECK(check(h).status == import_status::ok);
    }
    SUBCASE("a fee without an amount, words after the fees, a game not dealt: errors naming the line") {
        CHECK(check(only_ggpoker_hand(with(ggpoker_straddle, "| Bingo $0", "| Bingo"))).reason ==
              "line 35: a fee without an amount: 'Total pot $28.9 | Rake $1.44 | Jackpot $0 | Bingo'");
        CHECK(check(only_ggpoker_hand(with(ggpoker_straddle, "| Bingo $0", "| Bingo $0 extra"))).reason ==
              "line 35: words after the rake: 'Total pot $28.9 | Rake $1.44 | Jackpot $0 | Bingo $0 extra'");
        const import_check game = check(only_ggpoker_hand(with(ggpoker_straddle, "Hold'em No Limit", "Short Deck")));
        CHECK(game.status == import_status::error);
        CHECK(game.reason.starts_with("line 1: no game GGPoker deals in the header: "));
    }
}

TEST_CASE("GGPoker's EV Cashout: the room's payment beside the pots, in the record and the engine's results") {
    const imported_hand h = only_ggpoker_hand(ggpoker_cash_out);
    // By hand: 88989dfa puts in 0.50 + 1.32 + 5.18 = 7.00, loses the showdown and receives 9.98: +2.98.
    // fdfa4dax puts in 7.00 and collects 14.80 (the pot of 16.07 less 0.77 rake and 0.50 jackpot): +7.80.
    CHECK(h.players == std::vector<std::string>{"1xfd8bbx", "88989dfa", "fdfa4dax", "fdac21ts", "Hero", "c12290be"});
    CHECK(h.recorded_results == std::vector<chips>{-25, 298, 780, -182, 0, 0});
    CHECK(h.cash_outs == std::vector<chips>{0, 998, 0, 0, 0, 0});
    CHECK(h.rake == 127);
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    SUBCASE("a pot the room paid otherwise is still a mismatch") {
        const import_check m = check(only_ggpoker_hand(with(ggpoker_cash_out, "collected $14.8 from pot", "collected $15.8 from pot")));
        CHECK(m.status == import_status::mismatch);
    }
    SUBCASE("a cash-out without its amount is an error naming the line") {
        const import_check e = check(only_ggpoker_hand(with(ggpoker_cash_out, "Receives Cashout ($9.98)", "Receives Cashout ($9.98")));
        CHECK(e.status == import_status::error);
        CHECK(e.reason == "line 32: a cash-out without its amount: '88989dfa: Receives Cashout ($9.98'");
    }
}

TEST_CASE("ACPC dealer's lines") {
    SUBCASE("no-limit heads-up: the big blind is position 0, raises are totals over the hand") {
        // Bob (big blind 100) and Alice (small blind 50): Alice calls, Bob raises to 6960, Alice calls;
        // checks on the flop; Bob raises to 12821 in all (5861 more), Alice calls; Bob to 19379, Alice
        // calls. Alice's eights beat Bob's pair of threes: she wins Bob's 19379.
        const auto reader = acpc_reader(nolimit_2p);
        const std::vector<imported_hand> hands = reader->read(
            "STATE:5:cr6960c/cc/cr12821c/cr19379c:2d3c|Js2s/9s3s8d/6d/8s:-19379|19379:Bob|Alice\n", "m.log");
        REQUIRE(hands.size() == 1);
        CHECK(hands[0].players == std::vector<std::string>{"Bob", "Alice"});
        CHECK(hands[0].recorded_results == std::vector<chips>{-19379, 19379});
        const import_check v = check(hands[0]);
        CHECK(v.status == import_status::ok);
        CHECK(v.results == std::vector<chips>{-19379, 19379});
    }
    SUBCASE("a split pot in halves is read in tenths of a chip") {
        // Bob and Carol each put in 20000, Alice 4073 before folding: 44073 split, 22036.5 each.
        const auto hands = acpc_reader(nolimit_3p)->read(
            "STATE:169:r4073cc/r19626r20000fc//:8hTs|2sTd|QcKd/Qd9c9s/Ad/Ac:2036.5|2036.5|-4073:Bob|Carol|Alice\n"
            "SCORE:2036.5|2036.5|-4073:Bob|Carol|Alice\n",
            "m.log");
        REQUIRE(hands.size() == 1);
        CHECK(hands[0].hand.decimals == 1);
        const import_check v = check(hands[0]);
        CHECK(v.status == import_status::ok);
        CHECK(v.results == std::vector<chips>{20365, 20365, -40730});
    }
    SUBCASE("a SCORE that is not the sum of the hands is an error naming its line") {
        // Alice, the small blind, folds: she loses her 50 to Bob.
        const auto hands = acpc_reader(nolimit_2p)->read(
            "STATE:0:f:2d3c|Js2s:50|-50:Bob|Alice\nSCORE:50|-49:Bob|Alice\n", "m.log");
        REQUIRE(hands.size() == 2);
        CHECK(check(hands[0]).status == import_status::ok);
        CHECK(check(hands[1]).reason == "line 2: the SCORE of Alice is -49, the hands add up to -50");
    }
    SUBCASE("a game the engine does not play is refused") {
        CHECK_THROWS_AS(acpc_reader("GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 1\nblind = 1 1 1\nraiseSize = 1\n"
                                    "firstPlayer = 1\nmaxRaises = 1\nnumSuits = 1\nnumRanks = 4\nnumHoleCards = 1\n"
                                    "numBoardCards = 0\nEND GAMEDEF\n"),
                        std::invalid_argument);
        try {
            acpc_reader("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nnumSuits = 3\nEND GAMEDEF\n");
            FAIL("a three-suit deck is refused");
        } catch (const game_definition_error& e) {
            CHECK(e.code() == "bad_game_definition");
            CHECK(e.line() > 0);
            CHECK(std::string(e.what()).starts_with("game definition line " + std::to_string(e.line()) + ": "));
        }
    }
}

namespace {

// The 1-based line of byte `at` of `text`, lines ending in \n, \r\n or \r alone.
std::size_t line_at(std::string_view text, std::size_t at) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < at; ++i)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) ++line;
    return line;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// What reading and checking the hands gave, hand by hand: the lines, the actions and the verdicts.
std::string hands_read(std::span<const imported_hand> hands) {
    std::string out;
    for (const imported_hand& h : hands) {
        const import_check c = check(h);
        out += "hand " + std::to_string(h.hand.index) + " #" + h.id + " line " + std::to_string(h.first_line) + ": " +
               std::string(to_string(c.status)) + ": " + c.reason + " |";
        for (std::size_t a = 0; a < h.hand.action_texts.size(); ++a)
            out += " " + h.hand.action_texts[a] + "@" + std::to_string(h.action_lines.at(a));
        for (std::size_t p = 0; p < h.players.size(); ++p)
            out += " " + h.players[p] + "=" + std::to_string(h.recorded_results.at(p)) + "@" +
                   std::to_string(h.result_lines.at(p));
        out += "\n";
    }
    return out;
}

// The hands of `text` read through a stream of `chunk`-byte reads cut into
// blocks of about `block` bytes, numbered in file order; every block must be
// the file's text at its offset, one after the other, all of it.
std::vector<imported_hand> streamed(const history_reader& reader, const std::string& text, std::size_t chunk,
                                    std::size_t block, std::string& blocks_wrong) {
    std::istringstream in{text};
    history_stream stream{in, chunk};
    const std::unique_ptr<read_state> state = reader.file_state();
    std::vector<imported_hand> hands;
    std::size_t end = 0;
    for (auto blocks = stream.next(reader, block); !blocks.empty(); blocks = stream.next(reader, block))
        for (const history_block& b : blocks) {
            if (b.where.offset != end || text.substr(b.where.offset, b.where.length) != b.text)
                blocks_wrong += "a block at byte " + std::to_string(b.where.offset) + " after " + std::to_string(end) + "\n";
            end = b.where.offset + b.where.length;
            for (imported_hand& h : reader.read(b.text, "f.txt", b.where, state.get())) {
                h.hand.index = hands.size();
                hands.push_back(std::move(h));
            }
        }
    if (end != text.size()) blocks_wrong += "the blocks end at byte " + std::to_string(end) + "\n";
    return hands;
}

// Every chunk size from 1 byte to 2 KiB, so that the reads end everywhere (inside \r\n too),
// with blocks of one hand, of a few and of the whole chunk.
void check_streamed_as_whole(const history_reader& reader, const std::string& text, const std::string& whole) {
    for (std::size_t chunk = 1; chunk <= 2048; ++chunk) {
        const std::size_t block = chunk % 3 == 0 ? 1 : chunk % 3 == 1 ? 700 : std::size_t{1} << 20;
        std::string blocks_wrong;
        const std::string read = hands_read(streamed(reader, text, chunk, block, blocks_wrong));
        INFO("chunks of " << chunk << " bytes, blocks of " << block);
        CHECK(blocks_wrong == "");
        CHECK(read == whole);
    }
    // history_hands: the same hands in the same order on one thread and on three, the bytes done growing to the end.
    for (std::size_t chunk : {std::size_t{97}, std::size_t{1000}, std::size_t{1} << 20})
        for (unsigned threads : {1U, 3U}) {
            std::istringstream in{text};
            history_stream stream{in, chunk};
            history_hands read{stream, reader, "f.txt", threads, 300};
            std::vector<imported_hand> hands;
            std::uint64_t done = 0;
            bool growing = true;
            for (auto round = read.next(); !round.empty(); round = read.next()) {
                growing = growing && read.bytes_done() > done;
                done = read.bytes_done();
                for (imported_hand& h : round) hands.push_back(std::move(h));
            }
            INFO("history_hands, chunks of " << chunk << " bytes, " << threads << " threads");
            CHECK(hands_read(hands) == whole);
            CHECK(read.hands_given() == hands.size());
            CHECK(growing);
            CHECK(done == text.size());
        }
    // for_each_hand_block: every hand once, numbered over the file, reported in
    // file order whatever the threads; the bytes done growing to the end.
    for (std::size_t chunk : {std::size_t{97}, std::size_t{1} << 20})
        for (int threads : {1, 3}) {
            std::istringstream in{text};
            history_stream stream{in, chunk};
            thread_blocks driver{threads};
            std::string read;
            std::uint64_t done = 0;
            bool growing = true;
            const std::uint64_t count = for_each_hand_block(
                stream, reader, "f.txt", driver,
                [](std::span<const imported_hand> hands, block_writer& out) {
                    out.text(hands_read(hands));
                },
                [&](block_reader& words, std::uint64_t bytes) {
                    read += words.text();
                    growing = growing && bytes > done;
                    done = bytes;
                },
                300);
            INFO("for_each_hand_block, chunks of " << chunk << " bytes, " << threads << " threads");
            CHECK(read == whole);
            CHECK(count == static_cast<std::uint64_t>(std::count(whole.begin(), whole.end(), '\n')));
            CHECK(growing);
            CHECK(done == text.size());
        }
}

}  // namespace

TEST_CASE("a PokerStars history streamed in chunks of any size reads as the whole file") {
    // Text before the first hand (after a byte-order mark), a hand, a hand with \r\n whose
    // main pot is recorded 0.50 too high, a hand with lone \r whose line cannot be read, a hand
    // with no line end at the end.
    const std::string mismatch = replace_all(
        with(with(side_pot, "#109690806574", "#2"), "collected $30.37 from main pot", "collected $30.87 from main pot"), "\n",
        "\r\n");
    const std::string bad = replace_all(with(with(side_pot, "#109690806574", "#3"), "pak87: folds", "pak87: foldz"), "\n", "\r");
    const std::string last = with(std::string(side_pot.substr(0, side_pot.size() - 1)), "#109690806574", "#4");
    const std::string text = "\xEF\xBB\xBF" "Exported by a tracker\r\n\r\n" + std::string(side_pot) + "\n\n" + mismatch + bad + last;
    const history_reader& reader = *find_reader("pokerstars");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 5);
    // The reasons name the lines where the text has them.
    CHECK(hands[0].reason == "line 1: not a PokerStars hand: 'Exported by a tracker'");
    CHECK(hands[1].first_line == line_at(text, text.find("PokerStars Game #109690806574")));
    CHECK(check(hands[1]).status == import_status::ok);
    const import_check m = check(hands[2]);
    CHECK(m.status == import_status::mismatch);
    CHECK(m.reason == "line " + std::to_string(line_at(text, text.find("T_Leroy collected $30.87"))) +
                          ": seat 4 (T_Leroy): the engine's result is 25.21, the room's 24.21 (rake 1.50)");
    CHECK(check(hands[3]).reason == "line " + std::to_string(line_at(text, text.find("pak87: foldz"))) +
                                        ": a line the reader does not know: 'pak87: foldz'");
    CHECK(hands[4].first_line == line_at(text, text.find("PokerStars Game #4")));
    CHECK(check(hands[4]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}

TEST_CASE("an ACPC log streamed in chunks of any size reads as the whole file, SCORE lines included") {
    // Six hands of tests/import/acpc/ok/holdem.nolimit.3p.log. After three: Alice -20000 + 36222 - 20000
    // = -3778, Bob -20000 - 20000 + 40000 = 0, Carol 40000 - 16222 - 20000 = 3778; after six: Alice
    // -3778 - 50 + 40000 - 20000 = 16172, Bob 0 + 20050 - 20000 - 20000 = -19950, Carol 3778 - 20000
    // - 20000 + 40000 = 3778.
    const std::string first =
        "# name/game/hands/seed nolimit.3p holdem.nolimit.3p.game 200 7\n"
        "STATE:0:ccr10644r20000cc///:8dJd|Td4d|As9d/6s3d6c/2c/Qc:-20000|-20000|40000:Alice|Bob|Carol\n"
        "STATE:1:r766cr5603r12127cc/cr13834cc/cr16222r18841r20000fc/:7h2h|6d5d|QcQs/2c5c8c/Ts/5s:-20000|-16222|36222:Bob|Carol|Alice\n"
        "STATE:2:ccc/cr7304cr15895r20000cc//:AsJc|Tc4c|KcQh/2hQd7h/9s/Kd:-20000|-20000|40000:Carol|Alice|Bob\n"
        "SCORE:-3778|0|3778:Alice|Bob|Carol\n"
        "STATE:3:cfr17421c/r19384c/r19659r19981r20000c/:7h5d|2h5c|QdJc/6hThKh/Qs/Ah:-50|20050|-20000:Alice|Bob|Carol\r\n"
        "STATE:4:cr16950r20000cc///:4hQc|6cAc|9d8d/Td5h5c/Jh/8c:-20000|-20000|40000:Bob|Carol|Alice\r\n"
        "STATE:5:ccr11633r20000cc///:9c9d|4d2s|2c7h/6sTc7s/7c/8c:40000|-20000|-20000:Carol|Alice|Bob\r\n";
    const auto reader = acpc_reader(nolimit_3p);
    SUBCASE("a SCORE that adds up") {
        const std::string text = first + "SCORE:16172|-19950|3778:Alice|Bob|Carol\n";
        const std::vector<imported_hand> hands = reader->read(text, "f.txt");
        REQUIRE(hands.size() == 6);
        for (const imported_hand& h : hands) CHECK(check(h).status == import_status::ok);
        check_streamed_as_whole(*reader, text, hands_read(hands));
    }
    SUBCASE("a SCORE that does not") {
        const std::string text = first + "SCORE:16172|-19951|3778:Alice|Bob|Carol";
        const std::vector<imported_hand> hands = reader->read(text, "f.txt");
        REQUIRE(hands.size() == 7);
        CHECK(hands[6].reason == "line 9: the SCORE of Bob is -19951, the hands add up to -19950");
        check_streamed_as_whole(*reader, text, hands_read(hands));
    }
}

TEST_CASE("history_hands: blank text between hands gives no empty round before the end") {
    const std::string hand = with(std::string(side_pot), "#109690806574", "#1");
    const std::string text = std::string(3000, '\n') + hand + std::string(5000, '\n') + with(hand, "#1", "#2");
    std::istringstream in{text};
    history_stream stream{in, 512};
    history_hands read{stream, *find_reader("pokerstars"), "f.txt", 2, 100};
    std::vector<std::string> ids;
    for (auto round = read.next(); !round.empty(); round = read.next())
        for (const imported_hand& h : round) ids.push_back(h.id);
    CHECK(ids == std::vector<std::string>{"1", "2"});
    CHECK(stream.ended());
}

TEST_CASE("a run of text in which no hand starts is given cut after a line once it is too long to hold") {
    // A hand, 40 lines of 300 bytes that it skips as table talk, one line of 10,000 bytes, a hand;
    // at most 4 KiB without a hand start. The first hand reads as in the whole file; the lines
    // given after a cut are not a hand; the last hand is read as in the whole file.
    std::string text(side_pot);
    for (int i = 0; i < 40; ++i) text += "talk " + std::string(294, static_cast<char>('a' + i % 26)) + "\r\n";
    text += std::string(10'000, 'x') + "\r\n" + with(side_pot, "#109690806574", "#2");
    const history_reader& reader = *find_reader("pokerstars");
    const std::vector<imported_hand> whole = reader.read(text, "f.txt");
    REQUIRE(whole.size() == 2);
    CHECK(check(whole[0]).status == import_status::ok);
    constexpr std::size_t max_run = 4096;
    for (std::size_t chunk : {1, 2, 3, 7, 64, 100, 1000, 4095, 4096, 5000, 20000}) {
        INFO("chunks of " << chunk << " bytes");
        std::istringstream in{text};
        history_stream stream{in, chunk, max_run};
        std::vector<imported_hand> hands;
        std::size_t end = 0, longest = 0;
        std::string wrong;
        for (auto blocks = stream.next(reader, 1); !blocks.empty(); blocks = stream.next(reader, 1))
            for (const history_block& b : blocks) {
                if (b.where.offset != end || b.where.first_line != line_at(text, b.where.offset))
                    wrong += "block at byte " + std::to_string(b.where.offset) + " line " + std::to_string(b.where.first_line) + "\n";
                end = b.where.offset + b.where.length;
                longest = std::max(longest, b.text.size());
                for (imported_hand& h : reader.read(b.text, "f.txt", b.where)) hands.push_back(std::move(h));
            }
        CHECK(wrong == "");
        CHECK(end == text.size());
        CHECK(longest <= max_run + 1 + 2 * chunk);
        REQUIRE(hands.size() >= (chunk < max_run ? 3U : 2U));  // a cut when the text comes in smaller chunks
        CHECK(check(hands.front()).status == import_status::ok);
        for (std::size_t k = 1; k + 1 < hands.size(); ++k)
            CHECK(hands[k].reason.starts_with("line " + std::to_string(hands[k].first_line) + ": not a PokerStars hand: '"));
        CHECK(hands.back().id == "2");
        CHECK(hands.back().first_line == whole.back().first_line);
        CHECK(check(hands.back()).status == import_status::ok);
    }
}

namespace {

// Hand 33727835942 of Full Tilt, from tests/import/fulltilt/ok/CashGame-GameTypeTests-FixedLimitOmahaHiLo.txt
// (HHSmithy/PokerHandHistoryParser, MIT licence).
constexpr std::string_view fulltilt_hi_lo =
    "Full Tilt Poker Game #33727835942: Table Dickson (6 max) - FL Omaha H/L - $0.50/$1 - 20:31:38 ET - 2014/01/05\n"
    "Seat 1: SomeStupid ($10.90)\n"
    "Seat 3: Greszik ($4)\n"
    "Greszik posts the small blind of $0.25\n"
    "SomeStupid posts the big blind of $0.50\n"
    "The button is in seat #3\n"
    "*** HOLE CARDS ***\n"
    "Greszik raises to $1\n"
    "SomeStupid calls $0.50\n"
    "*** FLOP *** [2h 3c Jh] (Total Pot: $2, 2 Players)\n"
    "SomeStupid checks\n"
    "Greszik bets $0.50\n"
    "SomeStupid calls $0.50\n"
    "*** TURN *** [2h 3c Jh] [Kh] (Total Pot: $3, 2 Players)\n"
    "SomeStupid checks\n"
    "Da Poker Pirate sits down\n"
    "Greszik bets $1\n"
    "SomeStupid calls $1\n"
    "Da Poker Pirate adds $10\n"
    "*** RIVER *** [2h 3c Jh Kh] [8d] (Total Pot: $5, 2 Players)\n"
    "SomeStupid bets $1\n"
    "Greszik raises to $1.50, and is all in\n"
    "SomeStupid calls $0.50\n"
    "*** SHOW DOWN ***\n"
    "Greszik shows [9c Qh Ah Js] a flush, Ace high, for high\n"
    "SomeStupid shows [5d 3h 4c Kd] two pair, Kings and Threes, for high and 8,5,4,3,2, for low\n"
    "Greszik wins the high pot ($3.90) with a flush, Ace high\n"
    "SomeStupid wins the low pot ($3.85) with 8,5,4,3,2\n"
    "*** SUMMARY ***\n"
    "Total pot $8 | Rake $0.25\n"
    "Board: [2h 3c Jh Kh 8d]\n"
    "Seat 1: SomeStupid (big blind) showed [5d 3h 4c Kd] and won ($3.85) with HI: two pair, Kings and Threes; LO: 8,5,4,3,2\n"
    "Seat 3: Greszik (small blind) showed [9c Qh Ah Js] and won ($3.90) with HI: a flush, Ace high\n";

// Hand 33727524963 of Full Tilt, from tests/import/fulltilt/ok/CashGame-PlayerTests-WithShowdown.txt (the same).
constexpr std::string_view fulltilt_nine_handed =
    "Full Tilt Poker Game #33727524963: Table Dear - NL Hold'em - $0.05/$0.10 - 19:01:12 ET - 2014/01/05\n"
    "Seat 1: burjennio ($30.06)\n"
    "Seat 2: Haklot ($17.32)\n"
    "Seat 3: 14grant ($10.15)\n"
    "Seat 4: Caribou0 ($9.78)\n"
    "Seat 5: Corvus81 ($10)\n"
    "Seat 6: MUFTI76 ($16.67)\n"
    "Seat 7: luka-poker ($15.58), is sitting out\n"
    "Seat 8: ilya1681 ($10)\n"
    "Seat 9: OMGStoneAiken ($35.75)\n"
    "ilya1681 posts the small blind of $0.05\n"
    "OMGStoneAiken posts the big blind of $0.10\n"
    "The button is in seat #6\n"
    "*** HOLE CARDS ***\n"
    "burjennio raises to $0.40\n"
    "Haklot folds\n"
    "14grant calls $0.40\n"
    "Caribou0 folds\n"
    "Corvus81 has 15 seconds left to act\n"
    "Corvus81 folds\n"
    "MUFTI76 folds\n"
    "ilya1681 folds\n"
    "ilya1681 adds $0.05\n"
    "OMGStoneAiken folds\n"
    "*** FLOP *** [4h Jc 3c] (Total Pot: $0.95, 2 Players)\n"
    "burjennio has 15 seconds left to act\n"
    "burjennio bets $0.80\n"
    "14grant calls $0.80\n"
    "*** TURN *** [4h Jc 3c] [6h] (Total Pot: $2.55, 2 Players)\n"
    "burjennio has 15 seconds left to act\n"
    "burjennio has timed out\n"
    "burjennio checks\n"
    "14grant bets $1.70\n"
    "burjennio calls $1.70\n"
    "*** RIVER *** [4h Jc 3c 6h] [2h] (Total Pot: $5.95, 2 Players)\n"
    "burjennio checks\n"
    "14grant checks\n"
    "*** SHOW DOWN ***\n"
    "14grant shows [Kh Ks] a pair of Kings\n"
    "burjennio mucks\n"
    "14grant wins the pot ($5.66) with a pair of Kings\n"
    "*** SUMMARY ***\n"
    "Total pot $5.95 | Rake $0.29\n"
    "Board: [4h Jc 3c 6h 2h]\n"
    "Seat 1: burjennio mucked\n"
    "Seat 2: Haklot didn't bet (folded)\n"
    "Seat 3: 14grant collected ($5.66)\n"
    "Seat 4: Caribou0 didn't bet (folded)\n"
    "Seat 5: Corvus81 didn't bet (folded)\n"
    "Seat 6: MUFTI76 (button) didn't bet (folded)\n"
    "Seat 7: luka-poker is sitting out\n"
    "Seat 8: ilya1681 (small blind) folded before the Flop\n"
    "Seat 9: OMGStoneAiken (big blind) folded before the Flop\n";

// Hand 35456793815 of Full Tilt, from tests/import/fulltilt/ok/CashGame-HandActionTests-AllInOnFlop.txt (the same).
constexpr std::string_view fulltilt_all_in =
    "Full Tilt Poker Game #35456793815: Table Myron (6 max) - CAP NL Hold'em - $5/$10 - 04:49:01 ET - 2015/04/08\n"
    "Seat 1: zekulya ($300), is sitting out\n"
    "Seat 2: ginalisa18 ($300)\n"
    "Seat 3: Mashulya ($300)\n"
    "Seat 4: 1mperial ($763.25)\n"
    "Seat 5: Postrail ($300)\n"
    "Seat 6: Darkking_pt ($329)\n"
    "1mperial posts the small blind of $5\n"
    "Postrail posts the big blind of $10\n"
    "The button is in seat #2\n"
    "*** HOLE CARDS ***\n"
    "Darkking_pt folds\n"
    "ginalisa18 calls $10\n"
    "1mperial folds\n"
    "Postrail raises to $40\n"
    "ginalisa18 raises to $80\n"
    "Postrail calls $40\n"
    "*** FLOP *** [Ad 5d 5c] (Total Pot: $165, 2 Players)\n"
    "Postrail checks\n"
    "ginalisa18 bets $120\n"
    "Postrail raises to $220, and is all in\n"
    "ginalisa18 calls $100, and is all in\n"
    "Postrail shows [Qs Ah]\n"
    "ginalisa18 shows [Jc Js]\n"
    "*** TURN *** [Ad 5d 5c] [2d] (Total Pot: $605, 2 Players, 2 All-In)\n"
    "*** RIVER *** [Ad 5d 5c 2d] [4d] (Total Pot: $605, 2 Players, 2 All-In)\n"
    "Postrail shows two pair, Aces and Fives\n"
    "ginalisa18 shows two pair, Jacks and Fives\n"
    "Postrail wins the pot ($603) with two pair, Aces and Fives\n"
    "*** SUMMARY ***\n"
    "Total pot $605 | Rake $2\n"
    "Board: [Ad 5d 5c 2d 4d]\n"
    "Seat 1: zekulya is sitting out\n"
    "Seat 2: ginalisa18 (button) showed [Jc Js] and lost with two pair, Jacks and Fives\n"
    "Seat 3: Mashulya is sitting out\n"
    "Seat 4: 1mperial (small blind) folded before the Flop\n"
    "Seat 5: Postrail (big blind) showed [Qs Ah] and won ($603) with two pair, Aces and Fives\n"
    "Seat 6: Darkking_pt didn't bet (folded)\n";

imported_hand only_fulltilt_hand(std::string_view text) {
    const std::vector<imported_hand> hands = find_reader("fulltilt")->read(text, "hand.txt");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

}  // namespace

TEST_CASE("a Full Tilt hand: the button's line, a hi-lo split, the room's results") {
    CHECK(detect_reader(fulltilt_hi_lo) == find_reader("fulltilt"));
    CHECK(detect_reader("\xEF\xBB\xBF\n" + std::string(fulltilt_all_in)) == find_reader("fulltilt"));
    CHECK_FALSE(find_reader("pokerstars")->recognizes(fulltilt_hi_lo));
    CHECK_FALSE(find_reader("fulltilt")->recognizes(side_pot));
    const imported_hand h = only_fulltilt_hand(fulltilt_hi_lo);
    CHECK(h.room == "fulltilt");
    CHECK(h.id == "33727835942");
    CHECK(h.game == "FL Omaha H/L");
    CHECK(h.read_status == import_status::ok);
    // The button is seat 3 (Greszik, the small blind heads-up): seat 1 comes first. Da Poker Pirate
    // sits down and adds $10 during the hand, dealt out.
    CHECK(h.players == std::vector<std::string>{"SomeStupid", "Greszik"});
    const hand_config& c = h.hand.config;
    CHECK(h.hand.decimals == 2);
    CHECK(c.mode == play_mode::cash_game);
    CHECK(c.structure == betting_structure::fixed_limit);
    CHECK(c.starting_stacks == std::vector<chips>{1090, 400});
    CHECK(c.forced.blinds_or_straddles == std::vector<chips>{50, 25});
    // The header's stakes are the small and big bet of a limit game.
    CHECK(c.limits.small_bet == 50);
    CHECK(c.limits.big_bet == 100);
    CHECK(h.rake == 25);
    // By hand: each puts in 1 + 0.50 + 1 + 1.50 = 4.00; Greszik wins the high half, 3.90, and
    // SomeStupid the low, 3.85, the room's 0.25 rake off the pot of 8.00.
    CHECK(h.recorded_results == std::vector<chips>{-15, -10});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    // A tournament's header names the tournament where a cash game's names the table.
    const imported_hand t = only_fulltilt_hand(
        with(fulltilt_hi_lo, "Table Dickson (6 max)", "$10 Sit & Go (Turbo) (268569961), Table 1"));
    CHECK(t.hand.config.mode == play_mode::tournament);
    CHECK(t.game == "FL Omaha H/L");
}

TEST_CASE("Full Tilt amounts grouped by commas") {
    const imported_hand h = only_fulltilt_hand(with(fulltilt_hi_lo, "SomeStupid ($10.90)", "SomeStupid ($1,010.90)"));
    CHECK(h.hand.config.starting_stacks == std::vector<chips>{101090, 400});
    CHECK(check(h).status == import_status::ok);
    for (std::string_view wrong : {"$1,01.90", "$10,90", "$1010,900.90", "$,10.90"}) {
        INFO(wrong);
        const imported_hand bad = only_fulltilt_hand(with(fulltilt_hi_lo, "$10.90", wrong));
        CHECK(bad.read_status == import_status::error);
        CHECK(bad.reason == "line 2: a stack that is not an amount: 'Seat 1: SomeStupid (" + std::string(wrong) + ")'");
    }
    // A call written with a decimal comma is no amount either.
    CHECK(check(only_fulltilt_hand(with(fulltilt_hi_lo, "SomeStupid calls $0.50", "SomeStupid calls $0,50"))).reason ==
          "line 9: expected an amount: 'SomeStupid calls $0,50'");
}

TEST_CASE("a Full Tilt dead small blind and a live post of a returning player") {
    // Haklot (seat 2) posts a dead small blind of $0.05 and $0.10 live, then folds: by hand the 0.05 is
    // dead money like an ante and the 0.10 a live post; 14grant's pot grows by 0.15 (5.66 + 0.15 = 5.81),
    // his net from 5.81 - (0.40 + 0.80 + 1.70) = 2.91.
    std::string text = with(fulltilt_nine_handed, "OMGStoneAiken posts the big blind of $0.10\n",
                            "OMGStoneAiken posts the big blind of $0.10\nHaklot posts a dead small blind of $0.05\n"
                            "Haklot posts $0.10\n");
    text = with(text, "14grant wins the pot ($5.66)", "14grant wins the pot ($5.81)");
    const imported_hand h = only_fulltilt_hand(text);
    // From the seat after the button (seat 6): ilya1681, OMGStoneAiken, burjennio, Haklot, 14grant, ...
    REQUIRE(h.players.size() == 8);
    CHECK(h.players[3] == "Haklot");
    CHECK(h.hand.config.forced.antes == std::vector<chips>{0, 0, 0, 5, 0, 0, 0, 0});
    CHECK(h.hand.config.forced.live_posts == std::vector<chips>{0, 0, 0, 10, 0, 0, 0, 0});
    CHECK(h.recorded_results == std::vector<chips>{-5, -10, -290, -15, 291, 0, 0, 0});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
}

TEST_CASE("Full Tilt verdicts: chat, a changed amount, an unknown line, a cap in a game with none, a hand run twice") {
    SUBCASE("chat and the table talk of players not dealt in are not the hand's") {
        const std::string text = with(with(fulltilt_all_in, "Darkking_pt folds\n", "Darkking_pt folds\nDarkking_pt: gl\n"),
                                      "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nSomeone New sits down\nzekulya adds $300\n");
        CHECK(check(only_fulltilt_hand(text)).status == import_status::ok);
    }
    SUBCASE("mismatch names the seat, both results and the line") {
        // Postrail puts in 300 and the room gives him 603 of the pot of 605 (rake 2): +303; written as 604,
        // the engine's whole pot (+305) would have to lose a rake of 1, not the room's 2.
        const import_check v = check(only_fulltilt_hand(with(fulltilt_all_in, "wins the pot ($603)", "wins the pot ($604)")));
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 29: seat 2 (Postrail): the engine's result is 305.00, the room's 304.00 (rake 2.00)");
    }
    SUBCASE("a line the reader does not know is an error naming it") {
        const imported_hand h = only_fulltilt_hand(with(fulltilt_all_in, "Postrail checks", "Postrail chekcs"));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 19: a line the reader does not know: 'Postrail chekcs'");
    }
    SUBCASE("a cap reached in a game with no cap is an error") {
        const imported_hand h = only_fulltilt_hand(with(with(fulltilt_all_in, "CAP NL Hold'em", "NL Hold'em"),
                                                        "raises to $220, and is all in", "raises to $220, and is capped"));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 21: a cap reached in a game with no cap: 'Postrail raises to $220, and is capped'");
    }
    SUBCASE("an agreement to run it twice with one runout is an error") {
        const import_check v = check(only_fulltilt_hand(with(fulltilt_all_in, "ginalisa18 calls $100, and is all in\n",
                                                             "ginalisa18 calls $100, and is all in\nPlayers agree to Run It Twice\n")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 23: the players agree to run it 2 times, the record runs it 1");
    }
    SUBCASE("a game not read yet is unsupported") {
        const import_check v = check(only_fulltilt_hand(with(fulltilt_hi_lo, "FL Omaha H/L", "Limit Razz")));
        CHECK(v.status == import_status::unsupported);
        CHECK(v.reason == "line 1: the game Limit Razz is not read yet");
    }
}

// Hand 35456787343 of Full Tilt, from tests/import/fulltilt/not-ok/CashGame-RunItTwiceTests-RunItTwice1.txt
// (without its byte order mark): a cap no-limit hand run twice on the river, which the reader leaves
// unsupported for its cap. Without the two ", and is capped" it is a no-limit hand where Darkking_pt's
// call is all-in for his $300, and its runouts are read as the room wrote them.
constexpr std::string_view fulltilt_run_twice =
    "Full Tilt Poker Game #35456787343: Table Myron (6 max) - CAP NL Hold'em - $5/$10 - 04:44:44 ET - 2015/04/08\n"
    "Seat 1: zekulya ($300), is sitting out\n"
    "Seat 2: ginalisa18 ($877.65)\n"
    "Seat 3: VanyaRabotaet ($609.35)\n"
    "Seat 4: 1mperial ($752.25)\n"
    "Seat 5: Postrail ($600)\n"
    "Seat 6: Darkking_pt ($300)\n"
    "VanyaRabotaet posts the small blind of $5\n"
    "1mperial posts the big blind of $10\n"
    "The button is in seat #2\n"
    "*** HOLE CARDS ***\n"
    "Dealt to Postrail [5s Ah]\n"
    "Postrail folds\n"
    "Darkking_pt raises to $20\n"
    "ginalisa18 calls $20\n"
    "VanyaRabotaet folds\n"
    "1mperial calls $10\n"
    "*** FLOP *** [Td 3d 3h] (Total Pot: $65, 3 Players)\n"
    "1mperial checks\n"
    "Darkking_pt bets $40\n"
    "ginalisa18 folds\n"
    "1mperial calls $40\n"
    "*** TURN *** [Td 3d 3h] [Qh] (Total Pot: $145, 2 Players)\n"
    "1mperial checks\n"
    "Darkking_pt bets $72.50\n"
    "1mperial has 15 seconds left to act\n"
    "1mperial raises to $240, and is capped\n"
    "Darkking_pt calls $167.50, and is capped\n"
    "Players agree to Run It Twice\n"
    "1mperial shows [Jd Qd]\n"
    "Darkking_pt shows [6d Ad]\n"
    "*** RIVER 1 *** [Td 3d 3h Qh] [Ac] (Total Pot: $625, 2 Players, 2 All-In)\n"
    "*** RIVER 2 *** [Td 3d 3h Qh] [2h] (Total Pot: $625, 2 Players, 2 All-In)\n"
    "*** SHOW DOWN 1 ***\n"
    "1mperial shows two pair, Queens and Threes\n"
    "Darkking_pt shows two pair, Aces and Threes\n"
    "*** SHOW DOWN 2 ***\n"
    "1mperial shows two pair, Queens and Threes\n"
    "Darkking_pt shows a pair of Threes\n"
    "Darkking_pt wins pot 1 ($311) with two pair, Aces and Threes\n"
    "1mperial wins pot 2 ($311) with two pair, Queens and Threes\n"
    "*** SUMMARY ***\n"
    "Total pot $625 | Rake $3\n"
    "*** SUMMARY 1 ***\n"
    "Pot 1 $311\n"
    "Board: [Td 3d 3h Qh Ac]\n"
    "Seat 1: zekulya is sitting out\n"
    "Seat 2: ginalisa18 (button) folded on the Flop\n"
    "Seat 3: VanyaRabotaet (small blind) folded before the Flop\n"
    "Seat 4: 1mperial (big blind) showed [Jd Qd] and lost with two pair, Queens and Threes\n"
    "Seat 5: Postrail didn't bet (folded)\n"
    "Seat 6: Darkking_pt showed [6d Ad] and won ($311) with two pair, Aces and Threes\n"
    "*** SUMMARY 2 ***\n"
    "Pot 2 $311\n"
    "Board: [Td 3d 3h Qh 2h]\n"
    "Seat 1: zekulya is sitting out\n"
    "Seat 2: ginalisa18 (button) folded on the Flop\n"
    "Seat 3: VanyaRabotaet (small blind) folded before the Flop\n"
    "Seat 4: 1mperial (big blind) showed [Jd Qd] and won ($311) with two pair, Queens and Threes\n"
    "Seat 5: Postrail didn't bet (folded)\n"
    "Seat 6: Darkking_pt showed [6d Ad] and lost with a pair of Threes\n";

TEST_CASE("a Full Tilt cap game: both players at the cap, which the first one's bets name") {
    // 1mperial's big blind, call, call and raise: 10 + 10 + 40 + 240 = $300; Darkking_pt's
    // 20 + 40 + 72.50 + 167.50 = $300 with $0 of $300 behind, as the engine's cap leaves them.
    const imported_hand h = only_fulltilt_hand(fulltilt_run_twice);
    CHECK(h.hand.config.cap == 30000);
    const import_check v = check(h);
    REQUIRE(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    CHECK(v.replayed.state->boards().size() == 2);
    CHECK(has_action(h, "p2 run 2"));
    // 1mperial's $752.25 keeps the $452.25 above the cap, and wins half of the $625 pot (the engine
    // takes no rake): $312.50 for the $300 put in.
    CHECK(v.replayed.state->stacks()[1] == 75225 + 1250);
    SUBCASE("a second player whose bets do not come to the first one's cap is an error") {
        const imported_hand off = only_fulltilt_hand(
            with(with(fulltilt_run_twice, "calls $167.50, and is capped", "calls $150, and is capped"),
                 "Total pot $625", "Total pot $607.50"));
        CHECK(off.read_status == import_status::error);
        CHECK(off.reason == "line 28: the player has put 282.50 in, not the cap of 300.00");
    }
    SUBCASE("the cap reached by no bet is an error") {
        const imported_hand off =
            only_fulltilt_hand(with(fulltilt_run_twice, "1mperial checks\nDarkking_pt bets $72.50",
                                    "1mperial checks, and is capped\nDarkking_pt bets $72.50"));
        CHECK(off.read_status == import_status::error);
        CHECK(off.reason.starts_with("line 24: the cap reached by no call, bet or raise"));
    }
}

TEST_CASE("a Full Tilt hand run twice: 'Players agree', each river, each board's pot") {
    const std::string uncapped = with(with(fulltilt_run_twice, "raises to $240, and is capped", "raises to $240"),
                                      "calls $167.50, and is capped", "calls $167.50");
    const imported_hand h = only_fulltilt_hand(uncapped);
    CHECK(h.hand.config.rules.most_runouts == 2);
    const import_check v = check(h);
    REQUIRE(v.status == import_status::ok);
    const std::vector<CardList> boards = v.replayed.state->boards();
    REQUIRE(boards.size() == 2);
    CHECK(boards[0] == parse_cards("Td 3d 3h Qh Ac"));
    CHECK(boards[1] == parse_cards("Td 3d 3h Qh 2h"));
    // $625 in the pot, $312.50 a board; the room's $311 a board is after the $3 rake.
    const std::vector<pot_result> pots = v.replayed.state->pot_results();
    REQUIRE(pots.size() == 1);
    REQUIRE(pots[0].shares.size() == 2);
    CHECK(pots[0].shares[0].amount == 31'250);
    CHECK(pots[0].shares[0].winners == std::vector<std::size_t>{3});  // Darkking_pt's aces up
    CHECK(pots[0].shares[1].winners == std::vector<std::size_t>{1});  // 1mperial's queens up
    SUBCASE("three runs agreed, two dealt") {
        const import_check three =
            check(only_fulltilt_hand(with(uncapped, "Players agree to Run It Twice", "Players agree to Run It Three Times")));
        CHECK(three.status == import_status::error);
        CHECK(three.reason == "line 29: the players agree to run it 3 times, the record runs it 2");
    }
}

TEST_CASE("a Full Tilt history streamed in chunks of any size reads as the whole file") {
    const std::string text = "\xEF\xBB\xBF\r\n" + replace_all(std::string(fulltilt_hi_lo), "\n", "\r\n") + "\r\n\r\n" +
                             std::string(fulltilt_all_in) + "\n\n" +
                             with(fulltilt_nine_handed, "burjennio checks", "burjennio chekcs");
    const history_reader& reader = *find_reader("fulltilt");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 3);
    CHECK(hands[0].first_line == 2);
    CHECK(check(hands[0]).status == import_status::ok);
    CHECK(check(hands[1]).status == import_status::ok);
    CHECK(hands[2].reason == "line " + std::to_string(line_at(text, text.find("burjennio chekcs"))) +
                                 ": a line the reader does not know: 'burjennio chekcs'");
    check_streamed_as_whole(reader, text, hands_read(hands));
}

// ---- Winamax ----

namespace {

// Hand 5285192-1130-1382664338 of Winamax, tests/import/winamax/ok/CashGame-GameTypeTests-NoLimitHoldem.txt
// (HHSmithy/PokerHandHistoryParser, MIT licence): its euro sign is Windows-1252's byte 0x80.
constexpr std::string_view durban =
    "Winamax Poker - CashGame - HandId: #5285192-1130-1382664338 - Holdem no limit (0.50\x80/1\x80) - 2013/10/25 01:25:38 UTC\n"
    "Table: 'Durban 02' 9-max (real money) Seat #7 is the button\n"
    "Seat 7: morfrim (40.18\x80)\n"
    "Seat 8: gersois59 (40.50\x80)\n"
    "Seat 9: VStee (166.67\x80)\n"
    "*** ANTE/BLINDS ***\n"
    "gersois59 posts small blind 0.50\x80\n"
    "VStee posts big blind 1\x80\n"
    "*** PRE-FLOP *** \n"
    "morfrim raises 1.50\x80 to 2.50\x80\n"
    "gersois59 calls 2\x80\n"
    "VStee calls 1.50\x80\n"
    "*** FLOP *** [Td Kc 5h]\n"
    "gersois59 checks\n"
    "VStee bets 3.80\x80\n"
    "morfrim raises 5.70\x80 to 9.50\x80\n"
    "gersois59 folds\n"
    "VStee folds\n"
    "morfrim collected 19.82\x80 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot 19.82\x80 | Rake 0.98\x80\n"
    "Board: [Td Kc 5h]\n"
    "Seat 7: morfrim (button) won 19.82\x80";

// Hand 5282949-1701-1382615078, tests/import/winamax/ok/CashGame-Tables-Table3.txt (same origin), UTF-8.
constexpr std::string_view vienna =
    "\xEF\xBB\xBFWinamax Poker - CashGame - HandId: #5282949-1701-1382615078 - Holdem no limit (0.05\xE2\x82\xAC/0.10\xE2\x82\xAC) - 2013/10/24 11:44:38 UTC\n"
    "Table: 'Vienna 36' 5-max (real money) Seat #2 is the button\n"
    "Seat 1: WAHIL (6.86\xE2\x82\xAC)\n"
    "Seat 2: beso760 (22.31\xE2\x82\xAC)\n"
    "Seat 3: bishop74270 (19.85\xE2\x82\xAC)\n"
    "Seat 4: R.Ford (10.08\xE2\x82\xAC)\n"
    "Seat 5: Kosmos777 (5.30\xE2\x82\xAC)\n"
    "*** ANTE/BLINDS ***\n"
    "bishop74270 posts small blind 0.05\xE2\x82\xAC\n"
    "R.Ford posts big blind 0.10\xE2\x82\xAC\n"
    "WAHIL posts big blind 0.10\xE2\x82\xAC out of position\n"
    "*** PRE-FLOP *** \n"
    "Kosmos777 calls 0.10\xE2\x82\xAC\n"
    "WAHIL checks\n"
    "beso760 folds\n"
    "bishop74270 folds\n"
    "R.Ford checks\n"
    "*** FLOP *** [3d Ac Ad]\n"
    "R.Ford checks\n"
    "Kosmos777 bets 0.35\xE2\x82\xAC\n"
    "WAHIL folds\n"
    "R.Ford folds\n"
    "Kosmos777 collected 0.68\xE2\x82\xAC from pot\n"
    "*** SUMMARY ***\n"
    "Total pot 0.68\xE2\x82\xAC | Rake 0.02\xE2\x82\xAC\n"
    "Board: [3d Ac Ad]\n"
    "Seat 5: Kosmos777 won 0.68\xE2\x82\xAC\n";

imported_hand only_winamax_hand(std::string_view text) {
    const std::vector<imported_hand> hands = find_reader("winamax")->read(text, "hand.txt");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

}  // namespace

TEST_CASE("a Winamax history is recognised by its first line") {
    const history_reader* winamax = find_reader("winamax");
    REQUIRE(winamax != nullptr);
    CHECK(winamax->room() == "winamax");
    CHECK(detect_reader(durban) == winamax);
    CHECK(detect_reader(vienna) == winamax);  // after a byte-order mark
    CHECK(detect_reader("\r\n\n" + std::string(durban)) == winamax);
    CHECK(detect_reader(side_pot) == find_reader("pokerstars"));
    CHECK(detect_reader(with(durban, "Winamax Poker", "Winaax Poker")) == nullptr);
    CHECK(detect_reader(with(durban, " - HandId: #", " - Hand: #")) == nullptr);
    CHECK_FALSE(winamax->recognizes(side_pot));
}

TEST_CASE("a Winamax hand: seats from the button, the euro amounts, the uncalled bet inside 'collected'") {
    const imported_hand h = only_winamax_hand(durban);
    CHECK(h.room == "winamax");
    CHECK(h.id == "5285192-1130-1382664338");
    CHECK(h.game == "Holdem no limit");
    CHECK(h.first_line == 1);
    // The button is seat 7: the small blind (seat 8) is the engine's seat 0.
    CHECK(h.players == std::vector<std::string>{"gersois59", "VStee", "morfrim"});
    const hand_config& c = h.hand.config;
    CHECK(h.hand.decimals == 2);
    CHECK(c.mode == play_mode::cash_game);
    CHECK(c.structure == betting_structure::no_limit);
    CHECK(c.starting_stacks == std::vector<chips>{4050, 16667, 4018});
    CHECK(c.forced.blinds_or_straddles == std::vector<chips>{50, 100, 0});
    CHECK(c.forced.antes.empty());
    CHECK(c.limits.min_bet == 100);
    CHECK(h.rake == 98);
    // By hand: morfrim puts in 2.50 + 9.50 = 12.00 and collects 19.82 (no uncalled bet is written:
    // its 5.70 not called is inside): +7.82. gersois59 puts in 2.50, VStee 1 + 1.50 + 3.80 = 6.30.
    CHECK(h.recorded_results == std::vector<chips>{-250, -630, 782});
    CHECK(h.result_lines == std::vector<std::size_t>{0, 0, 19});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    // The engine gives morfrim the pot of 15.10 and its 5.70 back: 20.80, of which the room kept 0.98.
    REQUIRE(v.replayed.state);
    CHECK(v.replayed.state->stacks()[2] == 4018 - 1200 + 2080);
}

TEST_CASE("a Winamax big blind posted out of position is live") {
    const imported_hand h = only_winamax_hand(vienna);
    // The button is seat 2: seats 3, 4, 5, 1, 2.
    CHECK(h.players == std::vector<std::string>{"bishop74270", "R.Ford", "Kosmos777", "WAHIL", "beso760"});
    CHECK(h.hand.config.forced.blinds_or_straddles == std::vector<chips>{5, 10, 0, 0, 0});
    CHECK(h.hand.config.forced.live_posts == std::vector<chips>{0, 0, 0, 10, 0});
    // By hand: the pot is 0.05 + 0.10 + 0.10 + 0.10 = 0.35 before the flop; Kosmos777 bets 0.35 that
    // nobody calls and collects 0.68 (0.35 + 0.35 less the rake of 0.02): 0.68 - 0.45 = +0.23.
    CHECK(h.recorded_results == std::vector<chips>{-5, -10, 23, -10, 0});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    // WAHIL's post is live: he checks where a dead post would owe a call; the record then fails.
    CHECK(check(only_winamax_hand(with(vienna, "WAHIL checks", "WAHIL calls 0.10\xE2\x82\xAC"))).status != import_status::ok);
}

TEST_CASE("a Winamax tournament header: the ante before the blinds, tournament mode") {
    // The hand of `durban` as a tournament's (its header and seats' currency changed, three antes of
    // 0.10 posted, the collection 0.30 larger). By hand: morfrim puts in 0.10 + 12.00 and collects
    // 20.12: +8.02; gersois59 loses 0.10 + 2.50, VStee 0.10 + 6.30; with the rake 0.98 they sum to 0.
    std::string text = with(durban, "CashGame - HandId: #5285192-1130-1382664338 - Holdem no limit (0.50\x80/1\x80)",
                            "Tournament \"Freeroll\" buyIn: 0\x80 + 0\x80 level: 1 - HandId: #1-2-3 - Holdem no limit (0.10/0.50/1)");
    text = with(text, "*** ANTE/BLINDS ***\n",
                "*** ANTE/BLINDS ***\nmorfrim posts ante 0.10\ngersois59 posts ante 0.10\nVStee posts ante 0.10\n");
    text = with(text, "collected 19.82", "collected 20.12");
    const imported_hand h = only_winamax_hand(text);
    CHECK(h.id == "1-2-3");
    CHECK(h.hand.config.mode == play_mode::tournament);
    CHECK(h.hand.config.limits.min_bet == 100);
    CHECK(h.hand.config.forced.antes == std::vector<chips>{10, 10, 10});
    CHECK(h.hand.config.forced.blinds_or_straddles == std::vector<chips>{50, 100, 0});
    CHECK(h.recorded_results == std::vector<chips>{-260, -640, 802});
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    // Stakes of one amount, or of four, are not a Winamax header's.
    CHECK(only_winamax_hand(with(text, "(0.10/0.50/1)", "(1)")).reason == "line 1: stakes that are not 'SB/BB' or 'ANTE/SB/BB': '1'");
}

TEST_CASE("a seated Winamax player with no chips and no action is not dealt in") {
    // The third hand of tests/import/winamax/ok/CashGame-MultipleHandsTests-10MultipleHands.txt.
    const std::string text =
        "Winamax Poker - CashGame - HandId: #5334642-853-1383822121 - Holdem no limit (3\xE2\x82\xAC/6\xE2\x82\xAC) - 2013/11/07 11:02:01 UTC\n"
        "Table: 'Dublin' 5-max (real money) Seat #5 is the button\n"
        "Seat 2: TORINOFA (530.43\xE2\x82\xAC)\n"
        "Seat 3: malcom69 (600\xE2\x82\xAC)\n"
        "Seat 4: Belle___Vue (0\xE2\x82\xAC)\n"
        "Seat 5: ovechkin08 (600\xE2\x82\xAC)\n"
        "*** ANTE/BLINDS ***\n"
        "TORINOFA posts small blind 3\xE2\x82\xAC\n"
        "malcom69 posts big blind 6\xE2\x82\xAC\n"
        "*** PRE-FLOP *** \n"
        "ovechkin08 raises 6\xE2\x82\xAC to 12\xE2\x82\xAC\n"
        "TORINOFA calls 9\xE2\x82\xAC\n"
        "malcom69 folds\n"
        "*** FLOP *** [Qd 5c 4c]\n"
        "TORINOFA bets 30\xE2\x82\xAC\n"
        "ovechkin08 folds\n"
        "TORINOFA collected 58.05\xE2\x82\xAC from pot\n"
        "*** SUMMARY ***\n"
        "Total pot 58.05\xE2\x82\xAC | Rake 1.95\xE2\x82\xAC\n"
        "Board: [Qd 5c 4c]\n"
        "Seat 2: TORINOFA (small blind) won 58.05\xE2\x82\xAC\n";
    const imported_hand h = only_winamax_hand(text);
    CHECK(h.players == std::vector<std::string>{"TORINOFA", "malcom69", "ovechkin08"});
    // By hand: TORINOFA puts in 12 + 30 = 42 and collects 58.05: +16.05.
    CHECK(h.recorded_results == std::vector<chips>{1605, -600, -1200});
    CHECK(check(h).status == import_status::ok);
}

TEST_CASE("Winamax verdicts: a changed amount, raises that disagree, a board that differs, games not read") {
    SUBCASE("a collection changed is a mismatch naming the seat and the line") {
        const import_check v = check(only_winamax_hand(with(durban, "collected 19.82", "collected 19.92")));
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 19: seat 3 (morfrim): the engine's result is 8.80, the room's 7.92 (rake 0.98)");
    }
    SUBCASE("a rake changed is a mismatch") {
        CHECK(check(only_winamax_hand(with(durban, "| Rake 0.98", "| Rake 0.88"))).status == import_status::mismatch);
    }
    SUBCASE("a raise whose two amounts disagree is an error") {
        const import_check v = check(only_winamax_hand(with(durban, "raises 5.70\x80 to 9.50", "raises 5.70\x80 to 9.60")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 16: a raise whose amounts do not agree with the bet before it");
    }
    SUBCASE("an illegal raise is an error with the rule's code") {
        // morfrim's raise to 2.50 written as a raise to 1.50, below the minimum of 2.
        const import_check v = check(only_winamax_hand(with(durban, "raises 1.50\x80 to 2.50", "raises 0.50\x80 to 1.50")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason.starts_with("line 10: below_minimum: "));
    }
    SUBCASE("a summary's board other than the board dealt is an error") {
        const import_check v = check(only_winamax_hand(with(durban, "Board: [Td Kc 5h]", "Board: [Td Kc 5s]")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 22: the summary's board is not the board dealt: 'Board: [Td Kc 5s]'");
    }
    SUBCASE("a line the reader does not know is an error naming it") {
        const import_check v = check(only_winamax_hand(with(durban, "gersois59 folds", "gersois59 foldz")));
        CHECK(v.status == import_status::error);
        CHECK(v.reason == "line 17: a line the reader does not know: 'gersois59 foldz'");
    }
    SUBCASE("an amount without digits is an error") {
        CHECK(check(only_winamax_hand(with(durban, "calls 2\x80", "calls \x80"))).reason ==
              "line 11: expected an amount: 'gersois59 calls \\x80'");
    }
    SUBCASE("a game not read is unsupported, named") {
        const imported_hand h = only_winamax_hand(with(durban, "Holdem no limit", "Holdem fixed limit"));
        CHECK(h.game == "Holdem fixed limit");
        CHECK(check(h).status == import_status::unsupported);
        CHECK(check(h).reason == "line 1: the game 'Holdem fixed limit' is not read yet");
    }
    SUBCASE("a kind of game other than a cash game or a tournament is unsupported, named") {
        CHECK(check(only_winamax_hand(with(durban, "CashGame - ", "Home Game - "))).reason ==
              "line 1: a kind of game not read yet: 'Home Game - '");
    }
    SUBCASE("a hand without its summary is an error") {
        CHECK(check(only_winamax_hand(durban.substr(0, durban.find("*** SUMMARY")))).reason ==
              "line 19: the hand ends before its summary");
    }
    SUBCASE("a board dealt after every other seat folded is an error, not dropped") {
        std::string text = with(vienna, "R.Ford folds\n", "R.Ford folds\n*** TURN *** [3d Ac Ad][Ks]\n");
        text = with(text, "Board: [3d Ac Ad]", "Board: [3d Ac Ad Ks]");
        const import_check v = check(only_winamax_hand(text));
        CHECK(v.status == import_status::error);
        CHECK(v.reason.starts_with("line 23: hand_complete: "));
    }
}

TEST_CASE("a Winamax history streamed in chunks of any size reads as the whole file") {
    // Text before the first hand, a hand, a hand with \r\n whose collection is 1 too high, a hand
    // with a line that cannot be read, a hand with no line end at the end.
    const std::string mismatch = replace_all(with(with(std::string(vienna), "#5282949-1701", "#2"), "collected 0.68", "collected 1.68"), "\n", "\r\n");
    const std::string bad = with(with(durban, "#5285192-1130", "#3"), "VStee folds", "VStee foldz") + "\n\n";
    const std::string last = with(durban, "#5285192-1130", "#4");
    const std::string text = "Exported by a tracker\n\n" + std::string(durban) + "\n\n\n" + mismatch + bad + last;
    const history_reader& reader = *find_reader("winamax");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 5);
    CHECK(hands[0].reason == "line 1: not a Winamax hand: 'Exported by a tracker'");
    CHECK(hands[1].first_line == 3);
    CHECK(check(hands[1]).status == import_status::ok);
    CHECK(check(hands[2]).reason == "line " + std::to_string(line_at(text, text.find("Kosmos777 collected 1.68"))) +
                                        ": seat 3 (Kosmos777): the engine's result is 0.25, the room's 1.23 (rake 0.02)");
    CHECK(check(hands[3]).reason == "line " + std::to_string(line_at(text, text.find("VStee foldz"))) +
                                        ": a line the reader does not know: 'VStee foldz'");
    CHECK(hands[4].id == "4-1382664338");
    CHECK(check(hands[4]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}

// ---- iPoker ----

namespace {

// Game 5383392792 of iPoker, tests/import/ipoker/ok/CashGame-HandActionTests-BasicHand.txt without its BOM
// (HHSmithy/PokerHandHistoryParser, MIT licence): pot-limit Omaha in euros, the actions numbered out of order.
constexpr std::string_view ipoker_omaha =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<session sessioncode=\"0\">\n"
    "  <general>\n"
    "    <mode>real</mode>\n"
    "    <gametype>Omaha PL \xE2\x82\xAC" "0.05/\xE2\x82\xAC" "0.10</gametype>\n"
    "    <tablename>Ashil'ta, 817748311</tablename>\n"
    "    <tablecurrency>EUR</tablecurrency>\n"
    "    <duration>N/A</duration>\n"
    "    <gamecount>N/A</gamecount>\n"
    "    <startdate>2014-01-06 11:44:53</startdate>\n"
    "    <currency></currency>\n"
    "    <nickname>N/A</nickname>\n"
    "    <bets>N/A</bets>\n"
    "    <wins>N/A</wins>\n"
    "    <chipsin>N/A</chipsin>\n"
    "    <chipsout>N/A</chipsout>\n"
    "    <ipoints>N/A</ipoints>\n"
    "    <statuspoints>N/A</statuspoints>\n"
    "    <awardpoints>N/A</awardpoints>\n"
    "  </general>\n"
    "<game gamecode=\"5383392792\">\n"
    "    <general>\n"
    "      <startdate>2014-01-06 11:49:59</startdate>\n"
    "      <players>\n"
    "        <player seat=\"5\" name=\"Frozean\" chips=\"\xE2\x82\xAC" "8.72\" dealer=\"1\" win=\"\xE2\x82\xAC" "0\" bet=\"\xE2\x82\xAC" "0\" rebuy=\"0\" addon=\"0\" reg_code=\"-\" />\n"
    "        <player seat=\"6\" name=\"joemags\" chips=\"\xE2\x82\xAC" "4.69\" dealer=\"0\" win=\"\xE2\x82\xAC" "0\" bet=\"\xE2\x82\xAC" "0.70\" rebuy=\"0\" addon=\"0\" reg_code=\"-\" />\n"
    "        <player seat=\"8\" name=\"Dullaghan\" chips=\"\xE2\x82\xAC" "10\" dealer=\"0\" win=\"\xE2\x82\xAC" "1.61\" bet=\"\xE2\x82\xAC" "1\" rebuy=\"0\" addon=\"0\" reg_code=\"-\" />\n"
    "      </players>\n"
    "    </general>\n"
    "    <round no=\"0\">\n"
    "      <action no=\"1\" player=\"joemags\" type=\"1\" sum=\"\xE2\x82\xAC" "0.05\" cards=\"[cards]\" />\n"
    "      <action no=\"2\" player=\"Dullaghan\" type=\"2\" sum=\"\xE2\x82\xAC" "0.10\" cards=\"[cards]\" />\n"
    "    </round>\n"
    "    <round no=\"1\">\n"
    "      <cards type=\"Pocket\" player=\"Frozean\">X X X X</cards>\n"
    "      <action no=\"3\" player=\"Frozean\" type=\"0\" sum=\"\xE2\x82\xAC" "0\" cards=\"\" />\n"
    "      <cards type=\"Pocket\" player=\"joemags\">X X X X</cards>\n"
    "      <action no=\"4\" player=\"joemags\" type=\"3\" sum=\"\xE2\x82\xAC" "0.05\" cards=\"\" />\n"
    "      <cards type=\"Pocket\" player=\"Dullaghan\">X X X X</cards>\n"
    "      <action no=\"5\" player=\"Dullaghan\" type=\"4\" sum=\"\xE2\x82\xAC" "0\" cards=\"\" />\n"
    "    </round>\n"
    "    <round no=\"2\">\n"
    "      <cards type=\"Flop\" player=\"\">D7 C4 CJ</cards>\n"
    "      <action no=\"6\" player=\"joemags\" type=\"5\" sum=\"\xE2\x82\xAC" "0.10\" cards=\"\" />\n"
    "      <action no=\"8\" player=\"joemags\" type=\"3\" sum=\"\xE2\x82\xAC" "0.10\" cards=\"\" />\n"
    "      <action no=\"7\" player=\"Dullaghan\" type=\"23\" sum=\"\xE2\x82\xAC" "0.20\" cards=\"\" />\n"
    "    </round>\n"
    "    <round no=\"3\">\n"
    "      <cards type=\"Turn\" player=\"\">S8</cards>\n"
    "      <action no=\"9\" player=\"joemags\" type=\"4\" sum=\"\xE2\x82\xAC" "0\" cards=\"\" />\n"
    "      <action no=\"11\" player=\"joemags\" type=\"3\" sum=\"\xE2\x82\xAC" "0.20\" cards=\"\" />\n"
    "      <action no=\"10\" player=\"Dullaghan\" type=\"5\" sum=\"\xE2\x82\xAC" "0.20\" cards=\"\" />\n"
    "    </round>\n"
    "    <round no=\"4\">\n"
    "      <cards type=\"River\" player=\"\">SA</cards>\n"
    "      <action no=\"12\" player=\"joemags\" type=\"5\" sum=\"\xE2\x82\xAC" "0.20\" cards=\"\" />\n"
    "      <action no=\"14\" player=\"joemags\" type=\"0\" sum=\"\xE2\x82\xAC" "0\" cards=\"\" />\n"
    "      <action no=\"13\" player=\"Dullaghan\" type=\"23\" sum=\"\xE2\x82\xAC" "0.50\" cards=\"\" />\n"
    "    </round>\n"
    "  </game>\n"
    "</session>";

// Game 3311227441 of iPoker, tests/import/ipoker/ok/CashGame-HandActionTests-NeedTwoHoleCardsError.txt without
// its BOM: no-limit hold'em in dollars, thousands grouped by commas, a player sitting out, raises to street totals.
constexpr std::string_view ipoker_all_in =
    "<session sessioncode=\"0\">\n"
    " <general>\n"
    "   <mode>real</mode>\n"
    "   <gametype>Holdem NL $5/$10</gametype>\n"
    "   <tablename>Alzamay (No DP), 165474751</tablename>\n"
    "   <tablecurrency>USD</tablecurrency>\n"
    "   <duration>N/A</duration>\n"
    "   <gamecount>N/A</gamecount>\n"
    "   <startdate>2012-06-04 23:48:00</startdate>\n"
    "   <currency>USD</currency>\n"
    "   <nickname>N/A</nickname>\n"
    "   <bets>N/A</bets>\n"
    "   <wins>N/A</wins>\n"
    "   <chipsin>N/A</chipsin>\n"
    "   <chipsout>N/A</chipsout>\n"
    "   <ipoints>N/A</ipoints>\n"
    "   <statuspoints>N/A</statuspoints>\n"
    "   <awardpoints>N/A</awardpoints>\n"
    "   <is_asian>0</is_asian>\n"
    " </general>\n"
    " <game gamecode=\"3311227441\">\n"
    "   <general>\n"
    "     <startdate>2012-06-05 01:10:50</startdate>\n"
    "     <players>\n"
    "       <player seat=\"1\" name=\"carpediem424\" chips=\"$256\" dealer=\"0\" win=\"$530\" bet=\"$256\" rebuy=\"0\" addon=\"0\" />\n"
    "       <player seat=\"3\" name=\"BehindDeMusgow\" chips=\"$300\" dealer=\"0\" win=\"$0\" bet=\"$0\" rebuy=\"0\" addon=\"0\" />\n"
    "       <player seat=\"5\" name=\"H4nkMoody\" chips=\"$300\" dealer=\"0\" win=\"$0\" bet=\"$0\" rebuy=\"0\" addon=\"0\" />\n"
    "       <player seat=\"6\" name=\"numbersnletters\" chips=\"$1,000\" dealer=\"0\" win=\"$0\" bet=\"$0\" rebuy=\"0\" addon=\"0\" />\n"
    "       <player seat=\"8\" name=\"PAYNLES\" chips=\"$2,921\" dealer=\"1\" win=\"$0\" bet=\"$20\" rebuy=\"0\" addon=\"0\" />\n"
    "       <player seat=\"10\" name=\"leokadia19\" chips=\"$1,020\" dealer=\"0\" win=\"$0\" bet=\"$256\" rebuy=\"0\" addon=\"0\" />\n"
    "     </players>\n"
    "   </general>\n"
    "   <round no=\"0\">\n"
    "     <action no=\"2\" player=\"carpediem424\" type=\"2\" sum=\"$10\" cards=\"[cards]\" />\n"
    "     <action no=\"3\" player=\"numbersnletters\" type=\"8\" sum=\"$0\" cards=\"[cards]\" />\n"
    "     <action no=\"1\" player=\"leokadia19\" type=\"1\" sum=\"$5\" cards=\"[cards]\" />\n"
    "   </round>\n"
    "   <round no=\"1\">\n"
    "     <cards type=\"Pocket\" player=\"carpediem424\">DQ HQ</cards>\n"
    "     <action no=\"6\" player=\"carpediem424\" type=\"23\" sum=\"$256\" cards=\"\" />\n"
    "     <cards type=\"Pocket\" player=\"PAYNLES\">X X</cards>\n"
    "     <action no=\"4\" player=\"PAYNLES\" type=\"23\" sum=\"$20\" cards=\"\" />\n"
    "     <action no=\"7\" player=\"PAYNLES\" type=\"0\" sum=\"$0\" cards=\"\" />\n"
    "     <cards type=\"Pocket\" player=\"leokadia19\">H9 SA</cards>\n"
    "     <action no=\"5\" player=\"leokadia19\" type=\"23\" sum=\"$80\" cards=\"\" />\n"
    "     <action no=\"8\" player=\"leokadia19\" type=\"3\" sum=\"$176\" cards=\"\" />\n"
    "   </round>\n"
    "   <round no=\"2\">\n"
    "     <cards type=\"Flop\" player=\"\">D10 D6 D2</cards>\n"
    "   </round>\n"
    "   <round no=\"3\">\n"
    "     <cards type=\"Turn\" player=\"\">H7</cards>\n"
    "   </round>\n"
    "   <round no=\"4\">\n"
    "     <cards type=\"River\" player=\"\">HJ</cards>\n"
    "   </round>\n"
    " </game>\n"
    "</session>";

imported_hand only_ipoker_hand(std::string_view text) {
    const std::vector<imported_hand> hands = find_reader("ipoker")->read(text, "f.xml");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

}  // namespace

TEST_CASE("an iPoker history is recognised by its session, with or without the XML declaration") {
    CHECK(detect_reader(ipoker_omaha)->room() == "ipoker");
    CHECK(detect_reader("\xEF\xBB\xBF" + std::string(ipoker_all_in))->room() == "ipoker");
    CHECK(detect_reader("<?xml version=\"1.0\"?><session sessioncode=\"0\">  <general>")->room() == "ipoker");
    CHECK(detect_reader("<sessions>") == nullptr);
    CHECK(detect_reader(side_pot)->room() != "ipoker");
}

TEST_CASE("an iPoker game: seats from the button, the stakes of the session, each seat's win less its bet") {
    const imported_hand h = only_ipoker_hand(ipoker_omaha);
    CHECK(h.room == "ipoker");
    CHECK(h.id == "5383392792");
    CHECK(h.game == "Omaha PL \xE2\x82\xAC" "0.05/\xE2\x82\xAC" "0.10");
    CHECK(h.first_line == 21);
    // Frozean (seat 5) has the button: joemags (6) and Dullaghan (8) are the blinds.
    CHECK(h.players == std::vector<std::string>{"joemags", "Dullaghan", "Frozean"});
    CHECK(h.hand.decimals == 2);
    CHECK(h.hand.config.structure == betting_structure::pot_limit);
    CHECK(h.hand.config.limits.min_bet == 10);
    CHECK(h.hand.config.starting_stacks == std::vector<chips>{469, 1000, 872});
    // joemags bet 0.70 and won nothing; Dullaghan bet 1 and won 1.61; 1.70 bet, 1.61 won: 0.09 raked.
    CHECK(h.recorded_results == std::vector<chips>{-70, 61, 0});
    CHECK(h.result_lines == std::vector<std::size_t>{26, 27, 25});
    CHECK(h.rake == 9);
    // The flop's actions are numbered 6, 8, 7 in the text: read in their numbers' order (bet, raise, call).
    const auto flop_raise = std::find(h.action_lines.begin(), h.action_lines.end(), std::size_t{46});
    REQUIRE(flop_raise != h.action_lines.end());
    CHECK(*(flop_raise - 1) == 44);
    CHECK(*(flop_raise + 1) == 45);
    CHECK(check(h).status == import_status::ok);
}

TEST_CASE("an iPoker game in dollars: thousands grouped by commas, raises to the street's total, a player sitting out") {
    const imported_hand h = only_ipoker_hand(ipoker_all_in);
    // PAYNLES (seat 8) has the button; numbersnletters sits out, seats 3 and 5 are not dealt in.
    CHECK(h.players == std::vector<std::string>{"leokadia19", "carpediem424", "PAYNLES"});
    CHECK(h.hand.decimals == 0);
    CHECK(h.hand.config.starting_stacks == std::vector<chips>{1020, 256, 2921});
    // carpediem424 raises all in to 256, leokadia19 calls 176 more (80 + 176): carpediem424 wins 530 of 532.
    CHECK(h.recorded_results == std::vector<chips>{-256, 274, -20});
    CHECK(h.rake == 2);
    CHECK(check(h).status == import_status::ok);
}

TEST_CASE("iPoker decimal commas: read exactly when every amount of the game agrees, refused when they do not") {
    SUBCASE("a game written with decimal commas is the game written with points") {
        const imported_hand h = only_ipoker_hand(replace_all(std::string(ipoker_omaha), ".", ","));
        CHECK(h.recorded_results == std::vector<chips>{-70, 61, 0});
        CHECK(h.rake == 9);
        CHECK(check(h).status == import_status::ok);
    }
    SUBCASE("a decimal comma among decimal points is an error naming the line") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "chips=\"\xE2\x82\xAC" "8.72\"", "chips=\"\xE2\x82\xAC" "8,72\""));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason.starts_with("line 25: an amount whose decimal mark is not the one of the game's other amounts: "));
    }
    SUBCASE("commas that are neither thousands nor a decimal comma are an error") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "win=\"\xE2\x82\xAC" "1.61\"", "win=\"\xE2\x82\xAC" "1,6,1\""));
        CHECK(h.reason.starts_with("line 27: an amount whose commas are neither thousands nor a decimal comma: "));
    }
}

TEST_CASE("iPoker verdicts: a changed bet, an unknown action, an unknown player or element, games not read") {
    SUBCASE("a loser's win changed is a mismatch naming the seat and the line") {
        const import_check v = check(only_ipoker_hand(with(ipoker_omaha, "win=\"\xE2\x82\xAC" "0\" bet=\"\xE2\x82\xAC" "0.70\"", "win=\"\xE2\x82\xAC" "0.05\" bet=\"\xE2\x82\xAC" "0.70\"")));
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 26: seat 1 (joemags): the engine's result is -0.70, the room's -0.65 (rake 0.04)");
    }
    SUBCASE("a bet total other than the seat's actions add up to is an error naming the seat's line") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "bet=\"\xE2\x82\xAC" "0.70\"", "bet=\"\xE2\x82\xAC" "0.80\""));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 26: joemags's actions put in 0.70, its bet total is 0.80");
    }
    SUBCASE("a raise the rules refuse is an error with the rule's code") {
        // Dullaghan's river raise to 0.50 written as a raise to 0.30, below the least of 0.40, his bet total
        // 0.20 less to agree.
        std::string text = with(ipoker_omaha, "type=\"23\" sum=\"\xE2\x82\xAC" "0.50\"", "type=\"23\" sum=\"\xE2\x82\xAC" "0.30\"");
        text = with(text, "win=\"\xE2\x82\xAC" "1.61\" bet=\"\xE2\x82\xAC" "1\"", "win=\"\xE2\x82\xAC" "1.41\" bet=\"\xE2\x82\xAC" "0.80\"");
        const import_check v = check(only_ipoker_hand(text));
        CHECK(v.status == import_status::error);
        CHECK(v.reason.starts_with("line 58: below_minimum: "));
    }
    SUBCASE("an action type the reader does not know is an error naming the line") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "player=\"Dullaghan\" type=\"4\"", "player=\"Dullaghan\" type=\"6\""));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 40: an action type the reader does not know: 6");
    }
    SUBCASE("an action of a player not among the game's players is an error") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "player=\"joemags\" type=\"1\"", "player=\"joemag\" type=\"1\""));
        CHECK(h.reason.starts_with("line 31: a player not in the game's players: '<action no=\"1\" player=\"joemag\""));
    }
    SUBCASE("an element the reader does not know is an error") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "<round no=\"4\">", "<rnd no=\"4\">"));
        CHECK(h.reason == "line 54: expected <round>: '<rnd no=\"4\">'");
    }
    SUBCASE("a game cut short is an error") {
        const std::string_view cut = ipoker_omaha.substr(0, ipoker_omaha.find("<round no=\"3\">"));
        CHECK(only_ipoker_hand(cut).reason == "line 48: the file ends inside a hand");
    }
    SUBCASE("an entity in a name is read") {
        const imported_hand h = only_ipoker_hand(replace_all(std::string(ipoker_omaha), "Frozean", "Froz&amp;ean"));
        CHECK(h.players[2] == "Froz&ean");
        CHECK(check(h).status == import_status::ok);
        CHECK(only_ipoker_hand(replace_all(std::string(ipoker_omaha), "Frozean", "Froz&ean")).read_status == import_status::error);
    }
    SUBCASE("a game not read is unsupported, named") {
        const imported_hand h = only_ipoker_hand(with(ipoker_omaha, "Omaha PL", "Stud L"));
        CHECK(h.read_status == import_status::unsupported);
        CHECK(h.reason == "line 5: the game 'Stud' is not read yet");
    }
    SUBCASE("a tournament's hand is played under tournament rules, its least bet the big blind posted") {
        const std::string tournament = with(ipoker_omaha, "<mode>real</mode>", "<tournamentcode>123</tournamentcode>");
        const imported_hand h = only_ipoker_hand(tournament);
        REQUIRE(h.read_status == import_status::ok);
        CHECK(h.hand.config.mode == play::play_mode::tournament);
        CHECK(h.hand.config.limits.min_bet == 10);  // the big blind posted, €0.10 in cents
        CHECK(check(h).status == import_status::ok);
        // Without stakes in the game type, as tournaments write it: the same hand.
        const imported_hand bare = only_ipoker_hand(with(tournament, "Omaha PL \xE2\x82\xAC" "0.05/\xE2\x82\xAC" "0.10", "Omaha PL"));
        REQUIRE(bare.read_status == import_status::ok);
        CHECK(bare.hand.config.limits.min_bet == 10);
        CHECK(check(bare).status == import_status::ok);
        // Dullaghan's big blind all his chips: the level's big blind is not on record, and others bet.
        const imported_hand short_blind = only_ipoker_hand(with(tournament, "chips=\"\xE2\x82\xAC" "10\"", "chips=\"\xE2\x82\xAC" "0.10\""));
        CHECK(short_blind.read_status == import_status::unsupported);
        CHECK(short_blind.reason.find("the stakes are not written and the big blind is not posted in full") != std::string::npos);
        const imported_hand limit = only_ipoker_hand(with(tournament, "Omaha PL \xE2\x82\xAC" "0.05/\xE2\x82\xAC" "0.10", "Holdem L"));
        CHECK(limit.read_status == import_status::unsupported);
        CHECK(limit.reason == "line 5: iPoker fixed-limit tournaments are not read yet: 'Holdem L'");
    }
}

TEST_CASE("an iPoker history streamed in chunks of any size reads as the whole file") {
    // One session of four games (the second's loser's win changed, the third with an action type not
    // known, the fourth cut before its end), then a session of one game: the stakes of each session
    // go with its games from block to block.
    const std::string omaha(ipoker_omaha);
    const std::size_t game_at = omaha.find("<game "), game_end = omaha.find("</game>") + 8;
    const std::string game = omaha.substr(game_at, game_end - game_at);
    const std::string changed = with(with(game, "5383392792", "2"), "win=\"\xE2\x82\xAC" "0\" bet=\"\xE2\x82\xAC" "0.70\"", "win=\"\xE2\x82\xAC" "0.05\" bet=\"\xE2\x82\xAC" "0.70\"");
    const std::string unknown = with(with(game, "5383392792", "3"), "player=\"Dullaghan\" type=\"4\"", "player=\"Dullaghan\" type=\"6\"");
    const std::string fourth = with(game, "5383392792", "4");
    const std::string cut = fourth.substr(0, fourth.find("<round no=\"2\">"));
    const std::string text = omaha.substr(0, game_end) + changed + unknown + cut + "</session>\n" + std::string(ipoker_all_in);
    const history_reader& reader = *find_reader("ipoker");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 5);
    CHECK(check(hands[0]).status == import_status::ok);
    CHECK(check(hands[1]).status == import_status::mismatch);
    CHECK(hands[1].first_line == line_at(text, text.find("gamecode=\"2\"")));
    CHECK(check(hands[2]).reason == "line " + std::to_string(line_at(text, text.find("type=\"6\""))) +
                                        ": an action type the reader does not know: 6");
    CHECK(check(hands[3]).reason == "line " + std::to_string(line_at(text, text.find("</session>", text.find("gamecode=\"4\"")))) +
                                        ": expected <round>: '</session>'");
    CHECK(hands[4].id == "3311227441");
    CHECK(check(hands[4]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}

TEST_CASE("an iPoker declaration that does not end before the first game is an error in the whole file as in its blocks") {
    // The declaration's '?>' stands only in the next session, after the first game: a block that ends at
    // that game must not read past it, and the whole file reads as its blocks do: the declaration is an
    // error, and the session after it is read with its game.
    const std::string omaha(ipoker_omaha);
    const std::string text = "<?xml version=\"1.0\"\n" + omaha.substr(omaha.find('\n') + 1) + omaha;
    const history_reader& reader = *find_reader("ipoker");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 3);
    CHECK(hands[0].reason == "line 1: an XML declaration without its '?>' before the next game or session");
    CHECK(hands[1].first_line == line_at(text, text.find("<game ")));
    CHECK(check(hands[1]).status == import_status::ok);
    CHECK(hands[2].first_line == line_at(text, text.rfind("<game ")));
    CHECK(check(hands[2]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}

// ---- PartyPoker ----

namespace {

// Hand 13551495313, tests/import/partypoker/ok/CashGame-Tables-Table2.txt (HHSmithy/PokerHandHistoryParser,
// MIT licence): hugomarcia posts a small blind out of position, and calls $0.05 more to the big blind's $0.10.
constexpr std::string_view party_barnsley =
    "***** Hand History for Game 13551495313 *****\n"
    "$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 14:25:57 EST 2014\n"
    "Table Barnsley (Real Money)\n"
    "Seat 3 is the button\n"
    "Total number of players : 5/9 \n"
    "Seat 8: PBarca88 ( $3 USD )\n"
    "Seat 1: RELATIVE78 ( $12.95 USD )\n"
    "Seat 2: hugomarcia ( $3.98 USD )\n"
    "Seat 7: newstyle222 ( $10.37 USD )\n"
    "Seat 3: sxdan ( $9.90 USD )\n"
    "newstyle222 posts small blind [$0.05 USD].\n"
    "PBarca88 posts big blind [$0.10 USD].\n"
    "hugomarcia posts small blind [$0.05 USD].\n"
    "** Dealing down cards **\n"
    "RELATIVE78 calls [$0.10 USD]\n"
    "hugomarcia calls [$0.05 USD]\n"
    "sxdan calls [$0.10 USD]\n"
    "newstyle222 calls [$0.05 USD]\n"
    "PBarca88 raises [$0.50 USD]\n"
    "RELATIVE78 folds\n"
    "hugomarcia folds\n"
    "sxdan folds\n"
    "newstyle222 will be using his time bank for this hand.\n"
    "newstyle222 folds\n"
    "PBarca88 does not show cards.\n"
    "PBarca88 wins $1 USD\n";

// Hand 13549932236, CashGame-HandActionTests-AllInHandWithShowdown.txt (same origin): a bet and a call all-in.
constexpr std::string_view party_all_in =
    "***** Hand History for Game 13549932236 *****\n"
    "$0.05/$0.10 USD NL Texas Hold'em - Sunday, January 05, 19:24:07 EST 2014\n"
    "Table Aksay (Real Money)\n"
    "Seat 5 is the button\n"
    "Total number of players : 6/6 \n"
    "Seat 2: GrindAA ( $29.58 USD )\n"
    "Seat 5: TYRANNOMAN1 ( $8.13 USD )\n"
    "Seat 4: dr. spaz ( $10 USD )\n"
    "Seat 6: kewen ( $24.77 USD )\n"
    "Seat 3: mumija80 ( $11.37 USD )\n"
    "Seat 1: xyxyTiltyxyx ( $15.02 USD )\n"
    "kewen posts small blind [$0.05 USD].\n"
    "xyxyTiltyxyx posts big blind [$0.10 USD].\n"
    "** Dealing down cards **\n"
    "GrindAA folds\n"
    "mumija80 folds\n"
    "dr. spaz raises [$0.30 USD]\n"
    "TYRANNOMAN1 calls [$0.30 USD]\n"
    "kewen calls [$0.25 USD]\n"
    "xyxyTiltyxyx calls [$0.20 USD]\n"
    "** Dealing Flop ** [ 8s, 5c, 6h ]\n"
    "kewen checks\n"
    "xyxyTiltyxyx checks\n"
    "dr. spaz bets [$1.10 USD]\n"
    "TYRANNOMAN1 calls [$1.10 USD]\n"
    "kewen folds\n"
    "xyxyTiltyxyx calls [$1.10 USD]\n"
    "** Dealing Turn ** [ Ac ]\n"
    "xyxyTiltyxyx checks\n"
    "dr. spaz bets [$3.70 USD]\n"
    "TYRANNOMAN1 calls [$3.70 USD]\n"
    "xyxyTiltyxyx calls [$3.70 USD]\n"
    "** Dealing River ** [ Tc ]\n"
    "xyxyTiltyxyx checks\n"
    "dr. spaz is all-In  [$4.90 USD]\n"
    "TYRANNOMAN1 is all-In  [$3.03 USD]\n"
    "xyxyTiltyxyx folds\n"
    "dr. spaz shows [ 8c, 8d ]three of a kind, Eights.\n"
    "TYRANNOMAN1 doesn't show [ Jc, Jd ]a pair of Jacks.\n"
    "dr. spaz wins $1.87 USD from the side pot 1 with three of a kind, Eights.\n"
    "dr. spaz wins $20.66 USD from the main pot with three of a kind, Eights.\n";

// Hand 11614201072, CashGame-GameTypeTests-PotLimitHoldem.txt (same origin): the header gives the buy-in's
// maximum, not the blinds; the export's lines before and after the hand.
constexpr std::string_view party_buy_in_table =
    "#Game No : 11614201072 \n"
    "***** Hand History for Game 11614201072 *****\n"
    "$50 USD PL Texas Hold'em - Tuesday, April 03, 03:48:45 EDT 2012\n"
    "Table Table  131342 (No DP) (Real Money)\n"
    "Seat 2 is the button\n"
    "Total number of players : 2/6 \n"
    "Seat 3: PI3rdTImpSIBanI ( $97.65 USD )\n"
    "Seat 2: marlboro man ( $45.70 USD )\n"
    "marlboro man posts small blind [$0.25 USD].\n"
    "PI3rdTImpSIBanI posts big blind [$0.50 USD].\n"
    "** Dealing down cards **\n"
    "marlboro man calls [$0.25 USD]\n"
    "PI3rdTImpSIBanI checks\n"
    "** Dealing Flop ** [ Kh, 7c, 2h ]\n"
    "PI3rdTImpSIBanI bets [$0.71 USD]\n"
    "marlboro man calls [$0.71 USD]\n"
    "** Dealing Turn ** [ Ts ]\n"
    "PI3rdTImpSIBanI checks\n"
    "marlboro man checks\n"
    "** Dealing River ** [ Tc ]\n"
    "PI3rdTImpSIBanI checks\n"
    "marlboro man checks\n"
    "PI3rdTImpSIBanI shows [ 2c, Qs ]two pairs, Tens and Twos.\n"
    "marlboro man shows [ 7s, 9h ]two pairs, Tens and Sevens.\n"
    "marlboro man wins $2.30 USD from the main pot with two pairs, Tens and Sevens.\n"
    "Game #11614201761 starts.\n";

// Hand 13550918572, CashGame-HandActionTests-OmahaHiLo.txt (same origin): an all-in call before the flop, a hi-lo split.
constexpr std::string_view party_hi_lo =
    "***** Hand History for Game 13550918572 *****\n"
    "$100 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST 2014\n"
    "Table Paris (Real Money)\n"
    "Seat 6 is the button\n"
    "Total number of players : 6/6 \n"
    "Seat 3: MrGoldenCox ( $100 USD )\n"
    "Seat 1: annajulia222 ( $68 USD )\n"
    "Seat 5: berndi1488 ( $26 USD )\n"
    "Seat 2: fistfock123 ( $30 USD )\n"
    "Seat 4: prinzgoldi ( $84.98 USD )\n"
    "Seat 6: robertp10 ( $103.65 USD )\n"
    "annajulia222 posts small blind [$0.50 USD].\n"
    "fistfock123 posts big blind [$1 USD].\n"
    "** Dealing down cards **\n"
    "prinzgoldi folds\n"
    "berndi1488 folds\n"
    "robertp10 raises [$3.50 USD]\n"
    "annajulia222 folds\n"
    "fistfock123 raises [$10 USD]\n"
    "robertp10 raises [$27.50 USD]\n"
    "fistfock123 is all-In  [$19 USD]\n"
    "** Dealing Flop ** [ 5c, 2d, Jh ]\n"
    "** Dealing Turn ** [ 4d ]\n"
    "** Dealing River ** [ 9d ]\n"
    "robertp10 shows [ Kh, Kd, 4c, Ac ]a pair of Kings.\n"
    "fistfock123 shows [ 8s, Qh, Ad, 7h ]high card Ace.\n"
    "fistfock123 shows7,5,4,2,A  for low.\n"
    "robertp10 wins $1 USD from the side pot 1 with a pair of Kings.\n"
    "robertp10 wins $28.75 USD from the main pot with a pair of Kings.\n"
    "fistfock123 wins Lo ($28.75 USD) from the main pot with 7,5,4,2,A.\n";

imported_hand only_partypoker_hand(std::string_view text) {
    const std::vector<imported_hand> hands = find_reader("partypoker")->read(text, "hand.txt");
    REQUIRE(hands.size() == 1);
    return hands[0];
}

}  // namespace

TEST_CASE("a PartyPoker history is recognised by its first lines") {
    const history_reader* party = find_reader("partypoker");
    REQUIRE(party != nullptr);
    CHECK(party->room() == "partypoker");
    CHECK(detect_reader(party_barnsley) == party);
    CHECK(detect_reader("\xEF\xBB\xBF" + std::string(party_all_in)) == party);
    CHECK(detect_reader(party_buy_in_table) == party);  // "#Game No : N" before the header
    CHECK(detect_reader("\xEF\xBB\xBF" + std::string(party_buy_in_table)) == party);
    CHECK(detect_reader(with(party_barnsley, "Hand History for Game", "Hand History of Game")) == nullptr);
    CHECK_FALSE(party->recognizes(side_pot));
    CHECK_FALSE(find_reader("pokerstars")->recognizes(party_barnsley));
    CHECK_FALSE(find_reader("fulltilt")->recognizes(party_barnsley));
}

TEST_CASE("a PartyPoker hand: seats from the button, a small blind posted out of position is live") {
    const imported_hand h = only_partypoker_hand(party_barnsley);
    CHECK(h.room == "partypoker");
    CHECK(h.id == "13551495313");
    CHECK(h.game == "NL Texas Hold'em");
    CHECK(h.read_status == import_status::ok);
    // The button is seat 3 (sxdan): seats 7, 8, 1, 2, 3 from the small blind on.
    CHECK(h.players == std::vector<std::string>{"newstyle222", "PBarca88", "RELATIVE78", "hugomarcia", "sxdan"});
    const hand_config& c = h.hand.config;
    CHECK(h.hand.decimals == 2);
    CHECK(c.mode == play_mode::cash_game);
    CHECK(c.structure == betting_structure::no_limit);
    CHECK(c.limits.min_bet == 10);
    CHECK(c.starting_stacks == std::vector<chips>{1037, 300, 1295, 398, 990});
    CHECK(c.forced.blinds_or_straddles == std::vector<chips>{5, 10, 0, 0, 0});
    CHECK(c.forced.live_posts == std::vector<chips>{0, 0, 0, 5, 0});
    // By hand: four players put in 0.10 each (hugomarcia 0.05 posted and 0.05 called), PBarca88 0.60 and
    // wins $1: the pot of 0.50 and his 0.50 nobody called. No rake: the pots held 1.00, the room paid 1.00.
    CHECK(h.recorded_results == std::vector<chips>{-10, 40, -10, -10, -10});
    CHECK(h.rake == 0);
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
    // Were the post dead, hugomarcia would call $0.10 to the big blind: then the record puts in 0.15 and the
    // engine, which counts the post live, takes 0.10 of him.
    const import_check dead = check(only_partypoker_hand(with(party_barnsley, "hugomarcia calls [$0.05 USD]", "hugomarcia calls [$0.10 USD]")));
    CHECK(dead.status == import_status::mismatch);
    CHECK(dead.reason == "line 1: seat 4 (hugomarcia): the engine's result is -0.10, the room's -0.15 (rake 0.05)");
}

TEST_CASE("PartyPoker amounts put in: raises by what they add, an all-in a bet or a call by the street's highest bet") {
    const imported_hand h = only_partypoker_hand(party_all_in);
    CHECK(h.players == std::vector<std::string>{"kewen", "xyxyTiltyxyx", "GrindAA", "mumija80", "dr. spaz", "TYRANNOMAN1"});
    const std::vector<std::string>& a = h.hand.action_texts;
    const auto river = std::find(a.begin(), a.end(), "d db Tc");
    REQUIRE(a.end() - river == 7);
    // On the river dr. spaz puts in his last 4.90 over no bet: a bet; TYRANNOMAN1 his last 3.03, short of it: a call.
    CHECK(std::vector<std::string>(river + 1, a.end()) ==
          std::vector<std::string>{"p2 cc", "p5 cbr 4.90", "p6 cc", "p2 f", "p5 sm 8c8d", "p6 sm"});
    // "raises [$0.30 USD]" over the big blind is a raise to 0.30, which kewen's small blind calls with 0.25.
    CHECK(std::find(a.begin(), a.end(), "p5 cbr 0.30") != a.end());
    // By hand: dr. spaz puts in 0.30 + 1.10 + 3.70 + 4.90 = 10.00 and wins 1.87 + 20.66 (the 1.87 nobody
    // called inside "the side pot 1"): +12.53. xyxyTiltyxyx 0.30 + 1.10 + 3.70, TYRANNOMAN1 his 8.13, kewen
    // 0.30. The pots held 23.53, the room paid 22.53: a rake of 1.00.
    CHECK(h.recorded_results == std::vector<chips>{-30, -510, 0, 0, 1253, -813});
    CHECK(h.rake == 100);
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
}

TEST_CASE("a PartyPoker table whose header gives the buy-in plays the blinds posted") {
    const imported_hand h = only_partypoker_hand(party_buy_in_table);
    CHECK(h.first_line == 2);
    CHECK(h.id == "11614201072");
    CHECK(h.game == "PL Texas Hold'em");
    const hand_config& c = h.hand.config;
    CHECK(c.structure == betting_structure::pot_limit);
    CHECK(c.limits.min_bet == 50);
    // Heads-up: the big blind (seat 3) first, the button second.
    CHECK(h.players == std::vector<std::string>{"PI3rdTImpSIBanI", "marlboro man"});
    CHECK(c.forced.blinds_or_straddles == std::vector<chips>{50, 25});
    // By hand: each puts in 0.50 + 0.71; marlboro man wins 2.30 of the 2.42: rake 0.12.
    CHECK(h.recorded_results == std::vector<chips>{-121, 109});
    CHECK(h.rake == 12);
    CHECK(check(h).status == import_status::ok);
    // Without a big blind posted in full nothing gives the least bet, and they play on: unsupported at the
    // first call, as an iPoker tournament's short big blind is (the one rule of both, room_text.hpp).
    const imported_hand none = only_partypoker_hand(with(party_buy_in_table, "PI3rdTImpSIBanI posts big blind [$0.50 USD].\n", ""));
    CHECK(none.read_status == import_status::unsupported);
    CHECK(none.reason == "line 11: the stakes are not written and the big blind is not posted in full: the hand's least "
                         "bet is not on record");
    const imported_hand short_blind = only_partypoker_hand(with(party_buy_in_table, "( $97.65 USD )", "( $0.50 USD )"));
    CHECK(short_blind.read_status == import_status::unsupported);
    CHECK(short_blind.reason.starts_with("line 12: the stakes are not written and the big blind is not posted in full"));
}

TEST_CASE("a PartyPoker hi-lo split: 'wins Lo', an all-in that calls short") {
    const imported_hand h = only_partypoker_hand(party_hi_lo);
    CHECK(h.game == "PL Omaha Hi-Lo");
    // MrGoldenCox (seat 3) posts nothing and acts in no way: not dealt in.
    CHECK(h.players == std::vector<std::string>{"annajulia222", "fistfock123", "prinzgoldi", "berndi1488", "robertp10"});
    const std::vector<std::string>& a = h.hand.action_texts;
    // robertp10 raises by 3.50 and then by 27.50: to 31.00. fistfock123's 1 + 10 + 19 is all his 30: a call.
    const auto raise = std::find(a.begin(), a.end(), "p5 cbr 31.00");
    REQUIRE(raise != a.end());
    CHECK(*(raise + 1) == "p2 cc");
    // By hand: each puts in 30 (robertp10 31, the 1 nobody called back as "the side pot 1"), annajulia222
    // 0.50; the pot of 60.50 pays 28.75 to each half: rake 3.00. robertp10 -1.25, fistfock123 -1.25.
    CHECK(h.recorded_results == std::vector<chips>{-50, -125, 0, 0, -125});
    CHECK(h.rake == 300);
    const import_check v = check(h);
    CHECK(v.status == import_status::ok);
    CHECK(v.results == h.recorded_results);
}

TEST_CASE("PartyPoker verdicts: a pot paid to the wrong seat or beyond the pots, lines that stop or are not known, games not read") {
    SUBCASE("the pot written as won by the seat that loses it") {
        const import_check v = check(only_partypoker_hand(
            with(party_buy_in_table, "marlboro man wins $2.30 USD", "PI3rdTImpSIBanI wins $2.30 USD")));
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 25: seat 1 (PI3rdTImpSIBanI): the engine's result is -1.21, the room's 1.09 (rake 0.12)");
    }
    SUBCASE("a seat paid more than the pots held: the rake would be less than nothing") {
        const imported_hand h = only_partypoker_hand(with(party_barnsley, "PBarca88 wins $1 USD", "PBarca88 wins $1.10 USD"));
        CHECK(h.rake == 0);
        const import_check v = check(h);
        CHECK(v.status == import_status::mismatch);
        CHECK(v.reason == "line 26: seat 2 (PBarca88): the engine's result is 0.40, the room's 0.50");
    }
    SUBCASE("a record that stops before anyone wins") {
        const imported_hand h = only_partypoker_hand(with(party_barnsley, "PBarca88 wins $1 USD\n", ""));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 25: no player wins a pot: the record stops before the hand is settled");
    }
    SUBCASE("a line the reader does not know") {
        const imported_hand h = only_partypoker_hand(with(party_all_in, "kewen checks", "kewen chekcs"));
        CHECK(h.read_status == import_status::error);
        CHECK(h.reason == "line 22: a line the reader does not know: 'kewen chekcs'");
    }
    SUBCASE("chat and the table talk of players not dealt in are not the hand's") {
        const std::string text = with(party_all_in, "GrindAA folds\n",
                                      "GrindAA folds\nGrindAA: gl\nSomeone has joined the table.\nmumija80 has left the table.\n");
        CHECK(check(only_partypoker_hand(text)).status == import_status::ok);
    }
    SUBCASE("an amount in brackets with words after it") {
        const imported_hand h = only_partypoker_hand(with(party_all_in, "bets [$1.10 USD]", "bets [$1.10 USD more]"));
        CHECK(h.reason == "line 24: words after the amount: 'dr. spaz bets [$1.10 USD more]'");
    }
    SUBCASE("no button") {
        const imported_hand h = only_partypoker_hand(with(party_all_in, "Seat 5 is the button\n", ""));
        CHECK(h.reason == "line 1: no line says where the button is ('Seat 3 is the button')");
    }
    SUBCASE("a game not read yet, a tournament") {
        const import_check stud = check(only_partypoker_hand(with(party_all_in, "NL Texas Hold'em", "FL 7 Card Stud")));
        CHECK(stud.status == import_status::unsupported);
        CHECK(stud.reason == "line 2: the game FL 7 Card Stud is not read yet");
        // Tournaments are read (tests/import/partypoker/ok/MultiTableTournament-*.txt); a header without
        // the level's blinds is an error, a fixed-limit one not read yet.
        const imported_hand no_blinds = only_partypoker_hand(
            with(party_all_in, "$0.05/$0.10 USD NL Texas Hold'em", "NL Texas Hold'em $5 USD Buy-in Trny:123 Level:1"));
        CHECK(no_blinds.read_status == import_status::error);
        CHECK(no_blinds.reason.starts_with("line 2: a tournament's line without its blinds"));
        const imported_hand limit = only_partypoker_hand(with(
            party_all_in, "$0.05/$0.10 USD NL Texas Hold'em", "FL Texas Hold'em $5 USD Buy-in Trny:123 Level:1  Blinds(1.000/2.000)"));
        CHECK(limit.read_status == import_status::unsupported);
        CHECK(limit.reason.starts_with("line 2: fixed-limit tournament hands are not read yet"));
        const imported_hand bad_blinds = only_partypoker_hand(with(
            party_all_in, "$0.05/$0.10 USD NL Texas Hold'em", "NL Texas Hold'em $5 USD Buy-in Trny:123 Level:1  Blinds(1,0/20)"));
        CHECK(bad_blinds.read_status == import_status::error);
        CHECK(bad_blinds.reason.starts_with("line 2: not the level's blinds"));
        const imported_hand no_trny = only_partypoker_hand(
            with(party_all_in, "$0.05/$0.10 USD NL Texas Hold'em", "NL Texas Hold'em $5 USD Buy-in Level:1"));
        CHECK(no_trny.read_status == import_status::unsupported);
        CHECK(no_trny.reason.starts_with("line 2: a tournament's game line without 'Trny:' is not read yet"));
    }
}

TEST_CASE("a PartyPoker history streamed in chunks of any size reads as the whole file") {
    // A byte-order mark and an export's line before the first hand, a hand with \r\n, the export's lines
    // between hands, a hand with a line that cannot be read, a hand with no line end at the end.
    const std::string text = "\xEF\xBB\xBF#Game No : 13551495313\r\n" + replace_all(std::string(party_barnsley), "\n", "\r\n") +
                             "\r\n\r\n" + std::string(party_buy_in_table) + "\n" +
                             with(party_all_in, "kewen checks", "kewen chekcs") + "\n\n" +
                             std::string(party_hi_lo.substr(0, party_hi_lo.size() - 1));
    const history_reader& reader = *find_reader("partypoker");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 4);
    CHECK(hands[0].first_line == 2);
    CHECK(check(hands[0]).status == import_status::ok);
    CHECK(hands[1].first_line == line_at(text, text.find("#Game No : 11614201072")) + 1);
    CHECK(check(hands[1]).status == import_status::ok);
    CHECK(hands[2].reason == "line " + std::to_string(line_at(text, text.find("kewen chekcs"))) +
                                 ": a line the reader does not know: 'kewen chekcs'");
    CHECK(check(hands[3]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}

TEST_CASE("a PartyPoker line that begins as a hand's header but goes on is no header, however the stream cuts it") {
    // "***** Hand History for Game 1 *****" alone starts a hand; with more after it, the line is not
    // one the reader knows. A chunk that ends inside the line must not cut a block there.
    const std::string text = with(party_all_in, "kewen checks", "***** Hand History for Game 1 ***** kewen checks") +
                             "\n" + std::string(party_hi_lo);
    const history_reader& reader = *find_reader("partypoker");
    const std::vector<imported_hand> hands = reader.read(text, "f.txt");
    REQUIRE(hands.size() == 2);
    CHECK(hands[0].reason == "line " + std::to_string(line_at(text, text.find("***** Hand History for Game 1 "))) +
                                 ": a line the reader does not know: '***** Hand History for Game 1 ***** kewen checks'");
    CHECK(check(hands[1]).status == import_status::ok);
    check_streamed_as_whole(reader, text, hands_read(hands));
}
