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

#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/replay.hpp"
#include "pokerengine/table.hpp"

namespace pokerengine::play {

/// The PHH variant code of a game played under a structure: "NT" (no-limit
/// hold'em), "FT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
/// "FB"; `x-<game name>` for a game and structure PHH has no code for.
std::string phh_variant(const any_game& game, betting_structure structure);

/// The hand as a PHH document: the variant and its required fields (antes,
/// blinds or bring-in, bet sizes, starting stacks), every action in order
/// (hole and board dealing, bets, draws, shows; antes, blinds and burns are
/// implicit in PHH and not written) and, once the hand is complete, the
/// finishing stacks. For two players PHH lists the antes and blinds in
/// reverse seat order (the big blind first), and so does this writer.
/// Amounts are written in the unit of `decimals` fraction digits (a hand read
/// from a PHH file keeps its own).
/// Cards in `unknown` are written as `??` (a replayed hand's stand-ins).
/// A rule profile other than `wsop-2024` is written as the user field
/// `_rule_profile` (`rule_profile_text`), which `read_phh` reads back.
std::string write_phh(const hand_state& hand, int decimals = 0, CardSet unknown = {});

/// The hand last started at a table, as a table `[N]` of a `.phhs` document:
/// `write_phh(hand)` with the PHH optional fields `hand`, `seats` (1-based),
/// `seat_count` and `players`. Throws `std::invalid_argument` for another hand.
std::string phhs_entry(const table& at, const hand_state& hand);

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
/// ... of a `.phhs`. Throws `phh_error` naming `file` and the hand. Each
/// action is parsed once (`read_action`); one that is not an action is kept
/// with its error, and `replay` stops there (`bad_action`), while an amount
/// that is not a decimal number is an error of the hand.
std::vector<phh_hand> read_phh(std::string_view text, std::string_view file, const phh_read_options& options = {});

}  // namespace pokerengine::play
