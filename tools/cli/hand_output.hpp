#pragma once
// Hands and showdowns as the tool prints them, shared by eval, compare,
// showdown and demo: the best five, the places, the rule members of the JSON.

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/showdown.hpp"
#include "cli.hpp"
#include "output.hpp"

namespace poker_cli {

using pokerengine::Card;
using pokerengine::CardList;
using pokerengine::CardSet;
using pokerengine::hand_value;

inline CardSet to_set(const CardList& cards) {
    CardSet set;
    for (Card c : cards) set |= c;
    return set;
}

// Rethrows an engine error with a prefix naming the hand it came from.
[[noreturn]] inline void rethrow_with_prefix(const std::string& prefix) {
    try {
        throw;
    } catch (const pokerengine::parse_error& e) {
        throw pokerengine::parse_error(prefix + e.what());
    } catch (const pokerengine::hand_error& e) {
        throw pokerengine::hand_error(prefix + e.what());
    }
}

inline bool is_blank_text(std::string_view text) {
    return text.find_first_not_of(" \t,\r\n") == std::string_view::npos;
}

// The wild cards an evaluator plays with, highest first (jokers first); none for a natural evaluator.
template <class Evaluator>
CardList wild_cards_of(const Evaluator& ev) {
    if constexpr (requires { ev.wild_cards(); })
        return pokerengine::by_rank_descending(ev.wild_cards());
    else
        return {};
}

// The wild-card members of the JSON outputs:
// `"wild": [...], "bug": B, "double_ace_flush": B, "paytable": B`.
template <class Evaluator>
void add_json_rules(json& j, const Evaluator& ev, const rule_options& chosen) {
    j["rules"] = chosen.name();
    j["wild"] = cards_json(wild_cards_of(ev));
    j["bug"] = chosen.wild().bug;
    j["double_ace_flush"] = chosen.wild().double_ace_flush;
    j["paytable"] = chosen.wild().paytable;
}

// Under eight-or-better a hand with no qualifying low has value 0, below every
// low; the engine describes it ("No qualifying low") but it has no category
// and no best five.
constexpr bool is_no_low(hand_value v) { return v.value == 0; }

template <class Evaluator>
std::string category_text(const Evaluator& ev, hand_value v) {
    return ev.category_label(v);
}

// The best five as text, or `-` when there are none (no qualifying low).
inline void append_best_five(std::string& out, const CardList& five) {
    if (five.empty())
        out += '-';
    else
        out += cards_text(five);
}

// The engine's showdown, with players who have no qualifying low taken out of
// the ranking: they get no place (0) and cannot win, so the winners may be none.
template <class Evaluator>
pokerengine::showdown_result ranked_showdown(const Evaluator& ev, std::span<const CardSet> hands, CardSet board) {
    pokerengine::showdown_result r = pokerengine::showdown(ev, hands, board);
    for (std::size_t i = 0; i < r.values.size(); ++i)
        if (is_no_low(r.values[i])) r.places[i] = 0;
    std::erase_if(r.winners, [&](std::size_t i) { return is_no_low(r.values[i]); });
    return r;
}

// One player's cards and result, for the human and JSON showdown formats.
struct player_line {
    CardList cards;
    hand_value value;
    CardList best_five;  // empty when there is no qualifying low
    int place;           // 0: no place (no qualifying low)
    bool winner;
};

template <class Evaluator>
std::vector<player_line> player_lines(const Evaluator& ev, std::span<const CardList> hands, CardSet board,
                                      const pokerengine::showdown_result& r) {
    std::vector<player_line> lines;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        bool winner = std::find(r.winners.begin(), r.winners.end(), i) != r.winners.end();
        lines.push_back({hands[i], r.values[i], ev.best_five(to_set(hands[i]) | board), r.places[i], winner});
    }
    return lines;
}

// `player 1: As Ad  | Pair of aces, ... | best five: As Ad Qs Jc 9h | place 1`, then the winner line.
template <class Evaluator>
std::string showdown_text(const Evaluator& ev, std::span<const CardList> hands, CardSet board,
                          const pokerengine::showdown_result& r) {
    std::vector<player_line> lines = player_lines(ev, hands, board, r);
    std::size_t width = 0;
    for (const player_line& p : lines) width = std::max(width, pokerengine::to_string(p.cards).size());
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const player_line& p = lines[i];
        std::string cards = pokerengine::to_string(p.cards);
        out += "player " + std::to_string(i + 1) + ": " + cards + std::string(width - cards.size(), ' ');
        out += "  | " + ev.describe(p.value) + " | best five: ";
        append_best_five(out, p.best_five);
        out += " | place " + (p.place > 0 ? std::to_string(p.place) : std::string("-")) + "\n";
    }
    if (r.winners.empty()) {
        out += "winners: none (no qualifying low)\n";
    } else if (r.winners.size() == 1) {
        out += "winner: player " + std::to_string(r.winners[0] + 1) + "\n";
    } else {
        out += "winners: players " + numbered(r.winners) + " (split)\n";
    }
    return out;
}

template <class Evaluator>
std::string showdown_json(const Evaluator& ev, std::span<const CardList> hands, const CardList& board,
                          const pokerengine::showdown_result& r, const rule_options& chosen) {
    json players = json::array();
    for (const player_line& p : player_lines(ev, hands, to_set(board), r))
        players.push_back({{"cards", cards_json(p.cards)},
                           {"category", category_text(ev, p.value)},
                           {"description", ev.describe(p.value)},
                           {"best_five", cards_json(p.best_five)},
                           {"value", p.value.value},
                           {"place", p.place > 0 ? json(p.place) : json(nullptr)},
                           {"winner", p.winner}});
    json j{{"board", cards_json(board)}, {"players", std::move(players)}, {"winners", json::array()}};
    for (std::size_t w : r.winners) j["winners"].push_back(w + 1);
    add_json_rules(j, ev, chosen);
    return json_line(j);
}

}  // namespace poker_cli
