#include <algorithm>
#include <array>

#include "messages.hpp"
#include "pokerengine/play.hpp"

// Dealing and draws: the seeded deck or the dealer's cards, street by street,
// the burns, the stud community card, discards and the draw reshuffle.
namespace pokerengine::play {

using detail::player_name;
using detail::refuse;

// ------------------------------------------------------------- checking

std::optional<action_error_code> hand_state::check_cards(const action& a, std::string* why) const {
    using k = action::kind;
    using code = action_error_code;
    if (!manual_)
        return refuse(why, code::wrong_phase, [] { return std::string("the dealer deals this hand from its seeded deck"); });
    if (phase_ != phase::dealing)
        return refuse(why, code::wrong_phase, [&] {
            return "the dealer cannot deal now: the hand is in the " + std::string(to_string(phase_)) + " phase";
        });
    if (a.what == k::deal_hole) {
        if (a.seat < 0 || a.seat >= players_ || (step_ != step::hole && step_ != step::replace) ||
            owed_[static_cast<std::size_t>(a.seat)] == 0)
            return refuse(why, code::wrong_phase, [&] {
                if (a.seat < 0 || a.seat >= players_)
                    return "there is no " + player_name(a.seat) + " in this hand of " + std::to_string(players_) +
                           " players";
                return player_name(a.seat) + " is owed no cards now";
            });
        const int owed = owed_[static_cast<std::size_t>(a.seat)];
        if (a.cards.empty() || static_cast<int>(a.cards.size()) > owed)
            return refuse(why, code::wrong_card_count, [&] {
                return player_name(a.seat) + " is owed " + std::to_string(owed) + " card" + (owed == 1 ? "" : "s") +
                       ", not " + std::to_string(a.cards.size());
            });
    } else if (a.what == k::deal_board) {
        if (step_ != step::board || board_owed_ == 0)
            return refuse(why, code::wrong_phase, [] { return std::string("no board cards are owed now"); });
        if (static_cast<int>(a.cards.size()) != board_owed_)
            return refuse(why, code::wrong_card_count, [&] {
                return "the board is owed " + std::to_string(board_owed_) + " card" + (board_owed_ == 1 ? "" : "s") +
                       ", not " + std::to_string(a.cards.size());
            });
    } else if (a.cards.size() != 1) {
        return refuse(why, code::wrong_card_count, [] { return std::string("a burn is one card"); });
    }
    return check_dealt_cards(a, why);
}

// Whether the dealer's cards are the deck's and not in play or seen before.
std::optional<action_error_code> hand_state::check_dealt_cards(const action& a, std::string* why) const {
    using code = action_error_code;
    const CardSet deck = deck_cards(traits_->deck);
    CardSet in_play = discards_now_;
    for (Card c : board_) in_play |= c;
    for (int s = 0; s < players_; ++s) in_play |= hole_[static_cast<std::size_t>(s)].all();
    // A card seen before (burned, mucked, discarded in an earlier round) comes
    // back only when the stub cannot complete the draw: the dealer reshuffled.
    int owed_now = 0;
    for (int s = 0; s < players_; ++s) owed_now += owed_[static_cast<std::size_t>(s)];
    const bool from_reserve =
        step_ == step::replace || (step_ == step::hole && config_.rules.stud_hole_cards_from_reserve);
    const bool reshuffled = from_reserve && (draw_reshuffled_ || stub_size() < owed_now);
    CardSet given;
    for (Card c : a.cards) {
        if (!deck.contains(c))
            return refuse(why, code::card_not_in_deck,
                          [&] { return to_string(c) + " is not in " + std::string(traits_->name) + "'s deck"; });
        const bool reusable = reshuffled && (reusable_ | discards_now_).contains(c);
        if (given.contains(c) || ((in_play.contains(c) || seen_.contains(c)) && !reusable))
            return refuse(why, code::card_already_dealt, [&] { return to_string(c) + " has already been dealt"; });
        given |= c;
    }
    return std::nullopt;
}

// ------------------------------------------------------------- applying

void hand_state::take_hole_cards(int seat, const Card* cards, std::size_t count) {
    auto i = static_cast<std::size_t>(seat);
    seat_cards& held = hole_[i];
    if (step_ == step::hole && traits_->family == game_family::stud) {
        const std::size_t down = plan().down_cards;
        for (std::size_t k = 0; k < count; ++k)
            if (dealt_now_[i] + k >= down)
                held.up_mask = static_cast<std::uint16_t>(held.up_mask | (1U << (held.cards.size() + k)));
    }
    CardSet taken;
    for (Card c : std::span<const Card>(cards, count)) {
        held.cards.push_back(c);
        taken |= c;
    }
    seen_ |= taken;
    reusable_ -= taken;
    dealt_now_[i] = static_cast<std::uint8_t>(dealt_now_[i] + count);
    owed_[i] = static_cast<std::uint8_t>(owed_[i] - count);
}

void hand_state::perform_deal(const action& a) {
    switch (a.what) {
        case action::kind::deal_hole:
            for (Card c : a.cards) draw_reshuffled_ |= seen_.contains(c);  // only a reshuffled card may be seen
            take_hole_cards(a.seat, a.cards.data(), a.cards.size());
            break;
        case action::kind::deal_board:
            for (Card c : a.cards) {
                board_.push_back(c);
                seen_ |= c;
                reusable_ -= c;
            }
            board_owed_ = 0;
            break;
        default:  // a burn; the burn counted without a card is this one
            if (implicit_burns_ > 0) --implicit_burns_;
            seen_ |= a.cards[0];
            reusable_ |= a.cards[0];
            break;
    }
}

void hand_state::perform_discard(const action& a) {
    const auto i = static_cast<std::size_t>(a.seat);
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
}

// ---------------------------------------------------------- the deck

int hand_state::stub_size() const {
    if (!manual_) return deck_.size();
    return std::max(0, deck_cards(traits_->deck).size() - seen_.size() - implicit_burns_);
}

Card hand_state::next_card() {
    if (deck_.size() == 0) reshuffle_for_draw(true);
    // Out of line, the draw keeps the whole shuffle's deal a load and a store.
    Card c = config_.dealing == dealing_order::card_by_card ? draw_card() : deck_.deal();
    seen_ |= c;
    return c;
}

Card hand_state::draw_card() { return deck_.deal_random(rng_); }

void hand_state::reshuffle_for_draw(bool keep_current_discards) {
    CardSet cards = deck_.remaining_set() | reusable_;
    if (keep_current_discards || config_.rules.reshuffle_current_discards) {
        cards |= discards_now_;
        discards_now_ = {};
    }
    reusable_ = {};
    seen_ -= cards;
    deck_ = Deck{cards};
    if (config_.dealing == dealing_order::whole_shuffle) deck_.shuffle(rng_);
}

// ------------------------------------------------------------ streets

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
    // One card at a time round the table from seat 0, then one action per
    // seat: the cards go straight into the recorded actions.
    std::array<std::size_t, max_seats> entry{};
    int most = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
        if (owed_[i] == 0) continue;
        most = std::max<int>(most, owed_[i]);
        entry[i] = history_.size();
        record({action::kind::deal_hole, static_cast<std::int8_t>(i), 0, {}});
    }
    for (int round = 0; round < most; ++round)
        for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i)
            if (owed_[i] > round) history_[entry[i]].cards.push_back(next_card());
    for (std::size_t i = 0; i < static_cast<std::size_t>(players_); ++i) {
        if (owed_[i] == 0) continue;
        const action_cards& cards = history_[entry[i]].cards;
        take_hole_cards(static_cast<int>(i), cards.data(), cards.size());
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

// Deals what is owed street by street up to the next decision; with the
// dealer's cards, stops where the dealer owes some.
void hand_state::advance() {
    while (phase_ != phase::complete) {
        switch (step_) {
            case step::burn:
                start_street();
                break;
            case step::hole:
                if (!deal_owed_cards(false)) return;
                step_ = step::board;
                break;
            case step::board:
                if (!deal_board_step()) return;
                break;
            case step::discard:
                begin_draw();
                return;
            case step::draw_burn:
                draw_burn();
                break;
            case step::replace:
                if (!deal_owed_cards(true)) return;
                reusable_ |= discards_now_;  // this round's discards join the earlier ones
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

// Each step returns false when it waits for the dealer's cards.
bool hand_state::deal_owed_cards(bool replacements) {
    if (std::none_of(owed_.begin(), owed_.end(), [](std::uint8_t o) { return o > 0; })) return true;
    if (manual_) {
        phase_ = phase::dealing;
        return false;
    }
    if (replacements) deal_replacements_automatic();
    else deal_hole_automatic();
    return true;
}

bool hand_state::deal_board_step() {
    if (board_owed_ > 0) {
        if (manual_) {
            phase_ = phase::dealing;
            return false;
        }
        action deal{action::kind::deal_board, -1, 0, {}};
        for (int c = 0; c < board_owed_; ++c) deal.cards.push_back(next_card());
        board_.insert(board_.end(), deal.cards.begin(), deal.cards.end());
        record(std::move(deal));
        board_owed_ = 0;
    }
    step_ = plan().draw ? step::discard : step::betting;
    return true;
}

void hand_state::begin_draw() {
    draw_reshuffled_ = false;
    decided_.fill(false);
    discards_.fill(0);
    for (int s = 0; s < players_; ++s)
        if (live(s)) {
            actor_ = s;
            break;
        }
    phase_ = phase::drawing;
}

void hand_state::draw_burn() {
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
        if (offers_runouts()) begin_runout_choice();
        else begin_showdown(true);
        return;
    }
    if (last && runout_ + 1 < runouts_) {
        next_runout();
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

}  // namespace pokerengine::play
