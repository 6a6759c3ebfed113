#pragma once
// The text forms of play: one action as PHH writes it (`p2 cbr 300`,
// `d dh p1 AcKd`, `p3 sd ????`), amounts as decimal text, a rule profile as a
// line, and a whole hand in progress (`serialize`, `restore`). Every history
// format reads into `recorded_action`s and every writer writes them; play and
// tables include no file format.
//
//     action a = parse_action("p2 cbr 300");           // action::raise_to(1, 300)
//     std::string text = to_phh(a);                    // "p2 cbr 300"
//     recorded_action r = read_action("d dh p1 ??Kd");  // the first card unknown

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerengine/play.hpp"
#include "pokerengine/table.hpp"

namespace pokerengine::play {

/// What is wrong with a text that should be an action, an amount, a rule
/// profile or a saved hand.
enum class notation_error_code : std::uint8_t {
    empty_action,       // nothing but spaces or a comment
    too_many_words,
    bad_player,         // not p1 .. p10
    unknown_action,     // a verb other than f, cc, cbr, pb, sd, sm (d: dh, db, burn)
    wrong_arguments,    // a verb with the wrong number of words after it
    bad_amount,         // not a whole number of chips from 1 to 2^62, or not a plain decimal
    bad_cards,          // cards that do not parse, a card twice, more than eight
    unknown_cards,      // `??` where the caller wants cards to apply
    bad_rule_profile,   // a rule profile's text
    bad_saved_hand,     // a text that `restore` cannot read
    bad_saved_table,    // a text that `restore_table` cannot read
};
/// The code as scripts see it: "bad_amount", ...
std::string_view to_string(notation_error_code code);

/// A text that is not what it should be: `code()` says what is wrong,
/// `what()` quotes the text and says why, `reason()` is the why alone.
class notation_error : public std::invalid_argument {
public:
    notation_error(notation_error_code code, const std::string& message, std::string reason = {})
        : std::invalid_argument(message), code_(code), reason_(std::move(reason)) {}
    notation_error_code code() const { return code_; }
    const std::string& reason() const { return reason_; }

private:
    notation_error_code code_;
    std::string reason_;
};

// ------------------------------------------------------------------ actions

/// One entry of a hand history's actions, as every history reader produces
/// it and every writer takes it: the action, which of its cards the record
/// does not know, or a line that is only a comment or not an action at all.
struct recorded_action {
    action act;                 // amounts in the hand's unit
    std::uint8_t unknown = 0;   // bit i: act.cards[i] is unknown (`??`); the card there is a placeholder
    bool commentary = false;    // blank or a comment only: nothing happens
    std::string error;          // not empty: the text is not an action, and why (a replay stops here)

    /// Whether the entry is an action that can be applied as it stands.
    bool is_action() const { return !commentary && error.empty(); }
    friend bool operator==(const recorded_action&, const recorded_action&) = default;
};

/// A decimal amount as written: "2067.40" is 206740 with 2 fraction digits.
struct decimal_amount {
    std::uint64_t digits = 0;  // the digits without the point, as a whole number
    int fraction = 0;          // digits after the point
    bool negative = false;
    bool too_large = false;    // more digits than 64 bits hold
};
/// Reads "2067.40", "-3", "1_000"; throws `notation_error` (`bad_amount`)
/// for anything else (exponents, inf, nan, more than 9 decimal places).
decimal_amount parse_decimal_amount(std::string_view text);
/// The amount in units of 10^-decimals; nothing when it is larger than 2^62.
std::optional<chips> in_units(const decimal_amount& amount, int decimals);
/// Chips as the decimal text of a hand whose unit is 10^-decimals:
/// `money_text(206740, 2) == "2067.40"`.
std::string money_text(chips amount, int decimals);

/// Parses one action in PHH notation, the only tokenizer of it: `p2 cbr 300`,
/// `p1 cc`, `p3 f`, `p1 sd 7h2c` (discard; `p1 sd` stands pat), `p2 pb`
/// (bring-in), `p2 sm AsKs` or `p2 sm -` (show), `p2 sm` (muck), `d dh p1 AcKd`,
/// `d db Jc3d5c`, `d burn 2c`; a `#` starts a comment. Seats count from p1.
/// Throws `notation_error` quoting the text; `??` (an unknown card) is
/// `unknown_cards` here, since such an action cannot be applied.
action parse_action(std::string_view text);

/// Reads one entry of a history: like `parse_action`, but `??` stands for an
/// unknown card and an entry that is blank or only a comment is `commentary`. With
/// `amount`, a raise's amount may be a decimal: it is returned there and
/// `act.amount` is left 0 for the caller to set in the hand's unit (a reader
/// learns the unit from every amount of the hand). Throws `notation_error`.
recorded_action read_action(std::string_view text, decimal_amount* amount = nullptr);

/// The PHH text of an action; empty for the automatic ones (antes, blinds,
/// burns). An action of a seat's view that hides cards (another seat's deal
/// or discard, `amount` hidden cards) is written with a `??` for each:
/// `d dh p2 ????`, `p2 sd ??`.
std::string to_phh(const action& a);
/// The PHH text of a recorded action: `??` for its unknown cards, amounts in
/// the unit of `decimals` fraction digits; a comment-only or unreadable entry
/// has no text (empty).
std::string to_phh(const recorded_action& a, int decimals = 0);

// ----------------------------------------------------------- rule profiles

/// A rule profile as one line: its name alone for a profile of
/// `rule_profile::named`, otherwise the name and every field,
/// `house fixed_limit_bets=4 odd_chip=2 ...` (the name's spaces and other
/// bytes outside `A-Za-z0-9._-` as `%XX`).
std::string rule_profile_text(const rule_profile& profile);
/// Every field written out, even for a named profile.
std::string rule_profile_text_in_full(const rule_profile& profile);
/// Reads either form back: `parse_rule_profile(rule_profile_text(p)) == p`.
/// Fields not given keep the value of the named profile, or of `wsop-2024`
/// for a name of the caller's own. Throws `notation_error` (`bad_rule_profile`).
rule_profile parse_rule_profile(std::string_view text);

// ------------------------------------------------------------ saved hands

/// A lossless, versioned text form of a hand in progress (version 2; the
/// configuration, the dealing and the seat decisions); `restore` continues it
/// identically: `restore(serialize(h)) == h`.
std::string serialize(const hand_state& hand);
/// Reads versions 1 and 2. Throws `notation_error` (`bad_saved_hand`, naming
/// the line), `config_error` or `action_error` for a hand that cannot be replayed.
hand_state restore(std::string_view text);

// ------------------------------------------------------------ saved tables

/// A table read back, with the hand it was playing when saved with one.
struct restored_table {
    table restored;
    std::optional<hand_state> hand;
};

/// A lossless, versioned text form of a table (version 1): the configuration
/// and the one asked for the next hand, the seed, the hand count, the button
/// and blinds, every player (name, id, stack, sitting out, blinds owed, how
/// they come in), the seating changes waiting and the plan of the hand last
/// started. A table restored deals the same hands as the original from there.
///
///     std::string saved = serialize(t, hand);         // during a hand: the hand with it
///     restored_table back = restore_table(saved);     // back.restored == t, *back.hand == hand
///     back.restored.finish_hand(*back.hand);          // ... once the hand is complete
std::string serialize(const table& t);
/// The table and the hand it is playing. Throws `table_error` when no hand is
/// in progress (`no_hand_in_progress`) or `hand` is not the table's (`not_this_tables_hand`).
std::string serialize(const table& t, const hand_state& hand);
/// Reads `serialize`'s text back. Throws `notation_error` (`bad_saved_table`,
/// naming the line) for a text that is not a saved table, `config_error` for
/// a bad configuration, `table_error` for parts that do not hold together
/// (two players of one name or id, a plan that does not match the seats:
/// `inconsistent_saved_table`, a hand that is not the table's), and what
/// `restore` throws for the saved hand.
restored_table restore_table(std::string_view text);

}  // namespace pokerengine::play
