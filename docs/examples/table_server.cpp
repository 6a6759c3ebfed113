// What a server does with a table (docs/table.md, sections 10 to 13): seating
// changes asked at any moment, a seat out of time played by `default_action`,
// a new level of blinds, the table saved after every action and restored as
// after a crash, and a ledger of the chips the seating changes moved.
// Built and run by the test suite (docs).
#include <cstdio>
#include <map>
#include <optional>
#include <string>

#include "pokerengine/notation.hpp"
#include "pokerengine/table.hpp"
#include "example_check.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

int main() {
    std::map<std::string, chips> ledger;  // each account's chips away from the table
    chips bought_in = 0;
    std::optional<seat_event> bob_left;
    auto record = [&](const seat_event& e) {
        ledger[e.player.id] += e.chips_out - e.chips_in;
        bought_in += e.chips_in - e.chips_out;
        if (e.change.what == seat_change::kind::leave && e.player.id == "acct-Bob") bob_left = e;
    };

    table t{table_config::standard("holdem", betting_structure::no_limit, 6), 2024};
    for (const auto& [seat, name] : {std::pair{0, "Ann"}, {2, "Bob"}, {4, "Cy"}})
        record(*t.request(seat_change::join(seat, name, 200, entry::wait_for_big_blind, std::string("acct-") + name)));

    std::string saved = serialize(t);  // what the server stores
    for (int n = 0; n < 30; ++n) {
        restored_table back = restore_table(saved);  // as after a restart: nothing lost
        table& live = back.restored;
        if (!live.can_start_hand()) break;
        hand_state hand = back.hand ? *back.hand : live.start_hand();
        if (n == 5) {
            // During the hand: Bob asks to leave, Dee to sit down, and the blinds go up from the next hand.
            live.request(seat_change::leave(2));
            live.request(seat_change::join(3, "Dee", 300, entry::post_now, "acct-Dee"));
            table_config level = live.config();
            level.small_blind = 2;
            level.big_blind = 4;
            level.limits.min_bet = 4;
            live.change_config(level);
            check(live.at(2).has_value(), "Bob plays the hand out");
        }
        while (!hand.is_complete()) {
            // Every seat's clock runs out: the default action (check, else fold).
            hand.apply(default_action(hand));
            saved = serialize(live, hand);
        }
        for (const seat_event& e : live.finish_hand(hand)) record(e);
        check(live.total_chips() == bought_in, "the chips on the table are the chips brought, less those taken away");
        saved = serialize(live);
        t = std::move(live);
    }
    check(!t.at(2).has_value() && t.at(3)->id == "acct-Dee", "Bob left after his hand and Dee sat down");
    check(bob_left && bob_left->after_hand == 6 && ledger["acct-Bob"] == bob_left->chips_out - 200,
          "Bob left when hand 6 ended, and the chips he had then went back to his account");
    check(t.config().big_blind == 4, "the new level");
    std::printf("table server example: %llu hands, Bob took %lld chips away\n",
                static_cast<unsigned long long>(t.hands_started()),
                static_cast<long long>(bob_left ? bob_left->chips_out : 0));
    if (failures == 0) std::printf("table server example: ok\n");
    return failures == 0 ? 0 : 1;
}
