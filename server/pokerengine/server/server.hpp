#pragma once
// The table server: many rooms in one process, their players connected over
// WebSocket at `/ws` (the protocol of docs/server.md), the browser table at
// `/`, storage in SQLite, and the limits that keep one client from harming
// the others. Everything runs on the thread that calls `run` but the
// storage's writes, which `store_writer` commits in groups on a thread of its
// own; `stop` may be called from any thread.
//
//     server_settings settings = default_settings();
//     settings.port = 0;                    // any free port
//     server s{settings};
//     std::thread t{[&] { s.run(); }};
//     ... connect to ws://127.0.0.1:<s.port()>/ws ...
//     s.stop();
//     t.join();

#include <memory>

#include "pokerengine/server/settings.hpp"
#include "pokerengine/server/store.hpp"

namespace pokerengine::server {

class server {
public:
    /// Opens the database, restores each table's seats and stacks from it
    /// (a hand that was in progress is gone: every seat has the stack of its
    /// start) and binds the listening socket. Throws `store_error`,
    /// `settings_error` or `std::system_error` (the address is in use).
    explicit server(const server_settings& settings);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    /// The port listened on (the one chosen when the settings asked for 0).
    unsigned short port() const;
    /// Serves until `stop`; with `stop_on_signals`, SIGINT and SIGTERM stop it too.
    void run(bool stop_on_signals = false);
    /// Ends `run` (from any thread): connections are dropped, seats stay.
    void stop();

    struct impl;  // the sessions of server.cpp reach it

private:
    std::unique_ptr<impl> impl_;
};

}  // namespace pokerengine::server
