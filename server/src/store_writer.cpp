// The store's writer thread and its group commit (store_writer.hpp).

#include "pokerengine/server/store_writer.hpp"

namespace pokerengine::server {

store_writer::store_writer(store& db, post_fn post) : db_(db), post_(std::move(post)), thread_([this] { run(); }) {}

store_writer::~store_writer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void store_writer::queue(std::function<void(store&)> write, done_fn done) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(write), std::move(done)});
    }
    wake_.notify_one();
}

void store_writer::drain() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return queue_.empty() && !busy_; });
}

void store_writer::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return !queue_.empty() || stopping_; });
        if (queue_.empty()) return;  // stopping, and every write committed
        std::deque<item> group;
        group.swap(queue_);
        busy_ = true;
        lock.unlock();
        std::vector<std::function<void(store&)>> writes;
        writes.reserve(group.size());
        for (item& i : group) writes.push_back(std::move(i.write));
        const std::vector<std::exception_ptr> errors = db_.write_group(writes);
        for (std::size_t i = 0; i < group.size(); ++i)
            if (group[i].done) post_([done = std::move(group[i].done), e = errors[i]] { done(e); });
        lock.lock();
        busy_ = false;
        idle_.notify_all();
    }
}

void store_writer::buy_in(const std::string& table, int seat, std::int64_t player, const std::string& name, chips amount,
                          done_fn done) {
    queue([=](store& db) { db.buy_in(table, seat, player, name, amount); }, std::move(done));
}

void store_writer::cash_out(const std::string& table, int seat, std::int64_t player, chips amount, done_fn done) {
    queue([=](store& db) { db.cash_out(table, seat, player, amount); }, std::move(done));
}

void store_writer::hand_finished(const std::string& table, std::uint64_t number, const std::string& phh,
                                 const std::vector<std::pair<int, chips>>& stacks, const std::string& state,
                                 done_fn done) {
    queue([=](store& db) { db.hand_finished(table, number, phh, stacks, state); }, std::move(done));
}

void store_writer::table_saved(const std::string& table, std::uint64_t hand, const std::string& state, done_fn done) {
    queue([=](store& db) { db.table_saved(table, hand, state); }, std::move(done));
}

void store_writer::set_sitting_out(const std::string& table, int seat, bool out, done_fn done) {
    queue([=](store& db) { db.set_sitting_out(table, seat, out); }, std::move(done));
}

}  // namespace pokerengine::server
