#pragma once
// One hosted table: the library's `table` and the `hand_state` in play, the
// players in its seats, their action clocks, and the frames each player is
// sent. A room holds no rule of its own: every action goes to `hand_state`,
// every seating change to `table`. It knows no socket: it calls `send` with a
// player and a frame, and it is told the time, so that a test drives it with
// a clock of its own. A room is not thread-safe: the server calls it from one
// thread (or one strand).
//
//     room r{settings, 42, [&](player_id p, const json& frame) { deliver(p, frame); }};
//     r.sit(1, "Ann", std::nullopt, 200, now);
//     r.sit(2, "Bob", std::nullopt, 200, now);
//     r.tick(now + r.settings().between_hands);   // the first hand is dealt; views go out
//     r.act(1, request_with("cc"), now);

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pokerengine/play.hpp"
#include "pokerengine/server/protocol.hpp"
#include "pokerengine/server/table_storage.hpp"
#include "pokerengine/server/wire.hpp"
#include "pokerengine/table.hpp"

namespace pokerengine::server {

using server_clock = std::chrono::steady_clock;
using time_point = server_clock::time_point;
using std::chrono::milliseconds;
/// A player across tables and connections; the server maps tokens to it.
using player_id = std::int64_t;

/// The action clock: a time for each decision and a bank drawn on once that
/// time is spent; a seat whose time runs out acts by the play layer's `default_action` and,
/// after `timeouts_to_sit_out` timeouts in a row, sits out.
struct clock_settings {
    milliseconds per_action{15'000};
    milliseconds time_bank{30'000};
    int timeouts_to_sit_out = 2;
};

/// A hosted table's settings.
struct room_settings {
    std::string id;                 // the name clients use: "holdem-1"
    play::table_config table;       // with a rotation: its first game's
    // A mixed game: the games' configurations in turn, each for `rotation_hands`
    // hands (HORSE: hold'em, Omaha hi-lo, razz, stud, stud hi-lo); empty: one game.
    std::vector<play::table_config> rotation;
    std::uint64_t rotation_hands = 0;
    chips min_buy_in = 0, max_buy_in = 0;
    clock_settings clock;
    milliseconds between_hands{2'000};  // from one hand's end to the next deal
};


/// A hosted table.
class room {
public:
    /// Delivers a frame to a player; the frame is the callee's (a view moved in, not copied).
    using send_fn = std::function<void(player_id, json)>;

    /// Throws `config_error` for a bad table configuration. With `db`, every
    /// buy-in, cash-out and finished hand is queued there, and the frames that
    /// tell of it (`seated`, `left`, a hand's last `view` and `result`, the
    /// `table` after a hand or a leave) are sent once it has committed; the
    /// next hand is dealt once every write queued before has committed.
    room(room_settings settings, std::uint64_t seed, send_fn send, table_storage* db = nullptr);

    const room_settings& settings() const { return settings_; }
    /// The room as the lobby lists it: id, game, structure, stakes, seats, players, buy-in range, clock.
    json summary() const;

    // ---- requests of a player (each throws `protocol_error` with the library's code or the server's)

    /// Takes a seat (a table seat from 1, or the first free one) with a buy-in.
    void sit(player_id who, const std::string& name, std::optional<int> seat, chips buy_in, time_point now);
    /// Not dealt in from the next hand on (or at once between hands).
    void sit_out(player_id who, time_point now);
    /// Back in: posts what the seat owes and plays from the next hand.
    void sit_in(player_id who, time_point now);
    /// Leaves with the stack: at once between hands; during a hand the seat
    /// folds when its turn comes and leaves when the hand ends.
    void leave(player_id who, time_point now);
    /// The player's decision, as PHH text or a structured action.
    void act(player_id who, const request& r, time_point now);

    /// Timeouts and the next deal, when their time has come.
    void tick(time_point now);
    /// When `tick` next has something to do.
    std::optional<time_point> next_deadline() const;
    /// Sends the player the table and, during a hand, their view again (a reconnection).
    void resend(player_id who, time_point now);

    /// What storage holds after a restart, before the first hand: the table
    /// saved after its last change (the button, the blinds owed, the hands
    /// dealt), reseeded with this room's seed, and the seats as stored, which
    /// rule over the saved table's (who sits where with which stack, sitting
    /// out or not). Without a saved table, or with one that does not fit (not
    /// this table's seats, of another hand than the last one stored, unreadable), the
    /// seated players start a new game as at a new table; the reason is
    /// returned (empty: the saved table was used, or there was none).
    std::string restore(const std::vector<stored_seat>& seats, const std::optional<stored_table_state>& saved_table);

    std::optional<int> seat_of(player_id who) const;
    /// Every chip at the table: the stacks and, during a hand, the pot.
    chips chips_on_table() const;
    /// Hands finished at this room since it was built, and before (from storage).
    std::uint64_t hands_finished() const { return hands_finished_; }
    void set_hands_finished(std::uint64_t n);
    const play::table& table() const { return table_; }
    const std::optional<play::hand_state>& hand() const { return hand_; }

private:
    struct occupant {
        player_id who = 0;
        std::string name;
        milliseconds bank{0};
        chips waiting_buy_in = 0;  // the seat is held during a hand: joins with this buy-in when it ends
        int timeouts = 0;
        bool leaving = false;   // leaves when the hand ends
        bool sit_out_after = false;
    };

    int own_seat(player_id who) const;
    void join_waiting(int seat, time_point now, std::function<void(time_point)> then = {});
    void store_then(time_point now, const std::function<void(table_storage::done_fn)>& write,
                    std::function<void(time_point)> then, std::function<void()> failed = {}, bool save = true);
    void once_stored(time_point now, std::function<void(time_point)> then);
    int hand_seat_of(int table_seat) const;
    play::action action_from(const request& r, int hand_seat) const;
    void apply(const play::action& a, time_point now);
    void advance(time_point now);
    void start_clock(time_point now);
    void finish_hand(time_point now);
    void start_hand(time_point now);
    void remove(int seat, std::string_view why, time_point now);
    void schedule_hand(time_point now);
    json clock_json(time_point now) const;
    json table_frame(time_point now) const;
    void broadcast_table(time_point now);
    void send_views(time_point now);
    void send_view(int table_seat, time_point now);
    void follow_rotation();
    void save_table();
    std::string table_state() const;
    play::table restored_table(const std::vector<stored_seat>& seats, const std::string& text) const;

    room_settings settings_;
    play::table table_;
    send_fn send_;
    table_storage* db_;
    int writes_pending_ = 0;  // queued, not yet committed
    std::vector<std::function<void(time_point)>> once_stored_;
    std::optional<play::hand_state> hand_;
    std::vector<std::optional<occupant>> seats_;
    // Players whose seat is gone and whose cash-out is not stored yet: their
    // `left` frame is on its way, and a `leave` meanwhile is answered by it.
    std::vector<player_id> cashing_out_;
    std::uint64_t hands_finished_ = 0;
    std::optional<time_point> next_hand_at_;
    // the clock of the seat to act
    int clock_seat_ = -1;  // hand seat
    time_point clock_started_{}, clock_deadline_{};
};

}  // namespace pokerengine::server
