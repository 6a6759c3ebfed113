#pragma once
// `poker play`: deals a seeded hand of any game and plays it, reading one
// PHH action per line from standard input or playing random legal actions.

#include <array>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <fstream>
#include <functional>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/table.hpp"
#include "poker_args.hpp"
#include "poker_text.hpp"

namespace poker_cli {

inline constexpr std::array play_options{
    option{"game", 'g', "NAME", "the game (see 'poker games'); required"},
    option{"structure", 0, "NAME", "fixed-limit, pot-limit or no-limit (default: the game's usual one)"},
    option{"seats", 'n', "N", "players, 2 to 10 (default 6)"},
    option{"stacks", 0, "S[,S...]", "starting stacks: one for every seat, or one per seat (default 200)"},
    option{"blinds", 0, "SB,BB[,STRADDLE...]", "small and big blind, then straddles (default 1,2)"},
    option{"antes", 0, "A[,A...]", "antes: one for every seat, or one per seat (stud default 1)"},
    option{"bring-in", 0, "B", "stud bring-in (default 2)"},
    option{"small-bet", 0, "X", "fixed limit: the small bet (default 2)"},
    option{"big-bet", 0, "Y", "fixed limit: the big bet (default 4)"},
    option{"min-bet", 0, "X", "pot and no limit: the minimum bet (default the big blind, or 2)"},
    option{"profile", 0, "NAME", "rule profile: wsop-2024 (default), roberts or pokerkit"},
    option{"cash", 0, "", "cash-game rules (fold when checking is free, muck an all-in hand)"},
    option{"seed", 's', "S", "seed of the shuffle, 0 to 2^64-1 (default: a random seed, printed)"},
    option{"random-actions", 0, "", "play seeded random legal actions to the end instead of reading them"},
    option{"phh", 0, "", "print the finished hand as a PHH document"},
    option{"json", 0, "", "print the final state as one JSON object"},
    option{"hands", 0, "N", "play N hands at one table with seeded random actions, 1 to 10,000,000"},
    option{"phhs", 0, "FILE", "with --hands: write every hand to FILE as a .phhs document"},
};

/// Options of `poker play` that exclude or need each other.
inline constexpr std::array play_constraints{
    option_constraint{"phhs", "hands", constraint_kind::needs, "needs --hands N"},
    option_constraint{"phh", "json", constraint_kind::excludes, "and --json cannot be combined"},
    option_constraint{"phh", "hands", constraint_kind::excludes, "prints one hand; with --hands use --phhs FILE"},
};

inline constexpr std::string_view play_synopsis =
    "poker play --game NAME [--structure fixed-limit|pot-limit|no-limit] [--seats N] [--stacks S[,S...]]\n"
    "                  [--blinds SB,BB[,STRADDLE...]] [--antes A[,A...]] [--bring-in B]\n"
    "                  [--small-bet X --big-bet Y | --min-bet X] [--profile wsop-2024|roberts|pokerkit]\n"
    "                  [--cash] [--seed S] [--random-actions] [--phh | --json]\n"
    "       poker play --game NAME [the options above] --hands N [--phhs FILE] [--json]";

inline constexpr std::string_view play_summary = "play a hand of any game, action by action";

inline constexpr std::string_view play_details =
    "Posts the forced bets, deals from a deck shuffled with the seed, then reads one\n"
    "action per line from standard input in PHH notation, the seats counted from p1\n"
    "(p1 is the small blind, or the dealer's left in stud; heads-up p1 is the big\n"
    "blind and p2 the button):\n"
    "  p3 f            fold\n"
    "  p1 cc           check or call\n"
    "  p2 cbr 300      complete, bet or raise to 300 in all this round\n"
    "  p2 pb           post the stud bring-in\n"
    "  p1 sd 7h2c      discard those cards (p1 sd: stand pat)\n"
    "  p1 sm 7h2c      show (p1 sm -: show every card; p1 sm: muck)\n"
    "Blank lines and text after # are ignored. The tool answers each line: it echoes\n"
    "what happened in PHH notation (the dealing too; '#' lines for antes and\n"
    "blinds), then says who is to act and what they may do:\n"
    "  to act: p3 | fold | call 2 | raise 4..200 | pot 3\n"
    "or, for an action the rules refuse, one line with the error code and why:\n"
    "  error: line 1: not_your_turn: player 1 cannot act: player 3 is to act\n"
    "and the state is unchanged. When the hand ends it prints each pot and its\n"
    "winners, then 'finishing stacks: S, S, ...'. With --random-actions it plays\n"
    "seeded random legal actions (from the same seed) to the end.\n"
    "\n"
    "With --phh the finished hand is printed as a PHH document (the variant, the\n"
    "forced bets, every action with the dealing, finishing_stacks) and with --json\n"
    "as one JSON object: {\"game\", \"structure\", \"profile\", \"seed\", \"complete\",\n"
    "\"starting_stacks\", \"finishing_stacks\", \"payouts\", \"board\", \"seats\": [{\"seat\",\n"
    "\"cards\", \"up_cards\", \"status\", \"high\", \"low\"}], \"pots\": [{\"amount\",\n"
    "\"eligible\", \"shares\": [{\"half\", \"amount\", \"winners\", \"won\"}]}], \"actions\"};\n"
    "then errors go to standard error only.\n"
    "\n"
    "Defaults: six seats, stacks of 200, blinds 1 and 2 (stud games: ante 1 and\n"
    "bring-in 2), small bet 2 and big bet 4, minimum bet the big blind; no limit for\n"
    "hold'em, short deck and deuce-to-seven single draw, pot limit for the Omaha\n"
    "games, fixed limit for the rest. Rules: docs/play.md.\n"
    "\n"
    "With --hands N the tool runs a table: the seats, stacks and forced bets above\n"
    "(straddles aside), the button moving after every hand, N hands of seeded random\n"
    "legal actions; a player who busts buys in again for the starting stack. It\n"
    "prints one summary (--json: one object {\"game\", \"hands\", \"rebuys\",\n"
    "\"bought_in\", \"chips_on_table\", \"conserved\", \"stacks\", \"seconds\"}); chips are\n"
    "checked after every hand. --phhs FILE writes every hand as a table [N] of a .phhs\n"
    "document that 'poker replay' reads back (the table rules: docs/table.md).\n"
    "\n"
    "Exit status: 0 when the hand played to the end, 1 on an illegal action, bad\n"
    "cards or a hand left unfinished at the end of the input, 2 on usage errors.\n";

namespace play_cli {

namespace pp = pokerengine::play;

inline void emit(std::string_view text) {
    if (!write_all(stdout, text)) throw std::runtime_error("cannot write standard output");
}

inline std::uint64_t parse_unsigned(std::string_view text, std::string_view option_name, std::uint64_t most) {
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || value > most)
        throw usage_error("--" + std::string(option_name) + " must be a whole number from 0 to " +
                          std::to_string(most) + ", got '" + std::string(text) + "'");
    return value;
}

inline std::vector<pokerengine::chips> parse_amounts(std::string_view text, std::string_view option_name) {
    std::vector<pokerengine::chips> out;
    constexpr std::uint64_t most = std::uint64_t{1} << 62;
    while (true) {
        std::size_t comma = text.find(',');
        out.push_back(static_cast<pokerengine::chips>(parse_unsigned(text.substr(0, comma), option_name, most)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

// One value for every seat, or one per seat.
inline std::vector<pokerengine::chips> per_seat(std::string_view text, std::string_view option_name, int seats) {
    std::vector<pokerengine::chips> v = parse_amounts(text, option_name);
    if (v.size() == 1) return std::vector<pokerengine::chips>(static_cast<std::size_t>(seats), v[0]);
    if (v.size() != static_cast<std::size_t>(seats))
        throw usage_error("--" + std::string(option_name) + " needs one amount or one per seat (" +
                          std::to_string(seats) + "), got " + std::to_string(v.size()));
    return v;
}

inline pp::hand_config config_from(const arguments& args) {
    const std::optional<std::string_view> game_name = args.value("game");
    if (!game_name) throw usage_error("'play' needs --game NAME (see 'poker games')");
    pp::hand_config c;
    try {
        c.game = pokerengine::find_game(*game_name);
    } catch (const pokerengine::game_error& e) {
        throw usage_error(e.what());
    }
    const bool stud = pokerengine::traits_of(c.game).family == pokerengine::game_family::stud;
    c.structure = pp::hand_config::usual_structure(c.game);
    if (auto s = args.value("structure")) {
        try {
            c.structure = pp::parse_betting_structure(*s);
        } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--structure: ") + e.what());
        }
    }
    if (auto p = args.value("profile")) {
        try {
            c.rules = pp::rule_profile::named(*p);
        } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--profile: ") + e.what());
        }
    }
    if (args.flag("cash")) c.mode = pp::play_mode::cash_game;
    const int seats = static_cast<int>(
        args.value("seats") ? parse_unsigned(*args.value("seats"), "seats", pp::max_seats) : 6);
    if (seats < 2) throw usage_error("--seats must be from 2 to " + std::to_string(pp::max_seats));
    c.starting_stacks = args.value("stacks") ? per_seat(*args.value("stacks"), "stacks", seats)
                                             : std::vector<pokerengine::chips>(static_cast<std::size_t>(seats), 200);
    if (stud && args.flag("blinds")) throw usage_error("--blinds: stud games have antes and a bring-in, not blinds");
    if (!stud && args.flag("bring-in")) throw usage_error("--bring-in is for stud games only");
    std::vector<pokerengine::chips> blinds;
    if (!stud) {
        blinds = args.value("blinds") ? parse_amounts(*args.value("blinds"), "blinds")
                                      : std::vector<pokerengine::chips>{1, 2};
        if (blinds.size() > static_cast<std::size_t>(seats) || (seats == 2 && blinds.size() > 2))
            throw usage_error("--blinds: " + std::to_string(blinds.size()) + " blinds and straddles for " +
                              std::to_string(seats) + " seats");
        c.forced.blinds_or_straddles = pp::forced_bets::blinds(seats, blinds);
    } else {
        c.forced.bring_in = static_cast<pokerengine::chips>(
            args.value("bring-in") ? parse_unsigned(*args.value("bring-in"), "bring-in", std::uint64_t{1} << 62) : 2);
    }
    if (auto a = args.value("antes")) c.forced.antes = per_seat(*a, "antes", seats);
    else if (stud) c.forced.antes.assign(static_cast<std::size_t>(seats), 1);
    const bool fixed = c.structure == pp::betting_structure::fixed_limit;
    if (fixed && args.flag("min-bet"))
        throw usage_error("--min-bet is for pot and no limit; fixed limit takes --small-bet and --big-bet");
    if (!fixed && (args.flag("small-bet") || args.flag("big-bet")))
        throw usage_error("--small-bet and --big-bet are for fixed limit; pot and no limit take --min-bet");
    auto amount = [&](std::string_view name, pokerengine::chips fallback) {
        auto v = args.value(name);
        return v ? static_cast<pokerengine::chips>(parse_unsigned(*v, name, std::uint64_t{1} << 62)) : fallback;
    };
    const pokerengine::chips big_blind = blinds.size() >= 2 ? blinds[1] : 2;
    c.limits.small_bet = amount("small-bet", 2);
    c.limits.big_bet = amount("big-bet", 2 * c.limits.small_bet);
    c.limits.min_bet = amount("min-bet", big_blind > 0 ? big_blind : 2);
    try {
        c.validate();
    } catch (const pp::config_error& e) {
        throw usage_error(e.what());
    }
    return c;
}

inline std::string seat_name(int seat) {
    std::string name = std::to_string(seat + 1);
    name.insert(name.begin(), 'p');
    return name;
}

inline std::string legal_text(const pp::hand_state& hand) {
    const pp::legal_actions l = hand.legal();
    std::string out = "to act: " + seat_name(*l.seat);
    switch (l.at) {
        case pp::phase::drawing:
            out += " | discard 0 to " + std::to_string(l.max_discards) + " cards";
            break;
        case pp::phase::showdown:
            out += l.must_show ? " | show (must)" : " | show | muck";
            break;
        default:
            if (l.can_fold) out += " | fold";
            if (l.can_check) out += " | check";
            if (l.can_call) out += " | call " + std::to_string(l.call_amount);
            if (l.can_bring_in) out += " | bring-in " + std::to_string(l.bring_in_amount);
            if (l.can_raise)
                out += l.min_to == l.max_to ? " | raise " + std::to_string(l.min_to)
                                            : " | raise " + std::to_string(l.min_to) + ".." + std::to_string(l.max_to);
            out += " | pot " + std::to_string(hand.pot_total());
    }
    return out + "\n";
}

inline std::string history_text(const pp::hand_state& hand, std::size_t from) {
    std::string out;
    const auto history = hand.history();
    for (std::size_t i = from; i < history.size(); ++i) {
        const pp::action& a = history[i];
        if (a.what == pp::action::kind::post_ante)
            out += "# " + seat_name(a.seat) + " antes " + std::to_string(a.amount) + "\n";
        else if (a.what == pp::action::kind::post_blind)
            out += "# " + seat_name(a.seat) + " posts " + std::to_string(a.amount) + "\n";
        else if (std::string t = pp::to_phh(a); !t.empty())
            out += t + "\n";
    }
    return out;
}

inline std::string half_name(pokerengine::pot_half h) { return h == pokerengine::pot_half::high ? "high" : "low"; }

inline std::string result_text(const pp::hand_state& hand) {
    const pp::hand_result r = hand.result();
    std::string out;
    for (std::size_t k = 0; k < r.pots.size(); ++k) {
        const pokerengine::pot_result& p = r.pots[k];
        out += (k == 0 ? std::string("main pot") : "side pot " + std::to_string(k)) + ": " +
               std::to_string(p.amount) + " |";
        for (const pokerengine::pot_share& s : p.shares) {
            for (std::size_t w = 0; w < s.winners.size(); ++w) {
                const std::size_t seat = s.winners[w];
                const auto& shown = s.half == pokerengine::pot_half::high ? r.high[seat] : r.low[seat];
                out += ' ';
                out += seat_name(static_cast<int>(seat));
                out += " wins ";
                out += std::to_string(s.won[w]);
                if (p.shares.size() > 1 || s.half == pokerengine::pot_half::low) out += " (" + half_name(s.half) + ")";
                if (shown) out += " with " + shown->description;
                out += ';';
            }
        }
        out.back() = '\n';
    }
    out += "finishing stacks:";
    for (std::size_t s = 0; s < r.finishing_stacks.size(); ++s)
        out += (s ? ", " : " ") + std::to_string(r.finishing_stacks[s]);
    return out + "\n";
}

inline nlohmann::ordered_json cards_json(const pokerengine::CardList& cards) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (pokerengine::Card c : cards) a.push_back(pokerengine::to_string(c));
    return a;
}

inline std::string status_name(pp::seat_status s) {
    switch (s) {
        case pp::seat_status::in_hand: return "in hand";
        case pp::seat_status::all_in: return "all-in";
        case pp::seat_status::folded: return "folded";
        case pp::seat_status::mucked: break;
    }
    return "mucked";
}

inline std::string result_json(const pp::hand_state& hand, std::uint64_t seed) {
    using json = nlohmann::ordered_json;
    const pp::hand_config& c = hand.config();
    json j;
    j["game"] = std::string(pokerengine::traits_of(c.game).name);
    j["structure"] = std::string(pp::to_string(c.structure));
    j["profile"] = std::string(c.rules.name);
    j["seed"] = seed;
    j["complete"] = hand.is_complete();
    j["starting_stacks"] = c.starting_stacks;
    j["finishing_stacks"] = std::vector<pokerengine::chips>(hand.stacks().begin(), hand.stacks().end());
    j["payouts"] = std::vector<pokerengine::chips>(hand.payouts().begin(), hand.payouts().end());
    j["board"] = cards_json(hand.board());
    std::optional<pp::hand_result> r;
    if (hand.is_complete()) r = hand.result();
    auto shown_json = [](const std::optional<pokerengine::shown_hand>& h) -> json {
        if (!h) return nullptr;
        return json{{"category", h->category}, {"description", h->description},
                    {"best_five", cards_json(h->best_cards)}, {"value", h->value.value}};
    };
    j["seats"] = json::array();
    for (int s = 0; s < hand.players(); ++s) {
        const pp::seat_cards& held = hand.hole_cards(s);
        pokerengine::CardList up;
        for (std::size_t k = 0; k < held.cards.size(); ++k)
            if (held.is_up(k)) up.push_back(held.cards[k]);
        json seat{{"seat", s + 1}, {"cards", cards_json(held.cards)}, {"up_cards", cards_json(up)},
                  {"status", status_name(hand.status(s))}};
        seat["high"] = r ? shown_json(r->high[static_cast<std::size_t>(s)]) : json(nullptr);
        seat["low"] = r ? shown_json(r->low[static_cast<std::size_t>(s)]) : json(nullptr);
        j["seats"].push_back(seat);
    }
    j["pots"] = json::array();
    if (r) {
        for (const pokerengine::pot_result& p : r->pots) {
            json pot{{"amount", p.amount}, {"eligible", json::array()}, {"shares", json::array()}};
            for (std::size_t e : p.eligible) pot["eligible"].push_back(e + 1);
            for (const pokerengine::pot_share& s : p.shares) {
                json share{{"half", half_name(s.half)}, {"amount", s.amount}, {"winners", json::array()},
                           {"won", s.won}};
                for (std::size_t w : s.winners) share["winners"].push_back(w + 1);
                pot["shares"].push_back(share);
            }
            j["pots"].push_back(pot);
        }
    } else {
        const pp::legal_actions l = hand.legal();
        if (l.seat) j["to_act"] = *l.seat + 1;
    }
    j["actions"] = json::array();
    for (const pp::action& a : hand.history())
        if (std::string t = pp::to_phh(a); !t.empty()) j["actions"].push_back(t);
    return j.dump() + "\n";
}

}  // namespace play_cli

namespace play_cli {

// `poker play --hands N`: a table of seeded random hands, rebuys after busts.
inline int run_table(const arguments& args, const pp::hand_config& config, std::uint64_t seed) {
    const std::uint64_t hands = parse_unsigned(*args.value("hands"), "hands", 10'000'000);
    if (hands == 0) throw usage_error("--hands must be from 1 to 10,000,000");
    pp::table_config t;
    t.game = config.game;
    t.structure = config.structure;
    t.mode = config.mode;
    t.rules = config.rules;
    t.limits = config.limits;
    t.seats = config.players();
    t.bring_in = config.forced.bring_in;
    if (!config.forced.antes.empty()) {
        if (std::adjacent_find(config.forced.antes.begin(), config.forced.antes.end(), std::not_equal_to<>()) !=
            config.forced.antes.end())
            throw usage_error("--antes: a table takes one ante for every seat");
        t.ante = config.forced.antes.front();
    }
    if (auto b = args.value("blinds")) {
        const std::vector<pokerengine::chips> blinds = parse_amounts(*b, "blinds");
        if (blinds.size() != 2) throw usage_error("--blinds: a table takes a small and a big blind, no straddles");
        t.small_blind = blinds[0];
        t.big_blind = blinds[1];
    } else if (t.button_game()) {
        t.small_blind = 1;
        t.big_blind = 2;
    }
    try {
        t.validate();
    } catch (const pp::config_error& e) {
        throw usage_error(e.what());
    }
    std::ofstream phhs;
    if (auto file = args.value("phhs")) {
        phhs.open(std::string(*file), std::ios::binary);
        if (!phhs) throw std::runtime_error("--phhs: cannot write " + std::string(*file));
    }
    pp::table table{t, seed};
    pokerengine::chips bought_in = 0;
    for (int s = 0; s < t.seats; ++s) {
        table.join(s, "p" + std::to_string(s + 1), config.starting_stacks[static_cast<std::size_t>(s)]);
        bought_in += config.starting_stacks[static_cast<std::size_t>(s)];
    }
    std::uint64_t rebuys = 0;
    pokerengine::xoshiro256ss rng{seed};
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t n = 0; n < hands; ++n) {
        pp::hand_state hand = table.start_hand();
        while (!hand.is_complete()) hand.apply(pp::random_action(hand, rng));
        table.finish_hand(hand);
        if (phhs.is_open() && !(phhs << table.phhs_entry(hand) << '\n'))
            throw std::runtime_error("--phhs: cannot write " + std::string(*args.value("phhs")));
        for (int s = 0; s < t.seats; ++s)
            if (table.at(s) && table.at(s)->stack == 0) {
                const pokerengine::chips stack = config.starting_stacks[static_cast<std::size_t>(s)];
                table.rebuy(s, stack);
                bought_in += stack;
                ++rebuys;
            }
        if (table.total_chips() != bought_in)
            throw std::logic_error("chips are not conserved after hand " + std::to_string(n + 1));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<pokerengine::chips> stacks;
    for (int s = 0; s < t.seats; ++s) stacks.push_back(table.at(s) ? table.at(s)->stack : 0);
    if (args.flag("json")) {
        nlohmann::ordered_json j{{"game", std::string(pokerengine::traits_of(config.game).name)},
                                 {"structure", std::string(pp::to_string(config.structure))},
                                 {"seed", seed},
                                 {"hands", hands},
                                 {"rebuys", rebuys},
                                 {"bought_in", bought_in},
                                 {"chips_on_table", table.total_chips()},
                                 {"conserved", table.total_chips() == bought_in},
                                 {"stacks", stacks},
                                 {"seconds", seconds}};
        emit(j.dump() + "\n");
    } else {
        std::string stack_text;
        for (pokerengine::chips c : stacks) stack_text += (stack_text.empty() ? "" : ", ") + std::to_string(c);
        emit("# " + std::string(pokerengine::traits_of(config.game).name) + ", " +
             std::string(pp::to_string(config.structure)) + ", " + std::to_string(t.seats) + " seats, seed " +
             std::to_string(seed) + "\nhands: " + std::to_string(hands) + "\nrebuys: " + std::to_string(rebuys) +
             "\nbought in: " + std::to_string(bought_in) + "\nchips on the table: " +
             std::to_string(table.total_chips()) + " (conserved)\nstacks: " + stack_text + "\n");
    }
    return 0;
}

}  // namespace play_cli

/// `poker play`: see play_details.
inline int run_play(const arguments& args) {
    using namespace play_cli;
    args.expect_positional(0, 0, "no arguments");
    const pp::hand_config config = config_from(args);
    const std::uint64_t seed = args.value("seed")
                                   ? parse_unsigned(*args.value("seed"), "seed", UINT64_MAX)
                                   : pokerengine::seeded_from_os()();
    if (args.flag("hands")) return run_table(args, config, seed);
    const bool quiet = args.flag("phh") || args.flag("json");
    pp::hand_state hand{config, seed};
    std::string out;
    auto flush = [&] {
        if (!quiet) emit(out);
        out.clear();
    };
    out = "# " + std::string(pokerengine::traits_of(config.game).name) + ", " +
          std::string(pp::to_string(config.structure)) + ", " + std::to_string(config.players()) + " seats, seed " +
          std::to_string(seed) + ", profile " + std::string(config.rules.name) + "\n";
    std::size_t shown = 0;
    auto report = [&] {
        out += history_text(hand, shown);
        shown = hand.history().size();
        out += hand.is_complete() ? result_text(hand) : legal_text(hand);
        flush();
    };
    report();
    bool failed = false;
    if (args.flag("random-actions")) {
        pokerengine::xoshiro256ss rng{seed};
        while (!hand.is_complete()) hand.apply(pp::random_action(hand, rng));
        report();
    } else {
        std::string line;
        int number = 0;
        while (!hand.is_complete() && std::getline(std::cin, line)) {
            ++number;
            std::string_view text = line;
            if (std::size_t hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
            if (text.find_first_not_of(" \t\r") == std::string_view::npos) continue;
            std::string error;
            try {
                hand.apply(pp::parse_action(text));
            } catch (const pp::action_error& e) {
                error = std::string(pp::to_string(e.code())) + ": " + e.what();
            } catch (const std::invalid_argument& e) {
                error = std::string("bad_action: ") + e.what();
            }
            if (!error.empty()) {
                failed = true;
                const std::string message = "error: line " + std::to_string(number) + ": " + error + "\n";
                if (quiet) std::cerr << message;
                else emit(message);
                continue;
            }
            report();
        }
        if (!hand.is_complete()) {
            failed = true;
            const pp::legal_actions l = hand.legal();
            std::cerr << "poker: error: the input ended before the hand did" +
                             (l.seat ? std::string(" (") + seat_name(*l.seat) + " is to act)" : std::string()) + "\n";
        }
    }
    if (args.flag("phh")) emit(pp::write_phh(hand));
    if (args.flag("json")) emit(result_json(hand, seed));
    return failed ? 1 : 0;
}

}  // namespace poker_cli
