#pragma once
// The text of the Annual Computer Poker Competition's dealer protocol (version
// 2.0.0): a hand of an ACPC match played by the engine and written as the
// `MATCHSTATE` line each position sees and the `STATE` line of the dealer's
// log, and the reader of a player's reply. No sockets here: acpc_dealer.hpp
// carries these lines over TCP.
//
//     acpc_hand hand{game, 0, acpc_hand::shuffled_cards(game, 7)};
//     while (!hand.finished()) {
//         send(hand.matchstate(*hand.acting()));
//         acpc_reply r = read_acpc_reply(line_received, hand.matchstate(*hand.acting()), game.structure);
//         if (r.status == acpc_reply_status::action || r.status == acpc_reply_status::bad_action) hand.apply(r.act);
//     }

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/import.hpp"
#include "pokerengine/play.hpp"

namespace pokerengine::server {

using play::acpc_game;
using pokerengine::chips;

/// A player's action as the protocol writes it: `f`, `c`, `r` (limit) or `rN`
/// (no-limit: raise to N chips put in over the whole hand).
struct acpc_action {
    enum class kind : std::uint8_t { fold, call, raise };
    kind what = kind::call;
    chips size = 0;  // no-limit raises only
    friend bool operator==(const acpc_action&, const acpc_action&) = default;
};

/// What a reply line is, judged as the competition's dealer judges it.
enum class acpc_reply_status : std::uint8_t {
    action,       // the state sent, ':' and a well-formed action
    bad_action,   // the state sent, then no well-formed action: played as a call
    comment,      // a line starting with '#' or ';': ignored
    other_state,  // not the state that was sent (or not a state at all): ignored
};
/// "action", "bad_action", "comment", "other_state".
std::string_view to_string(acpc_reply_status status);

struct acpc_reply {
    acpc_reply_status status = acpc_reply_status::other_state;
    acpc_action act;  // for `action`; a call for `bad_action`
};

/// Reads a reply to the state `sent` (its MATCHSTATE text, without the line
/// end): the same text, ':', then the action; a trailing '\r' and anything
/// after the action are ignored, as the competition's dealer ignores them.
///
///     read_acpc_reply("MATCHSTATE:0:0:r:TdAs|:r", "MATCHSTATE:0:0:r:TdAs|", betting_structure::fixed_limit)
///         // {action, {raise}}
acpc_reply read_acpc_reply(std::string_view line, std::string_view sent, betting_structure structure);

/// What `acpc_hand::apply` did with an action the rules refuse as sent; the
/// competition's dealer does the same (dealer.c: an invalid action becomes a
/// call, a no-limit raise size outside the legal range is moved into it).
enum class acpc_fix : std::uint8_t {
    none,             // played as sent
    changed_to_call,  // a fold when checking is free, a raise when none is allowed
    size_changed,     // a no-limit raise below the minimum or above the stack: the nearest legal size
};

/// One hand of a match, played by the engine from cards given in advance.
/// Positions are the protocol's: 0 is the first seat after the button (the
/// engine's seat 0: the small blind, heads-up with reverse blinds the big blind).
class acpc_hand {
public:
    /// `cards`: each position's hole cards in turn, then the five board cards.
    /// Throws `std::invalid_argument` for a wrong count or a repeated card.
    acpc_hand(const acpc_game& game, std::uint32_t number, std::span<const Card> cards);

    /// The cards of one hand for `acpc_hand`: a 52-card deck shuffled by `xoshiro256ss{seed}`.
    static CardList shuffled_cards(const acpc_game& game, std::uint64_t seed);

    bool finished() const { return hand_.is_complete(); }
    /// The position to act; empty when the hand is finished.
    std::optional<int> acting() const;
    std::uint32_t number() const { return number_; }

    /// `MATCHSTATE:position:hand:betting:cards` as `position` sees it (no line end).
    std::string matchstate(int position) const;
    /// `STATE:hand:betting:cards` with every position's cards: the start of a log line.
    std::string state() const;
    /// The dealer's log line of a finished hand: the state, each position's
    /// value and name (`STATE:0:cc/cc/cc/cc:...:-10|10:alice|bob`).
    std::string log_line(std::span<const std::string> names_by_position) const;

    /// Plays the acting position's action; an action the rules refuse is
    /// played as the competition's dealer plays it (see `acpc_fix`).
    acpc_fix apply(const acpc_action& a);
    /// The action of a seat that is gone or out of time: a check when it is
    /// free, else a fold.
    void apply_default();

    /// Per position: chips won less chips put in (finished hands).
    std::vector<chips> values() const;
    const play::hand_state& engine() const { return hand_; }

private:
    void advance();  // deals and shows up to the next decision
    void catch_up_rounds();

    const acpc_game* game_;
    std::uint32_t number_;
    CardList cards_;
    play::hand_state hand_;
    std::string betting_;
    int rounds_written_ = 0;
    int holes_dealt_ = 0;
};

/// The last line of the dealer's log: `SCORE:total|total:name|name`, in seat order.
std::string acpc_score_line(std::span<const chips> totals, std::span<const std::string> names);

}  // namespace pokerengine::server
