// The ACPC protocol's text (project_acpc_server's protocol.pdf and game.c):
// the engine decides every rule; this file only writes and reads the lines.

#include "pokerengine/server/acpc_protocol.hpp"

#include <algorithm>
#include <ranges>
#include <stdexcept>

#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/random.hpp"

namespace pokerengine::server {

using play::action;
using play::phase;

std::string_view to_string(acpc_reply_status status) {
    switch (status) {
        case acpc_reply_status::action: return "action";
        case acpc_reply_status::bad_action: return "bad_action";
        case acpc_reply_status::comment: return "comment";
        case acpc_reply_status::other_state: return "other_state";
    }
    return "other_state";
}

acpc_reply read_acpc_reply(std::string_view line, std::string_view sent, betting_structure structure) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    if (!line.empty() && (line.front() == '#' || line.front() == ';')) return {acpc_reply_status::comment, {}};
    if (sent.empty() || !line.starts_with(sent)) return {acpc_reply_status::other_state, {}};
    std::string_view rest = line.substr(sent.size());
    const acpc_reply bad{acpc_reply_status::bad_action, {acpc_action::kind::call, 0}};
    // The state sent must end where the reply's state ends: "...|:c", not "...|Ks:c".
    if (rest.size() < 2 || rest.front() != ':') return rest.empty() || rest.front() == ':' ? bad : acpc_reply{};
    rest.remove_prefix(1);
    const char verb = rest.front();
    rest.remove_prefix(1);
    if (verb == 'f') return {acpc_reply_status::action, {acpc_action::kind::fold, 0}};
    if (verb == 'c') return {acpc_reply_status::action, {acpc_action::kind::call, 0}};
    if (verb != 'r') return bad;
    if (structure != betting_structure::no_limit) return {acpc_reply_status::action, {acpc_action::kind::raise, 0}};
    // The size as game.c reads it (%d): spaces, a sign, digits. A negative size is below every
    // minimum and a huge one above every stack: the hand moves either to the nearest legal size.
    std::size_t i = 0;
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t')) ++i;
    bool negative = false;
    if (i < rest.size() && (rest[i] == '+' || rest[i] == '-')) negative = rest[i++] == '-';
    chips size = 0;
    const std::size_t first = i;
    for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i)
        size = std::min<chips>(size * 10 + (rest[i] - '0'), max_chips / 10);
    if (i == first) return bad;
    return {acpc_reply_status::action, {acpc_action::kind::raise, negative ? -size : size}};
}

acpc_hand::acpc_hand(const acpc_game& game, std::uint32_t number, std::span<const Card> cards)
    : game_(&game), number_(number), cards_(cards.begin(), cards.end()),
      hand_(play::acpc_hand_config(game), play::manual_dealing) {
    const auto needed = static_cast<std::size_t>(2 * game.players + 5);
    CardSet distinct;
    for (Card c : cards_) distinct |= c;
    if (cards_.size() != needed || static_cast<std::size_t>(distinct.size()) != needed)
        throw std::invalid_argument("an ACPC hand needs " + std::to_string(needed) + " different cards, got " +
                                    std::to_string(cards_.size()));
    advance();
}

CardList acpc_hand::shuffled_cards(const acpc_game& game, std::uint64_t seed) {
    Deck deck;
    xoshiro256ss rng{seed};
    deck.shuffle(rng);
    return deck.deal(2 * game.players + 5);
}

std::optional<int> acpc_hand::acting() const { return finished() ? std::nullopt : hand_.to_act(); }

void acpc_hand::advance() {
    while (!hand_.is_complete()) {
        const phase at = hand_.current_phase();
        if (at == phase::betting) break;
        if (at == phase::showdown) {
            // Every hand still in is shown, as the protocol shows it.
            hand_.apply(action::show_by(*hand_.to_act()));
        } else if (at == phase::dealing) {
            const auto hole = cards_.begin() + 2 * holes_dealt_;
            if (holes_dealt_ < game_->players) {
                hand_.apply(action::deal_hole_to(holes_dealt_, CardList(hole, hole + 2)));
                ++holes_dealt_;
            } else {
                const auto board = cards_.begin() + 2 * game_->players + static_cast<std::ptrdiff_t>(hand_.board().size());
                hand_.apply(action::deal_board_cards(CardList(board, board + (hand_.board().empty() ? 3 : 1))));
            }
        } else {
            throw std::logic_error("an ACPC hand in a phase hold'em does not have");
        }
    }
    catch_up_rounds();
}

// A round's '/' is written when its board is dealt: "cc/" with the flop.
void acpc_hand::catch_up_rounds() {
    const std::size_t board = hand_.board().size();
    const int round = board == 0 ? 0 : static_cast<int>(board) - 2;
    for (; rounds_written_ < round; ++rounds_written_) betting_ += '/';
}

acpc_fix acpc_hand::apply(const acpc_action& a) {
    const play::legal_actions legal = hand_.legal();
    if (!legal.seat) throw std::logic_error("no position is to act");
    const int seat = *legal.seat;
    const auto i = static_cast<std::size_t>(seat);
    const chips earlier_rounds = hand_.contributions()[i] - hand_.street_bets()[i];
    acpc_fix fix = acpc_fix::none;
    action act = legal.passive();
    if (a.what == acpc_action::kind::fold) {
        // The protocol refuses a fold when calling is free.
        if (legal.can_fold && !legal.can_check) act = action::fold_by(seat);
        else fix = acpc_fix::changed_to_call;
    } else if (a.what == acpc_action::kind::raise) {
        if (!legal.can_raise) {
            fix = acpc_fix::changed_to_call;
        } else if (game_->structure != betting_structure::no_limit) {
            act = action::raise_to(seat, legal.min_to);
        } else {
            const chips least = legal.raise_is_all_in_only ? legal.max_to : legal.min_to;
            const chips to = a.size - earlier_rounds;
            const chips legal_to = std::clamp(to, least, legal.max_to);
            if (legal_to != to) fix = acpc_fix::size_changed;
            act = action::raise_to(seat, legal_to);
        }
    }
    hand_.apply(act);
    if (act.what == action::kind::fold) betting_ += 'f';
    else if (act.what == action::kind::check_or_call) betting_ += 'c';
    else betting_ += 'r';
    if (act.what == action::kind::complete_bet_or_raise_to && game_->structure == betting_structure::no_limit)
        betting_ += std::to_string(earlier_rounds + act.amount);
    advance();
    return fix;
}

void acpc_hand::apply_default() {
    const play::legal_actions legal = hand_.legal();
    apply({legal.can_check ? acpc_action::kind::call : acpc_action::kind::fold, 0});
}

std::string acpc_hand::matchstate(int position) const {
    int unfolded = 0;
    for (int p = 0; p < game_->players; ++p) unfolded += hand_.status(p) != play::seat_status::folded;
    const bool showdown = finished() && unfolded >= 2;
    std::string out = "MATCHSTATE:" + std::to_string(position) + ":" + std::to_string(number_) + ":" + betting_ + ":";
    for (int p = 0; p < game_->players; ++p) {
        if (p > 0) out += '|';
        if (p == position || (showdown && hand_.status(p) != play::seat_status::folded))
            for (Card c : hand_.hole_cards(p).cards) out += to_string(c);
    }
    for (std::size_t k = 0; k < hand_.board().size(); ++k) {
        if (k == 0 || k >= 3) out += '/';
        out += to_string(hand_.board()[k]);
    }
    return out;
}

std::string acpc_hand::state() const {
    std::string out = "STATE:" + std::to_string(number_) + ":" + betting_ + ":";
    for (int p = 0; p < game_->players; ++p) {
        if (p > 0) out += '|';
        for (Card c : hand_.hole_cards(p).cards) out += to_string(c);
    }
    for (std::size_t k = 0; k < hand_.board().size(); ++k) {
        if (k == 0 || k >= 3) out += '/';
        out += to_string(hand_.board()[k]);
    }
    return out;
}

std::vector<chips> acpc_hand::values() const {
    const std::vector<chips> in = hand_.contributions();
    std::vector<chips> out;
    for (int p = 0; p < game_->players; ++p) out.push_back(hand_.payouts()[static_cast<std::size_t>(p)] - in[static_cast<std::size_t>(p)]);
    return out;
}

namespace {

std::string joined(std::span<const chips> values, std::span<const std::string> names) {
    std::string out;
    for (std::size_t p = 0; p < values.size(); ++p) {
        out += p ? '|' : ':';
        out += std::to_string(values[p]);
    }
    for (std::size_t p = 0; p < names.size(); ++p) {
        out += p ? '|' : ':';
        out += names[p];
    }
    return out;
}

}  // namespace

std::string acpc_hand::log_line(std::span<const std::string> names_by_position) const {
    const std::vector<chips> v = values();
    return state() + joined(v, names_by_position);
}

std::string acpc_score_line(std::span<const chips> totals, std::span<const std::string> names) {
    return "SCORE" + joined(totals, names);
}

}  // namespace pokerengine::server
