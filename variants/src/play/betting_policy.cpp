#include "betting_policy.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "messages.hpp"

namespace pokerengine::detail {
namespace {

using code = config_error_code;

void check_bet(chips amount, std::string_view field) {
    if (amount > chip_limit)
        throw config_error(code::amount_out_of_range,
                           std::string(field) + ": " + std::to_string(amount) + " is more than 2^62 chips");
}

// Fixed limit: every bet and raise is one unit, the small bet on the early
// streets and the big bet on the late ones, and a round is capped.
namespace fixed {

chips street_unit(const stakes& limits, bet_size size) {
    return size == bet_size::big ? limits.big_bet : limits.small_bet;
}

raise_range full_raise(const raise_context& r, const rule_profile& rules) {
    chips to = 0;
    if (rules.fixed_limit_half_bet_rule) to = r.full_level + r.unit;
    else to = r.completion_open || r.high_bet == 0 ? r.unit : r.high_bet + r.unit;
    return {to, to};
}

bool all_ins_reopen(chips since, chips unit, chips, const rule_profile& rules) {
    return rules.fixed_limit_half_bet_rule ? 2 * since >= unit : since >= unit;
}

bool short_all_in_is_full(chips to, const raise_context& r, const rule_profile& rules) {
    return rules.fixed_limit_half_bet_rule && 2 * (to - r.full_level) >= r.unit;
}

chips raise_size_after(chips, const raise_context& r) { return r.raise_size; }

void validate(const stakes& limits, chips bring_in) {
    if (limits.small_bet <= 0 || limits.big_bet <= 0)
        throw config_error(code::missing_bet_size, "small_bet and big_bet: fixed limit needs both, positive");
    check_bet(limits.big_bet, "big_bet");
    if (limits.big_bet < limits.small_bet)
        throw config_error(code::big_bet_below_small_bet, "big_bet: must be at least the small bet");
    if (bring_in > limits.small_bet)
        throw config_error(code::bring_in_above_bet,
                           "bring_in: must be at most the small bet (" + std::to_string(limits.small_bet) + ")");
}

}  // namespace fixed

// Pot and no limit: a raise is at least the last raise (and the minimum bet),
// up to the pot or to the whole stack.
namespace sized {

chips street_unit(const stakes& limits, bet_size) { return limits.min_bet; }

chips least(const raise_context& r) {
    return r.completion_open ? r.unit : r.level + std::max(r.raise_size, r.unit);
}

raise_range pot_raise(const raise_context& r, const rule_profile&) {
    const chips min_to = least(r);
    return {min_to, std::max(min_to, r.pot_to)};
}

raise_range any_raise(const raise_context& r, const rule_profile&) { return {least(r), r.reach}; }

bool all_ins_reopen(chips since, chips, chips raise_size, const rule_profile&) {
    return since > 0 && since >= raise_size;
}

bool short_all_in_is_full(chips, const raise_context&, const rule_profile&) { return false; }

chips raise_size_after(chips to, const raise_context& r) { return std::max(to - r.level, r.unit); }

void validate(const stakes& limits, chips bring_in) {
    if (limits.min_bet <= 0)
        throw config_error(code::missing_bet_size, "min_bet: pot and no limit need a positive minimum bet");
    check_bet(limits.min_bet, "min_bet");
    if (bring_in > limits.min_bet)
        throw config_error(code::bring_in_above_bet,
                           "bring_in: must be at most the minimum bet (" + std::to_string(limits.min_bet) + ")");
}

}  // namespace sized

// In the order of `betting_structure`.
constexpr std::array<betting_policy, 3> policies{{
    {betting_structure::fixed_limit, true, true, "", fixed::street_unit, fixed::full_raise, fixed::all_ins_reopen,
     fixed::short_all_in_is_full, fixed::raise_size_after, fixed::validate},
    {betting_structure::pot_limit, false, false, " (the size of the pot)", sized::street_unit, sized::pot_raise,
     sized::all_ins_reopen, sized::short_all_in_is_full, sized::raise_size_after, sized::validate},
    {betting_structure::no_limit, false, false, "", sized::street_unit, sized::any_raise, sized::all_ins_reopen,
     sized::short_all_in_is_full, sized::raise_size_after, sized::validate},
}};

}  // namespace

constexpr bool in_order() {
    for (std::size_t i = 0; i < policies.size(); ++i)
        if (static_cast<std::size_t>(policies[i].structure) != i) return false;
    return true;
}
static_assert(in_order(), "betting policies: one per betting_structure, in the enum's order");

const betting_policy& policy_for(betting_structure structure) {
    return policies.at(static_cast<std::size_t>(structure));
}

}  // namespace pokerengine::detail
