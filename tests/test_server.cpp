// The server layer: the wire form of a seat's view (exact amounts, PHH
// numbering, table seats, no other seat's unshown card in any frame), the
// message reader's refusals, a hosted table's clocks and seating driven by a
// test clock, storage that keeps every chip, and the whole server over
// loopback with bots, every frame captured and checked against the hands'
// full histories in the database. Expected amounts are worked by hand from
// the blinds and stacks.
#include <doctest/doctest.h>

#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "pokerengine/games.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/server/bot.hpp"
#include "pokerengine/server/protocol.hpp"
#include "pokerengine/server/room.hpp"
#include "pokerengine/server/server.hpp"
#include "pokerengine/server/settings.hpp"
#include "pokerengine/server/store.hpp"
#include "pokerengine/server/store_writer.hpp"
#include "pokerengine/server/wire.hpp"
#include "pokerengine/table.hpp"

using namespace pokerengine;
using namespace pokerengine::server;
namespace pp = pokerengine::play;

namespace {

// Every card named in a frame: each word of each string that reads as cards.
void cards_in(const json& j, CardSet& out) {
    if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        std::size_t start = 0;
        while (start <= s.size()) {
            std::size_t end = s.find_first_of(" \n=[],'\"", start);
            if (end == std::string::npos) end = s.size();
            const std::string word = s.substr(start, end - start);
            if (!word.empty() && word.size() % 2 == 0) {
                try {
                    for (Card c : parse_cards(word)) out |= c;
                } catch (const std::exception&) {
                }
            }
            start = end + 1;
        }
    } else if (j.is_structured()) {
        for (const auto& item : j) cards_in(item, out);
    }
}

CardSet cards_in(const json& j) {
    CardSet s;
    cards_in(j, s);
    return s;
}

// Cards a seat may know in `hand` as it stands: its own, the board, every up
// card, and every card a seat has shown (a show of every card shows what it held).
CardSet knowable(const pp::hand_state& hand, int seat) {
    CardSet ok = hand.hole_cards(seat).all();
    for (const pp::action& a : hand.history())  // what it held before a draw
        if (a.seat == seat && (a.what == pp::action::kind::deal_hole || a.what == pp::action::kind::stand_pat_or_discard))
            for (Card c : a.cards) ok |= c;
    for (Card c : hand.board()) ok |= c;
    for (int s = 0; s < hand.players(); ++s) ok |= hand.hole_cards(s).up_cards();
    for (const pp::action& a : hand.history())
        if (a.what == pp::action::kind::show) {
            if (a.cards.empty()) ok |= hand.hole_cards(a.seat).all();
            for (Card c : a.cards) ok |= c;
        }
    return ok;
}

// Every card dealt to any seat in the hand.
CardSet all_hole_cards(const pp::hand_state& hand) {
    CardSet all;
    for (const pp::action& a : hand.history())
        if (a.what == pp::action::kind::deal_hole || a.what == pp::action::kind::stand_pat_or_discard)
            for (Card c : a.cards) all |= c;
    return all;
}

struct recorder {
    std::mutex m;
    std::map<player_id, std::vector<json>> frames;
    room::send_fn sink() {
        return [this](player_id p, const json& f) {
            std::lock_guard lock(m);
            frames[p].push_back(f);
        };
    }
    std::vector<json> of(player_id p, std::string_view type) {
        std::vector<json> out;
        for (const json& f : frames[p])
            if (f["type"] == type) out.push_back(f);
        return out;
    }
};

room_settings heads_up_settings() {
    room_settings s;
    s.id = "t";
    s.table = pp::table_config::standard("holdem", betting_structure::no_limit, 2);
    s.table.mode = pp::play_mode::cash_game;
    s.min_buy_in = 20;
    s.max_buy_in = 200;
    s.clock = {milliseconds{1000}, milliseconds{500}, 2};
    s.between_hands = milliseconds{0};
    return s;
}

request act_text(std::string text) {
    request r;
    r.what = request::kind::act;
    r.table = "t";
    r.action_text = std::move(text);
    return r;
}

std::string code_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const protocol_error& e) {
        return e.code();
    }
    return "none";
}

// A room's storage that holds each write until the test commits it (or fails it).
struct held_storage : table_storage {
    std::vector<std::pair<std::string, done_fn>> writes;  // what, done
    void buy_in(const std::string&, int seat, std::int64_t, const std::string&, chips amount, done_fn done) override {
        writes.emplace_back("buy_in " + std::to_string(seat) + " " + std::to_string(amount), std::move(done));
    }
    void cash_out(const std::string&, int seat, std::int64_t, chips amount, done_fn done) override {
        writes.emplace_back("cash_out " + std::to_string(seat) + " " + std::to_string(amount), std::move(done));
    }
    std::vector<stored_table_state> states;  // every table state saved, in order
    void hand_finished(const std::string&, std::uint64_t number, const std::string&,
                       const std::vector<std::pair<int, chips>>&, const std::string& state, done_fn done) override {
        states.push_back({state, number});
        writes.emplace_back("hand " + std::to_string(number), std::move(done));
    }
    void set_sitting_out(const std::string&, int seat, bool out, done_fn done) override {
        writes.emplace_back("sitting_out " + std::to_string(seat) + (out ? " yes" : " no"), std::move(done));
    }
    void table_saved(const std::string&, std::uint64_t hand, const std::string& state, done_fn done) override {
        states.push_back({state, hand});
        writes.emplace_back("table_saved", std::move(done));
    }
    // The writes held, but the table states that follow each.
    std::vector<std::string> held() const {
        std::vector<std::string> out;
        for (const auto& w : writes)
            if (w.first != "table_saved") out.push_back(w.first);
        return out;
    }
    // Every write's `done` is called, as the server's writer posts each; the first error is thrown.
    void commit(std::exception_ptr error = {}) {
        auto done = std::move(writes);
        writes.clear();
        std::exception_ptr first;
        for (auto& w : done) {
            try {
                if (w.second) w.second(error);
            } catch (...) {
                if (!first) first = std::current_exception();
            }
        }
        if (first) std::rethrow_exception(first);
    }
};

std::filesystem::path temp_db(const std::string& name) {
    auto p = std::filesystem::temp_directory_path() / ("pokerengine-test-" + std::to_string(::getpid()) + "-" + name);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
    return p;
}

}  // namespace

TEST_CASE("the wire form of a seat's view: PHH numbers, table seats, exact amounts") {
    pp::table t{pp::table_config::standard("holdem", betting_structure::no_limit, 6), 42};
    t.join(1, "Ann", 200);
    t.join(3, "Bob", 150);
    t.join(4, "Cy", 300);
    pp::hand_state hand = t.start_hand();
    const pp::hand_plan& plan = *t.current();
    // The first button is the first player (Ann, table seat 2): Bob posts the small
    // blind as p1, Cy the big blind as p2, Ann is p3 and acts first, facing 2.
    REQUIRE(plan.seats == std::vector<int>{3, 4, 1});
    const json v = to_json(hand.view_for(2), &plan);
    CHECK(v["player"] == 3);
    CHECK(v["to_act"] == 3);
    CHECK(v["phase"] == "betting");
    CHECK(v["pot"] == 3);
    CHECK(v["seats"][0]["table_seat"] == 4);
    CHECK(v["seats"][0]["name"] == "Bob");
    CHECK(v["seats"][0]["bet"] == 1);
    CHECK(v["seats"][0]["stack"] == 149);
    CHECK(v["seats"][1]["bet"] == 2);
    CHECK(v["seats"][2]["table_seat"] == 2);
    CHECK(v["seats"][2]["cards"].size() == 2);
    CHECK(v["seats"][0]["cards"].empty());
    CHECK(v["seats"][0]["hidden"] == 2);
    const json& legal = v["legal"];
    CHECK(legal["player"] == 3);
    CHECK(legal["fold"] == true);
    CHECK(legal["check"] == false);
    CHECK(legal["call"] == 2);
    CHECK(legal["raise"]["min"] == 4);    // the big blind again on top of it
    CHECK(legal["raise"]["max"] == 200);  // Ann's whole stack
    CHECK(v["actions"] == json::array({"d dh p1 ????", "d dh p2 ????",
                                       "d dh p3 " + to_string(hand.hole_cards(2).cards[0]) +
                                           to_string(hand.hole_cards(2).cards[1])}));
    // Another seat's view holds no legal actions.
    CHECK(to_json(hand.view_for(0), &plan)["legal"].is_null());
    hand.apply(pp::action::raise_to(2, 10));
    const json b = to_json(hand.view_for(0), &plan)["legal"];
    CHECK(b["call"] == 9);
    CHECK(b["raise"]["min"] == 18);  // the raise of 8 again
    CHECK(b["raise"]["max"] == 150);
}

TEST_CASE("no frame holds another seat's unshown card, in every game; a view's patch rebuilds the next") {
    xoshiro256ss rng{11};
    std::size_t view_bytes = 0, patch_bytes = 0;
    for (const game_traits& g : all_games()) {
        CAPTURE(g.name);
        const int players = g.family == game_family::stud ? 7 : (g.family == game_family::draw ? 5 : 6);
        for (int h = 0; h < 8; ++h) {
            pp::hand_state hand{pp::hand_config::standard(g.name, pp::hand_config::usual_structure(find_game(g.name)),
                                                          players, 60),
                                rng()};
            std::vector<json> last(static_cast<std::size_t>(players));
            while (true) {
                for (int s = 0; s < players; ++s) {
                    const json view = to_json(hand.view_for(s));
                    const CardSet seen = cards_in(view);
                    const CardSet hidden = all_hole_cards(hand) - knowable(hand, s);
                    CHECK((seen & hidden).empty());
                    json& before = last[static_cast<std::size_t>(s)];
                    if (!before.is_null()) {
                        const json patch = view_patch(before, view);
                        CHECK((cards_in(patch) & hidden).empty());
                        CHECK(apply_view_patch(before, patch) == view);
                        view_bytes += view.dump().size();
                        patch_bytes += patch.dump().size();
                    }
                    before = view;
                }
                if (hand.is_complete()) break;
                hand.apply(pp::random_action(hand, rng));
            }
            for (int s = 0; s < players; ++s) {
                const CardSet in_history = cards_in(json(pp::write_phh(hand, 0, unseen_cards(hand, s))));
                CHECK((in_history & (all_hole_cards(hand) - knowable(hand, s))).empty());
            }
        }
    }
    // A patch says what changed: a part of a whole view (views without names here; a server's have them).
    MESSAGE("views " << view_bytes << " bytes, their patches " << patch_bytes);
    CHECK(patch_bytes * 2 < view_bytes);
    // Any change of any JSON: members gone, added and retyped, arrays shorter and longer, keys the pointer escapes.
    const json a = json::parse(R"({"a/b": 1, "m~n": [1, 2, 3], "gone": true, "x": {"y": [{"z": 1}, 2]}, "t": "s", "n": null})");
    const json b = json::parse(R"({"x": {"y": [{"z": 2, "w": "\"q\""}]}, "m~n": [1, 5, 3, 4, 5], "a/b": [1], "t": "s", "n": 0, "new": {}})");
    for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, a}, std::pair{a, json(3)}, std::pair{json::array({1, 2}), json::array()}}) {
        CAPTURE(view_patch_text(from, to));
        // Equal as JSON: members in any order (a patch does not keep the order of added members).
        const auto same = [](const json& x, const json& y) { return nlohmann::json::parse(x.dump()) == nlohmann::json::parse(y.dump()); };
        CHECK(same(apply_view_patch(from, view_patch(from, to)), to));
        CHECK(same(from.patch(json::parse(view_patch_text(from, to))), to));  // nlohmann's own application agrees
    }
    CHECK(view_patch_text(a, a) == "[]");
    CHECK(view_patch_text(a, b).find(R"("path":"/a~1b")") != std::string::npos);
    CHECK(view_patch_text(a, b).find(R"("path":"/m~0n/-")") != std::string::npos);
    // A patch that does not apply is refused, naming why.
    const json view = json{{"pot", 3}, {"actions", json::array({"d dh p1 ????"})}};
    CHECK(apply_view_patch(view, json::array({json{{"op", "add"}, {"path", "/actions/-"}, {"value", "p1 f"}}}))["actions"].size() == 2);
    CHECK_THROWS_AS((void)apply_view_patch(view, json::array({json{{"op", "remove"}, {"path", "/board/0"}}})), std::invalid_argument);
    CHECK_THROWS_AS((void)apply_view_patch(view, json{{"op", "add"}}), std::invalid_argument);
    CHECK_THROWS_AS((void)apply_view_patch(view, json::array({json{{"op", "jump"}, {"path", "/pot"}}})), std::invalid_argument);
}

TEST_CASE("the message reader refuses what a client may send wrong") {
    CHECK(code_of([] { read_request("{"); }) == "bad_json");
    CHECK(code_of([] { read_request("[1]"); }) == "not_an_object");
    CHECK(code_of([] { read_request(R"({"type": "dance"})"); }) == "unknown_type");
    CHECK(code_of([] { read_request(R"({"type": 3})"); }) == "bad_field");
    CHECK(code_of([] { read_request(R"({"type": "hello", "version": 2})"); }) == "bad_version");
    CHECK(code_of([] { read_request(R"({"type": "hello", "version": 1, "deltas": 1})"); }) == "bad_field");
    CHECK(read_request(R"({"type": "hello", "version": 1, "deltas": true})").deltas);
    CHECK(!read_request(R"({"type": "hello", "version": 1})").deltas);
    CHECK(code_of([] { read_request(R"({"type": "sit", "buy_in": 100})"); }) == "bad_field");
    for (const char* amount : {"-5", "2.5", "0", "1e30", "9223372036854775808", "4611686018427387905", "\"10\""}) {
        CAPTURE(amount);
        const std::string frame = std::string(R"({"type": "sit", "table": "t", "buy_in": )") + amount + "}";
        const std::string code = code_of([&] { read_request(frame); });
        CHECK((code == "bad_amount" || code == "bad_field"));
    }
    CHECK(code_of([] { read_request(R"({"type": "act", "table": "t", "action": {"kind": "raise", "amount": 1.5}})"); }) ==
          "bad_amount");
    CHECK(code_of([] { read_request(R"({"type": "act", "table": "t", "action": {"kind": "jump"}})"); }) == "bad_field");
    for (const char* times : {"0", "5", "1.5", "-1", "\"2\"", "null"}) {
        CAPTURE(times);
        const std::string frame = std::string(R"({"type": "act", "table": "t", "action": {"kind": "run", "times": )") + times + "}}";
        CHECK(code_of([&] { read_request(frame); }) == "bad_field");
    }
    CHECK(code_of([] { read_request(R"({"type": "act", "table": "t", "action": {"kind": "run"}})"); }) == "bad_field");
    const request run = read_request(R"({"type": "act", "table": "t", "action": {"kind": "run", "times": 3}})");
    REQUIRE(run.action);
    CHECK(*run.action == pp::action::choose_runouts_by(-1, 3));
    CHECK(code_of([] { read_request(R"({"type": "act", "table": "t", "action": {"kind": "discard", "cards": "Zz"}})"); }) ==
          "bad_cards");
    CHECK(code_of([] { read_request(std::string(5000, ' ')); }) == "too_large");
    CHECK(code_of([] { read_request("{\"type\": \"ping\", \"id\": \"\xff\"}"); }) == "bad_json");

    const request a = read_request(R"({"type": "act", "table": "nl-1", "action": "cbr 300", "id": "7"})");
    CHECK(a.what == request::kind::act);
    CHECK(a.action_text == "cbr 300");
    CHECK(a.id == "7");
    const request b = read_request(R"({"type": "act", "table": "nl-1", "action": {"kind": "raise", "amount": 300}})");
    REQUIRE(b.action);
    CHECK(b.action->what == pp::action::kind::complete_bet_or_raise_to);
    CHECK(b.action->amount == 300);
    const request c = read_request(R"({"type": "sit", "table": "nl-1", "seat": 3, "buy_in": 4611686018427387904})");
    CHECK(c.seat == 3);
    CHECK(c.buy_in == max_chips);
}

TEST_CASE("a hosted table: seats, turns, the clock, the time bank and sitting out") {
    recorder rec;
    room r{heads_up_settings(), 5, rec.sink()};
    const time_point t0{};
    CHECK(code_of([&] { r.sit(1, "Ann", std::nullopt, 500, t0); }) == "buy_in_out_of_range");
    r.sit(1, "Ann", std::nullopt, 200, t0);
    CHECK(code_of([&] { r.sit(1, "Ann", std::nullopt, 200, t0); }) == "already_seated");
    CHECK(code_of([&] { r.sit(2, "Ann", std::nullopt, 200, t0); }) == "duplicate_name");
    CHECK(code_of([&] { r.sit(2, "Bob", 1, 200, t0); }) == "seat_taken");
    r.sit(2, "Bob", std::nullopt, 100, t0);
    CHECK(!r.hand());
    r.tick(t0);
    REQUIRE(r.hand());
    // Heads-up the button (Ann, the first player) posts the small blind and acts first: p2.
    CHECK(r.hand()->to_act() == 1);
    CHECK(code_of([&] { r.act(2, act_text("cc"), t0); }) == "not_your_turn");
    CHECK(code_of([&] { r.act(1, act_text("p1 cc"), t0); }) == "not_your_seat");
    CHECK(code_of([&] { r.act(1, act_text("cbr 1"), t0); }) == "below_minimum");
    CHECK(code_of([&] { r.act(3, act_text("cc"), t0); }) == "not_seated");
    const json clock = rec.of(1, "view").back()["clock"];
    CHECK(clock["player"] == 2);
    CHECK(clock["action_ms"] == 1000);
    CHECK(clock["bank_ms"] == 500);
    // Ann calls after 1.2 s: 0.2 s of her bank gone.
    r.act(1, act_text("cc"), t0 + milliseconds{1200});
    // Bob lets his clock run out facing no bet: he checks (1 s and his 0.5 s bank).
    const time_point t1 = t0 + milliseconds{1200};
    r.tick(t1 + milliseconds{1499});
    CHECK(r.hand()->street() == 0);
    r.tick(t1 + milliseconds{1500});
    CHECK(r.hand()->street() == 1);
    CHECK(rec.of(2, "timeout").size() == 1);
    // On the flop Bob acts first; his bank is spent: 1 s.
    CHECK(rec.of(2, "view").back()["clock"]["bank_ms"] == 0);
    const time_point t2 = t1 + milliseconds{1500};
    r.tick(t2 + milliseconds{1000});  // a second timeout: he checks again and sits out after the hand
    CHECK(rec.of(2, "timeout").size() == 2);
    CHECK(rec.of(1, "view").back()["clock"]["bank_ms"] == 300);
    // Ann bets; Bob is no longer timed differently: he folds when the clock runs out.
    request bet = act_text("");
    bet.action = pp::action::raise_to(-1, 4);  // a structured action
    r.act(1, bet, t2 + milliseconds{1000});
    r.tick(t2 + milliseconds{2000});
    CHECK(!r.hand());
    REQUIRE(rec.of(1, "result").size() == 1);
    CHECK(rec.of(1, "result")[0]["stacks"] == json::array({98, 202}));  // hand seats: Bob p1, Ann p2
    CHECK(r.table().at(1)->sitting_out);
    CHECK(!r.table().can_start_hand());
    r.sit_in(2, t2 + milliseconds{2000});
    r.tick(t2 + milliseconds{2000});
    CHECK(r.hand());
    // Leaving during a hand: the seat folds at its turn and goes when the hand ends.
    const int first = *r.hand()->to_act();
    const player_id leaver = r.table().current()->seats[static_cast<std::size_t>(first)] == 0 ? 1 : 2;
    r.leave(leaver, t2 + milliseconds{2000});
    CHECK(!r.hand());
    CHECK(!r.seat_of(leaver));
    CHECK(rec.of(leaver, "left").back()["reason"] == "left");
    CHECK(r.chips_on_table() + rec.of(leaver, "left").back()["stack"].get<chips>() == 300);
}

TEST_CASE("a hosted table that runs the board twice: the choice in the view, each seat's answer, two boards") {
    recorder rec;
    room_settings settings = heads_up_settings();
    settings.table.rules.most_runouts = 2;
    room r{settings, 5, rec.sink()};
    const time_point t0{};
    r.sit(1, "Ann", std::nullopt, 100, t0);
    r.sit(2, "Bob", std::nullopt, 100, t0);
    r.tick(t0);
    REQUIRE(r.hand());
    r.act(1, act_text("cbr 100"), t0);  // Ann, the button, all-in
    r.act(2, act_text("cc"), t0);
    // Ann raised last: she says first. The view asks how many times, up to two.
    const json asked = rec.of(1, "view").back()["view"];
    CHECK(asked["legal"]["runouts"] == json{{"max", 2}});
    CHECK(asked["legal"]["show"] == false);
    CHECK(code_of([&] { r.act(1, act_text("run 3"), t0); }) == "above_maximum");
    request twice = act_text("");
    twice.action = pp::action::choose_runouts_by(-1, 2);
    r.act(1, twice, t0);
    // Bob lets his clock run out: the default is once, so the board runs once.
    r.tick(t0 + milliseconds{1500});
    while (r.hand() && r.hand()->to_act()) {
        const int seat = *r.hand()->to_act();
        const player_id who = r.table().current()->seats[static_cast<std::size_t>(seat)] == 0 ? 1 : 2;
        r.act(who, act_text("sm -"), t0 + milliseconds{1500});
    }
    REQUIRE(rec.of(1, "result").size() == 1);
    CHECK(rec.of(1, "result")[0]["phh"].get<std::string>().find("run 2") != std::string::npos);
    CHECK(rec.of(1, "view").back()["view"]["runout_boards"].empty());
    // The next hand (the loser buys in again): both ask twice, and the views show the first board while
    // the second is dealt.
    for (const auto& [id, name] : {std::pair{player_id{1}, "Ann"}, std::pair{player_id{2}, "Bob"}})
        if (code_of([&] { r.sit(id, name, std::nullopt, 100, t0 + milliseconds{2000}); }) != "already_seated")
            CHECK(rec.of(id, "left").size() == 1);
    r.tick(t0 + milliseconds{2000});
    REQUIRE(r.hand());
    const auto started = r.hand()->config().starting_stacks;
    const time_point t1 = t0 + milliseconds{2000};
    for (const std::string text : {"cbr 100", "cc", "run 2", "run 2"}) {
        const int seat = *r.hand()->to_act();
        const player_id who = r.table().current()->seats[static_cast<std::size_t>(seat)] == 0 ? 1 : 2;
        r.act(who, act_text(text), t1);
    }
    while (r.hand() && r.hand()->to_act()) {
        const int seat = *r.hand()->to_act();
        const player_id who = r.table().current()->seats[static_cast<std::size_t>(seat)] == 0 ? 1 : 2;
        r.act(who, act_text("sm -"), t1);
    }
    REQUIRE(rec.of(1, "result").size() == 2);
    const auto hands = pp::read_phh(rec.of(1, "result")[1]["phh"].get<std::string>(), "result");
    REQUIRE(hands.size() == 1);
    const pp::replay_result replayed = pp::replay(hands[0]);
    REQUIRE(replayed.ok);
    CHECK(replayed.state->boards().size() == 2);
    bool saw_first_board = false;
    for (const json& f : rec.of(2, "view")) saw_first_board |= f["view"]["runout_boards"].size() == 1;
    CHECK(saw_first_board);
    const json stacks = rec.of(1, "result")[1]["stacks"];
    CHECK(stacks[0].get<chips>() + stacks[1].get<chips>() == started[0] + started[1]);
}

TEST_CASE("a player at the table but not in the hand who leaves during it goes when it ends") {
    recorder rec;
    room_settings settings = heads_up_settings();
    settings.table.seats = 3;
    room r{settings, 9, rec.sink()};
    const time_point t0{};
    r.sit(1, "Ann", std::nullopt, 200, t0);
    r.sit(2, "Bob", std::nullopt, 200, t0);
    r.sit(3, "Cid", std::nullopt, 200, t0);
    r.sit_out(3, t0);  // between hands: at the table, dealt out
    r.tick(t0);
    REQUIRE(r.hand());
    REQUIRE(r.hand()->players() == 2);
    r.leave(3, t0);  // refused by the table during a hand: the seat is kept until the hand ends
    CHECK(r.seat_of(3) == 2);
    CHECK(rec.of(3, "table").back()["seats"][2]["leaving"] == true);
    CHECK(rec.of(3, "left").empty());
    // The player to act (table seat s is player s + 1) folds: the hand ends.
    r.act(r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())] + 1, act_text("f"), t0);
    CHECK(!r.hand());
    CHECK(!r.seat_of(3));
    REQUIRE(rec.of(3, "left").size() == 1);
    CHECK(rec.of(3, "left")[0]["stack"] == 200);
    CHECK(rec.of(3, "left")[0]["reason"] == "left");
}

TEST_CASE("storage keeps every chip and gives the seats back") {
    const auto path = temp_db("store.db");
    {
        store db{path.string()};
        const player_record ann = db.player("token-ann-1", "Ann");
        CHECK(db.player("token-ann-1", "other").id == ann.id);
        const player_record bob = db.player("token-bob-1", "Bob");
        db.buy_in("t", 0, ann.id, "Ann", 200);
        db.buy_in("t", 3, bob.id, "Bob", 100);
        db.hand_finished("t", 1, "[1]\n", {{0, 250}, {3, 50}});
        db.set_sitting_out("t", 3, true);
        db.cash_out("t", 0, ann.id, 250);
        db.table_saved("t", 1, "state 1");
        db.hand_finished("t", 2, "[2]\n", {{3, 50}}, "state 2");  // with the hand, replacing the one before
        const chip_audit a = db.audit();
        CHECK(a.bought_in == 300);
        CHECK(a.cashed_out == 250);
        CHECK(a.on_tables == 50);
        CHECK(a.conserved());
        CHECK(db.ledger_balance("t", ann.id) == -50);
    }
    store again{path.string()};
    const auto seats = again.seats("t");
    REQUIRE(seats.size() == 1);
    CHECK(seats[0].seat == 3);
    CHECK(seats[0].name == "Bob");
    CHECK(seats[0].stack == 50);
    CHECK(seats[0].sitting_out);
    CHECK(again.last_hand("t") == 2);
    CHECK(again.hand_phh("t", 1) == "[1]\n");
    // The table's last state, and how many times it was hosted before.
    const auto first = again.table_started("t");
    REQUIRE(first);
    CHECK(first->state == "state 2");
    CHECK(first->hand == 2);
    CHECK(first->starts == 0);
    CHECK(again.table_started("t")->starts == 1);
    CHECK(!again.table_started("u"));
}

TEST_CASE("the store's writer: what is queued meanwhile is one transaction, in order, every chip kept") {
    const auto path = temp_db("writer.db");
    store db{path.string()};
    const player_record ann = db.player("token-ann-1", "Ann");
    const player_record bob = db.player("token-bob-1", "Bob");
    // The writer's thread hands each completion to `post`. Held at the first,
    // the writer waits while the test queues the rest, as behind a slow flush.
    std::mutex m;
    std::condition_variable cv;
    bool first = false, go_on = false;
    std::vector<std::function<void()>> completions;
    store_writer writer{db, [&](std::function<void()> f) {
        std::unique_lock lock(m);
        completions.push_back(std::move(f));
        if (first) return;
        first = true;
        cv.notify_all();
        cv.wait(lock, [&] { return go_on; });
    }};
    std::vector<std::string> order;  // the completions, as they run on this thread
    auto note = [&order](std::string what) {
        return [&order, what](std::exception_ptr e) { order.push_back(what + (e ? " failed" : "")); };
    };
    const std::uint64_t commits = db.commits();
    writer.buy_in("t", 0, ann.id, "Ann", 200, note("ann in"));
    {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return first; });
    }
    std::vector<std::string> expected{"ann in", "bob in", "seat taken failed"};
    writer.buy_in("t", 1, bob.id, "Bob", 100, note("bob in"));
    writer.buy_in("t", 1, ann.id, "Ann", 50, note("seat taken"));  // Bob's seat: this write fails, alone
    constexpr int hands = 40;
    for (int h = 1; h <= hands; ++h) {
        std::string phh = "[";
        phh += std::to_string(h) + "]\n";
        writer.hand_finished("t", static_cast<std::uint64_t>(h), phh, {{0, 200 + h}, {1, 100 - h}}, "", note("hand " + std::to_string(h)));
        expected.push_back("hand " + std::to_string(h));
    }
    writer.cash_out("t", 1, bob.id, 100 - hands, note("bob out"));
    expected.push_back("bob out");
    {
        std::lock_guard lock(m);
        go_on = true;
    }
    cv.notify_all();
    writer.drain();
    // 44 writes, two transactions: Ann's buy-in, then the 43 queued behind it.
    CHECK(db.commits() - commits == 2);
    std::vector<std::function<void()>> posted;
    {
        std::lock_guard lock(m);
        posted = completions;
    }
    for (const auto& f : posted) f();
    CHECK(order == expected);
    writer.direct([&](store& s) {
        const auto seats = s.seats("t");
        REQUIRE(seats.size() == 1);
        CHECK(seats[0].seat == 0);
        CHECK(seats[0].stack == 200 + hands);  // the last hand's stack: written last
        CHECK(s.last_hand("t") == hands);
        CHECK(s.hand_phh("t", 7) == "[7]\n");
        CHECK(s.ledger_balance("t", ann.id) == 200);  // the failed buy-in left no ledger entry
        const chip_audit a = s.audit();
        CHECK(a.bought_in == 300);
        CHECK(a.cashed_out == 100 - hands);
        CHECK(a.on_tables == 200 + hands);
        CHECK(a.hands == hands);
        CHECK(a.conserved());
    });
    // The writer's end commits what is still queued.
    {
        store_writer last{db, [](std::function<void()>) {}};
        last.set_sitting_out("t", 0, true, {});
    }
    CHECK(db.seats("t")[0].sitting_out);
}

TEST_CASE("a room tells of a change only once it is stored, and deals the next hand after") {
    recorder rec;
    held_storage db;
    room r{heads_up_settings(), 42, rec.sink(), &db};
    // The room times what it sends after a write by the server's clock.
    const auto now = [] { return server_clock::now(); };
    r.sit(1, "Ann", 1, 200, now());
    CHECK(db.held() == std::vector<std::string>{"buy_in 0 200"});
    CHECK(rec.of(1, "seated").empty());
    // A buy-in that is not stored: Ann does not sit, and is told.
    CHECK_THROWS_AS(db.commit(std::make_exception_ptr(store_error("database: disk I/O error"))), store_error);
    CHECK(!r.seat_of(1));
    CHECK(rec.of(1, "seated").empty());
    REQUIRE(rec.of(1, "error").size() == 1);
    CHECK(rec.of(1, "error")[0]["code"] == "internal");
    r.sit(1, "Ann", 1, 200, now());
    r.sit(2, "Bob", 2, 150, now());
    CHECK(db.held() == std::vector<std::string>{"buy_in 0 200", "buy_in 1 150"});
    r.tick(now() + std::chrono::hours(1));
    CHECK(!r.hand());  // not dealt while a buy-in is unstored
    db.commit();
    CHECK(rec.of(1, "seated").size() == 1);
    CHECK(rec.of(2, "seated").size() == 1);
    r.tick(now());
    REQUIRE(r.hand());
    r.act(r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())] + 1, act_text("f"), now());
    CHECK(!r.hand());
    CHECK(db.held() == std::vector<std::string>{"hand 1"});
    CHECK(rec.of(1, "result").empty());
    CHECK(rec.of(2, "result").empty());
    r.tick(now() + std::chrono::hours(1));
    CHECK(!r.hand());  // not dealt before the last hand is stored
    db.commit();
    CHECK(rec.of(1, "result").size() == 1);
    CHECK(rec.of(2, "result").size() == 1);
    CHECK(rec.of(1, "result")[0]["hand"] == 1);
    r.tick(now());
    REQUIRE(r.hand());
    // Bob leaves during the hand: the hand ends and he cashes out, both told once stored.
    r.leave(2, now());  // folds at once when it is Bob's turn
    if (r.hand()) r.act(r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())] + 1, act_text("f"), now());
    CHECK(!r.hand());
    const std::vector<std::string> held = db.held();
    REQUIRE(held.size() == 2);
    CHECK(held[0] == "hand 2");
    const std::size_t bob_before = rec.frames[2].size(), ann_before = rec.frames[1].size();
    db.commit();
    CHECK(rec.of(2, "result").size() == 2);
    REQUIRE(rec.of(2, "left").size() == 1);
    CHECK(held[1] == "cash_out 1 " + std::to_string(rec.of(2, "left")[0]["stack"].get<chips>()));
    // In the order of a hand's end: the result, the cash-out, then the table without Bob.
    const auto types = [&](player_id p, std::size_t from) {
        std::vector<std::string> out;
        for (std::size_t i = from; i < rec.frames[p].size(); ++i) out.push_back(rec.frames[p][i]["type"]);
        return out;
    };
    CHECK(types(2, bob_before) == std::vector<std::string>{"view", "result", "left"});
    CHECK(types(1, ann_before) == std::vector<std::string>{"view", "result", "table"});
    CHECK(rec.of(1, "table").back()["seats"][1].is_null());
    CHECK(rec.of(2, "left")[0]["stack"].get<chips>() + r.chips_on_table() == 350);
}

TEST_CASE("a player who busts and asks to leave before the cash-out is stored is told once, without an error") {
    recorder rec;
    held_storage db;
    room r{heads_up_settings(), 42, rec.sink(), &db};
    // The room times what it sends after a write by the server's clock.
    const auto now = [] { return server_clock::now(); };
    r.sit(1, "Ann", 1, 20, now());
    r.sit(2, "Bob", 2, 20, now());
    db.commit();
    // Random hands, each stored at once, until one ends with a player busted.
    pokerengine::xoshiro256ss rng{3};
    player_id busted = 0;
    for (int steps = 0; busted == 0 && steps < 100'000; ++steps) {
        r.tick(now());
        if (r.hand() && r.hand()->to_act()) {
            request act = act_text("");
            act.action = pp::random_action(*r.hand(), rng);
            r.act(r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())] + 1, act, now());
        }
        for (player_id p : {1, 2})
            if (!r.seat_of(p)) busted = p;
        if (busted == 0) db.commit();
    }
    REQUIRE(busted != 0);
    CHECK(rec.of(busted, "left").empty());  // the hand and the cash-out are not stored yet
    // The client saw its stack at 0 and asks to leave: the coming `left` frame answers it.
    CHECK(code_of([&] { r.leave(busted, now()); }) == "none");
    CHECK(code_of([&] { r.leave(3, now()); }) == "not_seated");
    db.commit();
    REQUIRE(rec.of(busted, "left").size() == 1);
    CHECK(rec.of(busted, "left")[0]["reason"] == "busted");
    CHECK(rec.of(busted, "left")[0]["stack"] == 0);
    CHECK(rec.of(busted, "error").empty());
    CHECK(code_of([&] { r.leave(busted, now()); }) == "not_seated");  // told: no seat and nothing pending
    CHECK(r.chips_on_table() == 40);
}

TEST_CASE("settings from TOML, and their errors") {
    const server_settings s = read_settings(R"(
listen = "127.0.0.1:0"
db = ":memory:"
seed = 9
[limits]
messages_per_second = 5
[[table]]
id = "nl"
game = "holdem"
seats = 9
blinds = [5, 10]
buy_in = [200, 1000]
clock = { action = 2.5, bank = 10, timeouts_to_sit_out = 3 }
[[table]]
game = "razz"
ante = 2
bring_in = 3
small_bet = 10
big_bet = 20
)", "rooms.toml");
    CHECK(s.port == 0);
    CHECK(s.seed == 9u);
    CHECK(s.limits.messages_per_second == 5);
    REQUIRE(s.tables.size() == 2);
    CHECK(s.tables[0].table.big_blind == 10);
    CHECK(s.tables[0].table.seats == 9);
    CHECK(s.tables[0].max_buy_in == 1000);
    CHECK(s.tables[0].clock.per_action == milliseconds{2500});
    CHECK(s.tables[0].clock.timeouts_to_sit_out == 3);
    CHECK(s.tables[1].id == "razz-2");
    CHECK(s.tables[1].table.bring_in == 3);
    CHECK(s.tables[1].max_buy_in == 2000);
    CHECK(s.tables[0].table.rules.most_runouts == 1);
    const server_settings twice = read_settings("[[table]]\ngame = \"holdem\"\nprofile = \"roberts\"\nrunouts = 2\n", "x.toml");
    CHECK(twice.tables[0].table.rules.most_runouts == 2);
    CHECK(twice.tables[0].table.rules.fixed_limit_bets == 4);  // Robert's, with the board run up to twice
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"holdem\"\nrunouts = 5\n", "x.toml"),
                         "x.toml: table 1.runouts: must be the most times to run the board, 1 to 4", settings_error);
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"holdem\"\nmode = \"tournament\"\nrunouts = 2\n", "x.toml"),
                         "x.toml: table 1.runouts: runs the board more than once at cash tables only", settings_error);
    CHECK(s.tables[0].table.dealing == pp::dealing_order::whole_shuffle);
    CHECK(read_settings("[[table]]\ngame = \"holdem\"\ndealing = \"card-by-card\"\n", "x.toml").tables[0].table.dealing ==
          pp::dealing_order::card_by_card);
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"holdem\"\ndealing = \"riffle\"\n", "x.toml"),
                         "x.toml: table 1.dealing: must be whole-shuffle or card-by-card",
                         settings_error);
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"holdem\"\ndealing = 2\n", "x.toml"),
                         "x.toml: table 1.dealing: must be a string", settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\ngame = \"chess\"\n", "x.toml"), settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\ngame = \"holdem\"\nblinds = [2, 1]\n", "x.toml"), settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\ngame = \"holdem\"\nbuy_in = [10, 5]\n", "x.toml"), settings_error);
    // A misspelt field is refused, naming it, instead of leaving the default in place.
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"holdem\"\nblind = [5, 10]\n", "x.toml"),
                         doctest::Contains("x.toml: table 1.blind: is not a field of a table here (id, game, rotation"),
                         settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\ngame = \"holdem\"\nclock = { actoin = 5 }\n", "x.toml"), settings_error);
    CHECK_THROWS_AS(read_settings("listen = \"nowhere\"\n", "x.toml"), settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\ngame = \"holdem\"\n[[table]]\ngame = \"holdem\"\nid = \"holdem-1\"\n",
                                  "x.toml"),
                    settings_error);
}

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

// A client of the test's own, frame by frame.
class client {
public:
    explicit client(unsigned short port) : ws_(io_) {
        tcp::resolver resolver{io_};
        boost::asio::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
        ws_.handshake("127.0.0.1", "/ws");
    }
    void send(const std::string& text) { ws_.write(boost::asio::buffer(text)); }
    void send(const json& j) { send(j.dump()); }
    // The next frame of `type` (others are skipped); null when the server closed the
    // connection, or sent nothing for ten seconds: a frame that never comes fails the
    // test instead of hanging it.
    json until(std::string_view type) { return until_one_of({type}); }
    // The next frame of any type.
    json next() { return until_one_of({}); }
    json until_one_of(std::initializer_list<std::string_view> types) {
        while (true) {
            beast::flat_buffer b;
            beast::error_code ec;
            bool done = false;
            ws_.async_read(b, [&](beast::error_code e, std::size_t) {
                ec = e;
                done = true;
            });
            io_.restart();
            io_.run_for(std::chrono::seconds(10));
            if (!done) {
                beast::error_code ignored;
                ws_.next_layer().cancel(ignored);
                io_.restart();
                io_.run();
                return nullptr;
            }
            if (ec) return nullptr;
            json f = json::parse(beast::buffers_to_string(b.data()));
            if (types.size() == 0) return f;
            for (std::string_view type : types)
                if (f["type"] == type) return f;
        }
    }

private:
    boost::asio::io_context io_;
    websocket::stream<tcp::socket> ws_;
};

struct running_server {
    explicit running_server(server_settings s) : srv(s), thread([this] { srv.run(); }) {}
    ~running_server() {
        srv.stop();
        thread.join();
    }
    pokerengine::server::server srv;
    std::thread thread;
};

server_settings test_settings(const std::filesystem::path& db) {
    server_settings s = read_settings(R"(
listen = "127.0.0.1:0"
seed = 3
[limits]
connections_per_address = 40
messages_per_second = 50
[[table]]
id = "nl"
game = "holdem"
seats = 6
runouts = 3
buy_in = [40, 200]
between_hands = 0.005
[[table]]
id = "stud"
game = "stud"
seats = 6
between_hands = 0.005
[[table]]
id = "draw"
game = "deuce-to-seven-triple-draw"
seats = 5
between_hands = 0.005
)", "test.toml");
    s.db = db.string();
    return s;
}

}  // namespace

TEST_CASE("a restarted table keeps its button, the blinds owed and the sit-outs, and deals other cards") {
    room_settings settings = heads_up_settings();
    settings.table.seats = 4;
    recorder rec;
    held_storage db;
    room r{settings, 11, rec.sink(), &db};
    for (player_id p : {1, 2, 3, 4}) r.sit(p, "P" + std::to_string(p), static_cast<int>(p), 200, server_clock::now());
    db.commit();
    pokerengine::xoshiro256ss rng{5};
    time_point t = server_clock::now();  // what the room's writes time their frames by
    auto play_hands = [&](std::uint64_t hands) {
        const std::uint64_t until = r.hands_finished() + hands;
        for (int steps = 0; r.hands_finished() < until && steps < 100'000; ++steps) {
            r.tick(t);
            t += milliseconds{1};
            db.commit();
            if (!r.hand() || !r.hand()->to_act()) continue;
            const int table_seat = r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())];
            request act = act_text("");
            act.table = "t";
            // Nobody busts: calls and checks, and a fold now and then.
            const pp::legal_actions legal = r.hand()->legal();
            act.action = legal.can_fold && rng() % 3 == 0 ? pp::action::fold_by(*legal.seat) : legal.passive();
            r.act(static_cast<player_id>(table_seat + 1), act, t);
        }
        db.commit();
    };
    play_hands(3);
    // A player still seated sits out and misses blinds.
    player_id out = 3;
    while (!r.seat_of(out)) out = out % 4 + 1;
    r.sit_out(out, t);
    db.commit();
    REQUIRE(r.table().at(*r.seat_of(out))->sitting_out);
    play_hands(4);
    REQUIRE(!r.hand());
    REQUIRE(r.hands_finished() == 7);
    std::vector<stored_seat> seats;
    for (int s = 0; s < 4; ++s)
        if (r.table().at(s) && r.table().at(s)->stack > 0)
            seats.push_back({s, s + 1, r.table().at(s)->name, r.table().at(s)->stack, r.table().at(s)->sitting_out});
    REQUIRE(seats.size() >= 3);
    REQUIRE(!db.states.empty());
    const stored_table_state state = db.states.back();
    CHECK(state.hand == 7);
    // The file does not tell the cards to come: no seed, nor the last hand's, which gives it.
    CHECK(state.state.find("\nseed 0\n") != std::string::npos);
    CHECK(state.state.find(" seed=0 ") != std::string::npos);
    CHECK(state.state.find("seed " + std::to_string(r.table().seed())) == std::string::npos);

    room again{settings, 12, rec.sink()};
    again.set_hands_finished(7);
    CHECK(again.restore(seats, state).empty());
    CHECK(again.table().seed() != r.table().seed());
    CHECK(again.table().hands_started() == 7);
    for (const stored_seat& s : seats) CHECK(again.seat_of(s.player) == s.seat);
    // Every player as the first server had them: the one out still owes the blinds missed.
    CHECK(r.table().at(*r.seat_of(out))->missed_big);
    for (int s = 0; s < 4; ++s) CHECK(again.table().at(s) == r.table().at(s));
    // The next hand has the button, blinds and posts the first server would have dealt.
    pp::hand_plan expected = r.table().plan_next_hand(), got = again.table().plan_next_hand();
    CHECK(got.number == 8);
    CHECK(got.seed != expected.seed);
    expected.seed = got.seed = 0;
    CHECK(got == expected);

    // A saved table older than the last hand stored (a failure between the two writes) is not used.
    room older{settings, 13, rec.sink()};
    older.set_hands_finished(8);
    CHECK(older.restore(seats, state) == "the saved table is not used: it is of hand 7, the last hand stored 8");
    CHECK(older.table().hands_started() == 0);
    for (const stored_seat& s : seats) CHECK(older.seat_of(s.player) == s.seat);
    // The stored seats rule over the saved table's: two players who changed seats sit where storage says.
    std::vector<stored_seat> moved = seats;
    std::swap(moved[0].seat, moved[1].seat);
    room third{settings, 14, rec.sink()};
    third.set_hands_finished(7);
    CHECK(third.restore(moved, state).empty());
    CHECK(third.seat_of(moved[0].player) == seats[1].seat);
    CHECK(third.table().at(seats[1].seat)->name == seats[0].name);
    CHECK(third.table().at(seats[0].seat)->name == seats[1].name);
    CHECK(third.table().total_chips() == r.table().total_chips());
    CHECK(third.table().hands_started() == 7);
    // A damaged text is not used, and said so.
    room fourth{settings, 15, rec.sink()};
    fourth.set_hands_finished(7);
    CHECK(fourth.restore(seats, stored_table_state{"pokerengine-table 9\n", 7}).starts_with("the saved table is not used: restore_table: line 1"));
    CHECK(fourth.table().players() == static_cast<int>(seats.size()));
}

TEST_CASE("a mixed game: each game of the rotation for its hands, in turn, across a restart") {
    const std::string config = R"(
[[table]]
id = "horse"
rotation = { games = ["holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo"], hands = 2 }
seats = 3
small_bet = 4
big_bet = 8
blinds = [2, 4]
ante = 1
bring_in = 2
buy_in = [4000, 4000]
between_hands = 0
)";
    const server_settings s = read_settings(config, "rooms.toml");
    REQUIRE(s.tables.size() == 1);
    const room_settings& horse = s.tables[0];
    REQUIRE(horse.rotation.size() == 5);
    CHECK(horse.rotation_hands == 2);
    // Fixed limit throughout; the blinds go to the flop games, the ante and the bring-in to the stud games.
    for (const pp::table_config& c : horse.rotation) {
        CHECK(c.structure == betting_structure::fixed_limit);
        CHECK(c.limits.small_bet == 4);
        CHECK(c.limits.big_bet == 8);
        CHECK(c.big_blind == (c.button_game() ? 4 : 0));
        CHECK(c.bring_in == (c.button_game() ? 0 : 2));
        CHECK(c.ante == (c.button_game() ? 0 : 1));
    }
    // Hands played at random: the variant of each finished hand's PHH, in order.
    recorder rec;
    auto play = [&rec](room& r, std::size_t hands, std::uint64_t seed) {
        pokerengine::xoshiro256ss rng{seed};
        time_point t{};
        const std::size_t before = rec.of(1, "result").size();
        const std::uint64_t first = r.hands_finished();
        for (int steps = 0; r.hands_finished() < first + hands && steps < 100'000; ++steps) {
            r.tick(t);
            t += milliseconds{1};
            if (!r.hand() || !r.hand()->to_act()) continue;
            const int table_seat = r.table().current()->seats[static_cast<std::size_t>(*r.hand()->to_act())];
            request act = act_text("");
            act.table = "horse";
            act.action = pp::random_action(*r.hand(), rng);
            r.act(static_cast<player_id>(table_seat + 1), act, t);
        }
        std::vector<std::string> variants;
        const std::vector<json> results = rec.of(1, "result");
        for (std::size_t k = before; k < results.size(); ++k)
            variants.push_back(pp::read_phh(results[k]["phh"].get<std::string>(), "horse.phh").at(0).variant);
        return variants;
    };
    room r{horse, 7, rec.sink()};
    CHECK(r.summary()["rotation"] == json::array({"holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo"}));
    for (player_id p : {1, 2, 3}) r.sit(p, "P" + std::to_string(p), static_cast<int>(p), 4000, time_point{});
    CHECK(play(r, 12, 1) == std::vector<std::string>{"FT", "FT", "FO/8", "FO/8", "FR", "FR", "F7S", "F7S", "F7S/8", "F7S/8", "FT", "FT"});
    CHECK(r.chips_on_table() == 12000);
    // A server restarted after 5 hands deals the sixth of the rotation: the second hand of razz.
    room again{horse, 8, rec.sink()};
    again.set_hands_finished(5);
    CHECK(again.summary()["game"] == "razz");
    for (player_id p : {1, 2, 3}) again.sit(p, "P" + std::to_string(p), static_cast<int>(p), 4000, time_point{});
    CHECK(play(again, 3, 2) == std::vector<std::string>{"FR", "F7S", "F7S"});
    // A rotation needs two games, a number of hands, and no game beside it.
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\nrotation = { games = [\"holdem\"], hands = 2 }\n", "x.toml"),
                         "x.toml: table 1.rotation: must be { games = [2 to 20 names], hands = N }", settings_error);
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\nrotation = { games = [\"holdem\", \"razz\"], hands = 0 }\n", "x.toml"),
                         "x.toml: table 1.rotation.hands: must be the hands of each game, from 1 to 1000", settings_error);
    CHECK_THROWS_WITH_AS(read_settings("[[table]]\ngame = \"razz\"\nrotation = { games = [\"holdem\", \"razz\"], hands = 8 }\n", "x.toml"),
                         "x.toml: table 1.rotation: a table has a game or a rotation, not both", settings_error);
    CHECK_THROWS_AS(read_settings("[[table]]\nrotation = { games = [\"holdem\", \"chess\"], hands = 8 }\n", "x.toml"), settings_error);
}

TEST_CASE("the server over loopback: bots play, no frame leaks a card, every chip is kept") {
    const auto path = temp_db("server.db");
    std::mutex m;
    std::vector<std::pair<std::string, json>> frames;  // bot name, frame
    {
        running_server running{test_settings(path)};
        const unsigned short port = running.srv.port();
        std::vector<std::thread> tables;
        for (const char* table : {"nl", "stud", "draw"})
            tables.emplace_back([&, table] {
                bot_options o;
                o.url = "ws://127.0.0.1:" + std::to_string(port) + "/ws";
                o.table = table;
                o.count = 4;
                o.hands = 12;
                o.name = std::string(table) + "-bot";
                o.seed = 5;
                o.idle_limit = std::chrono::seconds{60};
                o.deltas = std::string_view(table) == "stud";  // its views come as patches
                o.on_frame = [&](int i, const json& f) {
                    std::lock_guard lock(m);
                    frames.emplace_back(o.name + "-" + std::to_string(i + 1), f);
                };
                const bot_report r = run_bots(o);
                CHECK(r.failed == 0);
                CHECK(r.errors == 0);
                CHECK(r.hands >= 12);
                CHECK(r.views > 0);
                CHECK((r.view_deltas > 0) == o.deltas);
            });
        for (auto& t : tables) t.join();
    }
    store db{path.string()};
    const chip_audit audit = db.audit();
    CHECK(audit.conserved());
    CHECK(audit.on_tables == 0);  // every bot left with its chips
    CHECK(audit.hands >= 3 * 12);
    // Each frame a bot got about hand N holds no card of another seat that the
    // hand's full history (the database's) shows was never up or shown.
    std::size_t checked = 0;
    for (const auto& [name, f] : frames) {
        if (f["type"] != "view" && f["type"] != "view_delta" && f["type"] != "result") continue;
        const std::string table = f["table"];
        const std::string phh = db.hand_phh(table, f["hand"]);
        if (phh.empty()) continue;  // a hand in progress when the table emptied does not exist
        const auto hands = pp::read_phh(phh, "db");
        REQUIRE(hands.size() == 1);
        const pp::replay_result r = pp::replay(hands[0]);
        REQUIRE(r.ok);
        int seat = -1;
        for (const auto& [key, value] : hands[0].other_fields)
            if (key == "players") {
                const auto at = value.find("\"" + name + "\"");
                REQUIRE(at != std::string::npos);
                seat = static_cast<int>(std::count(value.begin(), value.begin() + static_cast<std::ptrdiff_t>(at), ',') );
            }
        REQUIRE(seat >= 0);
        const CardSet hidden = all_hole_cards(*r.state) - knowable(*r.state, seat);
        CHECK((cards_in(f) & hidden).empty());
        ++checked;
    }
    CHECK(checked > 500);
}

TEST_CASE("the server over loopback: views as patches, applied, are the views sent whole") {
    const auto path = temp_db("deltas.db");
    running_server running{test_settings(path)};
    const unsigned short port = running.srv.port();
    // Ann's second connection takes patches and only listens; her bot, the first of a run of two, plays on
    // a connection without them. One run, so that neither bot leaves on finding itself alone before the
    // other sits down.
    client listener{port};
    listener.send(json{{"type", "hello"}, {"version", 1}, {"name", "ann-1"}, {"token", "ann-bot-1"}, {"deltas", true}});
    CHECK(listener.until("welcome")["deltas"] == true);
    std::mutex m;
    std::vector<json> whole;  // the view frames of Ann's bot
    std::thread players{[&] {
        bot_options o;
        o.url = "ws://127.0.0.1:" + std::to_string(port) + "/ws";
        o.table = "nl";
        o.count = 2;
        o.hands = 8;
        o.name = "ann";
        o.token = "ann-bot";
        o.policy = bot_policy::calling_station;
        o.idle_limit = std::chrono::seconds{60};
        o.on_frame = [&](int i, const json& f) {
            std::lock_guard lock(m);
            if (i == 0 && f["type"] == "view") whole.push_back(f);
        };
        const bot_report r = run_bots(o);
        INFO(r.hands, " hands, ", r.views, " views");
        CHECK(r.failed == 0);
        CHECK(r.errors == 0);
        CHECK(r.view_deltas == 0);
        CHECK(r.hands >= 8);
    }};
    std::map<std::uint64_t, json> rebuilt;  // seq -> view
    json last;
    std::size_t patches = 0, patch_bytes = 0, frames_bytes = 0;
    std::string listened;  // the listener's frames, for a failure's message
    for (json f = listener.next(); !f.is_null() && f["type"] != "left"; f = listener.next()) {
        if (listened.size() < 2000) listened += f.value("type", "?") + " ";
        if (f["type"] == "view") {
            last = f;
        } else if (f["type"] == "view_delta") {
            REQUIRE(!last.is_null());
            CHECK(f["base"] == last["seq"]);
            CHECK(f["hand"] == last["hand"]);
            last["view"] = apply_view_patch(last["view"], f["patch"]);
            last["seq"] = f["seq"];
            last["clock"] = f["clock"];
            ++patches;
            patch_bytes += f.dump().size();
            frames_bytes += last.dump().size();
        } else {
            continue;
        }
        rebuilt[last["seq"].get<std::uint64_t>()] = last["view"];
    }
    players.join();
    INFO("the listener's frames: ", listened);
    CHECK(patches > 10);
    MESSAGE(patches << " patches of " << patch_bytes << " bytes for views of " << frames_bytes);
    CHECK(patch_bytes < frames_bytes);
    std::size_t compared = 0;
    for (const json& f : whole) {
        REQUIRE(f.contains("seq"));
        auto it = rebuilt.find(f["seq"].get<std::uint64_t>());
        if (it == rebuilt.end()) continue;  // sent before the listener's first view
        CHECK(it->second == f["view"]);
        ++compared;
    }
    CHECK(compared > 20);
    CHECK(compared + 2 >= whole.size());
}

TEST_CASE("the server over loopback: errors, acting for another seat, reconnection, limits") {
    const auto path = temp_db("errors.db");
    server_settings settings = test_settings(path);
    settings.limits.connections_per_address = 4;
    settings.limits.messages_per_second = 5;
    running_server running{settings};
    const unsigned short port = running.srv.port();
    client ann{port};
    ann.send(json{{"type", "list"}});
    CHECK(ann.until("error")["code"] == "no_hello");
    ann.send(std::string("{not json"));
    CHECK(ann.until("error")["code"] == "bad_json");
    ann.send(json{{"type", "hello"}, {"version", 1}, {"name", "Ann"}, {"token", "ann-secret-1"}});
    const json welcome = ann.until("welcome");
    CHECK(welcome["token"] == "ann-secret-1");
    ann.send(json{{"type", "sit"}, {"table", "nope"}, {"buy_in", 100}});
    CHECK(ann.until("error")["code"] == "no_such_table");

    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // the rate limit's bucket refills
    client bob{port};
    bob.send(json{{"type", "hello"}, {"version", 1}, {"name", "Bob"}, {"token", "bob-secret-1"}});
    bob.until("welcome");
    ann.send(json{{"type", "sit"}, {"table", "nl"}, {"seat", 2}, {"buy_in", 100}});
    ann.until("seated");
    bob.send(json{{"type", "sit"}, {"table", "nl"}, {"seat", 5}, {"buy_in", 150}});
    bob.until("seated");
    // A hand starts; whoever is not to act tries to act, and to act as the other.
    json view = ann.until("view");
    const bool ann_to_act = !view["view"]["legal"].is_null();
    client& waiting = ann_to_act ? bob : ann;
    waiting.send(json{{"type", "act"}, {"table", "nl"}, {"action", "f"}});
    CHECK(waiting.until("error")["code"] == "not_your_turn");
    const int other = view["view"]["to_act"];
    waiting.send(json{{"type", "act"}, {"table", "nl"}, {"action", "p" + std::to_string(other) + " f"}});
    CHECK(waiting.until("error")["code"] == "not_your_seat");

    // Ann reconnects with her token: her seat and her view come back.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    client ann2{port};
    ann2.send(json{{"type", "hello"}, {"version", 1}, {"token", "ann-secret-1"}});
    const json again = ann2.until("welcome");
    CHECK(again["name"] == "Ann");
    REQUIRE(again["seats"].size() == 1);
    CHECK(again["seats"][0] == json{{"table", "nl"}, {"seat", 2}});
    CHECK(ann2.until("table")["seats"][1]["name"] == "Ann");
    CHECK(ann2.until("view")["view"]["seats"].size() == 2);

    // A frame too large: an error, then the close.
    {
        client big{port};
        big.send(std::string(5000, ' '));
        CHECK(big.until("error")["code"] == "too_large");
        CHECK(big.until("error").is_null());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the server has counted the close
    // Too many messages: an error, then the close.
    client noisy{port};
    for (int i = 0; i < 20; ++i) noisy.send(json{{"type", "ping"}});
    CHECK(noisy.until("error")["code"] == "rate_limited");
    CHECK(noisy.until("pong").is_null());
    // Too many connections from one address: four are open.
    client fourth{port};
    client fifth{port};
    CHECK(fifth.until("error")["code"] == "too_many_connections");
}

TEST_CASE("the server over loopback: tables created through the protocol, kept across a restart") {
    const auto path = temp_db("created.db");
    server_settings settings = test_settings(path);
    settings.limits.created_tables = 2;
    const json horse{{"id", "horse-1"},
                     {"rotation", {{"games", {"holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo"}}, {"hands", 8}}},
                     {"seats", 6}, {"small_bet", 4}, {"big_bet", 8}, {"blinds", {2, 4}}, {"ante", 1}, {"bring_in", 2}};
    {
        running_server running{settings};
        client ann{running.srv.port()};
        ann.send(json{{"type", "hello"}, {"version", 1}, {"name", "Ann"}, {"token", "ann-secret-1"}});
        ann.until("welcome");
        ann.send(json{{"type", "create_table"}, {"config", horse}, {"id", "r1"}});
        const json made = ann.until("created");
        CHECK(made["table"] == "horse-1");
        CHECK(made["id"] == "r1");
        CHECK(made["summary"]["game"] == "holdem");
        CHECK(made["summary"]["rotation"].size() == 5);
        // The same id again, a bad field, a table without an id: each refused, naming why.
        ann.send(json{{"type", "create_table"}, {"config", horse}});
        CHECK(ann.until("error")["code"] == "table_exists");
        json bad = horse;
        bad["id"] = "horse-2";
        bad["blinds"] = {4, 2};
        ann.send(json{{"type", "create_table"}, {"config", bad}});
        const json refused = ann.until("error");
        CHECK(refused["code"] == "bad_table");
        CHECK(refused["message"].get<std::string>().find("small_blind_above_big_blind") != std::string::npos);
        ann.send(json{{"type", "create_table"}, {"config", {{"game", "razz"}}}});
        CHECK(ann.until("error")["code"] == "bad_table");
        ann.send(json{{"type", "create_table"}, {"config", {{"id", "x y"}, {"game", "razz"}}}});
        CHECK(ann.until("error")["code"] == "bad_table");
        ann.send(json{{"type", "create_table"}, {"config", "holdem"}});
        CHECK(ann.until("error")["code"] == "bad_field");
        ann.send(json{{"type", "create_table"}, {"config", {{"id", "nl-2"}, {"game", "holdem"}, {"blinds", {1, 2}}}}});
        ann.until("created");
        ann.send(json{{"type", "create_table"}, {"config", {{"id", "nl-3"}, {"game", "holdem"}}}});
        CHECK(ann.until("error")["code"] == "too_many_tables");
        ann.send(json{{"type", "sit"}, {"table", "horse-1"}, {"buy_in", 100}});
        CHECK(ann.until("error")["code"] == "buy_in_out_of_range");  // 20 to 100 big bets of 8
        ann.send(json{{"type", "sit"}, {"table", "horse-1"}, {"buy_in", 400}});
        CHECK(!ann.until("seated").is_null());
    }
    // Restarted from the same database: the created tables are back, with Ann in her seat.
    running_server again{settings};
    client ann{again.srv.port()};
    ann.send(json{{"type", "hello"}, {"version", 1}, {"token", "ann-secret-1"}});
    const json welcome = ann.until("welcome");
    REQUIRE(welcome["seats"].size() == 1);
    CHECK(welcome["seats"][0]["table"] == "horse-1");
    ann.send(json{{"type", "list"}});
    std::set<std::string> ids;
    const json listed = ann.until("tables");
    INFO(listed.dump());
    for (const json& t : listed["tables"]) ids.insert(t["id"].get<std::string>());
    CHECK(ids.contains("horse-1"));
    CHECK(ids.contains("nl-2"));
    ann.send(json{{"type", "create_table"}, {"config", {{"id", "nl-4"}, {"game", "holdem"}}}});
    CHECK(ann.until("error")["code"] == "too_many_tables");  // the two made before the restart count
}
