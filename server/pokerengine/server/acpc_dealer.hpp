#pragma once
// The ACPC dealer on a TCP port: the first players to connect and send the
// protocol's VERSION line are seated in the order they arrived, play a match
// of N hands of the game definition's hold'em (acpc_protocol.hpp writes and
// reads the lines; the engine plays every hand), and are disconnected at the
// end. The log is the competition dealer's (`STATE` lines and `SCORE`), which
// `poker import --acpc-game` reads back.
//
//     boost::asio::io_context io;
//     tcp::acceptor acceptor{io, {boost::asio::ip::make_address("127.0.0.1"), 18791}};
//     acpc_match_options options{.hands = 1000, .seed = 7, .log = &log_file};
//     acpc_match_result r = play_acpc_match(io, acceptor, read_acpc_game(text), options);

#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include <utility>  // boost/asio/awaitable.hpp of Boost 1.74 uses std::exchange without it

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "pokerengine/server/acpc_protocol.hpp"

namespace pokerengine::server {

/// How a match is played.
struct acpc_match_options {
    std::uint32_t hands = 1000;
    std::uint64_t seed = 0;                 // the same seed deals the same cards
    std::vector<std::string> names;         // per seat (arrival order); empty: "p1", "p2", ...
    std::string match_name = "match";       // in the log's first comment
    std::string game_name = "game";         // the definition's file name, in the same comment
    // A connection that sends no VERSION line in this time is closed and not seated.
    std::chrono::milliseconds handshake_timeout{10'000};
    // A seat to act that sends no action in this time (the competition's
    // default: 600 s), or a seat that cannot be written to in it, is gone.
    std::chrono::milliseconds response_timeout{600'000};
    std::ostream* log = nullptr;                            // the dealer's log; none when null
    std::function<void(std::string_view)> notice = nullptr;  // warnings: a bad reply, a seat gone
};

/// What a match ended with.
struct acpc_match_result {
    std::vector<std::string> names;  // per seat
    std::vector<chips> totals;       // per seat: chips won over the match
    std::uint32_t hands = 0;         // hands played
    std::vector<bool> gone;          // per seat: disconnected or out of time during the match
    std::string score_line;          // "SCORE:...", as the log ends
};

/// Seats the players, plays the match and closes their connections. A seat
/// that disconnects or runs out of time is gone: from then on it checks when
/// checking is free and folds otherwise, and the match goes on to its end.
/// Throws `std::invalid_argument` when the names are not one per player or
/// hold ':' or '|'.
boost::asio::awaitable<acpc_match_result> run_acpc_match(boost::asio::ip::tcp::acceptor& acceptor,
                                                         const acpc_game& game, acpc_match_options options);

/// `run_acpc_match` run on `io` until it ends.
acpc_match_result play_acpc_match(boost::asio::io_context& io, boost::asio::ip::tcp::acceptor& acceptor,
                                  const acpc_game& game, acpc_match_options options);

}  // namespace pokerengine::server
