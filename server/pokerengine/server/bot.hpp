#pragma once
// Bots that play at a table server through the protocol, as any client does:
// for tests, demonstrations and load. Their decisions read only the frames a
// seat is sent (the wire form of the view and the legal actions).
//
//     bot_options o;
//     o.url = "ws://127.0.0.1:8765/ws";
//     o.table = "holdem-1";
//     o.count = 5;
//     o.hands = 100;
//     bot_report r = run_bots(o);   // five bots, each on its own connection, until each saw 100 hands
//
// For load, `all_tables` spreads the bots over every table of the server,
// `duration` plays for a time and `measure_latency` times each action from its
// send to the moment every seat of the hand has received the view it is in.

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerengine/random.hpp"
#include "pokerengine/server/wire.hpp"

namespace pokerengine::server {

/// How a bot plays: `random` (a random legal action, raises of random size),
/// `calling_station` (checks or calls, never folds or raises), `tight` (folds
/// to a bet without a pair or an ace, raises the minimum with a pair of tens or better).
enum class bot_policy : std::uint8_t { random, calling_station, tight };
/// "random", "calling-station" or "tight"; throws `std::invalid_argument` for another name.
bot_policy parse_bot_policy(std::string_view name);

/// The action a bot sends for a view frame's `view` whose `legal` is its own:
/// a structured action such as `{"kind": "raise", "amount": 300}`.
json choose_action(const json& view, bot_policy policy, xoshiro256ss& rng);

struct bot_options {
    std::string url = "ws://127.0.0.1:8765/ws";
    std::string table;
    bot_policy policy = bot_policy::random;
    int count = 1;
    std::uint64_t hands = 0;   // each bot leaves after this many hands; 0: plays until the server closes
    std::string token;         // bot i says hello with token `token-i` (reconnects to its seat); empty: new players
    std::string name = "bot";  // bot i is named `name-i`
    std::uint64_t seed = 1;    // bot i's decisions: xoshiro256ss{seed + i}
    std::chrono::milliseconds think{0};  // a pause before each action
    std::chrono::milliseconds idle_limit{0};  // a bot that receives nothing this long fails (0: waits for ever)
    /// Asks for views as patches (`view_delta`) when shorter, and applies them to the view before.
    bool deltas = false;
    bool all_tables = false;  // bot i sits at table i modulo the tables of the server's list, instead of `table`
    /// With a duration, the bots play this long once every bot has taken its seat (or failed), then
    /// leave; a bot still connected 30 s after is disconnected. Zero: no time limit.
    std::chrono::seconds duration{0};
    /// Times each action sent within the duration until every seat of the hand has its update
    /// (a `view` of the same hand whose history holds the action); needs all of a table's players in this run.
    bool measure_latency = false;
    /// Called with every frame bot i receives, on bot i's thread (a test's record of the wire).
    std::function<void(int, const json&)> on_frame;
};

/// The times from an action's send to its update at every seat, in milliseconds.
struct latency_report {
    std::uint64_t updates = 0;     // actions timed: every seat had their update
    std::uint64_t unfinished = 0;  // actions sent in the duration whose update some seat never received
    double p50 = 0, p99 = 0, max = 0;
};

struct bot_report {
    std::uint64_t hands = 0, actions = 0, errors = 0;
    std::uint64_t views = 0, view_deltas = 0;  // view frames received whole, and as patches
    std::uint64_t bytes = 0, view_bytes = 0;   // the frames received, and the view frames among them (whole or patches), in bytes
    int failed = 0;  // bots that could not connect or take a seat
    // With a duration: the actions sent in it, its length, and the time the bots took to sit before it.
    std::uint64_t timed_actions = 0;
    double seconds = 0, seating_seconds = 0;
    latency_report latency;  // with `measure_latency`
};

/// Runs `count` bots, each on its own thread and connection, until each has
/// played `hands` hands, or is left alone at the table once the table has dealt
/// `hands` hands since it came or every other bot of the run has stopped (then
/// it leaves), or the server closes the connection, or the duration is over. Throws `std::invalid_argument` for a URL that is not `ws://HOST:PORT/PATH`.
bot_report run_bots(const bot_options& options);

}  // namespace pokerengine::server
