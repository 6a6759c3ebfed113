// The ACPC dealer's match loop over Boost.Asio, one coroutine per match: it
// follows project_acpc_server's dealer.c (seats rotate one place each hand,
// every seat is sent each state, only the seat to act is read, unrequested
// lines are ignored, an invalid action is played as a call).

#include "pokerengine/server/acpc_dealer.hpp"

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include "pokerengine/random.hpp"

namespace pokerengine::server {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using clock = std::chrono::steady_clock;

// A reply longer than this without a line end is not the protocol: the seat is gone.
constexpr std::size_t max_pending = 64 * 1024;

struct seat_link {
    explicit seat_link(tcp::socket s) : socket(std::move(s)) {}
    tcp::socket socket;
    std::string pending;  // bytes received after the last whole line
    bool gone = false;

    void close() {
        boost::system::error_code ignored;
        socket.shutdown(tcp::socket::shutdown_both, ignored);
        socket.close(ignored);
    }
};

// Cancels the link's socket operations at the deadline.
class deadline_guard {
public:
    deadline_guard(seat_link& link, clock::time_point at) : timer_(link.socket.get_executor()) {
        timer_.expires_at(at);
        timer_.async_wait([&link](boost::system::error_code ec) {
            if (!ec) link.socket.cancel();
        });
    }
    ~deadline_guard() { timer_.cancel(); }
    deadline_guard(const deadline_guard&) = delete;
    deadline_guard& operator=(const deadline_guard&) = delete;

private:
    asio::steady_timer timer_;
};

// The next line without its line end; empty when the link closed or the deadline passed.
asio::awaitable<std::optional<std::string>> read_line(seat_link& link, clock::time_point deadline) {
    for (;;) {
        if (const auto end = link.pending.find('\n'); end != std::string::npos) {
            std::string line = link.pending.substr(0, end);
            link.pending.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            co_return line;
        }
        if (link.pending.size() > max_pending || clock::now() >= deadline) co_return std::nullopt;
        char buffer[4096];
        boost::system::error_code ec;
        std::size_t n = 0;
        {
            deadline_guard guard(link, deadline);
            n = co_await link.socket.async_read_some(asio::buffer(buffer), asio::redirect_error(asio::use_awaitable, ec));
        }
        if (ec) co_return std::nullopt;
        link.pending.append(buffer, n);
    }
}

asio::awaitable<bool> write_line(seat_link& link, const std::string& line, clock::duration timeout) {
    const std::string text = line + "\r\n";
    boost::system::error_code ec;
    {
        deadline_guard guard(link, clock::now() + timeout);
        co_await asio::async_write(link.socket, asio::buffer(text), asio::redirect_error(asio::use_awaitable, ec));
    }
    co_return !ec;
}

// "VERSION:2.0.0": the protocol's major version 2, any minor and revision.
bool is_version_line(std::string_view line) {
    unsigned major = 0, minor = 0, revision = 0;
    const std::string text(line);
    return std::sscanf(text.c_str(), "VERSION:%u.%u.%u", &major, &minor, &revision) == 3 && major == 2;
}

}  // namespace

asio::awaitable<acpc_match_result> run_acpc_match(tcp::acceptor& acceptor, const acpc_game& game,
                                                  acpc_match_options options) {
    const auto n = static_cast<std::size_t>(game.players);
    if (options.names.empty())
        for (std::size_t s = 0; s < n; ++s) options.names.push_back("p" + std::to_string(s + 1));
    if (options.names.size() != n) throw std::invalid_argument("an ACPC match needs one name per player");
    for (const std::string& name : options.names)
        if (name.empty() || name.find_first_of(":|\r\n") != std::string::npos)
            throw std::invalid_argument("an ACPC player's name is not empty and holds no ':', '|' or line end");
    auto notice = [&](const std::string& text) {
        if (options.notice) options.notice(text);
    };

    // Seating: in the order of arrival, each after its VERSION line.
    std::vector<std::unique_ptr<seat_link>> seats;
    while (seats.size() < n) {
        auto link = std::make_unique<seat_link>(co_await acceptor.async_accept(asio::use_awaitable));
        boost::system::error_code ignored;
        link->socket.set_option(tcp::no_delay(true), ignored);  // a line at a time, each awaited by someone
        const std::optional<std::string> line = co_await read_line(*link, clock::now() + options.handshake_timeout);
        if (line && is_version_line(*line)) {
            seats.push_back(std::move(link));
            notice("seat " + std::to_string(seats.size()) + " (" + options.names[seats.size() - 1] + ") is seated");
        } else {
            notice(line ? "a connection whose first line is not VERSION:2.x.x is closed"
                        : "a connection that sent no VERSION line in time is closed");
            link->close();
        }
    }

    acpc_match_result result;
    result.names = options.names;
    result.totals.assign(n, 0);
    result.gone.assign(n, false);
    if (options.log)
        *options.log << "# name/game/hands/seed " << options.match_name << ' ' << options.game_name << ' '
                     << options.hands << ' ' << options.seed << '\n'
                     << "#--t_response " << options.response_timeout.count() << '\n';
    auto lose = [&](std::size_t seat, const std::string& why) {
        if (seats[seat]->gone) return;
        seats[seat]->gone = true;
        result.gone[seat] = true;
        seats[seat]->close();
        notice("seat " + std::to_string(seat + 1) + " (" + options.names[seat] + ") " + why +
               ": it checks or folds from now on");
    };
    auto send_all = [&](const acpc_hand& hand, std::size_t first_seat) -> asio::awaitable<void> {
        for (std::size_t seat = 0; seat < n; ++seat) {
            if (seats[seat]->gone) continue;
            const int position = static_cast<int>((seat + n - first_seat) % n);
            if (!co_await write_line(*seats[seat], hand.matchstate(position), options.response_timeout))
                lose(seat, "cannot be written to");
        }
    };

    xoshiro256ss deals{options.seed};
    for (std::uint32_t number = 0; number < options.hands; ++number) {
        const std::size_t first_seat = number % n;  // the seat of position 0: one place on each hand
        const CardList cards = acpc_hand::shuffled_cards(game, deals());
        acpc_hand hand(game, number, {cards.data(), cards.size()});
        while (!hand.finished()) {
            co_await send_all(hand, first_seat);
            const int position = *hand.acting();
            const std::size_t seat = (static_cast<std::size_t>(position) + first_seat) % n;
            const std::string sent = hand.matchstate(position);
            const clock::time_point deadline = clock::now() + options.response_timeout;
            bool acted = false;
            while (!acted && !seats[seat]->gone) {
                const std::optional<std::string> line = co_await read_line(*seats[seat], deadline);
                if (!line) {
                    lose(seat, clock::now() >= deadline ? "ran out of time" : "disconnected");
                    break;
                }
                const acpc_reply reply = read_acpc_reply(*line, sent, game.structure);
                if (reply.status == acpc_reply_status::comment) continue;
                if (reply.status == acpc_reply_status::other_state) {
                    notice("seat " + std::to_string(seat + 1) + ": a reply to no state sent is ignored: '" +
                           printable(*line) + "'");
                    continue;
                }
                const acpc_fix fix = hand.apply(reply.act);
                if (reply.status == acpc_reply_status::bad_action)
                    notice("seat " + std::to_string(seat + 1) + ": an action that does not read is played as a call: '" +
                           printable(*line) + "'");
                else if (fix == acpc_fix::changed_to_call)
                    notice("seat " + std::to_string(seat + 1) + ": an invalid action is played as a call: '" +
                           printable(*line) + "'");
                else if (fix == acpc_fix::size_changed)
                    notice("seat " + std::to_string(seat + 1) + ": a raise size out of range is moved to the nearest legal size: '" +
                           printable(*line) + "'");
                acted = true;
            }
            if (!acted) hand.apply_default();
        }
        const std::vector<chips> values = hand.values();
        std::vector<std::string> names_by_position;
        for (std::size_t p = 0; p < n; ++p) {
            const std::size_t seat = (p + first_seat) % n;
            result.totals[seat] += values[p];
            names_by_position.push_back(options.names[seat]);
        }
        if (options.log) *options.log << hand.log_line(names_by_position) << '\n' << std::flush;
        co_await send_all(hand, first_seat);
        ++result.hands;
    }
    result.score_line = acpc_score_line(result.totals, result.names);
    if (options.log) *options.log << result.score_line << '\n' << std::flush;
    for (auto& link : seats) link->close();
    co_return result;
}

acpc_match_result play_acpc_match(asio::io_context& io, tcp::acceptor& acceptor, const acpc_game& game,
                                  acpc_match_options options) {
    std::optional<acpc_match_result> result;
    std::exception_ptr failure;
    asio::co_spawn(io, run_acpc_match(acceptor, game, std::move(options)),
                   [&](std::exception_ptr e, acpc_match_result r) {
                       failure = e;
                       if (!e) result = std::move(r);
                   });
    io.run();
    if (failure) std::rethrow_exception(failure);
    if (!result) throw std::logic_error("the ACPC match did not end");
    return std::move(*result);
}

}  // namespace pokerengine::server
