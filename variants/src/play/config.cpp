#include <algorithm>
#include <array>

#include "betting_policy.hpp"
#include "messages.hpp"
#include "pokerengine/play.hpp"

// The configuration of a hand: names, rule profiles, forced bets and the
// checks of `hand_config`.
namespace pokerengine::play {

using detail::chip_limit;
using detail::player_name;

namespace {

// Cards the deal needs when every player stays to the end, with the stud
// community card when the deck runs short: whether the deck is large enough.
bool deal_fits(const game_traits& t, int players) {
    int left = deck_cards(t.deck).size();
    for (const street_plan& s : t.streets.streets()) {
        const int per_seat = s.down_cards + s.up_cards;
        if (s.draw) continue;  // draws reshuffle
        if (t.family == game_family::stud && s.burn && left < per_seat * players + 1) {
            if (left < 1) return false;
            left -= left >= 2 ? 2 : 1;  // burn if it can, then one community card
            continue;
        }
        left -= (s.burn ? 1 : 0) + per_seat * players + s.board_cards;
        if (left < 0) return false;
    }
    return true;
}

}  // namespace

// ------------------------------------------------------------------ names

std::string_view to_string(dealing_order order) {
    return order == dealing_order::card_by_card ? "card-by-card" : "whole-shuffle";
}

dealing_order parse_dealing_order(std::string_view name) {
    for (dealing_order order : {dealing_order::whole_shuffle, dealing_order::card_by_card})
        if (name == to_string(order)) return order;
    throw config_error(config_error_code::unknown_dealing_order,
                       "dealing: '" + printable(name) + "' is not an order (whole-shuffle or card-by-card)");
}

std::string_view to_string(phase p) {
    switch (p) {
        case phase::dealing: return "dealing";
        case phase::drawing: return "drawing";
        case phase::betting: return "betting";
        case phase::showdown: return "showdown";
        case phase::complete: break;
    }
    return "complete";
}

std::string_view to_string(action_error_code code) {
    switch (code) {
        case action_error_code::not_your_turn: return "not_your_turn";
        case action_error_code::wrong_phase: return "wrong_phase";
        case action_error_code::below_minimum: return "below_minimum";
        case action_error_code::above_maximum: return "above_maximum";
        case action_error_code::not_a_legal_amount: return "not_a_legal_amount";
        case action_error_code::raise_cap_reached: return "raise_cap_reached";
        case action_error_code::betting_not_reopened: return "betting_not_reopened";
        case action_error_code::nobody_left_to_call: return "nobody_left_to_call";
        case action_error_code::card_not_in_deck: return "card_not_in_deck";
        case action_error_code::card_already_dealt: return "card_already_dealt";
        case action_error_code::wrong_card_count: return "wrong_card_count";
        case action_error_code::discard_not_held: return "discard_not_held";
        case action_error_code::too_many_discards: return "too_many_discards";
        case action_error_code::must_post_bring_in: return "must_post_bring_in";
        case action_error_code::must_show: return "must_show";
        case action_error_code::hand_complete: return "hand_complete";
        case action_error_code::unnecessary_fold: break;
    }
    return "unnecessary_fold";
}

std::string_view to_string(config_error_code code) {
    using c = config_error_code;
    switch (code) {
        case c::player_count: return "player_count";
        case c::stack_not_positive: return "stack_not_positive";
        case c::too_many_chips: return "too_many_chips";
        case c::wrong_length: return "wrong_length";
        case c::amount_out_of_range: return "amount_out_of_range";
        case c::bring_in_in_blind_game: return "bring_in_in_blind_game";
        case c::blinds_in_stud_game: return "blinds_in_stud_game";
        case c::bring_in_above_bet: return "bring_in_above_bet";
        case c::missing_bet_size: return "missing_bet_size";
        case c::big_bet_below_small_bet: return "big_bet_below_small_bet";
        case c::missing_big_blind: return "missing_big_blind";
        case c::small_blind_above_big_blind: return "small_blind_above_big_blind";
        case c::too_many_for_deck: return "too_many_for_deck";
        case c::unknown_rule_profile: return "unknown_rule_profile";
        case c::bet_size_for_other_structure: return "bet_size_for_other_structure";
        case c::rule_out_of_range: return "rule_out_of_range";
        case c::unknown_dealing_order: return "unknown_dealing_order";
        case c::cap_below_forced_bets: break;
    }
    return "cap_below_forced_bets";
}

// --------------------------------------------------------------- profiles

rule_profile rule_profile::wsop_2024() { return {}; }

rule_profile rule_profile::roberts() {
    rule_profile r;
    r.name = "roberts";
    r.fixed_limit_bets = 4;
    r.fixed_limit_bets_two_rounds = 5;
    r.cap_lift_tournament = raise_cap_lift::heads_up_before_cap;
    r.cap_lift_cash = raise_cap_lift::heads_up_before_cap;
    r.stud_ties_by_suit = false;
    r.odd_chip = stud_odd_chip::all_cards_by_suit;
    r.after_straddle = straddle_raise::plus_straddle;
    return r;
}

rule_profile rule_profile::pokerkit() {
    rule_profile r;
    r.name = "pokerkit";
    r.fixed_limit_half_bet_rule = false;
    r.fixed_limit_bets = 4;
    r.fixed_limit_bets_two_rounds = 4;
    r.cap_lift_tournament = raise_cap_lift::never;
    r.cap_lift_cash = raise_cap_lift::never;
    r.full_forced_bet_to_call = false;
    r.stud_ties_by_suit = false;
    r.odd_chip = stud_odd_chip::seat_order;
    r.reshuffle_current_discards = true;
    r.raise_needs_a_caller = true;
    r.cap_counts_short_all_ins = true;
    r.odd_chips_to_first_winner = true;
    r.cap_counts_forced_bet = false;
    r.reopen_against_largest_raise = true;
    r.short_all_in_ends_completion = true;
    r.stud_hole_cards_from_reserve = true;
    return r;
}

rule_profile rule_profile::named(std::string_view name) {
    if (name == "wsop-2024" || name == "wsop" || name == "wsop_2024") return wsop_2024();
    if (name == "roberts") return roberts();
    if (name == "pokerkit") return pokerkit();
    throw config_error(config_error_code::unknown_rule_profile,
                       "unknown rule profile '" + printable(name) + "' (valid: wsop-2024, roberts, pokerkit)");
}

// ----------------------------------------------------------- configuration

std::vector<chips> forced_bets::blinds(int players, std::span<const chips> amounts) {
    if (players < 2 || players > max_seats)
        throw config_error(config_error_code::player_count, "blinds: a hand has 2 to " + std::to_string(max_seats) +
                                                                " players, not " + std::to_string(players));
    if (amounts.size() > static_cast<std::size_t>(players))
        throw config_error(config_error_code::wrong_length, "blinds: " + std::to_string(amounts.size()) +
                                                                " blinds and straddles for " +
                                                                std::to_string(players) + " players");
    std::vector<chips> per_seat(static_cast<std::size_t>(players), 0);
    if (players == 2) {
        if (amounts.size() > 0) per_seat[1] = amounts[0];  // the button posts the small blind
        if (amounts.size() > 1) per_seat[0] = amounts[1];
    } else {
        std::copy(amounts.begin(), amounts.end(), per_seat.begin());
    }
    return per_seat;
}

betting_structure hand_config::usual_structure(const any_game& game) { return traits_of(game).usual_structure; }

hand_config hand_config::standard(std::string_view game, betting_structure structure, int players, chips stack) {
    hand_config c;
    c.game = find_game(game);
    c.structure = structure;
    c.starting_stacks.assign(static_cast<std::size_t>(std::max(players, 0)), stack);
    if (traits_of(c.game).family == game_family::stud) {
        c.forced.antes.assign(c.starting_stacks.size(), 1);
        c.forced.bring_in = 2;
    } else {
        const std::array<chips, 2> small_big{1, 2};
        c.forced.blinds_or_straddles = forced_bets::blinds(players, small_big);
    }
    c.limits = {2, 4, 2};
    return c;
}

namespace {
// One amount for every seat, or one per seat.
std::vector<chips> per_seat(std::string_view field, const std::vector<chips>& given, int seats, chips fallback) {
    if (given.empty()) return std::vector<chips>(static_cast<std::size_t>(std::max(seats, 0)), fallback);
    if (given.size() == 1) return std::vector<chips>(static_cast<std::size_t>(std::max(seats, 0)), given[0]);
    if (given.size() != static_cast<std::size_t>(seats))
        throw config_error(config_error_code::wrong_length, std::string(field) + ": one amount or one per seat (" +
                                                                std::to_string(seats) + "), got " +
                                                                std::to_string(given.size()));
    return given;
}
}  // namespace

hand_config hand_config::from_options(std::string_view game, const hand_options& o) {
    using code = config_error_code;
    hand_config c;
    c.game = find_game(game);
    const bool stud = traits_of(c.game).family == game_family::stud;
    c.structure = o.structure.value_or(usual_structure(c.game));
    if (o.seats < 2 || o.seats > max_seats)
        throw config_error(code::player_count,
                           "seats: a hand needs 2 to " + std::to_string(max_seats) + " players, got " +
                               std::to_string(o.seats));
    c.starting_stacks = per_seat("stacks", o.stacks, o.seats, 200);
    if (stud && o.blinds)
        throw config_error(code::blinds_in_stud_game, "blinds: stud games have antes and a bring-in, not blinds");
    if (!stud && o.bring_in)
        throw config_error(code::bring_in_in_blind_game, "bring_in: for stud games only");
    const std::vector<chips> blinds = stud ? std::vector<chips>{} : o.blinds.value_or(std::vector<chips>{1, 2});
    if (stud) c.forced.bring_in = o.bring_in.value_or(2);
    else c.forced.blinds_or_straddles = forced_bets::blinds(o.seats, blinds);
    if (!o.antes.empty() || stud) c.forced.antes = per_seat("antes", o.antes, o.seats, 1);
    const bool fixed = c.structure == betting_structure::fixed_limit;
    if (fixed && o.min_bet)
        throw config_error(code::bet_size_for_other_structure,
                           "min_bet: for pot and no limit; fixed limit takes small_bet and big_bet");
    if (!fixed && (o.small_bet || o.big_bet))
        throw config_error(code::bet_size_for_other_structure,
                           "small_bet and big_bet: for fixed limit; pot and no limit take min_bet");
    const chips big_blind = blinds.size() >= 2 && blinds[1] > 0 ? blinds[1] : 2;
    c.limits.small_bet = o.small_bet.value_or(2);
    c.limits.big_bet = o.big_bet.value_or(2 * c.limits.small_bet);
    c.limits.min_bet = o.min_bet.value_or(big_blind);
    c.validate();
    return c;
}

void hand_config::validate() const {
    using code = config_error_code;
    const int n = players();
    const game_traits& t = traits_of(game);
    if (n < 2 || n > max_seats)
        throw config_error(code::player_count, "starting_stacks: a hand needs 2 to " + std::to_string(max_seats) +
                                                   " players, got " + std::to_string(n));
    chips total = 0;
    for (int i = 0; i < n; ++i) {
        chips s = starting_stacks[static_cast<std::size_t>(i)];
        if (s <= 0)
            throw config_error(code::stack_not_positive, "starting_stacks: " + player_name(i) + " has " +
                                                             std::to_string(s) + " chips; every stack must be positive");
        if (s > chip_limit - total)
            throw config_error(code::too_many_chips, "starting_stacks: the stacks add up to more than 2^62 chips");
        total += s;
    }
    auto check_array = [&](const std::vector<chips>& a, std::string_view field) {
        if (!a.empty() && a.size() != static_cast<std::size_t>(n))
            throw config_error(code::wrong_length, std::string(field) + ": " + std::to_string(a.size()) +
                                                       " entries for " + std::to_string(n) + " players");
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] < 0 || a[i] > chip_limit)
                throw config_error(code::amount_out_of_range, std::string(field) + ": " +
                                                                  player_name(static_cast<int>(i)) + "'s amount " +
                                                                  std::to_string(a[i]) + " is out of range");
    };
    check_array(forced.antes, "antes");
    check_array(forced.blinds_or_straddles, "blinds_or_straddles");
    check_array(forced.live_posts, "live_posts");
    const bool any_blind = std::any_of(forced.blinds_or_straddles.begin(), forced.blinds_or_straddles.end(),
                                       [](chips c) { return c > 0; });
    if (forced.bring_in < 0)
        throw config_error(code::amount_out_of_range, "bring_in: the bring-in cannot be negative");
    if (forced.bring_in > 0 && t.family != game_family::stud)
        throw config_error(code::bring_in_in_blind_game,
                           "bring_in: " + std::string(t.name) + " has blinds, not a bring-in");
    if (forced.bring_in > 0 && any_blind)
        throw config_error(code::blinds_in_stud_game,
                           "blinds_or_straddles: a stud game with a bring-in has no blinds");
    detail::policy_for(structure).validate(limits, forced.bring_in);
    if (rules.most_runouts < 1 || rules.most_runouts > 4)
        throw config_error(code::rule_out_of_range, "rules: most_runouts must be 1 to 4, got " +
                                                        std::to_string(rules.most_runouts));
    if (dealing != dealing_order::whole_shuffle && dealing != dealing_order::card_by_card)
        throw config_error(code::unknown_dealing_order,
                           "dealing: order " + std::to_string(static_cast<int>(dealing)) +
                               " is not known (whole_shuffle or card_by_card)");
    if (cap < 0 || cap > chip_limit)
        throw config_error(code::amount_out_of_range, "cap: " + std::to_string(cap) + " is out of range");
    for (int i = 0; i < n && cap > 0; ++i) {
        // Each amount is from 0 to 2^62 (checked above): their sum fits unsigned.
        auto of = [i](const std::vector<chips>& a) {
            return a.empty() ? std::uint64_t{0} : static_cast<std::uint64_t>(a[static_cast<std::size_t>(i)]);
        };
        const std::uint64_t posted = of(forced.antes) + of(forced.blinds_or_straddles) + of(forced.live_posts);
        if (posted > static_cast<std::uint64_t>(cap))
            throw config_error(code::cap_below_forced_bets, "cap: " + std::to_string(cap) + " is below the " +
                                                                std::to_string(posted) + " chips " + player_name(i) +
                                                                " must post");
    }
    if (!deal_fits(t, n))
        throw config_error(code::too_many_for_deck, "starting_stacks: " + std::to_string(n) +
                                                        " players are too many for " + std::string(t.name) +
                                                        "'s deck of " + std::to_string(deck_cards(t.deck).size()) +
                                                        " cards");
}

// ------------------------------------------------------------------ cards

CardSet seat_cards::up_cards() const {
    CardSet up;
    for (std::size_t i = 0; i < cards.size(); ++i)
        if (is_up(i)) up |= cards[i];
    return up;
}

CardSet seat_cards::all() const {
    CardSet s;
    for (Card c : cards) s |= c;
    return s;
}

action legal_actions::passive() const {
    const int s = seat.value_or(-1);
    if (at == phase::drawing) return action::discard(s, {});
    if (can_choose_runouts) return action::choose_runouts_by(s, 1);
    if (at == phase::showdown) return can_show ? action::show_by(s) : action::muck_by(s);
    if (can_bring_in) return action::bring_in_by(s);
    return action::check_or_call_by(s);
}

}  // namespace pokerengine::play
