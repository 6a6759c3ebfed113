#include <algorithm>
#include <array>
#include <cassert>
#include <variant>

#include "betting_policy.hpp"
#include "messages.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/stud.hpp"

// Betting: who acts, what each seat may do and what an action does to the
// round. Where the structures differ the hand asks its `betting_policy`,
// chosen once when the hand was made.
namespace pokerengine::play {

using detail::amount_text;
using detail::player_name;
using detail::refuse;

namespace {

bool split_game(const any_game& g) {
    return std::visit([](const auto& game) { return is_split_game<std::decay_t<decltype(game)>>; }, g);
}

showing_order stud_order(const any_game& g) {
    return std::visit(
        [](const auto& game) {
            using G = std::decay_t<decltype(game)>;
            return std::same_as<typename G::high_hand, no_hand> ? showing_order::low : showing_order::high;
        },
        g);
}

}  // namespace

// ------------------------------------------------------------- the round

chips hand_state::street_unit() const { return betting_->street_unit(config_.limits, plan().fixed_limit_bet); }

detail::raise_context hand_state::round_context(int seat) const {
    const auto i = static_cast<std::size_t>(seat);
    const chips level = call_level();
    return {level, high_bet_, full_level_, raise_size_, unit_, 0, bets_[i] + stacks_[i], completion_open_};
}

int hand_state::next_to_act(int after) const {
    for (int k = 1; k <= players_; ++k) {
        int s = (after + k) % players_;
        if (needs_to_act(s)) return s;
    }
    return -1;
}

bool hand_state::someone_can_put_in_more(int seat, chips level) const {
    for (int s = 0; s < players_; ++s) {
        const auto i = static_cast<std::size_t>(s);
        if (s != seat && can_bet(s) && stacks_[i] + bets_[i] > level) return true;
    }
    return false;
}

bool hand_state::raise_rights(int s) const {
    auto i = static_cast<std::size_t>(s);
    if (!acted_[i]) return true;
    // A full bet or raise since the seat acted re-opens the betting for it, whatever it added:
    // a completion is a full bet though it adds less than one to the bring-in.
    if (full_level_ > level_when_acted_[i]) return true;
    // Otherwise only all-ins short of a full raise came since; together they may make one (TR 96a).
    const chips since = call_level() - level_when_acted_[i];
    if (config_.rules.reopen_against_largest_raise) return since > 0 && since >= largest_raise_;
    return betting_->all_ins_reopen(since, unit_, raise_size_, config_.rules);
}

rule_profile::raise_cap_lift hand_state::cap_lift_rule() const {
    return config_.mode == play_mode::tournament ? config_.rules.cap_lift_tournament : config_.rules.cap_lift_cash;
}

bool hand_state::cap_reached() const {
    if (!betting_->capped || cap_lifted_) return false;
    const bool two_rounds = traits_->streets.count <= 2;  // single-draw games
    return bets_made_ >= (two_rounds ? config_.rules.fixed_limit_bets_two_rounds : config_.rules.fixed_limit_bets);
}

hand_state::raise_limits hand_state::limits_for(int s) const {
    const auto i = static_cast<std::size_t>(s);
    raise_limits r;
    const chips level = call_level();
    if (bets_[i] + stacks_[i] <= level) {
        r.refused = action_error_code::above_maximum;
        return r;
    }
    if (!someone_else_can_bet(s) || (config_.rules.raise_needs_a_caller && !someone_can_put_in_more(s, level))) {
        r.refused = action_error_code::nobody_left_to_call;
        return r;
    }
    if (!raise_rights(s)) {
        r.refused = action_error_code::betting_not_reopened;
        return r;
    }
    if (cap_reached()) {
        r.refused = action_error_code::raise_cap_reached;
        return r;
    }
    detail::raise_context round = round_context(s);
    round.pot_to = level + pot_total() + (level - bets_[i]);
    r.pot_to = round.pot_to;
    const detail::raise_range range = betting_->full_raise(round, config_.rules);
    r.min_to = range.min_to;
    r.max_to = range.max_to;
    if (round.reach < r.min_to) {  // the only raise left is all-in for less than a full raise
        r.max_to = round.reach;
        r.all_in_only = true;
        return r;
    }
    r.max_to = std::min(r.max_to, round.reach);
    return r;
}

legal_actions hand_state::legal() const {
    legal_actions l;
    l.at = phase_;
    if (phase_ == phase::complete || phase_ == phase::dealing) return l;
    l.seat = actor_;
    auto i = static_cast<std::size_t>(actor_);
    if (phase_ == phase::drawing) {
        l.can_draw = true;
        l.max_discards = static_cast<int>(hole_[i].cards.size());
        return l;
    }
    if (phase_ == phase::showdown) {
        if (choosing_runouts_) {
            l.can_choose_runouts = true;
            l.most_runouts = runout_limit_;
            return l;
        }
        l.can_show = true;
        l.any_order = shows_in_any_order();
        l.must_show = status_[i] == seat_status::all_in && config_.mode == play_mode::tournament;
        l.can_muck = !l.must_show;
        return l;
    }
    const chips owe = call_level() - bets_[i];
    if (bring_in_due_) {
        l.can_bring_in = true;
        l.bring_in_amount = std::min(config_.bring_in, stacks_[i]);
    } else {
        l.can_check = owe <= 0;
        l.can_call = owe > 0;
        l.call_amount = std::min(std::max<chips>(owe, 0), stacks_[i]);
        l.can_fold = owe > 0 || config_.mode == play_mode::cash_game || config_.rules.fold_when_check_is_free;
    }
    const raise_limits& r = actor_limits_;
    if (!r.refused) {
        l.can_raise = true;
        l.min_to = r.min_to;
        l.max_to = r.max_to;
        l.pot_to = r.pot_to;
        l.raise_is_all_in_only = r.all_in_only;
    }
    return l;
}

// ------------------------------------------------------------ checking

std::optional<action_error_code> hand_state::check_betting(const action& a, std::string* why) const {
    using k = action::kind;
    using code = action_error_code;
    auto who_text = [&a] { return player_name(a.seat); };
    const chips owe = call_level() - bets_[static_cast<std::size_t>(a.seat)];
    switch (a.what) {
        case k::post_bring_in:
            if (!bring_in_due_)
                return refuse(why, code::wrong_phase, [&] { return who_text() + " cannot bring in: no bring-in is due"; });
            return std::nullopt;
        case k::fold:
            if (bring_in_due_)
                return refuse(why, code::must_post_bring_in, [&] {
                    return who_text() + " cannot fold: they must post the bring-in or complete";
                });
            if (owe <= 0 && config_.mode == play_mode::tournament && !config_.rules.fold_when_check_is_free)
                return refuse(why, code::unnecessary_fold, [&] { return who_text() + " cannot fold: checking is free"; });
            return std::nullopt;
        case k::check_or_call:
            if (bring_in_due_)
                return refuse(why, code::must_post_bring_in, [&] {
                    return who_text() + " cannot check or call: they must post the bring-in or complete";
                });
            return std::nullopt;
        case k::complete_bet_or_raise_to:
            return check_raise(a, why);
        default:
            return refuse(why, code::wrong_phase, [&] { return who_text() + " cannot do that while betting"; });
    }
}

std::optional<action_error_code> hand_state::check_raise(const action& a, std::string* why) const {
    using code = action_error_code;
    const auto i = static_cast<std::size_t>(a.seat);
    const chips to = a.amount;
    assert(a.seat == actor_);  // check() refuses a bet out of turn first
    const raise_limits& r = actor_limits_;
    const chips reach = bets_[i] + stacks_[i];
    auto cannot = [&](code c, auto&& reason) {
        return refuse(why, c, [&] { return player_name(a.seat) + " cannot raise" + reason(); });
    };
    if (r.refused) {
        switch (*r.refused) {
            case code::nobody_left_to_call:
                return cannot(*r.refused, [] { return std::string(": every other player is all-in or has folded"); });
            case code::betting_not_reopened:
                return cannot(*r.refused, [&] {
                    return ": since they acted the bet rose only from " + amount_text(level_when_acted_[i]) + " to " +
                           amount_text(call_level()) + ", all-in short of a full raise";
                });
            case code::raise_cap_reached:
                return cannot(*r.refused,
                              [&] { return ": the betting is capped at " + std::to_string(bets_made_) + " bets"; });
            default:
                return cannot(*r.refused, [&] {
                    return " to " + amount_text(to) + ": they have " + amount_text(reach) + " in all, enough only to call";
                });
        }
    }
    const auto to_text = [&] { return " to " + amount_text(to) + ": "; };
    if (to > reach)
        return cannot(code::above_maximum, [&] { return to_text() + "they have only " + amount_text(reach); });
    if (to == reach && r.all_in_only) return std::nullopt;
    if (betting_->exact_amounts && to != r.min_to && to != reach)
        return cannot(to < r.min_to ? code::below_minimum : code::not_a_legal_amount, [&] {
            return to_text() + "the " + std::string(to_string(config_.structure)) + " amount is " +
                   amount_text(r.min_to);
        });
    if (to > r.max_to)
        return cannot(code::above_maximum, [&] {
            return to_text() + "the most is " + amount_text(r.max_to) + std::string(betting_->most_note);
        });
    const chips owe = call_level() - bets_[i];
    if (to < r.min_to && !(to == reach && to > owe + bets_[i]))
        return cannot(code::below_minimum, [&] { return to_text() + "the least is " + amount_text(r.min_to); });
    return std::nullopt;
}

// ------------------------------------------------------------- applying

void hand_state::perform_bet(const action& a) {
    using k = action::kind;
    const auto i = static_cast<std::size_t>(a.seat);
    switch (a.what) {
        case k::post_bring_in: {
            chips paid = std::min(config_.bring_in, stacks_[i]);
            stacks_[i] -= paid;
            bets_[i] += paid;
            if (stacks_[i] == 0) set_status(i, seat_status::all_in);
            history_.back().amount = paid;
            high_bet_ = std::max(high_bet_, bets_[i]);
            forced_level_ = config_.rules.full_forced_bet_to_call ? config_.bring_in : paid;
            bring_in_due_ = false;
            completion_open_ = config_.bring_in < unit_;
            if (!completion_open_) {  // a bring-in of a full bet is the bet
                full_level_ = config_.bring_in;
                raise_size_ = unit_;
                bets_made_ = config_.rules.cap_counts_forced_bet ? 1 : 0;
            }
            break;
        }
        case k::fold:
            set_status(i, seat_status::folded);
            reusable_ |= hole_[i].all();
            if (cap_lift_rule() == rule_profile::raise_cap_lift::heads_up_before_cap && live_count() == 2 &&
                !cap_reached())
                cap_lifted_ = true;
            after_betting_action(a.seat);
            return;
        case k::check_or_call: {
            chips paid = std::min(std::max<chips>(call_level() - bets_[i], 0), stacks_[i]);
            stacks_[i] -= paid;
            bets_[i] += paid;
            if (stacks_[i] == 0) set_status(i, seat_status::all_in);
            history_.back().amount = paid;
            break;
        }
        default:
            perform_raise(a);
            break;
    }
    acted_[i] = true;
    level_when_acted_[i] = call_level();
    after_betting_action(a.seat);
}

void hand_state::perform_raise(const action& a) {
    const auto i = static_cast<std::size_t>(a.seat);
    const raise_limits& r = actor_limits_;  // read before the next actor's limits replace them
    const detail::raise_context round = round_context(a.seat);
    const chips to = a.amount;
    stacks_[i] -= to - bets_[i];
    bets_[i] = to;
    if (stacks_[i] == 0) set_status(i, seat_status::all_in);
    bool full = !r.all_in_only && to >= r.min_to;
    if (!full) full = betting_->short_all_in_is_full(to, round, config_.rules);
    if (full) {
        raise_size_ = betting_->raise_size_after(to, round);
        full_level_ = to;
        ++bets_made_;
        completion_open_ = false;
    } else {
        if (config_.rules.cap_counts_short_all_ins) ++bets_made_;
        if (config_.rules.short_all_in_ends_completion) completion_open_ = false;
    }
    largest_raise_ = std::max(largest_raise_, to - high_bet_);
    high_bet_ = std::max(high_bet_, to);
    bring_in_due_ = false;
    last_aggressor_ = a.seat;
}

void hand_state::after_betting_action(int seat) {
    if (live_count() == 1) {
        finish();
        return;
    }
    const int next = next_to_act(seat);
    if (next >= 0) {
        set_betting_actor(next);
        return;
    }
    end_street();
}

// ------------------------------------------------------------ the round's start and end

int hand_state::stud_opener(opener_rule rule) const {
    const showing_order order = stud_order(config_.game);
    if (rule == opener_rule::lowest_up_card || rule == opener_rule::highest_up_card) {
        std::array<Card, max_seats> doors{};
        std::array<int, max_seats> seat_of{};
        std::size_t n = 0;
        for (int s = 0; s < players_; ++s) {
            const seat_cards& h = hole_[static_cast<std::size_t>(s)];
            if (!live(s)) continue;
            for (std::size_t c = 0; c < h.cards.size(); ++c)
                if (h.is_up(c)) {
                    doors[n] = h.cards[c];
                    seat_of[n++] = s;
                    break;
                }
        }
        return seat_of[bring_in(order, std::span<const Card>(doors.data(), n))];
    }
    std::array<CardSet, max_seats> up{};
    for (int s = 0; s < players_; ++s)
        if (live(s)) up[static_cast<std::size_t>(s)] = hole_[static_cast<std::size_t>(s)].up_cards();
    const std::span<const CardSet> all(up.data(), static_cast<std::size_t>(players_));
    int best = static_cast<int>(first_to_act(order, all));
    if (order == showing_order::high && config_.rules.stud_ties_by_suit && !split_game(config_.game)) {
        // Equal hands showing: the highest card by suit acts first (WSOP stud rules).
        auto top_card = [&](int s) {
            int top = -1;
            for (Card c : up[static_cast<std::size_t>(s)])
                top = std::max(top, static_cast<int>(c.rank()) * 4 + static_cast<int>(c.suit()));
            return top;
        };
        for (int s = 0; s < players_; ++s) {
            if (s == best || up[static_cast<std::size_t>(s)].empty()) continue;
            std::array<CardSet, 2> pair{up[static_cast<std::size_t>(best)], up[static_cast<std::size_t>(s)]};
            std::array<CardSet, 2> reversed{pair[1], pair[0]};
            const bool tie = first_to_act(order, pair) == 0 && first_to_act(order, reversed) == 0;
            if (tie && top_card(s) > top_card(best)) best = s;
        }
    }
    return best;
}

int hand_state::opener() const {
    const street_plan& p = plan();
    if (p.opener != opener_rule::position) return stud_opener(p.opener);
    return street_ == 0 ? config_.first_opener : 0;
}

bool hand_state::begin_betting() {
    acted_.fill(false);
    level_when_acted_.fill(0);
    high_bet_ = forced_level_ = full_level_ = raise_size_ = largest_raise_ = 0;
    bets_made_ = 0;
    bring_in_due_ = completion_open_ = false;
    last_aggressor_ = -1;
    unit_ = street_unit();
    const chips unit = unit_;
    using lift = rule_profile::raise_cap_lift;
    const lift rule = cap_lift_rule();
    cap_lifted_ = (rule == lift::hand_heads_up && players_ == 2) ||
                  ((rule == lift::round_heads_up || rule == lift::heads_up_before_cap) && live_count() == 2);
    const int first = opener();
    if (street_ == 0) {
        for (int s = 0; s < players_; ++s) high_bet_ = std::max(high_bet_, bets_[static_cast<std::size_t>(s)]);
        const chips nominal = config_.nominal_blind;
        if (nominal > 0) {
            forced_level_ = config_.rules.full_forced_bet_to_call ? nominal : high_bet_;
            full_level_ = forced_level_;
            raise_size_ = config_.rules.after_straddle == rule_profile::straddle_raise::plus_straddle
                              ? std::max(unit, nominal)
                              : unit;
            bets_made_ = config_.rules.cap_counts_forced_bet ? 1 : 0;
        }
        if (config_.bring_in > 0 && traits_->family == game_family::stud) {
            bring_in_due_ = true;
        }
    }
    round_opener_ = first;
    if (bring_in_due_ && betting_count() < 2) bring_in_due_ = false;
    // The first seat from the opener that owes a decision; a seat all-in from
    // the ante passes the bring-in to its left (R6).
    int actor = -1;
    for (int k = 0; k < players_ && actor < 0; ++k)
        if (needs_to_act((first + k) % players_)) actor = (first + k) % players_;
    if (actor < 0) {
        bring_in_due_ = false;
        return false;
    }
    phase_ = phase::betting;
    set_betting_actor(actor);
    return true;
}

void hand_state::collect_bets() {
    // An uncalled bet comes back: the largest bet is cut to the second largest.
    std::size_t top = 0;
    chips second = 0;
    for (std::size_t s = 1; s < static_cast<std::size_t>(players_); ++s) {
        if (bets_[s] > bets_[top]) {
            second = bets_[top];
            top = s;
        } else {
            second = std::max(second, bets_[s]);
        }
    }
    if (bets_[top] > second) {
        stacks_[top] += bets_[top] - second;
        bets_[top] = second;
        if (status_[top] == seat_status::all_in && stacks_[top] > 0) set_status(top, seat_status::in_hand);
    }
    for (std::size_t s = 0; s < static_cast<std::size_t>(players_); ++s) {
        committed_[s] += bets_[s];
        collected_ += bets_[s];
        bets_[s] = 0;
    }
}

}  // namespace pokerengine::play
