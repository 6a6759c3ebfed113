#include "pokerengine/play.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <limits>
#include <numeric>
#include <sstream>
#include <variant>

#include "pokerengine/stud.hpp"

namespace pokerengine::play {
namespace {

constexpr chips chip_limit = chips{1} << 62;

std::string player_name(int seat) { return "player " + std::to_string(seat + 1); }

std::string amount_text(chips c) {
    std::string digits = std::to_string(c < 0 ? -c : c), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return c < 0 ? "-" + out : out;
}

bool stud_game(const any_game& g) { return traits_of(g).family == game_family::stud; }

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
        case c::unknown_rule_profile: break;
    }
    return "unknown_rule_profile";
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
    if (stud_game(c.game)) {
        c.forced.antes.assign(c.starting_stacks.size(), 1);
        c.forced.bring_in = 2;
    } else {
        const std::array<chips, 2> small_big{1, 2};
        c.forced.blinds_or_straddles = forced_bets::blinds(players, small_big);
    }
    c.limits = {2, 4, 2};
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
    auto check_bet = [](chips amount, std::string_view field) {
        if (amount > chip_limit)
            throw config_error(code::amount_out_of_range, std::string(field) + ": " + std::to_string(amount) +
                                                              " is more than 2^62 chips");
    };
    if (structure == betting_structure::fixed_limit) {
        if (limits.small_bet <= 0 || limits.big_bet <= 0)
            throw config_error(code::missing_bet_size, "small_bet and big_bet: fixed limit needs both, positive");
        check_bet(limits.big_bet, "big_bet");
        if (limits.big_bet < limits.small_bet)
            throw config_error(code::big_bet_below_small_bet, "big_bet: must be at least the small bet");
        if (forced.bring_in > limits.small_bet)
            throw config_error(code::bring_in_above_bet, "bring_in: must be at most the small bet (" +
                                                             std::to_string(limits.small_bet) + ")");
    } else {
        if (limits.min_bet <= 0)
            throw config_error(code::missing_bet_size, "min_bet: pot and no limit need a positive minimum bet");
        check_bet(limits.min_bet, "min_bet");
        if (forced.bring_in > limits.min_bet)
            throw config_error(code::bring_in_above_bet, "bring_in: must be at most the minimum bet (" +
                                                             std::to_string(limits.min_bet) + ")");
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
    if (at == phase::showdown) return can_show ? action::show_by(s) : action::muck_by(s);
    if (can_bring_in) return action::bring_in_by(s);
    return action::check_or_call_by(s);
}

// ------------------------------------------------------------ construction

hand_state::hand_state(const hand_config& config, std::uint64_t seed)
    : config_(make_setup(config)), traits_(&traits_of(config.game)), players_(config.players()), seed_(seed),
      rng_(seed), deck_(deck_cards(traits_of(config.game).deck)) {
    deck_.shuffle(rng_);
    history_.reserve(static_cast<std::size_t>(24 + 8 * players_));
    post_forced_bets();
    advance();
}

hand_state::hand_state(const hand_config& config, manual_dealing_t)
    : config_(make_setup(config)), traits_(&traits_of(config.game)), players_(config.players()), manual_(true),
      deck_(CardSet{}) {
    history_.reserve(static_cast<std::size_t>(24 + 8 * players_));
    post_forced_bets();
    advance();
}

hand_state::setup hand_state::make_setup(const hand_config& c) {
    c.validate();
    setup s;
    s.game = c.game;
    s.structure = c.structure;
    s.mode = c.mode;
    s.ante_trimming = c.forced.ante_trimming;
    s.has_antes = !c.forced.antes.empty();
    s.has_blinds = !c.forced.blinds_or_straddles.empty();
    s.has_live_posts = !c.forced.live_posts.empty();
    s.bring_in = c.forced.bring_in;
    s.limits = c.limits;
    s.rules = c.rules;
    std::copy(c.forced.antes.begin(), c.forced.antes.end(), s.antes.begin());
    std::copy(c.forced.blinds_or_straddles.begin(), c.forced.blinds_or_straddles.end(), s.blinds.begin());
    std::copy(c.forced.live_posts.begin(), c.forced.live_posts.end(), s.live_posts.begin());
    std::copy(c.starting_stacks.begin(), c.starting_stacks.end(), s.starting.begin());
    return s;
}

hand_config hand_state::config() const {
    const auto n = static_cast<std::ptrdiff_t>(players_);
    hand_config c;
    c.game = config_.game;
    c.structure = config_.structure;
    c.mode = config_.mode;
    c.forced.ante_trimming = config_.ante_trimming;
    if (config_.has_antes) c.forced.antes.assign(config_.antes.begin(), config_.antes.begin() + n);
    if (config_.has_blinds) c.forced.blinds_or_straddles.assign(config_.blinds.begin(), config_.blinds.begin() + n);
    if (config_.has_live_posts) c.forced.live_posts.assign(config_.live_posts.begin(), config_.live_posts.begin() + n);
    c.forced.bring_in = config_.bring_in;
    c.limits = config_.limits;
    c.starting_stacks.assign(config_.starting.begin(), config_.starting.begin() + n);
    c.rules = config_.rules;
    return c;
}

void hand_state::post_forced_bets() {
    const auto n = static_cast<std::size_t>(players_);
    std::copy_n(config_.starting.begin(), n, stacks_.begin());
    status_.fill(seat_status::folded);
    std::fill_n(status_.begin(), n, seat_status::in_hand);
    live_seats_ = betting_seats_ = players_;
    auto post = [&](std::size_t s, chips amount, action::kind what) {
        chips paid = std::min(amount, stacks_[s]);
        if (paid <= 0) return chips{0};
        stacks_[s] -= paid;
        if (stacks_[s] == 0) set_status(s, seat_status::all_in);
        record({what, static_cast<std::int8_t>(s), paid, {}});
        return paid;
    };
    for (std::size_t s = 0; s < n; ++s) {
        chips paid = post(s, config_.antes[s], action::kind::post_ante);
        antes_[s] = paid;
        if (config_.ante_trimming) {
            committed_[s] += paid;
            collected_ += paid;
        } else {
            dead_antes_ += paid;
        }
    }
    for (const auto* blinds : {&config_.blinds, &config_.live_posts})
        for (std::size_t s = 0; s < n; ++s) bets_[s] += post(s, (*blinds)[s], action::kind::post_blind);
}

// ----------------------------------------------------------------- queries


void hand_state::set_status(std::size_t seat, seat_status to) {
    auto counts = [](seat_status st, int& live, int& betting) {
        live += st == seat_status::in_hand || st == seat_status::all_in;
        betting += st == seat_status::in_hand;
    };
    int live = 0, betting = 0;
    counts(to, live, betting);
    live_seats_ += live;
    betting_seats_ += betting;
    live = betting = 0;
    counts(status_[seat], live, betting);
    live_seats_ -= live;
    betting_seats_ -= betting;
    status_[seat] = to;
}

chips hand_state::street_unit() const {
    if (config_.structure != betting_structure::fixed_limit) return config_.limits.min_bet;
    return plan().fixed_limit_bet == bet_size::big ? config_.limits.big_bet : config_.limits.small_bet;
}

chips hand_state::call_level() const {
    return betting_count() >= 2 ? std::max(high_bet_, forced_level_) : high_bet_;
}

std::vector<chips> hand_state::contributions() const {
    std::vector<chips> total(static_cast<std::size_t>(players_));
    for (std::size_t i = 0; i < total.size(); ++i)
        total[i] = committed_[i] + bets_[i] + (config_.ante_trimming ? 0 : antes_[i]);
    return total;
}

chips hand_state::pot_total() const {
    if (phase_ == phase::complete) return 0;  // pushed to the winners
    chips t = collected_ + dead_antes_;
    for (int s = 0; s < players_; ++s) t += bets_[static_cast<std::size_t>(s)];
    return t;
}

std::vector<pot> hand_state::pots() const {
    std::vector<stake> stakes;
    for (int s = 0; s < players_; ++s) {
        auto i = static_cast<std::size_t>(s);
        stakes.push_back({committed_[i] + bets_[i], !live(s)});
    }
    std::vector<pot> result = build_pots(stakes);
    if (!result.empty()) result.front().amount += dead_antes_;
    return result;
}

std::optional<int> hand_state::to_act() const {
    if (phase_ == phase::betting || phase_ == phase::drawing || phase_ == phase::showdown) return actor_;
    return std::nullopt;
}

bool hand_state::needs_to_act(int s) const {
    if (!can_bet(s)) return false;
    auto i = static_cast<std::size_t>(s);
    if (bets_[i] < call_level()) return true;
    return !acted_[i] && betting_count() >= 2;
}

int hand_state::next_to_act(int after) const {
    for (int k = 1; k <= players_; ++k) {
        int s = (after + k) % players_;
        if (needs_to_act(s)) return s;
    }
    return -1;
}

bool hand_state::someone_else_can_bet(int seat) const {
    for (int s = 0; s < players_; ++s)
        if (s != seat && can_bet(s)) return true;
    return false;
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
    if (config_.structure == betting_structure::fixed_limit) {
        const chips unit = street_unit();
        return config_.rules.fixed_limit_half_bet_rule ? 2 * since >= unit : since >= unit;
    }
    return since > 0 && since >= raise_size_;
}

rule_profile::raise_cap_lift hand_state::cap_lift_rule() const {
    return config_.mode == play_mode::tournament ? config_.rules.cap_lift_tournament : config_.rules.cap_lift_cash;
}

bool hand_state::cap_reached() const {
    if (config_.structure != betting_structure::fixed_limit || cap_lifted_) return false;
    const bool two_rounds = traits_->streets.count <= 2;  // single-draw games
    return bets_made_ >= (two_rounds ? config_.rules.fixed_limit_bets_two_rounds : config_.rules.fixed_limit_bets);
}

hand_state::raise_limits hand_state::limits_for(int s) const {
    auto i = static_cast<std::size_t>(s);
    raise_limits r;
    const chips level = call_level();
    const chips reach = bets_[i] + stacks_[i];
    const chips unit = street_unit();
    if (reach <= level) {
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
    r.pot_to = level + pot_total() + (level - bets_[i]);
    if (config_.structure == betting_structure::fixed_limit) {
        if (config_.rules.fixed_limit_half_bet_rule) r.min_to = full_level_ + unit;
        else r.min_to = completion_open_ || high_bet_ == 0 ? unit : high_bet_ + unit;
        r.max_to = r.min_to;
    } else {
        r.min_to = completion_open_ ? unit : level + std::max(raise_size_, unit);
        r.max_to = config_.structure == betting_structure::no_limit ? reach : std::max(r.min_to, r.pot_to);
    }
    if (reach < r.min_to) {  // the only raise left is all-in for less than a full raise
        r.max_to = reach;
        r.all_in_only = true;
        return r;
    }
    r.max_to = std::min(r.max_to, reach);
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
    raise_limits r = limits_for(actor_);
    if (!r.refused) {
        l.can_raise = true;
        l.min_to = r.min_to;
        l.max_to = r.max_to;
        l.pot_to = r.pot_to;
        l.raise_is_all_in_only = r.all_in_only;
    }
    return l;
}

// -------------------------------------------------------------- validation

std::optional<action_error_code> hand_state::check(const action& a, std::string* why, raise_limits* limits) const {
    using k = action::kind;
    using code = action_error_code;
    auto fail = [why](code c, auto&& message) -> std::optional<code> {
        if (why) *why = message();
        return c;
    };
    auto who_text = [&a] { return a.seat >= 0 ? player_name(a.seat) : std::string("the dealer"); };
    if (phase_ == phase::complete)
        return fail(code::hand_complete, [&] { return who_text() + " cannot act: the hand is complete"; });
    switch (a.what) {
        case k::post_ante:
        case k::post_blind:
            return fail(code::wrong_phase, [&] { return who_text() + " cannot post: forced bets are posted automatically"; });
        case k::deal_hole:
        case k::deal_board:
        case k::burn:
            return check_cards(a, why);
        default:
            break;
    }
    if (a.seat < 0 || a.seat >= players_)
        return fail(code::not_your_turn, [&] {
            return "there is no " + who_text() + " in this hand of " + std::to_string(players_) + " players";
        });
    const bool draw_kind = a.what == k::stand_pat_or_discard;
    const bool show_kind = a.what == k::show || a.what == k::muck;
    const phase wanted = draw_kind ? phase::drawing : show_kind ? phase::showdown : phase::betting;
    if (phase_ != wanted)
        return fail(code::wrong_phase, [&] {
            return who_text() + " cannot " + std::string(draw_kind ? "draw" : show_kind ? "show or muck" : "bet") +
                   " now: the hand is in the " + std::string(to_string(phase_)) + " phase";
        });
    const bool out_of_order_show =
        show_kind && shows_in_any_order() && live(a.seat) && !decided_[static_cast<std::size_t>(a.seat)];
    if (a.seat != actor_ && !out_of_order_show)
        return fail(code::not_your_turn, [&] {
            if (show_kind && decided_[static_cast<std::size_t>(a.seat)])
                return who_text() + " cannot act: they have shown or mucked";
            return who_text() + " cannot act: " + player_name(actor_) + " is to act";
        });
    const auto i = static_cast<std::size_t>(a.seat);
    const seat_cards& held = hole_[i];
    if (draw_kind) {
        if (a.cards.size() > held.cards.size())
            return fail(code::too_many_discards, [&] {
                return who_text() + " cannot discard " + std::to_string(a.cards.size()) + " cards: they hold " +
                       std::to_string(held.cards.size());
            });
        CardSet thrown;
        for (Card c : a.cards) {
            if (!held.all().contains(c) || thrown.contains(c))
                return fail(code::discard_not_held, [&] { return who_text() + " cannot discard " + to_string(c) +
                                                                 ": they do not hold it"; });
            thrown |= c;
        }
        return std::nullopt;
    }
    if (show_kind) {
        if (a.what == k::muck && status_[i] == seat_status::all_in && config_.mode == play_mode::tournament)
            return fail(code::must_show, [&] { return who_text() + " cannot muck: an all-in hand is shown in a tournament"; });
        if (a.what == k::show && !a.cards.empty()) {
            CardSet shown;
            for (Card c : a.cards) shown |= c;
            if (static_cast<std::size_t>(shown.size()) != a.cards.size() || shown != held.all())
                return fail(code::wrong_card_count, [&] {
                    return who_text() + " must show the cards they hold (" + std::to_string(held.cards.size()) + ")";
                });
        }
        return std::nullopt;
    }
    return check_betting(a, why, limits);
}

std::optional<action_error_code> hand_state::check_betting(const action& a, std::string* why,
                                                           raise_limits* limits) const {
    using k = action::kind;
    using code = action_error_code;
    auto fail = [why](code c, auto&& message) -> std::optional<code> {
        if (why) *why = message();
        return c;
    };
    auto who_text = [&a] { return player_name(a.seat); };
    const auto i = static_cast<std::size_t>(a.seat);
    const chips owe = call_level() - bets_[i];
    switch (a.what) {
        case k::post_bring_in:
            if (!bring_in_due_)
                return fail(code::wrong_phase, [&] { return who_text() + " cannot bring in: no bring-in is due"; });
            return std::nullopt;
        case k::fold:
            if (bring_in_due_)
                return fail(code::must_post_bring_in, [&] {
                    return who_text() + " cannot fold: they must post the bring-in or complete";
                });
            if (owe <= 0 && config_.mode == play_mode::tournament && !config_.rules.fold_when_check_is_free)
                return fail(code::unnecessary_fold, [&] { return who_text() + " cannot fold: checking is free"; });
            return std::nullopt;
        case k::check_or_call:
            if (bring_in_due_)
                return fail(code::must_post_bring_in, [&] {
                    return who_text() + " cannot check or call: they must post the bring-in or complete";
                });
            return std::nullopt;
        case k::complete_bet_or_raise_to:
            break;
        default:
            return fail(code::wrong_phase, [&] { return who_text() + " cannot do that while betting"; });
    }
    const chips to = a.amount;
    const raise_limits r = limits_for(a.seat);
    if (limits) *limits = r;
    const chips reach = bets_[i] + stacks_[i];
    if (r.refused) {
        switch (*r.refused) {
            case code::nobody_left_to_call:
                return fail(*r.refused, [&] {
                    return who_text() + " cannot raise: every other player is all-in or has folded";
                });
            case code::betting_not_reopened:
                return fail(*r.refused, [&] {
                    return who_text() + " cannot raise: since they acted the bet rose only from " +
                           amount_text(level_when_acted_[i]) + " to " + amount_text(call_level()) +
                           ", all-in short of a full raise";
                });
            case code::raise_cap_reached:
                return fail(*r.refused, [&] {
                    return who_text() + " cannot raise: the betting is capped at " + std::to_string(bets_made_) + " bets";
                });
            default:
                return fail(*r.refused, [&] {
                    return who_text() + " cannot raise to " + amount_text(to) + ": they have " + amount_text(reach) +
                           " in all, enough only to call";
                });
        }
    }
    if (to > reach)
        return fail(code::above_maximum, [&] {
            return who_text() + " cannot raise to " + amount_text(to) + ": they have only " + amount_text(reach);
        });
    if (to == reach && r.all_in_only) return std::nullopt;
    if (config_.structure == betting_structure::fixed_limit && to != r.min_to && to != reach)
        return fail(to < r.min_to ? code::below_minimum : code::not_a_legal_amount, [&] {
            return who_text() + " cannot raise to " + amount_text(to) + ": the fixed-limit amount is " +
                   amount_text(r.min_to);
        });
    if (to > r.max_to)
        return fail(code::above_maximum, [&] {
            return who_text() + " cannot raise to " + amount_text(to) + ": the most is " + amount_text(r.max_to) +
                   (config_.structure == betting_structure::pot_limit ? " (the size of the pot)" : "");
        });
    if (to < r.min_to && !(to == reach && to > owe + bets_[i]))
        return fail(code::below_minimum, [&] {
            return who_text() + " cannot raise to " + amount_text(to) + ": the least is " + amount_text(r.min_to);
        });
    return std::nullopt;
}

std::optional<action_error_code> hand_state::check_cards(const action& a, std::string* why) const {
    using k = action::kind;
    using code = action_error_code;
    auto fail = [why](code c, auto&& message) -> std::optional<code> {
        if (why) *why = message();
        return c;
    };
    if (!manual_)
        return fail(code::wrong_phase, [] { return std::string("the dealer deals this hand from its seeded deck"); });
    if (phase_ != phase::dealing)
        return fail(code::wrong_phase, [&] {
            return "the dealer cannot deal now: the hand is in the " + std::string(to_string(phase_)) + " phase";
        });
    if (a.what == k::deal_hole) {
        if (a.seat < 0 || a.seat >= players_ || (step_ != step::hole && step_ != step::replace) ||
            owed_[static_cast<std::size_t>(a.seat)] == 0)
            return fail(code::wrong_phase, [&] {
                if (a.seat < 0 || a.seat >= players_)
                    return "there is no " + player_name(a.seat) + " in this hand of " + std::to_string(players_) +
                           " players";
                return player_name(a.seat) + " is owed no cards now";
            });
        const int owed = owed_[static_cast<std::size_t>(a.seat)];
        if (a.cards.empty() || static_cast<int>(a.cards.size()) > owed)
            return fail(code::wrong_card_count, [&] {
                return player_name(a.seat) + " is owed " + std::to_string(owed) + " card" + (owed == 1 ? "" : "s") +
                       ", not " + std::to_string(a.cards.size());
            });
    } else if (a.what == k::deal_board) {
        if (step_ != step::board || board_owed_ == 0)
            return fail(code::wrong_phase, [] { return std::string("no board cards are owed now"); });
        if (static_cast<int>(a.cards.size()) != board_owed_)
            return fail(code::wrong_card_count, [&] {
                return "the board is owed " + std::to_string(board_owed_) + " card" + (board_owed_ == 1 ? "" : "s") +
                       ", not " + std::to_string(a.cards.size());
            });
    } else if (a.cards.size() != 1) {
        return fail(code::wrong_card_count, [] { return std::string("a burn is one card"); });
    }
    const CardSet deck = deck_cards(traits_->deck);
    CardSet in_play = discards_now_;
    for (Card c : board_) in_play |= c;
    for (int s = 0; s < players_; ++s) in_play |= hole_[static_cast<std::size_t>(s)].all();
    // A card seen before (burned, mucked, discarded in an earlier round) comes
    // back only when the stub cannot complete the draw: the dealer reshuffled.
    int owed_now = 0;
    for (int s = 0; s < players_; ++s) owed_now += owed_[static_cast<std::size_t>(s)];
    const bool from_reserve = step_ == step::replace || (step_ == step::hole && config_.rules.stud_hole_cards_from_reserve);
    const bool reshuffled = from_reserve && (draw_reshuffled_ || stub_size() < owed_now);
    CardSet given;
    for (Card c : a.cards) {
        if (!deck.contains(c))
            return fail(code::card_not_in_deck, [&] {
                return to_string(c) + " is not in " + std::string(traits_->name) + "'s deck";
            });
        const bool reusable = reshuffled && (reusable_ | discards_now_).contains(c);
        if (given.contains(c) || ((in_play.contains(c) || seen_.contains(c)) && !reusable))
            return fail(code::card_already_dealt, [&] { return to_string(c) + " has already been dealt"; });
        given |= c;
    }
    return std::nullopt;
}

// ----------------------------------------------------------------- applying

void hand_state::apply(const action& a) {
    std::string why;
    raise_limits limits;
    if (auto refused = check(a, &why, &limits)) throw action_error(*refused, why);
    perform(a, limits);
    assert(chips_conserved());
}

bool hand_state::chips_conserved() const {
    chips start = 0, now = pot_total();
    for (int s = 0; s < players_; ++s) {
        start += config_.starting[static_cast<std::size_t>(s)];
        now += stacks_[static_cast<std::size_t>(s)];
    }
    return start == now;
}

bool hand_state::try_apply(const action& a, action_error_code* why) noexcept {
    raise_limits limits;
    if (auto refused = check(a, nullptr, &limits)) {
        if (why) *why = *refused;
        return false;
    }
    try {
        perform(a, limits);
    } catch (...) {  // only allocation can fail here, before anything changed
        if (why) *why = action_error_code::wrong_phase;
        return false;
    }
    assert(chips_conserved());
    return true;
}

bool hand_state::is_legal(const action& a) const noexcept { return !check(a, nullptr, nullptr).has_value(); }

void hand_state::take_hole_cards(int seat, const Card* cards, std::size_t count) {
    auto i = static_cast<std::size_t>(seat);
    seat_cards& held = hole_[i];
    const street_plan& p = plan();
    const bool stud = step_ == step::hole && traits_->family == game_family::stud;
    for (Card c : std::span<const Card>(cards, count)) {
        const bool up = stud && dealt_now_[i] >= p.down_cards;
        if (up) held.up_mask = static_cast<std::uint16_t>(held.up_mask | (1U << held.cards.size()));
        held.cards.push_back(c);
        seen_ |= c;
        reusable_ -= c;
        ++dealt_now_[i];
        --owed_[i];
    }
}

void hand_state::perform(const action& a, const raise_limits& r) {
    using k = action::kind;
    const auto i = static_cast<std::size_t>(a.seat < 0 ? 0 : a.seat);
    action done = a;
    if (a.what == k::show && a.cards.empty()) done.cards = to_action_cards(hole_[i].cards);
    if (a.what == k::complete_bet_or_raise_to) done.amount = a.amount;
    record(done);  // first: the only step that can throw
    switch (a.what) {
        case k::deal_hole:
            for (Card c : a.cards) draw_reshuffled_ |= seen_.contains(c);  // only a reshuffled card may be seen
            take_hole_cards(a.seat, a.cards.data(), a.cards.size());
            break;
        case k::deal_board:
            for (Card c : a.cards) {
                board_.push_back(c);
                seen_ |= c;
                reusable_ -= c;
            }
            board_owed_ = 0;
            break;
        case k::burn:  // the burn counted without a card is this one
            if (implicit_burns_ > 0) --implicit_burns_;
            seen_ |= a.cards[0];
            reusable_ |= a.cards[0];
            break;
        case k::stand_pat_or_discard: {
            seat_cards& held = hole_[i];
            CardSet thrown;
            for (Card c : a.cards) thrown |= c;
            seat_cards kept;
            for (std::size_t c = 0; c < held.cards.size(); ++c) {
                if (thrown.contains(held.cards[c])) continue;
                if (held.is_up(c)) kept.up_mask = static_cast<std::uint16_t>(kept.up_mask | (1U << kept.cards.size()));
                kept.cards.push_back(held.cards[c]);
            }
            held = kept;
            discards_[i] = static_cast<std::uint8_t>(a.cards.size());
            discards_now_ |= thrown;
            seen_ |= thrown;
            decided_[i] = true;
            actor_ = -1;
            for (int s = a.seat + 1; s < players_; ++s)
                if (live(s)) {
                    actor_ = s;
                    break;
                }
            if (actor_ < 0) {
                phase_ = phase::dealing;
                step_ = step::draw_burn;
            }
            break;
        }
        case k::post_bring_in: {
            chips paid = std::min(config_.bring_in, stacks_[i]);
            stacks_[i] -= paid;
            bets_[i] += paid;
            if (stacks_[i] == 0) set_status(i, seat_status::all_in);
            history_.back().amount = paid;
            high_bet_ = std::max(high_bet_, bets_[i]);
            forced_level_ = config_.rules.full_forced_bet_to_call ? config_.bring_in : paid;
            bring_in_due_ = false;
            completion_open_ = config_.bring_in < street_unit();
            if (!completion_open_) {  // a bring-in of a full bet is the bet
                full_level_ = config_.bring_in;
                raise_size_ = street_unit();
                bets_made_ = config_.rules.cap_counts_forced_bet ? 1 : 0;
            }
            acted_[i] = true;
            level_when_acted_[i] = call_level();
            after_betting_action(a.seat);
            break;
        }
        case k::fold:
            set_status(i, seat_status::folded);
            reusable_ |= hole_[i].all();
            if (cap_lift_rule() == rule_profile::raise_cap_lift::heads_up_before_cap && live_count() == 2 &&
                !cap_reached())
                cap_lifted_ = true;
            after_betting_action(a.seat);
            break;
        case k::check_or_call: {
            chips paid = std::min(std::max<chips>(call_level() - bets_[i], 0), stacks_[i]);
            stacks_[i] -= paid;
            bets_[i] += paid;
            if (stacks_[i] == 0) set_status(i, seat_status::all_in);
            history_.back().amount = paid;
            acted_[i] = true;
            level_when_acted_[i] = call_level();
            after_betting_action(a.seat);
            break;
        }
        case k::complete_bet_or_raise_to: {
            const chips level = call_level();
            const chips unit = street_unit();
            const chips to = a.amount;
            stacks_[i] -= to - bets_[i];
            bets_[i] = to;
            if (stacks_[i] == 0) set_status(i, seat_status::all_in);
            bool full = !r.all_in_only && to >= r.min_to;
            if (config_.structure == betting_structure::fixed_limit && !full && config_.rules.fixed_limit_half_bet_rule)
                full = 2 * (to - full_level_) >= unit;
            if (full) {
                if (config_.structure != betting_structure::fixed_limit) raise_size_ = std::max(to - level, unit);
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
            acted_[i] = true;
            level_when_acted_[i] = call_level();
            after_betting_action(a.seat);
            break;
        }
        case k::show:
            decided_[i] = true;
            shown_[i] = true;
            shown_count_[i] = static_cast<std::uint8_t>(hole_[i].cards.size());
            next_shower();
            break;
        case k::muck:
            decided_[i] = true;
            muck_order_[i] = ++mucks_;
            set_status(i, seat_status::mucked);
            reusable_ |= hole_[i].all();
            next_shower();
            break;
        case k::post_ante:
        case k::post_blind:
            break;
    }
    if (phase_ == phase::dealing) advance();
}

void hand_state::after_betting_action(int seat) {
    if (live_count() == 1) {
        finish();
        return;
    }
    const int next = next_to_act(seat);
    if (next >= 0) {
        actor_ = next;
        return;
    }
    end_street();
}

// ----------------------------------------------------------------- dealing

int hand_state::stub_size() const {
    if (!manual_) return deck_.size();
    return std::max(0, deck_cards(traits_->deck).size() - seen_.size() - implicit_burns_);
}

Card hand_state::next_card() {
    if (deck_.size() == 0) reshuffle_for_draw(true);
    Card c = deck_.deal();
    seen_ |= c;
    return c;
}

void hand_state::reshuffle_for_draw(bool keep_current_discards) {
    CardSet cards = deck_.remaining_set() | reusable_;
    if (keep_current_discards || config_.rules.reshuffle_current_discards) {
        cards |= discards_now_;
        discards_now_ = {};
    }
    reusable_ = {};
    seen_ -= cards;
    deck_ = Deck{cards};
    deck_.shuffle(rng_);
}

void hand_state::start_street() {
    const street_plan& p = plan();
    const game_traits& t = *traits_;
    const int per_seat = p.down_cards + p.up_cards;
    const int seats = live_count();
    dealt_now_.fill(0);
    owed_.fill(0);
    board_owed_ = p.board_cards;
    bool community = false;
    int burn = p.burn && !p.draw ? 1 : 0;
    draw_reshuffled_ = false;
    if (t.family == game_family::stud && per_seat > 0) {
        // The deck runs short: one card face up for everybody (8.10).
        if (config_.rules.stud_hole_cards_from_reserve) {
            const int reserve = reusable_.size() + (manual_ ? implicit_burns_ : 0);  // burned and mucked cards
            community = stub_size() + reserve < per_seat * seats;
        } else {
            community = stub_size() < per_seat * seats + burn;
            if (community && stub_size() < 2) burn = 0;
        }
        if (community) board_owed_ = 1;
    }
    if (burn) {
        if (manual_) {
            ++implicit_burns_;
        } else {
            Card c = next_card();
            reusable_ |= c;
            record({action::kind::burn, -1, 0, {c}});
        }
    }
    if (!community)
        for (int s = 0; s < players_; ++s)
            if (live(s)) owed_[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(per_seat);
    step_ = step::hole;
}

void hand_state::deal_hole_automatic() {
    // One card at a time round the table from seat 0, then one action per seat.
    std::array<action_cards, max_seats> got;
    int most = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) most = std::max<int>(most, owed_[i]);
    for (int round = 0; round < most; ++round)
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i)
            if (owed_[i] > round) got[i].push_back(next_card());
    for (int s = 0; s < players_; ++s) {
        const action_cards& cards = got[static_cast<std::size_t>(s)];
        if (cards.empty()) continue;
        record({action::kind::deal_hole, static_cast<std::int8_t>(s), 0, cards});
        take_hole_cards(s, cards.data(), cards.size());
    }
}

void hand_state::deal_replacements_automatic() {
    int needed = 0;
    for (int s = 0; s < players_; ++s) needed += owed_[static_cast<std::size_t>(s)];
    for (int s = 0; s < players_; ++s) {
        auto i = static_cast<std::size_t>(s);
        if (owed_[i] == 0) continue;
        action_cards got;
        while (static_cast<int>(got.size()) < owed_[i]) {
            // The last card of the stub is dealt only when it completes the round.
            if (deck_.size() == 0 || (deck_.size() == 1 && needed > 1)) reshuffle_for_draw(false);
            got.push_back(next_card());
            --needed;
        }
        record({action::kind::deal_hole, static_cast<std::int8_t>(s), 0, got});
        take_hole_cards(s, got.data(), got.size());
    }
}

void hand_state::advance() {
    while (phase_ != phase::complete) {
        switch (step_) {
            case step::burn:
                start_street();
                break;
            case step::hole:
                if (std::any_of(owed_.begin(), owed_.end(), [](std::uint8_t o) { return o > 0; })) {
                    if (manual_) {
                        phase_ = phase::dealing;
                        return;
                    }
                    deal_hole_automatic();
                }
                step_ = step::board;
                break;
            case step::board:
                if (board_owed_ > 0) {
                    if (manual_) {
                        phase_ = phase::dealing;
                        return;
                    }
                    CardList cards;
                    for (int c = 0; c < board_owed_; ++c) cards.push_back(next_card());
                    record(action::deal_board_cards(cards));
                    for (Card c : cards) board_.push_back(c);
                    board_owed_ = 0;
                }
                step_ = plan().draw ? step::discard : step::betting;
                break;
            case step::discard:
                draw_reshuffled_ = false;
                decided_.fill(false);
                discards_.fill(0);
                for (int s = 0; s < players_; ++s)
                    if (live(s)) {
                        actor_ = s;
                        break;
                    }
                phase_ = phase::drawing;
                return;
            case step::draw_burn: {
                int needed = 0;
                for (int s = 0; s < players_; ++s) needed += discards_[static_cast<std::size_t>(s)];
                if (manual_) {
                    ++implicit_burns_;
                } else {
                    if (deck_.size() == 0 || (deck_.size() == 1 && needed > 0)) reshuffle_for_draw(false);
                    Card c = next_card();
                    reusable_ |= c;
                    record({action::kind::burn, -1, 0, {c}});
                }
                std::copy(discards_.begin(), discards_.end(), owed_.begin());
                dealt_now_.fill(0);
                step_ = step::replace;
                break;
            }
            case step::replace:
                if (std::any_of(owed_.begin(), owed_.end(), [](std::uint8_t o) { return o > 0; })) {
                    if (manual_) {
                        phase_ = phase::dealing;
                        return;
                    }
                    deal_replacements_automatic();
                }
                reusable_ |= discards_now_;
                discards_now_ = {};
                step_ = step::betting;
                break;
            case step::betting:
                if (begin_betting()) return;
                step_ = step::done;
                break;
            case step::done:
                end_street();
                if (phase_ == phase::showdown) return;
                break;
        }
    }
}

// ----------------------------------------------------------------- betting

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
    if (street_ == 0) {
        int largest = -1;
        chips most = 0;
        for (int s = 0; s < players_; ++s) {
            chips b = config_.blinds[static_cast<std::size_t>(s)];
            if (b > 0 && b >= most) {
                most = b;
                largest = s;
            }
        }
        if (largest >= 0) return (largest + 1) % players_;
    }
    return 0;
}

bool hand_state::begin_betting() {
    acted_.fill(false);
    level_when_acted_.fill(0);
    high_bet_ = forced_level_ = full_level_ = raise_size_ = largest_raise_ = 0;
    bets_made_ = 0;
    bring_in_due_ = completion_open_ = false;
    last_aggressor_ = -1;
    const chips unit = street_unit();
    using lift = rule_profile::raise_cap_lift;
    const lift rule = cap_lift_rule();
    cap_lifted_ = (rule == lift::hand_heads_up && players_ == 2) ||
                  ((rule == lift::round_heads_up || rule == lift::heads_up_before_cap) && live_count() == 2);
    const int first = opener();
    if (street_ == 0) {
        for (int s = 0; s < players_; ++s) high_bet_ = std::max(high_bet_, bets_[static_cast<std::size_t>(s)]);
        chips nominal = 0;
        for (const auto* blinds : {&config_.blinds, &config_.live_posts})
            for (chips b : *blinds) nominal = std::max(nominal, b);
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
    actor_ = actor;
    phase_ = phase::betting;
    return true;
}

void hand_state::collect_bets() {
    // An uncalled bet comes back: the largest bet is cut to the second largest.
    std::size_t top = 0;
    chips second = 0;
    for (std::size_t s = 1; s < static_cast<std::size_t>(players_); ++s)
        if (bets_[s] > bets_[top]) top = s;
    for (std::size_t s = 0; s < static_cast<std::size_t>(players_); ++s)
        if (s != top) second = std::max(second, bets_[s]);
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

bool hand_state::draws_remain() const {
    const auto streets = traits_->streets.streets();
    for (std::size_t s = static_cast<std::size_t>(street_) + 1; s < streets.size(); ++s)
        if (streets[s].draw) return true;
    return false;
}

void hand_state::end_street() {
    if (phase_ == phase::betting) show_lead_ = last_aggressor_ >= 0 ? last_aggressor_ : round_opener_;
    collect_bets();
    if (live_count() == 1) {
        finish();
        return;
    }
    const bool last = street_ + 1 == traits_->streets.count;
    if (!shows_done_ && !last && betting_count() <= 1 && !draws_remain()) {
        begin_showdown(true);
        return;
    }
    if (last) {
        // Hands turned up before the runout show again when it dealt them a down card (stud's
        // seventh street): all cards are turned face up (TR 70).
        bool unshown = false;
        for (int s = 0; s < players_; ++s) unshown |= live(s) && holds_unshown_down_card(s);
        if (shows_done_ && !unshown) finish();
        else begin_showdown(false);
        return;
    }
    ++street_;
    step_ = step::burn;
    phase_ = phase::dealing;
}

// ---------------------------------------------------------------- showdown

bool hand_state::shows_in_any_order() const {
    // TR 72's order is for showdowns where nobody is all-in; with a seat all-in every hand is turned up (TR 70).
    for (int s = 0; s < players_; ++s)
        if (status_[static_cast<std::size_t>(s)] == seat_status::all_in) return true;
    return false;
}

bool hand_state::holds_unshown_down_card(int seat) const {
    const auto i = static_cast<std::size_t>(seat);
    const seat_cards& held = hole_[i];
    for (std::size_t c = shown_count_[i]; c < held.cards.size(); ++c)
        if (!held.is_up(c)) return true;
    return false;
}

int hand_state::next_undecided() const {
    const int lead = show_lead_ >= 0 ? show_lead_ : 0;
    for (int k = 0; k < players_; ++k) {
        const int s = (lead + k) % players_;
        if (live(s) && !decided_[static_cast<std::size_t>(s)]) return s;
    }
    return -1;
}

void hand_state::begin_showdown(bool before_runout) {
    shows_before_runout_ = before_runout;
    // After the runout only the hands dealt a down card since they were shown show again.
    for (int s = 0; s < players_; ++s)
        decided_[static_cast<std::size_t>(s)] = shows_done_ && !holds_unshown_down_card(s);
    phase_ = phase::showdown;
    actor_ = next_undecided();
}

void hand_state::next_shower() {
    if (live_count() == 1) {
        finish();
        return;
    }
    actor_ = next_undecided();
    if (actor_ >= 0) return;
    shows_done_ = true;
    if (shows_before_runout_) {
        ++street_;
        step_ = step::burn;
        phase_ = phase::dealing;
        return;
    }
    finish();
}

void hand_state::finish() {
    collect_bets();
    payouts_ = settle_hand(nullptr);
    for (int s = 0; s < players_; ++s) stacks_[static_cast<std::size_t>(s)] += payouts_[static_cast<std::size_t>(s)];
    phase_ = phase::complete;
    actor_ = -1;
}

// ---------------------------------------------------------------- payouts

std::array<chips, max_seats> hand_state::settle_hand(hand_result* out, bool describe_hands) const {
    const auto n = static_cast<std::size_t>(players_);
    std::array<stake, max_seats> stakes{};
    std::array<CardSet, max_seats> cards{};
    std::array<hand_value, max_seats> high{}, low{};
    for (std::size_t s = 0; s < n; ++s) stakes[s] = {committed_[s], status_[s] == seat_status::folded};
    CardSet board;
    for (Card c : board_) board |= c;
    const bool showdown = live_count() > 1;
    const deal_plan& deal = traits_->deal;
    auto full_hand = [&](std::size_t s) {  // a hand shown before the others mucked may lack cards
        return static_cast<int>(hole_[s].cards.size() + board_.size()) == deal.hole_cards + deal.board_cards;
    };
    detail::pay_input in;
    in.traits = traits_;
    in.rules = config_.rules.settling();
    in.button = n - 1;  // seats are in PHH order: seat 0 is left of the button
    in.stakes = {stakes.data(), n};
    in.dead_money = dead_antes_;
    in.muck_order = {muck_order_.data(), mucks_ > 0 ? n : 0};
    in.showdown = showdown;
    in.cards = {cards.data(), n};
    in.board = board;
    if (!showdown && !out) {  // one seat left: no hand to value (most hands end so)
        std::array<chips, max_seats> pay{};
        detail::pay_pots(in, {pay.data(), n}, nullptr);
        return pay;
    }
    std::visit(
        [&](const auto& game) {
            using G = std::decay_t<decltype(game)>;
            auto evaluate = [&](const auto& rule, auto& values, auto* shown) {
                for (std::size_t s = 0; s < n; ++s) {
                    if (!live(static_cast<int>(s)) || !(showdown || (shown && shown_[s] && full_hand(s)))) continue;
                    cards[s] = hole_[s].all();
                    values[s] = rule.evaluate(cards[s], board);
                    if (shown)
                        (*shown)[s] = shown_hand{values[s], rule.best_cards(cards[s], board), rule.describe(values[s]),
                                                 rule.category_label(values[s])};
                }
            };
            if constexpr (!std::same_as<typename G::high_hand, no_hand>) {
                evaluate(typename G::high_hand{}, high, out && describe_hands ? &out->high : nullptr);
                in.high = {high.data(), n};
            }
            if constexpr (!std::same_as<typename G::low_hand, no_hand>) {
                evaluate(typename G::low_hand{}, low, out && describe_hands ? &out->low : nullptr);
                in.low = {low.data(), n};
            }
            in.best_cards = &detail::best_cards_of<G>;
        },
        config_.game);
    std::array<chips, max_seats> pay{};
    detail::pay_pots(in, {pay.data(), n}, out ? &out->pots : nullptr);
    return pay;
}

std::vector<pot_result> hand_state::pot_results() const {
    if (phase_ != phase::complete) throw std::logic_error("the hand is not complete: no pots yet");
    hand_result r;
    settle_hand(&r, false);
    return std::move(r.pots);
}

hand_result hand_state::result() const {
    if (phase_ != phase::complete) throw std::logic_error("the hand is not complete: no result yet");
    hand_result r;
    const auto n = static_cast<std::size_t>(players_);
    r.high.resize(n);
    r.low.resize(n);
    auto pay = settle_hand(&r);
    r.payouts.assign(pay.begin(), pay.begin() + static_cast<std::ptrdiff_t>(n));
    r.finishing_stacks.assign(stacks_.begin(), stacks_.begin() + static_cast<std::ptrdiff_t>(n));
    return r;
}

// ------------------------------------------------------------------- views

seat_view hand_state::view_for(int seat) const {
    if (seat < 0 || seat >= players_)
        throw std::out_of_range("view_for: there is no " + player_name(seat) + " in this hand of " +
                                std::to_string(players_) + " players");
    seat_view v;
    const auto n = static_cast<std::size_t>(players_);
    v.seat = seat;
    v.at = phase_;
    v.street = street_;
    v.to_act = to_act();
    v.stacks.assign(stacks_.begin(), stacks_.begin() + static_cast<std::ptrdiff_t>(n));
    v.street_bets.assign(bets_.begin(), bets_.begin() + static_cast<std::ptrdiff_t>(n));
    v.contributions = contributions();
    v.pot_total = pot_total();
    v.board = board_;
    v.status.assign(status_.begin(), status_.begin() + static_cast<std::ptrdiff_t>(n));
    for (std::size_t s = 0; s < n; ++s) {
        const seat_cards& h = hole_[s];
        v.card_counts.push_back(static_cast<int>(h.cards.size()));
        if (static_cast<int>(s) == seat) {
            v.visible.push_back(h);
            continue;
        }
        // Others' up cards, and a hand shown as it was shown (a down card dealt since stays hidden).
        const std::size_t shown = shown_[s] && live(static_cast<int>(s)) ? shown_count_[s] : 0;
        seat_cards up;
        for (std::size_t c = 0; c < h.cards.size(); ++c)
            if (c < shown || h.is_up(c)) {
                if (h.is_up(c)) up.up_mask = static_cast<std::uint16_t>(up.up_mask | (1U << up.cards.size()));
                up.cards.push_back(h.cards[c]);
            }
        v.visible.push_back(up);
    }
    if (actor_ == seat) v.legal = legal();
    for (const action& a : history_) {
        if (a.what == action::kind::burn) continue;
        action copy = a;
        if (a.what == action::kind::deal_hole && a.seat != seat) {
            // others' down cards are hidden: keep the up ones only
            copy.cards.clear();
            const seat_cards& h = hole_[static_cast<std::size_t>(a.seat)];
            for (Card c : a.cards)
                for (std::size_t k = 0; k < h.cards.size(); ++k)
                    if (h.cards[k] == c && h.is_up(k)) copy.cards.push_back(c);
            copy.amount = static_cast<chips>(a.cards.size() - copy.cards.size());  // how many hidden
        }
        if (a.what == action::kind::stand_pat_or_discard && a.seat != seat) {
            copy.amount = static_cast<chips>(a.cards.size());  // how many, not which
            copy.cards.clear();
        }
        v.history.push_back(std::move(copy));
    }
    return v;
}

bool operator==(const hand_state& a, const hand_state& b) {
    return a.config_ == b.config_ && a.manual_ == b.manual_ && a.seed_ == b.seed_ && a.rng_ == b.rng_ &&
           a.deck_.remaining() == b.deck_.remaining() && a.phase_ == b.phase_ && a.step_ == b.step_ &&
           a.street_ == b.street_ && a.stacks_ == b.stacks_ && a.bets_ == b.bets_ && a.committed_ == b.committed_ &&
           a.antes_ == b.antes_ && a.payouts_ == b.payouts_ && a.dead_antes_ == b.dead_antes_ &&
           a.collected_ == b.collected_ && a.status_ == b.status_ && a.live_seats_ == b.live_seats_ &&
           a.betting_seats_ == b.betting_seats_ && a.hole_ == b.hole_ && a.board_ == b.board_ &&
           a.seen_ == b.seen_ && a.reusable_ == b.reusable_ && a.discards_now_ == b.discards_now_ &&
           a.implicit_burns_ == b.implicit_burns_ && a.draw_reshuffled_ == b.draw_reshuffled_ && a.discards_ == b.discards_ && a.owed_ == b.owed_ &&
           a.dealt_now_ == b.dealt_now_ && a.board_owed_ == b.board_owed_ && a.actor_ == b.actor_ &&
           a.high_bet_ == b.high_bet_ && a.forced_level_ == b.forced_level_ && a.full_level_ == b.full_level_ &&
           a.raise_size_ == b.raise_size_ && a.largest_raise_ == b.largest_raise_ && a.bets_made_ == b.bets_made_ && a.bring_in_due_ == b.bring_in_due_ &&
           a.completion_open_ == b.completion_open_ && a.cap_lifted_ == b.cap_lifted_ &&
           a.last_aggressor_ == b.last_aggressor_ && a.round_opener_ == b.round_opener_ &&
           a.show_lead_ == b.show_lead_ && a.acted_ == b.acted_ && a.level_when_acted_ == b.level_when_acted_ &&
           a.decided_ == b.decided_ && a.shown_ == b.shown_ && a.shown_count_ == b.shown_count_ && a.muck_order_ == b.muck_order_ && a.mucks_ == b.mucks_ && a.shows_done_ == b.shows_done_ &&
           a.shows_before_runout_ == b.shows_before_runout_ && a.history_ == b.history_;
}

action random_action(const hand_state& hand, xoshiro256ss& rng) {
    const legal_actions l = hand.legal();
    if (!l.seat) throw std::logic_error("random_action: no seat is to act (" + std::string(to_string(l.at)) + ")");
    const int seat = *l.seat;
    const std::uint64_t roll = uniform_below(rng, 100);
    switch (l.at) {
        case phase::drawing: {
            CardList thrown;
            for (Card c : hand.hole_cards(seat).cards)
                if (uniform_below(rng, 3) == 0) thrown.push_back(c);
            return action::discard(seat, thrown);
        }
        case phase::showdown:
            return l.can_muck && roll < 10 ? action::muck_by(seat) : action::show_by(seat);
        case phase::betting:
            if (l.can_fold && !l.can_check && roll < 20) return action::fold_by(seat);
            if (l.can_raise && roll >= 65) {
                if (l.raise_is_all_in_only) return action::raise_to(seat, l.max_to);
                const chips span = l.max_to - l.min_to;
                const chips to = roll >= 95   ? l.max_to
                                 : roll >= 80 ? l.min_to + static_cast<chips>(uniform_below(
                                                               rng, static_cast<std::uint64_t>(span) + 1))
                                              : l.min_to;
                return action::raise_to(seat, to);
            }
            return l.passive();
        default:
            break;
    }
    return l.passive();
}

}  // namespace pokerengine::play
