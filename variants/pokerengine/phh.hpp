#pragma once
// Hand histories in PHH, the poker hand history format of the University of
// Toronto (phh-std): a TOML document per hand, every action in order, the
// dealing included, so that anyone can replay the hand to the same chips.
//
//     hand_state hand{config, 42};
//     ... play it ...
//     std::string document = write_phh(hand);   // variant = 'NT', antes = [...], actions = [...]

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerengine/play.hpp"

namespace pokerengine::play {

/// The PHH variant code of a game played under a structure: "NT" (no-limit
/// hold'em), "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
/// "FB"; `x-<game name>` for a game and structure PHH has no code for.
std::string phh_variant(const any_game& game, betting_structure structure);

/// Chips as the decimal text of a hand whose unit is 10^-decimals:
/// `money_text(206740, 2) == "2067.40"`.
std::string money_text(chips amount, int decimals);

/// The hand as a PHH document: the variant and its required fields (antes,
/// blinds or bring-in, bet sizes, starting stacks), every action in order
/// (hole and board dealing, bets, draws, shows; antes, blinds and burns are
/// implicit in PHH and not written) and, once the hand is complete, the
/// finishing stacks. For two players PHH lists the antes and blinds in
/// reverse seat order (the big blind first), and so does this writer.
/// Amounts are written in the unit of `decimals` fraction digits (a hand read
/// from a PHH file keeps its own).
/// Cards in `unknown` are written as `??` (a replayed hand's stand-ins).
std::string write_phh(const hand_state& hand, int decimals = 0, CardSet unknown = {});

/// A hand history that cannot be read: the message names the file, the hand
/// and, for an action, its index (0-based into `actions`) and its text.
class phh_error : public std::invalid_argument {
public:
    explicit phh_error(const std::string& message, std::optional<std::size_t> action = std::nullopt,
                       std::string action_text = {})
        : std::invalid_argument(message), action_(action), action_text_(std::move(action_text)) {}
    /// The action the error is about, when it is about one (an amount that is not a number).
    std::optional<std::size_t> action() const { return action_; }
    const std::string& action_text() const { return action_text_; }

private:
    std::optional<std::size_t> action_;
    std::string action_text_;
};

/// One hand read from a PHH document (`.phh`) or a table `[N]` of a `.phhs`.
/// Money is read from its decimal text, never through floating point: the
/// hand's unit is the smallest fraction any of its amounts uses, and every
/// amount (stacks, forced bets, bet sizes, the amounts in actions) becomes a
/// whole number of that unit.
struct phh_hand {
    std::string file;         // as given
    std::size_t index = 0;    // 0-based within the file
    std::string table;        // "3" for table [3] of a .phhs; empty for a .phh
    std::string variant;      // "NT", "FO/8", "x-five-card-draw", ...
    hand_config config;       // amounts in the hand's unit; heads-up arrays in seat order
    int decimals = 0;         // the unit is 10^-decimals of the file's money
    std::vector<std::string> actions;  // with amounts in the hand's unit
    std::vector<std::string> action_texts;  // as written in the file
    std::optional<std::vector<chips>> finishing_stacks;
    std::vector<std::pair<std::string, std::string>> other_fields;  // keys the engine does not use, kept
    std::vector<std::string> warnings;
};

/// How to read the variants where the engine has a choice.
struct phh_read_options {
    bool triton_short_deck = false;  // NS as `short-deck` (trips beat a straight) instead of `short-deck-wsop`
    // Documents in the plain form PHH writers use (`key = value` lines, numbers,
    // strings without escapes, arrays, `[N]` tables) are read by a fast reader
    // of that form, anything else by toml++; true sends every document to toml++.
    bool general_toml_reader = false;
};

/// A PHH document, read once, whose hands are made one at a time (a large
/// `.phhs` need not hold every hand at once). The constructor throws
/// `phh_error` for a document that is not TOML or holds no hands; `hand(i)`
/// throws `phh_error` naming the hand when that hand's fields are wrong.
class phh_document {
public:
    phh_document(std::string_view text, std::string_view file, const phh_read_options& options = {});
    std::size_t size() const;               // hands, in order: the tables by number
    phh_hand hand(std::size_t index) const;  // 0-based; safe to call from several threads
    const std::string& file() const;        // as given

private:
    struct contents;
    std::shared_ptr<const contents> contents_;
};

/// Reads every hand of a PHH document: one hand, or the tables `[1]`, `[2]`,
/// ... of a `.phhs`. Throws `phh_error` naming `file` and the hand.
std::vector<phh_hand> read_phh(std::string_view text, std::string_view file, const phh_read_options& options = {});

/// How to replay: the rule profile and whether to accept what lenient reading
/// allows (a fixed-limit raise recorded as an opponent's whole stack, R12).
struct replay_options {
    rule_profile rules = rule_profile::wsop_2024();
    bool lenient = false;
};

/// A replayed hand: the state as far as it went, and why it stopped if it failed.
struct replay_result {
    std::optional<hand_state> state;
    bool ok = false;
    std::string error;                  // empty when ok
    std::string code;                   // the action_error code, "bad_action" or "config_error"
    std::optional<std::size_t> action;  // 0-based index into `actions` of the failing action
    std::string action_text;
    std::vector<std::string> warnings;
    // Unknown cards (`??`) are dealt as stand-ins, cards of the deck that no
    // action names (or, for a seat that shows its cards later, the cards it
    // shows). A pot whose showdown involves a stand-in is undetermined: its
    // index in `state->result().pots` is listed here, and whatever the
    // engine awarded it is a guess that a report must not present as a result.
    CardSet stand_ins;
    std::vector<std::size_t> undetermined;
};

/// Replays a hand, dealing the recorded cards, each action in turn.
replay_result replay(const phh_hand& hand, const replay_options& options = {});

}  // namespace pokerengine::play
