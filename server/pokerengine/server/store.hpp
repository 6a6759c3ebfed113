#pragma once
// The server's storage: one SQLite file in WAL mode with the players (their
// tokens), each table's seats and stacks, every player's chip ledger per
// table (buy-ins and cash-outs) and every finished hand's PHH. Each change
// that moves chips is all or nothing (a transaction, or a savepoint inside
// `write_group`'s one transaction), so that a process killed at any moment
// leaves the file with every chip accounted for: the stacks of the seats plus
// the cash-outs equal the buy-ins. Each table's saved state (its button,
// blinds owed, hand count) follows every change. A hand in progress is never
// stored: after a crash the seats hold the stacks of the hand's start
// (docs/server.md). The
// server makes its writes through `store_writer`, which commits them in groups
// on a thread of its own; a store is used by one thread at a time.
//
//     store db{"poker.db"};
//     player_record ann = db.player("secret-token", "Ann");
//     db.buy_in("holdem-1", 0, ann.id, "Ann", 200);

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/pot.hpp"
#include "pokerengine/server/table_storage.hpp"

struct sqlite3;

namespace pokerengine::server {

/// A failure of the database: the file cannot be opened, is not the server's, or a write failed.
class store_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct player_record {
    std::int64_t id = 0;
    std::string name;
};

/// The chips of the whole card room: bought in, cashed out, on the tables.
struct chip_audit {
    chips bought_in = 0, cashed_out = 0, on_tables = 0;
    std::uint64_t hands = 0;
    bool conserved() const { return bought_in == cashed_out + on_tables; }
};

class store {
public:
    /// Opens or creates the file. Throws `store_error`.
    explicit store(const std::string& path);
    ~store();
    store(const store&) = delete;
    store& operator=(const store&) = delete;

    /// The player of a token, created with `name` the first time.
    player_record player(const std::string& token, const std::string& name);
    std::optional<player_record> find_player(const std::string& token);

    /// A player sits with a buy-in: the ledger's entry and the seat, together.
    void buy_in(const std::string& table, int seat, std::int64_t player, const std::string& name, chips amount);
    /// A player leaves with the stack: the ledger's entry and the empty seat, together.
    void cash_out(const std::string& table, int seat, std::int64_t player, chips amount);
    /// A finished hand: its PHH, every seat's new stack and (unless empty) the table's state after it, together.
    void hand_finished(const std::string& table, std::uint64_t number, const std::string& phh,
                       const std::vector<std::pair<int, chips>>& stacks, const std::string& state = {});
    void set_sitting_out(const std::string& table, int seat, bool out);
    /// The table's state after its last change, replacing the one before.
    void table_saved(const std::string& table, std::uint64_t hand, const std::string& state);
    /// The writes in one transaction, in order: one commit, so one disk flush, for all.
    /// A write that throws is undone alone and its error is returned in its place
    /// (empty: written); when the transaction fails as a whole, every write gets its error.
    std::vector<std::exception_ptr> write_group(const std::vector<std::function<void(store&)>>& writes);
    /// The transactions SQLite has committed on this connection since it was opened (its commit hook).
    std::uint64_t commits() const { return commits_.load(std::memory_order_relaxed); }

    std::vector<stored_seat> seats(const std::string& table);
    /// The table's saved state, if any, its hosting counted (`starts` says how many times before this one).
    std::optional<stored_table_state> table_started(const std::string& table);
    /// The number of the last hand stored for a table (0: none).
    std::uint64_t last_hand(const std::string& table);
    /// The PHH of a stored hand (empty when there is none).
    std::string hand_phh(const std::string& table, std::uint64_t number);
    /// A table a client created (`config`: its JSON), and every one, in order.
    void table_created(const std::string& id, const std::string& config, std::int64_t player);
    std::vector<std::pair<std::string, std::string>> created_tables();
    /// One player's ledger at one table: the sum of the buy-ins less the cash-outs.
    chips ledger_balance(const std::string& table, std::int64_t player);
    chip_audit audit();

private:
    void exec(const char* sql);
    sqlite3* db_ = nullptr;
    std::atomic<std::uint64_t> commits_{0};
};

}  // namespace pokerengine::server
