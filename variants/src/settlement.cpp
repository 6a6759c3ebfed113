#include "pokerengine/settlement.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <variant>

namespace pokerengine {
namespace detail {
namespace {

std::string player_name(std::size_t i) { return "player " + std::to_string(i + 1); }

std::string deck_name(deck_kind deck) {
    switch (deck) {
        case deck_kind::short_deck:
            return "the 36-card short deck (six to ace)";
        case deck_kind::one_joker:
            return "the 52-card deck with one joker";
        case deck_kind::standard:
            break;
    }
    return "the 52-card deck (no jokers)";
}

std::size_t live_players(std::span<const seat> seats) {
    return static_cast<std::size_t>(std::count_if(seats.begin(), seats.end(), [](const seat& s) { return !s.folded; }));
}

// Position of a player in the order odd chips are handed out: lower goes first.
// Button games: clockwise from the button. Stud (Robert's Rules of Poker):
// the highest card by suit for a high hand, the lowest card by suit (aces low)
// for a low hand, counting all of the player's cards.
int odd_chip_priority(const game_traits& traits, std::span<const seat> seats, std::size_t button, std::size_t player,
                      pot_half half) {
    auto n = static_cast<int>(seats.size());
    if (traits.odd_chip == odd_chip_rule::left_of_button)
        return (static_cast<int>(player) - static_cast<int>(button) - 1 + 2 * n) % n;
    int best = 1000;
    for (Card c : seats[player].cards) {
        if (c.is_joker()) continue;
        int rank = static_cast<int>(c.rank());
        int suit = static_cast<int>(c.suit());
        int priority = half == pot_half::high ? -(rank * 4 + suit) : ((rank + 1) % rank_count) * 4 + suit;
        best = std::min(best, priority);
    }
    return best;
}

}  // namespace

bool shows_cards(std::span<const seat> seats, std::size_t player) {
    return !seats[player].folded && !seats[player].cards.empty();
}

bool check_showdown(const game_traits& traits, std::span<const seat> seats, CardSet board, std::size_t button) {
    const std::string game = std::string(traits.name);
    if (seats.size() < 2)
        throw game_error("a showdown needs at least two players, got " + std::to_string(seats.size()));
    if (button >= seats.size())
        throw game_error("the button must be one of the " + std::to_string(seats.size()) + " players (index " +
                         std::to_string(button) + " given)");
    const deal_plan& deal = traits.deal;
    const std::size_t live = live_players(seats);
    int hole_cards = deal.hole_cards;
    bool board_complete = true;
    if (traits.family == game_family::stud && (board.size() == 1 || board.size() == 2)) {
        hole_cards -= board.size();  // the deck ran short: cards shared by everybody on the last streets
    } else if (live == 1 && board.size() < deal.board_cards) {
        board_complete = false;  // everybody else folded before the board was dealt out
    } else if (board.size() != deal.board_cards) {
        throw game_error(game + " needs " + std::to_string(deal.board_cards) + " board card" +
                         (deal.board_cards == 1 ? "" : "s") + " at showdown, got " + std::to_string(board.size()) +
                         (traits.family == game_family::stud ? " (or one or two shared cards when the deck runs short)" : ""));
    }
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const seat& s = seats[i];
        if (s.contribution < 0)
            throw pot_error(player_name(i) + " has a negative contribution (" + std::to_string(s.contribution) + ")");
        if (s.folded && !s.cards.empty()) throw game_error(player_name(i) + " folded and cannot show cards");
    }
    if (live == 0) throw pot_error("every player folded: nobody can win the pot");
    std::vector<stake> stakes;
    stakes.reserve(seats.size());
    for (const seat& s : seats) stakes.push_back({s.contribution, s.folded});
    total_chips(stakes);
    const CardSet deck = deck_cards(traits.deck);
    CardSet dealt = board;
    auto check_cards = [&](CardSet cards, const std::string& owner) {
        for (Card c : cards)
            if (!deck.contains(c))
                throw game_error(owner + ": " + to_string(c) + " is not in " + deck_name(traits.deck));
    };
    check_cards(board, "board");
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const seat& s = seats[i];
        if (s.folded) continue;
        bool may_muck = live == 1 && s.cards.empty();
        if (!may_muck && s.cards.size() != hole_cards)
            throw game_error(player_name(i) + " shows " + std::to_string(s.cards.size()) + " card" +
                             (s.cards.size() == 1 ? "" : "s") + "; " + game + " needs " + std::to_string(hole_cards));
        check_cards(s.cards, player_name(i));
        CardSet twice = dealt & s.cards;
        if (!twice.empty()) {
            Card c = *twice.begin();
            std::string other = board.contains(c) ? std::string("the board") : std::string();
            for (std::size_t j = 0; j < i && other.empty(); ++j)
                if (seats[j].cards.contains(c)) other = player_name(j);
            throw game_error(to_string(c) + " is dealt twice (" + other + " and " + player_name(i) + ")");
        }
        dealt |= s.cards;
    }
    return board_complete;
}

settlement settle_pots(const game_traits& traits, std::span<const seat> seats, std::size_t button,
                       const half_values* high, const half_values* low) {
    std::vector<stake> stakes;
    for (const seat& s : seats) stakes.push_back({s.contribution, s.folded});
    settlement result;
    result.payouts.assign(seats.size(), 0);
    result.high.resize(seats.size());
    result.low.resize(seats.size());
    if (high) result.high = high->shown;
    if (low) result.low = low->shown;

    // No player receives more than one odd chip from a pot: when the same
    // players tie both halves, the low half's odd chip goes to another of them.
    std::vector<std::size_t> got_odd_chip;
    auto pay = [&](pot_result& pr, pot_half half, chips amount, const half_values& hv) {
        hand_value best = hv.values[pr.eligible.front()];
        for (std::size_t p : pr.eligible) best = std::max(best, hv.values[p]);
        pot_share share{half, amount, {}, {}};
        for (std::size_t p : pr.eligible)
            if (hv.values[p] == best) share.winners.push_back(p);
        std::vector<std::size_t> chip_order = share.winners;
        std::stable_sort(chip_order.begin(), chip_order.end(), [&](std::size_t a, std::size_t b) {
            return odd_chip_priority(traits, seats, button, a, half) <
                   odd_chip_priority(traits, seats, button, b, half);
        });
        std::stable_partition(chip_order.begin(), chip_order.end(), [&](std::size_t p) {
            return std::find(got_odd_chip.begin(), got_odd_chip.end(), p) == got_odd_chip.end();
        });
        std::vector<chips> split = split_chips(amount, chip_order.size());
        for (std::size_t k = 0; k < chip_order.size(); ++k)
            if (split[k] > split.back()) got_odd_chip.push_back(chip_order[k]);
        share.won.assign(share.winners.size(), 0);
        for (std::size_t k = 0; k < chip_order.size(); ++k) {
            auto at = std::find(share.winners.begin(), share.winners.end(), chip_order[k]) - share.winners.begin();
            share.won[static_cast<std::size_t>(at)] = split[k];
            result.payouts[chip_order[k]] += split[k];
        }
        pr.shares.push_back(std::move(share));
    };

    for (pot& p : build_pots(stakes)) {
        got_odd_chip.clear();
        pot_result pr;
        pr.amount = p.amount;
        pr.eligible = p.eligible;
        pr.uncontested = p.uncontested();
        pot_half only = high ? pot_half::high : pot_half::low;
        if (pr.uncontested) {
            std::size_t owner = pr.eligible.front();
            pr.shares.push_back({only, pr.amount, {owner}, {pr.amount}});
            result.payouts[owner] += pr.amount;
        } else if (high && low) {
            bool any_low = std::any_of(pr.eligible.begin(), pr.eligible.end(),
                                       [&](std::size_t i) { return low->values[i].value != 0; });
            pr.no_qualifying_low = !any_low;
            if (!any_low) {
                pay(pr, pot_half::high, pr.amount, *high);
            } else {
                chips low_half = pr.amount / 2;  // the odd chip of the split goes to the high half
                pay(pr, pot_half::high, pr.amount - low_half, *high);
                pay(pr, pot_half::low, low_half, *low);
            }
        } else {
            pay(pr, only, pr.amount, high ? *high : *low);
        }
        result.pots.push_back(std::move(pr));
    }
    return result;
}

}  // namespace detail

settlement settle(const any_game& game, std::span<const seat> seats, CardSet board, std::size_t button) {
    return std::visit([&](const auto& g) { return settle(g, seats, board, button); }, game);
}

}  // namespace pokerengine
