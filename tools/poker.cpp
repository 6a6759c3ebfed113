// The `poker` command-line tool: evaluate, compare and rank poker hands.
// Subcommand names, options and output formats are documented in docs/cli.md
// and are relied on by scripts: change them only together with that file.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/enumerate.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/hand_value.hpp"
#include "pokerengine/showdown.hpp"
#include "poker_args.hpp"
#include "poker_batch.hpp"
#include "poker_equity.hpp"
#include "poker_game.hpp"
#include "poker_odds.hpp"
#include "poker_play.hpp"
#include "poker_replay.hpp"
#include "poker_text.hpp"
#include "poker_video_poker.hpp"

// The version of meson.build, given by the build.
#ifndef POKERENGINE_VERSION
#error "POKERENGINE_VERSION is defined by tools/meson.build"
#endif

namespace poker_cli {
namespace {

using pokerengine::Card;
using pokerengine::CardList;
using pokerengine::CardSet;
using pokerengine::hand_category;
using pokerengine::hand_value;
using pokerengine::high_evaluator;

constexpr std::string_view version = POKERENGINE_VERSION;

// ---------------------------------------------------------------------------
// Shared pieces

// The text is printed as it is built and written once, so a failed write is noticed.
void print(std::string_view text) {
    if (!write_all(stdout, text)) throw std::runtime_error("cannot write standard output");
}

CardSet to_set(const CardList& cards) {
    CardSet set;
    for (Card c : cards) set |= c;
    return set;
}

// Rethrows an engine error with a prefix naming the hand it came from.
[[noreturn]] void rethrow_with_prefix(const std::string& prefix) {
    try {
        throw;
    } catch (const pokerengine::parse_error& e) {
        throw pokerengine::parse_error(prefix + e.what());
    } catch (const pokerengine::hand_error& e) {
        throw pokerengine::hand_error(prefix + e.what());
    }
}

std::string capitalize_first(std::string_view text) {
    std::string out(text);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

bool is_blank_text(std::string_view text) {
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
void append_best_five(std::string& out, const CardList& five) {
    if (five.empty())
        out += '-';
    else
        append_cards(out, five);
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

// ---------------------------------------------------------------------------
// Subcommands

constexpr option json_option{"json", 0, "", "print one JSON object instead of text"};

// poker eval
constexpr auto eval_options = with_rule_options(std::array{json_option});

template <class Evaluator>
std::string eval_output(const Evaluator& ev, const CardList& cards, const rule_options& chosen, bool as_json) {
    hand_value v = ev.evaluate(std::span<const Card>(cards.data(), cards.size()));
    CardList five = ev.best_five(to_set(cards));  // empty when there is no qualifying low
    const std::string category = category_text(ev, v);  // a string: category_text returns one
    std::string out;
    if (as_json) {
        json j{{"cards", cards_json(cards)},
               {"category", category},
               {"description", ev.describe(v)},
               {"best_five", cards_json(five)},
               {"value", v.value}};
        add_json_rules(j, ev, chosen);
        out = json_line(j);
    } else {
        if (chosen.any_given()) {  // without rule options the output stays the four lines
            out = "rules: " + std::string(chosen.name()) + "\n";
            if (!chosen.wild_spec.empty()) out += "wild: " + chosen.wild_spec + "\n";
            if (chosen.wild().bug) out += "bug\n";
            if (chosen.wild().double_ace_flush) out += "double-ace flush\n";
            if (chosen.wild().paytable) out += "pay-table order\n";
        }
        out += "category: " + std::string(category) + "\ndescription: " + ev.describe(v) + "\nbest five: ";
        append_best_five(out, five);
        out += "\nvalue: ";
        out += std::to_string(v.value);
        out += '\n';
    }
    return out;
}

int run_eval(const arguments& args) {
    const rule_options chosen = rule_options::from(args);
    args.expect_positional(1, SIZE_MAX, "5 to 10 cards");
    CardList cards = pokerengine::parse_cards(joined(args.positional()));
    const bool as_json = args.flag("json");
    print(chosen.rules.visit([&](const auto& ev) { return eval_output(ev, cards, chosen, as_json); }));
    return 0;
}

// poker compare
constexpr auto compare_options = with_rule_options(std::array<option, 0>{});

template <class Evaluator>
std::string compare_two(const Evaluator& ev, std::span<const std::string_view> hands) {
    hand_value v[2];
    for (std::size_t i = 0; i < 2; ++i) {
        try {
            v[i] = evaluate_text(ev, hands[i]);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("hand " + std::to_string(i + 1) + ": ");
        }
    }
    description_cache<Evaluator> describe{ev};
    std::string out;
    append_comparison(out, describe, v[0], v[1]);
    return out;
}

int run_compare(const arguments& args) {
    const rule_options chosen = rule_options::from(args);
    if (args.positional().empty()) {
        // One dispatch for the whole batch: the loop is compiled for each evaluator.
        bool all_good = chosen.rules.visit([&](const auto& ev) {
            batch_comparer batch{ev};
            return batch.run(stdin, stdout, stderr);
        });
        return all_good ? 0 : 1;
    }
    args.expect_positional(2, 2, "two hands, or none to read pairs of hands from standard input");
    print(chosen.rules.visit([&](const auto& ev) { return compare_two(ev, args.positional()); }));
    return 0;
}

// poker showdown
constexpr option showdown_profile_option{"profile", 0, "NAME",
                                         "with --game: odd chips by rule profile wsop-2024 (default), roberts or pokerkit"};
constexpr auto showdown_options = with_rule_options(std::array{
    option{"board", 'b', "CARDS", "shared board cards, 0 to 5 (e.g. \"Ah 7c 2d 9s Kd\")"},
    json_option,
    game_option,
    button_option,
    player_option,
    showdown_profile_option,
});

// --button, --player and --profile are --game's; the game sets the rules, so no rule option goes with it.
constexpr auto showdown_constraints =
    concatenated(each_constraint(std::array{button_option, player_option, showdown_profile_option}, "game",
                                 constraint_kind::needs,
                                 "needs --game NAME"),
                 each_constraint(rule_option_list, "game", constraint_kind::excludes,
                                 "cannot be combined with --game: the game sets the rules"));

constexpr std::size_t max_board_cards = 5;

// The deck holds two jokers, and each parsed list numbers its own jokers from
// the first: number them across the board and all hands instead, so that two
// players may each hold one. A third joker is a bad hand.
void number_jokers(CardList& cards, CardSet& dealt, const std::string& prefix) {
    for (Card& c : cards) {
        if (!c.is_joker()) continue;
        Card next = dealt.contains(Card::joker(0)) ? Card::joker(1) : Card::joker(0);
        if (dealt.contains(next)) throw pokerengine::hand_error(prefix + "a third joker (Xx): the deck holds two");
        c = next;
        dealt |= c;
    }
}

template <class Evaluator>
std::string showdown_output(const Evaluator& ev, std::span<const CardList> hands, std::span<const CardSet> sets,
                            const CardList& board, bool as_json, const rule_options& chosen) {
    const CardSet board_set = to_set(board);
    for (std::size_t i = 0; i < sets.size(); ++i) {  // name the player whose card count is wrong
        try {
            (void)ev.evaluate(sets[i] | board_set);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("player " + std::to_string(i + 1) + ": ");
        }
    }
    pokerengine::showdown_result r = ranked_showdown(ev, sets, board_set);
    return as_json ? showdown_json(ev, hands, board, r, chosen) : showdown_text(ev, hands, board_set, r);
}

// The settlement part of the --profile named, by default poker play's (wsop-2024).
pokerengine::settlement_rules showdown_settlement_rules(const arguments& args) {
    pokerengine::play::rule_profile profile;
    if (std::optional<std::string_view> name = args.value("profile")) {
        try {
            profile = pokerengine::play::rule_profile::named(*name);
        } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--profile: ") + e.what());
        }
    }
    return profile.settling();
}

int run_showdown(const arguments& args) {
    if (args.flag("game")) {
        print(game_showdown(args, showdown_settlement_rules(args)));
        return 0;
    }
    const rule_options chosen = rule_options::from(args);
    args.expect_positional(1, SIZE_MAX, "at least one player's cards");
    CardList board;
    if (std::optional<std::string_view> text = args.value("board"); text && !is_blank_text(*text)) {
        try {
            board = pokerengine::parse_cards(*text);
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix("board: ");
        }
        if (board.size() > max_board_cards)
            throw pokerengine::hand_error("board: a board holds 0 to 5 cards, got " + std::to_string(board.size()) +
                                          ": \"" + std::string(*text) + "\"");
    }
    CardSet jokers_dealt;
    number_jokers(board, jokers_dealt, "board: ");
    const CardSet board_set = to_set(board);
    std::vector<CardList> hands;
    std::vector<CardSet> sets;
    for (std::size_t i = 0; i < args.positional().size(); ++i) {
        const std::string prefix = "player " + std::to_string(i + 1) + ": ";
        try {
            hands.push_back(pokerengine::parse_cards(args.positional()[i]));
        } catch (const std::invalid_argument&) {
            rethrow_with_prefix(prefix);
        }
        number_jokers(hands.back(), jokers_dealt, prefix);
        sets.push_back(to_set(hands.back()));
    }
    pokerengine::check_no_card_dealt_twice(sets, board_set);
    const bool as_json = args.flag("json");
    print(chosen.rules.visit(
        [&](const auto& ev) { return showdown_output(ev, hands, sets, board, as_json, chosen); }));
    return 0;
}

// poker demo

// Published counts of five-card hands per category and of distinct hand
// values per category (e.g. Wikipedia, "Poker probability"; Cactus Kev's
// evaluator), best category first: the demo's check against outside truth.
// Only the ten natural categories: five of a kind needs a wild card, so the
// table has its own size, not `category_count`.
struct published_row {
    hand_category category;
    std::uint64_t hands;
    std::uint32_t distinct;
};
constexpr std::array<published_row, 10> published{{
    {hand_category::royal_flush, 4, 1},
    {hand_category::straight_flush, 36, 9},
    {hand_category::four_of_a_kind, 624, 156},
    {hand_category::full_house, 3'744, 156},
    {hand_category::flush, 5'108, 1'277},
    {hand_category::straight, 10'200, 10},
    {hand_category::three_of_a_kind, 54'912, 858},
    {hand_category::two_pair, 123'552, 858},
    {hand_category::one_pair, 1'098'240, 2'860},
    {hand_category::high_card, 1'302'540, 1'277},
}};
constexpr std::uint64_t five_card_hands = 2'598'960;  // C(52, 5)

// Counts every five-card hand by value; a value out of range (a bug) counts as 0.
void enumerate_five_card_hands(const high_evaluator& ev, std::vector<std::uint32_t>& per_value) {
    std::fill(per_value.begin(), per_value.end(), 0);
    pokerengine::for_each_hand(ev, CardSet::standard_deck(), 5, [&](const pokerengine::Hand&, hand_value v) {
        ++per_value[v.value < per_value.size() ? v.value : 0];
    });
}


constexpr std::string_view check_mark = "✓";
constexpr std::string_view cross_mark = "✗";

constexpr std::uint64_t demo_seed = 2026;
constexpr int demo_players = 6;

int run_demo(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    const high_evaluator ev;
    bool all_right = true;
    std::string out;

    // 1. The category table, by enumeration.
    std::vector<std::uint32_t> per_value(high_evaluator::distinct_values + 1);
    using clock = std::chrono::steady_clock;
    auto start = clock::now();
    enumerate_five_card_hands(ev, per_value);
    double first_seconds = std::chrono::duration<double>(clock::now() - start).count();

    std::array<std::uint64_t, pokerengine::category_count> hands{};
    std::array<std::uint32_t, pokerengine::category_count> distinct{};
    std::uint64_t total = 0;
    std::uint32_t total_distinct = 0;
    for (std::uint32_t v = 1; v < per_value.size(); ++v) {
        if (per_value[v] == 0) continue;
        auto c = static_cast<std::size_t>(ev.category(hand_value{v}));
        hands[c] += per_value[v];
        ++distinct[c];
        total += per_value[v];
        ++total_distinct;
    }
    total += per_value[0];  // value 0 would be a bug; it keeps the total honest

    out += "1. All " + with_separators(five_card_hands) +
           " five-card hands, enumerated with the fast evaluator\n\n";
    out += fmt::format("  {:<16}{:>10}{:>14}{:>10}\n", "category", "hands", "probability", "distinct");
    for (const published_row& row : published) {
        auto c = static_cast<std::size_t>(row.category);
        bool right = hands[c] == row.hands && distinct[c] == row.distinct;
        all_right = all_right && right;
        out += fmt::format("  {:<16}{:>10}{:>13.6f}%{:>10}  {}\n", pokerengine::category_name(row.category),
                           with_separators(hands[c]),
                           100.0 * static_cast<double>(hands[c]) / static_cast<double>(five_card_hands),
                           with_separators(distinct[c]), right ? check_mark : cross_mark);
    }
    out += fmt::format("  {:<16}{:>10}{:>13.6f}%{:>10}\n\n", "total", with_separators(total),
                       100.0 * static_cast<double>(total) / static_cast<double>(five_card_hands),
                       with_separators(total_distinct));
    bool total_right = total == five_card_hands && per_value[0] == 0;
    bool distinct_right = total_distinct == high_evaluator::distinct_values && total_distinct == 7'462;
    all_right = all_right && total_right && distinct_right;
    out += "  " + std::string(total_right ? check_mark : cross_mark) + " total is C(52, 5) = " +
           with_separators(five_card_hands) + "\n";
    out += "  " + std::string(distinct_right ? check_mark : cross_mark) + " " + with_separators(total_distinct) +
           " distinct hand values (expected 7,462)\n";
    out += "  " + std::string(all_right ? check_mark : cross_mark) +
           " every category matches the published counts\n\n";
    print(out);
    out.clear();

    // 2. A seeded showdown dealt as at a table: hole cards one at a time, burns before the board.
    pokerengine::Deck deck = pokerengine::shuffled_deck(demo_seed);
    std::vector<CardList> holes(demo_players);
    for (int round = 0; round < 2; ++round)
        for (CardList& hole : holes) hole.push_back(deck.deal());
    CardList board;
    for (int street : {3, 1, 1}) {
        (void)deck.deal();  // burn
        for (Card c : deck.deal(street)) board.push_back(c);
    }
    std::vector<CardSet> sets;
    for (const CardList& hole : holes) sets.push_back(to_set(hole));
    pokerengine::showdown_result r = pokerengine::showdown(ev, std::span<const CardSet>(sets), to_set(board));
    out += "2. A " + std::to_string(demo_players) + "-player hold'em showdown, deck shuffled with seed " +
           std::to_string(demo_seed) + "\n\n";
    out += "board: " + pokerengine::to_string(board) + "\n";
    out += showdown_text(ev, holes, to_set(board), r) + "\n";

    // The same hand with chips: two short stacks all-in make side pots.
    const std::array<pokerengine::chips, 6> put_in{200, 50, 200, 120, 200, 200};
    static_assert(put_in.size() == demo_players);
    std::vector<pokerengine::seat> seats;
    for (std::size_t i = 0; i < sets.size(); ++i) seats.push_back({sets[i], put_in[i]});
    const pokerengine::settlement pots =
        pokerengine::settle(pokerengine::games::holdem{}, seats, to_set(board), demo_players - 1);
    const pokerengine::chips total_put_in = std::accumulate(put_in.begin(), put_in.end(), pokerengine::chips{0});
    const bool conserved =
        std::accumulate(pots.payouts.begin(), pots.payouts.end(), pokerengine::chips{0}) == total_put_in;
    all_right = all_right && conserved;
    out += "The pots, with players 2 and 4 all-in for 50 and 120, the others in for 200,\n"
           "and player 6 on the button:\n";
    out += game_cli::pots_text(pots);
    out += "  " + std::string(conserved ? check_mark : cross_mark) + " the payouts add up to the " +
           std::to_string(total_put_in) + " chips put in\n\n";
    print(out);
    out.clear();

    // 3. Speed: the best of repeated runs, so a slow first pass (page faults, clock ramp-up) does not count.
    double best = first_seconds, spent = first_seconds;
    int runs = 1;
    while (spent < 0.5 && runs < 200) {
        auto t = clock::now();
        enumerate_five_card_hands(ev, per_value);
        double s = std::chrono::duration<double>(clock::now() - t).count();
        best = std::min(best, s);
        spent += s;
        ++runs;
    }
    print(fmt::format("3. Speed: {} hands in {:.2f} ms (best of {} runs, one thread): {:.1f} million hands per second\n",
                      with_separators(five_card_hands), best * 1e3, runs,
                      static_cast<double>(five_card_hands) / best / 1e6));
    return all_right ? 0 : 1;
}

// ---------------------------------------------------------------------------
// The command table and help

// The rule sets, appended to the help of every subcommand that takes --rules.
constexpr std::string_view rules_help =
    "Rules (--rules NAME):\n"
    "  high             high poker (the default)\n"
    "  ace-to-five      low, aces low, straights and flushes ignored: 5-4-3-2-A best (razz)\n"
    "  ace-to-six       low, aces low, straights and flushes count: 6-4-3-2-A best\n"
    "  deuce-to-seven   low, aces high, straights and flushes count: 7-5-4-3-2 best\n"
    "  eight-or-better  ace-to-five low of five ranks 8 or lower, else no low\n"
    "  short-deck       36 cards (6 to A): flush beats full house, three of a kind\n"
    "                   beats straight (Six-Plus/Triton order)\n"
    "  short-deck-wsop  36 cards: flush beats full house, straight beats three of a kind\n"
    "  badugi           four cards: the most cards of different ranks and suits, then\n"
    "                   the lowest (A-2-3-4 of four suits best)\n"
    "\n"
    "Wild cards (--wild SPEC, --bug, --double-ace-flush, --paytable):\n"
    "  --wild SPEC         SPEC is a comma list of ranks (2: the four deuces), cards\n"
    "                      (Js,Jh: the one-eyed jacks) or the word jokers. A wild card\n"
    "                      may be any card: five of a kind is the best high hand, and a\n"
    "                      natural hand ties an equal wild one. With high, ace-to-five,\n"
    "                      eight-or-better, ace-to-six and deuce-to-seven.\n"
    "  --bug               the jokers are bugs: in high hands an ace or a card that\n"
    "                      completes a straight, flush or straight flush; in ace-to-five\n"
    "                      and eight-or-better the lowest card the hand lacks. Without\n"
    "                      --wild the jokers are the bugs.\n"
    "  --double-ace-flush  with --wild, high: a wild card may duplicate the ace of its\n"
    "                      flush (As 2s Ks 7s 4s, deuces wild, is an A-A-K-7-4 flush)\n"
    "  --paytable          with --wild, high: the video-poker pay-table order, natural\n"
    "                      royal flush > four deuces > wild royal flush > five of a kind;\n"
    "                      with jokers alone joker poker's: natural royal flush > five\n"
    "                      of a kind > wild royal flush\n"
    "A hand may hold jokers (Xx, at most two) only when they are wild. A combination\n"
    "of options with no rules (--bug --wild 2, --wild 2 with short-deck, ...) is a\n"
    "usage error.\n";
static_assert(names_every_rule_set(rules_help), "the rules help must list every name in rules::names");

int run_completion(const arguments& args);

struct command {
    std::string_view name;
    std::string_view synopsis;
    std::string_view summary;
    std::string_view details;
    std::span<const option> options;
    std::function<int(const arguments&)> run;
    std::span<const option_constraint> constraints = {};
};

// One entry per subcommand; `poker help` lists them in this order.
std::span<const command> commands() {
    static const command table[] = {
        {"eval", "poker eval [--json] [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable] CARDS...",
         "evaluate the best hand of 5 to 10 cards",
         "The cards may be one argument or several:\n"
         "  poker eval As Kd Qh Jc Ts\n"
         "  poker eval AsKdQhJcTs\n"
         "  poker eval \"As Kd Qh Jc Ts 2c 3d\"\n"
         "Prints four lines:\n"
         "  category: Straight\n"
         "  description: Ace-high straight\n"
         "  best five: As Kd Qh Jc Ts\n"
         "  value: 5863\n"
         "The value runs from 1 to 7462 for high hands (to the rule set's number of\n"
         "distinct hands otherwise): higher is better, equal exactly when hands tie.\n"
         "With --rules NAME the hand is ranked by those rules. With any rule option the\n"
         "first line is 'rules: NAME', then, for the options given, 'wild: SPEC' (with\n"
         "--wild, or 'wild: jokers' with --bug alone), 'bug', 'double-ace flush' and\n"
         "'pay-table order':\n"
         "  poker eval --wild 2 2c 2d As Ah Ad\n"
         "  rules: high\n"
         "  wild: 2\n"
         "  category: Five of a kind\n"
         "  ...\n"
         "Under eight-or-better a hand with no qualifying low prints 'category: No low',\n"
         "'description: No qualifying low', 'best five: -' and 'value: 0'.\n"
         "With --json: {\"cards\": [...], \"category\": ..., \"description\": ..., \"best_five\": [...], "
         "\"value\": N, \"rules\": NAME,\n"
         "\"wild\": [wild cards], \"bug\": B, \"double_ace_flush\": B, \"paytable\": B}\n",
         eval_options, run_eval},
        {"compare", "poker compare [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable] [HAND1 HAND2]",
         "compare two hands, or pairs of hands read from standard input",
         "Prints one line: '>', '<' or '=' (HAND1 better, worse, equal), a tab, the\n"
         "description of HAND1, a tab, the description of HAND2:\n"
         "  poker compare \"Ks Kd Kh 2c 2d\" \"Qs Qd Qh Ac Ad\"\n"
         "  >\tFull house, kings over twos\tFull house, queens over aces\n"
         "Each hand holds 5 to 10 cards; the two hands are evaluated separately.\n"
         "\n"
         "With no hands, reads lines 'HAND1 HAND2' from standard input, each hand\n"
         "written without spaces (AsKsQsJsTs 2c3c4c5c7d), and prints one result line\n"
         "per input line. A bad line prints 'error: line N: MESSAGE' in its place\n"
         "(and to standard error); the exit status is then 1.\n"
         "\n"
         "With --rules NAME and the wild-card options both hands, and every line of a\n"
         "batch, are ranked by those rules:\n"
         "  poker compare --wild 2 2c2dAsAhAd AsKsQsJsTs\n"
         "  >\tFive aces\tRoyal flush\n"
         "Under eight-or-better any qualifying low beats a hand with no low ('No\n"
         "qualifying low'), and two hands with no low compare '='.\n",
         compare_options, run_compare},
        {"showdown",
         "poker showdown [--board CARDS] [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable]\n"
         "                      [--json] HAND...\n"
         "       poker showdown --game NAME [--board CARDS] [--button N] [--profile NAME] [--json]\n"
         "                      --player CARDS[:CHIPS] --player CARDS[:CHIPS] ...",
         "rank several players' hands, or settle the pots of a hand of a game",
         "Each HAND is one player's cards; with the board each player has 5 to 10 cards.\n"
         "Prints a line per player, in the order given, then the winner(s):\n"
         "  player 1: As Ad  | Pair of aces, ... | best five: As Ad Qs Jc 9h | place 1\n"
         "  winner: player 1          (or: winners: players 1, 3 (split))\n"
         "With --json: {\"board\": [...], \"players\": [{\"cards\", \"category\", \"description\",\n"
         "\"best_five\", \"value\", \"place\", \"winner\"}, ...], \"winners\": [1], \"rules\": NAME,\n"
         "\"wild\": [wild cards], \"bug\": B, \"double_ace_flush\": B, \"paytable\": B}\n"
         "With --rules NAME and the wild-card options the players are ranked by those\n"
         "rules; the two jokers (Xx) may be in two players' hands. Under eight-or-better\n"
         "a player with no qualifying low has place '-' (JSON: null) and cannot win; if\n"
         "nobody qualifies the last line is 'winners: none (no qualifying low)'.\n"
         "\n"
         "With --game NAME (see 'poker games') the players are given in seat order,\n"
         "clockwise, each as --player CARDS:CHIPS: the cards they show (or 'fold') and\n"
         "the chips they put in this hand (0 when left out). The main pot and every side\n"
         "pot are built from the contributions; each goes to the best hand among the\n"
         "players who could match it, split between high and low in hi-lo games, tied\n"
         "hands sharing. Odd chips go clockwise from the player on the --button\n"
         "(1 = the first --player, the default) in button games, and by the highest\n"
         "card by suit (lowest for a low hand) in stud games; in a hi-lo split the odd\n"
         "chip goes to the high half. In stud the --profile decides which cards count,\n"
         "as in 'poker play': wsop-2024 (the default) the five cards used, roberts all\n"
         "the player's cards, pokerkit none (the first tied player in seat order, who\n"
         "also takes every odd chip of a split). Example:\n"
         "  poker showdown --game holdem --board \"2c 7d 9h Jc Qs\" --button 3 \\\n"
         "      --player \"As Ad:50\" --player \"Ks Kd:100\" --player fold:20\n"
         "  game: holdem\n"
         "  board: 2c 7d 9h Jc Qs\n"
         "  button: player 3\n"
         "  player 1: As Ad | put in 50 | high: Pair of aces, queen-jack-nine kickers (As Ad Qs Jc 9h)\n"
         "  player 2: Ks Kd | put in 100 | high: Pair of kings, queen-jack-nine kickers (Ks Kd Qs Jc 9h)\n"
         "  player 3: folded | put in 20\n"
         "  main pot: 120 | eligible: players 1, 2\n"
         "    high 120: player 1 wins 120 with Pair of aces, queen-jack-nine kickers\n"
         "  side pot 1: 50 | eligible: player 2\n"
         "    player 2 takes 50 (the only player eligible)\n"
         "  payouts: player 1 120, player 2 50, player 3 0\n"
         "With --json: {\"game\", \"board\", \"button\", \"players\": [{\"player\", \"cards\",\n"
         "\"contribution\", \"folded\", \"high\", \"low\", \"payout\"}], \"pots\": [{\"name\", \"amount\",\n"
         "\"eligible\", \"uncontested\", \"no_qualifying_low\", \"shares\": [{\"half\", \"amount\",\n"
         "\"winners\", \"won\"}]}], \"payouts\": [chips of each --player, in order]}; \"high\" and\n"
         "\"low\" are {\"category\", \"description\", \"best_five\", \"value\"} or null.\n",
         showdown_options, run_showdown, showdown_constraints},
        {"equity", equity_synopsis, equity_summary, equity_details, equity_options_list, run_equity, equity_constraints},
        {"games", "poker games [--json]", "list the games --game knows, one line each",
         "Prints each game's name, as --game takes it, and what it is:\n"
         "  holdem                      Texas hold'em: two hole cards and five board cards, ...\n"
         "With --json: [{\"name\", \"description\", \"deck_cards\", \"hole_cards\", \"up_cards\",\n"
         "\"board_cards\", \"draws\", \"hand_cards\", \"split\", \"odd_chip\"}, ...]\n",
         games_options, [](const arguments& args) {
             args.expect_positional(0, 0, "no arguments");
             print(games_listing(args.flag("json")));
             return 0;
         }},
        {"odds", odds_synopsis, odds_summary, odds_details, odds_options, run_odds, odds_constraints},
        {"video-poker", video_poker_synopsis, video_poker_summary, video_poker_details, video_poker_options,
         run_video_poker},
        {"play", play_synopsis, play_summary, play_details, play_options, run_play, play_constraints},
        {"replay", replay_synopsis, replay_summary, replay_details, replay_options_list, run_replay},
        {"demo", "poker demo", "enumerate all five-card hands, deal a seeded showdown, time the evaluator",
         "1. counts all 2,598,960 five-card hands by category with the fast evaluator and\n"
         "   checks them against the published table and the 7,462 distinct values;\n"
         "2. deals a 6-player hold'em hand from a deck shuffled with a fixed seed, and\n"
         "   settles its main and side pots with two players all-in for less;\n"
         "3. reports the enumeration speed in millions of hands per second.\n"
         "Exits with status 1 if a count is wrong.\n",
         {}, run_demo},
        {"completion", "poker completion bash", "print a bash completion script for every command and option",
         "Prints a bash script that completes the commands of poker, the options of\n"
         "each one, rule set names after --rules, game names after --game, and file\n"
         "names where a FILE is asked for. Load it in the current shell:\n"
         "  source <(poker completion bash)\n"
         "or install it for every shell:\n"
         "  poker completion bash > /usr/share/bash-completion/completions/poker\n",
         {}, run_completion},
    };
    return table;
}

const command* find_command(std::string_view name) {
    for (const command& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

// `poker completion bash`: the commands, each command's options, and what
// follows an option that takes a value, all read from `commands()`.
int run_completion(const arguments& args) {
    args.expect_positional(1, 1, "the name of a shell, bash");
    if (args.positional()[0] != "bash")
        throw usage_error("'completion' knows the shell bash, not '" + std::string(args.positional()[0]) + "'");
    auto words = [](const auto& items, auto&& text, std::string_view separator = " ") {
        return joined(items, text, separator);
    };
    std::string cases;
    for (const command& c : commands()) {
        if (c.name == "completion") continue;  // below: it completes its one argument
        std::string options = "-h --help";
        std::string file_options;
        for (const option& o : c.options) {
            options += " --" + std::string(o.name);
            if (o.short_name) options += std::string(" -") + o.short_name;
            if (o.value_name == "FILE")
                file_options += (file_options.empty() ? "" : "|") + std::string("--") + std::string(o.name);
        }
        cases += "        " + std::string(c.name) + ")\n            options='" + options + "'\n";
        if (!file_options.empty()) cases += "            file_options='" + file_options + "'\n";
        cases += "            ;;\n";
    }
    // After any other option that takes a value, nothing is offered.
    std::vector<std::string> valued;
    for (const command& c : commands())
        for (const option& o : c.options)
            if (o.takes_value()) {
                valued.push_back("--" + std::string(o.name));
                if (o.short_name) valued.push_back(std::string("-") + o.short_name);
            }
    std::sort(valued.begin(), valued.end());
    valued.erase(std::unique(valued.begin(), valued.end()), valued.end());
    std::string out =
        "# bash completion for poker (pokerengine " + std::string(version) + "): source <(poker completion bash)\n"
        "_poker() {\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        "    local commands='" + words(commands(), [](const command& c) { return c.name; }) + " help'\n"
        "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$commands --help -h --version\" -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    local options='' file_options='' files=false\n"
        "    case ${COMP_WORDS[1]} in\n" + cases +
        "        help)\n"
        "            [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        completion)\n"
        "            [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W 'bash' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        *) return ;;\n"
        "    esac\n"
        "    [[ ${COMP_WORDS[1]} == replay ]] && files=true\n"
        "    case $prev in\n"
        "        --rules|-r)\n"
        "            COMPREPLY=($(compgen -W '" + words(pokerengine::rules::names, [](std::string_view n) { return n; }) +
        "' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "        --game|-g)\n"
        "            COMPREPLY=($(compgen -W '" +
        words(pokerengine::all_games(), [](const pokerengine::game_traits& g) { return g.name; }) +
        "' -- \"$cur\"))\n"
        "            return\n"
        "            ;;\n"
        "    esac\n"
        "    if [[ -n $file_options && $prev == @($file_options) ]]; then\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    case $prev in\n"
        "        " + words(valued, [](const std::string& s) { return s; }, "|") + ")\n"
        "            return\n"
        "            ;;\n"
        "    esac\n"
        "    if [[ $cur == -* ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        "    elif $files; then\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "    fi\n"
        "}\n"
        "complete -F _poker poker\n";
    print(out);
    return 0;
}

std::string command_help(const command& c) {
    bool takes_rules = std::any_of(c.options.begin(), c.options.end(),
                                   [](const option& o) { return o.name == rules_option.name; });
    return "usage: " + std::string(c.synopsis) + "\n\n" + capitalize_first(c.summary) + ".\n\n" +
           std::string(c.details) + "\n" + (takes_rules ? std::string(rules_help) + "\n" : std::string()) +
           describe_options(c.options);
}

std::string general_help() {
    std::string out =
        "usage: poker COMMAND [OPTIONS] [ARGUMENTS]\n"
        "       poker help [COMMAND] | --help | --version\n"
        "\n"
        "Evaluates, compares and ranks poker hands of 5 to 10 cards: high hands, or\n"
        "lowball, eight-or-better and short deck with --rules NAME, with wild cards\n"
        "(--wild SPEC), the bug (--bug) and video-poker pay tables (--paytable).\n"
        "Settles the pots of a hand of any game, counts the odds of each hand, values\n"
        "video-poker holds and returns, and computes the equity of hands and ranges.\n"
        "\n"
        "commands:\n";
    for (const command& c : commands()) out += fmt::format("  {:<13}{}\n", c.name, c.summary);
    out += fmt::format("  {:<13}{}\n", "help", "show this help, or a command's help");
    out +=
        "\n"
        "Cards: a rank A K Q J T (or 10) 9 ... 2 and a suit s h d c (or ♠ ♥ ♦ ♣), as in\n"
        "As, td, 10h, 7♥; Xx is a joker, allowed when jokers are wild. Lists:\n"
        "\"As Kd Qh\", AsKdQh or As,Kd,Qh.\n"
        "\n"
        "Exit status: 0 success, 1 bad cards or hands, 2 usage error.\n"
        "Run 'poker help COMMAND' or 'poker COMMAND --help' for a command's details.\n";
    return out;
}

// Reads the command line with CLI11: `--help`, `--version` and one subcommand,
// each with the options of its row in `commands()`; then runs the subcommand.
int dispatch(std::span<char* const> words) {
    CLI::App app{"", "poker"};
    app.set_help_flag();  // the tool's own help texts
    app.allow_extras();   // an unknown command or option is reported below, by name
    app.require_subcommand(0, 1);
    const CLI::Option* help_flag = app.add_flag("-h,--help")->disable_flag_override();
    const CLI::Option* version_flag = app.add_flag("--version")->disable_flag_override();
    CLI::App* help_command = app.add_subcommand("help");
    help_command->set_help_flag();
    help_command->allow_extras();
    const CLI::Option* help_words = help_command->add_option("command")->expected(0, -1)->allow_extra_args();

    std::vector<arguments> parsed;
    parsed.reserve(commands().size());  // the callbacks below keep pointers into it
    const command* chosen = nullptr;
    const arguments* chosen_args = nullptr;
    for (const command& c : commands()) {
        CLI::App* sub = app.add_subcommand(std::string(c.name));
        const arguments& args = parsed.emplace_back(c.name, c.options, c.constraints, *sub);
        sub->preparse_callback([&, c = &c, a = &args](std::size_t) {
            chosen = c;
            chosen_args = a;
        });
    }

    std::vector<std::string> line(words.begin(), words.end());
    if (!words.empty())  // a subcommand's empty inline values (--board=) stay values
        for (std::size_t i = 0; i < commands().size(); ++i)
            if (commands()[i].name == line[0]) {
                line = parsed[i].prepared(words.subspan(1));
                line.insert(line.begin(), std::string(commands()[i].name));
            }
    std::reverse(line.begin(), line.end());  // CLI11 reads the words from the back
    try {
        app.parse(line);
    } catch (const CLI::ParseError& e) {
        if (chosen_args) throw chosen_args->translate(e);
        throw usage_error(std::string(e.what()) + " (see 'poker help')");
    }

    if (version_flag->count() > 0) {
        if (words.size() > 1) throw usage_error("--version takes no arguments");
        print("poker " + std::string(version) + "\n");
        return 0;
    }
    for (const std::string& w : app.remaining()) {
        if (w.starts_with("-")) throw usage_error("unknown option " + w + " (see 'poker help')");
        throw usage_error("unknown command '" + w + "' (see 'poker help')");
    }
    if (help_command->parsed()) {
        const std::vector<std::string>& names = help_words->results();
        if (names.size() > 1) throw usage_error("'help' takes at most one command name");
        if (names.empty() || names[0] == "help") {
            print(general_help());
            return 0;
        }
        const command* c = find_command(names[0]);
        if (!c) throw usage_error("unknown command '" + names[0] + "' (see 'poker help')");
        print(command_help(*c));
        return 0;
    }
    if (!chosen) {
        if (help_flag->count() > 0) {
            print(general_help());
            return 0;
        }
        throw usage_error("missing command (see 'poker help')");
    }
    arguments& args = parsed[static_cast<std::size_t>(chosen_args - parsed.data())];
    args.finish();
    if (args.help()) {
        print(command_help(*chosen));
        return 0;
    }
    return chosen->run(args);
}

}  // namespace
}  // namespace poker_cli

int main(int argc, char** argv) {
    int status = 0;
    const char* message = nullptr;
    std::string text;
    try {
        status = poker_cli::dispatch(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc > 0 ? argc - 1 : 0)));
    } catch (const poker_cli::usage_error& e) {
        text = e.what();
        status = 2;
    } catch (const std::exception& e) {  // parse_error, hand_error, I/O errors
        text = e.what();
        status = 1;
    } catch (...) {
        message = "unexpected internal error";
        status = 1;
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        if (text.empty() && !message) message = "cannot write standard output";
        if (status == 0) status = 1;
    }
    // Messages quote what was typed: control characters and bytes that are not
    // UTF-8 are shown as escapes, so the message stays one readable line.
    if (!text.empty() || message)
        std::fprintf(stderr, "poker: error: %s\n", message ? message : pokerengine::printable(text).c_str());
    return status;
}
