#include "pokerengine/settlement.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <string>
#include <tuple>
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
    if (seats.size() > max_pot_players)
        throw game_error("a showdown has at most " + std::to_string(max_pot_players) + " players, got " +
                         std::to_string(seats.size()));
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

namespace {

// Position of a player in the order odd chips are handed out: lower goes first.
// Button games: clockwise from the button. Stud: the highest card by suit for
// a high half, the lowest by suit (aces low) for a low half, among the cards
// the rules name; or the seat order.
int odd_chip_priority(const pay_input& in, CardSet board, std::size_t player, pot_half half) {
    const std::size_t n = in.stakes.size();
    if (in.traits->odd_chip == odd_chip_rule::left_of_button) return static_cast<int>((player + 2 * n - in.button - 1) % n);
    if (in.rules.stud == stud_odd_chip::seat_order) return static_cast<int>(player);
    CardSet cards = in.cards[player];
    if (in.rules.stud == stud_odd_chip::best_five_by_suit) {
        cards = {};
        for (Card c : in.best_cards(half, in.cards[player], board)) cards |= c;
    }
    int best = 1000;
    for (Card c : cards) {
        if (c.is_joker()) continue;
        const int rank = static_cast<int>(c.rank()), suit = static_cast<int>(c.suit());
        best = std::min(best, half == pot_half::high ? -(rank * 4 + suit) : ((rank + 1) % rank_count) * 4 + suit);
    }
    return best;
}

bool has(std::uint64_t players, std::size_t player) { return ((players >> player) & 1U) != 0; }

// The pots the players still contesting can win. A muck gives up only the
// pots still contested: a pot whose every player mucked goes to the last of
// them, who held it alone when the others mucked. Pots the same players
// contest are then one pot.
pot_masks contested_pots(const pay_input& in) {
    pot_masks pots = build_pot_masks(in.stakes, in.dead_money);
    if (in.muck_order.empty()) return pots;
    std::uint64_t contending = 0;
    for (std::size_t p = 0; p < in.stakes.size(); ++p)
        if (!in.stakes[p].folded && in.muck_order[p] == 0) contending |= std::uint64_t{1} << p;
    std::size_t merged = 0;
    for (const pot_mask& pot : pots) {
        std::uint64_t contenders = pot.eligible & contending;
        if (contenders == 0) {
            std::size_t last = 0;
            int latest = -1;
            for (std::size_t p = 0; p < in.stakes.size(); ++p)
                if (has(pot.eligible, p) && in.muck_order[p] > latest) {
                    latest = in.muck_order[p];
                    last = p;
                }
            contenders = std::uint64_t{1} << last;
        }
        if (merged > 0 && pots[merged - 1].eligible == contenders)
            pots[merged - 1].amount += pot.amount;
        else
            pots[merged++] = {pot.amount, contenders};
    }
    pots.resize(merged);
    return pots;
}

}  // namespace

void pay_pots(const pay_input& in, std::span<chips> payouts, std::vector<pot_result>* results) {
    const std::size_t n = in.stakes.size();
    const bool has_high = !in.high.empty(), has_low = !in.low.empty();
    const pot_half only = has_high ? pot_half::high : pot_half::low;
    // No player receives more than one odd chip from a pot: when the same
    // players tie both halves, the low half's odd chip goes to another of them.
    std::uint64_t got_odd_chip = 0;
    CardSet board = in.board;  // the board being settled on
    int runout = 0;
    auto pay = [&](pot_result* pr, std::uint64_t eligible, pot_half half, chips amount,
                   std::span<const hand_value> values) {
        hand_value best{};
        bool any = false;
        for (std::size_t p = 0; p < n; ++p)
            if (has(eligible, p) && (!any || values[p] > best)) {
                best = values[p];
                any = true;
            }
        // Only the entries of the winners are read: no clearing per pot.
        std::array<std::uint8_t, max_pot_players> order;  // the winners, in the order odd chips go
        std::size_t winners = 0;
        std::uint64_t won_by = 0;
        for (std::size_t p = 0; p < n; ++p)
            if (has(eligible, p) && values[p] == best) {
                order[winners++] = static_cast<std::uint8_t>(p);
                won_by |= std::uint64_t{1} << p;
            }
        const auto k = static_cast<chips>(winners);
        const chips each = amount / k, odd = amount % k;
        if (odd != 0) {
            // Equal priorities keep the seat order: the seat breaks the tie.
            std::array<int, max_pot_players> priority;
            for (std::size_t j = 0; j < winners; ++j) priority[order[j]] = odd_chip_priority(in, board, order[j], half);
            std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(winners),
                      [&](std::uint8_t a, std::uint8_t b) {
                          return std::tuple{has(got_odd_chip, a), priority[a], a} <
                                 std::tuple{has(got_odd_chip, b), priority[b], b};
                      });
        }
        std::array<chips, max_pot_players> won;
        for (std::size_t j = 0; j < winners; ++j) {
            const std::size_t p = order[j];
            chips extra = 0;
            if (in.rules.odd_chips_to_first_winner) {
                extra = j == 0 ? odd : 0;
            } else if (static_cast<chips>(j) < odd) {
                extra = 1;
                got_odd_chip |= std::uint64_t{1} << p;
            }
            won[p] = each + extra;
            payouts[p] += won[p];
        }
        if (pr) {
            pot_share& share = pr->shares.emplace_back(pot_share{half, amount, {}, {}, runout});
            for (std::size_t p = 0; p < n; ++p)
                if (has(won_by, p)) {
                    share.winners.push_back(p);
                    share.won.push_back(won[p]);
                }
        }
    };

    // One pot's part on the board being settled: high then low in a split game, or the one half.
    auto settle_part = [&](pot_result* pr, std::uint64_t eligible, chips amount, std::span<const hand_value> high,
                           std::span<const hand_value> low) {
        got_odd_chip = 0;
        if (has_high && has_low) {
            bool any_low = false;
            for (std::size_t p = 0; p < n; ++p) any_low |= has(eligible, p) && low[p].value != 0;
            if (pr) pr->no_qualifying_low |= !any_low;
            if (!any_low) {
                pay(pr, eligible, pot_half::high, amount, high);
            } else {
                const chips low_half = amount / 2;  // the odd chip of the split goes to the high half
                pay(pr, eligible, pot_half::high, amount - low_half, high);
                pay(pr, eligible, pot_half::low, low_half, low);
            }
        } else {
            pay(pr, eligible, only, amount, has_high ? high : low);
        }
    };

    if (!in.showdown && in.muck_order.empty() && !results) {
        // Everybody else folded: the one player left takes every pot, and the
        // pots need not be built (most hands end so).
        const auto left = static_cast<std::size_t>(
            std::find_if(in.stakes.begin(), in.stakes.end(), [](const stake& s) { return !s.folded; }) -
            in.stakes.begin());
        if (left == n) throw pot_error("every player folded: nobody can win the pot");
        payouts[left] += total_chips(in.stakes) + in.dead_money;
        return;
    }
    for (const pot_mask& pot : contested_pots(in)) {
        pot_result result;
        pot_result* pr = results ? &result : nullptr;
        const bool single = std::popcount(pot.eligible) == 1;
        if (pr) {
            pr->amount = pot.amount;
            for (std::size_t p = 0; p < n; ++p)
                if (has(pot.eligible, p)) pr->eligible.push_back(p);
            pr->uncontested = single;
        }
        if (single || !in.showdown) {
            const auto owner = static_cast<std::size_t>(std::countr_zero(pot.eligible));
            payouts[owner] += pot.amount;
            if (pr) pr->shares.push_back({only, pot.amount, {owner}, {pot.amount}});
        } else if (in.more_runouts.empty()) {
            settle_part(pr, pot.eligible, pot.amount, in.high, in.low);
        } else {
            const auto parts = static_cast<chips>(1 + in.more_runouts.size());
            for (runout = 0; runout < parts; ++runout) {
                const chips part = pot.amount / parts + (runout == 0 ? pot.amount % parts : 0);
                if (runout == 0) {
                    board = in.board;
                    settle_part(pr, pot.eligible, part, in.high, in.low);
                } else {
                    const pay_input::runout& other = in.more_runouts[static_cast<std::size_t>(runout - 1)];
                    board = other.board;
                    settle_part(pr, pot.eligible, part, other.high, other.low);
                }
            }
            runout = 0;
            board = in.board;
        }
        if (results) results->push_back(std::move(result));
    }
}

settlement settle_pots(const game_traits& traits, std::span<const seat> seats, CardSet board, std::size_t button,
                       const settlement_rules& rules, best_cards_fn best_cards, const half_values* high,
                       const half_values* low) {
    std::vector<stake> stakes;
    std::vector<CardSet> cards;
    for (const seat& s : seats) {
        stakes.push_back({s.contribution, s.folded});
        cards.push_back(s.cards);
    }
    settlement result;
    result.payouts.assign(seats.size(), 0);
    result.high.resize(seats.size());
    result.low.resize(seats.size());
    if (high) result.high = high->shown;
    if (low) result.low = low->shown;
    pay_input in;
    in.traits = &traits;
    in.rules = rules;
    in.button = button;
    in.stakes = stakes;
    in.showdown = live_players(seats) > 1;
    in.cards = cards;
    in.board = board;
    if (high) in.high = high->values;
    if (low) in.low = low->values;
    in.best_cards = best_cards;
    pay_pots(in, result.payouts, &result.pots);
    return result;
}

}  // namespace detail

settlement settle(const any_game& game, std::span<const seat> seats, CardSet board, std::size_t button,
                  const settlement_rules& rules) {
    return std::visit([&](const auto& g) { return settle(g, seats, board, button, rules); }, game);
}

}  // namespace pokerengine
