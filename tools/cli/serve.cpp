// `poker serve`: the table server (the server library wired together), or with
// --acpc a match of the ACPC dealer protocol on a TCP port; and `poker bot`:
// bots that play at the table server. Everything they do is in server/.

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>
#include <fmt/format.h>
#include <boost/asio/ip/tcp.hpp>

#include "pokerengine/card.hpp"
#include "pokerengine/server/acpc_dealer.hpp"
#include "pokerengine/server/bot.hpp"
#include "pokerengine/server/server.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace poker_cli {
namespace {

namespace asio = boost::asio;
namespace ps = pokerengine::server;

constexpr std::array table_server_options{
    option{"config", 'c', "FILE", "the tables and limits, a TOML file (default: two hold'em, an Omaha and a stud table)"},
    option{"listen", 'l', "HOST:PORT", "where to listen (default 127.0.0.1:8765; port 0: any free port)"},
    option{"db", 0, "FILE", "the SQLite database (default poker.db; :memory: keeps nothing)"},
    whole_option({"seed", 's', "S", "seed of the tables' decks (default: from the operating system)"}, 0),
    option{"audit", 0, "", "print the database's chips (bought in, cashed out, on tables) as JSON and exit"},
};

// The options of the match, each only with --acpc.
constexpr std::array acpc_match_options_list{
    option{"acpc-game", 0, "FILE", "the ACPC game definition of the match (a .game file)"},
    whole_option({"acpc-hands", 0, "N", "hands in the match (default 1000)"}, 1, 4'000'000'000),
    whole_option({"acpc-seed", 0, "S", "the seed of the cards (default: a random one, written in the log)"}, 0),
    option{"acpc-log", 0, "FILE", "write the dealer's log (STATE lines and SCORE) to FILE"},
    whole_option({"acpc-timeout", 0, "MS", "milliseconds a seat has to act, or to send VERSION (default 600000)"}, 1,
                 86'400'000),
};

constexpr auto serve_options_list = concatenated(
    concatenated(table_server_options,
                 std::array{option{"acpc", 0, "HOST:PORT",
                                   "play a match of the ACPC dealer protocol on this address (port 0: any free port)"}}),
    acpc_match_options_list);

constexpr auto serve_constraints =
    each_constraint(acpc_match_options_list, "acpc", constraint_kind::needs, "goes with --acpc HOST:PORT");

// "127.0.0.1:18791", "[::1]:0", "localhost:18791".
asio::ip::tcp::endpoint endpoint_of(std::string_view text, std::string_view option_name) {
    const auto colon = text.rfind(':');
    std::string_view host = colon == std::string_view::npos ? std::string_view{} : text.substr(0, colon);
    const std::string_view port_text = colon == std::string_view::npos ? text : text.substr(colon + 1);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    unsigned port = 0;
    const auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (host.empty() || ec != std::errc{} || end != port_text.data() + port_text.size() || port > 65535)
        throw usage_error("--" + std::string(option_name) + " must be HOST:PORT (127.0.0.1:18791), got '" +
                          pokerengine::printable(text) + "'");
    asio::io_context resolving;
    boost::system::error_code error;
    const auto found = asio::ip::tcp::resolver(resolving).resolve(std::string(host), std::to_string(port), error);
    if (error || found.empty())
        throw usage_error("--" + std::string(option_name) + ": cannot resolve '" + pokerengine::printable(host) + "'");
    return found.begin()->endpoint();
}

std::string file_text(std::string_view path, std::string_view option_name) {
    std::ifstream in{std::string(path), std::ios::binary};
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) throw usage_error("--" + std::string(option_name) + ": cannot read '" + pokerengine::printable(path) + "'");
    return text.str();
}

int run_acpc(const arguments& args) {
    if (!args.value("acpc-game")) throw usage_error("--acpc needs --acpc-game FILE, the game definition of the match");
    const std::string_view game_file = *args.value("acpc-game");
    pokerengine::play::acpc_game game;
    try {
        game = pokerengine::play::read_acpc_game(file_text(game_file, "acpc-game"));
    } catch (const pokerengine::play::game_definition_error& e) {
        throw usage_error("--acpc-game '" + pokerengine::printable(game_file) + "': " + e.what());
    }
    const asio::ip::tcp::endpoint where = endpoint_of(*args.value("acpc"), "acpc");

    ps::acpc_match_options options;
    options.hands = static_cast<std::uint32_t>(args.whole("acpc-hands").value_or(1000));
    options.seed = args.whole("acpc-seed").value_or(std::random_device{}() * 0x1'0000'0000ULL + std::random_device{}());
    options.match_name = "poker-serve";
    options.game_name = std::string(game_file.substr(game_file.rfind('/') + 1));
    if (const auto ms = args.whole("acpc-timeout")) {
        options.response_timeout = std::chrono::milliseconds(*ms);
        options.handshake_timeout = std::chrono::milliseconds(*ms);
    }
    std::ofstream log;
    if (const auto path = args.value("acpc-log")) {
        log.open(std::string(*path), std::ios::binary | std::ios::trunc);
        if (!log) throw std::runtime_error("--acpc-log: cannot write '" + pokerengine::printable(*path) + "'");
        options.log = &log;
    }
    options.notice = [](std::string_view text) { std::cerr << "acpc: " << text << '\n'; };

    asio::io_context io;
    asio::ip::tcp::acceptor acceptor(io);
    try {
        acceptor.open(where.protocol());
        acceptor.set_option(asio::ip::tcp::acceptor::reuse_address(true));
        acceptor.bind(where);
        acceptor.listen();
    } catch (const boost::system::system_error& e) {
        throw std::runtime_error("--acpc: cannot listen on " + std::string(*args.value("acpc")) + ": " + e.code().message());
    }
    const auto bound = acceptor.local_endpoint();
    std::cerr << "acpc: listening on " << bound.address().to_string() << ':' << bound.port() << ", "
              << game.players << " players, " << options.hands << " hands, seed " << options.seed << std::endl;
    const ps::acpc_match_result result = ps::play_acpc_match(io, acceptor, game, std::move(options));
    if (log && !log.flush()) throw std::runtime_error("--acpc-log: cannot write the log");
    std::cout << result.score_line << std::endl;
    return 0;
}

// Each bot and each connection holds a descriptor: let the process have as many as it may.
void allow_open_files(std::uint64_t wanted) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= wanted) return;
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? wanted : std::min<rlim_t>(limit.rlim_max, wanted);
    ::setrlimit(RLIMIT_NOFILE, &limit);
}

int run_tables(const arguments& args) {
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
    allow_open_files(65'536);
    ps::server s{settings};
    write_out("listening on " + settings.host + ":" + std::to_string(s.port()) + "\n");
    std::fflush(stdout);
    s.run(true);
    return 0;
}

int run_serve(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    if (!args.flag("acpc")) return run_tables(args);
    for (const char* name : {"config", "listen", "db", "seed", "audit"})
        if (args.flag(name))
            throw usage_error(std::string("--") + name + " is for the table server: --acpc plays one ACPC match on its own");
    return run_acpc(args);
}

constexpr std::array bot_policies{std::string_view{"random"}, std::string_view{"calling-station"},
                                  std::string_view{"tight"}};
constexpr std::array bot_options{
    option{"connect", 0, "URL", "the server's WebSocket, ws://HOST:PORT/ws; required"},
    option{"table", 0, "ID", "the table to sit at; required"},
    option{"policy", 0, "NAME", "random (default), calling-station or tight", false, value_kind::text, 0, UINT64_MAX,
           bot_policies},
    whole_option({"count", 'n', "N", "bots, each on its own connection, 1 to 10,000 (default 1)"}, 1, 10'000),
    whole_option({"hands", 0, "N", "each bot leaves after N hands (default: plays until the server closes)"}, 1),
    option{"token", 0, "PREFIX", "bot i says hello with the token PREFIX-i and gets its seat back (default: new players)"},
    option{"name", 0, "NAME", "bot i is named NAME-i (default bot)"},
    whole_option({"seed", 's', "S", "seed of the bots' decisions (default 1)"}, 0),
    whole_option({"think", 0, "MS", "milliseconds before each action (default 0)"}, 0, 60'000),
    whole_option({"idle-limit", 0, "MS", "a bot that receives nothing for MS milliseconds gives up and counts as failed "
                                         "(default: waits)"}, 1, 86'400'000),
    option{"all-tables", 0, "", "bot i sits at the i-th table of the server's list (modulo its length) instead of --table"},
    whole_option({"duration", 0, "S", "play S seconds once every bot has sat, then leave, and print the actions per second"},
                 1, 86'400),
    option{"latency", 0, "", "with --duration: time each action until every seat of its hand has the update"},
    option{"deltas", 0, "", "ask for views as patches (view_delta) when shorter, and apply them"},
    json_option,
};

constexpr std::array bot_constraints{
    option_constraint{"all-tables", "table", constraint_kind::excludes, "sits at every table: not with --table"},
    option_constraint{"latency", "duration", constraint_kind::needs, "goes with --duration S"},
};

int run_bot(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    if (!args.value("connect") || (!args.value("table") && !args.flag("all-tables")))
        throw usage_error("bot needs --connect URL and --table ID");
    ps::bot_options o;
    o.url = std::string(*args.value("connect"));
    if (auto t = args.value("table")) o.table = std::string(*t);
    o.all_tables = args.flag("all-tables");
    o.duration = std::chrono::seconds(args.whole("duration").value_or(0));
    o.measure_latency = args.flag("latency");
    o.deltas = args.flag("deltas");
    if (auto p = args.value("policy")) o.policy = ps::parse_bot_policy(*p);
    o.count = static_cast<int>(args.whole("count").value_or(1));
    o.hands = args.whole("hands").value_or(0);
    if (auto t = args.value("token")) o.token = std::string(*t);
    if (auto n = args.value("name")) o.name = std::string(*n);
    o.seed = args.whole("seed").value_or(1);
    o.think = std::chrono::milliseconds(args.whole("think").value_or(0));
    o.idle_limit = std::chrono::milliseconds(args.whole("idle-limit").value_or(0));
    allow_open_files(static_cast<std::uint64_t>(o.count) + 64);
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
    json report{{"bots", o.count}, {"hands", r.hands}, {"actions", r.actions}, {"errors", r.errors}, {"failed", r.failed},
                {"views", r.views}, {"view_deltas", r.view_deltas}, {"bytes", r.bytes},
                {"view_bytes", r.view_bytes}};
    std::string text = "bots: " + std::to_string(o.count) + ", hands seen: " + std::to_string(r.hands) + ", actions: " +
                       std::to_string(r.actions) + ", errors: " + std::to_string(r.errors) + ", failed: " +
                       std::to_string(r.failed) + "\n";
    if (o.duration.count() > 0) {
        const double per_second = r.seconds > 0 ? static_cast<double>(r.timed_actions) / r.seconds : 0;
        report["seconds"] = r.seconds;
        report["seating_seconds"] = r.seating_seconds;
        report["timed_actions"] = r.timed_actions;
        report["actions_per_second"] = per_second;
        text += "in " + fmt::format("{:.0f}", r.seconds) + " s after " + fmt::format("{:.1f}", r.seating_seconds) + " s of seating: " +
                std::to_string(r.timed_actions) + " actions, " + fmt::format("{:.1f}", per_second) + " a second\n";
    }
    if (o.measure_latency) {
        const ps::latency_report& l = r.latency;
        report["latency_ms"] = json{{"p50", l.p50}, {"p99", l.p99}, {"max", l.max}};
        report["updates"] = l.updates;
        report["unfinished"] = l.unfinished;
        text += "action to every seat's update: p50 " + fmt::format("{:.2f}", l.p50) + " ms, p99 " + fmt::format("{:.2f}", l.p99) + " ms, max " +
                fmt::format("{:.2f}", l.max) + " ms over " + std::to_string(l.updates) + " actions (" +
                std::to_string(l.unfinished) + " unfinished)\n";
    }
    write_out(args.flag("json") ? json_line(report) : text);
    return r.failed == 0 ? 0 : 1;
}

}  // namespace

const command serve_command{
    "serve",
    "poker serve [--config FILE] [--listen HOST:PORT] [--db FILE] [--seed S] [--audit]\n"
    "       poker serve --acpc HOST:PORT --acpc-game FILE [--acpc-hands N] [--acpc-seed S] [--acpc-log FILE]\n"
    "                   [--acpc-timeout MS]",
    "host tables that people and bots play at over WebSocket, or an ACPC match",
    "Hosts many tables in one process: players connect over WebSocket at /ws of\n"
    "--listen and speak the JSON protocol of docs/server.md; a browser table is\n"
    "served at /. Every buy-in, cash-out and finished hand is kept in the SQLite\n"
    "database (--db); after a crash the tables, seats and stacks come back, and a\n"
    "hand that was in progress is cancelled with every bet returned. Prints\n"
    "'listening on HOST:PORT' and serves until SIGINT or SIGTERM.\n"
    "Without --config: two no-limit hold'em tables, a pot-limit Omaha table and a\n"
    "fixed-limit stud table, blinds 1/2, buy-in 40 to 200. --audit prints the\n"
    "database's chips and exits (status 1 when they do not add up).\n"
    "With --acpc, plays one match of the Annual Computer Poker Competition's\n"
    "dealer protocol (version 2.0.0) on a TCP port instead: the first players to\n"
    "connect and send VERSION:2.0.0 are seated in the order they arrived; when the\n"
    "game's number of players are seated, N hands of its hold'em (limit or\n"
    "no-limit, 2 to 10 players) are played and their connections closed. The\n"
    "engine plays every hand. The log is the competition dealer's (STATE lines,\n"
    "then SCORE), which 'poker import --acpc-game FILE' reads back; the SCORE line\n"
    "is also printed. A seat that disconnects or does not act in time checks or\n"
    "folds from then on. See docs/acpc_server.md.\n",
    serve_options_list,
    run_serve,
    serve_constraints,
};

const command bot_command{
    "bot", "poker bot --connect URL --table ID [--policy random|calling-station|tight] [--count N] [--hands N]",
    "bots that play at a poker serve table, for tests, demonstrations and load",
    "Connects N bots to the server, each on its own connection; each sits at the\n"
    "table with the largest buy-in and plays the hands dealt to it, buying in again\n"
    "when it busts, until it has seen --hands hands (then it leaves) or the server\n"
    "closes. Prints what they did; exit status 1 when a bot could not sit.\n"
    "For load: --all-tables spreads the bots over every table of the server,\n"
    "--duration S plays S seconds once all have sat and prints the actions a second,\n"
    "and --latency the 50th and 99th percentile and the most time from an action's\n"
    "send to the moment every seat of the hand has received its update.\n",
    bot_options,
    run_bot,
    bot_constraints,
};

}  // namespace poker_cli
