// Bots over the protocol (bot.hpp): a blocking Beast client per thread.

#include "pokerengine/server/bot.hpp"

#include <sys/socket.h>
#include <sys/time.h>

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "pokerengine/card.hpp"

namespace pokerengine::server {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

struct url_parts {
    std::string host, port, path;
};

url_parts parse_url(std::string_view url) {
    constexpr std::string_view scheme = "ws://";
    if (!url.starts_with(scheme)) throw std::invalid_argument("the URL must start with ws://, got " + pokerengine::quoted(url));
    url.remove_prefix(scheme.size());
    const auto slash = url.find('/');
    const std::string_view authority = url.substr(0, slash);
    const auto colon = authority.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == authority.size())
        throw std::invalid_argument("the URL must be ws://HOST:PORT/PATH, got " + pokerengine::quoted(url));
    return {std::string(authority.substr(0, colon)), std::string(authority.substr(colon + 1)),
            slash == std::string_view::npos ? "/ws" : std::string(url.substr(slash))};
}

int rank_of(const std::string& card) { return static_cast<int>(parse_card(card).rank()); }

json kind(std::string_view k) { return json{{"kind", k}}; }

json raise_to(chips amount) { return json{{"kind", "raise"}, {"amount", amount}}; }

json passive(const json& legal) {
    if (legal["check"].get<bool>() || !legal["call"].is_null()) return kind("call");
    if (!legal["bring_in"].is_null()) return kind("bring_in");
    return kind("fold");
}

}  // namespace

bot_policy parse_bot_policy(std::string_view name) {
    if (name == "random") return bot_policy::random;
    if (name == "calling-station") return bot_policy::calling_station;
    if (name == "tight") return bot_policy::tight;
    throw std::invalid_argument("no bot policy " + pokerengine::quoted(name) + ": random, calling-station or tight");
}

json choose_action(const json& view, bot_policy policy, xoshiro256ss& rng) {
    const json& legal = view.at("legal");
    const std::string phase = legal.at("phase");
    if (phase == "showdown") return legal.at("show").get<bool>() ? kind("show") : kind("muck");
    const json& own = view.at("seats").at(view.at("player").get<std::size_t>() - 1).at("cards");
    if (phase == "drawing") {
        json a = kind("discard");
        std::string cards;
        const int most = legal.at("draw").at("max_discards");
        if (policy == bot_policy::random)
            for (const auto& c : own)
                if (static_cast<int>(cards.size() / 2) < most && uniform_below(rng, 3) == 0) cards += c.get<std::string>();
        a["cards"] = cards;
        return a;
    }
    const bool can_raise = !legal.at("raise").is_null();
    switch (policy) {
        case bot_policy::calling_station: return passive(legal);
        case bot_policy::tight: {
            std::vector<int> ranks;
            for (const auto& c : own) ranks.push_back(rank_of(c.get<std::string>()));
            int pair = -1;
            bool ace = false;
            for (std::size_t i = 0; i < ranks.size(); ++i) {
                ace = ace || ranks[i] == 12;
                for (std::size_t j = i + 1; j < ranks.size(); ++j)
                    if (ranks[i] == ranks[j]) pair = std::max(pair, ranks[i]);
            }
            if (pair >= 8 && can_raise) return raise_to(legal["raise"]["min"].get<chips>());
            if (legal["check"].get<bool>()) return kind("check");
            if (pair >= 0 || ace) return passive(legal);
            return legal["fold"].get<bool>() ? kind("fold") : passive(legal);
        }
        case bot_policy::random: break;
    }
    const auto roll = uniform_below(rng, 10);
    if (roll < 2 && legal["fold"].get<bool>() && !legal["check"].get<bool>()) return kind("fold");
    if (roll >= 8 && can_raise) {
        const chips lo = legal["raise"]["min"], hi = legal["raise"]["max"];
        if (legal["raise"]["all_in_only"].get<bool>() || uniform_below(rng, 4) == 0) return raise_to(hi);
        return raise_to(lo + static_cast<chips>(uniform_below(rng, static_cast<std::uint64_t>(std::min<chips>(hi - lo, 4 * lo) + 1))));
    }
    return passive(legal);
}

namespace {

// The counters the bots of one run share.
struct run_state {
    std::atomic<std::uint64_t> hands{0}, actions{0}, errors{0};
    std::atomic<int> failed{0};
    std::atomic<int> done{0};  // bots that have asked to leave or ended
};

// One bot on its own connection. Returns false when it could not connect or
// sit; `leaving` tells whether it asked to leave.
bool play_one(const bot_options& o, const url_parts& url, int index, run_state& run, bool& leaving) {
    boost::asio::io_context io;
    tcp::resolver resolver{io};
    websocket::stream<tcp::socket> ws{io};
    beast::error_code ec;
    boost::asio::connect(ws.next_layer(), resolver.resolve(url.host, url.port, ec), ec);
    if (ec) return false;
    ws.handshake(url.host + ":" + url.port, url.path, ec);
    if (ec) return false;
    if (o.idle_limit.count() > 0) {  // a server that goes quiet fails the bot instead of hanging it
        timeval limit{static_cast<time_t>(o.idle_limit.count() / 1000), static_cast<suseconds_t>(o.idle_limit.count() % 1000 * 1000)};
        ::setsockopt(ws.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    }
    xoshiro256ss rng{o.seed + static_cast<std::uint64_t>(index)};
    auto send = [&](const json& j) { ws.write(boost::asio::buffer(j.dump()), ec); };
    json hello{{"type", "hello"}, {"version", 1}, {"name", o.name + "-" + std::to_string(index + 1)}};
    if (!o.token.empty()) hello["token"] = o.token + "-" + std::to_string(index + 1);
    send(hello);
    send(json{{"type", "list"}});
    chips buy_in = 0;
    bool seated = false;
    std::uint64_t played = 0;
    std::string last_decision;
    json last_view;  // the view last acted on
    std::optional<std::uint64_t> first_hand;  // the table's hand number when this bot came
    beast::flat_buffer buffer;
    auto ask_to_leave = [&] {
        leaving = true;
        ++run.done;
        send(json{{"type", "leave"}, {"table", o.table}});
    };
    while (true) {
        ws.read(buffer, ec);
        if (ec == beast::error::timeout || ec == boost::asio::error::would_block || ec == boost::asio::error::try_again)
            return false;
        if (ec) return seated || played > 0;
        const json frame = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
        buffer.consume(buffer.size());
        if (o.on_frame) o.on_frame(index, frame);
        const std::string type = frame.value("type", "");
        if (type == "welcome") {
            for (const auto& s : frame["seats"])
                if (s["table"] == o.table) seated = true;
        } else if (type == "tables") {
            for (const auto& t : frame["tables"])
                if (t["id"] == o.table) buy_in = t["buy_in"]["max"];
            if (buy_in == 0) return false;
            if (!seated) {
                send(json{{"type", "sit"}, {"table", o.table}, {"buy_in", buy_in}});
            }
        } else if (type == "seated") {
            seated = true;
        } else if (type == "error") {
            ++run.errors;
            if (frame.value("request", "") == "sit") return false;
            if (frame.value("request", "") == "act" && !last_view.is_null()) {  // the cheapest action instead
                const std::string phase = last_view["legal"]["phase"];
                json a = phase == "drawing" ? kind("stand_pat") : phase == "showdown" ? kind("show") : passive(last_view["legal"]);
                send(json{{"type", "act"}, {"table", o.table}, {"action", a}});
                last_view = nullptr;
            }
        } else if (type == "left") {
            if (leaving) break;
            seated = false;  // busted: buy in again
            send(json{{"type", "sit"}, {"table", o.table}, {"buy_in", buy_in}});
        } else if (type == "table" && frame["table"] == o.table && o.hands && !leaving) {
            const std::uint64_t table_hand = frame["hand"];
            if (!first_hand) first_hand = table_hand;
            int players = 0;
            for (const auto& seat : frame["seats"]) players += seat.is_null() || seat.value("leaving", false) ? 0 : 1;
            // Nobody left to play with, and either the table has dealt the hands asked
            // for since this bot came or every other bot of the run has played its own.
            if (players < 2 && (table_hand >= *first_hand + o.hands || run.done.load() == o.count - 1)) ask_to_leave();
        } else if (type == "result" && frame["table"] == o.table) {
            ++run.hands;
            if (o.hands && ++played >= o.hands && !leaving) ask_to_leave();
        } else if (type == "view" && frame["table"] == o.table) {
            const json& view = frame["view"];
            // After its leave the seat folds by itself: an action sent now would come too late.
            if (leaving || view["legal"].is_null() || view["legal"]["player"] != view["player"]) continue;
            // A view sent again (a table's resend) must not make the bot act twice.
            const std::string decision = std::to_string(frame["hand"].get<std::uint64_t>()) + "/" +
                                         std::to_string(view["actions"].size());
            if (decision == last_decision) continue;
            last_decision = decision;
            last_view = view;
            if (o.think.count() > 0) std::this_thread::sleep_for(o.think);
            send(json{{"type", "act"}, {"table", o.table}, {"action", choose_action(view, o.policy, rng)}});
            ++run.actions;
        }
    }
    ws.close(websocket::close_code::normal, ec);
    return true;
}

}  // namespace

bot_report run_bots(const bot_options& options) {
    const url_parts url = parse_url(options.url);
    run_state run;
    std::vector<std::thread> threads;
    for (int i = 0; i < options.count; ++i)
        threads.emplace_back([&, i] {
            bool asked_to_leave = false;
            try {
                if (!play_one(options, url, i, run, asked_to_leave)) ++run.failed;
            } catch (const std::exception&) {
                ++run.failed;
            }
            if (!asked_to_leave) ++run.done;  // it stopped playing all the same
        });
    for (auto& t : threads) t.join();
    return {run.hands.load(), run.actions.load(), run.errors.load(), run.failed.load()};
}

}  // namespace pokerengine::server
