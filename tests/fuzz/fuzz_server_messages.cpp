// The table server's message reader: any bytes a client sends give a request
// or a `protocol_error` with a code, never another exception or a crash; an
// act request read is then tried at a hosted table in the middle of a hand,
// which refuses it with a code or applies it, its chips always adding up; a
// create_table request's configuration is checked as the settings check it.

#include <cstdlib>

#include "fuzz_support.hpp"
#include "pokerengine/server/protocol.hpp"
#include "pokerengine/server/room.hpp"
#include "pokerengine/server/settings.hpp"

using namespace pokerengine;
using namespace pokerengine::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    request r;
    try {
        r = read_request(fuzz::text_of(data, size));
    } catch (const protocol_error& e) {
        if (e.code().empty()) std::abort();
        (void)error_frame(e, "act").dump(-1, ' ', false, json::error_handler_t::replace);
        return 0;
    }
    if (r.what == request::kind::create_table) {
        // A client's table: the settings' checks refuse it with a message, or a room hosts it.
        try {
            const room_settings made = table_settings(r.config, "config");
            room hosted{made, 1, [](player_id, const json&) {}};
            (void)hosted.summary().dump(-1, ' ', false, json::error_handler_t::replace);
        } catch (const settings_error& e) {
            if (std::string_view(e.what()).empty()) std::abort();
        }
        return 0;
    }
    if (r.what != request::kind::act) return 0;
    room_settings s;
    s.id = "t";
    s.table = play::table_config::standard("holdem", betting_structure::no_limit, 3);
    s.min_buy_in = 1;
    s.max_buy_in = 1000;
    s.between_hands = milliseconds{0};
    room t{s, 1, [](player_id, const json&) {}};
    const time_point now{};
    t.sit(1, "a", std::nullopt, 100, now);
    t.sit(2, "b", std::nullopt, 200, now);
    t.sit(3, "c", std::nullopt, 300, now);
    t.tick(now);
    for (player_id p = 1; p <= 3; ++p) {
        try {
            t.act(p, r, now);
        } catch (const protocol_error& e) {
            if (e.code().empty()) std::abort();
        }
        if (t.chips_on_table() != 600) std::abort();
    }
    return 0;
}
