// Server configuration (settings.hpp).

#include "pokerengine/server/settings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include <toml++/toml.h>

#include "pokerengine/games.hpp"

namespace pokerengine::server {
namespace {

room_settings make_table(std::string id, std::string_view game, betting_structure structure, chips min_buy_in,
                         chips max_buy_in, int seats = 6) {
    room_settings r;
    r.id = std::move(id);
    r.table = play::table_config::standard(game, structure, seats);
    r.table.mode = play::play_mode::cash_game;
    r.min_buy_in = min_buy_in;
    r.max_buy_in = max_buy_in;
    return r;
}

[[noreturn]] void fail(std::string_view file, std::string_view where, const std::string& why) {
    throw settings_error(std::string(file) + ": " + std::string(where) + ": " + why);
}

chips amount(const toml::node& n, std::string_view file, std::string_view where) {
    auto v = n.value<std::int64_t>();
    if (!n.is_integer() || !v || *v < 0 || *v > max_chips) fail(file, where, "must be a whole number of chips");
    return *v;
}

milliseconds seconds_field(const toml::table& t, std::string_view key, milliseconds fallback, std::string_view file,
                           std::string_view where) {
    const toml::node* n = t.get(key);
    if (!n) return fallback;
    auto v = n->value<double>();
    if (!v || !(*v >= 0) || *v > 86'400) fail(file, std::string(where) + "." + std::string(key), "must be seconds from 0 to 86400");
    return milliseconds{static_cast<milliseconds::rep>(*v * 1000)};
}

// The table of entry `index` (from 0) of a file's [[table]] list, or with `where`
// given, of a table named so in the errors ("config" of a client's create_table).
// A field no reader knows is refused, not ignored: a misspelt "blind" would
// otherwise leave the default blinds in place.
void only_known(const toml::table& t, std::initializer_list<std::string_view> known, std::string_view file,
                const std::string& where) {
    for (const auto& [key, value] : t)
        if (std::find(known.begin(), known.end(), key.str()) == known.end()) {
            std::string names;
            for (std::string_view k : known) names += (names.empty() ? "" : ", ") + std::string(k);
            fail(file, where + "." + std::string(key.str()), "is not a field of a table here (" + names + ")");
        }
}

room_settings read_table(const toml::table& t, std::size_t index, std::string_view file, std::string where = {}) {
    if (where.empty()) where = "table " + std::to_string(index + 1);
    only_known(t, {"id", "game", "rotation", "structure", "seats", "mode", "profile", "runouts", "dealing", "blinds",
                   "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet", "min_bet", "buy_in", "between_hands",
                   "clock"},
               file, where);
    auto text = [&](std::string_view key) -> std::optional<std::string> {
        const toml::node* n = t.get(key);
        if (!n) return std::nullopt;
        if (!n->is_string()) fail(file, where + "." + std::string(key), "must be a string");
        return n->value<std::string>();
    };
    auto whole = [&](std::string_view key) -> std::optional<chips> {
        const toml::node* n = t.get(key);
        if (!n) return std::nullopt;
        return amount(*n, file, where + "." + std::string(key));
    };
    const auto game = text("game");
    const toml::node* rotation = t.get("rotation");
    if (!game && !rotation) fail(file, where, "needs a game (or a rotation of games)");
    if (game && rotation) fail(file, where + ".rotation", "a table has a game or a rotation, not both");
    std::vector<std::string> games;
    room_settings r;
    if (rotation) {
        const toml::table* rt = rotation->as_table();
        if (rt) only_known(*rt, {"games", "hands"}, file, where + ".rotation");
        const toml::array* list = rt ? rt->get_as<toml::array>("games") : nullptr;
        if (!list || list->size() < 2 || list->size() > 20)
            fail(file, where + ".rotation", "must be { games = [2 to 20 names], hands = N }");
        for (const toml::node& g : *list) {
            if (!g.is_string()) fail(file, where + ".rotation.games", "must be names of games");
            games.push_back(*g.value<std::string>());
        }
        const toml::node* hands = rt->get("hands");
        auto n = hands ? hands->value<std::int64_t>() : std::nullopt;
        if (!hands || !hands->is_integer() || !n || *n < 1 || *n > 1000)
            fail(file, where + ".rotation.hands", "must be the hands of each game, from 1 to 1000");
        r.rotation_hands = static_cast<std::uint64_t>(*n);
    } else {
        games.push_back(*game);
    }
    const auto seats = whole("seats").value_or(6);
    if (seats < 2 || seats > play::max_seats) fail(file, where + ".seats", "must be from 2 to 10");
    const auto mode = text("mode").value_or("cash");
    if (mode != "cash" && mode != "tournament") fail(file, where + ".mode", "must be cash or tournament");
    std::optional<play::rule_profile> profile;
    if (auto p = text("profile")) {
        try {
            profile = play::rule_profile::named(*p);
        } catch (const std::invalid_argument& e) {
            fail(file, where + ".profile", e.what());
        }
    }
    if (auto r = whole("runouts")) {  // a cash table where the board may run up to this many times
        if (*r < 1 || *r > 4) fail(file, where + ".runouts", "must be the most times to run the board, 1 to 4");
        if (mode != "cash") fail(file, where + ".runouts", "runs the board more than once at cash tables only");
        if (!profile) profile = play::rule_profile::wsop_2024();
        profile->most_runouts = static_cast<int>(*r);
    }
    play::dealing_order dealing = play::dealing_order::whole_shuffle;
    if (auto d = text("dealing")) {
        try {
            dealing = play::parse_dealing_order(*d);
        } catch (const play::config_error&) {
            fail(file, where + ".dealing", "must be whole-shuffle or card-by-card");
        }
    }
    std::optional<std::pair<chips, chips>> blinds;
    if (const toml::node* b = t.get("blinds")) {
        const toml::array* a = b->as_array();
        if (!a || a->size() != 2) fail(file, where + ".blinds", "must be [small, big]");
        blinds = {amount(*a->get(0), file, where + ".blinds"), amount(*a->get(1), file, where + ".blinds")};
    }
    // One game's table: its standard configuration with the stakes given. In a
    // rotation the blinds go to the games with a button, the ante and the
    // bring-in to the stud games, the bet sizes to every game.
    const auto configured = [&](const std::string& name) {
        const std::string at = rotation ? where + ".rotation (" + name + ")" : where;
        play::table_config c;
        try {
            const any_game g = find_game(name);
            const auto structure = text("structure");
            const betting_structure bs = structure ? parse_betting_structure(*structure)
                                         : rotation ? betting_structure::fixed_limit
                                                    : play::hand_config::usual_structure(g);
            c = play::table_config::standard(name, bs, static_cast<int>(seats));
        } catch (const std::invalid_argument& e) {
            fail(file, at, e.what());
        }
        const bool blinds_apply = !rotation || c.button_game(), antes_apply = !rotation || !c.button_game();
        c.mode = mode == "tournament" ? play::play_mode::tournament : play::play_mode::cash_game;
        if (blinds && blinds_apply) {
            c.small_blind = blinds->first;
            c.big_blind = blinds->second;
            c.limits.min_bet = c.big_blind;
        }
        if (auto v = whole("ante"); v && antes_apply) c.ante = *v;
        if (auto v = whole("big_blind_ante"); v && blinds_apply) c.big_blind_ante = *v;
        if (auto v = whole("bring_in"); v && antes_apply) c.bring_in = *v;
        if (auto v = whole("small_bet")) c.limits.small_bet = *v;
        if (auto v = whole("big_bet")) c.limits.big_bet = *v;
        if (auto v = whole("min_bet")) c.limits.min_bet = *v;
        if (profile) c.rules = *profile;
        c.dealing = dealing;
        try {
            c.validate();
        } catch (const play::config_error& e) {
            fail(file, at, std::string(play::to_string(e.code())) + ": " + e.what());
        }
        return c;
    };
    for (const std::string& name : games) r.rotation.push_back(configured(name));
    r.table = r.rotation.front();
    if (!rotation) r.rotation.clear();
    r.id = text("id").value_or((rotation ? std::string("mixed") : games.front()) + "-" + std::to_string(index + 1));
    const chips big = std::max<chips>({r.table.big_blind, r.table.limits.big_bet, r.table.limits.min_bet, 1});
    r.min_buy_in = 20 * big;
    r.max_buy_in = 100 * big;
    if (const toml::node* b = t.get("buy_in")) {
        const toml::array* a = b->as_array();
        if (!a || a->size() != 2) fail(file, where + ".buy_in", "must be [least, most]");
        r.min_buy_in = amount(*a->get(0), file, where + ".buy_in");
        r.max_buy_in = amount(*a->get(1), file, where + ".buy_in");
        if (r.min_buy_in < 1 || r.max_buy_in < r.min_buy_in) fail(file, where + ".buy_in", "must be [least, most] with 1 <= least <= most");
    }
    r.between_hands = seconds_field(t, "between_hands", r.between_hands, file, where);
    if (const toml::node* c = t.get("clock")) {
        const toml::table* ct = c->as_table();
        if (!ct) fail(file, where + ".clock", "must be a table");
        only_known(*ct, {"action", "bank", "timeouts_to_sit_out"}, file, where + ".clock");
        r.clock.per_action = seconds_field(*ct, "action", r.clock.per_action, file, where + ".clock");
        r.clock.time_bank = seconds_field(*ct, "bank", r.clock.time_bank, file, where + ".clock");
        if (const toml::node* n = ct->get("timeouts_to_sit_out")) {
            auto v = n->value<std::int64_t>();
            if (!n->is_integer() || !v || *v < 1 || *v > 100) fail(file, where + ".clock.timeouts_to_sit_out", "must be from 1 to 100");
            r.clock.timeouts_to_sit_out = static_cast<int>(*v);
        }
    }
    return r;
}

// JSON as the TOML it stands for: objects as tables, arrays, text, whole and
// decimal numbers, true and false; null has no TOML form.
std::unique_ptr<toml::node> toml_node(const json& j, const std::string& where) {
    switch (j.type()) {
        case json::value_t::object: {
            auto t = std::make_unique<toml::table>();
            for (const auto& [key, value] : j.items()) t->insert(key, std::move(*toml_node(value, where + "." + key)));
            return t;
        }
        case json::value_t::array: {
            auto a = std::make_unique<toml::array>();
            for (const json& value : j) a->push_back(std::move(*toml_node(value, where)));
            return a;
        }
        case json::value_t::string: return std::make_unique<toml::value<std::string>>(j.get<std::string>());
        case json::value_t::boolean: return std::make_unique<toml::value<bool>>(j.get<bool>());
        case json::value_t::number_integer: return std::make_unique<toml::value<std::int64_t>>(j.get<std::int64_t>());
        case json::value_t::number_unsigned:
            if (j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) throw settings_error(where + ": is too large");
            return std::make_unique<toml::value<std::int64_t>>(static_cast<std::int64_t>(j.get<std::uint64_t>()));
        case json::value_t::number_float: return std::make_unique<toml::value<double>>(j.get<double>());
        default: throw settings_error(where + ": has no value (null)");
    }
}

}  // namespace

room_settings table_settings(const json& config, std::string_view where) {
    if (!config.is_object()) throw settings_error(std::string(where) + ": a table is an object of fields");
    const std::unique_ptr<toml::node> t = toml_node(config, std::string(where));
    room_settings r = read_table(*t->as_table(), 0, "create_table", std::string(where));
    const bool named = config.contains("id") && !r.id.empty() && r.id.size() <= 64 &&
                       std::all_of(r.id.begin(), r.id.end(), [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                       });
    if (!named)
        throw settings_error("create_table: " + std::string(where) +
                             ".id: a created table needs an id of 1 to 64 letters, digits, '-', '_' or '.'");
    return r;
}

std::vector<room_settings> default_tables() {
    std::vector<room_settings> t;
    t.push_back(make_table("holdem-1", "holdem", betting_structure::no_limit, 40, 200));
    t.push_back(make_table("holdem-2", "holdem", betting_structure::no_limit, 40, 200));
    t.push_back(make_table("omaha-1", "omaha", betting_structure::pot_limit, 40, 200));
    t.push_back(make_table("stud-1", "stud", betting_structure::fixed_limit, 40, 200, 8));
    return t;
}

server_settings default_settings() {
    server_settings s;
    s.tables = default_tables();
    return s;
}

void parse_listen(std::string_view text, server_settings& into) {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos || colon == 0)
        throw settings_error("listen: expected HOST:PORT, got " + pokerengine::quoted(text));
    const std::string_view port = text.substr(colon + 1);
    unsigned value = 0;
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc{} || end != port.data() + port.size() || value > 65535)
        throw settings_error("listen: the port must be a number from 0 to 65535, got " + pokerengine::quoted(port));
    into.host = std::string(text.substr(0, colon));
    into.port = static_cast<unsigned short>(value);
}

server_settings read_settings(std::string_view text, std::string_view file) {
    server_settings s = default_settings();
    toml::table doc;
    try {
        doc = toml::parse(text, file);
    } catch (const toml::parse_error& e) {
        throw settings_error(std::string(file) + ": " + std::string(e.description()) + " (line " +
                             std::to_string(e.source().begin.line) + ")");
    }
    if (auto listen = doc["listen"].value<std::string>()) {
        try {
            parse_listen(*listen, s);
        } catch (const settings_error& e) {
            throw settings_error(std::string(file) + ": " + e.what());
        }
    }
    if (auto db = doc["db"].value<std::string>()) s.db = *db;
    if (const toml::node* seed = doc.get("seed")) {
        auto v = seed->value<std::int64_t>();
        if (!seed->is_integer() || !v || *v < 0) fail(file, "seed", "must be a whole number from 0");
        s.seed = static_cast<std::uint64_t>(*v);
    }
    if (const toml::table* limits = doc["limits"].as_table()) {
        auto positive = [&](std::string_view key, int& into) {
            if (const toml::node* n = limits->get(key)) {
                auto v = n->value<std::int64_t>();
                if (!n->is_integer() || !v || *v < 1 || *v > 100'000) fail(file, "limits." + std::string(key), "must be from 1 to 100000");
                into = static_cast<int>(*v);
            }
        };
        if (const toml::node* n = limits->get("created_tables")) {
            auto v = n->value<std::int64_t>();
            if (!n->is_integer() || !v || *v < 0 || *v > 10'000) fail(file, "limits.created_tables", "must be from 0 to 10000");
            s.limits.created_tables = static_cast<int>(*v);
        }
        positive("connections_per_address", s.limits.connections_per_address);
        positive("messages_per_second", s.limits.messages_per_second);
        s.limits.idle_timeout = seconds_field(*limits, "idle_timeout", s.limits.idle_timeout, file, "limits");
    }
    if (const toml::node* tables = doc.get("table")) {
        const toml::array* a = tables->as_array();
        if (!a) fail(file, "table", "must be an array of tables ([[table]])");
        s.tables.clear();
        std::set<std::string> ids;
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::table* t = a->get(i)->as_table();
            if (!t) fail(file, "table " + std::to_string(i + 1), "must be a table");
            room_settings r = read_table(*t, i, file);
            if (!ids.insert(r.id).second) fail(file, "table " + std::to_string(i + 1) + ".id", "repeats the id " + pokerengine::quoted(r.id));
            s.tables.push_back(std::move(r));
        }
    }
    return s;
}

}  // namespace pokerengine::server
