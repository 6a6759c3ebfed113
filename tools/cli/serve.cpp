// `poker serve`: the table server (the server library wired together), and
// `poker bot`: bots that play at it. Everything they do is in server/.

#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

#include "pokerengine/server/bot.hpp"
#include "pokerengine/server/server.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace poker_cli {
namespace {

namespace ps = pokerengine::server;

constexpr std::array serve_options{
    option{"config", 'c', "FILE", "the tables and limits, a TOML file (default: two hold'em, an Omaha and a stud table)"},
    option{"listen", 'l', "HOST:PORT", "where to listen (default 127.0.0.1:8765; port 0: any free port)"},
    option{"db", 0, "FILE", "the SQLite database (default poker.db; :memory: keeps nothing)"},
    whole_option({"seed", 's', "S", "seed of the tables' decks (default: from the operating system)"}, 0),
    option{"audit", 0, "", "print the database's chips (bought in, cashed out, on tables) as JSON and exit"},
};

int run_serve(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    ps::server_settings settings = ps::default_settings();
    if (auto file = args.value("config")) {
        std::ifstream in{std::string(*file), std::ios::binary};
        if (!in) throw std::runtime_error("cannot read " + std::string(*file));
        std::ostringstream text;
        text << in.rdbuf();
        settings = ps::read_settings(text.str(), *file);
    }
    if (auto listen = args.value("listen")) {
        try {
            ps::parse_listen(*listen, settings);
        } catch (const ps::settings_error& e) {
            throw usage_error(std::string("--") + e.what());
        }
    }
    if (auto db = args.value("db")) settings.db = std::string(*db);
    if (auto seed = args.whole("seed")) settings.seed = *seed;
    if (args.flag("audit")) {
        ps::store db{settings.db};
        const ps::chip_audit a = db.audit();
        write_out(json_line(json{{"bought_in", a.bought_in}, {"cashed_out", a.cashed_out}, {"on_tables", a.on_tables},
                                 {"hands", a.hands}, {"conserved", a.conserved()}}));
        return a.conserved() ? 0 : 1;
    }
    ps::server s{settings};
    write_out("listening on " + settings.host + ":" + std::to_string(s.port()) + "\n");
    std::fflush(stdout);
    s.run(true);
    return 0;
}

constexpr std::array bot_policies{std::string_view{"random"}, std::string_view{"calling-station"},
                                  std::string_view{"tight"}};
constexpr std::array bot_options{
    option{"connect", 0, "URL", "the server's WebSocket, ws://HOST:PORT/ws; required"},
    option{"table", 0, "ID", "the table to sit at; required"},
    option{"policy", 0, "NAME", "random (default), calling-station or tight", false, value_kind::text, 0, UINT64_MAX,
           bot_policies},
    whole_option({"count", 'n', "N", "bots, each on its own connection, 1 to 1,000 (default 1)"}, 1, 1000),
    whole_option({"hands", 0, "N", "each bot leaves after N hands (default: plays until the server closes)"}, 1),
    option{"token", 0, "PREFIX", "bot i says hello with the token PREFIX-i and gets its seat back (default: new players)"},
    option{"name", 0, "NAME", "bot i is named NAME-i (default bot)"},
    whole_option({"seed", 's', "S", "seed of the bots' decisions (default 1)"}, 0),
    whole_option({"think", 0, "MS", "milliseconds before each action (default 0)"}, 0, 60'000),
    json_option,
};

int run_bot(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    if (!args.value("connect") || !args.value("table")) throw usage_error("bot needs --connect URL and --table ID");
    ps::bot_options o;
    o.url = std::string(*args.value("connect"));
    o.table = std::string(*args.value("table"));
    if (auto p = args.value("policy")) o.policy = ps::parse_bot_policy(*p);
    o.count = static_cast<int>(args.whole("count").value_or(1));
    o.hands = args.whole("hands").value_or(0);
    if (auto t = args.value("token")) o.token = std::string(*t);
    if (auto n = args.value("name")) o.name = std::string(*n);
    o.seed = args.whole("seed").value_or(1);
    o.think = std::chrono::milliseconds(args.whole("think").value_or(0));
    // The server's refusals, on standard error: a bot should not get any.
    std::mutex errors;
    o.on_frame = [&](int bot, const ps::json& frame) {
        if (frame.value("type", "") != "error") return;
        std::lock_guard lock(errors);
        std::cerr << "bot " << bot + 1 << ": " << frame.value("code", "") << ": " << frame.value("message", "") << "\n";
    };
    ps::bot_report r;
    try {
        r = ps::run_bots(o);
    } catch (const std::invalid_argument& e) {
        throw usage_error(std::string("--connect: ") + e.what());
    }
    if (args.flag("json"))
        write_out(json_line(json{{"bots", o.count}, {"hands", r.hands}, {"actions", r.actions}, {"errors", r.errors},
                                 {"failed", r.failed}}));
    else
        write_out("bots: " + std::to_string(o.count) + ", hands seen: " + std::to_string(r.hands) + ", actions: " +
                  std::to_string(r.actions) + ", errors: " + std::to_string(r.errors) + ", failed: " +
                  std::to_string(r.failed) + "\n");
    return r.failed == 0 ? 0 : 1;
}

}  // namespace

const command serve_command{
    "serve", "poker serve [--config FILE] [--listen HOST:PORT] [--db FILE] [--seed S] [--audit]",
    "host tables that people and bots play at over WebSocket, with a browser table",
    "Hosts many tables in one process: players connect over WebSocket at /ws of\n"
    "--listen and speak the JSON protocol of docs/server.md; a browser table is\n"
    "served at /. Every buy-in, cash-out and finished hand is kept in the SQLite\n"
    "database (--db); after a crash the tables, seats and stacks come back, and a\n"
    "hand that was in progress is cancelled with every bet returned. Prints\n"
    "'listening on HOST:PORT' and serves until SIGINT or SIGTERM.\n"
    "Without --config: two no-limit hold'em tables, a pot-limit Omaha table and a\n"
    "fixed-limit stud table, blinds 1/2, buy-in 40 to 200. --audit prints the\n"
    "database's chips and exits (status 1 when they do not add up).\n",
    serve_options,
    run_serve,
};

const command bot_command{
    "bot", "poker bot --connect URL --table ID [--policy random|calling-station|tight] [--count N] [--hands N]",
    "bots that play at a poker serve table, for tests, demonstrations and load",
    "Connects N bots to the server, each on its own connection; each sits at the\n"
    "table with the largest buy-in and plays the hands dealt to it, buying in again\n"
    "when it busts, until it has seen --hands hands (then it leaves) or the server\n"
    "closes. Prints what they did; exit status 1 when a bot could not sit.\n",
    bot_options,
    run_bot,
};

}  // namespace poker_cli
