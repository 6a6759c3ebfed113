// Bots over the protocol (bot.hpp): a blocking Beast client per thread.

#include "pokerengine/server/bot.hpp"

#include <sys/socket.h>
#include <sys/time.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
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
    if (const json& runouts = legal.at("runouts"); !runouts.is_null()) {  // as many times as the table allows
        json a = kind("run");
        a["times"] = policy == bot_policy::random ? 1 + static_cast<int>(uniform_below(rng, runouts.at("max").get<std::uint64_t>()))
                                                  : runouts.at("max").get<int>();
        return a;
    }
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

using load_clock = std::chrono::steady_clock;

// An action sent in the timed duration, waiting for every seat of its hand to have the update.
struct in_flight {
    std::uint64_t hand = 0;
    std::size_t index = 0;  // its place in the hand's history: a view holds it once it has more actions than this
    load_clock::time_point sent;
    std::size_t needed = 0;  // the hand's players
    std::uint32_t seen = 0;  // bit p-1: player p has had the update
};

// The actions in flight at one table; its bots' threads share it.
struct table_track {
    std::mutex m;
    std::vector<in_flight> pending;
};

// The counters the bots of one run share.
struct run_state {
    std::atomic<std::uint64_t> hands{0}, actions{0}, errors{0}, views{0}, view_deltas{0}, bytes{0}, view_bytes{0};
    std::atomic<int> failed{0};
    std::atomic<int> done{0};   // bots that have asked to leave or ended
    std::atomic<int> ready{0};  // bots seated, or stopped before they could be
    std::atomic<int> ended{0};
    // The timed duration: opened once every bot is ready; the deadline is written before `open`.
    std::atomic<bool> open{false};
    load_clock::time_point deadline;
    std::atomic<std::uint64_t> timed_actions{0}, unfinished{0};
    std::mutex shared;  // guards what follows
    std::map<std::string, std::unique_ptr<table_track>, std::less<>> tracks;
    std::vector<std::uint32_t> latencies_us;
    std::vector<int> sockets;  // each bot's socket while it is open, -1 otherwise

    bool timing(load_clock::time_point now) const { return open.load(std::memory_order_acquire) && now < deadline; }
    bool over(load_clock::time_point now) const { return open.load(std::memory_order_acquire) && now >= deadline; }
    table_track& track(const std::string& table) {
        std::lock_guard lock(shared);
        auto& t = tracks[table];
        if (!t) t = std::make_unique<table_track>();
        return *t;
    }
};

// Bot i's socket, known to the run while open, so that a bot still waiting
// long after the duration can be woken by shutting its socket down.
class socket_entry {
public:
    socket_entry(run_state& run, int index, int fd) : run_(run), index_(index) {
        std::lock_guard lock(run_.shared);
        run_.sockets[static_cast<std::size_t>(index_)] = fd;
    }
    ~socket_entry() {
        std::lock_guard lock(run_.shared);
        run_.sockets[static_cast<std::size_t>(index_)] = -1;
    }
    socket_entry(const socket_entry&) = delete;
    socket_entry& operator=(const socket_entry&) = delete;

private:
    run_state& run_;
    int index_;
};

// A view frame a seat received: every action in flight at its table that this
// view holds now has this seat's update; those every seat has are timed.
void note_update(table_track& t, const json& frame, std::vector<std::uint32_t>& latencies, run_state& run) {
    const auto now = load_clock::now();
    const std::uint64_t hand = frame["hand"];
    const json& view = frame["view"];
    const std::size_t actions = view["actions"].size();
    const auto player = view["player"].get<unsigned>();
    if (player < 1 || player > 32) {  // no seat of a table: a frame the server cannot have sent
        ++run.errors;
        return;
    }
    const std::uint32_t bit = 1U << (player - 1);
    std::lock_guard lock(t.m);
    for (std::size_t i = 0; i < t.pending.size();) {
        in_flight& f = t.pending[i];
        bool finished = false;
        if (f.hand + 1 < hand) {  // two hands on and still short of a seat: that seat never had it
            ++run.unfinished;
            finished = true;
        } else if (f.hand == hand && f.index < actions && !(f.seen & bit)) {
            f.seen |= bit;
            if (static_cast<std::size_t>(std::popcount(f.seen)) == f.needed) {
                latencies.push_back(static_cast<std::uint32_t>(
                    std::chrono::duration_cast<std::chrono::microseconds>(now - f.sent).count()));
                finished = true;
            }
        }
        if (finished) {
            t.pending[i] = t.pending.back();
            t.pending.pop_back();
        } else {
            ++i;
        }
    }
}

// One bot on its own connection. Returns false when it could not connect or
// sit; `leaving` tells whether it asked to leave, `ready` whether it sat.
bool play_one(const bot_options& o, const url_parts& url, int index, run_state& run, bool& leaving, bool& ready) {
    boost::asio::io_context io;
    tcp::resolver resolver{io};
    websocket::stream<tcp::socket> ws{io};
    beast::error_code ec;
    boost::asio::connect(ws.next_layer(), resolver.resolve(url.host, url.port, ec), ec);
    if (ec) return false;
    ws.next_layer().set_option(tcp::no_delay(true), ec);  // an action goes out at once, as a player's client sends it
    const socket_entry entry{run, index, ws.next_layer().native_handle()};
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
    if (o.deltas) hello["deltas"] = true;
    send(hello);
    send(json{{"type", "list"}});
    std::string table = o.table;
    table_track* track = nullptr;  // with measure_latency, once the table is known
    std::vector<std::uint32_t> latencies;
    chips buy_in = 0;
    bool seated = false;
    std::uint64_t played = 0;
    std::string last_decision;
    json last_view;  // the view last acted on
    json view_frame;  // the last view frame of the table, whole (a patch's base)
    std::optional<std::uint64_t> first_hand;  // the table's hand number when this bot came
    beast::flat_buffer buffer;
    bool went_quiet = false;
    auto ask_to_leave = [&] {
        leaving = true;
        ++run.done;
        send(json{{"type", "leave"}, {"table", table}});
    };
    auto sat = [&] {
        seated = true;
        if (!ready) ++run.ready;
        ready = true;
    };
    while (true) {
        ws.read(buffer, ec);
        went_quiet = ec == beast::error::timeout || ec == boost::asio::error::would_block || ec == boost::asio::error::try_again;
        if (ec) break;
        const json frame = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
        const std::size_t size = buffer.size();
        run.bytes += size;
        buffer.consume(size);
        if (o.on_frame) o.on_frame(index, frame);
        std::string type = frame.value("type", "");
        const json* shown = &frame;  // a view frame whole, or rebuilt from its patch
        if ((type == "view" || type == "view_delta") && frame["table"] == table) run.view_bytes += size;
        if (type == "view" && frame["table"] == table) {
            ++run.views;
            if (o.deltas) view_frame = frame;
        } else if (type == "view_delta" && frame["table"] == table) {
            // A patch of the view before: applied, it is that frame's whole view.
            ++run.view_deltas;
            if (view_frame.is_null() || frame["base"] != view_frame["seq"] || frame["hand"] != view_frame["hand"]) {
                ++run.errors;
                continue;
            }
            try {
                view_frame["view"] = apply_view_patch(view_frame["view"], frame["patch"]);
            } catch (const std::invalid_argument&) {
                ++run.errors;
                view_frame = nullptr;
                continue;
            }
            view_frame["seq"] = frame["seq"];
            view_frame["clock"] = frame["clock"];
            shown = &view_frame;
            type = "view";
        }
        if (o.duration.count() > 0 && !leaving && seated && run.over(load_clock::now())) ask_to_leave();
        if (type == "welcome") {
            for (const auto& s : frame["seats"])
                if (s["table"] == table) sat();
        } else if (type == "tables") {
            const json& tables = frame["tables"];
            if (o.all_tables && !tables.empty()) table = tables[static_cast<std::size_t>(index) % tables.size()]["id"];
            for (const auto& t : tables)
                if (t["id"] == table) buy_in = t["buy_in"]["max"];
            if (buy_in == 0) return false;
            if (o.measure_latency) track = &run.track(table);
            if (!seated) {
                send(json{{"type", "sit"}, {"table", table}, {"buy_in", buy_in}});
            }
        } else if (type == "seated") {
            sat();
        } else if (type == "error") {
            ++run.errors;
            if (frame.value("request", "") == "sit") return false;
            if (frame.value("request", "") == "act" && !last_view.is_null()) {  // the cheapest action instead
                const std::string phase = last_view["legal"]["phase"];
                json a = phase == "drawing"                       ? kind("stand_pat")
                         : !last_view["legal"]["runouts"].is_null() ? json{{"kind", "run"}, {"times", 1}}
                         : phase == "showdown"                     ? kind("show")
                                                                   : passive(last_view["legal"]);
                send(json{{"type", "act"}, {"table", table}, {"action", a}});
                last_view = nullptr;
            }
        } else if (type == "left") {
            if (leaving) break;
            seated = false;  // busted: buy in again
            send(json{{"type", "sit"}, {"table", table}, {"buy_in", buy_in}});
        } else if (type == "table" && frame["table"] == table && o.hands && !leaving) {
            const std::uint64_t table_hand = frame["hand"];
            if (!first_hand) first_hand = table_hand;
            int players = 0;
            for (const auto& seat : frame["seats"]) players += seat.is_null() || seat.value("leaving", false) ? 0 : 1;
            // Nobody left to play with, and either the table has dealt the hands asked
            // for since this bot came or every other bot of the run has played its own.
            if (players < 2 && (table_hand >= *first_hand + o.hands || run.done.load() == o.count - 1)) ask_to_leave();
        } else if (type == "result" && frame["table"] == table) {
            ++run.hands;
            if (o.hands && ++played >= o.hands && !leaving) ask_to_leave();
        } else if (type == "view" && (*shown)["table"] == table) {
            const json& f = *shown;
            const json& view = f["view"];
            if (track) note_update(*track, f, latencies, run);
            // After its leave the seat folds by itself: an action sent now would come too late.
            if (leaving || view["legal"].is_null() || view["legal"]["player"] != view["player"]) continue;
            // A view sent again (a table's resend) must not make the bot act twice.
            const std::string decision = std::to_string(f["hand"].get<std::uint64_t>()) + "/" +
                                         std::to_string(view["actions"].size());
            if (decision == last_decision) continue;
            last_decision = decision;
            last_view = view;
            if (o.think.count() > 0) std::this_thread::sleep_for(o.think);
            const json action = json{{"type", "act"}, {"table", table}, {"action", choose_action(view, o.policy, rng)}};
            const auto now = load_clock::now();
            if (run.timing(now)) {
                ++run.timed_actions;
                if (track) {
                    std::lock_guard lock(track->m);
                    track->pending.push_back({f["hand"].get<std::uint64_t>(), view["actions"].size(), now, view["seats"].size()});
                }
            }
            send(action);
            ++run.actions;
        }
    }
    if (!latencies.empty()) {
        std::lock_guard lock(run.shared);
        run.latencies_us.insert(run.latencies_us.end(), latencies.begin(), latencies.end());
    }
    if (went_quiet) return false;
    if (ec) return seated || played > 0;
    ws.close(websocket::close_code::normal, ec);
    return true;
}

// The nearest-rank percentile of sorted times, in milliseconds.
double percentile_ms(const std::vector<std::uint32_t>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
    return sorted[std::max<std::size_t>(rank, 1) - 1] / 1000.0;
}

}  // namespace

bot_report run_bots(const bot_options& options) {
    const url_parts url = parse_url(options.url);
    run_state run;
    run.sockets.assign(static_cast<std::size_t>(std::max(options.count, 0)), -1);
    const auto started = load_clock::now();
    std::vector<std::thread> threads;
    for (int i = 0; i < options.count; ++i)
        threads.emplace_back([&, i] {
            bool asked_to_leave = false, ready = false;
            try {
                if (!play_one(options, url, i, run, asked_to_leave, ready)) ++run.failed;
            } catch (const std::exception&) {
                ++run.failed;
            }
            if (!asked_to_leave) ++run.done;  // it stopped playing all the same
            if (!ready) ++run.ready;
            ++run.ended;
        });
    bot_report report;
    if (options.duration.count() > 0) {
        // The duration starts once every bot has sat (the seating is not timed), or after
        // two minutes of seating; 30 s after it ends, bots still waiting are disconnected.
        constexpr std::chrono::seconds seating_limit{120}, grace{30};
        load_clock::time_point opened;
        while (run.ended.load() < options.count) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            const auto now = load_clock::now();
            if (!run.open.load() && (run.ready.load() >= options.count || now - started >= seating_limit)) {
                opened = now;
                run.deadline = now + options.duration;
                run.open.store(true, std::memory_order_release);
            } else if (run.open.load() && now >= run.deadline + grace) {
                std::lock_guard lock(run.shared);
                for (int fd : run.sockets)
                    if (fd >= 0) ::shutdown(fd, SHUT_RDWR);
                break;
            }
        }
        if (run.open.load()) {
            report.seating_seconds = std::chrono::duration<double>(opened - started).count();
            report.seconds = std::chrono::duration<double>(options.duration).count();
        }
    }
    for (auto& t : threads) t.join();
    report.hands = run.hands.load();
    report.actions = run.actions.load();
    report.errors = run.errors.load();
    report.views = run.views.load();
    report.view_deltas = run.view_deltas.load();
    report.bytes = run.bytes.load();
    report.view_bytes = run.view_bytes.load();
    report.failed = run.failed.load();
    report.timed_actions = run.timed_actions.load();
    if (options.measure_latency) {
        std::uint64_t unfinished = run.unfinished.load();
        for (const auto& [name, t] : run.tracks) unfinished += t->pending.size();
        std::sort(run.latencies_us.begin(), run.latencies_us.end());
        report.latency = {run.latencies_us.size(), unfinished, percentile_ms(run.latencies_us, 0.50),
                          percentile_ms(run.latencies_us, 0.99), percentile_ms(run.latencies_us, 1.0)};
    }
    return report;
}

}  // namespace pokerengine::server
