#pragma once
// What a server runs: where it listens, its database, its limits and its
// tables, read from a TOML file (docs/server.md, "Configuration") or the
// defaults, which need no file: hold'em, Omaha and stud tables.
//
//     server_settings s = read_settings(R"(
//         [[table]]
//         id = "nl-1"
//         game = "holdem"
//         blinds = [1, 2]
//         buy_in = [40, 200]
//     )", "rooms.toml");

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/server/room.hpp"

namespace pokerengine::server {

/// A configuration that cannot be used: `what()` names the file, the table and the field.
class settings_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// What one client may do.
struct client_limits {
    int connections_per_address = 16;
    int messages_per_second = 20;  // a burst of twice as many is allowed
    milliseconds idle_timeout{60'000};  // a connection that sends nothing (pings included) for this long is closed
    int created_tables = 0;  // tables the clients may create (create_table), all together; 0: none
};

struct server_settings {
    std::string host = "127.0.0.1";
    unsigned short port = 8765;
    std::string db = "poker.db";  // ":memory:" keeps nothing
    std::optional<std::uint64_t> seed;  // the tables' decks; empty: from the operating system
    client_limits limits;
    std::vector<room_settings> tables;
};

/// Two no-limit hold'em tables (six seats, blinds 1/2, buy-in 40 to 200), a
/// pot-limit Omaha table and a fixed-limit seven-card stud table.
std::vector<room_settings> default_tables();
/// The defaults: 127.0.0.1:8765, poker.db, the default tables.
server_settings default_settings();
/// Reads a TOML configuration; fields not given keep the defaults, and a file
/// with `[[table]]` entries replaces the default tables. Throws `settings_error`.
server_settings read_settings(std::string_view text, std::string_view file);
/// A table from the fields of a `[[table]]` entry given as JSON (a client's
/// `create_table`): the same fields, defaults and checks. Throws
/// `settings_error` naming `where` and the field.
room_settings table_settings(const json& config, std::string_view where);
/// "HOST:PORT" (the port may be 0: any free port). Throws `settings_error`.
void parse_listen(std::string_view text, server_settings& into);

}  // namespace pokerengine::server
