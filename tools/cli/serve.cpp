// `poker serve`: the server's parts wired together. With --acpc, a match of
// the ACPC dealer protocol on a TCP port (server/pokerengine/server/acpc_dealer.hpp).

#include <charconv>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "commands.hpp"
#include "pokerengine/card.hpp"
#include "pokerengine/server/acpc_dealer.hpp"

namespace poker_cli {
namespace {

namespace asio = boost::asio;
namespace ps = pokerengine::server;

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
    std::array{option{"acpc", 0, "HOST:PORT", "play a match of the ACPC dealer protocol on this address (port 0: any free port)"}},
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

int run_serve(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    if (!args.flag("acpc")) throw usage_error("'serve' needs --acpc HOST:PORT (see 'poker help serve')");
    return run_acpc(args);
}

}  // namespace

const command serve_command{
    "serve",
    "poker serve --acpc HOST:PORT --acpc-game FILE [--acpc-hands N] [--acpc-seed S] [--acpc-log FILE]\n"
    "                   [--acpc-timeout MS]",
    "host tables: a match of the ACPC dealer protocol",
    "With --acpc, plays one match of the Annual Computer Poker Competition's\n"
    "dealer protocol (version 2.0.0) on a TCP port: the first players to connect\n"
    "and send VERSION:2.0.0 are seated in the order they arrived; when the game's\n"
    "number of players are seated, N hands of its hold'em (limit or no-limit, 2 to\n"
    "10 players) are played and their connections closed. The engine plays every\n"
    "hand. The log is the competition dealer's (STATE lines, then SCORE), which\n"
    "'poker import --acpc-game FILE' reads back; the SCORE line is also printed.\n"
    "A seat that disconnects or does not act in time checks or folds from then on.\n"
    "See docs/acpc_server.md.\n",
    serve_options_list,
    run_serve,
    serve_constraints,
};

}  // namespace poker_cli
