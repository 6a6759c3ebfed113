// The WebSocket table server (server.hpp): Boost.Beast on one io_context, the
// storage's writes on the writer's thread.

#include "pokerengine/server/server.hpp"

#include <csignal>
#include <deque>
#include <iostream>
#include <map>
#include <unordered_map>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "pokerengine/random.hpp"
#include "pokerengine/server/page.hpp"
#include "pokerengine/server/room.hpp"
#include "pokerengine/server/store_writer.hpp"

namespace pokerengine::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Beast refuses frames past this; the protocol's own limit (max_message_bytes) is checked by
// the reader, so that a frame a little too large gets an error frame before the close.
constexpr std::size_t frame_limit = 64 * 1024;
constexpr milliseconds tick_period{25};

std::string new_token(xoshiro256ss& rng) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string t;
    for (int w = 0; w < 2; ++w) {
        std::uint64_t v = rng();
        for (int i = 0; i < 16; ++i, v >>= 4) t += hex[v & 15];
    }
    return t;
}

}  // namespace

class ws_session;

struct server::impl {
    server_settings settings;
    asio::io_context io{1};
    tcp::acceptor acceptor{io};
    asio::steady_timer ticker{io};
    std::optional<asio::signal_set> signals;
    store db;
    // The rooms' writes, committed in groups off this thread; each completion comes back through the io_context.
    store_writer writer{db, [this](std::function<void()> done) {
        asio::post(io, [done = std::move(done)] {
            try {
                done();
            } catch (const std::exception& e) {
                std::cerr << "poker serve: " << e.what() << "\n";
            }
        });
    }};
    std::vector<std::unique_ptr<room>> rooms;
    std::map<std::string, room*, std::less<>> by_id;
    std::unordered_map<player_id, std::vector<std::weak_ptr<ws_session>>> sessions;
    // The last view sent to a player at each table, numbered: the base of the next
    // one's patch, kept while one of the player's connections takes patches.
    struct sent_view {
        json view;
        std::uint64_t hand = 0, seq = 0;
        std::size_t whole_bytes = 0;  // the last view sent whole, written
    };
    std::unordered_map<player_id, std::map<std::string, sent_view, std::less<>>> views;
    // Connections per address; sessions keep it alive, since the io_context destroys
    // its pending handlers (and the sessions they hold) after the other members.
    std::shared_ptr<std::map<std::string, int>> connections = std::make_shared<std::map<std::string, int>>();
    xoshiro256ss tokens{seeded_from_os()};

    explicit impl(const server_settings& s);
    room& add_room(const room_settings& rs);
    room& create_table(const json& config, player_id who);
    std::size_t created = 0;  // tables clients created, kept in storage
    void accept();
    void tick();
    void deliver(player_id who, json frame);
    void deliver_view(player_id who, const std::vector<std::weak_ptr<ws_session>>& to, json& frame);
    room& find_room(const std::string& id);
};

// One WebSocket client: reads frames one at a time, writes queued frames in order.
class ws_session : public std::enable_shared_from_this<ws_session> {
public:
    ws_session(server::impl& s, beast::tcp_stream&& stream, std::string address)
        : server_(s), connections_(s.connections), ws_(std::move(stream)), address_(std::move(address)) {}
    ~ws_session() {
        if (--(*connections_)[address_] <= 0) connections_->erase(address_);
    }

    void start(http::request<http::string_body> req, bool over_limit) {
        beast::get_lowest_layer(ws_).expires_never();
        websocket::stream_base::timeout t = websocket::stream_base::timeout::suggested(beast::role_type::server);
        t.idle_timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(server_.settings.limits.idle_timeout);
        t.keep_alive_pings = true;  // an idle but live client answers the pings and stays
        ws_.set_option(t);
        ws_.read_message_max(frame_limit);
        ws_.async_accept(req, [self = shared_from_this(), over_limit](beast::error_code ec) {
            if (ec) return;
            if (over_limit) {
                self->refuse(protocol_error("too_many_connections", "at most " +
                    std::to_string(self->server_.settings.limits.connections_per_address) +
                    " connections from one address"), "");
                return;
            }
            self->read();
        });
    }

    void send(std::string text) {
        if (closing_) return;
        queue_.push_back(std::move(text));
        if (queue_.size() > 1024) {  // a client that reads nothing: dropped rather than held in memory
            closing_ = true;
            beast::get_lowest_layer(ws_).close();
            return;
        }
        if (queue_.size() == 1) write();
    }

    /// Whether the client takes views as patches, and the number of the last view of a table it was sent.
    bool deltas() const { return deltas_; }
    std::uint64_t view_seq(std::string_view table) const {
        auto it = view_seqs_.find(table);
        return it == view_seqs_.end() ? 0 : it->second;
    }
    void set_view_seq(std::string_view table, std::uint64_t seq) {
        auto it = view_seqs_.find(table);
        if (it == view_seqs_.end()) view_seqs_.emplace(std::string(table), seq);
        else it->second = seq;
    }

private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;  // closed, timed out or refused by the frame limit: the session ends
            std::string text = beast::buffers_to_string(self->buffer_.data());
            self->buffer_.consume(self->buffer_.size());
            self->handle(text);
            if (!self->closing_ && !self->greeting_) self->read();
        });
    }

    void write() {
        ws_.text(true);
        ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->queue_.pop_front();
            if (!self->queue_.empty()) self->write();
            else if (self->closing_) self->close();
        });
    }

    void close() {
        ws_.async_close(websocket::close_code::policy_error, [self = shared_from_this()](beast::error_code) {});
    }

    // An error frame, then the close: for a client that broke a limit.
    void refuse(const protocol_error& e, std::string_view type) {
        send(frame_text(error_frame(e, type)));
        closing_ = true;  // the write of the error frame closes the connection
    }

    bool within_rate() {
        const auto now = server_clock::now();
        const double rate = server_.settings.limits.messages_per_second;
        tokens_ = std::min(2 * rate, tokens_ + rate * std::chrono::duration<double>(now - last_).count());
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

    void handle(const std::string& text) {
        if (!within_rate()) {
            refuse(protocol_error("rate_limited", "at most " + std::to_string(server_.settings.limits.messages_per_second) +
                                                      " messages a second"), "");
            return;
        }
        request r;
        try {
            r = read_request(text);
        } catch (const protocol_error& e) {
            if (e.code() == "too_large") refuse(e, "");  // the error frame, then the close
            else send(frame_text(error_frame(e)));
            return;
        }
        try {
            dispatch(r);
        } catch (const protocol_error& e) {
            send(frame_text(error_frame(e, to_string(r.what), r.id)));
        } catch (const std::exception& e) {
            std::cerr << "poker serve: " << e.what() << "\n";
            send(frame_text(error_frame(protocol_error("internal", "the server could not do it"), to_string(r.what), r.id)));
        }
    }

    void dispatch(const request& r) {
        using k = request::kind;
        const auto now = server_clock::now();
        if (r.what == k::ping) {
            send(frame_text(json{{"type", "pong"}, {"id", r.id}}));
            return;
        }
        if (r.what == k::hello) {
            hello(r);
            return;
        }
        if (!player_) throw protocol_error("no_hello", "the first message is a hello");
        switch (r.what) {
            case k::list: {
                json tables = json::array();
                for (const auto& room : server_.rooms) tables.push_back(room->summary());
                send(frame_text(json{{"type", "tables"}, {"tables", tables}, {"id", r.id}}));
                break;
            }
            case k::sit: server_.find_room(r.table).sit(*player_, name_, r.seat, r.buy_in, now); break;
            case k::sit_out: server_.find_room(r.table).sit_out(*player_, now); break;
            case k::sit_in: server_.find_room(r.table).sit_in(*player_, now); break;
            case k::act: server_.find_room(r.table).act(*player_, r, now); break;
            case k::leave: server_.find_room(r.table).leave(*player_, now); break;
            case k::create_table: {
                const room& made = server_.create_table(r.config, *player_);
                send(frame_text(json{{"type", "created"}, {"table", made.settings().id}, {"summary", made.summary()}, {"id", r.id}}));
                break;
            }
            default: break;
        }
    }

    // The token's player is found (or added) by the storage's writer, in its
    // next group; the connection reads nothing more until the welcome.
    void hello(const request& r) {
        if (player_) throw protocol_error("already_said_hello", "this connection has said hello");
        for (unsigned char c : r.name)
            if (c < 0x20 || c == 0x7f) throw protocol_error("bad_field", "field 'name' holds a control character");
        std::string token = r.token;
        if (token.empty()) token = new_token(server_.tokens);
        else if (token.size() < 8) throw protocol_error("bad_token", "a token has at least 8 characters");
        const std::string name = r.name.empty() ? "player-" + token.substr(0, 6) : r.name;
        deltas_ = r.deltas;
        auto found = std::make_shared<player_record>();
        greeting_ = true;
        server_.writer.queue([found, token, name](store& db) { *found = db.player(token, name); },
                             [self = shared_from_this(), found, token, id = r.id](std::exception_ptr e) {
                                 self->greeting_ = false;
                                 if (e) self->failed(e, "hello", id);
                                 else self->welcome(*found, token, id);
                                 if (!self->closing_) self->read();
                             });
    }

    void failed(std::exception_ptr e, std::string_view type, std::string_view id) {
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& x) {
            std::cerr << "poker serve: " << x.what() << "\n";
        }
        send(frame_text(error_frame(protocol_error("internal", "the server could not do it"), type, id)));
    }

    void welcome(const player_record& p, const std::string& token, const std::string& id) {
        const auto now = server_clock::now();
        player_ = p.id;
        name_ = p.name;
        server_.sessions[p.id].push_back(weak_from_this());
        json seats = json::array();
        for (const auto& room : server_.rooms)
            if (auto s = room->seat_of(p.id)) seats.push_back(json{{"table", room->settings().id}, {"seat", *s + 1}});
        send(frame_text(json{{"type", "welcome"}, {"version", protocol_version}, {"token", token}, {"name", name_},
                       {"seats", seats}, {"deltas", deltas_}, {"id", id}}));
        for (const auto& room : server_.rooms) room->resend(p.id, now);
    }

    server::impl& server_;
    std::shared_ptr<std::map<std::string, int>> connections_;
    websocket::stream<beast::tcp_stream> ws_;
    std::string address_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    bool closing_ = false;
    bool greeting_ = false;  // a hello waits for its player
    bool deltas_ = false;
    std::map<std::string, std::uint64_t, std::less<>> view_seqs_;
    std::optional<player_id> player_;
    std::string name_;
    double tokens_ = 1e9;
    time_point last_ = server_clock::now();
};

// An HTTP connection: the page at `/`, the WebSocket upgrade at `/ws`.
class http_session : public std::enable_shared_from_this<http_session> {
public:
    http_session(server::impl& s, tcp::socket socket) : server_(s), stream_(std::move(socket)) {}

    void start() {
        stream_.expires_after(std::chrono::seconds(30));  // a slow or half-open client
        http::async_read(stream_, buffer_, req_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->handle();
        });
    }

private:
    void handle() {
        if (websocket::is_upgrade(req_)) {
            if (req_.target() != "/ws") return respond(http::status::not_found, "text/plain", "the WebSocket is at /ws\n");
            beast::error_code ec;
            const std::string address = stream_.socket().remote_endpoint(ec).address().to_string();
            const bool over = ++(*server_.connections)[address] > server_.settings.limits.connections_per_address;
            std::make_shared<ws_session>(server_, std::move(stream_), address)->start(std::move(req_), over);
            return;
        }
        if (req_.method() != http::verb::get) return respond(http::status::method_not_allowed, "text/plain", "GET only\n");
        const std::string_view target{req_.target().data(), req_.target().size()};
        const std::string_view path = target.substr(0, target.find('?'));
        if (path == "/" || path == "/index.html")
            return respond(http::status::ok, "text/html; charset=utf-8", std::string(table_page()));
        respond(http::status::not_found, "text/plain", "not found\n");
    }

    void respond(http::status status, std::string_view type, std::string body) {
        auto res = std::make_shared<http::response<http::string_body>>(status, req_.version());
        res->set(http::field::server, "pokerengine");
        res->set(http::field::content_type, std::string(type));
        res->set(http::field::cache_control, "no-store");
        res->keep_alive(false);
        res->body() = std::move(body);
        res->prepare_payload();
        http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
            beast::error_code ec;
            self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        });
    }

    server::impl& server_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    http::request<http::string_body> req_;
};

server::impl::impl(const server_settings& s) : settings(s), db(s.db) {
    for (const room_settings& rs : settings.tables) add_room(rs);
    // The tables clients created, as they were created; one whose id the configuration now holds gives way.
    for (const auto& [id, config] : writer.direct([](store& d) { return d.created_tables(); })) {
        ++created;
        if (by_id.contains(id)) {
            std::cerr << "poker serve: created table " << pokerengine::quoted(id) << " is also in the configuration: not restored\n";
            continue;
        }
        try {
            add_room(table_settings(json::parse(config), "config"));
        } catch (const std::exception& e) {
            std::cerr << "poker serve: created table " << pokerengine::quoted(id) << " not restored: " << e.what() << "\n";
        }
    }
    const tcp::endpoint at{asio::ip::make_address(settings.host), settings.port};
    acceptor.open(at.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(at);
    acceptor.listen();
}

room& server::impl::add_room(const room_settings& rs) {
    const std::uint64_t base = settings.seed.value_or(seeded_from_os()());
    const std::uint64_t finished = writer.direct([&](store& d) { return d.last_hand(rs.id); });
    const std::optional<stored_table_state> saved = writer.direct([&](store& d) { return d.table_started(rs.id); });
    // Each table's own deck stream, from the seed, its place, the hands it has
    // dealt and the times it was hosted (a hand cancelled twice is dealt anew each time).
    const std::uint64_t starts = saved ? saved->starts : 0;
    splitmix64 mix{base ^ (0x9e3779b97f4a7c15ULL * (rooms.size() + 1)) ^ (finished * 0xbf58476d1ce4e5b9ULL) ^
                   (starts * 0x94d049bb133111ebULL)};
    auto r = std::make_unique<room>(rs, mix(), [this](player_id p, json f) { deliver(p, std::move(f)); }, &writer);
    r->set_hands_finished(finished);
    std::vector<stored_seat> seats;
    for (const stored_seat& seat : writer.direct([&](store& d) { return d.seats(rs.id); })) {
        // A player who had lost every chip and not bought in again before the
        // failure leaves the seat with nothing: the table seats players with chips.
        if (seat.stack <= 0) {
            writer.direct([&](store& d) { d.cash_out(rs.id, seat.seat, seat.player, 0); });
            continue;
        }
        seats.push_back(seat);
    }
    const std::string unused = r->restore(seats, saved);
    if (!unused.empty()) std::cerr << "poker serve: table " << pokerengine::quoted(rs.id) << ": " << unused << "\n";
    by_id[rs.id] = r.get();
    rooms.push_back(std::move(r));
    return *rooms.back();
}

room& server::impl::create_table(const json& config, player_id who) {
    if (created >= static_cast<std::size_t>(settings.limits.created_tables))
        throw protocol_error("too_many_tables", settings.limits.created_tables == 0
                                                    ? "this server does not let clients create tables"
                                                    : "clients have created the " + std::to_string(settings.limits.created_tables) +
                                                          " tables this server allows");
    room_settings rs;
    try {
        rs = table_settings(config, "config");
    } catch (const settings_error& e) {
        throw protocol_error("bad_table", e.what());
    }
    if (by_id.contains(rs.id)) throw protocol_error("table_exists", "there is a table " + pokerengine::quoted(rs.id) + " already");
    writer.direct([&](store& d) { d.table_created(rs.id, config.dump(), who); });
    ++created;
    return add_room(rs);
}

room& server::impl::find_room(const std::string& id) {
    auto it = by_id.find(id);
    if (it == by_id.end()) throw protocol_error("no_such_table", "no table " + pokerengine::quoted(id) + ": ask for the list");
    return *it->second;
}

void server::impl::deliver(player_id who, json frame) {
    auto it = sessions.find(who);
    if (it == sessions.end()) return;
    auto& list = it->second;
    std::erase_if(list, [](const auto& w) { return w.expired(); });
    if (list.empty()) {
        sessions.erase(it);
        views.erase(who);
        return;
    }
    if (frame["type"] == "view") return deliver_view(who, list, frame);
    const std::string text = frame_text(frame);
    for (const auto& w : list)
        if (auto s = w.lock()) s->send(text);
}

// A view goes out numbered (`seq`, per player and table); a connection that
// takes patches and holds the view before gets the patch instead, when it is
// shorter than the last view sent whole.
void server::impl::deliver_view(player_id who, const std::vector<std::weak_ptr<ws_session>>& to, json& frame) {
    const std::string& table = frame["table"].get_ref<const std::string&>();
    const std::uint64_t hand = frame["hand"].get<std::uint64_t>();
    const bool patches = std::any_of(to.begin(), to.end(), [](const auto& w) {
        auto s = w.lock();
        return s && s->deltas();
    });
    sent_view& last = views[who][table];
    const std::uint64_t seq = ++last.seq;
    std::string delta;
    if (patches && last.hand == hand && !last.view.is_null()) {
        delta = "{\"type\":\"view_delta\",\"table\":" + frame_text(frame["table"]) + ",\"hand\":" + std::to_string(hand) +
                ",\"seq\":" + std::to_string(seq) + ",\"base\":" + std::to_string(seq - 1) +
                ",\"patch\":" + view_patch_text(last.view, frame["view"]) + ",\"clock\":" + frame_text(frame["clock"]) + "}";
        if (delta.size() >= last.whole_bytes) delta.clear();
    }
    std::string full;  // written only when a connection needs it
    for (const auto& w : to)
        if (auto s = w.lock()) {
            if (!delta.empty() && s->deltas() && s->view_seq(table) == seq - 1) {
                s->send(delta);
            } else {
                if (full.empty()) {
                    full = frame_text(frame);
                    full.insert(full.size() - 1, ",\"seq\":" + std::to_string(seq));
                    last.whole_bytes = full.size();
                }
                s->send(full);
            }
            s->set_view_seq(table, seq);
        }
    last.hand = hand;
    last.view = patches ? std::move(frame["view"]) : json();
}

void server::impl::accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted) return;
        if (!ec) {
            // Frames go out as soon as written: with Nagle's algorithm a view written while the
            // last one is unacknowledged waits for the client's delayed acknowledgement (40 ms).
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<http_session>(*this, std::move(socket))->start();
        }
        accept();
    });
}

void server::impl::tick() {
    ticker.expires_after(tick_period);
    ticker.async_wait([this](beast::error_code ec) {
        if (ec) return;
        const auto now = server_clock::now();
        for (auto& r : rooms) {
            try {
                r->tick(now);
            } catch (const std::exception& e) {
                std::cerr << "poker serve: table " << r->settings().id << ": " << e.what() << "\n";
            }
        }
        tick();
    });
}

server::server(const server_settings& settings) : impl_(std::make_unique<impl>(settings)) {}
server::~server() = default;

unsigned short server::port() const { return impl_->acceptor.local_endpoint().port(); }

void server::run(bool stop_on_signals) {
    if (stop_on_signals) {
        impl_->signals.emplace(impl_->io, SIGINT, SIGTERM);
        impl_->signals->async_wait([this](beast::error_code, int) { impl_->io.stop(); });
    }
    impl_->accept();
    impl_->tick();
    impl_->io.run();
}

void server::stop() {
    asio::post(impl_->io, [this] { impl_->io.stop(); });
}

}  // namespace pokerengine::server
