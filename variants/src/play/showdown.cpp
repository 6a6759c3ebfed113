#include <algorithm>
#include <array>
#include <variant>

#include "messages.hpp"
#include "pokerengine/play.hpp"

// The showdown: who shows first, in what order, what a muck gives up, and the
// hand-off to the one settlement path (settlement.hpp) for the payouts.
namespace pokerengine::play {

using detail::player_name;
using detail::refuse;

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

// ----------------------------------------------------------------- runouts

// A cash game's all-in with board cards to come: when the profile allows, each
// seat still in says how many times to deal the rest of the board, from the
// seat that shows first on; it is dealt that many times when every seat said
// the same number, else once (the rooms' "all players agree").
bool hand_state::offers_runouts() const {
    return config_.mode == play_mode::cash_game && config_.rules.most_runouts > 1 && most_runouts_now() > 1;
}

// The most times the rest of the board can be dealt: the rules' limit, and the cards left, burns included.
int hand_state::most_runouts_now() const {
    if (traits_->family == game_family::stud) return 1;
    const auto streets = traits_->streets.streets();
    int per_runout = 0;
    for (std::size_t s = static_cast<std::size_t>(street_) + 1; s < streets.size(); ++s)
        if (streets[s].board_cards > 0) per_runout += streets[s].board_cards + (streets[s].burn ? 1 : 0);
    if (per_runout == 0) return 1;
    return std::clamp(stub_size() / per_runout, 1, config_.rules.most_runouts);
}

void hand_state::begin_runout_choice() {
    choosing_runouts_ = true;
    runout_limit_ = static_cast<std::uint8_t>(most_runouts_now());
    decided_.fill(false);
    phase_ = phase::showdown;
    actor_ = next_undecided();
}

std::optional<action_error_code> hand_state::check_runout_choice(const action& a, std::string* why) const {
    using code = action_error_code;
    if (!choosing_runouts_) return refuse(why, code::wrong_phase, [&] { return detail::runouts_not_asked(a.seat); });
    if (a.what != action::kind::choose_runouts)
        return refuse(why, code::wrong_phase, [&] {
            return player_name(a.seat) + " cannot act so now: the players still in say how many times to run the board";
        });
    if (a.seat != actor_)
        return refuse(why, code::not_your_turn, [&] {
            return player_name(a.seat) + " cannot act: " + player_name(actor_) + " is to say how many times to run the board";
        });
    const int most = runout_limit_;
    if (a.amount < 1)
        return refuse(why, code::below_minimum, [&] {
            return player_name(a.seat) + " cannot run the board " + std::to_string(a.amount) + " times: at least once";
        });
    if (a.amount > most)
        return refuse(why, code::above_maximum, [&] {
            return player_name(a.seat) + " cannot run the board " + std::to_string(a.amount) + " times: at most " +
                   std::to_string(most) + (most < config_.rules.most_runouts ? " with the cards left" : " by the rules");
        });
    return std::nullopt;
}

void hand_state::perform_runout_choice(const action& a) {
    const auto i = static_cast<std::size_t>(a.seat);
    runout_choice_[i] = static_cast<std::uint8_t>(a.amount);
    decided_[i] = true;
    actor_ = next_undecided();
    if (actor_ >= 0) return;
    int agreed = 0;
    for (int s = 0; s < players_; ++s) {
        if (!live(s)) continue;
        const int chosen = runout_choice_[static_cast<std::size_t>(s)];
        agreed = agreed == 0 || agreed == chosen ? chosen : 1;
    }
    choosing_runouts_ = false;
    runout_limit_ = 0;
    runouts_ = static_cast<std::uint8_t>(agreed);
    runout_street_ = static_cast<std::uint8_t>(street_ + 1);
    runout_common_ = static_cast<std::uint8_t>(board_.size());
    begin_showdown(true);
}

// The last street of a runout is dealt: the next deals the same streets again, from the cards left.
void hand_state::next_runout() {
    runout_cards_.insert(runout_cards_.end(), board_.begin() + runout_common_, board_.end());
    board_.resize(runout_common_);
    ++runout_;
    street_ = runout_street_;
    step_ = step::burn;
    phase_ = phase::dealing;
}

CardList hand_state::runout_board(int runout) const {
    if (runout == runout_) return board_;
    const std::size_t own = runout_cards_.size() / runout_;
    CardList board(board_.begin(), board_.begin() + runout_common_);
    const auto from = runout_cards_.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(runout) * own);
    board.insert(board.end(), from, from + static_cast<std::ptrdiff_t>(own));
    return board;
}

std::vector<CardList> hand_state::boards() const {
    std::vector<CardList> all;
    for (int r = 0; r <= runout_; ++r) all.push_back(runout_board(r));
    return all;
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
    for (int s = 0; s < players_; ++s)
        stacks_[static_cast<std::size_t>(s)] += payouts_[static_cast<std::size_t>(s)] + behind_cap(s);
    phase_ = phase::complete;
    actor_ = -1;
}

// ---------------------------------------------------------------- payouts

std::array<chips, max_seats> hand_state::settle_hand(hand_result* out, bool describe_hands) const {
    // A board run more than once has a settlement of its own, so that the usual one stays as lean as it was.
    if (runout_ > 0 && live_count() > 1) [[unlikely]]
        return settle_boards<true>(out, describe_hands);
    return settle_boards<false>(out, describe_hands);
}

template <bool several_boards>
std::array<chips, max_seats> hand_state::settle_boards(hand_result* out, bool describe_hands) const {
    const auto n = static_cast<std::size_t>(players_);
    std::array<stake, max_seats> stakes{};
    std::array<CardSet, max_seats> cards{};
    for (std::size_t s = 0; s < n; ++s) stakes[s] = {committed_[s], status_[s] == seat_status::folded};
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
    if (!showdown && !out) {  // one seat left: no hand to value, no board (most hands end so)
        std::array<chips, max_seats> pay{};
        detail::pay_pots(in, {pay.data(), n}, nullptr);
        return pay;
    }
    // Each runout's board, the last being `board_`; the one board when dealt once.
    const std::size_t runouts = several_boards ? static_cast<std::size_t>(runout_) + 1 : 1;
    std::array<CardSet, several_boards ? 4 : 1> boards{};
    for (Card c : board_) boards[runouts - 1] |= c;
    std::array<std::array<hand_value, max_seats>, several_boards ? 4 : 1> high{}, low{};
    std::array<detail::pay_input::runout, several_boards ? 3 : 0> others{};
    if constexpr (several_boards) {
        for (std::size_t r = 0; r + 1 < runouts; ++r)
            for (Card c : runout_board(static_cast<int>(r))) boards[r] |= c;
        if (out) {
            out->runouts.resize(runouts);
            for (std::size_t r = 0; r < runouts; ++r) {
                out->runouts[r].board = runout_board(static_cast<int>(r));
                if (describe_hands) {
                    out->runouts[r].high.resize(n);
                    out->runouts[r].low.resize(n);
                }
            }
        }
    }
    in.board = boards[0];
    std::visit(
        [&](const auto& game) {
            using G = std::decay_t<decltype(game)>;
            auto evaluate = [&](const auto& rule, auto& values, auto* shown, CardSet board) {
                for (std::size_t s = 0; s < n; ++s) {
                    if (!live(static_cast<int>(s)) || !(showdown || (shown && shown_[s] && full_hand(s)))) continue;
                    cards[s] = hole_[s].all();
                    values[s] = rule.evaluate(cards[s], board);
                    if (shown)
                        (*shown)[s] = shown_hand{values[s], rule.best_cards(cards[s], board), rule.describe(values[s]),
                                                 rule.category_label(values[s])};
                }
            };
            const bool describe = out && describe_hands;
            for (std::size_t r = 0; r < runouts; ++r) {
                auto* shown_high = !describe ? nullptr : r == 0 ? &out->high : &out->runouts[r].high;
                auto* shown_low = !describe ? nullptr : r == 0 ? &out->low : &out->runouts[r].low;
                if constexpr (!std::same_as<typename G::high_hand, no_hand>)
                    evaluate(typename G::high_hand{}, high[r], shown_high, boards[r]);
                if constexpr (!std::same_as<typename G::low_hand, no_hand>)
                    evaluate(typename G::low_hand{}, low[r], shown_low, boards[r]);
            }
            if constexpr (!std::same_as<typename G::high_hand, no_hand>) in.high = {high[0].data(), n};
            if constexpr (!std::same_as<typename G::low_hand, no_hand>) in.low = {low[0].data(), n};
            if constexpr (several_boards)
                for (std::size_t r = 1; r < runouts; ++r) {
                    others[r - 1].board = boards[r];
                    if (!in.high.empty()) others[r - 1].high = {high[r].data(), n};
                    if (!in.low.empty()) others[r - 1].low = {low[r].data(), n};
                }
            in.best_cards = &detail::best_cards_of<G>;
        },
        config_.game);
    if constexpr (several_boards) {
        in.more_runouts = {others.data(), runouts - 1};
        if (out && describe_hands) {  // the first board's hands, beside the others
            out->runouts[0].high = out->high;
            out->runouts[0].low = out->low;
        }
    }
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
