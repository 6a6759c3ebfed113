#include <algorithm>
#include <array>
#include <variant>

#include "pokerengine/play.hpp"

// The showdown: who shows first, in what order, what a muck gives up, and the
// hand-off to the one settlement path (settlement.hpp) for the payouts.
namespace pokerengine::play {

void hand_state::perform_show(const action& a) {
    const auto i = static_cast<std::size_t>(a.seat);
    decided_[i] = true;
    if (a.what == action::kind::show) {
        shown_[i] = true;
        shown_count_[i] = static_cast<std::uint8_t>(hole_[i].cards.size());
    } else {
        muck_order_[i] = ++mucks_;
        set_status(i, seat_status::mucked);
        reusable_ |= hole_[i].all();
    }
    next_shower();
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

}  // namespace pokerengine::play
