#pragma once
// The rule choices where the rule books disagree, as one value: the WSOP 2024
// rules (the default), Robert's Rules, or pokerkit's choices for replaying its
// histories. A hand (play.hpp) and a table (table.hpp) read every such choice
// from here; docs/play.md section 9 gives each field's sources.
//
//     rule_profile rules = rule_profile::named("roberts");
//     rules.fixed_limit_bets = 5;                   // a house variation
//     rules.name = "house";

#include <cstdint>
#include <string>
#include <string_view>

#include "pokerengine/settlement.hpp"

namespace pokerengine::play {

/// The choices where the rule books disagree (see docs/play.md for the sources).
struct rule_profile {
    enum class raise_cap_lift : std::uint8_t {
        never,                // the cap always holds
        hand_heads_up,        // unlimited when only two players were dealt in (tournament TR 100b)
        round_heads_up,       // unlimited when the betting round begins with two players (LAR 127)
        heads_up_before_cap,  // unlimited once two players are left before the cap is reached (Robert's)
    };
    enum class straddle_raise : std::uint8_t {
        plus_min_bet,   // the minimum raise after a straddle is the straddle plus the big blind (LAR 11)
        plus_straddle,  // a straddle sets the raise size: the minimum is twice the straddle (Robert's)
    };
    using stud_odd_chip = pokerengine::stud_odd_chip;  // R8, settlement.hpp

    // Every field below is listed once more in notation.cpp (`profile_fields`),
    // which writes profiles into saved hands and PHH: add a new field there too.
    std::string name = "wsop-2024";
    bool fixed_limit_half_bet_rule = true;               // R2: an all-in of half a bet or more is a full bet
    int fixed_limit_bets = 5;                            // R3: bet plus raises allowed per round
    int fixed_limit_bets_two_rounds = 5;                 // R3: the same in games of two betting rounds
    raise_cap_lift cap_lift_tournament = raise_cap_lift::hand_heads_up;
    raise_cap_lift cap_lift_cash = raise_cap_lift::round_heads_up;
    bool full_forced_bet_to_call = true;                 // R4, R5: a short blind or bring-in is called in full
    bool stud_ties_by_suit = true;                       // R7: stud high, equal up hands: highest card by suit
    stud_odd_chip odd_chip = stud_odd_chip::best_five_by_suit;  // R8
    straddle_raise after_straddle = straddle_raise::plus_min_bet;  // R9
    bool reshuffle_current_discards = false;             // R10: a draw reshuffle takes this round's discards
    bool fold_when_check_is_free = false;                // R13 (tournament): allowed
    bool raise_needs_a_caller = false;         // pokerkit: no raise unless another seat can put in more than the bet
    bool cap_counts_short_all_ins = false;     // pokerkit: an all-in short of a raise counts toward the cap
    bool odd_chips_to_first_winner = false;    // pokerkit: every odd chip of a split to the first tied seat
    // R3: the blinds, or a bring-in of a full bet, are the first bet of the fixed-limit cap.
    // pokerkit counts only completions, bets and raises: pre-flop the blind and four raises.
    bool cap_counts_forced_bet = true;
    // pokerkit: an all-in re-opens the betting when it rises by at least the largest completion,
    // bet or raise of the round, which starts at zero (blinds and bring-in set none): the
    // first short all-in of a round re-opens it. Otherwise a full raise is needed (TR 96).
    bool reopen_against_largest_raise = false;
    // pokerkit: an all-in above the bring-in but short of the completion ends the completion:
    // the next seat raises to the all-in plus a full bet (bring-in 2, all-in 3, bets 10: to 13).
    bool short_all_in_ends_completion = false;
    // pokerkit (docs/play.md 8.10): stud deals one community card only when the stub and the
    // burned and mucked cards together are short of a card per seat; otherwise it burns and deals
    // every seat its card, going on from those cards reshuffled when the stub runs out. Without
    // it the community card comes when the stub after the burn is short (Robert's Rules).
    bool stud_hole_cards_from_reserve = false;
    // Cash games: at an all-in with board cards to come, each seat may ask for the rest of
    // the board to be dealt up to this many times (1 to 4); it is when every seat asks the
    // same number, each board then settling its share of every pot. 1: always once.
    int most_runouts = 1;

    /// The settlement part (R8): what `settle` and the hand's payouts follow.
    settlement_rules settling() const { return {odd_chip, odd_chips_to_first_winner}; }

    /// WSOP 2024 Tournament and Live Action Rules (the default).
    static rule_profile wsop_2024();
    /// Robert's Rules of Poker (Bob Ciaffone).
    static rule_profile roberts();
    /// The rule choices of pokerkit 0.7, for replaying its hand histories.
    static rule_profile pokerkit();
    /// "wsop-2024" (or "wsop"), "roberts", "pokerkit"; throws `config_error` (a
    /// `std::invalid_argument`, code `unknown_rule_profile`) otherwise.
    static rule_profile named(std::string_view name);

    friend bool operator==(const rule_profile&, const rule_profile&) = default;
};

}  // namespace pokerengine::play
