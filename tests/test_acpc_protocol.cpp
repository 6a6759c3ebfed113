// The ACPC protocol's lines: the example hands of the protocol document
// (project_acpc_server/protocol.pdf, version 2.0.0, "Examples"), played by
// the engine from the document's cards (a hidden hand is given cards of our
// own), must give the document's MATCHSTATE lines, one after each action;
// the client's replies printed there read as the actions that follow. Values
// and log lines are worked by hand in the comments.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "pokerengine/server/acpc_protocol.hpp"

using namespace pokerengine;
using namespace pokerengine::server;

namespace {

constexpr std::string_view limit_2p =
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr std::string_view nolimit_2p =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr std::string_view limit_3p =
    "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 4\nblind = 5 10 0\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";

std::vector<Card> cards_of(std::string_view text) {
    std::vector<Card> out;
    for (std::size_t i = 0; i + 1 < text.size(); i += 2) out.push_back(parse_card(text.substr(i, 2)));
    return out;
}

std::string betting_of(std::string_view line) {  // MATCHSTATE:p:h:BETTING:cards
    std::size_t at = 0;
    for (int k = 0; k < 3; ++k) at = line.find(':', at) + 1;
    return std::string(line.substr(at, line.find(':', at) - at));
}

// The action between two bettings: the new text without its '/'.
acpc_action action_between(const std::string& before, const std::string& after) {
    std::string step = after.substr(before.size());
    std::erase(step, '/');
    REQUIRE(!step.empty());
    if (step[0] == 'f') return {acpc_action::kind::fold, 0};
    if (step[0] == 'c') return {acpc_action::kind::call, 0};
    return {acpc_action::kind::raise, step.size() > 1 ? std::stoll(step.substr(1)) : 0};
}

// Plays the document's lines of one hand; `cards`: each position's hole cards, then the board.
acpc_hand play_document_hand(const acpc_game& game, std::uint32_t number, int position, std::string_view cards,
                             const std::vector<std::string>& lines) {
    const std::vector<Card> deal = cards_of(cards);
    acpc_hand hand(game, number, deal);
    CHECK(hand.matchstate(position) == lines.front());
    for (std::size_t k = 1; k < lines.size(); ++k) {
        REQUIRE(!hand.finished());
        CHECK(hand.apply(action_between(betting_of(lines[k - 1]), betting_of(lines[k]))) == acpc_fix::none);
        CHECK(hand.matchstate(position) == lines[k]);
    }
    CHECK(hand.finished());
    return hand;
}

}  // namespace

TEST_CASE("two-player limit hold'em: the document's hands 0, 1 and 2") {
    const acpc_game game = play::read_acpc_game(limit_2p);
    SUBCASE("hand 0, a showdown") {
        const acpc_hand hand = play_document_hand(game, 0, 0, "TdAs8hTc2c8c3h9cKh",
            {"MATCHSTATE:0:0::TdAs|", "MATCHSTATE:0:0:r:TdAs|", "MATCHSTATE:0:0:rr:TdAs|",
             "MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h", "MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h",
             "MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c", "MATCHSTATE:0:0:rrc/rc/c:TdAs|/2c8c3h/9c",
             "MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c", "MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh",
             "MATCHSTATE:0:0:rrc/rc/crc/c:TdAs|/2c8c3h/9c/Kh", "MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh",
             "MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh"});
        // Each put in 30 before the flop, 10 on it, 20 on the turn and 20 on the river: 80.
        // Position 1's pair of eights beats ace high.
        CHECK(hand.values() == std::vector<chips>{-80, 80});
        const std::vector<std::string> names{"alice", "bob"};
        CHECK(hand.log_line(names) == "STATE:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh:-80|80:alice|bob");
    }
    SUBCASE("hand 1, a fold on the turn: nothing shown") {
        const acpc_hand hand = play_document_hand(game, 1, 1, "AhKhQd7c2h8h5cTh2s",
            {"MATCHSTATE:1:1::|Qd7c", "MATCHSTATE:1:1:r:|Qd7c", "MATCHSTATE:1:1:rr:|Qd7c",
             "MATCHSTATE:1:1:rrc/:|Qd7c/2h8h5c", "MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c",
             "MATCHSTATE:1:1:rrc/rc/:|Qd7c/2h8h5c/Th", "MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th",
             "MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th"});
        // Position 1 folds after 30 and 10 in: -40; the log still holds every position's cards.
        CHECK(hand.values() == std::vector<chips>{40, -40});
        CHECK(hand.state() == "STATE:1:rrc/rc/rf:AhKh|Qd7c/2h8h5c/Th");
        CHECK(hand.matchstate(0) == "MATCHSTATE:0:1:rrc/rc/rf:AhKh|/2h8h5c/Th");
    }
    SUBCASE("hand 2") {
        const acpc_hand hand = play_document_hand(game, 2, 0, "9d7sKsKc5d2cJc3d4h",
            {"MATCHSTATE:0:2::9d7s|", "MATCHSTATE:0:2:r:9d7s|", "MATCHSTATE:0:2:rc/:9d7s|/5d2cJc",
             "MATCHSTATE:0:2:rc/c:9d7s|/5d2cJc", "MATCHSTATE:0:2:rc/cc/:9d7s|/5d2cJc/3d",
             "MATCHSTATE:0:2:rc/cc/c:9d7s|/5d2cJc/3d", "MATCHSTATE:0:2:rc/cc/cr:9d7s|/5d2cJc/3d",
             "MATCHSTATE:0:2:rc/cc/crf:9d7s|/5d2cJc/3d"});
        CHECK(hand.values() == std::vector<chips>{-20, 20});
    }
}

TEST_CASE("two-player no-limit hold'em: the document's hands 30 and 31") {
    const acpc_game game = play::read_acpc_game(nolimit_2p);
    SUBCASE("hand 30: raises to totals over the hand") {
        const acpc_hand hand = play_document_hand(game, 30, 0, "9s8h9c6h8c8d5c6s2d",
            {"MATCHSTATE:0:30::9s8h|", "MATCHSTATE:0:30:c:9s8h|", "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c",
             "MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c", "MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s",
             "MATCHSTATE:0:30:cc/r250c/r500:9s8h|/8c8d5c/6s", "MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d",
             "MATCHSTATE:0:30:cc/r250c/r500c/r1250:9s8h|/8c8d5c/6s/2d",
             "MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d"});
        // Eights full of nines against eights full of sixes: position 0 wins the 1250 each put in.
        CHECK(hand.values() == std::vector<chips>{1250, -1250});
    }
    SUBCASE("hand 31: all in on the turn, the river dealt at the end") {
        const acpc_hand hand = play_document_hand(game, 31, 1, "KsJsJdTc6dJc9cKhQc",
            {"MATCHSTATE:1:31::|JdTc", "MATCHSTATE:1:31:r300:|JdTc", "MATCHSTATE:1:31:r300r900:|JdTc",
             "MATCHSTATE:1:31:r300r900c/:|JdTc/6dJc9c", "MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c",
             "MATCHSTATE:1:31:r300r900c/r1800r3600:|JdTc/6dJc9c",
             "MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c",
             "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/:|JdTc/6dJc9c/Kh",
             "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh",
             "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc"});
        // Kings and jacks for position 0 against the straight 9-K of position 1 (9c Tc Jd Qc Kh).
        CHECK(hand.values() == std::vector<chips>{-20000, 20000});
    }
}

TEST_CASE("three-player limit hold'em: the document's hands 55 and 90") {
    const acpc_game game = play::read_acpc_game(limit_3p);
    SUBCASE("hand 55") {
        const acpc_hand hand = play_document_hand(game, 55, 2, "2d3d4d5dAsTs4cJh8hKd8c",
            {"MATCHSTATE:2:55::||AsTs", "MATCHSTATE:2:55:r:||AsTs", "MATCHSTATE:2:55:rc:||AsTs",
             "MATCHSTATE:2:55:rcc/:||AsTs/4cJh8h", "MATCHSTATE:2:55:rcc/r:||AsTs/4cJh8h",
             "MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h", "MATCHSTATE:2:55:rcc/rfc/:||AsTs/4cJh8h/Kd",
             "MATCHSTATE:2:55:rcc/rfc/r:||AsTs/4cJh8h/Kd", "MATCHSTATE:2:55:rcc/rfc/rc/:||AsTs/4cJh8h/Kd/8c",
             "MATCHSTATE:2:55:rcc/rfc/rc/r:||AsTs/4cJh8h/Kd/8c", "MATCHSTATE:2:55:rcc/rfc/rc/rf:||AsTs/4cJh8h/Kd/8c"});
        // 20 each before the flop; position 1 folds there; position 2 folds the river after 10 and 20 more.
        CHECK(hand.values() == std::vector<chips>{70, -20, -50});
    }
    SUBCASE("hand 90: a folded hand is not shown") {
        const acpc_hand hand = play_document_hand(game, 90, 0, "Ad6h2c3cTd2hTsKd7hKh6d",
            {"MATCHSTATE:0:90::Ad6h||", "MATCHSTATE:0:90:c:Ad6h||", "MATCHSTATE:0:90:cr:Ad6h||",
             "MATCHSTATE:0:90:crf:Ad6h||", "MATCHSTATE:0:90:crfc/:Ad6h||/TsKd7h",
             "MATCHSTATE:0:90:crfc/r:Ad6h||/TsKd7h", "MATCHSTATE:0:90:crfc/rc/:Ad6h||/TsKd7h/Kh",
             "MATCHSTATE:0:90:crfc/rc/r:Ad6h||/TsKd7h/Kh", "MATCHSTATE:0:90:crfc/rc/rc/:Ad6h||/TsKd7h/Kh/6d",
             "MATCHSTATE:0:90:crfc/rc/rc/r:Ad6h||/TsKd7h/Kh/6d",
             "MATCHSTATE:0:90:crfc/rc/rc/rc:Ad6h||Td2h/TsKd7h/Kh/6d"});
        // Kings and tens beat kings and sixes: position 2 takes 20+10+20+20 = 70 from position 0 and the big blind's 10.
        CHECK(hand.values() == std::vector<chips>{-70, -10, 80});
    }
}

TEST_CASE("the document's replies read as the actions that follow") {
    using kind = acpc_action::kind;
    const auto limit = betting_structure::fixed_limit, nolimit = betting_structure::no_limit;
    auto read = [](std::string_view line, std::string_view sent, betting_structure s) { return read_acpc_reply(line, sent, s); };
    CHECK(read("MATCHSTATE:0:0:r:TdAs|:r", "MATCHSTATE:0:0:r:TdAs|", limit).act == acpc_action{kind::raise, 0});
    CHECK(read("MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th:f\r", "MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th", limit).act ==
          acpc_action{kind::fold, 0});
    CHECK(read("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250", "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c", nolimit).act ==
          acpc_action{kind::raise, 250});
    CHECK(read("MATCHSTATE:0:30:c:9s8h|:c", "MATCHSTATE:0:30:c:9s8h|", nolimit).status == acpc_reply_status::action);

    SUBCASE("bad replies: ignored, or played as a call") {
        const std::string_view sent = "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c";
        CHECK(read("# a comment", sent, nolimit).status == acpc_reply_status::comment);
        CHECK(read(";gui", sent, nolimit).status == acpc_reply_status::comment);
        CHECK(read("MATCHSTATE:0:29:cc/:9s8h|/8c8d5c:c", sent, nolimit).status == acpc_reply_status::other_state);
        CHECK(read("MATCHSTATE:0:30:cc/:9s8h|9c6h/8c8d5c:c", sent, nolimit).status == acpc_reply_status::other_state);
        CHECK(read("", sent, nolimit).status == acpc_reply_status::other_state);
        CHECK(read("garbage", sent, nolimit).status == acpc_reply_status::other_state);
        for (std::string_view bad : {"", ":", ":x", ":r", ":rabc", ": c"}) {
            const acpc_reply r = read(std::string(sent) + std::string(bad), sent, nolimit);
            CHECK(r.status == acpc_reply_status::bad_action);
            CHECK(r.act == acpc_action{kind::call, 0});
        }
        CHECK(read(std::string(sent) + ":r-5", sent, nolimit).act == acpc_action{kind::raise, -5});
        CHECK(read(std::string(sent) + ":r99999999999999999999999", sent, nolimit).act.size > 20000);
    }
}

TEST_CASE("actions the rules refuse are played as the competition's dealer plays them") {
    const acpc_game game = play::read_acpc_game(nolimit_2p);
    const std::vector<Card> deal = cards_of("9s8h9c6h8c8d5c6s2d");
    SUBCASE("a fold when checking is free is a check") {
        acpc_hand hand(game, 0, deal);
        CHECK(hand.apply({acpc_action::kind::call, 0}) == acpc_fix::none);   // position 1 completes to 100
        CHECK(hand.apply({acpc_action::kind::fold, 0}) == acpc_fix::changed_to_call);  // the big blind may check
        CHECK(hand.matchstate(0) == "MATCHSTATE:0:0:cc/:9s8h|/8c8d5c");
    }
    SUBCASE("raise sizes move to the nearest legal one: at least twice the big blind, at most the stack") {
        acpc_hand hand(game, 0, deal);
        CHECK(hand.apply({acpc_action::kind::raise, 150}) == acpc_fix::size_changed);
        CHECK(hand.apply({acpc_action::kind::raise, 50000}) == acpc_fix::size_changed);
        CHECK(hand.matchstate(1) == "MATCHSTATE:1:0:r200r20000:|9c6h");
        CHECK(hand.apply({acpc_action::kind::raise, 25000}) == acpc_fix::changed_to_call);  // no raise left: a call
        CHECK(hand.finished());
        CHECK(hand.matchstate(1) == "MATCHSTATE:1:0:r200r20000c///:9s8h|9c6h/8c8d5c/6s/2d");
    }
    SUBCASE("a gone seat checks, else folds") {
        acpc_hand hand(game, 0, deal);
        hand.apply_default();  // position 1 faces the big blind: a fold
        CHECK(hand.finished());
        CHECK(hand.values() == std::vector<chips>{50, -50});
        CHECK(hand.matchstate(0) == "MATCHSTATE:0:0:f:9s8h|");
    }
    SUBCASE("the cards must be the hand's, all different") {
        CHECK_THROWS_AS(acpc_hand(game, 0, cards_of("9s8h9c6h8c8d5c6s")), std::invalid_argument);
        CHECK_THROWS_AS(acpc_hand(game, 0, cards_of("9s9s9c6h8c8d5c6s2d")), std::invalid_argument);
    }
    CHECK(acpc_score_line(std::vector<chips>{-5, 5}, std::vector<std::string>{"a", "b"}) == "SCORE:-5|5:a|b");
}

TEST_CASE("limit: maxRaises caps every round, heads-up too; without it there is no cap") {
    const std::vector<Card> deal = cards_of("9s8h9c6h8c8d5c6s2d");
    using kind = acpc_action::kind;
    SUBCASE("3 4 4 4: the blind and three raises before the flop, a bet and three raises after") {
        const acpc_game game = play::read_acpc_game(limit_2p);
        acpc_hand hand(game, 0, deal);
        for (int k = 0; k < 3; ++k) CHECK(hand.apply({kind::raise, 0}) == acpc_fix::none);
        CHECK(hand.apply({kind::raise, 0}) == acpc_fix::changed_to_call);  // a fifth bet: refused, a call
        for (int k = 0; k < 4; ++k) CHECK(hand.apply({kind::raise, 0}) == acpc_fix::none);
        CHECK(hand.apply({kind::raise, 0}) == acpc_fix::changed_to_call);
        CHECK(hand.matchstate(0) == "MATCHSTATE:0:0:rrrc/rrrrc/:9s8h|/8c8d5c/6s");
    }
    SUBCASE("no maxRaises: raises go on") {
        std::string text(limit_2p);
        text.erase(text.find("maxRaises"), std::string_view("maxRaises = 3 4 4 4\n").size());
        const acpc_game game = play::read_acpc_game(text);
        acpc_hand hand(game, 0, deal);
        for (int k = 0; k < 8; ++k) CHECK(hand.apply({kind::raise, 0}) == acpc_fix::none);
        CHECK(hand.matchstate(1) == "MATCHSTATE:1:0:rrrrrrrr:|9c6h");
    }
    SUBCASE("rounds allowing different numbers of bets are refused") {
        std::string text(limit_2p);
        text.replace(text.find("maxRaises = 3 4 4 4"), 19, "maxRaises = 3 3 4 4");
        CHECK_THROWS_AS(play::read_acpc_game(text), play::game_definition_error);
    }
}
