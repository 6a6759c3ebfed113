#pragma once
// A table, hand after hand: physical seats that players join and leave, sit
// out of and come back to; stacks carried from hand to hand, rebuys; the
// button and the blinds moved by the dead-button rule, missed blinds made up,
// new players posting, the heads-up transition; antes and the bring-in at stud
// tables. Each hand is an ordinary `hand_state` built from the table's
// `hand_config`; the table only decides who is dealt in, in which order and
// who posts what (the rules and their sources are in docs/table.md).
//
//     table t{table_config::standard("holdem", betting_structure::no_limit, 6), 42};
//     t.join(0, "Ann", 200);
//     t.join(3, "Bob", 200);
//     t.join(4, "Cy", 200);
//     hand_state hand = t.start_hand();          // seeded from the table's seed and the hand number
//     while (!hand.is_complete()) hand.apply(hand.legal().passive());
//     std::string record = t.phhs_entry(hand);   // "[1]\nvariant = 'NT'\n..."
//     t.finish_hand(hand);                       // the stacks go back to the seats
//
// A server asks for seating changes with `request` at any moment (a change
// asked during a hand waits for its end), changes the blinds or the game
// with `change_config`, and saves the table with `serialize(table, hand)` of
// pokerengine/notation.hpp.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/play.hpp"

namespace pokerengine::play {

/// Everything about a table that stays the same from hand to hand.
struct table_config {
    any_game game;
    betting_structure structure = betting_structure::no_limit;
    play_mode mode = play_mode::tournament;
    rule_profile rules = rule_profile::wsop_2024();
    stakes limits;
    chips small_blind = 0;     // button games
    chips big_blind = 0;       // button games: also the amount of a new player's live post
    chips ante = 0;            // posted by every player dealt in
    chips big_blind_ante = 0;  // posted by the big blind for the whole table (WSOP TR "big blind ante")
    chips bring_in = 0;        // stud games (no button, no blinds)
    int seats = 9;             // physical seats, 2..max_seats
    dealing_order dealing = dealing_order::whole_shuffle;  // how each hand's seed becomes cards
    chips cap = 0;             // cap games: the most a player puts into a hand (hand_config::cap); 0: none

    friend bool operator==(const table_config& a, const table_config& b) {
        return a.game.index() == b.game.index() && a.structure == b.structure && a.mode == b.mode &&
               a.rules == b.rules && a.limits == b.limits && a.small_blind == b.small_blind &&
               a.big_blind == b.big_blind && a.ante == b.ante && a.big_blind_ante == b.big_blind_ante &&
               a.bring_in == b.bring_in && a.seats == b.seats && a.dealing == b.dealing && a.cap == b.cap;
    }
    /// Blinds 1 and 2 (stud: ante 1 and bring-in 2), small bet 2, big bet 4, minimum bet 2.
    static table_config standard(std::string_view game, betting_structure structure, int seats);
    /// Throws `config_error` naming the first bad field.
    void validate() const;
    /// Whether the game is dealt with a button and blinds (every game but the stud family).
    bool button_game() const;
};

/// How a player who owes a blind (a new player, or one back from sitting out
/// who missed blinds) comes into the game.
enum class entry : std::uint8_t {
    wait_for_big_blind,  // dealt in when the big blind reaches the seat, paying only the big blind
    post_now,            // posts what is owed and is dealt in at once (never on the button or in the small blind)
};

/// One player in a seat.
struct seated_player {
    std::string name;
    std::string id;             // who the player is to a server (an account): opaque, unique at the table, may be empty
    chips stack = 0;
    bool sitting_out = false;   // by choice; a player with no chips is out until a rebuy as well
    bool is_new = true;         // has not played at this table yet: owes a big blind (or waits for it)
    bool missed_small = false;  // the small blind passed the seat while the player was out
    bool missed_big = false;    // the big blind passed the seat while the player was out
    entry how = entry::wait_for_big_blind;

    /// Whether the player owes a post before playing again.
    bool owes() const { return is_new || missed_small || missed_big; }
    /// In the game: chips, not sitting out, nothing owed.
    bool active() const { return stack > 0 && !sitting_out && !owes(); }
    /// Wants to play but owes a post.
    bool entering() const { return stack > 0 && !sitting_out && owes(); }
    friend bool operator==(const seated_player&, const seated_player&) = default;
};

/// Why the table refused a call.
enum class table_error_code : std::uint8_t {
    no_such_seat,             // a seat number outside the table
    seat_empty,               // nobody sits in the seat
    seat_taken,               // join: somebody sits in the seat
    empty_name,               // join: a name with nothing in it
    duplicate_name,           // join: a name a seated player has
    stack_not_positive,       // join: a stack of 0 or less
    amount_not_positive,      // rebuy: an amount of 0 or less
    too_many_chips,           // rebuy: past 2^62 chips on the table
    hand_in_progress,         // a seating change, or a new hand, while a hand is in progress
    button_after_first_hand,  // set_button after the first hand
    not_enough_players,       // a hand needs two players who can be dealt in
    no_hand_in_progress,      // finish_hand with no hand started
    hand_not_complete,        // finish_hand before the hand's end
    not_this_tables_hand,     // finish_hand of another hand (or a saved table's hand that is not its hand)
    duplicate_player,         // join: an id a seated player has
    seat_count_changed,       // change_config: another number of seats
    inconsistent_saved_table, // restore_table: a saved table whose parts disagree
};
/// The code as scripts see it: "no_such_seat", ...
std::string_view to_string(table_error_code code);

/// A call the table refused: a seat taken, empty or out of range, a bad name
/// or amount, a seating change during a hand, another table's hand. `code()`
/// says which; the message names the seat as "seat N", counted from 1 (the
/// API's seat N-1).
class table_error : public std::invalid_argument {
public:
    table_error(table_error_code code, const std::string& message) : std::invalid_argument(message), code_(code) {}
    table_error_code code() const { return code_; }

private:
    table_error_code code_;
};

/// Who plays the next hand and what each posts: the hand's seats in PHH order
/// (seat 0 is the first dealt to: the small blind, or the big blind when the
/// small blind is dead or heads-up) mapped to the table's physical seats.
struct hand_plan {
    hand_config config;
    std::vector<int> seats;       // hand seat -> physical seat (0-based)
    std::vector<std::string> names;  // per hand seat: the player's name
    std::optional<int> button;    // physical seat of the button (possibly empty: a dead button); none at stud
    std::optional<int> small_blind;  // physical seat of the small blind position (possibly dead)
    std::optional<int> big_blind;    // physical seat of the big blind
    std::vector<chips> dead;      // per hand seat: a missed small blind posted dead (in `config.forced.antes`)
    std::uint64_t number = 0;     // the hand's number at this table, from 1
    std::uint64_t seed = 0;       // the deck's seed

    /// The hand seat of a physical seat, or -1 when that seat is not dealt in.
    int hand_seat(int physical) const;
    friend bool operator==(const hand_plan&, const hand_plan&) = default;
};

/// A seating change, asked for at any moment with `table::request`.
///
///     t.request(seat_change::leave(3));   // during a hand: done when the hand ends
struct seat_change {
    enum class kind : std::uint8_t { join, leave, sit_out, come_back, rebuy };
    kind what = kind::join;
    int seat = 0;
    chips amount = 0;              // join: the stack; rebuy: the chips added
    entry how = entry::post_now;   // join, come_back, rebuy: how a player owing a post comes in
    std::string name, id;          // join

    static seat_change join(int seat, std::string name, chips stack, entry how = entry::wait_for_big_blind,
                            std::string id = {});
    static seat_change leave(int seat) { return {kind::leave, seat, 0, entry::post_now, {}, {}}; }
    static seat_change sit_out(int seat) { return {kind::sit_out, seat, 0, entry::post_now, {}, {}}; }
    static seat_change come_back(int seat, entry how = entry::post_now) { return {kind::come_back, seat, 0, how, {}, {}}; }
    static seat_change rebuy(int seat, chips amount, entry how = entry::post_now) {
        return {kind::rebuy, seat, amount, how, {}, {}};
    }
    friend bool operator==(const seat_change&, const seat_change&) = default;
};
/// "join", "leave", "sit_out", "come_back", "rebuy".
std::string_view to_string(seat_change::kind what);

/// A seating change the table made, with the chips it moved: what a
/// server's ledger of the table needs.
struct seat_event {
    seat_change change;
    seated_player player;   // the player after the change (a leave: as the player left)
    chips chips_in = 0;     // join and rebuy: the chips brought to the table
    chips chips_out = 0;    // leave: the stack the player took away
    std::uint64_t after_hand = 0;  // hands started before the change was made
    friend bool operator==(const seat_event&, const seat_event&) = default;
};

/// A poker table: seats, players and stacks across hands.
class table {
public:
    /// Throws `config_error` for a bad configuration.
    table(table_config config, std::uint64_t seed);

    // ---- seating, between hands (each throws `table_error` while a hand is in progress)

    /// Seats a new player. Before the first hand every player is in the game at
    /// once (they drew for the button); later a new player posts a live big blind
    /// or waits for the big blind, as `how` says. A name must hold a visible
    /// character and differ from every seated player's.
    /// `id` says who the player is to a server (kept across hands and saves; not
    /// in the PHH record): a non-empty id must differ from every seated player's.
    void join(int seat, std::string name, chips stack, entry how = entry::wait_for_big_blind, std::string id = {});
    /// The player leaves with the stack, which is returned.
    chips leave(int seat);
    /// The player stays seated but is not dealt in; blinds that pass the seat are owed.
    void sit_out(int seat);
    /// Back from sitting out (or from a bust after a rebuy): posts the missed
    /// blinds or waits for the big blind, as `how` says.
    void come_back(int seat, entry how = entry::post_now);
    /// Adds chips to a stack (a rebuy or a top-up). A busted player with chips
    /// again makes up missed blinds like a player back from sitting out.
    void rebuy(int seat, chips amount, entry how = entry::post_now);
    /// Where the button is before the first hand (default: the first seat that plays).
    void set_button(int seat);

    // ---- at any moment: made at once between hands, during a hand when it ends

    /// Asks for a seating change. Between hands it is made at once and reported;
    /// during a hand it waits, in the order asked, and `finish_hand` makes it.
    /// Throws `table_error` (and keeps nothing) for a change the table would
    /// refuse after the changes already waiting: a taken or empty seat, a
    /// duplicate name or id, a bad amount.
    std::optional<seat_event> request(seat_change change);
    /// The changes waiting for the hand in progress to end, in order.
    const std::vector<seat_change>& requests() const { return requests_; }
    /// Settings for the hands to come: a new level of blinds and antes, the
    /// next game of a mixed rotation. From the next hand on (during a hand, the
    /// hand after it). Throws `config_error` for a bad configuration, and
    /// `table_error` (`seat_count_changed`) for another number of seats.
    void change_config(table_config next);
    /// The configuration the next hand will be dealt with.
    const table_config& next_config() const { return next_config_ ? *next_config_ : config_; }
    /// Starts the game afresh with the button on `seat` (a table rebuilt, a new
    /// draw for the button): the next hand is dealt as a first hand, every
    /// player who wants to play in, owing nothing. During a hand, from the next.
    void place_button(int seat);

    // ---- one hand

    /// Who would play the next hand and what each would post; changes nothing.
    /// Throws `table_error` when fewer than two players can be dealt in.
    hand_plan plan_next_hand() const;
    /// Whether two or more players can be dealt in.
    bool can_start_hand() const;
    /// Moves the button and the blinds, takes note of the blinds missed, and
    /// deals the next hand from a seed derived from the table's seed and the
    /// hand number (`hand_seed`).
    hand_state start_hand();
    /// The same, dealing the caller's cards (a live dealer, a replay).
    hand_state start_hand(manual_dealing_t);
    /// Carries the finishing stacks of the hand just started back to the seats,
    /// then makes the changes asked during the hand (configuration, button,
    /// seating), returning the seating changes made, in order.
    /// Throws `table_error` (an `std::invalid_argument`) for an unfinished hand
    /// or another table's hand, `std::logic_error` if chips were created or lost.
    std::vector<seat_event> finish_hand(const hand_state& hand);
    /// Ends the hand in progress unplayed, every chip back where it was when
    /// the hand started (a hand a failure interrupted, cancelled with every bet
    /// returned). The hand counts as dealt: the button and the blinds have
    /// moved, and the next hand deals from the next seed. Then makes the
    /// changes asked, as `finish_hand`. Throws `table_error` (`no_hand_in_progress`).
    std::vector<seat_event> cancel_hand();
    /// The hand last started, as a table `[N]` of a `.phhs` document: kept for
    /// one release, the same as `phhs_entry(*this, hand)` of pokerengine/phh.hpp
    /// (the notation layer writes hands; it defines this member).
    std::string phhs_entry(const hand_state& hand) const;

    // ---- queries

    const table_config& config() const { return config_; }
    int seat_count() const { return config_.seats; }
    const std::optional<seated_player>& at(int seat) const;
    /// Players seated, whatever their state.
    int players() const;
    /// The seat of the player with this id (not empty), if seated.
    std::optional<int> seat_of(std::string_view id) const;
    /// Every chip on the table: the sum of the stacks (between hands).
    chips total_chips() const;
    /// Hands started so far.
    std::uint64_t hands_started() const { return hands_; }
    bool hand_in_progress() const { return in_progress_; }
    /// The plan of the hand last started (empty before the first).
    const std::optional<hand_plan>& current() const { return current_; }
    /// The deck's seed for hand `number` (from 1): the `number`-th output of `splitmix64{seed}`.
    static std::uint64_t hand_seed(std::uint64_t table_seed, std::uint64_t number);
    /// The table's seed.
    std::uint64_t seed() const { return seed_; }
    /// Deals the hands to come from another seed (a server started again
    /// reseeds a restored table, so that a hand a failure cancelled is not
    /// dealt again with the same cards and the stored seed tells nothing of the
    /// hands to come). The last hand's plan forgets its seed (0): one hand's
    /// seed gives the table's. Between hands only: throws `table_error`.
    void reseed(std::uint64_t seed);

    /// Equal tables deal the same hands from here on.
    friend bool operator==(const table&, const table&) = default;

private:
    friend struct table_text;  // the saved form (notation.cpp)
    struct positions {
        std::optional<int> button, small_blind, big_blind;
        friend bool operator==(const positions&, const positions&) = default;
    };
    struct plan_result {
        hand_plan plan;
        std::vector<int> missed_both;   // physical seats the big blind passed while out
        std::vector<int> missed_small;  // physical seat whose small blind was missed
        bool restart = false;           // fewer than two players in the game: every entrant comes in free
    };
    plan_result make_plan() const;
    plan_result plan_button_game(bool restart) const;
    plan_result plan_stud(bool restart) const;
    void commit(plan_result r);
    seat_event make(const seat_change& change);
    std::vector<seat_event> end_hand();
    table with_requests_made() const;
    void check_restored() const;
    seated_player& player(int seat);
    void check_seat(int seat) const;
    void check_between_hands(std::string_view what) const;
    int next_seat(int s) const { return (s + 1) % config_.seats; }
    int distance(int from, int to) const { return (to - from + config_.seats) % config_.seats; }

    table_config config_;
    std::uint64_t seed_;
    std::vector<std::optional<seated_player>> seats_;
    positions last_;                     // the positions of the last hand
    std::optional<int> first_button_;
    std::uint64_t hands_ = 0;
    bool in_progress_ = false;
    std::optional<hand_plan> current_;
    std::vector<seat_change> requests_;         // asked during the hand in progress
    std::optional<table_config> next_config_;   // asked during the hand in progress
    std::optional<int> next_button_;            // asked during the hand in progress
};

}  // namespace pokerengine::play
