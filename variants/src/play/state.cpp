#include <algorithm>
#include <array>
#include <cassert>

#include "betting_policy.hpp"
#include "messages.hpp"
#include "pokerengine/play.hpp"

// The hand's state: its construction, the forced bets, what it answers, the
// one check every action goes through and the dispatch of applying it, the
// views. Dealing, betting and the showdown have rooms of their own.
namespace pokerengine::play {

using detail::player_name;
using detail::refuse;

// ------------------------------------------------------------ construction

namespace {

// The unshuffled decks in the order of `deck_kind`, laid out once: a hand
// copies one instead of laying out its cards again.
const Deck& unshuffled(deck_kind kind) {
    static const std::array<Deck, 3> decks{Deck{deck_cards(deck_kind::standard)},
                                           Deck{deck_cards(deck_kind::short_deck)},
                                           Deck{deck_cards(deck_kind::one_joker)}};
    const Deck& deck = decks.at(static_cast<std::size_t>(kind));
    assert(deck.remaining_set() == deck_cards(kind));
    return deck;
}

}  // namespace

hand_state::hand_state(const hand_config& config, std::uint64_t seed)
    : config_(make_setup(config)), traits_(&traits_of(config.game)),
      betting_(&detail::policy_for(config.structure)), players_(config.players()), seed_(seed), rng_(seed),
      deck_(unshuffled(traits_->deck)) {
    start_hand();
}

hand_state::hand_state(const hand_config& config, manual_dealing_t)
    : config_(make_setup(config)), traits_(&traits_of(config.game)),
      betting_(&detail::policy_for(config.structure)), players_(config.players()), manual_(true), deck_(CardSet{}) {
    start_hand();
}

void hand_state::redeal(std::uint64_t seed) {
    manual_ = false;
    seed_ = seed;
    rng_ = xoshiro256ss{seed};
    deck_ = unshuffled(traits_->deck);
    start_hand();
}

// From the configuration, the seed and the deck (or the dealer's cards) to the
// first decision: the one start of every hand, new or redealt.
void hand_state::start_hand() {
    reset_play();
    if (!manual_ && config_.dealing == dealing_order::whole_shuffle) deck_.shuffle(rng_);
    reserve_history();
    post_forced_bets();
    advance();
}

// The first value of every member of the hand's progress, for a new hand or a
// redeal: the configuration's members are left as they are.
void hand_state::reset_play() {
    phase_ = phase::dealing;
    step_ = step::burn;
    street_ = 0;
    stacks_ = bets_ = committed_ = antes_ = payouts_ = {};
    dead_antes_ = collected_ = 0;
    status_ = {};
    live_seats_ = betting_seats_ = 0;
    for (seat_cards& held : hole_) held = {};
    board_.clear();
    seen_ = reusable_ = discards_now_ = {};
    implicit_burns_ = 0;
    draw_reshuffled_ = false;
    discards_ = owed_ = dealt_now_ = {};
    board_owed_ = 0;
    actor_ = -1;
    actor_limits_ = {};
    high_bet_ = forced_level_ = full_level_ = unit_ = raise_size_ = largest_raise_ = 0;
    bets_made_ = 0;
    bring_in_due_ = completion_open_ = cap_lifted_ = false;
    last_aggressor_ = round_opener_ = show_lead_ = -1;
    acted_ = {};
    level_when_acted_ = {};
    decided_ = shown_ = {};
    shown_count_ = muck_order_ = {};
    mucks_ = 0;
    shows_done_ = shows_before_runout_ = false;
    choosing_runouts_ = false;
    runouts_ = 1;
    runout_ = runout_street_ = runout_common_ = runout_limit_ = 0;
    runout_choice_ = {};
    runout_cards_.clear();
    history_.clear();
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
    s.dealing = c.dealing;
    s.cap = c.cap;
    const game_traits& traits = traits_of(c.game);
    s.long_history = traits.streets.count > 4 || traits.deal.draws > 0;
    std::copy(c.forced.antes.begin(), c.forced.antes.end(), s.antes.begin());
    std::copy(c.forced.blinds_or_straddles.begin(), c.forced.blinds_or_straddles.end(), s.blinds.begin());
    std::copy(c.forced.live_posts.begin(), c.forced.live_posts.end(), s.live_posts.begin());
    std::copy(c.starting_stacks.begin(), c.starting_stacks.end(), s.starting.begin());
    const int n = c.players();
    int largest = -1;  // the last seat of the largest blind
    for (int seat = 0; seat < n; ++seat) {
        const auto i = static_cast<std::size_t>(seat);
        if (s.blinds[i] > 0 && s.blinds[i] >= s.nominal_blind) largest = seat;
        s.nominal_blind = std::max(s.nominal_blind, s.blinds[i]);
    }
    for (int seat = 0; seat < n; ++seat)
        s.nominal_blind = std::max(s.nominal_blind, s.live_posts[static_cast<std::size_t>(seat)]);
    s.first_opener = largest >= 0 ? (largest + 1) % n : 0;
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
    c.dealing = config_.dealing;
    c.cap = config_.cap;
    return c;
}

void hand_state::post_forced_bets() {
    const auto n = static_cast<std::size_t>(players_);
    std::copy_n(config_.starting.begin(), n, stacks_.begin());
    if (config_.cap > 0) [[unlikely]]
        for (std::size_t s = 0; s < n; ++s) stacks_[s] = std::min(stacks_[s], config_.cap);
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
    for (std::size_t s = 0; s < n && config_.has_antes; ++s) {
        chips paid = post(s, config_.antes[s], action::kind::post_ante);
        antes_[s] = paid;
        if (config_.ante_trimming) {
            committed_[s] += paid;
            collected_ += paid;
        } else {
            dead_antes_ += paid;
        }
    }
    for (std::size_t s = 0; s < n && config_.has_blinds; ++s)
        bets_[s] += post(s, config_.blinds[s], action::kind::post_blind);
    for (std::size_t s = 0; s < n && config_.has_live_posts; ++s)
        bets_[s] += post(s, config_.live_posts[s], action::kind::post_blind);
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

std::optional<action_error_code> hand_state::check(const action& a, std::string* why) const {
    using k = action::kind;
    using code = action_error_code;
    // The usual action, a betting decision of the seat to act: what the checks below come to for it.
    if (phase_ == phase::betting && a.seat == actor_ && a.what >= k::post_bring_in &&
        a.what <= k::complete_bet_or_raise_to) [[likely]]
        return check_betting(a, why);
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
    const bool show_kind = a.what == k::show || a.what == k::muck || a.what == k::choose_runouts;
    const phase wanted = draw_kind ? phase::drawing : show_kind ? phase::showdown : phase::betting;
    if (phase_ != wanted)
        return fail(code::wrong_phase, [&] {
            if (a.what == k::choose_runouts) return detail::runouts_not_asked(a.seat);
            return who_text() + " cannot " + std::string(draw_kind ? "draw" : show_kind ? "show or muck" : "bet") +
                   " now: the hand is in the " + std::string(to_string(phase_)) + " phase";
        });
    if (show_kind && (choosing_runouts_ || a.what == k::choose_runouts)) return check_runout_choice(a, why);
    const bool out_of_order_show =
        show_kind && shows_in_any_order() && live(a.seat) && !decided_[static_cast<std::size_t>(a.seat)];
    if (a.seat != actor_ && !out_of_order_show)
        return fail(code::not_your_turn, [&] {
            if (show_kind && decided_[static_cast<std::size_t>(a.seat)])
                return who_text() + " cannot act: they have shown or mucked";
            return who_text() + " cannot act: " + player_name(actor_) + " is to act";
        });
    if (draw_kind) return check_draw(a, why);
    if (show_kind) return check_show(a, why);
    return check_betting(a, why);
}

std::optional<action_error_code> hand_state::check_draw(const action& a, std::string* why) const {
    using code = action_error_code;
    const seat_cards& held = hole_[static_cast<std::size_t>(a.seat)];
    if (a.cards.size() > held.cards.size())
        return refuse(why, code::too_many_discards, [&] {
            return player_name(a.seat) + " cannot discard " + std::to_string(a.cards.size()) + " cards: they hold " +
                   std::to_string(held.cards.size());
        });
    CardSet thrown;
    const CardSet all = held.all();
    for (Card c : a.cards) {
        if (!all.contains(c) || thrown.contains(c))
            return refuse(why, code::discard_not_held,
                          [&] { return player_name(a.seat) + " cannot discard " + to_string(c) + ": they do not hold it"; });
        thrown |= c;
    }
    return std::nullopt;
}

std::optional<action_error_code> hand_state::check_show(const action& a, std::string* why) const {
    using code = action_error_code;
    const auto i = static_cast<std::size_t>(a.seat);
    const seat_cards& held = hole_[i];
    if (a.what == action::kind::muck && status_[i] == seat_status::all_in && config_.mode == play_mode::tournament)
        return refuse(why, code::must_show,
                      [&] { return player_name(a.seat) + " cannot muck: an all-in hand is shown in a tournament"; });
    if (a.what == action::kind::show && !a.cards.empty()) {
        CardSet shown;
        for (Card c : a.cards) shown |= c;
        if (static_cast<std::size_t>(shown.size()) != a.cards.size() || shown != held.all())
            return refuse(why, code::wrong_card_count, [&] {
                return player_name(a.seat) + " must show the cards they hold (" + std::to_string(held.cards.size()) +
                       ")";
            });
    }
    return std::nullopt;
}

// ----------------------------------------------------------------- applying

void hand_state::apply(const action& a) {
    if (auto refused = check(a, nullptr)) [[unlikely]] {
        std::string why;  // the words only for a refusal: the check again, saying why
        check(a, &why);
        throw action_error(*refused, why);
    }
    perform(a);
    assert(chips_conserved());
}

bool hand_state::chips_conserved() const {
    chips start = 0, now = pot_total();
    for (int s = 0; s < players_; ++s) {
        start += config_.starting[static_cast<std::size_t>(s)];
        now += stacks_[static_cast<std::size_t>(s)];
        if (phase_ != phase::complete) now += behind_cap(s);
    }
    return start == now;
}

bool hand_state::try_apply(const action& a, action_error_code* why) noexcept {
    if (auto refused = check(a, nullptr)) {
        if (why) *why = *refused;
        return false;
    }
    try {
        perform(a);
    } catch (...) {  // only allocation can fail here, before anything changed
        if (why) *why = action_error_code::wrong_phase;
        return false;
    }
    assert(chips_conserved());
    return true;
}

bool hand_state::is_legal(const action& a) const noexcept { return !check(a, nullptr).has_value(); }

// A hand of a flop game usually fits the history's inline capacity and never
// allocates; stud and draw games, whose histories are longer, reserve their
// usual length at the deal (growing from the inline capacity copies it all).
void hand_state::reserve_history() {
    if (config_.long_history) history_.reserve(usual_history_length());
}

void hand_state::grow_history() { history_.reserve(std::max(2 * history_.capacity(), usual_history_length())); }

std::size_t hand_state::usual_history_length() const { return static_cast<std::size_t>(16 + 8 * players_); }

void hand_state::perform(const action& a) {
    using k = action::kind;
    // First: recording is the only step that can throw. A show of every card records the cards.
    if (a.what == k::show && a.cards.empty())
        record({a.what, a.seat, a.amount, to_action_cards(hole_[static_cast<std::size_t>(a.seat)].cards)});
    else
        record(a);
    switch (a.what) {
        case k::deal_hole:
        case k::deal_board:
        case k::burn:
            perform_deal(a);
            break;
        case k::stand_pat_or_discard:
            perform_discard(a);
            break;
        case k::post_bring_in:
        case k::fold:
        case k::check_or_call:
        case k::complete_bet_or_raise_to:
            perform_bet(a);
            break;
        case k::show:
        case k::muck:
            perform_show(a);
            break;
        case k::choose_runouts:
            perform_runout_choice(a);
            break;
        case k::post_ante:
        case k::post_blind:
            break;
    }
    if (phase_ == phase::dealing) advance();
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
    for (int r = 0; r < runout_; ++r) v.runout_boards.push_back(runout_board(r));
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
           a.unit_ == b.unit_ && a.raise_size_ == b.raise_size_ && a.largest_raise_ == b.largest_raise_ && a.bets_made_ == b.bets_made_ && a.bring_in_due_ == b.bring_in_due_ &&
           a.completion_open_ == b.completion_open_ && a.cap_lifted_ == b.cap_lifted_ &&
           a.last_aggressor_ == b.last_aggressor_ && a.round_opener_ == b.round_opener_ &&
           a.show_lead_ == b.show_lead_ && a.acted_ == b.acted_ && a.level_when_acted_ == b.level_when_acted_ &&
           a.decided_ == b.decided_ && a.shown_ == b.shown_ && a.shown_count_ == b.shown_count_ && a.muck_order_ == b.muck_order_ && a.mucks_ == b.mucks_ && a.shows_done_ == b.shows_done_ &&
           a.shows_before_runout_ == b.shows_before_runout_ && a.choosing_runouts_ == b.choosing_runouts_ &&
           a.runouts_ == b.runouts_ && a.runout_ == b.runout_ && a.runout_street_ == b.runout_street_ &&
           a.runout_common_ == b.runout_common_ && a.runout_limit_ == b.runout_limit_ &&
           a.runout_choice_ == b.runout_choice_ &&
           a.runout_cards_ == b.runout_cards_ && a.history_ == b.history_;
}

action default_action(const hand_state& hand) {
    const legal_actions l = hand.legal();
    if (!l.seat) throw std::logic_error("default_action: no seat is to act (" + std::string(to_string(l.at)) + ")");
    const int seat = *l.seat;
    switch (l.at) {
        case phase::betting:
            if (l.can_check) return action::check_or_call_by(seat);
            if (l.can_fold) return action::fold_by(seat);
            return l.passive();  // the bring-in, which the seat owes
        case phase::showdown:
            if (l.can_choose_runouts) return l.passive();  // once
            return l.can_muck ? action::muck_by(seat) : action::show_by(seat);
        default: break;
    }
    return l.passive();  // a draw: stand pat
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
            if (l.can_choose_runouts)
                return action::choose_runouts_by(
                    seat, 1 + static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(l.most_runouts))));
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
