// SQLite storage (store.hpp).

#include "pokerengine/server/store.hpp"

#include <sqlite3.h>

namespace pokerengine::server {
namespace {

constexpr const char* schema = R"(
CREATE TABLE IF NOT EXISTS players (id INTEGER PRIMARY KEY, token TEXT UNIQUE NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (tbl TEXT NOT NULL, seat INTEGER NOT NULL, player INTEGER NOT NULL,
  name TEXT NOT NULL, stack INTEGER NOT NULL, sitting_out INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (tbl, seat));
CREATE TABLE IF NOT EXISTS ledger (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, player INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('buy_in', 'cash_out')), amount INTEGER NOT NULL, at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS hands (tbl TEXT NOT NULL, number INTEGER NOT NULL, phh TEXT NOT NULL,
  at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (tbl, number));
CREATE TABLE IF NOT EXISTS table_states (tbl TEXT PRIMARY KEY, hand INTEGER NOT NULL, state TEXT NOT NULL,
  starts INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS created_tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, player INTEGER NOT NULL,
  at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
)";

// One prepared statement, finalized when it goes out of scope.
class statement {
public:
    statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK)
            throw store_error(std::string("database: ") + sqlite3_errmsg(db));
    }
    ~statement() { sqlite3_finalize(s_); }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;

    statement& bind(int i, const std::string& text) {
        sqlite3_bind_text(s_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    statement& bind(int i, std::int64_t n) {
        sqlite3_bind_int64(s_, i, n);
        return *this;
    }
    /// Steps once: true while a row is there.
    bool step() {
        const int rc = sqlite3_step(s_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw store_error(std::string("database: ") + sqlite3_errmsg(db_));
    }
    std::int64_t integer(int col) { return sqlite3_column_int64(s_, col); }
    std::string text(int col) {
        const auto* p = sqlite3_column_text(s_, col);
        return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(s_, col)))
                 : std::string();
    }

private:
    sqlite3* db_;
    sqlite3_stmt* s_ = nullptr;
};

// One write, all or nothing: a transaction of its own, or a savepoint inside
// `write_group`'s transaction, undone alone unless released.
class savepoint {
public:
    explicit savepoint(sqlite3* db) : db_(db) { run("SAVEPOINT one_write"); }
    ~savepoint() {
        if (done_) return;
        sqlite3_exec(db_, "ROLLBACK TO one_write", nullptr, nullptr, nullptr);
        sqlite3_exec(db_, "RELEASE one_write", nullptr, nullptr, nullptr);
    }
    void release() {
        run("RELEASE one_write");
        done_ = true;
    }

private:
    void run(const char* sql) {
        if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
            throw store_error(std::string("database: ") + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    bool done_ = false;
};

void ledger_entry(sqlite3* db, const std::string& table, std::int64_t player, const char* kind, chips amount) {
    statement(db, "INSERT INTO ledger (tbl, player, kind, amount) VALUES (?, ?, ?, ?)")
        .bind(1, table).bind(2, player).bind(3, std::string(kind)).bind(4, amount).step();
}

}  // namespace

store::store(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw store_error("cannot open the database " + path + ": " + why);
    }
    sqlite3_busy_timeout(db_, 5000);
    sqlite3_commit_hook(db_, [](void* count) {
        static_cast<std::atomic<std::uint64_t>*>(count)->fetch_add(1, std::memory_order_relaxed);
        return 0;
    }, &commits_);
    try {
        exec("PRAGMA journal_mode=WAL");
        // FULL: a committed change survives the machine's failure too, not only the process's.
        exec("PRAGMA synchronous=FULL");
        exec(schema);
    } catch (...) {
        sqlite3_close(db_);
        throw;
    }
}

store::~store() { sqlite3_close(db_); }

void store::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        throw store_error("database: " + why);
    }
}

std::optional<player_record> store::find_player(const std::string& token) {
    statement s(db_, "SELECT id, name FROM players WHERE token = ?");
    s.bind(1, token);
    if (!s.step()) return std::nullopt;
    return player_record{s.integer(0), s.text(1)};
}

player_record store::player(const std::string& token, const std::string& name) {
    if (auto found = find_player(token)) return *found;
    statement(db_, "INSERT INTO players (token, name) VALUES (?, ?)").bind(1, token).bind(2, name).step();
    return {sqlite3_last_insert_rowid(db_), name};
}

void store::buy_in(const std::string& table, int seat, std::int64_t player, const std::string& name, chips amount) {
    savepoint t(db_);
    ledger_entry(db_, table, player, "buy_in", amount);
    statement(db_, "INSERT INTO seats (tbl, seat, player, name, stack) VALUES (?, ?, ?, ?, ?)")
        .bind(1, table).bind(2, seat).bind(3, player).bind(4, name).bind(5, amount).step();
    t.release();
}

void store::cash_out(const std::string& table, int seat, std::int64_t player, chips amount) {
    savepoint t(db_);
    ledger_entry(db_, table, player, "cash_out", amount);
    statement(db_, "DELETE FROM seats WHERE tbl = ? AND seat = ?").bind(1, table).bind(2, seat).step();
    t.release();
}

void store::hand_finished(const std::string& table, std::uint64_t number, const std::string& phh,
                          const std::vector<std::pair<int, chips>>& stacks, const std::string& state) {
    savepoint t(db_);
    statement(db_, "INSERT OR REPLACE INTO hands (tbl, number, phh) VALUES (?, ?, ?)")
        .bind(1, table).bind(2, static_cast<std::int64_t>(number)).bind(3, phh).step();
    for (const auto& [seat, stack] : stacks)
        statement(db_, "UPDATE seats SET stack = ? WHERE tbl = ? AND seat = ?")
            .bind(1, stack).bind(2, table).bind(3, seat).step();
    if (!state.empty()) table_saved(table, number, state);
    t.release();
}

void store::set_sitting_out(const std::string& table, int seat, bool out) {
    statement(db_, "UPDATE seats SET sitting_out = ? WHERE tbl = ? AND seat = ?")
        .bind(1, out ? 1 : 0).bind(2, table).bind(3, seat).step();
}

void store::table_saved(const std::string& table, std::uint64_t hand, const std::string& state) {
    statement(db_, "INSERT INTO table_states (tbl, hand, state) VALUES (?, ?, ?) "
                   "ON CONFLICT (tbl) DO UPDATE SET hand = excluded.hand, state = excluded.state")
        .bind(1, table).bind(2, static_cast<std::int64_t>(hand)).bind(3, state).step();
}

std::optional<stored_table_state> store::table_started(const std::string& table) {
    statement s(db_, "UPDATE table_states SET starts = starts + 1 WHERE tbl = ? RETURNING state, hand, starts - 1");
    s.bind(1, table);
    if (!s.step()) return std::nullopt;
    stored_table_state out{s.text(0), static_cast<std::uint64_t>(s.integer(1)), static_cast<std::uint64_t>(s.integer(2))};
    while (s.step()) {
    }
    return out;
}

std::vector<std::exception_ptr> store::write_group(const std::vector<std::function<void(store&)>>& writes) {
    std::vector<std::exception_ptr> errors(writes.size());
    try {
        exec("BEGIN IMMEDIATE");
        for (std::size_t i = 0; i < writes.size(); ++i) {
            try {
                writes[i](*this);
            } catch (...) {
                errors[i] = std::current_exception();
                // Some errors (a full disk, an I/O error) end the whole transaction: the writes before it are gone too.
                if (sqlite3_get_autocommit(db_)) throw;
            }
        }
        exec("COMMIT");
    } catch (...) {
        if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        for (std::exception_ptr& e : errors)
            if (!e) e = std::current_exception();
    }
    return errors;
}

std::vector<stored_seat> store::seats(const std::string& table) {
    statement s(db_, "SELECT seat, player, name, stack, sitting_out FROM seats WHERE tbl = ? ORDER BY seat");
    s.bind(1, table);
    std::vector<stored_seat> out;
    while (s.step())
        out.push_back({static_cast<int>(s.integer(0)), s.integer(1), s.text(2), s.integer(3), s.integer(4) != 0});
    return out;
}

std::uint64_t store::last_hand(const std::string& table) {
    statement s(db_, "SELECT COALESCE(MAX(number), 0) FROM hands WHERE tbl = ?");
    s.bind(1, table);
    s.step();
    return static_cast<std::uint64_t>(s.integer(0));
}

void store::table_created(const std::string& id, const std::string& config, std::int64_t player) {
    statement(db_, "INSERT INTO created_tables (id, config, player) VALUES (?, ?, ?)").bind(1, id).bind(2, config).bind(3, player).step();
}

std::vector<std::pair<std::string, std::string>> store::created_tables() {
    statement s(db_, "SELECT id, config FROM created_tables ORDER BY rowid");
    std::vector<std::pair<std::string, std::string>> out;
    while (s.step()) out.emplace_back(s.text(0), s.text(1));
    return out;
}

std::string store::hand_phh(const std::string& table, std::uint64_t number) {
    statement s(db_, "SELECT phh FROM hands WHERE tbl = ? AND number = ?");
    s.bind(1, table).bind(2, static_cast<std::int64_t>(number));
    return s.step() ? s.text(0) : std::string();
}

chips store::ledger_balance(const std::string& table, std::int64_t player) {
    statement s(db_, "SELECT COALESCE(SUM(CASE kind WHEN 'buy_in' THEN amount ELSE -amount END), 0) FROM ledger "
                     "WHERE tbl = ? AND player = ?");
    s.bind(1, table).bind(2, player);
    s.step();
    return s.integer(0);
}

chip_audit store::audit() {
    chip_audit a;
    statement l(db_, "SELECT COALESCE(SUM(CASE kind WHEN 'buy_in' THEN amount END), 0), "
                     "COALESCE(SUM(CASE kind WHEN 'cash_out' THEN amount END), 0) FROM ledger");
    l.step();
    a.bought_in = l.integer(0);
    a.cashed_out = l.integer(1);
    statement s(db_, "SELECT COALESCE(SUM(stack), 0) FROM seats");
    s.step();
    a.on_tables = s.integer(0);
    statement h(db_, "SELECT COUNT(*) FROM hands");
    h.step();
    a.hands = static_cast<std::uint64_t>(h.integer(0));
    return a;
}

}  // namespace pokerengine::server
