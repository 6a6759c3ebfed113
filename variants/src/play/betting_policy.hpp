#pragma once
// The rules of each betting structure, one policy each, chosen once when the
// hand is made (internal). The state machine asks its policy wherever the
// structures differ, so a new structure is one more policy here.

#include <string_view>

#include "pokerengine/play.hpp"

namespace pokerengine::detail {

using play::betting_structure;
using play::config_error;
using play::config_error_code;
using play::rule_profile;
using play::stakes;
using play::action_error_code;


/// What a raise's bounds depend on, read from the betting round.
struct raise_context {
    chips level = 0;       // the amount to call to
    chips high_bet = 0;    // the largest bet this street
    chips full_level = 0;  // the bet after the last full bet or raise
    chips raise_size = 0;  // the last full raise increment
    chips unit = 0;        // the street's bet unit
    chips pot_to = 0;      // the size of a pot raise (filled in only for the bounds)
    chips reach = 0;       // the seat's bet and stack together
    bool completion_open = false;  // stud: the bring-in may still be completed
};

/// The least and the most a full bet or raise may go to, before the stack cuts it.
struct raise_range {
    chips min_to = 0, max_to = 0;
};

struct betting_policy {
    betting_structure structure;
    /// A round's bets and raises are capped (R3).
    bool capped;
    /// A raise goes to exactly `min_to` (or all-in), never between.
    bool exact_amounts;
    /// Said after the most a raise may go to.
    std::string_view most_note;
    /// The street's bet unit: the small or big bet, or the minimum bet.
    chips (*street_unit)(const stakes& limits, bet_size size);
    /// The bounds of a full bet or raise.
    raise_range (*full_raise)(const raise_context& round, const rule_profile& rules);
    /// Whether all-ins that raised the bet by `since` since a seat acted
    /// re-open the betting for it (TR 96a), the profile's own rule aside.
    bool (*all_ins_reopen)(chips since, chips unit, chips raise_size, const rule_profile& rules);
    /// Whether an all-in to `to`, short of a full raise, still counts as one (R2).
    bool (*short_all_in_is_full)(chips to, const raise_context& round, const rule_profile& rules);
    /// The raise size after a full raise to `to`.
    chips (*raise_size_after)(chips to, const raise_context& round);
    /// Throws `config_error` when the stakes lack what the structure needs.
    void (*validate)(const stakes& limits, chips bring_in);
};

/// The policy of a structure, in static storage.
const betting_policy& policy_for(betting_structure structure);

}  // namespace pokerengine::detail
