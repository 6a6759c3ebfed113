#pragma once
// The store's writes on a thread of their own, committed in groups. The server
// queues each change that moves chips and goes on serving; the writer takes
// everything queued at once and commits it as one transaction (one disk flush
// for many hands), in the order it was queued. Since each write conserves the
// chips and the order is kept, a file cut off at any moment holds a prefix of
// the writes with every chip accounted for. Each write's `done` is handed to
// `post` once its group has committed, which carries it to the serving thread
// (the server posts it to its io_context): a client is told of a change only
// then. Writes and `direct` are called from that one thread.
//
//     store db{"poker.db"};
//     store_writer writer{db, [&](std::function<void()> f) { asio::post(io, std::move(f)); }};
//     writer.hand_finished("holdem-1", 12, phh, stacks, state, [&](std::exception_ptr e) { if (!e) send_results(); });
//     auto seats = writer.direct([](store& s) { return s.seats("holdem-1"); });

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "pokerengine/server/store.hpp"
#include "pokerengine/server/table_storage.hpp"

namespace pokerengine::server {

class store_writer final : public table_storage {
public:
    using post_fn = std::function<void(std::function<void()>)>;

    /// Starts the writer's thread; `db` outlives the writer.
    store_writer(store& db, post_fn post);
    /// Commits what is queued, then stops the thread.
    ~store_writer();
    store_writer(const store_writer&) = delete;
    store_writer& operator=(const store_writer&) = delete;

    void buy_in(const std::string& table, int seat, std::int64_t player, const std::string& name, chips amount,
                done_fn done) override;
    void cash_out(const std::string& table, int seat, std::int64_t player, chips amount, done_fn done) override;
    void hand_finished(const std::string& table, std::uint64_t number, const std::string& phh,
                       const std::vector<std::pair<int, chips>>& stacks, const std::string& state, done_fn done) override;
    void set_sitting_out(const std::string& table, int seat, bool out, done_fn done) override;
    void table_saved(const std::string& table, std::uint64_t hand, const std::string& state, done_fn done) override;

    /// Any write, queued like the table's: `write` runs on the writer's thread
    /// (the server's: a new player, found or added in the next group).
    void queue(std::function<void(store&)> write, done_fn done);
    /// Waits until every write queued so far has committed and its `done` is posted.
    void drain();
    /// Runs `f(store&)` on the calling thread once the queue is drained: the
    /// reads, which so see every write queued before them (the seats at the
    /// start), and the rare writes that may wait (a created table).
    template <class F>
    decltype(auto) direct(F&& f) {
        drain();
        return f(db_);
    }

private:
    struct item {
        std::function<void(store&)> write;
        done_fn done;
    };
    void run();

    store& db_;
    post_fn post_;
    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<item> queue_;
    bool busy_ = false, stopping_ = false;
    std::thread thread_;  // last: starts once the members above exist
};

}  // namespace pokerengine::server
