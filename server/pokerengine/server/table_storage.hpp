#pragma once
// What a room writes to storage: the changes that move chips, the sit-outs,
// and the table's state after each (the button, the blinds owed).
// A write is queued, not made: `done` is called on the room's thread once it
// has committed (with no error), or with the error that kept it out. A room
// tells its clients of a change only from `done`, so nothing a client was told
// can be lost. `store_writer` (store_writer.hpp) is the server's; a test may
// give a room its own.
//
//     db.hand_finished("holdem-1", 12, phh, {{0, 240}, {3, 160}}, state, [&](std::exception_ptr e) {
//         if (!e) send_results();
//     });

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/pot.hpp"

namespace pokerengine::server {

/// A seat as stored: who sits there with which stack (the stack of the last hand's end).
struct stored_seat {
    int seat = 0;  // 0-based
    std::int64_t player = 0;
    std::string name;
    chips stack = 0;
    bool sitting_out = false;
};

/// A table's state as stored (`serialize` of notation.hpp, without its seed):
/// saved after the hand numbered `hand` finished (0: before any), and the
/// times the table was hosted before this start.
struct stored_table_state {
    std::string state;
    std::uint64_t hand = 0, starts = 0;
};

class table_storage {
public:
    /// Called once per write, on the thread that queued it; an empty `done` is not called.
    using done_fn = std::function<void(std::exception_ptr)>;

    virtual ~table_storage() = default;
    /// A player sits with a buy-in: the ledger's entry and the seat, together.
    virtual void buy_in(const std::string& table, int seat, std::int64_t player, const std::string& name, chips amount,
                        done_fn done) = 0;
    /// A player leaves with the stack: the ledger's entry and the empty seat, together.
    virtual void cash_out(const std::string& table, int seat, std::int64_t player, chips amount, done_fn done) = 0;
    /// A finished hand: its PHH, every seat's new stack and the table's state after it, together.
    virtual void hand_finished(const std::string& table, std::uint64_t number, const std::string& phh,
                               const std::vector<std::pair<int, chips>>& stacks, const std::string& state,
                               done_fn done) = 0;
    virtual void set_sitting_out(const std::string& table, int seat, bool out, done_fn done) = 0;
    /// The table between hands (`serialize` of notation.hpp), after the writes queued before it;
    /// `hand` is the number of the last hand it finished.
    virtual void table_saved(const std::string& table, std::uint64_t hand, const std::string& state, done_fn done) = 0;
};

}  // namespace pokerengine::server
