#pragma once
// A hand as a history records it, whatever the file format (PHH today), and
// its replay: the configuration, the actions parsed once by the notation
// layer, and the cards the record does not know.
//
//     for (const recorded_hand& hand : read_phh(text, "day1.phhs"))
//         if (replay_result r = replay(hand); !r.ok) std::cerr << r.error << '\n';

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"

namespace pokerengine::play {

/// One hand read from a history: a PHH document (`.phh`) or a table `[N]` of
/// a `.phhs`, or any other format whose reader makes one. Money is a whole
/// number of the hand's unit, 10^-decimals of the file's money (read from its
/// decimal text, never through floating point).
struct recorded_hand {
    std::string file;         // as given
    std::size_t index = 0;    // 0-based within the file
    std::string table;        // "3" for table [3] of a .phhs; empty for a .phh
    std::string variant;      // "NT", "FO/8", "x-five-card-draw", ...
    hand_config config;       // amounts in the hand's unit; heads-up arrays in seat order; the rules played under
    int decimals = 0;         // the unit is 10^-decimals of the file's money
    std::vector<recorded_action> actions;   // parsed, amounts in the hand's unit
    std::vector<std::string> action_texts;  // as written in the file, one per action
    std::optional<std::vector<chips>> finishing_stacks;
    std::vector<std::string> players;  // names in seat order, when the history gives one per seat
    std::vector<std::pair<std::string, std::string>> other_fields;  // keys the engine does not use, kept
    std::vector<std::string> warnings;
};
/// The name the hand had when PHH was the only format.
using phh_hand = recorded_hand;

/// How to replay: the rule profile (none: the hand's own, `config.rules`,
/// which a PHH file records as `_rule_profile`; `wsop-2024` when it does not)
/// and whether to accept what lenient reading allows (a fixed-limit raise
/// recorded as an opponent's whole stack, R12).
struct replay_options {
    std::optional<rule_profile> rules;
    bool lenient = false;
    /// Called once before each action is applied, with the state it applies
    /// to (unknown cards already stood in for): what statistics read a hand by.
    std::function<void(const hand_state& before, const action& next)> observer;
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
replay_result replay(const recorded_hand& hand, const replay_options& options = {});

}  // namespace pokerengine::play
